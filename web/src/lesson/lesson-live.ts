// The live lesson, loaded after the first figures: the lesson's data, its questions, progress and the other figures.
import { t } from '../i18n/messages.js';
import { addEmbedButtons } from '../embed/embed-buttons.js';
import type { CoreClient } from '../worker/core-client.js';
import type { FirstWidgets } from './first-widgets.js';
import type { LessonPageOptions } from './lesson-page.js';
import { LessonEvents } from './lesson-events.js';
import { instructorToggle } from './instructor-tools.js';
import { markCurrentLesson } from './lesson-index.js';
import { documentLocale, findLesson, loadLocale } from './lessons.js';
import { ProgressStore } from './progress-store.js';
import { layOutWholeLesson } from './full-layout.js';
import { keepReaderPlace, readerPlace } from './reader-place.js';
import { LessonView } from './render-lesson.js';
import { keepFinishedRunsIn } from '../training/kept-runs.js';
import type { SafeStorage } from './safe-storage.js';
import type { UrlState } from './url-state.js';

export interface LiveLessonOptions extends LessonPageOptions {
  /** The lesson's slug from the URL or the page, null when neither names one. */
  wanted: string | null;
  client: CoreClient;
  url: UrlState;
  announce: (text: string | undefined) => void;
  storage: SafeStorage;
  first?: FirstWidgets;
}

export async function startLiveLesson(options: LiveLessonOptions): Promise<void> {
  const { client, url, announce, storage, first } = options;
  // A page in another language than the original's brings in its translation first (the original is bundled).
  await loadLocale(documentLocale()).catch((error: unknown) =>
    announce(
      t('lesson.localeFailed', {
        locale: documentLocale(),
        message: error instanceof Error ? error.message : String(error),
      }),
    ),
  );
  const { lesson, problem } = findLesson(options.wanted);
  announce(problem);
  if (!lesson) return;

  const store = new ProgressStore(storage, lesson.slug);
  keepFinishedRunsIn(storage, lesson.slug);
  announce(store.notice);
  const events = new LessonEvents();
  try {
    options.beforeRender?.(store, events, announce);
  } catch (error) {
    // Whatever a host integration does wrong, the lesson itself still renders.
    announce(t('lesson.connectionFailed', { message: error instanceof Error ? error.message : String(error) }));
  }
  // The learner may be on a slider of a figure that moves into the live lesson: keep their focus where it was.
  const focused = document.activeElement;
  const view = new LessonView(lesson, {
    client,
    store,
    url,
    announce,
    events,
    premounted: first,
    graded: options.graded,
  });
  document.title = t('page.title', { lesson: lesson.title });
  markCurrentLesson(document, lesson.slug);
  const root = document.getElementById('lesson');
  const place = root ? readerPlace(root) : undefined;
  root?.replaceChildren(view.element);
  // The new sections' heights are measured before the reader's place is found again among them.
  layOutWholeLesson();
  keepReaderPlace(place);
  if (focused instanceof HTMLElement && focused !== document.activeElement && view.element.contains(focused))
    focused.focus({ preventScroll: true });
  // A figure of the prerendered page that the live lesson has no place for stops its work.
  first?.widgets.forEach((widget) => view.element.contains(widget.element) || widget.dispose());
  if (options.embedButtons && /^https?:$/.test(location.protocol)) {
    document.getElementById('toolbar')?.prepend(instructorToggle(storage));
    addEmbedButtons(view, lesson, url);
  }
}
