#include "fuzz/fuzz_support.hpp"

#include <cstdlib>

#include "core/cpu_executor.hpp"
#include "core/error.hpp"
#include "core/plan.hpp"

namespace fl::fuzz {

void PlanAndRun(const Registry& reg, const Pipeline& p) {
  for (PixelFormat format : {PixelFormat::Gray8, PixelFormat::Rgba8, PixelFormat::Gray32f}) {
    const ImageShape in{13, 7, format};
    ResolvePipeline(reg, p, in, Backend::Cuda);
    const Plan plan = ResolvePipeline(reg, p, in, Backend::Cpu);
    if (!plan.ok()) continue;
    bool small = true;  // letterbox can ask for 16384x16384: not worth the fuzzer's time
    for (const auto& s : plan.stages) small = small && s.out.Pixels() <= (std::size_t{1} << 16);
    if (!small) continue;
    Image input(in.width, in.height, format);
    for (std::size_t i = 0; i < input.bytes(); ++i) input.data()[i] = static_cast<std::uint8_t>(i * 37);
    try {
      const CpuRun run = RunPipelineCpu(reg, p, input);
      if (run.outputs.size() != p.stages.size()) std::abort();
    } catch (const InputError&) {
    }
  }
}

}  // namespace fl::fuzz
