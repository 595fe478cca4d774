// Entry of the lesson page: the lesson, live through the core worker, with "Embed this" on every widget and question.
import 'katex/dist/katex.min.css';
import '../styles/lesson.css';
import '../styles/widget-slots.generated.css';
import '../styles/prerendered-lesson.css';
import '../styles/embed.css';
import { startLessonPage } from './lesson-page.js';

startLessonPage({ embedButtons: true });
