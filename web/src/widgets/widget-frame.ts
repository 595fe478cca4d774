// The parts every widget shares: caption, controls, seed with resample, chart, one-sentence live summary, data table.
import { t } from '../i18n/messages.js';
import { keepOverflowFocusable } from '../lesson/scroll-regions.js';
import { writeText } from '../charts/chart.js';

export type Cell = string | number;

export class WidgetFrame {
  readonly element: HTMLElement;
  readonly controls = document.createElement('div');
  readonly chartArea = document.createElement('div');
  readonly extra = document.createElement('div');
  private readonly summary = document.createElement('p');
  private readonly table = document.createElement('table');
  private readonly seedText = document.createElement('output');
  private readonly seedLine = document.createElement('p');
  private readonly notice = document.createElement('p');
  private readonly waiting = document.createElement('p');
  private readonly claim = document.createElement('p');
  /** The claim's words while a prediction holds them back (out of the DOM, not only out of sight). */
  private heldClaim?: Node[];
  readonly resampleButton = Object.assign(document.createElement('button'), {
    type: 'button',
    textContent: t('widget.resample'),
  });
  readonly linkButton = Object.assign(document.createElement('button'), {
    type: 'button',
    textContent: t('widget.copyLink'),
  });

  constructor(id: string, caption: string, tableCaption: string) {
    this.element = document.createElement('figure');
    this.element.className = 'widget';
    this.element.id = id;
    const figcaption = Object.assign(document.createElement('figcaption'), {
      id: `${id}-caption`,
      textContent: caption,
    });
    this.element.setAttribute('aria-labelledby', figcaption.id);
    this.controls.className = 'controls';
    this.chartArea.className = 'chart-area';
    this.summary.className = 'chart-summary';
    this.summary.id = `${id}-summary`;
    this.summary.setAttribute('aria-live', 'polite');
    this.seedLine.className = 'seed';
    this.seedLine.append(t('widget.seed'), ' ', this.seedText, ' ', this.resampleButton);
    this.notice.className = 'widget-notice';
    this.notice.setAttribute('role', 'status');
    this.claim.className = 'claim';
    this.claim.id = `${id}-claim`;
    this.claim.hidden = true;
    this.waiting.className = 'widget-waiting';
    this.waiting.setAttribute('role', 'status');
    this.waiting.hidden = true;
    const details = document.createElement('details');
    details.className = 'data';
    const summaryLabel = Object.assign(document.createElement('summary'), { textContent: t('widget.dataTable') });
    this.table.className = 'data-table';
    this.table.createCaption().textContent = tableCaption;
    details.append(summaryLabel, scrolling(this.table));
    const actions = document.createElement('p');
    actions.className = 'widget-actions';
    actions.append(this.linkButton);
    this.element.append(
      figcaption,
      this.claim,
      this.controls,
      this.seedLine,
      this.waiting,
      this.chartArea,
      this.summary,
      this.extra,
      details,
      actions,
      this.notice,
    );
    keepOverflowFocusable(details);
    this.tableWhenShown = writtenWhenOpen(details, ({ headers, rows, footer }) =>
      fillTable(this.table, headers, rows, footer),
    );
  }

  /** The one sentence of what the learner should see happen, shown under the caption. */
  setClaim(sentence: string): void {
    const label = Object.assign(document.createElement('strong'), { textContent: t('widget.lookFor') });
    this.claim.replaceChildren(label, sentence);
    this.claim.hidden = false;
  }

  /** While a prediction waits, "Look for" would tell the answer: it is hidden until the learner has guessed. */
  holdClaim(held: boolean): void {
    if (held && this.claim.hasChildNodes()) this.heldClaim = [...this.claim.childNodes];
    if (held) this.claim.replaceChildren();
    else if (this.heldClaim) this.claim.replaceChildren(...this.heldClaim);
    this.claim.hidden = !this.claim.hasChildNodes();
  }

  // Called on every slider step: only a change is written, so an unchanged seed costs no DOM write.
  showSeed(seed: number | undefined): void {
    if (this.seedLine.hidden !== (seed === undefined)) this.seedLine.hidden = seed === undefined;
    if (seed !== undefined && this.seedText.value !== String(seed)) this.seedText.value = String(seed);
  }

  setSummary(text: string): void {
    if (this.summary.textContent !== text) writeText(this.summary, text);
  }

  setNotice(text: string): void {
    this.notice.textContent = text;
  }

  /** What the figure is waiting for (the core loading, a slow computation); empty once it has drawn. */
  setWaiting(text: string): void {
    if (this.waiting.textContent !== text) this.waiting.textContent = text;
    if (this.waiting.hidden !== (text === '')) this.waiting.hidden = text === '';
  }

  /** footer: totals or counts about the rows (in a tfoot, so row counts stay one per key). */
  setTable(headers: string[], rows: Cell[][], footer: Cell[][] = []): void {
    fillTable(this.table, headers, rows, footer);
  }

  /** The data table as `contents` makes it, made and written only while a reader can open it (see writtenWhenOpen). */
  setTableWhenShown(contents: () => TableContents): void {
    this.tableWhenShown(contents);
  }

  private readonly tableWhenShown: (contents: () => TableContents) => void;

  /**
   * A second data table (e.g. a matrix beside its summary numbers), in its own disclosure after the first. Its first
   * contents are written at once; later ones while it is closed are only kept, and written when it opens: a step does
   * not rewrite a table nobody can see.
   */
  addTable(label: string, caption: string): (contents: () => TableContents) => void {
    const table = Object.assign(document.createElement('table'), { className: 'data-table' });
    table.createCaption().textContent = caption;
    const details = Object.assign(document.createElement('details'), { className: 'data' });
    details.append(Object.assign(document.createElement('summary'), { textContent: label }), scrolling(table));
    this.element.querySelector('details.data:last-of-type')?.after(details);
    keepOverflowFocusable(details);
    return writtenWhenOpen(details, ({ headers, rows }) => fillTable(table, headers, rows));
  }
}

export interface TableContents {
  headers: string[];
  rows: Cell[][];
  footer?: Cell[][];
}

// The first contents are written at once (an embed measures the open page with them); later ones, while the
// disclosure is closed, are only kept and written when it opens.
function writtenWhenOpen(
  details: HTMLDetailsElement,
  fill: (contents: TableContents) => void,
): (contents: () => TableContents) => void {
  let kept: (() => TableContents) | undefined;
  let written = false;
  const write = (contents: () => TableContents) => {
    fill(contents());
    written = true;
    kept = undefined;
  };
  details.addEventListener('toggle', () => {
    if (details.open && kept) write(kept);
  });
  return (contents) => {
    if (details.open || !written) write(contents);
    else kept = contents;
  };
}

// A wide table scrolls in its own box on a phone (reachable by keyboard while it overflows), never the page.
function scrolling(table: HTMLTableElement): HTMLElement {
  const box = Object.assign(document.createElement('div'), { className: 'table-scroll' });
  box.append(table);
  return box;
}

// Rows start with a header cell, so a screen reader announces the key or statistic each number belongs to. Rows and
// cells already there are reused and only changed text is written: a slider's step rewrites numbers, not the table.
function fillTable(table: HTMLTableElement, headers: string[], rows: Cell[][], footer: Cell[][] = []): void {
  const head = table.tHead ?? table.createTHead();
  fillRows(head, [headers], 'col');
  fillRows(table.tBodies[0] ?? table.createTBody(), rows, 'row');
  if (footer.length) fillRows(table.tFoot ?? table.createTFoot(), footer, 'row');
  else table.deleteTFoot();
}

// The rows and cells are listed once, before any text is written: a live `rows` or `cells` collection read after a
// write in the table walks it again, which made a table's update grow with the square of its cells.
function fillRows(section: HTMLTableSectionElement, rows: Cell[][], scope: 'row' | 'col'): void {
  while (section.rows.length > rows.length) section.deleteRow(-1);
  const existing = Array.from(section.rows);
  rows.forEach((row, r) => {
    const tr = existing[r] ?? section.insertRow();
    while (tr.cells.length > row.length) tr.deleteCell(-1);
    const cells = Array.from(tr.cells);
    row.forEach((cell, i) => {
      const header = scope === 'col' || i === 0;
      let element = cells[i];
      if (!element || (element.tagName === 'TH') !== header) {
        const fresh = header ? Object.assign(document.createElement('th'), { scope }) : document.createElement('td');
        if (element) element.replaceWith(fresh);
        else tr.append(fresh);
        element = fresh;
      }
      const text = String(cell);
      if (cellTexts.get(element) === text) return;
      cellTexts.set(element, text);
      if (element.textContent !== text) writeText(element, text);
    });
  });
}

/** What each cell was last given: a step compares its numbers here, not with text read back from the table. */
const cellTexts = new WeakMap<HTMLTableCellElement, string>();
