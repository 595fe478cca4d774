// The SCO side of SCORM 1.2: find the LMS's API (window.API in a parent or opener frame), restore progress from
// cmi.suspend_data (and what this browser kept for this learner), and report score, completion, progress and each
// answer once the verdict is painted, writing only what changed. Without an LMS none of this runs.
import type { LessonEvents } from '../lesson/lesson-events.js';
import type { ProgressStore } from '../lesson/progress-store.js';
import { SafeStorage } from '../lesson/safe-storage.js';
import { freshSeed } from './learner-seed.js';
import { callLms, type LmsAnswer, type Scorm12Api } from './lms-calls.js';
import { LmsValues } from './lms-values.js';
import { say } from './scorm-notices.js';
import { InteractionRecorder, scormTimespan, type LmsWrite } from './scorm-interactions.js';
import { newerProgress, readSuspendData, writeSuspendData, type ReadSuspendData } from './suspend-data.js';
import { ownerlessKey, UnsentRecords } from './unsent-records.js';

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
// A _count the SCO believes: plain digits, below 10⁹ (an LMS holding more records than that is not telling the truth).
const countOf = (answer: LmsAnswer) => (answer.ok && /^\d{1,9}$/.test(answer.value) ? Number(answer.value) : undefined);

/** Runs `report` after the next paint (a frame, then a task), or after 1 s where the page paints nothing (hidden). */
function afterPaint(win: Window, report: () => void): void {
  let done = false;
  const once = () => {
    if (done) return;
    done = true;
    report();
  };
  win.requestAnimationFrame(() => win.setTimeout(once, 0));
  win.setTimeout(once, 1000);
}

export class ScormSession {
  /** Whether the LMS started the session at launch. */
  readonly startedInLms: boolean;
  private readonly startProblem: string;
  private initialized: boolean;
  private finished = false;
  private complete = false;
  private failures = 0;
  private answersFailing = false;
  private scheduled = false;
  private score = { points: 0, total: 0 };
  private recorder = new InteractionRecorder(0);
  private values = new LmsValues();
  // What the LMS held: entries it could not read and unreadable text ride along in every write, untouched.
  private saved: ReadSuspendData = { progress: {}, setAside: {}, version: 0 };
  // false while cmi.suspend_data could not be read: it is then never replaced.
  private suspendRead = true;
  private ownSeed: string | undefined;
  private unsent: UnsentRecords | undefined;
  /** cmi.core.student_id ('' when the LMS gives none): what variant=learner derives each learner's variants from. */
  learnerId = '';
  /** cmi.launch_data: the package's settings (variant=…&attempts=…), as the manifest's adlcp:datafromlms gives them. */
  launchData = '';
  private store: ProgressStore | undefined;
  private announce: (text: string) => void = () => undefined;
  private readonly notes: string[] = [];
  // Each notice once; a notice about a failure once until reporting works again, so a broken LMS floods nothing.
  private readonly told = new Set<string>();
  private readonly toldFailures = new Set<string>();
  private readonly started = Date.now();

  private constructor(
    private readonly api: Scorm12Api,
    private readonly browser: SafeStorage,
    private readonly win: Window,
  ) {
    const start = callLms(api, 'LMSInitialize', '');
    this.initialized = this.startedInLms = start.ok;
    this.startProblem = start.problem;
    if (start.ok) this.readLaunch();
  }

  /** Finds the LMS and initializes with it; undefined means "no LMS, run as a normal page". */
  static start(win: Window = window): ScormSession | undefined {
    const api = findScormApi(win);
    if (!api) return undefined;
    const session = new ScormSession(api, new SafeStorage('attention-lab'), win);
    win.addEventListener('pagehide', () => session.finish());
    return session;
  }

  /** For variant=learner when the LMS names no learner: a seed kept in its suspend data; undefined until it starts. */
  learnerSeed(): string | undefined {
    if (!this.initialized || this.learnerId) return undefined;
    this.ownSeed ??= freshSeed();
    return this.ownSeed;
  }

  // What the LMS knows at launch: the learner, the settings, the saved progress and where new records go.
  private readLaunch(): void {
    const read = (element: string) => {
      const answer = callLms(this.api, 'LMSGetValue', element);
      if (!answer.ok) this.notes.push(say.notRead(answer.problem));
      return answer.value;
    };
    this.learnerId = read('cmi.core.student_id').slice(0, 255);
    this.launchData = read('cmi.launch_data').slice(0, 4096);
    const status = read('cmi.core.lesson_status');
    this.complete = status === 'completed' || status === 'passed';
    this.values = new LmsValues({ 'cmi.core.lesson_status': this.complete ? 'completed' : status });
    this.readSuspend();
    this.ownSeed = this.saved.seed;
    const count = callLms(this.api, 'LMSGetValue', 'cmi.interactions._count');
    const lms = countOf(count);
    const own = this.saved.interactions;
    // Our own count (suspend data) guards against a _count that lies low; v1 data had none, but one record per attempt.
    const floor = own ?? Object.values(this.saved.progress).reduce((sum, entry) => sum + entry.attempts, 0);
    this.recorder = new InteractionRecorder(lms === undefined ? floor : Math.max(lms, own ?? 0), (refused) =>
      [countOf(callLms(this.api, 'LMSGetValue', 'cmi.interactions._count')), own].flatMap((slot) =>
        slot !== undefined && slot < refused ? [slot] : [],
      ),
    );
    if (['401', '402', '403'].includes(count.code)) this.recorder.unsupported = count.problem;
  }

  // Reads cmi.suspend_data; while it cannot be read the page never writes it (the LMS's copy would be lost).
  private readSuspend(): boolean {
    const saved = callLms(this.api, 'LMSGetValue', 'cmi.suspend_data');
    this.suspendRead = saved.ok;
    if (!saved.ok) {
      this.notes.push(say.suspendNotRead(saved.problem));
      return false;
    }
    this.saved = readSuspendData(saved.value);
    this.values.accept('cmi.suspend_data', saved.value);
    return true;
  }

  /** Restores saved progress into the store before the lesson renders, then reports every change to the LMS. */
  attach(store: ProgressStore, events: LessonEvents, announce: (text: string) => void): void {
    this.store = store;
    this.announce = announce;
    if (this.browser.get(ownerlessKey) !== null) this.browser.remove(ownerlessKey); // nobody's: never sent
    if (this.initialized) this.restore(store);
    else this.tell(say.notStarted(this.startProblem));
    events.on('progress', ({ points, total }) => {
      this.score = { points, total };
      this.schedule();
    });
    // A prediction is recorded like an answer (weighted 0) and kept in suspend data; the score never counts it.
    events.on('predicted', ({ widget, prediction, record }) => {
      this.recorder.recordPrediction(widget, prediction, record);
      this.schedule();
    });
    events.on('answered', ({ attempt }) => {
      if (!attempt) return;
      this.recorder.record(attempt);
      this.schedule();
    });
    // Completion stays once earned: a wrong retry afterwards lowers the score, not the status.
    events.on('completed', () => {
      this.complete = true;
      this.schedule();
    });
  }

  /** Leaving: a last report with cmi.core.exit and session_time, then LMSFinish. */
  finish(): void {
    if (this.finished) return;
    this.report(true);
    this.finished = true;
  }

  private restore(store: ProgressStore): void {
    this.notes.forEach((note) => this.tell(note));
    this.unsent = new UnsentRecords(this.browser, {
      sco: this.win.location.pathname,
      lesson: store.lessonSlug,
      learner: this.learnerId,
    });
    let progress = this.saved.progress;
    const kept = this.unsent.read();
    if (kept) {
      progress = newerProgress(progress, readSuspendData(kept.suspend).progress);
      this.recorder.restore(kept.interactions);
      this.tell(say.keptHere);
    }
    if (Object.keys(progress).length > 0) store.replace(progress);
    if (this.saved.predictions) store.mergePredictions(this.saved.predictions);
    const setAside = Object.keys(this.saved.setAside);
    if (setAside.length > 0) this.tell(say.setAside(setAside));
    if (this.saved.version === 0 && this.saved.unreadable !== undefined) this.tell(say.unreadable);
    if (this.recorder.unsupported) this.tell(say.noInteractions(this.recorder.unsupported));
  }

  private tell(text: string, until: Set<string> = this.told): void {
    if (until.has(text)) return;
    until.add(text);
    this.announce(text);
  }

  private tellFailure(text: string): void {
    this.tell(text, this.toldFailures);
  }

  // One report for a burst of events, once the verdict that caused it is on the screen. The page's root says whether
  // one is waiting (data-scorm-report: pending, then idle), for whoever watches the page, tests included.
  private schedule(): void {
    if (this.scheduled || this.finished) return;
    this.scheduled = true;
    const root = this.win.document.documentElement;
    root.dataset.scormReport = 'pending';
    afterPaint(this.win, () => {
      try {
        if (this.scheduled) this.report();
      } finally {
        if (!this.scheduled) root.dataset.scormReport = 'idle';
      }
    });
  }

  // Status, score, new interactions and suspend data, each only if changed, then a commit (and on leaving LMSFinish);
  // what the LMS refuses is kept in this browser for this learner and sent again later.
  private report(leaving = false): void {
    this.scheduled = false;
    const store = this.store;
    if (this.finished) return;
    if (store && this.failures >= triesBeforeGivingUp && !leaving) return this.keep(store, true);
    const problems: string[] = [];
    if (!this.initialized && store) this.initializeLate(store, problems);
    if (!this.initialized) return this.settle(store, problems, undefined);
    if (store && !this.suspendRead && this.readSuspend())
      store.replace(newerProgress(this.saved.progress, store.current)); // readable now: nothing of either is lost
    const write: LmsWrite = (element, value) => callLms(this.api, 'LMSSetValue', element, value);
    const { points, total } = this.score;
    const values: Array<[string, string]> = [
      ['cmi.core.lesson_status', this.complete ? 'completed' : 'incomplete'],
      ['cmi.core.score.min', '0'],
      ['cmi.core.score.max', '100'],
      ['cmi.core.score.raw', String(total ? Math.round((100 * points) / total) : 0)],
    ];
    if (store) problems.push(...this.values.write(write, values));
    const unsupported = this.recorder.unsupported;
    const records = this.recorder.flush(write);
    if (!unsupported && this.recorder.unsupported) this.tell(say.noInteractions(this.recorder.unsupported));
    const suspend = store && this.suspendRead ? this.suspendText(store) : undefined;
    if (suspend !== undefined) problems.push(...this.values.write(write, [['cmi.suspend_data', suspend]]));
    if (leaving) {
      const exit: Array<[string, string]> = [['cmi.core.exit', this.complete ? '' : 'suspend']];
      exit.push(['cmi.core.session_time', scormTimespan(Date.now() - this.started)]);
      this.values.write(write, exit); // neither is progress: a refusal here loses no answer
    }
    let commit = this.values.uncommitted || records.wrote || leaving ? callLms(this.api, 'LMSCommit', '') : undefined;
    // LMSFinish persists what was set, in SCORM 1.2 as in any LMS: a refused commit before it is then made good.
    if (leaving && callLms(this.api, 'LMSFinish', '').ok && !commit?.ok)
      commit = { ok: true, value: '', problem: '', code: '' };
    if (commit?.ok) {
      this.values.committed();
      this.recorder.committed();
    } else if (commit) {
      this.values.commitFailed();
      this.recorder.commitFailed();
      problems.push(commit.problem);
    }
    this.settle(store, problems, records.problem);
  }

  // After a report: the learner hears how it went, and this browser keeps what the LMS did not take.
  private settle(store: ProgressStore | undefined, problems: string[], answers: string | undefined): void {
    const [problem] = problems;
    if (problem !== undefined) this.refused(problem);
    else if (answers !== undefined) this.answerRefused(answers);
    else this.reported();
    if (store) this.keep(store, problem !== undefined || !this.suspendRead);
  }

  // An LMS that did not start at launch starts now: what it held and what was answered meanwhile are merged.
  private initializeLate(store: ProgressStore, problems: string[]): void {
    const start = callLms(this.api, 'LMSInitialize', '');
    if (!start.ok) {
      problems.push(start.problem);
      return;
    }
    this.initialized = true;
    this.readLaunch();
    this.notes.forEach((note) => this.tell(note));
    this.unsent = new UnsentRecords(this.browser, {
      sco: this.win.location.pathname,
      lesson: store.lessonSlug,
      learner: this.learnerId,
    });
    store.replace(newerProgress(this.saved.progress, store.current));
  }

  private suspendText(store: ProgressStore): string | undefined {
    const written = writeSuspendData({
      progress: store.current,
      setAside: this.saved.setAside,
      unreadable: this.saved.unreadable,
      interactions: this.recorder.filled,
      seed: this.ownSeed,
      predictions: store.predictions,
    });
    if (!written) {
      this.tell(say.tooLong);
      return undefined;
    }
    const { answerTexts, loggedAnswers, lastAnswers, setAside, unreadable } = written.dropped;
    if (answerTexts + loggedAnswers + lastAnswers + setAside > 0 || unreadable) this.tell(say.dropped(written.dropped));
    return written.text;
  }

  // Keeps in this browser, for this learner only, what the LMS has not taken; forgets it once it has.
  private keep(store: ProgressStore, refused: boolean): void {
    if (!this.unsent?.keeps) return;
    if (!refused && this.recorder.waiting === 0) {
      this.unsent.clear();
      return;
    }
    const suspend = writeSuspendData({ progress: store.current, setAside: {} })?.text ?? '';
    this.unsent.write({ suspend, interactions: this.recorder.unsent });
  }

  private reported(): void {
    if (this.failures > 0 || this.answersFailing) this.tellFailure(say.recovered);
    this.failures = 0;
    this.answersFailing = false;
    this.toldFailures.clear();
  }

  // The score and progress went through; only an answer's record did not, and it is sent again with the next report.
  private answerRefused(problem: string): void {
    if (this.failures > 0) this.tellFailure(say.recovered);
    this.failures = 0;
    this.answersFailing = true;
    this.tellFailure(say.answerNotRecorded(problem));
  }

  private refused(problem: string): void {
    this.failures += 1;
    if (!this.initialized) return; // "did not start" was said, and it says the page tries again
    const keeps = this.unsent?.keeps ?? false;
    this.tellFailure(
      this.failures >= triesBeforeGivingUp ? say.gaveUp(problem, keeps) : say.notRecorded(problem, keeps),
    );
  }
}
