// The widget registry as the page uses it for URL state: defaults filled, bad values reported and replaced.
import { readFileSync } from 'node:fs';
import { generatedFiles, generatedLists, widgetFolders } from '../../scripts/widget-index.mjs';
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import {
  parseWidgetParams,
  checkWidgetState,
  flattenWidgetParams,
  reservedWidgets,
  widgetNames,
} from '../../dist/lib/src/authoring/widget-schema.js';

describe('parseWidgetParams', () => {
  test('fills every default', () => {
    assert.deepEqual(parseWidgetParams('variance-explorer', {}), {
      params: { dk: 64, samples: 20000, scaled: false, axis: 'fixed', seed: 1 },
      problems: [],
    });
    assert.deepEqual(parseWidgetParams('softmax-dies', {}).params, {
      dk: 64,
      keys: 8,
      scale: 'none',
      temperature: 8,
      precision: 'float64',
      seed: 1,
    });
    assert.deepEqual(parseWidgetParams('jacobian-view', {}).params, {
      source: 'given',
      scores: [1, 0.5, 0, -0.5],
      keys: 6,
      multiplier: 1,
      seed: 1,
    });
    assert.deepEqual(parseWidgetParams('train-it', {}).params, { dk: 64, keys: 8, steps: 400, seed: 1 });
    assert.deepEqual(parseWidgetParams('before-after', {}).params, { dk: 512, keys: 8, seed: 1 });
  });

  test('reads URL strings exactly and rejects near misses', () => {
    const { params, problems } = parseWidgetParams('variance-explorer', {
      dk: '512',
      scaled: 'true',
      seed: '9007199254740991',
    });
    assert.deepEqual(params, { dk: 512, samples: 20000, scaled: true, axis: 'fixed', seed: 9007199254740991 });
    assert.deepEqual(problems, []);
    assert.deepEqual(parseWidgetParams('before-after', { scores: '20,22,18,21' }).params.scores, [20, 22, 18, 21]);
    assert.deepEqual(parseWidgetParams('variance-explorer', { dk: '' }).problems, [
      'variance-explorer: dk must be an integer, got the string ""; allowed: an integer from 1 to 4096',
    ]);
    assert.deepEqual(parseWidgetParams('variance-explorer', { dk: '0x10' }).params.dk, 64);
  });

  test('each kind of bad value is reported and its default used', () => {
    const { params, problems } = parseWidgetParams('softmax-dies', {
      dk: 5000,
      keys: 2.5,
      scale: 'cubic',
      temperature: 0,
      colour: 'red',
    });
    assert.deepEqual(params, { dk: 64, keys: 8, scale: 'none', temperature: 8, precision: 'float64', seed: 1 });
    assert.deepEqual(problems, [
      'softmax-dies: dk = 5000 is out of range; allowed: an integer from 1 to 4096',
      'softmax-dies: keys must be an integer, got 2.5; allowed: an integer from 2 to 64',
      'softmax-dies: scale = "cubic" is out of range; allowed: one of none, sqrt, linear, temperature',
      'softmax-dies: temperature = 0 is out of range; allowed: a number at least 0.001 and at most 1000000',
      'softmax-dies has no parameter "colour"; allowed: dk, keys, scale, temperature, precision, seed',
    ]);
    assert.deepEqual(parseWidgetParams('before-after', { scores: [1] }).problems, [
      'before-after: scores (length) = 1 is out of range; allowed: a list of 2 to 64 numbers between −1000000 and ' +
        '1000000',
    ]);
    assert.deepEqual(parseWidgetParams('before-after', { scores: [1, Infinity] }).problems, [
      'before-after: scores[1] = Infinity is out of range; allowed: a list of 2 to 64 numbers between −1000000 ' +
        'and 1000000',
    ]);
  });

  test("a learner's locale explains the same problems in its own words; the build's stay English", () => {
    const bad = { dk: 5000, keys: 2.5, scale: 'cubic', temperature: 0, colour: 'red' };
    assert.deepEqual(parseWidgetParams('softmax-dies', bad, 'zh-CN').problems, [
      'softmax-dies：dk = 5000 超出范围；允许：1 到 4096 之间的整数',
      'softmax-dies：keys 应为整数，实际为：2.5；允许：2 到 64 之间的整数',
      'softmax-dies：scale = "cubic" 超出范围；允许：none，sqrt，linear，temperature 之一',
      'softmax-dies：temperature = 0 超出范围；允许：不小于 0.001 且不大于 1000000 的数',
      'softmax-dies 没有参数“colour”；允许：dk，keys，scale，temperature，precision，seed',
    ]);
    assert.deepEqual(parseWidgetParams('variance-explorer', { dk: 'x'.repeat(50), scaled: 'yes' }, 'zh-CN').problems, [
      `variance-explorer：dk 应为整数，实际为：字符串 "${'x'.repeat(40)}…（共 50 个字符）"；允许：1 到 4096 之间的整数`,
      'variance-explorer：scaled 应为布尔值（true 或 false），实际为：字符串 "yes"；允许：true 或 false',
    ]);
    assert.deepEqual(checkWidgetState('before-after', { scores: [1] }, 'zh-CN').problems, [
      'before-after：scores（长度） = 1 超出范围；允许：由 2 到 64 个数组成的列表，每个数介于 −1000000 与 1000000 之间',
    ]);
    // Left out, the locale is English: the compiler's messages to authors do not change.
    assert.deepEqual(
      parseWidgetParams('softmax-dies', bad).problems,
      parseWidgetParams('softmax-dies', bad, 'en').problems,
    );
  });

  test('checkWidgetState keeps only what is given', () => {
    assert.deepEqual(checkWidgetState('variance-explorer', { dk: 512 }), { params: { dk: 512 }, problems: [] });
  });

  test('flat params (lesson JSON, URL) round-trip through parseWidgetParams', () => {
    const { params } = parseWidgetParams('before-after', { scores: [20, 22, 18, 21] });
    const flat = flattenWidgetParams(params);
    assert.deepEqual(flat, { dk: 512, keys: 8, seed: 1, scores: '20,22,18,21' });
    assert.deepEqual(parseWidgetParams('before-after', flat).params, params);
  });

  test('the nine widgets of the brief, train-fixes, the float16 and alignment figures, one folder each', () => {
    assert.deepEqual(widgetNames, [
      'alignment',
      'before-after',
      'entropy-vs-dk',
      'float16-overflow',
      'jacobian-view',
      'near-orthogonality',
      'saturation-curve',
      'softmax-dies',
      'temperature-sweep',
      'train-fixes',
      'train-it',
      'variance-explorer',
    ]);
    assert.deepEqual(widgetNames, widgetFolders(), 'the compiler knows exactly the widgets that have a folder');
    assert.deepEqual(reservedWidgets, ['scale-alternatives']);
  });

  test('the generated lists and slot styles match the folders (node scripts/widget-index.mjs)', () => {
    const files = generatedFiles();
    assert.ok(Object.keys(files).includes('web/src/styles/widget-slots.generated.css'), 'the slot styles are checked');
    for (const [file, text] of Object.entries(files))
      assert.equal(readFileSync(new URL(`../../${file}`, import.meta.url), 'utf8'), text, `${file} is current`);
  });

  test('a new folder is a new widget: the lists are made from whatever folders there are', () => {
    const lists = generatedLists(['variance-explorer', 'zz-new-widget']);
    assert.match(lists['views.generated.ts'], /import \{ view as zzNewWidget \} from '\.\/zz-new-widget\/view\.js';/);
    assert.match(lists['schemas.generated.ts'], /'zz-new-widget': zzNewWidget,/);
    assert.match(
      lists['computations.generated.ts'],
      /import \{ compute as zzNewWidget \} from '\.\/zz-new-widget\/compute\.js';/,
    );
    assert.match(
      lists['view-loaders.generated.ts'],
      /'zz-new-widget': \(\) => import\('\.\/zz-new-widget\/view\.js'\)\.then\(\(m\) => m\.view\),/,
    );
    assert.match(
      lists['compute-loaders.generated.ts'],
      /'zz-new-widget': \(\) => import\('\.\/zz-new-widget\/compute\.js'\),/,
    );
  });

  test('the new widgets bound their costly parameters and reject the rest', () => {
    assert.deepEqual(parseWidgetParams('train-it', { dk: '1024' }).problems, [
      'train-it: dk = 1024 is out of range; allowed: an integer from 1 to 512',
    ]);
    assert.deepEqual(parseWidgetParams('entropy-vs-dk', { trials: 5000 }).problems, [
      'entropy-vs-dk: trials = 5000 is out of range; allowed: an integer from 20 to 500',
    ]);
    assert.deepEqual(parseWidgetParams('softmax-dies', { precision: 'float8' }).problems, [
      'softmax-dies: precision = "float8" is out of range; allowed: one of float64, float32, float16',
    ]);
    assert.equal(parseWidgetParams('near-orthogonality', { d: '4096', zoom: 'true' }).params.zoom, true);
  });
});

test('list values beyond ±1e6 are refused, so a hostile URL cannot overflow the charts', () => {
  const { params, problems } = parseWidgetParams('before-after', { scores: '1e308,-1e308' });
  assert.equal(params.scores, undefined);
  assert.deepEqual(problems, [
    'before-after: scores[0] = 1e+308 is out of range; allowed: a list of 2 to 64 numbers between −1000000 and 1000000',
  ]);
});
