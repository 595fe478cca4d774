// What the SCORM session tells the learner, in one place: each sentence says what happened, in the LMS's own words,
// and where the learner's answers are now. The words are the catalog's, in the page's language.
import { t } from '../i18n/messages.js';
import type { Dropped } from './suspend-data.js';

// Where refused answers wait: in this browser for a learner the LMS names, else only in the open page.
const keptWhere = (keeps: boolean) => (keeps ? t('scorm.keptHereForYou') : t('scorm.keptNowhere'));

export const say = {
  notStarted: (problem: string) => t('scorm.notStarted', { problem }),
  notRecorded: (problem: string, keeps: boolean) => t('scorm.notRecorded', { problem, kept: keptWhere(keeps) }),
  gaveUp: (problem: string, keeps: boolean) =>
    t(keeps ? 'scorm.gaveUpKept' : 'scorm.gaveUp', { problem, kept: keptWhere(keeps) }),
  get recovered() {
    return t('scorm.recovered');
  },
  notRead: (problem: string) => t('scorm.notRead', { problem }),
  suspendNotRead: (problem: string) => t('scorm.suspendNotRead', { problem }),
  get unreadable() {
    return t('scorm.unreadable');
  },
  setAside: (ids: string[]) => t('scorm.setAside', { count: ids.length, ids: ids.join(t('list.comma')) }),
  get keptHere() {
    return t('scorm.keptHere');
  },
  noInteractions: (problem: string) => t('scorm.noInteractions', { problem }),
  answerNotRecorded: (problem: string) => t('scorm.answerNotRecorded', { problem }),
  dropped: (dropped: Dropped) => {
    const details = dropped.answerTexts + dropped.lastAnswers;
    const parts = [
      details > 0 ? t('scorm.droppedTexts', { count: details }) : '',
      dropped.loggedAnswers > 0 ? t('scorm.droppedEarlier', { count: dropped.loggedAnswers }) : '',
      dropped.setAside > 0 || dropped.unreadable ? t('scorm.droppedUnread') : '',
    ].filter(Boolean);
    return t('scorm.dropped', { parts: parts.join(t('list.semicolon')) });
  },
  get tooLong() {
    return t('scorm.tooLong');
  },
};
