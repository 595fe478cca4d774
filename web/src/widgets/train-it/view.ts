// Widget 8: train a small attention model twice, with and without ÷√dₖ, and watch loss, accuracy and gradient norm
// live.
import { legend } from '../../charts/legend.js';
import { LineChart, type LineSeries, type PointMarker, type ReferenceLine } from '../../charts/line-chart.js';
import { formatValue } from '../../format.js';
import { accuracyGoal, goalStreak, type TrainingProgress, type TrainingRequest } from '../../training/session.js';
import { runningAverage } from '../../training/smoothing.js';
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
const metricWords: Record<Metric, string> = {
  loss: 'Loss',
  accuracy: 'Accuracy',
  gradientNorm: 'Gradient norm of the weights',
  scoreGradientNorm: 'Gradient reaching the scores',
};
const runLabels: Record<RunName, string> = { scaled: 'scaled (÷√dₖ)', unscaled: 'unscaled' };
/** The gradient charts' log floors; their running averages are geometric, down to the floor. */
const gradientFloors: Partial<Record<Metric, number>> = { gradientNorm: 1e-8, scoreGradientNorm: 1e-12 };
/** Rows in the data table: evenly spaced steps, plus the last one. */
const tableRows = 10;

export class TrainIt extends TrainingWidget<'train-it', TrainItState> {
  private readonly metricCharts = {
    loss: new LineChart({
      className: 'training loss',
      xLabel: 'step',
      yLabel: 'loss (log scale, floor 1e−6)',
      yLog: true,
      yFloor: 1e-6,
      height: 200,
    }),
    accuracy: new LineChart({
      className: 'training accuracy',
      xLabel: 'step',
      yLabel: 'accuracy',
      yDomain: [0, 1],
      height: 200,
    }),
    gradientNorm: new LineChart({
      className: 'training gradient',
      xLabel: 'step',
      yLabel: '‖∂L/∂W‖ (log scale, floor 1e−8)',
      yLog: true,
      yFloor: gradientFloors.gradientNorm,
      height: 200,
    }),
    scoreGradientNorm: new LineChart({
      className: 'training score-gradient',
      xLabel: 'step',
      yLabel: '‖∂L/∂s‖ (log scale, floor 1e−12)',
      yLog: true,
      yFloor: gradientFloors.scoreGradientNorm,
      height: 200,
    }),
  };
  private plan?: TrainingPlanResult;
  private steps: number[] = [];
  private curves = emptyCurves();
  private reachedAt: Partial<Record<RunName, number>> = {};

  constructor(options: WidgetOptions<TrainItState>) {
    super(
      options,
      'train-it',
      {
        caption: 'Train it: the same small attention model trained with and without ÷√dₖ',
        tableCaption: 'Loss, accuracy and gradient norm of both runs at evenly spaced steps',
        claim: claim.sentence,
      },
      metrics.length,
    );
    const id = options.id;
    this.frame.chartArea.append(
      ...this.trainingPanel,
      legend(runNames.map((run) => ({ className: run, label: runLabels[run], kind: 'line' as const }))),
    );
    const notes: Record<Metric, string> = {
      loss: 'squared error of the attention output',
      accuracy: 'share of the batch whose top score is the right key',
      gradientNorm: 'the weights W_q, W_k',
      scoreGradientNorm: 'what the softmax lets through to the scores, median over the batch',
    };
    for (const metric of metrics) {
      const label = Object.assign(document.createElement('p'), {
        className: 'panel-label',
        textContent: `${metricWords[metric]}: ${notes[metric]}`,
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
    this.planSentence =
      `Both runs train the same model from seed ${plan.seed} at dₖ = ${plan.dk} with ${plan.keys} keys for ` +
      `${plan.steps} steps; ` +
      `their initial scores have std ${formatValue(plan.unscaledStd)} unscaled and ${formatValue(plan.scaledStd)} ` +
      `scaled.`;
    if (this.element.dataset.training === 'idle') {
      this.setTraining('idle');
      this.frame.setSummary(`${this.planSentence} Press Start to train.`);
      this.drawCurves();
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
    this.frame.setSummary(`${this.planSentence} ${this.resultSentence(this.params(this.state), stepsDone)}`);
    // Only a run trained to its end says which run got there first.
    if (stepsDone >= this.state.steps) this.reportMeasured(measured(this.reachedAt));
  }

  // A guess of which run gets there first, and of when, drawn on the accuracy chart.
  private guessLines(): ReferenceLine[] {
    const guess = this.guess;
    if (!guess) return [];
    const ends = [guess.range?.from, guess.range?.to].filter((end): end is number => end !== undefined);
    // Which run the learner picked is said in the panel above; over the curves a short label keeps them readable.
    if (!ends.length) return [{ axis: 'y', value: accuracyGoal, label: 'your guess', className: 'guess' }];
    const words = guess.outcome ? `your guess: ${guess.outcome}, step ${guess.label.replace(/^your guess: /, '')}` : '';
    return ends.map((value, i) => ({ axis: 'x', value, label: i === 0 ? words : '', className: 'guess' }));
  }

  protected append(progress: TrainingProgress): void {
    const [first] = progress.chunks;
    if (!first) return;
    for (let i = 0; i < first.loss.length; i++) this.steps.push(first.firstStep + i + 1);
    progress.chunks.forEach((chunk, r) => {
      const curves = this.curves[runNames[r] as RunName];
      for (const metric of metrics) curves[metric].push(...chunk[metric]);
    });
    this.reachedAt = {};
    for (const run of runNames) {
      const step = progress.reachedAt[kindOf[run]];
      if (step !== undefined) this.reachedAt[run] = step;
    }
  }

  private resultSentence(params: TrainingParams, stepsDone: number): string {
    const percent = `${Math.round(accuracyGoal * 100)}%`;
    const lastStep = this.steps[this.steps.length - 1] ?? 0;
    const scaled = this.reachedAt.scaled;
    const unscaled = this.reachedAt.unscaled;
    const final = (run: RunName) => formatValue(this.curves[run].accuracy.at(-1) ?? 0);
    const stopped = stepsDone < params.steps ? `Stopped after ${stepsDone} of ${params.steps} steps. ` : '';
    // "Reached" means goalStreak batches in a row at the goal, counted from the first of them.
    const scaledWords =
      scaled === undefined
        ? `had not reached ${percent} accuracy by step ${lastStep}`
        : `reached ${percent} accuracy at step ${scaled}`;
    return (
      `${stopped}The scaled run ${scaledWords}; ` +
      `the unscaled run ${unscaled === undefined ? `had not by step ${lastStep}` : `at step ${unscaled}`} ` +
      `(${percent} on ${goalStreak} batches in a row; last batch: scaled ${final('scaled')}, unscaled ` +
      `${final('unscaled')}).`
    );
  }

  protected showStill(): void {
    this.fillTable();
    this.drawCurves();
  }

  protected drawChart(index: number): void {
    this.drawCurve(metrics[index] ?? 'loss');
  }

  protected clearCurves(): void {
    this.steps = [];
    this.curves = emptyCurves();
    this.reachedAt = {};
    this.drawCurves();
  }

  private drawCurves(): void {
    for (const metric of metrics) this.drawCurve(metric);
  }

  private drawCurve(metric: Metric): void {
    // A fixed x axis over all planned steps, so the curves visibly grow towards the end.
    const xDomain: [number, number] = [0, this.plan?.steps ?? this.state.steps];
    const raw: LineSeries[] = runNames.map((run) => ({
      name: `${runLabels[run]}, each step`,
      className: `${run} raw`,
      xs: this.steps,
      ys: this.curves[run][metric],
    }));
    const smooth: LineSeries[] = runNames.map((run) => ({
      name: runLabels[run],
      className: run,
      xs: this.steps,
      ys: runningAverage(this.curves[run][metric], gradientFloors[metric]),
    }));
    const references = metric === 'accuracy' ? this.guessLines() : [];
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
                label: `${run}: ${Math.round(accuracyGoal * 100)}% at step ${step}`,
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
        label: `${run}: ${verdict}`,
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
    const words = metricWords[metric];
    if (!this.steps.length) return `${words} of both runs: no steps trained yet.`;
    const step = this.steps[this.steps.length - 1];
    const last = (run: RunName) => formatValue(this.curves[run][metric].at(-1) ?? 0);
    const verdicts =
      metric === 'scoreGradientNorm'
        ? ` Scaled run: ${this.verdict('scaled')}; unscaled run: ${this.verdict('unscaled')}.`
        : '';
    return `${words} at step ${step}: scaled ${last('scaled')}, unscaled ${last('unscaled')}.${verdicts}`;
  }

  // The table is filled when training pauses or ends, not on every chunk: a changing table helps nobody.
  private fillTable(): void {
    const count = this.steps.length;
    const picks =
      count === 0
        ? []
        : [...new Set(Array.from({ length: tableRows }, (_, k) => Math.floor(((k + 1) * count) / tableRows) - 1))];
    const short: Record<Metric, string> = {
      loss: 'Loss',
      accuracy: 'Accuracy',
      gradientNorm: '‖∂L/∂W‖',
      scoreGradientNorm: '‖∂L/∂s‖',
    };
    this.frame.setTable(
      ['Step', ...metrics.flatMap((metric) => runNames.map((run) => `${short[metric]}, ${run}`))],
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

export const view = (options: WidgetOptions<TrainItState>) => new TrainIt(options);
