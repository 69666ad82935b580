// The Lessons menu and the lesson window: opening a lesson loads its preset into A (and its B preset, with the
// comparison on, where it compares) and shows the text, what to look at and the claim the lesson makes.
#include <imgui.h>

#include "app/cli/lessons.hpp"
#include "app/ui/panels.hpp"
#include "app/ui/ui_style.hpp"

namespace fl::ui {

void LessonsMenu(AppState& s) {
  if (!ImGui::BeginMenu("Lessons")) return;
  try {
    int n = 1;
    for (const Lesson& l : cli::BuiltinLessons()) {
      const std::string label = std::to_string(n++) + ". " + l.title;
      if (ImGui::MenuItem(label.c_str(), nullptr, s.teach.lesson == l.id)) s.teach.open_lesson = l.id;
    }
  } catch (const std::exception& e) {
    ImGui::TextColored(kErrorColor, "%s", e.what());
  }
  ImGui::EndMenu();
}

// A lesson's presets into A and B; the pipeline is replaced only when every preset loads (else a notice, and the
// lab keeps its state).
static void OpenLesson(AppState& s, const std::string& id) {
  const Lesson& l = cli::GetLesson(id);
  if (l.preset) {
    Pipeline a = cli::LessonPipeline(*s.registry, *l.preset, s.backend);
    std::optional<Pipeline> b;
    if (l.compare) b = cli::LessonPipeline(*s.registry, *l.compare, s.backend);
    s.pipeline = std::move(a);
    s.ab.enabled = b.has_value();
    if (b) {
      s.ab.b = std::move(*b);
      s.ab.edit_b = false;
      s.ab.view = ParseViewMode(l.view).value_or(ViewMode::Split);
    } else {
      s.ab.view = ViewMode::A;
    }
    s.pipeline_edited = true;
    s.selected_stage = s.pipeline.stages.empty() ? -1 : 0;
    s.show_stage = kShowLast;
  }
  s.teach.lesson = id;
  s.teach.show_lesson = true;
}

void ProcessLessonRequest(AppState& s) {
  if (!s.teach.open_lesson) return;
  const std::string id = *s.teach.open_lesson;
  s.teach.open_lesson.reset();
  try {
    OpenLesson(s, id);
    Notify(s, "lesson: " + cli::GetLesson(id).title);
  } catch (const std::exception& e) {
    Notify(s, e.what(), true);
  }
}

static void Paragraph(const char* heading, const std::string& text) {
  ImGui::Spacing();
  DimText(heading);
  ImGui::TextWrapped("%s", text.c_str());
}

void DrawLessonWindow(AppState& s) {
  if (!s.teach.show_lesson || s.teach.lesson.empty()) return;
  const Lesson* l = nullptr;
  for (const Lesson& candidate : cli::BuiltinLessons())
    if (candidate.id == s.teach.lesson) l = &candidate;
  if (!l) return;
  ImGui::SetNextWindowSize(ImVec2(460 * s.ui_scale, 420 * s.ui_scale), ImGuiCond_FirstUseEver);
  if (!ImGui::Begin("Lesson", &s.teach.show_lesson)) {
    ImGui::End();
    return;
  }
  ImGui::PushTextWrapPos(0);
  ImGui::TextUnformatted(l->title.c_str());
  ImGui::PopTextWrapPos();
  ImGui::Separator();
  Paragraph("What happens", l->text);
  Paragraph("What to look at", l->look_at);
  if (l->lab) Paragraph("Run the lab", l->lab->command + (s.backend == Backend::Cuda ? "" : " (needs a CUDA device)"));
  std::string claim = l->claim.statement;
  if (l->claim.lab.empty())
    claim += "\n(" + l->claim.faster + " against " + l->claim.slower + ", " + l->claim.size + " " + l->claim.format + ")";
  Paragraph("The claim (measured by tests/gpu/lesson_claims_test.cpp)", claim);
  if (s.backend != Backend::Cuda) {
    ImGui::PushTextWrapPos(0);
    ImGui::TextColored(kWarnColor, "No CUDA device: the CUDA variants run as the CPU reference, so the times here do "
                                   "not show the effect.");
    ImGui::PopTextWrapPos();
  }
  ImGui::Spacing();
  if (l->preset && ImGui::Button("Reload the lesson's presets")) s.teach.open_lesson = l->id;
  ImGui::SameLine();
  if (ImGui::Button("Kernel source")) s.teach.show_kernel_source = true;
  ImGui::End();
}

}  // namespace fl::ui
