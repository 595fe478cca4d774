// What "Train it" asks the core before a run, in the worker; the run itself streams from training.ts.
export { compute, type TrainingParams, type TrainingPlanResult } from './training.js';
