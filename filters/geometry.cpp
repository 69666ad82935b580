// Declarations of the geometry filters `warp_affine` and `letterbox`: bilinear resampling through an affine
// map. Both run one sampler (core/cpu/affine.hpp) and one pair of CUDA kernels (cuda/filters/warp*.cu); they
// differ in the map and the output size.
#include "core/cpu/letterbox.hpp"
#include "core/cpu/warp_affine.hpp"
#include "cuda/filters/warp.hpp"
#include "filters/declarations.hpp"
#include "filters/kernel_sources.hpp"

namespace fl::filters {

// The texture unit's 9-bit interpolation weights are off by < 1/256 per axis: < 2 grey levels in all.
constexpr Tolerance kTextureTolerance{.max_abs_u8 = 2};

static const char* kGeometryLesson =
    " Geometry kernels are gathers: every output pixel computes where it comes from (the inverse map, "
    "computed once on the host in double and passed as floats) and reads a 2x2 neighbourhood there. "
    "Writes are coalesced, reads follow the map: under rotation a warp's 32 reads fall along a slanted line "
    "across rows, so locality is two-dimensional. The `naive` kernel runs the CPU reference's sampler "
    "itself (explicit fmaf, the same order), so it is bit-identical. The `texture` kernel lets the texture "
    "unit do the fetch, border and interpolation in one instruction with a cache built for 2D locality; "
    "its interpolation weights are 9-bit fixed point (8 fractional bits), so it agrees with the reference "
    "only within 2 grey levels, which is why it is declared with a tolerance. The `fast` kernel keeps "
    "naive's exact arithmetic and shows where a gather's time goes: the slow conversion instructions "
    "(floorf, float <-> int) and the warp's shape (a warp of 8 x 4 outputs reads half the rows of a 32 x 1 "
    "one), not the bytes themselves.";

// `fast`: 4 outputs per thread strided by block_x (x = tile + tx + block_x i) in ppt rows strided by block_y,
// so a block covers (4 block_x) x (block_y ppt) outputs and reads wherever the map sends them (no fixed
// halo).
static BlockFootprint WarpFastFootprint(const LaunchConfig& c, const ParamValues&, PixelFormat) {
  return {4 * c.block_x, c.block_y * c.ppt, 0};
}

// First CUDA variant of both filters, so a new stage's default. `default_rows`: ppt, 4 for warp_affine's
// full-size outputs; 1 for letterbox, whose usual 640 x 640 output would otherwise be 100 blocks for 132 SMs.
static VariantSpec Fast(CudaLaunchFn launch, KernelFn kernel, int default_rows) {
  VariantSpec v = CudaVariant(
      "fast",
      "The reference's own float operations (MapPoint's fmaf, SampleBilinear's lerps, floor(v + 0.5)) "
      "without a single conversion instruction: floorf and its int come from one add rounded down (s + 1.5 "
      "x 2^23 keeps floor(s) in its low mantissa bits), a byte becomes the float 2^23 + b by one byte "
      "permute (tap differences are exact in that form), and the rounded result is the low byte of (v + "
      "0.5) + 2^23 rounded down. Each thread computes 4 outputs strided by block_x in ppt rows strided by "
      "block_y, so with 8-wide blocks one load instruction of a warp serves 8 x 4 neighbouring outputs, "
      "whose rotated footprint spans ~8 input rows instead of the ~17 of a 32 x 1 warp at 30 degrees. gray8 "
      "reads both taps of a row with one 32-bit __ldg (a second when x0 is a word's last byte), rgba8 one "
      "word per tap; a thread whose 4 pixels are all interior issues their 16 loads together, and pixels "
      "with a tap outside (the fill and its one-pixel rim) run SampleBilinear itself.",
      "What made it fast: on sm_90 conversions (F2I, I2F, FRND) issue at 16 lanes per clock per SM, an "
      "eighth of the FMA rate, and the reference spends ~8 per gray8 pixel (28 per rgba8), by themselves "
      "twice the time a kernel at 70% of the copy has; replaced, 50 instructions per gray8 pixel remain (86 "
      "per rgba8), none of them conversions. The 8 x 4 warp shape and the word loads cut the L1 traffic "
      "from ~2.1 sectors per pixel to ~0.9. Bit-identical to the reference. Measured on an H100 at 8192 x "
      "8192, 30 degrees: gray8 22% of the copy, limited by the L1 (94% busy looking up ~8 lines per load "
      "instruction), rgba8 58%.",
      launch, kernel);
  v.uses = LaunchUse{.block = true, .ppt = true, .ppt_min = 1, .ppt_max = 16};
  v.defaults = LaunchConfig{.block_x = 8, .block_y = 32, .ppt = default_rows, .smem = true, .halo = 1};
  v.footprint = WarpFastFootprint;
  return v;
}

// warp_affine's `fast` also offers shared memory: on (the default), each block stages its footprint first.
static VariantSpec AffineFast() {
  VariantSpec v = Fast(cuda::LaunchWarpAffineFast, cuda::WarpAffineFastKernel, 4);
  v.technique +=
      " With shared memory on (the default here), each block of bx x by threads owns a (4 bx) x (by ppt) "
      "tile and first copies the input region its outputs map into (the rotated tile's bounding box plus 2 "
      "pixels) into shared memory by cp.async in aligned chunks, all in flight at once; each thread then computes 4 "
      "consecutive pixels "
      "(one 32-bit or 128-bit store) from there, in 8 x 4-thread warps. The row stride of that copy is chosen "
      "on the host by counting the bank conflicts of the first warps' tap loads over the candidate strides "
      "(multiples of 16 bytes for gray8, 4 for rgba8). gray8 taps become floats by I2FP, which on sm_90 "
      "issues on the ALU pipe, unlike F2I / I2F. Blocks whose region lies inside the image test no pixel, "
      "blocks whose region lies outside it store fill words, the others test each pixel. When the region "
      "would not fit 48 KiB (strong minification, very long tiles) every tap is read directly.";
  v.expectation +=
      " Shared memory on: the L1 sees each input line once per block instead of once per warp instruction, "
      "and a tap load costs one shared-memory wavefront per conflict. Measured on the H100 (8192 x 8192, 30 "
      "degrees): gray8 0.103 ms against 0.204 off (at block 8x32), 42% of the copy, now issue-bound (~40 instructions per "
      "pixel, 29 of them the sampling loop, the rest staging and set-up; the scheduler issues on 86% of "
      "cycles); rgba8 58%, the same as off: at 4 bytes a pixel the direct kernel's L1 was not its limit. The "
      "copy itself once went through registers, each load waited for before its store (a third of gray8's "
      "stall samples, three fifths of rgba8's); by cp.async rgba8 rose from 60% to 67% of the copy, gray8 "
      "from 43.0% to 43.5%. rgba8 copies whole 16-byte chunks when its stride keeps the rows 16-byte aligned, "
      "which the plan prefers while such a stride costs at most twice the best stride's bank conflicts "
      "(four 4-byte copies were a fifth of its instructions): at 30 degrees 67% -> 72.5%, at 5 to 20 and at 75 "
      "degrees 67% -> 70..73%, at 0 degrees and scale 0.7 82% -> 90%. gray8 cannot reach 70% this way: its "
      "sampling loop alone is 0.9 warp instructions per pixel, about 60% of the copy at the issue rate it "
      "reaches.";
  v.uses.smem = true;
  v.defaults.block_x = 16;
  v.defaults.block_y = 16;
  v.smem_bytes = cuda::WarpAffineFastSmemBytes;
  return v;
}

static VariantSpec Naive(CudaLaunchFn launch) {
  return CudaVariant(
      "naive",
      "One thread per output pixel: map (x, y) through the inverse matrix with fmaf, load the four "
      "neighbours (each tap tested against the image edge), interpolate in float, round.",
      "Bit-identical to the reference. Four byte loads per channel and per-tap edge tests; the loads hit "
      "the caches well for small angles and scale changes, less for strong rotations.",
      launch, cuda::WarpNaiveKernel);
}

static VariantSpec Texture(CudaLaunchFn launch) {
  VariantSpec v = CudaVariant(
      "texture",
      "The input is bound to a texture object (pitched memory, normalized-float reads, border colour = "
      "fill, hardware bilinear filtering); one tex2D per pixel at the mapped position + 0.5 (texel "
      "centres). Pixels whose four taps all fall outside skip the fetch. The launcher waits for the kernel "
      "before it destroys the texture object.",
      "Fewer instructions per pixel and a cache organised for 2D neighbourhoods: likely ahead of `naive` "
      "on rotations. Within 2 of the reference (fixed-point weights); creating the texture object and "
      "waiting for the kernel add a fixed host-side cost per launch.",
      launch, cuda::WarpTextureKernel);
  v.agreement = Agreement::Tolerance;
  return v;
}

static ParamSpec Number(std::string name, ParamType type, double min, double max, double def,
                        std::string help) {
  ParamSpec p;
  p.name = std::move(name);
  p.type = type;
  p.min = min;
  p.max = max;
  p.def = def;
  p.help = std::move(help);
  return p;
}

static ParamSpec FillParam(double def) {
  return Number("fill", ParamType::Int, 0, 255, def,
                "value of output pixels that map outside the input (every channel)");
}

static FilterSpec DeclareWarpAffine() {
  FilterSpec f;
  f.id = "warp_affine";
  f.name = "Affine warp (rotate, scale, shift)";
  f.teaching =
      "Rotation by `angle` degrees and uniform `scale` about the image centre (OpenCV's "
      "getRotationMatrix2D with centre (w/2, h/2)), then a shift by (tx, ty); the output has the input's "
      "size. Bilinear interpolation; taps outside the input read `fill` (OpenCV's BORDER_CONSTANT), so the "
      "image edge blends into the fill over one pixel. Rounding: floor(v + 0.5). Positions are floats: "
      "near 100,000 pixels from the origin (large shifts) their resolution drops to 1/128 pixel." +
      std::string(kGeometryLesson);
  f.accepts = {PixelFormat::Gray8, PixelFormat::Rgba8};
  f.params = {
      Number("angle", ParamType::Float, -360, 360, 30,
             "rotation in degrees, counter-clockwise as seen on screen"),
      Number("scale", ParamType::Float, 0.05, 20, 1, "zoom factor"),
      Number("tx", ParamType::Float, -100000, 100000, 0,
             "horizontal shift in pixels, after rotation and scale"),
      Number("ty", ParamType::Float, -100000, 100000, 0,
             "vertical shift in pixels (down), after rotation and scale"),
      FillParam(0),
  };
  f.tolerance = kTextureTolerance;
  // Identity (exact copy, even for `texture`); a quarter turn that halves, with a whole-pixel shift; an odd
  // angle that magnifies; a strong minification; a shift that moves the whole image out of view.
  f.test_cases = {"angle=0:scale=1", "angle=90:scale=0.5:tx=3:ty=-2", "angle=-17.5:scale=1.7:fill=200",
                  "angle=123:scale=0.05:fill=255", "angle=0:tx=100000"};
  f.variants = {CpuReference(cpu::WarpAffineReference), CpuOpenmp(cpu::WarpAffineOpenmp),
                AffineFast(), Naive(cuda::LaunchWarpAffineNaive),
                Texture(cuda::LaunchWarpAffineTexture)};
  SetSources(f, {{"fast", {"warp_tile.cu", {"WarpBilinearTile", "StageRegion", "SampleWholeTile"}}},
                 {"naive", {"warp.cu", {"WarpBilinearNaive"}}},
                 {"texture", {"warp_texture.cu", {"WarpBilinearTexture"}}}});
  return f;
}

static FilterSpec DeclareLetterbox() {
  FilterSpec f;
  f.id = "letterbox";
  f.name = "Letterbox (resize keeping aspect, pad)";
  f.teaching =
      "Resizes the image by s = min(W/w, H/h) so that it fits a `width` x `height` output with its aspect "
      "ratio kept, centred, with `fill` around it (the usual input preparation of detection networks, which "
      "pad with 114). Pixel centres are aligned: x' = s x - s w/2 + W/2 + s/2 - 1/2, likewise for y. "
      "Sampling is bilinear through the inverse of that map with warp_affine's rules, so across the image's "
      "own edges a band one input pixel wide (s output pixels) blends image and fill (as cv::warpAffine "
      "with BORDER_CONSTANT does; a resize-then-pad letterbox would replicate the edge instead). "
      "Downscaling by more than 2 skips input pixels (bilinear reads only 2x2 taps), so fine detail "
      "aliases." +
      std::string(kGeometryLesson);
  f.accepts = {PixelFormat::Gray8, PixelFormat::Rgba8};
  f.output = cpu::LetterboxOutput;
  f.params = {
      Number("width", ParamType::Int, 1, 16384, 640, "output width in pixels"),
      Number("height", ParamType::Int, 1, 16384, 640, "output height in pixels"),
      FillParam(114),
  };
  f.tolerance = kTextureTolerance;
  // A shrink with bars left and right; a tall strip (bars top and bottom); a single pixel; an enlargement.
  f.test_cases = {"width=320:height=200", "width=17:height=640", "width=1:height=1",
                  "width=2048:height=1600"};
  f.variants = {CpuReference(cpu::LetterboxReference), CpuOpenmp(cpu::LetterboxOpenmp),
                Fast(cuda::LaunchLetterboxFast, cuda::LetterboxFastKernel, 1), Naive(cuda::LaunchLetterboxNaive),
                Texture(cuda::LaunchLetterboxTexture)};
  SetSources(f, {{"fast", {"warp_fast.cu", {"WarpBilinearFast"}}},
                 {"naive", {"warp.cu", {"WarpBilinearNaive"}}},
                 {"texture", {"warp_texture.cu", {"WarpBilinearTexture"}}}});
  return f;
}

FL_REGISTER_FILTER(110, DeclareWarpAffine);
FL_REGISTER_FILTER(111, DeclareLetterbox);

}  // namespace fl::filters
