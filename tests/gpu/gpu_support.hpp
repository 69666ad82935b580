#pragma once
// What the engine GPU tests share: one stream and staging buffer per process, uploads whose row padding is
// poisoned, poisoned outputs, and a raw view of a device image's bytes (to see whether anything wrote to it).
#include <cstdint>
#include <memory>
#include <ostream>
#include <vector>

#include "core/filter_spec.hpp"
#include "core/image.hpp"
#include "cuda/device_info.hpp"
#include "cuda/owners.hpp"
#include "cuda/transfer.hpp"

// First line of every GPU test: without a device the test reports SKIPPED and says why.
#define FL_SKIP_WITHOUT_CUDA_DEVICE()                                                  \
  do {                                                                                 \
    if (::fl::cuda::DeviceCount() == 0)                                                \
      GTEST_SKIP() << "no CUDA device: " << ::fl::cuda::NoDeviceReason();              \
  } while (0)

namespace fl::test {

// A CUDA variant of a declared filter with a format it accepts.
struct CudaTarget {
  const FilterSpec* filter = nullptr;
  const VariantSpec* variant = nullptr;
  PixelFormat format = PixelFormat::Gray8;
};
// Every declared CUDA variant with the first format it accepts, or with each (`every_format`).
std::vector<CudaTarget> CudaTargets(bool every_format);
void PrintTo(const CudaTarget& t, std::ostream* os);  // "gauss/separable gray8" in gtest messages

struct GpuContext {
  DeviceLimits limits;
  cuda::Stream stream;
  cuda::Transfer transfer;
};
// Made on first use, released by the test environment before the CUDA runtime unloads.
GpuContext& Gpu();
void ReleaseGpu();

// A device image of `shape` with every byte, row padding included, set to `poison`.
cuda::DeviceImage PoisonedDeviceImage(const ImageShape& shape, std::uint8_t poison);
// Sets every byte of a device view (row padding included) to `poison`.
void Poison(const DeviceView& view, std::uint8_t poison);
// `img` on the device, its row padding holding `poison`: a kernel that reads past a row's end reads garbage (NaN for
// floats) rather than a plausible zero.
cuda::DeviceImage UploadPoisoned(const Image& img, std::uint8_t poison);
// Every byte of a device view, padding included, in device order.
std::vector<std::uint8_t> RawBytes(const DeviceView& view);
// How many bytes of a device view differ from `poison` (0: nothing wrote to it).
std::size_t BytesNotPoison(const DeviceView& view, std::uint8_t poison);

}  // namespace fl::test
