// The inline form {{scoreStd dk=512 digits=2}}: a core value evaluated at build time and written into the text.
import { evaluateCoreValue, formatCoreNumber, type NumberFormat, type ValuesCore } from './core-values.js';

export interface TextProblem {
  /** 0-based line and column in the text that was given. */
  line: number;
  column: number;
  kind: 'unknown-value' | 'bad-arguments' | 'unclosed-value';
  message: string;
}

interface Edit {
  /** Column in the original line where the {{…}} started, its length there and the length written. */
  at: number;
  from: number;
  to: number;
}

export interface Interpolated {
  text: string;
  problems: TextProblem[];
  /** Maps a column of the interpolated text back to the author's column on the same line. */
  originalColumn(line: number, column: number): number;
}

const call = /\{\{\s*([A-Za-z][A-Za-z0-9]*)((?:\s+[^\s{}]+)*)\s*\}\}/g;
const argument = /^([A-Za-z][A-Za-z0-9]*)=(\[[^\]]*\]|[^\s[\]]+)$/;
const formatSpecs = { digits: 15, significant: 15 } as const;

/** How a {{…}} value is written and formatted; docs/authoring.md is generated from this table. */
export const valueSyntax = [
  { form: '{{scoreStd dk=512}}', doc: 'the core value, written with 6 significant digits, trailing zeros dropped' },
  {
    form: '{{scoreStd dk=512 digits=2}}',
    doc: `exactly that many decimals, 0 to ${formatSpecs.digits}; whole numbers stay whole`,
  },
  { form: '{{scoreStd dk=512 significant=3}}', doc: `that many significant digits, 1 to ${formatSpecs.significant}` },
  { form: '{{softmaxWeight scores=[2, 1, -inf] index=0}}', doc: 'lists in brackets; -inf masks a score' },
] as const;

function splitArguments(text: string): string[] {
  // Lists may hold spaces after commas, so join "[1," "2]" back into one argument.
  return text.trim() === '' ? [] : (text.trim().match(/[A-Za-z][A-Za-z0-9]*=\[[^\]]*\]|\S+/g) ?? []);
}

function readFormat(key: string, raw: string): NumberFormat | string {
  const n = Number(raw);
  const low = key === 'digits' ? 0 : 1;
  if (!/^\d+$/.test(raw) || n < low || n > formatSpecs[key as keyof typeof formatSpecs]) {
    return `${key} = ${raw} is not allowed; allowed: an integer from ${low} to 15`;
  }
  return { [key]: n };
}

type Evaluated = { ok: true; text: string } | { ok: false; kind: TextProblem['kind']; message: string };

/** A question's params in the variant being built: {{dk}} writes the value, and dk=dk passes it on. */
export type Bindings = Readonly<Record<string, number>>;

function evaluateCall(core: ValuesCore, source: string, name: string, argText: string, bindings: Bindings): Evaluated {
  if (Object.hasOwn(bindings, name)) {
    if (argText.trim() !== '') {
      return { ok: false, kind: 'bad-arguments', message: `{{${name}}} is a param: write it alone, as {{${name}}}` };
    }
    return { ok: true, text: formatCoreNumber(bindings[name] as number) };
  }
  const args: Record<string, unknown> = {};
  let format: NumberFormat = {};
  for (const piece of splitArguments(argText)) {
    const match = argument.exec(piece);
    if (!match) {
      return {
        ok: false,
        kind: 'bad-arguments',
        message: `cannot read "${piece}" in ${source}; write {{${name} argument=value …}}, lists as [1, 2, 3]`,
      };
    }
    const [, key = '', value = ''] = match;
    if (key === 'digits' || key === 'significant') {
      const read = readFormat(key, value);
      if (typeof read === 'string') return { ok: false, kind: 'bad-arguments', message: `${name}: ${read}` };
      format = { ...format, ...read };
    } else if (Object.hasOwn(bindings, value)) {
      args[key] = bindings[value];
    } else {
      args[key] = value.startsWith('[')
        ? value
            .slice(1, -1)
            .split(',')
            .map((s) => s.trim())
        : value;
    }
  }
  if (format.digits !== undefined && format.significant !== undefined) {
    return {
      ok: false,
      kind: 'bad-arguments',
      message: `${name}: both digits and significant given; allowed: one of them`,
    };
  }
  const result = evaluateCoreValue(core, name, args);
  if (!result.ok) return { ok: false, kind: result.problem, message: result.message };
  return { ok: true, text: formatCoreNumber(result.value, format) };
}

/** One {{…}} as written: where it starts (0-based, in the text given) and its arguments in a canonical form. */
export interface ValueCall {
  line: number;
  column: number;
  source: string;
  /** "scoreStd dk=512 digits=2": the name, then the arguments sorted, lists without spaces. */
  canonical: string;
}

/** Every {{…}} call in a text, in reading order, for comparing a translation's numbers with the original's. */
export function valueCalls(text: string): ValueCall[] {
  return text.split('\n').flatMap((lineText, line) =>
    [...lineText.matchAll(call)].map((match) => {
      const [source, name = '', argText = ''] = match;
      const args = splitArguments(argText)
        .map((piece) => piece.replace(/\s+/g, ''))
        .sort();
      return { line, column: match.index, source, canonical: [name, ...args].join(' ') };
    }),
  );
}

/** Replaces every {{name arg=value …}} by the number the core computes; problems point at the braces. */
export function interpolateValues(core: ValuesCore, text: string, bindings: Bindings = {}): Interpolated {
  const problems: TextProblem[] = [];
  const edits: Edit[][] = [];
  const lines = text.split('\n').map((lineText, line) => {
    const lineEdits: Edit[] = [];
    edits.push(lineEdits);
    return lineText.replace(call, (source: string, name: string, argText: string, at: number) => {
      const evaluated = evaluateCall(core, source, name, argText, bindings);
      if (!evaluated.ok) {
        problems.push({ line, column: at, kind: evaluated.kind, message: evaluated.message });
        return source;
      }
      lineEdits.push({ at, from: source.length, to: evaluated.text.length });
      return evaluated.text;
    });
  });
  // A {{ left after the replacement is a value the author never closed or wrote wrongly: it would reach learners raw.
  // (A lone }} is ordinary TeX, as in {\sqrt{d_k}}.)
  text.split('\n').forEach((lineText, line) => {
    const stray = lineText.replace(call, (source) => ' '.repeat(source.length)).search(/\{\{/);
    if (stray >= 0) {
      problems.push({
        line,
        column: stray,
        kind: 'unclosed-value',
        message:
          'a {{ that does not open a core value; allowed: {{name argument=value …}}, e.g. {{scoreStd dk=512 digits=2}}',
      });
    }
  });
  return {
    text: lines.join('\n'),
    problems,
    originalColumn(line: number, column: number): number {
      let shift = 0;
      for (const edit of edits[line] ?? []) {
        const start = edit.at + shift;
        if (column < start) break;
        if (column < start + edit.to) return edit.at;
        shift += edit.to - edit.from;
      }
      return column - shift;
    },
  };
}
