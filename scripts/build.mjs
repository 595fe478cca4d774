// Builds what a command needs: the WASM module, the Node package of the core, the compiled lessons and the site
// (and the native core for tests and benchmarks); for tests and `npm run lti` the LTI tool server and the pages it
// serves to graded launches; for tests also the single-file lesson and the SCORM package (in each language the first
// lesson is translated into) and the sanitizer build
// (`--for fuzz` builds that one, the WASM module and the Node package of the core only).
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, readFileSync, readdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildScorm } from './build-scorm.mjs';
import { removeForeignBuilds } from './stale-build.mjs';
import { viteBuild } from './vite-build.mjs';

const purpose = process.argv.includes('--for') ? process.argv[process.argv.indexOf('--for') + 1] : 'start';
const jobs = ['-j', '2'];

function run(command, args, extraEnv = {}) {
  const result = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...extraEnv } });
  if (result.status !== 0) {
    console.error(`attention-lab build: '${command} ${args.join(' ')}' failed`);
    process.exit(result.status ?? 1);
  }
}

// The languages the first lesson, the one the single file and the SCORM package hold, is translated into.
function translatedLocales() {
  const lessons = 'web/generated/lessons';
  const first = JSON.parse(readFileSync(`${lessons}/index.json`, 'utf8'))[0]?.slug;
  return readdirSync(lessons).flatMap((name) => {
    const translation = /^([a-z0-9-]+)\.([A-Za-z-]+)\.json$/.exec(name);
    return translation && translation[1] === first ? [translation[2]] : [];
  });
}

// A mode of the vite config (the site without one), stopping the build as `run` does when it fails.
function vite(mode) {
  try {
    viteBuild(mode);
  } catch (error) {
    console.error(`attention-lab build: ${error.message}`);
    process.exit(1);
  }
}

// emcc needs acorn from Debian's node modules (Emscripten 3.1.6).
const emscriptenEnv = { NODE_PATH: '/usr/share/nodejs' };

// A copied checkout brings caches made for the old folder; cmake would stop on them, so start those afresh.
for (const folder of removeForeignBuilds(resolve(dirname(fileURLToPath(import.meta.url)), '..'))) {
  console.log(`attention-lab build: ${folder} was configured for another checkout; removed it to rebuild here`);
}

// ASan + UBSan build of the doctest suite and the libFuzzer harnesses (clang-14): for tests and fuzzing.
if (purpose === 'test' || purpose === 'fuzz') {
  run('cmake', ['--preset', 'sanitize', '--log-level=WARNING']);
  run('cmake', ['--build', '--preset', 'sanitize', ...jobs]);
}
if (purpose === 'test' || purpose === 'bench') {
  run('cmake', ['--preset', 'native', '--log-level=WARNING']);
  run('cmake', ['--build', '--preset', 'native', ...jobs]);
}
// The lists of widgets follow the folders in web/src/widgets: a new folder is a new widget.
run('node', ['scripts/widget-index.mjs']);
// The languages follow the catalogs in web/src/i18n/catalogs: a new catalog is a new language.
run('node', ['scripts/locale-index.mjs']);
run('cmake', ['--preset', 'wasm', '--log-level=WARNING'], emscriptenEnv);
run('cmake', ['--build', '--preset', 'wasm', ...jobs], emscriptenEnv);
run('npx', ['--no-install', 'tsc', '-p', 'tsconfig.lib.json']);
mkdirSync('dist/lib/generated', { recursive: true });
cpSync('web/generated/wasm', 'dist/lib/generated/wasm', { recursive: true });
// The Embind fuzz harness needs the WASM module and the Node package of the core, nothing after them.
if (purpose === 'fuzz') {
  console.log('attention-lab build: done (fuzz harnesses and the core)');
  process.exit(0);
}
// Lessons are checked against the core and compiled before the site bundles them.
run('node', ['scripts/compile-lessons.mjs']);
vite();
// Each lesson also gets its own page with its HTML written in, readable before any script runs.
run('node', ['scripts/prerender-lessons.mjs']);
// The host script for pages that embed our iframes: a classic script with a stable name beside the pages.
vite('host');
// The LTI tool server: TypeScript in server/src, using the quiz engine and the core's Node package built above, and
// the pages it serves to graded launches (dist/lti-site), which hold no lesson: the tool sends them theirs.
if (purpose === 'test' || purpose === 'lti') {
  run('npx', ['--no-install', 'tsc', '-p', 'tsconfig.server.json']);
  vite('lti');
}
if (purpose === 'test') {
  try {
    // Builds the single file first, then packs it: the original and each translation the tests open.
    buildScorm({ prepare: false, locales: ['en', ...translatedLocales()] });
  } catch (error) {
    console.error(`attention-lab build: ${error.message}`);
    process.exit(1);
  }
}
console.log('attention-lab build: done');
