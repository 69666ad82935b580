// Plots drawn with ImDrawList: the streams lab's timeline, the transfers lab's bandwidth bars and its
// pipeline call breakdown. Each reserves its area with a Dummy, so the window's layout and scrolling treat it
// as an item.
#include <imgui.h>

#include <algorithm>
#include <cstdio>
#include <map>
#include <string>
#include <vector>

#include "app/ui/lab_plots.hpp"
#include "app/ui/ui_style.hpp"

namespace fl::ui {

static ImU32 SeriesColour(int i, float alpha = 1.0f) {
  static const ImVec4 kColours[] = {
      {0.35f, 0.62f, 0.95f, 1}, {0.95f, 0.62f, 0.25f, 1}, {0.45f, 0.82f, 0.45f, 1}, {0.85f, 0.40f, 0.75f, 1},
      {0.90f, 0.85f, 0.35f, 1}, {0.40f, 0.85f, 0.85f, 1}, {0.95f, 0.45f, 0.45f, 1}, {0.70f, 0.70f, 0.70f, 1}};
  ImVec4 c = kColours[static_cast<std::size_t>(i) % 8];
  c.w = alpha;
  return ImGui::ColorConvertFloat4ToU32(c);
}

void DrawStreamTimeline(const char* id, const nlohmann::json& timeline, double axis_ms) {
  if (!timeline.is_array() || timeline.empty() || axis_ms <= 0) return;
  int streams = 0;
  for (const auto& e : timeline) streams = std::max(streams, e.value("stream", 0) + 1);
  const float row_h = ImGui::GetFrameHeight(), label_w = ImGui::CalcTextSize("stream 8 ").x;
  const ImVec2 origin = ImGui::GetCursorScreenPos();
  const float width = std::max(ImGui::GetContentRegionAvail().x - label_w, 50.0f);
  ImDrawList* dl = ImGui::GetWindowDrawList();
  for (int s = 0; s < streams; ++s) {
    const float y = origin.y + static_cast<float>(s) * row_h;
    dl->AddText(ImVec2(origin.x, y + 2), ImGui::GetColorU32(ImGuiCol_TextDisabled),
                ("stream " + std::to_string(s)).c_str());
    dl->AddRectFilled(ImVec2(origin.x + label_w, y + 1), ImVec2(origin.x + label_w + width, y + row_h - 1),
                      ImGui::GetColorU32(ImGuiCol_FrameBg));
  }
  const float scale = width / static_cast<float>(axis_ms);
  ImGui::PushID(id);
  for (const auto& e : timeline) {
    const int s = e.value("stream", 0);
    const float x0 = origin.x + label_w + static_cast<float>(e.value("start_ms", 0.0)) * scale;
    const float x1 =
        std::max(x0 + 1.0f, origin.x + label_w + static_cast<float>(e.value("end_ms", 0.0)) * scale);
    const float y = origin.y + static_cast<float>(s) * row_h;
    dl->AddRectFilled(ImVec2(x0, y + 2), ImVec2(x1, y + row_h - 2), SeriesColour(s, 0.85f));
    dl->AddRect(ImVec2(x0, y + 2), ImVec2(x1, y + row_h - 2), IM_COL32(0, 0, 0, 160));
    if (ImGui::IsMouseHoveringRect(ImVec2(x0, y), ImVec2(x1, y + row_h)))
      ImGui::SetTooltip("%s on stream %d\n%.3f .. %.3f ms (%.3f ms)",
                        e.value("kernel", std::string()).c_str(), s, e.value("start_ms", 0.0),
                        e.value("end_ms", 0.0), e.value("end_ms", 0.0) - e.value("start_ms", 0.0));
  }
  ImGui::PopID();
  ImGui::Dummy(ImVec2(label_w + width, static_cast<float>(streams) * row_h));
  char axis[64];
  std::snprintf(axis, sizeof axis, "0 .. %.3f ms from the common start event", axis_ms);
  DimText(axis);
}

// Bars grouped by size; within a group one bar per series ("h2d pinned", ...), height GB/s.
void DrawTransferBars(const nlohmann::json& rows) {
  std::map<std::string, int> series;
  std::map<double, std::map<int, double>> groups;  // bytes -> series -> GB/s
  double top = 0;
  for (const auto& r : rows) {
    if (!r.is_object() || !r.contains("gbs")) continue;
    const std::string name = r.value("direction", std::string()) + " " + r.value("memory", std::string());
    const int k = series.emplace(name, static_cast<int>(series.size())).first->second;
    groups[r.value("bytes", 0.0)][k] = r.value("gbs", 0.0);
    top = std::max(top, r.value("gbs", 0.0));
  }
  if (groups.empty() || top <= 0) return;
  for (const auto& [name, k] : series) {
    ImGui::ColorButton(name.c_str(), ImGui::ColorConvertU32ToFloat4(SeriesColour(k)),
                       ImGuiColorEditFlags_NoTooltip, ImVec2(ImGui::GetFontSize(), ImGui::GetFontSize()));
    ImGui::SameLine();
    ImGui::TextUnformatted(name.c_str());
    ImGui::SameLine();
  }
  ImGui::NewLine();
  const float h = ImGui::GetFontSize() * 8, label_h = ImGui::GetTextLineHeightWithSpacing();
  const ImVec2 o = ImGui::GetCursorScreenPos();
  const float group_w = std::max(ImGui::GetContentRegionAvail().x / static_cast<float>(groups.size()), 20.0f);
  const float bar_w = group_w * 0.8f / static_cast<float>(series.size());
  ImDrawList* dl = ImGui::GetWindowDrawList();
  int g = 0;
  for (const auto& [bytes, bars] : groups) {
    const float gx = o.x + static_cast<float>(g++) * group_w;
    for (const auto& [k, gbs] : bars) {
      const float x0 = gx + static_cast<float>(k) * bar_w, y0 = o.y + h * static_cast<float>(1 - gbs / top);
      dl->AddRectFilled(ImVec2(x0, y0), ImVec2(x0 + bar_w - 1, o.y + h), SeriesColour(k));
      if (ImGui::IsMouseHoveringRect(ImVec2(x0, o.y), ImVec2(x0 + bar_w, o.y + h)))
        ImGui::SetTooltip("%.2f GB/s", gbs);
    }
    const double kib = bytes / 1024.0;
    char label[32];
    std::snprintf(label, sizeof label, kib >= 1024 ? "%.0f MiB" : "%.0f KiB", kib >= 1024 ? kib / 1024 : kib);
    dl->AddText(ImVec2(gx, o.y + h + 2), ImGui::GetColorU32(ImGuiCol_Text), label);
  }
  ImGui::Dummy(ImVec2(group_w * static_cast<float>(groups.size()), h + label_h));
  char scale[48];
  std::snprintf(scale, sizeof scale, "bar height: GB/s, top %.1f GB/s", top);
  DimText(scale);
}

// Two stacked bars (first call, steady call) of upload, kernels, download and the rest, on one axis.
void DrawPipelineCalls(const nlohmann::json& pipeline) {
  const char* calls[] = {"first", "steady"};
  double axis = 0;
  for (const char* c : calls)
    axis = std::max(axis, pipeline.value(c, nlohmann::json::object()).value("full_ms", 0.0));
  if (axis <= 0) return;
  ImGui::Text("Pipeline %s on %dx%d %s: one call, wall clock",
              pipeline.value("stages", std::string()).c_str(), pipeline.value("width", 0),
              pipeline.value("height", 0), pipeline.value("format", std::string()).c_str());
  const char* parts[] = {"upload_ms", "kernel_ms", "download_ms"};
  const char* names[] = {"upload", "kernels", "download"};
  const float label_w = ImGui::CalcTextSize("steady ").x, row_h = ImGui::GetFrameHeight();
  const float width = std::max(ImGui::GetContentRegionAvail().x - label_w, 50.0f);
  const ImVec2 o = ImGui::GetCursorScreenPos();
  ImDrawList* dl = ImGui::GetWindowDrawList();
  for (int i = 0; i < 2; ++i) {
    const nlohmann::json call = pipeline.value(calls[i], nlohmann::json::object());
    const float y = o.y + static_cast<float>(i) * row_h;
    dl->AddText(ImVec2(o.x, y + 2), ImGui::GetColorU32(ImGuiCol_Text), calls[i]);
    const float full = static_cast<float>(call.value("full_ms", 0.0) / axis) * width;
    dl->AddRectFilled(ImVec2(o.x + label_w, y + 2), ImVec2(o.x + label_w + full, y + row_h - 2),
                      ImGui::GetColorU32(ImGuiCol_FrameBg));  // the rest: host copies, launches, waits
    float x = o.x + label_w;
    for (int p = 0; p < 3; ++p) {
      const float w = static_cast<float>(call.value(parts[p], 0.0) / axis) * width;
      dl->AddRectFilled(ImVec2(x, y + 2), ImVec2(x + w, y + row_h - 2), SeriesColour(p));
      if (ImGui::IsMouseHoveringRect(ImVec2(x, y), ImVec2(x + w, y + row_h)))
        ImGui::SetTooltip("%s %s: %.3f ms", calls[i], names[p], call.value(parts[p], 0.0));
      x += w;
    }
  }
  ImGui::Dummy(ImVec2(label_w + width, 2 * row_h));
  char legend[160];
  const nlohmann::json steady = pipeline.value("steady", nlohmann::json::object());
  std::snprintf(legend, sizeof legend,
                "blue upload, orange kernels, green download, grey the rest; steady: kernels "
                "%.1f%% of %.3f ms",
                100.0 * steady.value("kernel_share", 0.0), steady.value("full_ms", 0.0));
  DimText(legend);
}

}  // namespace fl::ui
