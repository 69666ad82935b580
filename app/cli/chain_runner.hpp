#pragma once
// A pipeline planned for one input on one backend, then run: shared by run and compare. Planning comes first so
// that every pipeline error is reported before any work is done or any file written.
#include <memory>
#include <vector>

#include "core/executor.hpp"

namespace fl::cli {

struct ChainResult {
  std::vector<Image> outputs;  // every stage's output when keep_all, else only the last (others left empty)
  std::vector<double> stage_ms;  // cudaEvent time per stage on CUDA, CPU wall time on the CPU
  double total_ms() const;
  const Image& final_output(const Image& input) const { return outputs.empty() ? input : outputs.back(); }
};

// What a run's stage times measure on a backend: "cudaEvent" (GPU) or "CPU wall".
const char* TimeKind(Backend backend);

class Chain {
 public:
  // Makes the backend's executor and the plan; throws InputError naming the stage when the plan has an issue.
  Chain(const Registry& reg, const Pipeline& p, const Image& input, Backend backend);
  const Plan& plan() const { return plan_; }
  const char* time_kind() const { return TimeKind(plan_.backend); }
  // Runs the plan (printing, on the first run, a note on stderr for each stage that runs other code than its
  // variant).
  ChainResult Run(bool keep_all);

 private:
  const Image& input_;
  std::unique_ptr<Executor> exec_;
  Plan plan_;
  bool noted_ = false;
};

// A preset for a command to run: as LoadPreset, and refused when it has no stages (the lab may open an empty
// one; a command would have nothing to run).
Pipeline LoadRunnablePreset(const Registry& reg, const std::string& path, Backend backend);
// Stages from --stage specs or a --preset file (exactly one of them).
Pipeline BuildPipeline(const Registry& reg, const std::vector<std::string>& stages, const std::string& preset,
                       Backend backend);

}  // namespace fl::cli
