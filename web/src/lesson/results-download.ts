// The "Download my results" buttons: the record is built in the page and handed over as a Blob, no server involved
// (a blob: link needs no change to the page's Content-Security-Policy).
import { t } from '../i18n/messages.js';
import { resultsCsv, resultsRecord, type AskedPrediction, type Question } from '../quiz/index.js';
import type { ProgressStore } from './progress-store.js';

function save(text: string, type: string, name: string): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = Object.assign(document.createElement('a'), { href: url, download: name, hidden: true });
  document.body.append(link);
  link.click();
  link.remove();
  // The download has started by the next turn; the URL is freed a little later to be safe.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** Two buttons, JSON and CSV, for the lesson's questions and predictions as they are saved when pressed. */
export function resultsDownload(
  lesson: string,
  questions: () => readonly Question[],
  store: ProgressStore,
  predictions: () => readonly AskedPrediction[] = () => [],
) {
  const group = Object.assign(document.createElement('p'), { className: 'results-download' });
  const make = (label: string, onClick: () => void) => {
    const button = Object.assign(document.createElement('button'), { type: 'button', textContent: label });
    button.addEventListener('click', onClick);
    return button;
  };
  const record = () => resultsRecord(lesson, questions(), store.current, new Date(), predictions());
  // The buttons speak the page's language; the files' keys, columns and codes stay English for programs to read.
  const json = make(t('results.downloadJson'), () =>
    save(`${JSON.stringify(record(), null, 2)}\n`, 'application/json', `${t('results.fileName', { lesson })}.json`),
  );
  json.className = 'download-results-json';
  const csv = make(t('results.downloadCsv'), () =>
    save(resultsCsv(record()), 'text/csv', `${t('results.fileName', { lesson })}.csv`),
  );
  csv.className = 'download-results-csv';
  group.append(json, ' ', csv);
  return group;
}
