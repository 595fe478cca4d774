// cmi.suspend_data for SCORM 1.2: the learner's progress as compact JSON within 4096 characters, so a learner resumes
// in the LMS where they left off: verdicts, partial credit and the variant each question is on (not the answer log).
import { isQuizProgress, type GradeStatus, type QuestionProgress, type QuizProgress } from '../quiz/index.js';
import { packSolutionFlags, unpackSolutionFlags } from '../quiz/index.js';

/** cmi.suspend_data holds at most 4096 characters in SCORM 1.2. */
export const suspendDataLimit = 4096;
const statusCodes: Record<GradeStatus, string> = { correct: 'c', incorrect: 'i', unreadable: 'u' };
// flags (worked solution shown, latest answer after it; quiz/solution-flags.ts) only when not 0: older data lacks it.
type VariantPacked = [key: string, attempts: number, correct: 0 | 1, flags?: number];
type Packed = [
  attempts: number,
  correct: 0 | 1,
  status: string,
  lastAnswer: string,
  credit?: number | null,
  variant?: [key: string, seed: number] | null,
  variants?: VariantPacked[],
];

function pack(p: QuestionProgress, keepAnswer: boolean): Packed {
  const packed: Packed = [p.attempts, p.correct ? 1 : 0, statusCodes[p.lastStatus], keepAnswer ? p.lastAnswer : ''];
  const credit = p.credit === undefined ? null : Number(p.credit.toFixed(4)); // partial credit survives resume
  if (credit !== null || p.variant || p.variants) packed[4] = credit;
  if (!p.variant && !p.variants) return packed;
  packed[5] = p.variant ? [p.variant.key, p.variant.seed] : null;
  packed[6] = Object.entries(p.variants ?? {}).map(([key, v]): VariantPacked => {
    const flags = packSolutionFlags(v);
    return flags ? [key, v.attempts, v.correct ? 1 : 0, flags] : [key, v.attempts, v.correct ? 1 : 0];
  });
  return packed;
}

function unpack(p: Packed): QuestionProgress {
  const status = (code: string) => (Object.entries(statusCodes).find(([, c]) => c === code)?.[0] ?? '') as GradeStatus;
  const entry: QuestionProgress = { attempts: p[0], correct: p[1] === 1, lastStatus: status(p[2]), lastAnswer: p[3] };
  if (typeof p[4] === 'number') entry.credit = p[4];
  if (Array.isArray(p[5])) entry.variant = { key: p[5][0], seed: p[5][1] };
  if (Array.isArray(p[6]))
    entry.variants = Object.fromEntries(
      p[6].map(([key, attempts, correct, flags]) => [
        key,
        { attempts, correct: correct === 1, ...unpackSolutionFlags(flags) },
      ]),
    );
  return entry;
}

/** Compact JSON of the progress; typed answers are dropped when they would not fit, verdicts never. */
export function encodeSuspendData(progress: QuizProgress): string | undefined {
  if (!isQuizProgress(progress)) throw new TypeError('encodeSuspendData: progress must be a QuizProgress');
  const text = (keepAnswers: boolean) =>
    JSON.stringify({
      v: 1,
      q: Object.fromEntries(Object.entries(progress).map(([id, p]) => [id, pack(p, keepAnswers)])),
    });
  const full = text(true);
  if (full.length <= suspendDataLimit) return full;
  const short = text(false);
  return short.length <= suspendDataLimit ? short : undefined;
}

/** The progress in suspend data, or undefined when it is not ours or not consistent. */
export function decodeSuspendData(text: string): QuizProgress | undefined {
  if (typeof text !== 'string') throw new TypeError(`decodeSuspendData: text must be a string, got ${typeof text}`);
  try {
    const data = JSON.parse(text) as { v?: unknown; q?: Record<string, Packed> };
    if (data?.v !== 1 || typeof data.q !== 'object' || data.q === null) return undefined;
    const progress = Object.fromEntries(Object.entries(data.q).map(([id, p]) => [id, unpack(p)]));
    return isQuizProgress(progress) ? progress : undefined;
  } catch {
    return undefined;
  }
}
