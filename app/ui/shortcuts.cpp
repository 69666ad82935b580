#include "app/ui/shortcuts.hpp"

#include <algorithm>

#include <imgui.h>
#define GLFW_INCLUDE_NONE
#include <GLFW/glfw3.h>  // key codes only: the GLFW backend indexes io.KeysDown by them

#include "app/ui/panels.hpp"
#include "app/ui/pipeline_edits.hpp"

namespace fl::ui {

const std::vector<Shortcut>& Shortcuts() {
  static const std::vector<Shortcut> list = {
      {"Ctrl+O", "Open an image (file browser)"},
      {"Ctrl+G", "Generate a test pattern"},
      {"Ctrl+S", "Save the displayed output as PNG"},
      {"Ctrl+L", "Load a pipeline preset"},
      {"Ctrl+Shift+S", "Save the pipeline as a preset"},
      {"Ctrl+E", "Export the timing table (CSV)"},
      {"Space", "Measure continuously on/off"},
      {"F", "Zoom to fit"},
      {"1", "Zoom 1:1 (one image pixel per screen pixel)"},
      {"+ / -", "Zoom in / out (or the mouse wheel, around the cursor)"},
      {"Drag", "Pan the image"},
      {"Up / Down", "Select and show the previous / next stage"},
      {"0", "Show the input image"},
      {"E", "Enable / disable the selected stage"},
      {"Delete", "Remove the selected stage"},
      {"Ctrl+D", "Duplicate the selected stage"},
      {"Alt+Up / Alt+Down", "Move the selected stage up / down"},
      {"Esc", "Cancel loading, close dialogs"},
      {"F1", "This help"},
      {"Ctrl+Q", "Quit"},
  };
  return list;
}

static bool Pressed(int key) { return ImGui::IsKeyPressed(key, false); }
static bool Repeated(int key) { return ImGui::IsKeyPressed(key, true); }

void HandleShortcuts(AppState& s) {
  const ImGuiIO& io = ImGui::GetIO();
  const bool ctrl = io.KeyCtrl, shift = io.KeyShift, alt = io.KeyAlt;
  if (ctrl && Pressed(GLFW_KEY_O)) OpenFileBrowser(s, BrowserPurpose::OpenImage);
  if (ctrl && Pressed(GLFW_KEY_G)) s.pattern_dialog.open = true;
  if (ctrl && !shift && Pressed(GLFW_KEY_S)) OpenFileBrowser(s, BrowserPurpose::SaveOutput);
  if (ctrl && shift && Pressed(GLFW_KEY_S)) OpenFileBrowser(s, BrowserPurpose::SavePreset);
  if (ctrl && Pressed(GLFW_KEY_L)) OpenFileBrowser(s, BrowserPurpose::LoadPreset);
  if (ctrl && Pressed(GLFW_KEY_E)) OpenFileBrowser(s, BrowserPurpose::ExportCsv);
  if (ctrl && Pressed(GLFW_KEY_Q)) s.requests.quit = true;
  if (ctrl && Pressed(GLFW_KEY_D)) DuplicateStage(s, s.selected_stage);
  if (Pressed(GLFW_KEY_F1)) s.show_help = true;
  if (Pressed(GLFW_KEY_ESCAPE)) {
    if (s.job.active) s.requests.cancel_job = true;
    s.browser.open = s.pattern_dialog.open = s.show_gallery = s.show_help = s.show_about = false;
  }
  if (io.WantTextInput || ctrl) return;  // plain keys below would type into a focused field
  const int n = static_cast<int>(s.pipeline.stages.size());
  if (Pressed(GLFW_KEY_SPACE)) s.continuous = !s.continuous;
  if (Pressed(GLFW_KEY_F)) s.view.fit = true;
  if (Pressed(GLFW_KEY_1) || Pressed(GLFW_KEY_KP_1)) s.view.want_zoom = 1.0f;
  if (Repeated(GLFW_KEY_EQUAL) || Repeated(GLFW_KEY_KP_ADD)) {
    s.view.zoom *= 1.25f;
    s.view.fit = false;
  }
  if (Repeated(GLFW_KEY_MINUS) || Repeated(GLFW_KEY_KP_SUBTRACT)) {
    s.view.zoom /= 1.25f;
    s.view.fit = false;
  }
  if (Pressed(GLFW_KEY_0) || Pressed(GLFW_KEY_KP_0)) s.show_stage = kShowInput;
  if (Pressed(GLFW_KEY_DELETE)) RemoveStage(s, s.selected_stage);
  if (Pressed(GLFW_KEY_E) && s.selected_stage >= 0 && s.selected_stage < n)
    SetStageEnabled(s, s.selected_stage, !s.pipeline.stages[static_cast<std::size_t>(s.selected_stage)].enabled);
  if (alt && Repeated(GLFW_KEY_UP)) MoveStage(s, s.selected_stage, -1);
  if (alt && Repeated(GLFW_KEY_DOWN)) MoveStage(s, s.selected_stage, +1);
  if (!alt && Repeated(GLFW_KEY_UP) && n > 0) {
    s.selected_stage = s.selected_stage <= 0 ? 0 : s.selected_stage - 1;
    s.show_stage = s.selected_stage;
  }
  if (!alt && Repeated(GLFW_KEY_DOWN) && n > 0) {
    s.selected_stage = s.selected_stage < 0 ? 0 : std::min(s.selected_stage + 1, n - 1);
    s.show_stage = s.selected_stage;
  }
}

}  // namespace fl::ui
