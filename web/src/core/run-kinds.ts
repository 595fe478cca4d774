// The run kinds of createTrainer, in the core's order (kRunKindNames in core/training_kinds.hpp).
export const runKinds = ['unscaled', 'sqrt', 'linear', 'learned-temperature', 'qk-norm', 'softcap', 't5-init'] as const;
