// Entry of the single-file lesson and of the SCORM package: the lesson page, which reports to an LMS when it finds one
// (then progress lives in the LMS's suspend data, not in this browser) and otherwise behaves like the site.
import 'katex/dist/katex.min.css';
import '../styles/lesson.css';
import '../styles/widget-slots.generated.css';
import '../styles/prerendered-lesson.css';
import '../styles/embed.css';
import { SafeStorage } from '../lesson/safe-storage.js';
import { startLessonPage } from '../lesson/lesson-page.js';
import { gradedParams, readGradedPolicy } from '../quiz/index.js';
import { anyCatalogLoaded, loadPageWords, pageLocale } from '../i18n/messages.js';
import { freshSeed, learnerSeed, seedNotices } from './learner-seed.js';
import { MemoryStorage } from './memory-storage.js';
import { ScormSession } from './scorm12.js';

// The package's notices are in the page's words, so it starts once its catalog is in (bundled in this file); with
// no words at all, the lesson page alone starts and says why.
void loadPageWords(pageLocale())
  .catch(() => undefined)
  .then(() => (anyCatalogLoaded() ? startPackage() : startLessonPage({ embedButtons: false })));

function startPackage(): void {
  const session = ScormSession.start();
  // The package's settings come from cmi.launch_data (the manifest's datafromlms); the SCO's own URL overrides them.
  const settings = new URLSearchParams(session?.launchData ?? '');
  for (const [name, value] of new URLSearchParams(location.search))
    if ((gradedParams as readonly string[]).includes(name)) settings.set(name, value);
  const { policy, problems } = readGradedPolicy(settings, pageLocale());
  // An LMS receives the score: that alone makes the package a graded context, policy or not.
  if (session) policy.graded = true;
  // variant=learner: the LMS's learner id where there is one; else, in an LMS, a seed it keeps in suspend data (none
  // in this browser, which another learner may use next); without an LMS a seed kept in this browser.
  function seedFor(lms: ScormSession | undefined): { seed: string; notice?: string } {
    if (!lms) return learnerSeed(new SafeStorage('attention-lab'));
    const kept = lms.learnerSeed();
    return kept ? { seed: kept } : { seed: freshSeed(), notice: seedNotices.page };
  }
  const seeded = policy.variant.kind === 'learner' && !session?.learnerId ? seedFor(session) : undefined;
  startLessonPage({
    embedButtons: false,
    // In an LMS progress lives there: this page keeps it in memory only (what the LMS refuses is kept for its learner).
    storage: session ? new SafeStorage('attention-lab', () => new MemoryStorage()) : undefined,
    graded: { policy, learner: session?.learnerId || seeded?.seed },
    beforeRender: (store, events, announce) => {
      problems.forEach(announce);
      announce(seeded?.notice);
      session?.attach(store, events, announce);
    },
  });
}
