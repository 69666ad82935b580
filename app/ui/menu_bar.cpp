// The main menu bar: File, Pipeline, View, Labs, Lessons, Help. Every entry shows its shortcut.
#include <imgui.h>

#include <filesystem>

#include "app/ui/panels.hpp"
#include "app/ui/pipeline_edits.hpp"
#include "app/ui/sample_assets.hpp"
#include "app/ui/shortcuts.hpp"

namespace fl::ui {

static void FileMenu(AppState& s) {
  if (!ImGui::BeginMenu("File")) return;
  if (ImGui::MenuItem("Open image...", "Ctrl+O")) OpenFileBrowser(s, BrowserPurpose::OpenImage);
  if (ImGui::BeginMenu("Open recent", !s.recent_files.empty())) {
    for (const std::string& f : s.recent_files)
      if (ImGui::MenuItem(f.c_str())) s.requests.open_image = f;
    ImGui::EndMenu();
  }
  if (ImGui::MenuItem("Sample images...")) s.show_gallery = true;
  if (ImGui::MenuItem("Test pattern...", "Ctrl+G")) s.pattern_dialog.open = true;
  ImGui::Separator();
  if (ImGui::MenuItem("Save displayed output (PNG)...", "Ctrl+S", false, s.display.valid))
    OpenFileBrowser(s, BrowserPurpose::SaveOutput);
  ImGui::Separator();
  if (ImGui::MenuItem("Load preset...", "Ctrl+L")) OpenFileBrowser(s, BrowserPurpose::LoadPreset);
  if (ImGui::MenuItem("Save preset...", "Ctrl+Shift+S")) OpenFileBrowser(s, BrowserPurpose::SavePreset);
  ImGui::Separator();
  if (ImGui::MenuItem("Export timings (CSV)...", "Ctrl+E", false, !s.results[Slot::A].stages.empty()))
    OpenFileBrowser(s, BrowserPurpose::ExportCsv);
  if (ImGui::MenuItem("Export timings (JSON)...", nullptr, false, !s.results[Slot::A].stages.empty()))
    OpenFileBrowser(s, BrowserPurpose::ExportJson);
  if (ImGui::MenuItem("Export report...", nullptr, false, s.results[Slot::A].valid)) s.teach.export_dialog = true;
  ImGui::Separator();
  if (ImGui::MenuItem("Quit", "Ctrl+Q")) s.requests.quit = true;
  ImGui::EndMenu();
}

static void PipelineMenu(AppState& s) {
  if (!ImGui::BeginMenu("Pipeline")) return;
  if (ImGui::BeginMenu("Add stage")) {
    for (const FilterSpec& f : s.registry->filters())
      if (ImGui::MenuItem((f.id + "  (" + f.name + ")").c_str())) AddStage(s, f.id);
    ImGui::EndMenu();
  }
  const bool has = s.selected_stage >= 0 && s.selected_stage < static_cast<int>(s.pipeline.stages.size());
  if (ImGui::MenuItem("Duplicate stage", "Ctrl+D", false, has)) DuplicateStage(s, s.selected_stage);
  if (ImGui::MenuItem("Remove stage", "Delete", false, has)) RemoveStage(s, s.selected_stage);
  if (ImGui::MenuItem("Move stage up", "Alt+Up", false, has && s.selected_stage > 0))
    MoveStage(s, s.selected_stage, -1);
  if (ImGui::MenuItem("Move stage down", "Alt+Down", false,
                      has && s.selected_stage + 1 < static_cast<int>(s.pipeline.stages.size())))
    MoveStage(s, s.selected_stage, +1);
  ImGui::Separator();
  if (ImGui::MenuItem("Reset to the default pipeline")) s.requests.reset_pipeline = true;
  ImGui::Separator();
  ImGui::MenuItem("Measure continuously", "Space", &s.continuous);
  ImGui::EndMenu();
}

static void ViewMenu(AppState& s) {
  if (!ImGui::BeginMenu("View")) return;
  if (ImGui::MenuItem("Zoom to fit", "F")) s.view.fit = true;
  if (ImGui::MenuItem("Zoom 1:1", "1")) s.view.want_zoom = 1.0f;
  if (ImGui::MenuItem("Show input", "0")) s.show_stage = kShowInput;
  if (ImGui::MenuItem("Show last stage", nullptr, s.show_stage == kShowLast)) s.show_stage = kShowLast;
  ImGui::Separator();
  ImGui::MenuItem("Launch grid overlay", "G", &s.ab.show_grid);
  if (ImGui::BeginMenu("A/B view")) {
    ImGui::MenuItem("Compare A/B", nullptr, &s.ab.enabled);
    const char* keys[] = {"2", "3", "4", "5", "6"};
    const char* names[] = {"A", "B", "Split", "Side by side", "Difference"};
    for (int i = 0; i < 5; ++i)
      if (ImGui::MenuItem(names[i], keys[i], s.ab.view == static_cast<ViewMode>(i), s.ab.enabled))
        s.ab.view = static_cast<ViewMode>(i);
    ImGui::EndMenu();
  }
  ImGui::Separator();
  ImGui::MenuItem("Timings panel", nullptr, &s.show_timings);
  ImGui::MenuItem("Tune launch (selected stage)", "Ctrl+T", &s.tune.open);
  ImGui::MenuItem("Kernel source", "Ctrl+K", &s.teach.show_kernel_source);
  ImGui::EndMenu();
}

static void HelpMenu(AppState& s) {
  if (!ImGui::BeginMenu("Help")) return;
  if (ImGui::MenuItem("Keyboard shortcuts and display rules", "F1")) s.show_help = true;
  if (ImGui::BeginMenu("Shortcuts")) {
    for (const auto& sc : Shortcuts()) ImGui::MenuItem(sc.action, sc.keys, false, false);
    ImGui::EndMenu();
  }
  if (ImGui::MenuItem("About Filter Lab")) s.show_about = true;
  ImGui::EndMenu();
}

void DrawMenuBar(AppState& s) {
  if (!ImGui::BeginMainMenuBar()) return;
  FileMenu(s);
  PipelineMenu(s);
  ViewMenu(s);
  DrawLabsMenu(s);
  LessonsMenu(s);
  HelpMenu(s);
  s.layout.top = ImGui::GetWindowSize().y;
  ImGui::EndMainMenuBar();
}

}  // namespace fl::ui
