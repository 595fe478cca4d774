// params: of a question — names, the values each may take, the lesson's own combination first, and the expansion
// into every variant the compiler checks against the core.
import { coreValues, formatCoreNumber } from './core-values.js';
import type { SyntaxDoc } from './directives.js';
import type { FieldContext } from './fields.js';
import { entriesOf, isScalarNode, itemsOf, plainOf, type Place, type YamlBlock } from './yaml-nodes.js';

/** More variants than this is a typo or a product that grew by accident: each one is checked at build time. */
export const maxVariants = 64;

export interface ParamDeclaration {
  /** Every combination, the lesson's own (the default) first, then the rest in the order they are listed. */
  combinations: Record<string, number>[];
  place: Place;
}

const namePattern = /^[A-Za-z][A-Za-z0-9]*$/;
// Words the compiler or the quiz's expression parser already reads.
const reserved = ['default', 'digits', 'significant', 'value', 'sqrt', 'ln', 'log', 'exp', 'pi', 'e'];
export const paramsHelp = 'allowed: params: { dk: [64, 128, 512], default: 512 }';

function valuesOf(ctx: FieldContext, block: YamlBlock, name: string, node: unknown): number[] | null {
  const items = itemsOf(node);
  if (!items || items.length === 0) {
    ctx.report(block.placeOf(node), 'wrong-type', `params.${name} must be a list of numbers; ${paramsHelp}`);
    return null;
  }
  const values: number[] = [];
  for (const item of items) {
    const value = isScalarNode(item) ? plainOf(item) : undefined;
    if (typeof value !== 'number' || !Number.isFinite(value)) {
      const shown = JSON.stringify(plainOf(item));
      ctx.report(block.placeOf(item), 'wrong-type', `params.${name} holds ${shown}, not a number; ${paramsHelp}`);
      return null;
    }
    if (values.includes(value)) {
      ctx.report(block.placeOf(item), 'bad-question', `params.${name} lists ${value} twice; allowed: each value once`);
      return null;
    }
    values.push(value);
  }
  return values;
}

function defaultsOf(
  ctx: FieldContext,
  block: YamlBlock,
  node: unknown,
  lists: Map<string, number[]>,
): Record<string, number> | null {
  const chosen: Record<string, number> = {};
  for (const [name, values] of lists) chosen[name] = values[0] as number;
  if (node === undefined) return chosen;
  const single = lists.size === 1 && isScalarNode(node);
  const given = single ? [{ key: [...lists.keys()][0] as string, value: node }] : entriesOf(node);
  if (!given) {
    const message = `params.default must be one of the listed values (or { name: value } for several params)`;
    ctx.report(block.placeOf(node), 'wrong-type', `${message}; ${paramsHelp}`);
    return null;
  }
  for (const { key, value } of given) {
    const x = plainOf(value);
    const values = lists.get(key);
    if (!values) {
      ctx.report(block.placeOf(value), 'unknown-parameter', `params.default names "${key}", which is not a param`);
      return null;
    }
    if (typeof x !== 'number' || !values.includes(x)) {
      const allowed = values.map((v) => formatCoreNumber(v)).join(', ');
      ctx.report(block.placeOf(value), 'out-of-range', `params.default ${key} = ${String(x)}; allowed: ${allowed}`);
      return null;
    }
    chosen[key] = x;
  }
  return chosen;
}

/** Reads params:; null (with problems reported) when it cannot be used. */
export function readParams(ctx: FieldContext, block: YamlBlock, node: unknown): ParamDeclaration | null {
  const place = block.placeOf(node);
  const entries = entriesOf(node);
  if (!entries || entries.length === 0) {
    ctx.report(place, 'wrong-type', `params must be a mapping of names to lists of values; ${paramsHelp}`);
    return null;
  }
  const lists = new Map<string, number[]>();
  let defaultNode: unknown;
  for (const entry of entries) {
    if (entry.key === 'default') {
      defaultNode = entry.value;
      continue;
    }
    const clash = reserved.includes(entry.key) || Object.hasOwn(coreValues, entry.key);
    if (!namePattern.test(entry.key) || clash) {
      const why = clash ? 'it is a reserved word or a core value' : 'a name is a letter then letters or digits';
      ctx.report(block.placeOf(entry.keyNode), 'bad-question', `param "${entry.key}" cannot be used: ${why}`);
      return null;
    }
    const values = valuesOf(ctx, block, entry.key, entry.value);
    if (!values) return null;
    lists.set(entry.key, values);
  }
  if (lists.size === 0) {
    ctx.report(place, 'wrong-type', `params names no parameter; ${paramsHelp}`);
    return null;
  }
  const total = [...lists.values()].reduce((n, values) => n * values.length, 1);
  if (total > maxVariants) {
    ctx.report(place, 'out-of-range', `params make ${total} variants; allowed: at most ${maxVariants}`);
    return null;
  }
  const chosen = defaultsOf(ctx, block, defaultNode, lists);
  if (!chosen) return null;
  let combinations: Record<string, number>[] = [{}];
  for (const [name, values] of lists) {
    combinations = combinations.flatMap((partial) => values.map((value) => ({ ...partial, [name]: value })));
  }
  const isDefault = (c: Record<string, number>) => Object.entries(chosen).every(([name, v]) => c[name] === v);
  return { combinations: [chosen, ...combinations.filter((c) => !isDefault(c))], place };
}

/** How params are written and what they do; docs/authoring.md is generated from this table. */
export const paramsSyntax: readonly SyntaxDoc[] = [
  {
    form: 'params: { dk: [128, 256, 512], default: 512 }',
    doc:
      "one variant per listed value; default (else the first listed value) is the lesson's own variant, the one " +
      'a learner sees first (variant 1, seed 0)',
  },
  {
    form: 'params: { dk: [64, 256], n: [4, 8], default: { dk: 64, n: 8 } }',
    doc: `several params: one variant per combination, at most ${maxVariants} in all`,
  },
  { form: '{{dk}}', doc: "the variant's value, in a prompt, explanation, hint, feedback or option text" },
  { form: '{{scoreStd dk=dk digits=2}}', doc: "a core value at the variant's value" },
  {
    form: 'answer: { value: scoreStd, dk: dk }',
    doc: 'the answer the core computes for each variant; the same in check: and anticipated values',
  },
  {
    form: 'value: dk',
    doc: 'an anticipated value (or answer with check:) written as a param or an expression of params',
  },
  { form: 'show: { widget: explore-variance, state: { dk: dk } }', doc: "a widget state at the variant's value" },
];
