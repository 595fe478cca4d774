// Numbers a lesson may quote, each computed by the core: prose and answers name them, never type them.
import type { Core, Scale, SurvivalThresholds } from '../core/types.js';
import { checkParam, describeAllowed, isRequired, type ParamSpec, type ParamValue } from './param-spec.js';
import { scaleTemperature } from '../core/limits.js';

/** The part of the core the lesson build needs. */
export type ValuesCore = Pick<
  Core,
  | 'softmax'
  | 'softmaxStats'
  | 'softmaxJacobian'
  | 'saturationCrossing'
  | 'scoreStatistics'
  | 'normalWithin'
  | 'survivalThresholds'
  | 'float16OverflowSpread'
  | 'alignedScoreStatistics'
>;

type Args = Record<string, ParamValue>;

export interface CoreValue {
  /** One line for error messages and the authoring guide. */
  summary: string;
  params: Record<string, ParamSpec>;
  evaluate(core: ValuesCore, args: Args): number;
}

const dk = { type: 'int', min: 1, max: 65536, doc: 'key dimension dₖ: how many components q and k have' } as const;
const scale: ParamSpec = {
  type: 'enum',
  values: ['none', 'sqrt', 'linear'],
  orNumber: { type: 'number', min: scaleTemperature.min, max: scaleTemperature.max },
  default: 'none',
  doc: 'what the scores are divided by: none (1), sqrt (√dₖ), linear (dₖ) or a temperature number',
};
// −∞ is the mask the core's softmax accepts: that position gets weight 0.
const scores: ParamSpec = {
  type: 'list',
  minLength: 1,
  maxLength: 1024,
  minusInfinity: true,
  doc: 'attention scores, written [2, 1, -inf]; -inf masks a position',
};
const temperature: ParamSpec = {
  type: 'number',
  min: 0,
  minExclusive: true,
  max: 1e12,
  default: 1,
  doc: 'divides the scores before the softmax; higher is flatter',
};
const multiplier: ParamSpec = {
  type: 'number',
  min: 0,
  minExclusive: true,
  max: 1e6,
  default: 1,
  doc: 'multiplies every score first (e.g. 8 for scores grown by √64)',
};
const index = (doc: string): ParamSpec => ({ type: 'int', min: 0, max: 1023, doc });
const probabilities: ParamSpec = {
  type: 'list',
  minLength: 1,
  maxLength: 1024,
  doc: 'softmax weights: numbers from 0 to 1 that sum to 1',
};

const vector = (args: Args, name: string) => Float64Array.from(args[name] as readonly number[]);
const num = (args: Args, name: string) => args[name] as number;

function entryAt(values: Float64Array, i: number, what: string): number {
  const value = values[i];
  if (value === undefined)
    throw new RangeError(`index ${i} is past the end of ${what} (${values.length} entries, 0 to ${values.length - 1})`);
  return value;
}

// A Jacobian of numbers that are not a distribution is the bug the brief warns about: refuse it.
function distribution(args: Args): Float64Array {
  const p = vector(args, 'p');
  const sum = p.reduce((a, b) => a + b, 0);
  if (p.some((x) => x < 0 || x > 1) || Math.abs(sum - 1) > 1e-9) {
    throw new RangeError(`p must be probabilities that sum to 1, got a sum of ${sum}`);
  }
  return p;
}

function scaledScores(args: Args): Float64Array {
  return vector(args, 'scores').map((x) => x * num(args, 'multiplier'));
}

export const coreValues: Record<string, CoreValue> = {
  scoreStd: {
    summary: 'std of q·k (components N(0,1)) after the scale: √dₖ unscaled',
    params: { dk, scale },
    evaluate: (core, args) => core.scoreStatistics({ dk: num(args, 'dk'), scale: args.scale as Scale }).std,
  },
  scoreVariance: {
    summary: 'variance of q·k after the scale: dₖ unscaled, 1 with ÷√dₖ',
    params: { dk, scale },
    evaluate: (core, args) => core.scoreStatistics({ dk: num(args, 'dk'), scale: args.scale as Scale }).variance,
  },
  scoreSpread: {
    summary: 'half-width of the typical score range ±sigmas·std (2σ holds about 95% of scores)',
    params: {
      dk,
      scale,
      sigmas: { type: 'number', min: 0, minExclusive: true, max: 10, default: 2, doc: 'how many standard deviations' },
    },
    evaluate: (core, args) =>
      num(args, 'sigmas') * core.scoreStatistics({ dk: num(args, 'dk'), scale: args.scale as Scale }).std,
  },
  softmaxWeight: {
    summary: 'entry index of softmax(scores / (temperature × the divisor of scale at dk))',
    params: {
      scores,
      index: index('which entry of the weights, counting from 0'),
      temperature,
      scale: {
        type: 'enum',
        values: ['none', 'sqrt', 'linear'],
        default: 'none',
        doc: 'divide the scores by 1, √dₖ or dₖ',
      },
      dk: { ...dk, optional: true, doc: 'key dimension dₖ; needed when scale is sqrt or linear' },
    },
    evaluate: (core, args) => {
      if (args.scale !== 'none' && args.dk === undefined) throw new RangeError(`scale=${String(args.scale)} needs dk`);
      // The divisor (1, √dₖ or dₖ) comes from the core, so "÷√512" is never typed as 22.627.
      const divisor =
        args.dk === undefined ? 1 : core.scoreStatistics({ dk: num(args, 'dk'), scale: args.scale as Scale }).divisor;
      const weights = core.softmax(vector(args, 'scores'), { temperature: num(args, 'temperature') * divisor });
      return entryAt(weights, num(args, 'index'), 'scores');
    },
  },
  softmaxMaxWeight: {
    summary: 'largest weight of softmax(scores × multiplier)',
    params: { scores, multiplier },
    evaluate: (core, args) => core.softmaxStats(scaledScores(args)).maxWeight,
  },
  softmaxEntropy: {
    summary: 'entropy in nats of softmax(scores × multiplier)',
    params: { scores, multiplier },
    evaluate: (core, args) => core.softmaxStats(scaledScores(args)).entropy,
  },
  maxEntropy: {
    summary: 'largest entropy of attention over n positions, in nats (uniform weights)',
    params: { n: { type: 'int', min: 1, max: 65536, doc: 'number of positions attended over' } },
    evaluate: (core, args) => core.softmaxStats(new Float64Array(num(args, 'n'))).entropy,
  },
  jacobianEntry: {
    summary: '∂pᵢ/∂sⱼ = pᵢ(δᵢⱼ − pⱼ) of the softmax at weights p',
    params: {
      p: probabilities,
      i: index('row: the weight pᵢ that changes'),
      j: index('column: the score sⱼ that moves'),
    },
    evaluate: (core, args) => {
      const p = distribution(args);
      const [i, j] = [num(args, 'i'), num(args, 'j')];
      entryAt(p, i, 'p');
      entryAt(p, j, 'p');
      return entryAt(core.softmaxJacobian(p), i * p.length + j, 'the Jacobian');
    },
  },
  jacobianDiagonal: {
    summary: '∂pᵢ/∂sᵢ = pᵢ(1 − pᵢ) of the softmax at weights p',
    params: { p: probabilities, i: index('which weight pᵢ, counting from 0') },
    evaluate: (core, args) => {
      const p = distribution(args);
      const i = num(args, 'i');
      entryAt(p, i, 'p');
      return entryAt(core.softmaxJacobian(p), i * p.length + i, 'the Jacobian');
    },
  },
  jacobianFrobenius: {
    summary: 'Frobenius norm of the softmax Jacobian at softmax(scores × multiplier)',
    params: { scores, multiplier },
    evaluate: (core, args) => core.softmaxStats(scaledScores(args)).jacobianFrobenius,
  },
  gradientSurvival: {
    summary: "gradient survival of softmax(scores × multiplier), in percent: tr J relative to uniform weights'",
    params: { scores, multiplier },
    evaluate: (core, args) => 100 * core.softmaxStats(scaledScores(args)).survival.share,
  },
  saturationCrossing: {
    summary: 'x at which p₁ of softmax([x, 0, …, 0]) over keys positions reaches threshold',
    params: {
      threshold: {
        type: 'number',
        min: 0,
        max: 1,
        minExclusive: true,
        maxExclusive: true,
        doc: 'the weight p₁ must reach, e.g. 0.99',
      },
      keys: { type: 'int', min: 2, max: 65536, doc: 'number of positions: one score x, the rest 0' },
    },
    evaluate: (core, args) =>
      core.saturationCrossing({ threshold: num(args, 'threshold'), keyCount: num(args, 'keys') }),
  },
  survivalThreshold: {
    summary: "percent of uniform weights' gradient survival (tr J) at which a band begins: the core's thresholds",
    params: {
      band: {
        type: 'enum',
        values: ['healthy', 'fading', 'dying'],
        default: 'healthy',
        doc: 'which band: its lower edge as a percent of the gradient survival of uniform weights',
      },
    },
    evaluate: (core, args) => 100 * core.survivalThresholds()[args.band as keyof SurvivalThresholds],
  },
  float16OverflowSpread: {
    summary: 'the spread σ of q and k entries at which an aligned float16 score σ²·dₖ reaches 65504: √(65504/dₖ)',
    params: { dk },
    evaluate: (core, args) => core.float16OverflowSpread({ dk: num(args, 'dk') }),
  },
  alignedScoreMean: {
    summary: 'typical (mean) score of q and k aligned with correlation rho, after the scale: ρ·dₖ ÷ divisor',
    params: {
      dk,
      rho: { type: 'number', min: -1, max: 1, doc: 'alignment ρ: correlation of each component of q with k' },
      scale,
    },
    evaluate: (core, args) =>
      core.alignedScoreStatistics({ dk: num(args, 'dk'), alignment: num(args, 'rho'), scale: args.scale as Scale })
        .mean,
  },
  normalPercentWithin: {
    summary: 'percent of a normal distribution within sigmas standard deviations of its mean',
    params: { sigmas: { type: 'number', min: 0, max: 40, doc: 'half-width of the interval, in standard deviations' } },
    evaluate: (core, args) => 100 * core.normalWithin({ sigmas: num(args, 'sigmas') }),
  },
};

export type CoreValueResult =
  | { ok: true; value: number; call: string }
  | { ok: false; problem: 'unknown-value' | 'bad-arguments'; message: string };

/** How a call reads in messages: scoreStd(dk=512, scale=none). */
export function describeCall(name: string, args: Args): string {
  const shown = Object.entries(args).map(([key, v]) => `${key}=${Array.isArray(v) ? `[${v.join(', ')}]` : String(v)}`);
  return `${name}(${shown.join(', ')})`;
}

/** Checks the arguments, fills defaults and asks the core; every failure is a message for the author. */
export function evaluateCoreValue(core: ValuesCore, name: string, raw: Record<string, unknown>): CoreValueResult {
  const value = Object.hasOwn(coreValues, name) ? coreValues[name] : undefined;
  if (!value) {
    return {
      ok: false,
      problem: 'unknown-value',
      message: `unknown core value "${name}"; allowed: ${Object.keys(coreValues).join(', ')}`,
    };
  }
  const bad = (message: string): CoreValueResult => ({
    ok: false,
    problem: 'bad-arguments',
    message: `${name}: ${message}`,
  });
  const args: Args = {};
  for (const [key, given] of Object.entries(raw)) {
    const spec = Object.hasOwn(value.params, key) ? value.params[key] : undefined;
    if (!spec) return bad(`no argument "${key}"; allowed: ${Object.keys(value.params).join(', ')}`);
    const checked = checkParam(key, spec, given);
    if (!checked.ok) return bad(checked.message);
    args[key] = checked.value;
  }
  for (const [key, spec] of Object.entries(value.params)) {
    if (args[key] !== undefined) continue;
    if (spec.default !== undefined) args[key] = spec.default;
    else if (isRequired(spec)) return bad(`missing argument ${key}; allowed: ${describeAllowed(spec)}`);
  }
  try {
    return { ok: true, value: value.evaluate(core, args), call: describeCall(name, args) };
  } catch (error) {
    return bad(error instanceof Error ? error.message : String(error));
  }
}

export interface NumberFormat {
  /** Exactly this many decimals (0.2760), except that a whole number is written whole (8, not 8.000). */
  digits?: number;
  /** This many significant digits, trailing zeros dropped. Without either: 6 significant digits. */
  significant?: number;
}

// Plain decimals (never 3e-7) with a real minus sign, as the page writes numbers.
export function formatCoreNumber(x: number, format: NumberFormat = {}): string {
  let text: string;
  if (format.digits !== undefined) {
    text = x.toFixed(format.digits);
    if (/^-?\d+\.0+$/.test(text)) text = text.replace(/\.0+$/, '');
  } else {
    const rounded = Number(x.toPrecision(format.significant ?? 6));
    const exponent = rounded === 0 ? 0 : Math.floor(Math.log10(Math.abs(rounded)));
    text = Math.abs(rounded) < 1e21 ? rounded.toFixed(Math.min(20, Math.max(0, 15 - exponent))) : String(rounded);
    if (text.includes('.')) text = text.replace(/0+$/, '').replace(/\.$/, '');
  }
  return /^-0(\.0*)?$/.test(text) ? text.slice(1) : text.replace('-', '−');
}
