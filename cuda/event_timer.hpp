#pragma once
// Timing of GPU work with CUDA events: warm-up, then each repeat between its own event pair, so a sample is the
// device time of that repeat alone (host launch gaps between repeats are not counted).
#include <functional>
#include <vector>

#include "cuda/owners.hpp"

namespace fl::cuda {

struct TimingSamples {
  std::vector<float> ms;  // one per timed repeat
  float Median() const;
  float Min() const;
};

// Enqueues `work` on `stream` warmup + repeats times and returns the timed samples.
TimingSamples TimeOnStream(cudaStream_t stream, int warmup, int repeats, const std::function<void()>& work);

// A device-to-device copy of `bytes` (read once, written once): the practical bandwidth ceiling for kernels that
// move the same bytes. Returns the samples; GB/s = 2 * bytes / median.
TimingSamples TimeDeviceCopy(std::size_t bytes, cudaStream_t stream, int warmup, int repeats);

}  // namespace fl::cuda
