#pragma once
// The keypoints lab's arithmetic: a difference-of-boxes blob response in integers, 3x3 local maxima above a
// threshold compacted into a list of fixed capacity, and greedy non-maximum suppression of a box around each.
// The inline FL_HOST_DEVICE functions are shared verbatim with the CUDA kernels (cuda/labs/keypoints.cu), so
// the GPU's scores, candidate order and IoU decisions are the CPU reference's, bit for bit.
#include <cstdint>
#include <vector>

#include "core/host_device.hpp"
#include "core/image.hpp"

namespace fl::labs {

// Inner box 5x5, outer box 13x13, replicate border. score = |169 * inner_sum - 25 * outer_sum|: the
// difference of the two box means times 25 * 169 = 4225, an exact int32 (at most 4225 * 255).
constexpr int kInnerRadius = 2;
constexpr int kOuterRadius = 6;
constexpr int kInnerArea = (2 * kInnerRadius + 1) * (2 * kInnerRadius + 1);
constexpr int kOuterArea = (2 * kOuterRadius + 1) * (2 * kOuterRadius + 1);
constexpr int kScoreUnit = kInnerArea * kOuterArea;  // a score of kScoreUnit is one gray level of contrast

FL_HOST_DEVICE inline std::int32_t BlobScore(std::int32_t inner_sum, std::int32_t outer_sum) {
  const std::int32_t d = kOuterArea * inner_sum - kInnerArea * outer_sum;
  return d > 0 ? d : 0;
}

FL_HOST_DEVICE inline int ClampIndex(int v, int n) { return v < 0 ? 0 : (v >= n ? n - 1 : v); }

// A candidate is one 64-bit key: (kMaxScore - score) in the high word, the pixel index (y * width + x) in the
// low word, so ascending keys are (score descending, index ascending): the order greedy NMS visits them in.
constexpr std::uint32_t kMaxScore = 0x7fffffffu;
FL_HOST_DEVICE inline std::uint64_t CandidateKey(int score, int index) {
  return (static_cast<std::uint64_t>(kMaxScore - static_cast<std::uint32_t>(score)) << 32) |
         static_cast<std::uint32_t>(index);
}
FL_HOST_DEVICE inline int KeyScore(std::uint64_t key) { return static_cast<int>(kMaxScore - (key >> 32)); }
FL_HOST_DEVICE inline int KeyIndex(std::uint64_t key) { return static_cast<int>(key & 0xffffffffu); }

// Is (x, y) a candidate? score > threshold * kScoreUnit, and a 3x3 local maximum: strictly above the
// neighbours that come earlier in raster order and at least the later ones, so a plateau yields exactly one
// candidate (its first pixel) on CPU and GPU alike.
FL_HOST_DEVICE inline bool IsLocalMax(const std::int32_t* score, int w, int h, int x, int y, int threshold) {
  const std::int32_t s = score[y * w + x];
  if (s <= static_cast<std::int64_t>(threshold) * kScoreUnit) return false;
  for (int dy = -1; dy <= 1; ++dy) {
    for (int dx = -1; dx <= 1; ++dx) {
      const int nx = x + dx, ny = y + dy;
      if ((dx == 0 && dy == 0) || nx < 0 || ny < 0 || nx >= w || ny >= h) continue;
      const std::int32_t n = score[ny * w + nx];
      const bool earlier = dy < 0 || (dy == 0 && dx < 0);
      if (n > s || (earlier && n == s)) return false;
    }
  }
  return true;
}

// A box of side `side` around a candidate, half-open: [x0, x1) x [y0, y1). Boxes may reach past the image.
struct KeyBox {
  int x0 = 0, y0 = 0, x1 = 0, y1 = 0;
  int score = 0;
  int index = 0;
};
FL_HOST_DEVICE inline KeyBox BoxOfKey(std::uint64_t key, int width, int side) {
  KeyBox b;
  b.index = KeyIndex(key);
  b.score = KeyScore(key);
  b.x0 = b.index % width - side / 2;
  b.y0 = b.index / width - side / 2;
  b.x1 = b.x0 + side;
  b.y1 = b.y0 + side;
  return b;
}

// IoU(a, b) > iou, decided as intersection > iou * union in double: one rounding (the product), the same on
// the host and the device, and exact for the integer areas below 2^53. iou = 1 never suppresses; iou = 0
// suppresses any overlap.
FL_HOST_DEVICE inline bool IouAbove(const KeyBox& a, const KeyBox& b, double iou) {
  const long long iw = static_cast<long long>(a.x1 < b.x1 ? a.x1 : b.x1) - (a.x0 > b.x0 ? a.x0 : b.x0);
  const long long ih = static_cast<long long>(a.y1 < b.y1 ? a.y1 : b.y1) - (a.y0 > b.y0 ? a.y0 : b.y0);
  if (iw <= 0 || ih <= 0) return false;
  const long long inter = iw * ih;
  const long long area_a = static_cast<long long>(a.x1 - a.x0) * (a.y1 - a.y0);
  const long long area_b = static_cast<long long>(b.x1 - b.x0) * (b.y1 - b.y0);
  const long long uni = area_a + area_b - inter;
  return static_cast<double>(inter) > iou * static_cast<double>(uni);
}

// The response of every pixel (row-major, width * height).
std::vector<std::int32_t> BoxResponse(const Image& gray);

struct CandidateList {
  std::vector<std::uint64_t> keys;  // at most `capacity`, in the order they were found (raster order here)
  long long found = 0;              // every candidate, listed or not
  long long overflow = 0;           // found - listed
};
// The serial compaction: candidates in raster order, the first `capacity` listed, the rest only counted.
CandidateList CompactCandidates(const std::vector<std::int32_t>& score, int width, int height, int threshold,
                                int capacity);

// Greedy NMS over boxes sorted by (score desc, index asc): a box is kept unless a kept box before it overlaps
// it with IoU > iou. Returns the positions of the kept boxes, in order.
std::vector<int> GreedyNms(const std::vector<KeyBox>& sorted, double iou);

// Sorts keys ascending and makes their boxes.
std::vector<KeyBox> SortedBoxes(std::vector<std::uint64_t> keys, int width, int side);

}  // namespace fl::labs
