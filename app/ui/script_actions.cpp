#include "app/ui/script_actions.hpp"

#include <charconv>

#include "app/ui/pipeline_edits.hpp"
#include "app/ui/shortcuts.hpp"
#include "core/error.hpp"
#include "core/pipeline.hpp"

namespace fl::ui {
namespace {

// A failure of one action, reported to the player.
struct Refused {
  std::string why;
};

// Stage N (1-based) of `p`, 0-based.
int StageIndex(const Pipeline& p, int n) {
  const int count = static_cast<int>(p.stages.size());
  if (n < 1 || n > count)
    throw Refused{"no stage " + std::to_string(n) + " (the pipeline has " + std::to_string(count) + ")"};
  return n - 1;
}

// The stage the stage editor of stage N changes: A's, or B's while "edit B" is on.
Stage& EditedStage(AppState& s, int n) {
  Pipeline& p = EditedPipeline(s);
  return p.stages[static_cast<std::size_t>(StageIndex(p, n))];
}

// The value as the stage editor would hold it: a number for Int and Float (not clamped: a typed value out of
// range is the plan's to refuse), the text for a Choice.
ParamValue ParamValueOf(const ParamSpec& spec, const std::string& text) {
  if (spec.type == ParamType::Choice) return text;
  double v = 0;
  const auto r = std::from_chars(text.data(), text.data() + text.size(), v);
  if (r.ec != std::errc() || r.ptr != text.data() + text.size())
    throw Refused{"parameter " + spec.name + ": '" + text + "' is not a number"};
  return v;
}

void SetParam(AppState& s, const ScriptAction& a) {
  Stage& st = EditedStage(s, a.stage);
  const FilterSpec& f = s.registry->Get(st.filter);
  const ParamSpec* spec = f.FindParam(a.args[1]);
  if (!spec) throw Refused{"filter " + f.id + " has no parameter '" + a.args[1] + "'"};
  st.params.Set(spec->name, ParamValueOf(*spec, a.args[2]));
  s.pipeline_edited = true;
}

void SetStageVariant(AppState& s, const ScriptAction& a) {
  Stage& st = EditedStage(s, a.stage);
  try {
    SetVariant(*s.registry, st, a.args[1]);  // the variant combo's call
  } catch (const InputError& e) {
    throw Refused{e.what()};
  }
  s.pipeline_edited = true;
}

// block, ppt, halo, smem: the launch controls, whose values the plan checks against the variant and device.
void SetLaunch(AppState& s, const ScriptAction& a) {
  Stage& st = EditedStage(s, a.stage);
  // The field changes what the editor shows.
  const FilterSpec* f = s.registry->Find(st.filter);
  if (const VariantSpec* v = f ? f->FindVariant(st.variant) : nullptr)
    st.launch = ShownLaunch(s, st, *v, static_cast<std::size_t>(a.stage - 1));
  LaunchConfig& l = st.launch;
  switch (a.verb) {
    case ScriptVerb::Block:
      l.block_x = a.width;
      l.block_y = a.height;
      st.launch_set |= kSetBlock;
      break;
    case ScriptVerb::Ppt:
      l.ppt = a.number;
      st.launch_set |= kSetPpt;
      break;
    case ScriptVerb::Halo:
      l.halo = a.number;
      st.launch_set |= kSetHalo;
      break;
    default:
      l.smem = a.on;
      st.launch_set |= kSetSmem;
      break;
  }
  s.pipeline_edited = true;
}

// The chain's own edits: the pipeline panel's buttons (always A's chain; B follows it).
void EditChain(AppState& s, const ScriptAction& a) {
  switch (a.verb) {
    case ScriptVerb::Add:
      if (!s.registry->Find(a.args[0])) throw Refused{"no filter '" + a.args[0] + "'"};
      if (!AddStage(s, a.args[0])) throw Refused{"the pipeline is full"};
      break;
    case ScriptVerb::Remove: RemoveStage(s, StageIndex(s.pipeline, a.stage)); break;
    case ScriptVerb::Move: {
      // The arrow buttons move a stage one place at a time.
      int at = StageIndex(s.pipeline, a.stage);
      const int to = StageIndex(s.pipeline, a.number);
      for (; at != to; at += at < to ? 1 : -1) MoveStage(s, at, at < to ? +1 : -1);
      break;
    }
    case ScriptVerb::Enable:
    case ScriptVerb::Disable:
      SetStageEnabled(s, StageIndex(s.pipeline, a.stage), a.verb == ScriptVerb::Enable);
      break;
    case ScriptVerb::Select:
      // A click on a stage in the panel; 0 shows the input (key 0).
      if (a.stage == 0) {
        s.show_stage = kShowInput;
      } else {
        s.selected_stage = s.show_stage = StageIndex(s.pipeline, a.stage);
      }
      break;
    default: s.requests.reset_pipeline = true; break;  // Reset
  }
}

void Pattern(AppState& s, const ScriptAction& a) {
  std::string spec = "pattern:" + a.args[0] + ":" + a.args[1];
  if (a.args.size() > 2) spec += ":" + a.args[2];
  const auto request = ParsePatternSpec(spec);
  if (!request) throw Refused{"'" + spec + "' is not a pattern this lab makes"};
  s.requests.generate = *request;  // the pattern window's Generate button
}

void Compare(AppState& s, const ScriptAction& a) {
  switch (a.verb) {
    case ScriptVerb::View: {
      const auto mode = ParseViewMode(a.args[0]);
      if (!mode) throw Refused{"no view '" + a.args[0] + "' (a, b, split, side, diff)"};
      SetView(s, *mode);  // the keys 2-6
      break;
    }
    case ScriptVerb::Compare:
      // The "Compare A/B" checkbox.
      s.ab.enabled = a.on;
      if (a.on && s.ab.b.stages.empty()) s.ab.b = s.pipeline;
      break;
    default:  // Edit
      if (!s.ab.enabled) throw Refused{"'edit' chooses A or B while comparing, and compare is off"};
      s.ab.edit_b = a.on;
      break;
  }
}

}  // namespace

std::string ApplyScriptAction(AppState& s, const ScriptAction& a) {
  try {
    switch (a.verb) {
      case ScriptVerb::Param: SetParam(s, a); break;
      case ScriptVerb::Variant: SetStageVariant(s, a); break;
      case ScriptVerb::Block: case ScriptVerb::Ppt: case ScriptVerb::Halo: case ScriptVerb::Smem:
        SetLaunch(s, a);
        break;
      case ScriptVerb::Load: s.requests.open_image = a.args[0]; break;  // the file browser's Open
      case ScriptVerb::Pattern: Pattern(s, a); break;
      case ScriptVerb::View: case ScriptVerb::Compare: case ScriptVerb::Edit: Compare(s, a); break;
      case ScriptVerb::Frame: case ScriptVerb::Wait: case ScriptVerb::Screenshot: case ScriptVerb::Quit: break;
      default: EditChain(s, a); break;
    }
  } catch (const Refused& r) {
    return r.why;
  } catch (const InputError& e) {  // what the lab's own checks refuse (a filter with no variant here...)
    return e.what();
  }
  return "";
}

}  // namespace fl::ui
