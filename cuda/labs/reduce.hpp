#pragma once
// The reduce lab's CUDA variants. Plain C++ interface: labs/reduce.cpp declares the variants and calls this.
#include <atomic>
#include <vector>

#include "core/image.hpp"
#include "core/labs/reduce_cpu.hpp"

namespace fl::cuda::labs {

enum class ReduceKernel { SmemTree, WarpShuffle };

struct ReduceRun {
  double median_ms = 0, min_ms = 0;  // the kernel alone, cudaEvent pairs, L2 flushed before each run
  fl::labs::LaneStats lanes;         // per byte lane (byte offset mod 4): sums, min, max
};

struct ReduceRuns {
  std::vector<ReduceRun> kernels;  // in the order asked
  // The read ceiling: a plain read of the same bytes (cuda/read_stream.hpp), same flush and repeats.
  double read_ms = 0, read_min_ms = 0;
};

// Uploads `image` (gray8 or rgba8) once, then for each kernel: one warm-up and `repeat` timed runs (totals
// reset before each, outside the event pair), and the totals of the last run downloaded; then the read
// ceiling. Throws RuntimeError on a CUDA failure, InputError "cancelled" when `cancel` is set.
// `blocks_per_sm` > 0 caps the grid at that many blocks per SM (0: as many as fit).
ReduceRuns RunReduceKernels(const Image& image, const std::vector<ReduceKernel>& kernels, int repeat,
                            const std::atomic<bool>* cancel, int blocks_per_sm = 0);

}  // namespace fl::cuda::labs
