// Generated test patterns at a chosen size (up to 8192x8192) and format; generation runs on the worker.
#include <imgui.h>

#include <algorithm>

#include "app/ui/panels.hpp"
#include "app/ui/ui_style.hpp"

namespace fl::ui {

void DrawPatternWindow(AppState& s) {
  PatternDialogState& d = s.pattern_dialog;
  if (!d.open) return;
  ImGui::SetNextWindowSize(ImVec2(420 * s.ui_scale, 0), ImGuiCond_Appearing);
  const ImGuiViewport* vp = ImGui::GetMainViewport();
  ImGui::SetNextWindowPos(ImVec2(vp->Pos.x + vp->Size.x * 0.5f, vp->Pos.y + vp->Size.y * 0.4f), ImGuiCond_Appearing,
                          ImVec2(0.5f, 0.5f));
  if (!ImGui::Begin("Test pattern", &d.open, ImGuiWindowFlags_NoCollapse | ImGuiWindowFlags_NoSavedSettings)) {
    ImGui::End();
    return;
  }
  PatternRequest& r = d.request;
  if (ImGui::BeginCombo("pattern", std::string(ToString(r.pattern)).c_str())) {
    for (TestPattern p : AllTestPatterns()) {
      if (ImGui::Selectable(std::string(ToString(p)).c_str(), p == r.pattern)) r.pattern = p;
      if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", std::string(Describe(p)).c_str());
    }
    ImGui::EndCombo();
  }
  ImGui::PushTextWrapPos(0);
  DimText(std::string(Describe(r.pattern)).c_str());
  ImGui::PopTextWrapPos();
  ImGui::InputInt("width", &r.width, 64, 512);
  ImGui::InputInt("height", &r.height, 64, 512);
  r.width = std::clamp(r.width, 1, kMaxPatternSide);
  r.height = std::clamp(r.height, 1, kMaxPatternSide);
  for (int side : {256, 512, 1024, 2048, 4096, 8192}) {
    if (side != 256) ImGui::SameLine();
    if (ImGui::SmallButton(std::to_string(side).c_str())) r.width = r.height = side;
  }
  static const PixelFormat kFormats[] = {PixelFormat::Gray8, PixelFormat::Rgba8, PixelFormat::Gray32f};
  if (ImGui::BeginCombo("format", std::string(ToString(r.format)).c_str())) {
    for (PixelFormat f : kFormats)
      if (ImGui::Selectable(std::string(ToString(f)).c_str(), f == r.format)) r.format = f;
    ImGui::EndCombo();
  }
  if (r.pattern == TestPattern::Checkerboard) {
    ImGui::SliderInt("cell", &r.cell, 1, 512, "%d px", ImGuiSliderFlags_Logarithmic);
  }
  if (r.pattern == TestPattern::Noise) {
    int seed = static_cast<int>(r.seed);
    if (ImGui::InputInt("seed", &seed)) r.seed = static_cast<unsigned>(std::max(seed, 0));
  }
  const double mib = static_cast<double>(r.width) * r.height * BytesPerPixel(r.format) / (1024.0 * 1024.0);
  ImGui::Text("%.1f MiB", mib);
  ImGui::BeginDisabled(s.job.active);
  if (ImGui::Button("Generate", ImVec2(-1, 0))) {
    s.requests.generate = r;
    d.open = false;
  }
  ImGui::EndDisabled();
  ImGui::End();
}

}  // namespace fl::ui
