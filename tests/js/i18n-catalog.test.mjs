// Issue 22: every locale has exactly the English keys, each message with the English placeholders; no words reach the
// page from web/src outside the catalog (a fixture shows what the search catches and what it lets through).
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { describe, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { catalogs, formatNumber, translate } from '../../dist/lib/src/i18n/messages.js';
import { messageArguments } from '../../dist/lib/src/i18n/format-message.js';
import { locales, toLocale } from '../../dist/lib/src/i18n/locales.js';
import { findBypasses, findBypassesInFile } from './i18n-bypass.mjs';

const repo = fileURLToPath(new URL('../../', import.meta.url));

describe('catalogs', () => {
  const english = catalogs.en;
  for (const locale of locales.filter((l) => l !== 'en')) {
    test(`${locale} has every English key and no other`, () => {
      const keys = Object.keys(catalogs[locale]);
      assert.deepEqual(
        Object.keys(english).filter((key) => !keys.includes(key)),
        [],
        'missing',
      );
      assert.deepEqual(
        keys.filter((key) => !(key in english)),
        [],
        'extra',
      );
    });
    test(`${locale}'s messages use the English placeholders and format`, () => {
      for (const [key, message] of Object.entries(english)) {
        const translated = catalogs[locale][key];
        // Only a separator may be empty: Chinese sentences follow each other without the English space.
        assert.ok(translated.trim() !== '' || message.trim() === '', `${key} is empty`);
        assert.deepEqual(messageArguments(translated), messageArguments(message), `${key}: ${translated}`);
      }
    });
  }

  test('plurals follow each locale, numbers keep their digits', () => {
    assert.equal(translate('en', 'question.answeredNotYet', { attempts: 1 }), 'Answered once, not yet correctly.');
    assert.equal(translate('en', 'question.answeredNotYet', { attempts: 3 }), 'Answered 3 times, not yet correctly.');
    assert.equal(translate('zh-CN', 'question.answeredNotYet', { attempts: 1 }), '已作答 1 次，尚未答对。');
    assert.equal(formatNumber(1234567.5, {}, 'zh-CN'), '1,234,567.5');
    assert.throws(() => translate('en', 'widget.computeFailed'), /message value 'message' is missing/);
  });

  test('a language tag picks its locale', () => {
    for (const tag of ['zh', 'zh-CN', 'ZH-hans', 'zh-Hans-CN', 'zh-SG', 'zh_CN']) assert.equal(toLocale(tag), 'zh-CN');
    for (const tag of ['en', 'en-US', 'EN-gb']) assert.equal(toLocale(tag), 'en');
    for (const tag of ['fr', 'zh-TW', 'zh-Hant', '', null, undefined]) assert.equal(toLocale(tag), undefined);
  });
});

/** Every TypeScript file under web/src the page may run, except the catalogs and generated lists. */
function pageSources(dir = join(repo, 'web', 'src')) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    const name = relative(repo, path).split(sep).join('/');
    // The catalog and its formatter are where the words live.
    if (entry.isDirectory()) return name === 'web/src/i18n' ? [] : pageSources(path);
    return name.endsWith('.ts') && !name.includes('.generated.') ? [name] : [];
  });
}

// The lesson compiler runs at build time and speaks to authors, not learners: its messages are not the page's.
const authorFacing = (path) => path.startsWith('web/src/authoring/') && path !== 'web/src/authoring/param-spec.ts';

describe('no words bypass the catalog', () => {
  test('the search catches each kind of bypass in the fixture and lets keys, ids and symbols through', () => {
    const path = 'tests/js/fixtures/i18n/widgets/bypass.ts';
    const source = readFileSync(join(repo, path), 'utf8');
    const expected = source
      .split('\n')
      .flatMap((line, i) => (line.endsWith('// caught') ? [i + 1] : []))
      .sort((a, b) => a - b);
    const caught = [...new Set(findBypasses(source, path).map((found) => Number(found.split(':')[0])))];
    assert.deepEqual(caught, expected, findBypasses(source, path).join('\n'));
  });

  test('no file under web/src sends words to the page without the catalog', () => {
    const files = pageSources().filter((path) => !authorFacing(path));
    assert.ok(files.length > 100, `${files.length} files searched`);
    const found = files.flatMap((path) => findBypassesInFile(join(repo, path)).map((f) => `${path}:${f}`));
    assert.deepEqual(found, []);
  });
});
