#pragma once
// The pipeline model: an ordered list of stages, each a filter with its variant, parameters and launch policy.
#include <string>
#include <vector>

#include "core/registry.hpp"

namespace fl {

struct Stage {
  std::string filter;
  std::string variant;
  ParamValues params;
  LaunchConfig launch;
  bool enabled = true;
  bool operator==(const Stage&) const = default;
};

struct Pipeline {
  std::vector<Stage> stages;
  bool operator==(const Pipeline&) const = default;
};

// A new stage with the filter's defaults and the backend's default variant.
Stage MakeStage(const Registry& reg, std::string_view filter_id, Backend backend);
// Switches a stage to another variant, taking that variant's launch defaults.
void SetVariant(const Registry& reg, Stage& stage, std::string_view variant_id);

// Where a stage's second input comes from: none, the pipeline input (0) or the output of stage N (1-based).
constexpr int kNoSecondInput = -1;

struct ResolvedStage {
  const FilterSpec* filter = nullptr;
  const VariantSpec* variant = nullptr;
  ImageShape in;
  ImageShape out;
  int second = kNoSecondInput;
  bool enabled = true;
};

// Checks every stage against the registry and the formats flowing between stages; throws InputError naming the
// stage ("stage 2 (gauss3): accepts gray8, rgba8, got gray32f"). Disabled stages pass their input through.
std::vector<ResolvedStage> ResolvePipeline(const Registry& reg, const Pipeline& p, const ImageShape& input,
                                           Backend backend);

// "stage 2 (gauss3)": how errors name a stage.
std::string StageLabel(const Pipeline& p, std::size_t index);

}  // namespace fl
