// Plain-JS versions of the core's kernels, written as a careful JS developer would, to measure what WASM buys.

// xoshiro128++ (32-bit words suit JS integers) seeded from splitmix32.
export function makeUniform(seed) {
  let x = seed >>> 0;
  const mix = () => {
    x = (x + 0x9e3779b9) >>> 0;
    let z = x;
    z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
    z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
    return (z ^ (z >>> 16)) >>> 0;
  };
  let a = mix(), b = mix(), c = mix(), d = mix();
  return () => {
    const result = (((a + d) << 7) | ((a + d) >>> 25)) + a;
    const t = b << 9;
    c ^= a; d ^= b; b ^= c; a ^= d; c ^= t;
    d = (d << 11) | (d >>> 21);
    return (result >>> 0) / 4294967296;
  };
}

export function makeNormal(seed) {
  const uniform = makeUniform(seed);
  let cached = 0;
  let has = false;
  return () => {
    if (has) { has = false; return cached; }
    const r = Math.sqrt(-2 * Math.log(1 - uniform()));
    const angle = 2 * Math.PI * uniform();
    cached = r * Math.sin(angle);
    has = true;
    return r * Math.cos(angle);
  };
}

export function sampleNormals(count, seed) {
  const normal = makeNormal(seed);
  const out = new Float64Array(count);
  for (let i = 0; i < count; i++) out[i] = normal();
  return out;
}

export function dotProductDirect(dk, count, seed) {
  const normal = makeNormal(seed);
  const out = new Float64Array(count);
  for (let s = 0; s < count; s++) {
    let sum = 0;
    for (let i = 0; i < dk; i++) sum += normal() * normal();
    out[s] = sum;
  }
  return out;
}

// Marsaglia–Tsang gamma(shape, 1) for shape ≥ 1; χ²(dₖ) = 2·gamma(dₖ/2).
function gamma(shape, normal, uniform) {
  if (shape < 1) return gamma(shape + 1, normal, uniform) * uniform() ** (1 / shape);
  const d = shape - 1 / 3;
  const c = 1 / Math.sqrt(9 * d);
  for (;;) {
    let x, v;
    do { x = normal(); v = 1 + c * x; } while (v <= 0);
    v = v * v * v;
    const u = uniform();
    if (u < 1 - 0.0331 * x ** 4 || Math.log(u) < 0.5 * x * x + d * (1 - v + Math.log(v))) return d * v;
  }
}

export function dotProductFast(dk, count, seed) {
  const normal = makeNormal(seed);
  const uniform = makeUniform(seed ^ 0x5bd1e995);
  const out = new Float64Array(count);
  for (let s = 0; s < count; s++) out[s] = Math.sqrt(2 * gamma(dk / 2, normal, uniform)) * normal();
  return out;
}

export function softmaxJacobian(scores) {
  const n = scores.length;
  let max = -Infinity;
  for (const s of scores) max = Math.max(max, s);
  const p = new Float64Array(n);
  let total = 0;
  for (let i = 0; i < n; i++) total += p[i] = Math.exp(scores[i] - max);
  for (let i = 0; i < n; i++) p[i] /= total;
  const jacobian = new Float64Array(n * n);
  for (let i = 0; i < n; i++) {
    for (let j = 0; j < n; j++) jacobian[i * n + j] = (i === j ? p[i] : 0) - p[i] * p[j];
  }
  return jacobian;
}

// Row-major Q (n×d), K (m×d), V (m×dv): softmax(QKᵀ/√d)V.
export function attention(q, k, v, n, m, d, dv) {
  const weights = new Float64Array(n * m);
  const output = new Float64Array(n * dv);
  const scale = 1 / Math.sqrt(d);
  for (let i = 0; i < n; i++) {
    let max = -Infinity;
    for (let j = 0; j < m; j++) {
      let dot = 0;
      for (let t = 0; t < d; t++) dot += q[i * d + t] * k[j * d + t];
      weights[i * m + j] = dot * scale;
      if (weights[i * m + j] > max) max = weights[i * m + j];
    }
    let total = 0;
    for (let j = 0; j < m; j++) total += weights[i * m + j] = Math.exp(weights[i * m + j] - max);
    for (let j = 0; j < m; j++) {
      const w = (weights[i * m + j] /= total);
      for (let t = 0; t < dv; t++) output[i * dv + t] += w * v[j * dv + t];
    }
  }
  return { weights, output };
}
