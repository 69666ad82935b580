#include "cuda/event_timer.hpp"

#include <algorithm>

#include "cuda/cuda_check.hpp"
#include "cuda/read_stream.hpp"

namespace fl::cuda {

float TimingSamples::Median() const {
  if (ms.empty()) return 0.0f;
  std::vector<float> s = ms;
  std::nth_element(s.begin(), s.begin() + static_cast<long>(s.size() / 2), s.end());
  return s[s.size() / 2];
}

float TimingSamples::Min() const { return ms.empty() ? 0.0f : *std::min_element(ms.begin(), ms.end()); }

L2Flusher::L2Flusher() {
  int dev = 0, l2 = 0;
  FL_CUDA_CHECK(cudaGetDevice(&dev));
  FL_CUDA_CHECK(cudaDeviceGetAttribute(&l2, cudaDevAttrL2CacheSize, dev));
  // Twice the L2, plus one word for ReadEveryWord's guard.
  buffer_ = DeviceBuffer::Allocate(2 * static_cast<std::size_t>(std::max(l2, 1 << 20)) + 16);
  FL_CUDA_CHECK(cudaMemset(buffer_.get(), 0, buffer_.size()));
}

void L2Flusher::Flush(cudaStream_t stream) const {
  const std::size_t read = buffer_.size() - 16;
  ReadEveryWord(buffer_.get(), read, reinterpret_cast<unsigned*>(buffer_.as<char>() + read), stream);
}

TimingSamples TimeOnStream(cudaStream_t stream, int warmup, int repeats, const std::function<void()>& work,
                           const L2Flusher* flusher) {
  for (int i = 0; i < warmup; ++i) work();
  FL_CUDA_CHECK(cudaStreamSynchronize(stream));
  std::vector<Event> starts, stops;
  for (int i = 0; i < repeats; ++i) {
    starts.push_back(Event::Create());
    stops.push_back(Event::Create());
  }
  for (int i = 0; i < repeats; ++i) {
    if (flusher) flusher->Flush(stream);
    starts[i].Record(stream);
    work();
    stops[i].Record(stream);
  }
  FL_CUDA_CHECK(cudaStreamSynchronize(stream));
  TimingSamples t;
  for (int i = 0; i < repeats; ++i) t.ms.push_back(stops[i].ElapsedMsSince(starts[i]));
  return t;
}

TimingSamples TimeDeviceCopy(std::size_t bytes, cudaStream_t stream, int warmup, int repeats,
                             const L2Flusher* flusher) {
  DeviceBuffer src = DeviceBuffer::Allocate(bytes), dst = DeviceBuffer::Allocate(bytes);
  FL_CUDA_CHECK(cudaMemsetAsync(src.get(), 1, bytes, stream));
  return TimeOnStream(
      stream, warmup, repeats,
      [&] { FL_CUDA_CHECK(cudaMemcpyAsync(dst.get(), src.get(), bytes, cudaMemcpyDeviceToDevice, stream)); },
      flusher);
}

}  // namespace fl::cuda
