// "Embed this" in Node: the origin an instructor types is checked as an origin, and the frame's address carries
// exactly the choices made (read back with the URL parser, as a browser reads the iframe's src).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { checkOrigin, embedUrl, iframeSnippet, lessonUrl } from '../../dist/lib/src/embed/snippet.js';

const page = 'https://lab.example.edu/attention-lab/lesson.html?lesson=why-sqrt-dk';

test('an origin is accepted as written, or refused with what to write instead', () => {
  assert.deepEqual(checkOrigin(''), {});
  assert.deepEqual(checkOrigin('   '), {});
  assert.deepEqual(checkOrigin('*'), { origin: '*' });
  assert.deepEqual(checkOrigin('https://canvas.example.edu'), { origin: 'https://canvas.example.edu' });
  assert.deepEqual(checkOrigin(' https://canvas.example.edu/ '), { origin: 'https://canvas.example.edu' });
  assert.deepEqual(checkOrigin('http://127.0.0.2:8123'), { origin: 'http://127.0.0.2:8123' });
  assert.deepEqual(checkOrigin('HTTPS://Canvas.Example.EDU'), { origin: 'https://canvas.example.edu' });
  const refused = {
    'canvas.example.edu': /not an origin: write the scheme and the host/,
    'https://canvas.example.edu/courses/12/pages/week-3': /write https:\/\/canvas\.example\.edu, not/,
    'https://canvas.example.edu?x=1': /write https:\/\/canvas\.example\.edu, not/,
    'https://me:secret@canvas.example.edu': /write https:\/\/canvas\.example\.edu, not/,
    'ftp://files.example.edu': /starts with https:\/\//,
    [['javascript', 'alert(1)'].join(':')]: /starts with https:\/\//,
    'https://': /not an origin/,
    [`https://${'a'.repeat(300)}.edu/x`]: /…/,
  };
  for (const [typed, reason] of Object.entries(refused)) {
    const { origin, problem } = checkOrigin(typed);
    assert.equal(origin, undefined, typed);
    assert.match(problem, reason, typed);
    assert.ok(problem.length < 220, `the message stays short for ${typed.slice(0, 20)}`);
  }
  assert.throws(() => checkOrigin(undefined), { name: 'TypeError', message: /checkOrigin: text must be a string/ });
});

test('the address carries the choices: graded ones only for a question, the origin for both', () => {
  const question = new URL(
    embedUrl(page, {
      lesson: 'why-sqrt-dk',
      question: 'std-at-512',
      graded: { variant: '7', attempts: '2', explain: 'never' },
      origin: 'https://canvas.example.edu',
    }),
  );
  assert.equal(question.origin + question.pathname, 'https://lab.example.edu/attention-lab/embed.html');
  assert.deepEqual(Object.fromEntries(question.searchParams), {
    lesson: 'why-sqrt-dk',
    question: 'std-at-512',
    variant: '7',
    attempts: '2',
    explain: 'never',
    origin: 'https://canvas.example.edu',
  });
  const widget = new URL(
    embedUrl(page, {
      lesson: 'why-sqrt-dk',
      widget: { id: 'softmax-dies', state: { dk: 64, scale: 'none' }, hidden: ['scale', 'keys'] },
      graded: { attempts: '2' },
    }),
  );
  assert.deepEqual(Object.fromEntries(widget.searchParams), {
    lesson: 'why-sqrt-dk',
    widget: 'softmax-dies',
    dk: '64',
    scale: 'none',
    hide: 'scale,keys',
  });
});

test('the snippet takes only a whole, sensible height', () => {
  const target = { lesson: 'why-sqrt-dk', question: 'std-at-512' };
  for (const height of [0, -5, 1.5, NaN, Infinity, 100_001])
    assert.throws(() => iframeSnippet(page, target, 'Title', height), {
      name: 'RangeError',
      message: /height must be a whole number of pixels/,
    });
});

test("from a page in Chinese, the frame is the site's embed.html with lang=zh-CN, and opens the Chinese page", () => {
  const chinese = 'https://lab.example.edu/attention-lab/zh-CN/why-sqrt-dk.html?softmax-dies.dk=64';
  const target = { lesson: 'why-sqrt-dk', question: 'std-at-512', locale: 'zh-CN' };
  const frame = new URL(embedUrl(chinese, target));
  assert.equal(frame.pathname, '/attention-lab/embed.html');
  assert.deepEqual(Object.fromEntries(frame.searchParams), {
    lesson: 'why-sqrt-dk',
    lang: 'zh-CN',
    question: 'std-at-512',
  });
  // embed.html sits at the site's root: its link to the full lesson goes down into the language's folder.
  const open = new URL(lessonUrl(frame.href, target));
  assert.equal(open.pathname, '/attention-lab/zh-CN/why-sqrt-dk.html');
  assert.equal(open.hash, '#question-std-at-512');
  assert.equal(new URL(lessonUrl(chinese, target)).pathname, '/attention-lab/zh-CN/why-sqrt-dk.html');
  // In English nothing changes: no lang, the bare lesson page told which lesson.
  const english = new URL(embedUrl(page, { ...target, locale: 'en' }));
  assert.equal(english.searchParams.has('lang'), false);
  assert.equal(new URL(lessonUrl(page, { ...target, locale: 'en' })).pathname, '/attention-lab/lesson.html');
});
