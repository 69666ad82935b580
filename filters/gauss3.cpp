// Declaration of `gauss3`: the 3x3 Gaussian, and what its variants teach about stencils on a GPU.
#include "core/cpu/gauss3.hpp"
#include "cuda/filters/gauss3.hpp"
#include "cuda/filters/fast.hpp"
#include "filters/declarations.hpp"
#include "filters/kernel_sources.hpp"
#include "filters/footprints.hpp"

namespace fl::filters {

static FilterSpec DeclareGauss3() {
  FilterSpec f;
  f.id = "gauss3";
  f.name = "Gaussian blur 3x3";
  f.teaching =
      "The smallest stencil: weights [1 2 1] x [1 2 1] / 16, rounded ((sum + 8) >> 4), replicate border, per "
      "channel. Each output reads 9 inputs and each input is read by 9 outputs, so the question is who serves "
      "that 9-fold reuse. The answer for a 3x3 window on a current GPU: the L1/L2 caches already do, so an explicit "
      "shared-memory tile does not pay (its halo load and __syncthreads cost about what it saves), while computing "
      "several pixels per thread does (neighbouring outputs share most of their window, so loads kept in "
      "registers serve several outputs, and each thread has more independent work in flight). Integer "
      "arithmetic makes every correct variant bit-exact to the CPU reference; smem_nohalo is wrong on purpose, "
      "to show why a tile needs its halo.";
  f.accepts = {PixelFormat::Gray8, PixelFormat::Rgba8};

  VariantSpec smem = CudaVariant(
      "smem",
      "Each block first copies its tile plus a 1-pixel halo ((bx+2) x (by+2) pixels) from global into shared "
      "memory, all threads loading cooperatively in coalesced rows, waits at __syncthreads, then computes every "
      "output from shared memory. The block is the tile.",
      "About as fast as naive, often a little slower: the caches already gave naive the reuse, and the halo "
      "loads (a 34x10 tile is 1.33x the 32x8 block), the index arithmetic and the barrier cost what shared memory "
      "saves. Shared memory pays for larger windows, where reuse outgrows the cache.",
      cuda::LaunchGauss3Smem, cuda::Gauss3SmemKernel);
  smem.smem_bytes = cuda::Gauss3SmemBytes;

  VariantSpec nohalo = CudaVariant(
      "smem_nohalo",
      "Like smem, but the tile holds only the block's own bx x by pixels: a thread on the tile's edge reads "
      "its missing neighbours clamped to the tile instead of from the image.",
      "Wrong on purpose, along a grid of seams with the block's spacing: every output whose 3x3 window crosses "
      "a tile edge inside the image differs from the reference (at the image edge clamping is the replicate "
      "border, so those stay right). The pixels across the edge belong to the next block's tile, which this "
      "block never loaded: that is why a stencil tile must carry a halo as wide as the stencil's radius.",
      cuda::LaunchGauss3SmemNoHalo, cuda::Gauss3SmemNoHaloKernel);
  nohalo.smem_bytes = cuda::Gauss3SmemNoHaloBytes;
  nohalo.agreement = Agreement::KnownWrong;

  f.variants = {
      CpuReference(cpu::Gauss3Reference),
      CpuOpenmp(cpu::Gauss3Openmp),
      // First CUDA variant: a new stage's default. On rgba8 4 rows per thread rather than 16 (H100, 8192x8192: 93.5%
      // of a copy against 89.6 at 16 with its tail strips; bench/results/2026-11-27d_strip_tail, call 5).
      WithRgba8Rows<4>(StripVariant(
          "One thread owns 16 bytes of a row (16 gray8 or 4 rgba8 pixels) for a strip of ppt rows: one 16-byte "
          "load per row, the neighbouring bytes from the adjacent lanes by warp shuffle, and the [1 2 1] sums "
          "computed two channels per 32-bit add (each word split once into its even and odd bytes as 16-bit lanes; "
          "a gray8 pixel's left and right neighbours are the other parity's lanes, shifted by one byte permute, and "
          "even + odd is shared by both sums; no sum exceeds 4088, so lanes never carry). It keeps the last three "
          "rows' sums in registers and writes each output row with one 16-byte store.",
          "What made it fast: each input byte is loaded once per strip in 16-byte transactions instead of 9 times "
          "(or 2.25 times in ppt4x4), and few integer instructions per pixel: the kernel issues instructions for a "
          "large part of its time, so splitting each word once instead of splitting its shifted copies again cut "
          "its time by about 8%. Expect it close to the copy bandwidth on rgba8 and within about 20% of it on "
          "gray8; the result is the reference's exact integer formula.",
          cuda::LaunchGauss3Fast, cuda::Gauss3FastKernel, StripFootprint<1>, 16)),
      CudaVariant("naive",
                  "One thread per output pixel, reading its 3x3 window straight from global memory with clamped "
                  "coordinates: 9 loads (one uchar4 per rgba8 pixel) and one store.",
                  "The baseline. It looks wasteful (every input is loaded 9 times), but neighbouring threads ask "
                  "for the same lines, so the L1 cache serves most loads and it runs close to the cost of one "
                  "read and one write per pixel.",
                  cuda::LaunchGauss3Naive, cuda::Gauss3NaiveKernel),
      smem,
      nohalo,
      CudaVariant("ppt2x2",
                  "One thread computes a 2x2 block of outputs: it loads the 4x4 input window once into "
                  "registers, forms the [1 2 1] sums along each row, then combines rows vertically (the same "
                  "integer sums as the reference; rgba8 sums two channels per 32-bit word, and loads and stores "
                  "its 2-pixel runs as 8-byte vectors).",
                  "16 loads for 4 outputs instead of 36, 4x fewer threads doing the index and clamp arithmetic, "
                  "and four independent results per thread for the scheduler to overlap: expect it faster than "
                  "naive and smem.",
                  cuda::LaunchGauss3Ppt2x2, cuda::Gauss3Ppt2x2Kernel),
      CudaVariant("ppt4x4",
                  "One thread computes a 4x4 block of outputs, streaming its 6 input rows of 6 pixels once and "
                  "keeping the row sums of the two rows above in registers; gray8 rows are stored 4 bytes at "
                  "once. rgba8 keeps each sum as two words of two 16-bit lanes (no sum exceeds 4080, so a "
                  "32-bit add adds both lanes exactly) and moves each run of 4 pixels as one 16-byte load or "
                  "store.",
                  "36 loads for 16 outputs (2.25 per output against 9 for naive): usually the fastest. The price "
                  "is 16x fewer threads, each holding more registers: on small images the GPU may run short of "
                  "parallelism, and the register count caps how many threads an SM can hold. With int4 sums "
                  "rgba8 needed 79 registers and ran slower than ppt2x2; packing two channels per word brings "
                  "it to 55 and halves the additions, and the 16-byte runs cut the load and store instructions "
                  "per row from 6 and 4 to 3 and 1.",
                  cuda::LaunchGauss3Ppt4x4, cuda::Gauss3Ppt4x4Kernel),
  };
  // The launch grid the viewer draws: what one block writes and the halo it reads (none for smem_nohalo: that is
  // its mistake).
  SetFootprints(f, {{"naive", TileFootprint<1, 1, 1>},
                    {"smem", TileFootprint<1, 1, 1>},
                    {"smem_nohalo", TileFootprint<1, 1, 0>},
                    {"ppt2x2", TileFootprint<2, 2, 1>},
                    {"ppt4x4", TileFootprint<4, 4, 1>}});
  SetSources(f, {{"fast", {"gauss3_fast.cu", {"Gauss3Stencil"}}},
                 {"naive", {"gauss3.cu", {"Gauss3Naive"}}},
                 {"smem", {"gauss3.cu", {"Gauss3Smem", "LoadTileWithHalo"}}},
                 {"smem_nohalo", {"gauss3.cu", {"Gauss3SmemNoHalo"}}},
                 {"ppt2x2", {"gauss3.cu", {"Gauss3Block"}}},
                 {"ppt4x4", {"gauss3.cu", {"Gauss3Block"}}}});
  return f;
}

FL_REGISTER_FILTER(20, DeclareGauss3);

}  // namespace fl::filters
