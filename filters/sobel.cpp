// Declaration of `sobel`: the gradient magnitude with the 3x3 Sobel kernels.
#include "core/cpu/sobel.hpp"
#include "cuda/filters/sobel.hpp"
#include "cuda/filters/fast.hpp"
#include "filters/declarations.hpp"
#include "filters/kernel_sources.hpp"
#include "filters/footprints.hpp"

namespace fl::filters {

static ImageShape SobelOutput(const ImageShape& in, const ParamValues& p) {
  return {in.width, in.height, cpu::SobelWantsFloat(p) ? PixelFormat::Gray32f : PixelFormat::Gray8};
}

static FilterSpec DeclareSobel() {
  FilterSpec f;
  f.id = "sobel";
  f.name = "Sobel gradient magnitude";
  f.teaching =
      "gx = [1 2 1]^T x [-1 0 1] and gy = [-1 0 1]^T x [1 2 1] over the 3x3 neighbourhood (replicate border), "
      "out = sqrt(gx^2 + gy^2): bright where the image has edges. gray8 input is computed in integers and the "
      "magnitude as the correctly rounded square root of an exact float (gx^2 + gy^2 < 2^24), so every variant "
      "is bit-identical to the CPU; gray32f input uses one order of float additions and an explicit fmaf "
      "everywhere, for the same reason. A 3x3 stencil with a little arithmetic: the variants show that shared "
      "memory does not pay at this size, that several outputs per thread do, and what a separable split costs "
      "when the kernel is this small.";
  f.accepts = {PixelFormat::Gray8, PixelFormat::Gray32f};
  f.output = SobelOutput;

  ParamSpec output;
  output.name = "output";
  output.type = ParamType::Choice;
  output.choices = {"gray8", "gray32f"};
  output.def_choice = "gray8";
  output.help = "gray8: min(255, rounded magnitude); gray32f: the magnitude itself";
  f.params = {output};

  VariantSpec smem = CudaVariant(
      "smem",
      "Each block copies its tile plus a 1-pixel halo ((bx+2) x (by+2) pixels) into shared memory, waits at "
      "__syncthreads, then computes every output from shared memory.",
      "About as fast as naive, often a little slower: the 9-fold reuse of a 3x3 stencil is already served by "
      "L1, and the halo loads, the index arithmetic and the barrier cost what shared memory saves.",
      cuda::LaunchSobelSmem, cuda::SobelSmemKernel);
  smem.smem_bytes = cuda::SobelSmemBytes;
  smem.footprint = TileFootprint<1, 1, 1>;  // the tile plus the 1-pixel halo it copies to shared memory

  VariantSpec separable = CudaVariant(
      "separable",
      "Two kernels: a row pass writes both horizontal terms of every pixel ([-1 0 1] and [1 2 1]) to a scratch "
      "buffer (short2 per pixel for gray8, float2 for gray32f), a column pass combines three rows of them into "
      "gx, gy and the magnitude.",
      "Slower than naive: separability saves arithmetic (6 instead of 9 taps per pixel for both gradients) but "
      "adds a round trip of 4-8 bytes per pixel through global memory and a second launch, and a 3x3 Sobel is "
      "limited by memory, not arithmetic. Separable pays for large kernels, not this one.",
      cuda::LaunchSobelSeparable, cuda::SobelSeparableKernel);
  separable.scratch_bytes = cuda::SobelSeparableScratchBytes;
  separable.footprint = TileFootprint<1, 1, 1>;

  VariantSpec fast = StripVariant(
      "gray8 in, gray8 magnitude out. One thread owns 16 pixels of a row for a strip of ppt rows: one 16-byte "
      "load per row, the neighbouring bytes by warp shuffle, and both horizontal terms ([-1 0 1] and [1 2 1]) "
      "computed two pixels per instruction in packed half precision: a byte becomes the half 1024 + byte in one "
      "byte permute, and every sum on the way is an integer of at most 2048, which a half holds exactly. Each "
      "output row combines three rows' terms into gx and gy the same way, then takes each pixel's magnitude in "
      "float: a half becomes a float in one instruction, s * rsqrt(s) gives the square root (the bare hardware "
      "rsqrt: rsqrtf's guard against denormal inputs cost four more instructions per pixel), and one fused add "
      "of 1.5 x 2^23 rounds it into the low bits; the clamp to 255 is one integer min for two pixels. It writes "
      "16 pixels with one store.",
      "What made it fast: one load per input row per strip in 16-byte transactions, and the gradient arithmetic "
      "done on two pixels at once, which leaves the per-pixel square root and rounding as the main cost; the "
      "kernel is bound by issuing instructions, so every one saved per pixel shows (the bare rsqrt and the "
      "integer clamp took it from 53% to 61% of the copy on an H100, and cheaper edge chunks at the image's "
      "sides to 77%). The sums were 16-bit integer lanes until the halves replaced them: an integer lane took a "
      "byte permute and a subtraction to become a float, a half takes one conversion, 4% fewer instructions "
      "and 77% -> 80% of the copy (H100, 8192x8192). Its tail strips cover a quarter of a wave's rows, not a "
      "whole wave's: every strip pays a set-up of about 350 instructions (at 4 rows, a fifth of a tail strip's "
      "work), so a whole wave of quarter-length strips cost more than it evened out (H100, three rounds, % of "
      "the copy at 8192x8192: a whole wave 80.0, half 82.3 (91.2 -> 91.9 at 16384x16384), and in another call "
      "three quarters 82.0, half 83.2, a quarter 83.8; smaller images, whose grid fits one wave, unchanged). "
      "Such a grid halves its strips while it fills less than half a wave rather than a third: at 3840x2160 "
      "(a 16-row grid fills 0.34 of a wave) that took it from 40.4% to 54.9% of the copy, other sizes from "
      "1920x1080 to 8192x8192 within 1.2 (H100, three rounds). "
      "Expect it several times faster than ppt4, over 80% of the copy bandwidth; bit-identical to the "
      "reference (an error bound in cuda/filters/sobel_magnitude.cuh, and a GPU test of every gradient pair).",
      cuda::LaunchSobelFast, cuda::SobelFastKernel, StripFootprint<1>, 16,
      kSobelTail);
  fast.formats = {PixelFormat::Gray8};
  fast.out_formats = {PixelFormat::Gray8};
  fast.fallback = "ppt4";  // gray32f input or output: the strip-of-4 kernel

  f.variants = {
      CpuReference(cpu::SobelReference),
      CpuOpenmp(cpu::SobelOpenmp),
      fast,  // first CUDA variant: a new stage's default
      WithFootprint(CudaVariant("naive",
                  "One thread per pixel: its 3x3 neighbourhood read from global memory at clamped coordinates "
                  "(8 of the 9 pixels are used), integer or float gradients, one store.",
                  "The baseline. Neighbouring threads share most of their loads through L1, so it runs near the "
                  "cost of one read and one write per pixel.",
                  cuda::LaunchSobelNaive, cuda::SobelNaiveKernel),
                    TileFootprint<1, 1, 1>),
      smem,
      WithFootprint(CudaVariant("ppt4",
                  "Four vertically adjacent outputs per thread: each of the 6 input rows is read (3 pixels) and "
                  "reduced horizontally once, and every output combines three of those rows.",
                  "18 loads and 6 row reductions for 4 outputs instead of 36 and 12: expect it the fastest "
                  "variant, as long as the image leaves enough threads to fill the GPU.",
                  cuda::LaunchSobelPpt4, cuda::SobelPpt4Kernel),
                    TileFootprint<1, 4, 1>),  // a strip of four rows per thread
      separable,
  };
  f.test_cases = {"output=gray32f"};
  SetSources(f, {{"fast", {"sobel_fast.cu", {"SobelStencil"}}},
                 {"naive", {"sobel.cu", {"SobelNaive"}}},
                 {"smem", {"sobel.cu", {"SobelSmem", "LoadTileWithHalo"}}},
                 {"ppt4", {"sobel.cu", {"SobelStrip"}}},
                 {"separable", {"sobel.cu", {"SobelRowPass", "SobelColumnPass"}}}});
  return f;
}

FL_REGISTER_FILTER(80, DeclareSobel);

}  // namespace fl::filters
