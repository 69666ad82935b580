// The editor of one stage: the variant (with what it does and what to expect), parameters derived from the
// registry's ParamSpec (ranges, defaults, help), and the launch fields the variant reads. Any change marks the
// pipeline edited; the loop re-runs it, or shows here why it cannot run.
#include <imgui.h>

#include <cmath>
#include <string>
#include <vector>

#include "app/ui/panels.hpp"
#include "app/ui/pipeline_edits.hpp"
#include "app/ui/ui_style.hpp"

namespace fl::ui {

static void Tooltip(const std::string& text) {
  if (text.empty() || !ImGui::IsItemHovered()) return;
  ImGui::BeginTooltip();
  ImGui::PushTextWrapPos(ImGui::GetFontSize() * 30.0f);
  ImGui::TextUnformatted(text.c_str());
  ImGui::PopTextWrapPos();
  ImGui::EndTooltip();
}

// The selected stage explains its variant in full; the others keep it in a tooltip, so that long pipelines fit.
static void VariantCombo(AppState& s, Stage& st, const FilterSpec& f, bool explain) {
  const VariantSpec* current = f.FindVariant(st.variant);
  ImGui::SetNextItemWidth(-1);
  if (ImGui::BeginCombo("##variant", ("variant: " + st.variant).c_str())) {
    for (const VariantSpec& v : f.variants) {
      if (v.backend != s.backend) continue;
      if (ImGui::Selectable(v.id.c_str(), v.id == st.variant) && v.id != st.variant) {
        SetVariant(*s.registry, st, v.id);
        s.pipeline_edited = true;
      }
      Tooltip(v.technique + "\n\nExpect: " + v.expectation);
    }
    ImGui::EndCombo();
  }
  if (current && !explain) Tooltip(current->technique + "\n\nExpect: " + current->expectation);
  if (current && explain) {
    ImGui::PushTextWrapPos(0);
    DimText(current->technique.c_str());
    ImGui::PushStyleColor(ImGuiCol_Text, ImVec4(0.62f, 0.72f, 0.85f, 1.0f));
    ImGui::TextUnformatted(("Expect: " + current->expectation).c_str());
    ImGui::PopStyleColor();
    ImGui::PopTextWrapPos();
    if (current->backend == Backend::Cuda && ImGui::SmallButton("kernel source (Ctrl+K)"))
      s.teach.show_kernel_source = true;
  }
}

// The choices a Choice parameter offers here: "stage:N" patterns expand to the stages before this one.
static std::vector<std::string> ChoicesFor(const ParamSpec& p, std::size_t index) {
  std::vector<std::string> out;
  for (const std::string& c : p.choices) {
    if (c == "stage:N") {
      for (std::size_t k = 1; k <= index; ++k) out.push_back("stage:" + std::to_string(k));
    } else {
      out.push_back(c);
    }
  }
  return out;
}

bool DrawParamWidget(const ParamSpec& p, ParamValue& value, std::size_t index) {
  bool changed = false;
  ImGui::SetNextItemWidth(-ImGui::CalcTextSize("MMMMMMMM").x);
  const std::string help = p.help + (p.type == ParamType::Choice
                                         ? "\nDefault: " + p.def_choice
                                         : "\nRange " + FormatParam(p.min) + (p.min_exclusive ? " (exclusive)" : "") +
                                               " .. " + FormatParam(p.max) + ", default " + FormatParam(p.def)) +
                           "\nRight-click: back to the default.";
  switch (p.type) {
    case ParamType::Int: {
      int v = static_cast<int>(std::get_if<double>(&value) ? std::get<double>(value) : p.def);
      const int lo = static_cast<int>(p.min_exclusive ? p.min + 1 : p.min), hi = static_cast<int>(p.max);
      if (hi - lo <= 4096 ? ImGui::SliderInt(p.name.c_str(), &v, lo, hi, "%d", ImGuiSliderFlags_AlwaysClamp)
                          : ImGui::DragInt(p.name.c_str(), &v, 1.0f, lo, hi, "%d", ImGuiSliderFlags_AlwaysClamp)) {
        value = static_cast<double>(v);
        changed = true;
      }
      break;
    }
    case ParamType::Float: {
      float v = static_cast<float>(std::get_if<double>(&value) ? std::get<double>(value) : p.def);
      // An exclusive minimum (sigma > 0) becomes the smallest step above it.
      const float lo = static_cast<float>(p.min_exclusive ? p.min + std::max(1e-3, (p.max - p.min) * 1e-4) : p.min);
      const float hi = static_cast<float>(p.max);
      const ImGuiSliderFlags flags =
          ImGuiSliderFlags_AlwaysClamp | (lo > 0 && hi / lo > 100 ? ImGuiSliderFlags_Logarithmic : 0);
      if (ImGui::SliderFloat(p.name.c_str(), &v, lo, hi, "%.3f", flags)) {
        value = static_cast<double>(v);
        changed = true;
      }
      break;
    }
    case ParamType::Choice: {
      const std::string current = std::get_if<std::string>(&value) ? std::get<std::string>(value) : p.def_choice;
      if (ImGui::BeginCombo(p.name.c_str(), current.c_str())) {
        for (const std::string& c : ChoicesFor(p, index))
          if (ImGui::Selectable(c.c_str(), c == current) && c != current) {
            value = c;
            changed = true;
          }
        ImGui::EndCombo();
      }
      break;
    }
  }
  Tooltip(help);
  if (ImGui::IsItemClicked(ImGuiMouseButton_Right)) {
    const ParamValue def = p.type == ParamType::Choice ? ParamValue(p.def_choice) : ParamValue(p.def);
    if (!(def == value)) {
      value = def;
      changed = true;
    }
  }
  return changed;
}

static bool BlockCombo(const char* label, int& v) {
  static const int kSides[] = {1, 2, 4, 8, 16, 32, 64, 128, 256, 512, 1024};
  bool changed = false;
  ImGui::SetNextItemWidth(ImGui::CalcTextSize("00000").x + ImGui::GetFrameHeight() * 1.5f);
  if (ImGui::BeginCombo(label, std::to_string(v).c_str())) {
    for (int side : kSides)
      if (ImGui::Selectable(std::to_string(side).c_str(), side == v) && side != v) {
        v = side;
        changed = true;
      }
    ImGui::EndCombo();
  }
  return changed;
}

// The launch fields the variant reads, on `l`; true when one changed.
static bool LaunchFields(LaunchConfig& l, const LaunchUse& u) {
  bool changed = false;
  if (u.block) {
    ImGui::AlignTextToFramePadding();
    ImGui::TextUnformatted("block");
    ImGui::SameLine();
    changed |= BlockCombo("##bx", l.block_x);
    ImGui::SameLine();
    ImGui::TextUnformatted("x");
    ImGui::SameLine();
    changed |= BlockCombo("##by", l.block_y);
    ImGui::SameLine();
    DimText((std::to_string(l.block_x * l.block_y) + " threads").c_str());
  }
  if (u.ppt && u.ppt_max > u.ppt_min) {
    ImGui::SetNextItemWidth(-ImGui::CalcTextSize("MMMMMMMM").x);
    changed |=
        ImGui::SliderInt("px/thread", &l.ppt, u.ppt_min, u.ppt_max, "%d", ImGuiSliderFlags_AlwaysClamp);
    Tooltip("Pixels (or results) each thread computes: more work per thread, fewer threads.");
  }
  if (u.halo && u.halo_max > u.halo_min) {
    ImGui::SetNextItemWidth(-ImGui::CalcTextSize("MMMMMMMM").x);
    changed |=
        ImGui::SliderInt("halo steps", &l.halo, u.halo_min, u.halo_max, "%d", ImGuiSliderFlags_AlwaysClamp);
    Tooltip("Apron width in blocks loaded around each tile (separable passes).");
  }
  if (u.smem) {
    changed |= ImGui::Checkbox("shared memory", &l.smem);
    Tooltip("Stage the tile in shared memory (on) or read global memory directly (off).");
  }
  return changed;
}

// Whether the stage follows its variant's default launch, and the way back to it once a launch was set.
static void LaunchOrigin(AppState& s, Stage& st, const VariantSpec& v, std::size_t index) {
  if (!st.launch_set) {
    DimText("default launch");
    Tooltip(v.defaults_rule.empty() ? std::string("The variant's default; set a field to choose your own.")
                                    : "The variant's default for these parameters: " + v.defaults_rule +
                                          ". Set a field to choose your own.");
    return;
  }
  if (ImGui::SmallButton(("Default launch##dl" + std::to_string(index)).c_str())) {
    st.launch = v.defaults;
    st.launch_set = 0;
    s.pipeline_edited = true;
  }
  Tooltip(
      "Go back to the variant's default launch (it follows the parameters and the image's size, where the variant "
      "says so).");
}

static void LaunchControls(AppState& s, Stage& st, const VariantSpec& v, std::size_t index) {
  const LaunchUse& u = v.uses;
  if (!u.block && !u.ppt && !u.smem && !u.halo) return;
  ImGui::Spacing();
  DimText("Launch");
  ImGui::SameLine();
  LaunchOrigin(s, st, v, index);
  const std::vector<StageReport>& reports = s.results[EditedSlot(s)].stages;
  const bool known = index < reports.size();
  const LaunchConfig shown = ShownLaunch(s, st, v, index);
  LaunchConfig l = shown;
  if (LaunchFields(l, u)) {
    st.launch = l;
    st.launch_set |=
        ChangedFields(shown, l);  // the field moved is set; the others keep following the defaults
    s.pipeline_edited = true;
  }
  if (v.smem_bytes && known) {
    try {
      const std::size_t bytes = v.smem_bytes(l, st.params, reports[index].in.format);
      ImGui::SameLine();
      DimText((std::to_string(bytes) + " B smem/block").c_str());
    } catch (const std::exception&) {
      // Parameters the variant cannot size for: the run reports why, inline below.
    }
  }
}

// Under the editor, from the edited slot (A, or B while "edit B" is on): why the stage cannot run, which code ran
// when it is not the chosen variant (a CUDA variant on a machine without CUDA), and the kernel's figures.
static void StageOutcome(AppState& s, std::size_t index) {
  const SlotResult& r = s.results[EditedSlot(s)];
  ImGui::PushTextWrapPos(0);
  if (r.issue && r.issue->stage == static_cast<int>(index)) {
    ImGui::TextColored(kErrorColor, "%s", r.issue->message.c_str());
    // The fix for a refused format, one click away (B mirrors A's chain of filters, so it goes into A).
    if (const std::string bridge = r.issue->insert_before; !bridge.empty()) {
      if (ImGui::SmallButton(
              ("Put a " + bridge + " stage before it##bridge" + std::to_string(index)).c_str()))
        PutStageBefore(s, static_cast<int>(index), bridge);
    }
  }
  if (index < r.stages.size()) {
    const StageReport& report = r.stages[index];
    if (!report.note.empty()) ImGui::TextColored(kWarnColor, "%s", report.note.c_str());
    if (!report.kernel_info.empty()) DimText(report.kernel_info.c_str());
    // Theoretical only: achieved occupancy would need a profiler, which the lab does not run.
    if (!report.occupancy_explained.empty()) DimText(report.occupancy_explained.c_str());
  }
  ImGui::PopTextWrapPos();
}

void DrawStageEditor(AppState& s, std::size_t index) {
  Pipeline& edited = EditedPipeline(s);  // A, or B while the A/B toggle says "edit B"
  if (index >= edited.stages.size()) return;
  Stage& st = edited.stages[index];
  const FilterSpec* f = s.registry->Find(st.filter);
  if (!f) {
    ImGui::TextColored(kErrorColor, "unknown filter '%s'", st.filter.c_str());
    return;
  }
  ImGui::Indent(ImGui::GetStyle().IndentSpacing * 0.25f);
  ImGui::PushTextWrapPos(0);
  DimText(f->name.c_str());
  ImGui::PopTextWrapPos();
  if (ImGui::IsItemHovered()) Tooltip(f->teaching);
  VariantCombo(s, st, *f, static_cast<int>(index) == s.selected_stage);
  for (const ParamSpec& p : f->params) {
    ParamValues& values = st.params;
    ParamValue v = values.Has(p.name) ? values.All().at(p.name)
                                      : (p.type == ParamType::Choice ? ParamValue(p.def_choice) : ParamValue(p.def));
    if (DrawParamWidget(p, v, index)) {
      values.Set(p.name, v);
      s.pipeline_edited = true;
    }
  }
  if (const VariantSpec* v = f->FindVariant(st.variant)) LaunchControls(s, st, *v, index);
  StageOutcome(s, index);
  ImGui::Unindent(ImGui::GetStyle().IndentSpacing * 0.25f);
  ImGui::Spacing();
}

}  // namespace fl::ui
