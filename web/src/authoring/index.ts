// The lesson compiler's public surface (Node, build time); widget-schema is also imported by the page.
export { screenCharacters } from './answer-warnings.js';
export { answersShown, type AnswerToHide, type ShownAnswer } from './answers-in-sight.js';
export { compileLesson, slugify, type CompileOptions, type CompileResult } from './compile.js';
export type { Block, CompiledLesson, CompiledSection, LessonIndexEntry } from './compiled.js';
export { coreValues, evaluateCoreValue, formatCoreNumber, type CoreValue, type ValuesCore } from './core-values.js';
export { formatProblem, type LessonProblem, type ProblemKind } from './problems.js';
export {
  parseWidgetParams,
  checkWidgetState,
  flattenWidgetParams,
  widgetSchemas,
  widgetNames,
  reservedWidgets,
  type FlatWidgetParams,
  type WidgetName,
  type WidgetParams,
} from './widget-schema.js';
export { authoringReference, referenceCommand } from './reference.js';
export {
  compileTranslation,
  translationLocale,
  translationLocales,
  translationRules,
  type TranslationOptions,
} from './translation.js';
