// The Labs menu and window: every declared lab (core/lab_registry.hpp), its teaching text, parameter widgets
// derived from its ParamSpecs, its variants to tick, the input size, Run (F5) and Cancel, and the last result
// (lab_results.cpp). Runs happen on the worker (LabsController); this file only edits AppState::labs.
#include <imgui.h>

#include <algorithm>
#include <string>

#include "app/ui/labs_controller.hpp"
#include "app/ui/panels.hpp"
#include "app/ui/ui_style.hpp"
#include "core/lab_registry.hpp"

namespace fl::ui {

void DrawLabsMenu(AppState& s) {
  if (!ImGui::BeginMenu("Labs")) return;
  for (const LabSpec& l : LabRegistry()) {
    const bool current = s.labs.open && SelectedLab(s.labs) == &l;
    if (ImGui::MenuItem(l.title.c_str(), nullptr, current)) {
      s.labs.open = true;
      s.labs.selected = l.id;
    }
  }
  if (LabRegistry().empty()) ImGui::MenuItem("(no labs declared)", nullptr, false, false);
  ImGui::Separator();
  const LabSpec* lab = SelectedLab(s.labs);
  if (ImGui::MenuItem("Run the selected lab", "F5", false, lab && !s.labs.running)) RequestLabRun(s);
  if (ImGui::MenuItem("Cancel the lab run", "Shift+F5", false, s.labs.running))
    s.labs.cancel_requested = true;
  ImGui::EndMenu();
}

void RequestLabRun(AppState& s) {
  s.labs.open = true;
  if (!s.labs.running) s.labs.run_requested = true;
}

static void LabSelector(AppState& s, const LabSpec& lab) {
  ImGui::SetNextItemWidth(ImGui::GetFontSize() * 16);
  if (ImGui::BeginCombo("Lab", lab.id.c_str())) {
    for (const LabSpec& l : LabRegistry()) {
      if (ImGui::Selectable(l.id.c_str(), &l == &lab)) s.labs.selected = l.id;
      if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", l.title.c_str());
    }
    ImGui::EndCombo();
  }
  ImGui::SameLine();
  ImGui::TextUnformatted(lab.title.c_str());
  if (ImGui::CollapsingHeader("What this lab shows", ImGuiTreeNodeFlags_DefaultOpen)) {
    ImGui::PushTextWrapPos(0);
    DimText(lab.teaching.c_str());
    ImGui::PopTextWrapPos();
  }
}

// The variants of this backend, ticked to run; each explained in its tooltip.
static void VariantChecks(AppState& s, const LabSpec& lab, LabChoices& c) {
  ImGui::TextUnformatted("Variants:");
  for (const LabVariantSpec& v : lab.variants) {
    if (v.backend != s.backend) continue;
    auto it = std::find(c.off_variants.begin(), c.off_variants.end(), v.id);
    bool on = it == c.off_variants.end();
    ImGui::SameLine();
    if (ImGui::Checkbox(v.id.c_str(), &on)) {
      if (on)
        c.off_variants.erase(it);
      else
        c.off_variants.push_back(v.id);
    }
    if (ImGui::IsItemHovered())
      ImGui::SetTooltip("%s", (v.technique + "\n\nExpect: " + v.expectation).c_str());
  }
}

// Where the lab cannot run here, its variants are still worth reading: what each does and what to expect.
static void VariantsExplained(const LabSpec& lab) {
  ImGui::PushTextWrapPos(0);
  for (const LabVariantSpec& v : lab.variants) {
    ImGui::BulletText("%s (%s)", v.id.c_str(), std::string(ToString(v.backend)).c_str());
    ImGui::Indent();
    DimText(v.technique.c_str());
    DimText(("Expect: " + v.expectation).c_str());
    ImGui::Unindent();
  }
  ImGui::PopTextWrapPos();
}

static void InputControls(const AppState& s, const LabSpec& lab, LabChoices& c) {
  if (lab.takes_image) {
    ImGui::Checkbox("Use the current image", &c.use_image);
    if (ImGui::IsItemHovered())
      ImGui::SetTooltip("%s", s.image_label.empty() ? "no image loaded" : s.image_label.c_str());
    if (c.use_image) return;
    ImGui::SameLine();
  }
  int size = c.size > 0 ? c.size : lab.default_size;
  ImGui::SetNextItemWidth(ImGui::GetFontSize() * 10);
  const int hi = lab.max_size > 0 ? lab.max_size : std::max(lab.default_size * 4, 16);
  if (ImGui::DragInt("Size", &size, 1.0f, 1, hi, "%d", ImGuiSliderFlags_AlwaysClamp)) c.size = size;
  if (ImGui::IsItemHovered())
    ImGui::SetTooltip("The generated input: pixels a side, or the matrix order (default %d, at most %d)",
                      lab.default_size, hi);
}

static void RunControls(AppState& s, const LabSpec& lab) {
  LabsWindowState& w = s.labs;
  if (!w.running) {
    if (ImGui::Button("Run (F5)")) RequestLabRun(s);
  } else {
    if (ImGui::Button("Cancel (Shift+F5)")) w.cancel_requested = true;
    ImGui::SameLine();
    const std::string label = w.running_lab + " " + std::to_string(static_cast<int>(w.progress * 100)) + "%";
    ImGui::ProgressBar(std::clamp(w.progress, 0.0f, 1.0f), ImVec2(-1, 0), label.c_str());
  }
  if (w.running && w.running_lab != lab.id) DimText(("running: " + w.running_lab).c_str());
}

void DrawLabsWindow(AppState& s) {
  if (!s.labs.open) return;
  const LabSpec* lab = SelectedLab(s.labs);
  // At first: most of the screen's height (the plots are tall), at most 52 lines wide.
  const ImVec2 display = ImGui::GetIO().DisplaySize;
  ImGui::SetNextWindowPos(ImVec2(display.x * 0.05f, s.layout.top + 8), ImGuiCond_FirstUseEver);
  ImGui::SetNextWindowSize(ImVec2(std::min(ImGui::GetFontSize() * 52, display.x * 0.9f),
                                  std::max(display.y - s.layout.top - 40, 200.0f)),
                           ImGuiCond_FirstUseEver);
  if (!ImGui::Begin("Labs", &s.labs.open)) {
    ImGui::End();
    return;
  }
  if (!lab) {
    ImGui::TextUnformatted("No labs are declared in this build.");
    ImGui::End();
    return;
  }
  LabSelector(s, *lab);
  LabChoices& c = ChoicesFor(s.labs, *lab);
  const std::string cannot = CannotRunReason(*lab, s.backend);
  if (!cannot.empty()) {
    ImGui::PushTextWrapPos(0);
    ImGui::TextColored(kWarnColor, "%s", cannot.c_str());
    ImGui::PopTextWrapPos();
    VariantsExplained(*lab);
  } else {
    for (const ParamSpec& p : lab->params) {
      ParamValue v = c.params.Has(p.name) ? c.params.All().at(p.name) : ParamValue(p.def);
      if (DrawParamWidget(p, v)) c.params.Set(p.name, v);
    }
    VariantChecks(s, *lab, c);
    InputControls(s, *lab, c);
    RunControls(s, *lab);
  }
  ImGui::Separator();
  DrawLabResult(s, *lab);
  ImGui::End();
}

}  // namespace fl::ui
