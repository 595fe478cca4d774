// The SCO side of SCORM 1.2: find the LMS's API (window.API in a parent or opener frame), restore progress from
// cmi.suspend_data, and report score, completion and progress. Without an LMS none of this runs.
import type { LessonEvents } from '../lesson/lesson-events.js';
import type { ProgressStore } from '../lesson/progress-store.js';
import { SafeStorage } from '../lesson/safe-storage.js';
import { callLms, type Scorm12Api } from './lms-calls.js';
import { InteractionRecorder, scormTimespan } from './scorm-interactions.js';
import { decodeSuspendData, encodeSuspendData } from './suspend-data.js';

export { decodeSuspendData, encodeSuspendData, suspendDataLimit } from './suspend-data.js';

export type { Scorm12Api } from './lms-calls.js';

const isApi = (value: unknown): value is Scorm12Api =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as Scorm12Api).LMSInitialize === 'function' &&
  typeof (value as Scorm12Api).LMSSetValue === 'function';

// ADL's discovery: this window and its parents, then the opener of the top window and its parents.
function searchUp(start: Window | null): Scorm12Api | undefined {
  let win = start;
  for (let depth = 0; win && depth < 10; depth++) {
    try {
      const api: unknown = (win as Window & { API?: unknown }).API;
      if (isApi(api)) return api;
    } catch {
      // a cross-origin frame: not our LMS
    }
    if (win.parent === win) break;
    win = win.parent;
  }
  return undefined;
}

export function findScormApi(start: Window = window): Scorm12Api | undefined {
  let opener: Window | null;
  try {
    opener = start.top?.opener ?? start.opener;
  } catch {
    opener = null; // a cross-origin opener cannot be read: no LMS there
  }
  return searchUp(start) ?? searchUp(opener);
}

// Reports in a row the LMS may refuse before the page stops asking (it asks once more when the learner leaves).
const triesBeforeGivingUp = 5;
// Progress the LMS did not take, kept in this browser until a later report (or visit) gets it through.
const unsentKey = 'scorm-unsent';

const say = {
  notStarted: (problem: string) =>
    `The course system did not start this lesson (${problem}), so your score is not ` +
    'reported yet. Your answers are kept in this browser, and the page tries again with your next answer.',
  notRecorded: (problem: string) =>
    `The course system did not record your progress (${problem}). Your answers are ` +
    'kept in this browser, and the page tries again with your next answer and when you leave.',
  gaveUp: (problem: string) =>
    `The course system still did not record your progress (${problem}), so the page ` +
    'stopped trying. Your answers are kept in this browser and are sent the next time you open the lesson.',
  recovered: 'Your progress reached the course system again.',
  unreadable: 'Your saved progress could not be read from the course, so it starts afresh.',
  keptHere: 'Answers the course system did not take last time were kept in this browser; they are sent to it now.',
};

export class ScormSession {
  /** Whether the LMS started the session: then progress lives there, otherwise in this browser. */
  readonly startedInLms: boolean;
  private readonly startProblem: string;
  private initialized: boolean;
  private finished = false;
  private complete = false;
  private lmsStatus = '';
  private failures = 0;
  private score = { points: 0, total: 0 };
  private recorder = new InteractionRecorder(0);
  /** cmi.core.student_id ('' when the LMS gives none): what variant=learner derives each learner's variants from. */
  learnerId = '';
  /** cmi.launch_data: the package's settings (variant=…&attempts=…), as the manifest's adlcp:datafromlms gives them. */
  launchData = '';
  private store: ProgressStore | undefined;
  private announce: (text: string) => void = () => undefined;
  // Each notice once until reporting works again, so a broken LMS does not flood the notices.
  private readonly told = new Set<string>();
  private readonly started = Date.now();

  private constructor(
    private readonly api: Scorm12Api,
    private readonly browser: SafeStorage,
  ) {
    const start = callLms(api, 'LMSInitialize', '');
    this.initialized = this.startedInLms = start.ok;
    this.startProblem = start.problem;
    if (!start.ok) return;
    this.learnerId = callLms(api, 'LMSGetValue', 'cmi.core.student_id').value.slice(0, 255);
    this.launchData = callLms(api, 'LMSGetValue', 'cmi.launch_data').value.slice(0, 4096);
    // Resume: new interactions go after those the LMS holds.
    const count = Number.parseInt(callLms(api, 'LMSGetValue', 'cmi.interactions._count').value, 10);
    this.recorder = new InteractionRecorder(Number.isSafeInteger(count) && count > 0 ? count : 0);
  }

  /** Finds the LMS and initializes with it; undefined means "no LMS, run as a normal page". */
  static start(win: Window = window): ScormSession | undefined {
    const api = findScormApi(win);
    if (!api) return undefined;
    const session = new ScormSession(api, new SafeStorage('attention-lab'));
    win.addEventListener('pagehide', () => session.finish());
    return session;
  }

  /** Restores saved progress into the store before the lesson renders, then reports every change to the LMS. */
  attach(store: ProgressStore, events: LessonEvents, announce: (text: string) => void): void {
    this.store = store;
    this.announce = announce;
    if (this.initialized) this.restore(store);
    else this.tell(say.notStarted(this.startProblem));
    events.on('progress', ({ points, total }) => {
      this.score = { points, total };
      this.report();
    });
    // Each counted attempt becomes an interaction, committed at once.
    events.on('answered', ({ attempt }) => {
      if (!attempt) return;
      this.recorder.record(attempt);
      this.report();
    });
    // Completion stays once earned: a wrong retry afterwards lowers the score, not the status.
    events.on('completed', () => {
      this.complete = true;
      this.report();
    });
  }

  finish(): void {
    if (this.finished) return;
    if (this.failures > 0) this.report(true); // the retry on leaving
    this.finished = true;
    if (!this.initialized) return;
    callLms(this.api, 'LMSSetValue', 'cmi.core.exit', this.complete ? '' : 'suspend');
    callLms(this.api, 'LMSSetValue', 'cmi.core.session_time', scormTimespan(Date.now() - this.started));
    callLms(this.api, 'LMSCommit', '');
    callLms(this.api, 'LMSFinish', '');
  }

  private restore(store: ProgressStore): void {
    const saved = callLms(this.api, 'LMSGetValue', 'cmi.suspend_data');
    const progress = saved.value ? decodeSuspendData(saved.value) : undefined;
    if (progress) store.replace(progress);
    else if (saved.value) this.tell(say.unreadable);
    else if (!saved.ok) this.tell(say.notRecorded(saved.problem));
    const unsent = this.browser.get(unsentKey);
    const kept = unsent ? decodeSuspendData(unsent) : undefined;
    if (kept && Object.keys(kept).length > 0) {
      store.replace(kept);
      this.tell(say.keptHere);
    }
    const status = callLms(this.api, 'LMSGetValue', 'cmi.core.lesson_status').value;
    this.complete = status === 'completed' || status === 'passed';
    this.lmsStatus = this.complete ? 'completed' : status;
  }

  private tell(text: string): void {
    if (this.told.has(text)) return;
    this.told.add(text);
    this.announce(text);
  }

  // Score, status and suspend data, then a commit; what the LMS refuses is kept in this browser and sent again later.
  private report(leaving = false): void {
    const store = this.store;
    if (this.finished || !store || (this.failures >= triesBeforeGivingUp && !leaving)) return;
    const problems: string[] = [];
    if (!this.initialized) {
      const start = callLms(this.api, 'LMSInitialize', '');
      this.initialized = start.ok;
      if (!start.ok) problems.push(start.problem);
    }
    if (this.initialized) {
      const set = (element: string, value: string) => {
        const answer = callLms(this.api, 'LMSSetValue', element, value);
        if (!answer.ok) problems.push(answer.problem);
        return answer.ok;
      };
      const status = this.complete ? 'completed' : 'incomplete';
      if (status !== this.lmsStatus && set('cmi.core.lesson_status', status)) this.lmsStatus = status;
      const { points, total } = this.score;
      set('cmi.core.score.min', '0');
      set('cmi.core.score.max', '100');
      set('cmi.core.score.raw', String(total ? Math.round((100 * points) / total) : 0));
      const data = encodeSuspendData(store.current);
      if (data !== undefined) set('cmi.suspend_data', data);
      this.recorder.flush(set);
      const commit = callLms(this.api, 'LMSCommit', '');
      if (!commit.ok) problems.push(commit.problem);
      else this.recorder.committed();
    }
    const [problem] = problems;
    if (problem === undefined) this.reported();
    else this.refused(problem, store);
  }

  private reported(): void {
    if (this.browser.get(unsentKey) !== null) this.browser.remove(unsentKey);
    if (this.failures > 0) this.tell(say.recovered);
    this.failures = 0;
    this.told.clear();
  }

  private refused(problem: string, store: ProgressStore): void {
    this.failures += 1;
    const data = encodeSuspendData(store.current);
    if (data !== undefined) this.browser.set(unsentKey, data);
    if (!this.startedInLms && this.failures === 1) return; // "did not start" was said already
    this.tell(this.failures >= triesBeforeGivingUp ? say.gaveUp(problem) : say.notRecorded(problem));
  }
}
