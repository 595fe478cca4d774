// Widget names of the lesson format mapped to the classes that draw them.
import type { WidgetName } from '../authoring/widget-schema.js';
import { BeforeAfter, type BeforeAfterState } from '../widgets/before-after.js';
import { EntropyVsDk, type EntropyVsDkState } from '../widgets/entropy-vs-dk.js';
import { JacobianView, type JacobianViewState } from '../widgets/jacobian-view.js';
import type { WidgetOptions, WidgetState } from '../widgets/live-widget.js';
import { NearOrthogonality, type NearOrthogonalityState } from '../widgets/near-orthogonality.js';
import { SaturationCurve, type SaturationCurveState } from '../widgets/saturation-curve.js';
import { SoftmaxDies, type SoftmaxDiesState } from '../widgets/softmax-dies.js';
import { TemperatureSweep, type TemperatureSweepState } from '../widgets/temperature-sweep.js';
import { TrainIt, type TrainItState } from '../widgets/train-it.js';
import { VarianceExplorer, type VarianceExplorerState } from '../widgets/variance-explorer.js';

export interface MountedWidget {
  element: HTMLElement;
  frame: { linkButton: HTMLButtonElement; setNotice(text: string): void };
  currentState: WidgetState;
  setState(partial: WidgetState): void;
  /** Ends work the widget started (a training run); called when it leaves the page. */
  dispose?(): void;
}

type Factory = (options: WidgetOptions<WidgetState>) => MountedWidget;

// Each widget's options arrive typed by the registry's schema; the casts only narrow WidgetState to the widget's own.
const plain = <S>(Widget: new (options: WidgetOptions<S & WidgetState>) => unknown): Factory =>
  (options) => new Widget(options as unknown as WidgetOptions<S & WidgetState>) as MountedWidget;

export const widgetFactories: Record<WidgetName, Factory> = {
  'variance-explorer': (options) => new VarianceExplorer(options as unknown as WidgetOptions<VarianceExplorerState>) as unknown as MountedWidget,
  'softmax-dies': (options) => new SoftmaxDies(options as unknown as WidgetOptions<SoftmaxDiesState>) as unknown as MountedWidget,
  // Fixed scores from the lesson file are not state a learner moves, so they travel beside it.
  'before-after': (options) => {
    const { scores, ...state } = options.state as BeforeAfterState & { scores?: number[] };
    return new BeforeAfter({ ...options, state } as WidgetOptions<BeforeAfterState>, scores) as unknown as MountedWidget;
  },
  'saturation-curve': plain<SaturationCurveState>(SaturationCurve),
  'jacobian-view': (options) => {
    const { scores, ...state } = options.state as JacobianViewState & { scores?: number[] };
    return new JacobianView({ ...options, state } as WidgetOptions<JacobianViewState>, scores) as unknown as MountedWidget;
  },
  'temperature-sweep': plain<TemperatureSweepState>(TemperatureSweep),
  'entropy-vs-dk': plain<EntropyVsDkState>(EntropyVsDk),
  'near-orthogonality': plain<NearOrthogonalityState>(NearOrthogonality),
  'train-it': plain<TrainItState>(TrainIt),
};
