// The strip kernels' grid with its last wave in shorter strips (core/strip_tiers.hpp, TiersFor): the bands cover
// every row exactly once, whatever the image, launch and device, as the kernel places its strips and as the viewer
// draws them.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "core/strip_tiers.hpp"

namespace fl {
namespace {

// Rows [first, end) of every strip of band b, as the kernel places them (chunk_strip.cuh, PlaceStrip). The main
// strips are the launch's ppt rows long, or longer on a long grid (t.rows: doubled, or grown to the rule's
// long_max_rows).
void ExpectRowsCoveredOnce(const StripTiers& t, int h, int ppt, int by) {
  ASSERT_GE(t.rows, ppt);
  const int rows = t.rows;
  std::vector<int> count(static_cast<std::size_t>(h), 0);
  for (int band = 0; band < t.grid_y; ++band)
    for (int ty = 0; ty < by; ++ty) {
      const bool tail = band >= t.tail_band;
      const int n = tail ? t.tail_rows : rows;
      const int y0 = (tail ? t.tail_y - t.tail_band * by * t.tail_rows : 0) + (band * by + ty) * n;
      for (int y = y0; y < std::min(y0 + n, h); ++y) ++count[static_cast<std::size_t>(y)];
    }
  for (int y = 0; y < h; ++y) ASSERT_EQ(count[static_cast<std::size_t>(y)], 1) << "row " << y;
  // The viewer's bands (BandTop, BandRows) follow one another from row 0.
  int next = 0;
  for (int band = 0; band < t.grid_y; ++band) {
    ASSERT_EQ(BandTop(t, band, by, rows), next) << "band " << band;
    next += BandRows(t, band, by, rows);
  }
  EXPECT_GE(next, h);
  // No band lies wholly past the image: the grid has no idle rows of blocks.
  const int last_tail_rows = t.grid_y > t.tail_band ? t.tail_y + (t.grid_y - 1 - t.tail_band) * by * t.tail_rows
                                                    : (t.grid_y - 1) * by * rows;
  EXPECT_LT(last_tail_rows, h);
}

TEST(StripTiers, AnH100SizedGrid) {
  // 8192 rows, 16 rows per thread, blocks of 32x4, 16 blocks across, 792 resident blocks (6 per SM x 132): one wave
  // covers 49 bands of 64 rows = 3136 rows, which go in strips of 4 rows.
  const StripTiers t = TiersFor(8192, 16, 4, 16, 792);
  EXPECT_EQ(t.tail_band, 79);
  EXPECT_EQ(t.tail_y, 79 * 64);
  EXPECT_EQ(t.tail_rows, 4);
  EXPECT_EQ(t.grid_y, 79 + (8192 - 79 * 64 + 15) / 16);
  ExpectRowsCoveredOnce(t, 8192, 16, 4);
}

TEST(StripTiers, HalfHeightTail) {
  // As AnH100SizedGrid with the tail strips half as long (5x5 morphology): the same wave's rows in strips of 8.
  const StripTiers t = TiersFor(8192, 16, 4, 16, 792, kHalfTail);
  EXPECT_EQ(t.tail_band, 79);
  EXPECT_EQ(t.tail_rows, 8);
  EXPECT_EQ(t.grid_y, 79 + (8192 - 79 * 64 + 31) / 32);
  ExpectRowsCoveredOnce(t, 8192, 16, 4);
  EXPECT_EQ(TailRowsFor(16, kHalfTail), 8);
  EXPECT_EQ(TailRowsFor(16, kQuarterTail), 4);
  EXPECT_EQ(TailRowsFor(7, kHalfTail), 0) << "no tail below 8 rows, whatever the divisor";
}

TEST(StripTiers, AQuarterWavesTail) {
  // As AnH100SizedGrid with the tail over a quarter of a wave's rows (sobel): 12 of the wave's 49 bands, 768 rows in
  // strips of 4, after 116 full bands.
  const StripTiers t = TiersFor(8192, 16, 4, 16, 792, TailRule{kQuarterTail, kQuarterWave});
  EXPECT_EQ(t.tail_band, 116);
  EXPECT_EQ(t.tail_y, 116 * 64);
  EXPECT_EQ(t.tail_rows, 4);
  EXPECT_EQ(t.grid_y, 116 + (8192 - 116 * 64 + 15) / 16);
  ExpectRowsCoveredOnce(t, 8192, 16, 4);
  // An image within one wave of full strips follows the whole wave's rule: a quarter wave changes nothing there.
  for (int h : {1080, 2048, 3000, 3136})
    EXPECT_EQ(TiersFor(h, 16, 4, 16, 792, TailRule{kQuarterTail, kQuarterWave}).tail_y,
              TiersFor(h, 16, 4, 16, 792).tail_y)
        << h;
}

TEST(StripTiers, NoTailWithoutADivisor) {
  const StripTiers t = TiersFor(8192, 16, 4, 16, 792, 0);
  EXPECT_EQ(t.tail_band, t.grid_y);
  EXPECT_EQ(t.grid_y, 8192 / 64);
  ExpectRowsCoveredOnce(t, 8192, 16, 4);
}

TEST(StripTiers, NoTailWithoutResidentBlocksOrBelow8Rows) {
  for (auto [rows, resident] : {std::pair{16, 0L}, {1, 792L}, {4, 792L}, {7, 792L}}) {
    const StripTiers t = TiersFor(1000, rows, 4, 2, resident);
    EXPECT_EQ(t.tail_band, t.grid_y) << rows << " rows, " << resident << " resident";
    EXPECT_EQ(t.grid_y, (1000 + 4 * rows - 1) / (4 * rows));
    ExpectRowsCoveredOnce(t, 1000, rows, 4);
  }
}

TEST(StripTiers, ASmallImageIsAllTail) {
  const StripTiers t = TiersFor(769, 8, 4, 2, 792);
  EXPECT_EQ(t.tail_band, 0);
  EXPECT_EQ(t.tail_y, 0);
  EXPECT_EQ(t.tail_rows, 2);
  ExpectRowsCoveredOnce(t, 769, 8, 4);
}

TEST(StripTiers, AGridWithinOneWaveKeepsItsStripsLong) {
  // 8192 rows of 32-row strips, blocks of 32x4, 16 across, 1056 resident (8 per SM x 132): 64 bands, 1024 blocks,
  // one wave: full strips, where every strip at its tail's length would take two waves.
  const StripTiers t = TiersFor(8192, 32, 4, 16, 1056, kHalfTail);
  EXPECT_EQ(t.tail_band, t.grid_y);
  EXPECT_EQ(t.grid_y, 64);
  ExpectRowsCoveredOnce(t, 8192, 32, 4);
  // 4096 rows, 8 blocks across: full strips would fill a quarter of the wave (256 blocks), half-length ones
  // (512) more than a third: every strip 16 rows.
  const StripTiers half = TiersFor(4096, 32, 4, 8, 1056, kQuarterTail);
  EXPECT_EQ(half.tail_band, 0);
  EXPECT_EQ(half.tail_rows, 16);
  ExpectRowsCoveredOnce(half, 4096, 32, 4);
  // 2048 rows, 4 across: halved down to the tail's 8 rows (256 blocks), not below.
  const StripTiers quarter = TiersFor(2048, 32, 4, 4, 1056, kQuarterTail);
  EXPECT_EQ(quarter.tail_band, 0);
  EXPECT_EQ(quarter.tail_rows, 8);
  EXPECT_EQ(quarter.grid_y, 2048 / 32);
  ExpectRowsCoveredOnce(quarter, 2048, 32, 4);
}

TEST(StripTiers, AShortGridHalvesItsStripsBelowItsShareOfAWave) {
  // 2160 rows of 16-row strips, blocks of 32x4, 8 across, 792 resident: 34 bands, 272 blocks, 0.34 of a wave. Below
  // a third (the default) that stays; below half (sobel's rule) the strips halve to 8 rows, 544 blocks.
  const StripTiers third = TiersFor(2160, 16, 4, 8, 792, TailRule{kQuarterTail, kQuarterWave});
  EXPECT_EQ(third.tail_band, third.grid_y);
  EXPECT_EQ(third.grid_y, 34);
  const StripTiers half = TiersFor(2160, 16, 4, 8, 792, TailRule{kQuarterTail, kQuarterWave, kHalfOfWave});
  EXPECT_EQ(half.tail_band, 0);
  EXPECT_EQ(half.tail_rows, 8);
  EXPECT_EQ(half.grid_y, 68);
  ExpectRowsCoveredOnce(half, 2160, 16, 4);
  // gauss tensor: 1080 rows of 128-row strips, one strip per row of blocks, 15 across, 528 resident. Halved while
  // under half a wave, down to 16 rows: 135 -> 255 -> 510 blocks, so 32-row strips; down to the tail's 64 rows
  // (no fewest rows given) it stops at 64.
  const StripTiers tensor = TiersFor(1080, 128, 1, 15, 528, TailRule{kHalfTail, kHalfWave, kHalfOfWave, 16});
  EXPECT_EQ(tensor.tail_band, 0);
  EXPECT_EQ(tensor.tail_rows, 32);
  EXPECT_EQ(tensor.grid_y, 34);
  ExpectRowsCoveredOnce(tensor, 1080, 128, 1);
  EXPECT_EQ(TiersFor(1080, 128, 1, 15, 528, TailRule{kHalfTail, kHalfWave, kHalfOfWave}).tail_rows, 64);
  // gauss tensor's rule now first halves below a whole wave, down to 64 rows. 3840x2160 gray8 (30 across): 510
  // blocks of 528 -> 64 rows, 1020 blocks; 1920x1080 as before (64, then 32 below half a wave).
  const TailRule tensor_rule{kHalfTail, kHalfWave, kHalfOfWave, 16, 0, false, 64};
  EXPECT_EQ(TiersFor(2160, 128, 1, 30, 528, TailRule{kHalfTail, kHalfWave, kHalfOfWave, 16}).tail_band,
            TiersFor(2160, 128, 1, 30, 528, TailRule{kHalfTail, kHalfWave, kHalfOfWave, 16}).grid_y);
  const StripTiers wide = TiersFor(2160, 128, 1, 30, 528, tensor_rule);
  EXPECT_EQ(wide.tail_band, 0);
  EXPECT_EQ(wide.tail_rows, 64);
  EXPECT_EQ(wide.grid_y, 34);
  ExpectRowsCoveredOnce(wide, 2160, 128, 1);
  EXPECT_EQ(TiersFor(1080, 128, 1, 15, 528, tensor_rule).tail_rows, 32);
}

TEST(StripTiers, BoxHalvesAShortGridBelowItsTailRows) {
  // box fast radius 16 at 1920x1080: 1080 rows of 32-row strips, blocks of 32x4, 4 across (30 chunks a warp), 396
  // resident (3 per SM x 132). 36 blocks fill a sixth of the wave; halved to the tail's 16 rows, 68 blocks still
  // fill less than a third, so with 4 as the fewest rows the strips halve once more: 8 rows, 34 bands, 136 blocks.
  const TailRule box{kHalfTail, kWholeWave, kThirdOfWave, 4, kLongGridQuarters};
  const StripTiers t = TiersFor(1080, 32, 4, 4, 396, box);
  EXPECT_EQ(t.tail_band, 0);
  EXPECT_EQ(t.tail_rows, 8);
  EXPECT_EQ(t.grid_y, 34);
  ExpectRowsCoveredOnce(t, 1080, 32, 4);
  EXPECT_EQ(TiersFor(1080, 32, 4, 4, 396, TailRule{kHalfTail, kWholeWave, kThirdOfWave, 0, kLongGridQuarters})
                .tail_rows,
            16)
      << "down to the tail's rows only";
  // Radius 5 at 1280x720 (24-row strips, 3 across, 924 resident): 24 -> 12 -> 6 -> 3 would pass 4, so 6 rows.
  const TailRule box5{kHalfTail, kWholeWave, kThirdOfWave, 4};
  EXPECT_EQ(TiersFor(720, 24, 4, 3, 924, box5).tail_rows, 6);
  ExpectRowsCoveredOnce(TiersFor(720, 24, 4, 3, 924, box5), 720, 24, 4);
  // At 3840x2160 the grid of radius 16 fills a third of the wave at full length: unchanged.
  EXPECT_EQ(TiersFor(2160, 32, 4, 8, 396, box).tail_band, TiersFor(2160, 32, 4, 8, 396, box).grid_y);
}

TEST(StripTiers, AHalvedShortGridFillsTheWave) {
  // gauss3 at 3840x2160 gray8: 2160 rows of 16-row strips, blocks of 32x4, 8 across, 1056 resident (8 per SM x 132).
  // Halved below a third of a wave, 272 -> 544 blocks of 8-row strips; filled, the 132 bands of one wave need
  // ceil(2160 / (4 x 132)) = 5 rows: 108 bands, 864 blocks.
  const TailRule fill{kQuarterTail, kWholeWave, kThirdOfWave, 0, 0, kFillWave};
  const StripTiers t = TiersFor(2160, 16, 4, 8, 1056, fill);
  EXPECT_EQ(t.tail_band, 0);
  EXPECT_EQ(t.tail_rows, 5);
  EXPECT_EQ(t.grid_y, 108);
  ExpectRowsCoveredOnce(t, 2160, 16, 4);
  EXPECT_EQ(TiersFor(2160, 16, 4, 8, 1056, kQuarterTail).tail_rows, 8);  // halving alone
  // sobel's rule there (792 resident, halved below half a wave): 8 rows, then ceil(2160 / (4 x 99)) = 6.
  const TailRule sobel{kQuarterTail, kQuarterWave, kHalfOfWave, 0, 0, kFillWave};
  EXPECT_EQ(TiersFor(2160, 16, 4, 8, 792, sobel).tail_rows, 6);
  // A grid that was not halved keeps its strips: 4096 rows, 512 blocks of 16-row strips fill more than a third.
  const StripTiers whole = TiersFor(4096, 16, 4, 8, 1056, fill);
  EXPECT_EQ(whole.tail_band, whole.grid_y);
  EXPECT_EQ(whole.grid_y, 64);
  // Not below the tail's rows: 1080 rows, 4 across, halved to the tail's 4 rows, where filling would take 2.
  EXPECT_EQ(TiersFor(1080, 16, 4, 4, 1056, fill).tail_rows, 4);
  // 5x5 morphology's rule: halved down to 8 rows (the next halving, 4, is below its 6), then filled down to 6.
  const TailRule morph5{kHalfTail, kWholeWave, kHalfOfWave, 6, 0, kFillWave};
  EXPECT_EQ(TiersFor(1080, 16, 4, 4, 792, morph5).tail_rows, 6);
  EXPECT_EQ(TiersFor(2160, 16, 4, 8, 792, morph5).tail_rows, 6);
  ExpectRowsCoveredOnce(TiersFor(1080, 16, 4, 4, 792, morph5), 1080, 16, 4);
}

TEST(StripTiers, ALongGridDoublesItsStrips) {
  // Box fast radius 16 at 8192x8192: 32 rows, blocks of 32x4, 18 across, 396 resident (3 per SM x 132). 1152
  // blocks are 2.9 waves; doubled, 576 blocks still span 1.45 (at least 1.25), doubled again 0.73: 64-row strips,
  // tails half as long over the last wave.
  const TailRule rule{kHalfTail, kWholeWave, kThirdOfWave, 0, kLongGridQuarters};
  const StripTiers t = TiersFor(8192, 32, 4, 18, 396, rule);
  EXPECT_EQ(t.rows, 64);
  EXPECT_EQ(t.tail_rows, 32);
  EXPECT_LT(t.tail_band, t.grid_y);
  ExpectRowsCoveredOnce(t, 8192, 32, 4);
  // 16384 rows, 35 across: 4480 blocks (11.3 waves) -> 64 rows (5.7) -> 128 (2.8) -> 256 (1.4).
  EXPECT_EQ(TiersFor(16384, 32, 4, 35, 396, rule).rows, 256);
  // 4096 rows, 9 across: 288 blocks are under a wave: as the launch says.
  EXPECT_EQ(TiersFor(4096, 32, 4, 9, 396, rule).rows, 32);
  // Without the rule the strips keep the launch's rows.
  EXPECT_EQ(TiersFor(8192, 32, 4, 18, 396, kHalfTail).rows, 32);
}

TEST(StripTiers, TensorsLongGridTakes192RowStrips) {
  // gauss tensor gray8 at 8192x8192: 128-row strips, one per band, 64 blocks across, 528 resident (4 per SM x 132).
  // 43 bands of 192 rows are 2752 blocks, 5.2 waves (at least 4): 192 rows.
  const TailRule rule{kHalfTail, kHalfWave, kHalfOfWave, 16, kFourWaves, false, 64, 192};
  const StripTiers t = TiersFor(8192, 128, 1, 64, 528, rule);
  EXPECT_EQ(t.rows, 192);
  EXPECT_EQ(t.tail_rows, 96);
  EXPECT_LT(t.tail_band, t.grid_y);
  ExpectRowsCoveredOnce(t, 8192, 128, 1);
  // 16384x16384: 128 across, 86 bands of 192 rows (20.8 waves): still 192, the cap.
  EXPECT_EQ(TiersFor(16384, 128, 1, 128, 528, rule).rows, 192);
  // 3840x2160 (30 across: 360 blocks of 192 rows) and 4096x4096 (32 across: 704 blocks, 1.3 waves): 128 rows.
  EXPECT_EQ(TiersFor(2160, 128, 1, 30, 528, rule).rows, 128);
  EXPECT_EQ(TiersFor(4096, 128, 1, 32, 528, rule).rows, 128);
  // Strips of 64 rows take 192 too; strips of 256 keep theirs.
  EXPECT_EQ(TiersFor(8192, 64, 1, 64, 528, rule).rows, 192);
  EXPECT_EQ(TiersFor(8192, 256, 1, 64, 528, rule).rows, 256);
  // Without a cap the rule doubles, as box's: at 16384x16384 128 -> 256 -> 512 (1024 would span 3.9 waves, short of
  // 4); at 8192x8192 256 would span 3.9 already, so 128.
  const TailRule doubling{kHalfTail, kHalfWave, kHalfOfWave, 16, kFourWaves, false, 64};
  EXPECT_EQ(TiersFor(16384, 128, 1, 128, 528, doubling).rows, 512);
  EXPECT_EQ(TiersFor(8192, 128, 1, 64, 528, doubling).rows, 128);
}

TEST(StripTiers, NoTailWhereItWouldPassTheGridsYLimit) {
  // 65,435 bands of 64 rows (the plan allows up to 65,535); a wave of 1056 blocks across one column would turn
  // 1056 of them into 4 x 1056 bands of 16 rows, past the limit.
  const int h = 64 * (kMaxGridRows - 100);
  const StripTiers t = TiersFor(h, 16, 4, 1, 1056);
  EXPECT_EQ(t.tail_band, t.grid_y);
  EXPECT_EQ(t.grid_y, kMaxGridRows - 100);
  const StripTiers fits = TiersFor(64 * 60000, 16, 4, 1, 1056);  // 60,000 bands: the tail still fits
  EXPECT_LT(fits.tail_band, fits.grid_y);
  EXPECT_LE(fits.grid_y, kMaxGridRows);
}

TEST(StripTiers, EveryRowOnceAcrossShapes) {
  for (int h : {1, 2, 3, 17, 64, 769, 1000, 4097, 8192})
    for (int rows : {1, 2, 4, 5, 7, 8, 12, 16, 64})
      for (int by : {1, 2, 4, 8})
        for (int grid_x : {1, 3, 16})
          for (long resident : {0L, 1L, 7L, 96L, 792L, 2112L})
            for (TailRule tail : {TailRule{kQuarterTail}, TailRule{kHalfTail}, TailRule{kQuarterTail, kQuarterWave},
                                  TailRule{kQuarterTail, kQuarterWave, kHalfOfWave},
                                  TailRule{kHalfTail, kHalfWave, kHalfOfWave, 16},
                                  TailRule{kHalfTail, kWholeWave, kThirdOfWave, 0, kLongGridQuarters},
                                  TailRule{kQuarterTail, kWholeWave, kThirdOfWave, 0, 0, kFillWave},
                                  TailRule{kQuarterTail, kQuarterWave, kHalfOfWave, 0, 0, kFillWave},
                                  TailRule{kHalfTail, kWholeWave, kHalfOfWave, 6, 0, kFillWave},
                                  TailRule{kHalfTail, kHalfWave, kHalfOfWave, 16, 0, false, 64},
                                  TailRule{kHalfTail, kHalfWave, kHalfOfWave, 16, kFourWaves, false, 64, 192}}) {
              SCOPED_TRACE("h " + std::to_string(h) + " rows " + std::to_string(rows) + " by " + std::to_string(by) +
                           " grid_x " + std::to_string(grid_x) + " resident " + std::to_string(resident) +
                           " divisor " + std::to_string(tail.divisor) + " quarters " +
                           std::to_string(tail.wave_quarters) + (tail.short_fill ? " fill" : ""));
              const StripTiers t = TiersFor(h, rows, by, grid_x, resident, tail);
              EXPECT_LE(t.tail_band, t.grid_y);
              EXPECT_GE(t.tail_rows, rows < 8 ? rows : 2);
              EXPECT_LE(t.tail_rows, t.rows);
              if (tail.long_quarters == 0) EXPECT_EQ(t.rows, rows);
              ExpectRowsCoveredOnce(t, h, rows, by);
            }
}

}  // namespace
}  // namespace fl
