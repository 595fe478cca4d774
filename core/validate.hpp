#pragma once
// Argument checks shared by every public function of the core, with the documented size caps.
#include <Eigen/Core>
#include <cstdint>
#include <string>

namespace attention_lab {

// Caps keep memory and time bounded whatever a caller asks for (the page passes learner-controlled values).
constexpr std::int64_t kMaxSoftmaxLength = 65536;
constexpr std::int64_t kMaxKeyDimension = 65536;
constexpr std::int64_t kMaxKeys = 4096;
constexpr std::int64_t kMaxJacobianLength = 1024;      // softmaxJacobian forms n×n doubles: 8 MiB at the cap
constexpr std::int64_t kMaxSamples = 1000000;          // samples in one experiment, statistic or histogram
constexpr std::int64_t kMaxBins = 1000;                // histogram bins
constexpr std::int64_t kMaxDirectProducts = 50000000;  // keyDimension × count for the O(dₖ)-per-sample method
constexpr std::int64_t kMaxAttentionRows = 4096;       // n queries, m keys
constexpr std::int64_t kMaxModelDimension = 4096;      // d (query/key width) and dv (value width)
constexpr std::int64_t kMaxAttentionCells = 4194304;   // n·m weights
constexpr std::int64_t kMaxMatrixCells =
    1048576;                                  // entries of Q, K, V or the output: 8 MiB each, so one call stays bounded
constexpr std::int64_t kMaxSweepPoints = 64;  // dₖ values, multipliers or dimensions in one sweep
constexpr std::int64_t kMaxSweepModes = 8;    // scale modes in one entropy sweep
constexpr std::int64_t kMaxTrials = 100000;   // Monte Carlo trials (or pairs) per sweep point
constexpr std::int64_t kMaxSweepWork = 20000000;  // random draws or softmax entries in one sweep call

void requireLength(const char* function, const char* argument, std::int64_t length, std::int64_t minLength,
                   std::int64_t maxLength);
void requireInRange(const char* function, const char* argument, double value, double low, double high);
// Integer arguments (sizes, counts): printed as integers, so caps like 1000000 read exactly.
void requireIntegerInRange(const char* function, const char* argument, std::int64_t value, std::int64_t low,
                           std::int64_t high);
// For a product of sizes (work or memory) against its cap.
void requireAtMost(const char* function, const char* argument, std::int64_t value, std::int64_t cap);
void requirePositiveFinite(const char* function, const char* argument, double value);
void requireFiniteValue(const char* function, const char* argument, double value);
// Strictly inside (low, high), e.g. a probability threshold.
void requireOpenInterval(const char* function, const char* argument, double value, double low, double high);
void requireFinite(const char* function, const char* argument, const Eigen::VectorXd& values);
// A probability vector: length 1..kMaxSoftmaxLength, finite, non-negative, summing to 1 within 1e-9·n.
void requireProbabilities(const char* function, const char* argument, const Eigen::VectorXd& p,
                          std::int64_t minLength = 1);

}  // namespace attention_lab
