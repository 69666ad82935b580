#pragma once
// The byte labs (histogram, reduce) see an image as one run of bytes: rows packed back to back as on the
// host, in a device buffer rounded up to 16 bytes, so that every thread reads 16 bytes per load and only the
// last bytes % 16 need a byte-wise tail. For rgba8 byte k of the run is channel k % 4.
#include <atomic>
#include <cstdint>
#include <functional>

#include "core/image.hpp"
#include "cuda/event_timer.hpp"
#include "cuda/owners.hpp"

namespace fl::cuda::labs {

class PackedBytes {
 public:
  PackedBytes(const Image& image, cudaStream_t stream);  // uploads and waits
  const std::uint8_t* data() const { return buffer_.as<const std::uint8_t>(); }
  std::size_t bytes() const { return bytes_; }
  std::size_t chunks() const { return bytes_ / 16; }  // whole 16-byte loads
  int tail() const { return static_cast<int>(bytes_ % 16); }
  const std::uint8_t* tail_data() const { return data() + chunks() * 16; }

 private:
  DeviceBuffer buffer_;
  std::size_t bytes_ = 0;
};

// Times `launch` alone: per run (warm-up and timed) `reset` first (zeroing the outputs), then for timed runs
// the L2 flush, then the event pair around `launch`. Checks `cancel` before each run (InputError
// "cancelled").
TimingSamples TimeLaunches(cudaStream_t stream, int warmup, int repeats, const std::function<void()>& reset,
                           const std::function<void()>& launch, const L2Flusher& flusher,
                           const std::atomic<bool>* cancel);

// A grid-stride grid: SMs x the blocks of `kernel` (at `block` threads and `smem` dynamic bytes) one SM
// holds, but no more blocks than `chunks` 16-byte loads need; at least one.
// `max_per_sm` > 0 caps the blocks per SM (fewer blocks: fewer per-block atomics on the same addresses).
unsigned StreamGrid(const void* kernel, int block, std::size_t smem, std::size_t chunks, int max_per_sm = 0);

}  // namespace fl::cuda::labs
