// The choices of "Embed this", as labelled form controls in fieldsets: the controls to hide (a widget), which numbers,
// how many attempts and when the solution shows (a question), and the one origin that may hear the frame. Every
// change is reported at once, so the snippet follows as the instructor chooses.
import { t, type MessageKey } from '../i18n/messages.js';
import type { Question } from '../authoring/compiled.js';
import { explainChoices, variantCount, type ExplainWhen } from '../quiz/index.js';
import { checkOrigin, type GradedChoices } from './snippet.js';

export interface EmbedChoices {
  hidden: string[];
  graded: GradedChoices;
  origin?: string;
}

/** A control of the widget on the page: its state key (what `hide=` takes) and its label as the learner reads it. */
export interface HideableControl {
  name: string;
  label: string;
}

const explainLabels: Record<ExplainWhen, MessageKey> = {
  'after-attempts': 'embedOptions.explainAfterAttempts',
  'after-correct': 'embedOptions.explainAfterCorrect',
  never: 'embedOptions.explainNever',
};
const attemptChoices = ['', '1', '2', '3', '5', '10'];
const maxSeed = 0xffffffff;

let panels = 0;

// An element with its properties set (id, type, textContent …), as the rest of the page builds them.
function field<K extends keyof HTMLElementTagNameMap>(tag: K, props: object = {}): HTMLElementTagNameMap[K] {
  return Object.assign(document.createElement(tag), props);
}

function fieldset(legend: string, className: string): HTMLFieldSetElement {
  const set = field('fieldset', { className });
  set.append(field('legend', { textContent: legend }));
  return set;
}

// One radio with its label after it, in a row of its own.
function radio(group: string, id: string, value: string, label: string, checked: boolean) {
  const input = field('input', { type: 'radio', name: group, id, value, checked });
  const row = field('div', { className: 'embed-choice' });
  row.append(input, field('label', { htmlFor: id, textContent: label }));
  return { row, input };
}

export class EmbedOptions {
  readonly element = field('form', { className: 'embed-options' });
  private readonly listeners = new Set<() => void>();
  private readonly hideBoxes: HTMLInputElement[] = [];
  private attempts?: HTMLSelectElement;
  private explain: HTMLInputElement[] = [];
  private variant: HTMLInputElement[] = [];
  private seed?: HTMLInputElement;
  private seedProblem = field('p', { className: 'embed-problem' });
  private lastSeed = '1';
  private readonly origin: HTMLInputElement;
  private readonly originProblem = field('p', { className: 'embed-problem' });

  constructor(what: { controls?: HideableControl[]; hidden?: Iterable<string>; question?: Question }) {
    const id = `embed-options-${++panels}`;
    this.element.id = id;
    this.element.noValidate = true;
    this.element.addEventListener('submit', (event) => event.preventDefault()); // Enter in a box changes nothing
    if (what.controls?.length) this.element.append(this.hideSet(id, what.controls, new Set(what.hidden ?? [])));
    if (what.question) {
      if (variantCount(what.question) > 1) this.element.append(this.variantSet(id, variantCount(what.question)));
      this.element.append(this.attemptsRow(id), this.explainSet(id));
    }
    this.origin = field('input', { type: 'text', id: `${id}-origin`, autocomplete: 'off', spellcheck: false });
    this.origin.inputMode = 'url';
    this.origin.placeholder = 'https://canvas.example.edu';
    this.element.append(this.originSet(id));
    this.element.addEventListener('input', () => this.changed());
    this.element.addEventListener('change', () => this.changed());
  }

  /** Told after every change of a choice. */
  onChange(listener: () => void): void {
    if (typeof listener !== 'function') throw new TypeError('EmbedOptions.onChange: listener must be a function');
    this.listeners.add(listener);
  }

  /** What the snippet should say: only valid values; a field being corrected keeps its last valid one or none. */
  get choices(): EmbedChoices {
    const graded: GradedChoices = {};
    const variant = this.variant.find((input) => input.checked)?.value;
    if (variant === 'seed') graded.variant = this.lastSeed;
    else if (variant) graded.variant = variant;
    if (this.attempts?.value) graded.attempts = this.attempts.value;
    const explain = this.explain.find((input) => input.checked)?.value;
    if (explain && explain !== 'after-attempts') graded.explain = explain;
    return {
      hidden: this.hideBoxes.filter((box) => box.checked).map((box) => box.value),
      graded,
      origin: checkOrigin(this.origin.value).origin,
    };
  }

  private changed(): void {
    this.checkSeed();
    this.checkOrigin();
    this.listeners.forEach((listener) => listener());
  }

  private hideSet(id: string, controls: HideableControl[], hidden: Set<string>): HTMLFieldSetElement {
    const set = fieldset(t('embedOptions.hide'), 'embed-hide');
    for (const control of controls) {
      const box = field('input', {
        type: 'checkbox',
        id: `${id}-hide-${control.name}`,
        value: control.name,
        checked: hidden.has(control.name),
      });
      const row = field('div', { className: 'embed-choice' });
      const label = field('label', { htmlFor: box.id, textContent: `${control.label} ` });
      label.append(field('code', { textContent: control.name }));
      row.append(box, label);
      set.append(row);
      this.hideBoxes.push(box);
    }
    return set;
  }

  private variantSet(id: string, count: number): HTMLFieldSetElement {
    const set = fieldset(t('embedOptions.numbers', { count }), 'embed-variant');
    const group = `${id}-variant`;
    const choices: [string, string][] = [
      ['', t('embedOptions.variantPage')],
      ['fixed', t('embedOptions.variantFixed')],
      ['learner', t('embedOptions.variantLearner')],
      ['seed', t('embedOptions.variantSeed')],
    ];
    for (const [value, label] of choices) {
      const { row, input } = radio(group, `${group}-${value || 'page'}`, value, label, value === '');
      this.variant.push(input);
      set.append(row);
    }
    const seed = (this.seed = field('input', {
      type: 'number',
      id: `${group}-seed-number`,
      min: '1',
      max: String(maxSeed),
      step: '1',
      value: this.lastSeed,
      disabled: true,
    }));
    seed.inputMode = 'numeric';
    this.seedProblem.id = `${seed.id}-problem`;
    this.seedProblem.setAttribute('aria-live', 'polite');
    seed.setAttribute('aria-describedby', this.seedProblem.id);
    const row = field('div', { className: 'embed-seed' });
    row.append(field('label', { htmlFor: seed.id, textContent: t('widget.seed') }), seed, this.seedProblem);
    set.append(row);
    return set;
  }

  private attemptsRow(id: string): HTMLFieldSetElement {
    const set = fieldset(t('embedOptions.attempts'), 'embed-attempts');
    const select = (this.attempts = field('select', { id: `${id}-attempts` }));
    for (const value of attemptChoices)
      select.append(field('option', { value, textContent: value === '' ? t('embedOptions.unlimited') : value }));
    const row = field('div', { className: 'embed-choice' });
    row.append(field('label', { htmlFor: select.id, textContent: t('embedOptions.attemptsLabel') }), select);
    set.append(row);
    return set;
  }

  private explainSet(id: string): HTMLFieldSetElement {
    const set = fieldset(t('embedOptions.explain'), 'embed-explain');
    const group = `${id}-explain`;
    // The default first, then the stricter rules; a rule the quiz engine adds shows last, under its own name.
    const order = Object.keys(explainLabels) as ExplainWhen[];
    const rules = [
      ...order.filter((rule) => explainChoices.includes(rule)),
      ...explainChoices.filter((r) => !order.includes(r)),
    ];
    for (const value of rules) {
      const key = explainLabels[value];
      const label = key ? t(key) : value;
      const { row, input } = radio(group, `${group}-${value}`, value, label, value === 'after-attempts');
      this.explain.push(input);
      set.append(row);
    }
    return set;
  }

  private originSet(id: string): HTMLFieldSetElement {
    const set = fieldset(t('embedOptions.origin'), 'embed-origin');
    const help = field('p', {
      id: `${id}-origin-help`,
      className: 'embed-help',
      textContent: t('embedOptions.originHelp'),
    });
    this.originProblem.id = `${id}-origin-problem`;
    this.originProblem.setAttribute('aria-live', 'polite');
    this.origin.setAttribute('aria-describedby', `${help.id} ${this.originProblem.id}`);
    set.append(
      field('label', { htmlFor: this.origin.id, textContent: t('embedOptions.originLabel') }),
      this.origin,
      help,
      this.originProblem,
    );
    return set;
  }

  private checkSeed(): void {
    if (!this.seed) return;
    const seedChosen = this.variant.find((input) => input.checked)?.value === 'seed';
    this.seed.disabled = !seedChosen;
    const text = this.seed.value.trim();
    const ok = /^\d{1,10}$/.test(text) && Number(text) >= 1 && Number(text) <= maxSeed;
    if (ok) this.lastSeed = String(Number(text));
    const problem = seedChosen && !ok;
    this.seed.setAttribute('aria-invalid', String(problem));
    this.seedProblem.textContent = problem ? t('embedOptions.seedProblem', { max: maxSeed, kept: this.lastSeed }) : '';
  }

  private checkOrigin(): void {
    const { problem } = checkOrigin(this.origin.value);
    this.origin.setAttribute('aria-invalid', String(problem !== undefined));
    this.originProblem.textContent = problem ? t('embedOptions.originProblem', { problem }) : '';
  }
}
