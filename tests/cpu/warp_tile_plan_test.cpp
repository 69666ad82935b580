// The staged warp_affine kernel's layout (cuda/filters/warp_tile_plan.hpp), checked without a GPU: the region a
// block stages holds every tap its outputs read (the kernel relies on it without testing a pixel), the
// staging's chunks cover it at any alignment, the stride search finds the conflict-free layout where one exists,
// and the layout does not depend on the map's shift (the shared memory planned before a launch is the
// launch's).
#include <gtest/gtest.h>

#include <cmath>
#include <set>
#include <string>
#include <utility>

#include "common/test_images.hpp"
#include "core/cpu/affine.hpp"
#include "cuda/filters/warp_tile_plan.hpp"
#include "warp_oracle.hpp"

namespace fl {
namespace {

using cuda::warp::PlanRegionOrigins;
using cuda::warp::PlanTileLayout;
using cuda::warp::RegionStart;
using cuda::warp::TileLayout;

constexpr std::size_t kBudget = 48 * 1024;

cpu::AffineF Inverse(const std::string& params, int w, int h) {
  return cpu::WarpAffineSetup(test::ParamsFor(BuiltinRegistry().Get("warp_affine"), params),
                              ImageShape{w, h, PixelFormat::Gray8})
      .inverse;
}

struct Block {
  int bx, by, rows;
};
const Block kBlocks[] = {{16, 16, 4}, {8, 32, 2}, {32, 8, 1}, {24, 5, 3}, {8, 4, 16}};
const char* const kMaps[] = {"angle=30", "angle=0", "angle=90:scale=0.5:tx=3:ty=-2", "angle=-17.5:scale=1.7",
                             "angle=123:scale=0.7:tx=-40000:ty=90000", "angle=359:scale=20"};

TEST(WarpTilePlan, EveryThreadUnitOfTheBlockIsCoveredOnce) {
  for (const Block& b : kBlocks) {
    std::set<std::pair<int, int>> seen;
    for (int ty = 0; ty < b.by; ++ty)
      for (int tx = 0; tx < b.bx; ++tx) {
        const cuda::warp::UnitOrigin o = cuda::warp::TileUnitOrigin(tx, ty, b.bx, b.by);
        ASSERT_TRUE(o.x >= 0 && o.x < b.bx && o.y >= 0 && o.y < b.by) << b.bx << "x" << b.by;
        seen.insert({o.x, o.y});
      }
    EXPECT_EQ(seen.size(), static_cast<std::size_t>(b.bx * b.by)) << b.bx << "x" << b.by;
  }
  // 16 x 16: thread 0..31 (the first warp) is 8 units wide and 4 rows tall.
  EXPECT_EQ(cuda::warp::TileUnitOrigin(8, 0, 16, 16).x, 0);
  EXPECT_EQ(cuda::warp::TileUnitOrigin(8, 0, 16, 16).y, 1);
  EXPECT_EQ(cuda::warp::TileUnitOrigin(0, 2, 16, 16).x, 8);
}

// Every output of blocks spread over an 8192 x 8192 output maps (with the same float arithmetic as the kernel)
// to taps x0, x0 + 1 and y0, y0 + 1 inside the block's region.
TEST(WarpTilePlan, RegionHoldsEveryTapOfItsTile) {
  for (const char* map : kMaps)
    for (const Block& b : kBlocks)
      for (int channels : {1, 4}) {
        const cpu::AffineF inv = Inverse(map, 8192, 8192);
        const TileLayout l = PlanTileLayout(inv, channels, b.bx, b.by, b.rows, kBudget);
        if (!l.staged) continue;
        const auto origins = PlanRegionOrigins(inv, l);
        for (int bi : {0, 1, 17, 8192 / l.tile_w - 1})
          for (int bj : {0, 3, 8192 / l.tile_h - 1}) {
            const int rx = RegionStart(origins.x, bi, bj), ry = RegionStart(origins.y, bi, bj);
            int worst_margin = 1 << 30;
            for (int y = bj * l.tile_h; y < (bj + 1) * l.tile_h; ++y)
              for (int x = bi * l.tile_w; x < (bi + 1) * l.tile_w; ++x) {
                float sx = 0, sy = 0;
                cpu::MapPoint(inv, x, y, sx, sy);
                const int x0 = static_cast<int>(std::floor(sx)), y0 = static_cast<int>(std::floor(sy));
                worst_margin = std::min({worst_margin, x0 - rx, y0 - ry, rx + l.region_w - (x0 + 2),
                                         ry + l.region_h - (y0 + 2)});
              }
            EXPECT_GE(worst_margin, 0) << map << " block " << b.bx << "x" << b.by << " ppt " << b.rows << " tile ("
                                       << bi << ", " << bj << ")";
          }
      }
}

TEST(WarpTilePlan, ChunksAndStrideCoverTheRegionAtAnyAlignment) {
  for (const char* map : kMaps)
    for (const Block& b : kBlocks)
      for (int channels : {1, 4}) {
        const TileLayout l = PlanTileLayout(Inverse(map, 640, 480), channels, b.bx, b.by, b.rows, kBudget);
        if (!l.staged) continue;
        EXPECT_GE(l.chunks * 16, l.region_w * channels + 15) << map;
        EXPECT_GE(l.stride, l.chunks * 16) << map;
        EXPECT_EQ(l.stride % cuda::warp::StrideStep(channels), 0) << map;
        EXPECT_EQ(l.smem_bytes, static_cast<std::size_t>(l.stride) * static_cast<std::size_t>(l.region_h));
        EXPECT_LE(l.smem_bytes, kBudget);
        EXPECT_LE(1 << l.fill_lane_shift, std::min(32, b.bx * b.by));
      }
}

TEST(WarpTilePlan, LayoutDependsOnTheLinearPartOnly) {
  for (const char* map : kMaps) {
    const TileLayout a = PlanTileLayout(Inverse(map, 8192, 8192), 1, 16, 16, 4, kBudget);
    const TileLayout b = PlanTileLayout(Inverse(map, 1, 1), 1, 16, 16, 4, kBudget);
    EXPECT_EQ(a.stride, b.stride) << map;
    EXPECT_EQ(a.smem_bytes, b.smem_bytes) << map;
  }
}

// At the default launch a 30-degree region is ~95 x 95 input pixels; a strong minification does not fit and
// reads every tap directly.
TEST(WarpTilePlan, DefaultFitsAndStrongMinificationDoesNot) {
  const TileLayout rotated = PlanTileLayout(Inverse("angle=30", 64, 64), 1, 16, 16, 4, kBudget);
  ASSERT_TRUE(rotated.staged);
  EXPECT_NEAR(rotated.region_w, 64 * (std::cos(0.5236) + std::sin(0.5236)) + 8, 2);
  EXPECT_LE(rotated.smem_bytes, std::size_t{24 * 1024});
  EXPECT_FALSE(PlanTileLayout(Inverse("angle=123:scale=0.05", 64, 64), 1, 16, 16, 4, kBudget).staged);
  EXPECT_FALSE(PlanTileLayout(Inverse("angle=30", 64, 64), 4, 16, 16, 16, kBudget).staged);
}

// The identity's 8 x 4 warps read 4 rows of 8 words: with a stride of 8 banks per row the 32 words fall in 32
// banks, one wavefront per load (4 probes x 8 warps x 4 pixels = 128). The search finds such a stride; a
// multiple of 128 bytes puts the 4 rows in the same banks (4 wavefronts per load).
TEST(WarpTilePlan, StrideSearchFindsConflictFreeLayout) {
  const cpu::AffineF identity = Inverse("angle=0", 640, 480);
  const TileLayout l = PlanTileLayout(identity, 1, 16, 16, 4, kBudget);
  ASSERT_TRUE(l.staged);
  EXPECT_EQ(l.wavefronts, 128);
  EXPECT_EQ(cuda::warp::TapWavefronts(identity, 1, 16, 16, l.stride), 128);
  EXPECT_EQ(cuda::warp::TapWavefronts(identity, 1, 16, 16, 128), 512);
  for (int k = 0; k < 8; ++k)
    EXPECT_GE(cuda::warp::TapWavefronts(identity, 1, 16, 16, l.chunks * 16 + 16 * k), l.wavefronts);
}

// rgba8: a 16-byte-aligned stride (whole-chunk staging) whenever its wavefronts are within twice the best of all
// candidates; otherwise the best. At 30 degrees the best stride is aligned already; at 0 degrees the aligned ones
// cost 4 times the best (the identity's 4 rows then share their banks), so a 4-byte-aligned one is kept.
TEST(WarpTilePlan, Rgba8TakesAnAlignedStrideWithinTheConflictAllowance) {
  for (const char* map : kMaps)
    for (const Block& b : kBlocks) {
      const cpu::AffineF inverse = Inverse(map, 640, 480);
      const TileLayout l = PlanTileLayout(inverse, 4, b.bx, b.by, b.rows, kBudget);
      if (!l.staged) continue;
      long best = -1, best_aligned = -1;
      for (int stride = l.chunks * 16; stride < l.chunks * 16 + 128; stride += 4) {
        if (static_cast<std::size_t>(stride) * static_cast<std::size_t>(l.region_h) > kBudget) break;
        const long w = cuda::warp::TapWavefronts(inverse, 4, b.bx, b.by, stride);
        if (best < 0 || w < best) best = w;
        if (stride % 16 == 0 && (best_aligned < 0 || w < best_aligned)) best_aligned = w;
      }
      SCOPED_TRACE(std::string(map) + " block " + std::to_string(b.bx) + "x" + std::to_string(b.by));
      EXPECT_EQ(l.wavefronts, cuda::warp::TapWavefronts(inverse, 4, b.bx, b.by, l.stride));
      if (best_aligned >= 0 && best_aligned <= 2 * best) {
        EXPECT_EQ(l.stride % 16, 0);
        EXPECT_EQ(l.wavefronts, best_aligned);
      } else {
        EXPECT_EQ(l.wavefronts, best);
      }
    }
  EXPECT_EQ(PlanTileLayout(Inverse("angle=30", 8192, 8192), 4, 16, 16, 4, kBudget).stride % 16, 0);
  EXPECT_NE(PlanTileLayout(Inverse("angle=0", 8192, 8192), 4, 16, 16, 4, kBudget).stride % 16, 0);
}

}  // namespace
}  // namespace fl
