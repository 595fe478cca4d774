// "Embed this": a disclosure button that reveals the embed's choices, a read-only textarea with the snippet (updated
// as the choices change) and a Copy button. Copying works without clipboard permission: the text is selected, then
// copied or left for Ctrl+C. The snippet's height is measured on the real embed once the choices settle.
import { t } from '../i18n/messages.js';
import type { EmbedChoices, EmbedOptions } from './embed-options.js';
import { columnWidth } from './measure-height.js';

let counter = 0;

export interface EmbedThis {
  toggle: HTMLButtonElement;
  panel: HTMLElement;
}

export interface EmbedThisOptions {
  /** Names what the snippet embeds, e.g. "HTML that embeds this widget with its current settings". */
  label: string;
  options: EmbedOptions;
  /** The frame's address for these choices (what is measured) and the snippet at a height. */
  src(choices: EmbedChoices): string;
  snippet(choices: EmbedChoices, height: number): string;
  /** The tallest state the measurement covers, e.g. "with its data table open". */
  tallest: string;
  /** Measures the height the frame at `src` needs; rejects when it cannot. */
  measure(src: string, signal: AbortSignal): Promise<number>;
  /** A height to offer until the measurement is in (from the page, not the embed), read while the panel is shut. */
  roughHeight(): number;
}

// Measured heights per frame address, for the whole page: choosing back and forth measures each choice once.
const measured = new Map<string, number>();
// Choices change with every keystroke in the origin box: measure once they rest.
const settle = 400;

export function embedThis(options: EmbedThisOptions): EmbedThis {
  const id = `embed-this-${++counter}`;
  const toggle = Object.assign(document.createElement('button'), {
    type: 'button',
    className: 'embed-this-toggle',
    textContent: t('embed.toggle'),
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
    textContent: t('embed.copy'),
  });
  const status = Object.assign(document.createElement('span'), { className: 'embed-copy-status' });
  status.setAttribute('role', 'status');
  const actions = Object.assign(document.createElement('p'), { className: 'embed-actions' });
  actions.append(copy, status);
  const heightNote = Object.assign(document.createElement('p'), { id: `${id}-height`, className: 'embed-height' });
  heightNote.setAttribute('aria-live', 'polite');
  code.setAttribute('aria-describedby', heightNote.id);
  panel.append(options.options.element, label, code, actions, heightNote);

  let measuring: AbortController | undefined;
  let measuringSrc = '';
  let rough = 360;
  let waiting: ReturnType<typeof setTimeout> | undefined;

  const measure = (src: string) => {
    if (src === measuringSrc && measuring && !measuring.signal.aborted) return; // already under way
    measuring?.abort();
    clearTimeout(waiting);
    measuringSrc = src;
    const run = (measuring = new AbortController());
    waiting = setTimeout(() => {
      options.measure(src, run.signal).then(
        (height) => {
          if (measuring === run) measuring = undefined;
          measured.set(src, height);
          if (!run.signal.aborted) refresh();
        },
        (error: unknown) => {
          if (run.signal.aborted) return;
          measuring = undefined;
          panel.dataset.height = 'rough';
          heightNote.textContent = t('embed.heightFailed', {
            message: error instanceof Error ? error.message : String(error),
          });
        },
      );
    }, settle);
  };

  // The snippet for the choices now: at the measured height if known, else at a rough one while measuring.
  const refresh = () => {
    const choices = options.options.choices;
    const src = options.src(choices);
    const known = measured.get(src);
    code.value = options.snippet(choices, known ?? rough);
    panel.dataset.src = src;
    if (known !== undefined) {
      measuring?.abort();
      panel.dataset.height = 'measured';
      heightNote.textContent = t('embed.heightMeasured', { height: known, tallest: options.tallest, columnWidth });
      return;
    }
    panel.dataset.height = 'measuring';
    heightNote.textContent = t('embed.measuring');
    measure(src);
  };
  options.options.onChange(() => {
    status.textContent = '';
    refresh();
  });

  toggle.addEventListener('click', () => {
    const open = panel.hidden;
    if (open) rough = Math.max(120, Math.min(100_000, Math.ceil(options.roughHeight()))); // before the panel adds to it
    panel.hidden = !open;
    toggle.setAttribute('aria-expanded', String(open));
    status.textContent = '';
    if (open)
      refresh(); // the state when opened, not when the page loaded
    else {
      measuring?.abort();
      clearTimeout(waiting);
    }
  });
  copy.addEventListener('click', () => {
    refresh();
    code.focus();
    code.select();
    // A snippet taken before its height is measured carries the rough one: say so, so it is taken again.
    const rough = panel.dataset.height === 'measured' ? '' : t('embed.notMeasuredYet');
    const fallback = () => {
      let copied: boolean;
      try {
        copied = document.execCommand('copy');
      } catch {
        copied = false;
      }
      status.textContent = (copied ? t('embed.copied') : t('embed.selected')) + rough;
    };
    if (navigator.clipboard?.writeText)
      navigator.clipboard.writeText(code.value).then(() => (status.textContent = t('embed.copied') + rough), fallback);
    else fallback();
  });
  return { toggle, panel };
}
