// The lesson as the graded page shows it for a placement, with every question answer-free: the whole lesson, one
// section, or one question with the lesson's widgets (its "Show me" may bring one in). Prose a placement does not show
// is not sent at all: a lesson's text may state an answer further on, as its table of spreads does.
import type { CompiledLesson, CompiledSection } from 'attention-lab/authoring';
import { answerFreeQuestion, type AnswerFreeQuestion } from 'attention-lab/quiz';
import type { Placement } from '../lti/launch.js';

type LearnerBlock =
  Exclude<CompiledSection['blocks'][number], { kind: 'question' }> | { kind: 'question'; question: AnswerFreeQuestion };

export interface LearnerLesson extends Omit<CompiledLesson, 'sections'> {
  sections: (Omit<CompiledSection, 'blocks'> & { blocks: LearnerBlock[] })[];
}

export function learnerLesson(lesson: CompiledLesson, placement: Placement): LearnerLesson {
  const shows = (section: CompiledSection, block: CompiledSection['blocks'][number]): boolean => {
    if (placement.what === 'lesson') return true;
    if (placement.what === 'section') return section.id === placement.id;
    if (block.kind === 'widget') return true;
    return block.kind === 'question' && block.question.id === placement.id;
  };
  const sections = lesson.sections
    .filter((section) => placement.what !== 'section' || section.id === placement.id)
    .map((section) => ({
      ...section,
      blocks: section.blocks
        .filter((block) => shows(section, block))
        .map((block): LearnerBlock =>
          block.kind === 'question' ? { kind: 'question', question: answerFreeQuestion(block.question) } : block,
        ),
    }));
  return { ...lesson, sections };
}
