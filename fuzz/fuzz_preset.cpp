// libFuzzer target: any text as a preset (JSON). A bad preset may only ever be an InputError; a preset that
// loads saves to JSON that loads back and saves to the same JSON; its pipeline plans and runs.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>

#include "core/error.hpp"
#include "core/preset.hpp"
#include "filters/builtin_registry.hpp"
#include "fuzz/fuzz_support.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const fl::Registry& reg = fl::BuiltinRegistry();
  const std::string text(reinterpret_cast<const char*>(data), size);
  fl::Pipeline p;
  try {
    p = fl::PipelineFromJson(reg, text, fl::Backend::Cpu);
  } catch (const fl::InputError&) {
    return 0;
  }
  // Saving is a fixed point (launch fields the variant ignores are not saved, so compare the saved text).
  const std::string saved = fl::PipelineToJson(reg, p);
  if (fl::PipelineToJson(reg, fl::PipelineFromJson(reg, saved, fl::Backend::Cpu)) != saved) std::abort();
  fl::fuzz::PlanAndRun(reg, p);
  return 0;
}
