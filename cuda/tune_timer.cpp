#include "cuda/tune_timer.hpp"

#include "cuda/cuda_check.hpp"
#include "cuda/cuda_executor.hpp"
#include "cuda/kernel_info.hpp"

namespace fl::cuda {

namespace {

DeviceImage CopyOf(const DeviceView& v, cudaStream_t stream) {
  DeviceImage img(v.shape);
  FL_CUDA_CHECK(cudaMemcpy2DAsync(img.view().data, img.pitch(), v.data, v.pitch, v.shape.RowBytes(),
                                  v.shape.height, cudaMemcpyDeviceToDevice, stream));
  return img;
}

}  // namespace

CudaTuneTimer::CudaTuneTimer(const DeviceView& in, const DeviceView* second, cudaStream_t stream,
                             bool flush_l2)
    : stream_(stream), in_(CopyOf(in, stream)) {
  if (second) {
    second_ = CopyOf(*second, stream);
    has_second_ = true;
  }
  if (flush_l2) flusher_.emplace();
  FL_CUDA_CHECK(cudaStreamSynchronize(stream));
}

double CudaTuneTimer::TimeOnce(const PlannedStage& s) {
  CheckKernelThreads(s);
  if (out_.empty() || !(out_.shape() == s.out)) out_ = DeviceImage(s.out);
  if (s.scratch_bytes > scratch_.size()) scratch_ = DeviceBuffer::Allocate(s.scratch_bytes);
  const DeviceView second = second_.view();
  auto work = [&] {
    LaunchPlannedStage(s, in_.view(), out_.view(), has_second_ ? &second : nullptr, scratch_, stream_);
  };
  return TimeOnStream(stream_, 0, 1, work, flusher_ ? &*flusher_ : nullptr).Median();
}

}  // namespace fl::cuda
