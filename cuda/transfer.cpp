#include "cuda/transfer.hpp"

#include <cstring>

#include "cuda/cuda_check.hpp"

namespace fl::cuda {

PinnedBuffer& Transfer::Staging(std::size_t bytes) {
  if (staging_.size() < bytes) {
    staging_.Reset();
    staging_ = PinnedBuffer::Allocate(bytes);
  }
  return staging_;
}

void Transfer::Upload(const Image& src, DeviceImage& dst, cudaStream_t stream) {
  if (dst.empty() || dst.shape() != src.shape()) dst = DeviceImage(src.shape());
  PinnedBuffer& stage = Staging(src.bytes());
  std::memcpy(stage.get(), src.data(), src.bytes());
  const DeviceView v = dst.view();
  FL_CUDA_CHECK(cudaMemcpy2DAsync(v.data, v.pitch, stage.get(), src.pitch(), src.shape().RowBytes(), src.height(),
                                  cudaMemcpyHostToDevice, stream));
  FL_CUDA_CHECK(cudaStreamSynchronize(stream));
}

Image Transfer::Download(const DeviceView& src, cudaStream_t stream) {
  Image out(src.shape.width, src.shape.height, src.shape.format);
  PinnedBuffer& stage = Staging(out.bytes());
  FL_CUDA_CHECK(cudaMemcpy2DAsync(stage.get(), out.pitch(), src.data, src.pitch, src.shape.RowBytes(),
                                  src.shape.height, cudaMemcpyDeviceToHost, stream));
  FL_CUDA_CHECK(cudaStreamSynchronize(stream));
  std::memcpy(out.data(), stage.get(), out.bytes());
  return out;
}

}  // namespace fl::cuda
