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
  let a = mix(),
    b = mix(),
    c = mix(),
    d = mix();
  return () => {
    const result = (((a + d) << 7) | ((a + d) >>> 25)) + a;
    const t = b << 9;
    c ^= a;
    d ^= b;
    b ^= c;
    a ^= d;
    c ^= t;
    d = (d << 11) | (d >>> 21);
    return (result >>> 0) / 4294967296;
  };
}

export function makeNormal(seed) {
  const uniform = makeUniform(seed);
  let cached = 0;
  let has = false;
  return () => {
    if (has) {
      has = false;
      return cached;
    }
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
    do {
      x = normal();
      v = 1 + c * x;
    } while (v <= 0);
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

// Cosines of random direction pairs by the O(1) method: z / √(z² + χ²(d − 1)) (core/sweeps.hpp, CosineMethod).
export function cosinesFast(d, pairs, seed) {
  const normal = makeNormal(seed);
  const uniform = makeUniform(seed ^ 0x5bd1e995);
  const out = new Float64Array(pairs);
  for (let p = 0; p < pairs; p++) {
    const z = normal();
    out[p] = d === 1 ? Math.sign(z) : z / Math.sqrt(z * z + 2 * gamma((d - 1) / 2, normal, uniform));
  }
  return out;
}

// One query's scores against n keys (|q|² ~ χ²(dₖ), then n alignments), their softmax ÷ divisor, its entropy, largest
// weight and gradient survival Σpᵢ(1 − pᵢ) / (1 − 1/n): what "watch the softmax die" asks of the core.
export function softmaxOfQuery(dk, n, divisor, seed) {
  const normal = makeNormal(seed);
  const uniform = makeUniform(seed ^ 0x5bd1e995);
  const queryNorm = Math.sqrt(2 * gamma(dk / 2, normal, uniform));
  const scores = new Float64Array(n);
  let max = -Infinity;
  for (let j = 0; j < n; j++) max = Math.max(max, (scores[j] = (queryNorm * normal()) / divisor));
  const p = new Float64Array(n);
  let total = 0;
  for (let j = 0; j < n; j++) total += p[j] = Math.exp(scores[j] - max);
  let entropy = 0,
    largest = 0,
    trace = 0;
  for (let j = 0; j < n; j++) {
    p[j] /= total;
    if (p[j] > 0) entropy -= p[j] * Math.log(p[j]);
    largest = Math.max(largest, p[j]);
    trace += p[j] * (1 - p[j]);
  }
  return { weights: p, entropy, largest, share: trace / (1 - 1 / n) };
}

export function softmaxJacobian(scores, into = new Float64Array(scores.length ** 2)) {
  const n = scores.length;
  let max = -Infinity;
  for (const s of scores) max = Math.max(max, s);
  const p = new Float64Array(n);
  let total = 0;
  for (let i = 0; i < n; i++) total += p[i] = Math.exp(scores[i] - max);
  for (let i = 0; i < n; i++) p[i] /= total;
  for (let i = 0; i < n; i++) {
    for (let j = 0; j < n; j++) into[i * n + j] = (i === j ? p[i] : 0) - p[i] * p[j];
  }
  return into;
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

// The "Train it" step (core/training.cpp) in plain JS: ±1 items, q = x̃W_q, s = X·(W_k q)/divisor, output
// Σ pⱼxⱼ against the target item, backpropagation through the softmax, Adam. Same work per step as the core, for
// every run kind (core/training_kinds.hpp): the cap, the learned θ and qk-norm's norms through W_kW_kᵀ included.
export function makeTrainer({
  keyCount: n,
  dk,
  modelDim: d = 32,
  batchSize: B = 16,
  learningRate = 0.01,
  scaled = true,
  kind = scaled ? 'sqrt' : 'unscaled',
  softcap = 50,
  seed = 1,
}) {
  const uniform = makeUniform(seed);
  const normal = makeNormal(seed + 1);
  const bits = () => (uniform() * 4294967296) >>> 0; // 32 random bits
  const learns = kind === 'learned-temperature' || kind === 'qk-norm';
  const normalised = kind === 'qk-norm';
  const fixed = kind === 'sqrt' || kind === 'softcap' ? Math.sqrt(dk) : kind === 'linear' ? dk : 1;
  let theta = learns ? 0.5 * Math.log(dk) : 0,
    mTheta = 0,
    vTheta = 0;
  const init = (factor) => Float64Array.from({ length: d * dk }, () => (factor * normal()) / Math.sqrt(d));
  const wq = init(kind === 't5-init' ? 1 / Math.sqrt(dk) : 1),
    wk = init(1);
  const gram = new Float64Array(normalised ? d * d : 0),
    pullA = new Float64Array(normalised ? d * d : 0);
  const mx = new Float64Array(d),
    norms = new Float64Array(n),
    qPull = new Float64Array(B);
  const [mq, vq, mk, vk] = [0, 0, 0, 0].map(() => new Float64Array(d * dk));
  const items = new Float64Array(B * n * d),
    queries = new Float64Array(B * d),
    targets = new Int32Array(B);
  const q = new Float64Array(B * dk),
    u = new Float64Array(B * d),
    r = new Float64Array(B * d),
    dq = new Float64Array(B * dk);
  const gq = new Float64Array(d * dk),
    gk = new Float64Array(d * dk);
  const p = new Float64Array(n),
    pull = new Float64Array(n),
    out = new Float64Array(d),
    scores = new Float64Array(n);
  let beta1Power = 1,
    beta2Power = 1;

  function sample() {
    for (let b = 0; b < B; b++) {
      let word = 0,
        left = 0;
      for (let k = 0; k < n * d; k++) {
        if (left === 0) {
          word = bits();
          left = 32;
        }
        items[b * n * d + k] = word & 1 ? 1 : -1;
        word >>>= 1;
        left--;
      }
      const t = (targets[b] = Math.floor(uniform() * n));
      for (let i = 0; i < d; i++)
        queries[b * d + i] = (bits() & 7) === 7 ? -items[(b * n + t) * d + i] : items[(b * n + t) * d + i];
    }
  }

  function adam(w, g, m, v, correction1, correction2) {
    for (let i = 0; i < w.length; i++) {
      m[i] = 0.9 * m[i] + 0.1 * g[i];
      v[i] = 0.999 * v[i] + 0.001 * g[i] * g[i];
      w[i] -= (learningRate * (m[i] / correction1)) / (Math.sqrt(v[i] / correction2) + 1e-8);
    }
  }

  function step() {
    sample();
    q.fill(0);
    r.fill(0);
    dq.fill(0);
    gq.fill(0);
    gk.fill(0);
    pullA.fill(0);
    qPull.fill(0);
    const divisor = kind === 'learned-temperature' ? Math.exp(theta) : fixed,
      gain = normalised ? Math.exp(theta) : 1;
    const rowDivisor = normalised ? 1 : divisor;
    let loss = 0,
      gTheta = 0;
    if (normalised) {
      for (let i = 0; i < d; i++) {
        for (let l = 0; l < d; l++) {
          let sum = 0;
          for (let c = 0; c < dk; c++) sum += wk[i * dk + c] * wk[l * dk + c];
          gram[i * d + l] = sum;
        }
      }
    }
    for (let b = 0; b < B; b++) {
      for (let i = 0; i < d; i++) {
        const x = queries[b * d + i];
        for (let l = 0; l < dk; l++) q[b * dk + l] += x * wq[i * dk + l];
      }
      for (let i = 0; i < d; i++) {
        let sum = 0;
        for (let l = 0; l < dk; l++) sum += wk[i * dk + l] * q[b * dk + l];
        u[b * d + i] = sum;
      }
      let max = -Infinity,
        qNorm = 1;
      if (normalised) {
        let sum = 0;
        for (let l = 0; l < dk; l++) sum += q[b * dk + l] * q[b * dk + l];
        qNorm = Math.sqrt(sum);
      }
      for (let j = 0; j < n; j++) {
        const at = (b * n + j) * d;
        let s = 0;
        for (let i = 0; i < d; i++) s += items[at + i] * u[b * d + i];
        if (normalised) {
          let kk = 0;
          for (let i = 0; i < d; i++) {
            let sum = 0;
            for (let l = 0; l < d; l++) sum += gram[i * d + l] * items[at + l];
            mx[i] = sum;
            kk += items[at + i] * sum;
          }
          norms[j] = Math.sqrt(kk);
          scores[j] = (gain * s) / (qNorm * norms[j]);
        } else {
          scores[j] = s / divisor;
          if (kind === 'softcap') scores[j] = softcap * Math.tanh(scores[j] / softcap);
        }
        p[j] = scores[j];
        if (p[j] > max) max = p[j];
      }
      let total = 0;
      for (let j = 0; j < n; j++) total += p[j] = Math.exp(p[j] - max);
      out.fill(0);
      for (let j = 0; j < n; j++) {
        p[j] /= total;
        for (let i = 0; i < d; i++) out[i] += p[j] * items[(b * n + j) * d + i];
      }
      const t = targets[b];
      for (let i = 0; i < d; i++) {
        const error = out[i] - items[(b * n + t) * d + i];
        loss += (error * error) / d;
        out[i] = (2 * error) / (d * B);
      }
      let mean = 0;
      for (let j = 0; j < n; j++) {
        let s = 0;
        for (let i = 0; i < d; i++) s += out[i] * items[(b * n + j) * d + i];
        mean += p[j] * (pull[j] = s);
      }
      for (let j = 0; j < n; j++) {
        const at = (b * n + j) * d;
        let g = p[j] * (pull[j] - mean);
        if (kind === 'learned-temperature') gTheta -= g * scores[j];
        if (normalised) {
          const onScale = g * scores[j];
          gTheta += onScale;
          qPull[b] += onScale;
          const c = -onScale / (norms[j] * norms[j]);
          for (let i = 0; i < d; i++) for (let l = 0; l < d; l++) pullA[i * d + l] += c * items[at + i] * items[at + l];
          g *= gain / (qNorm * norms[j]);
        } else if (kind === 'softcap') {
          g *= 1 - (scores[j] / softcap) ** 2;
        }
        for (let i = 0; i < d; i++) r[b * d + i] += g * items[at + i];
      }
    }
    for (let b = 0; b < B; b++) {
      for (let i = 0; i < d; i++) {
        const ri = r[b * d + i] / rowDivisor;
        for (let l = 0; l < dk; l++) dq[b * dk + l] += ri * wk[i * dk + l];
      }
      if (normalised) {
        let qq = 0;
        for (let l = 0; l < dk; l++) qq += q[b * dk + l] * q[b * dk + l];
        for (let l = 0; l < dk; l++) dq[b * dk + l] -= (qPull[b] / qq) * q[b * dk + l];
      }
      for (let i = 0; i < d; i++) {
        const ri = r[b * d + i] / rowDivisor,
          x = queries[b * d + i];
        for (let l = 0; l < dk; l++) {
          gk[i * dk + l] += ri * q[b * dk + l];
          gq[i * dk + l] += x * dq[b * dk + l];
        }
      }
    }
    if (normalised) {
      for (let i = 0; i < d; i++) {
        for (let l = 0; l < d; l++) for (let c = 0; c < dk; c++) gk[i * dk + c] += pullA[i * d + l] * wk[l * dk + c];
      }
    }
    beta1Power *= 0.9;
    beta2Power *= 0.999;
    adam(wq, gq, mq, vq, 1 - beta1Power, 1 - beta2Power);
    adam(wk, gk, mk, vk, 1 - beta1Power, 1 - beta2Power);
    if (learns) {
      mTheta = 0.9 * mTheta + 0.1 * gTheta;
      vTheta = 0.999 * vTheta + 0.001 * gTheta * gTheta;
      theta -= (learningRate * (mTheta / (1 - beta1Power))) / (Math.sqrt(vTheta / (1 - beta2Power)) + 1e-8);
    }
    return loss / B;
  }

  return {
    run(steps) {
      const losses = new Float64Array(steps);
      for (let s = 0; s < steps; s++) losses[s] = step();
      return losses;
    },
  };
}
