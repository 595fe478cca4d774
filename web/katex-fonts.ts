// KaTeX's fonts cut to the characters the lessons' math shows: every lesson is typeset at build time, so the
// characters are known before Vite runs, and each woff2 keeps only those it has (a phone on slow 4G fetches ~85 KB
// of fonts for glyphs the lessons never use otherwise). The plugin points katex.css at the cut fonts.
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative } from 'node:path';
import subsetFont from 'subset-font';
import type { Plugin } from 'vite';

const entities: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };
const decode = (text: string) =>
  text.replace(/&(#x[\da-f]+|#\d+|\w+);/gi, (whole, name: string) => {
    if (name[0] !== '#') return entities[name] ?? whole;
    return String.fromCodePoint(
      name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : Number(name.slice(1)),
    );
  });

/** The characters inside KaTeX's visible output (`.katex-html`) of one HTML fragment, added to `into`. */
export function mathCharacters(html: string, into = new Set<string>()): Set<string> {
  let depth = 0; // open elements inside the current .katex-html, 0 when outside
  for (const [token] of html.matchAll(/<[^>]*>|[^<]+/g)) {
    if (token.startsWith('<')) {
      const void_ = /^<(?:br|img|hr|input|meta|link|wbr)\b/i.test(token) || token.endsWith('/>');
      if (depth > 0 && !void_) depth += token.startsWith('</') ? -1 : 1;
      else if (depth === 0 && /\bclass="[^"]*\bkatex-html\b/.test(token)) depth = 1;
    } else if (depth > 0) {
      for (const character of decode(token)) into.add(character);
    }
  }
  return into;
}

// Every string of a compiled lesson's JSON (text, questions, feedback), wherever it sits.
function strings(value: unknown, found: string[] = []): string[] {
  if (typeof value === 'string') found.push(value);
  else if (Array.isArray(value)) value.forEach((item) => strings(item, found));
  else if (value && typeof value === 'object') Object.values(value).forEach((item) => strings(item, found));
  return found;
}

/** The characters every compiled lesson in `lessonsDir` shows in its math. */
export function lessonMathCharacters(lessonsDir: string): Set<string> {
  const files = readdirSync(lessonsDir).filter((name) => name.endsWith('.json') && name !== 'index.json');
  if (files.length === 0)
    throw new Error(`katex-fonts: no compiled lesson in ${lessonsDir}; compile the lessons first`);
  const characters = new Set<string>();
  for (const file of files) {
    for (const text of strings(JSON.parse(readFileSync(join(lessonsDir, file), 'utf8')))) {
      if (text.includes('katex-html')) mathCharacters(text, characters);
    }
  }
  return characters;
}

/**
 * Writes each KaTeX woff2 cut to the lessons' math characters into `outDir` (same file names); Vite then bundles
 * these instead of KaTeX's own (katex.css is rewritten to point at them). Build only: `npm run dev` keeps the full
 * fonts, so a lesson being written shows every symbol.
 */
export function katexFontSubset({ lessonsDir, outDir }: { lessonsDir: string; outDir: string }): Plugin {
  const katexFonts = join(dirname(createRequire(import.meta.url).resolve('katex/package.json')), 'dist', 'fonts');
  return {
    name: 'attention-lab:katex-font-subset',
    apply: 'build',
    enforce: 'pre',
    async buildStart() {
      const text = [...lessonMathCharacters(lessonsDir)].sort().join('');
      const fonts = readdirSync(katexFonts).filter((name) => name.endsWith('.woff2'));
      // Cut once per set of characters: the site, LTI and single-file builds share the fonts.
      const record = join(outDir, 'characters.txt');
      const done = existsSync(record) && readFileSync(record, 'utf8') === text;
      if (done && fonts.every((name) => existsSync(join(outDir, name)))) return;
      mkdirSync(outDir, { recursive: true });
      for (const name of fonts) {
        const cut = await subsetFont(readFileSync(join(katexFonts, name)), text, { targetFormat: 'woff2' });
        writeFileSync(join(outDir, name), cut);
      }
      writeFileSync(record, text);
    },
    transform(code, id) {
      const file = id.split('?')[0] ?? '';
      if (!file.includes('katex') || !file.endsWith('.css')) return undefined;
      const toCut = relative(dirname(file), outDir).split('\\').join('/');
      return code.replace(/url\((["']?)fonts\/(KaTeX_[\w-]+\.woff2)\1\)/g, `url(${toCut}/$2)`);
    },
  };
}
