// Declaration of `box2x2`: the rounded mean of each pixel's 2x2 block (it and its right, lower and lower-right
// neighbours), the smallest stencil there is.
#include "core/cpu/box2x2.hpp"
#include "cuda/filters/box2x2.hpp"
#include "filters/declarations.hpp"
#include "filters/kernel_sources.hpp"
#include "filters/footprints.hpp"

namespace fl::filters {

static FilterSpec DeclareBox2x2() {
  FilterSpec f;
  f.id = "box2x2";
  f.name = "Box 2x2";
  f.teaching =
      "out(x, y) = (in(x, y) + in(x+1, y) + in(x, y+1) + in(x+1, y+1) + 2) >> 2 per channel, replicate border: "
      "the mean of a 2x2 block, rounded half up (the filter shifts the image by half a pixel, as every even-sized "
      "kernel does). The smallest stencil: each input pixel is read by four outputs, so it shows what reuse of "
      "neighbouring loads is worth when the caches are already catching it.";
  f.accepts = {PixelFormat::Gray8, PixelFormat::Rgba8};
  f.variants = {
      CpuReference(cpu::Box2x2Reference),
      CpuOpenmp(cpu::Box2x2Openmp),
      WithFootprint(CudaVariant("naive",
                  "One thread per output pixel: four loads (right and lower neighbours clamped to the edge) and "
                  "one store.",
                  "Each input pixel is fetched by four threads, but neighbouring threads share cache lines, so "
                  "L1 serves the repeats and it runs close to one read and one write per pixel.",
                  cuda::LaunchBox2x2Naive, cuda::Box2x2NaiveKernel),
                    TileFootprint<1, 1, 1>),  // reads its right and lower neighbours
      WithFootprint(CudaVariant("ppt2x2",
                  "One thread per 2x2 block of outputs: the 3x3 input pixels they share are loaded once into "
                  "registers, 9 loads for 4 outputs instead of 16.",
                  "Fewer load instructions and a quarter of the threads, but the DRAM traffic is the same as "
                  "naive's (the caches had already removed the repeats): expect a small gain at most. Each "
                  "thread's two outputs per row are adjacent, so a warp's stores cover 64 consecutive pixels in "
                  "two instructions.",
                  cuda::LaunchBox2x2Ppt2x2, cuda::Box2x2Ppt2x2Kernel),
                    TileFootprint<2, 2, 1>),  // a 2x2 block of outputs per thread
  };
  SetSources(f, {{"naive", {"box2x2.cu", {"Box2x2Naive"}}}, {"ppt2x2", {"box2x2.cu", {"Box2x2Ppt2x2"}}}});
  return f;
}

FL_REGISTER_FILTER(70, DeclareBox2x2);

}  // namespace fl::filters
