// Partial credit for a multi-select answer, the rule the score and SCORM use (README "Attempt policy"):
// credit = (correct options chosen − wrong options chosen) ÷ correct options, floored at 0; 1 exactly when right.
import type { ChoiceQuestion } from './types.js';

export function multiSelectCredit(question: ChoiceQuestion, selectedIds: readonly string[]): number {
  if (question === null || typeof question !== 'object' || !Array.isArray(question.options))
    throw new TypeError('multiSelectCredit: question must be a choice or multi question');
  if (!Array.isArray(selectedIds)) throw new TypeError('multiSelectCredit: selectedIds must be an Array of option ids');
  const selected = new Set(selectedIds);
  for (const id of selected)
    if (!question.options.some((option) => option.id === id))
      throw new RangeError(`multiSelectCredit: question '${question.id}' has no option '${String(id)}'`);
  const right = question.options.filter((option) => option.correct);
  if (right.length === 0) return 0;
  const rightChosen = right.filter((option) => selected.has(option.id)).length;
  const wrongChosen = question.options.filter((option) => !option.correct && selected.has(option.id)).length;
  return Math.max(0, (rightChosen - wrongChosen) / right.length);
}
