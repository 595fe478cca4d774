// What only the full core serves, in a chunk of its own: the worker's first chunk holds the first figure's small core
// alone, and fetches this when the page asks for it or a request needs more than the small core answers.
export { loadCompiledCore } from '../core/browser.js';
export { TrainingSession } from '../training/session.js';
