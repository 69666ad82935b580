#include "gpu_support.hpp"

#include <gtest/gtest.h>

#include <algorithm>

#include "cuda/cuda_check.hpp"
#include "filters/builtin_registry.hpp"

namespace fl::test {
namespace {

std::unique_ptr<GpuContext>& Slot() {
  static std::unique_ptr<GpuContext> ctx;
  return ctx;
}

// Releases the context while the CUDA runtime is still loaded.
class GpuEnvironment : public ::testing::Environment {
 public:
  void TearDown() override { ReleaseGpu(); }
};
const auto* const kEnvironment = ::testing::AddGlobalTestEnvironment(new GpuEnvironment);

}  // namespace

std::vector<CudaTarget> CudaTargets(bool every_format) {
  std::vector<CudaTarget> out;
  for (const FilterSpec& f : BuiltinRegistry().filters())
    for (const VariantSpec& v : f.variants) {
      if (v.backend != Backend::Cuda) continue;
      for (PixelFormat fmt : f.accepts) {
        if (!f.VariantAccepts(v, fmt)) continue;
        out.push_back({&f, &v, fmt});
        if (!every_format) break;
      }
    }
  return out;
}

void PrintTo(const CudaTarget& t, std::ostream* os) {
  *os << t.filter->id << "/" << t.variant->id << " " << ToString(t.format);
}

GpuContext& Gpu() {
  auto& ctx = Slot();
  if (!ctx) ctx.reset(new GpuContext{cuda::QueryDeviceLimits(), cuda::Stream::Create(), cuda::Transfer{}});
  return *ctx;
}

void ReleaseGpu() { Slot().reset(); }

void Poison(const DeviceView& view, std::uint8_t poison) {
  cudaStream_t s = Gpu().stream.get();
  FL_CUDA_CHECK(cudaMemsetAsync(view.data, poison, view.pitch * static_cast<std::size_t>(view.shape.height), s));
  FL_CUDA_CHECK(cudaStreamSynchronize(s));
}

cuda::DeviceImage PoisonedDeviceImage(const ImageShape& shape, std::uint8_t poison) {
  cuda::DeviceImage d(shape);
  Poison(d.view(), poison);
  return d;
}

cuda::DeviceImage UploadPoisoned(const Image& img, std::uint8_t poison) {
  cuda::DeviceImage d = PoisonedDeviceImage(img.shape(), poison);
  Gpu().transfer.Upload(img, d, Gpu().stream.get());  // same shape: fills the rows, keeps the padding
  return d;
}

std::vector<std::uint8_t> RawBytes(const DeviceView& view) {
  std::vector<std::uint8_t> bytes(view.pitch * static_cast<std::size_t>(view.shape.height));
  cudaStream_t s = Gpu().stream.get();
  FL_CUDA_CHECK(cudaMemcpyAsync(bytes.data(), view.data, bytes.size(), cudaMemcpyDeviceToHost, s));
  FL_CUDA_CHECK(cudaStreamSynchronize(s));
  return bytes;
}

std::size_t BytesNotPoison(const DeviceView& view, std::uint8_t poison) {
  const auto bytes = RawBytes(view);
  return static_cast<std::size_t>(std::count_if(bytes.begin(), bytes.end(), [&](std::uint8_t b) { return b != poison; }));
}

}  // namespace fl::test
