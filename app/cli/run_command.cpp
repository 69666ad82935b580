#include <cstdio>
#include <filesystem>
#include <iostream>

#include "app/cli/commands.hpp"
#include "core/cpu_executor.hpp"
#include "core/error.hpp"
#include "core/image_io.hpp"
#include "core/preset.hpp"
#include "core/stage_spec.hpp"
#include "cuda/pipeline_executor.hpp"
#include "filters/builtin_registry.hpp"

namespace fl::cli {

static Pipeline BuildPipeline(const Registry& reg, const std::vector<std::string>& stages, const std::string& preset,
                              Backend backend) {
  if (!preset.empty() && !stages.empty()) throw InputError("give either --stage or --preset, not both");
  if (!preset.empty()) return LoadPreset(reg, preset, backend);
  if (stages.empty()) throw InputError("no stages: give --stage SPEC (see 'filterlab list') or --preset FILE");
  Pipeline p;
  for (const auto& spec : stages) p.stages.push_back(ParseStageSpec(reg, spec, backend));
  return p;
}

int RunCommand(const RunOptions& o) {
  const Registry& reg = BuiltinRegistry();
  const Backend backend = ChooseBackend(o.backend);
  const Pipeline p = BuildPipeline(reg, o.stages, o.preset, backend);
  const Image input = LoadImage(o.input);
  ResolvePipeline(reg, p, input.shape(), backend);  // every pipeline error before any work or output
  if (!o.save_stages.empty() && !std::filesystem::is_directory(o.save_stages))
    throw InputError("--save-stages '" + o.save_stages + "' is not a folder");

  std::vector<Image> outputs;
  std::vector<double> ms;
  if (backend == Backend::Cpu) {
    CpuRun run = RunPipelineCpu(reg, p, input);
    outputs = std::move(run.outputs);
    ms = run.stage_ms;
  } else {
    cuda::PipelineExecutor exec(reg);
    exec.SetInput(input);
    exec.Run(p);
    for (std::size_t i = 0; i < exec.stage_count(); ++i) {
      if (o.save_stages.empty() && i + 1 < exec.stage_count()) {
        outputs.emplace_back();
      } else {
        outputs.push_back(exec.Download(i));
      }
      ms.push_back(exec.stage_ms()[i]);
    }
  }
  const Image& result = outputs.empty() ? input : outputs.back();
  SaveImage(result, o.output);
  if (!o.save_stages.empty())
    for (std::size_t i = 0; i < outputs.size(); ++i) {
      const std::string name = "stage" + std::to_string(i + 1) + "_" + p.stages[i].filter + ".png";
      SaveImage(outputs[i], (std::filesystem::path(o.save_stages) / name).string());
    }
  for (std::size_t i = 0; i < ms.size(); ++i)
    std::fprintf(stderr, "%s %-10s %-16s %9.3f ms (%s)\n", StageLabel(p, i).c_str(), "", p.stages[i].variant.c_str(),
                 ms[i], backend == Backend::Cuda ? "cudaEvent" : "CPU wall");
  std::fprintf(stderr, "wrote %s (%dx%d %s)\n", o.output.c_str(), result.width(), result.height(),
               std::string(ToString(result.format())).c_str());
  return 0;
}

}  // namespace fl::cli
