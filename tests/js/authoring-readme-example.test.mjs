// The lesson example in README.md's "Writing a lesson" compiles with the real core: readers copy it.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { before, test } from 'node:test';
import { loadCore } from 'attention-lab/core';
import { compileLesson, formatProblem } from '../../dist/lib/src/authoring/index.js';

const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
let core;
before(async () => {
  core = await loadCore();
});

function exampleFromReadme() {
  const start = readme.indexOf('\n## Writing a lesson\n');
  assert.ok(start >= 0, 'README.md has no "## Writing a lesson" section');
  const section = readme.slice(start + 1).split(/\n## /)[0];
  const fenced = /^```[^\n]*\n([\s\S]*?)^```$/m.exec(section);
  assert.ok(fenced, 'the "Writing a lesson" section has no fenced example');
  return fenced[1];
}

// Widgets a show: names but the example does not define, by the ids the lesson uses for them.
const widgetsById = { 'explore-variance': 'variance-explorer', 'softmax-dies': 'softmax-dies' };

function wrapAsLesson(example) {
  const headers = [...example.matchAll(/^::: widget (\S+)(?: \{#([\w-]+)\})?/gm)];
  const defined = new Set(headers.map(([, name, id]) => id ?? name));
  const shown = new Set([...example.matchAll(/show: \{ widget: ([\w-]+)/g)].map(([, id]) => id));
  const missing = [...shown].filter((id) => !defined.has(id));
  const definitions = missing.map((id) => {
    assert.ok(widgetsById[id], `the README example shows widget "${id}"; add its widget name to widgetsById`);
    return `::: widget ${widgetsById[id]} {#${id}}\n:::\n`;
  });
  const frontMatter = '---\ntitle: README example\nslug: readme-example\nsummary: The README example.\norder: 1\n---\n';
  return `${frontMatter}\n## The example\n\n${example}\n${definitions.join('\n')}`;
}

test('the README example compiles with no problems', () => {
  const example = exampleFromReadme();
  const { lesson, problems } = compileLesson(wrapAsLesson(example), { file: 'README.md (example)', core });
  assert.deepEqual(problems.map(formatProblem), []);
  const blocks = lesson.sections.flatMap((section) => section.blocks);
  const questions = blocks.filter((block) => block.kind === 'question');
  const widgets = blocks.filter((block) => block.kind === 'widget');
  // Every directive in the example made it into the lesson.
  assert.equal(questions.length, [...example.matchAll(/^::: question /gm)].length);
  assert.ok(questions.length > 0 && widgets.length > 0);
});
