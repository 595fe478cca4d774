// Widget 10: q·k in float16, where the order of scaling and multiplying decides whether scores overflow to ∞.
import { t } from '../../i18n/messages.js';
import { BarChart } from '../../charts/bar-chart.js';
import { ChoiceControl } from '../../controls/choice-control.js';
import { RangeControl } from '../../controls/range-control.js';
import { formatValue } from '../../format.js';
import { LiveWidget, type WidgetOptions } from '../live-widget.js';
import { rangeOf } from '../params.js';
import { dkSlider, keysSlider } from '../sliders.js';
import { claim } from './claim.js';
import type { Float16OverflowParams, Float16OverflowResult } from './compute.js';
import { measured } from './predict.js';
import { schema } from './schema.js';

type State = Float16OverflowParams;

/** float16's largest finite value. */
const float16Max = 65504;
/** Where an overflowed row's bar is drawn: above the limit line, labelled ∞. */
const overflowHeight = float16Max * 1.2;

const orderWords = (order: State['order']): string => t(`float16.order.${order}`);

export class Float16Overflow extends LiveWidget<'float16-overflow', State> {
  private readonly chart = new BarChart('float16 rows', {
    yLabel: t('float16.largest'),
    yDomain: [0, overflowHeight * 1.05],
  });
  private readonly meter = Object.assign(document.createElement('div'), { className: 'overflow-orders' });
  /** One line per order, kept: a step rewrites only the lines whose words changed. */
  private readonly orderLines = document.createElement('ul');

  constructor(options: WidgetOptions<State>) {
    super(options, 'float16-overflow', t('float16.caption'), t('float16.tableCaption'));
    this.frame.setClaim(claim.sentence);
    const id = options.id;
    this.frame.chartArea.append(this.chart.element);
    this.meter.append(t('float16.threeOrders'), this.orderLines);
    this.frame.extra.append(this.meter);
    this.charts.push(this.chart);
    this.mountControls({
      dk: dkSlider(id, schema.dk, this.state.dk, (dk) => this.update({ dk }), 2),
      spread: new RangeControl({
        id: `${id}-spread`,
        symbol: 'σ',
        label: t('float16.spread'),
        ...rangeOf(schema.spread),
        value: this.state.spread,
        log: { stepsPerDoubling: 4 },
        onChange: (spread) => this.update({ spread }),
      }),
      keys: keysSlider(id, schema.keys, this.state.keys, (keys) => this.update({ keys })),
      order: new ChoiceControl<State['order']>({
        id: `${id}-order`,
        label: t('float16.where'),
        value: this.state.order,
        choices: [
          { value: 'after', label: t('float16.after') },
          { value: 'before', label: t('float16.before') },
          { value: 'balanced', label: t('float16.balanced') },
        ],
        onChange: (order) => this.update({ order }),
      }),
    });
  }

  protected params(s: State): Float16OverflowParams {
    return { dk: s.dk, keys: s.keys, spread: s.spread, order: s.order, seed: s.seed };
  }

  protected override measure(r: Float16OverflowResult) {
    return measured(r);
  }

  private showOrders(r: Float16OverflowResult): void {
    const lines = this.orderLines;
    while (lines.children.length > r.byOrder.length) lines.lastElementChild?.remove();
    while (lines.children.length < r.byOrder.length) lines.append(document.createElement('li'));
    r.byOrder.forEach((o, i) => {
      const item = lines.children[i] as HTMLLIElement;
      const text = orderLine(o);
      if (item.textContent !== text) item.textContent = text;
      const current = o.order === r.order;
      if (current && item.getAttribute('aria-current') !== 'true') item.setAttribute('aria-current', 'true');
      if (!current && item.hasAttribute('aria-current')) item.removeAttribute('aria-current');
    });
  }

  protected render(r: Float16OverflowResult): void {
    const rows = Array.from(r.rowLargest, (_, i) => `q${i + 1}`);
    // A row that overflowed is drawn above the limit and marked; its height stands for ∞, not a number.
    const heights = Array.from(r.rowLargest, (v) => (Number.isFinite(v) ? v : overflowHeight));
    const classes = Array.from(r.rowLargest, (v) => (Number.isFinite(v) ? '' : 'overflow'));
    const total = r.keys * r.keys;
    // Not the spread where overflow starts: the lesson asks for it, and the bars show it as σ is dragged.
    const summary = t('float16.summary', {
      order: orderWords(r.order),
      dk: r.dk,
      spread: formatValue(r.spread),
      infinities: r.infinities,
      nans: r.nans,
      total,
      largest: formatValue(r.largestExactScore),
      max: float16Max,
    });
    this.chart.draw(
      rows,
      [
        {
          name: 'largest |score|',
          className: 'scaled',
          values: heights,
          barClasses: classes,
          barLabels: classes.map((c) => (c ? '∞' : '')),
        },
      ],
      summary,
      [{ value: float16Max, label: t('float16.maxLine', { max: float16Max }), className: 'threshold' }],
    );
    this.frame.setSummary(summary);
    // Not the gradient verdict: whether this order's scores stay finite, reach ∞, or turn weights into NaN.
    const verdict = r.nans > 0 ? 'nan' : r.infinities > 0 ? 'infinite' : 'finite';
    if (this.meter.dataset.overflow !== verdict) this.meter.dataset.overflow = verdict;
    this.showOrders(r);
    this.frame.setTableWhenShown(() => ({
      headers: [t('float16.row'), t('float16.rowLargest'), t('float16.rowNans')],
      rows: rows.map((row, i) => [
        row,
        Number.isFinite(r.rowLargest[i]) ? formatValue(r.rowLargest[i] ?? 0) : '∞',
        String(r.rowNans[i] ?? 0),
      ]),
    }));
  }
}

// The three orders on the same q and k, one line each, so the one that differs stands out.
function orderLine(o: Float16OverflowResult['byOrder'][number]): string {
  return t(o.infinities + o.nans === 0 ? 'float16.orderFinite' : 'float16.orderOverflow', {
    order: orderWords(o.order),
    infinities: o.infinities,
    nans: o.nans,
  });
}

export const view = (options: WidgetOptions<State>) => new Float16Overflow(options);
