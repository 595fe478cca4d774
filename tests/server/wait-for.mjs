// Waits for a state, never for a time: polls `check` until it returns something truthy, which it returns.
export async function waitFor(what, check) {
  const deadline = Date.now() + 60_000; // only how long before a test that went wrong says so
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`gave up waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
