// What the viewer draws over the image: the launch grid of the shown stage (which pixels each block computes,
// and for the hovered block the halo it only reads) and, at high zoom, each pixel's value inside it.
#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "app/ui/panels.hpp"

namespace fl::ui {

std::optional<LaunchGrid> LaunchGridOf(const AppState& s) {
  const int stage = s.display.stage;
  const bool show_b = s.ab.view == ViewMode::B && ShownB(s);
  const Plan& plan = s.results[show_b ? Slot::B : Slot::A].plan;
  if (!s.display.valid || stage < 0 || static_cast<std::size_t>(stage) >= plan.stages.size()) return std::nullopt;
  const PlannedStage& ps = plan.stages[static_cast<std::size_t>(stage)];
  if (!ps.runs_cuda() || !ps.footprint) return std::nullopt;  // no grid for CPU code
  LaunchGrid g;
  g.footprint = *ps.footprint;
  g.declared = ps.footprint_declared;
  if (g.footprint.tile_w <= 0 || g.footprint.tile_h <= 0) return std::nullopt;
  g.blocks_x = ps.blocks_x;
  g.blocks_y = ps.blocks_y;
  g.tiers = {g.blocks_y, g.footprint.tile_h, g.blocks_y, ps.out.height, g.footprint.tile_h};
  const std::vector<StageReport>& reports = s.results[show_b ? Slot::B : Slot::A].stages;
  const long resident =
      static_cast<std::size_t>(stage) < reports.size() ? reports[static_cast<std::size_t>(stage)].resident_blocks : 0;
  // Strips per row of blocks: block_y for the strip kernels, one for gauss tensor (its warps stand side by side).
  const int strips = ps.launch.ppt > 0 ? g.footprint.tile_h / ps.launch.ppt : 0;
  if (ps.tail.divisor > 0 && resident > 0 && strips > 0) {
    const StripTiers t = TiersFor(ps.out.height, ps.launch.ppt, strips, g.blocks_x, resident, ps.tail);
    g.tiers = {t.grid_y, t.rows * strips, t.tail_band, t.tail_y, t.tail_rows * strips};
    g.footprint.tile_h = t.rows * strips;  // a long grid's strips are longer than the launch's ppt
    g.blocks_y = t.grid_y;
  }
  return g;
}

void DrawLaunchGrid(const AppState& s, ImDrawList* dl, float hover_x, float hover_y, bool hovered) {
  const std::optional<LaunchGrid> grid = LaunchGridOf(s);
  if (!grid) return;
  const BlockFootprint fp = grid->footprint;
  const StripTiers& tiers = grid->tiers;
  const ViewState& view = s.view;
  const float tw = static_cast<float>(fp.tile_w) * view.zoom, th = static_cast<float>(fp.tile_h) * view.zoom;
  // Band b's top edge on screen, and the band under screen row y (bands are rows of blocks, the tail's shorter).
  auto band_y = [&](int b) { return view.image_y + static_cast<float>(BandTop(tiers, b, 1, fp.tile_h)) * view.zoom; };
  auto band_at = [&](float y) {
    const float row = (y - view.image_y) / view.zoom;
    return row < 0 ? -1 : BandAt(tiers, static_cast<int>(row), 1, fp.tile_h);
  };
  const ImVec2 clip0 = dl->GetClipRectMin(), clip1 = dl->GetClipRectMax();
  const int w = s.display.shape.width, h = s.display.shape.height;
  const int blocks_x = grid->blocks_x, blocks_y = grid->blocks_y;
  const float x0 = view.image_x, y0 = view.image_y;
  const float x_end = x0 + static_cast<float>(w) * view.zoom, y_end = y0 + static_cast<float>(h) * view.zoom;
  const ImU32 line = IM_COL32(80, 220, 255, 150);
  // Only the lines in view; a grid finer than a few screen pixels would be a solid fill, so it is left out.
  // A band line is drawn where the bands it parts are at least 4 screen pixels tall (the tail's may not be).
  const bool tail_lines = static_cast<float>(BandRows(tiers, tiers.tail_band, 1, fp.tile_h)) * view.zoom >= 4.0f;
  if (tw >= 4.0f && th >= 4.0f) {
    const int bx0 = std::max(0, static_cast<int>(std::floor((clip0.x - x0) / tw)));
    const int bx1 = std::min(blocks_x, static_cast<int>(std::ceil((clip1.x - x0) / tw)));
    const int by0 = std::max(0, band_at(clip0.y));
    const int by1 = std::min(blocks_y, band_at(clip1.y) + 1);
    const float top = std::max(y0, clip0.y), bottom = std::min(y_end, clip1.y);
    const float left = std::max(x0, clip0.x), right = std::min(x_end, clip1.x);
    for (int bx = bx0; bx <= bx1; ++bx) {
      const float x = std::min(x0 + static_cast<float>(bx) * tw, x_end);
      dl->AddLine(ImVec2(x, top), ImVec2(x, bottom), line, 1.0f);
    }
    for (int by = by0; by <= by1; ++by) {
      if (by > tiers.tail_band && !tail_lines) continue;
      const float y = std::min(band_y(by), y_end);
      dl->AddLine(ImVec2(left, y), ImVec2(right, y), line, 1.0f);
    }
  }
  if (!hovered) return;
  const int bx = static_cast<int>(std::floor((hover_x - x0) / tw));
  const int by = band_at(hover_y);
  if (bx < 0 || by < 0 || bx >= blocks_x || by >= blocks_y) return;
  // The hovered block: its tile outlined, the halo it reads as a translucent band around it.
  const int tile_h = BandRows(tiers, by, 1, fp.tile_h);
  const ImVec2 t0(x0 + static_cast<float>(bx) * tw, band_y(by));
  const ImVec2 t1(std::min(t0.x + tw, x_end), std::min(t0.y + static_cast<float>(tile_h) * view.zoom, y_end));
  if (fp.halo > 0) {
    const float hz = static_cast<float>(fp.halo) * view.zoom;
    const ImVec2 h0(t0.x - hz, t0.y - hz), h1(t1.x + hz, t1.y + hz);
    const ImU32 band = IM_COL32(255, 170, 40, 70);
    dl->AddRectFilled(h0, ImVec2(h1.x, t0.y), band);
    dl->AddRectFilled(ImVec2(h0.x, t1.y), h1, band);
    dl->AddRectFilled(ImVec2(h0.x, t0.y), ImVec2(t0.x, t1.y), band);
    dl->AddRectFilled(ImVec2(t1.x, t0.y), ImVec2(h1.x, t1.y), band);
    dl->AddRect(h0, h1, IM_COL32(255, 170, 40, 160));
  }
  dl->AddRect(t0, t1, IM_COL32(80, 220, 255, 255), 0.0f, 0, 2.0f);
  char label[160];
  if (grid->declared)
    std::snprintf(label, sizeof label, "block (%d, %d): computes %dx%d px, reads a %d px halo%s", bx, by, fp.tile_w,
                  tile_h, fp.halo, by >= tiers.tail_band ? " (a tail band of short strips, started last)" : "");
  else
    std::snprintf(label, sizeof label, "block (%d, %d): %dx%d px, one pixel per thread", bx, by, fp.tile_w,
                  fp.tile_h);
  const ImVec2 at(std::max(t0.x, clip0.x) + 3, std::max(t0.y, clip0.y) + 2);
  const ImVec2 size = ImGui::CalcTextSize(label);
  dl->AddRectFilled(at, ImVec2(at.x + size.x + 4, at.y + size.y), IM_COL32(0, 0, 0, 170));
  dl->AddText(ImVec2(at.x + 2, at.y), IM_COL32(200, 240, 255, 255), label);
}

// The largest channel difference |A - B| of one pixel, as text ("" when equal).
static void DifferenceText(const Image& a, const Image& b, int x, int y, char* text, std::size_t size) {
  double d = 0;
  const int ch = Channels(a.format());
  for (int c = 0; c < ch; ++c) {
    const double va = a.format() == PixelFormat::Gray32f ? a.Row<float>(y)[x] : a.Row<std::uint8_t>(y)[ch * x + c];
    const double vb = b.format() == PixelFormat::Gray32f ? b.Row<float>(y)[x] : b.Row<std::uint8_t>(y)[ch * x + c];
    d = std::max(d, std::fabs(va - vb));
  }
  if (d == 0) text[0] = '\0';
  else std::snprintf(text, size, "%.3g", d);
}

void DrawDifferenceValues(const AppState& s, ImDrawList* dl, const Image& a, const Image& b, float x0, float y0,
                          float clip_x0, float clip_y0, float clip_x1, float clip_y1) {
  if (a.shape() != b.shape()) return;
  const float z = s.view.zoom;
  const int px0 = std::max(0, static_cast<int>(std::floor((clip_x0 - x0) / z)));
  const int py0 = std::max(0, static_cast<int>(std::floor((clip_y0 - y0) / z)));
  const int px1 = std::min(a.width() - 1, static_cast<int>(std::floor((clip_x1 - x0) / z)));
  const int py1 = std::min(a.height() - 1, static_cast<int>(std::floor((clip_y1 - y0) / z)));
  for (int y = py0; y <= py1; ++y)
    for (int x = px0; x <= px1; ++x) {
      char text[32];
      DifferenceText(a, b, x, y, text, sizeof text);
      if (!text[0]) continue;  // equal pixels stay clean: the numbers point at the differences
      const ImVec2 size = ImGui::CalcTextSize(text);
      if (size.x > z - 2) continue;
      dl->AddText(ImVec2(x0 + (static_cast<float>(x) + 0.5f) * z - size.x * 0.5f,
                         y0 + (static_cast<float>(y) + 0.5f) * z - size.y * 0.5f),
                  IM_COL32(255, 255, 255, 240), text);
    }
}

void DrawPixelValues(const AppState& s, ImDrawList* dl, const Image& img, float x0, float y0, float clip_x0,
                     float clip_y0, float clip_x1, float clip_y1) {
  const float z = s.view.zoom;
  const int ch = Channels(img.format());
  const float font = ImGui::GetFontSize();
  if (ch == 4 && z < font * 4.2f) return;  // four lines need the room
  const int px0 = std::max(0, static_cast<int>(std::floor((clip_x0 - x0) / z)));
  const int py0 = std::max(0, static_cast<int>(std::floor((clip_y0 - y0) / z)));
  const int px1 = std::min(img.width() - 1, static_cast<int>(std::floor((clip_x1 - x0) / z)));
  const int py1 = std::min(img.height() - 1, static_cast<int>(std::floor((clip_y1 - y0) / z)));
  for (int y = py0; y <= py1; ++y)
    for (int x = px0; x <= px1; ++x) {
      char text[64];
      float level = 0;  // how bright the pixel shows, to pick a readable colour
      if (img.format() == PixelFormat::Gray8) {
        level = img.Row<std::uint8_t>(y)[x];
        std::snprintf(text, sizeof text, "%d", img.Row<std::uint8_t>(y)[x]);
      } else if (img.format() == PixelFormat::Gray32f) {
        const float f = img.Row<float>(y)[x];
        level = s.display.hi > s.display.lo ? 255.0f * (f - s.display.lo) / (s.display.hi - s.display.lo) : 0.0f;
        std::snprintf(text, sizeof text, "%.3g", f);
      } else {
        const std::uint8_t* p = img.Row<std::uint8_t>(y) + 4 * x;
        level = (77.0f * p[0] + 150.0f * p[1] + 29.0f * p[2]) / 256.0f;
        std::snprintf(text, sizeof text, "%d\n%d\n%d\n%d", p[0], p[1], p[2], p[3]);
      }
      const ImVec2 size = ImGui::CalcTextSize(text);
      if (size.x > z - 2) continue;  // does not fit: leave the pixel clean
      const ImVec2 at(x0 + (static_cast<float>(x) + 0.5f) * z - size.x * 0.5f,
                      y0 + (static_cast<float>(y) + 0.5f) * z - size.y * 0.5f);
      dl->AddText(at, level > 128 ? IM_COL32(0, 0, 0, 230) : IM_COL32(255, 255, 255, 230), text);
    }
}

}  // namespace fl::ui
