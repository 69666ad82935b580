#pragma once
// Pipelines as JSON presets: {"version": 1, "stages": [{"filter", "variant", "params", "launch",
// "enabled"}]}. Loading checks every field against the registry; an error names the field
// ("stages[1].params.sigma: ..."). A key given twice in one object is an error (JSON parsers keep one
// silently), and launch fields are checked like a stage spec's (core/launch_fields.hpp): a preset that loads
// on a laptop is never refused on a GPU later.
#include <cstddef>
#include <cstdint>
#include <string>

#include "core/pipeline.hpp"

namespace fl {

constexpr int kPresetVersion = 1;
// Limits that no real preset comes near, so a hostile file is refused quickly with a reason.
constexpr std::size_t kMaxPresetStages = 256;
constexpr std::size_t kMaxPresetDepth = 16;          // JSON objects and arrays inside each other
constexpr std::uintmax_t kMaxPresetBytes = 1 << 20;  // 1 MiB

std::string PipelineToJson(const Registry& reg, const Pipeline& p);
// `backend` picks the variant for stages that name none.
Pipeline PipelineFromJson(const Registry& reg, const std::string& text, Backend backend);

void SavePreset(const Registry& reg, const Pipeline& p, const std::string& path);  // atomic (temp + rename)
Pipeline LoadPreset(const Registry& reg, const std::string& path, Backend backend);

}  // namespace fl
