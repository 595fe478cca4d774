#pragma once
// exp of two doubles at once in WebAssembly SIMD, bit for bit what WASM's scalar std::exp (musl's) returns, so the
// weights that tests and lessons read keep every bit. Only under __wasm_simd128__: native builds call std::exp.
#ifdef __wasm_simd128__
#include <wasm_simd128.h>  // a compiler intrinsic header (clang), not an Emscripten API: the core stays portable

#include <cstdint>

// The scalar exp's own constants and table of 2^(k/128), linked from the toolchain's libc (musl 1.2, exp_data.h):
// the same numbers in the same steps give the same bits. tests/js/core-attention-kernels holds attention's weights,
// which use this, equal to softmax's, which calls std::exp, on a million scores over every range.
extern "C" const struct MuslExpData {
  double invLn2N, shift, negLn2HiN, negLn2LoN, poly[4];
  double exp2Shift, exp2Poly[5];
  std::uint64_t table[2 * 128];
} __exp_data;

namespace attention_lab {

// True when both lanes take the scalar exp's main path, 2⁻⁵⁴ ≤ |x| < 512; otherwise (0, tiny, large, ±∞, NaN) the
// caller calls std::exp on each lane, which handles those cases.
inline bool expPairInRange(v128_t x) {
  const v128_t size = wasm_f64x2_abs(x);
  return wasm_i64x2_all_true(
      wasm_v128_and(wasm_f64x2_ge(size, wasm_f64x2_splat(0x1p-54)), wasm_f64x2_lt(size, wasm_f64x2_splat(512.0))));
}

// exp(x) = 2^(k/128)·exp(r) for both lanes, each step the scalar one's: x = k·ln2/128 + r, a degree-5 polynomial for
// exp(r) − 1 around the table's 2^(k/128). Any input is safe (the table index is k mod 128); only in-range lanes are
// exact.
inline v128_t expPair(v128_t x) {
  const MuslExpData& data = __exp_data;
  const v128_t shift = wasm_f64x2_splat(data.shift);
  // Adding 1.5·2⁵² rounds k into the low bits of kd; subtracting it again leaves k as a double.
  const v128_t rounded = wasm_f64x2_add(wasm_f64x2_mul(wasm_f64x2_splat(data.invLn2N), x), shift);
  const v128_t k = wasm_f64x2_sub(rounded, shift);
  const v128_t r = wasm_f64x2_add(wasm_f64x2_add(x, wasm_f64x2_mul(k, wasm_f64x2_splat(data.negLn2HiN))),
                                  wasm_f64x2_mul(k, wasm_f64x2_splat(data.negLn2LoN)));
  const std::uint64_t* entry0 = data.table + 2 * (wasm_i64x2_extract_lane(rounded, 0) & 127);
  const std::uint64_t* entry1 = data.table + 2 * (wasm_i64x2_extract_lane(rounded, 1) & 127);
  const v128_t tail = wasm_i64x2_make(entry0[0], entry1[0]);
  const v128_t scale = wasm_i64x2_add(wasm_i64x2_make(entry0[1], entry1[1]), wasm_i64x2_shl(rounded, 45));
  const v128_t r2 = wasm_f64x2_mul(r, r);
  const v128_t low = wasm_f64x2_add(wasm_f64x2_splat(data.poly[0]), wasm_f64x2_mul(r, wasm_f64x2_splat(data.poly[1])));
  const v128_t high = wasm_f64x2_add(wasm_f64x2_splat(data.poly[2]), wasm_f64x2_mul(r, wasm_f64x2_splat(data.poly[3])));
  const v128_t tmp = wasm_f64x2_add(wasm_f64x2_add(wasm_f64x2_add(tail, r), wasm_f64x2_mul(r2, low)),
                                    wasm_f64x2_mul(wasm_f64x2_mul(r2, r2), high));
  return wasm_f64x2_add(scale, wasm_f64x2_mul(scale, tmp));
}

}  // namespace attention_lab
#endif
