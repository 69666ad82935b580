// Declaration of `gauss`: Gaussian blur of radius 1..32, with direct and separable CUDA variants.
#include <algorithm>

#include "core/cpu/gauss.hpp"

#include "core/cpu/gauss_weights.hpp"
#include "cuda/filters/gauss.hpp"
#include "cuda/filters/gauss_columns.hpp"
#include "cuda/filters/gauss_fast.hpp"
#include "cuda/filters/gauss_half2.hpp"
#include "cuda/filters/gauss_tensor.hpp"
#include "filters/declarations.hpp"
#include "filters/footprints.hpp"
#include "filters/gauss_launch_rules.hpp"
#include "filters/kernel_sources.hpp"

namespace fl::filters {

static std::optional<std::string> SeparableApron(const LaunchConfig& c, const ParamValues& p) {
  return GaussSeparableApronProblem(c, p.Int("radius"));
}

// A direct variant: one thread per pixel, (2r+1)^2 taps, results within the float tolerance of the reference.
static VariantSpec Direct(std::string id, std::string technique, std::string expectation, CudaLaunchFn launch,
                          KernelFn kernel) {
  VariantSpec v = CudaVariant(std::move(id), std::move(technique), std::move(expectation), launch, kernel);
  v.agreement = Agreement::Tolerance;
  return v;
}

// The fused kernel's block writes block_x x (16 block_y) outputs (8 block_y for rgba8) and reads `radius` around.
static BlockFootprint FusedFootprint(const LaunchConfig& c, const ParamValues& p, PixelFormat in) {
  return {c.block_x, c.block_y * (in == PixelFormat::Rgba8 ? 8 : 16), p.Int("radius")};
}

// The row pass of `separable` (the column pass mirrors it): ppt results per thread along x, an apron of radius.
static BlockFootprint SeparableRowFootprint(const LaunchConfig& c, const ParamValues& p, PixelFormat) {
  return {c.block_x * c.ppt, c.block_y, p.Int("radius")};
}

static FilterSpec DeclareGauss() {
  FilterSpec f;
  f.id = "gauss";
  f.name = "Gaussian blur";
  f.teaching =
      "A weighted average over a (2r+1) x (2r+1) window, the weights following a Gaussian of standard "
      "deviation sigma and summing to 1. Every output reads (2r+1)^2 pixels and as many weights, and every "
      "thread reads the same weights, so the direct variants ask where such shared, read-only data should "
      "live: global memory (each read a load through the caches), shared memory (copied once per block), or "
      "constant memory (broadcast when a warp reads one address, serialised when it reads several). The "
      "separable variant changes the algorithm instead: a 2D Gaussian is the outer product of two 1D ones, "
      "so a row pass then a column pass need 2(2r+1) taps per pixel instead of (2r+1)^2 (18 against 81 at "
      "the default radius 4, 130 against 4225 at radius 32), and its shared-memory tiles with several "
      "results per thread keep the extra loads of the apron small. All CUDA variants sum in float, as the "
      "reference does, but in another grouping or with fused multiply-adds, so they agree within 1 grey "
      "level (8-bit) or 1e-4 (gray32f).";
  f.accepts = {PixelFormat::Gray8, PixelFormat::Rgba8, PixelFormat::Gray32f};
  ParamSpec radius;
  radius.name = "radius";
  radius.type = ParamType::Int;
  radius.min = 1;
  radius.max = kGaussMaxRadius;
  radius.def = 4;
  radius.help = "half width of the window: 2 * radius + 1 taps per side";
  ParamSpec sigma;
  sigma.name = "sigma";
  sigma.type = ParamType::Float;
  sigma.min = 0;
  sigma.min_exclusive = true;
  sigma.max = 100;
  sigma.def = 2;
  sigma.help = "standard deviation of the Gaussian in pixels";
  f.params = {radius, sigma};
  // 8-bit: float sums in another order may land on the other side of a .5 and round one step apart.
  // gray32f: inputs in [-1, 2] and weights summing to 1 keep the rounding differences near 1e-6.
  f.tolerance = Tolerance{.max_abs_u8 = 1, .max_abs_f32 = 1e-4f};
  // Smallest window with a narrow Gaussian; radius 2 and 6, the widest that tensor's 2- and 4-block rgba8
  // windows hold; a radius just inside the default separable apron (8 rows); 9 and 16, the first and last radius of
  // tensor's three-block gray8 bands, 20 for its four blocks; the largest radius (tensor's five blocks), which the
  // separable variant only serves with a wider apron (e.g. halo 4).
  f.bench_cases = {"radius=8:sigma=4"};  // the separable radius-8 row of the performance goals
  f.test_cases = {"radius=1:sigma=0.5", "radius=2:sigma=1", "radius=3:sigma=1.5", "radius=5:sigma=2",
                  "radius=6:sigma=2.5", "radius=7:sigma=3",       "radius=8:sigma=100",
                  "radius=9:sigma=3",   "radius=16:sigma=5",      "radius=20:sigma=6",
                  "radius=32:sigma=10"};

  VariantSpec separable = CudaVariant(
      "separable",
      "Two kernels: a row pass writes the horizontally blurred image as float (float4 for rgba8) into call "
      "scratch, a column pass blurs that vertically and rounds once. Each block stages a tile in shared "
      "memory, its own ppt x block pixels along the pass plus an apron of halo x block pixels on each side; "
      "each thread loads ppt + 2 halo pixels and computes ppt results, reusing each weight for all of them. "
      "The 1D weights travel as a by-value kernel parameter (constant bank, read as a broadcast).",
      "O(r) taps per pixel instead of O(r^2): from radius 2 or 3 on it should leave the direct variants far "
      "behind, and at small radii it is designed to approach memory bandwidth (read the image, write and "
      "read the float intermediate, write the output). More results per thread amortise the apron: the loads "
      "per result are 1 + 2 halo / ppt (1.5 at the default ppt 4, halo 1; 1.25 at ppt 8). The apron must "
      "cover the radius: halo x block x for the row pass, halo x block y for the column pass, so the default "
      "32x8, halo 1 serves radii up to 8 and larger radii need more halo steps or taller blocks (such a "
      "configuration is refused before launch, with the reason).",
      cuda::LaunchGaussSeparable, cuda::GaussSeparableKernel);
  separable.agreement = Agreement::Tolerance;
  separable.uses = LaunchUse{
      .block = true, .ppt = true, .halo = true, .ppt_min = 1, .ppt_max = cuda::kSeparableMaxPpt, .halo_min = 1,
      .halo_max = cuda::kSeparableMaxHalo};
  separable.defaults = LaunchConfig{.block_x = 32, .block_y = 8, .ppt = 4, .smem = true, .halo = 1};
  separable.smem_bytes = cuda::GaussSeparableSmemBytes;
  separable.scratch_bytes = cuda::GaussSeparableScratchBytes;
  separable.check_launch = SeparableApron;

  VariantSpec fused = CudaVariant(
      "separable_fused",
      "Both separable passes in one kernel. Each block loads its output tile plus an apron of radius pixels "
      "on every side into shared memory once (gray8 as aligned 4-byte words, converted to float on the "
      "way), runs the row pass over the tile's rows and the radius rows above and below into a shared float "
      "tile (float4 for rgba8), waits at __syncthreads, then runs the column pass from shared memory and "
      "writes each output once. A block bx x by owns bx x (by x ppt) outputs, ppt = 16 down each column (8 "
      "for rgba8); the radius is a template parameter, so every tap loop unrolls and each thread slides a "
      "register window along its row or column.",
      "The trade against `separable`: no float intermediate goes out to global memory and back (for gray8 "
      "that round trip is 8 of the 10 bytes `separable` moves per pixel), at the price of re-reading each "
      "tile's apron (the neighbours' pixels, mostly from L2) and re-running the row pass on the 2 x radius "
      "apron rows. At small radii that price is small (about (32 + 2r)(128 + 2r) / (32 x 128) = 1.3 pixels "
      "loaded per output for gray8 at radius 4 with the default 32x8, and 136 / 128 row-pass rows), so "
      "expect it near the copy bandwidth, several times faster than `separable`. At large radii the apron "
      "grows with the radius and the row pass repeats on more rows (2 x 32 apron rows for 128 tile rows at "
      "radius 32), so the gap narrows; shared memory grows with the radius too (about 100 KB for gray8 and "
      "117 KB for rgba8 at radius 32 with 32x8, opted in above 48 KB): where the default block's tiles do not "
      "fit the device (99 KiB on many desktop GPUs) it runs half as tall, with a note, and a block set by hand "
      "that does not fit is refused before launch, with the reason.",
      cuda::LaunchGaussSeparableFused, cuda::GaussFusedKernel);
  fused.agreement = Agreement::Tolerance;
  fused.smem_bytes = cuda::GaussFusedSmemBytes;

  VariantSpec global = Direct(
      "direct_global",
      "The 2D loop, one thread per output pixel; the (2r+1)^2 weights sit in global memory (call scratch) "
      "and every thread loads each of them as it goes.",
      "The baseline: (2r+1)^2 pixel loads and as many weight loads per output. All lanes of a warp load the "
      "same weight, so it costs one cache transaction, but it is still a load instruction with cache latency "
      "competing with the pixel loads; expect the weights to cost a visible share of the time.",
      cuda::LaunchGaussDirectGlobal, cuda::GaussDirectGlobalKernel);
  global.scratch_bytes = cuda::GaussWeights2DBytes;

  VariantSpec shared = Direct(
      "direct_shared",
      "The same loop; each block first copies the weights from global into dynamic shared memory (all "
      "threads helping, then __syncthreads), and reads them from there.",
      "A warp reading one shared-memory word is a broadcast without bank conflicts, and shared loads have "
      "lower latency than global ones and do not compete for the L1 cache with the pixels; the copy costs "
      "(2r+1)^2 loads per block, small beside the block's (2r+1)^2 x block pixel loads. Expect it somewhat "
      "faster than direct_global; the pixel loads still dominate both.",
      cuda::LaunchGaussDirectShared, cuda::GaussDirectSharedKernel);
  shared.scratch_bytes = cuda::GaussWeights2DBytes;
  shared.smem_bytes = cuda::GaussDirectSharedSmemBytes;

  VariantSpec constant = Direct(
      "direct_constant",
      "The same loop; the weights are copied into __constant__ memory (cudaMemcpyToSymbolAsync on the "
      "stage's stream) and all lanes of a warp read the same weight at the same time.",
      "The constant cache's best case: it serves one address per warp per cycle and broadcasts it to all 32 "
      "lanes, through its own cache, so the weights stop competing with the pixels. Expect it about as fast "
      "as direct_shared (or faster) without the per-block copy; compare with constant_divergent.",
      cuda::LaunchGaussDirectConstant, cuda::GaussDirectConstantKernel);

  VariantSpec divergent = Direct(
      "constant_divergent",
      "Constant-memory weights read at indices that differ across a warp: each lane walks every row of taps "
      "from column (lane mod 2r+1), wrapping around, so at each step the lanes ask for different weights.",
      "Correct but slow, to show the constant cache's worst case: it serves one address per warp per cycle, "
      "so a warp-wide read of k distinct addresses is split into k serial reads (k = 2r+1 up to 32; 9 at the "
      "default radius). The pixel reads touch the same cache lines as direct_constant (the warp still covers "
      "one row segment per step), so the gap between the two is the cost of divergent constant reads; it "
      "grows with the radius until 2r+1 reaches 32. The lanes sum in rotated orders, so it agrees with the "
      "reference within tolerance, not bit for bit.",
      cuda::LaunchGaussConstantDivergent, cuda::GaussConstantDivergentKernel);

  VariantSpec fast = CudaVariant(
      "fast",
      "Radius 1..8. Both separable passes fused with every intermediate on chip: a thread owns 4 floats of a row "
      "(4 gray8 or gray32f pixels, or the 4 channels of an rgba8 pixel) for a strip of ppt rows, a warp 32 such "
      "units. Per input row it loads its unit (one 4- or 16-byte load, the next row fetched one row ahead), writes "
      "it as floats into the warp's shared row (the lanes at the warp's ends add the r-pixel apron) and, after "
      "__syncwarp, runs the row pass from there. The last 2r+1 row results stay in registers; the row loop is "
      "unrolled by 2r+1 so that this ring slides without moving a register, and each output row is one weighted "
      "column sum of it.",
      "What made it fast, against separable_fused: no block-wide tile or barrier, no row pass repeated on the 2r "
      "apron rows of every tile (each row is filtered once per strip of ppt rows), and the column pass reads "
      "registers instead of shared memory. What limits it: 2(2r+1) fused multiply-adds per output (18 at radius 4, "
      "34 at radius 8) on the FP32 units; at radius 8 that arithmetic, not memory, sets its time.",
      cuda::LaunchGaussFast, cuda::GaussFastKernel);
  fast.agreement = Agreement::Tolerance;
  fast.uses = LaunchUse{.block = true, .ppt = true, .ppt_min = 1, .ppt_max = 256};
  fast.defaults = LaunchConfig{.block_x = 32, .block_y = 4, .ppt = 16};  // measured best on an H100 (sweep_fast.sh)
  fast.smem_bytes = cuda::GaussFastSmemBytes;
  fast.check_launch = cuda::GaussFastProblem;
  fast.footprint = cuda::GaussFastFootprint;
  fast.defaults_for = GaussFastLaunch;
  fast.defaults_rule = "gray32f: ppt 8 up to radius 3, 16 to 5, 48 to 7, 64 at 8";

  VariantSpec columns = CudaVariant(
      "columns",
      "Gray32f, radius 1..8. The column pass first, with one column per thread: a block of block_x threads owns "
      "block_x columns (the outer radius-rounded-up-to-4 on each side only feed its neighbours' row pass) for a "
      "strip of ppt rows. Per batch of rows (whole windows of 2r+1, at least 8) each thread loads its column's new "
      "values, one 4-byte load per row (a warp reads 128 contiguous bytes), keeps the last 2r+1 in registers and "
      "writes its column sums to a shared-memory buffer; after one barrier each thread takes 4 adjacent outputs of "
      "a row, reads the sums around them as aligned float4s and writes one float4. Two buffers alternate: one "
      "barrier per batch. A grid that fills less than half a wave of blocks runs shorter strips (down to 16 rows) "
      "that fill it, and a grid of more than a wave runs its last wave's rows in strips half as long. Rows are "
      "addressed by 32-bit offsets from the column's (or the block's) base, and registers are capped at 56 from "
      "radius 5 so that an SM holds 9 blocks of 128 threads.",
      "What made it fast, against fast: fast keeps 2r+1 row results of 4 pixels per thread in registers (186 "
      "registers at radius 8, 8 warps per SM), too few warps to hide the loads' latency; here a thread's window "
      "is 2r+1 floats, so an SM holds many more warps. The row pass reads shared memory (4 + 2 x apron floats per "
      "4 outputs) instead of shuffling. The price: the apron columns, 2 x apron of every block_x, are loaded and "
      "column-summed twice, which is why fast stays faster up to radius 4 at 8192x8192. Measured on an H100 there: "
      "radius 8 0.209 ms against fast's 0.293 (84% of a copy against 60%), radius 4 0.206 against 0.201. Equal "
      "strips left small images to a few blocks: at 3840x2160 radius 8 its 510-row strips made 175 blocks where an "
      "H100 holds 1188, and it ran at 29% of a copy. With the tail rule and 56 registers (H100, % of a copy, before "
      "-> after): radius 8 1920x1080 12.6 -> 71.0, 3840x2160 29.2 -> 72.3, 4096x4096 49.5 -> 77.2, 8192x8192 86.5 "
      "-> 87.5; radius 4 3840x2160 65.1 -> 85.0, 8192x8192 86.7 -> 86.1.",
      cuda::LaunchGaussColumns, cuda::GaussColumnsKernel);
  columns.agreement = Agreement::Tolerance;
  columns.formats = {PixelFormat::Gray32f};
  columns.fallback = "tensor";
  columns.uses = LaunchUse{.block = true, .ppt = true, .ppt_min = 1, .ppt_max = 1024};
  columns.defaults = LaunchConfig{.block_x = 256, .block_y = 1, .ppt = 128};
  columns.smem_bytes = cuda::GaussColumnsSmemBytes;
  columns.check_launch = cuda::GaussColumnsProblem;
  columns.footprint = cuda::GaussColumnsFootprint;
  columns.defaults_for = GaussColumnsLaunch;
  columns.defaults_rule = "block 128x1 from radius 5, ppt whole batches near 128 (512 at radius 8)";
  columns.tail = GaussColumnsTail;

  VariantSpec tensor = CudaVariant(
      "tensor",
      "Gray8 radius 1..32, rgba8 radius 1..8. Both separable passes as matrix products on the tensor cores (mma.sync "
      "m16n8k16: half inputs, float sums). A warp owns a strip 16 bytes wide (16 gray8 pixels, 4 rgba8 ones) and ppt "
      "rows tall. The row pass of 8 rows is a band (Toeplitz) matrix of the weights, 16 x 32, times the 32 bytes "
      "around the strip; the column pass of 16 output rows is the same band shape times 32 row-pass results. From "
      "gray8 radius 9 both bands grow by one k block of 16 every 8 radii, to 16 x 80 at radius 25..32: 80 bytes of "
      "each row, 80 rows of row-pass results. For rgba8 the band links only bytes of one channel (4 apart) and needs "
      "4r bytes on each side, so the row pass grows to 3 k blocks of 16 bytes at radius 3..4 and 5 at 7..8; its column "
      "pass, which mixes rows only, is gray8's. The order of a product's summation index is free, so it is numbered "
      "such that each thread reads contiguous bytes, stores 4, and the row pass's result registers are already the "
      "column pass's operand: no shuffle. A byte becomes the half 1024 + q in one byte permute, and the row pass "
      "starts its sums at -1024 x (sum of weights). Shared memory on: the block's warps (strips side by side) share "
      "one copy of each input row, fetched in aligned 16-byte chunks by cp.async into a ring of eight 16-row slots, "
      "one barrier per 32 output rows; gray8 up to radius 16 then writes each step's outputs to a shared tile, and "
      "after the next barrier every thread stores 16 bytes of it. Off: each warp loads its own windows from global "
      "memory.",
      "What made it fast, against fast: a gray8 pixel costs about 18 instructions at radius 4 (ncu on an H200: 37.7 M "
      "warp instructions for 8192x8192), about 9 of them in the 16-row steps and the rest in fetching rows and set-up, "
      "where fast spends 2(2r+1) fused multiply-adds per channel (18 at radius 4, 34 at radius 8) on the FP32 units on "
      "top of its loads; 8 mma of 2048 multiply-adds each cover a warp's 256 gray8 outputs. The price is precision, "
      "bounded: half weights and half row results move an output by at most 0.32 levels before rounding, so it agrees "
      "with the reference within 1, the filter's tolerance. Shared memory on against off: a warp's own 32-byte windows "
      "straddle two 32-byte sectors each, so the direct loads ask the L2 for 4 sectors per output sector (ncu found "
      "the L2 66% busy on a leaner version of that loop); staged, the block's rows cost 1.25 to 1.5 sectors per output "
      "sector. Measured on an H100 at 8192x8192, radius 4: gray8 0.073 ms on against 0.097 off; rgba8 0.27 ms on "
      "against 0.49 off and 0.82 for fast (radius 8: 0.35, 0.91 and 1.87). Gray8 beyond radius 8 costs one mma more "
      "per tile and two more per step every 8 radii, and the 16 x 80 bands of radius 25..32 hold 116 registers: on an "
      "H200 at 8192x8192 it ran at 41% of a copy at radius 9..16, 30% at 17..24 and 26% at 25..32, where "
      "separable_fused, which served those radii before, ran at 12% (radius 9) down to 3.7% (radius 32). The tile: a "
      "warp's own 4-byte stores write 16 bytes of 8 rows, half of each 32-byte sector, so the L2 took every sector in "
      "two halves and ran at 85% of its peak (ncu on an H100 at boost clocks); whole-sector stores took it to 75% and "
      "gray8 radius 4 from 65.2% to 66.5% of a copy (rgba8, which spilled with it, keeps its own stores). What limits "
      "it now is latency and issue: each warp's chain of dependent mma, the barrier, and for rgba8 the longer row pass "
      "(radius 8: 72 registers, 3 blocks per SM). A block of one warp has no neighbour to share rows with and loads "
      "directly. The grid's last half wave of rows runs in strips half as long, and a grid that fills less than half a "
      "wave halves its strips, down to 16 rows, while it stays under half (core/strip_tiers.hpp): each block walks its "
      "strip in order, so the last blocks to start set the end. Before that, long strips halve while the grid fills "
      "less than a whole wave, down to 64 rows: a 128-row grid that filled 0.97 of a wave ran 3840x2160 at 51% of a "
      "copy, 64-row strips at 55% (and 3000x2000 57% -> 65%). H100, % of a copy, equal strips against these (gray8 "
      "radius 4, three rounds): 1920x1080 69.6 -> 97.0, 2048x2048 47.3 -> 58.2, 2560x1440 46.7 -> 56.3, 4096x4096 50.7 "
      "-> 53.0, 8192x8192 65.0 -> 65.5; rgba8 radius 8 at 1920x1080 29.8 -> 42.0. On gray8 up to radius 16 a grid "
      "that spans four waves with strips of 192 rows takes them: 8192x8192 radius 4 ran at 69.0% of a copy against "
      "66.6 at 128 rows, where 3840x2160 ran 2 points slower at 192 (H100).",
      cuda::LaunchGaussTensor, cuda::GaussTensorKernel);
  tensor.agreement = Agreement::Tolerance;
  tensor.formats = {PixelFormat::Gray8, PixelFormat::Rgba8};
  tensor.format_limit = cuda::GaussTensorRadiusProblem;  // rgba8 radius 9 and up (gray8 has code for every radius)
  tensor.fallback_for = GaussTensorFallback;
  tensor.fallback_rule =
      "gray32f: columns to radius 8, or fast on images of 12.6 M pixels or more up to radius 2 and of 50.3 M or "
      "more at radius 3..4; beyond tensor's radius on rgba8 (8) or columns' (8): separable_fused";
  tensor.uses = LaunchUse{.block = true, .ppt = true, .smem = true, .ppt_min = 16, .ppt_max = 1024};
  // Best of the sweeps on an H100: 32x4 ppt 256 with shared memory off, 32x8 ppt 128 with it on (gray8; rgba8
  // runs longer strips as the radius grows: GaussTensorLaunch).
  tensor.defaults = LaunchConfig{.block_x = 32, .block_y = 8, .ppt = 128, .smem = true};
  tensor.defaults_for = GaussTensorLaunch;
  tensor.defaults_rule = "gray8 up to radius 8: block 32x4 below 4.2 M pixels; rgba8: ppt 128 up to radius 2, 192 "
                        "to 4, 256 to 6, 384 to 8";
  tensor.smem_bytes = cuda::GaussTensorSmemBytes;
  tensor.check_launch = cuda::GaussTensorProblem;
  tensor.footprint = cuda::GaussTensorFootprint;
  tensor.tail = GaussTensorTail;

  VariantSpec half2 = CudaVariant(
      "half2",
      "Gray8 and rgba8, radius 1..4. Both separable passes in packed half precision: a byte becomes the half b - "
      "128 in a byte permute and one subtraction, and each HFMA2 multiplies and adds two pixels (gray8) or two "
      "channels (rgba8) at once. A thread owns one 16-byte chunk of a row for a strip of ppt rows (rows prefetched "
      "by cp.async) and keeps the last 2r+1 rows of it, converted, in registers (8 half2 a row). Per output row it "
      "runs the column pass first, on those exact values, then the row pass on the column sums, taking the "
      "neighbouring columns' sums from the neighbouring lanes by warp shuffle: the window's first rows of a strip "
      "cost their conversion only, and no thread fetches its neighbours' bytes. A warp's two end lanes are apron "
      "only (a warp writes 30 chunks). The output is rounded by adding 1152 (the halves from 1024 to 2047 are "
      "exactly the integers), clamped, and its low bytes are the result.",
      "What it shows: arithmetic, not memory, sets a separable blur's speed once the loads are right, and halving "
      "the arithmetic pays where it dominates. It costs about 2r+1 half2 instructions per pass per two pixels plus "
      "the conversions, against 2(2r+1) fp32 multiply-adds per pixel for fast and a fixed cost at any radius up "
      "to 8 for tensor. Measured on an H100 (8192x8192, each at its best ppt, tensor in the same call): gray8 "
      "radius 1 0.054 ms against tensor's 0.068 (80% of a copy), radius 2 0.061 against 0.068, radius 3 0.070 "
      "against 0.068, radius 4 0.077 against 0.068; rgba8 radius 1 0.201 against 0.240, radius 3 0.229 against "
      "0.244, radius 4 0.256 against 0.245. So it is the fastest gauss up to radius 2 (rgba8: 3), and tensor "
      "from there. Column pass first was the step that counted: run row pass first, every strip's 2r apron rows "
      "each took a row pass and the edge lanes fetched their neighbours' bytes every row (radius 4 gray8 0.091 "
      "ms). What limits it at radius 4: 127 registers (the window is 72), so 16 warps per SM. The price is "
      "precision, bounded: values centred on 0 keep every partial sum within about 128 (a rounding moves it "
      "by 1/32), the outer taps are summed first, and the half weights are within 2^-12 of the float ones, so "
      "an output moves by less than 0.7 of a level before rounding and agrees with the reference within 1, the "
      "filter's tolerance.",
      cuda::LaunchGaussHalf2, cuda::GaussHalf2Kernel);
  half2.agreement = Agreement::Tolerance;
  half2.formats = {PixelFormat::Gray8, PixelFormat::Rgba8};
  half2.fallback = "fast";  // radius 1..4 only: columns would be slower there
  half2.uses = cuda::strip::Use();
  half2.defaults = cuda::strip::Defaults(8);
  half2.defaults_for = GaussHalf2Launch;
  half2.defaults_rule = "gray8: ppt 8 up to radius 2, 16 at 3 and 4; rgba8: 8 at radius 1, 16 from 2";
  half2.check_launch = cuda::GaussHalf2Problem;
  half2.smem_bytes = cuda::GaussHalf2SmemBytes;
  half2.footprint = cuda::GaussHalf2Footprint;

  f.variants = {CpuReference(cpu::GaussReference),
                CpuOpenmp(cpu::GaussOpenmp),
                tensor,  // first: the default CUDA variant of a new stage (gray8, rgba8; gray32f: fast or columns)
                half2,
                fast,
                columns,
                fused,  // radius 1..32
                global,
                shared,
                constant,
                separable,
                divergent};
  SetFootprints(f, {{"separable_fused", FusedFootprint},
                    {"direct_global", RadiusFootprint},
                    {"direct_shared", RadiusFootprint},
                    {"direct_constant", RadiusFootprint},
                    {"separable", SeparableRowFootprint},
                    {"constant_divergent", RadiusFootprint}});
  SetSources(f, {{"fast", {"gauss_fast.cu", {"GaussFast"}}},
                 {"columns", {"gauss_columns.cu", {"GaussColumns"}}},
                 {"tensor", {"gauss_tensor.cu", {"GaussTensor"}}},
                 {"half2", {"gauss_half2.cu", {"GaussHalf2", "ColumnsThenRow", "TapSum"}}},
                 {"separable_fused", {"gauss_fused.cu", {"GaussSeparableFused"}}},
                 {"direct_global", {"gauss_direct.cu", {"GaussDirectGlobal"}}},
                 {"direct_shared", {"gauss_direct.cu", {"GaussDirectShared"}}},
                 {"direct_constant", {"gauss_constant.cu", {"GaussDirectConstant"}}},
                 {"separable", {"gauss_separable.cu", {"GaussSeparableRows", "GaussSeparableColumns"}}},
                 {"constant_divergent", {"gauss_constant.cu", {"GaussConstantDivergent"}}}});
  return f;
}

FL_REGISTER_FILTER(30, DeclareGauss);

}  // namespace fl::filters
