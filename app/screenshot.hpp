#pragma once
// `filterlab --screenshot OUT.png`: one complete UI frame rendered offscreen (the pipeline run and displayed as
// in the window) and written as a PNG of exactly the requested size.
#include <limits>
#include <string>
#include <vector>

namespace fl::app {

// --show-stage's default, the last stage: a value no one types (negative stages are refused).
inline constexpr int kShowLastStage = std::numeric_limits<int>::min();

struct ScreenshotOptions {
  std::string output;
  std::string image;                // --input
  std::string preset;
  std::vector<std::string> stages;
  std::string backend;              // "", "cuda" or "cpu"
  std::string window = "1280x800";  // WxH
  std::string gl = "auto";          // auto (EGL device, else a hidden GLFW window), egl, glfw
  std::string zoom = "fit";         // fit, or a number (1 = 1:1)
  int show_stage = kShowLastStage;  // 0 the input, N stage N; the default the last
  std::string open_window;          // "", help, about, browser, pattern, gallery: for documentation shots
  float ui_scale = 1.0f;
  bool no_interop = false;
  bool interop_map = false;
  std::string view = "a";           // a, b, split, side, diff: the A/B view (anything but a turns B on)
  std::vector<std::string> b_stages;  // B's stages (same filters as --stage); none: B = A
  std::string diff = "heat";        // heat, mask
  bool grid = false;                // the launch-grid overlay
  std::string hover;                // "X,Y": the mouse over that image pixel (inspector, hovered block)
  int measure_frames = 0;           // then N frames re-running the pipeline each, timed (frame rate, display cost)
  std::string lab;                  // "": no Labs window; else the lab it shows
  bool lab_run = false;             // run that lab first (waiting for it) and show its result
};

// Returns the exit code: 0, or 2 when the input, preset or stages given were bad (the PNG is still written,
// showing the error, with the defaults in their place). Throws InputError / RuntimeError when no PNG can be made.
// Prints one line on stdout describing the frame: context, display path and where the image was drawn.
int RunScreenshot(const ScreenshotOptions& o);

}  // namespace fl::app
