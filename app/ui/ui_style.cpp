#include "app/ui/ui_style.hpp"

#include <filesystem>

namespace fl::ui {

void SetupLookAndFeel(float scale) {
  ImGuiIO& io = ImGui::GetIO();
  io.Fonts->Clear();
  const float size = 15.0f * scale;
  bool loaded = false;
  for (const char* path : {"/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf",
                           "/usr/share/fonts/TTF/DejaVuSans.ttf",
                           "/usr/share/fonts/dejavu/DejaVuSans.ttf",
                           "/usr/share/fonts/truetype/liberation/LiberationSans-Regular.ttf",
                           "/usr/share/fonts/truetype/noto/NotoSans-Regular.ttf"}) {
    std::error_code ec;
    if (std::filesystem::exists(path, ec) && io.Fonts->AddFontFromFileTTF(path, size)) {
      loaded = true;
      break;
    }
  }
  if (!loaded) {
    // ImGui's own pixel font is drawn for 13 px; whole multiples keep it crisp.
    ImFontConfig cfg;
    cfg.SizePixels = 13.0f * (scale < 1.5f ? 1.0f : static_cast<float>(static_cast<int>(scale + 0.5f)));
    io.Fonts->AddFontDefault(&cfg);
  }

  ImGui::StyleColorsDark();
  ImGuiStyle& style = ImGui::GetStyle();
  style.WindowRounding = 0.0f;
  style.FrameRounding = 3.0f;
  style.GrabRounding = 3.0f;
  style.WindowBorderSize = 1.0f;
  style.FramePadding = ImVec2(6, 4);
  style.ItemSpacing = ImVec2(8, 5);
  style.WindowPadding = ImVec2(8, 8);
  ImVec4* c = style.Colors;
  c[ImGuiCol_WindowBg] = ImVec4(0.11f, 0.12f, 0.14f, 1.0f);
  c[ImGuiCol_ChildBg] = ImVec4(0.08f, 0.085f, 0.10f, 1.0f);
  c[ImGuiCol_Header] = ImVec4(0.22f, 0.32f, 0.48f, 0.80f);
  c[ImGuiCol_HeaderHovered] = ImVec4(0.28f, 0.42f, 0.62f, 0.85f);
  c[ImGuiCol_HeaderActive] = ImVec4(0.30f, 0.47f, 0.70f, 1.00f);
  c[ImGuiCol_TitleBg] = ImVec4(0.13f, 0.15f, 0.19f, 1.0f);
  c[ImGuiCol_TitleBgActive] = ImVec4(0.16f, 0.20f, 0.27f, 1.0f);
  style.ScaleAllSizes(scale);
}

void DimText(const char* text) {
  ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled));
  ImGui::TextUnformatted(text);
  ImGui::PopStyleColor();
}

void HelpMarker(const char* text) {
  ImGui::SameLine();
  DimText("(?)");
  if (ImGui::IsItemHovered()) {
    ImGui::BeginTooltip();
    ImGui::PushTextWrapPos(ImGui::GetFontSize() * 32.0f);
    ImGui::TextUnformatted(text);
    ImGui::PopTextWrapPos();
    ImGui::EndTooltip();
  }
}

}  // namespace fl::ui
