// "Embed this": a disclosure button that reveals the embed's choices, a read-only textarea with the snippet (updated
// as the choices change) and a Copy button. Copying works without clipboard permission: the text is selected, then
// copied or left for Ctrl+C.
import type { EmbedChoices, EmbedOptions } from './embed-options.js';

let counter = 0;

export interface EmbedThis {
  toggle: HTMLButtonElement;
  panel: HTMLElement;
}

export interface EmbedThisOptions {
  /** Names what the snippet embeds, e.g. "HTML that embeds this widget with its current settings". */
  label: string;
  options: EmbedOptions;
  /** The snippet for these choices. */
  snippet(choices: EmbedChoices): string;
}

export function embedThis(options: EmbedThisOptions): EmbedThis {
  const id = `embed-this-${++counter}`;
  const toggle = Object.assign(document.createElement('button'), {
    type: 'button',
    className: 'embed-this-toggle',
    textContent: 'Embed this',
  });
  toggle.setAttribute('aria-expanded', 'false');
  toggle.setAttribute('aria-controls', id);
  const panel = Object.assign(document.createElement('div'), { id, className: 'embed-this-panel', hidden: true });
  const code = Object.assign(document.createElement('textarea'), {
    id: `${id}-code`,
    readOnly: true,
    rows: 5,
    spellcheck: false,
  });
  const label = Object.assign(document.createElement('label'), { htmlFor: code.id, textContent: options.label });
  const copy = Object.assign(document.createElement('button'), {
    type: 'button',
    className: 'embed-copy',
    textContent: 'Copy',
  });
  const status = Object.assign(document.createElement('span'), { className: 'embed-copy-status' });
  status.setAttribute('role', 'status');
  const actions = Object.assign(document.createElement('p'), { className: 'embed-actions' });
  actions.append(copy, status);
  panel.append(options.options.element, label, code, actions);

  // The snippet for the choices and the state now.
  const refresh = () => {
    code.value = options.snippet(options.options.choices);
  };
  options.options.onChange(() => {
    status.textContent = '';
    refresh();
  });

  toggle.addEventListener('click', () => {
    const open = panel.hidden;
    panel.hidden = !open;
    toggle.setAttribute('aria-expanded', String(open));
    status.textContent = '';
    if (open) refresh(); // the state when opened, not when the page loaded
  });
  copy.addEventListener('click', () => {
    refresh();
    code.focus();
    code.select();
    const fallback = () => {
      let copied: boolean;
      try {
        copied = document.execCommand('copy');
      } catch {
        copied = false;
      }
      status.textContent = copied ? 'Copied.' : 'Selected: press Ctrl+C (⌘C on a Mac) to copy.';
    };
    if (navigator.clipboard?.writeText)
      navigator.clipboard.writeText(code.value).then(() => (status.textContent = 'Copied.'), fallback);
    else fallback();
  });
  return { toggle, panel };
}
