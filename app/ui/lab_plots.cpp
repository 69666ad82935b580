#include "app/ui/lab_plots.hpp"

#include <imgui.h>

#include <algorithm>
#include <cfloat>
#include <cmath>
#include <cstdint>
#include <vector>

#include "app/ui/ui_style.hpp"

namespace fl::ui {

// A histogram's counts as bars; log scale (log10(1 + count)) shows the small bins next to a dominant one.
static void HistogramBars(const char* label, const nlohmann::json& counts, bool log_scale, float lines) {
  std::vector<float> bars;
  for (const auto& c : counts)
    if (c.is_number()) bars.push_back(log_scale ? std::log10(1.0f + c.get<float>()) : c.get<float>());
  if (bars.empty()) return;
  // A positive width: ImGui 1.86's plots take a negative one literally (and draw nothing).
  const float width = std::max(ImGui::GetContentRegionAvail().x - ImGui::GetFontSize() * 4, 64.0f);
  ImGui::PlotHistogram(label, bars.data(), static_cast<int>(bars.size()), 0, nullptr, 0.0f, FLT_MAX,
                       ImVec2(width, ImGui::GetFontSize() * lines));
}

static void HistogramPlots(AppState& s, const nlohmann::json& data) {
  const bool has_bins = data.contains("bins") && data["bins"].is_array();
  const bool has_channels =
      data.contains("channels") && (data["channels"].is_array() || data["channels"].is_object());
  if (!has_bins && !has_channels) return;
  ImGui::Checkbox("Log scale", &s.labs.log_scale);
  if (has_bins) HistogramBars("bins", data["bins"], s.labs.log_scale, 6);
  // One channel (gray8) repeats the bins already drawn; the lab names its channels ("channel_names").
  if (!has_channels || (has_bins && data["channels"].size() < 2)) return;
  static const char* kNames[] = {"R", "G", "B", "A"};
  const nlohmann::json names = data.value("channel_names", nlohmann::json::array());
  int i = 0;
  for (const auto& [key, counts] : data["channels"].items()) {
    std::string label = data["channels"].is_array() ? kNames[std::min(i, 3)] : key;
    if (data["channels"].is_array() && i < static_cast<int>(names.size()) && names[i].is_string())
      label = names[i].get<std::string>();
    HistogramBars(label.c_str(), counts.is_object() ? counts.value("bins", nlohmann::json()) : counts,
                  s.labs.log_scale, 3);
    ++i;
  }
}

// The lab's pictures side by side, each fitted into a square of about 16 lines, wrapping to the window.
static void Pictures(const LabRunView& run) {
  if (run.pictures.empty()) return;
  const float side = ImGui::GetFontSize() * 16;
  const float right = ImGui::GetWindowPos().x + ImGui::GetWindowContentRegionMax().x;
  for (std::size_t i = 0; i < run.pictures.size(); ++i) {
    const LabPictureView& p = run.pictures[i];
    const float scale = side / static_cast<float>(std::max(p.width, p.height));
    const ImVec2 size(static_cast<float>(p.width) * scale, static_cast<float>(p.height) * scale);
    if (i > 0 && ImGui::GetItemRectMax().x + ImGui::GetStyle().ItemSpacing.x + size.x < right)
      ImGui::SameLine();
    ImGui::BeginGroup();
    ImGui::TextUnformatted(p.name.c_str());
    ImGui::Image(reinterpret_cast<ImTextureID>(static_cast<std::uintptr_t>(p.texture)), size);
    ImGui::EndGroup();
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s: %dx%d", p.name.c_str(), p.width, p.height);
  }
}

// Each variant's own timeline (one_stream beside multi_stream shows what the streams bought), else the lab's.
static void Timelines(const nlohmann::json& data) {
  double axis = 0;
  std::vector<std::pair<std::string, const nlohmann::json*>> lines;
  if (data.contains("variants") && data["variants"].is_array())  // pointers into `data`, not into a copy
    for (const auto& v : data["variants"])
      if (v.is_object() && v.contains("timeline"))
        lines.emplace_back(v.value("id", std::string("?")), &v["timeline"]);
  if (lines.empty() && data.contains("timeline")) lines.emplace_back("timeline", &data["timeline"]);
  for (const auto& [id, t] : lines)
    for (const auto& e : *t)
      if (e.is_object()) axis = std::max(axis, e.value("end_ms", 0.0));
  for (const auto& [id, t] : lines) {
    ImGui::TextUnformatted(id.c_str());
    DrawStreamTimeline(id.c_str(), *t, axis);
  }
}

void DrawLabPlots(AppState& s, const LabRunView& run) {
  const nlohmann::json& data = run.data;
  if (!data.is_object()) return;
  HistogramPlots(s, data);
  Timelines(data);
  if (data.contains("rows") && data["rows"].is_array()) DrawTransferBars(data["rows"]);
  if (data.contains("pipeline") && data["pipeline"].is_object()) DrawPipelineCalls(data["pipeline"]);
  Pictures(run);
}

}  // namespace fl::ui
