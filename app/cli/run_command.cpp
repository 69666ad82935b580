#include <cstdio>
#include <filesystem>

#include "app/cli/chain_runner.hpp"
#include "app/cli/commands.hpp"
#include "core/error.hpp"
#include "core/image_io.hpp"
#include "filters/builtin_registry.hpp"

namespace fl::cli {

// --save-stages writes stage N's output as FOLDER/stageN_FILTER.png.
static std::string StageFile(const std::string& folder, const Pipeline& p, std::size_t i) {
  return (std::filesystem::path(folder) /
          ("stage" + std::to_string(i + 1) + "_" + p.stages[i].filter + ".png"))
      .string();
}

int RunCommand(const RunOptions& o) {
  const Registry& reg = BuiltinRegistry();
  const Backend backend = ChooseBackend(o.backend);
  const Pipeline p = BuildPipeline(reg, o.stages, o.preset, backend);
  const Image input = LoadImage(o.input);
  Chain chain(reg, p, input, backend);  // every pipeline error before any work or output
  if (!o.save_stages.empty() && !std::filesystem::is_directory(o.save_stages))
    throw InputError("--save-stages '" + o.save_stages + "' is not a folder");
  // Every file this run writes, checked before the first is: a refusal leaves nothing behind.
  const Plan& plan = chain.plan();
  CheckSaveTarget(o.output, plan.stages.empty() ? input.format() : plan.stages.back().out.format);
  for (std::size_t i = 0; !o.save_stages.empty() && i < p.stages.size(); ++i)
    CheckSaveTarget(StageFile(o.save_stages, p, i), PixelFormat::Gray8);

  const ChainResult r = chain.Run(!o.save_stages.empty());
  const Image& result = r.final_output(input);
  SaveImage(result, o.output);
  if (!o.save_stages.empty())
    for (std::size_t i = 0; i < r.outputs.size(); ++i) {
      SaveImage(r.outputs[i], StageFile(o.save_stages, p, i));
    }
  for (std::size_t i = 0; i < r.stage_ms.size(); ++i) {
    const PlannedStage& st = chain.plan().stages[i];
    if (st.enabled)
      std::fprintf(stderr, "%-18s %-20s %9.3f ms (%s)\n", StageLabel(p, i).c_str(), st.variant->id.c_str(),
                   r.stage_ms[i], chain.time_kind());
    else
      std::fprintf(stderr, "%-18s %-20s  disabled (passes its input on)\n", StageLabel(p, i).c_str(),
                   st.variant->id.c_str());
  }
  std::fprintf(stderr, "wrote %s (%dx%d %s)\n", o.output.c_str(), result.width(), result.height(),
               std::string(ToString(result.format())).c_str());
  return 0;
}

}  // namespace fl::cli
