// `npm run build:single`: the lesson as one self-contained HTML file (script, styles, fonts, worker and WASM inlined)
// that works from file://. Its own CSP (a meta tag) allows exactly what it holds: the inline script and style by hash,
// the worker as a data: URL (file:// pages cannot start workers from files), the WASM and fonts as data: URLs.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const staging = join(root, 'dist', '.single-build');
export const singleFile = join(root, 'dist', 'single', 'attention-lab.html');

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

export function buildSingle({ prepare = true } = {}) {
  if (prepare) {
    const built =
      existsSync(join(root, 'web/generated/wasm/attention_core.wasm')) &&
      existsSync(join(root, 'dist/lib/src/authoring/index.js'));
    if (!built) run('node', ['scripts/build.mjs']);
    else run('node', ['scripts/compile-lessons.mjs']);
  }
  run('npx', [
    '--no-install',
    'vite',
    'build',
    '--config',
    'web/vite.config.ts',
    '--mode',
    'single',
    '--logLevel',
    'warn',
  ]);
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
  writeFileSync(singleFile, html);
  // The first lesson is written into the page too, so the single file and the SCORM package read before scripts run.
  run('node', ['scripts/prerender-lessons.mjs', '--into', singleFile]);
  rmSync(staging, { recursive: true, force: true });
  const size = statSync(singleFile).size;
  console.log(
    `build-single: ${singleFile.slice(root.length + 1)} (${(size / 1024 / 1024).toFixed(2)} MiB, ${size} bytes)`,
  );
  return { file: singleFile, size };
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  try {
    buildSingle();
  } catch (error) {
    console.error(error.message);
    process.exit(1);
  }
}
