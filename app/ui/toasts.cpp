// Short notices in the bottom-right corner ("saved output.png"), fading after a few seconds.
#include <imgui.h>

#include <algorithm>

#include "app/ui/panels.hpp"
#include "app/ui/ui_style.hpp"

namespace fl::ui {

constexpr double kToastSeconds = 4.0;

void Notify(AppState& s, std::string text, bool error) {
  s.toasts.push_back({std::move(text), error, ImGui::GetTime() + kToastSeconds});
  if (s.toasts.size() > 4) s.toasts.erase(s.toasts.begin());
}

void DrawToasts(AppState& s) {
  const double now = ImGui::GetTime();
  s.toasts.erase(std::remove_if(s.toasts.begin(), s.toasts.end(), [now](const Toast& t) { return t.until < now; }),
                 s.toasts.end());
  if (s.toasts.empty()) return;
  const ImGuiViewport* vp = ImGui::GetMainViewport();
  const float margin = 12 * s.ui_scale;
  ImGui::SetNextWindowPos(ImVec2(vp->Pos.x + vp->Size.x - margin,
                                 vp->Pos.y + vp->Size.y - s.layout.status_h - s.layout.bottom_h - margin),
                          ImGuiCond_Always, ImVec2(1, 1));
  ImGui::SetNextWindowBgAlpha(0.9f);
  ImGui::Begin("##toasts", nullptr,
               ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_AlwaysAutoResize | ImGuiWindowFlags_NoSavedSettings |
                   ImGuiWindowFlags_NoFocusOnAppearing | ImGuiWindowFlags_NoNav | ImGuiWindowFlags_NoMove);
  for (const Toast& t : s.toasts) {
    if (t.error)
      ImGui::TextColored(kErrorColor, "%s", t.text.c_str());
    else
      ImGui::TextUnformatted(t.text.c_str());
  }
  ImGui::End();
}

}  // namespace fl::ui
