#pragma once
// Puts the shown stage's output on the display texture: through CUDA-GL interop when the texture is registered,
// else by conversion + upload (CUDA without interop, or the CPU backend). Fills AppState::display and interop.
#include "app/ui/app_state.hpp"
#include "app/ui/engine.hpp"
#include "app/ui/host_display.hpp"
#include "cuda/display/display_convert.hpp"
#include "render/display_texture.hpp"

namespace fl::ui {

// The stage index that AppState::show_stage means now (kShowLast resolved; out-of-range falls back).
int ResolveShownStage(const AppState& s, const Engine& e);

// Converts and writes; throws RuntimeError when CUDA or GL fail. `allow_interop` false forces the upload path.
void UpdateDisplay(AppState& s, Engine& e, render::DisplayTexture& tex, bool allow_interop);

// One device image onto `tex` at s.display.step (sizing the texture): through interop when the texture can be
// registered and `allow_interop`, else converted and uploaded, ordered after the work on out.stream. Sets
// s.interop. For outputs that live on the device (out.device set).
void DeviceToTexture(AppState& s, Engine& e, const StageOutput& out, const cuda::ValueRange& range,
                     render::DisplayTexture& tex, bool allow_interop);
// One host image onto `tex` at `step` (sizing the texture).
void HostToTexture(const Image& img, int step, const HostRange& range, render::DisplayTexture& tex);

}  // namespace fl::ui
