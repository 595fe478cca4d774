// Entry of the single-file lesson and of the SCORM package: the lesson page, which reports to an LMS when it finds one
// (then progress lives in the LMS's suspend data, not in this browser) and otherwise behaves like the site.
import 'katex/dist/katex.min.css';
import '../styles/lesson.css';
import '../styles/embed.css';
import { SafeStorage } from '../lesson/safe-storage.js';
import { startLessonPage } from '../lesson/lesson-page.js';
import { MemoryStorage } from './memory-storage.js';
import { ScormSession } from './scorm12.js';

const session = ScormSession.start();
startLessonPage({
  embedButtons: false,
  // An LMS that did not start the session cannot keep progress: this browser keeps it, so no answer is lost.
  storage: session?.startedInLms ? new SafeStorage('attention-lab', () => new MemoryStorage()) : undefined,
  beforeRender: session && ((store, events, announce) => session.attach(store, events, announce)),
});
