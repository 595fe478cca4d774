// The strict Content-Security-Policy forbids code that evaluates strings; ESLint is what keeps it out of the source.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ESLint } from 'eslint';

const eslint = new ESLint({ cwd: new URL('../..', import.meta.url).pathname });

for (const [code, rule] of [
  ['eval("1 + 1");', 'no-eval'],
  ['const f = new Function("return 1"); f();', 'no-new-func'],
  ['setTimeout("alert(1)", 10);', 'no-implied-eval'],
]) {
  test(`ESLint refuses ${rule} in the front end`, async () => {
    const [result] = await eslint.lintText(code, { filePath: 'web/src/lint-probe.ts' });
    assert.ok(
      result.messages.some((m) => m.ruleId === rule && m.severity === 2),
      `${rule} is an error: ${JSON.stringify(result.messages)}`,
    );
  });
}
