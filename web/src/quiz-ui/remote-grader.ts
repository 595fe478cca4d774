// Under the LTI tool in a graded launch the page holds no answers (the `lti` build bundles answer-free lessons): the
// tool's server grades what the learner typed, decides their variant, keeps their attempts and releases the worked
// solution. This is the page's side of those routes (server/src/grading), called with the launch's ltik.
import { t } from '../i18n/messages.js';
import type { CompiledLesson } from '../authoring/compiled.js';
import { defaultLocale, readGradedPolicy, toLocale } from '../quiz/index.js';
import type { ChoiceOption, Grade, GradedPolicy, Locale, QuestionProgress, QuizProgress } from '../quiz/index.js';

/** The worked solution as the server releases it: its HTML and, for choice questions, every option's verdict. */
export interface ReleasedSolution {
  html: string;
  options?: ChoiceOption[];
}

/** Where the learner stands on a question, as the server decides it. */
export interface ServerQuestionState {
  /** The learner's record in the quiz engine's format: what the page's own rules read. */
  progress: QuestionProgress | null;
  attemptsUsed: number;
  attemptsLeft: number | null;
  locked: boolean;
  solution: 'hidden' | 'offered' | 'shown';
  explanation?: ReleasedSolution;
}

export interface ServerQuestion extends ServerQuestionState {
  id: string;
  variant: { index: number; count: number; key: string; seed: number };
}

export interface ServerVerdict extends ServerQuestionState {
  grade: Grade;
  /** The words the page shows, as the page would compose them. */
  message: string;
  afterSolution: boolean;
}

/** A request the server turned down: its sentence, and the question's record when that says more (e.g. locked). */
export class ServerRefusal extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly progress?: QuestionProgress,
  ) {
    super(message);
    this.name = 'ServerRefusal';
  }
}

const outsideCourse = () => t('grading.outsideCourse');

// The tool serves this page from /graded/ and its routes from /grading/, relative so that a proxy's path prefix
// (https://lab.example.edu/lti/) holds for both; the ltik the tool put in the page's URL authorises each call.
const routeUrl = (path: string) => new URL(`../grading/${path}`, location.href).toString();

async function call<T>(ltik: string, path: string, body?: unknown): Promise<T> {
  if (!ltik) throw new ServerRefusal(outsideCourse(), 0);
  let response: Response;
  try {
    response = await fetch(routeUrl(path), {
      method: body === undefined ? 'GET' : 'POST',
      headers: {
        Authorization: `Bearer ${ltik}`,
        ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch {
    throw new ServerRefusal(t('grading.unreachable'), 0);
  }
  const data = (await response.json().catch(() => ({}))) as { error?: unknown; progress?: QuestionProgress | null };
  if (!response.ok) {
    const message = typeof data.error === 'string' ? data.error : t('grading.answered', { status: response.status });
    throw new ServerRefusal(message, response.status, data.progress ?? undefined);
  }
  return data as T;
}

/** One graded launch's questions, as the server has them, and the calls that answer them. */
export class RemoteGrader {
  private constructor(
    private readonly ltik: string,
    /** The placement's lesson as the tool sends it: its questions answer-free, prose it does not show left out. */
    readonly lesson: CompiledLesson | undefined,
    readonly policy: GradedPolicy,
    private readonly questions: Map<string, ServerQuestion>,
    /** The lesson's language: the launch's where the lesson is translated into it. */
    readonly locale: Locale = defaultLocale,
  ) {}

  /** Reads the launch's questions from the server, with the ltik the tool put in the page's URL. */
  static async start(search: string = location.search): Promise<RemoteGrader> {
    const ltik = new URLSearchParams(search).get('ltik') ?? '';
    type Sent = { lesson: CompiledLesson; locale?: string; policy: string; questions: ServerQuestion[] };
    const data = await call<Sent>(ltik, 'questions');
    const { policy } = readGradedPolicy(new URLSearchParams(data.policy));
    policy.graded = true;
    const questions = new Map(data.questions.map((q) => [q.id, q]));
    return new RemoteGrader(ltik, data.lesson, policy, questions, toLocale(data.locale) ?? defaultLocale);
  }

  /** Where the server could not be asked: every answer is refused with the reason, and nothing is graded here. */
  static unavailable(): RemoteGrader {
    const { policy } = readGradedPolicy(new URLSearchParams('variant=fixed'));
    return new RemoteGrader('', undefined, policy, new Map());
  }

  /** The server's view of a question of this launch, or undefined for one it does not ask. */
  question(id: string): ServerQuestion | undefined {
    return this.questions.get(id);
  }

  /** The learner's records as the page's progress store keeps them. */
  get progress(): QuizProgress {
    const progress: QuizProgress = {};
    for (const [id, question] of this.questions)
      if (question.progress) Object.defineProperty(progress, id, { value: question.progress, enumerable: true });
    return progress;
  }

  answer(id: string, answer: { answer: string } | { choices: string[] }): Promise<ServerVerdict> {
    return call<ServerVerdict>(this.ltik, `questions/${encodeURIComponent(id)}/answers`, answer);
  }

  solution(id: string): Promise<ServerQuestionState> {
    return call<ServerQuestionState>(this.ltik, `questions/${encodeURIComponent(id)}/solution`, {});
  }
}
