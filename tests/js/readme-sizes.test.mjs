// The sizes README.md states for what the build writes, read from the README as Markdown and held to the built files,
// so a figure cannot go stale unnoticed. "About" figures may be 10 % off; figures given as measured (the WASM's, a
// zip's in KiB), 3 %, as builds of other commits differ by a few hundred bytes; an "under" figure is a ceiling.
import assert from 'node:assert/strict';
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { test } from 'node:test';
import { gzipSync } from 'node:zlib';
import MarkdownIt from 'markdown-it';

const root = new URL('../../', import.meta.url);
const readme = readFileSync(new URL('README.md', root), 'utf8');
const MiB = 2 ** 20;
const KiB = 2 ** 10;
const about = 0.1;
const measured = 0.03;

// Every paragraph and list item of the README as its inline Markdown, as a renderer sees them; a table row as its
// cells joined by " | ".
function readInlines() {
  const texts = [];
  let row;
  for (const token of new MarkdownIt().parse(readme, {})) {
    if (token.type === 'tr_open') row = [];
    else if (token.type === 'tr_close') texts.push(row.join(' | '));
    else if (token.type === 'inline') (row ?? texts).push(token.content.replace(/\s+/g, ' '));
    if (token.type === 'tr_close') row = undefined;
  }
  return texts;
}
const inlines = readInlines();

function built(path) {
  const url = new URL(path, root);
  try {
    return statSync(url).size;
  } catch {
    throw new Error(`${path} is not built: run \`node scripts/build.mjs --for test\` first`);
  }
}

/** Every figure the README gives by `pattern` (its first group, a number), with the text around it. */
function stated(pattern, what) {
  const found = inlines.flatMap((text) => [...text.matchAll(pattern)].map((m) => ({ value: Number(m[1]), text })));
  assert.ok(found.length > 0, `README.md states no size for ${what} (looked for ${pattern})`);
  return found;
}

function assertClose(actual, claimed, tolerance, what) {
  const off = Math.abs(actual - claimed) / actual;
  assert.ok(
    off <= tolerance,
    `README.md says ${what} is ${claimed}, the build gives ${actual.toFixed(2)} (${(off * 100).toFixed(0)} % off, ` +
      `${tolerance * 100} % allowed): change the README`,
  );
}

test('the single file and the SCORM zip are as big as the README says', () => {
  for (const [path, what] of [
    ['dist/single/attention-lab.html', 'the single file'],
    ['dist/scorm/attention-lab-scorm12.zip', 'the SCORM zip'],
  ]) {
    // "`attention-lab.html` (about 2.7 MiB)" or "`attention-lab-scorm12.zip` (787 KiB; …": about, or as measured.
    const name = path.split('/').at(-1).replaceAll('.', '\\.');
    const pattern = new RegExp(`${name}\` \\((about )?(\\d+(?:\\.\\d+)?) (MiB|KiB)`, 'g');
    const found = inlines.flatMap((text) => [...text.matchAll(pattern)]);
    assert.ok(found.length > 0, `README.md states no size for ${what} (looked for ${pattern})`);
    for (const [, roughly, figure, unit] of found) {
      const size = built(path) / (unit === 'MiB' ? MiB : KiB);
      assertClose(size, Number(figure), roughly ? about : measured, `${what} (${unit})`);
    }
  }
});

// As the browser benchmark counts it (bench/browser/loading.mjs): gzip at level 6, KB of 1024 bytes.
function builtWasm(module) {
  const folder = new URL('dist/site/assets/', root);
  const name = readdirSync(folder).find((file) => file.startsWith(`${module}-`) && file.endsWith('.wasm'));
  assert.ok(name, `no ${module} .wasm in dist/site/assets: build the site first`);
  const bytes = readFileSync(new URL(name, folder));
  return { gzip: gzipSync(bytes, { level: 6 }).length / KiB, raw: bytes.length / KiB };
}

test('the WASM module is as big as the README measured, gzip and raw', () => {
  const { gzip, raw } = builtWasm('attention_core');
  const row = stated(/^WASM module \(gzip\) \| ([\d.]+) KB \(([\d.]+) KB raw\)/g, 'the WASM module (table)');
  for (const { value, text } of row) {
    assertClose(gzip, value, measured, 'the WASM module (gzip KB)');
    assertClose(raw, Number(/\(([\d.]+) KB raw\)/.exec(text)[1]), measured, 'the WASM module (raw KB)');
  }
  for (const { value } of stated(/the WASM is ([\d.]+) KB gzip/g, 'the WASM module (prose)'))
    assertClose(gzip, value, measured, 'the WASM module (gzip KB, in the prose)');
});

test("the first figure's small core is as big as the README measured", () => {
  const { gzip } = builtWasm('first_figure_core');
  for (const { value } of stated(/the first figure's small core is ([\d.]+) KB gzip/g, 'the small core'))
    assertClose(gzip, value, measured, "the first figure's small core (gzip KB)");
});

test('embed-host.js stays under the size the README promises', () => {
  for (const { value } of stated(/`embed-host\.js` \(under (\d+) KB/g, 'embed-host.js'))
    assert.ok(built('dist/site/embed-host.js') < value * KiB, `embed-host.js is no longer under ${value} KB`);
});
