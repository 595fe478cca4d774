// What a translation must keep of a widget or a question: every compiled field that is not prose, each with the YAML
// path where an author writes it, so a difference points at the translation's own line.
import type { Question } from '../quiz/types.js';
import { variantKey } from '../quiz/variants.js';
import type { Block } from './compiled.js';
import { formatCoreNumber } from './core-values.js';
import { entriesOf, itemsOf, type Place, type YamlBlock } from './yaml-nodes.js';

export type YamlPath = readonly (string | number)[];

export interface Fact {
  /** What the message calls it: "answer", "anticipated 2 value", "predict range". */
  what: string;
  value: unknown;
  path: YamlPath;
  /** For a further variant's fact, the lesson's own variant's name of it: one difference is said once. */
  base?: string;
}

export type Facts = Map<string, Fact>;

type WidgetBlock = Extract<Block, { kind: 'widget' }>;

const given = (x: unknown) => (x === undefined ? 'none' : 'given');

function add(facts: Facts, what: string, value: unknown, path: YamlPath): void {
  facts.set(what, { what, value: value === undefined ? null : value, path });
}

/** A widget's name, parameters (defaults filled, so writing a default out changes nothing) and predict structure. */
export function widgetFacts(block: WidgetBlock): Facts {
  const facts: Facts = new Map();
  add(facts, 'widget', block.widget, []);
  for (const [name, value] of Object.entries(block.params)) add(facts, `parameter ${name}`, value, [name]);
  const p = block.predict;
  add(facts, 'predict kind', p?.kind, ['predict', 'kind']);
  if (!p) return facts;
  for (const [name, value] of Object.entries(p.at)) add(facts, `predict at ${name}`, value, ['predict', 'at', name]);
  if (p.kind === 'marker') {
    add(facts, 'predict ask', p.ask, ['predict', 'ask']);
    add(facts, 'predict range', p.range, ['predict', 'range']);
    add(facts, 'predict scale', p.log ? 'log' : 'linear', ['predict', 'scale']);
    add(facts, 'predict feedback bands', p.bands.length, ['predict', 'feedback']);
    p.bands.forEach((band, i) =>
      add(facts, `predict band ${i + 1}`, `from ${band.from} to ${band.to ?? 'no end'}`, ['predict', 'feedback', i]),
    );
  } else {
    add(facts, 'predict options', p.options.length, ['predict', 'options']);
    p.options.forEach((option, i) => {
      add(facts, `predict option ${i + 1} id`, option.id, ['predict', 'options', i, 'id']);
      add(facts, `predict option ${i + 1} when`, option.when, ['predict', 'options', i, 'when']);
    });
  }
  return facts;
}

/** One variant's fields that grade or steer the page; prose is left out, but a hint or feedback left out is not. */
function oneQuestion(q: Question): Facts {
  const facts: Facts = new Map();
  add(facts, 'kind', q.kind, ['kind']);
  if (q.kind === 'numeric') {
    add(facts, 'answer', q.answer, ['answer']);
    add(facts, 'tolerance', q.tolerance, ['tolerance']);
    add(facts, 'correctFeedback', given(q.correctFeedback), ['correctFeedback']);
    const anticipated = q.anticipated ?? [];
    add(facts, 'anticipated answers', anticipated.length, ['anticipated']);
    anticipated.forEach((a, i) => {
      const at = (field: string) => ['anticipated', i, field];
      add(facts, `anticipated ${i + 1} value`, a.value, at('value'));
      add(facts, `anticipated ${i + 1} tolerance`, a.tolerance, at('tolerance'));
      add(facts, `anticipated ${i + 1} show`, a.show, at('show'));
    });
  } else {
    add(facts, 'options', q.options.length, ['options']);
    q.options.forEach((option, i) => {
      const at = (field: string) => ['options', i, field];
      add(facts, `option ${i + 1} id`, option.id, at('id'));
      add(facts, `option ${i + 1} correct`, option.correct, at('correct'));
      add(facts, `option ${i + 1} feedback`, given(option.feedback), at('feedback'));
    });
  }
  add(facts, 'hint', given(q.hint), ['hint']);
  add(facts, 'show', q.show, ['show']);
  return facts;
}

/** A question's facts, then each further variant's under its params ("variant dk=384: answer"). */
export function questionFacts(q: Question): Facts {
  const facts = oneQuestion(q);
  add(
    facts,
    'params',
    q.variants?.map((v) => v.params),
    ['params'],
  );
  for (const variant of q.variants?.slice(1) ?? []) {
    const key = variantKey(variant.params);
    for (const [what, fact] of oneQuestion(variant.question))
      facts.set(`variant ${key}: ${what}`, { ...fact, what: `${what} (variant ${key})`, base: what });
  }
  return facts;
}

/** JSON with keys sorted, so { atol, rtol } equals { rtol, atol }. */
export function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([a], [b]) => a.localeCompare(b)))
      : v,
  );
}

/** A value as an author writes it: 22.6274, [0, 256], { dk: 64, scaled: false }, none. */
export function shown(value: unknown, other?: unknown): string {
  if (value === null || value === undefined) return 'none';
  if (typeof value === 'number') {
    const short = formatCoreNumber(value);
    // Two values that differ only past six digits are shown in full.
    return typeof other === 'number' && formatCoreNumber(other) === short ? String(value) : short;
  }
  if (Array.isArray(value)) return `[${value.map((v) => shown(v)).join(', ')}]`;
  if (typeof value === 'object')
    return `{ ${Object.entries(value as Record<string, unknown>)
      .map(([k, v]) => `${k}: ${shown(v)}`)
      .join(', ')} }`;
  return String(value);
}

/** Where a field is written: the deepest part of the path that exists, else the directive's header. */
export function placeAt(yaml: YamlBlock | undefined, header: Place, path: YamlPath): Place {
  let node: unknown = yaml?.root;
  let found: unknown;
  for (const step of path) {
    const next =
      typeof step === 'number' ? itemsOf(node)?.[step] : entriesOf(node)?.find((entry) => entry.key === step)?.value;
    if (next === undefined || next === null) break;
    node = next;
    found = next;
  }
  return found !== undefined && yaml ? yaml.placeOf(found) : header;
}
