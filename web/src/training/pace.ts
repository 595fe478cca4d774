// How fast a training run is shown. A paced run may train only the steps its speed has earned, counted frame by frame,
// so the curves grow where a learner can watch and pause them; Fast lets the worker train as fast as it can. The worker
// trains the same chunks either way, so the curves and numbers do not depend on the speed.
import { t } from '../i18n/messages.js';
import { ChoiceControl } from '../controls/choice-control.js';
import { chunkSteps } from './session.js';

export type Speed = 'slow' | 'normal' | 'fast';

/** Steps shown per second at each speed; Fast has no limit. */
export const stepsPerSecond: Record<Speed, number> = { slow: 20, normal: 80, fast: Number.POSITIVE_INFINITY };
/** A 400-step run grows over 5 s: long enough to watch and pause, short enough to wait for. */
export const defaultSpeed: Speed = 'normal';

const speedLabel = (speed: Speed): string => t(`training.speed.${speed}`);
const speeds: Speed[] = ['slow', 'normal', 'fast'];

/** The radio group that picks the speed; a change applies to the run under way. */
export function speedControl(widgetId: string, onChange: (speed: Speed) => void): ChoiceControl<Speed> {
  const control = new ChoiceControl<Speed>({
    id: `${widgetId}-speed`,
    label: t('training.speed'),
    choices: speeds.map((value) => ({ value, label: speedLabel(value) })),
    value: defaultSpeed,
    onChange,
  });
  control.element.classList.add('training-speed');
  return control;
}

// A frame that comes late (a busy page, a tab in the background) earns no more than this: no burst afterwards.
const longestFrame = 100; // ms

/** Grants a paced run its steps, one chunk at a time, as animation frames pass. */
export class Pacer {
  private speed: Speed = defaultSpeed;
  private steps = 0;
  private granted = 0;
  private earned = 0;
  private last = 0;
  private frame?: number;

  /** allow(steps): let the run train on while fewer than `steps` are done. */
  constructor(private readonly allow: (steps: number) => void) {}

  /** Begins pacing a run of `steps`; returns what it may train at once (undefined: all of it). */
  begin(steps: number, speed: Speed): number | undefined {
    this.halt();
    this.steps = steps;
    this.speed = speed;
    if (!Number.isFinite(stepsPerSecond[speed])) return undefined;
    // The first chunk trains at once, so Start shows something straight away.
    this.earned = 0;
    this.granted = chunkSteps;
    this.go();
    return this.granted;
  }

  /** A new speed for the run under way, which has shown `stepsDone` steps so far. */
  change(speed: Speed, stepsDone: number, running: boolean): void {
    const wasPaced = Number.isFinite(stepsPerSecond[this.speed]);
    this.speed = speed;
    if (!Number.isFinite(stepsPerSecond[speed])) {
      this.halt();
      this.allow(Number.POSITIVE_INFINITY);
      return;
    }
    // From Fast the worker may be a few chunks ahead of the page: it waits there until the pace catches up.
    if (!wasPaced) {
      this.earned = stepsDone;
      this.granted = stepsDone + chunkSteps;
      this.allow(this.granted);
    }
    if (running) this.go();
  }

  /** Stops earning steps (paused, stopped, finished); go() carries on. */
  halt(): void {
    if (this.frame !== undefined) cancelAnimationFrame(this.frame);
    this.frame = undefined;
  }

  go(): void {
    if (this.frame !== undefined || !Number.isFinite(stepsPerSecond[this.speed]) || this.granted >= this.steps) return;
    this.last = performance.now();
    this.frame = requestAnimationFrame(this.tick);
  }

  private readonly tick = (now: number): void => {
    const elapsed = Math.min(Math.max(now - this.last, 0), longestFrame);
    this.last = now;
    this.earned += (stepsPerSecond[this.speed] * elapsed) / 1000;
    let granted = this.granted;
    while (this.earned >= granted && granted < this.steps) granted += chunkSteps;
    if (granted !== this.granted) {
      this.granted = granted;
      this.allow(granted);
    }
    this.frame = granted < this.steps ? requestAnimationFrame(this.tick) : undefined;
  };
}
