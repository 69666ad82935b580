// libFuzzer target: any text as a stage spec (the CLI's --stage), on both backends. A bad spec may only ever
// be an InputError; a spec that parses formats back to a spec that parses to the same text; its pipeline
// plans and runs.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>

#include "core/error.hpp"
#include "core/stage_spec.hpp"
#include "filters/builtin_registry.hpp"
#include "fuzz/fuzz_support.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const fl::Registry& reg = fl::BuiltinRegistry();
  const std::string spec(reinterpret_cast<const char*>(data), size);
  for (fl::Backend backend : {fl::Backend::Cpu, fl::Backend::Cuda}) {
    fl::Stage stage;
    try {
      stage = fl::ParseStageSpec(reg, spec, backend);
    } catch (const fl::InputError&) {
      continue;
    }
    // Formatting is a fixed point: what it writes parses (naming the variant) and formats to the same text.
    const std::string text = fl::FormatStageSpec(reg, stage);
    if (fl::FormatStageSpec(reg, fl::ParseStageSpec(reg, text, backend)) != text) std::abort();
    fl::fuzz::PlanAndRun(reg, fl::Pipeline{{stage}});
  }
  return 0;
}
