#include "app/cli/chain_runner.hpp"

#include <cstdio>

#include "core/error.hpp"
#include "core/preset.hpp"
#include "core/stage_spec.hpp"
#include "cuda/cuda_executor.hpp"

namespace fl::cli {

const char* TimeKind(Backend backend) { return backend == Backend::Cuda ? "cudaEvent" : "CPU wall"; }

double ChainResult::total_ms() const {
  double t = 0;
  for (double ms : stage_ms) t += ms;
  return t;
}

Chain::Chain(const Registry& reg, const Pipeline& p, const Image& input, Backend backend)
    : input_(input), exec_(cuda::MakeExecutor(backend)) {
  plan_ = ResolvePipeline(reg, p, input.shape(), backend, exec_->limits());
  plan_.Require();
}

ChainResult Chain::Run(bool keep_all) {
  // Which code ran, when it is not the chosen variant: one line each, on stderr.
  if (!noted_)  // once: report runs a chain ten times
    for (const std::string& note : plan_.Notes()) std::fprintf(stderr, "note: %s\n", note.c_str());
  noted_ = true;
  exec_->SetInput(input_);
  exec_->Run(plan_);
  ChainResult r;
  const std::size_t n = plan_.stages.size();
  for (std::size_t i = 0; i < n; ++i) {
    const bool wanted = keep_all || i + 1 == n;
    r.outputs.push_back(wanted ? exec_->Download(static_cast<int>(i)) : Image());
  }
  r.stage_ms = exec_->stage_ms();
  return r;
}

Pipeline LoadRunnablePreset(const Registry& reg, const std::string& path, Backend backend) {
  Pipeline p = LoadPreset(reg, path, backend);
  if (p.stages.empty()) throw InputError("preset '" + path + "' has no stages: nothing to run");
  return p;
}

Pipeline BuildPipeline(const Registry& reg, const std::vector<std::string>& stages, const std::string& preset,
                       Backend backend) {
  if (!preset.empty() && !stages.empty()) throw InputError("give either --stage or --preset, not both");
  if (!preset.empty()) return LoadRunnablePreset(reg, preset, backend);
  if (stages.empty()) throw InputError("no stages: give --stage SPEC (see 'filterlab list') or --preset FILE");
  Pipeline p;
  for (const auto& spec : stages) p.stages.push_back(ParseStageSpec(reg, spec, backend));
  return p;
}

}  // namespace fl::cli
