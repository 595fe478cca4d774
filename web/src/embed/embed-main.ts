// Entry of embed.html: one widget, one question or a whole lesson in compact chrome, reporting to the host page.
import { t } from '../i18n/messages.js';
import 'katex/dist/katex.min.css';
import '../styles/lesson.css';
import '../styles/widget-slots.generated.css';
import '../styles/embed.css';
import { flattenWidgetParams } from '../authoring/widget-schema.js';
import { LessonEvents } from '../lesson/lesson-events.js';
import { ProgressStore } from '../lesson/progress-store.js';
import { SafeStorage } from '../lesson/safe-storage.js';
import { showCoreStatus } from '../lesson/core-status.js';
import { CoreClient } from '../worker/core-client.js';
import { reportHeight } from './auto-height.js';
import { readEmbedLocale, readEmbedRequest } from './embed-request.js';
import { renderEmbed } from './embed-view.js';
import { embeddingOrigin, postToHost, targetOrigins } from './host-bridge.js';
import { loadLocale, questionsOf } from '../lesson/lessons.js';
import { MessageMaker } from './messages.js';
import { relayLessonEvents } from './relay.js';
import { lessonUrl } from './snippet.js';
import { learnerSeed } from './learner-seed.js';
import { isMeasuringFrame, measuringStorage } from './measure-frame.js';
import { startToolLaunch } from './tool-launch.js';

const notices = document.getElementById('page-notices') as HTMLElement;
const announce = (text: string | undefined) => {
  if (text) notices.append(Object.assign(document.createElement('p'), { textContent: text }));
};

// Under the LTI tool in a graded launch (the lti build) the server's record of the learner and the placement's lesson
// come first, and the server grades. The mode is tested here, not imported, so that other builds drop the tool's code.
const tool = import.meta.env.MODE === 'lti' ? await startToolLaunch() : undefined;
announce(tool?.problem);
const search = new URLSearchParams(location.search);
// The frame's language, before any of the lesson is drawn: the page's strings and the lesson follow <html lang>.
const language = readEmbedLocale(search.get('lang'));
document.documentElement.lang = language.locale;
announce(language.problem);
await loadLocale(language.locale).catch((error: unknown) =>
  announce(
    t('lesson.localeFailed', {
      locale: language.locale,
      message: error instanceof Error ? error.message : String(error),
    }),
  ),
);
const request = readEmbedRequest(search);
request.problems.forEach(announce);
// A lesson not yet translated is shown in the original, and the frame's strings with it.
if (request.lesson) document.documentElement.lang = request.locale;

if (request.lesson) {
  const lesson = request.lesson;
  if (request.theme) document.documentElement.dataset.theme = request.theme;
  const events = new LessonEvents();
  const host = window.parent !== window ? window.parent : undefined;
  if (host) {
    const { origins, problem } = targetOrigins(request.origin, embeddingOrigin());
    announce(problem);
    const maker = new MessageMaker(request.frame, lesson.slug);
    const questionIds = request.whole
      ? questionsOf(lesson).map((q) => q.id)
      : request.question
        ? [request.question.id]
        : [];
    relayLessonEvents(events, maker, questionIds, (message) => postToHost(host, origins, message));
    // Sizes start once the content is there, so `ready` is the host's first message.
    queueMicrotask(() => reportHeight(host, origins, maker));
  }

  // Inside a third-party frame storage is partitioned or refused; SafeStorage keeps the questions working either way,
  // and says how long answers last only where there are answers to lose (a lone widget keeps nothing).
  const measuring = isMeasuringFrame();
  const storage = measuring ? measuringStorage() : (tool?.storage ?? new SafeStorage('attention-lab'));
  const store = new ProgressStore(storage, lesson.slug);
  if (tool) store.replace(tool.server.progress);
  const asksQuestions = request.question !== undefined || (request.whole && questionsOf(lesson).length > 0);
  if (asksQuestions) {
    announce(storage.problem);
    announce(store.notice);
    storage.onSavingChange(announce);
  }

  const client = new CoreClient();
  showCoreStatus(
    client,
    document.getElementById('core-status') as HTMLElement,
    request.question ? t('core.questionStillWorks') : '',
  );

  // variant=learner without an LMS: this browser's seed stands in for the learner.
  const seeded = asksQuestions && request.policy.variant.kind === 'learner' ? learnerSeed(storage) : undefined;
  announce(seeded?.notice);
  const context = { client, store, events, announce, learner: seeded?.seed, server: tool?.server };
  document.getElementById('embed')?.replaceChildren(renderEmbed(request, context).element);
  document.title = t('page.title', { lesson: lesson.title });
  const widget = request.widget && {
    id: request.widget.id,
    state: flattenWidgetParams(request.widget.params),
    hidden: request.widget.hidden,
  };
  document
    .getElementById('embed-open')
    ?.setAttribute(
      'href',
      lessonUrl(location.href, { lesson: lesson.slug, locale: request.locale, widget, question: request.question?.id }),
    );
}
