// Light and dark themes: the system preference by default, and a toggle the learner's choice overrides it with.
import { t } from '../i18n/messages.js';
import type { SafeStorage } from './safe-storage.js';

type Theme = 'system' | 'light' | 'dark';
const order: Theme[] = ['system', 'light', 'dark'];
const label = (theme: Theme): string => t(`theme.${theme}`);

export function themeToggle(storage: SafeStorage): HTMLButtonElement {
  const saved = storage.get('theme');
  let theme: Theme = order.includes(saved as Theme) ? (saved as Theme) : 'system';
  const button = Object.assign(document.createElement('button'), { type: 'button', className: 'theme-toggle' });
  const apply = () => {
    if (theme === 'system') delete document.documentElement.dataset.theme;
    else document.documentElement.dataset.theme = theme;
    button.textContent = label(theme);
  };
  button.addEventListener('click', () => {
    theme = order[(order.indexOf(theme) + 1) % order.length] ?? 'system';
    storage.set('theme', theme);
    apply();
  });
  apply();
  return button;
}
