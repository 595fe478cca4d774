// The SCO side of SCORM 1.2: find the LMS's API (window.API in a parent or opener frame), restore progress from
// cmi.suspend_data, and report score, completion and progress. Without an LMS none of this runs.
import type { LessonEvents } from '../lesson/lesson-events.js';
import type { ProgressStore } from '../lesson/progress-store.js';
import { isQuizProgress, type GradeStatus, type QuizProgress } from '../quiz/index.js';

export interface Scorm12Api {
  LMSInitialize(parameter: ''): unknown;
  LMSFinish(parameter: ''): unknown;
  LMSGetValue(element: string): unknown;
  LMSSetValue(element: string, value: string): unknown;
  LMSCommit(parameter: ''): unknown;
}

const isApi = (value: unknown): value is Scorm12Api =>
  typeof value === 'object' && value !== null && typeof (value as Scorm12Api).LMSInitialize === 'function' &&
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
  let opener: Window | null = null;
  try {
    opener = start.top?.opener ?? start.opener;
  } catch {
    opener = null;
  }
  return searchUp(start) ?? searchUp(opener);
}

/** cmi.suspend_data holds at most 4096 characters in SCORM 1.2. */
export const suspendDataLimit = 4096;
const statusCodes: Record<GradeStatus, string> = { correct: 'c', incorrect: 'i', unreadable: 'u' };
type Packed = [attempts: number, correct: 0 | 1, status: string, lastAnswer: string];

/** Compact JSON of the progress; typed answers are dropped when they would not fit, verdicts never. */
export function encodeSuspendData(progress: QuizProgress): string | undefined {
  const pack = (keepAnswers: boolean) => JSON.stringify({
    v: 1,
    q: Object.fromEntries(Object.entries(progress).map(([id, p]): [string, Packed] =>
      [id, [p.attempts, p.correct ? 1 : 0, statusCodes[p.lastStatus], keepAnswers ? p.lastAnswer : '']])),
  });
  const full = pack(true);
  if (full.length <= suspendDataLimit) return full;
  const short = pack(false);
  return short.length <= suspendDataLimit ? short : undefined;
}

export function decodeSuspendData(text: string): QuizProgress | undefined {
  try {
    const data = JSON.parse(text) as { v?: unknown; q?: Record<string, Packed> };
    if (data?.v !== 1 || typeof data.q !== 'object' || data.q === null) return undefined;
    const status = (code: string) => (Object.entries(statusCodes).find(([, c]) => c === code)?.[0] ?? '') as GradeStatus;
    const progress = Object.fromEntries(Object.entries(data.q).map(([id, p]) =>
      [id, { attempts: p[0], correct: p[1] === 1, lastStatus: status(p[2]), lastAnswer: p[3] }]));
    return isQuizProgress(progress) ? progress : undefined;
  } catch {
    return undefined;
  }
}

const ok = (result: unknown) => String(result) === 'true';

// CMITimespan, HHHH:MM:SS.SS.
function timespan(ms: number): string {
  const seconds = Math.max(0, ms) / 1000;
  const two = (n: number) => String(Math.floor(n)).padStart(2, '0');
  return `${two(seconds / 3600)}:${two((seconds / 60) % 60)}:${two(seconds % 60)}.${two((seconds * 100) % 100)}`;
}

export class ScormSession {
  private finished = false;
  private complete = false;
  private readonly started = Date.now();

  private constructor(private readonly api: Scorm12Api) {}

  /** Initializes with the LMS when one is found; undefined means "no LMS, run as a normal page". */
  static start(win: Window = window): ScormSession | undefined {
    const api = findScormApi(win);
    if (!api || !ok(api.LMSInitialize(''))) return undefined;
    const session = new ScormSession(api);
    win.addEventListener('pagehide', () => session.finish());
    return session;
  }

  private get(element: string): string {
    return String(this.api.LMSGetValue(element) ?? '');
  }

  private set(element: string, value: string): void {
    this.api.LMSSetValue(element, value);
  }

  /** Restores saved progress into the store before the lesson renders, then reports every change to the LMS. */
  attach(store: ProgressStore, events: LessonEvents, announce: (text: string) => void): void {
    const saved = this.get('cmi.suspend_data');
    const progress = saved ? decodeSuspendData(saved) : undefined;
    if (progress) store.replace(progress);
    else if (saved) announce('Your saved progress could not be read from the course, so it starts afresh.');
    const status = this.get('cmi.core.lesson_status');
    this.complete = status === 'completed' || status === 'passed';
    if (!this.complete) this.set('cmi.core.lesson_status', 'incomplete');
    events.on('progress', ({ correct, total }) => {
      this.set('cmi.core.score.min', '0');
      this.set('cmi.core.score.max', '100');
      this.set('cmi.core.score.raw', String(total ? Math.round((100 * correct) / total) : 0));
      const data = encodeSuspendData(store.current);
      if (data !== undefined) this.set('cmi.suspend_data', data);
      this.api.LMSCommit('');
    });
    // Completion stays once earned: a wrong retry afterwards lowers the score, not the status.
    events.on('completed', () => {
      this.complete = true;
      this.set('cmi.core.lesson_status', 'completed');
      this.api.LMSCommit('');
    });
  }

  finish(): void {
    if (this.finished) return;
    this.finished = true;
    this.set('cmi.core.exit', this.complete ? '' : 'suspend');
    this.set('cmi.core.session_time', timespan(Date.now() - this.started));
    this.api.LMSCommit('');
    this.api.LMSFinish('');
  }
}
