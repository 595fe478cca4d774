// `npm run build:single`: the lesson as one self-contained HTML file (script, styles, fonts, worker and WASM inlined)
// that works from file://. Its own CSP (a meta tag) allows exactly what it holds: the inline script and style by hash,
// the worker as a data: URL (file:// pages cannot start workers from files), the WASM and fonts as data: URLs.
// `--lang zh-CN` writes the lesson in that language (dist/single/attention-lab.zh-CN.html, `<html lang="zh-CN">`).
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { viteBuild } from './vite-build.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const staging = join(root, 'dist', '.single-build');
export const singleFile = join(root, 'dist', 'single', 'attention-lab.html');
/** The single file of the lesson in `locale`: the original's attention-lab.html, a translation's names its locale. */
export const singleFileIn = (locale = 'en') =>
  locale === 'en' ? singleFile : join(root, 'dist', 'single', `attention-lab.${locale}.html`);

/** The locale a `--lang` value names, checked against the page's list of locales (web/src/i18n/locales.ts). */
export async function langOption(argv) {
  const at = argv.indexOf('--lang');
  if (at === -1) return 'en';
  const value = argv[at + 1];
  const built = join(root, 'dist/lib/src/i18n/locales.js');
  // Before the first build the list is not compiled yet: the prerender step checks the value then.
  if (!existsSync(built)) {
    if (!value || !/^[A-Za-z]{2,3}(-[A-Za-z0-9]{1,8})*$/.test(value)) throw new Error(`--lang needs a language tag`);
    return value;
  }
  const { locales, toLocale } = await import(built);
  const locale = toLocale(value);
  if (!locale) throw new Error(`--lang must be one of ${locales.join(', ')}, got "${value ?? ''}"`);
  return locale;
}

function run(command, args) {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) throw new Error(`build-single: '${command} ${args.join(' ')}' failed`);
}

const sha256 = (text) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

// The glue and our loader both point at the WASM; once inlined, one constant serves both.
function hoistDataUrls(code) {
  const literals = [...new Set(code.match(/`data:[^`]{10000,}`/g) ?? [])];
  const names = literals.map((_, i) => `__attentionLabInlined${i}`);
  literals.forEach((literal, i) => (code = code.split(literal).join(names[i])));
  return literals.map((literal, i) => `const ${names[i]}=${literal};`).join('') + code;
}

// Only % and # mean something inside a data: URL body; encodeURI also escapes quotes and angle brackets.
const dataUrl = (type, text) => `data:${type},${encodeURI(text).replace(/#/g, '%23')}`;

function inlineWorker(script) {
  const workers = readdirSync(join(staging, 'assets')).filter((name) => /^core-worker-.*\.js$/.test(name));
  if (workers.length !== 1) throw new Error(`build-single: expected one core worker, found ${workers.length}`);
  const worker = hoistDataUrls(readFileSync(join(staging, 'assets', workers[0]), 'utf8'));
  const reference = new RegExp('[`"\']assets/' + workers[0].replace(/[.-]/g, '\\$&') + '[`"\']', 'g');
  if ((script.match(reference) ?? []).length !== 1)
    throw new Error('build-single: the worker reference was not found once in the bundle');
  return script.replace(reference, () => JSON.stringify(dataUrl('text/javascript;charset=utf-8', worker)));
}

/** Builds the single file of the first lesson in each of `locales`; returns the first's. */
export function buildSingle({ prepare = true, locales = ['en'] } = {}) {
  if (prepare) {
    const built =
      existsSync(join(root, 'web/generated/wasm/attention_core.wasm')) &&
      existsSync(join(root, 'dist/lib/src/authoring/index.js'));
    if (!built) run('node', ['scripts/build.mjs']);
    else run('node', ['scripts/compile-lessons.mjs']);
  }
  const built = locales.map(buildOne);
  rmSync(staging, { recursive: true, force: true });
  return built[0];
}

// One bundle per language: each holds the original lessons and only its own translation (lessons.ts reads
// VITE_LESSON_LOCALE), so the English file carries no Chinese and grows by nothing.
function buildOne(locale) {
  viteBuild('single', { VITE_LESSON_LOCALE: locale });
  const manifest = JSON.parse(readFileSync(join(staging, '.vite', 'manifest.json'), 'utf8'));
  const entry = Object.values(manifest).find((chunk) => chunk.isEntry);
  const css = Object.values(manifest)
    .filter((chunk) => chunk.file.endsWith('.css'))
    .map((chunk) => readFileSync(join(staging, chunk.file), 'utf8'))
    .join('\n');
  const script = inlineWorker(readFileSync(join(staging, entry.file), 'utf8')).replace(/<\/(script)/gi, '<\\/$1');
  if (/<!--/.test(script) || /<\/style/i.test(css))
    throw new Error('build-single: the bundle holds text that would end its inline element early');
  const leftovers = script.match(/[`"']assets\/[^`"']+[`"']/g);
  if (leftovers) throw new Error(`build-single: not inlined: ${leftovers.join(', ')}`);

  const csp = [
    "default-src 'none'",
    `script-src ${sha256(script)} 'wasm-unsafe-eval'`,
    'worker-src data:',
    'connect-src data:',
    `style-src ${sha256(css)}`,
    "style-src-attr 'unsafe-inline'",
    'font-src data:',
    'img-src data:',
    "base-uri 'none'",
    "form-action 'none'",
  ].join('; ');
  const template = readFileSync(join(root, 'web', 'lesson.html'), 'utf8');
  const head =
    `<meta http-equiv="Content-Security-Policy" content="${csp}" />\n    <style>${css}</style>\n    ` +
    `<script type="module">${script}</script>`;
  const html = template.replace(/<script type="module"(?: async)? src="[^"]*"><\/script>/, () => head);
  if (html === template) throw new Error('build-single: web/lesson.html has no module script to replace');
  mkdirSync(dirname(singleFile), { recursive: true });
  const file = singleFileIn(locale);
  writeFileSync(file, html);
  // The first lesson is written into the page too, so the single file and the SCORM package read before scripts run;
  // its <html lang> is the language the page then speaks.
  run('node', ['scripts/prerender-lessons.mjs', '--into', file, '--locale', locale]);
  const size = statSync(file).size;
  console.log(`build-single: ${file.slice(root.length + 1)} (${(size / 1024 / 1024).toFixed(2)} MiB, ${size} bytes)`);
  return { file, size };
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  try {
    buildSingle({ locales: [await langOption(process.argv)] });
  } catch (error) {
    console.error(error.message);
    process.exit(1);
  }
}
