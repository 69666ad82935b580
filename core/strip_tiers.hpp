#pragma once
// The grid of the strip kernels (cuda/filters/chunk_strip.cuh) with its last wave in shorter strips: plain
// arithmetic, shared by their launcher, the viewer's launch-grid overlay and the tests.
#include <algorithm>

namespace fl {

constexpr int kMaxGridRows = 65535;  // a CUDA grid's y limit

// The last strips of a grid are shorter. A grid of equal strips ends in a tail: the last blocks to start run on
// an emptying device, each warp at the pace of its own latency, so the kernel takes about one strip's time more
// than its bytes need (H100, 8192x8192 gray8 dilate5 at 8 rows per thread: 9 us of 56; at 16384x16384 the same
// kernel reached 90% of a copy against 78%). So the rows that the last wave of resident blocks would cover go in
// shorter strips instead (a quarter of the rows, or half: TailRowsFor), from 8 rows per thread up (below, a tail strip of 1 row reads 2R + 1
// rows for one: every stencil measured slower with it at 4 rows per thread). The short strips are at the grid's
// end (blockIdx.y >= tail_band): CUDA promises no order, but the timelines of bench/results/2026-11-27d_strip_tail
// show blocks starting in blockIdx order, so they start last (only the speed depends on it).
struct StripTiers {
  int grid_y;     // main bands, then tail bands (a band is one row of blocks: block_y strips)
  int rows;       // rows per thread in the main bands: the launch's ppt, or a multiple of it on a long grid
  int tail_band;  // the first tail band
  int tail_y;     // its first row
  int tail_rows;  // rows per thread in the tail
};
// How much shorter the tail strips are: rows / divisor each. A quarter suits most stencils; 5x5 morphology takes
// half (filters/morph.cpp says why), and 0 means equal strips throughout.
constexpr int kQuarterTail = 4, kHalfTail = 2;
// How many rows go in the tail once the image needs more than one wave of full strips, in quarters of one wave's
// rows: a whole wave suits most stencils; sobel, whose every strip pays an expensive set-up, takes a quarter
// (filters/sobel.cpp says why), gauss tensor half (filters/gauss.cpp).
constexpr int kWholeWave = 4, kHalfWave = 2, kQuarterWave = 1;
// A grid within one wave of full strips halves its strips while it fills less than 1/n of a wave (TiersFor), down
// to the tail's rows: n = 3 for the strip stencils, whose every strip pays its first rows again; gauss tensor,
// whose strips cost little to start, halves while it fills less than half a wave, down to 16 rows
// (filters/gauss.cpp); box fast from radius 5 halves below a third down to 4 rows (filters/box.cpp).
constexpr int kThirdOfWave = 3, kHalfOfWave = 2;
// A grid of many waves doubles its strips while the doubled grid still spans this many quarters of a wave (0:
// never): each strip's first 2R rows are paid by more outputs. Box fast from radius 12 (filters/box.cpp).
constexpr int kLongGridQuarters = 5;
// Gauss tensor's gray8 strips take 192 rows (not 128) where the grid of them spans four waves
// (filters/gauss_launch_rules.cpp).
constexpr int kFourWaves = 16;
// Whether a grid within one wave whose strips were halved then takes the rows that fill the wave (TiersFor).
constexpr bool kFillWave = true;

// A stage's tail (VariantSpec::tail): its strips' divisor, the wave quarters it covers, for a grid within one wave
// the share of a wave below which it halves its strips, the fewest rows it halves them to (0: the tail's) and whether
// halved strips then fill the wave (kFillWave), and the wave quarters a doubled grid must span for a long grid to
// double its strips (0: never). Made from a divisor alone, it covers one whole wave, halves below a third, down to
// the tail's rows, does not fill, and never doubles. long_max_rows > 0: a long grid's strips take that many rows
// (when they are shorter) instead of doubling.
struct TailRule {
  int divisor = 0;
  int wave_quarters = kWholeWave;
  int short_grid = kThirdOfWave;
  int short_min_rows = 0;
  int long_quarters = 0;
  bool short_fill = false;
  int wave_min_rows = 0;  // > 0: first halve while the grid fills less than a whole wave, down to this many rows
  int long_max_rows = 0;  // > 0: a long grid's strips take this many rows instead of doubling
  constexpr TailRule(int tail_divisor = 0, int quarters = kWholeWave,  // NOLINT: implicit from a divisor
                     int short_share = kThirdOfWave, int short_rows = 0, int long_grid = 0, bool fill = false,
                     int wave_rows = 0, int long_rows = 0)
      : divisor(tail_divisor),
        wave_quarters(quarters),
        short_grid(short_share),
        short_min_rows(short_rows),
        long_quarters(long_grid),
        short_fill(fill),
        wave_min_rows(wave_rows),
        long_max_rows(long_rows) {}
  constexpr bool operator==(const TailRule&) const = default;
};
// Rows per thread in the tail for strips of `rows` rows: rows / divisor, or 0 (no tail) below 8 rows or without
// a divisor.
inline int TailRowsFor(int rows, int divisor) { return divisor > 0 && rows / 4 >= 2 ? rows / divisor : 0; }

// h rows in strips of `rows` (the launch's ppt), `by` strips per band, `grid_x` blocks across,
// `resident_blocks` blocks resident on the whole device at once (0: no tail), tail strips of rows / tail.divisor
// rows (TailRowsFor) covering tail.wave_quarters quarters of a wave's rows. The rule (one wave's rows, a quarter of
// the rows per strip) is the one measured best among 0.25 to 1.5 waves and a half to an eighth of the rows
// (bench/results/2026-11-27d_strip_tail) for all but 5x5 morphology, which takes half the rows, and sobel, which
// takes a quarter of a wave (bench/results/2026-11-27j_session10, calls 8 to 11).
inline StripTiers TiersFor(int h, int rows, int by, int grid_x, long resident_blocks, TailRule tail = kQuarterTail) {
  auto blocks = [&](long n) { return (h + by * n - 1) / (by * n) * grid_x; };
  // A long grid: strips doubled while the doubled grid still spans tail.long_quarters quarters of a wave (and a
  // band is shorter than the image: a grid of many columns on a tiny device would otherwise double forever); with
  // tail.long_max_rows, strips shorter than that take that many rows if the grid still spans them.
  auto long_enough = [&](long r) {
    return tail.long_quarters > 0 && resident_blocks > 0 && static_cast<long>(by) * rows < h &&
           4 * blocks(r) >= tail.long_quarters * resident_blocks;
  };
  if (tail.long_max_rows > 0) {
    if (rows < tail.long_max_rows && long_enough(tail.long_max_rows)) rows = tail.long_max_rows;
  } else {
    while (long_enough(2L * rows)) rows *= 2;
  }
  const long band_rows = static_cast<long>(by) * rows;
  const long main_bands_all = (h + band_rows - 1) / band_rows;
  int tail_rows = TailRowsFor(rows, tail.divisor);
  const long wave_bands = resident_blocks / (grid_x > 0 ? grid_x : 1);
  const long wave_rows = wave_bands * band_rows;
  const StripTiers equal{static_cast<int>(main_bands_all), rows, static_cast<int>(main_bands_all), h, rows};
  if (tail_rows == 0 || wave_rows <= 0) return equal;
  // The tail's rows: whole bands of the wave's quarters (at least one band).
  const long tail_span = std::max(1L, wave_bands * tail.wave_quarters / kWholeWave) * band_rows;
  const long main_bands = h > wave_rows ? (h - tail_span) / band_rows : 0;
  const long tail_y = main_bands * band_rows;
  // The whole image within one wave of full strips. Shorter strips spread its rows over more warps, but each
  // strip pays its first rows again, and a grid past one wave costs a whole strip's time more. So the strips are
  // halved from full length (not below the tail's rows) only while their grid fills less than a third of a wave
  // (tail.short_grid and short_min_rows: gauss tensor, half and 16 rows; box fast from radius 5, 4 rows); full
  // length means equal strips. H100,
  // box fast radius 3 at 32 rows per thread, % of a copy (bench/results/2026-11-27i_session9, calls 7 and 8):
  // 8192x8192 90.9 in one wave of full strips (1024 blocks) against 86.2 with every strip halved (two waves);
  // 4096x4096 79.6 at 16 rows (512 blocks) against 76.4 at 8 (1024); 2048x2048 77.3 at 8 rows (256 blocks) against
  // 67.9 at 16 (128). Call 9 ran this rule against the one before at five sizes from 1920x1080 to 16384x16384:
  // nothing lost more than 1.2 points, 4096x4096 gained 1 to 5.
  if (main_bands == 0) {
    int strip_rows = rows;
    const int fewest = tail.short_min_rows > 0 ? tail.short_min_rows : tail_rows;
    // tail.wave_min_rows (gauss tensor): long strips first halve while the grid fills less than a whole wave.
    while (tail.wave_min_rows > 0 && strip_rows / 2 >= tail.wave_min_rows && blocks(strip_rows) < resident_blocks)
      strip_rows /= 2;
    while (strip_rows / 2 >= fewest && tail.short_grid * blocks(strip_rows) < resident_blocks) strip_rows /= 2;
    if (strip_rows == rows) return equal;
    // Halving by twos stops with the grid filling between a third (or a half) and two thirds of the wave; with
    // tail.short_fill the strips then take the rows that fill it, not fewer than `fewest`. H100, three rounds, % of a
    // copy (bench/results/2026-11-28l_session12, call 6): gauss3 at 3840x2160 (8 -> 5 rows) 63.0 -> 72.5, at
    // 3000x2000 (8 -> 4) 55.4 -> 70.6; dilate3 66.3 -> 74.3 and 54.9 -> 68.8; sobel at 3840x2160 (8 -> 6) 55.5 ->
    // 59.8. Grids that were not halved keep their strips: filling the wave there cost gauss3 4 points at 4096x4096
    // (16 -> 8 rows, call 1).
    if (tail.short_fill) {
      const long fill_rows = (h + by * wave_bands - 1) / (by * wave_bands);
      strip_rows = static_cast<int>(std::max<long>(fewest, std::min<long>(strip_rows, fill_rows)));
    }
    tail_rows = strip_rows;
  }
  const long tail_band_rows = static_cast<long>(by) * tail_rows;
  const long tail_bands = (h - tail_y + tail_band_rows - 1) / tail_band_rows;
  if (main_bands + tail_bands > kMaxGridRows) return equal;  // the grid's y limit: equal strips fit (the plan checked)
  return {static_cast<int>(main_bands + tail_bands), rows, static_cast<int>(main_bands), static_cast<int>(tail_y),
          tail_rows};
}

// The first row of band b and its rows (by strips of the band's rows each).
inline int BandTop(const StripTiers& t, int b, int by, int rows) {
  return b < t.tail_band ? b * by * rows : t.tail_y + (b - t.tail_band) * by * t.tail_rows;
}
inline int BandRows(const StripTiers& t, int b, int by, int rows) {
  return (b < t.tail_band ? rows : t.tail_rows) * by;
}
// The band holding row y (y >= 0).
inline int BandAt(const StripTiers& t, int y, int by, int rows) {
  return y < t.tail_y ? y / (by * rows) : t.tail_band + (y - t.tail_y) / (by * t.tail_rows);
}

}  // namespace fl
