#include "cuda/copy_bandwidth.hpp"

#include <algorithm>

#include "cuda/cuda_check.hpp"
#include "cuda/owners.hpp"

namespace fl::cuda {

double MeasureCopyBandwidthGBs(std::size_t bytes, int repeats) {
  if (bytes == 0) throw RuntimeError("copy bandwidth: the buffer size is zero");
  repeats = std::max(repeats, 1);
  const DeviceBuffer src = DeviceBuffer::Allocate(bytes);
  const DeviceBuffer dst = DeviceBuffer::Allocate(bytes);
  const Stream stream = Stream::Create();
  FL_CUDA_CHECK(cudaMemsetAsync(src.get(), 1, bytes, stream.get()));
  // The warm-up takes first-touch and clock ramp-up out of the timed copies.
  FL_CUDA_CHECK(cudaMemcpyAsync(dst.get(), src.get(), bytes, cudaMemcpyDeviceToDevice, stream.get()));
  const Event start = Event::Create();
  const Event stop = Event::Create();
  start.Record(stream.get());
  for (int i = 0; i < repeats; ++i)
    FL_CUDA_CHECK(cudaMemcpyAsync(dst.get(), src.get(), bytes, cudaMemcpyDeviceToDevice, stream.get()));
  stop.Record(stream.get());
  stop.Synchronize();
  const double ms = stop.ElapsedMsSince(start);
  if (ms <= 0) throw RuntimeError("copy bandwidth: the timed copies took no measurable time");
  return 2.0 * static_cast<double>(bytes) * repeats / (ms * 1e-3) / 1e9;
}

}  // namespace fl::cuda
