#pragma once

// Draws a kernel made lately, the most recently used first, kept while their sizes sum to at most a limit: a slider
// that comes back to a setting finds its draws instead of drawing them again.

#include <algorithm>
#include <cstdint>
#include <memory>
#include <vector>

// Draws needs extend(count) and size(); isFor(draws) says whether kept draws are for the asked setting.
template <typename Draws>
class RecentDraws {
 public:
  explicit RecentDraws(std::int64_t limit) : limit_(limit) {}

  // The kept draws isFor picks (else make()'s), extended to count and moved to the front; the oldest beyond the
  // limit are dropped, never the newest.
  template <typename IsFor, typename Make>
  const Draws& extended(IsFor isFor, Make make, int count) {
    auto found =
        std::find_if(drawn_.begin(), drawn_.end(), [&](const std::unique_ptr<Draws>& draws) { return isFor(*draws); });
    std::unique_ptr<Draws> draws;
    if (found != drawn_.end()) {
      draws = std::move(*found);
      drawn_.erase(found);
    } else {
      draws = make();
    }
    draws->extend(count);
    drawn_.insert(drawn_.begin(), std::move(draws));
    std::int64_t kept = 0;
    std::size_t keep = 0;
    while (keep < drawn_.size() && kept + drawn_[keep]->size() <= limit_) kept += drawn_[keep++]->size();
    drawn_.resize(std::max<std::size_t>(keep, 1));
    return *drawn_.front();
  }

 private:
  std::int64_t limit_;
  std::vector<std::unique_ptr<Draws>> drawn_;
};
