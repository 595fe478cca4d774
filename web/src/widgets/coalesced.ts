// One run for many calls made within the same task: a slider's step clears a figure, plans it and draws it again
// before its frame; drawing once, after the last call, draws the same pixels for a fraction of the work.

/**
 * Returns a function that queues `run` as a microtask the first time it is called; calls before that microtask runs
 * add nothing. The run sees the state as it is once the task's own calls (and results already resolved) are done.
 */
export function coalesced(run: () => void): () => void {
  let queued = false;
  return () => {
    if (queued) return;
    queued = true;
    queueMicrotask(() => {
      queued = false;
      run();
    });
  };
}
