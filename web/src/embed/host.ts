// embed-host.js: include it on any page that embeds our iframes. It sizes each frame to the height the frame reports
// and
// re-dispatches every message as an `attention-lab` event on the iframe element. Ours, MIT, no dependencies.
import { isHostMessage } from './messages.js';

const maxHeight = 100_000; // a frame reporting more is broken, not tall

function frameOf(source: MessageEventSource | null): HTMLIFrameElement | undefined {
  if (!source) return undefined;
  for (const frame of document.getElementsByTagName('iframe')) if (frame.contentWindow === source) return frame;
  return undefined;
}

// Only the frame's own document may size it: a frame that navigated elsewhere no longer speaks for it.
function fromFramesOrigin(frame: HTMLIFrameElement, origin: string): boolean {
  try {
    return new URL(frame.src, document.baseURI).origin === origin;
  } catch {
    return false;
  }
}

window.addEventListener('message', (event: MessageEvent) => {
  if (!isHostMessage(event.data)) return;
  const frame = frameOf(event.source);
  if (!frame || !fromFramesOrigin(frame, event.origin)) return;
  const message = event.data;
  if (
    message.verb === 'resize' &&
    Number.isFinite(message.height) &&
    message.height >= 0 &&
    message.height <= maxHeight
  ) {
    frame.style.height = `${Math.ceil(message.height)}px`; // CSSOM, so a strict CSP on the host allows it
  }
  frame.dispatchEvent(new CustomEvent('attention-lab', { detail: message, bubbles: true }));
});
