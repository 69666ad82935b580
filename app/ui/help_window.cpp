// Help: the shortcuts and the display rules (what the viewer does with floats, alpha and very large images);
// About: versions and what runs where.
#include <imgui.h>

#include "app/ui/panels.hpp"
#include "app/ui/shortcuts.hpp"
#include "app/ui/ui_style.hpp"

namespace fl::ui {

void DrawHelpWindow(AppState& s) {
  if (!s.show_help) return;
  ImGui::SetNextWindowSize(ImVec2(560 * s.ui_scale, 0), ImGuiCond_Appearing);
  if (!ImGui::Begin("Help", &s.show_help, ImGuiWindowFlags_NoCollapse | ImGuiWindowFlags_NoSavedSettings)) {
    ImGui::End();
    return;
  }
  if (ImGui::BeginTable("keys", 2, ImGuiTableFlags_RowBg | ImGuiTableFlags_SizingFixedFit)) {
    for (const Shortcut& sc : Shortcuts()) {
      ImGui::TableNextRow();
      ImGui::TableNextColumn();
      ImGui::TextUnformatted(sc.keys);
      ImGui::TableNextColumn();
      ImGui::TextUnformatted(sc.action);
    }
    ImGui::EndTable();
  }
  ImGui::Separator();
  ImGui::PushTextWrapPos(0);
  ImGui::TextUnformatted("Display rules");
  DimText("gray8 shows as grey; rgba8 shows its colour (alpha is not composited); gray32f is stretched from its "
          "minimum (black) to its maximum (white), computed on the device, shown in the caption.");
  DimText("Images larger than GL_MAX_TEXTURE_SIZE are shown subsampled (every n-th pixel, said in the caption); "
          "pixel values under the cursor and saved PNGs always use the full-resolution output.");
  ImGui::TextUnformatted("A/B comparison");
  DimText("Tick Compare A/B in the pipeline panel: B starts as a copy of A and runs beside it; \"edit B\" makes the "
          "stage editors change B's variants, launch configurations and parameters (the chain of stages is A's). "
          "Metrics compare A with B and each with the CPU reference chain (run once per parameter set, on worker "
          "threads: a slow one says it is running and is measured when it arrives, and a chain whose parameters "
          "moved on is cancelled); B is "
          "shown with A's value range. The difference view shows |A - B| as a heat map (gain) or the pixels "
          "differing by more than the tolerance in magenta.");
  ImGui::TextUnformatted("CPU backend");
  DimText("Without a CUDA device every stage runs its CPU variant (openmp where there is one). The pipeline runs on a "
          "worker thread: while it runs the view keeps the previous result and the status bar says \"A running on "
          "the CPU...\"; the newest edit runs next (a run of more than a quarter of a second is cancelled for it), "
          "A and B take turns, and the A/B metrics wait for both. Esc stops the run and keeps the previous result.");
  DimText("Drop an image file on the window to open it. A file that fails to load is reported and the current "
          "image and pipeline stay.");
  ImGui::PopTextWrapPos();
  ImGui::End();
}

void DrawAboutWindow(AppState& s) {
  if (!s.show_about) return;
  if (!ImGui::Begin("About Filter Lab", &s.show_about,
                    ImGuiWindowFlags_AlwaysAutoResize | ImGuiWindowFlags_NoCollapse |
                        ImGuiWindowFlags_NoSavedSettings)) {
    ImGui::End();
    return;
  }
  ImGui::Text("Filter Lab %s", FILTERLAB_VERSION);
  DimText("See, teach and tune CUDA image kernels.");
  ImGui::Separator();
  ImGui::Text("Device: %s", s.device_name.c_str());
  ImGui::Text("Backend: %s", s.facts.name);
  ImGui::Text("Display: %s", s.interop.c_str());
  ImGui::Text("OpenGL: %s", s.gl_description.c_str());
  ImGui::Text("Dear ImGui %s", IMGUI_VERSION);
  ImGui::End();
}

}  // namespace fl::ui
