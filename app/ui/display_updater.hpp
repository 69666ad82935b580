#pragma once
// Puts the shown stage's output on the display texture: through CUDA-GL interop when the texture is registered,
// else by conversion + upload (CUDA without interop, or the CPU backend). Fills AppState::display and interop.
#include "app/ui/app_state.hpp"
#include "app/ui/engine.hpp"
#include "render/display_texture.hpp"

namespace fl::ui {

// The stage index that AppState::show_stage means now (kShowLast resolved; out-of-range falls back).
int ResolveShownStage(const AppState& s, const Engine& e);

// Converts and writes; throws RuntimeError when CUDA or GL fail. `allow_interop` false forces the upload path.
void UpdateDisplay(AppState& s, Engine& e, render::DisplayTexture& tex, bool allow_interop);

}  // namespace fl::ui
