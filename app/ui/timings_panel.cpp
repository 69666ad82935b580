// Timings below the image: per stage the last time, a rolling plot, median and min of the last runs, effective
// bandwidth and its share of the device's copy bandwidth, and the kernel's registers and occupancy.
#include <imgui.h>

#include <algorithm>
#include <cstdio>

#include "app/ui/panels.hpp"
#include "app/ui/ui_style.hpp"

namespace fl::ui {

static void Header(AppState& s) {
  ImGui::Checkbox("Measure continuously", &s.continuous);
  if (ImGui::IsItemHovered())
    ImGui::SetTooltip("Space: re-run the pipeline every frame (otherwise only when something changes)");
  ImGui::SameLine();
  if (ImGui::Button("Export CSV...")) OpenFileBrowser(s, BrowserPurpose::ExportCsv);
  ImGui::SameLine();
  if (ImGui::Button("Export JSON...")) OpenFileBrowser(s, BrowserPurpose::ExportJson);
  const SlotResult& a = s.results[Slot::A];
  const SlotResult* b = ShownB(s);
  char totals[128], scale[64];
  if (b)
    std::snprintf(totals, sizeof totals, "total A %.3f ms, B %.3f ms (B/A %.2f)", a.total_ms, b->total_ms,
                  a.total_ms > 0 ? b->total_ms / a.total_ms : 0.0);
  else
    std::snprintf(totals, sizeof totals, "total %.3f ms/run", a.total_ms);
  // On a GPU the device's copy bandwidth gives the figures a scale; on the CPU there is none to give.
  if (!s.facts.on_device)
    std::snprintf(scale, sizeof scale, "%s", b ? "no GPU" : "no GPU: all figures are CPU time");
  else if (s.copy_gbs > 0)
    std::snprintf(scale, sizeof scale, "device copy %.0f GB/s", s.copy_gbs);
  else
    std::snprintf(scale, sizeof scale, "copy bandwidth not measured");
  char text[256];
  std::snprintf(text, sizeof text, "%s  |  %s  |  %d runs  |  %s", TimeLabel(s), totals, a.runs, scale);
  ImGui::PushTextWrapPos(0);
  DimText(text);
  ImGui::PopTextWrapPos();
}

static void Row(const AppState& s, std::size_t i) {
  const SlotResult& a = s.results[Slot::A];
  const Stage& st = a.plan.pipeline.stages[i];
  const StageReport& r = a.stages[i];
  const SlotResult* b = ShownB(s);
  ImGui::TableNextRow();
  ImGui::TableNextColumn();
  ImGui::Text("%zu", i + 1);
  ImGui::TableNextColumn();
  ImGui::Text("%s  %s", st.filter.c_str(), st.variant.c_str());
  if (!r.note.empty()) ImGui::TextColored(kWarnColor, "%s", r.note.c_str());  // the code that ran instead
  if (!r.enabled) {
    ImGui::TableNextColumn();
    DimText("disabled");
    return;
  }
  ImGui::TableNextColumn();
  ImGui::Text("%.3f", r.last_ms);
  ImGui::TableNextColumn();
  ImGui::Text("%.3f", r.median_ms);
  ImGui::TableNextColumn();
  ImGui::Text("%.3f", r.min_ms);
  if (b) {
    // B's median beside A's, and the ratio: below 1 B is faster.
    ImGui::TableNextColumn();
    const bool have = i < b->stages.size();
    const double b_median = have ? b->stages[i].median_ms : 0.0;
    if (have) ImGui::Text("%.3f", b_median); else DimText("-");
    ImGui::TableNextColumn();
    if (have && r.median_ms > 0) ImGui::Text("%.2f", b_median / r.median_ms); else DimText("-");
  }
  ImGui::TableNextColumn();
  ImGui::Text("%d", r.runs);
  ImGui::TableNextColumn();
  ImGui::Text("%.1f", r.gbs);
  ImGui::TableNextColumn();
  if (s.copy_gbs > 0)
    ImGui::Text("%.0f%%", r.pct_of_copy);
  else
    DimText("-");
  if (s.facts.on_device) {
    ImGui::TableNextColumn();
    if (r.registers >= 0) ImGui::Text("%d", r.registers); else DimText("-");
    ImGui::TableNextColumn();
    if (r.occupancy >= 0) ImGui::Text("%.0f%%", r.occupancy * 100.0); else DimText("-");
    if (!r.kernel_info.empty() && ImGui::IsItemHovered())
      ImGui::SetTooltip("%s\n%s", r.kernel_info.c_str(), r.occupancy_explained.c_str());
  }
  ImGui::TableNextColumn();
  if (!r.history.empty()) {
    const auto [lo, hi] = std::minmax_element(r.history.begin(), r.history.end());
    ImGui::PushID(static_cast<int>(i));
    ImGui::PlotLines("##plot", r.history.data(), static_cast<int>(r.history.size()), 0, nullptr, 0.0f,
                     *hi * 1.15f + 1e-6f, ImVec2(ImGui::GetContentRegionAvail().x, ImGui::GetTextLineHeight()));
    if (ImGui::IsItemHovered())
      ImGui::SetTooltip("Last %zu runs: %.3f .. %.3f ms", r.history.size(), static_cast<double>(*lo),
                        static_cast<double>(*hi));
    ImGui::PopID();
  }
}

void DrawTimingsPanel(AppState& s) {
  if (!s.show_timings) {
    s.layout.bottom_h = 0;
    return;
  }
  const ImGuiViewport* vp = ImGui::GetMainViewport();
  const float width = vp->Size.x - s.layout.left_w;
  const float bottom = vp->Pos.y + vp->Size.y - s.layout.status_h;
  const float default_h = std::max(ImGui::GetFrameHeightWithSpacing() * 7.0f, vp->Size.y * 0.28f);
  ImGui::SetNextWindowSize(ImVec2(width, default_h), ImGuiCond_FirstUseEver);
  // The width follows the window; the height is the person's to drag from the top edge.
  ImGui::SetNextWindowSizeConstraints(ImVec2(width, ImGui::GetFrameHeightWithSpacing() * 4),
                                      ImVec2(width, vp->Size.y * 0.6f));
  ImGui::SetNextWindowPos(ImVec2(vp->Pos.x + s.layout.left_w, bottom), ImGuiCond_Always, ImVec2(0, 1));
  ImGui::Begin("Timings", &s.show_timings, ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoCollapse);
  s.layout.bottom_h = ImGui::GetWindowHeight();
  Header(s);
  const SlotResult& a = s.results[Slot::A];
  const std::size_t n = std::min(a.stages.size(), a.plan.pipeline.stages.size());
  const bool on_device = s.facts.on_device, show_b = ShownB(s) != nullptr;
  if (n == 0) {
    DimText("No stages have run yet.");
  } else if (ImGui::BeginTable("timings", (on_device ? 11 : 9) + (show_b ? 2 : 0),
                               ImGuiTableFlags_RowBg | ImGuiTableFlags_BordersInnerV | ImGuiTableFlags_ScrollY |
                                   ImGuiTableFlags_SizingFixedFit | ImGuiTableFlags_Resizable)) {
    ImGui::TableSetupScrollFreeze(0, 1);
    ImGui::TableSetupColumn("#");
    ImGui::TableSetupColumn("stage");
    // Numbers change every run: fixed widths that hold large values keep the columns from jumping or clipping.
    const float num = ImGui::CalcTextSize("00000.000").x;
    ImGui::TableSetupColumn("last ms", ImGuiTableColumnFlags_WidthFixed, num);
    ImGui::TableSetupColumn("median ms", ImGuiTableColumnFlags_WidthFixed, num);
    ImGui::TableSetupColumn("min ms", ImGuiTableColumnFlags_WidthFixed, num);
    if (show_b) {
      ImGui::TableSetupColumn("B median", ImGuiTableColumnFlags_WidthFixed, num);
      ImGui::TableSetupColumn("B/A", ImGuiTableColumnFlags_WidthFixed, ImGui::CalcTextSize("00.00").x);
    }
    ImGui::TableSetupColumn("runs", ImGuiTableColumnFlags_WidthFixed, ImGui::CalcTextSize("runs0").x);
    ImGui::TableSetupColumn("GB/s", ImGuiTableColumnFlags_WidthFixed, ImGui::CalcTextSize("0000.0").x);
    ImGui::TableSetupColumn("% copy", ImGuiTableColumnFlags_WidthFixed, ImGui::CalcTextSize("% copy").x);
    if (on_device) {
      ImGui::TableSetupColumn("regs");
      ImGui::TableSetupColumn("theoretical occupancy");  // from the occupancy calculator; none is measured
    }
    ImGui::TableSetupColumn("history", ImGuiTableColumnFlags_WidthStretch);
    ImGui::TableHeadersRow();
    for (std::size_t i = 0; i < n; ++i) Row(s, i);
    ImGui::EndTable();
  }
  ImGui::End();
}

}  // namespace fl::ui
