// A radio group (native arrow-key navigation) for a small set of options such as the scale mode.

export interface ChoiceControlOptions<T extends string> {
  id: string;
  label: string;
  choices: { value: T; label: string }[];
  value: T;
  onChange: (value: T) => void;
}

export class ChoiceControl<T extends string> {
  readonly element: HTMLFieldSetElement;
  private readonly inputs: HTMLInputElement[];
  private current: T;

  constructor(options: ChoiceControlOptions<T>) {
    this.current = options.value;
    this.element = document.createElement('fieldset');
    this.element.className = 'control choice';
    const legend = Object.assign(document.createElement('legend'), { textContent: options.label });
    this.element.append(legend);
    this.inputs = options.choices.map((choice) => {
      const input = Object.assign(document.createElement('input'), {
        type: 'radio',
        name: options.id,
        value: choice.value,
        id: `${options.id}-${choice.value}`,
        checked: choice.value === options.value,
      });
      input.addEventListener('change', () => {
        if (!input.checked) return;
        this.current = choice.value;
        options.onChange(choice.value);
      });
      const label = Object.assign(document.createElement('label'), { htmlFor: input.id });
      label.append(input, ` ${choice.label}`);
      this.element.append(label);
      return input;
    });
  }

  get value(): T {
    return this.current;
  }

  set(value: T): void {
    this.current = value;
    for (const input of this.inputs) input.checked = input.value === value;
  }
}

export class ToggleControl {
  readonly element: HTMLLabelElement;
  private readonly input: HTMLInputElement;

  constructor(options: { id: string; label: string; value: boolean; onChange: (value: boolean) => void }) {
    this.input = Object.assign(document.createElement('input'), {
      type: 'checkbox',
      id: options.id,
      checked: options.value,
    });
    this.input.addEventListener('change', () => options.onChange(this.input.checked));
    this.element = Object.assign(document.createElement('label'), { className: 'control toggle', htmlFor: options.id });
    this.element.append(this.input, ` ${options.label}`);
  }

  get value(): boolean {
    return this.input.checked;
  }

  set(value: boolean): void {
    this.input.checked = value;
  }
}
