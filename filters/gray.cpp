// Declaration of `gray`: RGB(A) to BT.601 luma.
#include "core/cpu/gray.hpp"
#include "cuda/filters/gray.hpp"
#include "filters/declarations.hpp"
#include "filters/footprints.hpp"

namespace fl::filters {

static ImageShape GrayOutput(const ImageShape& in, const ParamValues&) {
  return {in.width, in.height, PixelFormat::Gray8};
}

FilterSpec DeclareGray() {
  FilterSpec f;
  f.id = "gray";
  f.name = "Grayscale (BT.601)";
  f.teaching =
      "A point operation: each output pixel depends on one input pixel, so the kernel is limited by memory "
      "bandwidth alone. It reads 4 bytes and writes 1 per pixel; the lesson is in how those bytes are moved.";
  f.accepts = {PixelFormat::Rgba8, PixelFormat::Gray8};
  f.output = GrayOutput;
  f.variants = {
      CpuReference(cpu::GrayReference),
      CpuOpenmp(cpu::GrayOpenmp),
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
  return f;
}

}  // namespace fl::filters
