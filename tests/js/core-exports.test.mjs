// The shipped module exports exactly the functions and classes its hand-written types declare: nothing test-only.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import createAttentionCore from '../../web/generated/wasm/attention_core.mjs';
import { loadTestingCore, testingHelpers } from './testing-core.mjs';

const wasm = (name) => readFileSync(new URL(`../../web/generated/wasm/attention_core.${name}`, import.meta.url));

// Member names of `interface RawAttentionCore { … }` in the .d.mts: `name(` for functions, `Name:` for classes.
function declaredNames() {
  const text = wasm('d.mts').toString('utf8');
  const body = text.match(/export interface RawAttentionCore \{([\s\S]*?)\n\}/)?.[1];
  assert.ok(body, 'RawAttentionCore found in attention_core.d.mts');
  return [...body.matchAll(/^ {2}(\w+)\s*[(:]/gm)].map((m) => m[1]).sort();
}

// Embind's functions carry argCount; its classes' prototypes carry isAliasOf. Emscripten's own runtime has neither.
function boundNames(module) {
  return Object.keys(module)
    .filter((key) => {
      const value = module[key];
      return (
        typeof value === 'function' &&
        (Object.hasOwn(value, 'argCount') || typeof value.prototype?.isAliasOf === 'function')
      );
    })
    .sort();
}

test('the shipped module exports exactly the names attention_core.d.mts declares', async () => {
  const module = await createAttentionCore({ wasmBinary: wasm('wasm') });
  const declared = declaredNames();
  assert.ok(declared.includes('gradientSurvival') && declared.includes('Trainer'), declared.join(', '));
  assert.deepEqual(boundNames(module), declared);
});

test('the test-only module adds its helpers to the same bindings', async () => {
  const { raw } = await loadTestingCore();
  assert.deepEqual(boundNames(raw), [...declaredNames(), ...testingHelpers].sort());
});
