#pragma once
// A/B metrics of two device images without bringing them to the host: the same fl::ImageMetrics, with the
// same definitions, as CompareImages (core/metrics.hpp). Only a 64-byte result crosses the bus.
//
// Exactness: for gray8 and rgba8 every sum is an exact 64-bit integer, so the metrics equal CompareImages bit
// for bit. For gray32f max_abs, the mismatches and the first mismatch are exact; the double sums are added in
// another order than the CPU's loop, so mean_abs and psnr agree to rounding (relative ~1e-12 in practice).
#include <cuda_runtime.h>

#include "core/metrics.hpp"
#include "cuda/compare/value_span.hpp"
#include "cuda/owners.hpp"

namespace fl::cuda {

// A reusable workspace: keep one across frames so that its small buffers are allocated once. Nothing touches
// the device until the first Enqueue, so constructing one on a machine without a GPU is harmless. Not
// thread-safe.
class DeviceComparer {
 public:
  static constexpr int kDefaultThreads = 256;

  // `threads_per_block`: a multiple of 32 from 32 to 1024 (the reduction works in whole warps); InputError
  // otherwise.
  explicit DeviceComparer(int threads_per_block = kDefaultThreads);

  // Enqueue + Collect: the metrics of A against B (InputError when the shapes differ or an image is empty).
  ImageMetrics Compare(const DeviceView& a, const DeviceView& b, double tolerance, cudaStream_t stream);

  // The split form for a frame loop: Enqueue launches the reduction and an asynchronous copy of its result
  // into pinned memory on `stream`; Collect waits for that copy alone and turns it into metrics. A and B must
  // stay alive and unchanged until the reduction has run on `stream`.
  void Enqueue(const DeviceView& a, const DeviceView& b, double tolerance, cudaStream_t stream);
  ImageMetrics Collect();

  // The span of A measured by the last Collect (0..255 for 8-bit formats): what WriteDifferenceMap scales by.
  ValueSpan span_of_a() const { return span_; }
  // Blocks of the last launch: how many atomics per result field the reduction issued.
  int last_blocks() const { return blocks_; }
  int threads_per_block() const { return threads_; }

 private:
  void EnsureBuffers();

  int threads_;
  int max_blocks_ = 0;  // enough blocks to fill the device once; each thread then loops over its share
  int blocks_ = 0;
  DeviceBuffer totals_;       // the reduction's result, in device memory
  PinnedBuffer host_totals_;  // where it lands on the host
  Event copied_;              // recorded after the copy: Collect waits on this, not on the whole stream
  bool pending_ = false;
  ImageShape shape_;  // of the enqueued comparison
  ValueSpan span_;
};

// One-shot form with a temporary workspace (allocates each call; the UI should keep a DeviceComparer
// instead).
ImageMetrics CompareOnDevice(const DeviceView& a, const DeviceView& b, double tolerance, cudaStream_t stream);

}  // namespace fl::cuda
