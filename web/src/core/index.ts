// The package's "./core" entry: the same API in Node and the browser (conditional exports pick the loader).
export { loadCore } from './browser.js';
export { runKinds } from './run-kinds.js';
export type * from './types.js';
