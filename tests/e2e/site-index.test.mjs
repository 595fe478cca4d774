// The site root lists every lesson (title, summary, number of questions) in plain HTML, and each entry opens its
// lesson.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, before, test } from 'node:test';
import { openLesson } from './browser.mjs';

const index = JSON.parse(readFileSync(new URL('../../web/generated/lessons/index.json', import.meta.url), 'utf8'));
let site;
before(async () => {
  site = await openLesson();
});
after(() => site?.close());

test('the site root lists each compiled lesson, readable with scripts off', async () => {
  const html = await (await fetch(site.server.url)).text();
  for (const lesson of index) {
    assert.ok(html.includes(`href="./${lesson.slug}.html"`), `a link to ${lesson.slug} is in the served HTML`);
    assert.ok(html.includes(`${lesson.questions} question`), 'the number of questions is written');
  }
  assert.doesNotMatch(html, /<script/, 'the index needs no script');
});

test('following an entry opens that lesson', async () => {
  const { page } = site;
  await page.goto(site.server.url);
  const cards = await page.$$eval('.lesson-card', (items) => items.map((item) => item.textContent));
  assert.equal(cards.length, index.length);
  cards.forEach((text, i) => {
    assert.ok(text.includes(index[i].title) && text.includes(index[i].summary), `entry ${i} shows title and summary`);
  });
  await page.click(`.lesson-card a >> nth=0`);
  await page.waitForSelector('.question');
  assert.equal(await page.textContent('h1'), index[0].title);
});
