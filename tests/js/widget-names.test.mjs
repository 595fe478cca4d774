// Issue 9: every widget is named in exactly one folder under web/src (its own) plus the generated files, so a widget
// is added or removed by adding or removing one folder, and nothing else can drift from it. Comments count too.
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { describe, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { widgetFolders } from '../../scripts/widget-index.mjs';

const repo = fileURLToPath(new URL('../../', import.meta.url));

// Where a folder's name is also a word of the core in another sense: the core calls ρ, how far q leans toward k,
// `alignment` (an option of alignedScoreStatistics and alignedScoreSample); that option is not the widget.
const otherSense = {
  alignment: ['web/src/core/api.ts', 'web/src/core/types.ts', 'web/src/authoring/core-values.ts'],
};

/** Every file under web/src, by its path from the repository root with forward slashes. */
function sourceFiles(dir = join(repo, 'web', 'src')) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? sourceFiles(join(dir, entry.name))
      : [relative(repo, join(dir, entry.name)).split(sep).join('/')],
  );
}

// A name as a whole word: 'train-it' is not found in 'train-items', nor 'alignment' in 'misalignment'.
const mention = (name) => new RegExp(`(?<![\\w-])${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![\\w-])`);

/** "file:line: name" for each line naming a widget outside its folder, skipping generated files and `allowed`. */
function namesOutsideFolders(files, names, allowed = {}) {
  return files.flatMap(({ path, text }) => {
    if (path.includes('.generated.')) return [];
    return names.flatMap((name) => {
      if (path.startsWith(`web/src/widgets/${name}/`) || allowed[name]?.includes(path)) return [];
      const word = mention(name);
      return text.split('\n').flatMap((line, i) => (word.test(line) ? [`${path}:${i + 1}: ${name}`] : []));
    });
  });
}

describe('every widget is named in its own folder only', () => {
  const files = sourceFiles().map((path) => ({ path, text: readFileSync(join(repo, path), 'utf8') }));
  const names = widgetFolders();

  test('no file under web/src names a widget outside its folder, except the generated ones', () => {
    assert.ok(names.length >= 12 && files.length > 100, `${names.length} widgets, ${files.length} files searched`);
    assert.deepEqual(namesOutsideFolders(files, names, otherSense), []);
  });

  test('each word used in another sense is still used so where it is allowed', () => {
    for (const [name, paths] of Object.entries(otherSense)) {
      assert.ok(names.includes(name), `${name} is a widget folder`);
      for (const path of paths)
        assert.match(files.find((f) => f.path === path)?.text ?? '', mention(name), `${path} still says ${name}`);
    }
  });

  test('the search finds a name in code, comments and styles, and skips its folder and generated files', () => {
    const found = namesOutsideFolders(
      [
        { path: 'web/src/lesson/a.ts', text: "const x = 1;\n// see softmax-dies's slider\n" },
        { path: 'web/src/styles/b.css', text: ".widget-slot[data-widget='train-it'] { min-height: 1px; }" },
        { path: 'web/src/widgets/train-fixes/view.ts', text: "if (widget === 'train-it') return;" },
        { path: 'web/src/widgets/softmax-dies/view.ts', text: "// softmax-dies's own view" },
        { path: 'web/src/widgets/views.generated.ts', text: "'softmax-dies': softmaxDies," },
        { path: 'web/src/core/c.ts', text: '// misalignment; train-items; alignment' },
      ],
      ['alignment', 'softmax-dies', 'train-it'],
      { alignment: ['web/src/core/d.ts'] },
    );
    assert.deepEqual(found, [
      'web/src/lesson/a.ts:2: softmax-dies',
      'web/src/styles/b.css:1: train-it',
      'web/src/widgets/train-fixes/view.ts:1: train-it',
      'web/src/core/c.ts:1: alignment',
    ]);
  });
});
