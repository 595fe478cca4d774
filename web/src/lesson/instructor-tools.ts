// "For instructors": one toolbar toggle shows or hides the "Embed this" buttons, which learners do not need.
import { t } from '../i18n/messages.js';
import { SafeStorage } from './safe-storage.js';

const storageKey = 'instructor-tools';

/** A pressed/unpressed button; hidden tools by default, the choice remembered in `storage`. */
export function instructorToggle(storage: SafeStorage): HTMLButtonElement {
  if (!(storage instanceof SafeStorage)) throw new TypeError('instructorToggle: storage must be a SafeStorage');
  const button = Object.assign(document.createElement('button'), {
    type: 'button',
    className: 'instructor-toggle',
    textContent: t('instructor.toggle'),
  });
  const apply = (shown: boolean) => {
    // CSS keys off the root, so buttons added later (widgets mount as they scroll in) follow without a search.
    if (shown) document.documentElement.dataset.instructorTools = 'shown';
    else delete document.documentElement.dataset.instructorTools;
    button.setAttribute('aria-pressed', String(shown));
    button.title = shown ? t('instructor.hide') : t('instructor.show');
  };
  button.addEventListener('click', () => {
    const shown = button.getAttribute('aria-pressed') !== 'true';
    storage.set(storageKey, shown ? 'shown' : 'hidden');
    apply(shown);
  });
  apply(storage.get(storageKey) === 'shown');
  return button;
}
