// The single-file build opened from file://: every byte inline, the widgets compute in a data: worker, questions grade.
import assert from 'node:assert/strict';
import { statSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { test } from 'node:test';
import { answer } from './embed-answer.mjs';
import { launch, repo, requireBuilt } from './embed-support.mjs';
import { questions, widgetOf } from './lesson-data.mjs';

requireBuilt('dist/single/attention-lab.html');
const file = join(repo, 'dist', 'single', 'attention-lab.html');

test(
  'the single file, opened from file://, runs the widgets and answers a question with nothing ' + 'fetched',
  async (t) => {
    t.diagnostic(`dist/single/attention-lab.html is ${(statSync(file).size / 1024 / 1024).toFixed(2)} MiB`);
    const browser = await launch();
    try {
      const { page, problems } = browser;
      const fetched = [];
      page.on('request', (request) => !/^(data|file|blob):/.test(request.url()) && fetched.push(request.url()));
      await page.goto(pathToFileURL(file).href);
      assert.match(
        await page.getAttribute('meta[http-equiv="Content-Security-Policy"]', 'content'),
        /script-src 'sha256-[^']+' 'wasm-unsafe-eval'/,
      );
      for (const name of ['variance-explorer', 'softmax-dies', 'before-after']) {
        const { id } = widgetOf(name);
        await page.evaluate((slot) => document.getElementById(slot).scrollIntoView(), id);
        await page.waitForSelector(`#${id}-widget[data-rendered]:not([aria-busy])`, { timeout: 15000 });
        assert.ok((await page.$$(`#${id}-widget .data-table tbody tr`)).length > 0, `${name} drew its numbers`);
      }
      const question = questions.find((q) => q.kind === 'numeric');
      await answer(page, question);
      assert.match(await page.textContent('#lesson-progress-text'), /^1 of \d+ questions answered correctly/);
      assert.deepEqual(fetched, []);
      assert.deepEqual(problems, []);
    } finally {
      await browser.close();
    }
  },
);
