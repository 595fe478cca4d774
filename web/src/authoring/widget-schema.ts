// THE registry of widgets and their parameters: the lesson compiler and the page's URL parser both read it.
import { checkParam, describeAllowed, isRequired, type ParamSpec, type ParamValue } from './param-spec.js';
import { scaleTemperature } from '../core/limits.js';

const seed = {
  type: 'int',
  min: 0,
  max: Number.MAX_SAFE_INTEGER,
  default: 1,
  doc: 'random seed: the same seed draws the same numbers on every machine',
} as const;
const keys = (fallback: number) =>
  ({ type: 'int', min: 2, max: 64, default: fallback, doc: 'number of keys n the query attends over' }) as const;
const dk = (fallback: number) =>
  ({ type: 'int', min: 1, max: 4096, default: fallback, doc: 'key dimension dₖ: components of each q and k' }) as const;

export const widgetSchemas = {
  'variance-explorer': {
    dk: dk(64),
    samples: {
      type: 'int',
      min: 100,
      max: 200000,
      default: 20000,
      doc: 'how many random (q, k) pairs the histogram draws',
    },
    scaled: { type: 'boolean', default: false, doc: 'start with the scores divided by √dₖ' },
    seed,
  },
  'softmax-dies': {
    dk: dk(64),
    keys: keys(8),
    scale: {
      type: 'enum',
      values: ['none', 'sqrt', 'linear', 'temperature'],
      default: 'none',
      doc: 'what the scores are divided by: 1, √dₖ, dₖ or the temperature below',
    },
    temperature: {
      type: 'number',
      min: scaleTemperature.min,
      max: scaleTemperature.max,
      default: 8,
      doc: 'the divisor when scale is temperature',
    },
    precision: {
      type: 'enum',
      values: ['float64', 'float32', 'float16'],
      default: 'float64',
      doc: 'arithmetic the softmax runs in; lower precision rounds small weights to exactly 0 sooner',
    },
    seed,
  },
  'before-after': {
    dk: dk(512),
    keys: keys(8),
    seed,
    // Given scores replace the sampled ones, so a lesson can show a worked example.
    scores: {
      type: 'list',
      minLength: 2,
      maxLength: 64,
      optional: true,
      doc: 'fixed scores to show instead of sampled ones, e.g. [20, 22, 18, 21]',
    },
  },
  'saturation-curve': {
    keys: { ...keys(4), doc: 'number of keys n in softmax([x, 0, …, 0])' },
  },
  'jacobian-view': {
    // 'given' uses the scores below (the lesson's example); 'sampled' draws keys N(0, 1) scores from the seed.
    source: {
      type: 'enum',
      values: ['given', 'sampled'],
      default: 'given',
      doc: 'given: use scores below; sampled: draw keys N(0, 1) scores from the seed',
    },
    scores: {
      type: 'list',
      minLength: 2,
      maxLength: 12,
      default: [1, 0.5, 0, -0.5],
      doc: 'the scores (logits) whose softmax Jacobian is shown, when source is given',
    },
    keys: { type: 'int', min: 2, max: 12, default: 6, doc: 'how many scores to sample when source is sampled' },
    multiplier: {
      type: 'int',
      min: 1,
      max: 50,
      default: 1,
      doc: 'multiplies the scores before the softmax: larger logits, sharper weights',
    },
    seed,
  },
  'temperature-sweep': {
    dk: dk(64),
    keys: { type: 'int', min: 2, max: 16, default: 8, doc: 'number of keys n the query attends over' },
    seed,
  },
  'entropy-vs-dk': {
    keys: keys(8),
    // 13 dₖ × 3 scales × trials × n softmax entries: 500 trials at n = 64 stays under 100 ms in WASM.
    trials: {
      type: 'int',
      min: 20,
      max: 500,
      default: 200,
      doc: 'random queries averaged at each dₖ',
    },
    seed,
  },
  'near-orthogonality': {
    d: { type: 'int', min: 2, max: 4096, default: 64, doc: 'dimension d of the random vectors' },
    // 2 × pairs × d normal draws: 2000 pairs at d = 4096 is within the core's limit for one sweep.
    pairs: {
      type: 'int',
      min: 100,
      max: 2000,
      default: 1000,
      doc: 'how many random pairs the histogram of cosines draws',
    },
    zoom: { type: 'boolean', default: false, doc: 'start with the axis zoomed to ±4/√d' },
    seed,
  },
  'train-it': {
    dk: { type: 'int', min: 1, max: 512, default: 64, doc: 'key dimension dₖ of the model trained' },
    keys: { type: 'int', min: 2, max: 32, default: 8, doc: 'number of keys n in each training example' },
    steps: { type: 'int', min: 20, max: 3000, default: 400, doc: 'training steps of each run (with and without ÷√dₖ)' },
    seed,
  },
} as const satisfies Record<string, Record<string, ParamSpec>>;

type Schemas = typeof widgetSchemas;
export type WidgetName = keyof Schemas;

/** Widgets planned but not built; a lesson that uses one is told it is not available yet. */
export const reservedWidgets = [
  // Compares the other fixes side by side (balanced dₖ^(−1/4), cosine/QK-norm): the core's attention() already offers them.
  'scale-alternatives',
] as const;

type ValueOf<S> = S extends { type: 'int' | 'number' }
  ? number
  : S extends { type: 'boolean' }
    ? boolean
    : S extends { type: 'enum'; values: readonly (infer V)[] }
      ? V
      : S extends { type: 'list' }
        ? readonly number[]
        : never;
type RequiredKeys<S> = { [K in keyof S]: S[K] extends { optional: true } ? never : K }[keyof S];

/** The typed parameters of one widget, as the page receives them after parseWidgetParams. */
export type WidgetParamsOf<W extends WidgetName> = { [K in RequiredKeys<Schemas[W]>]: ValueOf<Schemas[W][K]> } & {
  [K in Exclude<keyof Schemas[W], RequiredKeys<Schemas[W]>>]?: ValueOf<Schemas[W][K]>;
};

export type WidgetParams = Record<string, ParamValue>;

/** Widget state as a lesson JSON or a URL holds it: lists written "20,22,18,21", read back by parseWidgetParams. */
export type FlatWidgetParams = Record<string, number | string | boolean>;

export function flattenWidgetParams(params: WidgetParams): FlatWidgetParams {
  return Object.fromEntries(Object.entries(params).map(([name, value]) => [name, typeof value === 'object' ? value.join(',') : value]));
}

export const widgetNames = Object.keys(widgetSchemas) as WidgetName[];

export function isWidgetName(name: string): name is WidgetName {
  return Object.hasOwn(widgetSchemas, name);
}

export function isReservedWidget(name: string): boolean {
  return (reservedWidgets as readonly string[]).includes(name);
}

function specsOf(widget: WidgetName): Record<string, ParamSpec> {
  return widgetSchemas[widget];
}

export type WidgetParamCheck =
  | { ok: true; value: ParamValue }
  | { ok: false; problem: 'unknown-parameter' | 'wrong-type' | 'out-of-range'; message: string };

/** Checks one parameter; messages read "what is wrong; allowed: …". */
export function checkWidgetParam(widget: WidgetName, name: string, raw: unknown): WidgetParamCheck {
  const specs = specsOf(widget);
  const spec = Object.hasOwn(specs, name) ? specs[name] : undefined;
  if (!spec) {
    return {
      ok: false,
      problem: 'unknown-parameter',
      message: `${widget} has no parameter "${name}"; allowed: ${Object.keys(specs).join(', ')}`,
    };
  }
  const checked = checkParam(name, spec, raw);
  return checked.ok ? checked : { ...checked, message: `${widget}: ${checked.message}` };
}

export interface ParsedWidgetParams {
  params: WidgetParams;
  problems: string[];
}

/** Parameters with defaults filled in; a bad or unknown value is reported and its default used instead. */
export function parseWidgetParams(widget: WidgetName, raw: Record<string, unknown>): ParsedWidgetParams {
  const { params, problems } = checkWidgetState(widget, raw);
  for (const [name, spec] of Object.entries(specsOf(widget))) {
    if (params[name] !== undefined) continue;
    if (spec.default !== undefined) params[name] = spec.default;
    else if (isRequired(spec)) problems.push(`${widget} needs ${name}; allowed: ${describeAllowed(spec)}`);
  }
  return { params, problems };
}

/** Only the parameters given (a `show` action or a URL that changes part of a widget's state), checked. */
export function checkWidgetState(widget: WidgetName, raw: Record<string, unknown>): ParsedWidgetParams {
  const params: WidgetParams = {};
  const problems: string[] = [];
  for (const [name, value] of Object.entries(raw)) {
    const checked = checkWidgetParam(widget, name, value);
    if (checked.ok) params[name] = checked.value;
    else problems.push(checked.message);
  }
  return { params, problems };
}
