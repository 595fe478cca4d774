// What the page says about the computation core: loading (after a short wait), restarting, or given up with a Retry.
import type { CoreClient } from '../worker/core-client.js';

/** Below this, loading is too quick to be worth a word. */
const quietWait = 300;

export function showCoreStatus(client: CoreClient, element: HTMLElement, stillWorks: string): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const retry = Object.assign(document.createElement('button'), { type: 'button', textContent: 'Retry' });
  retry.addEventListener('click', () => client.retry());
  return client.onStatus((status) => {
    clearTimeout(timer);
    if (status.state === 'loading') {
      timer = setTimeout(() => element.replaceChildren('Loading the computation core…'), quietWait);
    } else if (status.state === 'ready') {
      element.replaceChildren();
    } else if (status.state === 'restarting') {
      element.replaceChildren(
        `The computation core stopped (${status.reason}) and is restarting; your settings are kept.`,
      );
    } else {
      element.replaceChildren(
        `The interactive figures could not start: ${status.reason}.${stillWorks ? ` ${stillWorks}` : ''} `,
        retry,
      );
    }
  });
}
