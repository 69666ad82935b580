#pragma once
// Runs a pipeline on either backend and brings the results to the host: shared by run and compare.
#include <vector>

#include "core/pipeline.hpp"

namespace fl::cli {

struct ChainResult {
  std::vector<Image> outputs;  // every stage's output when keep_all, else only the last (others left empty)
  std::vector<double> stage_ms;  // cudaEvent time per stage on CUDA, CPU wall time on the CPU
  double total_ms() const;
  const Image& final_output(const Image& input) const { return outputs.empty() ? input : outputs.back(); }
};

ChainResult RunChain(const Registry& reg, const Pipeline& p, const Image& input, Backend backend, bool keep_all);

// Stages from --stage specs or a --preset file (exactly one of them).
Pipeline BuildPipeline(const Registry& reg, const std::vector<std::string>& stages, const std::string& preset,
                       Backend backend);

}  // namespace fl::cli
