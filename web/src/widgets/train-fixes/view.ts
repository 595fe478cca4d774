// "Train the fixes": the same small attention model trained with each chosen alternative to ÷√dₖ, side by side, at
// a learning rate the learner picks; loss, accuracy, gradient reaching the scores, entropy and largest logit live.
import { t } from '../../i18n/messages.js';
import { limitParams, loweredNotice, maxOf } from '../../authoring/param-spec.js';
import { LineChart, type LineSeries } from '../../charts/line-chart.js';
import { ToggleControl } from '../../controls/choice-control.js';
import { RangeControl } from '../../controls/range-control.js';
import type { RunKind } from '../../core/types.js';
import { formatShare, formatValue } from '../../format.js';
import { accuracyGoal, type RunChunk, type TrainingProgress, type TrainingRequest } from '../../training/session.js';
import { RunningAverage } from '../../training/smoothing.js';
import { alreadyShows } from '../../training/still-charts.js';
import { TrainingWidget } from '../../training/training-widget.js';
import type { WidgetOptions } from '../live-widget.js';
import { rangeOf } from '../params.js';
import { dkSlider, keysSlider, stepsSlider } from '../sliders.js';
import { coalesced } from '../coalesced.js';
import { claim } from './claim.js';
import { selectedKinds, trainingRequest, type TrainFixesParams, type TrainFixesPlan } from './compute.js';
import { runSentence } from './results.js';
import { whyFewerKeys } from './limits.js';
import { labelOf } from './run-labels.js';
import { runs } from './runs.js';
import { ShownRuns } from './shown-runs.js';
import { schema } from './schema.js';

type State = TrainFixesParams;

const metrics = ['loss', 'accuracy', 'scoreGradientNorm', 'entropy', 'maxAbsScore'] as const;
type Metric = (typeof metrics)[number];
type Curves = Record<Metric | 'learnedScale', number[]>;

interface MetricInfo {
  words: string;
  note: string;
  short: string;
  chart: LineChart;
  /** Log charts' floor: their running averages are geometric, down to it. */
  floor?: number;
}

const logChart = (className: string, yLabel: string, yFloor: number) =>
  new LineChart({
    className: `training ${className}`,
    xLabel: t('axis.step'),
    yLabel,
    yLog: true,
    yFloor,
    height: 180,
  });

// The words are read when shown, in the page's language; the charts are made when the first widget is built (after
// the page's catalog has come).
const words = (metric: Metric) => ({
  get words() {
    return t(`trainFixes.metric.${metric}`);
  },
  get note() {
    return t(`trainFixes.note.${metric}`);
  },
  get short() {
    return t(`trainFixes.short.${metric}`);
  },
});

let metricCharts: Record<Metric, MetricInfo> | undefined;
const metricInfo = (): Record<Metric, MetricInfo> =>
  (metricCharts ??= {
    loss: {
      ...words('loss'),
      chart: logChart('loss', t('trainIt.lossAxis'), 1e-6),
      floor: 1e-6,
    },
    accuracy: {
      ...words('accuracy'),
      chart: new LineChart({
        className: 'training accuracy',
        xLabel: t('axis.step'),
        yLabel: t('axis.accuracy'),
        yDomain: [0, 1],
        height: 180,
      }),
    },
    scoreGradientNorm: {
      ...words('scoreGradientNorm'),
      chart: logChart('score-gradient', t('trainIt.scoreGradientAxis'), 1e-12),
      floor: 1e-12,
    },
    entropy: {
      ...words('entropy'),
      chart: logChart('entropy', t('trainFixes.entropyAxis'), 1e-4),
      floor: 1e-4,
    },
    maxAbsScore: {
      ...words('maxAbsScore'),
      chart: logChart('largest-logit', t('trainFixes.logitAxis'), 1e-3),
      floor: 1e-3,
    },
  });

/** The CSS class of a run: its colour and dash pattern. */
const runClass = (kind: RunKind) => `run-${kind}`;

export class TrainFixes extends TrainingWidget<'train-fixes', State> {
  private readonly shownRuns = new ShownRuns(this.options.id, () => this.drawCurves());
  private readonly results = Object.assign(document.createElement('ul'), { className: 'run-results' });
  private plan?: TrainFixesPlan;
  /** The runs of the current (or last) training, in the core's order. */
  private kinds: RunKind[] = [];
  private steps: number[] = [];
  private curves = new Map<RunKind, Curves>();
  /** Each curve's running average, extended chunk by chunk as the runs come in. */
  private smoothed = new Map<RunKind, Record<Metric, RunningAverage>>();
  private reachedAt: TrainingProgress['reachedAt'] = {};
  private readonly keysControl: RangeControl;
  /** The keys slider's top and the dₖ it was set for. */
  private keysTop?: string;
  /** The notice says a setting was lowered to what trains (cleared by the next change). */
  private saidLowered = false;
  /** A step clears, plans and shows the idle charts within one task: they are drawn once, at its end. */
  private readonly curvesSoon = coalesced(() => this.drawCurves());
  private readonly resultsSoon = coalesced(() => this.fillResults());
  /** No sentence and no row are shown. */
  private resultsEmpty = false;

  constructor(options: WidgetOptions<State>) {
    super(
      options,
      'train-fixes',
      {
        caption: t('trainFixes.caption'),
        tableCaption: t('trainFixes.tableCaption'),
        claim: claim.sentence,
      },
      metrics.length,
    );
    const id = options.id;
    // The page lowers a link's untrainable state before it gets here; a state from elsewhere gets the same care.
    limitParams(schema, this.state);
    this.frame.chartArea.append(...this.trainingPanel, this.shownRuns.element);
    for (const metric of metrics) {
      const { words, note, chart } = metricInfo()[metric];
      const label = Object.assign(document.createElement('p'), {
        className: 'panel-label',
        textContent: t('trainIt.panel', { metric: words, note }),
      });
      this.frame.chartArea.append(label, chart.element);
      this.charts.push(chart);
    }
    this.frame.extra.append(this.results);
    this.clearCurves();
    this.setTraining('idle');
    const toggles = Object.fromEntries(
      runs.map((run) => [
        run.param,
        new ToggleControl({
          id: `${id}-${run.param}`,
          label: labelOf(run.kind),
          value: this.state[run.param],
          onChange: (on) => this.update({ [run.param]: on }),
        }),
      ]),
    ) as Record<(typeof runs)[number]['param'], ToggleControl>;
    this.keysControl = keysSlider(id, schema.keys, this.state.keys, (keys) => this.update({ keys }));
    this.mountControls({
      learningRate: new RangeControl({
        id: `${id}-learning-rate`,
        symbol: 'η',
        label: t('trainFixes.learningRate'),
        ...rangeOf(schema.learningRate),
        value: this.state.learningRate,
        log: { stepsPerDoubling: 2 },
        onChange: (learningRate) => this.update({ learningRate }),
      }),
      dk: dkSlider(id, schema.dk, this.state.dk, (dk) => this.update({ dk }), 2),
      keys: this.keysControl,
      steps: stepsSlider(id, schema.steps, this.state.steps, (steps) => this.update({ steps })),
      ...toggles,
    });
    // The run switches read as one group: "Runs to train", each a checkbox.
    const group = Object.assign(document.createElement('fieldset'), { className: 'control run-choice' });
    group.append(Object.assign(document.createElement('legend'), { textContent: t('trainFixes.runsToTrain') }));
    group.append(...Object.values(toggles).map((t) => t.element));
    this.frame.controls.append(group);
    this.followDk();
  }

  // The keys slider offers only what trains at this dₖ; a dₖ that allows fewer keys lowers them, and says so.
  protected override update(partial: Partial<State>): void {
    const next: State = { ...this.state, ...partial };
    const lowered = limitParams(schema, next);
    if (lowered.length) this.keysControl.set(next.keys);
    super.update(lowered.length ? { ...partial, keys: next.keys } : partial);
    this.followDk();
    if (lowered.length)
      this.frame.setNotice(t('trainFixes.lowered', { lowered: lowered.map(loweredNotice).join(t('list.semicolon')) }));
    else if (this.saidLowered) this.frame.setNotice('');
    this.saidLowered = lowered.length > 0;
  }

  private followDk(): void {
    const most = maxOf(schema.keys, this.state);
    // Another step at the same dₖ leaves the slider's top and its reason as they are: rewriting them restyles it.
    const top = `${most} ${this.state.dk}`;
    if (top === this.keysTop) return;
    this.keysTop = top;
    this.keysControl.setMax(most, t('trainFixes.atMostKeys', { most, why: whyFewerKeys(this.state.dk) }));
  }

  protected params(s: State): TrainFixesParams {
    const picked = Object.fromEntries(runs.map((run) => [run.param, s[run.param]]));
    return { dk: s.dk, keys: s.keys, learningRate: s.learningRate, steps: s.steps, seed: s.seed, ...picked } as State;
  }

  protected render(plan: TrainFixesPlan): void {
    this.plan = plan;
    this.planSentence = t('trainFixes.plan', {
      seed: plan.seed,
      dk: plan.dk,
      keys: plan.keys,
      learningRate: plan.learningRate,
      steps: plan.steps,
      unscaled: formatValue(plan.unscaledStd),
      scaled: formatValue(plan.scaledStd),
    });
    if (this.element.dataset.training === 'idle') {
      this.setTraining('idle');
      const plan = this.planSentence;
      this.frame.setSummary(
        this.plan.kinds.length === 0 ? t('trainFixes.chooseAfterPlan', { plan }) : t('training.pressStart', { plan }),
      );
      this.curvesSoon();
    }
    this.bringBackFinishedRun();
  }

  protected nextRequest(): TrainingRequest | undefined {
    if (!this.plan) return undefined;
    const request = trainingRequest(this.params(this.state));
    if (request.kinds.length) return request;
    this.frame.setNotice(t('trainFixes.choose'));
    return undefined;
  }

  protected finish(stepsDone: number): void {
    const planned = this.plan?.steps ?? this.state.steps;
    const stopped = stepsDone < planned ? t('trainFixes.stopped', { done: stepsDone, steps: planned }) : '';
    const results = this.steps.length ? t('trainFixes.resultsBelow') : '';
    this.frame.setSummary(`${this.planSentence}${stopped}${results}`);
  }

  protected append(progress: TrainingProgress): void {
    const [first] = progress.chunks;
    if (!first) return;
    for (let i = 0; i < first.loss.length; i++) this.steps.push(first.firstStep + i + 1);
    progress.chunks.forEach((chunk: RunChunk, r) => {
      const curves = this.curves.get(this.kinds[r] as RunKind);
      if (!curves) return;
      const smoothed = this.smoothed.get(this.kinds[r] as RunKind);
      for (const metric of metrics) {
        curves[metric].push(...chunk[metric]);
        smoothed?.[metric].extend(chunk[metric]);
      }
      curves.learnedScale.push(...chunk.learnedScale);
    });
    this.reachedAt = progress.reachedAt;
  }

  /** One sentence per run from the core's raw numbers at the last step trained. */
  private sentences(): string[] {
    const lastStep = this.steps[this.steps.length - 1] ?? 0;
    return this.kinds.map((kind) => {
      const curves = this.curves.get(kind);
      return runSentence({
        label: labelOf(kind),
        reachedAt: this.reachedAt[kind],
        lastStep,
        entropy: curves?.entropy.at(-1) ?? Number.NaN,
        largestLogit: curves?.maxAbsScore.at(-1) ?? Number.NaN,
      });
    });
  }

  protected showStill(): void {
    this.resultsSoon();
    this.curvesSoon();
  }

  protected drawChart(index: number): void {
    this.drawCurve(metrics[index] ?? 'loss');
  }

  protected clearCurves(request?: TrainingRequest): void {
    this.kinds = request ? [...request.kinds] : selectedKinds(this.state);
    this.steps = [];
    this.curves = new Map(this.kinds.map((kind) => [kind, emptyCurves()]));
    this.smoothed = new Map(this.kinds.map((kind) => [kind, emptySmoothed()]));
    this.reachedAt = {};
    this.shownRuns.list(this.kinds);
    this.curvesSoon();
  }

  private drawCurves(): void {
    for (const metric of metrics) this.drawCurve(metric);
  }

  private drawCurve(metric: Metric): void {
    const { chart, words } = metricInfo()[metric];
    // A fixed x axis over all planned steps, so the curves visibly grow towards the end.
    const xDomain: [number, number] = [0, this.plan?.steps ?? this.state.steps];
    const shown = this.kinds.filter((kind) => this.shownRuns.shows(kind));
    // Untrained, a chart shows its x range and the shown runs' empty curves only: that picture is not drawn twice.
    if (alreadyShows(chart, this.steps.length ? undefined : `${xDomain[1]} ${shown.join(' ')}`)) return;
    const raw: LineSeries[] = shown.map((kind) => ({
      name: `${labelOf(kind)}, each step`,
      className: `${runClass(kind)} raw`,
      xs: this.steps,
      ys: this.curves.get(kind)?.[metric] ?? [],
    }));
    const smooth: LineSeries[] = shown.map((kind) => ({
      name: labelOf(kind),
      className: runClass(kind),
      xs: this.steps,
      ys: this.smoothed.get(kind)?.[metric].values ?? [],
    }));
    const step = this.steps[this.steps.length - 1];
    const summary =
      step === undefined
        ? t('trainFixes.noSteps', { metric: words })
        : shown.length === 0
          ? t('trainFixes.allHidden', { metric: words })
          : t('trainFixes.curve', {
              metric: words,
              step,
              runs: shown
                .map((k) => `${labelOf(k)} ${formatValue(this.curves.get(k)?.[metric].at(-1) ?? 0)}`)
                .join(t('list.comma')),
            });
    chart.draw({ series: [...raw, ...smooth], xDomain }, summary);
  }

  // The sentences and the table change when training pauses or ends, not on every chunk: a moving table helps nobody.
  private fillResults(): void {
    const trained = this.steps.length > 0;
    // An idle step leaves the sentences and the table as empty as they were.
    if (!trained && this.resultsEmpty) return;
    this.resultsEmpty = !trained;
    this.results.replaceChildren(
      ...(trained ? this.sentences() : []).map((sentence, r) =>
        Object.assign(document.createElement('li'), {
          textContent: sentence,
          className: runClass(this.kinds[r] as RunKind),
        }),
      ),
    );
    const last = (kind: RunKind, key: keyof Curves) => {
      const value = this.curves.get(kind)?.[key].at(-1);
      return value === undefined || Number.isNaN(value) ? '—' : formatValue(value);
    };
    this.frame.setTable(
      [
        t('trainFixes.run'),
        t('trainFixes.goalAt', { percent: formatShare(accuracyGoal) }),
        ...metrics.map((m) => metricInfo()[m].short),
        t('trainFixes.learnedScale'),
      ],
      trained
        ? this.kinds.map((kind) => [
            labelOf(kind),
            this.reachedAt[kind] === undefined ? t('trainFixes.notReached') : String(this.reachedAt[kind]),
            ...metrics.map((metric) => last(kind, metric)),
            last(kind, 'learnedScale'),
          ])
        : [],
    );
  }
}

function emptyCurves(): Curves {
  return { loss: [], accuracy: [], scoreGradientNorm: [], entropy: [], maxAbsScore: [], learnedScale: [] };
}

function emptySmoothed(): Record<Metric, RunningAverage> {
  return Object.fromEntries(metrics.map((m) => [m, new RunningAverage(metricInfo()[m].floor)])) as Record<
    Metric,
    RunningAverage
  >;
}

export const view = (options: WidgetOptions<State>) => new TrainFixes(options);
