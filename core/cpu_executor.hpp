#pragma once
// Runs a pipeline on the CPU backend, keeping every stage's output and its wall time.
#include <atomic>
#include <vector>

#include "core/pipeline.hpp"

namespace fl {

struct CpuRun {
  std::vector<Image> outputs;    // one per stage (a disabled stage's output is its input)
  std::vector<double> stage_ms;  // wall time of each stage (0 for disabled stages)
};

// Throws InputError for a pipeline that does not fit the input. When `cancel` becomes true between stages the
// run stops and throws InputError("cancelled").
CpuRun RunPipelineCpu(const Registry& reg, const Pipeline& p, const Image& input,
                      const std::atomic<bool>* cancel = nullptr);

// Runs one variant of one filter on one image: the building block of the executor and of the tests.
Image RunCpuVariant(const FilterSpec& f, const VariantSpec& v, const ParamValues& params, const Image& input,
                    const Image* second = nullptr);

}  // namespace fl
