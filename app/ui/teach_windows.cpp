// The teaching windows drawn each frame (lesson, kernel source, export report dialog) and the requests they make.
#include <imgui.h>

#include <cstring>

#include "app/ui/panels.hpp"
#include "app/ui/session_report.hpp"
#include "app/ui/ui_style.hpp"

namespace fl::ui {

void DrawLessonWindow(AppState& s);        // lesson_window.cpp
void DrawKernelSourceWindow(AppState& s);  // kernel_source_window.cpp
void ProcessLessonRequest(AppState& s);    // lesson_window.cpp

static void DrawExportReportDialog(AppState& s) {
  TeachState& t = s.teach;
  if (t.export_dialog) {
    std::snprintf(t.export_folder, sizeof t.export_folder, "%s", DefaultReportFolder().c_str());
    ImGui::OpenPopup("Export report");
    t.export_dialog = false;
  }
  if (!ImGui::BeginPopupModal("Export report", nullptr, ImGuiWindowFlags_AlwaysAutoResize)) return;
  DimText("report.md and PNG charts of the current session (A, and B with the A/B metrics while comparing)");
  ImGui::SetNextItemWidth(520 * s.ui_scale);
  ImGui::InputText("folder", t.export_folder, sizeof t.export_folder);
  if (ImGui::Button("Export") && std::strlen(t.export_folder) > 0) {
    t.export_report = std::string(t.export_folder);
    ImGui::CloseCurrentPopup();
  }
  ImGui::SameLine();
  if (ImGui::Button("Cancel") || ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_Escape))) ImGui::CloseCurrentPopup();
  ImGui::EndPopup();
}

void DrawTeachWindows(AppState& s) {
  DrawLessonWindow(s);
  DrawKernelSourceWindow(s);
  DrawExportReportDialog(s);
}

void ProcessTeachRequests(AppState& s) {
  ProcessLessonRequest(s);
  if (!s.teach.export_report) return;
  const std::string folder = *s.teach.export_report;
  s.teach.export_report.reset();
  try {
    const cli::ReportFiles files = cli::WriteReport(SessionReport(s), folder);
    Notify(s, "report written: " + files.markdown);
  } catch (const std::exception& e) {
    Notify(s, std::string("report not written: ") + e.what(), true);
  }
}

}  // namespace fl::ui
