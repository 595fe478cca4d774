// Entry of the lesson page: picks the lesson, starts the core worker, and renders everything from compiled data.
import 'katex/dist/katex.min.css';
import './styles/lesson.css';
import type { CompiledLesson } from './authoring/compiled.js';
import { LessonView } from './lesson/render-lesson.js';
import { ProgressStore } from './lesson/progress-store.js';
import { SafeStorage } from './lesson/safe-storage.js';
import { themeToggle } from './lesson/theme.js';
import { readUrlState } from './lesson/url-state.js';
import { CoreClient } from './worker/core-client.js';

const compiled = import.meta.glob<CompiledLesson>('../generated/lessons/*.json', { eager: true, import: 'default' });
const lessons = Object.entries(compiled).filter(([path]) => !path.endsWith('/index.json')).map(([, lesson]) => lesson);

const notices = document.getElementById('page-notices') as HTMLElement;
const announce = (text: string) => {
  if (!text) return;
  const line = Object.assign(document.createElement('p'), { textContent: text });
  notices.append(line);
};

const params = new URLSearchParams(location.search);
const wanted = params.get('lesson');
const lesson = lessons.find((l) => l.slug === wanted) ?? lessons[0];
if (wanted && lesson?.slug !== wanted) announce(`There is no lesson called “${wanted.slice(0, 60)}”; showing “${lesson?.title ?? ''}” instead.`);

const storage = new SafeStorage('attention-lab');
document.getElementById('toolbar')?.append(themeToggle(storage));
announce(storage.problem);

const status = document.getElementById('core-status') as HTMLElement;
const client = new CoreClient();
client.ready.then(
  () => (status.textContent = ''),
  (error: Error) => (status.textContent = `The interactive figures could not start: ${error.message}. The text and questions still work.`),
);

if (lesson) {
  const store = new ProgressStore(storage, lesson.slug);
  announce(store.notice);
  const view = new LessonView(lesson, { client, store, url: readUrlState(location.search), announce });
  document.title = `${lesson.title} · Attention Lab`;
  document.getElementById('lesson')?.replaceChildren(view.element);
}
