// A log-scale range input paired with a number box for an integer such as dₖ; both stay in step and accessible.

export interface LogIntControlOptions {
  id: string;
  /** Shown to screen readers as "<symbol> = value", e.g. "dₖ = 512". */
  symbol: string;
  label: string;
  min: number;
  max: number;
  value: number;
  /** Slider positions per doubling: 4 gives 1, 1.19, 1.41, 1.68, 2, … before rounding. */
  stepsPerDoubling: number;
  onChange: (value: number) => void;
}

export class LogIntControl {
  readonly element: HTMLElement;
  private readonly slider: HTMLInputElement;
  private readonly box: HTMLInputElement;
  private readonly problem: HTMLElement;
  private current: number;

  constructor(private readonly options: LogIntControlOptions) {
    this.current = options.value;
    this.element = document.createElement('div');
    this.element.className = 'control';
    const label = document.createElement('label');
    label.htmlFor = `${options.id}-slider`;
    label.textContent = options.label;
    this.slider = Object.assign(document.createElement('input'), {
      type: 'range',
      id: `${options.id}-slider`,
      min: '0',
      max: String(Math.log2(options.max)),
      step: String(1 / options.stepsPerDoubling),
    });
    this.box = Object.assign(document.createElement('input'), {
      type: 'number',
      id: `${options.id}-box`,
      min: String(options.min),
      max: String(options.max),
      step: '1',
      inputMode: 'numeric',
    });
    this.box.setAttribute('aria-label', `${options.label}, exact value`);
    this.problem = Object.assign(document.createElement('p'), { id: `${options.id}-problem`, className: 'control-problem' });
    this.problem.setAttribute('aria-live', 'polite');
    this.box.setAttribute('aria-describedby', this.problem.id);
    this.slider.addEventListener('input', () => this.commit(Math.round(2 ** Number(this.slider.value)), 'slider'));
    this.box.addEventListener('change', () => this.fromBox());
    this.box.addEventListener('keydown', (event) => event.key === 'Enter' && this.fromBox());
    this.element.append(label, this.slider, this.box, this.problem);
    this.show(this.current, null);
  }

  get value(): number {
    return this.current;
  }

  private fromBox(): void {
    const typed = Number(this.box.value);
    const { min, max } = this.options;
    if (this.box.value.trim() === '' || !Number.isInteger(typed) || typed < min || typed > max) {
      this.problem.textContent = `Enter a whole number from ${min} to ${max}; kept ${this.options.symbol} = ${this.current}.`;
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
    if (from !== 'slider') this.slider.value = String(Math.log2(value));
    if (from !== 'box') this.box.value = String(value);
    this.slider.setAttribute('aria-valuetext', `${this.options.symbol} = ${value}`);
  }
}
