#include "cuda/filters/warp_tile_plan.hpp"

#include <algorithm>
#include <cmath>
#include <map>
#include <mutex>
#include <tuple>
#include <vector>

namespace fl::cuda::warp {
namespace {

constexpr int kBanks = 32;
constexpr int kSampledWarps = 8;
constexpr int kBankBytes = 4 * kBanks;
// A stride that keeps rows 16-byte aligned lets the staging copy whole chunks instead of four words each (a fifth of
// rgba8's instructions at 30 degrees): it is taken even when its tap loads cost up to this much more than the best
// stride's. H100, rgba8, 8192x8192, three rounds (bench/results/2026-11-27j_session10, call 11): 0 degrees at scale
// 0.7 (1.09 times the wavefronts) 81.6 -> 89.9% of a copy, 5 degrees at 0.7 (1.32 times) 79.1 -> 88.2, 20 and 75
// degrees (1.23, 1.20) 67.6 / 66.6 -> 72.6 / 72.0; nothing slower at 1.15, 1.25 or 1.4. At 2 (call 15): 5, 10 and
// 15 degrees (1.7 to 1.9 times) 66.8 / 67.1 / 67.0 -> 70.0 / 71.1 / 71.9, 90 at scale 2 (2 times) 78.2 -> 79.0,
// nothing slower; 0 and 90 degrees at scale 1 (4 times: the identity's rows share their banks) keep four words.
constexpr double kAlignedStrideConflicts = 2.0;
// Shifts standing in for the map's own (the layout must not depend on it): a block's bank pattern depends on
// the fractional part of its positions, so the search counts several.
constexpr float kProbeShifts[][2] = {{1000.37f, 1000.61f}, {2000.83f, 3000.12f}, {500.5f, 700.95f},
                                     {4000.06f, 1500.44f}};

int CeilSpan(double span) { return static_cast<int>(std::ceil(span)); }

int PowerOfTwoAtLeast(int n) {
  int p = 1;
  while (p < n) p *= 2;
  return p;
}
int PowerOfTwoAtMost(int n) {
  int p = 1;
  while (p * 2 <= n) p *= 2;
  return p;
}

struct Tap {
  int x0, y0;
};
// One load instruction of a warp: its lanes' first taps, and the region origin of the probe they belong to.
struct SampledLoad {
  Tap lanes[32];
  int count = 0;
  int min_x = 0, min_y = 0;
};

// The first tap of each sampled lane, per load instruction (probe, warp, pixel of the unit).
std::vector<SampledLoad> SampleTaps(const cpu::AffineF& inverse, int bx, int by) {
  const int threads = bx * by;
  const int warps = std::min(kSampledWarps, (threads + 31) / 32);
  std::vector<SampledLoad> loads;
  for (const auto& shift : kProbeShifts) {
    cpu::AffineF probe = inverse;
    probe.m[2] = shift[0];
    probe.m[5] = shift[1];
    const std::size_t first = loads.size();
    for (int w = 0; w < warps; ++w)
      for (int i = 0; i < kUnitPixels; ++i) {
        SampledLoad load;
        for (int lane = 0; lane < 32 && w * 32 + lane < threads; ++lane) {
          const int t = w * 32 + lane;
          const UnitOrigin o = TileUnitOrigin(t % bx, t / bx, bx, by);
          float sx = 0, sy = 0;
          cpu::MapPoint(probe, kUnitPixels * o.x + i, o.y, sx, sy);
          load.lanes[load.count++] = {static_cast<int>(std::floor(sx)), static_cast<int>(std::floor(sy))};
        }
        loads.push_back(std::move(load));
      }
    // The probe's region starts at its taps' minimum (the kernel's starts a margin before: the same banks
    // up to a shift of whole rows and the chunk alignment, which this keeps).
    int min_x = loads[first].lanes[0].x0, min_y = loads[first].lanes[0].y0;
    for (std::size_t k = first; k < loads.size(); ++k)
      for (int lane = 0; lane < loads[k].count; ++lane) {
        min_x = std::min(min_x, loads[k].lanes[lane].x0);
        min_y = std::min(min_y, loads[k].lanes[lane].y0);
      }
    for (std::size_t k = first; k < loads.size(); ++k) {
      loads[k].min_x = min_x;
      loads[k].min_y = min_y;
    }
  }
  return loads;
}

// A load's wavefronts: the most distinct 4-byte words any one bank must deliver.
long CountWavefronts(const std::vector<SampledLoad>& loads, int channels, int stride) {
  long total = 0;
  for (const SampledLoad& load : loads) {
    const long base = (static_cast<long>(load.min_x) * channels) & ~static_cast<long>(kChunkBytes - 1);
    long words[32];
    for (int lane = 0; lane < load.count; ++lane) {
      const Tap& t = load.lanes[lane];
      words[lane] = (static_cast<long>(t.y0 - load.min_y) * stride + static_cast<long>(t.x0) * channels - base) / 4;
    }
    std::sort(words, words + load.count);
    const long* end = std::unique(words, words + load.count);
    int per_bank[kBanks] = {};
    for (const long* word = words; word != end; ++word) ++per_bank[*word % kBanks];
    total += *std::max_element(per_bank, per_bank + kBanks);
  }
  return total;
}

TileLayout ComputeTileLayout(const cpu::AffineF& inverse, int channels, int bx, int by, int rows,
                             std::size_t smem_budget) {
  TileLayout l;
  l.tile_w = kUnitPixels * bx;
  l.tile_h = by * rows;
  const double span_x = std::fabs(double{inverse.m[0]}) * (l.tile_w - 1) +
                        std::fabs(double{inverse.m[1]}) * (l.tile_h - 1);
  const double span_y = std::fabs(double{inverse.m[3]}) * (l.tile_w - 1) +
                        std::fabs(double{inverse.m[4]}) * (l.tile_h - 1);
  // Margins on both sides, the second tap, and a pixel for floor() of spans evaluated in float.
  const double slack = 2 * kRegionMargin + 4;
  const double bytes_bound = (span_x + slack + 1) * channels + 2 * kChunkBytes;  // before any int cast
  if (!(bytes_bound * (span_y + slack + 1) <= static_cast<double>(smem_budget))) return l;
  l.region_w = CeilSpan(span_x) + static_cast<int>(slack);
  l.region_h = CeilSpan(span_y) + static_cast<int>(slack);
  // The region's first byte is rounded down to a chunk boundary: up to 15 more bytes in front.
  l.chunks = (l.region_w * channels + kChunkBytes - 1 + kChunkBytes - 1) / kChunkBytes;
  const int base_stride = l.chunks * kChunkBytes;
  const auto loads = SampleTaps(inverse, bx, by);
  const int step = StrideStep(channels);
  // The fewest wavefronts over every candidate, then over the 16-byte-aligned ones (the same set for gray8).
  long best = -1, best_aligned = -1;
  int aligned_stride = 0;
  for (int k = 0; k < kBankBytes / step; ++k) {
    const int stride = base_stride + step * k;
    if (static_cast<std::size_t>(stride) * static_cast<std::size_t>(l.region_h) > smem_budget) break;
    const long wavefronts = CountWavefronts(loads, channels, stride);
    if (best < 0 || wavefronts < best) {
      best = wavefronts;
      l.stride = stride;
    }
    if (stride % kChunkBytes == 0 && (best_aligned < 0 || wavefronts < best_aligned)) {
      best_aligned = wavefronts;
      aligned_stride = stride;
    }
  }
  l.wavefronts = best;
  if (best_aligned >= 0 && static_cast<double>(best_aligned) <= kAlignedStrideConflicts * static_cast<double>(best)) {
    l.stride = aligned_stride;
    l.wavefronts = best_aligned;
  }
  if (l.stride == 0) return TileLayout{};
  l.staged = true;
  l.smem_bytes = static_cast<std::size_t>(l.stride) * static_cast<std::size_t>(l.region_h);
  const int lanes = std::min({32, PowerOfTwoAtLeast(l.chunks), PowerOfTwoAtMost(bx * by)});
  while ((1 << l.fill_lane_shift) < lanes) ++l.fill_lane_shift;
  return l;
}

}  // namespace

long TapWavefronts(const cpu::AffineF& inverse, int channels, int bx, int by, int stride) {
  return CountWavefronts(SampleTaps(inverse, bx, by), channels, stride);
}

// The stride search takes about a millisecond; the lab re-plans and launches the same stage every frame, so
// the last layouts are kept (the executor may run on a worker thread: one lock).
TileLayout PlanTileLayout(const cpu::AffineF& inverse, int channels, int bx, int by, int rows,
                          std::size_t smem_budget) {
  using Key = std::tuple<float, float, float, float, int, int, int, int, std::size_t>;
  static std::mutex mutex;
  static std::map<Key, TileLayout> cache;
  constexpr std::size_t kCacheEntries = 64;
  const Key key{inverse.m[0], inverse.m[1], inverse.m[3], inverse.m[4], channels, bx, by, rows, smem_budget};
  {
    const std::lock_guard<std::mutex> lock(mutex);
    if (const auto it = cache.find(key); it != cache.end()) return it->second;
  }
  const TileLayout l = ComputeTileLayout(inverse, channels, bx, by, rows, smem_budget);
  const std::lock_guard<std::mutex> lock(mutex);
  if (cache.size() >= kCacheEntries) cache.clear();
  cache.emplace(key, l);
  return l;
}

RegionOrigins PlanRegionOrigins(const cpu::AffineF& inverse, const TileLayout& l) {
  // The tile's mapped corners' minimum is m[2] plus the negative parts of the two edge vectors; the region
  // starts kRegionMargin before it.
  auto origin = [&](double a, double b, double shift, float o[3]) {
    o[0] = static_cast<float>(shift + std::min(0.0, a * (l.tile_w - 1)) + std::min(0.0, b * (l.tile_h - 1)) -
                              kRegionMargin);
    o[1] = static_cast<float>(a * l.tile_w);
    o[2] = static_cast<float>(b * l.tile_h);
  };
  RegionOrigins r{};
  origin(inverse.m[0], inverse.m[1], inverse.m[2], r.x);
  origin(inverse.m[3], inverse.m[4], inverse.m[5], r.y);
  return r;
}

}  // namespace fl::cuda::warp
