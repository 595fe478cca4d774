// The README's embed recipes, built with the real site generators (Debian 12's Hugo, Jekyll, MkDocs, Sphinx and
// nbconvert): each snippet is read from the README, put into a minimal project (tests/e2e/hosts/recipes/<tool>), built,
// served on 127.0.0.2 and opened in Chromium with the site on 127.0.0.1. The widget must draw in the frame, and the
// frame must take its content's height where embed-host.js survives, or the `height` attribute where it cannot run.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import {
  appendFileSync,
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import MarkdownIt from 'markdown-it';
import { startServer } from '../../scripts/serve.mjs';
import { hostsDir, launch, repo, requireBuilt } from './embed-support.mjs';
import { widgetOf } from './lesson-data.mjs';

requireBuilt('dist/site/embed.html', 'dist/site/embed-host.js');

/** Where the README says the site is; the test puts the local site's URL in its place. */
const readmeSite = 'https://lab.example.edu/attention-lab/';

// Each recipe block is the fence right after `<!-- recipe: <tool> <part> -->`, read as a Markdown renderer reads it.
const readmeRecipes = (() => {
  const tokens = new MarkdownIt({ html: true }).parse(readFileSync(join(repo, 'README.md'), 'utf8'), {});
  const found = new Map();
  tokens.forEach((token, i) => {
    const marker = token.type === 'html_block' && /^<!-- recipe: (\S+ \S+) -->\s*$/.exec(token.content);
    if (marker && tokens[i + 1]?.type === 'fence') found.set(marker[1], tokens[i + 1].content);
  });
  return found;
})();

let work;
let site;
let host;
let browser;
const built = {};

function recipe(name) {
  const text = readmeRecipes.get(name);
  if (text === undefined) throw new Error(`README.md has no block marked <!-- recipe: ${name} --> before a fence`);
  return text.replaceAll(readmeSite, site.url).trimEnd();
}

// A tool, or fails saying how to install it (nothing is skipped when a generator is missing).
function requireTool(pkg, proof) {
  if (!existsSync(proof)) {
    throw new Error(
      `${proof} is missing: install the Debian package with \`apt-get install -y --no-install-recommends ${pkg}\` ` +
        '(or run `bash scripts/setup.sh --for test`)',
    );
  }
}

function run(command, args, env = {}) {
  return new Promise((done, fail) =>
    execFile(command, args, { env: { ...process.env, ...env }, maxBuffer: 1 << 24 }, (error, stdout, stderr) =>
      error ? fail(new Error(`${command} ${args.join(' ')} failed (${error.code}):\n${stderr}${stdout}`)) : done(),
    ),
  );
}

// Jupyter's and IPython's own files go to the work folder, not to this user's home.
const jupyterEnv = () => ({
  JUPYTER_CONFIG_DIR: join(work, 'jupyter', 'config'),
  JUPYTER_DATA_DIR: join(work, 'jupyter', 'data'),
  JUPYTER_RUNTIME_DIR: join(work, 'jupyter', 'runtime'),
  IPYTHONDIR: join(work, 'ipython'),
  JUPYTER_PLATFORM_DIRS: '1',
  PYDEVD_DISABLE_FILE_VALIDATION: '1',
});

/** A fresh copy of a tool's minimal project, in the work folder. */
function project(tool) {
  const folder = join(work, 'projects', tool);
  cpSync(join(hostsDir, 'recipes', tool), folder, { recursive: true });
  return folder;
}

function fill(file, snippet, placeholder = '@@recipe@@') {
  const text = readFileSync(file, 'utf8');
  assert.ok(text.includes(placeholder), `${file} has ${placeholder}`);
  writeFileSync(
    file,
    text.replace(placeholder, () => snippet),
  );
}

const served = (name) => join(work, 'served', name);

// Each build writes under served/<name>/; the host serves served/ and the tests open the pages named here.
const builds = {
  async hugo() {
    requireTool('hugo', '/usr/bin/hugo');
    const folder = project('hugo');
    fill(join(folder, 'content', 'week3.md'), recipe('markdown page'));
    const hugo = (out) =>
      run('/usr/bin/hugo', [
        '--quiet',
        '--source',
        folder,
        '--destination',
        served(out),
        '--cacheDir',
        join(work, 'hugo'),
      ]);
    await hugo('hugo-without-unsafe'); // what an instructor gets before adding the config lines
    appendFileSync(join(folder, 'hugo.toml'), `\n${recipe('hugo config')}\n`);
    await hugo('hugo');
    return { page: 'hugo/week3/index.html', without: 'hugo-without-unsafe/week3/index.html' };
  },
  async jekyll() {
    requireTool('jekyll', '/usr/bin/jekyll');
    const folder = project('jekyll');
    fill(join(folder, 'week3.md'), recipe('markdown page'));
    await run('/usr/bin/jekyll', [
      'build',
      '--quiet',
      '--disable-disk-cache',
      '--source',
      folder,
      '--destination',
      served('jekyll'),
    ]);
    return { page: 'jekyll/week3.html' };
  },
  async mkdocs() {
    requireTool('mkdocs', '/usr/bin/mkdocs');
    const folder = project('mkdocs');
    fill(join(folder, 'docs', 'week3.md'), recipe('markdown page'));
    await run('/usr/bin/mkdocs', [
      'build',
      '--quiet',
      '--config-file',
      join(folder, 'mkdocs.yml'),
      '--site-dir',
      served('mkdocs'),
    ]);
    return { page: 'mkdocs/week3/index.html' };
  },
  async sphinx() {
    requireTool('python3-sphinx', '/usr/bin/sphinx-build');
    const folder = project('sphinx');
    const directive = recipe('sphinx page');
    fill(join(folder, 'week3.rst'), directive);
    // The directive's HTML pasted bare, as an instructor might first try.
    const lines = directive.split('\n');
    const body = lines.slice(lines.indexOf('') + 1);
    const indent = Math.min(...body.filter((l) => l.trim()).map((l) => l.length - l.trimStart().length));
    fill(join(folder, 'bare.rst'), body.map((l) => l.slice(indent)).join('\n'), '@@recipe-html@@');
    await run('/usr/bin/sphinx-build', ['-q', '-b', 'html', folder, served('sphinx')]);
    return { page: 'sphinx/week3.html', without: 'sphinx/bare.html' };
  },
  async notebook() {
    requireTool('jupyter-nbconvert', '/usr/bin/jupyter-nbconvert');
    requireTool('python3-ipykernel', '/usr/share/jupyter/kernels/python3/kernel.json');
    const folder = project('notebook');
    const file = join(folder, 'week3.ipynb');
    const notebook = JSON.parse(readFileSync(file, 'utf8'));
    const cell = notebook.cells.find((c) => c.source.join('') === '@@recipe@@');
    cell.source = recipe('notebook cell').split(/(?<=\n)/);
    writeFileSync(file, JSON.stringify(notebook));
    const nbconvert = (...args) =>
      run(
        '/usr/bin/jupyter-nbconvert',
        ['--to', 'html', file, '--output-dir', served('notebook'), ...args],
        jupyterEnv(),
      );
    await Promise.all([nbconvert('--execute'), nbconvert('--output', 'week3-unrun')]);
    return { page: 'notebook/week3.html', without: 'notebook/week3-unrun.html', cell: recipe('notebook cell') };
  },
};

before(async () => {
  work = mkdtempSync(join(tmpdir(), 'attention-lab-recipes-'));
  mkdirSync(join(work, 'served'));
  writeFileSync(join(work, 'served', 'favicon.ico'), ''); // a site has one; the browser asks for it
  [site, host, browser] = await Promise.all([
    startServer({ host: '127.0.0.1' }),
    startServer({ host: '127.0.0.2', root: join(work, 'served'), headers: { 'Content-Security-Policy': undefined } }),
    launch(),
  ]);
  // The tools run side by side; each test waits for its own and fails with its own message.
  for (const [tool, build] of Object.entries(builds)) {
    built[tool] = build();
    built[tool].catch(() => {}); // reported by the tool's test
  }
  browser.leaks = [];
  browser.context.on('request', (request) => {
    const url = new URL(request.url());
    if (/^https?:$/.test(url.protocol) && !/^127\.0\.0\.[12]$/.test(url.hostname)) browser.leaks.push(url.href);
  });
});
after(async () => {
  await Promise.allSettled(Object.values(built));
  await browser?.close();
  await Promise.all([site?.close(), host?.close()]);
  if (work) rmSync(work, { recursive: true, force: true });
});

// What IPython shows for the cell: the value of its last line, as HTML.
function ipythonHtml(cell) {
  const show =
    'import ast, sys\n' +
    'tree = ast.parse(sys.stdin.read()); last = tree.body.pop(); scope = {}\n' +
    'exec(compile(tree, "cell", "exec"), scope)\n' +
    'print(eval(compile(ast.Expression(last.value), "cell", "eval"), scope)._repr_html_())\n';
  return new Promise((done, fail) => {
    const options = { env: { ...process.env, ...jupyterEnv() } };
    const child = execFile('/usr/bin/python3', ['-c', show], options, (error, stdout, stderr) =>
      error ? fail(new Error(`the notebook cell does not run: ${stderr}`)) : done(stdout),
    );
    child.stdin.end(cell);
  });
}

const siteFrameSelector = () => `iframe[src^="${site.url}embed.html"]`;

// Opens a built page: its one iframe of ours has every attribute the recipe's HTML gave, and the widget draws in it.
async function openRecipe(path, recipeHtml) {
  const { page } = browser;
  await page.goto(`${host.url}${path}`);
  assert.equal(await page.locator(siteFrameSelector()).count(), 1, `${path} has one iframe of ours`);
  const element = await page.$(siteFrameSelector());
  const differences = await element.evaluate((frame, html) => {
    const wanted = new window.DOMParser().parseFromString(html, 'text/html').querySelector('iframe');
    if (!wanted) return ['the recipe shows no iframe'];
    const found = [];
    for (const { name, value } of wanted.attributes) {
      // The host script adds a height to the style: compare the recipe's own declarations only.
      const pairs = name === 'style' ? [...wanted.style].map((p) => [p, wanted.style.getPropertyValue(p)]) : [];
      for (const [property, want] of pairs) {
        const got = frame.style.getPropertyValue(property);
        if (got !== want) found.push(`style ${property}: ${got} instead of ${want}`);
      }
      if (name !== 'style' && frame.getAttribute(name) !== value) {
        found.push(`${name}: ${frame.getAttribute(name)} instead of ${value}`);
      }
    }
    return found;
  }, recipeHtml);
  assert.deepEqual(differences, [], `${path}: the iframe keeps the recipe's attributes`);
  const frame = await element.contentFrame();
  const name = new URL(await element.getAttribute('src')).searchParams.get('widget');
  const widget = `#${widgetOf(name)?.id ?? name}-widget`;
  await frame.waitForSelector(`${widget}[data-rendered]:not([aria-busy])`, { timeout: 20000 });
  return { page, element, frame, widget };
}

const heights = async (element, frame) => ({
  outer: (await element.boundingBox()).height,
  inner: await frame.evaluate(() => Math.ceil(document.documentElement.getBoundingClientRect().height)),
});

// Polls until the frame on the host is as tall as its document inside, and taller than `atLeast`.
async function followsContent(element, frame, atLeast) {
  let seen;
  for (let tries = 0; tries < 400; tries++) {
    seen = await heights(element, frame);
    if (Math.abs(seen.outer - seen.inner) <= 1 && seen.inner > atLeast) return seen.inner;
    await new Promise((done) => setTimeout(done, 50));
  }
  throw new Error(`the frame is ${seen.outer}px tall on the host, its content ${seen.inner}px`);
}

// Where embed-host.js survives: the frame takes its content's height, and follows it when the content grows.
async function assertAutoHeight({ page, element, frame, widget }) {
  assert.equal(await page.locator(`script[src="${site.url}embed-host.js"]`).count(), 1, 'the host script is kept');
  const first = await followsContent(element, frame, 150);
  await frame.click(`${widget} details.data summary`); // the data table opens: the content grows
  await followsContent(element, frame, first + 40);
}

function assertNoProblems(expected = []) {
  const problems = browser.problems.filter((p) => !expected.some((known) => known.test(p)));
  browser.problems.length = 0;
  assert.deepEqual(problems, []);
  assert.deepEqual(browser.leaks, [], 'nothing is fetched from outside loopback');
}

async function htmlRecipe(tool) {
  const pages = await built[tool];
  await assertAutoHeight(await openRecipe(pages.page, recipe('markdown page')));
  assertNoProblems();
  return pages;
}

test('Hugo: with unsafe = true the iframe and host script pass through; without it the iframe is dropped', async () => {
  const pages = await htmlRecipe('hugo');
  const { page } = browser;
  await page.goto(`${host.url}${pages.without}`);
  assert.equal(await page.locator('iframe').count(), 0, 'without the config lines there is no iframe');
  const omitted = await page.evaluate(() => {
    const walker = document.createTreeWalker(document.body, window.NodeFilter.SHOW_COMMENT);
    const comments = [];
    while (walker.nextNode()) comments.push(walker.currentNode.data.trim());
    return comments;
  });
  assert.ok(omitted.includes('raw HTML omitted'), `Hugo leaves its mark instead: ${JSON.stringify(omitted)}`);
  assertNoProblems();
});

test('Jekyll: kramdown keeps the iframe and the host script; the frame follows its content', async () => {
  await htmlRecipe('jekyll');
});

test('MkDocs: Python-Markdown keeps the iframe and the host script; the frame follows its content', async () => {
  await htmlRecipe('mkdocs');
});

test('Sphinx: the raw directive keeps the iframe and host script; pasted bare, the HTML shows as text', async () => {
  const pages = await built.sphinx;
  await assertAutoHeight(await openRecipe(pages.page, recipe('sphinx page')));
  const { page } = browser;
  await page.goto(`${host.url}${pages.without}`);
  assert.equal(await page.locator('iframe').count(), 0, 'without the directive there is no iframe');
  assert.ok((await page.textContent('body')).includes('<iframe'), 'the reader sees the HTML as text');
  assertNoProblems();
});

test('a notebook through nbconvert: the run cell gives the iframe, whose height applies and fits', async (t) => {
  const pages = await built.notebook;
  const opened = await openRecipe(pages.page, await ipythonHtml(pages.cell));
  assert.equal(await opened.page.locator('script[src$="embed-host.js"]').count(), 0, 'the recipe has no host script');
  await opened.frame.evaluate(() => document.fonts.ready.then(() => undefined)); // text at its final size
  const outer = (await opened.element.boundingBox()).height;
  const inner = await opened.frame.evaluate(() => {
    const root = document.documentElement;
    return { content: Math.ceil(root.getBoundingClientRect().height), scroll: root.scrollHeight };
  });
  assert.equal(outer, Number(await opened.element.getAttribute('height')), 'the frame is as tall as its height');
  t.diagnostic(
    `the frame is ${(await opened.element.boundingBox()).width} px wide, its content ${inner.content} px tall`,
  );
  assert.ok(inner.scroll <= outer, `the widget (${inner.scroll} px) fits in the ${outer} px frame, nothing cut`);
  await opened.frame.click(`${opened.widget} details.data summary`); // the tallest state a learner reaches
  await opened.frame.waitForSelector(`${opened.widget} details.data[open] table`);
  const opens = await opened.frame.evaluate(() => document.documentElement.scrollHeight);
  assert.ok(opens <= outer, `with its data table open the widget (${opens} px) still fits in the ${outer} px frame`);
  await opened.page.goto(`${host.url}${pages.without}`);
  assert.equal(await opened.page.locator('iframe').count(), 0, 'an unrun cell has no output, so no iframe');
  // Debian's nbconvert points its page at require.js and MathJax under file://, which an http page may not load.
  assertNoProblems([/^console error: Not allowed to load local resource: file:\/\/\/usr\/share\/javascript\//]);
});
