#pragma once
// Puts the shown stage's output on the display texture: through CUDA-GL interop when the output lives on the
// device and the texture is registered, else by conversion + upload (a device output without interop, or a host
// output). Fills AppState::display and the interop fields.
#include "app/ui/app_state.hpp"
#include "app/ui/engine.hpp"
#include "app/ui/host_display.hpp"
#include "render/display_texture.hpp"

namespace fl::ui {

// The stage index that AppState::show_stage means now (kShowLast resolved; out-of-range falls back).
int ResolveShownStage(const AppState& s, const Engine& e);

// Converts and writes; throws RuntimeError when CUDA or GL fail. `allow_interop` false forces the upload path.
void UpdateDisplay(AppState& s, Engine& e, render::DisplayTexture& tex, bool allow_interop);

// The value range an output is shown with: min and max of a gray32f output, {0, 255} for the others.
HostRange OutputRange(Engine& e, const StageOutput& out);
// One stage output (on the host or the device) onto `tex` at s.display.step, sizing the texture; a device
// output goes through interop when the texture can be registered and `allow_interop`, ordered after the work
// on out.stream. Sets s.interop and s.interop_active; the write's costs go to s.display for the main view's
// texture only (`main_view`), not for A/B's B and difference textures.
void OutputToTexture(AppState& s, Engine& e, const StageOutput& out, const HostRange& range,
                     render::DisplayTexture& tex, bool allow_interop, bool main_view);
// One host image onto `tex` at `step` (sizing the texture).
void HostToTexture(const Image& img, int step, const HostRange& range, render::DisplayTexture& tex);

}  // namespace fl::ui
