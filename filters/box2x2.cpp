// Declaration of `box2x2`: the rounded mean of each pixel's 2x2 block (it and its right, lower and lower-right
// neighbours), the smallest stencil there is.
#include "core/cpu/box2x2.hpp"
#include "cuda/filters/box2x2.hpp"
#include "cuda/filters/fast.hpp"
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
      // First CUDA variant: a new stage's default. Rows per thread as gauss3's (16, rgba8 4), the same strip kernel.
      WithRgba8Rows<4>(WithStripsWalkingDown(StripVariant(
          "One thread owns 16 bytes of a row (16 gray8 or 4 rgba8 pixels) for a strip of ppt rows: one 16-byte "
          "load per row, the bytes beyond its chunk from the adjacent lane by warp shuffle. Each row's pair sums "
          "in(x) + in(x+1) are formed once, two channels per 32-bit add (the word's even and odd bytes as 16-bit "
          "lanes; a gray8 pixel's right neighbour is the other parity's lane, shifted by one byte permute), and "
          "each output row adds its own row's sums to the next row's, rounds and shifts: no sum exceeds 1022, so "
          "lanes never carry. Each row's sums serve two output rows, and each output row is one 16-byte store.",
          "What makes it fast: the same 16-byte loads and stores and the integer lanes as gauss3's fast kernel, "
          "so it moves each input byte once per strip, where ppt2x2 makes four loads a thread-row of 1 or 4 "
          "bytes each. Its strips all walk down (the other strip kernels alternate, so that neighbouring strips "
          "share their rows in the L2): walked up, a strip's window comes turned over and the row below would be "
          "the row above. Measured on an H100 at 8192x8192: gray8 93.5% of a copy against 47% for ppt2x2, rgba8 "
          "98% against 80%; at 1920x1080 gray8 ppt2x2 wins (0.0068 against 0.0079 ms), the small grid of strips "
          "leaving SMs idle. The result is the reference's exact (sum + 2) >> 2.",
          cuda::LaunchBox2x2Fast, cuda::Box2x2FastKernel, StripFootprint<1>, 16))),
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
  SetSources(f, {{"fast", {"box2x2_fast.cu", {"Box2x2Stencil"}}},
                 {"naive", {"box2x2.cu", {"Box2x2Naive"}}},
                 {"ppt2x2", {"box2x2.cu", {"Box2x2Ppt2x2"}}}});
  return f;
}

FL_REGISTER_FILTER(70, DeclareBox2x2);

}  // namespace fl::filters
