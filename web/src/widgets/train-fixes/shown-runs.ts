// The legend of "Train the fixes" is where a learner picks the runs the charts show: on a phone six curves in one small
// chart hide each other, while two or three side by side make the point. Hiding a run hides its curves, nothing else.
import { t } from '../../i18n/messages.js';
import type { RunKind } from '../../core/types.js';
import { labelOf } from './run-labels.js';

export class ShownRuns {
  readonly element = Object.assign(document.createElement('div'), { className: 'run-legend' });
  private readonly label: HTMLElement;
  private readonly hidden = new Set<RunKind>();
  /** The runs the toggles are for now, so a slider's step with the same runs keeps its buttons. */
  private listed = '';

  /** onChange: a run was hidden or shown again, so the charts are drawn again. */
  constructor(
    widgetId: string,
    private readonly onChange: () => void,
  ) {
    this.label = Object.assign(document.createElement('span'), {
      id: `${widgetId}-shown-runs`,
      className: 'legend',
      textContent: t('trainFixes.shownRuns'),
    });
    this.element.setAttribute('role', 'group');
    this.element.setAttribute('aria-labelledby', this.label.id);
  }

  /** One toggle per run of the current training, in the core's order; a run hidden before stays hidden. */
  list(kinds: readonly RunKind[]): void {
    const listing = kinds.join(' ');
    if (listing === this.listed && this.element.hasChildNodes()) return;
    this.listed = listing;
    this.element.replaceChildren(this.label, ...kinds.map((kind) => this.toggle(kind)));
  }

  shows(kind: RunKind): boolean {
    return !this.hidden.has(kind);
  }

  private toggle(kind: RunKind): HTMLButtonElement {
    const button = Object.assign(document.createElement('button'), {
      type: 'button',
      className: `legend-item run-${kind}`,
    });
    const swatch = Object.assign(document.createElement('span'), { className: `swatch line run-${kind}` });
    swatch.setAttribute('aria-hidden', 'true');
    button.append(swatch, ` ${labelOf(kind)}`);
    button.setAttribute('aria-pressed', String(this.shows(kind)));
    button.addEventListener('click', () => {
      if (this.hidden.has(kind)) this.hidden.delete(kind);
      else this.hidden.add(kind);
      button.setAttribute('aria-pressed', String(this.shows(kind)));
      this.onChange();
    });
    return button;
  }
}
