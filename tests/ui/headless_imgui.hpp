#pragma once
// An ImGui context that runs frames without a window, for the panel tests that draw in-process: fonts built (nothing
// uploaded), a display size, 60 frames a second, no ini file.
namespace fl::uitest {

// Creates the context and makes it current; ImGui::DestroyContext() ends it.
void StartHeadlessImGui(float width, float height);

}  // namespace fl::uitest
