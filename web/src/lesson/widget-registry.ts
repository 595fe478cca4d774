// Widget names of the lesson format mapped to the classes that draw them.
import type { WidgetName } from '../authoring/widget-schema.js';
import { BeforeAfter, type BeforeAfterState } from '../widgets/before-after.js';
import type { WidgetOptions, WidgetState } from '../widgets/live-widget.js';
import { SoftmaxDies, type SoftmaxDiesState } from '../widgets/softmax-dies.js';
import { VarianceExplorer, type VarianceExplorerState } from '../widgets/variance-explorer.js';

export interface MountedWidget {
  element: HTMLElement;
  frame: { linkButton: HTMLButtonElement; setNotice(text: string): void };
  currentState: WidgetState;
  setState(partial: WidgetState): void;
}

type Factory = (options: WidgetOptions<WidgetState>) => MountedWidget;

export const widgetFactories: Partial<Record<WidgetName, Factory>> = {
  'variance-explorer': (options) => new VarianceExplorer(options as unknown as WidgetOptions<VarianceExplorerState>) as unknown as MountedWidget,
  'softmax-dies': (options) => new SoftmaxDies(options as unknown as WidgetOptions<SoftmaxDiesState>) as unknown as MountedWidget,
  // Fixed scores from the lesson file are not state a learner moves, so they travel beside it.
  'before-after': (options) => {
    const { scores, ...state } = options.state as BeforeAfterState & { scores?: number[] };
    return new BeforeAfter({ ...options, state } as WidgetOptions<BeforeAfterState>, scores) as unknown as MountedWidget;
  },
};
