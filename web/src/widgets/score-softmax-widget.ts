// "Unscaled vs ÷√dₖ": one query's softmax over 8 keys as dₖ moves, every number from the core in the worker.
import { GroupedBars } from '../charts/grouped-bars.js';
import { LogIntControl } from '../controls/log-int-control.js';
import { formatScore, formatWeight } from '../format.js';
import { LiveQuery, type CoreClient } from '../worker/core-client.js';
import type { ScoreSoftmaxResult } from '../worker/computations.js';

const keyCount = 8;

function argmax(values: Float64Array): number {
  let best = 0;
  values.forEach((v, i) => (v > (values[best] ?? -Infinity) ? (best = i) : undefined));
  return best;
}

export class ScoreSoftmaxWidget {
  readonly element: HTMLElement;
  private readonly chart = new GroupedBars('Attention weights of one query over 8 keys');
  private readonly summary = document.createElement('p');
  private readonly table = document.createElement('table');
  private readonly seedText = document.createElement('output');
  private readonly query: LiveQuery<'scoreSoftmax'>;
  private readonly dkControl: LogIntControl;
  private seed: number;

  constructor(client: CoreClient, initial: { dk: number; seed: number }) {
    this.seed = initial.seed;
    this.element = document.createElement('figure');
    this.element.className = 'widget';
    this.element.id = 'score-softmax';
    this.query = new LiveQuery(client, 'scoreSoftmax', (r) => this.render(r), (e) => this.fail(e));
    this.dkControl = new LogIntControl({
      id: 'dk', symbol: 'dₖ', label: 'Key dimension dₖ', min: 1, max: 4096, value: initial.dk, stepsPerDoubling: 4,
      onChange: () => this.request(),
    });
    const resample = Object.assign(document.createElement('button'), { type: 'button', textContent: 'Resample' });
    resample.addEventListener('click', () => {
      this.seed = (this.seed + 1) % 2 ** 32;
      this.request();
    });
    const seedLine = document.createElement('p');
    seedLine.className = 'seed';
    seedLine.append('Seed ', this.seedText, ' ', resample);
    this.summary.className = 'chart-summary';
    this.summary.setAttribute('aria-live', 'polite');
    const legend = document.createElement('p');
    legend.className = 'legend';
    legend.innerHTML = '<span class="swatch unscaled"></span> softmax(s) &nbsp; <span class="swatch scaled"></span> softmax(s / √dₖ)';
    this.table.className = 'data-table';
    const caption = document.createElement('figcaption');
    caption.textContent = 'One query scored against 8 random keys: attention weights without the scale and with it.';
    this.element.append(caption, this.dkControl.element, seedLine, this.chart.element, legend, this.summary, this.table);
    this.request();
  }

  private request(): void {
    this.seedText.value = String(this.seed);
    this.element.setAttribute('aria-busy', 'true');
    this.query.update({ dk: this.dkControl.value, keyCount, seed: this.seed });
  }

  private render(result: ScoreSoftmaxResult): void {
    const keys = Array.from({ length: keyCount }, (_, i) => `k${i + 1}`);
    const top = argmax(result.unscaled);
    const summary =
      `At dₖ = ${result.dk} the unscaled softmax puts ${formatWeight(result.unscaled[top] ?? 0)} on key ${top + 1}; ` +
      `divided by √dₖ the largest weight is ${formatWeight(Math.max(...result.scaled))}.`;
    this.chart.draw(keys, [
      { name: 'unscaled', className: 'unscaled', values: result.unscaled },
      { name: 'scaled', className: 'scaled', values: result.scaled },
    ], summary);
    this.summary.textContent = summary;
    this.renderTable(keys, result);
    this.element.dataset.dk = String(result.dk);
    this.element.dataset.seed = String(result.seed);
    this.element.removeAttribute('aria-busy');
  }

  private renderTable(keys: string[], result: ScoreSoftmaxResult): void {
    const head = document.createElement('thead');
    head.innerHTML = '<tr><th scope="col">Key</th><th scope="col">Score q·k</th><th scope="col">softmax(s)</th><th scope="col">softmax(s / √dₖ)</th></tr>';
    const body = document.createElement('tbody');
    keys.forEach((key, i) => {
      const row = body.insertRow();
      const name = document.createElement('th');
      name.scope = 'row';
      name.textContent = key;
      row.append(name);
      for (const text of [formatScore(result.scores[i] ?? 0), formatWeight(result.unscaled[i] ?? 0), formatWeight(result.scaled[i] ?? 0)]) {
        row.insertCell().textContent = text;
      }
    });
    this.table.replaceChildren(head, body);
  }

  private fail(error: Error): void {
    this.summary.textContent = `The core could not compute this view: ${error.message}`;
    this.element.removeAttribute('aria-busy');
  }
}
