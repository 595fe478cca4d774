// The C++ shown in the lesson's closing section is the core's own code: every excerpt must still appear, verbatim,
// in a file of core/, so the lesson cannot drift from what computes its numbers.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { test } from 'node:test';

const root = new URL('../../', import.meta.url);
const lessonText = readFileSync(new URL('lessons/why-sqrt-dk/lesson.md', root), 'utf8');
const coreFiles = readdirSync(new URL('core/', root))
  .filter((name) => /\.(cpp|hpp)$/.test(name))
  .map((name) => ({ name, text: readFileSync(new URL(`core/${name}`, root), 'utf8') }));

// The ```cpp blocks of the lesson; inside one, a line that is only "// …" marks left-out lines.
function cppExcerpts(markdown) {
  const blocks = [...markdown.matchAll(/^```cpp\n([\s\S]*?)^```$/gm)].map((match) => match[1]);
  const parts = blocks.flatMap((block) => block.split(/^[ \t]*\/\/ …[ \t]*\n/m));
  return parts.map((part) => part.replace(/^\n+|\s+$/g, ''));
}

// Whole lines only: an excerpt must start and end where lines of the file do.
const where = (excerpt) =>
  coreFiles.filter((file) => `\n${file.text}\n`.includes(`\n${excerpt}\n`)).map((file) => file.name);

test('the lesson shows C++ from the core', () => {
  const excerpts = cppExcerpts(lessonText);
  assert.ok(excerpts.length >= 2, 'the closing section shows the scale and the softmax of the core');
  assert.ok(
    excerpts.some((excerpt) => excerpt.includes('std::sqrt(d)')),
    'one excerpt is the division by √dₖ',
  );
  assert.ok(
    excerpts.some((excerpt) => excerpt.includes('std::exp(row[j] - rowMax)')),
    'one excerpt is the stable softmax',
  );
});

test('every C++ excerpt in the lesson appears verbatim in core/attention.cpp', () => {
  for (const excerpt of cppExcerpts(lessonText)) {
    assert.ok(excerpt.split('\n').length >= 2, `an excerpt of at least two lines: ${excerpt}`);
    assert.deepEqual(where(excerpt), ['attention.cpp'], `not found verbatim in core/:\n${excerpt}`);
  }
});

test('the comparison notices a one-character change', () => {
  const [first] = cppExcerpts(lessonText);
  assert.deepEqual(where(first.replace('sqrt', 'sqrtf')), []);
  assert.deepEqual(where(first.replace(/^ {2}/m, ' ')), [], 'indentation counts too');
});
