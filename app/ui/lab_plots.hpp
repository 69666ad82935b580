#pragma once
// The pictures of a lab's result, each drawn when the run's data carries its fields: histogram bars ("bins",
// "channels"), a stream timeline ("timeline"), transfer bandwidth bars ("rows" with "gbs"), a pipeline call's
// breakdown ("pipeline" with "first" and "steady"), and the lab's pictures (heat maps, boxes) as textures.
#include <nlohmann/json.hpp>
#include <string>

#include "app/ui/app_state.hpp"

namespace fl::ui {

void DrawLabPlots(AppState& s, const LabRunView& run);

// lab_timeline.cpp
// One row per stream, a bar per kernel, on a common time axis from the start event (ms).
void DrawStreamTimeline(const char* id, const nlohmann::json& timeline, double axis_ms);
// GB/s per size, one bar colour per direction and memory kind.
void DrawTransferBars(const nlohmann::json& rows);
// Upload, kernels and download of the first and a steady call, as stacked bars on one time axis.
void DrawPipelineCalls(const nlohmann::json& pipeline);

// lab_results.cpp: a JSON scalar as a table cell.
std::string LabCellText(const nlohmann::json& v);

}  // namespace fl::ui
