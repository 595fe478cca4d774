// Widget 8: train a small attention model twice, with and without ÷√dₖ, and watch loss, accuracy and gradient norm
// live.
import { t } from '../../i18n/messages.js';
import { legend } from '../../charts/legend.js';
import { LineChart, type LineSeries, type PointMarker, type ReferenceLine } from '../../charts/line-chart.js';
import { formatValue } from '../../format.js';
import { accuracyGoal, goalStreak, type TrainingProgress, type TrainingRequest } from '../../training/session.js';
import { RunningAverage } from '../../training/smoothing.js';
import { alreadyShows } from '../../training/still-charts.js';
import { TrainingWidget } from '../../training/training-widget.js';
import {
  kindOf,
  runNames,
  trainingRequest,
  type RunName,
  type TrainingParams,
  type TrainingPlanResult,
} from './training.js';
import type { WidgetOptions } from '../live-widget.js';
import { coalesced } from '../coalesced.js';
import { claim } from './claim.js';
import { measured } from './predict.js';
import { dkSlider, keysSlider, stepsSlider } from '../sliders.js';
import { schema } from './schema.js';

/** A run whose gradient reaching the scores has fallen below this share of its first step's, unsolved, is "dead". */
const deadBelow = 1e-3;

type TrainItState = TrainingParams;

const metrics = ['loss', 'accuracy', 'gradientNorm', 'scoreGradientNorm'] as const;
type Metric = (typeof metrics)[number];
type Curves = Record<Metric, number[]>;
const metricWords = (metric: Metric): string => t(`trainIt.metric.${metric}`);
const runLabel = (run: RunName): string => t(`trainIt.run.${run}`);
/** The gradient charts' log floors; their running averages are geometric, down to the floor. */
const gradientFloors: Partial<Record<Metric, number>> = { gradientNorm: 1e-8, scoreGradientNorm: 1e-12 };
/** Rows in the data table: evenly spaced steps, plus the last one. */
const tableRows = 10;

export class TrainIt extends TrainingWidget<'train-it', TrainItState> {
  private readonly metricCharts = {
    loss: new LineChart({
      className: 'training loss',
      xLabel: t('axis.step'),
      yLabel: t('trainIt.lossAxis'),
      yLog: true,
      yFloor: 1e-6,
      height: 200,
    }),
    accuracy: new LineChart({
      className: 'training accuracy',
      xLabel: t('axis.step'),
      yLabel: t('axis.accuracy'),
      yDomain: [0, 1],
      height: 200,
    }),
    gradientNorm: new LineChart({
      className: 'training gradient',
      xLabel: t('axis.step'),
      yLabel: t('trainIt.weightGradientAxis'),
      yLog: true,
      yFloor: gradientFloors.gradientNorm,
      height: 200,
    }),
    scoreGradientNorm: new LineChart({
      className: 'training score-gradient',
      xLabel: t('axis.step'),
      yLabel: t('trainIt.scoreGradientAxis'),
      yLog: true,
      yFloor: gradientFloors.scoreGradientNorm,
      height: 200,
    }),
  };
  private plan?: TrainingPlanResult;
  private steps: number[] = [];
  private curves = emptyCurves();
  /** Each curve's running average, extended chunk by chunk as the run comes in. */
  private smoothed = emptySmoothed();
  private reachedAt: Partial<Record<RunName, number>> = {};
  /** A step clears, plans and shows the idle charts within one task: they are drawn once, at its end. */
  private readonly curvesSoon = coalesced(() => this.drawCurves());
  private readonly tableSoon = coalesced(() => this.fillTable());
  /** The table holds its headers and no row. */
  private tableEmpty = false;

  constructor(options: WidgetOptions<TrainItState>) {
    super(
      options,
      'train-it',
      {
        caption: t('trainIt.caption'),
        tableCaption: t('trainIt.tableCaption'),
        claim: claim.sentence,
      },
      metrics.length,
    );
    const id = options.id;
    this.frame.chartArea.append(
      ...this.trainingPanel,
      legend(runNames.map((run) => ({ className: run, label: runLabel(run), kind: 'line' as const }))),
    );
    for (const metric of metrics) {
      const label = Object.assign(document.createElement('p'), {
        className: 'panel-label',
        textContent: t('trainIt.panel', { metric: metricWords(metric), note: t(`trainIt.note.${metric}`) }),
      });
      this.frame.chartArea.append(label, this.metricCharts[metric].element);
      this.charts.push(this.metricCharts[metric]);
    }
    this.setTraining('idle');
    this.mountControls({
      dk: dkSlider(id, schema.dk, this.state.dk, (dk) => this.update({ dk }), 2),
      keys: keysSlider(id, schema.keys, this.state.keys, (keys) => this.update({ keys })),
      steps: stepsSlider(id, schema.steps, this.state.steps, (steps) => this.update({ steps })),
    });
  }

  protected params(s: TrainItState): TrainingParams {
    return { dk: s.dk, keys: s.keys, steps: s.steps, seed: s.seed };
  }

  protected render(plan: TrainingPlanResult): void {
    this.plan = plan;
    this.planSentence = t('trainIt.plan', {
      seed: plan.seed,
      dk: plan.dk,
      keys: plan.keys,
      steps: plan.steps,
      unscaled: formatValue(plan.unscaledStd),
      scaled: formatValue(plan.scaledStd),
    });
    if (this.element.dataset.training === 'idle') {
      this.setTraining('idle');
      this.frame.setSummary(t('training.pressStart', { plan: this.planSentence }));
      this.curvesSoon();
      // A prediction was just committed: the runs it asked about start at once.
      if (this.revealing) this.buttons.element.querySelector<HTMLButtonElement>('.training-start')?.click();
    }
    this.bringBackFinishedRun();
  }

  protected nextRequest(): TrainingRequest | undefined {
    this.noteMove(); // Start before a prediction is committed shows the answer: a skip
    return this.plan ? trainingRequest(this.params(this.state)) : undefined;
  }

  protected finish(stepsDone: number): void {
    const result = this.resultSentence(this.params(this.state), stepsDone);
    this.frame.setSummary(t('training.planThenDoing', { plan: this.planSentence, doing: result }));
    // Only a run trained to its end says which run got there first.
    if (stepsDone >= this.state.steps) this.reportMeasured(measured(this.reachedAt));
  }

  // A guess of which run gets there first, and of when, drawn on the accuracy chart.
  private guessLines(): ReferenceLine[] {
    const guess = this.guess;
    if (!guess) return [];
    const ends = [guess.range?.from, guess.range?.to].filter((end): end is number => end !== undefined);
    // Which run the learner picked is said in the panel above; over the curves a short label keeps them readable.
    if (!ends.length) return [{ axis: 'y', value: accuracyGoal, label: t('predict.guessLabel'), className: 'guess' }];
    const range = guess.label.replace(t('predict.guessRange', { range: '' }), '');
    const words = guess.outcome ? t('trainIt.guessAtStep', { outcome: guess.outcome, range }) : '';
    return ends.map((value, i) => ({ axis: 'x', value, label: i === 0 ? words : '', className: 'guess' }));
  }

  protected append(progress: TrainingProgress): void {
    const [first] = progress.chunks;
    if (!first) return;
    for (let i = 0; i < first.loss.length; i++) this.steps.push(first.firstStep + i + 1);
    progress.chunks.forEach((chunk, r) => {
      const curves = this.curves[runNames[r] as RunName];
      const smoothed = this.smoothed[runNames[r] as RunName];
      for (const metric of metrics) {
        curves[metric].push(...chunk[metric]);
        smoothed[metric].extend(chunk[metric]);
      }
    });
    this.reachedAt = {};
    for (const run of runNames) {
      const step = progress.reachedAt[kindOf[run]];
      if (step !== undefined) this.reachedAt[run] = step;
    }
  }

  private resultSentence(params: TrainingParams, stepsDone: number): string {
    const percent = t('trainIt.goalPercent', { value: Math.round(accuracyGoal * 100) });
    const lastStep = this.steps[this.steps.length - 1] ?? 0;
    const scaled = this.reachedAt.scaled;
    const unscaled = this.reachedAt.unscaled;
    const final = (run: RunName) => formatValue(this.curves[run].accuracy.at(-1) ?? 0);
    const stopped = stepsDone < params.steps ? t('trainIt.stopped', { done: stepsDone, steps: params.steps }) : '';
    // "Reached" means goalStreak batches in a row at the goal, counted from the first of them.
    const scaledWords =
      scaled === undefined
        ? t('trainIt.scaledNotReached', { percent, step: lastStep })
        : t('trainIt.scaledReached', { percent, step: scaled });
    const unscaledWords =
      unscaled === undefined
        ? t('trainIt.unscaledNotReached', { step: lastStep })
        : t('trainIt.unscaledReached', { step: unscaled });
    return t('trainIt.result', {
      stopped,
      scaledWords,
      unscaledWords,
      percent,
      streak: goalStreak,
      scaled: final('scaled'),
      unscaled: final('unscaled'),
    });
  }

  protected showStill(): void {
    this.tableSoon();
    this.curvesSoon();
  }

  protected drawChart(index: number): void {
    this.drawCurve(metrics[index] ?? 'loss');
  }

  protected clearCurves(): void {
    // Charts with no step on them already show this plan's empty axes: Start need not lay out four charts again.
    const drawn = this.steps.length > 0;
    this.steps = [];
    this.curves = emptyCurves();
    this.smoothed = emptySmoothed();
    this.reachedAt = {};
    if (drawn) this.curvesSoon();
  }

  private drawCurves(): void {
    for (const metric of metrics) this.drawCurve(metric);
  }

  private drawCurve(metric: Metric): void {
    // A fixed x axis over all planned steps, so the curves visibly grow towards the end.
    const xDomain: [number, number] = [0, this.plan?.steps ?? this.state.steps];
    const raw: LineSeries[] = runNames.map((run) => ({
      name: `${runLabel(run)}, each step`,
      className: `${run} raw`,
      xs: this.steps,
      ys: this.curves[run][metric],
    }));
    const smooth: LineSeries[] = runNames.map((run) => ({
      name: runLabel(run),
      className: run,
      xs: this.steps,
      ys: this.smoothed[run][metric].values,
    }));
    const references = metric === 'accuracy' ? this.guessLines() : [];
    // Untrained, a chart shows its x range and the guess only: the same picture is not drawn twice.
    const picture = this.steps.length ? undefined : `${xDomain[1]} ${JSON.stringify(references)}`;
    if (alreadyShows(this.metricCharts[metric], picture)) return;
    this.metricCharts[metric].draw(
      { series: [...raw, ...smooth], points: this.markers(metric), xDomain, references },
      this.curveSummary(metric),
    );
  }

  // Accuracy marks where each run reached the goal; the score gradient says which run is solved and which is dead.
  private markers(metric: Metric): PointMarker[] {
    if (metric === 'accuracy') {
      return runNames.flatMap((run) => {
        const step = this.reachedAt[run];
        return step === undefined
          ? []
          : [
              {
                x: step,
                y: accuracyGoal,
                label: t('trainIt.reachedMark', {
                  run: t(`trainIt.runShort.${run}`),
                  percent: Math.round(accuracyGoal * 100),
                  step,
                }),
                className: run,
              },
            ];
      });
    }
    if (metric !== 'scoreGradientNorm' || !this.steps.length) return [];
    return runNames.map((run) => {
      const verdict = this.verdict(run);
      return {
        x: this.steps[this.steps.length - 1] ?? 0,
        y: this.curves[run].scoreGradientNorm.at(-1) ?? 0,
        label: t('trainIt.verdictMark', {
          run: t(`trainIt.runShort.${run}`),
          verdict: t(`trainIt.verdict.${verdict}`),
        }),
        className: run,
      };
    });
  }

  /** Small because the task is solved, or small because the softmax lets nothing through while the loss is high. */
  private verdict(run: RunName): 'solved' | 'dead' | 'learning' {
    if (this.reachedAt[run] !== undefined) return 'solved';
    const gradients = this.curves[run].scoreGradientNorm;
    const first = gradients[0] ?? 0;
    return (gradients.at(-1) ?? 0) <= deadBelow * first || first === 0 ? 'dead' : 'learning';
  }

  private curveSummary(metric: Metric): string {
    const words = metricWords(metric);
    if (!this.steps.length) return t('trainIt.noSteps', { metric: words });
    const step = this.steps[this.steps.length - 1];
    const last = (run: RunName) => formatValue(this.curves[run][metric].at(-1) ?? 0);
    const verdicts =
      metric === 'scoreGradientNorm'
        ? t('trainIt.verdicts', {
            scaled: t(`trainIt.verdict.${this.verdict('scaled')}`),
            unscaled: t(`trainIt.verdict.${this.verdict('unscaled')}`),
          })
        : '';
    return (
      t('trainIt.curve', { metric: words, step: step ?? 0, scaled: last('scaled'), unscaled: last('unscaled') }) +
      verdicts
    );
  }

  // The table is filled when training pauses or ends, not on every chunk: a changing table helps nobody.
  private fillTable(): void {
    const count = this.steps.length;
    // An idle step leaves the table as empty as it was.
    if (count === 0 && this.tableEmpty) return;
    this.tableEmpty = count === 0;
    const picks =
      count === 0
        ? []
        : [...new Set(Array.from({ length: tableRows }, (_, k) => Math.floor(((k + 1) * count) / tableRows) - 1))];
    const short = (metric: Metric) => t(`trainIt.short.${metric}`);
    this.frame.setTable(
      [
        t('table.step'),
        ...metrics.flatMap((metric) =>
          runNames.map((run) => t('trainIt.column', { metric: short(metric), run: t(`trainIt.runShort.${run}`) })),
        ),
      ],
      picks
        .filter((i) => i >= 0)
        .map((i) => [
          String(this.steps[i]),
          ...metrics.flatMap((metric) => runNames.map((run) => formatValue(this.curves[run][metric][i] ?? 0))),
        ]),
    );
  }
}

function emptyCurves(): Record<RunName, Curves> {
  const empty = (): Curves => ({ loss: [], accuracy: [], gradientNorm: [], scoreGradientNorm: [] });
  return { scaled: empty(), unscaled: empty() };
}

function emptySmoothed(): Record<RunName, Record<Metric, RunningAverage>> {
  const empty = () =>
    Object.fromEntries(metrics.map((m) => [m, new RunningAverage(gradientFloors[m])])) as Record<
      Metric,
      RunningAverage
    >;
  return { scaled: empty(), unscaled: empty() };
}

export const view = (options: WidgetOptions<TrainItState>) => new TrainIt(options);
