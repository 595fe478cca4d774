// Widget 8: train a small attention model twice, with and without ÷√dₖ, and watch loss, accuracy and gradient norm
// live.
import { legend } from '../../charts/legend.js';
import { LineChart, type LineSeries, type PointMarker } from '../../charts/line-chart.js';
import { RangeControl } from '../../controls/range-control.js';
import { formatValue } from '../../format.js';
import type { TrainingHandle } from '../../worker/core-client.js';
import type { TrainingMessage } from '../../worker/protocol.js';
import { accuracyGoal, goalStreak, type TrainingProgress, type TrainingState } from '../../training/session.js';
import { runningAverage } from '../../training/smoothing.js';
import { TrainingButtons } from '../../training/training-buttons.js';
import { PacedRedraw } from '../../training/paced-redraw.js';
import {
  kindOf,
  runNames,
  trainingRequest,
  type RunName,
  type TrainingParams,
  type TrainingPlanResult,
} from './training.js';
import { LiveWidget, type WidgetOptions } from '../live-widget.js';
import { claim } from './claim.js';
import { rangeOf } from '../params.js';
import { dkSlider, keysSlider } from '../sliders.js';
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

export class TrainIt extends LiveWidget<'train-it', TrainItState> {
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
  private readonly redraw = new PacedRedraw(
    metrics.length,
    (i) => this.drawCurve(metrics[i] ?? 'loss'),
    () => this.element.dataset.training === 'running',
  );
  private readonly buttons = new TrainingButtons({
    start: () => this.start(),
    pause: () => this.handle?.pause(),
    resume: () => this.handle?.resume(),
    stop: () => this.stopByLearner(),
  });
  private readonly progressBar = document.createElement('progress');
  private readonly progressText = document.createElement('p');
  private handle?: TrainingHandle;
  private plan?: TrainingPlanResult;
  private steps: number[] = [];
  private curves = emptyCurves();
  private reachedAt: Partial<Record<RunName, number>> = {};
  private planSentence = '';

  constructor(options: WidgetOptions<TrainItState>) {
    super(
      options,
      'train-it',
      'Train it: the same small attention model trained with and without ÷√dₖ',
      'Loss, accuracy and gradient norm of both runs at evenly spaced steps',
    );
    this.frame.setClaim(claim.sentence);
    const id = options.id;
    this.progressText.id = `${id}-progress-text`;
    this.progressText.className = 'training-progress-text';
    this.progressBar.setAttribute('aria-labelledby', this.progressText.id);
    this.progressBar.className = 'training-progress';
    this.frame.chartArea.append(
      this.buttons.element,
      this.progressText,
      this.progressBar,
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
      steps: new RangeControl({
        id: `${id}-steps`,
        symbol: 'steps',
        label: 'Training steps',
        ...rangeOf(schema.steps),
        value: this.state.steps,
        log: { stepsPerDoubling: 2 },
        onChange: (steps) => this.update({ steps }),
      }),
    });
  }

  // New settings make the old curves meaningless: stop the run and start from a clean slate.
  protected override update(partial: Partial<TrainItState>): void {
    this.handle?.stop();
    this.handle = undefined;
    this.clearCurves();
    this.setTraining('idle');
    super.update(partial);
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
    }
  }

  private start(): void {
    if (!this.plan) return;
    this.handle?.stop();
    this.clearCurves();
    this.frame.setNotice('');
    this.frame.setSummary(`${this.planSentence} Training…`);
    const params = this.params(this.state);
    const handle: TrainingHandle = this.options.client.train(trainingRequest(params), (message) => {
      if (handle === this.handle) this.receive(message, params); // a run that was replaced says nothing
    });
    this.handle = handle;
    this.setTraining('running');
  }

  // The session is detached at once, so the widget reports the stop itself, with the steps it has received.
  private stopByLearner(): void {
    if (!this.handle) return;
    this.stopRun();
    this.setTraining('stopped');
    this.frame.setSummary(
      `${this.planSentence} ${this.resultSentence(this.params(this.state), this.progressBar.value)}`,
    );
  }

  private stopRun(): void {
    this.handle?.stop();
    this.handle = undefined;
  }

  /** Stops training for good (the widget leaves the page or is rebuilt). */
  override dispose(): void {
    this.stopRun();
    super.dispose();
  }

  private receive(message: TrainingMessage, params: TrainingParams): void {
    // Removed from the page without dispose(): stop rather than train for nobody.
    if (!this.element.isConnected) {
      this.stopRun();
      return;
    }
    if (message.kind === 'train-progress') {
      this.append(message.progress);
      return;
    }
    this.setTraining(message.state);
    if (message.error) this.frame.setNotice(`Training stopped with an error: ${message.error.message}`);
    if (message.state === 'finished' || message.state === 'stopped' || message.state === 'failed') {
      this.handle = undefined;
      const done = message.stepsDone >= 0 ? message.stepsDone : this.progressBar.value;
      this.frame.setSummary(`${this.planSentence} ${this.resultSentence(params, done)}`);
    }
  }

  private append(progress: TrainingProgress): void {
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
    this.progressBar.max = progress.steps;
    this.progressBar.value = progress.stepsDone;
    this.progressText.textContent = `Training: ${progress.stepsDone} of ${progress.steps} steps`;
    this.redraw.soon();
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

  private setTraining(state: TrainingState | 'idle'): void {
    this.element.dataset.training = state;
    this.buttons.show(state);
    if (state === 'idle') {
      this.progressBar.max = this.state.steps;
      this.progressBar.value = 0;
      this.progressText.textContent = `Training: not started (0 of ${this.state.steps} steps)`;
    } else if (state === 'paused') {
      this.progressText.textContent = `Training paused at ${this.progressBar.value} of ${this.progressBar.max} steps`;
    } else if (state === 'finished' || state === 'stopped' || state === 'failed') {
      this.progressText.textContent = `Training ${state} at ${this.progressBar.value} of ${this.progressBar.max} steps`;
    }
    if (state !== 'running') {
      this.fillTable();
      this.drawCurves(); // the final chunk, even if its frame has not come yet
    }
  }

  private clearCurves(): void {
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
    this.metricCharts[metric].draw(
      { series: [...raw, ...smooth], points: this.markers(metric), xDomain },
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
