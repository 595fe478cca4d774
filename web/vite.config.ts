// Builds the site into dist/site with relative asset URLs (so it runs under any sub-path): the lesson page, the embed
// page and the web component module; `--mode host` adds the host script, `--mode single` the input of the single file,
// `--mode lti` the page the LTI tool serves to graded launches (dist/lti-site), which bundles no lesson.
// scripts/prerender-lessons.mjs then writes each lesson into a copy of the lesson page, index.html the first.
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin, type UserConfig } from 'vite';
import { katexFontSubset } from './katex-fonts.js';

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));
// KaTeX's fonts, cut to the lessons' math (katex-fonts.ts).
const katexSubset = () =>
  katexFontSubset({ lessonsDir: here('generated/lessons'), outDir: here('generated/katex-fonts') });

// Only the woff2 KaTeX fonts, in the site and the single file: every browser that runs WASM reads woff2.
const katexWoff2Only = (): Plugin => ({
  name: 'attention-lab:katex-woff2-only',
  enforce: 'pre',
  transform(code, id) {
    if (!id.includes('katex') || !id.split('?')[0]?.endsWith('.css')) return undefined;
    return code.replace(/,\s*url\([^)]*\.(?:woff|ttf)\)\s*format\(["'](?:woff|truetype)["']\)/g, '');
  },
});

// In `npm run dev` the root opens the lesson page (the first lesson), as the built index.html does.
const rootIsLesson = (): Plugin => ({
  name: 'attention-lab:root-is-lesson',
  apply: 'serve',
  configureServer(server) {
    server.middlewares.use((request, _response, next) => {
      if (request.url === '/' || request.url?.startsWith('/?')) request.url = `/lesson.html${request.url.slice(1)}`;
      next();
    });
  },
});

// The render-blocking stylesheet is asked for first: behind the entry and its module preloads it waited for a free
// connection and for the server to answer them, and nothing paints until it is in.
const stylesheetFirst = (): Plugin => ({
  name: 'attention-lab:stylesheet-first',
  apply: 'build',
  transformIndexHtml: {
    order: 'post', // after vite has written its tags
    handler(html) {
      const links = html.match(/[ \t]*<link rel="stylesheet"[^>]*>\n?/g) ?? [];
      const rest = links.reduce((page, link) => page.replace(link, ''), html);
      // Before the first script, and before the comment that says why that script is there.
      const at = rest.search(/[ \t]*(?:<!--[^\n]*-->\s*)?<script\b/);
      if (links.length === 0 || at < 0) return html;
      return rest.slice(0, at) + links.map((link) => `${link.trimEnd()}\n`).join('') + rest.slice(at);
    },
  },
});

// A font small enough to inline (KaTeX_Size3) would sit in the render-blocking CSS as base64 that gzip cannot shrink.
const fontsAsFiles = (file: string) => (/\.(?:woff2?|ttf)$/.test(file) ? false : undefined);

const site: UserConfig = {
  root: here('.'),
  base: './',
  plugins: [rootIsLesson(), katexWoff2Only(), katexSubset(), stylesheetFirst()],
  build: {
    outDir: here('../dist/site'),
    emptyOutDir: true,
    sourcemap: false,
    target: 'es2022',
    assetsInlineLimit: fontsAsFiles,
    // One stylesheet for every page: split, the lesson page's own rules came as a second render-blocking file.
    cssCodeSplit: false,
    rolldownOptions: {
      input: {
        lesson: here('lesson.html'),
        embed: here('embed.html'),
        'attention-lab': here('src/embed/component.ts'),
      },
      // The web component keeps a stable name, so hosts can write <script type="module" src=".../attention-lab.js">.
      output: { entryFileNames: (chunk) => (chunk.name === 'attention-lab' ? '[name].js' : 'assets/[name]-[hash].js') },
      preserveEntrySignatures: 'exports-only',
    },
  },
  worker: { format: 'es' },
};

// For graded LTI launches: the embed page, where the tool lands every placement, without any lesson (lessons.ts); the
// tool sends the placement's without its answers and grades (remote-grader.ts).
const lti: UserConfig = {
  ...site,
  plugins: [katexWoff2Only(), katexSubset()],
  build: {
    ...site.build,
    outDir: here('../dist/lti-site'),
    rolldownOptions: {
      input: { embed: here('embed.html') },
      output: { entryFileNames: 'assets/[name]-[hash].js' },
    },
  },
};

// A classic script with a stable name that any page can include: it sizes our iframes to their content.
const host: UserConfig = {
  root: here('.'),
  base: './',
  publicDir: false,
  build: {
    outDir: here('../dist/site'),
    emptyOutDir: false,
    sourcemap: false,
    target: 'es2020',
    lib: {
      entry: here('src/embed/host.ts'),
      formats: ['iife'],
      name: 'AttentionLabHost',
      fileName: () => 'embed-host.js',
    },
  },
};

// Everything inlined (WASM, fonts) into one script, one stylesheet and one worker; scripts/build-single.mjs packs them.
const single: UserConfig = {
  root: here('.'),
  base: './',
  publicDir: false,
  plugins: [katexWoff2Only(), katexSubset()],
  build: {
    outDir: here('../dist/.single-build'),
    emptyOutDir: true,
    sourcemap: false,
    target: 'es2022',
    assetsInlineLimit: () => true,
    cssCodeSplit: false,
    manifest: true,
    rolldownOptions: {
      input: { lesson: here('src/embed/standalone-main.ts') },
      output: { codeSplitting: false, entryFileNames: '[name].js' },
    },
  },
  worker: { format: 'es', rolldownOptions: { output: { codeSplitting: false } } },
};

const modes: Record<string, UserConfig> = { host, single, lti };
export default defineConfig(({ mode }) => modes[mode] ?? site);
