#include "app/cli/chain_runner.hpp"

#include "core/cpu_executor.hpp"
#include "core/error.hpp"
#include "core/preset.hpp"
#include "core/stage_spec.hpp"
#include "cuda/pipeline_executor.hpp"

namespace fl::cli {

double ChainResult::total_ms() const {
  double t = 0;
  for (double ms : stage_ms) t += ms;
  return t;
}

ChainResult RunChain(const Registry& reg, const Pipeline& p, const Image& input, Backend backend, bool keep_all) {
  ChainResult r;
  if (backend == Backend::Cpu) {
    CpuRun run = RunPipelineCpu(reg, p, input);
    r.outputs = std::move(run.outputs);
    r.stage_ms = std::move(run.stage_ms);
    return r;
  }
  cuda::PipelineExecutor exec(reg);
  exec.SetInput(input);
  exec.Run(p);
  for (std::size_t i = 0; i < exec.stage_count(); ++i) {
    const bool wanted = keep_all || i + 1 == exec.stage_count();
    r.outputs.push_back(wanted ? exec.Download(i) : Image());
    r.stage_ms.push_back(exec.stage_ms()[i]);
  }
  return r;
}

Pipeline BuildPipeline(const Registry& reg, const std::vector<std::string>& stages, const std::string& preset,
                       Backend backend) {
  if (!preset.empty() && !stages.empty()) throw InputError("give either --stage or --preset, not both");
  if (!preset.empty()) return LoadPreset(reg, preset, backend);
  if (stages.empty()) throw InputError("no stages: give --stage SPEC (see 'filterlab list') or --preset FILE");
  Pipeline p;
  for (const auto& spec : stages) p.stages.push_back(ParseStageSpec(reg, spec, backend));
  return p;
}

}  // namespace fl::cli
