// Entry of the lesson page: starts the core worker and mounts the widgets.
import './styles/lesson.css';
import { ScoreSoftmaxWidget } from './widgets/score-softmax-widget.js';
import { CoreClient } from './worker/core-client.js';

const status = document.getElementById('core-status');
const client = new CoreClient();
client.ready.then(
  () => status?.replaceChildren('Core loaded (WebAssembly, in a worker).'),
  (error: Error) => status?.replaceChildren(`The interactive parts could not start: ${error.message}`),
);
document.getElementById('widget-score-softmax')?.append(new ScoreSoftmaxWidget(client, { dk: 512, seed: 1 }).element);
