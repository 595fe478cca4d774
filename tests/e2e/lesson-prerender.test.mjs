// Each lesson's page carries the lesson in its HTML: prose, headings, MathML and question prompts arrive before any
// script runs, a reader without JavaScript can read it and is told what needs scripts, and the live lesson then
// takes the same place.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { chromium } from 'playwright-core';
import { chromiumLaunch } from '../../scripts/chromium.mjs';
import { openLesson } from './browser.mjs';
import { lesson as compiled, questions } from './lesson-data.mjs';

let site;
before(async () => {
  site = await openLesson();
});
after(() => site?.close());

const pageUrl = () => `${site.server.url}${compiled.slug}.html`;
const plain = (html) =>
  html.replace(/<[^>]*>/g, '').replace(/&#(\d+);/g, (_, code) => String.fromCharCode(Number(code)));

test('the served page already holds every section, question prompt and MathML', async () => {
  const html = await (await fetch(pageUrl())).text();
  for (const section of compiled.sections)
    assert.ok(html.includes(`id="${section.id}-title"`), `section ${section.id}`);
  for (const question of questions) assert.ok(html.includes(`id="question-${question.id}"`), `question ${question.id}`);
  assert.ok((html.match(/<math/g) ?? []).length > 50, 'math is typeset, MathML included');
  assert.match(plain(html), /The figures and questions of this lesson need JavaScript/);
});

test('with JavaScript off, the lesson reads and says what needs scripts', async () => {
  const browser = await chromium.launch(chromiumLaunch);
  try {
    const page = await browser.newPage({ javaScriptEnabled: false });
    await page.goto(pageUrl());
    assert.equal(await page.textContent('h1'), compiled.title);
    const text = await page.textContent('main');
    assert.ok(!text.includes('Loading the lesson'), 'no loading placeholder');
    assert.ok(text.includes(compiled.sections[0].title), 'the first section is there');
    assert.ok(
      (await page.$$('main .static-note')).length >= questions.length,
      'each question and figure says it needs JavaScript',
    );
    assert.ok(await page.isVisible(`#question-${questions[0].id} .prompt`), 'question prompts are readable');
  } finally {
    await browser.close();
  }
});

test('with JavaScript on, the live lesson replaces the written one in place', async () => {
  const { page } = site;
  await page.goto(pageUrl());
  await page.waitForSelector('.question form');
  assert.equal(await page.$$eval('article.lesson', (articles) => articles.length), 1);
  assert.equal(await page.$('article[data-prerendered]'), null, 'the written lesson is gone');
  assert.equal(await page.textContent('h1'), compiled.title);
});
