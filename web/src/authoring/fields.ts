// Reading directive fields: Markdown text, plain text, core-value references, tolerances and show actions.
import { parseExpression } from '../quiz/expression.js';
import type { Tolerance, WidgetAction } from '../quiz/types.js';
import { evaluateCoreValue, type ValuesCore } from './core-values.js';
import { renderBlocks, renderInline } from './markdown.js';
import type { Report } from './problems.js';
import { showFields, toleranceFields } from './question-fields.js';
import { interpolateValues, type Bindings } from './value-syntax.js';
import { entriesOf, isScalarNode, plainOf, type Place, type YamlBlock } from './yaml-nodes.js';

/** A `show:` whose widget id can only be checked once the whole lesson is read. */
export interface PendingShow {
  action: WidgetAction;
  /** "variant dk=384: " when the show belongs to one variant of a question with params. */
  label?: string;
  widgetPlace: Place;
  statePlaces: Record<string, { key: Place; value: Place }>;
}

export interface FieldContext {
  core: ValuesCore;
  report: Report;
  /** The lesson file's lines, to place problems inside block scalars. */
  fileLines: string[];
  pendingShows: PendingShow[];
  problemCount(): number;
  /** Set while one variant of a question with params is built. */
  variant?: { params: Bindings; label: string };
}

// A field written as a param's name (dk) takes the variant's value; anything else is left as written.
function bound(ctx: FieldContext, raw: unknown): unknown {
  const params = ctx.variant?.params;
  return params && typeof raw === 'string' && Object.hasOwn(params, raw) ? params[raw] : raw;
}

// Param names inside an expression (sqrt(dk), 2*dk) become their values before the quiz's parser reads it.
function boundExpression(ctx: FieldContext, text: string): string {
  const params = ctx.variant?.params ?? {};
  return text.replace(/[A-Za-z][A-Za-z0-9]*/g, (word) => (Object.hasOwn(params, word) ? `(${params[word]})` : word));
}

// Maps a place inside a YAML string back to the file; folded and multi-line flow strings fall back to their start.
export function placeInScalar(
  ctx: Pick<FieldContext, 'fileLines'>,
  block: YamlBlock,
  node: unknown,
  line: number,
  column: number,
): Place {
  const start = block.placeOf(node);
  const type = (node as { type?: string }).type;
  if (type === 'BLOCK_LITERAL') {
    const fileLine = ctx.fileLines[start.line + line] ?? '';
    return { line: start.line + 1 + line, column: fileLine.search(/\S|$/) + column + 1 };
  }
  if (line !== 0 || type === 'BLOCK_FOLDED') return start;
  return { line: start.line, column: start.column + column + (type === 'PLAIN' ? 0 : 1) };
}

function textOf(ctx: FieldContext, block: YamlBlock, node: unknown, field: string): string | null {
  const raw = plainOf(node);
  if (typeof raw === 'string' || typeof raw === 'number') return String(raw);
  ctx.report(
    block.placeOf(node),
    'wrong-type',
    `${field} must be text; allowed: a string (quote it if it starts with { or [)`,
  );
  return null;
}

/** Markdown with math and {{core values}} → HTML; `inline` for one-line texts such as choice options. */
export function htmlField(ctx: FieldContext, block: YamlBlock, node: unknown, field: string, inline = false): string {
  const text = textOf(ctx, block, node, field);
  if (text === null) return '';
  const values = interpolateValues(ctx.core, text, ctx.variant?.params);
  for (const p of values.problems) ctx.report(placeInScalar(ctx, block, node, p.line, p.column), p.kind, p.message);
  const rendered = inline ? renderInline(values.text) : renderBlocks(values.text);
  for (const p of rendered.problems) {
    ctx.report(placeInScalar(ctx, block, node, p.line, values.originalColumn(p.line, p.column)), p.kind, p.message);
  }
  return rendered.html.trim();
}

/** Plain text the quiz UI escapes (feedback, hints): {{core values}} yes, math no. */
export function plainField(ctx: FieldContext, block: YamlBlock, node: unknown, field: string): string {
  const text = textOf(ctx, block, node, field);
  if (text === null) return '';
  const values = interpolateValues(ctx.core, text, ctx.variant?.params);
  for (const p of values.problems) ctx.report(placeInScalar(ctx, block, node, p.line, p.column), p.kind, p.message);
  const dollar = values.text.indexOf('$');
  if (dollar >= 0) {
    const line = values.text.slice(0, dollar).split('\n').length - 1;
    const column = dollar - (values.text.lastIndexOf('\n', dollar - 1) + 1);
    ctx.report(
      placeInScalar(ctx, block, node, line, values.originalColumn(line, column)),
      'bad-math',
      `${field} is plain text, so $…$ would show as dollar signs; allowed: plain Unicode such as dₖ, √, ≈`,
    );
  }
  return values.text.trim().replace(/\s*\n\s*/g, ' ');
}

export type NumberField = { value: number; computed: string | null };

const numberHelp = 'allowed: a number, an expression such as 1/3 or sqrt(512), or { value: scoreStd, dk: 512 }';

/** A literal number, an expression (1/3, 16√2) read as a learner's answer is, or { value: <core value>, arg: … }. */
export function numberField(ctx: FieldContext, block: YamlBlock, node: unknown, field: string): NumberField | null {
  const place = block.placeOf(node);
  const literal = isScalarNode(node) ? plainOf(node) : undefined;
  if (typeof literal === 'number' && Number.isFinite(literal)) return { value: literal, computed: null };
  if (typeof literal === 'number' || typeof literal === 'string') {
    // The quiz's own parser: an author's 1/3 means what a learner's 1/3 means.
    const parsed = parseExpression(boundExpression(ctx, String(literal)));
    if (parsed.ok) return { value: parsed.value, computed: null };
    const shown = JSON.stringify(String(literal));
    ctx.report(place, 'wrong-type', `${field} = ${shown} is not a number: ${parsed.reason}; ${numberHelp}`);
    return null;
  }
  const entries = entriesOf(node);
  const valueEntry = entries?.find((entry) => entry.key === 'value');
  if (!entries || !valueEntry) {
    ctx.report(place, 'wrong-type', `${field} must be a number or { value: <core value>, argument: … }; ${numberHelp}`);
    return null;
  }
  const args = Object.fromEntries(
    entries.filter((entry) => entry !== valueEntry).map((entry) => [entry.key, bound(ctx, plainOf(entry.value))]),
  );
  const result = evaluateCoreValue(ctx.core, String(plainOf(valueEntry.value)), args);
  if (!result.ok) {
    ctx.report(
      result.problem === 'unknown-value' ? block.placeOf(valueEntry.value) : place,
      result.problem,
      result.message,
    );
    return null;
  }
  return { value: result.value, computed: result.call };
}

/** { rtol, atol }, both optional and non-negative. */
export function toleranceField(ctx: FieldContext, block: YamlBlock, node: unknown): Tolerance | undefined {
  const entries = entriesOf(node);
  if (!entries) {
    ctx.report(
      block.placeOf(node),
      'wrong-type',
      'tolerance must be a mapping; allowed: { rtol: 0.01 } and/or { atol: 0.05 }',
    );
    return undefined;
  }
  const tolerance: Tolerance = {};
  for (const { key, keyNode, value } of entries) {
    const x = plainOf(value);
    if (key !== 'rtol' && key !== 'atol') {
      const allowed = Object.keys(toleranceFields).join(', ');
      ctx.report(block.placeOf(keyNode), 'unknown-parameter', `tolerance has no "${key}"; allowed: ${allowed}`);
    } else if (typeof x !== 'number')
      ctx.report(
        block.placeOf(value),
        'wrong-type',
        `${key} must be a number, got ${JSON.stringify(x)}; allowed: a number from 0 to 1`,
      );
    else if (!(x >= 0 && x <= 1))
      ctx.report(block.placeOf(value), 'out-of-range', `${key} = ${x} is out of range; allowed: a number from 0 to 1`);
    else tolerance[key] = x;
  }
  return tolerance;
}

/** { widget: <id in this lesson>, state: { param: value } }; the id and state are checked at the end of the lesson. */
export function showField(ctx: FieldContext, block: YamlBlock, node: unknown): WidgetAction | undefined {
  const entries = entriesOf(node);
  const widgetEntry = entries?.find((entry) => entry.key === 'widget');
  const widget = plainOf(widgetEntry?.value);
  if (!entries || typeof widget !== 'string') {
    ctx.report(
      block.placeOf(node),
      'wrong-type',
      'show must name a widget; allowed: { widget: <widget id>, state: { dk: 512 } }',
    );
    return undefined;
  }
  const action: WidgetAction = { widget, state: {} };
  const pending: PendingShow = { action, widgetPlace: block.placeOf(widgetEntry?.value), statePlaces: {} };
  if (ctx.variant) pending.label = ctx.variant.label;
  for (const { key, keyNode, value } of entries) {
    if (key === 'widget') continue;
    const stateEntries = key === 'state' ? entriesOf(value) : null;
    if (key !== 'state') {
      const allowed = Object.keys(showFields).join(', ');
      ctx.report(block.placeOf(keyNode), 'unknown-parameter', `show has no "${key}"; allowed: ${allowed}`);
    } else if (!stateEntries)
      ctx.report(block.placeOf(value), 'wrong-type', 'state must be a mapping; allowed: { dk: 512, scaled: true }');
    else {
      for (const entry of stateEntries) {
        const x = bound(ctx, plainOf(entry.value));
        if (typeof x !== 'number' && typeof x !== 'string' && typeof x !== 'boolean') {
          ctx.report(
            block.placeOf(entry.value),
            'wrong-type',
            `state.${entry.key} must be a number, a name or true/false; allowed: one value per parameter`,
          );
          continue;
        }
        action.state[entry.key] = x;
        pending.statePlaces[entry.key] = { key: block.placeOf(entry.keyNode), value: block.placeOf(entry.value) };
      }
    }
  }
  ctx.pendingShows.push(pending);
  return action;
}
