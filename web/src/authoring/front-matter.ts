// The --- YAML block at the top of a lesson: title, slug, summary and order, nothing else.
import type { Report } from './problems.js';
import { entriesOf, parseYamlAt, plainOf, type Place } from './yaml-nodes.js';

export interface FrontMatter {
  title: string;
  /** Where the title starts, for math errors in it. */
  titlePlace: Place;
  slug: string;
  summary: string;
  order: number;
  /** Where each field's value is written, for problems that point at it (a translation's slug, say). */
  places: Partial<Record<keyof typeof frontMatterFields, Place>>;
}

export interface SplitLesson {
  frontMatter: FrontMatter | null;
  body: string[];
  /** 1-based file line of body[0]. */
  bodyLine: number;
}

/** Every front matter field, all required: the checks below and docs/authoring.md read this table. */
export const frontMatterFields = {
  title: {
    type: 'text (may hold $…$ math)',
    doc: 'the lesson title: its heading, the browser tab and the lesson list',
  },
  slug: { type: 'lower-case words joined by dashes', doc: "the lesson's address; must equal its folder name" },
  summary: { type: 'plain text', doc: 'one or two sentences for the lesson list' },
  order: { type: 'an integer', doc: "the lesson's position in the course; the lesson list is sorted by it" },
} as const;

const fieldNames = Object.keys(frontMatterFields) as (keyof typeof frontMatterFields)[];
const slugPattern = /^[a-z0-9]+(-[a-z0-9]+)*$/;
const fieldList = `${fieldNames.slice(0, -1).join(', ')} and ${fieldNames.at(-1)}`;
const fieldsHelp = `allowed: a --- block with ${fieldList}, closed by ---`;

function readFields(yaml: string, report: Report, expectedSlug?: string): FrontMatter | null {
  const start = { line: 2, column: 1 };
  const block = parseYamlAt(yaml, start);
  if (block.error) {
    report(block.error.place, 'bad-yaml', `bad YAML in front matter: ${block.error.message}; ${fieldsHelp}`);
    return null;
  }
  const entries = entriesOf(block.root);
  if (!entries) {
    report(start, 'front-matter', `front matter is not a mapping; ${fieldsHelp}`);
    return null;
  }
  const found: Partial<FrontMatter> & Pick<FrontMatter, 'places'> = { places: {} };
  let ok = true;
  const fail = (place: Place, message: string) => {
    report(place, 'front-matter', message);
    ok = false;
  };
  for (const { key, keyNode, value } of entries) {
    const raw = plainOf(value);
    const place = block.placeOf(value ?? keyNode);
    if (Object.hasOwn(frontMatterFields, key)) found.places[key as keyof typeof frontMatterFields] = place;
    if (key === 'title' || key === 'summary') {
      if (typeof raw !== 'string' || raw.trim() === '') fail(place, `${key} must be text; ${fieldsHelp}`);
      else found[key] = raw.trim();
      if (key === 'title') found.titlePlace = place;
    } else if (key === 'slug') {
      if (typeof raw !== 'string' || !slugPattern.test(raw))
        fail(
          place,
          `slug must be lower-case words joined by dashes, got ${JSON.stringify(raw)}; allowed: e.g. why-sqrt-dk`,
        );
      else if (expectedSlug !== undefined && raw !== expectedSlug)
        fail(place, `slug "${raw}" differs from the folder name; allowed: "${expectedSlug}"`);
      else found.slug = raw;
    } else if (key === 'order') {
      if (!Number.isInteger(raw))
        fail(
          place,
          `order must be an integer, got ${JSON.stringify(raw)}; allowed: the lesson's position in the course, e.g. 1`,
        );
      else found.order = raw as number;
    } else {
      fail(block.placeOf(keyNode), `unknown front matter field "${key}"; allowed: ${fieldNames.join(', ')}`);
    }
  }
  for (const key of fieldNames) {
    if (!entries.some((entry) => entry.key === key))
      fail({ line: 1, column: 1 }, `front matter has no ${key}; ${fieldsHelp}`);
  }
  return ok ? (found as FrontMatter) : null;
}

/** Separates the front matter from the body; a lesson without one gets a problem at 1:1. */
export function splitFrontMatter(source: string, report: Report, expectedSlug?: string): SplitLesson {
  const lines = source.split('\n');
  if (lines[0]?.trimEnd() !== '---') {
    report({ line: 1, column: 1 }, 'front-matter', `missing front matter; ${fieldsHelp}`);
    return { frontMatter: null, body: lines, bodyLine: 1 };
  }
  const close = lines.findIndex((line, i) => i > 0 && line.trimEnd() === '---');
  if (close < 0) {
    report({ line: 1, column: 1 }, 'front-matter', `front matter is not closed; ${fieldsHelp}`);
    return { frontMatter: null, body: [], bodyLine: lines.length + 1 };
  }
  const frontMatter = readFields(lines.slice(1, close).join('\n'), report, expectedSlug);
  return { frontMatter, body: lines.slice(close + 1), bodyLine: close + 2 };
}
