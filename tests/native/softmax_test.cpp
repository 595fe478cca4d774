#include "softmax.hpp"

#include <doctest/doctest.h>

#include <cmath>
#include <string>

#include "errors.hpp"

using attention_lab::CoreError;
using attention_lab::softmax;

namespace {
Eigen::VectorXd vec(std::initializer_list<double> values) {
  Eigen::VectorXd v(static_cast<Eigen::Index>(values.size()));
  Eigen::Index i = 0;
  for (double x : values) v[i++] = x;
  return v;
}
}  // namespace

TEST_CASE("softmax reproduces the lesson's reference vectors") {
  const Eigen::VectorXd p = softmax(vec({1, 0.5, 0, -0.5}));
  CHECK(p[0] == doctest::Approx(0.455054).epsilon(1e-6));
  CHECK(p[1] == doctest::Approx(0.276004).epsilon(1e-6));
  CHECK(p[2] == doctest::Approx(0.167405).epsilon(1e-6));
  CHECK(p[3] == doctest::Approx(0.101536).epsilon(1e-6));

  const Eigen::VectorXd large = softmax(vec({20, 22, 18, 21}));
  CHECK(large[1] == doctest::Approx(0.657233).epsilon(1e-6));
  const Eigen::VectorXd scaled = softmax(vec({20, 22, 18, 21}), std::sqrt(512.0));
  CHECK(scaled[0] == doctest::Approx(0.246731).epsilon(1e-6));
  CHECK(scaled[3] == doctest::Approx(0.257879).epsilon(1e-6));
}

TEST_CASE("softmax does not overflow on huge scores") {
  const Eigen::VectorXd p = softmax(vec({1000, 999, -1000}));
  CHECK(p.allFinite());
  CHECK(p.sum() == doctest::Approx(1.0));
  CHECK(p[0] == doctest::Approx(1.0 / (1.0 + std::exp(-1.0))));
}

TEST_CASE("softmax rejects bad input with a message naming the argument") {
  CHECK_THROWS_WITH_AS(softmax(Eigen::VectorXd()), "softmax: scores must be of length 1 to 65536, got 0 elements",
                       CoreError);
  CHECK_THROWS_WITH_AS(softmax(vec({1, NAN})), "softmax: scores[1] must be finite or -inf, got nan", CoreError);
  CHECK_THROWS_WITH_AS(softmax(vec({1, 2}), 0.0), "softmax: temperature must be a finite number greater than 0, got 0",
                       CoreError);
}

// ---- Issue 3: options, mask, log-softmax, entropy and saturation ----

#include <limits>

#include "test_vectors.hpp"

namespace {
using attention_lab::SoftmaxOptions;
constexpr double kInf = std::numeric_limits<double>::infinity();

// |actual − reference| within half a unit of the reference's last printed decimal place.
void checkPrinted(double actual, double reference, double lastPlace) {
  CAPTURE(reference);
  CHECK(std::abs(actual - reference) <= 0.5 * lastPlace);
}
}  // namespace

TEST_CASE("every softmax reference value in the lesson brief, to its printed digits") {
  using test_vectors::vec;
  const Eigen::VectorXd a = softmax(vec({1, 0.5, 0, -0.5}));
  const double ra[] = {0.455054, 0.276004, 0.167405, 0.101536};
  for (int i = 0; i < 4; ++i) checkPrinted(a[i], ra[i], 1e-6);
  CHECK(a.sum() == doctest::Approx(1.0).epsilon(1e-15));

  const Eigen::VectorXd times5 = softmax(5 * vec({1, 0.5, 0, -0.5}));
  checkPrinted(times5.maxCoeff(), 0.917957, 1e-6);
  checkPrinted(attention_lab::maxWeight(times5), 0.917957, 1e-6);

  const Eigen::VectorXd b = softmax(vec({20, 22, 18, 21}));
  const double rb[] = {0.088947, 0.657233, 0.012038, 0.241783};
  for (int i = 0; i < 4; ++i) checkPrinted(b[i], rb[i], 1e-6);

  const Eigen::VectorXd c = softmax(vec({20, 22, 18, 21}) / std::sqrt(512.0));
  const double rc[] = {0.246731, 0.269532, 0.225859, 0.257879};
  for (int i = 0; i < 4; ++i) checkPrinted(c[i], rc[i], 1e-6);

  const Eigen::VectorXd d = softmax(vec({9.2, -3.1, 8.8, -5.4, 1.2}));
  checkPrinted(d[0], 0.598566, 1e-6);
  checkPrinted(d[1], 0.000003, 1e-6);
  checkPrinted(d[2], 0.401231, 1e-6);
  checkPrinted(d[3], 0.0000003, 1e-7);
  checkPrinted(d[4], 0.000201, 1e-6);
}

TEST_CASE("p₁ of softmax(x, 0, 0, 0) first exceeds 0.99 at x = ln 297") {
  using test_vectors::vec;
  const double x = attention_lab::saturationCrossing(0.99, 4);
  CHECK(x == doctest::Approx(std::log(297.0)).epsilon(1e-14));
  checkPrinted(x, 5.6937, 1e-4);
  CHECK(softmax(vec({x, 0, 0, 0}))[0] == doctest::Approx(0.99).epsilon(1e-12));
  CHECK(softmax(vec({x + 1e-6, 0, 0, 0}))[0] > 0.99);
  CHECK(softmax(vec({x - 1e-6, 0, 0, 0}))[0] < 0.99);
  CHECK(attention_lab::saturationCrossing(0.5, 2) == doctest::Approx(0.0));
  CHECK(attention_lab::saturationCrossing(0.5, 9) == doctest::Approx(std::log(8.0)));
}

TEST_CASE("temperature in the options equals dividing the scores") {
  using test_vectors::vec;
  SoftmaxOptions options;
  options.temperature = std::sqrt(512.0);
  const Eigen::VectorXd viaOptions = softmax(vec({20, 22, 18, 21}), options);
  const Eigen::VectorXd divided = softmax(vec({20, 22, 18, 21}) / std::sqrt(512.0));
  CHECK((viaOptions - divided).cwiseAbs().maxCoeff() < 1e-15);
  options.temperature = 1e-3;  // T → 0 is argmax
  CHECK(softmax(vec({1, 2, 1.5}), options)[1] == 1.0);
  options.temperature = 1e9;  // T → ∞ is uniform
  CHECK(softmax(vec({1, 2, 1.5}), options)[0] == doctest::Approx(1.0 / 3));
}

TEST_CASE("masked positions get weight exactly 0, and −∞ scores act as masked") {
  using test_vectors::vec;
  SoftmaxOptions options;
  options.mask = {1, 0, 1, 0};
  const Eigen::VectorXd p = softmax(vec({1, 50, 0, -3}), options);
  CHECK(p[1] == 0.0);
  CHECK(p[3] == 0.0);
  CHECK(p[0] == doctest::Approx(1.0 / (1.0 + std::exp(-1.0))));
  CHECK(p.sum() == doctest::Approx(1.0));
  const Eigen::VectorXd q = softmax(vec({1, -kInf, 0, -kInf}));
  CHECK((p - q).cwiseAbs().maxCoeff() == 0.0);
  const Eigen::VectorXd logP = attention_lab::logSoftmax(vec({1, 50, 0, -3}), options);
  CHECK(logP[1] == -kInf);
  CHECK(logP[0] == doctest::Approx(std::log(p[0])));
}

TEST_CASE("logSoftmax equals log of softmax, and stays finite where softmax underflows") {
  using test_vectors::vec;
  const Eigen::VectorXd s = vec({1, 0.5, 0, -0.5});
  const Eigen::VectorXd logP = attention_lab::logSoftmax(s);
  for (int i = 0; i < 4; ++i) CHECK(logP[i] == doctest::Approx(std::log(softmax(s)[i])).epsilon(1e-14));
  const Eigen::VectorXd extreme = attention_lab::logSoftmax(vec({0, -2000}));
  CHECK(softmax(vec({0, -2000}))[1] == 0.0);
  CHECK(extreme[1] == doctest::Approx(-2000.0));
}

TEST_CASE("entropy, perplexity and max weight") {
  using test_vectors::vec;
  for (int n : {1, 2, 8, 1000}) {
    CAPTURE(n);
    const Eigen::VectorXd uniform = Eigen::VectorXd::Constant(n, 1.0 / n);
    CHECK(attention_lab::entropy(uniform) == doctest::Approx(std::log(n)));
    CHECK(attention_lab::perplexity(uniform) == doctest::Approx(n));
    CHECK(attention_lab::maxWeight(uniform) == doctest::Approx(1.0 / n));
  }
  checkPrinted(attention_lab::entropy(Eigen::VectorXd::Constant(8, 0.125)), 2.079, 1e-3);  // question 8
  CHECK(attention_lab::entropy(vec({0, 1, 0})) == 0.0);                                    // 0·log 0 = 0
  CHECK(attention_lab::perplexity(vec({0, 1, 0})) == 1.0);
  CHECK(attention_lab::entropy(vec({0.5, 0.5, 0})) == doctest::Approx(std::log(2.0)));
  // Entropy falls as the scores spread: the saturation of step 3.
  const Eigen::VectorXd s = vec({1, 0.5, 0, -0.5});
  CHECK(attention_lab::entropy(softmax(s)) > attention_lab::entropy(softmax(5 * s)));
  CHECK(attention_lab::entropy(softmax(5 * s)) > attention_lab::entropy(softmax(50 * s)));
}

TEST_CASE("softmax and logSoftmax reject bad scores, temperatures and masks with exact messages") {
  using test_vectors::vec;
  CHECK_THROWS_WITH_AS(softmax(vec({1, kInf})), "softmax: scores[1] must be finite or -inf, got inf", CoreError);
  CHECK_THROWS_WITH_AS(softmax(Eigen::VectorXd::Zero(65537)),
                       "softmax: scores must be of length 1 to 65536, got 65537 elements", CoreError);
  CHECK_THROWS_WITH_AS(softmax(vec({1, 2}), kInf),
                       "softmax: temperature must be a finite number greater than 0, got inf", CoreError);
  CHECK_THROWS_WITH_AS(softmax(vec({-kInf, -kInf})),
                       "softmax: scores must be at least partly unmasked (a finite score whose mask is 1), got all 2 "
                       "positions masked",
                       CoreError);
  SoftmaxOptions options;
  options.mask = {1, 0};
  CHECK_THROWS_WITH_AS(softmax(vec({1, 2, 3}), options),
                       "softmax: mask must be empty (no mask) or of length 3 (one per score), got 2 elements",
                       CoreError);
  options.mask = {0, 2, 1};
  CHECK_THROWS_WITH_AS(softmax(vec({1, 2, 3}), options), "softmax: mask[1] must be 0 or 1, got 2", CoreError);
  options.mask = {0, 1, 0};
  CHECK_THROWS_WITH_AS(softmax(vec({1, -kInf, 3}), options),
                       "softmax: scores must be at least partly unmasked (a finite score whose mask is 1), got all 3 "
                       "positions masked",
                       CoreError);
  options.mask.clear();
  options.temperature = -1;
  CHECK_THROWS_WITH_AS(attention_lab::logSoftmax(vec({1, 2}), options),
                       "logSoftmax: temperature must be a finite number greater than 0, got -1", CoreError);
  CHECK_THROWS_WITH_AS(attention_lab::logSoftmax(Eigen::VectorXd()),
                       "logSoftmax: scores must be of length 1 to 65536, got 0 elements", CoreError);
  CHECK_THROWS_WITH_AS(attention_lab::logSoftmax(vec({NAN})), "logSoftmax: scores[0] must be finite or -inf, got nan",
                       CoreError);
}

TEST_CASE("weight summaries and saturationCrossing reject bad input with exact messages") {
  using test_vectors::vec;
  CHECK_THROWS_WITH_AS(attention_lab::entropy(Eigen::VectorXd()),
                       "entropy: weights must be of length 1 to 65536, got 0 elements", CoreError);
  CHECK_THROWS_WITH_AS(attention_lab::entropy(vec({0.5, NAN})), "entropy: weights[1] must be finite, got nan",
                       CoreError);
  CHECK_THROWS_WITH_AS(attention_lab::entropy(vec({1.5, -0.5})), "entropy: weights[1] must be at least 0, got -0.5",
                       CoreError);
  CHECK_THROWS_WITH_AS(attention_lab::entropy(vec({0.5, 0.6})),
                       "entropy: weights must be a probability vector summing to 1 within 2e-09, got a sum of 1.1",
                       CoreError);
  CHECK_THROWS_WITH_AS(attention_lab::perplexity(vec({0.5, 0.5000001})),
                       "perplexity: weights must be a probability vector summing to 1 within 2e-09, got a sum of "
                       "1.0000001",
                       CoreError);
  CHECK_THROWS_WITH_AS(attention_lab::maxWeight(vec({kInf})), "maxWeight: weights[0] must be finite, got inf",
                       CoreError);
  CHECK_THROWS_WITH_AS(attention_lab::saturationCrossing(1.0, 4),
                       "saturationCrossing: threshold must be strictly between 0 and 1, got 1", CoreError);
  CHECK_THROWS_WITH_AS(attention_lab::saturationCrossing(NAN, 4),
                       "saturationCrossing: threshold must be strictly between 0 and 1, got nan", CoreError);
  CHECK_THROWS_WITH_AS(attention_lab::saturationCrossing(0.99, 1),
                       "saturationCrossing: n must be between 2 and 65536, got 1", CoreError);
  CHECK_THROWS_WITH_AS(attention_lab::saturationCrossing(0.99, 65537),
                       "saturationCrossing: n must be between 2 and 65536, got 65537", CoreError);
}
