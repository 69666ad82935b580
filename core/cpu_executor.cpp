#include "core/cpu_executor.hpp"

#include <chrono>

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

CpuRun RunPipelineCpu(const Registry& reg, const Pipeline& p, const Image& input, const std::atomic<bool>* cancel) {
  const auto resolved = ResolvePipeline(reg, p, input.shape(), Backend::Cpu);
  CpuRun run;
  run.outputs.reserve(resolved.size());
  for (std::size_t i = 0; i < resolved.size(); ++i) {
    if (cancel && cancel->load()) throw InputError("cancelled");
    const ResolvedStage& r = resolved[i];
    const Image& in = i == 0 ? input : run.outputs[i - 1];
    if (!r.enabled) {
      run.outputs.push_back(in);
      run.stage_ms.push_back(0.0);
      continue;
    }
    const Image* second = r.second == kNoSecondInput ? nullptr : r.second == 0 ? &input : &run.outputs[r.second - 1];
    const auto t0 = std::chrono::steady_clock::now();
    run.outputs.push_back(RunCpuVariant(*r.filter, *r.variant, p.stages[i].params, in, second));
    const auto t1 = std::chrono::steady_clock::now();
    run.stage_ms.push_back(std::chrono::duration<double, std::milli>(t1 - t0).count());
  }
  return run;
}

}  // namespace fl
