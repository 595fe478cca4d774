// The training widgets' goal, counted by the tests on their own: 90 % accuracy on 10 batches in a row
// (web/src/training/session.ts), reported from the first of them.
export function reachedAt(accuracy) {
  let streak = 0;
  for (let i = 0; i < accuracy.length; i++) {
    streak = accuracy[i] >= 0.9 ? streak + 1 : 0;
    if (streak === 10) return i - 8;
  }
  return undefined;
}
