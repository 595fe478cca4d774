// What an instructor sets for a graded context (embed URL, element attributes, SCORM launch data): which variant each
// learner sees, how many counted attempts a question allows, and when the worked explanation shows.
import { defaultLocale, type Locale } from '../i18n/locales.js';
import { translate } from '../i18n/messages.js';

/**
 * 'practice' (not set): the lesson's own numbers first and "Another like this", as on the lesson page. The others pin
 * the variant: 'fixed' the lesson's own numbers, 'learner' a stable one per learner, 'seed' the one seed n draws for
 * everyone (seed 0 is the lesson's own numbers).
 */
export type VariantPolicy =
  { kind: 'practice' } | { kind: 'fixed' } | { kind: 'learner' } | { kind: 'seed'; seed: number };

/** 'after-attempts': once right, or once the attempts are used up (2 wrong ones when attempts are unlimited). */
export type ExplainWhen = 'after-correct' | 'after-attempts' | 'never';

export interface GradedPolicy {
  /**
   * Whether answers here are graded: an instructor set any of variant, attempts or explain (whatever the value), or
   * an LMS receives the score. Then an answer given after the worked solution of its numbers was shown earns no
   * points, and before the question is settled the solution waits behind a button that says so.
   */
  graded: boolean;
  variant: VariantPolicy;
  /** Counted attempts before the question locks; Infinity when unlimited. */
  attempts: number;
  explain: ExplainWhen;
}

/** The names a graded context reads, for the embed's reserved parameters and the web component's attributes. */
export const gradedParams = ['variant', 'attempts', 'explain'] as const;

export const explainChoices: readonly ExplainWhen[] = ['after-correct', 'after-attempts', 'never'];

// After this many counted wrong attempts the worked solution shows anyway when attempts are unlimited.
export const wrongAttemptsBeforeExplanation = 2;

// More attempts than anyone would set is a typo, not a policy.
const maxAttempts = 1000;
const maxVariantSeed = 0xffffffff;

export const defaultPolicy = (): GradedPolicy => ({
  graded: false,
  variant: { kind: 'practice' },
  attempts: Infinity,
  explain: 'after-attempts',
});

const short = (text: string) => (text.length > 40 ? `${text.slice(0, 37)}…` : text);

/** Reads the policy; an odd value falls back to the default and says so in `problems`, for a polite notice. */
export function readGradedPolicy(
  search: URLSearchParams,
  locale: Locale = defaultLocale,
): { policy: GradedPolicy; problems: string[] } {
  if (!(search instanceof URLSearchParams)) throw new TypeError('readGradedPolicy: search must be a URLSearchParams');
  const policy = defaultPolicy();
  const problems: string[] = [];
  // Setting any of them, even to an odd value or its default, says the instructor grades here.
  policy.graded = gradedParams.some((name) => search.has(name));
  const variant = search.get('variant');
  if (variant !== null) {
    const text = variant.trim();
    if (text === 'fixed') policy.variant = { kind: 'fixed' };
    else if (text === 'learner') policy.variant = { kind: 'learner' };
    else if (/^\d{1,10}$/.test(text) && Number(text) <= maxVariantSeed)
      policy.variant = { kind: 'seed', seed: Number(text) };
    else problems.push(translate(locale, 'policy.variant', { value: short(variant) }));
  }
  const attempts = search.get('attempts');
  if (attempts !== null) {
    const text = attempts.trim();
    if (text === 'unlimited' || text === '') policy.attempts = Infinity;
    else if (/^\d{1,4}$/.test(text) && Number(text) >= 1 && Number(text) <= maxAttempts) policy.attempts = Number(text);
    else problems.push(translate(locale, 'policy.attempts', { value: short(attempts), max: maxAttempts }));
  }
  const explain = search.get('explain');
  if (explain !== null) {
    const text = explain.trim() as ExplainWhen;
    if (explainChoices.includes(text)) policy.explain = text;
    else
      problems.push(
        translate(locale, 'policy.explain', {
          value: short(explain),
          choices: explainChoices.join(translate(locale, 'list.comma')),
        }),
      );
  }
  return { policy, problems };
}

/** Whether the worked explanation shows, given the latest state of a question under the policy. */
export function explanationShows(policy: GradedPolicy, state: { correct: boolean; attempts: number }): boolean {
  if (state === null || typeof state !== 'object' || !Number.isSafeInteger(state.attempts) || state.attempts < 0)
    throw new TypeError('explanationShows: state must be { correct, attempts } with attempts a whole number ≥ 0');
  if (policy.explain === 'never') return false;
  if (state.correct) return true;
  if (policy.explain === 'after-correct') return false;
  const limit = Number.isFinite(policy.attempts) ? policy.attempts : wrongAttemptsBeforeExplanation;
  return state.attempts >= limit;
}

/** A question locks once its counted attempts reach the policy's number. */
export function isLocked(policy: GradedPolicy, attempts: number): boolean {
  if (!Number.isSafeInteger(attempts) || attempts < 0)
    throw new RangeError(`isLocked: attempts must be a whole number ≥ 0, got ${String(attempts)}`);
  return attempts >= policy.attempts;
}

/**
 * How the worked solution appears: 'hidden'; 'shown'; or 'offered', behind a button that warns a right answer
 * afterwards earns no points. It is offered only in a graded context, while the question is still open (not right,
 * not locked) and the policy would show it (with unlimited attempts, after two wrong answers to these numbers).
 * `seen`: it was shown for these numbers before, so it shows again.
 */
export function solutionAccess(
  policy: GradedPolicy,
  state: { correct: boolean; attempts: number; locked: boolean; seen: boolean },
): 'hidden' | 'offered' | 'shown' {
  if (
    state === null ||
    typeof state !== 'object' ||
    typeof state.locked !== 'boolean' ||
    typeof state.seen !== 'boolean'
  )
    throw new TypeError('solutionAccess: state must be { correct, attempts, locked, seen }');
  if (!explanationShows(policy, state)) return 'hidden';
  return !policy.graded || state.correct || state.locked || state.seen ? 'shown' : 'offered';
}
