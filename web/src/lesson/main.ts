// Entry of the lesson page: the lesson, live through the core worker, with "Embed this" on every widget and question.
import 'katex/dist/katex.min.css';
import '../styles/lesson.css';
import '../styles/widget-slots.generated.css';
import '../styles/embed.css';
import { toolLessonPage } from '../embed/tool-launch.js';
import { startLessonPage } from './lesson-page.js';

// Under the LTI tool in a graded launch (the lti build) the server grades; everywhere else the page does. The mode is
// tested here, not imported, so that other builds drop the tool's code.
if (import.meta.env.MODE === 'lti') startLessonPage(await toolLessonPage());
else startLessonPage({ embedButtons: true });
