// A widget's `predict:` field: the learner commits a guess before the widget shows the answer. Checked here, and
// against the core: the answer is whatever the widget measures at the state asked about, at every seed Resample offers,
// never a number typed into the lesson.
import type { Core } from '../core/types.js';
import { closeBand, trueOptions } from '../predict/judge.js';
import type {
  ChoicePrediction,
  CompiledPrediction,
  Condition,
  GuessBand,
  MarkerPrediction,
  Measured,
  PredictOption,
  QuantityDoc,
  WidgetPredictions,
} from '../predict/types.js';
import { widgetPredictions } from '../widgets/predictions.generated.js';
import { htmlField, plainField, type FieldContext } from './fields.js';
import type { FieldDoc } from './question-fields.js';
import { checkWidgetParam, limitParams, widgetSchemas, type WidgetName, type WidgetParams } from './widget-schema.js';
import { entriesOf, itemsOf, plainOf, type Entry, type YamlBlock } from './yaml-nodes.js';

/** Fields of `predict:`, in the order error messages list them; docs/authoring.md is generated from this table. */
export const predictFields = {
  kind: {
    type: 'marker or choice',
    required: true,
    doc: 'marker: the learner drags a marker to a number; choice: the learner picks one option',
  },
  prompt: { type: 'Markdown', required: true, doc: 'what the learner predicts, asked before the widget shows it' },
  at: {
    type: '{ parameter: value }',
    required: false,
    doc:
      'the widget state the prediction is about, shown once the learner has guessed or skipped; default the widget ' +
      'as written',
  },
  ask: {
    type: 'a quantity of the widget',
    required: false,
    doc: 'marker only, required there: the number the marker guesses (see each widget below)',
  },
  range: { type: '[low, high]', required: false, doc: 'marker only, required there: where the marker can go' },
  scale: { type: 'linear or log', required: false, doc: 'marker only: how the marker moves; default linear' },
  unit: { type: 'plain text', required: false, doc: 'marker only: written after the number, e.g. σ' },
  feedback: {
    type: 'a list of { from, to, text }',
    required: false,
    doc:
      'marker only, required there: one sentence per band of guess ÷ result, the bands in order from 0 to no end; ' +
      'the band holding 1 counts as close',
  },
  options: {
    type: 'a list of { id, text, when, feedback }, at least 2',
    required: false,
    doc: 'choice only, required there: the widget decides which option is true, from its `when`',
  },
} as const satisfies Record<string, FieldDoc>;

/** Fields of one band under a marker's feedback:. */
export const bandFields = {
  from: {
    type: 'a number ≥ 0',
    required: false,
    doc: "the band's lowest guess ÷ result; default where the previous ended",
  },
  to: { type: 'a number', required: false, doc: 'where the band ends (not included); left out only on the last band' },
  text: {
    type: 'plain text',
    required: true,
    doc: 'the sentence for a guess in this band, aimed at the mistake behind it',
  },
} as const satisfies Record<string, FieldDoc>;

/** Fields of one option under a choice's options:. */
export const predictOptionFields = {
  id: { type: 'a name', required: false, doc: 'stable id of the option, kept in the results; default a, b, c …' },
  text: { type: 'one line of Markdown', required: true, doc: 'what the option says' },
  when: {
    type: '{ quantity: outcome or { from, to } }',
    required: true,
    doc: 'what the widget must measure for this option to be true; exactly one option is, at every seed',
  },
  feedback: { type: 'plain text', required: true, doc: 'the sentence for a learner who picked this option' },
} as const satisfies Record<string, FieldDoc>;

type Predictable = WidgetPredictions<never>;
const predictable = widgetPredictions as unknown as Record<string, Predictable>;

/** The widgets a lesson may ask a prediction about, and their quantities, for messages and the reference. */
export function predictableWidgets(): Record<string, Record<string, QuantityDoc>> {
  return Object.fromEntries(Object.entries(predictable).map(([name, p]) => [name, p.quantities]));
}

/** Seeds a learner can draw with Resample from the lesson's state (the lesson's own, then 1 to 5). */
export const checkedSeeds = [1, 2, 3, 4, 5];

interface Reader {
  ctx: FieldContext;
  block: YamlBlock;
  report: (node: unknown, kind: Parameters<FieldContext['report']>[1], message: string) => void;
}

export function buildPrediction(
  ctx: FieldContext,
  block: YamlBlock,
  widget: WidgetName,
  params: WidgetParams,
  node: unknown,
): CompiledPrediction | undefined {
  const r: Reader = { ctx, block, report: (at, kind, message) => ctx.report(block.placeOf(at), kind, message) };
  const spec = Object.hasOwn(predictable, widget) ? predictable[widget] : undefined;
  if (!spec) {
    r.report(
      node,
      'bad-prediction',
      `widget "${widget}" takes no predictions; allowed: predict on ${Object.keys(predictable).join(', ')}`,
    );
    return undefined;
  }
  const entries = entriesOf(node);
  if (!entries) {
    r.report(node, 'wrong-type', 'predict must be a mapping; allowed: kind, prompt, at and the fields of its kind');
    return undefined;
  }
  const fields = new Map<string, Entry>();
  for (const entry of entries) {
    if (Object.hasOwn(predictFields, entry.key)) fields.set(entry.key, entry);
    else
      r.report(
        entry.keyNode,
        'unknown-parameter',
        `predict has no "${entry.key}"; allowed: ${Object.keys(predictFields).join(', ')}`,
      );
  }
  const kind = plainOf(fields.get('kind')?.value);
  if (kind !== 'marker' && kind !== 'choice') {
    const what = fields.has('kind') ? `kind "${String(kind)}"` : 'no kind';
    r.report(fields.get('kind')?.value ?? node, 'bad-prediction', `predict has ${what}; allowed: marker, choice`);
    return undefined;
  }
  const only = kind === 'marker' ? ['ask', 'range', 'scale', 'unit', 'feedback'] : ['options'];
  for (const name of ['ask', 'range', 'scale', 'unit', 'feedback', 'options'])
    if (!only.includes(name) && fields.has(name))
      r.report(
        fields.get(name)?.keyNode,
        'unknown-parameter',
        `a ${kind} prediction has no "${name}"; allowed: kind, prompt, at, ${only.join(', ')}`,
      );
  const promptNode = fields.get('prompt')?.value;
  if (!promptNode)
    r.report(node, 'bad-prediction', 'predict has no prompt; allowed: prompt: what the learner predicts');
  const prompt = promptNode ? htmlField(ctx, block, promptNode, 'prompt') : '';
  const at = stateAt(r, widget, params, fields.get('at')?.value);
  const before = ctx.problemCount();
  const built =
    kind === 'marker'
      ? marker(r, spec.quantities, fields, node, prompt, at)
      : choice(r, spec.quantities, fields, node, prompt, at);
  if (!built || !promptNode || ctx.problemCount() > before) return undefined;
  checkWithCore(
    r,
    spec,
    widget,
    { ...params, ...at },
    built,
    fields.get(kind === 'marker' ? 'range' : 'options')?.value ?? node,
  );
  return ctx.problemCount() > before ? undefined : built;
}

// at: a partial widget state, each value checked as the widget's own parameters are.
function stateAt(r: Reader, widget: WidgetName, params: WidgetParams, node: unknown): CompiledPrediction['at'] {
  const at: CompiledPrediction['at'] = {};
  if (node === undefined) return at;
  const entries = entriesOf(node);
  if (!entries) {
    r.report(node, 'wrong-type', 'at must be a mapping; allowed: { dk: 4096, scaled: false }');
    return at;
  }
  for (const { key, keyNode, value } of entries) {
    const checked = checkWidgetParam(widget, key, plainOf(value));
    if (!checked.ok)
      r.report(checked.problem === 'unknown-parameter' ? keyNode : value, checked.problem, `at: ${checked.message}`);
    else if (typeof checked.value === 'object')
      r.report(value, 'wrong-type', `at: ${key} is a list; allowed: one value per parameter`);
    else at[key] = checked.value;
  }
  for (const l of limitParams(widgetSchemas[widget], { ...params, ...at }))
    r.report(
      node,
      'out-of-range',
      `at: ${l.name} must be at most ${l.to} when ${l.given} = ${l.givenValue}; allowed: ${l.why}`,
    );
  return at;
}

const finite = (x: unknown): x is number => typeof x === 'number' && Number.isFinite(x);

function marker(
  r: Reader,
  quantities: Record<string, QuantityDoc>,
  fields: Map<string, Entry>,
  node: unknown,
  prompt: string,
  at: CompiledPrediction['at'],
): MarkerPrediction | undefined {
  const numbers = Object.keys(quantities).filter((q) => quantities[q]?.type === 'number');
  const askNode = fields.get('ask')?.value;
  const ask = plainOf(askNode);
  if (typeof ask !== 'string' || !numbers.includes(ask)) {
    const what = askNode ? `asks for "${String(ask)}", which this widget does not measure as a number` : 'has no ask';
    r.report(askNode ?? node, 'bad-prediction', `a marker prediction ${what}; allowed: ${numbers.join(', ')}`);
  }
  const rangeNode = fields.get('range')?.value;
  const range = plainOf(rangeNode);
  const log = plainOf(fields.get('scale')?.value) === 'log';
  const scale = plainOf(fields.get('scale')?.value);
  if (scale !== null && scale !== 'linear' && scale !== 'log')
    r.report(fields.get('scale')?.value, 'wrong-type', `scale "${String(scale)}"; allowed: linear, log`);
  const goodRange =
    Array.isArray(range) && range.length === 2 && finite(range[0]) && finite(range[1]) && range[0] < range[1];
  if (!goodRange)
    r.report(
      rangeNode ?? node,
      'wrong-type',
      'a marker needs range: [low, high] with low below high; allowed: two numbers',
    );
  else if (log && !(range[0] > 0))
    r.report(rangeNode, 'out-of-range', 'a log marker cannot reach 0; allowed: a range above 0');
  const unitNode = fields.get('unit')?.value;
  const unit = unitNode ? plainField(r.ctx, r.block, unitNode, 'unit') : '';
  const bands = bandsOf(r, fields.get('feedback')?.value, node);
  if (typeof ask !== 'string' || !goodRange || !bands) return undefined;
  return { kind: 'marker', prompt, at, ask, range: [range[0] as number, range[1] as number], log, unit, bands };
}

// Bands tile guess ÷ result from 0 to no end, in order; the one holding 1 is the close one.
function bandsOf(r: Reader, node: unknown, parent: unknown): GuessBand[] | undefined {
  const items = itemsOf(node);
  if (!items || items.length < 2) {
    r.report(
      node ?? parent,
      'bad-prediction',
      'a marker needs feedback: a list of at least 2 bands; allowed: - { to: 0.8, text: … }, ' +
        '- { from: 0.8, to: 1.25, text: … }, - { from: 1.25, text: … }',
    );
    return undefined;
  }
  const bands: GuessBand[] = [];
  let next = 0;
  items.forEach((item, i) => {
    const entries = entriesOf(item);
    if (!entries) return r.report(item, 'wrong-type', 'each band must be a mapping; allowed: from, to, text');
    const get = (name: string) => entries.find((e) => e.key === name);
    for (const e of entries)
      if (!Object.hasOwn(bandFields, e.key))
        r.report(
          e.keyNode,
          'unknown-parameter',
          `a band has no "${e.key}"; allowed: ${Object.keys(bandFields).join(', ')}`,
        );
    const from = get('from') ? plainOf(get('from')?.value) : next;
    const to = get('to') ? plainOf(get('to')?.value) : null;
    const last = i === items.length - 1;
    if (!finite(from) || from !== next)
      r.report(
        get('from')?.value ?? item,
        'bad-prediction',
        `band ${i + 1} starts at ${String(from)}; allowed: where the band before ends (${next})`,
      );
    if (last ? to !== null : !(finite(to) && to > next))
      r.report(
        get('to')?.value ?? item,
        'bad-prediction',
        last
          ? 'the last band must have no end; allowed: leave out to'
          : `band ${i + 1} must end above ${next}; allowed: to: a larger number`,
      );
    const textNode = get('text')?.value;
    if (!textNode)
      r.report(item, 'bad-prediction', `band ${i + 1} has no text; allowed: text: the sentence for these guesses`);
    const text = textNode ? plainField(r.ctx, r.block, textNode, 'text') : '';
    bands.push({ from: finite(from) ? from : next, to: finite(to) ? to : null, text });
    if (finite(to)) next = to;
  });
  if (bands.length === items.length && !closeBand(bands))
    r.report(
      node,
      'bad-prediction',
      'no band holds a guess equal to the result; allowed: bands from 0 on, without gaps',
    );
  return bands;
}

function choice(
  r: Reader,
  quantities: Record<string, QuantityDoc>,
  fields: Map<string, Entry>,
  node: unknown,
  prompt: string,
  at: CompiledPrediction['at'],
): ChoicePrediction | undefined {
  const optionsNode = fields.get('options')?.value;
  const items = itemsOf(optionsNode);
  if (!items || items.length < 2) {
    r.report(
      optionsNode ?? node,
      'bad-prediction',
      'a choice prediction needs options: a list of at least 2; allowed: - { text: …, when: { … }, feedback: … }',
    );
    return undefined;
  }
  const options = items.flatMap((item, index): PredictOption[] => {
    const entries = entriesOf(item);
    if (!entries) {
      r.report(item, 'wrong-type', 'each option must be a mapping; allowed: id, text, when, feedback');
      return [];
    }
    const get = (name: string) => entries.find((e) => e.key === name)?.value;
    for (const e of entries)
      if (!Object.hasOwn(predictOptionFields, e.key))
        r.report(
          e.keyNode,
          'unknown-parameter',
          `an option has no "${e.key}"; allowed: ${Object.keys(predictOptionFields).join(', ')}`,
        );
    for (const name of ['text', 'when', 'feedback'])
      if (get(name) === undefined)
        r.report(item, 'bad-prediction', `option ${index + 1} has no ${name}; allowed: ${name}: …`);
    const text = get('text') ? htmlField(r.ctx, r.block, get('text'), 'text', true) : '';
    const feedback = get('feedback') ? plainField(r.ctx, r.block, get('feedback'), 'feedback') : '';
    const when = conditionsOf(r, quantities, get('when'));
    const id = String(plainOf(get('id')) ?? String.fromCharCode(97 + index));
    return [{ id, text, when, feedback }];
  });
  const ids = options.map((o) => o.id);
  if (new Set(ids).size !== ids.length)
    r.report(optionsNode, 'duplicate-id', `option ids repeat (${ids.join(', ')}); allowed: unique ids`);
  return { kind: 'choice', prompt, at, options };
}

function conditionsOf(r: Reader, quantities: Record<string, QuantityDoc>, node: unknown): Record<string, Condition> {
  const when: Record<string, Condition> = {};
  if (node === undefined) return when;
  const entries = entriesOf(node);
  if (!entries || entries.length === 0) {
    r.report(
      node,
      'wrong-type',
      'when must be a mapping; allowed: { quantity: outcome } or { quantity: { from: …, to: … } }',
    );
    return when;
  }
  for (const { key, keyNode, value } of entries) {
    const quantity = Object.hasOwn(quantities, key) ? quantities[key] : undefined;
    const raw = plainOf(value);
    if (!quantity) {
      r.report(
        keyNode,
        'unknown-parameter',
        `when names "${key}", which this widget does not measure; allowed: ${Object.keys(quantities).join(', ')}`,
      );
    } else if (quantity.type === 'outcome') {
      if (typeof raw === 'string' && quantity.outcomes?.includes(raw)) when[key] = raw;
      else
        r.report(value, 'out-of-range', `${key} is never "${String(raw)}"; allowed: ${quantity.outcomes?.join(', ')}`);
    } else {
      const range = typeof raw === 'object' && raw !== null ? (raw as Record<string, unknown>) : null;
      const ok =
        range !== null &&
        Object.keys(range).every((k) => k === 'from' || k === 'to') &&
        (range.from === undefined || finite(range.from)) &&
        (range.to === undefined || finite(range.to)) &&
        (range.from === undefined || range.to === undefined || (range.from as number) < (range.to as number));
      if (ok) when[key] = range as { from?: number; to?: number };
      else r.report(value, 'wrong-type', `${key} is a number; allowed: { from: …, to: … } with from below to`);
    }
  }
  return when;
}

// The core is deterministic, so a state measured once (a training run takes a second) is not measured again when the
// same lesson is compiled again in one process, as the tests do.
const measuredStates = new Map<string, Measured>();
function measureOnce(spec: Predictable, core: Core, widget: WidgetName, params: WidgetParams): Measured {
  const key = `${widget} ${JSON.stringify(params)}`;
  let measured = measuredStates.get(key);
  if (!measured) {
    measured = (spec.measure as (c: Core, p: unknown) => Measured)(core, params);
    measuredStates.set(key, measured);
  }
  return measured;
}

const stateWords = (state: Record<string, unknown>) =>
  Object.entries(state)
    .map(([k, v]) => `${k}=${typeof v === 'number' ? Number(v.toPrecision(4)) : String(v)}`)
    .join(', ');

// The answer is what the widget measures at the state asked about; a seeded widget is measured at every seed a
// learner can draw, so the sentence they are shown holds whichever they have.
function checkWithCore(
  r: Reader,
  spec: Predictable,
  widget: WidgetName,
  state: WidgetParams,
  prediction: CompiledPrediction,
  node: unknown,
): void {
  const core = r.ctx.core as unknown as Core;
  const seeds = 'seed' in widgetSchemas[widget] ? [...new Set([state.seed as number, ...checkedSeeds])] : [undefined];
  const outcomes: { seed: number | undefined; measured: Measured }[] = [];
  for (const seed of seeds) {
    const params = seed === undefined ? state : { ...state, seed };
    try {
      outcomes.push({ seed, measured: measureOnce(spec, core, widget, params) });
    } catch (error) {
      const why = error instanceof Error ? error.message : String(error);
      r.report(node, 'core-disagrees', `the core could not measure ${widget} at ${stateWords(params)}: ${why}`);
      return;
    }
  }
  const where = (seed: number | undefined) => (seed === undefined ? '' : ` at seed ${seed}`);
  if (prediction.kind === 'marker') {
    const [low, high] = prediction.range;
    // The first seed that fails is enough to name: the others say the same.
    for (const { seed, measured } of outcomes) {
      const value = measured[prediction.ask];
      const before = r.ctx.problemCount();
      if (!finite(value) || !(value > 0))
        r.report(
          node,
          'core-disagrees',
          `${prediction.ask} is ${String(value)}${where(seed)}; allowed: a quantity above 0 (guesses are judged by ` +
            'their ratio to it)',
        );
      else if (value < low || value > high)
        r.report(
          node,
          'core-disagrees',
          `the core measures ${prediction.ask} = ${Number(value.toPrecision(6))}${where(seed)}, outside range ` +
            `[${low}, ${high}]; allowed: a range holding the result`,
        );
      if (r.ctx.problemCount() > before) return;
    }
    return;
  }
  const picked = outcomes.map(({ seed, measured }) => ({
    seed,
    measured,
    right: trueOptions(prediction.options, measured),
  }));
  for (const { seed, measured, right } of picked) {
    if (right.length !== 1) {
      const found =
        right.length === 0 ? 'no option is true' : `options ${right.map((o) => o.id).join(', ')} are all true`;
      r.report(
        node,
        'core-disagrees',
        `${found}${where(seed)}: the core measures ${stateWords(measured)}; allowed: options whose when makes ` +
          'exactly one true',
      );
      return;
    }
  }
  const first = picked[0]?.right[0];
  const other = picked.find((p) => p.right[0] !== first);
  if (first && other)
    r.report(
      node,
      'core-disagrees',
      `option ${first.id} is true at seed ${String(picked[0]?.seed)} but ${other.right[0]?.id} at seed ` +
        `${String(other.seed)}; allowed: options the same at every seed a learner can draw (${seeds.join(', ')})`,
    );
}
