// Before any script runs, each figure's slot already holds the height its folder's slot.ts declares, at desktop and
// phone widths, in the site's lesson page, the single file and the SCORM package; so the page barely moves on mount.
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { pathToFileURL } from 'node:url';
import { unzipSync } from 'fflate';
import { startServer } from '../../scripts/serve.mjs';
import { readSlot } from '../../scripts/widget-index.mjs';
import { startChromium } from './browser.mjs';
import { repo, requireBuilt } from './embed-support.mjs';
import { lesson, widgets } from './lesson-data.mjs';

requireBuilt(`dist/site/${lesson.slug}.html`, 'dist/single/attention-lab.html', 'dist/scorm/attention-lab-scorm12.zip');

let server;
let browser;
let unpacked;
const builds = {};
before(async () => {
  // The SCORM package's page, taken out of the zip as an LMS would serve it.
  unpacked = mkdtempSync(join(tmpdir(), 'attention-lab-slots-'));
  const files = unzipSync(readFileSync(join(repo, 'dist', 'scorm', 'attention-lab-scorm12.zip')));
  writeFileSync(join(unpacked, 'index.html'), files['index.html']);
  [server, browser] = await Promise.all([startServer(), startChromium()]);
  builds.site = `${server.url}${lesson.slug}.html`;
  builds['single file'] = pathToFileURL(join(repo, 'dist', 'single', 'attention-lab.html')).href;
  builds['SCORM package'] = pathToFileURL(join(unpacked, 'index.html')).href;
});
after(async () => {
  await browser?.close();
  await server?.close();
  rmSync(unpacked, { recursive: true, force: true });
});

// Screens over 600 px take a widget's `wide` height, phones its `narrow` one.
const widths = { wide: 1280, narrow: 375 };

for (const build of ['site', 'single file', 'SCORM package'])
  for (const [size, width] of Object.entries(widths))
    test(`${build} at ${width} px, scripts off: every slot reserves its folder's ${size} height`, async () => {
      const page = await browser.newPage({ javaScriptEnabled: false, viewport: { width, height: 800 } });
      try {
        await page.goto(builds[build]);
        const slots = await page.$$eval('.widget-slot', (elements) =>
          elements.map((slot) => ({
            id: slot.id,
            widget: slot.dataset.widget,
            minHeight: getComputedStyle(slot).minHeight,
            height: slot.getBoundingClientRect().height,
          })),
        );
        assert.deepEqual(
          slots.map((slot) => slot.id),
          widgets.map((widget) => widget.id),
          'every figure of the lesson has its slot',
        );
        for (const { id, widget, minHeight, height } of slots) {
          const reserved = readSlot(widget)[size];
          assert.equal(minHeight, `${reserved}px`, `${id} (${widget}): min-height`);
          assert.ok(
            Math.abs(height - reserved) < 1,
            `${id} (${widget}): drawn ${height} px tall, ${reserved} reserved`,
          );
        }
      } finally {
        await page.close();
      }
    });
