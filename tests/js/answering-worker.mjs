// A stand-in for the core worker in CoreClient's tests: it answers every computation with a fresh object holding the
// parameters, and keeps what it was sent.
export class AnsweringWorker extends globalThis.EventTarget {
  /** The parameters of every computation asked. */
  asked = [];
  /** The kind of every message sent, in order. */
  kinds = [];
  constructor() {
    super();
    queueMicrotask(() => this.reply({ kind: 'ready' }));
  }
  postMessage(message) {
    this.kinds.push(message.kind);
    if (message.kind === 'full-core') return this.reply({ kind: 'full-core' });
    if (message.kind === 'ping') return this.reply({ kind: 'pong' });
    this.asked.push(message.params);
    this.reply({ kind: 'result', id: message.id, result: { from: 'worker', ...message.params } });
  }
  reply(data) {
    setTimeout(() => this.dispatchEvent(Object.assign(new globalThis.Event('message'), { data })));
  }
  terminate() {}
}
