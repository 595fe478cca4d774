// The full lesson page, shared by the site (lesson.html), the single-file build and the SCORM package.
import { addEmbedButtons } from '../embed/embed-buttons.js';
import { CoreClient } from '../worker/core-client.js';
import { showCoreStatus } from './core-status.js';
import { LessonEvents } from './lesson-events.js';
import { instructorToggle } from './instructor-tools.js';
import type { GradedSettings } from '../quiz-ui/graded-settings.js';
import { findLesson } from './lessons.js';
import { ProgressStore } from './progress-store.js';
import { LessonView } from './render-lesson.js';
import { SafeStorage } from './safe-storage.js';
import { themeToggle } from './theme.js';
import { readUrlState } from './url-state.js';

export interface LessonPageOptions {
  /** "Embed this" on widgets and questions: only where the page has a URL others can frame. */
  embedButtons: boolean;
  /** Where progress lives; the SCORM package keeps it in the LMS instead of this browser. */
  storage?: SafeStorage;
  /** Runs before the lesson renders, e.g. to restore progress from an LMS. */
  beforeRender?: (store: ProgressStore, events: LessonEvents, announce: (text: string | undefined) => void) => void;
  /** A graded context's policy and learner (the SCORM package); the lesson page's own rules without it. */
  graded?: GradedSettings;
}

export function startLessonPage(options: LessonPageOptions): void {
  const notices = document.getElementById('page-notices') as HTMLElement;
  const announce = (text: string | undefined) => {
    if (text) notices.append(Object.assign(document.createElement('p'), { textContent: text }));
  };
  const { lesson, problem } = findLesson(
    new URLSearchParams(location.search).get('lesson') ?? document.getElementById('lesson')?.dataset.lesson ?? null,
  );
  announce(problem);

  const storage = options.storage ?? new SafeStorage('attention-lab');
  document.getElementById('toolbar')?.append(themeToggle(storage));
  announce(storage.problem);
  storage.onSavingChange(announce);

  const client = new CoreClient();
  showCoreStatus(client, document.getElementById('core-status') as HTMLElement, 'The text and questions still work.');
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
  const view = new LessonView(lesson, { client, store, url, announce, events, graded: options.graded });
  document.title = `${lesson.title} · Attention Lab`;
  document.getElementById('lesson')?.replaceChildren(view.element);
  if (options.embedButtons && /^https?:$/.test(location.protocol)) {
    document.getElementById('toolbar')?.prepend(instructorToggle(storage));
    addEmbedButtons(view, lesson, url);
  }
}
