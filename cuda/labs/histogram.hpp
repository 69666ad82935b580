#pragma once
// The histogram lab's CUDA variants. Plain C++ interface: labs/histogram.cpp declares the variants and calls
// this.
#include <atomic>
#include <cstdint>
#include <vector>

#include "core/image.hpp"

namespace fl::cuda::labs {

enum class HistogramKernel { GlobalAtomics, SharedAtomics, WarpPrivate, WarpAggregated };

struct HistogramRun {
  double median_ms = 0, min_ms = 0;  // the kernel alone, cudaEvent pairs, L2 flushed before each run
  std::vector<std::uint64_t> bins;   // channel-major like labs::HistogramReference: 256 or 4 x 256
};

// Uploads `image` (gray8 or rgba8) once, then for each kernel: one warm-up and `repeat` timed runs (bins
// zeroed before each, outside the event pair), and the bins of the last run downloaded. Throws RuntimeError
// on a CUDA failure, InputError "cancelled" when `cancel` is set.
std::vector<HistogramRun> RunHistogramKernels(const Image& image, const std::vector<HistogramKernel>& kernels,
                                              int repeat, const std::atomic<bool>* cancel);

}  // namespace fl::cuda::labs
