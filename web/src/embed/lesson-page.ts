// The full lesson page, shared by the site (index.html), the single-file build and the SCORM package.
import { LessonEvents } from '../lesson/lesson-events.js';
import { ProgressStore } from '../lesson/progress-store.js';
import { LessonView } from '../lesson/render-lesson.js';
import { SafeStorage } from '../lesson/safe-storage.js';
import { themeToggle } from '../lesson/theme.js';
import { readUrlState } from '../lesson/url-state.js';
import { CoreClient } from '../worker/core-client.js';
import { addEmbedButtons } from './embed-buttons.js';
import { findLesson } from './lessons.js';

export interface LessonPageOptions {
  /** "Embed this" on widgets and questions: only where the page has a URL others can frame. */
  embedButtons: boolean;
  /** Where progress lives; the SCORM package keeps it in the LMS instead of this browser. */
  storage?: SafeStorage;
  /** Runs before the lesson renders, e.g. to restore progress from an LMS. */
  beforeRender?: (store: ProgressStore, events: LessonEvents, announce: (text: string | undefined) => void) => void;
}

export function startLessonPage(options: LessonPageOptions): void {
  const notices = document.getElementById('page-notices') as HTMLElement;
  const announce = (text: string | undefined) => {
    if (text) notices.append(Object.assign(document.createElement('p'), { textContent: text }));
  };
  const { lesson, problem } = findLesson(new URLSearchParams(location.search).get('lesson'));
  announce(problem);

  const storage = options.storage ?? new SafeStorage('attention-lab');
  document.getElementById('toolbar')?.append(themeToggle(storage));
  announce(storage.problem);
  storage.onSavingChange(announce);

  const status = document.getElementById('core-status') as HTMLElement;
  const client = new CoreClient();
  client.ready.then(
    () => (status.textContent = ''),
    (error: Error) => (status.textContent = `The interactive figures could not start: ${error.message}. The text and questions still work.`),
  );
  if (!lesson) return;

  const store = new ProgressStore(storage, lesson.slug);
  announce(store.notice);
  const events = new LessonEvents();
  try {
    options.beforeRender?.(store, events, announce);
  } catch (error) {
    // Whatever a host integration does wrong, the lesson itself still renders.
    announce(`Starting the lesson's connection failed (${error instanceof Error ? error.message : String(error)}).`);
  }
  const url = readUrlState(location.search);
  const view = new LessonView(lesson, { client, store, url, announce, events });
  document.title = `${lesson.title} · Attention Lab`;
  document.getElementById('lesson')?.replaceChildren(view.element);
  if (options.embedButtons && /^https?:$/.test(location.protocol)) addEmbedButtons(view, lesson, url);
}
