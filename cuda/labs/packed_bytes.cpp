#include "cuda/labs/packed_bytes.hpp"

#include <algorithm>

#include "core/error.hpp"
#include "cuda/cuda_check.hpp"

namespace fl::cuda::labs {

PackedBytes::PackedBytes(const Image& image, cudaStream_t stream)
    : buffer_(DeviceBuffer::Allocate((image.bytes() + 15) / 16 * 16)), bytes_(image.bytes()) {
  // Host rows are packed (pitch = row bytes), so the image is one contiguous copy.
  FL_CUDA_CHECK(cudaMemcpyAsync(buffer_.get(), image.data(), bytes_, cudaMemcpyHostToDevice, stream));
  FL_CUDA_CHECK(cudaStreamSynchronize(stream));
}

TimingSamples TimeLaunches(cudaStream_t stream, int warmup, int repeats, const std::function<void()>& reset,
                           const std::function<void()>& launch, const L2Flusher& flusher,
                           const std::atomic<bool>* cancel) {
  const auto check_cancel = [cancel] {
    if (cancel && cancel->load()) throw InputError("cancelled");
  };
  for (int i = 0; i < warmup; ++i) {
    check_cancel();
    reset();
    launch();
  }
  const Event start = Event::Create(), stop = Event::Create();
  TimingSamples t;
  for (int i = 0; i < repeats; ++i) {
    check_cancel();
    reset();
    flusher.Flush(stream);
    start.Record(stream);
    launch();
    stop.Record(stream);
    stop.Synchronize();  // one pair reused: read it before the next run records over it
    t.ms.push_back(stop.ElapsedMsSince(start));
  }
  return t;
}

unsigned StreamGrid(const void* kernel, int block, std::size_t smem, std::size_t chunks, int max_per_sm) {
  int dev = 0, sms = 0, per_sm = 0;
  FL_CUDA_CHECK(cudaGetDevice(&dev));
  FL_CUDA_CHECK(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, dev));
  FL_CUDA_CHECK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, kernel, block, smem));
  if (max_per_sm > 0) per_sm = std::min(per_sm, max_per_sm);
  const std::size_t needed = std::max<std::size_t>(1, (chunks + block - 1) / static_cast<std::size_t>(block));
  return static_cast<unsigned>(
      std::min<std::size_t>(needed, static_cast<std::size_t>(std::max(1, sms * per_sm))));
}

}  // namespace fl::cuda::labs
