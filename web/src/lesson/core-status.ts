// What the page says about the computation core: loading (after a short wait), restarting, or given up with a Retry.
import { t } from '../i18n/messages.js';
import type { CoreClient } from '../worker/core-client.js';

/** Below this, loading is too quick to be worth a word. */
const quietWait = 300;

export function showCoreStatus(client: CoreClient, element: HTMLElement, stillWorks: string): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const retry = Object.assign(document.createElement('button'), { type: 'button', textContent: t('core.retry') });
  retry.addEventListener('click', () => client.retry());
  return client.onStatus((status) => {
    clearTimeout(timer);
    if (status.state === 'loading') {
      timer = setTimeout(() => element.replaceChildren(t('core.loading')), quietWait);
    } else if (status.state === 'ready') {
      element.replaceChildren();
    } else if (status.state === 'restarting') {
      element.replaceChildren(t('core.restarting', { reason: status.reason }));
    } else {
      element.replaceChildren(
        t('core.failed', { reason: status.reason, stillWorks: stillWorks ? ` ${stillWorks}` : '' }),
        retry,
      );
    }
  });
}
