// Which language a tag asks for, and a page template put in one language: its <html lang>, its alternates and its
// language switch, read back as a DOM (@xmldom/xmldom's HTML mode).
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { DOMParser } from '@xmldom/xmldom';
import ts from 'typescript';
import { defaultLocale, locales, toLocale } from '../../dist/lib/src/i18n/locales.js';
import { languageName, languagePage } from '../../dist/lib/src/lesson/page-language.js';
import { catalogIndex, generatedFile, readCatalogLocale } from '../../scripts/locale-index.mjs';

const repo = fileURLToPath(new URL('../..', import.meta.url));

test('toLocale: every Simplified Chinese tag names zh-CN, English tags en, anything else nothing', () => {
  assert.deepEqual([...locales], ['en', 'zh-CN']);
  assert.equal(defaultLocale, 'en');
  for (const tag of ['zh', 'zh-CN', 'ZH-cn', 'zh-Hans', 'zh-Hans-CN', 'zh-SG', ' zh-cn '])
    assert.equal(toLocale(tag), 'zh-CN', tag);
  for (const tag of ['en', 'en-US', 'EN-gb', 'en-Latn-US']) assert.equal(toLocale(tag), 'en', tag);
  for (const tag of ['fr', 'de-DE', 'zh-TW', 'zh-Hant', 'zh-HK', '', 'x', '../zh-CN', null, undefined, 42])
    assert.equal(toLocale(tag), undefined, String(tag));
});

const template =
  '<!doctype html>\n<html lang="en">\n  <head>\n    <meta charset="utf-8" />\n' +
  '    <script type="module" src="./assets/lesson-1.js"></script>\n' +
  '    <link rel="stylesheet" href="./assets/lesson-2.css">\n' +
  '  </head>\n  <body>\n    <a class="skip-link" href="#lesson">Skip</a>\n' +
  '    <div class="topbar"><span class="brand">Attention Lab</span><div id="toolbar"></div></div>\n' +
  '    <main id="lesson"></main>\n  </body>\n</html>\n';
const read = (html) => new DOMParser().parseFromString(html, 'text/html');

test('a page in zh-CN, one folder down: its language, assets one up, alternates and the switch to English', () => {
  const versions = [
    { locale: 'en', href: '../why-sqrt-dk.html' },
    { locale: 'zh-CN', href: '../zh-CN/why-sqrt-dk.html' },
  ];
  const catalog = 'assets/zh-CN-D1lvEgJP.js';
  const page = read(languagePage(template, { locale: 'zh-CN', versions, up: '../', catalog }));
  const html = page.getElementsByTagName('html')[0];
  assert.equal(html.getAttribute('lang'), 'zh-CN');
  assert.equal(html.hasAttribute('data-site-root'), false);
  assert.equal(page.getElementsByTagName('script')[0].getAttribute('src'), '../assets/lesson-1.js');
  const links = [...page.getElementsByTagName('link')];
  assert.equal(
    links.find((l) => l.getAttribute('rel') === 'stylesheet').getAttribute('href'),
    '../assets/lesson-2.css',
  );
  assert.deepEqual(
    links
      .filter((l) => l.getAttribute('rel') === 'alternate')
      .map((l) => [l.getAttribute('hreflang'), l.getAttribute('href')]),
    versions.map((v) => [v.locale, v.href]),
  );
  assert.deepEqual(
    links.filter((l) => l.getAttribute('rel') === 'modulepreload').map((l) => l.getAttribute('href')),
    ['../assets/zh-CN-D1lvEgJP.js'],
    'the page fetches its own catalog beside its entry script, from the site folder one up',
  );
  const switches = [...page.getElementsByTagName('a')].filter((a) => a.getAttribute('class') === 'language-switch');
  assert.deepEqual(
    switches.map((a) => [a.getAttribute('href'), a.getAttribute('hreflang'), a.getAttribute('lang'), a.textContent]),
    [['../why-sqrt-dk.html', 'en', 'en', 'English']],
    'one link, to the other language only, named in that language',
  );
  assert.equal(page.getElementsByTagName('a')[0].getAttribute('href'), '#lesson', 'anchors stay as they were');
});

test('the English site root is marked for the choice by browser language; its switch names Chinese in Chinese', () => {
  const versions = [
    { locale: 'en', href: 'index.html' },
    { locale: 'zh-CN', href: 'zh-CN/index.html' },
  ];
  const page = read(languagePage(template, { locale: 'en', versions, root: true }));
  const html = page.getElementsByTagName('html')[0];
  assert.deepEqual([html.getAttribute('lang'), html.hasAttribute('data-site-root')], ['en', true]);
  assert.equal(page.getElementsByTagName('script')[0].getAttribute('src'), './assets/lesson-1.js');
  const [link] = [...page.getElementsByTagName('a')].filter((a) => a.getAttribute('class') === 'language-switch');
  assert.deepEqual([link.getAttribute('href'), link.textContent], ['zh-CN/index.html', languageName('zh-CN')]);
  assert.match(languageName('zh-CN'), /^中文/);
});

test('a bad call is named', () => {
  assert.throws(() => languagePage(template, { locale: 'fr', versions: [] }), /locale must be one of en, zh-CN/);
  assert.throws(
    () => languagePage(template, { locale: 'en', versions: [{ locale: 'en' }] }),
    /each version needs a known locale and an href/,
  );
  assert.throws(() => languagePage('<html><body></body></html>', { locale: 'en', versions: [] }), /no <html lang/);
  assert.throws(() => languagePage(undefined, { locale: 'en', versions: [] }), TypeError);
});

test('the generated list of languages is what the catalogs say (node scripts/locale-index.mjs)', () => {
  assert.equal(readFileSync(join(repo, generatedFile), 'utf8'), catalogIndex(), `${generatedFile} is current`);
});

test('a third language is its catalog: a French one in a copy of web/src/i18n is listed, answers fr-FR', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'locale-index-'));
  try {
    cpSync(join(repo, 'web', 'src', 'i18n'), dir, { recursive: true });
    const french = [
      "import { en } from './en.js';",
      "export const catalogLocale = { locale: 'fr', language: 'fr' } as const;",
      "export const fr: Record<keyof typeof en, string> = { ...en, 'widget.resample': 'Rééchantillonner' };",
    ];
    writeFileSync(join(dir, 'catalogs', 'fr.ts'), french.join('\n'));
    const script = join(repo, 'scripts', 'locale-index.mjs');
    const generated = join(dir, 'catalogs.generated.ts');
    execFileSync('node', [script, '--dir', join(dir, 'catalogs'), '--out', generated]);
    // The folder as the page would run it: every file transpiled beside itself.
    writeFileSync(join(dir, 'package.json'), '{ "type": "module" }');
    for (const file of readdirSync(dir, { recursive: true }).filter((name) => name.endsWith('.ts'))) {
      const { outputText } = ts.transpileModule(readFileSync(join(dir, file), 'utf8'), {
        compilerOptions: { module: ts.ModuleKind.ES2022, target: ts.ScriptTarget.ES2022 },
      });
      writeFileSync(join(dir, file.replace(/\.ts$/, '.js')), outputText);
    }
    const copy = await import(pathToFileURL(join(dir, 'locales.js')).href);
    const messages = await import(pathToFileURL(join(dir, 'messages.js')).href);
    assert.deepEqual([...copy.locales], ['en', 'fr', 'zh-CN'], 'the original first, then by name');
    for (const tag of ['fr', 'fr-FR', 'FR-ca', 'fr_BE']) assert.equal(copy.toLocale(tag), 'fr', tag);
    for (const [tag, locale] of [
      ['en-US', 'en'],
      ['zh-Hans-CN', 'zh-CN'],
      ['zh-TW', undefined],
      ['de', undefined],
    ])
      assert.equal(copy.toLocale(tag), locale, tag);
    assert.equal(messages.translate('fr', 'widget.resample'), 'Rééchantillonner');
    assert.equal(messages.translate('fr', 'widget.seed'), 'Seed', "a key the copy did not translate is the original's");

    // A catalog that does not say what it answers, or names another locale, is named with what to write.
    writeFileSync(join(dir, 'catalogs', 'fr.ts'), french.filter((line) => !line.includes('catalogLocale')).join('\n'));
    assert.throws(() => readCatalogLocale('fr', join(dir, 'catalogs')), /fr\.ts must say which tags it answers/);
    writeFileSync(join(dir, 'catalogs', 'fr.ts'), french.join('\n').replace("locale: 'fr'", "locale: 'fr-FR'"));
    assert.throws(() => catalogIndex(join(dir, 'catalogs')), /locale must be 'fr', the file's name, got "fr-FR"/);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
