// The pipeline on the left: the input, then each stage as a framed header (click it to show its output, arrow
// to open its editor), with enable, reorder, duplicate and remove at hand, and "Add stage" at the end.
#include <imgui.h>

#include <algorithm>
#include <filesystem>

#include "app/ui/panels.hpp"
#include "app/ui/pipeline_edits.hpp"
#include "app/ui/ui_style.hpp"

namespace fl::ui {

static std::string ShapeText(const ImageShape& s) {
  return std::to_string(s.width) + "x" + std::to_string(s.height) + " " + std::string(ToString(s.format));
}

static std::string SourceName(const std::string& label) {
  if (label.empty()) return "(no image)";
  if (label.starts_with("pattern:")) return label.substr(8);  // "zoneplate:1024x1024:gray8"
  return std::filesystem::path(label).filename().string();
}

static void InputRow(AppState& s) {
  const bool shown = s.display.stage == kShowInput && s.display.valid;
  const std::string label = "Input  " + SourceName(s.image_label) + "##input";
  if (ImGui::Selectable(label.c_str(), shown)) s.show_stage = kShowInput;
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s\n%s\nClick to show the input (key 0).", s.image_label.c_str(),
                                                ShapeText(s.image_shape).c_str());
  ImGui::Indent();
  DimText(ShapeText(s.image_shape).c_str());
  ImGui::Unindent();
}

// The A/B comparison: on/off, which configuration the editors change, and B = copy of A.
static void AbControls(AppState& s) {
  AbState& ab = s.ab;
  if (ImGui::Checkbox("Compare A/B", &ab.enabled) && ab.enabled && ab.b.stages.empty()) ab.b = s.pipeline;
  if (ImGui::IsItemHovered())
    ImGui::SetTooltip("Run a second configuration B of the same chain beside A and compare them (views 2-6)");
  if (!ab.enabled) {
    ImGui::Separator();
    return;
  }
  ImGui::SameLine();
  int which = ab.edit_b ? 1 : 0;
  ImGui::RadioButton("edit A", &which, 0);
  ImGui::SameLine();
  ImGui::RadioButton("edit B", &which, 1);
  ab.edit_b = which == 1;
  if (ImGui::IsItemHovered())
    ImGui::SetTooltip("The stage editors below change B's variants, launch and parameters; the chain itself "
                      "(adding, removing, moving stages) is A's and B follows it");
  if (ImGui::SmallButton("B = copy of A")) {
    ab.b = s.pipeline;
    s.pipeline_edited = true;
  }
  if (ab.edit_b) {
    ImGui::SameLine();
    ImGui::TextColored(kWarnColor, "the editors below change B");
  }
  ImGui::Separator();
}

static void AddStageButton(AppState& s) {
  if (ImGui::Button("+ Add stage", ImVec2(-1, 0))) ImGui::OpenPopup("add_stage");
  if (ImGui::BeginPopup("add_stage")) {
    const std::vector<StageReport>& ran = s.results[Slot::A].stages;
    const PixelFormat last = ran.empty() ? s.image_shape.format : ran.back().out.format;
    for (const FilterSpec& f : s.registry->filters()) {
      const bool fits = f.Accepts(last);
      if (!fits) ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled));
      if (ImGui::Selectable((f.id + "  " + f.name).c_str())) AddStage(s, f.id);
      if (!fits) ImGui::PopStyleColor();
      if (ImGui::IsItemHovered()) {
        ImGui::BeginTooltip();
        ImGui::PushTextWrapPos(ImGui::GetFontSize() * 30);
        ImGui::TextUnformatted(f.teaching.c_str());
        ImGui::Text("Accepts %s%s", FormatList(f.accepts).c_str(),
                    fits ? "" : "  (not the current last output: insert a conversion first)");
        ImGui::PopTextWrapPos();
        ImGui::EndTooltip();
      }
    }
    ImGui::EndPopup();
  }
}

// The row of small buttons on a stage header: enable, up, down, duplicate, remove.
static void StageButtons(AppState& s, int i, int n) {
  Stage& st = s.pipeline.stages[static_cast<std::size_t>(i)];
  const float w = ImGui::GetFrameHeight();
  const float right = ImGui::GetWindowContentRegionMax().x;
  ImGui::SameLine(right - 5 * (w + ImGui::GetStyle().ItemSpacing.x) + ImGui::GetStyle().ItemSpacing.x);
  bool enabled = st.enabled;
  // An unticked box must still stand out against the header's colour.
  ImGui::PushStyleColor(ImGuiCol_FrameBg, ImVec4(0.16f, 0.18f, 0.23f, 1.0f));
  const bool toggled = ImGui::Checkbox("##on", &enabled);
  ImGui::PopStyleColor();
  if (toggled) SetStageEnabled(s, i, enabled);
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("Enabled (E): a disabled stage passes its input through");
  ImGui::SameLine();
  ImGui::BeginDisabled(i == 0);
  if (ImGui::ArrowButton("##up", ImGuiDir_Up)) MoveStage(s, i, -1);
  ImGui::EndDisabled();
  if (ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled)) ImGui::SetTooltip("Move up (Alt+Up)");
  ImGui::SameLine();
  ImGui::BeginDisabled(i + 1 >= n);
  if (ImGui::ArrowButton("##down", ImGuiDir_Down)) MoveStage(s, i, +1);
  ImGui::EndDisabled();
  if (ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled)) ImGui::SetTooltip("Move down (Alt+Down)");
  ImGui::SameLine();
  if (ImGui::Button("D", ImVec2(w, w))) DuplicateStage(s, i);
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("Duplicate (Ctrl+D)");
  ImGui::SameLine();
  if (ImGui::Button("X", ImVec2(w, w))) RemoveStage(s, i);
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("Remove (Delete)");
}

static void StageBlock(AppState& s, int i, int n) {
  const Stage& st = EditedPipeline(s).stages.size() > static_cast<std::size_t>(i)
                        ? EditedPipeline(s).stages[static_cast<std::size_t>(i)]
                        : s.pipeline.stages[static_cast<std::size_t>(i)];
  ImGui::PushID(i);
  const bool shown = s.display.valid && s.display.stage == i;
  const std::optional<PipelineIssue>& issue = s.results[EditedSlot(s)].issue;
  const bool at_fault = issue && issue->stage == i;
  ImGuiTreeNodeFlags flags = ImGuiTreeNodeFlags_Framed | ImGuiTreeNodeFlags_OpenOnArrow |
                             ImGuiTreeNodeFlags_AllowItemOverlap | ImGuiTreeNodeFlags_SpanAvailWidth;
  if (shown) flags |= ImGuiTreeNodeFlags_Selected;
  ImGui::SetNextItemOpen(true, ImGuiCond_Once);  // editors start open: the parameters are the point
  // The title is drawn clipped short of the buttons on its right; the variant joins it when it fits (the
  // editor's combo names it anyway).
  const float buttons = 5 * (ImGui::GetFrameHeight() + ImGui::GetStyle().ItemSpacing.x);
  const float room = ImGui::GetContentRegionAvail().x - buttons - ImGui::GetTreeNodeToLabelSpacing();
  std::string title = std::to_string(i + 1) + "  " + st.filter + "  " + st.variant;
  if (ImGui::CalcTextSize(title.c_str()).x > room) title = std::to_string(i + 1) + "  " + st.filter;
  const bool open = ImGui::TreeNodeEx("##stage", flags);
  const ImVec2 lo = ImGui::GetItemRectMin(), hi = ImGui::GetItemRectMax();
  const ImVec4 colour = at_fault ? kErrorColor
                                 : ImGui::GetStyleColorVec4(st.enabled ? ImGuiCol_Text : ImGuiCol_TextDisabled);
  ImDrawList* dl = ImGui::GetWindowDrawList();
  const ImVec2 text_at(lo.x + ImGui::GetTreeNodeToLabelSpacing(), lo.y + ImGui::GetStyle().FramePadding.y);
  dl->PushClipRect(lo, ImVec2(std::max(lo.x, hi.x - buttons), hi.y), true);
  dl->AddText(text_at, ImGui::ColorConvertFloat4ToU32(colour), title.c_str());
  dl->PopClipRect();
  if (ImGui::IsItemClicked() && !ImGui::IsItemToggledOpen()) {
    s.show_stage = i;
    s.selected_stage = i;
  }
  if (ImGui::IsItemHovered()) {
    const SlotResult& a = s.results[Slot::A];
    const StageReport* r = i < static_cast<int>(a.stages.size()) ? &a.stages[static_cast<std::size_t>(i)] : nullptr;
    if (r && a.plan.pipeline.stages.size() == s.pipeline.stages.size())
      ImGui::SetTooltip("Click to show this stage's output\n%s -> %s", ShapeText(r->in).c_str(),
                        ShapeText(r->out).c_str());
    else
      ImGui::SetTooltip("Click to show this stage's output");
  }
  StageButtons(s, i, n);
  if (open) {
    DrawStageEditor(s, static_cast<std::size_t>(i));
    ImGui::TreePop();
  }
  ImGui::PopID();
}

void DrawPipelinePanel(AppState& s) {
  const ImGuiViewport* vp = ImGui::GetMainViewport();
  const float top = vp->Pos.y + s.layout.top;
  const float height = vp->Size.y - s.layout.top - s.layout.status_h;
  ImGui::SetNextWindowPos(ImVec2(vp->Pos.x, top), ImGuiCond_Always);
  const float min_w = std::min(220 * s.ui_scale, vp->Size.x * 0.3f);
  ImGui::SetNextWindowSize(ImVec2(std::clamp(360 * s.ui_scale, min_w, vp->Size.x * 0.34f), height),
                           ImGuiCond_FirstUseEver);
  // Height follows the window; the width is the person's to drag (and ImGui remembers it).
  ImGui::SetNextWindowSizeConstraints(ImVec2(min_w, height), ImVec2(std::max(min_w, vp->Size.x * 0.6f), height));
  ImGui::Begin("Pipeline", nullptr, ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoCollapse);
  s.layout.left_w = ImGui::GetWindowWidth();

  InputRow(s);
  ImGui::Separator();
  AbControls(s);
  if (const SlotResult& a = s.results[Slot::A]; a.issue) {
    // At the top as well as at the stage: a long pipeline may have the stage at fault out of sight.
    ImGui::PushTextWrapPos(0);
    ImGui::TextColored(kErrorColor, "%s", a.issue->message.c_str());
    ImGui::TextColored(kWarnColor, "%s", a.stages.empty() ? "Nothing has run yet: the input is shown."
                                                          : "The view shows the last pipeline that ran.");
    ImGui::PopTextWrapPos();
    ImGui::Separator();
  }
  const int n = static_cast<int>(s.pipeline.stages.size());
  for (int i = 0; i < n && i < static_cast<int>(s.pipeline.stages.size()); ++i) StageBlock(s, i, n);
  if (n == 0) DimText("No stages: the input is shown as it is.");
  ImGui::Spacing();
  AddStageButton(s);
  ImGui::End();
}

}  // namespace fl::ui
