// The bundled sample images (assets/), one click to open.
#include <imgui.h>

#include <filesystem>

#include "app/ui/panels.hpp"
#include "app/ui/sample_assets.hpp"
#include "app/ui/ui_style.hpp"

namespace fl::ui {

void DrawGalleryWindow(AppState& s) {
  if (!s.show_gallery) return;
  ImGui::SetNextWindowSize(ImVec2(380 * s.ui_scale, 0), ImGuiCond_Appearing);
  const ImGuiViewport* vp = ImGui::GetMainViewport();
  ImGui::SetNextWindowPos(ImVec2(vp->Pos.x + vp->Size.x * 0.5f, vp->Pos.y + vp->Size.y * 0.4f), ImGuiCond_Appearing,
                          ImVec2(0.5f, 0.5f));
  if (!ImGui::Begin("Sample images", &s.show_gallery, ImGuiWindowFlags_NoCollapse | ImGuiWindowFlags_NoSavedSettings)) {
    ImGui::End();
    return;
  }
  const std::vector<std::string> samples = SampleImages();
  if (samples.empty()) DimText("No assets folder found next to the program or in its source tree.");
  for (const std::string& path : samples) {
    const std::string name = std::filesystem::path(path).filename().string();
    if (ImGui::Selectable(name.c_str(), s.image_label == path)) {
      s.requests.open_image = path;
      s.show_gallery = false;
    }
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", path.c_str());
  }
  ImGui::Separator();
  DimText("Licenses: assets/LICENSES.md");
  ImGui::End();
}

}  // namespace fl::ui
