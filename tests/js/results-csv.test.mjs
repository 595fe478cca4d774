// "Download my results (CSV)" as a spreadsheet opens it: LibreOffice Calc (headless) reads the file with its default
// CSV import, formulas evaluated, and saves it as .xlsx; the sheet's XML is then read back. No cell may be a formula,
// whatever a learner typed, and every value must come back (after the documented leading ' is dropped).
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { DOMParser } from '@xmldom/xmldom';
import { unzipSync, strFromU8 } from 'fflate';
import { csvColumns, recordVariantGrade, resultsCsv, resultsRecord } from '../../dist/lib/src/quiz/index.js';

const soffice = '/usr/bin/soffice';
const main = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';

// What learners might type, aimed at every trigger OWASP lists and the ways around a naive check.
const typed = [
  '=1+1',
  '+1+1',
  '-1+1',
  '@SUM(1,2)',
  '\t=1+1',
  '\r=1+1',
  ' =1+1',
  '  +1',
  '"=1+1"',
  "'=1+1",
  '=HYPERLINK("http://example.invalid","click, here")',
  "=cmd|' /C calc'!A0",
  '＝1+1',
  '=',
  '-',
  '-3.5',
  '22.6',
  'sqrt(512)',
  'two\nlines',
  'a "quoted" word',
  'a,b',
  "'",
];

// The reader's side of the documented rule (docs/results-record.md): drop a leading ' when the rest starts a formula.
const startsFormula = (text) => /^[\s"']*[=+\-@＝＋－＠]|^[\t\r]/.test(text);
const lineFeeds = (text) => text.replace(/\r\n?/g, '\n');
const valueOf = (text) => (text.startsWith("'") && startsFormula(text.slice(1)) ? text.slice(1) : text);

let folder;
let sheets;
before(async () => {
  assert.ok(
    existsSync(soffice),
    'LibreOffice Calc is needed (Debian: libreoffice-calc-nogui; `bash scripts/setup.sh --for test` installs it)',
  );
  folder = mkdtempSync(join(tmpdir(), 'attention-lab-csv-'));
  let progress = {};
  typed.forEach((text, i) => {
    const grade = { status: i % 2 ? 'correct' : 'incorrect', counted: true, feedback: '', explanation: '' };
    progress = recordVariantGrade(progress, 'q', text, grade, { key: '', seed: 7 }, '', Date.UTC(2026, 0, 1, 0, i));
  });
  const question = { kind: 'numeric', id: 'q', prompt: '', answer: 1, explanation: '' };
  const record = resultsRecord('why-sqrt-dk', [question], progress, new Date(0));
  writeFileSync(join(folder, 'ours.csv'), resultsCsv(record));
  // The same cells quoted but not neutralised: the reader must see formulas there, or it proves nothing.
  const quote = (text) => `"${text.replace(/"/g, '""')}"`;
  writeFileSync(join(folder, 'raw.csv'), `response\r\n${typed.map(quote).join('\r\n')}\r\n`);
  // Comma, double quote, UTF-8, from line 1; every other option as Calc's own defaults (formulas evaluated).
  await promisify(execFile)(
    soffice,
    [
      '--headless',
      '--norestore',
      `-env:UserInstallation=${pathToFileURL(join(folder, 'profile'))}`,
      '--infilter=CSV:44,34,76,1',
      '--convert-to',
      'xlsx',
      '--outdir',
      folder,
      join(folder, 'ours.csv'),
      join(folder, 'raw.csv'),
    ],
    { env: { ...process.env, HOME: folder }, timeout: 180_000 },
  );
  sheets = { ours: readSheet(join(folder, 'ours.xlsx')), raw: readSheet(join(folder, 'raw.xlsx')) };
  sheets.record = record;
});
after(() => folder && rmSync(folder, { recursive: true, force: true }));

/** Every row of the first sheet: per cell its kind (text, number, formula …) and value, as Calc saved them. */
function readSheet(path) {
  const files = unzipSync(readFileSync(path));
  const xml = (name) => new DOMParser().parseFromString(strFromU8(files[name]), 'text/xml');
  const shared = files['xl/sharedStrings.xml']
    ? [...xml('xl/sharedStrings.xml').getElementsByTagNameNS(main, 'si')].map((si) =>
        [...si.getElementsByTagNameNS(main, 't')].map((t) => t.textContent).join(''),
      )
    : [];
  const sheet = xml('xl/worksheets/sheet1.xml');
  return [...sheet.getElementsByTagNameNS(main, 'row')].map((row) => {
    const cells = [];
    for (const c of [...row.getElementsByTagNameNS(main, 'c')]) {
      const column = c.getAttribute('r').replace(/\d+$/, '');
      const index = [...column].reduce((n, ch) => n * 26 + ch.charCodeAt(0) - 64, 0) - 1;
      const v = c.getElementsByTagNameNS(main, 'v')[0]?.textContent ?? '';
      const type = c.getAttribute('t') || 'n';
      const formula = c.getElementsByTagNameNS(main, 'f').length > 0;
      const text = type === 's' ? shared[Number(v)] : type === 'inlineStr' ? c.textContent : v;
      cells[index] = { type: formula ? 'formula' : type, text, number: type === 'n' ? Number(v) : undefined };
    }
    return cells;
  });
}

test('the check itself sees formulas: unneutralised cells open as formulas in Calc', () => {
  const formulas = sheets.raw.slice(1).filter(([cell]) => cell?.type === 'formula');
  assert.ok(formulas.length >= 3, `${formulas.length} formulas among the raw cells`);
});

test('no cell of the downloaded CSV opens as a formula', () => {
  assert.equal(sheets.ours.length, 1 + typed.length, 'a header and one row per answer');
  for (const [r, row] of sheets.ours.entries())
    for (const cell of row) assert.notEqual(cell?.type, 'formula', `row ${r + 1}: ${JSON.stringify(cell)}`);
});

test('every value comes back: the header, the texts as typed, seed and attempt as plain numbers', () => {
  const [header, ...rows] = sheets.ours;
  assert.deepEqual(
    header.map((cell) => cell.text),
    [...csvColumns],
  );
  const column = Object.fromEntries(csvColumns.map((name, i) => [name, i]));
  const answers = sheets.record.questions[0].answers;
  rows.forEach((row, i) => {
    const answer = answers[i];
    const text = (name) => valueOf(row[column[name]]?.text ?? '');
    assert.equal(text('lesson'), 'why-sqrt-dk');
    assert.equal(text('question'), 'q');
    assert.deepEqual([row[column.seed].type, row[column.seed].number], ['n', 7]);
    assert.deepEqual([row[column.attempt].type, row[column.attempt].number], ['n', i + 1]);
    // A typed number a spreadsheet reads as a number is the same number.
    const response = row[column.response];
    if (response.type === 'n') assert.equal(response.number, Number(typed[i]), `row ${i + 2}`);
    // A response that could start a formula in any spreadsheet (Calc runs only `=`; Excel also + - @) is text there.
    if (startsFormula(typed[i]))
      assert.deepEqual([response.type, response.text[0]], ['s', "'"], `row ${i + 2}: shown, never run`);
    // Calc, like other spreadsheets, keeps a line break inside a cell as a line feed, whichever the file had.
    else assert.equal(valueOf(response.text), lineFeeds(typed[i]), `row ${i + 2}: ${JSON.stringify(response.text)}`);
    assert.equal(text('result'), answer.result);
    assert.equal(text('time'), answer.at);
    assert.equal(text('after_solution'), 'no');
  });
  const numbers = rows.filter((row) => row[column.response].type === 'n').map((row) => row[column.response].number);
  assert.deepEqual(numbers, [22.6], 'only the plain typed number opens as a number');
});
