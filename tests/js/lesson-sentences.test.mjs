// The lesson's sentences about the scores and the fixes, checked against the core the widgets and {{…}} values use, so
// the prose cannot drift from it. The sentences about training runs are in lesson-training-sentences.test.mjs.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { loadCore } from 'attention-lab/core';

const core = await loadCore();
const lessonText = readFileSync(new URL('../../lessons/why-sqrt-dk/lesson.md', import.meta.url), 'utf8');
// "Other ways to fix the variance" and "Where the argument stops holding": the sentences on aligned q and k and on
// the alternatives, checked against the core that the widgets and {{…}} values use.
const otherWays = lessonText.slice(
  lessonText.indexOf('## Other ways to fix the variance'),
  lessonText.indexOf('::: question bounded-fixes'),
);
const whereItStops = lessonText.slice(
  lessonText.indexOf('## Where the argument stops holding'),
  lessonText.indexOf('::: question float16-spread'),
);
const aligned = (dk, alignment, scale) => core.alignedScoreStatistics({ dk, alignment, scale });

test('"dₖ^(−1/4) on q and on k gives exactly the scores of dividing q·k by √dₖ"', () => {
  assert.match(otherWays, /by \$d_k\^\{-1\/4\}\$ each gives exactly the scores of dividing/);
  const d = 64;
  const q = core.sampleNormals({ count: 4 * d, seed: 5 });
  const k = core.sampleNormals({ count: 6 * d, seed: 6 });
  const v = core.sampleNormals({ count: 6, seed: 7 });
  const request = { q, k, v, n: 4, m: 6, d, dv: 1 };
  const sqrt = core.attention({ ...request, scale: 'sqrt' }).weights;
  const balanced = core.attention({ ...request, scale: 'balanced' }).weights;
  sqrt.forEach((w, i) => assert.ok(Math.abs(w - balanced[i]) < 1e-12, `weight ${i}: ${w} vs ${balanced[i]}`));
});

test('"each product qᵢkᵢ then has mean ρ and variance 1 + ρ²", so q·k has mean ρ·dₖ and variance dₖ(1 + ρ²)', () => {
  assert.match(whereItStops, /Each product \$q_i k_i\$ then has mean \$\\rho\$\s+and variance \$1 \+ \\rho\^2\$/);
  for (const rho of [-1, -0.3, 0, 0.5, 1]) {
    const one = aligned(1, rho, 'none');
    assert.ok(Math.abs(one.mean - rho) < 1e-12 && Math.abs(one.variance - (1 + rho * rho)) < 1e-12, `ρ = ${rho}`);
    // And the samples agree: 20 000 exact pairs at dₖ = 1.
    const draw = core.alignedScores({ dk: 1, alignment: rho, pairs: 20000, seed: 11 });
    assert.ok(Math.abs(draw.none.mean - rho) < 5 * Math.sqrt((1 + rho * rho) / 20000), `sampled mean at ρ = ${rho}`);
  }
});

test('"the mean grows like dₖ, faster than the spread"', () => {
  assert.match(whereItStops, /The mean grows like \$d_k\$, faster than the spread/);
  const ratios = [64, 256, 1024, 4096].map((dk) => aligned(dk, 0.5, 'none').mean / aligned(dk, 0.5, 'none').std);
  ratios.slice(1).forEach((r, i) => assert.ok(r > 1.9 * ratios[i], `mean/std ${ratios}`));
});

test('"… at dₖ = 4096, eight times larger", and ÷dₖ is ρ at every width', () => {
  assert.match(whereItStops, /at \$d_k = 4096\$, eight times larger/);
  assert.ok(Math.abs(aligned(4096, 0.5, 'sqrt').mean / aligned(64, 0.5, 'sqrt').mean - 8) < 1e-12);
  assert.match(whereItStops, /Divided by \$d_k\$, it is \$\\rho\$\s+itself at every width/);
  assert.match(whereItStops, /it keeps the typical score at \$\\rho\$, between \$-1\$ and \$1\$,\s+however wide/);
  for (const rho of [-1, -0.5, 0.25, 1])
    for (let dk = 1; dk <= 4096; dk *= 2) assert.ok(Math.abs(aligned(dk, rho, 'linear').mean - rho) < 1e-12);
});

test('"÷dₖ pays for it at initialisation, where independent scores get a spread of only 1/√dₖ"', () => {
  assert.match(whereItStops, /independent scores get a spread of only \$1\/\\sqrt\{d_k\}\$/);
  for (const dk of [4, 64, 4096]) {
    const spread = core.scoreStatistics({ dk, scale: 'linear' }).std;
    assert.ok(Math.abs(spread - 1 / Math.sqrt(dk)) < 1e-15, `dₖ = ${dk}: ${spread}`);
  }
});

test('the section cites Zhai et al. 2023, Dehghani et al. 2023 and the Gemma 2 report with c = 50', () => {
  const prose = lessonText.slice(lessonText.indexOf('## Train the fixes'), lessonText.indexOf('## Where the argument'));
  assert.match(prose, /Zhai et\nal\. \(2023\)[^.]*entropy collapse/);
  assert.match(prose, /Dehghani et al\. \(2023\)[^;]*ViT-22B[^;]*QK-norm/);
  assert.match(prose, /Gemma 2 report[^.]*\$c = 50\$/);
});
