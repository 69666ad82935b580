#pragma once
// Pipelines as JSON presets: {"version": 1, "stages": [{"filter", "variant", "params", "launch", "enabled"}]}.
// Loading checks every field against the registry; an error names the field ("stages[1].params.sigma: ...").
#include <string>

#include "core/pipeline.hpp"

namespace fl {

constexpr int kPresetVersion = 1;

std::string PipelineToJson(const Registry& reg, const Pipeline& p);
// `backend` picks the variant for stages that name none.
Pipeline PipelineFromJson(const Registry& reg, const std::string& text, Backend backend);

void SavePreset(const Registry& reg, const Pipeline& p, const std::string& path);  // atomic (temp + rename)
Pipeline LoadPreset(const Registry& reg, const std::string& path, Backend backend);

}  // namespace fl
