#pragma once
// One function per window of the lab. Each reads and edits the plain AppState and records what it wants done in
// AppState::requests; none touches the engine, GL or files itself.
#include "app/ui/app_state.hpp"
#include "core/strip_tiers.hpp"
#include "core/lab_spec.hpp"
#include "render/split_program.hpp"

struct ImDrawList;

namespace fl::ui {

void DrawMenuBar(AppState& s);
void DrawPipelinePanel(AppState& s);
// What the viewer draws: GL texture names (0 when there is nothing) and, for the pixel inspector, host copies
// of the compared images (empty when not comparing).
struct ViewerImages {
  unsigned a = 0, b = 0, diff = 0;
  const Image* host_a = nullptr;
  const Image* host_b = nullptr;
  const Image* reference = nullptr;
  // The split view's shader (shaders/split.frag) and its uniforms; nullptr: two clipped images instead.
  render::SplitUniforms* split = nullptr;
};
void DrawViewerPanel(AppState& s, const ViewerImages& images);
// Above the image while comparing: the view buttons, the difference settings and the metrics table.
void DrawCompareBar(AppState& s);
// The shown stage's launch grid: each block's footprint and how many blocks cover the output. nullopt when the
// stage runs no CUDA kernel (CPU variants, disabled stages, the input).
struct LaunchGrid {
  BlockFootprint footprint;  // a main-tier block's
  bool declared = false;     // the variant declares its footprint; else one pixel per thread
  int blocks_x = 0, blocks_y = 0;
  // Rows of blocks: equal, or with the last wave's in shorter strips (PlannedStage::tail) once the stage's
  // kernel facts say how many blocks the device holds. Counted in rows of blocks (by = 1): band b starts at
  // BandTop(tiers, b, 1, footprint.tile_h) and is BandRows(tiers, b, 1, footprint.tile_h) tall.
  StripTiers tiers{};
};
std::optional<LaunchGrid> LaunchGridOf(const AppState& s);
// The launch grid of the shown stage over the image (blocks in view only; the hovered block's halo).
void DrawLaunchGrid(const AppState& s, ImDrawList* dl, float hover_x, float hover_y, bool hovered);
// At high zoom, each visible pixel's values written inside it.
// At high zoom in the difference view, |A - B| (largest channel) inside each visible pixel that differs.
void DrawDifferenceValues(const AppState& s, ImDrawList* dl, const Image& a, const Image& b, float x0, float y0,
                          float clip_x0, float clip_y0, float clip_x1, float clip_y1);
void DrawPixelValues(const AppState& s, ImDrawList* dl, const Image& img, float x0, float y0, float clip_x0,
                     float clip_y0, float clip_x1, float clip_y1);
void DrawTimingsPanel(AppState& s);
void DrawStatusBar(AppState& s);
void DrawFileBrowser(AppState& s);
void DrawPatternWindow(AppState& s);
void DrawGalleryWindow(AppState& s);
void DrawHelpWindow(AppState& s);
void DrawAboutWindow(AppState& s);
void DrawToasts(AppState& s);
// The Tune window (Ctrl+T): the selected stage's launch sweep as a heat map (app/ui/tune_window.cpp).
void DrawTuneWindow(AppState& s);
// Teaching (app/ui/lesson_window.cpp, kernel_source_window.cpp, report_export.cpp): the Lessons menu, and the
// lesson, kernel source and export report windows.
void LessonsMenu(AppState& s);
void DrawTeachWindows(AppState& s);
// Carries out the lesson and report requests (after the frame's widgets, like the other requests).
void ProcessTeachRequests(AppState& s);

// The stage editor inside the pipeline panel (variant, parameters, launch controls).
void DrawStageEditor(AppState& s, std::size_t index);
// One parameter's widget from its declaration (slider, combo; tooltip with range and default; right-click
// resets). `stage_index` expands "stage:N" choices to the stages before it. True when the value changed.
bool DrawParamWidget(const ParamSpec& p, ParamValue& value, std::size_t stage_index = 0);

// The Labs menu, the Labs window (labs_window.cpp) and its result part (lab_results.cpp).
void DrawLabsMenu(AppState& s);
void DrawLabsWindow(AppState& s);
void DrawLabResult(AppState& s, const LabSpec& lab);
// Asks for a run of the selected lab (F5), opening the window.
void RequestLabRun(AppState& s);

// Opens the file browser for a purpose, at the remembered folder.
void OpenFileBrowser(AppState& s, BrowserPurpose purpose);
// Adds a short notice in the corner of the window.
void Notify(AppState& s, std::string text, bool error = false);

}  // namespace fl::ui
