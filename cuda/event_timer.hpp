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

// Evicts the L2 cache by reading a buffer twice its size (cuda/read_stream.hpp says why reading, not
// writing), so that the next timed run reads from DRAM and writes back nothing that is not its own. Without
// it, an image not much larger than the L2 (8192x8192 gray8 is 64 MiB; an H100 has 50 MB of L2) is partly
// served from the L2 by the previous repeat and the figures flatter the kernel.
class L2Flusher {
 public:
  L2Flusher();  // sized from cudaDevAttrL2CacheSize
  void Flush(cudaStream_t stream) const;

 private:
  DeviceBuffer buffer_;
};

// Enqueues `work` on `stream` warmup + repeats times and returns the timed samples. With a flusher, the L2 is
// flushed before every timed repeat, outside its event pair.
TimingSamples TimeOnStream(cudaStream_t stream, int warmup, int repeats, const std::function<void()>& work,
                           const L2Flusher* flusher = nullptr);

// A device-to-device copy of `bytes` (read once, written once): the practical bandwidth ceiling for kernels that
// move the same bytes. Returns the samples; GB/s = 2 * bytes / median.
TimingSamples TimeDeviceCopy(std::size_t bytes, cudaStream_t stream, int warmup, int repeats,
                             const L2Flusher* flusher = nullptr);

}  // namespace fl::cuda
