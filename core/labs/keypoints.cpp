#include "core/labs/keypoints.hpp"

#include <algorithm>
#include <cstdlib>

namespace fl::labs {

std::vector<std::int32_t> BoxResponse(const Image& gray) {
  const int w = gray.width(), h = gray.height();
  std::vector<std::int32_t> out(static_cast<std::size_t>(w) * h);
  // Column sums of the outer and inner windows for one row, then a horizontal pass: the same integer sums as
  // the GPU's direct 13x13 and 5x5 loops (addition of integers is exact in any order).
  std::vector<std::int32_t> col_outer(w), col_inner(w);
  for (int y = 0; y < h; ++y) {
    for (int x = 0; x < w; ++x) {
      std::int32_t so = 0, si = 0;
      for (int dy = -kOuterRadius; dy <= kOuterRadius; ++dy) {
        const std::int32_t v = gray.Row<std::uint8_t>(ClampIndex(y + dy, h))[x];
        so += v;
        if (dy >= -kInnerRadius && dy <= kInnerRadius) si += v;
      }
      col_outer[x] = so;
      col_inner[x] = si;
    }
    for (int x = 0; x < w; ++x) {
      std::int32_t so = 0, si = 0;
      for (int dx = -kOuterRadius; dx <= kOuterRadius; ++dx) {
        const int cx = ClampIndex(x + dx, w);
        so += col_outer[cx];
        if (dx >= -kInnerRadius && dx <= kInnerRadius) si += col_inner[cx];
      }
      out[static_cast<std::size_t>(y) * w + x] = BlobScore(si, so);
    }
  }
  return out;
}

CandidateList CompactCandidates(const std::vector<std::int32_t>& score, int width, int height, int threshold,
                                int capacity) {
  CandidateList list;
  for (int y = 0; y < height; ++y) {
    for (int x = 0; x < width; ++x) {
      if (!IsLocalMax(score.data(), width, height, x, y, threshold)) continue;
      const int index = y * width + x;
      if (list.found < capacity) list.keys.push_back(CandidateKey(score[index], index));
      ++list.found;
    }
  }
  list.overflow = list.found - static_cast<long long>(list.keys.size());
  return list;
}

std::vector<int> GreedyNms(const std::vector<KeyBox>& sorted, double iou) {
  std::vector<int> kept;
  for (int i = 0; i < static_cast<int>(sorted.size()); ++i) {
    const bool suppressed =
        std::any_of(kept.begin(), kept.end(), [&](int k) { return IouAbove(sorted[k], sorted[i], iou); });
    if (!suppressed) kept.push_back(i);
  }
  return kept;
}

std::vector<KeyBox> SortedBoxes(std::vector<std::uint64_t> keys, int width, int side) {
  std::sort(keys.begin(), keys.end());
  std::vector<KeyBox> boxes;
  boxes.reserve(keys.size());
  for (const auto k : keys) boxes.push_back(BoxOfKey(k, width, side));
  return boxes;
}

}  // namespace fl::labs
