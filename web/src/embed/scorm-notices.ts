// What the SCORM session tells the learner, in one place: each sentence says what happened, in the LMS's own words,
// and where the learner's answers are now.
import type { Dropped } from './suspend-data.js';

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

// Where refused answers wait: in this browser for a learner the LMS names, else only in the open page.
const keptWhere = (keeps: boolean) =>
  keeps
    ? 'Your answers are kept in this browser for you'
    : 'The course system gave no learner id, so nothing is kept in this browser for another visit: your answers ' +
      'last until you leave this page';

export const say = {
  notStarted: (problem: string) =>
    `The course system did not start this lesson (${problem}), so your score is not reported yet, and the page ` +
    'does not know who you are: your answers last until you leave this page. The page tries again with your next ' +
    'answer.',
  notRecorded: (problem: string, keeps: boolean) =>
    `The course system did not record your progress (${problem}). ${keptWhere(keeps)}, and the page tries again ` +
    'with your next answer and when you leave.',
  gaveUp: (problem: string, keeps: boolean) =>
    `The course system still did not record your progress (${problem}), so the page stopped trying. ` +
    `${keptWhere(keeps)}${keeps ? ', and they are sent the next time you open the lesson' : ''}.`,
  recovered: 'Your progress reached the course system again.',
  notRead: (problem: string) =>
    `The course system could not give this lesson what it asked for (${problem}); the lesson works without it.`,
  suspendNotRead: (problem: string) =>
    `Your saved progress could not be read from the course system (${problem}), so the page does not replace it: ` +
    'your score and each answer are still reported.',
  unreadable:
    'Your saved progress in the course system could not be read, so the lesson starts afresh; the saved text is ' +
    'kept there as it was.',
  setAside: (ids: string[]) =>
    `${plural(ids.length, 'saved answer', 'saved answers')} (${ids.join(', ')}) could not be read from the course ` +
    `system, so ${ids.length === 1 ? 'it is kept there as it was' : 'they are kept there as they were'}; your ` +
    'other answers are restored.',
  keptHere: 'Answers the course system did not take last time were kept in this browser for you; they are sent now.',
  noInteractions: (problem: string) =>
    `This course system does not keep a record of each answer (${problem}). Your score and progress are still ` +
    'reported, and every answer stays in your saved progress and in “Download my results”.',
  answerNotRecorded: (problem: string) =>
    `The course system did not record one of your answers (${problem}); your score is still reported, and the ` +
    'record is sent again with your next answer.',
  dropped: (dropped: Dropped) => {
    const details = dropped.answerTexts + dropped.lastAnswers;
    const parts = [
      details > 0 ? `the typed text of ${plural(details, 'answer', 'answers')}` : '',
      dropped.loggedAnswers > 0 ? `${plural(dropped.loggedAnswers, 'earlier answer', 'earlier answers')}` : '',
      dropped.setAside > 0 || dropped.unreadable ? 'the saved text it could not read' : '',
    ].filter(Boolean);
    return (
      `The course system keeps at most 4096 characters of your progress, so the oldest details were left out of it ` +
      `(${parts.join('; ')}). Every verdict is kept; “Download my results” has everything until you leave.`
    );
  },
  tooLong:
    'Your progress no longer fits the 4096 characters the course system keeps, so it is not saved there; your score ' +
    'and each answer are still reported.',
};
