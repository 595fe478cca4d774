// The gradient-survival badge: the lesson's one verdict (core/gradient_survival.hpp) in a few words, placed beside the
// slider that moves it so a learner sees both at once, on a phone too.
import { t } from '../i18n/messages.js';
import { writeText } from '../charts/chart.js';
import type { SurvivalThresholds, SurvivalVerdict } from '../core/types.js';

/** The measure's one name, wherever a widget shows it. */
export const survivalName = (): string => t('survival.name');

/**
 * A share in [0, 1] as a percent: rounded down, so the number shown never reaches a band edge its verdict is below
 * (49.96 % is fading and reads 49 %), and never shows more than 100 %; under the dead edge it reads "< 0.1 %".
 */
export function formatSurvival(share: number): string {
  const percent = share * 100;
  const value =
    share >= 1 - 1e-9
      ? '100'
      : percent >= 10
        ? `${Math.floor(percent)}`
        : percent >= 1
          ? (Math.floor(percent * 10) / 10).toFixed(1)
          : (Math.floor(percent * 100) / 100).toFixed(2);
  return percent >= 0.1 || share >= 1 - 1e-9
    ? t('format.percent', { value })
    : t('format.percentBelow', { value: '0.1' });
}

/** "healthy ≥ 50 %, fading ≥ 10 %, dying ≥ 0.1 %, dead below": the core's band edges in words. */
export function bandsSentence(edges: SurvivalThresholds): string {
  const edge = (share: number) => t('format.percent', { value: Number((share * 100).toPrecision(3)) });
  return t('survival.bands', { healthy: edge(edges.healthy), fading: edge(edges.fading), dying: edge(edges.dying) });
}

/** The band's word: healthy, fading, dying or dead. */
export const survivalState = (state: SurvivalVerdict['state']): string => t(`survival.${state}`);

export class SurvivalBadge {
  readonly element = document.createElement('span');
  private readonly state = Object.assign(document.createElement('strong'), { className: 'survival-state' });
  private readonly percent = Object.assign(document.createElement('span'), { className: 'survival-percent' });

  /** label: what the verdict is of, when a widget shows more than one (e.g. "unscaled"). */
  constructor(id: string, label = survivalName()) {
    this.element.id = id;
    this.element.className = 'survival-badge';
    const name = Object.assign(document.createElement('span'), { className: 'survival-name', textContent: label });
    this.element.append(name, ' ', this.state, ' ', this.percent);
  }

  // Shown on every slider step: what did not change is not written again (each text write costs a relayout).
  show({ state, share }: SurvivalVerdict): void {
    const { dataset } = this.element;
    if (dataset.state !== state) dataset.state = state;
    if (dataset.share !== String(share)) dataset.share = String(share);
    const label = survivalState(state);
    if (this.state.textContent !== label) writeText(this.state, label);
    const percent = formatSurvival(share);
    if (this.percent.textContent !== percent) writeText(this.percent, percent);
  }
}
