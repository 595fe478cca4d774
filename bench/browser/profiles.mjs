// The two devices the browser benchmark measures on: this machine as it is (desktop), and a mid-range phone as
// Lighthouse's mobile profile models it — CPU slowed 4× on the page and on every worker it starts, a phone's
// viewport, and for the loading lines the slow-4G network.
import { startHolder, threadTimes, workerThreads } from './hold-threads.mjs';

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
 * debugger) until they are slowed: by CDP where it can, else by ptrace stops of their threads in proportion to the
 * CPU time they use (hold-threads.mjs), else by their debugger's pauses. Returns { workers, close }: workers lists
 * each attached worker as { url, send(method, params), slowing } for checks such as workerSlowdown. One throttled
 * page at a time: the ptrace helper holds every dedicated worker of the browsers this process started.
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
  // Where CDP refuses to throttle a worker, its thread is held by ptrace (one helper for all the page's workers), or
  // failing that by its debugger. Refused once, CDP is not asked again.
  let refusal;
  let holder;
  let workerCount = 0;
  const slowWorker = async (refused, send, listen) => {
    if (!refused) {
      const on = (v) => send('Emulation.setCPUThrottlingRate', { rate: v ? profile.cpu : 1 });
      return { how: 'CDP CPU throttling', on, stop() {} };
    }
    holder ??= startHolder(profile.cpu);
    const held = await holder
      .then((h) => h?.hold() ?? 0)
      .catch((error) => void console.error(`bench:browser: ${error.message}`));
    // Each worker so far has its thread held (a thread found early is held with the worker before it).
    if (held >= workerCount) {
      const on = async (v) => (await holder).on(v);
      return { how: 'ptrace stops of its thread (CDP refuses to throttle workers)', on, stop() {} };
    }
    await send('Debugger.enable');
    return { how: 'debugger pauses (CDP refuses to throttle workers)', ...dutyCycle(send, listen, profile.cpu) };
  };
  session.on('Target.attachedToTarget', async ({ sessionId, targetInfo }) => {
    const send = sendTo(sessionId);
    if (targetInfo.type !== 'worker') {
      await send('Runtime.runIfWaitingForDebugger').catch(() => undefined);
      return;
    }
    workerCount++;
    // The worker waits at its first instruction until it is slowed; its commands go out together, so it waits about
    // one round trip (the time a page's worker takes to start is part of what is timed).
    const tried =
      refusal ??
      send('Emulation.setCPUThrottlingRate', { rate: profile.cpu }).then(
        () => undefined,
        (error) => error.message,
      );
    // A dedicated worker fetches on its own (the core's WASM): it gets the page's network too, where it can.
    const networked = conditions
      ? Promise.all([
          send('Network.enable'),
          send('Network.setCacheDisabled', { cacheDisabled: true }),
          send('Network.emulateNetworkConditions', conditions),
        ]).catch((error) => (workerNetwork = error.message))
      : undefined;
    const listen = (method, hear) => listeners.set(`${sessionId} ${method}`, hear);
    try {
      // Chromium 156 refuses: "Operation is only supported for pages, not workers".
      refusal = await tried;
      const slowed = await slowWorker(refusal, send, listen);
      stops.push(slowed.stop);
      await networked;
      workers.push({ url: targetInfo.url, send, slowing: slowed });
    } catch (error) {
      console.error(`bench:browser: could not slow the worker ${targetInfo.url}: ${error.message}`);
    }
    await send('Runtime.runIfWaitingForDebugger').catch(() => undefined);
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
      await (await holder)?.close();
      await session.detach().catch(() => undefined);
    },
  };
}

const quantumMs = 4;
// A pause that arrives this much later than a round trip found the worker idle: it paused at its next task.
const idleSlackMs = 8;

/**
 * Lets a busy worker run one part in `rate`: it runs a quantum, is paused by its debugger, and is held paused until
 * its paused time adds up to (rate − 1) times its running time. Both are timed between the paused and resumed events
 * as they arrive here, so the round trips of the commands are counted as what they are (the worker runs on until a
 * pause reaches it and stays paused until a resume does) and whatever one hold misses, the next makes up. A worker
 * that was idle when the pause was asked owes less: on a slow phone the idle time would have absorbed its backlog.
 * Returns { stop, on }: on(false) lets it run free.
 */
function dutyCycle(send, on, rate) {
  let running = true;
  let slowing = true;
  // Pause owed by the worker (ms): + (rate − 1) × each run, − each pause; below 0 when a hold overshot.
  let owed = 0;
  // A resume's round trip (ms), from the last few: the hold ends this much early.
  let roundTrip = 1;
  let resumedAt = performance.now();
  let pausedAt = resumedAt;
  let askedAt = resumedAt;
  let resumeSentAt;
  let timer;
  const later = (ms, then) => {
    clearTimeout(timer);
    timer = setTimeout(then, Math.max(0, ms));
  };
  const resume = () => {
    resumeSentAt = performance.now();
    return send('Debugger.resume').catch(() => undefined);
  };
  const pause = () => {
    if (!running) return;
    if (!slowing) return later(quantumMs, pause);
    askedAt = performance.now();
    send('Debugger.pause').catch(() => undefined);
  };
  on('Debugger.paused', (at) => {
    pausedAt = at;
    if (!slowing) return later(0, resume);
    // The worker idles from when it finished (at most one round trip after the ask) until its next task.
    const idle = Math.max(0, at - askedAt - roundTrip - idleSlackMs);
    owed = Math.max(0, owed + (rate - 1) * (at - resumedAt - idle) - idle);
    later(owed - roundTrip, resume);
  });
  on('Debugger.resumed', (at) => {
    if (resumeSentAt !== undefined) roundTrip = 0.8 * roundTrip + 0.2 * (at - resumeSentAt);
    resumeSentAt = undefined;
    // An overshoot is made up by the next hold, but one long stall (a busy machine) is not carried for ever.
    if (slowing) owed = Math.max(owed - (at - pausedAt), -(rate - 1) * quantumMs);
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
      owed = 0;
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
 * Proof that a worker runs at the profile's CPU: the same computation timed in it throttled and free, in alternation
 * (a busy machine slows both alike), the fastest of each. Where the kernel tells, also the slowed wall time per ms the
 * worker was on a CPU: the holder counts time spent waiting for a CPU toward its hold, so this stays at the rate
 * whatever else the machine runs. Returns { throttled, free, ratio, perCpuMs, how }.
 */
export async function workerSlowdown(worker, rounds = 3) {
  const threads = workerThreads();
  const tid = threads.length === 1 ? threads[0] : undefined;
  const sums = { true: { wall: 0, cpu: 0 }, false: { wall: 0, cpu: 0 } };
  const time = async (slowed) => {
    const before = threadTimes(tid);
    const answer = await worker.send('Runtime.evaluate', {
      expression: fixedWork,
      awaitPromise: true,
      returnByValue: true,
    });
    const after = threadTimes(tid);
    const ms = answer.result.value;
    // The worker's own time for the loop, in which it is never idle: the round trips around it do not count.
    const sum = sums[slowed];
    sum.wall += ms;
    sum.cpu += after?.cpu - before?.cpu;
    return ms;
  };
  await time(true); // warm up: compiled code in every timed run
  sums.true = { wall: 0, cpu: 0 };
  let throttled = Number.POSITIVE_INFINITY;
  let free = Number.POSITIVE_INFINITY;
  for (let round = 0; round < rounds; round++) {
    throttled = Math.min(throttled, await time(true));
    await worker.slowing.on(false);
    free = Math.min(free, await time(false));
    await worker.slowing.on(true);
  }
  const perCpuMs = sums.true.wall / sums.true.cpu;
  return {
    throttled,
    free,
    ratio: throttled / free,
    perCpuMs: Number.isFinite(perCpuMs) ? perCpuMs : undefined,
    how: worker.slowing.how,
  };
}
