// The bindings hand back a rejected call's RangeError or TypeError instead of throwing it through C++ frames (which
// skipped their destructors and leaked the C stack until the module broke): it is thrown here.
export function orThrow<T>(result: T | Error): T {
  if (result instanceof Error) throw result;
  return result;
}
