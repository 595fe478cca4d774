// Splits a lesson body into section headings, prose and ::: directives, outside fenced code.
import type { Report } from './problems.js';

export type Segment =
  | { kind: 'heading'; line: number; column: number; text: string }
  | { kind: 'prose'; line: number; text: string }
  | {
      kind: 'widget';
      line: number;
      name: string;
      nameColumn: number;
      id?: string;
      idColumn?: number;
      body: string;
      bodyLine: number;
    }
  | { kind: 'question'; line: number; id: string; idColumn: number; body: string; bodyLine: number };

export interface SyntaxDoc {
  /** What the author writes, as a code example. */
  form: string;
  doc: string;
}

/** The body's structure as segmentBody reads it; docs/authoring.md is generated from this table. */
export const bodySyntax: readonly SyntaxDoc[] = [
  { form: '## Title', doc: 'starts a section (an anchor and a table-of-contents entry); the body must start with one' },
  { form: '### Subheading', doc: 'a heading inside a section; # is not allowed (the title comes from front matter)' },
  {
    form: '::: widget <name> {#id}',
    doc: 'a widget, then one "parameter: value" line each, closed by ":::"; {#id} is needed for a second one of a kind',
  },
  {
    form: '::: question <id>',
    doc: 'a question, then its fields as YAML, closed by ":::"; the id is lower case with dashes',
  },
  { form: ':::', doc: 'closes the widget or question opened above; directives do not nest' },
  { form: '```', doc: 'fenced code: ::: and ## inside it are text, not directives' },
];

const opener = /^:::\s*(\S+)\s*(.*?)\s*$/;
const closer = /^:::\s*$/;
const fence = /^ {0,3}(`{3,}|~{3,})/;
const widgetHeader = /^([a-z][a-z0-9-]*)(?:\s+\{#([A-Za-z][\w-]*)\})?$/;
const questionHeader = /^([a-z][a-z0-9-]*)$/;

/** `lines` are the body's lines; `firstLine` is the 1-based file line of lines[0]. */
export function segmentBody(lines: string[], firstLine: number, report: Report): Segment[] {
  const segments: Segment[] = [];
  let prose: { line: number; lines: string[] } | null = null;
  let openFence: string | null = null;
  const flush = () => {
    if (prose) segments.push({ kind: 'prose', line: prose.line, text: prose.lines.join('\n') });
    prose = null;
  };
  const addProse = (i: number, text: string) => {
    prose ??= { line: firstLine + i, lines: [] };
    prose.lines.push(text);
  };

  for (let i = 0; i < lines.length; i++) {
    const text = lines[i] ?? '';
    const line = firstLine + i;
    const fenceMark = fence.exec(text)?.[1];
    if (openFence) {
      if (fenceMark && fenceMark[0] === openFence[0] && fenceMark.length >= openFence.length) openFence = null;
      addProse(i, text);
    } else if (fenceMark) {
      openFence = fenceMark;
      addProse(i, text);
    } else if (closer.test(text)) {
      report(
        { line, column: 1 },
        'bad-directive',
        'this ":::" closes nothing; allowed: ":::" only after "::: widget …" or "::: question …"',
      );
    } else if (text.startsWith(':::')) {
      flush();
      i = readDirective(lines, i, firstLine, segments, report);
    } else if (/^##(\s|$)/.test(text)) {
      flush();
      const title = text
        .replace(/^##\s*/, '')
        .replace(/\s+#+\s*$/, '')
        .trimEnd();
      segments.push({ kind: 'heading', line, column: text.indexOf(title) + 1, text: title });
    } else {
      addProse(i, text);
    }
  }
  flush();
  return segments;
}

// Reads one directive from its opener; returns the index of its last line.
function readDirective(lines: string[], start: number, firstLine: number, segments: Segment[], report: Report): number {
  const text = lines[start] ?? '';
  const line = firstLine + start;
  const [, kind = '', rest = ''] = opener.exec(text) ?? [];
  let end = start + 1;
  while (end < lines.length && !closer.test(lines[end] ?? '') && !opener.test(lines[end] ?? '')) end++;
  if (end >= lines.length || !closer.test(lines[end] ?? '')) {
    report(
      { line, column: 1 },
      'unclosed-directive',
      `"::: ${kind}" is not closed; allowed: end it with a line holding only ":::"`,
    );
    return end - 1;
  }
  const body = lines.slice(start + 1, end).join('\n');
  const bodyLine = line + 1;
  const restColumn = text.indexOf(rest, text.indexOf(kind) + kind.length) + 1;
  if (kind === 'widget') {
    const match = widgetHeader.exec(rest);
    if (!match) {
      report(
        { line, column: restColumn },
        'bad-directive',
        `cannot read widget header "${rest}"; allowed: ::: widget <name> {#id}`,
      );
      return end;
    }
    const [, name = '', id] = match;
    const idColumn = id === undefined ? undefined : text.indexOf(`{#${id}}`) + 3;
    segments.push({
      kind: 'widget',
      line,
      name,
      nameColumn: restColumn,
      ...(id === undefined ? {} : { id, idColumn }),
      body,
      bodyLine,
    });
  } else if (kind === 'question') {
    const match = questionHeader.exec(rest);
    if (!match) {
      report(
        { line, column: restColumn },
        'bad-directive',
        `cannot read question id "${rest}"; allowed: ::: question <id>, the id in lower case with dashes`,
      );
      return end;
    }
    segments.push({ kind: 'question', line, id: match[1] ?? '', idColumn: restColumn, body, bodyLine });
  } else {
    report(
      { line, column: text.indexOf(kind) + 1 },
      'bad-directive',
      `unknown directive "${kind}"; allowed: widget, question`,
    );
  }
  return end;
}
