// One question in the page: answer, check, a hint on request, targeted feedback announced in a live region, a worked
// solution once it is earned (in a graded context, offered with a warning while the question is open), "show me".
import { pageLocale, t } from '../i18n/messages.js';
import { escapeHtml } from '../lesson/escape-html.js';
import {
  anotherSeed,
  chooseVariant,
  currentVariant,
  defaultPolicy,
  gradeChoice,
  gradeNumeric,
  isLocked,
  markSolutionShown,
  questionOfVariant,
  recordVariantGrade,
  solutionAccess,
  solutionState,
  variantAt,
  variantCount,
  variantForSeed,
  variantIndexOfKey,
  variantProgress,
  verdictText,
  wrongAttemptsBeforeExplanation,
} from '../quiz/index.js';
import type {
  AnsweredAttempt,
  ChoiceOption,
  Grade,
  GradedPolicy,
  Question,
  QuestionProgress,
  QuizProgress,
  Variant,
  WidgetAction,
} from '../quiz/index.js';

export type { AnsweredAttempt } from '../quiz/index.js';
import type { ProgressStore } from '../lesson/progress-store.js';
import type { ReleasedSolution, RemoteGrader, ServerRefusal } from './remote-grader.js';

export interface QuestionViewOptions {
  number: number;
  /** The heading instead of "Question <number>", where the number means nothing (a lone embedded question). */
  heading?: string;
  store: ProgressStore;
  /** Sets a widget to the state that shows why, and brings it into view; `returnTo` is where "back" lands. */
  onShow: (action: WidgetAction, returnTo: HTMLElement) => void;
  /** Told of every counted attempt; `attempt` is for an LMS record and must not reach a host page as it is. */
  onAnswered?: (questionId: string, correct: boolean, attempts: number, attempt: AnsweredAttempt) => void;
  /** A graded context's attempts and explanation rule; the lesson page's own rule when absent. */
  policy?: GradedPolicy;
  /**
   * For graded contexts: always this variant (e.g. variantForSeed(question, a learner's seed)), whatever progress
   * holds, and no "Another like this". Without it the learner's saved variant is shown, the lesson's own at first.
   */
  fixedVariant?: { index: number; seed: number };
  /** Under the LTI tool in a graded launch: the server grades, keeps the record and releases the solution. */
  grader?: RemoteGrader;
}

// After this many counted wrong attempts the worked solution is shown anyway, so nobody is stuck.
export const attemptsBeforeSolution = wrongAttemptsBeforeExplanation;

export class QuestionView {
  readonly element: HTMLElement;
  private readonly feedback = document.createElement('p');
  private readonly explanation = document.createElement('div');
  private readonly hintButton = Object.assign(document.createElement('button'), {
    type: 'button',
    className: 'hint-toggle',
    textContent: t('question.hint'),
  });
  private readonly hintText = document.createElement('p');
  private readonly showButton = Object.assign(document.createElement('button'), {
    type: 'button',
    className: 'show-me',
  });
  private readonly answerInput?: HTMLInputElement;
  private readonly optionInputs: HTMLInputElement[] = [];
  private readonly checkButton: HTMLButtonElement;
  private readonly lockNote = Object.assign(document.createElement('p'), { className: 'locked-note', hidden: true });
  // Graded contexts only: the worked solution on request, with what it costs said before it is pressed.
  private readonly solutionOffer = Object.assign(document.createElement('p'), {
    className: 'solution-offer',
    hidden: true,
  });
  private readonly policy: GradedPolicy;
  // When the learner started on this try: the latency an LMS records.
  private since = Date.now();
  private readonly optionTexts: HTMLElement[] = [];
  // Beside each option, "not correct" once the learner picked it in a wrong multi-select answer.
  private readonly optionMarks = new Map<string, HTMLElement>();
  private readonly prompt = document.createElement('div');
  private readonly variantLabel = Object.assign(document.createElement('p'), { className: 'variant-label' });
  private readonly anotherButton = Object.assign(document.createElement('button'), {
    type: 'button',
    className: 'another-variant',
    textContent: t('question.another'),
  });
  // The variant on screen and the seed that drew it (seed 0: the lesson's own numbers).
  private variant: Variant;
  private seed = 0;
  private pendingAction: WidgetAction | undefined;
  // The saved entry this view shows, so an answer from another tab is noticed.
  private shown: QuestionProgress | undefined;

  constructor(
    readonly question: Question,
    private readonly options: QuestionViewOptions,
  ) {
    const id = `question-${question.id}`;
    this.policy = options.policy ?? defaultPolicy();
    this.element = document.createElement('section');
    this.element.className = 'question';
    this.element.id = id;
    this.element.setAttribute('aria-labelledby', `${id}-title`);
    const title = Object.assign(document.createElement('h3'), {
      id: `${id}-title`,
      textContent: options.heading ?? t('question.heading', { number: options.number }),
    });
    this.variant = variantAt(question, options.fixedVariant?.index ?? 0);
    this.seed = options.fixedVariant?.seed ?? 0;
    const prompt = this.prompt;
    prompt.className = 'prompt';
    prompt.id = `${id}-prompt`;
    prompt.innerHTML = question.prompt; // built from the lesson file at build time, Markdown with raw HTML disabled
    this.variantLabel.id = `${id}-variant`;
    this.variantLabel.hidden = variantCount(question) === 1;
    this.anotherButton.hidden = true;
    this.anotherButton.addEventListener('click', () => this.another());
    const form = document.createElement('form');
    form.noValidate = true;
    form.addEventListener('submit', (event) => {
      event.preventDefault();
      this.check();
    });
    const check = Object.assign(document.createElement('button'), { type: 'submit', textContent: t('question.check') });
    this.checkButton = check;
    if (question.kind === 'numeric') {
      this.answerInput = Object.assign(document.createElement('input'), {
        type: 'text',
        id: `${id}-answer`,
        autocomplete: 'off',
        spellcheck: false,
        className: 'answer',
      });
      this.answerInput.setAttribute('aria-describedby', `${id}-prompt ${id}-feedback`);
      const input = this.answerInput;
      input.addEventListener('input', () => options.store.drafts.set(question.id, input.value));
      const label = Object.assign(document.createElement('label'), {
        htmlFor: this.answerInput.id,
        textContent: t('question.yourAnswer'),
      });
      // The example is no answer of any question (tests/e2e/lesson-answers-in-sight.test.mjs checks it).
      const hint = Object.assign(document.createElement('span'), {
        className: 'answer-hint',
        textContent: t('question.answerHelp'),
      });
      form.append(label, ' ', this.answerInput, ' ', check, ' ', hint);
    } else {
      const fieldset = document.createElement('fieldset');
      const legend = Object.assign(document.createElement('legend'), {
        textContent: question.kind === 'choice' ? t('question.chooseOne') : t('question.chooseEvery'),
      });
      fieldset.append(legend);
      for (const option of question.options) {
        const input = Object.assign(document.createElement('input'), {
          type: question.kind === 'choice' ? 'radio' : 'checkbox',
          name: id,
          value: option.id,
          id: `${id}-${option.id}`,
        });
        const label = Object.assign(document.createElement('label'), { htmlFor: input.id, className: 'option' });
        const text = document.createElement('span');
        text.innerHTML = option.text;
        this.optionTexts.push(text);
        const mark = Object.assign(document.createElement('strong'), {
          className: 'option-mark',
          textContent: t('question.notCorrectMark'),
          hidden: true,
        });
        this.optionMarks.set(option.id, mark);
        input.addEventListener('change', () => this.markWrongChoices([])); // a changed pick is a new answer
        label.append(input, ' ', text, mark);
        fieldset.append(label);
        this.optionInputs.push(input);
      }
      form.append(fieldset, check);
    }
    this.feedback.id = `${id}-feedback`;
    this.feedback.className = 'feedback';
    this.feedback.setAttribute('role', 'status');
    this.explanation.className = 'explanation';
    this.explanation.id = `${id}-solution`;
    this.explanation.hidden = true;
    this.explanation.tabIndex = -1; // focus lands on it when the learner asks for it
    this.solutionOffer.append(...this.offerParts(id));
    this.renderVariant();
    this.showButton.hidden = true;
    this.showButton.addEventListener('click', () => {
      if (this.pendingAction) options.onShow(this.pendingAction, this.showButton);
    });
    this.element.append(title, this.variantLabel, prompt);
    if (question.hint !== undefined) this.element.append(this.hintPart(id, question.hint));
    this.lockNote.id = `${id}-locked`;
    this.element.append(
      form,
      this.lockNote,
      this.feedback,
      this.showButton,
      this.anotherButton,
      this.solutionOffer,
      this.explanation,
    );
    const draft = options.store.drafts.get(question.id);
    this.restore();
    this.restoreDraft(draft);
    options.store.subscribe((progress, source) => source === 'another tab' && this.followAnotherTab());
  }

  /** Clears the answer for another go (from "retry the ones I missed"). */
  resetForRetry(): void {
    if (this.locked) return; // no more tries: the question keeps its last answer and verdict
    this.since = Date.now();
    if (this.answerInput) this.answerInput.value = '';
    this.options.store.drafts.clear(this.question.id);
    for (const input of this.optionInputs) input.checked = false;
    this.markWrongChoices([]);
    this.setFeedback(t('question.tryAgain'), 'retry');
    this.setSolution('hidden');
    this.showButton.hidden = true;
    this.setHintOpen(false);
  }

  /** Back to unanswered (after "reset my progress"), on the lesson's own numbers. */
  clear(): void {
    this.setLocked(false);
    this.resetForRetry();
    this.setVariant(this.options.fixedVariant?.index ?? 0, this.options.fixedVariant?.seed ?? 0);
    this.anotherButton.hidden = true;
    this.feedback.textContent = '';
    delete this.element.dataset.status;
    delete this.element.dataset.afterSolution;
  }

  /** The question as it reads in the variant on screen: what is graded. */
  get current(): Question {
    return questionOfVariant(this.question, this.variant.index);
  }

  /** The variant on screen and the seed that drew it. */
  get currentVariant(): { variant: Variant; seed: number } {
    return { variant: this.variant, seed: this.seed };
  }

  // Only where the learner chooses their numbers, only with more than one variant, only after an answer.
  private offersAnother(attempts: number): boolean {
    return !this.options.fixedVariant && variantCount(this.question) > 1 && attempts > 0 && !this.locked;
  }

  private get lessonKey(): string {
    return variantAt(this.question, 0).key;
  }

  private setVariant(index: number, seed: number): void {
    if (index === this.variant.index && seed === this.seed) return;
    this.variant = variantAt(this.question, index);
    this.seed = seed;
    this.renderVariant();
  }

  // Texts that hold the variant's numbers: the prompt, options, hint and worked solution.
  private renderVariant(): void {
    const current = this.current;
    this.prompt.innerHTML = current.prompt; // compiled at build time, like every variant
    if (current.kind !== 'numeric') {
      current.options.forEach((option, i) => {
        const text = this.optionTexts[i];
        if (text) text.innerHTML = option.text;
      });
    }
    if (current.hint !== undefined) this.hintText.textContent = current.hint;
    // Graded by the server, the page has no solution until the server releases it.
    const grader = this.options.grader;
    if (grader) this.fillSolution(grader.question(this.question.id)?.explanation);
    else
      this.fillSolution({
        html: current.explanation,
        options: current.kind === 'numeric' ? undefined : current.options,
      });
    const own = this.seed === 0 ? t('question.ownNumbers') : '';
    this.element.dataset.variant = this.variant.key; // which numbers this learner got
    const count = variantCount(this.question);
    this.variantLabel.textContent = t('question.variant', {
      index: this.variant.index + 1,
      count,
      seed: this.seed,
      own,
    });
  }

  // "Another like this": a new seed, reproducible from the last one, that never repeats the variant on screen.
  private another(): void {
    if (this.options.fixedVariant || this.locked) return;
    const seed = anotherSeed(this.question, this.seed);
    const variant = variantForSeed(this.question, seed);
    const choice = { key: variant.key, seed };
    this.options.store.replace(chooseVariant(this.options.store.current, this.question.id, choice, this.lessonKey));
    this.shown = this.savedEntry();
    this.setVariant(variant.index, seed);
    this.resetForRetry();
    this.anotherButton.hidden = true;
    this.setFeedback(
      t('question.newNumbers', { index: variant.index + 1, count: variantCount(this.question) }),
      'retry',
    );
    this.focus();
  }

  focus(): void {
    (this.answerInput ?? this.optionInputs[0])?.focus();
  }

  /** Whether the worked solution is showing: only after a correct answer or when the attempts have run out. */
  get solutionShown(): boolean {
    return !this.explanation.hidden;
  }
  /** Whether the counted attempts allowed by the policy are used up. */
  get locked(): boolean {
    return this.element.dataset.locked === 'true';
  }

  // A locked question says so and offers nothing more to try: no input, no Check, no hint, no other numbers.
  private setLocked(locked: boolean): void {
    if (locked) this.element.dataset.locked = 'true';
    else delete this.element.dataset.locked;
    for (const input of [this.answerInput, ...this.optionInputs]) if (input) input.disabled = locked;
    this.checkButton.hidden = locked;
    this.hintButton.hidden = locked;
    if (locked) {
      this.setHintOpen(false);
      this.anotherButton.hidden = true;
    }
    this.lockNote.hidden = !locked;
    this.lockNote.textContent = locked ? t('question.locked', { attempts: this.policy.attempts }) : '';
  }

  // The worked solution under the policy: with an attempt limit, the question's counted attempts decide; without one,
  // those at the variant on screen (the lesson page's rule). A graded context offers it while the question is open.
  private solutionFor(correct: boolean, variantAttempts: number, entry = this.savedEntry()) {
    const total = entry?.attempts ?? 0;
    const attempts = Number.isFinite(this.policy.attempts) ? total : variantAttempts;
    const locked = isLocked(this.policy, total);
    const seen = solutionState(entry, this.variant.key, this.lessonKey).shown;
    return solutionAccess(this.policy, { correct, attempts, locked, seen });
  }

  private setSolution(access: 'hidden' | 'offered' | 'shown'): void {
    this.explanation.hidden = access !== 'shown';
    this.solutionOffer.hidden = access !== 'offered';
  }

  // The button and, before it is pressed, the price: the learner decides knowing it.
  private offerParts(id: string): (Node | string)[] {
    const button = Object.assign(document.createElement('button'), {
      type: 'button',
      className: 'show-solution',
      textContent: t('question.showSolution'),
    });
    const warning = Object.assign(document.createElement('span'), {
      id: `${id}-solution-warning`,
      className: 'solution-warning',
      textContent: t('question.showSolutionWarning'),
    });
    button.setAttribute('aria-describedby', warning.id);
    button.addEventListener('click', () => this.revealSolution());
    return [button, ' ', warning];
  }

  private fillSolution(solution: ReleasedSolution | undefined): void {
    this.explanation.innerHTML = solution ? `<h4>${escapeHtml(t('question.workedSolution'))}</h4>${solution.html}` : '';
    if (solution?.options) this.explanation.append(optionVerdicts(solution.options));
  }

  // The learner chose to see the solution: saved first, so a reload or another tab cannot forget it was seen.
  private revealSolution(): void {
    if (this.solutionOffer.hidden) return;
    if (this.options.grader) return void this.revealFromServer(this.options.grader);
    const choice = { key: this.variant.key, seed: this.seed };
    this.options.store.replace(markSolutionShown(this.options.store.current, this.question.id, choice, this.lessonKey));
    this.shown = this.savedEntry();
    this.setSolution('shown');
    this.explanation.focus();
  }

  // After a counted answer: the solution is marked seen in the same write whenever it is about to show.
  private withSolutionMark(progress: QuizProgress, correct: boolean): QuizProgress {
    const entry = Object.hasOwn(progress, this.question.id) ? progress[this.question.id] : undefined;
    const { attempts } = variantProgress(entry, this.variant.key, this.lessonKey);
    if (this.solutionFor(correct, attempts, entry) !== 'shown') return progress;
    return markSolutionShown(progress, this.question.id, { key: this.variant.key, seed: this.seed }, this.lessonKey);
  }

  // Graded only: whether the latest answer to the numbers on screen came after their solution (it earns no points).
  private afterSolution(entry = this.savedEntry()): boolean {
    return this.policy.graded && solutionState(entry, this.variant.key, this.lessonKey).afterSolution;
  }

  private markAfterSolution(after: boolean): void {
    if (after) this.element.dataset.afterSolution = 'true';
    else delete this.element.dataset.afterSolution;
  }

  // A disclosure: the hint stays out of sight (and out of the page's text) until the learner asks for it.
  private hintPart(id: string, hint: string): HTMLElement {
    const part = Object.assign(document.createElement('div'), { className: 'hint' });
    this.hintText.id = `${id}-hint`;
    this.hintText.className = 'hint-text';
    this.hintText.textContent = hint;
    this.hintButton.setAttribute('aria-controls', this.hintText.id);
    this.hintButton.addEventListener('click', () => {
      this.setHintOpen(this.hintButton.getAttribute('aria-expanded') !== 'true');
    });
    this.setHintOpen(false);
    part.append(this.hintButton, this.hintText);
    return part;
  }

  private setHintOpen(open: boolean): void {
    this.hintText.hidden = !open;
    this.hintButton.setAttribute('aria-expanded', String(open));
    this.hintButton.textContent = open ? t('question.hideHint') : t('question.hint');
  }

  private check(): void {
    if (this.locked) return;
    const question = this.current;
    const selected = this.optionInputs.filter((input) => input.checked).map((input) => input.value);
    const answerText = question.kind === 'numeric' ? (this.answerInput?.value ?? '') : selected.join(',');
    if (this.options.grader) return void this.checkOnServer(this.options.grader, answerText, selected);
    const grade =
      question.kind === 'numeric'
        ? gradeNumeric(question, answerText, pageLocale())
        : gradeChoice(question, selected, pageLocale());
    if (grade.counted) {
      this.options.store.drafts.clear(question.id); // the answer is progress now
      const choice = { key: this.variant.key, seed: this.seed };
      const store = this.options.store;
      const recorded = recordVariantGrade(
        store.current,
        question.id,
        answerText,
        grade,
        choice,
        this.lessonKey,
        Date.now(),
      );
      store.replace(this.withSolutionMark(recorded, grade.status === 'correct'));
      this.answered(grade, answerText);
    }
    this.show(grade);
  }

  // A counted answer is saved: tell the page (and through it a host or an LMS) what was answered and how.
  private answered(grade: Grade, answerText: string): void {
    const question = this.current;
    const saved = this.options.store.current[question.id];
    this.shown = saved;
    const at = new Date();
    const { index, key, params } = this.variant;
    const variant = { index, key, params };
    const afterSolution = solutionState(saved, key, this.lessonKey).afterSolution;
    const latencyMs = at.getTime() - this.since;
    const attempt = { question, variant, answerText, grade, latencyMs, at, afterSolution };
    this.since = at.getTime();
    this.options.onAnswered?.(question.id, grade.status === 'correct', saved?.attempts ?? 1, attempt);
  }

  // The server grades the typed text (or picks) and returns the learner's record, which the page's rules then read.
  private async checkOnServer(grader: RemoteGrader, answerText: string, selected: string[]): Promise<void> {
    const question = this.current;
    const answer = question.kind === 'numeric' ? { answer: answerText } : { choices: selected };
    this.checkButton.disabled = true;
    this.element.setAttribute('aria-busy', 'true');
    try {
      const verdict = await grader.answer(question.id, answer);
      if (verdict.explanation) this.fillSolution(verdict.explanation);
      this.keepServerRecord(verdict.progress);
      if (verdict.grade.counted) {
        this.options.store.drafts.clear(question.id); // the answer is the server's record now
        this.answered(verdict.grade, answerText);
      }
      this.show(verdict.grade);
    } catch (error) {
      this.refused(error);
    } finally {
      this.checkButton.disabled = false;
      this.element.removeAttribute('aria-busy');
    }
  }

  private async revealFromServer(grader: RemoteGrader): Promise<void> {
    try {
      const released = await grader.solution(this.question.id);
      this.fillSolution(released.explanation);
      this.keepServerRecord(released.progress);
      this.setSolution(released.explanation ? 'shown' : 'hidden');
      this.explanation.focus();
    } catch (error) {
      this.refused(error);
    }
  }

  // The server's record replaces the page's copy of this question's, so every rule of the page reads what it holds.
  private keepServerRecord(entry: QuestionProgress | null | undefined): void {
    if (!entry) return;
    const progress = { ...this.options.store.current };
    Object.defineProperty(progress, this.question.id, { value: entry, enumerable: true, writable: true });
    this.options.store.replace(progress);
    this.shown = this.savedEntry();
  }

  // Said where the verdict goes; a question the server says is locked locks here too.
  private refused(error: unknown): void {
    // Only the remote grader's refusals carry a record (duck-typed, so practice pages bundle none of its code).
    const refusal = error instanceof Error && 'progress' in error ? (error as ServerRefusal) : undefined;
    if (refusal?.progress) {
      this.keepServerRecord(refusal.progress);
      this.setLocked(isLocked(this.policy, refusal.progress.attempts));
    }
    this.setFeedback(error instanceof Error ? error.message : String(error), 'refused');
  }

  private show(grade: Grade): void {
    const attempts = variantProgress(this.savedEntry(), this.variant.key, this.lessonKey).attempts;
    const correct = grade.status === 'correct';
    const after = grade.counted && this.afterSolution();
    this.setFeedback(verdictText(grade, after, pageLocale()), grade.status);
    this.markWrongChoices(grade.wrongChoices ?? []);
    if (grade.counted) this.markAfterSolution(after);
    this.pendingAction = grade.show ?? (grade.status === 'incorrect' ? this.current.show : undefined);
    this.showButton.hidden = !this.pendingAction;
    this.showButton.textContent = t('question.showMe');
    this.setSolution(grade.counted ? this.solutionFor(correct, attempts) : 'hidden');
    this.setLocked(isLocked(this.policy, this.savedEntry()?.attempts ?? 0));
    this.anotherButton.hidden = !this.offersAnother(attempts);
  }

  private markWrongChoices(ids: readonly string[]): void {
    for (const [id, mark] of this.optionMarks) mark.hidden = !ids.includes(id);
  }

  private setFeedback(text: string, status: string): void {
    this.feedback.textContent = text;
    this.element.dataset.status = status;
  }

  private savedEntry(): QuestionProgress | undefined {
    const progress = this.options.store.current;
    return Object.hasOwn(progress, this.question.id) ? progress[this.question.id] : undefined;
  }

  // Another tab answered this question or reset the lesson: show what is saved now.
  private followAnotherTab(): void {
    const saved = this.savedEntry();
    if (saved === this.shown) return;
    if (saved) this.restore();
    else this.clear();
    this.shown = saved;
  }

  // Text typed before a reload and never checked is newer than the last checked answer: it is shown instead.
  private restoreDraft(draft: string): void {
    if (!this.answerInput || draft === '' || this.locked) return;
    this.answerInput.value = draft;
    this.options.store.drafts.set(this.question.id, draft);
  }

  // Coming back to the lesson: the saved variant, the last answer and its verdict are shown again.
  private restore(): void {
    const saved = this.savedEntry();
    this.shown = saved;
    if (!saved) return;
    const choice = currentVariant(saved, this.lessonKey);
    const index = variantIndexOfKey(this.question, choice.key);
    const fixed = this.options.fixedVariant;
    if (fixed) this.setVariant(fixed.index, fixed.seed);
    else if (index >= 0) this.setVariant(index, choice.seed);
    // A variant the lesson no longer has falls back to the lesson's own numbers.
    else this.setVariant(0, 0);
    const { attempts, correct } = variantProgress(saved, this.variant.key, this.lessonKey);
    this.setLocked(isLocked(this.policy, saved.attempts));
    this.anotherButton.hidden = !this.offersAnother(attempts);
    if (attempts === 0) {
      this.resetForRetry();
      this.feedback.textContent = '';
      delete this.element.dataset.status;
      this.markAfterSolution(false);
      return;
    }
    if (this.answerInput) this.answerInput.value = saved.lastAnswer;
    const chosen = new Set(saved.lastAnswer.split(','));
    for (const input of this.optionInputs) input.checked = chosen.has(input.value);
    const after = this.afterSolution(saved);
    const earlier = after ? t('question.earlierAfterSolution') : t('question.earlier');
    this.setFeedback(correct ? earlier : t('question.answeredNotYet', { attempts }), correct ? 'correct' : 'incorrect');
    this.markAfterSolution(after);
    this.setSolution(this.solutionFor(correct, attempts, saved));
  }
}

// In the worked solution of a choice question, every option with its verdict and why.
function optionVerdicts(options: ChoiceOption[]): HTMLElement {
  const list = Object.assign(document.createElement('ul'), { className: 'option-verdicts' });
  for (const option of options) {
    const item = document.createElement('li');
    const verdict = Object.assign(document.createElement('strong'), {
      textContent: option.correct ? t('question.optionCorrect') : t('question.optionNotCorrect'),
    });
    const text = document.createElement('span');
    text.innerHTML = option.text; // compiled at build time, like the prompt
    item.append(verdict, text);
    if (option.feedback !== undefined) item.append(` — ${option.feedback}`);
    list.append(item);
  }
  return list;
}
