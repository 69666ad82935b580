#include "cuda/owners.hpp"

#include <cstdio>

#include "cuda/cuda_check.hpp"

namespace fl::cuda {

void LogReleaseError(cudaError_t err, const char* what) noexcept {
  if (err != cudaSuccess && err != cudaErrorCudartUnloading)
    std::fprintf(stderr, "warning: %s failed: %s\n", what, cudaGetErrorString(err));
}

Stream Stream::Create() {
  cudaStream_t s{};
  FL_CUDA_CHECK(cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking));
  return Stream(s);
}
void Stream::Release(cudaStream_t s) noexcept { LogReleaseError(cudaStreamDestroy(s), "cudaStreamDestroy"); }
void Stream::Synchronize() const { FL_CUDA_CHECK(cudaStreamSynchronize(h_)); }

Event Event::Create() {
  cudaEvent_t e{};
  FL_CUDA_CHECK(cudaEventCreate(&e));
  return Event(e);
}
void Event::Release(cudaEvent_t e) noexcept { LogReleaseError(cudaEventDestroy(e), "cudaEventDestroy"); }
void Event::Record(cudaStream_t s) const { FL_CUDA_CHECK(cudaEventRecord(h_, s)); }
void Event::Synchronize() const { FL_CUDA_CHECK(cudaEventSynchronize(h_)); }
float Event::ElapsedMsSince(const Event& start) const {
  float ms = 0;
  FL_CUDA_CHECK(cudaEventElapsedTime(&ms, start.get(), h_));
  return ms;
}

DeviceBuffer DeviceBuffer::Allocate(std::size_t bytes) {
  void* p = nullptr;
  if (bytes > 0) FL_CUDA_CHECK(cudaMalloc(&p, bytes));
  return DeviceBuffer(p, bytes);
}
void DeviceBuffer::Release(void* p) noexcept { LogReleaseError(cudaFree(p), "cudaFree"); }

PinnedBuffer PinnedBuffer::Allocate(std::size_t bytes) {
  void* p = nullptr;
  if (bytes > 0) FL_CUDA_CHECK(cudaMallocHost(&p, bytes));
  return PinnedBuffer(p, bytes);
}
void PinnedBuffer::Release(void* p) noexcept { LogReleaseError(cudaFreeHost(p), "cudaFreeHost"); }

DeviceImage::DeviceImage(const ImageShape& shape) {
  CheckImageShape(shape);
  // Pitch rounded up to 512 bytes: every row starts 16-byte aligned (vector loads) and on a cache-line boundary.
  const std::size_t pitch = (shape.RowBytes() + 511) / 512 * 512;
  buffer_ = DeviceBuffer::Allocate(pitch * static_cast<std::size_t>(shape.height));
  view_ = DeviceView{buffer_.as<std::uint8_t>(), shape, pitch};
  // Zero once, padding included: vector kernels load whole words or chunks that reach past a row's last pixel
  // (never using those bytes), and compute-sanitizer's initcheck rightly reports reads of never-written bytes.
  // Uploads and kernels write pixels only, so the padding stays defined. Allocation happens outside every timed
  // window and is rare (buffers are reused), so waiting here costs nothing that is measured.
  FL_CUDA_CHECK(cudaMemset(buffer_.get(), 0, pitch * static_cast<std::size_t>(shape.height)));
  FL_CUDA_CHECK(cudaStreamSynchronize(cudaStreamLegacy));
}

}  // namespace fl::cuda
