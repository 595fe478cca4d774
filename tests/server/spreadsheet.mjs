// A CSV as a spreadsheet opens it: LibreOffice Calc (headless) imports it with its default CSV options (comma, double
// quote, UTF-8, formulas evaluated) and saves .xlsx, whose first sheet is read back cell by cell.
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { DOMParser } from '@xmldom/xmldom';
import { strFromU8, unzipSync } from 'fflate';

const soffice = '/usr/bin/soffice';
const sheetNs = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';

/** Rows of cells { type: 's' | 'n' | 'formula' | …, text, number } as Calc saved them. */
export async function openInCalc(csv) {
  if (!existsSync(soffice)) {
    throw new Error('LibreOffice Calc is needed (Debian: libreoffice-calc-nogui; setup.sh --for test installs it)');
  }
  const folder = mkdtempSync(join(tmpdir(), 'attention-lab-calc-'));
  try {
    writeFileSync(join(folder, 'answers.csv'), csv);
    const args = ['--headless', '--norestore', `-env:UserInstallation=${pathToFileURL(join(folder, 'profile'))}`];
    await promisify(execFile)(
      soffice,
      [...args, '--infilter=CSV:44,34,76,1', '--convert-to', 'xlsx', '--outdir', folder, join(folder, 'answers.csv')],
      { env: { ...process.env, HOME: folder }, timeout: 180_000 },
    );
    return readSheet(readFileSync(join(folder, 'answers.xlsx')));
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

function readSheet(xlsx) {
  const files = unzipSync(xlsx);
  const xml = (name) => new DOMParser().parseFromString(strFromU8(files[name]), 'text/xml');
  const strings = files['xl/sharedStrings.xml']
    ? [...xml('xl/sharedStrings.xml').getElementsByTagNameNS(sheetNs, 'si')].map((si) =>
        [...si.getElementsByTagNameNS(sheetNs, 't')].map((t) => t.textContent).join(''),
      )
    : [];
  const rows = [...xml('xl/worksheets/sheet1.xml').getElementsByTagNameNS(sheetNs, 'row')];
  return rows.map((row) => {
    const cells = [];
    for (const c of row.getElementsByTagNameNS(sheetNs, 'c')) {
      const column = c.getAttribute('r').replace(/\d+$/, '');
      const index = [...column].reduce((n, letter) => n * 26 + letter.charCodeAt(0) - 64, 0) - 1;
      const value = c.getElementsByTagNameNS(sheetNs, 'v')[0]?.textContent ?? '';
      const type = c.getAttribute('t') || 'n';
      const formula = c.getElementsByTagNameNS(sheetNs, 'f').length > 0;
      const text = type === 's' ? strings[Number(value)] : type === 'inlineStr' ? c.textContent : value;
      cells[index] = { type: formula ? 'formula' : type, text, number: type === 'n' ? Number(value) : undefined };
    }
    return cells;
  });
}
