#pragma once
// Edits of the pipeline shared by the panel buttons, the menus and the keyboard shortcuts. Each marks the
// pipeline edited and keeps the selected and shown stages pointing at the same stages.
#include <string>

#include "app/ui/app_state.hpp"

namespace fl::ui {

// gray -> a small blur when the registry has one (gauss3, gauss, box3, box), else whatever exists.
Pipeline DefaultPipeline(const Registry& reg, Backend backend);

// After the selected stage, or at the end; false (with a notice) when the pipeline is full
// (kMaxPresetStages).
bool AddStage(AppState& s, const std::string& filter_id);
// A new stage of `filter_id` before stage `index` (a stage refusing its input's format: PipelineIssue's
// insert_before); stage `index`, now one further down, stays selected and shown.
void PutStageBefore(AppState& s, int index, const std::string& filter_id);
// The launch stage `index` of the edited slot runs, for the editor and the script to show and change: the
// fields set, the variant's rule for the rest on the stage's input format (the last run's, or the plan's before a
// run and after an edit), with a default block the device cannot hold fitted as the plan fits it.
LaunchConfig ShownLaunch(const AppState& s, const Stage& st, const VariantSpec& v, std::size_t index);
void RemoveStage(AppState& s, int index);
void DuplicateStage(AppState& s, int index);
void MoveStage(AppState& s, int index, int delta);
void SetStageEnabled(AppState& s, int index, bool enabled);

}  // namespace fl::ui
