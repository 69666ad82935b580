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
  // The launch fields a person chose (LaunchBits: stage spec, preset, editor, tuner). The others follow the
  // variant's default for the stage's parameters and input format (DefaultLaunch), which can change with
  // them.
  unsigned launch_set = 0;
  bool enabled = true;
  bool operator==(const Stage&) const = default;
};

struct Pipeline {
  std::vector<Stage> stages;
  bool operator==(const Pipeline&) const = default;
};

// A new stage with the filter's defaults and the backend's default variant.
Stage MakeStage(const Registry& reg, std::string_view filter_id, Backend backend);
// Switches a stage to another variant, taking that variant's launch defaults (no field set).
void SetVariant(const Registry& reg, Stage& stage, std::string_view variant_id);

// The launch a stage runs with on input `in`: the fields it set, the variant's default (for that format and size)
// for the rest.
LaunchConfig StageLaunch(const Stage& stage, const VariantSpec& v, const ImageShape& in);

// After a stage's launch fields were read (spec, preset): a field its variant does not read is not recorded
// as set and keeps the variant's default, so that what is saved and loaded again is the same stage.
void KeepReadLaunchFields(Stage& stage, const VariantSpec& v);

// "stage 2 (gauss3)": how errors name a stage.
std::string StageLabel(const Pipeline& p, std::size_t index);

}  // namespace fl
