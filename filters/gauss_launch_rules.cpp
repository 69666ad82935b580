// gauss's launch rules by radius and format (rows per thread, blocks, the fallback for gray32f, tensor's tail), each
// with the measurements that chose it. The declaration (gauss.cpp) points its variants at them.
#include "filters/gauss_launch_rules.hpp"

#include <algorithm>

#include "cuda/filters/gauss_columns.hpp"
#include "cuda/filters/gauss_fast.hpp"
#include "cuda/filters/gauss_half2.hpp"
#include "cuda/filters/gauss_tensor.hpp"
#include "filters/declarations.hpp"

namespace fl::filters {

// fast's rows per thread for gray32f by radius: its ring of 2r + 1 row results grows with r (186 registers at
// radius 8), so fewer threads run at once and longer strips spread the window's first rows over more outputs
// (ms on an H100, 8192x8192 gray32f, block 32x4, ppt 8 / 16 / 32 / 48 / 64, bench/results/
// 2026-11-25_h100_radius_sweep/): r1 0.186 / 0.200 / 0.212 / 0.221 / 0.227, r4 0.221 / 0.202 / 0.226 / 0.233
// / 0.239, r6 0.321 / 0.266 / 0.246 / 0.244 / 0.250, r8 0.471 / 0.360 / 0.307 / 0.293 / 0.291. gray8 and
// rgba8 run `tensor` by default and keep ppt 16 (not swept).
LaunchConfig GaussFastLaunch(const LaunchConfig& d, const ParamValues& p, const ImageShape& in) {
  if (in.format != PixelFormat::Gray32f) return d;
  return WithPptForRadius(d, p.Int("radius"), {{3, 8}, {5, 16}, {7, 48}, {cuda::kGaussFastMaxRadius, 64}});
}

// tensor's rows per thread for rgba8 by radius: its row pass grows with r (3 k blocks at radius 3..4, 5
// at 7..8), and longer strips spread the once-per-warp set-up; gray8 is fastest at 128 at every radius (ms on
// an H100, 8192x8192, block 32x8, ppt 64 / 128 / 192 / 256 / 384,
// bench/results/2026-11-25_h100_radius_sweep/): rgba8 r2 0.284 / 0.240 / 0.260 / 0.279 / 0.304, r4 0.326 /
// 0.258 / 0.244 / 0.260 / 0.281, r6 0.376 / 0.298 / 0.275 / 0.270 / 0.270, r8 0.442 / 0.338 / 0.306 / 0.294 /
// 0.282; gray8 r8 0.081 / 0.070 / 0.075 / 0.082 / 0.091. Gray8 radius 9..32 (3 to 5 k blocks in both passes) keeps
// 128: longer strips were faster at 8192x8192 and slower or level at 1920x1080 (% of a copy on an H200, ppt 64 /
// 128 / 192 / 256, bench/results/2026-11-28o_session15, call 3): r12 8192x8192 31.8 / 39.6 / 42.7 / 43.6, 3840x2160
// 38.5 / 43.4 / 42.4 / 38.8, 1920x1080 76.0 / 76.9 / 77.2 / 76.9; r24 22.9 / 29.3 / 32.6 / 33.7, 29.8 / 33.7 / 35.4
// / 32.8, 72.0 / 73.3 / 61.6 / 71.8; r32 20.2 / 26.3 / 29.1 / 30.2, 26.7 / 30.3 / 32.3 / 31.6, 65.6 / 68.9 / 58.8 /
// 67.9.
// Gray8 images under kGaussTensorNarrowBelowPixels run blocks of 4 warps instead of 8 up to radius 8 (the kernel
// shape of 2 k blocks; measured at radius 4 and 8): twice the blocks, so that a grid of less than a wave or two keeps
// more SMs busy (H100, % of a copy, 4 / 8 warps at 128 rows, three rounds, bench/results/2026-12-07_session26, call
// 3): radius 4 1280x720 62.3 / 61.2, 1920x1080 94.3 / 88.6, 2560x1440 60.9 / 56.8, 3000x2000 58.1 / 61.3, 3840x2160
// 55.8 / 55.0, 4096x4096 55.5 / 56.0, 8192x8192 66.7 / 69.7; radius 8 59.0 / 58.7, 93.4 / 91.9, 58.4 / 55.2, 57.9 /
// 62.1, 54.3 / 53.3, 54.2 / 55.0, 66.2 / 69.1. The threshold lies between 2560x1440 (3.7 M pixels) and 3000x2000 (6
// M), where 4 warps lost 3 to 4 points; 3840x2160, where they won by 1, keeps 8. Through the plan (call 8, rule /
// 32x8) radius 8 at 1920x1080 lost 2.3 points (86.4 / 88.7), radius 4 there and both radii at 1280x720 and 2560x1440
// gained 2.9 to 6.3. rgba8 keeps 8 warps: with 4, radius 4 ran 1 to 19 points slower from 1920x1080 on (8192x8192
// 53.4 / 71.9), radius 8 within 2 points either way up to 3840x2160 and 3 to 7 slower beyond (a narrow block stages
// 1.5 bytes of each row per output byte, a wide one 1.25).
LaunchConfig GaussTensorLaunch(const LaunchConfig& d, const ParamValues& p, const ImageShape& in) {
  if (in.format == PixelFormat::Gray8) {
    LaunchConfig c = d;
    if (in.SmallerThan(kGaussTensorNarrowBelowPixels) && p.Int("radius") <= kGaussTensorNarrowMaxRadius) c.block_y = 4;
    return c;
  }
  if (in.format != PixelFormat::Rgba8) return d;
  return WithPptForRadius(d, p.Int("radius"),
                          {{2, 128}, {4, 192}, {6, 256}, {cuda::kGaussTensorMaxRadiusRgba8, 384}});
}

// half2's rows per thread by radius and format: longer strips spread the window's first 2r rows (a conversion
// each) over more outputs, and cut the threads that hide latency; the balance moves to longer strips with the
// radius (ms on an H100, 8192x8192, block 32x4, ppt 4 / 8 / 16 / 32 / 64, the column-first kernel of 175ad6e,
// bench/results/2026-11-27_h100_half2_shared_display/call8_175ad6e/): gray8 r1 0.0540 / 0.0542 / 0.0581 / 0.0677
// / 0.0772, r2 0.0660 / 0.0606 / 0.0617 / 0.0690 / 0.0800, r3 0.0845 / 0.0733 / 0.0702 / 0.0790 / 0.0987, r4
// 0.0939 / 0.0812 / 0.0767 / 0.0846 / 0.1038; rgba8 r1 0.2022 / 0.2014 / 0.2130 / 0.2232 / 0.2386, r2 0.2814 /
// 0.2192 / 0.2144 / 0.2289 / 0.2452, r4 0.3451 / 0.2804 / 0.2558 / 0.2597 / 0.2676.
LaunchConfig GaussHalf2Launch(const LaunchConfig& d, const ParamValues& p, const ImageShape& in) {
  if (in.format == PixelFormat::Rgba8)
    return WithPptForRadius(d, p.Int("radius"), {{1, 8}, {cuda::kGaussHalf2MaxRadius, 16}});
  return WithPptForRadius(d, p.Int("radius"), {{2, 8}, {cuda::kGaussHalf2MaxRadius, 16}});
}

// gray32f has no tensor or half2 code: a gauss stage on it runs columns, or fast where fast is the faster: up to
// radius 2 on images of kGaussFastFromPixelsR2 pixels or more, radius 3 and 4 from kGaussFastFromPixelsR4. Columns
// runs short-grid strips (e5d4ddc), so it keeps the SMs busy on small images, where fast, whose strips are few rows
// tall, pays for its loads' latency with few warps; on large images columns' apron columns (loaded and summed twice)
// cost more. H100, % of a copy, fast / columns, three rounds each at each rule's launch (bench/results/
// 2026-12-07_session26, calls 1 and 2; radius 3 and 4 at the first two and the last size: 2026-12-07_session25,
// call 6):
//   size         radius 1     radius 2     radius 3     radius 4
//   1920x1080    64.9 / 85.0  61.0 / 81.8  59.9 / 73.9  46.0 / 79.7
//   3840x2160    76.6 / 85.0  71.9 / 79.8  65.7 / 73.0  59.5 / 81.8
//   4096x4096    86.7 / 81.4  83.3 / 80.8  76.4 / 78.5  70.9 / 82.6
//   5120x5120    89.8 / 86.0  87.7 / 79.5  81.8 / 83.6  76.7 / 78.7
//   6144x6144    92.7 / 84.3  90.9 / 84.3  85.6 / 85.0  82.5 / 84.1
//   8192x8192    94.6 / 86.8  93.8 / 88.2  89.5 / 86.1  87.6 / 85.9
// The thresholds, 12 x 2^20 and 48 x 2^20 pixels (12.6 and 50.3 M), lie between the sizes measured (8.3 and 16.8 M;
// 37.7 and 67.1 M), near their geometric means (11.8 and 50.3 M). The second compares 6144x6144 (this session's call
// 2) with 8192x8192 (the twenty-fifth session's call 6, whose columns kernel differed only in its argument layout).
// From radius 5 columns is the faster at 8192x8192 too (ms, bench/results/2026-11-27_strip_limits/
// call8_columns_h100/: r5 fast 0.223 against columns 0.205, r6 0.244 against 0.205, r8 0.293 against 0.209). Beyond
// the radii these have code for (tensor rgba8 8, fast and columns 8; tensor gray8 serves the filter's every radius),
// rgba8 and gray32f run separable_fused, the one teaching variant that serves every radius at its default launch
// (separable's column apron stops at 8).
std::string GaussTensorFallback(const ParamValues& p, const ImageShape& in) {
  const int r = p.Int("radius");
  if (in.format != PixelFormat::Gray32f || r > cuda::kGaussColumnsMaxRadius) return "separable_fused";
  if (r <= 2 && in.Pixels() >= kGaussFastFromPixelsR2) return "fast";
  if (r <= 4 && in.Pixels() >= kGaussFastFromPixelsR4) return "fast";
  return "columns";
}

// columns' launch by radius (same call; block 256x1 ppt 128 / 128x1 ppt 128 / 128x1 ppt 256 / 128x1 ppt 512):
// r3 0.210 / 0.212 / 0.214 / 0.214, r5 0.208 / 0.205 / 0.204 / 0.206, r6 0.206 / 0.205 / 0.218 / 0.255, r7 0.213
// / 0.212 / 0.223 / 0.250, r8 0.221 / 0.215 / 0.212 / 0.209. From radius 5 blocks of 128 threads are the fastest
// (their 8-column aprons notwithstanding); at radius 8 longer strips spread the 16 apron rows. Strips of whole
// batches (the multiple of the batch nearest 128 or 512 rows) waste no rows in their last batch
// (bench/results/2026-11-27_strip_limits/call12_columns_ppt_h100, 128x1): r5 ppt 128 0.2041 -> 132 0.2017 ms, r6
// 128 0.2044 -> 130 0.2041, r7 128 0.2119 -> 135 0.2084, r8 512 0.2094 -> 510 0.2052. The multiple below was
// faster only at r7 (120: 0.2069) and slower at r5 and r6; one rule, the nearest, serves all four.
LaunchConfig GaussColumnsLaunch(const LaunchConfig& d, const ParamValues& p, const ImageShape&) {
  const int r = p.Int("radius");
  if (r <= 4) return d;
  LaunchConfig c = d;
  c.block_x = 128;
  const int batch = cuda::GaussColumnsBatchRows(r), target = r >= 8 ? 512 : 128;
  c.ppt = batch * std::max(1, (target + batch / 2) / batch);
  return c;
}

// Tails half as long over half a wave's rows: the best of seven rules, with none, at five sizes and radius 2, 4, 8
// (H100, two rounds, bench/results/2026-11-27k_session11/call2): a quarter as long over a whole wave lost 1.4 at
// 8192x8192 and 4.2 at 4096x4096; an eighth lost 8 to 15. Short grids halve below half a wave, not a third, and
// down to 16 rows, not the tail's 64 (call 4): 1920x1080 89.9 -> 99.4 and 2048x2048 47.3 -> 58.6 (gray8 r4).
// Before that, a grid within one wave halves while it fills less than a whole wave, down to 64 rows: a 128-row grid
// that filled 0.97 of a wave ran at 51% of a copy at 3840x2160. H100, three rounds, % of a copy, r4 / r8
// (bench/results/2026-11-28l_session12, call 12): gray8 3840x2160 50.9 / 50.6 -> 54.9 / 53.9, 3000x2000 56.9 / 56.3
// -> 65.3 / 64.9, 3200x1800 65.4 / 64.7 -> 72.6 / 72.6; rgba8 r4 1920x1080 44.6 -> 49.9, r8 2048x2048 38.9 -> 44.3,
// 2560x1440 36.3 -> 42.1; the sizes it leaves alone within 1.3 (2.3 at gray8 1920x1080, whose spread is about 3).
//
// Gray8 up to radius 16 (the kernels that store whole sectors through a shared tile, cuda/filters/gauss_tensor.cu)
// also takes strips of 192 rows, not 128, where the grid of them spans four waves or more: 8192x8192
// yes (2752 blocks of 528 resident on an H100, 5.2 waves), 3840x2160 and 4096x4096 no. H100, % of a copy, 128 / 192 /
// 256 / 384 rows (bench/results/2026-12-06_session20, call 4, two rounds): 8192x8192 radius 2 66.5 / 69.1 / 67.0 /
// 62.1, radius 4 66.6 / 69.0 / 67.2 / 62.4, radius 8 67.0 / 69.3 / 67.2 / 62.5, radius 12 52.6 / 56.6 / 57.8 / 57.0;
// 3840x2160 radius 4 53.9 / 51.8 / 54.7 / 51.6. The rule against 680eb06, default launch, three rounds
// (bench/results/2026-12-06_session21, call 1): 8192x8192 radius 2 / 4 / 8 / 12 / 16 66.3 / 65.9 / 66.2 / 51.8 /
// 51.8 -> 69.4 / 68.9 / 69.2 / 56.0 / 56.2, shared memory off radius 4 49.9 -> 52.3; 3840x2160 and 4096x4096 within
// 0.6 (their launch is the same).
TailRule GaussTensorTail(const ParamValues& p, PixelFormat in) {
  if (in == PixelFormat::Gray8 && p.Int("radius") <= 16)
    return TailRule{kHalfTail, kHalfWave, kHalfOfWave, 16, kFourWaves, false, 64, 192};
  return TailRule{kHalfTail, kHalfWave, kHalfOfWave, 16, 0, false, 64};
}

// columns had equal strips: a block walks its strip's batches in order for the whole kernel, so a grid of few
// blocks leaves most of the device idle. At 3840x2160 radius 8 its 510-row strips made 175 blocks of 128 threads
// where an H100 holds 1188 at once, and it ran at 29% of a copy against 86% at 8192x8192 (H100, three rounds,
// bench/results/2026-12-07_session25, call 1). So short grids halve their strips while the grid fills less than
// half a wave, down to 16 rows, then take the rows that fill the wave (8192x8192 at radius 8, 1.06 waves, keeps
// its equal 510-row strips), and a grid of more than a wave puts the last wave's rows in strips half as long:
// morphology 5x5's rule with tails from 16 rows. H100, % of a copy, equal strips -> this rule (with the kernel's
// 56 registers from radius 5, gauss_columns.cu), three rounds at the first four sizes, two at the rest
// (bench/results/2026-12-07_session25, calls 2 and 4), radius 4 / 6 / 8: 1280x720 27.4 / 33.8 / 9.1 -> 75.0 / 69.6
// / 72.3, 1920x1080 37.4 / 44.1 / 12.6 -> 79.0 / 66.2 / 71.0, 2560x1440 51.0 / 58.0 / 17.6 -> 79.2 / 78.8 / 69.1,
// 3840x2160 65.1 / 69.6 / 29.2 -> 85.0 / 76.0 / 72.3, 4096x4096 80.0 / 73.0 / 49.5 -> 81.6 / 83.4 / 77.2, 8192x8192
// 86.7 / 87.1 / 86.5 -> 86.1 / 87.2 / 87.5, 16384x16384 89.8 / 91.0 / 91.1 -> 89.7 / 89.2 / 91.6. The rule alone
// (call 2, e5d4ddc, whose kernel took 64 registers at radius 7 and 8): 8192x8192 radius 8 83.3, its equal strips
// 1.19 waves of 8 blocks per SM.
TailRule GaussColumnsTail(const ParamValues&, PixelFormat) {
  return TailRule{kHalfTail, kWholeWave, kHalfOfWave, 16, 0, kFillWave};
}

}  // namespace fl::filters
