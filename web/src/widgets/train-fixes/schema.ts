// Parameters of "Train the fixes": the lesson compiler, the URL parser and the controls all read them here.
import { dk, keys, trainingSeed, type WidgetSchema } from '../params.js';
import { keysRange, mostKeysThatTrain, whyFewerKeys } from './limits.js';

const run = (fallback: boolean, what: string) =>
  ({ type: 'boolean', default: fallback, doc: `Train the run ${what}.` }) as const;

const keyDimension = dk(64, 512);
const fewest = mostKeysThatTrain(keyDimension.max);

export const schema = {
  dk: keyDimension,
  keys: {
    ...keys(32, keysRange.max),
    doc:
      'Number of keys n that the query is scored against: at most as many as every run can train at the chosen ' +
      `dₖ (${fewest} at dₖ = ${keyDimension.max}).`,
    maxGiven: { param: 'dk', max: mostKeysThatTrain, why: whyFewerKeys },
  },
  learningRate: {
    type: 'number',
    min: 0.00125,
    max: 0.32,
    default: 0.16,
    doc: "Adam's learning rate, the same for every run: raise it to see the logits grow and attention collapse.",
  },
  steps: { type: 'int', min: 20, max: 2000, default: 400, doc: 'Training steps of each run.' },
  unscaled: run(true, 'with raw scores q·k'),
  sqrt: run(true, 'with scores divided by √dₖ'),
  linear: run(true, 'with scores divided by dₖ'),
  learnedTemperature: run(true, 'dividing by a temperature τ learned with the weights, starting at √dₖ'),
  qkNorm: run(true, 'with q and k normalised to unit length, times a learned scale starting at √dₖ'),
  softcap: run(true, 'capping the ÷√dₖ scores softly at 50·tanh(s/50), as Gemma 2 does'),
  t5Init: run(false, 'with raw scores and W_q initialised 1/√dₖ smaller, as T5 does'),
  seed: trainingSeed,
} as const satisfies WidgetSchema;
