// The first figure's one call, dotProductExperiment, as plain C exports: a module without Embind, whose glue is the
// few lines of web/src/core/first-figure-core.ts, so the page draws that figure before the full core has arrived.
// The same core sources and flags as the full module, so its numbers are the same bits.
#include <emscripten/emscripten.h>

#include <cstddef>
#include <iterator>
#include <string>
#include <vector>

#include "dot_product_call.hpp"
#include "rejection.hpp"

namespace attention_lab::bindings {
namespace {

// The last call's answer (the head, then edges, counts, density counts and samples) or its rejection, kept until the
// next call; the strings JS writes for a call.
std::vector<double> answer;
Rejection rejection;
std::string text;

template <typename Values>
void append(const Values& values) {
  answer.insert(answer.end(), values.data(), values.data() + values.size());
}

}  // namespace
}  // namespace attention_lab::bindings

using namespace attention_lab::bindings;

extern "C" {

// Room for a call's strings (its mode, then its method), which JS writes there; null past 4 KiB.
EMSCRIPTEN_KEEPALIVE char* textBuffer(double bytes) {
  if (!(bytes >= 0 && bytes <= 4096)) return nullptr;
  text.assign(static_cast<std::size_t>(bytes), '\0');
  return text.data();
}

// 1 and the answer at answerAddress(), or 0 and the rejection at rejectionText() (its kind at rejectionIsType()).
// The mode and method are the first modeBytes and the next methodBytes of textBuffer's room.
EMSCRIPTEN_KEEPALIVE int dotProductExperiment(double dk, double count, double seed, int modeBytes, double temperature,
                                              int methodBytes, double bins, int withSamples) {
  if (modeBytes < 0 || methodBytes < 0 || static_cast<std::size_t>(modeBytes) + methodBytes > text.size()) {
    rejection = {attention_lab::ErrorKind::Shape, "dotProductExperiment: mode and method must be in textBuffer"};
    return 0;
  }
  const std::string mode = text.substr(0, static_cast<std::size_t>(modeBytes));
  const std::string method = text.substr(static_cast<std::size_t>(modeBytes), static_cast<std::size_t>(methodBytes));
  try {
    const attention_lab::DotProductExperiment e =
        dotProductExperimentCall(dk, count, seed, mode, temperature, method, bins);
    const std::size_t sampleCount = withSamples ? static_cast<std::size_t>(e.samples.size()) : 0;
    // The head, read by first-figure-core.ts in this order; then the arrays, their lengths from bins.
    const double head[] = {e.mean,
                           e.variance,
                           e.std,
                           e.meanStandardError,
                           e.varianceStandardError,
                           e.stdStandardError,
                           e.theoryVariance,
                           e.theoryStd,
                           static_cast<double>(e.histogram.below),
                           static_cast<double>(e.histogram.above),
                           static_cast<double>(e.histogram.counts.size()),
                           static_cast<double>(sampleCount)};
    answer.assign(std::begin(head), std::end(head));
    append(e.histogram.edges);
    append(e.histogram.counts);
    append(e.densityCounts);
    if (withSamples) append(e.samples);
    return 1;
  } catch (const std::exception& error) {
    rejection = rejectionOf(error);
    return 0;
  }
}

EMSCRIPTEN_KEEPALIVE const double* answerAddress() { return answer.data(); }
EMSCRIPTEN_KEEPALIVE const char* rejectionText() { return rejection.message.c_str(); }
EMSCRIPTEN_KEEPALIVE int rejectionIsType() { return rejection.kind == attention_lab::ErrorKind::Shape ? 1 : 0; }

}  // extern "C"
