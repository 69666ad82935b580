#pragma once
// The device's practical memory bandwidth, measured as a device-to-device copy: the ceiling a bandwidth-bound
// kernel can hope to reach, against which stage timings are reported as a percentage.
#include <cstddef>

namespace fl::cuda {

// Copies `bytes` between two device buffers (one untimed warm-up, then `repeats` copies, each between its own
// cudaEvent pair: cuda/event_timer's TimeDeviceCopy, the bench's measurement) and returns GB/s (1e9 bytes per
// second) of the median copy, counting every byte read AND written (2 x bytes per copy): the same accounting as
// the per-stage "effective GB/s". Throws RuntimeError on CUDA failure or for bytes == 0.
double MeasureCopyBandwidthGBs(std::size_t bytes, int repeats);

}  // namespace fl::cuda
