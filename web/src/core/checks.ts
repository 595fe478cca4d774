// Argument checks of the JS layer: wrong kinds of value are caught here with a TypeError before WASM sees them.

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (ArrayBuffer.isView(value)) return value.constructor.name;
  if (Array.isArray(value)) return 'an Array';
  if (typeof value === 'string') return `the string "${value.slice(0, 40)}"`;
  return typeof value;
}

// No input of the core is longer (kMaxInputElements in web/bindings/convert.hpp): checked before any copy.
const maxInputElements = 1048576;

type TypedArrayOf<T> = T extends Float64Array ? Float64ArrayConstructor : Uint8ArrayConstructor;

// Reads length once and hands on exactly that many values: a subclass whose length getter answers differently
// on a second read (as the WASM glue's copy does) must not pass the cap with one answer and copy the other.
function cappedCopy<T extends Float64Array | Uint8Array>(
  fn: string,
  name: string,
  value: T,
  Plain: TypedArrayOf<T>,
): T {
  const length: unknown = value.length;
  if (typeof length !== 'number' || !Number.isInteger(length) || length < 0 || length > maxInputElements) {
    throw new TypeError(`${fn}: ${name} must be at most ${maxInputElements} elements long, got ${String(length)}`);
  }
  const plain = Object.getPrototypeOf(value) === Plain.prototype && !Object.hasOwn(value, 'length');
  if (plain) return value;
  const copy = new Plain(length);
  for (let i = 0; i < length; i++) copy[i] = value[i] ?? NaN; // indexed reads go to the buffer, not a getter
  return copy as T;
}

export function requireFloat64Array(fn: string, name: string, value: unknown): Float64Array {
  if (value instanceof Float64Array) return cappedCopy(fn, name, value, Float64Array);
  throw new TypeError(`${fn}: ${name} must be a Float64Array, got ${describe(value)}`);
}

export function requireOptionalUint8Array(fn: string, name: string, value: unknown): Uint8Array | undefined {
  if (value === undefined) return value;
  if (value instanceof Uint8Array) return cappedCopy(fn, name, value, Uint8Array);
  throw new TypeError(`${fn}: ${name} must be a Uint8Array, got ${describe(value)}`);
}

export function requireNumber(fn: string, name: string, value: unknown): number {
  if (typeof value === 'number') return value;
  throw new TypeError(`${fn}: ${name} must be a number, got ${describe(value)}`);
}

export function requireNumbers(fn: string, name: string, value: unknown): Float64Array {
  if (value instanceof Float64Array) return cappedCopy(fn, name, value, Float64Array);
  if (Array.isArray(value) && value.every((x) => typeof x === 'number')) {
    return cappedCopy(fn, name, Float64Array.from(value), Float64Array);
  }
  throw new TypeError(`${fn}: ${name} must be an array of numbers, got ${describe(value)}`);
}

export function requireBoolean(fn: string, name: string, value: unknown): boolean {
  if (typeof value === 'boolean') return value;
  throw new TypeError(`${fn}: ${name} must be true or false, got ${describe(value)}`);
}

export function requireOptions<T extends object>(fn: string, value: T | undefined, required = false): Partial<T> {
  if (value === undefined && !required) return {};
  if (typeof value === 'object' && value !== null && !Array.isArray(value)) return value;
  throw new TypeError(`${fn}: ${required ? 'request' : 'options'} must be an object, got ${describe(value)}`);
}

// Names of the core's enums (method, precision, optimizer) pass as strings: the core checks them against its one
// name table per enum, so the allowed names and the message cannot drift from the C++ side.
export function requireName<T extends string>(fn: string, name: string, value: unknown): T {
  if (typeof value === 'string') return value as T;
  throw new TypeError(`${fn}: ${name} must be a string, got ${describe(value)}`);
}
