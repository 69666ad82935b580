#include "app/ui/pipeline_edits.hpp"

#include <algorithm>
#include <charconv>
#include <functional>
#include <string>

#include "app/ui/panels.hpp"
#include "core/plan.hpp"
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

// `with=stage:N` names a stage by its 1-based number: after an edit, each number goes where `map` sends it.
static void RenumberReferences(Pipeline& p, const std::function<int(int)>& map) {
  for (Stage& st : p.stages) {
    if (!st.params.Has("with")) continue;
    const std::string with = st.params.Text("with");
    int n = 0;
    const auto [end, ec] =
        std::from_chars(with.data() + std::min<std::size_t>(6, with.size()), with.data() + with.size(), n);
    if (!with.starts_with("stage:") || ec != std::errc() || end != with.data() + with.size()) continue;
    if (const int m = map(n); m != n) st.params.Set("with", ParamValue("stage:" + std::to_string(m)));
  }
}

// A structural edit made to A's chain and, when B mirrors it stage for stage, to B's too (SyncB pairs them by
// position, so B's own variants and parameters would otherwise land on the wrong stages), with the stage
// numbers of both renumbered.
static void EditBoth(AppState& s, const std::function<void(Pipeline&)>& edit,
                     const std::function<int(int)>& map) {
  const bool mirror = !s.ab.b.stages.empty() && s.ab.b.stages.size() == s.pipeline.stages.size();
  edit(s.pipeline);
  RenumberReferences(s.pipeline, map);
  if (mirror) {
    edit(s.ab.b);
    RenumberReferences(s.ab.b, map);
  }
  s.pipeline_edited = true;
}

// Stage `at` (0-based) is new: the numbers from at + 1 up move one down the chain.
static void InsertStage(AppState& s, int at, const std::function<Stage(const Pipeline&)>& make) {
  EditBoth(
      s, [&](Pipeline& p) { p.stages.insert(p.stages.begin() + at, make(p)); },
      [at](int n) { return n > at ? n + 1 : n; });
}

bool AddStage(AppState& s, const std::string& filter_id) {
  if (Full(s)) return false;
  const Stage stage = MakeStage(*s.registry, filter_id, s.backend);
  const int at = Valid(s, s.selected_stage) ? s.selected_stage + 1 : static_cast<int>(s.pipeline.stages.size());
  InsertStage(s, at, [&](const Pipeline&) { return stage; });
  s.selected_stage = at;
  s.show_stage = at;
  return true;
}

void PutStageBefore(AppState& s, int index, const std::string& filter_id) {
  if (!Valid(s, index) || Full(s)) return;
  const Stage stage = MakeStage(*s.registry, filter_id, s.backend);
  InsertStage(s, index, [&](const Pipeline&) { return stage; });
  s.selected_stage = index + 1;
  if (s.show_stage != kShowLast) s.show_stage = index + 1;
}

LaunchConfig ShownLaunch(const AppState& s, const Stage& st, const VariantSpec& v, std::size_t index) {
  const SlotResult& r = s.results[EditedSlot(s)];
  const Pipeline& p = EditedSlot(s) == Slot::B ? s.ab.b : s.pipeline;
  const DeviceLimits& limits = LimitsOrPortable(s.limits);
  // The last run's report, while the image and the stages before this one are still those it ran with.
  const std::vector<Stage>& ran = r.plan.pipeline.stages;
  if (index < r.stages.size() && index <= ran.size() && index <= p.stages.size() && r.plan.input == s.image_shape &&
      std::equal(p.stages.begin(), p.stages.begin() + static_cast<std::ptrdiff_t>(index), ran.begin())) {
    // This very stage, unedited, shows the launch it ran with: the plan may have fitted a default block to the
    // device's shared memory (core/plan.cpp).
    if (index < ran.size() && index < p.stages.size() && p.stages[index] == ran[index] &&
        index < r.plan.stages.size() && r.plan.stages[index].variant == &v)
      return r.plan.stages[index].launch;
    return DeviceStageLaunch(st, v, r.stages[index].in, limits);
  }
  // Otherwise (a new stage, an edit not yet run, before the first run): the shape the plan gives the stage's
  // input (an earlier stage may convert it), so that the editor shows the launch the variant's rule will pick,
  // not the stored one. A plan refused at or before this stage still gives the output of the last stage it planned.
  // Planned again each frame, uncached: a 5-stage chain at 3840x2160 plans in about 0.7 us on the build machine
  // (2026-11-27), which no frame notices.
  ImageShape in = s.image_shape;
  if (s.image_shape.width > 0 && s.registry) {
    const Plan plan = ResolvePipeline(*s.registry, p, s.image_shape, s.backend, s.limits ? &*s.limits : nullptr);
    if (index < plan.stages.size() && plan.stages[index].variant == &v) return plan.stages[index].launch;
    in = plan.OutputShape(static_cast<int>(std::min(index, plan.stages.size())) - 1);
  }
  return DeviceStageLaunch(st, v, in, limits);
}

void RemoveStage(AppState& s, int index) {
  if (!Valid(s, index)) return;
  // A reference to the removed stage must not slide onto its successor: it is sent past the chain's end,
  // where the plan refuses it by name (the stage turns red) until the person picks another input.
  const int gone = index + 1, past_end = static_cast<int>(kMaxPresetStages) + 1;
  EditBoth(
      s, [index](Pipeline& p) { p.stages.erase(p.stages.begin() + index); },
      [gone, past_end](int n) { return n == gone  ? past_end
                                       : n > gone ? n - 1
                                                  : n; });
  const int n = static_cast<int>(s.pipeline.stages.size());
  s.selected_stage = n == 0 ? -1 : std::min(index, n - 1);
  if (s.show_stage != kShowLast) s.show_stage = s.selected_stage < 0 ? kShowInput : s.selected_stage;
}

void DuplicateStage(AppState& s, int index) {
  if (!Valid(s, index) || Full(s)) return;
  InsertStage(s, index + 1, [index](const Pipeline& p) { return p.stages[static_cast<std::size_t>(index)]; });
  s.selected_stage = index + 1;
  if (s.show_stage != kShowLast) s.show_stage = index + 1;
}

void MoveStage(AppState& s, int index, int delta) {
  const int to = index + delta;
  if (!Valid(s, index) || !Valid(s, to)) return;
  EditBoth(
      s,
      [index, to](Pipeline& p) {
        std::swap(p.stages[static_cast<std::size_t>(index)], p.stages[static_cast<std::size_t>(to)]);
      },
      [index, to](int n) { return n == index + 1 ? to + 1
                                  : n == to + 1  ? index + 1
                                                 : n; });
  if (s.selected_stage == index) s.selected_stage = to;
  if (s.show_stage == index) s.show_stage = to;
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
