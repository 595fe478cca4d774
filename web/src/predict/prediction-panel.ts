// "Predict first", above a widget: the learner places a marker or picks an option and commits it, or presses "Just
// show me"; the widget then moves to the state asked about, the guess is drawn on its result, and one sentence aimed at
// the guess compares them. Until then the widget holds its answer back.
import { t } from '../i18n/messages.js';
import { RangeControl } from '../controls/range-control.js';
import { formatValue } from '../format.js';
import { bandOf, judgeChoice, judgeMarker, resultOf } from './judge.js';
import { numberLine } from './number-line.js';
import type { GuessMark, PredictTarget } from './target.js';
import type { ChoicePrediction, CompiledPrediction, MarkerPrediction, Measured, PredictionRecord } from './types.js';

export interface PanelOptions {
  /** What progress kept of an earlier visit. */
  saved?: PredictionRecord;
  /** Every change of the record; `final` once the result is known, or the prediction was skipped by a move. */
  onRecord(record: PredictionRecord, final: boolean): void;
  /** The widget, mounted now if it was not yet (a guess committed before it came near). */
  widget(): { predict?: PredictTarget } | undefined;
}

type PanelState = 'pending' | 'waiting' | 'revealed' | 'skipped';

export class PredictionPanel {
  readonly element = document.createElement('section');
  private readonly input = document.createElement('div');
  private readonly actions = Object.assign(document.createElement('p'), { className: 'predict-actions' });
  private readonly outcome = Object.assign(document.createElement('div'), { className: 'predict-outcome' });
  private readonly commit = button(t('predict.commit'), 'predict-commit');
  private readonly skip = button(t('predict.justShowMe'), 'predict-skip');
  private target?: PredictTarget;
  private record?: PredictionRecord;
  /** The marker's number, or the chosen option's id. */
  private guess: number | string | undefined;
  private markerControl?: RangeControl;

  constructor(
    readonly id: string,
    readonly prediction: CompiledPrediction,
    private readonly options: PanelOptions,
  ) {
    const title = Object.assign(document.createElement('h3'), { id: `${id}-title`, textContent: t('predict.title') });
    this.element.className = 'predict';
    this.element.id = id;
    this.element.setAttribute('aria-labelledby', title.id);
    const prompt = Object.assign(document.createElement('div'), { className: 'predict-prompt', id: `${id}-prompt` });
    prompt.innerHTML = prediction.prompt; // compiled at build time from Markdown with raw HTML disabled
    this.input.className = 'predict-input';
    this.outcome.setAttribute('aria-live', 'polite');
    this.outcome.tabIndex = -1;
    const note = Object.assign(document.createElement('p'), {
      className: 'predict-note',
      textContent: t('predict.note'),
    });
    this.actions.append(this.commit, ' ', this.skip);
    this.element.append(title, prompt, this.input, this.actions, note, this.outcome);
    if (prediction.kind === 'marker') this.markerInput(prediction);
    else this.choiceInput(prediction);
    this.commit.addEventListener('click', () => this.decide(this.guess ?? null));
    this.skip.addEventListener('click', () => this.decide(null));
    if (options.saved) this.restore(options.saved);
    else this.setState('pending');
  }

  /** Asks again (progress was reset): the guess, the outcome and the marks of the last answer are cleared. */
  reset(): void {
    this.record = undefined;
    this.outcome.replaceChildren();
    for (const label of this.input.querySelectorAll('label.option')) label.classList.remove('true-option');
    for (const radio of this.input.querySelectorAll<HTMLInputElement>('input[type=radio]')) radio.checked = false;
    this.guess = undefined;
    this.commit.disabled = true;
    if (this.prediction.kind === 'marker') this.markerControl?.set(this.prediction.range[0]);
    this.setState('pending');
    this.target?.showGuess(undefined);
    this.target?.hold();
    this.pointerGuess(true);
  }

  /**
   * The widget has mounted: hold its answer, or show it the guess a learner made on an earlier visit. `hold` is false
   * for a figure a link opened at a chosen view: it shows what the link asked for, and the prediction stays offered.
   */
  attach(target: PredictTarget | undefined, hold = true): void {
    if (!target || this.target === target) return;
    this.target = target;
    if (this.record) {
      const { guess, result } = this.record;
      if (guess !== null) target.showGuess(this.mark(guess, true), this.prediction.at);
      // Committed on an earlier visit that left before the result was drawn: show it now.
      if (guess !== null && result === null) target.revealAt(this.prediction.at, (m, seed) => this.reveal(m, seed));
      return;
    }
    // Moved before the lesson around it had loaded: it has shown its answer already.
    if (target.moved) return this.movedFirst();
    if (!hold) return;
    target.onMove(() => this.movedFirst());
    target.hold();
    if (this.guess !== undefined) target.showGuess(this.mark(this.guess, false));
    this.pointerGuess(true);
  }

  // A marker's guess can be placed on the figure itself while the prediction waits; the slider stays in step.
  private pointerGuess(on: boolean): void {
    const p = this.prediction;
    if (p.kind !== 'marker' || !this.target) return;
    const [low, high] = p.range;
    this.target.placeGuess(
      p.ask,
      on
        ? (value) => {
            const guess = Math.min(high, Math.max(low, Number(value.toPrecision(3))));
            this.markerControl?.set(guess);
            this.moveGuess(guess);
          }
        : undefined,
    );
  }

  private markerInput(p: MarkerPrediction): void {
    const [min, max] = p.range;
    // No guess until the learner places one: the marker waits at the low end, never on the answer.
    this.commit.disabled = true;
    const control = new RangeControl({
      id: `${this.id}-guess`,
      symbol: p.unit || t('symbol.guess'),
      label: p.unit ? t('predict.yourGuessIn', { unit: p.unit }) : t('predict.yourGuess'),
      min,
      max,
      value: min,
      integer: false,
      ...(p.log && { log: { stepsPerDoubling: 8 } }),
      onChange: (value) => this.moveGuess(value),
    });
    this.markerControl = control;
    this.input.append(control.element);
  }

  private choiceInput(p: ChoicePrediction): void {
    const fieldset = document.createElement('fieldset');
    const legend = Object.assign(document.createElement('legend'), { textContent: t('predict.yourGuess') });
    fieldset.append(legend);
    for (const option of p.options) {
      const label = Object.assign(document.createElement('label'), { className: 'option' });
      const radio = Object.assign(document.createElement('input'), {
        type: 'radio',
        name: `${this.id}-choice`,
        value: option.id,
      });
      radio.addEventListener('change', () => this.moveGuess(option.id));
      const text = document.createElement('span');
      text.innerHTML = option.text; // compiled at build time
      label.append(radio, ' ', text);
      fieldset.append(label);
    }
    this.input.append(fieldset);
    this.commit.disabled = true;
  }

  private moveGuess(guess: number | string): void {
    if (this.element.dataset.state !== 'pending') return;
    this.guess = guess;
    this.commit.disabled = false;
    this.target?.showGuess(this.mark(guess, false));
  }

  /** The guess as the widget draws it: a marker's number, or the first condition of the chosen option. */
  private mark(guess: number | string, final: boolean): GuessMark {
    const p = this.prediction;
    if (p.kind === 'marker')
      return {
        quantity: p.ask,
        value: Number(guess),
        label: t('predict.guessMark', { value: formatValue(Number(guess)) }),
        final,
      };
    const when = Object.entries(p.options.find((o) => o.id === guess)?.when ?? {});
    const numeric = when.find(([, c]) => typeof c === 'object');
    const outcome = when.find(([, c]) => typeof c === 'string');
    const range = typeof numeric?.[1] === 'object' ? numeric[1] : undefined;
    return {
      quantity: numeric?.[0] ?? outcome?.[0] ?? '',
      ...(range && { range }),
      ...(outcome && { outcome: String(outcome[1]) }),
      label: range ? t('predict.guessRange', { range: rangeWords(range) }) : t('predict.guessLabel'),
      final,
    };
  }

  // Commit (a guess) or skip (null): the record is kept at once, the result added once the widget has drawn it.
  private decide(guess: number | string | null): void {
    if (this.element.dataset.state !== 'pending') return;
    const record: PredictionRecord = { guess, result: null, close: null, at: Date.now() };
    this.keep(record, false);
    this.setState('waiting');
    this.outcome.replaceChildren(paragraph('predict-waiting', t('predict.showing')));
    // The buttons just pressed are gone: focus goes to where the verdict will be, not to the page's top.
    this.outcome.focus({ preventScroll: true });
    const target = this.options.widget()?.predict ?? this.target;
    if (!target) return;
    this.target = target;
    if (guess !== null) target.showGuess(this.mark(guess, true), this.prediction.at);
    else target.showGuess(undefined);
    target.revealAt(this.prediction.at, (measured, seed) => this.reveal(measured, seed));
  }

  private reveal(measured: Measured, seed: number | undefined): void {
    const record = this.record;
    if (!record) return;
    const p = this.prediction;
    const verdict =
      record.guess === null
        ? undefined
        : p.kind === 'marker'
          ? judgeMarker(p, Number(record.guess), measured)
          : judgeChoice(p, String(record.guess), measured);
    const result = verdict?.result ?? resultOf(p, measured);
    const close = record.guess === null ? null : (verdict?.close ?? false);
    this.keep({ ...record, result, close, ...(seed !== undefined && { seed }) }, true);
    this.showOutcome();
  }

  // A learner who used the figure first has seen its answer: that counts as skipping, with no result to compare.
  private movedFirst(): void {
    if (this.record) return;
    this.keep({ guess: null, result: null, close: null, at: Date.now() }, true);
    this.showOutcome();
  }

  private restore(saved: PredictionRecord): void {
    this.record = saved;
    this.guess = saved.guess ?? undefined;
    for (const radio of this.input.querySelectorAll<HTMLInputElement>('input[type=radio]'))
      radio.checked = radio.value === saved.guess;
    if (typeof saved.guess === 'number') this.markerControl?.set(saved.guess);
    this.showOutcome();
  }

  private keep(record: PredictionRecord, final: boolean): void {
    this.record = record;
    this.options.onRecord(record, final);
  }

  private setState(state: PanelState): void {
    this.element.dataset.state = state;
    if (state !== 'pending') this.pointerGuess(false);
    const open = state === 'pending';
    this.actions.hidden = !open;
    this.element.querySelector('.predict-note')?.toggleAttribute('hidden', !open);
    for (const field of this.input.querySelectorAll<HTMLInputElement>('input')) field.disabled = !open;
  }

  private showOutcome(): void {
    const record = this.record;
    if (!record) return;
    const p = this.prediction;
    const skipped = record.guess === null;
    this.setState(skipped ? 'skipped' : record.result === null ? 'waiting' : 'revealed');
    if (record.result === null) {
      if (skipped) this.outcome.replaceChildren(paragraph('predict-verdict', t('predict.skippedUsed')));
      return;
    }
    const verdict = paragraph('predict-verdict', '');
    const strong = document.createElement('strong');
    verdict.prepend(strong);
    if (p.kind === 'marker') {
      const result = Number(record.result);
      const shown = (x: number) => t('predict.valueWithUnit', { value: formatValue(x), unit: p.unit ?? '' }).trim();
      if (skipped) strong.textContent = t('predict.skippedFigure', { result: shown(result) });
      else {
        strong.textContent = t('predict.guessAndFigure', { guess: shown(Number(record.guess)), result: shown(result) });
        verdict.append(' ', bandOf(p.bands, Number(record.guess), result)?.text ?? '');
      }
      this.outcome.replaceChildren(verdict, numberLine(p, result, skipped ? undefined : Number(record.guess)));
    } else {
      const right = p.options.find((o) => o.id === record.result);
      const picked = p.options.find((o) => o.id === record.guess);
      const showsWords = document.createElement('span');
      showsWords.innerHTML = right?.text ?? '';
      if (!right) strong.append(t('predict.noneShown'));
      else if (skipped) strong.append(t('predict.skippedShows'), showsWords, t('predict.sentenceEnd'));
      else if (record.close) strong.append(t('predict.guessShown'), showsWords, t('predict.sentenceEnd'));
      else strong.append(t('predict.figureShows'), showsWords, t('predict.sentenceEnd'));
      if (picked && right) verdict.append(' ', picked.feedback); // each feedback was written against a true option
      this.outcome.replaceChildren(verdict);
      // The options stay in view, the true one marked: a learner compares their pick with it.
      for (const label of this.input.querySelectorAll('label.option')) {
        const value = label.querySelector('input')?.value;
        label.classList.toggle('true-option', value === right?.id);
      }
    }
  }
}

// [from, to) in words for a chart label: "0.15 to 0.8", "0.8 or more", "below 50".
function rangeWords({ from, to }: { from?: number; to?: number }): string {
  if (from !== undefined && to !== undefined)
    return t('predict.rangeBetween', { from: formatValue(from), to: formatValue(to) });
  return from !== undefined
    ? t('predict.rangeFrom', { from: formatValue(from) })
    : t('predict.rangeBelow', { to: formatValue(to ?? 0) });
}

function button(text: string, className: string): HTMLButtonElement {
  return Object.assign(document.createElement('button'), { type: 'button', textContent: text, className });
}

function paragraph(className: string, text: string): HTMLParagraphElement {
  return Object.assign(document.createElement('p'), { className, textContent: text });
}
