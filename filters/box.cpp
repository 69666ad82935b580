// Declaration of `box`: the mean over a (2r+1) x (2r+1) window, and three ways to compute it whose cost
// grows as r^2, r and 1.
#include <cstddef>

#include "core/cpu/box.hpp"

#include "cuda/filters/box.hpp"
#include "cuda/filters/box_fast.hpp"
#include "filters/declarations.hpp"
#include "filters/kernel_sources.hpp"
#include "filters/footprints.hpp"

namespace fl::filters {

// One pixel per thread, reading `radius` pixels around it (both passes of `separable` together).
static BlockFootprint BoxFootprint(const LaunchConfig& c, const ParamValues& p, PixelFormat) {
  return {c.block_x, c.block_y, p.Int("radius")};
}

// fast's rows per thread by radius. The window's first 2r rows are paid once per strip, so longer strips pay
// off as r grows, until there are too few threads (ms on an H100, 8192x8192 gray8, block 32x4, ppt 6 / 8 / 10
// / 12 / 16, bench/results/2026-11-25_h100_radius_sweep/): r3 0.0620 / 0.0624 / 0.0641 / 0.0663 / 0.0665, r4
// 0.0671 / 0.0647 / 0.0657 / 0.0684 / 0.0704, r5 0.0700 / 0.0680 / 0.0658 / 0.0673 / 0.0713, r7 0.0828 /
// 0.0769 / 0.0724 / 0.0717 / 0.0745, r16 0.1026 / 0.0955 / 0.0915 / 0.0910 / 0.0919. Up to radius 3 the tail
// strips (BoxFastTail) change that: 16 rows at radius 1 to 3. Radius 1 ran best at 8 until its warps owned their
// 32 chunks (cuda::BoxFastOwnWarps); since, 16 rows: 87.2% of a copy against 85.8 at 8 and 86.9 at 12 (same
// process, two runs, bench/results/2026-11-27f_box_edges, call 9). From radius 6 the window is primed with every
// ring slot in flight, and from 8 it stays in the ring (priming, cuda/filters/box_fast.hpp): the first rows then
// cost less, and longer strips pay off from radius 8. Three runs, ppt 8 / 12 / 16 / 24 (/ 32 / 48), % of a copy
// (bench/results/2026-11-27h_session8, calls 4 and 5): r6 64.2 / 64.8 / 64.7 / 62.0, r7 61.2 / 63.5 / 62.9 / 60.9,
// r8 56.6 / 62.1 / 64.5 / 63.8, r9 53.0 / 58.7 / 61.5 / 61.9, r11 47.4 / 54.0 / 57.6 / 59.2, r12 (16 / 24 / 32 / 48)
// 55.2 / 56.9 / 57.1 / 55.3 and (call 4) 55.6 / 57.7 at 16 / 24, r14 47.7 / 50.6 / 51.7 / 51.3, r16 44.8 / 48.7 /
// 50.0 / 50.3. Radius 4, since its warps own their chunks with half-height tails, 16 rows: 71.3 / 73.3 / 75.0 at 8 /
// 12 / 16 (call 9). With the means divided on the multiply pipe (box_sums.cuh, ninth session) radius 3 and 4 take
// 32 rows, with tail strips a quarter as long: at 8192x8192 their grid fits one wave of full strips (StripTiers
// keeps a grid within one wave), and smaller images get strips as short as before (bench/results/
// 2026-11-27i_session9, calls 7 to 9). Radius 5 to 7 take 24 rows with half-height tails (radius 5 primed,
// cuda/filters/box_fast.hpp): without tails, 24 rows ran 12 to 16 points slower at 2048x2048 (call 8); with them,
// against 10 rows at radius 5 and 12 at 6 and 7 (call 11, three rounds), 8192x8192 r5 / r6 / r7 71.8 / 71.3 / 69.8
// -> 74.9 / 72.7 / 71.4, 16384x16384 +0.8 to +2.8, 4096x4096 +3.9 to +4.8, 2048x2048 r5 -1.3 and r6 / r7 level.
// rgba8 from radius 5 (warps overlapping by ceil(r / 4) chunks, box_rgba_wide.cuh) has rules of its own: H100, ppt 8
// / 16 / 24 / 32 / 48 / 64, medians of two rounds, % of a copy at 8192x8192, 3840x2160 and 1920x1080
// (bench/results/2026-11-28n_session14, call 2): r5 16 rows 90.1 / 66.8 / 62.8 against 88.5 / 64.0 / 60.1 at the
// gray8 rule's 24; r6 16 rows 88.5 / 63.5; r8 32 rows 86.0 / 60.7 / 55.4 (16: 84.5 / 59.3 / 54.5); r10 and r12 32
// rows (r12 75.8 / 47.7 / 45.5 against 71.2 / 46.2 / 45.0 at 24); r14 and r16 16 rows, where 32 lost 5 points at
// 1920x1080 (r16 67.6 / 43.8 / 43.4 against 67.5 / 44.1 / 38.0).
// Since the overlapping warps' steady kernel and gray8's own warps to radius 7 (eighteenth session) the longer radii
// changed sides. H100, three runs, ppt 16 / 24 / 32 / 48 / 64, % of a copy at 8192x8192, 3840x2160 and 1920x1080
// (bench/results/2026-12-06_session19, call 2): gray8 r8 70.3 / 72.5 / 71.3 / 71.6 / 68.2, 51.4 / 56.1 / 51.3 / 55.8 /
// 51.1, 86.2 / 87.5 / 85.8 / 87.5 / 83.6; r14 63.3 at every ppt, 43.2 / 43.8 / 38.3 / 43.5 / 38.1, 72.0 / 74.3 / 71.9
// / 74.4 / 72.0; r16 61.9 / 63.3 / 61.9 / 63.1 / 61.9, 42.2 / 43.0 / 37.8 / 43.5 / 37.5, 71.0 / 69.9 / 71.2 / 69.2 /
// 71.0: 24 rows from radius 5 to 16 (it was 16 at 8 and 32 from 13). rgba8 r8 (16 / 24 / 32 / 48) 87.6 / 87.6 / 87.0
// / 86.4 and 66.2 / 66.0 / 60.7 / 54.5: 16 rows to radius 8 (it was 32 from 7); r12 (32) and r16 (16) kept theirs.
// Gray8 radius 3 keeps 32: at 24 rows (4126ec9, call 4, alternated) 89.3 -> 86.8 at 8192x8192, though 69.1 -> 72.8 at
// 3840x2160 and 99.1 -> 109.3 at 1920x1080; a rule by radius alone cannot take both. By size: gray8 images under
// kBoxShortStripsBelowPixels take 16 rows at radius 3 and 4. H100, % of a copy at 16 / 24 / 32 rows, three rounds
// (bench/results/2026-12-07_session26, call 8): r3 1920x1080 113.3 / 113.3 / 99.9, 2560x1440 75.4 / 71.1 / 74.8,
// 3840x2160 70.6 / 72.4 / 70.6, 4096x4096 79.0 / 74.3 / 79.8, 8192x8192 85.0 / 86.3 / 89.7; r4 109.3 / 106.6 / 100.6,
// 68.1 / 71.0 / 70.9, 65.8 / 71.1 / 66.0, 75.7 / 72.4 / 75.9, 80.7 / 83.4 / 88.5 (past 100% at 1920x1080, whose 2 MB
// fit in the L2). 24 rows at 3840x2160 alone was not taken from one call. rgba8 radius 3 and 4 keep 32: level with 16
// at 1920x1080 (72.5 and 66.8 against 71.9 and 66.2), behind it at 3840x2160 (72.3 and 68.3 against 75.2 and 69.9),
// ahead at 4096x4096 (87.7 and 83.8 against 79.4 and 73.9); no rule from one call.
constexpr std::size_t kBoxShortStripsBelowPixels = std::size_t{5} << 19;  // 2.6 M: 1920x1080 in, 2560x1440 out
static LaunchConfig BoxFastLaunch(const LaunchConfig& d, const ParamValues& p, const ImageShape& in) {
  const int r = p.Int("radius");
  if (in.format == PixelFormat::Rgba8 && !cuda::BoxFastOwnWarps(r, 4))
    return WithPptForRadius(d, r, {{8, 16}, {12, 32}, {cuda::kBoxFastMaxRadius, 16}});
  if (in.format == PixelFormat::Gray8 && (r == 3 || r == 4) && in.SmallerThan(kBoxShortStripsBelowPixels)) {
    LaunchConfig c = d;
    c.ppt = 16;
    return c;
  }
  return WithPptForRadius(d, r, {{2, 16}, {4, 32}, {cuda::kBoxFastMaxRadius, 24}});
}

// fast's tail strips (the last wave's rows in shorter strips) by radius: a quarter as tall up to radius 4 (at 32
// rows per thread since the ninth session, 8-row tails at radius 3 and 4 as before), half from 5 (none at 5 to 7
// before the ninth session, when they ran 10 and 12 rows).
// First the quarter, up to radius 3:
// H100, 8192x8192, same process, two runs each, % of a copy at each one's best rows, without -> with
// (bench/results/2026-11-27e_sobel, calls 4 and 9): r1 79.9 (8 rows) -> 82.1 (8), r2 75.8 (8) -> 77.8 (16), r3 72.8
// (8) -> 74.3 (16); r4 70.7 -> 70.8, r5 68.4 -> 66.3, r7 63.9 -> 60.3: a tail strip reads 2r more rows for a
// quarter of the outputs, which stops paying as r grows. Other sizes, new default against old (8 rows, no tail),
// same process (call 11): 2048x2048 r1 / r2 / r3 57.8 / 54.2 / 51.0 -> 65.6 / 63.3 / 58.0; 4096x4096 71.1 / 61.0 /
// 58.7 -> 68.8 / 64.0 / 56.5, where radius 1 and 3 lose about 2 points. Then half-height tails against that rule
// (bench/results/2026-11-27g_session7, call 4: same process, three runs at 8192x8192, one at 4096x4096): r3 75.0
// -> 75.6 (4096: 55.2 -> 59.1), r8 54.6 -> 56.4 (38.8 -> 41.1), r16 49.4 -> 49.8 (33.4 -> 34.5); not taken: r1
// 87.0 -> 85.6, r2 78.8 -> 81.2 but 60.5 -> 58.9 at 4096, r4 / r5 / r7 69.9 / 68.0 / 62.7 -> 69.5 / 67.9 / 62.2
// (4096: r4 55.1 -> 51.8); quarter-height tails from radius 4 were 4 to 8 points slower. From radius 8 the strips
// are 16 to 32 rows long, which the tails pay less for: with the ring (box_fast.hpp), three runs, radius 8 / 10 /
// 12 / 14 / 16 (bench/results/2026-11-27h_session8, call 6): half 63.7 / 59.3 / 57.4 / 51.4 / 49.9, none 61.5 /
// 55.5 / 54.1 / 47.7 / 46.5, a quarter 58.4 / 55.7 / 52.2 / 48.2 / 46.0.
// Radius 4, with warps of their own (box_fast.hpp), three runs, none / a quarter / half at 16 rows (call 9): 71.2 /
// 71.2 / 75.0; radius 3 there, a quarter / half: 75.8 / 78.4.
// From radius 12 a grid of many waves doubles its strips while the doubled grid spans at least 1.25 waves
// (kLongGridQuarters): their first 2r + 1 rows are then paid by more outputs. H100, three rounds, % of a copy, as
// before -> doubled (bench/results/2026-11-27k_session11, call 7): r12 8192x8192 63.9 -> 65.1, 16384x16384 74.0 ->
// 77.9; r16 56.6 -> 60.3 and 69.9 -> 74.6; 1920x1080 to 4096x4096 unchanged (the grid spans too few waves). Radius
// 5 to 10 gained nothing with it (r5 at 16384x16384 lost 2.3).
// From radius 5 a grid within one wave halves its strips (while it fills less than a third of the wave) down to
// kBoxShortMinRows rows, not only to the tail's: a small image's few long strips left most SMs idle. H100, gray8,
// three rounds alternated, % of a copy, the tail's rows -> 4 (bench/results/2026-11-28m_session13, call 4):
// 1920x1080 r5 88.8 -> 99.2, r10 74.6 -> 80.1, r12 67.4 -> 76.3, r16 57.0 -> 69.7 (r8 84.5 -> 83.1); 1600x1200 r5
// 87.2 -> 102.3, r16 55.5 -> 70.5; 1280x720 +7 to +13; 2560x1440 r5 58.0 -> 63.1; 2048x2048 r5 / r6 60.5 / 57.0 ->
// 58.6 / 54.7; 3840x2160 and up unchanged (their grids are not halved). Down to 6 or 8 rows gained less (call 4),
// and filling the wave as well lost at 2048x2048 to 4096x4096 (call 3: r8 3840x2160 49.8 -> 46.1).
constexpr int kBoxShortMinRows = 4;
static TailRule BoxFastTail(const ParamValues& p, PixelFormat) {
  const int r = p.Int("radius");
  if (r <= 4) return kQuarterTail;  // radius 3 and 4: a quarter of 32 rows since call 9
  // Radius 5 to 7 since call 11 (24 rows), and 8 to 11; from 12 long grids double their strips.
  return TailRule{kHalfTail, kWholeWave, kThirdOfWave, kBoxShortMinRows, r < 12 ? 0 : kLongGridQuarters};
}

static FilterSpec DeclareBox() {
  FilterSpec f;
  f.id = "box";
  f.name = "Box blur (mean)";
  f.teaching =
      "The mean of a (2r+1) x (2r+1) window, replicate border, per channel, rounded as (sum + n/2) / n "
      "with n = (2r+1)^2. Every weight is 1 and the arithmetic is integer, so all variants are "
      "bit-identical and the lesson is purely algorithmic: the direct 2D loop costs O(r^2) per pixel, "
      "separable row and column sums O(r), and running sums O(1): slide the window one step by adding the "
      "sample that enters and subtracting the one that leaves. The price of the running sum is "
      "parallelism: each row (or column) becomes a sequential walk done by one thread, so a 1023 x 769 "
      "image offers only 769 row walks and 1023 column walks instead of 786,687 independent pixels. Small "
      "radii favour the parallel separable passes; the larger the radius, the more the running sum's flat "
      "cost matters. The CPU reference is separable (O(r)); integer sums are exact, so it equals the 2D "
      "definition (the tests check that on small images).";
  f.accepts = {PixelFormat::Gray8, PixelFormat::Rgba8};
  ParamSpec radius;
  radius.name = "radius";
  radius.type = ParamType::Int;
  radius.min = 1;
  radius.max = 64;
  radius.def = 3;
  radius.help = "half width of the window: 2 * radius + 1 pixels per side";
  f.params = {radius};
  f.bench_cases = {"radius=4", "radius=16"};  // fast's cost should not grow with the radius
  // 4 and 5 lie either side of fast's warps that own their chunks and its overlapping ones (and of 32 and 24 rows),
  // 2 and 3 (the default) either side of its 16 and 32 rows per thread, 7 and 8 either side of its two horizontal
  // sums, 16 is the largest radius it serves. On rgba8, 5, 7, 8, 10, 15 and 16 give each remainder of r / 4 and
  // 2, 3, 4, 7 and 8 lanes wholly inside a window (box_rgba_wide.cuh).
  f.test_cases = {"radius=1",  "radius=2",  "radius=4",  "radius=5",  "radius=7", "radius=8",
                  "radius=10", "radius=15", "radius=16", "radius=17", "radius=64"};

  VariantSpec direct = CudaVariant(
      "direct",
      "One thread per pixel sums the (2r+1)^2 window straight from global memory, clamping each "
      "coordinate.",
      "O(r^2) loads per pixel, (2r+1)/2 times as many as `separable`: competitive at radius 1, 18 times "
      "the loads at radius 17 and 65 times at 64, even though neighbouring threads share almost all of "
      "them through the caches.",
      cuda::LaunchBoxDirect, cuda::BoxDirectKernel);

  direct.footprint = BoxFootprint;

  VariantSpec separable = CudaVariant(
      "separable",
      "Two passes, one thread per pixel each: 2r+1 horizontal sums into an int32 intermediate (call "
      "scratch), then 2r+1 vertical sums of it and the rounding. Integer sums are exact, so splitting "
      "them changes nothing.",
      "O(r) loads per pixel and full parallelism: far ahead of `direct` from radius 2 on; at large radii "
      "it still grows linearly, and the int32 intermediate costs 4 bytes written and read per channel.",
      cuda::LaunchBoxSeparable, cuda::BoxSeparableKernel);
  separable.scratch_bytes = cuda::BoxScratchBytes;
  separable.footprint = BoxFootprint;

  VariantSpec running = CudaVariant(
      "running_sum",
      "Two passes of sliding windows: one thread per row walks it left to right (add the entering pixel, "
      "subtract the leaving one) into an int32 intermediate (call scratch), then one thread per column "
      "walks that top to bottom the same way and rounds. The block is used as a flat group of "
      "block x * block y threads.",
      "Two loads per pixel per pass whatever the radius, so its time is flat in r. But only h + w threads "
      "work: far too few to fill a large GPU, each a long chain of steps, and the row walk's loads are not "
      "coalesced (neighbouring threads read different rows). It loses to `separable` at small radii; where "
      "the two cross depends on the radius, the image size (more rows and columns, more threads) and the "
      "GPU: measure it.",
      cuda::LaunchBoxRunningSum, cuda::BoxRunningSumKernel);
  running.scratch_bytes = cuda::BoxScratchBytes;
  running.defaults = LaunchConfig{.block_x = 128, .block_y = 1, .ppt = 1, .smem = true, .halo = 1};

  VariantSpec fast = StripVariant(
      "gray8 and rgba8, radius 1..16. One thread owns 16 columns (bytes) of a strip of ppt rows and "
      "keeps their sums over the 2r+1 rows around the current output row in registers, two columns per 32-bit "
      "word (16-bit lanes). Each output "
      "row: add the row entering the window, subtract the one leaving it, get the column sums of each neighbouring "
      "chunk from the adjacent lanes by warp shuffle, and slide a horizontal sum across the 16 outputs; the "
      "division by (2r+1)^2 is one multiply-high by a reciprocal that is exact for every possible sum (for two "
      "outputs held in the 16-bit lanes of one word, each mean is taken from byte 2 of a product, so neither lane "
      "is masked or shifted out first). The rows "
      "of the window stay in a ring of shared-memory slots until they leave it, and up to radius 7 the "
      "horizontal sum slides over pairs of 16-bit lanes (two outputs per add). On rgba8 a chunk is 4 pixels and "
      "each word of column sums is already one pixel's channels 0 and 2 (or 1 and 3), so its horizontal sum "
      "slides over whole words, two channels per add, with no lane shifted at all. One apron chunk holds only 4 "
      "rgba8 pixels, so from radius 5 rgba8 warps overlap by ceil(r/4) chunks on each side (24 of 32 lanes write "
      "at radius 16), and a lane's first box sum adds the chunk totals of the lanes wholly inside its window, "
      "summed across lanes by doubling (sums of 2, 4, 8 lanes: 16 shuffles at radius 16 instead of 32), then "
      "slides over its other 3 pixels. Beyond radius 7 a box sum no longer "
      "fits a lane, but the difference of two column sums does: one add of lane pairs gives two such differences, "
      "and each output costs one extraction and one add. A warp's two end lanes have no neighbour in the warp: up "
      "to radius 7 (rgba8: 4) they also fetch the chunk beyond the warp and keep running sums of the column words "
      "they need from it, so that each warp owns 32 chunks; beyond, they are only the apron and each warp writes 30 "
      "chunks, its neighbours overlapping it by two. The rows the last wave of resident blocks would cover go in "
      "shorter strips (a quarter as long up to radius 4, half from 5), started last, so that the grid does not "
      "end with a few long strips running alone. A grid that fills less than a third of one wave halves its "
      "strips until it fills more (from radius 5 down to 4 rows), so that a small image's rows spread over more "
      "SMs; a grid that fills more keeps its strips long.",
      "What made it fast: both passes fused, so no int32 intermediate goes to memory and back (8 of the 10 bytes "
      "per pixel `separable` moves), the vertical cost is flat in r, every load and store is 16 bytes wide, and "
      "there are 16 outputs per thread. Each input row is fetched once (the leaving row is read back from the "
      "ring, not fetched again through L2), and up to radius 7 the horizontal sum costs one add per two outputs "
      "instead of column extractions: radius 3 went from 50% to 62% of the copy on an H100, and to 70% when the "
      "warps at the image's sides stopped assembling their edge chunks byte by byte (a chunk wholly outside the "
      "row is its edge pixel repeated: one load), and to 73% with the window's first rows unrolled (their ring "
      "slots became constants). Up to radius 3 the tail strips added 1.5 to 2 points; at radius 5 to 7, at 10 "
      "and 12 rows, a short strip's 2r extra rows cost more than the tail saved (at 24 rows, since, they pay), "
      "and from radius 8 tail strips half as long gain up to 2 points. The window's first 2r + 1 rows are a "
      "strip's fixed cost: all the ring's rows are fetched at once before the first is added, so that they "
      "arrive at the memory's pace rather than one latency each: radius 2 gained 2.4 points, radius 8 6.6 "
      "(64.5%, with the ring instead of fetching the leaving row again, and 16 rows per thread). Warps that own "
      "their 32 chunks load and store whole 512-byte spans of a row (and two 16-byte edge chunks): at radius 1 "
      "and 2 that took 83% to 87% and 78% to 81%. With the first rows fetched a few at a time the edge fetches "
      "and sums cost as much as that saved at radius 3 and more from 4; primed all at once, own warps took radius "
      "3 from 75% to 78% and radius 4 from 69% to 75%, and from radius 5 the warps overlap. Overlapping warps make "
      "the chunks of their lanes beyond the row too, by shuffle from the lane holding the edge pixel; with the "
      "edge chunks made, box gained 2 to 7 points at every radius. Then Nsight Compute found radius 3 held by "
      "its ALU pipe (69% busy, the math-pipe throttle its largest stall after 'not selected'): integer adds, "
      "masks, shifts and byte permutes all issue there, at half the rate of the issue slots, while the multiply "
      "pipe idled. Taking each lane's mean from byte 2 of a multiply-high of the whole word, instead of masking "
      "and shifting the lane out first, turned 16 ALU instructions a row into 8: radius 1 to 4 gained 3 to 4 "
      "points (radius 3 83.9% -> 86.7% of the copy, radius 4 80.5 -> 84.4), and fetching rows by address with a "
      "predicated edge fetch (no range test, no branch) up to 1 more. Longer strips then paid: at 8192x8192 "
      "radius 3 and 4 at 32 rows per thread fit the device in one wave of full strips, 89.5% of the copy, where "
      "cutting every strip in half for a tail spread them over two waves (86%). From radius 12 a grid of more "
      "than 2.5 waves doubles its strips while the doubled grid still spans 1.25 waves, so that the window's "
      "first rows are paid by more outputs: radius 16 56.6% -> 60.3% at 8192x8192, 69.9 -> 74.6 at "
      "16384x16384. rgba8 shares the whole kernel but its horizontal sums: at 8192x8192 on an "
      "H100 radius 3 and 4 run at 90% and 87% of the copy, 5.8 and 6.1 times faster than `separable`, which "
      "rgba8 ran before, and with the overlapping warps radius 5 and 16 at 90% and 68% (separable 12.7% and "
      "5.4%: 7 and 12 times slower). On small images the opposite paid: a 1920x1080 grid at radius 16 filled a "
      "sixth of a wave "
      "with 16-row strips (the tail's rows, where halving used to stop), and halving them once more, to 8 rows, "
      "took it from 57% to 70% of the copy (radius 5 89% -> 99% with 6-row strips, radius 12 67% -> 76%). "
      "Beyond radius 16 gray8's apron would span more than one neighbouring chunk: there a pipeline runs "
      "`separable` (alone, fast is refused with the reason). Own warps (radius 1 to 4) in a block inside the "
      "image take the strip kernels' steady blocks: rows at 32-bit offsets stepping one pitch a row, fetches "
      "predicated, no clamp, range test or branch per row; on an H200 at 8192x8192 that "
      "took radius 3 from 74.7% to 79.4% of a copy and radius 4 from 72.3% to 76.8% (24.6 -> 20.4 M "
      "instructions at radius 3). As in the strip kernels, a last column of blocks that the row ends inside of "
      "moves left to end with the row, so that no lane waits on a load of clamped bytes every row: radius 3 at "
      "3840x2160 went from 48.7% to 69.1% of a copy on an H100. Where warps overlap, a grid of more than one wave "
      "launches a second kernel, in which an overlapping warp whose chunks and rows all lie inside the image "
      "takes such a steady path too: 13 to 18% fewer instructions, radius 16 at 8192x8192 from 60.2% to 62.0% "
      "(rgba8 67.3 -> 69.8), rgba8 radius 5 and 16 at 3840x2160 from 67% to 72% and 44% to 49% (H100). A grid "
      "within one wave keeps the kernel without it: there one strip's latency sets the time, and the steady "
      "kernel's was longer (1920x1080 radius 16: 14.4 against 12.7 us, for 13% fewer instructions). With own "
      "warps in the steady blocks, gray8 radius 5 to 7 then gained from owning their chunks too (8192x8192 radius 5 "
      "76.8% -> 79.6%, radius 7 73.7 -> 76.2; 1920x1080 and 2560x1440 3 to 5 points).",
      cuda::LaunchBoxFast, cuda::BoxFastKernel, cuda::BoxFastFootprint, 8, /*tail=*/0);
  fast.tail = BoxFastTail;  // by radius, as its text says
  fast.formats = {PixelFormat::Gray8, PixelFormat::Rgba8};
  // Beyond radius 16 separable: at 1920x1080 faster than running_sum at every radius to 64 (r64 0.30 against 0.85
  // ms, gray8), at 8192x8192 up to 32 (r32 4.78 against 5.29; r48 7.00 against 5.29) (H100,
  // bench/results/2026-11-28n_session14/call7).
  fast.format_limit = cuda::BoxFastRadiusProblem;
  fast.fallback = "separable";
  fast.fallback_rule = "radius 17 and up: `separable`";
  fast.check_launch = cuda::BoxFastProblem;
  fast.smem_bytes = cuda::BoxFastSmemBytes;
  fast.uses.smem = false;  // always keeps its window's rows in a ring in shared memory
  fast.defaults_for = BoxFastLaunch;
  fast.defaults_rule =
      "ppt 16 up to radius 2, 32 at 3 and 4 (16 on gray8 images under 2.6 M pixels), 24 from 5 to 16, all with the "
      "tail strips; "
      "rgba8 from radius 5: 16 to 8, 32 to 12, 16 to 16";

  // `fast` first: a new stage's default CUDA variant.
  f.variants = {CpuReference(cpu::BoxReference), CpuOpenmp(cpu::BoxOpenmp), fast, direct, separable, running};
  SetSources(f, {{"fast", {"box_fast.cu", {"BoxFast"}}},
                 {"direct", {"box.cu", {"BoxDirect"}}},
                 {"separable", {"box.cu", {"BoxRowSums", "BoxColumnMeans"}}},
                 {"running_sum", {"box.cu", {"BoxRowRunning", "BoxColumnRunning"}}}});
  return f;
}

FL_REGISTER_FILTER(100, DeclareBox);

}  // namespace fl::filters
