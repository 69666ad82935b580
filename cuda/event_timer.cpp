#include "cuda/event_timer.hpp"

#include <algorithm>

#include "cuda/cuda_check.hpp"

namespace fl::cuda {

float TimingSamples::Median() const {
  if (ms.empty()) return 0.0f;
  std::vector<float> s = ms;
  std::nth_element(s.begin(), s.begin() + static_cast<long>(s.size() / 2), s.end());
  return s[s.size() / 2];
}

float TimingSamples::Min() const { return ms.empty() ? 0.0f : *std::min_element(ms.begin(), ms.end()); }

TimingSamples TimeOnStream(cudaStream_t stream, int warmup, int repeats, const std::function<void()>& work) {
  for (int i = 0; i < warmup; ++i) work();
  FL_CUDA_CHECK(cudaStreamSynchronize(stream));
  std::vector<Event> starts, stops;
  for (int i = 0; i < repeats; ++i) {
    starts.push_back(Event::Create());
    stops.push_back(Event::Create());
  }
  for (int i = 0; i < repeats; ++i) {
    starts[i].Record(stream);
    work();
    stops[i].Record(stream);
  }
  FL_CUDA_CHECK(cudaStreamSynchronize(stream));
  TimingSamples t;
  for (int i = 0; i < repeats; ++i) t.ms.push_back(stops[i].ElapsedMsSince(starts[i]));
  return t;
}

TimingSamples TimeDeviceCopy(std::size_t bytes, cudaStream_t stream, int warmup, int repeats) {
  DeviceBuffer src = DeviceBuffer::Allocate(bytes), dst = DeviceBuffer::Allocate(bytes);
  FL_CUDA_CHECK(cudaMemsetAsync(src.get(), 1, bytes, stream));
  return TimeOnStream(stream, warmup, repeats, [&] {
    FL_CUDA_CHECK(cudaMemcpyAsync(dst.get(), src.get(), bytes, cudaMemcpyDeviceToDevice, stream));
  });
}

}  // namespace fl::cuda
