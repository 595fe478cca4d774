// The list of lessons written into every lesson page: what it says for each lesson, which one it marks as the page,
// how it escapes authors' text, and how a bad call is named.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { lessonIndexHtml, lessonIndexTitle, markCurrentLesson } from '../../dist/lib/src/lesson/lesson-index.js';
import { prerenderPage } from '../../dist/lib/src/lesson/static-lesson.js';

const entries = [
  { slug: 'why-sqrt-dk', title: 'Why √dₖ', summary: 'The scale of scores.', questions: 12 },
  { slug: 'a-second-look', title: 'Softmax <again> & "more"', summary: 'One more.', questions: 1 },
];

test('one entry per lesson in the order given: linked title, summary, question count', () => {
  const html = lessonIndexHtml(entries);
  assert.match(html, /^<nav class="lesson-index" aria-label="Lessons"><h2[^>]*>All lessons<\/h2><ol/);
  assert.equal(lessonIndexTitle(), 'All lessons');
  const items = html.split('<li').slice(1);
  assert.equal(items.length, 2);
  assert.match(items[0], /<a href="\.\/why-sqrt-dk\.html">Why √dₖ<\/a>.*The scale of scores\..*12 questions/);
  assert.match(items[1], /<a href="\.\/a-second-look\.html">Softmax &#60;again&#62; &#38; &#34;more&#34;<\/a>/);
  assert.match(items[1], /1 question</, 'one question, singular');
  assert.doesNotMatch(html, /aria-current/, 'no lesson is the page unless named');
});

test('the current lesson alone is marked as the page', () => {
  const items = lessonIndexHtml(entries, 'a-second-look').split('<li').slice(1);
  assert.doesNotMatch(items[0], /aria-current/);
  assert.match(items[1], /<a href="\.\/a-second-look\.html" aria-current="page">/);
});

test('a bad call names the function and the argument', () => {
  assert.throws(() => lessonIndexHtml('why-sqrt-dk'), {
    name: 'TypeError',
    message: 'lessonIndexHtml: entries must be an Array of lesson index entries, got "why-sqrt-dk"',
  });
  assert.throws(() => lessonIndexHtml([null]), {
    name: 'TypeError',
    message: 'lessonIndexHtml: entries[0] must be an object, got null',
  });
  assert.throws(() => lessonIndexHtml([{ ...entries[0], slug: '../x' }]), {
    name: 'TypeError',
    message: 'lessonIndexHtml: entries[0].slug must be lowercase letters, digits and hyphens, got "../x"',
  });
  assert.throws(() => lessonIndexHtml([entries[0], { ...entries[1], questions: 1.5 }]), {
    message: 'lessonIndexHtml: entries[1].questions must be a whole number ≥ 0, got 1.5',
  });
  assert.throws(() => lessonIndexHtml(entries, 'no-such-lesson'), {
    name: 'RangeError',
    message: 'lessonIndexHtml: current must be the slug of a listed lesson, got "no-such-lesson"',
  });
});

test('prerenderPage writes the list after the main element, marked for its lesson, only when given the index', () => {
  const template = '<title>x</title><main id="lesson" tabindex="-1"><p>Loading</p></main><footer></footer>';
  const lesson = { slug: 'a-second-look', title: 'Softmax', titleHtml: 'Softmax', summary: 'One more.', sections: [] };
  const page = prerenderPage(template, lesson, entries);
  assert.match(page, /<\/article><\/main><nav class="lesson-index"[\s\S]*<\/nav><footer>/);
  assert.match(page, /href="\.\/a-second-look\.html" aria-current="page"/);
  assert.doesNotMatch(prerenderPage(template, lesson), /<nav class="lesson-index"/);
  assert.throws(() => prerenderPage(undefined, lesson), {
    name: 'TypeError',
    message: 'prerenderPage: template must be the HTML of the lesson page',
  });
});

// Just enough of a page for markCurrentLesson: cards with data-slug, each holding one link with attributes.
function fakeList(slugs, current) {
  const cards = slugs.map((slug) => {
    const attributes = new Map(slug === current ? [['aria-current', 'page']] : []);
    const link = {
      attributes,
      setAttribute: (name, value) => attributes.set(name, value),
      removeAttribute: (name) => attributes.delete(name),
    };
    return { dataset: { slug }, querySelector: (selector) => (selector === 'a' ? link : null), link };
  });
  const page = {
    querySelectorAll: (selector) => (selector === 'nav.lesson-index .lesson-card' ? cards : []),
  };
  return { page, marked: () => cards.filter((card) => card.link.attributes.get('aria-current') === 'page') };
}

test("markCurrentLesson moves the mark to the lesson on screen (?lesson=… on another lesson's page)", () => {
  const { page, marked } = fakeList(['why-sqrt-dk', 'a-second-look'], 'why-sqrt-dk');
  markCurrentLesson(page, 'a-second-look');
  assert.deepEqual(
    marked().map((card) => card.dataset.slug),
    ['a-second-look'],
  );
  markCurrentLesson(page, 'not-listed');
  assert.deepEqual(marked(), [], 'a lesson not in the list leaves no entry marked');
  assert.throws(() => markCurrentLesson(page, 3), {
    name: 'TypeError',
    message: 'markCurrentLesson: slug must be a string, got 3',
  });
});
