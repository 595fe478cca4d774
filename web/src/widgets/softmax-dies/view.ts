// Widget 2: one query against n keys; as dₖ grows unscaled, the weights go one-hot and the gradient dies.
import { t } from '../../i18n/messages.js';
import { BarChart } from '../../charts/bar-chart.js';
import { setText } from '../../charts/chart.js';
import { ChoiceControl } from '../../controls/choice-control.js';
import { RangeControl } from '../../controls/range-control.js';
import { formatScore, formatShare, formatValue, formatWeight } from '../../format.js';
import { LiveWidget, type WidgetOptions } from '../live-widget.js';
import { claim } from './claim.js';
import { rangeOf } from '../params.js';
import { dkSlider, keysSlider } from '../sliders.js';
import type { Precision, ScaleMode, SoftmaxDiesParams, SoftmaxDiesResult } from './compute.js';
import { measured } from './predict.js';
import { guessLines } from '../../predict/guess-lines.js';
import { schema } from './schema.js';
import { bandsSentence, formatSurvival, SurvivalBadge, survivalName, survivalState } from '../survival-badge.js';

type SoftmaxDiesState = SoftmaxDiesParams;

// The bands are the core's (core/gradient_survival.hpp); the words say what each means for learning.
const survivalWords = (state: SoftmaxDiesResult['stats']['survival']['state']) => t(`softmaxDies.meaning.${state}`);

export class SoftmaxDies extends LiveWidget<'softmax-dies', SoftmaxDiesState> {
  private readonly chart = new BarChart('weights', { yLabel: t('axis.weight'), yDomain: [0, 1] });
  private readonly meter = document.createElement('p');
  private readonly badge: SurvivalBadge;

  constructor(options: WidgetOptions<SoftmaxDiesState>) {
    super(options, 'softmax-dies', t('softmaxDies.caption'), t('softmaxDies.tableCaption'));
    this.frame.setClaim(claim.sentence);
    const id = options.id;
    this.frame.chartArea.append(this.chart.element);
    this.charts.push(this.chart);
    this.meter.className = 'survival';
    this.frame.extra.append(this.meter);
    this.badge = new SurvivalBadge(`${id}-survival`);
    const dk = dkSlider(id, schema.dk, this.state.dk, (value) => this.update({ dk: value }));
    dk.attach(this.badge.element);
    const temperature = new RangeControl({
      id: `${id}-temperature`,
      symbol: 'τ',
      label: t('control.temperature'),
      ...rangeOf(schema.temperature),
      value: this.state.temperature,
      log: { stepsPerDoubling: 4 },
      onChange: (t) => this.update({ temperature: t }),
    });
    this.mountControls({
      dk,
      keys: keysSlider(id, schema.keys, this.state.keys, (keys) => this.update({ keys })),
      scale: new ChoiceControl<ScaleMode>({
        id: `${id}-scale`,
        label: t('control.scaleScores'),
        value: this.state.scale,
        choices: [
          { value: 'none', label: t('control.scaleNone') },
          { value: 'sqrt', label: '÷√dₖ' },
          { value: 'linear', label: '÷dₖ' },
          { value: 'temperature', label: t('control.scaleCustom') },
        ],
        onChange: (scale) => this.update({ scale }),
      }),
      temperature,
      precision: new ChoiceControl<Precision>({
        id: `${id}-precision`,
        label: t('control.arithmetic'),
        value: this.state.precision,
        choices: [
          { value: 'float64', label: 'float64' },
          { value: 'float32', label: 'float32' },
          { value: 'float16', label: 'float16' },
        ],
        onChange: (precision) => this.update({ precision }),
      }),
    });
  }

  protected override syncControls(): void {
    this.usedOnlyWhen('temperature', 'scale', this.state.scale === 'temperature', t('control.temperatureUnused'));
  }

  protected params(s: SoftmaxDiesState): SoftmaxDiesParams {
    return { dk: s.dk, keys: s.keys, scale: s.scale, temperature: s.temperature, precision: s.precision, seed: s.seed };
  }

  protected override placeGuess(quantity: string, listener: ((value: number) => void) | undefined): boolean {
    if (quantity !== 'largestWeight') return false;
    this.chart.guessable(listener);
    return true;
  }

  protected override measure(r: SoftmaxDiesResult) {
    return measured(r);
  }

  protected render(r: SoftmaxDiesResult): void {
    const keys = Array.from({ length: r.keys }, (_, i) => `k${i + 1}`);
    const { stats } = r;
    const scaling =
      r.divisor === 1 ? t('softmaxDies.unscaled') : t('softmaxDies.divided', { divisor: formatValue(r.divisor) });
    const { survival } = stats;
    // The entropy as a share of ln n, not ln n itself: the lesson asks for the largest entropy over n keys.
    const summary =
      t('softmaxDies.summary', {
        dk: r.dk,
        keys: r.keys,
        scaling,
        largest: formatWeight(stats.maxWeight),
        entropy: formatValue(stats.entropy),
        share: formatShare(stats.entropy / r.maxEntropy),
        survival: formatSurvival(survival.share),
        state: survivalState(survival.state),
      }) + zerosSentence(r);
    this.chart.draw(
      keys,
      [{ name: 'weights', className: r.scale === 'none' ? 'unscaled' : 'scaled', values: r.weights }],
      summary,
      guessLines(this.guess),
    );
    this.frame.setSummary(summary);
    this.badge.show(survival);
    this.meter.dataset.state = survival.state;
    setText(
      this.meter,
      t('softmaxDies.meter', {
        name: survivalName(),
        survival: formatSurvival(survival.share),
        state: survivalState(survival.state),
        meaning: survivalWords(survival.state),
        bands: bandsSentence(r.thresholds),
      }),
    );
    this.frame.setTable(
      [t('table.key'), t('table.score'), t('softmaxDies.weightIn', { precision: r.precision })],
      keys.map((k, i) => [k, formatScore(r.scores[i] ?? 0), formatWeight(r.weights[i] ?? 0)]),
      [[t('softmaxDies.exactZeros'), '', String(r.exactZeros)]],
    );
  }
}

// The count comes from the core (softmaxInPrecision); a weight that is exactly 0 gets no gradient at all.
function zerosSentence(r: SoftmaxDiesResult): string {
  return t('softmaxDies.zeros', { precision: r.precision, zeros: r.exactZeros, keys: r.keys });
}

export const view = (options: WidgetOptions<SoftmaxDiesState>) => new SoftmaxDies(options);
