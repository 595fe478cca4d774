// Widget 3: the same scores unscaled and ÷√dₖ, side by side, before and after the softmax.
import { t } from '../../i18n/messages.js';
import { BarChart } from '../../charts/bar-chart.js';
import { formatScore, formatValue, formatWeight } from '../../format.js';
import { LiveWidget, type WidgetOptions } from '../live-widget.js';
import { claim } from './claim.js';
import { dkSlider, keysSlider } from '../sliders.js';
import type { BeforeAfterParams, BeforeAfterResult } from './compute.js';
import { measured } from './predict.js';
import { guessLines } from '../../predict/guess-lines.js';
import type { SoftmaxStats } from '../../core/types.js';
import { schema } from './schema.js';
import { formatSurvival, SurvivalBadge, survivalName, survivalState } from '../survival-badge.js';

// Scores given by the lesson are not state a learner moves, so they travel beside it.
type BeforeAfterState = Omit<BeforeAfterParams, 'scores'>;

export class BeforeAfter extends LiveWidget<'before-after', BeforeAfterState> {
  private readonly scoresChart = new BarChart('scores', { yLabel: t('axis.score') });
  private readonly weightsChart = new BarChart('weights', { yLabel: t('axis.weight'), yDomain: [0, 1] });
  private readonly badges: { unscaled: SurvivalBadge; scaled: SurvivalBadge };

  constructor(
    options: WidgetOptions<BeforeAfterState>,
    private readonly fixedScores?: readonly number[],
  ) {
    super(options, 'before-after', t('beforeAfter.caption'), t('softmaxDies.tableCaption'));
    this.frame.setClaim(claim.sentence);
    const id = options.id;
    const before = Object.assign(document.createElement('p'), {
      className: 'panel-label',
      textContent: t('beforeAfter.scoresLabel'),
    });
    const after = Object.assign(document.createElement('p'), {
      className: 'panel-label',
      textContent: t('beforeAfter.weightsLabel'),
    });
    this.frame.chartArea.append(before, this.scoresChart.element, after, this.weightsChart.element);
    this.charts.push(this.scoresChart, this.weightsChart);
    const legend = document.createElement('p');
    legend.className = 'legend';
    legend.append(swatch('unscaled'), t('beforeAfter.legendUnscaled'), swatch('scaled'), ' s / √dₖ');
    this.frame.chartArea.append(legend);
    const dk = dkSlider(id, schema.dk, this.state.dk, (value) => this.update({ dk: value }));
    // One verdict per set of weights, beside the slider that moves both.
    this.badges = {
      unscaled: new SurvivalBadge(`${id}-survival-unscaled`, t('beforeAfter.unscaled')),
      scaled: new SurvivalBadge(`${id}-survival-scaled`, '÷√dₖ'),
    };
    const badges = Object.assign(document.createElement('span'), { id: `${id}-survival`, className: 'survival-pair' });
    const name = Object.assign(document.createElement('span'), {
      className: 'survival-name',
      textContent: survivalName(),
    });
    badges.append(name, this.badges.unscaled.element, this.badges.scaled.element);
    dk.attach(badges);
    // With scores fixed by the lesson, n and the seed change nothing: offer only dₖ.
    this.mountControls(
      fixedScores
        ? { dk }
        : {
            dk,
            keys: keysSlider(id, schema.keys, this.state.keys, (keys) => this.update({ keys })),
          },
    );
  }

  protected override usesSeed(): boolean {
    return !this.fixedScores;
  }

  protected params(s: BeforeAfterState): BeforeAfterParams {
    return this.fixedScores
      ? { dk: s.dk, keys: s.keys, seed: s.seed, scores: this.fixedScores }
      : { dk: s.dk, keys: s.keys, seed: s.seed };
  }

  protected override measure(r: BeforeAfterResult) {
    return measured(r);
  }

  protected render(r: BeforeAfterResult): void {
    const keys = Array.from({ length: r.keyCount }, (_, i) => `k${i + 1}`);
    const scoreSummary = t('beforeAfter.scoreSummary', {
      dk: r.dk,
      low: formatScore(Math.min(...r.scores)),
      high: formatScore(Math.max(...r.scores)),
      divisor: formatValue(r.scaleDivisor),
      scaledLow: formatScore(Math.min(...r.scaledScores)),
      scaledHigh: formatScore(Math.max(...r.scaledScores)),
    });
    const weightSummary = t('beforeAfter.weightSummary', {
      unscaled: formatWeight(r.unscaledStats.maxWeight),
      unscaledVerdict: verdict(r.unscaledStats),
      scaled: formatWeight(r.scaledStats.maxWeight),
      scaledVerdict: verdict(r.scaledStats),
    });
    this.badges.unscaled.show(r.unscaledStats.survival);
    this.badges.scaled.show(r.scaledStats.survival);
    this.scoresChart.draw(
      keys,
      [
        { name: 'unscaled', className: 'unscaled', values: r.scores },
        { name: 'scaled', className: 'scaled', values: r.scaledScores },
      ],
      scoreSummary,
    );
    this.weightsChart.draw(
      keys,
      [
        { name: 'unscaled', className: 'unscaled', values: r.unscaled },
        { name: 'scaled', className: 'scaled', values: r.scaled },
      ],
      weightSummary,
      guessLines(this.guess),
    );
    this.frame.setSummary(t('beforeAfter.summary', { scoreSummary, weightSummary }));
    this.frame.setTable(
      [t('table.key'), t('beforeAfter.scoreColumn'), 's / √dₖ', 'softmax(s)', 'softmax(s / √dₖ)'],
      keys.map((k, i) => [
        k,
        formatScore(r.scores[i] ?? 0),
        formatScore(r.scaledScores[i] ?? 0),
        formatWeight(r.unscaled[i] ?? 0),
        formatWeight(r.scaled[i] ?? 0),
      ]),
    );
  }
}

function verdict({ survival }: SoftmaxStats): string {
  return t('beforeAfter.verdict', { survival: formatSurvival(survival.share), state: survivalState(survival.state) });
}

function swatch(kind: string): HTMLElement {
  const element = document.createElement('span');
  element.className = `swatch ${kind}`;
  element.setAttribute('aria-hidden', 'true');
  return element;
}

export const view = (options: WidgetOptions<BeforeAfterParams>) => {
  const { scores, ...state } = options.state;
  return new BeforeAfter({ ...options, state }, scores);
};
