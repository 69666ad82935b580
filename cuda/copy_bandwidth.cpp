#include "cuda/copy_bandwidth.hpp"

#include <algorithm>

#include "core/error.hpp"
#include "cuda/event_timer.hpp"
#include "cuda/owners.hpp"

namespace fl::cuda {

double MeasureCopyBandwidthGBs(std::size_t bytes, int repeats) {
  if (bytes == 0) throw RuntimeError("copy bandwidth: the buffer size is zero");
  const Stream stream = Stream::Create();
  const TimingSamples t = TimeDeviceCopy(bytes, stream.get(), 1, std::max(repeats, 1));
  const double ms = t.Median();
  if (ms <= 0) throw RuntimeError("copy bandwidth: the timed copies took no measurable time");
  return 2.0 * static_cast<double>(bytes) / (ms * 1e-3) / 1e9;
}

}  // namespace fl::cuda
