// A range input paired with a number box (log or linear scale); both stay in step, and typed garbage is refused
// politely.
import { t } from '../i18n/messages.js';

export interface RangeControlOptions {
  id: string;
  /** Shown to screen readers as "<symbol> = value", e.g. "dₖ = 512". */
  symbol: string;
  label: string;
  min: number;
  max: number;
  value: number;
  integer: boolean;
  /** Log sliders move by doublings: 4 steps per doubling gives 1, 1.19, 1.41, 1.68, 2, … */
  log?: { stepsPerDoubling: number };
  onChange: (value: number) => void;
}

/**
 * The values an integer log slider stops at: 2^(k/steps) rounded, each once (1, 2, 3, 4, 5, 6, 7, 8, 10, …), so no
 * two slider positions show the same value.
 */
export function integerLogStops(min: number, max: number, stepsPerDoubling: number): number[] {
  const stops: number[] = [];
  for (let k = Math.ceil(Math.log2(min) * stepsPerDoubling); ; k++) {
    const value = Math.min(max, Math.max(min, Math.round(2 ** (k / stepsPerDoubling))));
    if (stops[stops.length - 1] !== value) stops.push(value);
    if (value >= max) break;
  }
  if (stops[0] !== min) stops.unshift(min);
  return stops;
}

export class RangeControl {
  readonly element: HTMLElement;
  private readonly slider: HTMLInputElement;
  private readonly box: HTMLInputElement;
  private readonly problem: HTMLElement;
  /** Why the top is below the schema's, when another setting lowers it (setMax); empty otherwise. */
  private readonly limit: HTMLElement;
  private current: number;
  /** The top now: the options' max, or lower while another setting limits it (setMax). */
  private max: number;
  /** Integer log sliders move through these values by index; others use the slider's own numbers. */
  private stops?: number[];

  constructor(private readonly options: RangeControlOptions) {
    this.current = options.value;
    this.max = options.max;
    if (options.log && options.integer)
      this.stops = integerLogStops(options.min, options.max, options.log.stepsPerDoubling);
    this.element = document.createElement('div');
    this.element.className = 'control';
    const label = Object.assign(document.createElement('label'), {
      htmlFor: `${options.id}-slider`,
      textContent: options.label,
    });
    const { log } = options;
    this.slider = Object.assign(document.createElement('input'), {
      type: 'range',
      id: `${options.id}-slider`,
      min: String(this.stops ? 0 : log ? Math.log2(options.min) : options.min),
      max: String(this.stops ? this.stops.length - 1 : log ? Math.log2(options.max) : options.max),
      step: this.stops ? '1' : log ? String(1 / log.stepsPerDoubling) : options.integer ? '1' : 'any',
    });
    this.box = Object.assign(document.createElement('input'), {
      type: 'text',
      id: `${options.id}-box`,
      inputMode: options.integer ? 'numeric' : 'decimal',
      size: 7,
      autocomplete: 'off',
    });
    this.box.setAttribute('aria-label', t('control.exactValue', { label: options.label }));
    this.problem = Object.assign(document.createElement('p'), {
      id: `${options.id}-problem`,
      className: 'control-problem',
    });
    this.problem.setAttribute('aria-live', 'polite');
    this.limit = Object.assign(document.createElement('p'), { id: `${options.id}-limit`, className: 'control-limit' });
    this.limit.hidden = true;
    this.box.setAttribute('aria-describedby', `${this.problem.id} ${this.limit.id}`);
    this.slider.setAttribute('aria-describedby', this.limit.id);
    this.slider.addEventListener('input', () => this.commit(this.fromSlider(Number(this.slider.value)), 'slider'));
    this.box.addEventListener('change', () => this.fromBox());
    this.box.addEventListener('keydown', (event) => {
      if (event.key === 'Enter') this.fromBox();
    });
    this.element.append(label, this.slider, this.box, this.limit, this.problem);
    this.show(this.current, null);
  }

  get value(): number {
    return this.current;
  }

  /** Sets the value from outside (URL state, a question's "show me"), without echoing onChange. */
  set(value: number): void {
    this.current = value;
    this.show(value, null);
  }

  private fromSlider(position: number): number {
    if (this.stops) return this.stops[position] ?? this.current;
    const raw = this.options.log ? 2 ** position : position;
    return this.options.integer ? Math.round(raw) : Number(raw.toPrecision(3));
  }

  // A typed value between two stops puts the slider on the nearest one below it.
  private sliderPosition(value: number): number {
    if (!this.stops) return this.options.log ? Math.log2(value) : value;
    let index = 0;
    while (index + 1 < this.stops.length && (this.stops[index + 1] ?? Infinity) <= value) index++;
    return index;
  }

  /**
   * Lowers the top of the range to what another setting allows (keys that still train at this dₖ), saying why beside
   * the control; max at the options' own top restores it. The caller keeps the value within it (set).
   */
  setMax(max: number, why: string): void {
    const { min, log, integer } = this.options;
    this.max = Math.max(min, Math.min(max, this.options.max));
    if (log && integer) this.stops = integerLogStops(min, this.max, log.stepsPerDoubling);
    this.slider.max = String(this.stops ? this.stops.length - 1 : log ? Math.log2(this.max) : this.max);
    this.limit.textContent = this.max < this.options.max ? why : '';
    this.limit.hidden = this.limit.textContent === '';
    this.show(this.current, null);
  }

  /** Puts a readout beside the slider (before the problem line) that the slider's description then includes. */
  attach(readout: HTMLElement): void {
    this.element.insertBefore(readout, this.problem);
    // A class, not :has() in the style sheet: a :has() rule made every change in a figure restyle the page's buttons.
    this.element.classList.add('with-readout');
    if (readout.id) this.slider.setAttribute('aria-describedby', `${readout.id} ${this.limit.id}`);
  }

  /** Greys the control out when the current mode ignores it (τ when the scale is not ÷τ), saying why. */
  setEnabled(enabled: boolean, why = ''): void {
    this.slider.disabled = !enabled;
    this.box.disabled = !enabled;
    this.element.classList.toggle('disabled', !enabled);
    this.element.title = enabled ? '' : why;
  }

  private fromBox(): void {
    const text = this.box.value.trim().replace('−', '-');
    // Plain decimal only: Number() would also take 0x10, 1e3 or '' and the URL parser refuses those.
    const typed = /^-?(\d+\.?\d*|\.\d+)$/.test(text) ? Number(text) : NaN;
    const { min, integer, symbol } = this.options;
    const { max } = this;
    if (text === '' || !Number.isFinite(typed) || (integer && !Number.isInteger(typed)) || typed < min || typed > max) {
      this.problem.textContent = t(integer ? 'control.enterWholeNumber' : 'control.enterNumber', {
        min,
        max,
        symbol,
        kept: this.current,
      });
      this.box.setAttribute('aria-invalid', 'true');
      return;
    }
    this.commit(typed, 'box');
  }

  private commit(value: number, from: 'slider' | 'box'): void {
    this.problem.textContent = '';
    this.box.removeAttribute('aria-invalid');
    const changed = value !== this.current;
    this.current = value;
    this.show(value, from);
    if (changed) this.options.onChange(value);
  }

  private show(value: number, from: 'slider' | 'box' | null): void {
    if (from !== 'slider') this.slider.value = String(this.sliderPosition(value));
    if (from !== 'box') this.box.value = String(value);
    this.slider.setAttribute('aria-valuetext', `${this.options.symbol} = ${value}`);
  }
}
