// Above the image while comparing A with B: which view (A, B, split, side by side, difference; keys 2-6, Tab
// flips A/B), the difference settings, and the metrics of A against B and of each against the CPU reference.
// A first mismatch can be clicked to centre the view on it.
#include <imgui.h>

#include <cmath>
#include <cstdio>

#include "app/ui/panels.hpp"
#include "app/ui/ui_style.hpp"

namespace fl::ui {

static void ViewButtons(AppState& s) {
  AbState& ab = s.ab;
  struct Choice {
    ViewMode mode;
    const char* label;
    const char* tip;
  };
  static const Choice choices[] = {
      {ViewMode::A, "A", "Show A (key 2; Tab or X flips A and B)"},
      {ViewMode::B, "B", "Show B (key 3)"},
      {ViewMode::Split, "Split", "A and B on either side of a wipe line you drag (key 4; H turns it)"},
      {ViewMode::Side, "Side by side", "A and B next to each other, zoom and pan locked together (key 5)"},
      {ViewMode::Diff, "Difference", "|A - B| as a heat map, or the mask of mismatching pixels (key 6)"},
  };
  for (const Choice& c : choices) {
    if (ImGui::RadioButton(c.label, ab.view == c.mode)) ab.view = c.mode;
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", c.tip);
    ImGui::SameLine();
  }
  if (ab.view == ViewMode::Split) {
    if (ImGui::SmallButton(ab.split_vertical ? "vertical" : "horizontal")) ab.split_vertical = !ab.split_vertical;
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("The wipe line's direction (H)");
    ImGui::SameLine();
  }
  ImGui::Checkbox("Launch grid", &ab.show_grid);
  if (ImGui::IsItemHovered())
    ImGui::SetTooltip("The shown stage's blocks over the image (G); hover a block to see the halo it reads");
  if (ab.view == ViewMode::Diff) {
    int kind = ab.diff == DiffKind::HeatMap ? 0 : 1;
    ImGui::RadioButton("heat map", &kind, 0);
    ImGui::SameLine();
    ImGui::RadioButton("mismatch mask", &kind, 1);
    ab.diff = kind == 0 ? DiffKind::HeatMap : DiffKind::Mask;
    ImGui::SameLine();
    ImGui::SetNextItemWidth(140 * s.ui_scale);
    if (kind == 0) {
      ImGui::SliderFloat("gain", &ab.gain, 1.0f, 256.0f, "%.0fx", ImGuiSliderFlags_Logarithmic);
    } else {
      ImGui::SliderFloat("tolerance", &ab.tolerance, 0.0f, 32.0f, "%.3g", ImGuiSliderFlags_Logarithmic);
    }
  }
}

static void MetricsRow(AppState& s, const char* name, const AbMetrics& m) {
  ImGui::TableNextRow();
  ImGui::TableNextColumn();
  ImGui::TextUnformatted(name);
  if (!m.metrics) {
    ImGui::TableNextColumn();
    DimText(m.error.empty() ? "-" : m.error.c_str());
    return;
  }
  const ImageMetrics& x = *m.metrics;
  ImGui::TableNextColumn();
  ImGui::Text("%.4g", x.max_abs);
  ImGui::TableNextColumn();
  ImGui::Text("%.4g", x.mean_abs);
  ImGui::TableNextColumn();
  if (std::isinf(x.psnr)) ImGui::TextUnformatted("identical"); else ImGui::Text("%.2f dB", x.psnr);
  ImGui::TableNextColumn();
  ImGui::Text("%zu (%.3g%%)", x.mismatches, x.mismatch_pct);
  ImGui::TableNextColumn();
  if (x.first_mismatch) {
    char label[64];
    std::snprintf(label, sizeof label, "(%d, %d)##%s", x.first_mismatch->first, x.first_mismatch->second, name);
    if (ImGui::SmallButton(label)) {
      s.centre_on = std::array<float, 2>{x.first_mismatch->first + 0.5f, x.first_mismatch->second + 0.5f};
      s.view.want_zoom = std::max(s.view.zoom, 16.0f);
    }
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("Centre the view on the first mismatching pixel");
  } else {
    DimText("none");
  }
}

void DrawCompareBar(AppState& s) {
  ViewButtons(s);
  const AbState& ab = s.ab;
  if (const auto& issue = s.results[Slot::B].issue) ImGui::TextColored(kErrorColor, "B: %s", issue->message.c_str());
  if (ImGui::BeginTable("ab_metrics", 6, ImGuiTableFlags_SizingFixedFit | ImGuiTableFlags_RowBg |
                                             ImGuiTableFlags_BordersInnerV)) {
    ImGui::TableSetupColumn("");
    ImGui::TableSetupColumn("max |d|");
    ImGui::TableSetupColumn("mean |d|");
    ImGui::TableSetupColumn("PSNR");
    ImGui::TableSetupColumn("mismatches");
    ImGui::TableSetupColumn("first mismatch");
    ImGui::TableHeadersRow();
    MetricsRow(s, "A vs B", ab.a_vs_b);
    MetricsRow(s, "A vs ref", ab.a_vs_ref);
    MetricsRow(s, "B vs ref", ab.b_vs_ref);
    ImGui::EndTable();
  }
}

}  // namespace fl::ui
