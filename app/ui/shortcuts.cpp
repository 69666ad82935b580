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
      {"Ctrl+T", "Tune the selected stage's launch (heat map of block sizes)"},
      {"Ctrl+K", "Kernel source of the selected stage on / off"},
      {"Space", "Measure continuously on/off"},
      {"F", "Zoom to fit"},
      {"1", "Zoom 1:1 (one image pixel per screen pixel)"},
      {"+ / -", "Zoom in / out (or the mouse wheel, around the cursor)"},
      {"Drag", "Pan the image"},
      {"Up / Down", "Select and show the previous / next stage"},
      {"0", "Show the input image"},
      {"2 / 3", "A/B: show A / show B"},
      {"4", "A/B: split view (drag the wipe line)"},
      {"5", "A/B: side by side (zoom and pan locked together)"},
      {"6", "A/B: difference (heat map or mismatch mask)"},
      {"Tab or X", "A/B: flip between A and B"},
      {"H", "A/B: turn the split line (vertical / horizontal)"},
      {"G", "Launch-grid overlay on / off"},
      {"E", "Enable / disable the selected stage"},
      {"Delete", "Remove the selected stage"},
      {"Ctrl+D", "Duplicate the selected stage"},
      {"Alt+Up / Alt+Down", "Move the selected stage up / down"},
      {"Esc", "Cancel loading or a run on the CPU, close dialogs"},
      {"F5 / Shift+F5", "Run / cancel the selected lab (Labs window)"},
      {"F1", "This help"},
      {"Ctrl+Q", "Quit"},
  };
  return list;
}

void SetView(AppState& s, ViewMode mode) {
  if (!s.ab.enabled && mode != ViewMode::A) {
    s.ab.enabled = true;
    if (s.ab.b.stages.empty()) s.ab.b = s.pipeline;
  }
  s.ab.view = mode;
}

// Ctrl+key: the file dialogs, quit, duplicate. True when the key was one of them.
static bool CtrlShortcut(AppState& s, const KeyPress& k) {
  switch (k.key) {
    case GLFW_KEY_O: OpenFileBrowser(s, BrowserPurpose::OpenImage); return true;
    case GLFW_KEY_G: s.pattern_dialog.open = true; return true;
    case GLFW_KEY_K: s.teach.show_kernel_source = !s.teach.show_kernel_source; return true;
    case GLFW_KEY_S:
      OpenFileBrowser(s, k.shift ? BrowserPurpose::SavePreset : BrowserPurpose::SaveOutput);
      return true;
    case GLFW_KEY_L: OpenFileBrowser(s, BrowserPurpose::LoadPreset); return true;
    case GLFW_KEY_E: OpenFileBrowser(s, BrowserPurpose::ExportCsv); return true;
    case GLFW_KEY_Q: s.requests.quit = true; return true;
    case GLFW_KEY_T: s.tune.open = !s.tune.open; return true;
    case GLFW_KEY_D: DuplicateStage(s, s.selected_stage); return true;
    default: return false;
  }
}

// Plain keys for the view: measuring, zoom, the input, the A/B views and the overlays.
static void ViewShortcut(AppState& s, const KeyPress& k) {
  switch (k.key) {
    case GLFW_KEY_SPACE:
      if (!k.repeat) s.continuous = !s.continuous;
      break;
    case GLFW_KEY_F: s.view.fit = true; break;
    case GLFW_KEY_1:
    case GLFW_KEY_KP_1: s.view.want_zoom = 1.0f; break;
    case GLFW_KEY_EQUAL:
    case GLFW_KEY_KP_ADD: s.view.want_zoom = s.view.zoom * 1.25f; break;
    case GLFW_KEY_MINUS:
    case GLFW_KEY_KP_SUBTRACT: s.view.want_zoom = s.view.zoom / 1.25f; break;
    case GLFW_KEY_0:
    case GLFW_KEY_KP_0: s.show_stage = kShowInput; break;
    case GLFW_KEY_2: SetView(s, ViewMode::A); break;
    case GLFW_KEY_3: SetView(s, ViewMode::B); break;
    case GLFW_KEY_4: SetView(s, ViewMode::Split); break;
    case GLFW_KEY_5: SetView(s, ViewMode::Side); break;
    case GLFW_KEY_6: SetView(s, ViewMode::Diff); break;
    case GLFW_KEY_TAB:
    case GLFW_KEY_X:
      if (!k.repeat && s.ab.enabled) s.ab.view = s.ab.view == ViewMode::A ? ViewMode::B : ViewMode::A;
      break;
    case GLFW_KEY_H:
      if (!k.repeat) s.ab.split_vertical = !s.ab.split_vertical;
      break;
    case GLFW_KEY_G:
      if (!k.repeat) s.ab.show_grid = !s.ab.show_grid;
      break;
    default: break;
  }
}

// Plain keys for the stages: remove, enable, select the previous or next one.
static void StageShortcut(AppState& s, const KeyPress& k) {
  const int n = static_cast<int>(s.pipeline.stages.size());
  switch (k.key) {
    case GLFW_KEY_DELETE:
      if (!k.repeat) RemoveStage(s, s.selected_stage);
      break;
    case GLFW_KEY_E:
      if (!k.repeat && s.selected_stage >= 0 && s.selected_stage < n)
        SetStageEnabled(s, s.selected_stage, !s.pipeline.stages[static_cast<std::size_t>(s.selected_stage)].enabled);
      break;
    case GLFW_KEY_UP:
      if (n > 0) {
        s.selected_stage = s.selected_stage <= 0 ? 0 : s.selected_stage - 1;
        s.show_stage = s.selected_stage;
      }
      break;
    case GLFW_KEY_DOWN:
      if (n > 0) {
        s.selected_stage = s.selected_stage < 0 ? 0 : std::min(s.selected_stage + 1, n - 1);
        s.show_stage = s.selected_stage;
      }
      break;
    default: break;
  }
}

static void Act(AppState& s, const KeyPress& k, bool typing) {
  if (k.ctrl && !k.repeat && CtrlShortcut(s, k)) return;
  if (k.key == GLFW_KEY_F1 && !k.repeat) s.show_help = true;
  if (k.key == GLFW_KEY_F5 && !k.repeat) {
    if (k.shift)
      s.labs.cancel_requested = true;
    else
      RequestLabRun(s);
  }
  if (k.key == GLFW_KEY_ESCAPE && !k.repeat) {
    if (s.job.active) s.requests.cancel_job = true;
    if (s.results[Slot::A].running || s.results[Slot::B].running) s.requests.cancel_runs = true;
    s.browser.open = s.pattern_dialog.open = s.show_gallery = s.show_help = s.show_about = false;
    if (s.tune.running) s.tune.cancel = true;
  }
  if (typing) return;  // plain keys below would type into a focused field
  if (k.alt && (k.key == GLFW_KEY_UP || k.key == GLFW_KEY_DOWN)) {
    MoveStage(s, s.selected_stage, k.key == GLFW_KEY_UP ? -1 : +1);
    return;
  }
  if (k.ctrl || k.alt) return;
  ViewShortcut(s, k);
  StageShortcut(s, k);
}

void HandleShortcuts(AppState& s) {
  const bool typing = ImGui::GetIO().WantTextInput;
  for (const KeyPress& k : s.key_presses) Act(s, k, typing);
  s.key_presses.clear();
}

}  // namespace fl::ui
