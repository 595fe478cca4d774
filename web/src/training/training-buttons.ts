// Start, Pause, Resume and Stop for a training run: only the ones that make sense are enabled, and focus never falls
// off.
import { t } from '../i18n/messages.js';
import type { TrainingState } from './session.js';

type Action = 'start' | 'pause' | 'resume' | 'stop';

const enabledIn: Record<TrainingState | 'idle', Action[]> = {
  idle: ['start'],
  running: ['pause', 'stop'],
  paused: ['resume', 'stop'],
  stopped: ['start'],
  finished: ['start'],
  failed: ['start'],
};

const buttonOrder: Action[] = ['start', 'pause', 'resume', 'stop'];

export class TrainingButtons {
  readonly element = Object.assign(document.createElement('p'), { className: 'training-buttons' });
  private readonly buttons: Record<Action, HTMLButtonElement>;

  constructor(actions: Record<Action, () => void>) {
    this.buttons = Object.fromEntries(
      buttonOrder.map((action) => {
        const button = Object.assign(document.createElement('button'), {
          type: 'button',
          textContent: t(`training.${action}`),
          className: `training-${action}`,
        });
        button.addEventListener('click', () => actions[action]());
        return [action, button];
      }),
    ) as Record<Action, HTMLButtonElement>;
    this.element.append(...Object.values(this.buttons));
  }

  /** The state the buttons were last set for: a step that stays idle leaves them (and their styles) alone. */
  private shown?: TrainingState | 'idle';

  show(state: TrainingState | 'idle'): void {
    if (state === this.shown) return;
    this.shown = state;
    const focused = Object.values(this.buttons).find((b) => b === document.activeElement);
    const enabled = enabledIn[state];
    for (const [action, button] of Object.entries(this.buttons) as [Action, HTMLButtonElement][])
      button.disabled = !enabled.includes(action);
    // A keyboard user who pressed Start lands on Pause, who pressed Stop lands on Start, and so on.
    if (focused?.disabled) {
      const next = enabled[0];
      if (next) this.buttons[next].focus();
    }
  }
}
