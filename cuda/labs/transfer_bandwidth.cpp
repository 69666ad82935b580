// H2D and D2H copies from pageable and pinned host memory, each between its own event pair on one stream.
#include <algorithm>
#include <cstdint>
#include <cstring>
#include <vector>

#include "core/error.hpp"
#include "core/labs/transfer_sizes.hpp"
#include "cuda/cuda_check.hpp"
#include "cuda/labs/transfers_lab.hpp"
#include "cuda/owners.hpp"

namespace fl::cuda {

std::vector<TransferRow> MeasureTransfers(const std::string& direction, const std::string& memory,
                                          const std::vector<std::size_t>& sizes, int repeats,
                                          const std::function<void()>& done) {
  if (sizes.empty()) return {};
  const std::size_t largest = *std::max_element(sizes.begin(), sizes.end());
  const bool pinned = memory == "pinned", h2d = direction == "h2d";
  // Pageable memory is an ordinary vector: the driver copies it through its own staging buffer, in chunks.
  std::vector<std::uint8_t> pageable(pinned ? 0 : largest, 1);
  PinnedBuffer pinned_buffer = pinned ? PinnedBuffer::Allocate(largest) : PinnedBuffer();
  if (pinned) std::memset(pinned_buffer.get(), 1, largest);
  void* host = pinned ? pinned_buffer.get() : static_cast<void*>(pageable.data());
  DeviceBuffer device = DeviceBuffer::Allocate(largest);
  Stream stream = Stream::Create();
  Event start = Event::Create(), stop = Event::Create();
  std::vector<TransferRow> rows;
  for (std::size_t bytes : sizes) {
    std::vector<double> samples;
    // The first copy warms up (first touch, the driver's staging buffer) and is not kept.
    for (int i = 0; i <= repeats; ++i) {
      start.Record(stream.get());
      if (h2d)
        FL_CUDA_CHECK(cudaMemcpyAsync(device.get(), host, bytes, cudaMemcpyHostToDevice, stream.get()));
      else
        FL_CUDA_CHECK(cudaMemcpyAsync(host, device.get(), bytes, cudaMemcpyDeviceToHost, stream.get()));
      stop.Record(stream.get());
      stop.Synchronize();
      if (i > 0) samples.push_back(stop.ElapsedMsSince(start));
    }
    const double ms = labs::MedianMs(samples);
    rows.push_back({direction, memory, bytes, ms, labs::GigabytesPerSecond(bytes, ms)});
    if (done) done();
  }
  return rows;
}

}  // namespace fl::cuda
