// Tells the host page the embed's height whenever it changes: our message, and Canvas's lti.frameResize.
import type { MessageMaker } from './messages.js';
import { postToHost, type TargetOrigins } from './host-bridge.js';

// The html element's own height is the content's height; scrollHeight would never let the frame shrink.
const contentHeight = () => Math.ceil(document.documentElement.getBoundingClientRect().height);

export function reportHeight(target: Window, origins: TargetOrigins, maker: MessageMaker): void {
  let last = -1;
  const send = () => {
    const height = contentHeight();
    if (height === last) return;
    last = height;
    postToHost(target, origins, maker.resize(height));
    try {
      target.postMessage({ subject: 'lti.frameResize', height }, origins.open);
    } catch {
      // the host is not Canvas, or went away
    }
  };
  new ResizeObserver(send).observe(document.documentElement);
  send();
}
