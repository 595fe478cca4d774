// Writes web/src/i18n/catalogs.generated.ts from the catalogs in web/src/i18n/catalogs: the languages the page speaks,
// the BCP 47 tags each one answers and a loader of each catalog (a page fetches its own language's only), so a language
// is added by adding its catalog (beside its lessons' translations) and no other file names it.
// Usage: node scripts/locale-index.mjs                          write the generated file
//        node scripts/locale-index.mjs --check                  exit 1 if it is not what the catalogs say
//        node scripts/locale-index.mjs --dir DIR --out FILE     from another folder of catalogs, into FILE
import { existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const repo = join(dirname(fileURLToPath(import.meta.url)), '..');
export const catalogsDir = join(repo, 'web', 'src', 'i18n', 'catalogs');
export const generatedFile = 'web/src/i18n/catalogs.generated.ts';
/** The original's language: the source of every key, the default, first in the list. */
export const defaultLocale = 'en';

const localeTag = /^[a-z]{2,3}(?:-[A-Za-z0-9]{2,8})*$/;

/** Catalog files: every `<locale>.ts` in `dir`, the default's first, then in name order. */
export function catalogNames(dir = catalogsDir) {
  const names = readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.ts') && !entry.name.endsWith('.d.ts'))
    .map((entry) => entry.name.slice(0, -'.ts'.length))
    .sort();
  if (!names.includes(defaultLocale))
    throw new Error(`${shown(join(dir, `${defaultLocale}.ts`))} is missing: it is the source of every key`);
  return [defaultLocale, ...names.filter((name) => name !== defaultLocale)];
}

// A file in the repository by its path there; one elsewhere (a test's copy) as it is.
const shown = (file) => (relative(repo, file).startsWith('..') ? file : relative(repo, file).split('\\').join('/'));

/** zh-CN → zhCN: the name a catalog file exports its messages under. */
export const catalogExport = (locale) => locale.replace(/-(\w)/g, (_, letter) => letter.toUpperCase());

// `{ … } as const` or `{ … } satisfies T`: the object literal under the assertion.
const unwrap = (node) =>
  ts.isAsExpression(node) || ts.isSatisfiesExpression(node) || ts.isParenthesizedExpression(node)
    ? unwrap(node.expression)
    : node;

/** The exported consts of a TypeScript file, by name: their initializers, as written. */
function exportedConsts(source) {
  const found = new Map();
  for (const statement of source.statements) {
    if (!ts.isVariableStatement(statement)) continue;
    if (!statement.modifiers?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword)) continue;
    for (const declaration of statement.declarationList.declarations)
      if (ts.isIdentifier(declaration.name) && declaration.initializer)
        found.set(declaration.name.text, unwrap(declaration.initializer));
  }
  return found;
}

/**
 * What `<dir>/<name>.ts` declares in `export const catalogLocale = { locale, language, except? }`: its locale (the
 * file's name), the language subtag whose tags it answers and the subtags that take a tag away from it (lower case).
 * Read from the source, not run: a catalog may import what it likes.
 */
export function readCatalogLocale(name, dir = catalogsDir) {
  const file = join(dir, `${name}.ts`);
  const where = shown(file);
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.ES2022, true);
  const consts = exportedConsts(source);
  const exported = catalogExport(name);
  if (!consts.has(exported))
    throw new Error(`${where} must export its messages as \`export const ${exported} = { … }\` (every key of en.ts)`);
  const declared = consts.get('catalogLocale');
  const form = "export const catalogLocale = { locale: '…', language: '…', except: ['…'] } as const";
  if (!declared || !ts.isObjectLiteralExpression(declared))
    throw new Error(`${where} must say which tags it answers: ${form}`);
  const fields = {};
  for (const property of declared.properties) {
    const key = property.name && (ts.isIdentifier(property.name) || ts.isStringLiteral(property.name));
    if (!ts.isPropertyAssignment(property) || !key)
      throw new Error(`${where}: catalogLocale may hold only locale, language and except, as ${form}`);
    const value = unwrap(property.initializer);
    fields[property.name.text] = ts.isStringLiteral(value)
      ? value.text
      : ts.isArrayLiteralExpression(value) && value.elements.every((e) => ts.isStringLiteral(e))
        ? value.elements.map((e) => e.text)
        : undefined;
  }
  const { locale, language, except = [], ...others } = fields;
  const problem = (what) => new Error(`${where}: catalogLocale.${what}`);
  for (const other of Object.keys(others)) throw problem(`${other} is not a field; use locale, language and except`);
  if (locale !== name) throw problem(`locale must be '${name}', the file's name, got ${JSON.stringify(locale)}`);
  if (!localeTag.test(locale)) throw problem(`locale must be a BCP 47 tag such as 'fr' or 'pt-BR'`);
  if (typeof language !== 'string' || !/^[a-z]{2,3}$/.test(language))
    throw problem(`language must be a language subtag in lower case such as 'fr', got ${JSON.stringify(language)}`);
  if (!Array.isArray(except) || !except.every((part) => /^[A-Za-z0-9]{1,8}$/.test(part)))
    throw problem(`except must list subtags such as 'Hant' or 'TW', got ${JSON.stringify(except)}`);
  return { locale, language, except: except.map((part) => part.toLowerCase()), exported };
}

const quote = (text) => `'${text}'`;
/** An object key as Prettier writes it: bare for one word, quoted when hyphenated. */
const key = (name) => (/^[A-Za-z_$][\w$]*$/.test(name) ? name : quote(name));

/** The generated file's text, as the catalogs in `dir` say it should read. */
export function catalogIndex(dir = catalogsDir) {
  const declared = catalogNames(dir).map((name) => readCatalogLocale(name, dir));
  const list = `export const catalogLocales = [${declared.map((d) => quote(d.locale)).join(', ')}] as const;`;
  return [
    '// GENERATED by scripts/locale-index.mjs from the catalogs in web/src/i18n/catalogs; do not edit.',
    "// The languages the page speaks (the original's first), the BCP 47 tags each answers, and their catalogs.",
    '',
    list.length <= 120
      ? list
      : ['export const catalogLocales = [', ...declared.map((d) => `  ${quote(d.locale)},`), '] as const;'].join('\n'),
    '',
    '/** A locale answers the tags of its language that hold none of its `except` subtags (all in lower case). */',
    'export const localeTags = [',
    ...declared.map((d) => {
      const except = d.except.map(quote).join(', ');
      return `  { locale: ${quote(d.locale)}, language: ${quote(d.language)}, except: [${except}] },`;
    }),
    '] as const;',
    '',
    '/** Each catalog as its own module, fetched when asked: a page carries its own language only (messages.ts). */',
    'export const catalogLoaders = {',
    ...declared.map((d) => {
      const load = `import('./catalogs/${d.locale}.js').then((m) => m.${d.exported})`;
      return `  ${key(d.locale)}: () => ${load},`;
    }),
    '} as const;',
    '',
  ].join('\n');
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const option = (name) => {
    const at = process.argv.indexOf(name);
    return at > 0 ? process.argv[at + 1] : undefined;
  };
  const check = process.argv.includes('--check');
  const out = option('--out') ?? join(repo, generatedFile);
  let text;
  try {
    text = catalogIndex(option('--dir') ?? catalogsDir);
  } catch (error) {
    console.error(`locale-index: ${error.message}`);
    process.exit(1);
  }
  const current = existsSync(out) ? readFileSync(out, 'utf8') : '';
  if (current === text) process.exit(0);
  if (check) {
    console.error(`${shown(out)} is out of date; run node scripts/locale-index.mjs`);
    process.exit(1);
  }
  writeFileSync(out, text);
}
