// The quiz engine's public API: parse typed answers, grade them, validate authored questions, track progress.
export type * from './types.js';
export { answerFormatHelpIn, MAX_ANSWER_LENGTH, MAX_NESTING, parseExpression } from './expression.js';
export type { ParsedExpression } from './expression.js';
export { anticipatedMatch, DEFAULT_ATOL, DEFAULT_RTOL, gradeChoice, gradeNumeric, withinTolerance } from './grade.js';
export { validateQuestion } from './validate.js';
export { isQuizProgress, recordGrade, scoreOf, splitQuizProgress, wrongQuestionIds } from './attempts.js';
export type { LoggedAnswer, QuestionProgress, QuizProgress, VariantProgress } from './attempts.js';
export { maxLoggedAnswers } from './attempts.js';
export {
  chooseVariant,
  currentVariant,
  markSolutionShown,
  recordVariantGrade,
  solutionState,
  variantProgress,
} from './variant-progress.js';
export type { VariantChoice } from './variant-progress.js';
export {
  emptySavedProgress,
  latestStamp,
  mergeSavedProgress,
  readSavedProgress,
  savedProgressVersion,
  writeSavedProgress,
} from './saved-progress.js';
export type { ReadProgress, SavedProgress } from './saved-progress.js';
export {
  anotherSeed,
  lessonSeed,
  maxDrawnSeed,
  questionOfVariant,
  seedFromText,
  variantAt,
  variantCount,
  variantForSeed,
  variantIndexOfKey,
  variantKey,
} from './variants.js';
export type { Variant } from './variants.js';
export {
  defaultPolicy,
  explainChoices,
  explanationShows,
  gradedParams,
  isLocked,
  readGradedPolicy,
  solutionAccess,
  wrongAttemptsBeforeExplanation,
} from './graded-policy.js';
export type { ExplainWhen, GradedPolicy, VariantPolicy } from './graded-policy.js';
export { gradedVariant } from './graded-variant.js';
// The engine's words come in these locales; the LTI tool matches a launch's locale with the page's own matcher.
export { defaultLocale, locales, toLocale, type Locale } from '../i18n/locales.js';
export { translate } from '../i18n/messages.js';
export type { AnsweredAttempt, GradedVariant } from './graded-variant.js';
export { multiSelectCredit } from './partial-credit.js';
export { packSolutionFlags, unpackSolutionFlags } from './solution-flags.js';
export { verdictText } from './verdict-text.js';
export { answerFreeQuestion, hintGivesAway } from './answer-free.js';
export type { AnswerFreeChoice, AnswerFreeNumeric, AnswerFreeQuestion, AnswerFreeVariant } from './answer-free.js';
export { csvCell, csvColumns, resultsCsv, resultsFormat, resultsRecord, resultsVersion } from './results-record.js';
export type {
  AskedPrediction,
  RecordedAnswer,
  RecordedPrediction,
  RecordedQuestion,
  ResultsRecord,
} from './results-record.js';
