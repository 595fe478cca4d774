// Deployed as a static folder under any sub-path, on a file server that sends .wasm as application/octet-stream (as
// some LMS file stores do): the lesson and the embed still load the core, through the non-streaming fallback.
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { startServer } from '../../scripts/serve.mjs';
import { launch, requireBuilt, siteDir } from './embed-support.mjs';
import { widgetOf } from './lesson-data.mjs';

requireBuilt('dist/site/embed.html');

test(
  'under /courses/attention-lab/ with .wasm as application/octet-stream, the lesson and an embed ' + 'compute',
  async () => {
    const root = mkdtempSync(join(tmpdir(), 'attention-lab-subpath-'));
    mkdirSync(join(root, 'courses'));
    symlinkSync(siteDir, join(root, 'courses', 'attention-lab'), 'dir');
    const server = await startServer({ root, types: { '.wasm': 'application/octet-stream' } });
    const browser = await launch();
    try {
      const { page, problems } = browser;
      const base = `${server.url}courses/attention-lab/`;
      const softmax = widgetOf('softmax-dies');
      await page.goto(`${base}embed.html?widget=${softmax.id}&dk=64`);
      await page.waitForSelector(`#${softmax.id}-widget[data-rendered]:not([aria-busy])`, { timeout: 15000 });
      assert.equal(JSON.parse(await page.getAttribute(`#${softmax.id}-widget`, 'data-rendered')).dk, 64);
      const served = await page.evaluate(async (dir) => {
        const text = async (url) => (await fetch(url)).text();
        const worker = [...performance.getEntriesByType('resource')]
          .map((e) => e.name)
          .find((n) => n.includes('core-worker'));
        // The worker's first chunk names the first figure's small core; the chunk it imports later, the full core.
        const workerSource = await text(worker);
        const fullChunk = /full-core-[\w-]+\.js/.exec(workerSource)?.[0];
        const fullSource = await text(new URL(`assets/${fullChunk}`, dir));
        const names = [
          /first_figure_core-[\w-]+\.wasm/.exec(workerSource),
          /attention_core-[\w-]+\.wasm/.exec(fullSource),
        ];
        return Promise.all(
          names.map(async (name) => {
            const response = await fetch(new URL(`assets/${name?.[0]}`, dir));
            return { path: new URL(response.url).pathname, type: response.headers.get('content-type') };
          }),
        );
      }, base);
      assert.deepEqual(
        served.map((file) => file.type),
        ['application/octet-stream', 'application/octet-stream'],
      );
      assert.match(served[0].path, /^\/courses\/attention-lab\/assets\/first_figure_core-/);
      assert.match(served[1].path, /^\/courses\/attention-lab\/assets\/attention_core-/);

      await page.goto(`${base}lesson.html`);
      // The lesson's data loads as a chunk of its own after the page: its figure's slot appears when it has.
      await page.waitForSelector(`#${softmax.id}`);
      await page.evaluate((id) => document.getElementById(id).scrollIntoView(), softmax.id);
      await page.waitForSelector(`#${softmax.id}-widget[data-rendered]:not([aria-busy])`, { timeout: 15000 });
      assert.deepEqual(problems, []);
    } finally {
      await browser.close();
      await server.close();
      rmSync(root, { recursive: true, force: true });
    }
  },
);
