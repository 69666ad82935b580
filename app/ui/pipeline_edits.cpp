#include "app/ui/pipeline_edits.hpp"

#include <algorithm>
#include <string>

#include "app/ui/panels.hpp"
#include "core/preset.hpp"

namespace fl::ui {

Pipeline DefaultPipeline(const Registry& reg, Backend backend) {
  Pipeline p;
  if (reg.Find("gray")) p.stages.push_back(MakeStage(reg, "gray", backend));
  for (const char* blur : {"gauss3", "gauss", "box3", "box"})
    if (reg.Find(blur)) {
      p.stages.push_back(MakeStage(reg, blur, backend));
      break;
    }
  if (p.stages.empty() && !reg.filters().empty()) p.stages.push_back(MakeStage(reg, reg.filters().front().id, backend));
  return p;
}

static bool Valid(const AppState& s, int i) { return i >= 0 && i < static_cast<int>(s.pipeline.stages.size()); }

// A preset (and the session, which stores the pipeline as one) holds at most kMaxPresetStages: a longer chain
// could be built but not saved, and the next start would lose it.
static bool Full(AppState& s) {
  if (s.pipeline.stages.size() < kMaxPresetStages) return false;
  Notify(s, "a pipeline holds at most " + std::to_string(kMaxPresetStages) + " stages", true);
  return true;
}

bool AddStage(AppState& s, const std::string& filter_id) {
  if (Full(s)) return false;
  const Stage stage = MakeStage(*s.registry, filter_id, s.backend);
  const int at = Valid(s, s.selected_stage) ? s.selected_stage + 1 : static_cast<int>(s.pipeline.stages.size());
  s.pipeline.stages.insert(s.pipeline.stages.begin() + at, stage);
  s.selected_stage = at;
  s.show_stage = at;
  s.pipeline_edited = true;
  return true;
}

void PutStageBefore(AppState& s, int index, const std::string& filter_id) {
  if (!Valid(s, index) || Full(s)) return;
  s.pipeline.stages.insert(s.pipeline.stages.begin() + index, MakeStage(*s.registry, filter_id, s.backend));
  s.selected_stage = index + 1;
  if (s.show_stage != kShowLast) s.show_stage = index + 1;
  s.pipeline_edited = true;
}

void RemoveStage(AppState& s, int index) {
  if (!Valid(s, index)) return;
  s.pipeline.stages.erase(s.pipeline.stages.begin() + index);
  const int n = static_cast<int>(s.pipeline.stages.size());
  s.selected_stage = n == 0 ? -1 : std::min(index, n - 1);
  if (s.show_stage != kShowLast) s.show_stage = s.selected_stage < 0 ? kShowInput : s.selected_stage;
  s.pipeline_edited = true;
}

void DuplicateStage(AppState& s, int index) {
  if (!Valid(s, index) || Full(s)) return;
  const Stage copy = s.pipeline.stages[static_cast<std::size_t>(index)];
  s.pipeline.stages.insert(s.pipeline.stages.begin() + index + 1, copy);
  s.selected_stage = index + 1;
  if (s.show_stage != kShowLast) s.show_stage = index + 1;
  s.pipeline_edited = true;
}

void MoveStage(AppState& s, int index, int delta) {
  const int to = index + delta;
  if (!Valid(s, index) || !Valid(s, to)) return;
  std::swap(s.pipeline.stages[static_cast<std::size_t>(index)], s.pipeline.stages[static_cast<std::size_t>(to)]);
  if (s.selected_stage == index) s.selected_stage = to;
  if (s.show_stage == index) s.show_stage = to;
  s.pipeline_edited = true;
}

void SetStageEnabled(AppState& s, int index, bool enabled) {
  if (!Valid(s, index)) return;
  s.pipeline.stages[static_cast<std::size_t>(index)].enabled = enabled;
  s.pipeline_edited = true;
}

}  // namespace fl::ui

namespace fl::ui {

bool SyncB(const Pipeline& a, Pipeline& b) {
  bool rebuilt = b.stages.size() != a.stages.size();
  std::vector<Stage> out;
  out.reserve(a.stages.size());
  for (std::size_t i = 0; i < a.stages.size(); ++i) {
    if (i < b.stages.size() && b.stages[i].filter == a.stages[i].filter) {
      out.push_back(b.stages[i]);
      out.back().enabled = a.stages[i].enabled;
    } else {
      out.push_back(a.stages[i]);
      rebuilt = true;
    }
  }
  if (!rebuilt && std::equal(out.begin(), out.end(), b.stages.begin(),
                             [](const Stage& x, const Stage& y) { return x.enabled == y.enabled; }))
    return false;
  b.stages = std::move(out);
  return true;
}

}  // namespace fl::ui

namespace fl::ui {

std::optional<ViewMode> ParseViewMode(const std::string& name) {
  for (ViewMode m : {ViewMode::A, ViewMode::B, ViewMode::Split, ViewMode::Side, ViewMode::Diff})
    if (name == ViewModeName(m)) return m;
  return std::nullopt;
}

const char* ViewModeName(ViewMode mode) {
  switch (mode) {
    case ViewMode::A: return "a";
    case ViewMode::B: return "b";
    case ViewMode::Split: return "split";
    case ViewMode::Side: return "side";
    case ViewMode::Diff: return "diff";
  }
  return "a";
}

}  // namespace fl::ui
