// Declaration of `gray`: RGB(A) to BT.601 luma.
#include "core/cpu/gray.hpp"
#include "cuda/filters/gray.hpp"
#include "cuda/filters/fast.hpp"
#include "filters/declarations.hpp"
#include "filters/kernel_sources.hpp"
#include "filters/footprints.hpp"

namespace fl::filters {

static ImageShape GrayOutput(const ImageShape& in, const ParamValues&) {
  return {in.width, in.height, PixelFormat::Gray8};
}

// `fast`: 16 output pixels across per thread (whatever the input format), ppt rows down.
static BlockFootprint GrayFastFootprint(const LaunchConfig& c, const ParamValues&, PixelFormat) {
  return {c.block_x * 16, c.block_y * c.ppt, 0};
}

static FilterSpec DeclareGray() {
  FilterSpec f;
  f.id = "gray";
  f.name = "Grayscale (BT.601)";
  f.teaching =
      "A point operation: each output pixel depends on one input pixel, so the kernel is limited by memory "
      "bandwidth alone. It reads 4 bytes and writes 1 per pixel; the lesson is in how those bytes are moved.";
  f.accepts = {PixelFormat::Rgba8, PixelFormat::Gray8};
  f.converts_format = true;
  f.output = GrayOutput;
  VariantSpec fast = CudaVariant(
      "fast",
      "Sixteen pixels per thread for a strip of ppt rows: four 16-byte loads of 16 RGBA pixels, all in flight "
      "together, and one 16-byte store of their lumas. Each luma is two integer multiply-adds: red and blue as "
      "two 16-bit lanes of one word times (29 + 77 x 2^16) leave 77 R + 29 B in the upper half.",
      "What made it fast: every transaction is 16 bytes wide on both sides (vec4 stores 4 bytes), and a thread "
      "keeps 64 bytes per row in flight, so fewer threads keep the memory system busy. Expect it at the copy "
      "bandwidth.",
      cuda::LaunchGrayFast, cuda::GrayFastKernel);
  fast.uses = LaunchUse{.block = true, .ppt = true, .ppt_min = 1, .ppt_max = 64};
  fast.defaults = LaunchConfig{.block_x = 32, .block_y = 8, .ppt = 4};
  fast.footprint = GrayFastFootprint;

  f.variants = {
      CpuReference(cpu::GrayReference),
      CpuOpenmp(cpu::GrayOpenmp),
      fast,  // first CUDA variant: a new stage's default
      CudaVariant("naive", "One thread per pixel: a 4-byte load and a 1-byte store.",
                  "Byte-sized stores and many threads per byte moved keep it below the copy bandwidth.",
                  cuda::LaunchGrayNaive, cuda::GrayNaiveKernel),
      WithFootprint(CudaVariant("vec4",
                  "Four pixels per thread: one 16-byte load of four RGBA pixels and one 4-byte store of their "
                  "lumas.",
                  "Fewer, wider memory transactions: expect it close to the device's copy bandwidth.",
                  cuda::LaunchGrayVec4, cuda::GrayVec4Kernel),
                    TileFootprint<4, 1, 0>),  // four adjacent pixels per thread
  };
  SetSources(f, {{"fast", {"gray_fast.cu", {"GrayFromRgba", "GrayFromGray"}}},
                 {"naive", {"gray.cu", {"GrayNaive"}}},
                 {"vec4", {"gray.cu", {"GrayVec4"}}}});
  return f;
}

FL_REGISTER_FILTER(10, DeclareGray);

}  // namespace fl::filters
