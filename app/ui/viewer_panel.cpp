// The image in the middle: zoom with the wheel around the cursor, pan by dragging, fit (F) and 1:1 (1), crisp
// pixels when magnified, the value of the pixel under the cursor, and a caption saying what is shown.
#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "app/ui/panels.hpp"
#include "app/ui/ui_style.hpp"
#include "core/stage_spec.hpp"

namespace fl::ui {

constexpr float kMinZoom = 1.0f / 64.0f;
constexpr float kMaxZoom = 64.0f;

static std::string ShownName(const AppState& s) {
  if (s.display.stage == kShowInput) return "input";
  const auto i = static_cast<std::size_t>(s.display.stage);
  if (i < s.result_pipeline.stages.size())
    return "stage " + std::to_string(i + 1) + " (" + s.result_pipeline.stages[i].filter + " " +
           s.result_pipeline.stages[i].variant + ")";
  return "stage " + std::to_string(i + 1);
}

static void FitView(ViewState& v, float img_w, float img_h) {
  v.zoom = std::clamp(std::min(v.region_w / img_w, v.region_h / img_h), kMinZoom, kMaxZoom);
  v.pan_x = img_w * 0.5f;
  v.pan_y = img_h * 0.5f;
}

static void Caption(const AppState& s) {
  const DisplayInfo& d = s.display;
  char line[256];
  std::snprintf(line, sizeof line, "%s  %dx%d %s  %.0f%%", ShownName(s).c_str(), d.shape.width, d.shape.height,
                std::string(ToString(d.shape.format)).c_str(), s.view.zoom * 100.0f);
  ImGui::TextUnformatted(line);
  if (d.has_range) {
    ImGui::SameLine();
    char range[128];
    std::snprintf(range, sizeof range, "  shown as min %.4g -> black, max %.4g -> white", d.lo, d.hi);
    DimText(range);
  }
  if (!d.note.empty()) ImGui::TextColored(kWarnColor, "%s", d.note.c_str());
}

static void HoverTooltip(const AppState& s) {
  if (!s.hover) return;
  const HoverPixel& h = *s.hover;
  char text[160];
  if (h.channels == 4)
    std::snprintf(text, sizeof text, "(%d, %d)  R %.0f  G %.0f  B %.0f  A %.0f", h.x, h.y, h.value[0], h.value[1],
                  h.value[2], h.value[3]);
  else if (h.is_float)
    std::snprintf(text, sizeof text, "(%d, %d)  %.6g", h.x, h.y, h.value[0]);
  else
    std::snprintf(text, sizeof text, "(%d, %d)  %.0f", h.x, h.y, h.value[0]);
  ImGui::SetTooltip("%s", text);
}

static void BusyOverlay(AppState& s) {
  if (!s.job.active) return;
  ImGui::SetCursorPos(ImVec2(ImGui::GetStyle().WindowPadding.x, ImGui::GetWindowHeight() * 0.5f));
  ImGui::TextUnformatted(s.job.label.c_str());
  ImGui::ProgressBar(s.job.progress < 0 ? -1.0f * static_cast<float>(ImGui::GetTime()) : s.job.progress,
                     ImVec2(ImGui::GetContentRegionAvail().x * 0.6f, 0),
                     s.job.progress < 0 ? "working..." : nullptr);
  ImGui::SameLine();
  if (ImGui::Button("Cancel")) s.requests.cancel_job = true;
}

static void ErrorBanner(AppState& s) {
  if (s.banner_error.empty()) return;
  ImGui::PushStyleColor(ImGuiCol_ChildBg, ImVec4(0.35f, 0.08f, 0.08f, 0.95f));
  const float h = ImGui::GetTextLineHeightWithSpacing() * 2.2f;
  ImGui::BeginChild("error_banner", ImVec2(0, h), true, ImGuiWindowFlags_NoScrollbar);
  ImGui::PushTextWrapPos(ImGui::GetContentRegionAvail().x - ImGui::GetFrameHeight() * 3);
  ImGui::TextColored(ImVec4(1, 0.85f, 0.85f, 1), "%s", s.banner_error.c_str());
  ImGui::PopTextWrapPos();
  ImGui::SameLine(ImGui::GetContentRegionAvail().x - ImGui::GetFrameHeight() * 2);
  if (ImGui::SmallButton("Dismiss")) s.banner_error.clear();
  ImGui::EndChild();
  ImGui::PopStyleColor();
}

void DrawViewerPanel(AppState& s, unsigned texture) {
  const ImGuiViewport* vp = ImGui::GetMainViewport();
  const float x = vp->Pos.x + s.layout.left_w;
  const float y = vp->Pos.y + s.layout.top;
  const float w = vp->Size.x - s.layout.left_w;
  const float h = vp->Size.y - s.layout.top - s.layout.status_h - (s.show_timings ? s.layout.bottom_h : 0.0f);
  ImGui::SetNextWindowPos(ImVec2(x, y), ImGuiCond_Always);
  ImGui::SetNextWindowSize(ImVec2(w, h), ImGuiCond_Always);
  ImGui::PushStyleVar(ImGuiStyleVar_WindowPadding, ImVec2(6 * s.ui_scale, 4 * s.ui_scale));
  ImGui::Begin("Image", nullptr,
               ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoResize | ImGuiWindowFlags_NoCollapse |
                   ImGuiWindowFlags_NoTitleBar | ImGuiWindowFlags_NoScrollbar | ImGuiWindowFlags_NoScrollWithMouse |
                   ImGuiWindowFlags_NoBringToFrontOnFocus);
  ImGui::PopStyleVar();
  ErrorBanner(s);
  if (s.display.valid) Caption(s);

  ViewState& v = s.view;
  const ImVec2 origin = ImGui::GetCursorScreenPos();
  const ImVec2 avail = ImGui::GetContentRegionAvail();
  v.region_x = origin.x;
  v.region_y = origin.y;
  v.region_w = std::max(avail.x, 1.0f);
  v.region_h = std::max(avail.y, 1.0f);
  ImGui::InvisibleButton("canvas", ImVec2(v.region_w, v.region_h),
                         ImGuiButtonFlags_MouseButtonLeft | ImGuiButtonFlags_MouseButtonMiddle);
  const bool hovered = ImGui::IsItemHovered();
  const bool active = ImGui::IsItemActive();
  ImDrawList* dl = ImGui::GetWindowDrawList();
  dl->AddRectFilled(origin, ImVec2(origin.x + v.region_w, origin.y + v.region_h), IM_COL32(24, 25, 29, 255));

  s.hover_request.reset();
  if (s.display.valid && texture != 0) {
    const float img_w = static_cast<float>(s.display.shape.width);
    const float img_h = static_cast<float>(s.display.shape.height);
    if (v.fit) FitView(v, img_w, img_h);
    if (v.want_zoom > 0.0f) {
      v.zoom = std::clamp(v.want_zoom, kMinZoom, kMaxZoom);
      v.fit = false;
      v.want_zoom = 0.0f;
    }
    const ImGuiIO& io = ImGui::GetIO();
    if (hovered && io.MouseWheel != 0.0f) {
      // Zoom around the cursor: the image point under it stays under it.
      const float mx = (io.MousePos.x - v.image_x) / v.zoom, my = (io.MousePos.y - v.image_y) / v.zoom;
      const float old_zoom = v.zoom;
      v.zoom = std::clamp(v.zoom * std::pow(1.15f, io.MouseWheel), kMinZoom, kMaxZoom);
      v.pan_x = mx + (v.pan_x - mx) * old_zoom / v.zoom;
      v.pan_y = my + (v.pan_y - my) * old_zoom / v.zoom;
      v.fit = false;
    }
    if (active && (io.MouseDelta.x != 0 || io.MouseDelta.y != 0)) {
      v.pan_x -= io.MouseDelta.x / v.zoom;
      v.pan_y -= io.MouseDelta.y / v.zoom;
      v.fit = false;
    }
    // Whole screen pixels for the image's corner, so that 1:1 maps texels to pixels exactly.
    v.image_x = std::floor(origin.x + v.region_w * 0.5f - v.pan_x * v.zoom + 0.5f);
    v.image_y = std::floor(origin.y + v.region_h * 0.5f - v.pan_y * v.zoom + 0.5f);
    v.image_w = img_w * v.zoom;
    v.image_h = img_h * v.zoom;
    dl->PushClipRect(origin, ImVec2(origin.x + v.region_w, origin.y + v.region_h), true);
    dl->AddImage(reinterpret_cast<ImTextureID>(static_cast<std::intptr_t>(texture)), ImVec2(v.image_x, v.image_y),
                 ImVec2(v.image_x + v.image_w, v.image_y + v.image_h));
    dl->PopClipRect();
    if (hovered) {
      const int px = static_cast<int>(std::floor((io.MousePos.x - v.image_x) / v.zoom));
      const int py = static_cast<int>(std::floor((io.MousePos.y - v.image_y) / v.zoom));
      if (px >= 0 && py >= 0 && px < s.display.shape.width && py < s.display.shape.height) {
        s.hover_request = std::array<int, 2>{px, py};
        if (!active) HoverTooltip(s);
      }
    }
  } else if (!s.job.active) {
    ImGui::SetCursorScreenPos(ImVec2(origin.x + 12, origin.y + 12));
    DimText("No image. Open one with Ctrl+O, drop a file on the window, or pick a sample (File > Sample images).");
  }
  BusyOverlay(s);
  ImGui::End();
}

}  // namespace fl::ui
