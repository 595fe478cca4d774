// The messages an embedded lesson sends its host (version 1), built field by field so nothing else (no answer key,
// no typed answer) can ride along. README "Embed in your course" documents them.
import type { LessonEventMap } from '../lesson/lesson-events.js';

export const messageType = 'attention-lab';
export const protocolVersion = 1;

export type Verb = 'ready' | 'resize' | 'answered' | 'progress' | 'completed';

/** xAPI verb IRIs for the verbs that have one, so a host can forward them to a learning record store. */
export const verbIds = {
  ready: 'http://adlnet.gov/expapi/verbs/initialized',
  answered: 'http://adlnet.gov/expapi/verbs/answered',
  progress: 'http://adlnet.gov/expapi/verbs/progressed',
  completed: 'http://adlnet.gov/expapi/verbs/completed',
} as const;

interface Envelope<V extends Verb> {
  type: typeof messageType;
  version: typeof protocolVersion;
  verb: V;
  /** The `frame` URL parameter (or element id), so a host with several embeds can tell them apart; '' when none. */
  frame: string;
  lesson: string;
}

export type ReadyMessage = Envelope<'ready'> & { verbId: string; widgets: string[]; questions: string[] };
export type ResizeMessage = Envelope<'resize'> & { height: number };
/** The variant a question showed: index, key (e.g. 'dk=384'; '' for the lesson's own numbers) and parameters. */
export interface VariantShown {
  index: number;
  key: string;
  params: Record<string, number | string>;
}
export type AnsweredMessage = Envelope<'answered'> & {
  verbId: string;
  questionId: string;
  correct: boolean;
  attempts: number;
  /** Given after the worked solution of its numbers was shown: right or not, it earns no points. */
  afterSolution: boolean;
  variant: VariantShown;
};
/**
 * points: right answers count 1, a wrong multi-select its partial credit, an answer given after the worked solution
 * 0 (the SCORM score's numerator); afterSolution: questions right only by such an answer.
 */
export type ProgressMessage = Envelope<'progress'> & {
  verbId: string;
  answered: number;
  correct: number;
  total: number;
  points: number;
  afterSolution: number;
};
/** score is points / total, from 0 to 1 (xAPI's scaled score); every question is right when it is sent. */
export type CompletedMessage = Envelope<'completed'> & {
  verbId: string;
  score: number;
  correct: number;
  total: number;
};
export type HostMessage = ReadyMessage | ResizeMessage | AnsweredMessage | ProgressMessage | CompletedMessage;

/** Messages about a learner's answers: sent only to an origin the host named or the embedding page's own. */
export const learnerVerbs: ReadonlySet<Verb> = new Set(['answered', 'progress', 'completed']);

export class MessageMaker {
  constructor(
    private readonly frame: string,
    private readonly lesson: string,
  ) {}

  private envelope<V extends Verb>(verb: V): Envelope<V> {
    return { type: messageType, version: protocolVersion, verb, frame: this.frame, lesson: this.lesson };
  }

  ready(widgets: readonly string[], questions: readonly string[]): ReadyMessage {
    return { ...this.envelope('ready'), verbId: verbIds.ready, widgets: [...widgets], questions: [...questions] };
  }

  resize(height: number): ResizeMessage {
    return { ...this.envelope('resize'), height: Math.max(0, Math.ceil(height)) };
  }

  answered({ questionId, correct, attempts, afterSolution, variant }: LessonEventMap['answered']): AnsweredMessage {
    // Copied value by value: only numbers and strings of the parameters, nothing else of the question.
    const params: Record<string, number | string> = {};
    for (const [name, value] of Object.entries(variant?.params ?? {}))
      if (typeof value === 'number' || typeof value === 'string') params[name] = value;
    const shown = { index: variant?.index ?? 0, key: variant?.key ?? '', params };
    const after = afterSolution === true;
    const verb = { verbId: verbIds.answered, questionId, correct, attempts, afterSolution: after, variant: shown };
    return { ...this.envelope('answered'), ...verb };
  }

  progress({ answered, correct, total, points, afterSolution }: LessonEventMap['progress']): ProgressMessage {
    const counts = { answered, correct, total, points, afterSolution };
    return { ...this.envelope('progress'), verbId: verbIds.progress, ...counts };
  }

  completed({ score, correct, total }: LessonEventMap['completed']): CompletedMessage {
    return { ...this.envelope('completed'), verbId: verbIds.completed, score, correct, total };
  }
}

export function isHostMessage(data: unknown): data is HostMessage {
  const message = data as Partial<HostMessage> | null;
  return (
    typeof message === 'object' &&
    message !== null &&
    message.type === messageType &&
    message.version === protocolVersion
  );
}
