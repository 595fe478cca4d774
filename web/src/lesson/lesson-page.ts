// The full lesson page, shared by the site (lesson.html), the single-file build and the SCORM package. The page's
// prerendered figures start first, with only their own code (first-widgets.ts); the lesson's data, its questions
// and the other figures load after them (lesson-live.ts).
import { anyCatalogLoaded, loadPageWords, pageLocale, t } from '../i18n/messages.js';
import { CoreClient } from '../worker/core-client.js';
import { showCoreStatus } from './core-status.js';
import { FirstWidgets } from './first-widgets.js';
import type { GradedSettings } from '../quiz-ui/graded-settings.js';
import type { LessonEvents } from './lesson-events.js';
import type { ProgressStore } from './progress-store.js';
import { arrivingPlace, carryPlaceAcrossLanguages, goToChosenLanguage } from './language-choice.js';
import { keepPlaceAcrossReloads } from './reader-place.js';
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

/**
 * Starts the core worker at once, and the page once its HTML is parsed and its words are in: the entry script is
 * async, so on a slow network the worker fetches and compiles the WASM, and the page's catalog (its language's only)
 * arrives, while the long prerendered lesson is still being parsed.
 */
export function startLessonPage(options: LessonPageOptions): void {
  const client = new CoreClient();
  const parsed = new Promise<void>((resolve) => {
    if (document.readyState !== 'loading') resolve();
    else document.addEventListener('DOMContentLoaded', () => resolve(), { once: true });
  });
  // A failed fetch of the page's catalog leaves the original's words (the live lesson says so); with none at all
  // the prerendered lesson stays readable, and the reason is shown.
  const words = loadPageWords(pageLocale()).catch((error: unknown) => {
    if (!anyCatalogLoaded()) throw error;
  });
  void Promise.all([words, parsed]).then(
    () => startParsedPage(options, client),
    (error: unknown) =>
      parsed.then(() =>
        document.getElementById('page-notices')?.append(
          Object.assign(document.createElement('p'), {
            textContent: error instanceof Error ? error.message : String(error),
          }),
        ),
      ),
  );
}

function startParsedPage(options: LessonPageOptions, client: CoreClient): void {
  const notices = document.getElementById('page-notices') as HTMLElement;
  const announce = (text: string | undefined) => {
    if (text) notices.append(Object.assign(document.createElement('p'), { textContent: text }));
  };
  const root = document.getElementById('lesson');
  const prerendered = root?.dataset.lesson ?? null;
  const wanted = new URLSearchParams(location.search).get('lesson') ?? prerendered;

  const storage = options.storage ?? new SafeStorage('attention-lab');
  // At the site root a reader whose language has its own pages goes there before anything starts here.
  if (goToChosenLanguage(storage)) return;
  document.getElementById('toolbar')?.append(themeToggle(storage));
  announce(storage.problem);
  storage.onSavingChange(announce);

  showCoreStatus(client, document.getElementById('core-status') as HTMLElement, t('core.textStillWorks'));
  const url = readUrlState(location.search);
  // Back where the reader was before a reload, before the figures in view start.
  if (root) keepPlaceAcrossReloads(root, arrivingPlace(wanted));
  if (root) carryPlaceAcrossLanguages(root, wanted ?? '', storage);
  // Figures of the page's own lesson start now; another lesson named in the URL is drawn by the live lesson alone.
  const first =
    root && prerendered !== null && wanted === prerendered ? new FirstWidgets(root, { client, url }) : undefined;
  // The lesson's data, questions and other figures load once the first figure has drawn (or after 2 s at most).
  const loadLive = () =>
    import('./lesson-live.js').then(
      ({ startLiveLesson }) => startLiveLesson({ ...options, wanted, client, url, announce, storage, first }),
      (error: unknown) =>
        announce(t('lesson.loadFailed', { message: error instanceof Error ? error.message : String(error) })),
    );
  if (!first) void loadLive();
  else void Promise.race([first.settled, new Promise((resolve) => setTimeout(resolve, 2000))]).then(loadLive);
}
