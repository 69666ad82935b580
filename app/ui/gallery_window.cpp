// The bundled sample images (assets/), one click to open.
#include <imgui.h>

#include <algorithm>
#include <cstdint>
#include <filesystem>
#include <string>

#include "app/ui/panels.hpp"
#include "app/ui/ui_style.hpp"

namespace fl::ui {

void DrawGalleryWindow(AppState& s) {
  if (!s.show_gallery) return;
  const float thumb = 160.0f * s.ui_scale;
  const float pad = ImGui::GetStyle().ItemSpacing.x;
  ImGui::SetNextWindowSize(ImVec2(3 * (thumb + pad) + 2 * ImGui::GetStyle().WindowPadding.x + pad, 0),
                           ImGuiCond_Appearing);
  const ImGuiViewport* vp = ImGui::GetMainViewport();
  ImGui::SetNextWindowPos(ImVec2(vp->Pos.x + vp->Size.x * 0.5f, vp->Pos.y + vp->Size.y * 0.45f), ImGuiCond_Appearing,
                          ImVec2(0.5f, 0.5f));
  if (!ImGui::Begin("Sample images", &s.show_gallery, ImGuiWindowFlags_NoCollapse | ImGuiWindowFlags_NoSavedSettings)) {
    ImGui::End();
    return;
  }
  if (s.thumbnails.empty()) DimText("No sample images found (assets/ next to the program or in its source tree).");
  const int columns = std::max(1, static_cast<int>((ImGui::GetContentRegionAvail().x + pad) / (thumb + pad)));
  int column = 0;
  for (const Thumbnail& t : s.thumbnails) {
    if (column++ % columns != 0) ImGui::SameLine();
    ImGui::BeginGroup();
    ImGui::PushID(t.path.c_str());
    // Each picture keeps its aspect inside a square cell, so the grid stays even.
    const float scale = thumb / static_cast<float>(std::max(t.width, t.height));
    const ImVec2 size(t.width * scale, t.height * scale);
    const ImVec2 cell = ImGui::GetCursorScreenPos();
    if (ImGui::InvisibleButton("pick", ImVec2(thumb, thumb))) {
      s.requests.open_image = t.path;
      s.show_gallery = false;
    }
    const bool hovered = ImGui::IsItemHovered();
    ImDrawList* dl = ImGui::GetWindowDrawList();
    dl->AddRectFilled(cell, ImVec2(cell.x + thumb, cell.y + thumb),
                      hovered ? IM_COL32(60, 80, 110, 255) : IM_COL32(30, 32, 38, 255), 4.0f);
    const ImVec2 at(cell.x + (thumb - size.x) * 0.5f, cell.y + (thumb - size.y) * 0.5f);
    dl->AddImage(reinterpret_cast<ImTextureID>(static_cast<std::intptr_t>(t.texture)), at,
                 ImVec2(at.x + size.x, at.y + size.y));
    const std::string name = std::filesystem::path(t.path).filename().string();
    ImGui::TextUnformatted(name.c_str());
    DimText((std::to_string(t.full.width) + "x" + std::to_string(t.full.height) + " " +
             std::string(ToString(t.full.format))).c_str());
    ImGui::PopID();
    ImGui::EndGroup();
    if (hovered) ImGui::SetTooltip("%s\nClick to open", t.path.c_str());
  }
  ImGui::Separator();
  DimText("Licenses: assets/LICENSES.md");
  ImGui::End();
}

}  // namespace fl::ui
