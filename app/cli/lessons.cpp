#include "app/cli/lessons.hpp"

#include <filesystem>

#include "core/error.hpp"
#include "core/preset.hpp"
#include "filterlab_lesson_files_embedded.hpp"

namespace fl::cli {

std::string LessonFileText(const std::string& path) {
  const std::string name = std::filesystem::path(path).filename().string();
  if (std::filesystem::path(path).parent_path() == "lessons")
    for (std::size_t i = 0; i < lesson_files::kFileCount; ++i)
      if (lesson_files::kFiles[i].name == name) return std::string(lesson_files::kFiles[i].text);
  throw InputError("lesson file '" + path + "' is not among the built-in lessons (lessons/*.json)");
}

const std::vector<Lesson>& BuiltinLessons() {
  static const std::vector<Lesson> lessons = ParseLessons(LessonFileText("lessons/lessons.json"));
  return lessons;
}

const Lesson& GetLesson(const std::string& id) {
  std::string known;
  for (const Lesson& l : BuiltinLessons()) {
    if (l.id == id) return l;
    known += (known.empty() ? "" : ", ") + l.id;
  }
  throw InputError("unknown lesson '" + id + "' (lessons: " + known + ")");
}

Pipeline LessonPipeline(const Registry& reg, const std::string& path, Backend backend) {
  try {
    return PipelineFromJson(reg, LessonFileText(path), backend);
  } catch (const InputError& e) {
    throw InputError("lesson preset '" + path + "': " + e.what());
  }
}

}  // namespace fl::cli
