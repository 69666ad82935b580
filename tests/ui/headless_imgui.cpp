#include "ui/headless_imgui.hpp"

#include <imgui.h>

namespace fl::uitest {

void StartHeadlessImGui(float width, float height) {
  ImGui::CreateContext();
  ImGuiIO& io = ImGui::GetIO();
  io.IniFilename = nullptr;
  io.DisplaySize = ImVec2(width, height);
  io.DeltaTime = 1.0f / 60.0f;
  unsigned char* pixels = nullptr;
  int w = 0, h = 0;
  io.Fonts->GetTexDataAsRGBA32(&pixels, &w, &h);  // builds the font atlas, which NewFrame needs
}

}  // namespace fl::uitest
