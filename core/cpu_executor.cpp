#include "core/cpu_executor.hpp"

#include <chrono>

#include "core/cpu/row_loop.hpp"
#include "core/error.hpp"

namespace fl {

Image RunCpuVariant(const FilterSpec& f, const VariantSpec& v, const ParamValues& params, const Image& input,
                    const Image* second) {
  if (v.backend != Backend::Cpu) throw InputError("variant '" + f.id + "/" + v.id + "' is not a CPU variant");
  const ImageShape out_shape = f.OutputShape(input.shape(), params);
  Image out(out_shape.width, out_shape.height, out_shape.format);
  ImageView second_view;
  if (second) second_view = second->View();
  v.cpu(CpuCall{input.View(), out.MutableView(), params, second ? &second_view : nullptr});
  return out;
}

std::array<float, 4> HostPixel(const Image& img, int x, int y) {
  std::array<float, 4> v{};
  if (x < 0 || y < 0 || x >= img.width() || y >= img.height()) return v;
  switch (img.format()) {
    case PixelFormat::Gray8: v[0] = img.Row<std::uint8_t>(y)[x]; break;
    case PixelFormat::Rgba8:
      for (int c = 0; c < 4; ++c) v[c] = img.Row<std::uint8_t>(y)[4 * x + c];
      break;
    case PixelFormat::Gray32f: v[0] = img.Row<float>(y)[x]; break;
  }
  return v;
}

void CpuExecutor::SetInput(const Image& input) {
  input_ = input;
  Forget();
}

void CpuExecutor::Forget() {
  has_result_ = false;
  outputs_.clear();
  stage_ms_.clear();
}

const Image& CpuExecutor::Host(int stage) const {
  if (stage < 0 || !has_result_ || static_cast<std::size_t>(stage) >= outputs_.size()) return input_;
  return outputs_[static_cast<std::size_t>(stage)];
}

CpuRun RunPlanCpu(const Plan& plan, const Image& input, const std::atomic<bool>* cancel,
                  std::atomic<int>* stages_done) {
  plan.Require();
  if (plan.backend != Backend::Cpu) throw InputError("a plan for the cuda backend cannot run on the CPU");
  if (input.empty()) throw InputError("no input image");
  if (plan.input != input.shape()) throw InputError("the plan was made for another input shape");
  CpuRun run;
  run.outputs.reserve(plan.stages.size());
  const cpu::CancelRowsScope rows_stop(cancel);  // a filter inside its rows skips the rest
  auto check_cancel = [cancel] {
    if (cancel && cancel->load()) throw InputError("cancelled");
  };
  for (std::size_t i = 0; i < plan.stages.size(); ++i) {
    check_cancel();
    const PlannedStage& s = plan.stages[i];
    const Image& in = i == 0 ? input : run.outputs[i - 1];
    if (stages_done) *stages_done = static_cast<int>(i);
    if (!s.enabled) {
      run.outputs.push_back(in);
      run.stage_ms.push_back(0.0);
      continue;
    }
    const Image* second =
        s.second == kNoSecondInput ? nullptr : s.second == 0 ? &input : &run.outputs[s.second - 1];
    const auto t0 = std::chrono::steady_clock::now();
    run.outputs.push_back(RunCpuVariant(*s.filter, *s.variant, s.params, in, second));
    check_cancel();  // cancelled inside the stage: its output is partial
    const auto t1 = std::chrono::steady_clock::now();
    run.stage_ms.push_back(std::chrono::duration<double, std::milli>(t1 - t0).count());
  }
  if (stages_done) *stages_done = static_cast<int>(plan.stages.size());
  return run;
}

void CpuExecutor::Run(const Plan& plan, const std::atomic<bool>* cancel) { Adopt(RunPlanCpu(plan, input_, cancel)); }

void CpuExecutor::Adopt(CpuRun run) {
  outputs_ = std::move(run.outputs);
  stage_ms_ = std::move(run.stage_ms);
  has_result_ = true;
}

CpuRun RunPipelineCpu(const Registry& reg, const Pipeline& p, const Image& input, const std::atomic<bool>* cancel) {
  return RunPlanCpu(ResolvePipeline(reg, p, input.shape(), Backend::Cpu), input, cancel);
}

}  // namespace fl
