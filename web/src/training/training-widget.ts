// What every training widget shares: Start/Pause/Resume/Stop, the progress bar, one session at a time in the worker,
// and a clean slate whenever a setting changes; the widget itself keeps the curves and writes the results.
import { t } from '../i18n/messages.js';
import { writeText } from '../charts/chart.js';
import type { TrainingHandle } from '../worker/core-client.js';
import type { ComputationName } from '../worker/protocol.js';
import type { TrainingMessage } from '../worker/protocol.js';
import { LiveWidget, type WidgetOptions, type WidgetState } from '../widgets/live-widget.js';
import { forgetFinishedRun, keepFinishedRun, keptRun, sameSettings, whenRunsAreKept } from './kept-runs.js';
import type { RunSettings } from './kept-runs.js';
import { defaultSpeed, Pacer, speedControl, type Speed } from './pace.js';
import { PacedRedraw } from './paced-redraw.js';
import type { TrainingProgress, TrainingRequest, TrainingState } from './session.js';
import { TrainingButtons } from './training-buttons.js';

export abstract class TrainingWidget<Name extends ComputationName, S extends WidgetState> extends LiveWidget<Name, S> {
  protected readonly buttons = new TrainingButtons({
    start: () => this.start(),
    pause: () => {
      this.handle?.pause();
      this.pacer.halt();
    },
    resume: () => {
      this.handle?.resume();
      this.pacer.go();
    },
    stop: () => this.stopByLearner(),
  });
  private speed: Speed = defaultSpeed;
  private readonly speedChoice = speedControl(this.options.id, (speed) => this.changeSpeed(speed));
  private readonly pacer = new Pacer((steps) => this.handle?.allow(steps));
  /** The run under way brings back a finished run kept from before the page was reloaded. */
  private bringingBack = false;
  private lookedForKeptRun = false;
  protected readonly progressBar = document.createElement('progress');
  protected readonly progressText = document.createElement('p');
  /** The bar's max and value as last written. */
  private readonly written = { max: Number.NaN, value: Number.NaN };
  /** What is trained, said before any result: the summary starts with it. */
  protected planSentence = '';
  private handle?: TrainingHandle;
  private readonly redraw: PacedRedraw;

  protected constructor(
    options: WidgetOptions<S>,
    computation: Name,
    words: { caption: string; tableCaption: string; claim: string },
    chartCount: number,
  ) {
    super(options, computation, words.caption, words.tableCaption);
    this.frame.setClaim(words.claim);
    this.progressText.id = `${options.id}-progress-text`;
    this.progressText.className = 'training-progress-text';
    this.progressBar.setAttribute('aria-labelledby', this.progressText.id);
    this.progressBar.className = 'training-progress';
    this.redraw = new PacedRedraw(
      chartCount,
      (i) => this.drawChart(i),
      () => this.element.dataset.training === 'running',
    );
  }

  /** The buttons, the progress line and the bar, for the widget to place above its charts. */
  protected get trainingPanel(): HTMLElement[] {
    return [this.speedChoice.element, this.buttons.element, this.progressText, this.progressBar];
  }

  /** What Start trains now; undefined while it cannot start (no plan yet, no run chosen). */
  protected abstract nextRequest(): TrainingRequest | undefined;
  /** Forgets the curves (a new run starts, or a setting changed) and draws the empty charts. */
  protected abstract clearCurves(request?: TrainingRequest): void;
  /** Keeps one chunk of every run. */
  protected abstract append(progress: TrainingProgress): void;
  protected abstract drawChart(index: number): void;
  /** Draws every chart and fills the text alternatives: training paused, ended, or has not begun. */
  protected abstract showStill(): void;
  /** The summary once training ends or is stopped after stepsDone steps. */
  protected abstract finish(stepsDone: number): void;

  // New settings make the old curves meaningless: stop the run and start from a clean slate.
  protected override update(partial: Partial<S>): void {
    forgetFinishedRun(this.options.id);
    this.stopRun();
    super.update(partial);
    this.clearCurves();
    this.setTraining('idle');
  }

  /** Stops training for good (the widget leaves the page or is rebuilt). */
  override dispose(): void {
    this.stopRun();
    super.dispose();
  }

  protected get training(): TrainingState | 'idle' {
    return (this.element.dataset.training ?? 'idle') as TrainingState | 'idle';
  }

  // A slider's step sets 'idle' twice (cleared, then planned): only what differs is written, so an idle step restyles
  // no button and lays out no progress line.
  protected setTraining(state: TrainingState | 'idle'): void {
    if (this.element.dataset.training !== state) this.element.dataset.training = state;
    this.buttons.show(state);
    const { max, value } = this.progressBar;
    if (state === 'idle') {
      const steps = Number(this.state.steps);
      this.setProgress(steps, 0);
      this.writeProgress(t('training.notStarted', { steps }));
    } else if (state === 'paused') {
      this.writeProgress(t('training.pausedAt', { value, max }));
    } else if (state === 'finished' || state === 'stopped' || state === 'failed') {
      this.writeProgress(t(`training.${state}At`, { value, max }));
    }
    if (state !== 'running') this.showStill(); // the final chunk, even if its frame has not come yet
  }

  // Compared with what was written, not read back: a bar without a value reads 0 but shows as indeterminate.
  private setProgress(max: number, value: number): void {
    if (this.written.max !== max) this.progressBar.max = this.written.max = max;
    if (this.written.value !== value) this.progressBar.value = this.written.value = value;
  }

  private writeProgress(text: string): void {
    if (this.progressText.textContent !== text) writeText(this.progressText, text);
  }

  /**
   * Once the plan is drawn for the first time: a run this widget finished before a reload, with these settings, is
   * trained again at full speed; one that cannot be read is dropped, and the learner is told.
   */
  protected bringBackFinishedRun(): void {
    if (this.lookedForKeptRun) return;
    this.lookedForKeptRun = true;
    whenRunsAreKept(() => {
      if (this.training !== 'idle' || !this.element.isConnected) return;
      const kept = keptRun(this.options.id);
      if (kept === 'unreadable') {
        forgetFinishedRun(this.options.id);
        this.frame.setNotice(t('training.unreadableRun'));
      } else if (kept && sameSettings(kept.settings, this.settings)) {
        this.start(true);
      }
    });
  }

  private get settings(): RunSettings {
    return this.params(this.state) as RunSettings;
  }

  private changeSpeed(speed: Speed): void {
    this.speed = speed;
    if (this.handle && !this.bringingBack)
      this.pacer.change(speed, this.progressBar.value, this.training === 'running');
  }

  private start(bringBack = false): void {
    const request = this.nextRequest();
    if (!request) return;
    this.stopRun();
    if (!bringBack) forgetFinishedRun(this.options.id);
    this.bringingBack = bringBack;
    // The worker starts on its first chunk while the page clears its charts (its messages wait for this task to end).
    const allowedSteps = this.pacer.begin(request.steps, bringBack ? 'fast' : this.speed);
    const paced = allowedSteps === undefined ? request : { ...request, allowedSteps };
    const handle: TrainingHandle = this.options.client.train(paced, (message) => {
      if (handle === this.handle) this.receive(message); // a run that was replaced says nothing
    });
    this.handle = handle;
    this.clearCurves(request);
    this.frame.setNotice('');
    const doing = bringBack ? t('training.bringingBackNow') : t('training.trainingNow');
    this.frame.setSummary(t('training.planThenDoing', { plan: this.planSentence, doing }));
    this.setTraining('running');
  }

  // The session is detached at once, so the widget reports the stop itself, with the steps it has received.
  private stopByLearner(): void {
    if (!this.handle) return;
    this.stopRun();
    this.setTraining('stopped');
    this.finish(this.progressBar.value);
  }

  private stopRun(): void {
    this.pacer.halt();
    this.handle?.stop();
    this.handle = undefined;
  }

  private receive(message: TrainingMessage): void {
    // Removed from the page without dispose(): stop rather than train for nobody.
    if (!this.element.isConnected) {
      this.stopRun();
      return;
    }
    if (message.kind === 'train-progress') {
      const { progress } = message;
      this.append(progress);
      this.setProgress(progress.steps, progress.stepsDone);
      const doing = this.bringingBack ? t('training.bringingBack') : t('training.training');
      this.writeProgress(t('training.progress', { doing, done: progress.stepsDone, steps: progress.steps }));
      this.redraw.soon();
      return;
    }
    this.setTraining(message.state);
    if (message.error) this.frame.setNotice(t('training.error', { message: message.error.message }));
    if (message.state === 'finished') keepFinishedRun(this.options.id, this.settings);
    if (message.state === 'finished' || message.state === 'stopped' || message.state === 'failed') {
      this.pacer.halt();
      this.handle = undefined;
      this.bringingBack = false;
      this.finish(message.stepsDone >= 0 ? message.stepsDone : this.progressBar.value);
    }
  }
}
