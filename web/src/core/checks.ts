// Argument checks of the JS layer: wrong kinds of value are caught here with a TypeError before WASM sees them.

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (ArrayBuffer.isView(value)) return value.constructor.name;
  if (Array.isArray(value)) return 'an Array';
  return typeof value;
}

export function requireFloat64Array(fn: string, name: string, value: unknown): Float64Array {
  if (value instanceof Float64Array) return value;
  throw new TypeError(`${fn}: ${name} must be a Float64Array, got ${describe(value)}`);
}

export function requireNumber(fn: string, name: string, value: unknown): number {
  if (typeof value === 'number') return value;
  throw new TypeError(`${fn}: ${name} must be a number, got ${describe(value)}`);
}

export function requireOptions<T extends object>(fn: string, value: T | undefined): Partial<T> {
  if (value === undefined) return {};
  if (typeof value === 'object' && value !== null && !Array.isArray(value)) return value;
  throw new TypeError(`${fn}: options must be an object, got ${describe(value)}`);
}
