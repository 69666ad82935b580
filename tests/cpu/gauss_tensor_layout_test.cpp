// The `tensor` gauss kernels' row layout (cuda/filters/gauss_tensor.hpp), checked without a GPU: the row
// pass's window holds every tap of its 16 output bytes for each format and radius, and the staged rows' stride
// fits the block's bytes, keeps cp.async's 16-byte alignment and is as free of shared-memory bank conflicts as
// any stride in the next 128 bytes. The thread -> byte numbering repeats gauss_tensor.cuh's InputOffsetOfK.
#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <set>

#include "cuda/filters/gauss_tensor.hpp"

namespace fl {
namespace {

using cuda::GaussTensorRowBlocks;
using cuda::GaussTensorStagedMargin;
using cuda::GaussTensorStagedStride;
using cuda::GaussTensorColumnBlocks;
using cuda::GaussTensorMaxRadius;
using cuda::kGaussTensorMaxRadius;
using cuda::kGaussTensorMaxRadiusGray8;
using cuda::kGaussTensorMaxRadiusRgba8;
using cuda::kGaussTensorMaxRowBlocks;

int Left(int blocks) { return 8 * (blocks - 1); }

TEST(GaussTensorLayout, TheWindowHoldsEveryTapOfTheStrip) {
  for (int channels : {1, 4}) {
    for (int r = 1; r <= GaussTensorMaxRadius(channels); ++r) {
      const int blocks = GaussTensorRowBlocks(channels, r);
      SCOPED_TRACE(testing::Message() << channels << " channels, radius " << r << ", " << blocks << " blocks");
      EXPECT_LE(blocks, kGaussTensorMaxRowBlocks);
      EXPECT_GE(blocks, 2);
      // Output byte m in 0..15 reads window bytes Left + m + channels d for d in -r..r.
      EXPECT_GE(Left(blocks) - channels * r, 0);
      EXPECT_LE(Left(blocks) + 15 + channels * r, 16 * blocks - 1);
      // A pixel's channel stays its channel: the window starts a whole number of pixels before the strip.
      EXPECT_EQ(Left(blocks) % channels, 0);
      // Not one block more than needed (every block is an mma per tile).
      if (blocks > 2) EXPECT_LT(Left(blocks - 1), channels * r);
    }
  }
  EXPECT_EQ(GaussTensorRowBlocks(1, 8), 2);
  EXPECT_EQ(GaussTensorRowBlocks(1, 16), 3);
  EXPECT_EQ(GaussTensorRowBlocks(1, kGaussTensorMaxRadiusGray8), kGaussTensorMaxRowBlocks);
  EXPECT_EQ(GaussTensorRowBlocks(4, kGaussTensorMaxRadiusRgba8), kGaussTensorMaxRowBlocks);
  EXPECT_EQ(kGaussTensorMaxRadius, std::max(kGaussTensorMaxRadiusGray8, kGaussTensorMaxRadiusRgba8));
}

// The column pass's window: output row m in 0..15 of a step reads rows apron + m + d for d in -r..r, all inside its
// 16 x blocks rows, with apron = 8 (blocks - 1) rows above the step; one more block every 8 radii from 9.
TEST(GaussTensorLayout, TheColumnWindowHoldsEveryTapOfTheStep) {
  for (int r = 1; r <= kGaussTensorMaxRadius; ++r) {
    const int blocks = GaussTensorColumnBlocks(r);
    SCOPED_TRACE(testing::Message() << "radius " << r << ", " << blocks << " blocks");
    EXPECT_GE(Left(blocks) - r, 0);
    EXPECT_LE(Left(blocks) + 15 + r, 16 * blocks - 1);
    if (blocks > 2) {
      EXPECT_LT(Left(blocks - 1), r);
    }
  }
  EXPECT_EQ(GaussTensorColumnBlocks(8), 2);
  EXPECT_EQ(GaussTensorColumnBlocks(9), 3);
  EXPECT_EQ(GaussTensorColumnBlocks(17), 4);
  EXPECT_EQ(GaussTensorColumnBlocks(kGaussTensorMaxRadiusGray8), 5);
}

// Shared-memory wavefronts of one warp's reads of a tile (rows g = 0..7, quad threads t = 0..3, each reading
// 4 blocks bytes from byte `base` + g stride + 4 blocks t): 8-byte reads, served per half-warp, for an even
// number of blocks; 4-byte reads for an odd one. 32 banks of 4 bytes; a wavefront serves one word per bank.
int Wavefronts(int stride, int blocks, int base) {
  auto count = [](const std::set<int>& words) {
    std::map<int, int> per_bank;
    int worst = 0;
    for (int w : words) worst = std::max(worst, ++per_bank[w % 32]);
    return worst;
  };
  int total = 0;
  const bool pairs = blocks % 2 == 0;
  for (int read = 0; read < (pairs ? blocks / 2 : blocks); ++read) {
    for (int half = 0; half < (pairs ? 2 : 1); ++half) {
      std::set<int> words;
      for (int g = pairs ? 4 * half : 0; g < (pairs ? 4 * half + 4 : 8); ++g) {
        for (int t = 0; t < 4; ++t) {
          const int byte = base + g * stride + 4 * blocks * t + (pairs ? 8 : 4) * read;
          words.insert(byte / 4);
          if (pairs) words.insert(byte / 4 + 1);
        }
      }
      total += count(words);
    }
  }
  return total;
}
// The worst warp of a block of `warps`: warp w reads from 16 w + margin - kLeft.
int WorstWavefronts(int stride, int blocks, int warps) {
  int worst = 0;
  for (int w = 0; w < warps; ++w)
    worst = std::max(worst, Wavefronts(stride, blocks, 16 * w + GaussTensorStagedMargin(blocks) - Left(blocks)));
  return worst;
}

TEST(GaussTensorLayout, StagedStrideFitsAlignsAndAvoidsBankConflicts) {
  for (int blocks = 2; blocks <= kGaussTensorMaxRowBlocks; ++blocks) {
    for (bool wide : {false, true}) {
      const int warps = wide ? 8 : 4;
      const int stride = GaussTensorStagedStride(blocks, wide);
      SCOPED_TRACE(testing::Message() << blocks << " blocks, " << warps << " warps, stride " << stride);
      const int needed = 16 * warps + 2 * GaussTensorStagedMargin(blocks);
      EXPECT_GE(stride, needed);
      EXPECT_EQ(stride % 16, 0);
      EXPECT_GE(GaussTensorStagedMargin(blocks), Left(blocks));
      int best = 1 << 30;
      for (int s = needed; s <= needed + 128; s += 16) best = std::min(best, WorstWavefronts(s, blocks, warps));
      EXPECT_EQ(WorstWavefronts(stride, blocks, warps), best);
    }
  }
}

TEST(GaussTensorLayout, EvenBlockCountsOfGray8ReadConflictFree) {
  // The gray8 layout's promise (gauss_tensor.cu): one wavefront per half-warp read.
  for (bool wide : {false, true})
    EXPECT_EQ(WorstWavefronts(GaussTensorStagedStride(2, wide), 2, wide ? 8 : 4), 2);
}

}  // namespace
}  // namespace fl
