// The image in the middle: zoom with the wheel around the cursor, pan by dragging, fit (F) and 1:1 (1), crisp
// pixels when magnified, the value of the pixel under the cursor, and a caption saying what is shown.
#include <imgui.h>
#include <imgui_internal.h>  // ClearActiveID: the wipe line takes the drag from the pan

#include <algorithm>
#include <cmath>
#include <cstdint>
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
  const Pipeline& ran = s.results[Slot::A].plan.pipeline;
  if (i < ran.stages.size())
    return "stage " + std::to_string(i + 1) + " (" + ran.stages[i].filter + " " + ran.stages[i].variant + ")";
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

static ImTextureID Tex(unsigned id) { return reinterpret_cast<ImTextureID>(static_cast<std::intptr_t>(id)); }

static void DrawSplitClipped(ImDrawList* dl, const ViewerImages& im, ImVec2 clip0, ImVec2 clip1, float at,
                             bool vertical, ImVec2 i0, ImVec2 i1);
static void DrawSplitLine(const AppState& s, ImDrawList* dl, ImVec2 clip0, ImVec2 clip1, float at, ImVec2 i0,
                          ImVec2 i1);

// The wipe line of the split view: drawn across the image, dragged with the left button (grabbed within a few
// pixels), A on the left / above, B on the right / below.
static void SplitView(AppState& s, ImDrawList* dl, const ViewerImages& im, ImVec2 clip0, ImVec2 clip1,
                      bool hovered) {
  static bool dragging = false;
  ViewState& v = s.view;
  AbState& ab = s.ab;
  const ImGuiIO& io = ImGui::GetIO();
  const ImVec2 i0(v.image_x, v.image_y), i1(v.image_x + v.image_w, v.image_y + v.image_h);
  const float at = ab.split_vertical ? i0.x + ab.split * v.image_w : i0.y + ab.split * v.image_h;
  const float mouse = ab.split_vertical ? io.MousePos.x : io.MousePos.y;
  const bool near = hovered && std::fabs(mouse - at) <= 5.0f * s.ui_scale;
  if (near && ImGui::IsMouseClicked(ImGuiMouseButton_Left)) dragging = true;
  if (!ImGui::IsMouseDown(ImGuiMouseButton_Left)) dragging = false;
  if (dragging) {
    const float span = ab.split_vertical ? v.image_w : v.image_h;
    ab.split = std::clamp((mouse - (ab.split_vertical ? i0.x : i0.y)) / std::max(span, 1.0f), 0.0f, 1.0f);
  }
  if (near || dragging)
    ImGui::SetMouseCursor(ab.split_vertical ? ImGuiMouseCursor_ResizeEW : ImGuiMouseCursor_ResizeNS);
  if (im.split && im.b) {
    // One quad through the split shader: A's texels on one side of the line, B's on the other.
    im.split->texture_b = im.b;
    im.split->split = ab.split;
    im.split->vertical = ab.split_vertical;
    dl->PushClipRect(clip0, clip1, true);
    dl->AddCallback(render::SplitProgram::Begin, im.split);
    dl->AddImage(Tex(im.a), i0, i1);
    dl->AddCallback(ImDrawCallback_ResetRenderState, nullptr);
    dl->PopClipRect();
  } else {
    DrawSplitClipped(dl, im, clip0, clip1, at, ab.split_vertical, i0, i1);
  }
  DrawSplitLine(s, dl, clip0, clip1, at, i0, i1);
  if (dragging) ImGui::ClearActiveID();  // the drag moves the line, not the image
}

// Without the shader: the two images, each clipped to its side of the line.
static void DrawSplitClipped(ImDrawList* dl, const ViewerImages& im, ImVec2 clip0, ImVec2 clip1, float at,
                             bool vertical, ImVec2 i0, ImVec2 i1) {
  const ImVec2 a_clip1 = vertical ? ImVec2(std::min(at, clip1.x), clip1.y) : ImVec2(clip1.x, std::min(at, clip1.y));
  const ImVec2 b_clip0 = vertical ? ImVec2(std::max(at, clip0.x), clip0.y) : ImVec2(clip0.x, std::max(at, clip0.y));
  dl->PushClipRect(clip0, a_clip1, true);
  dl->AddImage(Tex(im.a), i0, i1);
  dl->PopClipRect();
  dl->PushClipRect(b_clip0, clip1, true);
  dl->AddImage(Tex(im.b ? im.b : im.a), i0, i1);
  dl->PopClipRect();
}

static void DrawSplitLine(const AppState& s, ImDrawList* dl, ImVec2 clip0, ImVec2 clip1, float at, ImVec2 i0,
                          ImVec2 i1) {
  const AbState& ab = s.ab;
  dl->PushClipRect(clip0, clip1, true);
  const ImU32 line = IM_COL32(255, 210, 60, 255);
  if (ab.split_vertical) {
    dl->AddLine(ImVec2(at, std::max(i0.y, clip0.y)), ImVec2(at, std::min(i1.y, clip1.y)), line, 2.0f);
    dl->AddText(ImVec2(at - 16 * s.ui_scale, std::max(i0.y, clip0.y) + 2), line, "A");
    dl->AddText(ImVec2(at + 6 * s.ui_scale, std::max(i0.y, clip0.y) + 2), line, "B");
  } else {
    dl->AddLine(ImVec2(std::max(i0.x, clip0.x), at), ImVec2(std::min(i1.x, clip1.x), at), line, 2.0f);
    dl->AddText(ImVec2(std::max(i0.x, clip0.x) + 4, at - ImGui::GetFontSize() - 2), line, "A");
    dl->AddText(ImVec2(std::max(i0.x, clip0.x) + 4, at + 3), line, "B");
  }
  dl->PopClipRect();
}

static void HoverTooltipAb(const AppState& s) {
  if (!s.hover) return;
  const HoverPixel& h = *s.hover;
  auto text = [&](const std::array<float, 4>& v) {
    char t[96];
    if (h.channels == 4)
      std::snprintf(t, sizeof t, "R %.0f  G %.0f  B %.0f  A %.0f", v[0], v[1], v[2], v[3]);
    else if (h.is_float)
      std::snprintf(t, sizeof t, "%.6g", v[0]);
    else
      std::snprintf(t, sizeof t, "%.0f", v[0]);
    return std::string(t);
  };
  ImGui::BeginTooltip();
  ImGui::Text("(%d, %d)", h.x, h.y);
  ImGui::Text("A    %s", text(h.value).c_str());
  if (h.b) ImGui::Text("B    %s", text(*h.b).c_str());
  if (h.ref) ImGui::Text("ref  %s", text(*h.ref).c_str());
  ImGui::EndTooltip();
}

// Where this frame draws: the canvas region, the panes (two of half the width side by side, else one), the
// image's rectangle on screen and the mouse in the coordinates of the pane it is over.
struct Canvas {
  ImVec2 clip0, clip1;  // the region
  ImVec2 i0, i1;        // the image in the (left) pane
  float pane_w = 0;
  float cursor_x = 0;   // the mouse, mapped onto the left pane
  bool hovered = false, active = false;
};

static void BeginViewerWindow(AppState& s) {
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
}

// Fit, 1:1 and centring requests, then the wheel (zoom around the cursor) and the drag (pan); sets where the
// image lies on screen.
static void MoveView(AppState& s, Canvas& c, ImVec2 origin) {
  ViewState& v = s.view;
  const float img_w = static_cast<float>(s.display.shape.width);
  const float img_h = static_cast<float>(s.display.shape.height);
  if (v.fit) {
    const float keep = v.region_w;
    v.region_w = c.pane_w;
    FitView(v, img_w, img_h);
    v.region_w = keep;
  }
  if (v.want_zoom > 0.0f) {
    v.zoom = std::clamp(v.want_zoom, kMinZoom, kMaxZoom);
    v.fit = false;
    v.want_zoom = 0.0f;
  }
  if (s.centre_on) {
    v.pan_x = (*s.centre_on)[0];
    v.pan_y = (*s.centre_on)[1];
    v.fit = false;
    s.centre_on.reset();
  }
  const ImGuiIO& io = ImGui::GetIO();
  if (c.hovered && io.MouseWheel != 0.0f) {
    // Zoom around the cursor: the image point under it stays under it.
    const float mx = (c.cursor_x - v.image_x) / v.zoom, my = (io.MousePos.y - v.image_y) / v.zoom;
    const float old_zoom = v.zoom;
    v.zoom = std::clamp(v.zoom * std::pow(1.15f, io.MouseWheel), kMinZoom, kMaxZoom);
    v.pan_x = mx + (v.pan_x - mx) * old_zoom / v.zoom;
    v.pan_y = my + (v.pan_y - my) * old_zoom / v.zoom;
    v.fit = false;
  }
  if (c.active && (io.MouseDelta.x != 0 || io.MouseDelta.y != 0)) {
    v.pan_x -= io.MouseDelta.x / v.zoom;
    v.pan_y -= io.MouseDelta.y / v.zoom;
    v.fit = false;
  }
  // Whole screen pixels for the image's corner, so that 1:1 maps texels to pixels exactly.
  v.image_x = std::floor(origin.x + c.pane_w * 0.5f - v.pan_x * v.zoom + 0.5f);
  v.image_y = std::floor(origin.y + v.region_h * 0.5f - v.pan_y * v.zoom + 0.5f);
  v.image_w = img_w * v.zoom;
  v.image_h = img_h * v.zoom;
  c.i0 = ImVec2(v.image_x, v.image_y);
  c.i1 = ImVec2(v.image_x + v.image_w, v.image_y + v.image_h);
}

// The images of the view mode, each pane clipped to itself with the values inside pixels at high zoom.
static void DrawPanes(AppState& s, const ViewerImages& im, ImDrawList* dl, ViewMode mode, const Canvas& c) {
  const ViewState& v = s.view;
  auto pane = [&](unsigned tex, const Image* host, float off, float pane_x0, float pane_x1) {
    const ImVec2 p0(pane_x0, c.clip0.y), p1(pane_x1, c.clip1.y);
    dl->PushClipRect(p0, p1, true);
    dl->AddImage(Tex(tex), ImVec2(c.i0.x + off, c.i0.y), ImVec2(c.i1.x + off, c.i1.y));
    if (host && !host->empty() && v.zoom >= 24.0f)
      DrawPixelValues(s, dl, *host, c.i0.x + off, c.i0.y, p0.x, p0.y, p1.x, p1.y);
    dl->PopClipRect();
  };
  const Image* host_a = im.host_a && !im.host_a->empty() ? im.host_a : nullptr;
  const Image* host_b = im.host_b && !im.host_b->empty() ? im.host_b : nullptr;
  const float x0 = c.clip0.x, x1 = c.clip1.x;
  switch (mode) {
    case ViewMode::A: pane(im.a, host_a, 0, x0, x1); break;
    case ViewMode::B: pane(im.b ? im.b : im.a, im.b ? host_b : host_a, 0, x0, x1); break;
    case ViewMode::Diff:
      if (im.diff) pane(im.diff, nullptr, 0, x0, x1);
      if (im.diff && host_a && host_b && v.zoom >= 24.0f) {
        dl->PushClipRect(c.clip0, c.clip1, true);
        DrawDifferenceValues(s, dl, *host_a, *host_b, c.i0.x, c.i0.y, x0, c.clip0.y, x1, c.clip1.y);
        dl->PopClipRect();
      }
      break;
    case ViewMode::Split: SplitView(s, dl, im, c.clip0, c.clip1, c.hovered); break;
    case ViewMode::Side:
      pane(im.a, host_a, 0, x0, x0 + c.pane_w);
      pane(im.b ? im.b : im.a, host_b, c.pane_w, x0 + c.pane_w, x1);
      dl->AddLine(ImVec2(x0 + c.pane_w, c.clip0.y), ImVec2(x0 + c.pane_w, c.clip1.y), IM_COL32(90, 95, 110, 255));
      break;
  }
}

// The pixel under the mouse: asked for (the lab reads its values), outlined in both panes side by side, and
// its values in a tooltip.
static void HoverPixelUnderMouse(AppState& s, ImDrawList* dl, bool side, const Canvas& c) {
  const ViewState& v = s.view;
  const int px = static_cast<int>(std::floor((c.cursor_x - v.image_x) / v.zoom));
  const int py = static_cast<int>(std::floor((ImGui::GetIO().MousePos.y - v.image_y) / v.zoom));
  if (px < 0 || py < 0 || px >= s.display.shape.width || py >= s.display.shape.height) return;
  s.hover_request = std::array<int, 2>{px, py};
  if (side) {
    // The same pixel outlined in both panes, so that A's and B's values can be compared by eye.
    const float size = std::max(v.zoom, 1.0f);
    for (float off : {0.0f, c.pane_w}) {
      const ImVec2 q0(v.image_x + off + static_cast<float>(px) * v.zoom, v.image_y + static_cast<float>(py) * v.zoom);
      dl->PushClipRect(ImVec2(c.clip0.x + off, c.clip0.y),
                       ImVec2(off > 0 ? c.clip1.x : c.clip0.x + c.pane_w, c.clip1.y), true);
      dl->AddRect(ImVec2(q0.x - 1, q0.y - 1), ImVec2(q0.x + size + 1, q0.y + size + 1), IM_COL32(255, 210, 60, 255));
      dl->PopClipRect();
    }
  }
  if (c.active) return;
  if (s.ab.enabled)
    HoverTooltipAb(s);
  else
    HoverTooltip(s);
}

void DrawViewerPanel(AppState& s, const ViewerImages& im) {
  BeginViewerWindow(s);
  ErrorBanner(s);
  if (s.display.valid) Caption(s);
  if (s.ab.enabled) DrawCompareBar(s);

  ViewState& v = s.view;
  const ImVec2 origin = ImGui::GetCursorScreenPos();
  const ImVec2 avail = ImGui::GetContentRegionAvail();
  v.region_x = origin.x;
  v.region_y = origin.y;
  v.region_w = std::max(avail.x, 1.0f);
  v.region_h = std::max(avail.y, 1.0f);
  ImGui::InvisibleButton("canvas", ImVec2(v.region_w, v.region_h),
                         ImGuiButtonFlags_MouseButtonLeft | ImGuiButtonFlags_MouseButtonMiddle);
  Canvas c;
  c.hovered = ImGui::IsItemHovered();
  c.active = ImGui::IsItemActive();
  c.clip0 = origin;
  c.clip1 = ImVec2(origin.x + v.region_w, origin.y + v.region_h);
  ImDrawList* dl = ImGui::GetWindowDrawList();
  dl->AddRectFilled(c.clip0, c.clip1, IM_COL32(24, 25, 29, 255));

  const ViewMode mode = s.ab.enabled ? s.ab.view : ViewMode::A;
  const bool side = mode == ViewMode::Side;
  // Side by side: two panes of half the width, one zoom and pan for both.
  c.pane_w = side ? std::floor(v.region_w * 0.5f) : v.region_w;
  const float mouse_x = ImGui::GetIO().MousePos.x;
  c.cursor_x = mouse_x - (side && mouse_x >= origin.x + c.pane_w ? c.pane_w : 0.0f);
  s.hover_request.reset();
  if (s.display.valid && im.a != 0) {
    MoveView(s, c, origin);
    DrawPanes(s, im, dl, mode, c);
    if (s.ab.show_grid) {
      dl->PushClipRect(c.clip0, side ? ImVec2(c.clip0.x + c.pane_w, c.clip1.y) : c.clip1, true);
      DrawLaunchGrid(s, dl, c.cursor_x, ImGui::GetIO().MousePos.y, c.hovered);
      dl->PopClipRect();
    }
    if (mode == ViewMode::Diff && !im.diff) {
      ImGui::SetCursorScreenPos(ImVec2(origin.x + 12, origin.y + 12));
      DimText(s.ab.diff_note.empty() ? "No difference image yet." : s.ab.diff_note.c_str());
    }
    if (c.hovered) HoverPixelUnderMouse(s, dl, side, c);
  } else if (!s.job.active) {
    ImGui::SetCursorScreenPos(ImVec2(origin.x + 12, origin.y + 12));
    DimText("No image. Open one with Ctrl+O, drop a file on the window, or pick a sample (File > Sample images).");
  }
  BusyOverlay(s);
  ImGui::End();
}

}  // namespace fl::ui
