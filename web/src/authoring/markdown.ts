// Markdown without raw HTML, plus $…$ and $$…$$ typeset by KaTeX while parsing (so errors know their line).
import MarkdownIt from 'markdown-it';
import type { Env, MarkdownIt as Markdown, StateBlock, StateCore, StateInline, Token } from 'markdown-it';
import { displayStatements, typeset } from './math.js';

export interface RenderProblem {
  /** 0-based line and column in the text that was rendered. */
  line: number;
  column: number;
  kind: 'bad-math' | 'misplaced-heading';
  message: string;
}

interface RenderEnv extends Env {
  /** Line of the block whose inline content is being parsed. */
  line: number;
  found: { line: number; snippet: string; kind: RenderProblem['kind']; message: string }[];
}

/** What prose may hold besides plain Markdown; docs/authoring.md is generated from this table. */
export const proseSyntax = [
  { form: '$q \\cdot k$', doc: 'inline math, typeset by KaTeX at build time; $ must hug its content' },
  {
    form: '$$ … $$',
    doc: 'display math on its own lines; statements set apart with \\qquad wrap onto lines of their own on a phone',
  },
  { form: '\\$', doc: 'a literal dollar sign' },
  { form: '<b>', doc: 'raw HTML is not allowed: it is shown as text' },
] as const;

const DOLLAR = 0x24;

function typesetInto(token: Token, env: RenderEnv, line: number, display: boolean, snippet: string): void {
  const result = typeset(token.content, display);
  if (!result.ok) {
    env.found.push({ line, snippet, kind: 'bad-math', message: result.message });
    return;
  }
  token.meta = { html: result.html };
  // Statements set apart with \qquad are typeset one by one, to wrap between them on a phone; whole if one fails.
  const statements = display && token.type === 'math_block' ? displayStatements(token.content) : [];
  if (statements.length < 2) return;
  const parts = statements.map((statement) => typeset(statement, true));
  if (parts.every((part) => part.ok)) token.meta = { html: result.html, statements: parts.map((part) => part.html) };
}

// Where the closing delimiter is; a backslash escapes the next character, and "$" must not follow a space.
function findClosing(src: string, from: number, display: boolean): number {
  for (let i = from; i < src.length; i++) {
    if (src[i] === '\\') i++;
    else if (display ? src.startsWith('$$', i) : src[i] === '$' && !/\s/.test(src[i - 1] ?? '')) return i;
  }
  return -1;
}

function mathInline(state: StateInline, silent: boolean): boolean {
  const start = state.pos;
  if (state.src.charCodeAt(start) !== DOLLAR) return false;
  const display = state.src.charCodeAt(start + 1) === DOLLAR;
  const open = display ? 2 : 1;
  // "$ 5" is a dollar sign, not math: inline math hugs its content.
  if (!display && /\s/.test(state.src[start + 1] ?? ' ')) return false;
  const env = state.env as RenderEnv;
  const line = env.line + (state.src.slice(0, start).match(/\n/g)?.length ?? 0);
  const end = findClosing(state.src, start + open, display);
  if (end < 0) {
    const delimiter = display ? '$$' : '$';
    if (!silent) {
      env.found.push({
        line,
        snippet: state.src.slice(start).split('\n')[0] ?? '',
        kind: 'bad-math',
        message: `unclosed ${delimiter} math; allowed: close it with ${delimiter}, or write \\$ for a dollar sign`,
      });
    }
    return false;
  }
  if (!silent) {
    const token = state.push('math_inline', '', 0);
    token.content = state.src.slice(start + open, end);
    token.markup = display ? '$$' : '$';
    typesetInto(token, env, line, display, state.src.slice(start, end + open).split('\n')[0] ?? '');
  }
  state.pos = end + open;
  return true;
}

function lineText(state: StateBlock, line: number): string {
  return state.src.slice((state.bMarks[line] ?? 0) + (state.tShift[line] ?? 0), state.eMarks[line]);
}

function mathBlock(state: StateBlock, startLine: number, endLine: number, silent: boolean): boolean {
  if ((state.sCount[startLine] ?? 0) - state.blkIndent >= 4) return false;
  const first = lineText(state, startLine);
  if (!first.startsWith('$$')) return false;
  const parts = [first.slice(2)];
  let last = startLine;
  let closed = first.length >= 4 && first.trimEnd().endsWith('$$');
  while (!closed && last + 1 < endLine) {
    last++;
    parts.push(lineText(state, last));
    closed = lineText(state, last).trimEnd().endsWith('$$');
  }
  if (silent) return true;
  const token = state.push('math_block', 'div', 0);
  token.map = [startLine, last + 1];
  token.markup = '$$';
  state.line = last + 1;
  const env = state.env as RenderEnv;
  if (!closed) {
    env.found.push({
      line: startLine,
      snippet: '$$',
      kind: 'bad-math',
      message: 'unclosed $$ display math; allowed: end it with $$',
    });
    return true;
  }
  token.content = parts.join('\n').trimEnd().slice(0, -2).trim();
  typesetInto(token, env, startLine, true, '$$');
  return true;
}

// Parses inline content with the line of its block, so math errors can be located.
function inlineWithLines(state: StateCore): void {
  const env = state.env as RenderEnv;
  let line = 0;
  for (const token of state.tokens) {
    if (token.map) line = token.map[0];
    if (token.type === 'heading_open' && (token.tag === 'h1' || token.tag === 'h2')) {
      env.found.push({
        line,
        snippet: '',
        kind: 'misplaced-heading',
        message:
          `this makes an ${token.tag} heading; allowed: sections start with a line "## Title", subheadings ` +
          `use ###, the title comes from front matter`,
      });
    }
    if (token.type !== 'inline') continue;
    env.line = line;
    token.children ??= [];
    state.md.inline.parse(token.content, state.md, env, token.children);
  }
}

function createMarkdown(): Markdown {
  // html: false is the safety line: a lesson cannot inject tags or scripts.
  const md = new MarkdownIt('default', { html: false, linkify: false, typographer: false });
  md.inline.ruler.after('escape', 'math_inline', mathInline);
  md.block.ruler.before('paragraph', 'math_block', mathBlock, {
    alt: ['paragraph', 'reference', 'blockquote', 'list'],
  });
  md.core.ruler.at('inline', inlineWithLines);
  const mathHtml = (token: Token | undefined) => {
    const html = token?.meta?.html;
    return typeof html === 'string' ? html : md.utils.escapeHtml(token?.content ?? '');
  };
  md.renderer.rules.math_inline = (tokens, idx) => mathHtml(tokens[idx]);
  md.renderer.rules.math_block = (tokens, idx) => {
    const statements: unknown = tokens[idx]?.meta?.statements;
    const html = Array.isArray(statements)
      ? `<div class="math-statements">${statements.join('')}</div>`
      : mathHtml(tokens[idx]);
    return `<div class="math-display">${html}</div>\n`;
  };
  // Wide tables scroll inside their own box on phones instead of widening the page.
  md.renderer.rules.table_open = () => '<div class="table-scroll"><table>\n';
  md.renderer.rules.table_close = () => '</table></div>\n';
  return md;
}

const md = createMarkdown();

function locate(text: string, env: RenderEnv): RenderProblem[] {
  const lines = text.split('\n');
  return env.found.map(({ line, snippet, kind, message }) => {
    // The snippet is searched from its block's line on: table cells and list items carry no column of their own.
    for (let l = line; l < lines.length && snippet !== ''; l++) {
      const column = lines[l]?.indexOf(snippet) ?? -1;
      if (column >= 0) return { line: l, column, kind, message };
    }
    return { line, column: (lines[line] ?? '').search(/\S|$/), kind, message };
  });
}

export interface Rendered {
  html: string;
  problems: RenderProblem[];
}

/** Block Markdown (paragraphs, lists, tables, display math) to HTML. */
export function renderBlocks(text: string): Rendered {
  const env: RenderEnv = { line: 0, found: [] };
  const html = md.render(text, env);
  return { html, problems: locate(text, env) };
}

/** One line of Markdown (a heading, an option) to inline HTML, and its plain text with TeX left as written. */
export function renderInline(text: string): Rendered & { plain: string } {
  const env: RenderEnv = { line: 0, found: [] };
  const tokens = md.parseInline(text, env);
  const html = md.renderer.render(tokens, md.options, env);
  const children = tokens.flatMap((token: Token) => token.children ?? []);
  const plain = children
    .filter(
      (t: Token) =>
        t.type === 'text' || t.type === 'code_inline' || t.type === 'math_inline' || t.type === 'text_special',
    )
    .map((t: Token) => t.content)
    .join('');
  return { html, plain, problems: locate(text, env) };
}
