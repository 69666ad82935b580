// Declaration of the `gemm` lab: C = A x B in float32, from one thread per output to shared-memory tiles to
// cuBLAS, each checked against a double-precision product.
#include "core/lab_registry.hpp"
#include "core/labs/gemm_lab.hpp"
#include "cuda/labs/gemm_run.hpp"

namespace fl::labs {

static LabSpec DeclareGemm() {
  LabSpec lab;
  lab.id = "gemm";
  lab.title = "Matrix multiply: global loads, shared-memory tiles and cuBLAS";
  lab.teaching =
      "C = A x B for square float32 matrices of order N (the size), A and B uniform in [-1, 1] from fixed "
      "seeds. Each of the N^2 outputs is a dot product of length N, so the product does 2N^3 flops on 3N^2 "
      "numbers: every input is used N times, and the whole game is serving that reuse from fast memory "
      "instead of DRAM. The naive kernel leaves it to the caches; the tiled kernels stage TxT tiles of A "
      "and B in shared memory, so each number loaded from global memory serves T multiply-adds; cuBLAS adds "
      "register tiling, double-buffered asynchronous copies and instruction scheduling tuned per GPU. "
      "GFLOP/s is 2N^3 / time; % of cuBLAS is cuBLAS's time / the variant's time. Accuracy: each variant's "
      "C is compared with a product accumulated in double (every row up to N = 1024, 256 rows spread evenly "
      "above: `checked_rows`); the error of an entry is |c - exact| / sum_k |a_ik b_kj|, the scale float "
      "rounding errors grow with. Float sums of N terms are expected to be off by up to about N * 6e-8 in "
      "that measure (typically far less), whatever the order the variant adds in.";
  lab.variants = {
      {"reference", Backend::Cpu, "Row by row, accumulating in double and rounding to float once per entry.",
       "The accuracy yardstick, not a speed one: a few GFLOP/s. CPU runs time at most 3 repeats "
       "(`repeats`)."},
      {"openmp", Backend::Cpu,
       "float accumulation, rows split over the cores with OpenMP, B walked in 64 x 256 panels that stay in "
       "the cache while a row of C is accumulated (i-k-j order, so the inner loop vectorizes).",
       "Several times the reference on a few cores; still two orders of magnitude below a GPU."},
      {"naive", Backend::Cuda,
       "One thread per C entry (16 x 16 blocks), the dot product read straight from global memory: a row of "
       "A and a column of B per thread.",
       "The threads of a warp share their A element (a broadcast) and read consecutive B elements "
       "(coalesced), and L1/L2 catch much of the reuse, so it is not hopeless, but every multiply-add still "
       "costs two loads through the cache: expect a few TFLOP/s at most on an H100, a small fraction of "
       "cuBLAS."},
      {"tiled8", Backend::Cuda,
       "8 x 8 tiles: the block's 64 threads load an 8 x 8 tile of A and one of B into shared memory, "
       "synchronize, and each accumulates 8 products for its own C entry; then the next pair of tiles.",
       "Each global load now serves 8 multiply-adds, but a block of 64 threads is too small (few warps per "
       "block, a barrier every 8 products): often no faster than naive. It is there to show that the tile "
       "size matters."},
      {"tiled16", Backend::Cuda, "The same with 16 x 16 tiles and 256 threads per block, one C entry each.",
       "16 multiply-adds per global load and half as many barriers per product: expect it ahead of tiled8 "
       "and "
       "of naive, though a GPU with a large L1 (an H100 has 256 KB per SM) gives naive much of this reuse "
       "for "
       "free, so the gap may be small; now shared-memory bandwidth (two shared loads per multiply-add) is "
       "the "
       "limit."},
      {"tiled32", Backend::Cuda,
       "32 x 32 tiles, but 32 x 8 threads: each thread computes 4 C entries of one column (rows 8 apart), "
       "so one B value read from shared memory serves 4 multiply-adds from registers.",
       "Computing several outputs per thread is the step that makes tiling pay: 1.25 shared loads per "
       "multiply-add instead of 2 and more independent work per thread. Expect the best of the three tiled "
       "kernels, still well below cuBLAS (which tiles registers 2-D, e.g. 8 x 8 per thread, and uses the "
       "Hopper copy engines)."},
      {"cublas", Backend::Cuda,
       "cublasSgemm (row-major C = A B computed as the column-major C^T = B^T A^T), default math mode, so "
       "float32 FMAs and no TF32. cuBLAS is loaded at run time (libcublas.so.13): the binaries carry no 600 "
       "MB library.",
       "The ceiling the others are measured against: most of the H100's float32 peak at N >= 2048. Without "
       "libcublas the variant says so."},
  };
  lab.default_size = 1024;
  lab.max_size = 4096;
  lab.run_cpu = RunGemmCpu;
  lab.run_cuda = cuda::RunGemmCuda;
  return lab;
}

FL_REGISTER_LAB(50, DeclareGemm);

}  // namespace fl::labs
