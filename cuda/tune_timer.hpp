#pragma once
// The autotuner's timer on the GPU: one planned stage launched alone between an event pair, after flushing
// the L2, on the caller's stream and thread. It copies the stage's input(s) into its own buffers when made,
// so that the tuning never reads buffers the lab reallocates between frames.
#include <optional>

#include "core/tune_session.hpp"
#include "cuda/event_timer.hpp"
#include "cuda/owners.hpp"

namespace fl::cuda {

class CudaTuneTimer final : public TuneTimer {
 public:
  CudaTuneTimer(const DeviceView& in, const DeviceView* second, cudaStream_t stream, bool flush_l2);
  // Refuses (InputError) a block over its kernel's own thread limit (cuda/kernel_info.hpp) before launching.
  double TimeOnce(const PlannedStage& stage) override;

 private:
  cudaStream_t stream_;
  DeviceImage in_, second_;
  bool has_second_ = false;
  DeviceImage out_;
  DeviceBuffer scratch_;
  std::optional<L2Flusher> flusher_;
};

}  // namespace fl::cuda
