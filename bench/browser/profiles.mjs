// The two devices the browser benchmark measures on: this machine as it is (desktop), and a mid-range phone as
// Lighthouse's mobile profile models it — CPU slowed 4× on the page and on every worker it starts, a phone's
// viewport, and for the loading lines the slow-4G network.

// Lighthouse's slow 4G: 150 ms round trip, 1.6 Mbit/s down, 750 kbit/s up (CDP wants bytes per second).
const slow4G = { offline: false, latency: 150, downloadThroughput: 1.6e6 / 8, uploadThroughput: 750e3 / 8 };

export const profiles = {
  desktop: {
    name: 'desktop',
    cpu: 1,
    network: undefined,
    where: 'loopback',
    browser: { viewport: { width: 1280, height: 800 } },
    budgets: { fcp: 300, firstInteractive: 1000 },
  },
  phone: {
    name: 'phone',
    cpu: 4,
    network: slow4G,
    where: 'slow-4G, 4× CPU',
    // Lighthouse's emulated phone (Moto G Power): 412 × 823 CSS px at 1.75 device pixels per px, touch.
    browser: { viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true },
    // Core Web Vitals' "good" first contentful paint, and its "good" largest paint for the first figure.
    budgets: { fcp: 1800, firstInteractive: 2500 },
  },
};

/** `--profile phone|desktop|both` → the profiles to run, in that order. */
export function chosenProfiles(name = 'desktop') {
  if (name === 'both') return [profiles.desktop, profiles.phone];
  const profile = profiles[name];
  if (!profile) throw new Error(`bench:browser: --profile must be desktop, phone or both, not "${name}"`);
  return [profile];
}

/**
 * Slows the page and each worker it starts to the profile's CPU (and, with `network`, the profile's network, cache
 * off), before the page loads anything. Workers are held at their first instruction (auto-attach, wait for the
 * debugger) until they are throttled too. Returns { workers, close }: workers lists each attached worker as
 * { url, send(method, params) } for checks such as workerSlowdown.
 */
export async function throttle(context, page, profile, { network = false } = {}) {
  const workers = [];
  const stops = [];
  let workerNetwork;
  if (profile.cpu === 1 && !(network && profile.network)) return { workers, close: async () => {} };
  const session = await context.newCDPSession(page);
  await session.send('Emulation.setCPUThrottlingRate', { rate: profile.cpu });
  const conditions = network && profile.network;
  if (conditions) {
    await session.send('Network.enable');
    await session.send('Network.setCacheDisabled', { cacheDisabled: true });
    await session.send('Network.emulateNetworkConditions', conditions);
  }
  // Each worker's session is nested in the page's: commands and answers travel as messages through it.
  let nextId = 1;
  const pending = new Map();
  const listeners = new Map();
  session.on('Target.receivedMessageFromTarget', ({ sessionId, message }) => {
    const answer = JSON.parse(message);
    if (answer.method) listeners.get(`${sessionId} ${answer.method}`)?.(performance.now());
    const waiting = pending.get(answer.id);
    if (!waiting) return;
    pending.delete(answer.id);
    if (answer.error) waiting.fail(new Error(`${waiting.method}: ${answer.error.message}`));
    else waiting.done(answer.result);
  });
  const sendTo =
    (sessionId) =>
    (method, params = {}) =>
      new Promise((done, fail) => {
        const id = nextId++;
        pending.set(id, { done, fail, method });
        const message = JSON.stringify({ id, method, params });
        session.send('Target.sendMessageToTarget', { sessionId, message }).catch(fail);
      });
  session.on('Target.attachedToTarget', async ({ sessionId, targetInfo }) => {
    const send = sendTo(sessionId);
    if (targetInfo.type !== 'worker') {
      await send('Runtime.runIfWaitingForDebugger').catch(() => undefined);
      return;
    }
    // All commands go out at once and the worker's session answers them in order, so the worker is slowed before
    // it runs yet waits for one round trip only (the time a page's worker takes to start is part of what is timed).
    const tried = send('Emulation.setCPUThrottlingRate', { rate: profile.cpu }).then(
      () => undefined,
      (error) => error.message,
    );
    const debuggerOn = send('Debugger.enable');
    // A dedicated worker fetches on its own (the core's WASM): it gets the page's network too, where it can.
    const networked = conditions
      ? Promise.all([
          send('Network.enable'),
          send('Network.setCacheDisabled', { cacheDisabled: true }),
          send('Network.emulateNetworkConditions', conditions),
        ]).catch((error) => (workerNetwork = error.message))
      : undefined;
    // Chromium 156 refuses ("Operation is only supported for pages, not workers"): its debugger holds it instead.
    const slowing = (refused) =>
      refused
        ? { how: 'debugger pauses (CDP refuses to throttle workers)', ...dutyCycle(send, listen, profile.cpu) }
        : {
            how: 'CDP CPU throttling',
            on: (v) => send('Emulation.setCPUThrottlingRate', { rate: v ? profile.cpu : 1 }),
            stop() {},
          };
    const listen = (method, hear) => listeners.set(`${sessionId} ${method}`, hear);
    const started = send('Runtime.runIfWaitingForDebugger');
    try {
      const refused = await tried;
      await debuggerOn;
      const slowed = slowing(refused);
      stops.push(slowed.stop);
      await networked;
      workers.push({ url: targetInfo.url, send, slowing: slowed });
    } catch (error) {
      console.error(`bench:browser: could not slow the worker ${targetInfo.url}: ${error.message}`);
    }
    await started.catch(() => undefined);
  });
  await session.send('Target.setAutoAttach', { autoAttach: true, waitForDebuggerOnStart: true, flatten: false });
  return {
    workers,
    /** Why a worker's network could not be slowed, if it could not. */
    get workerNetwork() {
      return workerNetwork;
    },
    async close() {
      stops.forEach((stop) => stop());
      await session.detach().catch(() => undefined);
    },
  };
}

const quantumMs = 4;
// A pause that takes longer than this to arrive found the worker idle: it paused at the start of its next task.
const idlePauseMs = 25;

/**
 * Lets a busy worker run one part in `rate`: it runs a quantum, is paused by its debugger, and is held paused
 * (rate − 1) times as long as it ran (from its resumed to its paused event, as they arrive here). A worker idle when
 * the pause is asked pauses at its next statement, having run nothing since: it is resumed at once. Returns
 * { stop, on }: on(false) lets it run free.
 */
function dutyCycle(send, on, rate) {
  let running = true;
  let slowing = true;
  let resumedAt = performance.now();
  let askedAt = performance.now();
  let timer;
  const later = (ms, then) => {
    clearTimeout(timer);
    timer = setTimeout(then, ms);
  };
  const resume = () => send('Debugger.resume').catch(() => undefined);
  const pause = () => {
    if (!running) return;
    if (!slowing) return later(quantumMs, pause);
    askedAt = performance.now();
    send('Debugger.pause').catch(() => undefined);
  };
  on('Debugger.paused', (at) => {
    const idle = at - askedAt > idlePauseMs;
    later(slowing && !idle ? (rate - 1) * (at - resumedAt) : 0, resume);
  });
  on('Debugger.resumed', (at) => {
    resumedAt = at;
    later(quantumMs, pause);
  });
  later(quantumMs, pause);
  return {
    stop() {
      running = false;
      clearTimeout(timer);
      void resume();
    },
    async on(value) {
      slowing = value;
      if (!value) await resume();
      else later(quantumMs, pause);
    },
  };
}

// A fixed computation, timed inside the worker by its own clock.
// It runs as the worker's own task (a timer), not inside the evaluation, which a paused debugger would still serve.
const fixedWork = `new Promise((done) => setTimeout(() => {
  const start = performance.now();
  let sum = 0;
  for (let i = 1; i < 2e7; i++) sum += Math.sqrt(i) / i;
  done(performance.now() - start + (sum < 0 ? 1 : 0));
}))`;

/**
 * Proof that a worker runs at the profile's CPU: the same computation timed in it throttled, unthrottled, throttled
 * again (the lower of the two throttled times, against the unthrottled one). Returns { throttled, free, ratio, how }.
 */
export async function workerSlowdown(worker) {
  const time = async () =>
    (await worker.send('Runtime.evaluate', { expression: fixedWork, awaitPromise: true, returnByValue: true })).result
      .value;
  await time(); // warm up: compiled code in every timed run
  const slowFirst = await time();
  await worker.slowing.on(false);
  const free = Math.min(await time(), await time());
  await worker.slowing.on(true);
  const throttled = Math.min(slowFirst, await time());
  return { throttled, free, ratio: throttled / free, how: worker.slowing.how };
}
