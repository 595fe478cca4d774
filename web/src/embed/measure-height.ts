// The height a snippet needs where no script resizes the frame (a notebook, a page that strips scripts), measured on
// the real embed: loaded in a hidden frame of this origin at a course column's width and brought to the tallest state
// a learner reaches (a question answered wrong until its worked solution shows, or right; a widget's table open).
import { t } from '../i18n/messages.js';
import type { Question } from '../authoring/compiled.js';
import { questionOfVariant, variantIndexOfKey } from '../quiz/index.js';
import { measuringFrameName } from './measure-frame.js';

/** A typical course column (a Canvas or Moodle page, a notebook's output): a narrower one needs more height. */
export const columnWidth = 640;
// Room for what one measurement cannot foresee: another variant's longer numbers, a line that wraps in another font.
const spare = 32;
const patience = 20_000;

const pause = (ms: number) => new Promise((done) => setTimeout(done, ms));

// Polls a state of the frame (its rendering may be throttled while hidden, so no animation frames are relied on).
async function until<T>(find: () => T | null | undefined, signal: AbortSignal, what: string): Promise<T> {
  const deadline = Date.now() + patience;
  for (;;) {
    if (signal.aborted) throw new DOMException('measuring stopped', 'AbortError');
    const found = find();
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`the embed never showed ${what}`);
    await pause(50);
  }
}

class MeasuringFrame {
  readonly frame = Object.assign(document.createElement('iframe'), {
    name: measuringFrameName,
    className: 'embed-measure',
    title: t('embed.measuringFrame'),
    tabIndex: -1,
  });

  constructor(
    private readonly src: string,
    private readonly signal: AbortSignal,
  ) {
    this.frame.inert = true;
    this.frame.setAttribute('aria-hidden', 'true');
    this.frame.style.width = `${columnWidth}px`;
  }

  /** Loads (or reloads) the embed afresh; the frame keeps nothing, so every load starts unanswered. */
  async load(ready: string): Promise<Document> {
    const loaded = new Promise((done) => this.frame.addEventListener('load', done, { once: true }));
    if (this.frame.isConnected) this.frame.contentWindow?.location.replace(this.src);
    else {
      this.frame.src = this.src;
      document.body.append(this.frame);
    }
    await loaded;
    return until(
      () => {
        const doc = this.frame.contentDocument;
        return doc?.querySelector(ready) ? doc : undefined;
      },
      this.signal,
      `“${ready}”`,
    );
  }

  /** The content's height once its fonts are in, as the embed itself reports it to hosts. */
  async height(doc: Document): Promise<number> {
    await doc.fonts.ready;
    return Math.ceil(doc.documentElement.getBoundingClientRect().height);
  }

  remove(): void {
    this.frame.remove();
  }
}

type Answer = { typed: string } | { chosen: string[] };

// The wrong answer whose feedback is longest (an anticipated mistake, or one nobody foresaw: feedback plus hint).
function longestWrong(question: Question): Answer {
  if (question.kind === 'numeric') {
    const unforeseen = { typed: String(question.answer * 3 + 7.5), length: (question.hint?.length ?? 0) + 60 };
    const foreseen = (question.anticipated ?? []).map((a) => ({ typed: String(a.value), length: a.feedback.length }));
    const [pick] = [unforeseen, ...foreseen].sort((a, b) => b.length - a.length);
    return { typed: pick?.typed ?? unforeseen.typed };
  }
  const wrong = question.options.filter((o) => !o.correct);
  const [pick] = wrong.sort((a, b) => (b.feedback?.length ?? 0) - (a.feedback?.length ?? 0));
  return { chosen: pick ? [pick.id] : [] };
}

const rightAnswer = (question: Question): Answer =>
  question.kind === 'numeric'
    ? { typed: String(question.answer) }
    : { chosen: question.options.filter((o) => o.correct).map((o) => o.id) };

// Answers as a learner does: fills the form in the frame and submits it.
function give(section: HTMLElement, answer: Answer): boolean {
  const form = section.querySelector<HTMLFormElement>(':scope > form');
  if (!form || section.dataset.locked === 'true') return false;
  if ('typed' in answer) {
    const input = form.querySelector<HTMLInputElement>('input.answer');
    if (!input) return false;
    input.value = answer.typed;
  } else {
    for (const input of form.querySelectorAll<HTMLInputElement>('input[type="radio"], input[type="checkbox"]'))
      input.checked = answer.chosen.includes(input.value);
  }
  form.requestSubmit();
  return true;
}

// The question as the frame shows it: the variant its numbers come from.
function shownQuestion(question: Question, section: HTMLElement): Question {
  const index = variantIndexOfKey(question, section.dataset.variant ?? '');
  return index >= 0 ? questionOfVariant(question, index) : question;
}

async function questionHeight(frame: MeasuringFrame, question: Question): Promise<number> {
  const ready = `#question-${CSS.escape(question.id)} form`;
  const heights: number[] = [];
  // Two paths, each from a fresh load: wrong until the question locks or its solution shows; right at once.
  for (const path of ['wrong until it stops', 'right at once'] as const) {
    const doc = await frame.load(ready);
    const section = doc.querySelector<HTMLElement>(`#question-${CSS.escape(question.id)}`);
    if (!section) throw new Error('the embed lost its question');
    section.querySelector<HTMLButtonElement>('.hint-toggle:not([hidden])')?.click(); // the hint open, too
    heights.push(await frame.height(doc));
    const shown = shownQuestion(question, section);
    const solution = () => section.querySelector('.explanation:not([hidden])') !== null;
    if (path === 'right at once') {
      if (give(section, rightAnswer(shown))) heights.push(await frame.height(doc));
      continue;
    }
    for (let i = 0, open = 0; i < 12 && open < 2 && give(section, longestWrong(shown)); i++) {
      heights.push(await frame.height(doc));
      // Where the solution is offered behind a button rather than shown, the learner may press it: measured too.
      const offer = section.querySelector<HTMLButtonElement>('.solution-offer:not([hidden]) button');
      if (offer && !solution()) {
        offer.click();
        heights.push(await frame.height(doc));
      }
      if (solution()) open++; // one more wrong answer with the solution open, then enough
    }
  }
  return Math.max(...heights);
}

async function widgetHeight(frame: MeasuringFrame): Promise<number> {
  const doc = await frame.load('.widget[data-rendered]:not([aria-busy])');
  for (const table of doc.querySelectorAll<HTMLDetailsElement>('details.data')) table.open = true;
  return frame.height(doc);
}

/**
 * The height in CSS px for the embed at `src` in a column `columnWidth` px wide, in its tallest state, with room to
 * spare; `question` when it embeds one (its answers drive the frame). Rejects if the embed does not come up.
 */
export async function measureEmbedHeight(src: string, question: Question | undefined, signal: AbortSignal) {
  if (new URL(src, location.href).origin !== location.origin)
    throw new RangeError(`measureEmbedHeight: src must be on this origin, got ${src}`);
  const frame = new MeasuringFrame(src, signal);
  try {
    const tallest = question ? await questionHeight(frame, question) : await widgetHeight(frame);
    return Math.ceil((tallest + spare) / 10) * 10;
  } finally {
    frame.remove();
  }
}
