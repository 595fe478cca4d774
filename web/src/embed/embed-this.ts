// "Embed this": a disclosure button that reveals a read-only textarea with the snippet for the current state and a
// Copy button. Copying works without clipboard permission: the text is selected, then copied or left for Ctrl+C.

let counter = 0;

export interface EmbedThis {
  toggle: HTMLButtonElement;
  panel: HTMLElement;
}

/** `label` names what the snippet embeds, e.g. "HTML that embeds this widget with its current settings". */
export function embedThis(labelText: string, snippet: () => string): EmbedThis {
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
  const label = Object.assign(document.createElement('label'), { htmlFor: code.id, textContent: labelText });
  const copy = Object.assign(document.createElement('button'), { type: 'button', textContent: 'Copy' });
  const status = Object.assign(document.createElement('span'), { className: 'embed-copy-status' });
  status.setAttribute('role', 'status');
  const actions = document.createElement('p');
  actions.append(copy, status);
  panel.append(label, code, actions);

  toggle.addEventListener('click', () => {
    const open = panel.hidden;
    if (open) code.value = snippet(); // the state when opened, not when the page loaded
    panel.hidden = !open;
    toggle.setAttribute('aria-expanded', String(open));
    status.textContent = '';
  });
  copy.addEventListener('click', () => {
    code.value = snippet();
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
