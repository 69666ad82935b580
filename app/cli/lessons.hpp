#pragma once
// The built-in lessons: lessons/lessons.json and the presets it names, compiled into the binary at build time
// (app/CMakeLists.txt), so the CLI and the app need no source tree and cannot drift from the checked-in files.
#include <string>
#include <vector>

#include "core/lesson.hpp"
#include "core/pipeline.hpp"

namespace fl::cli {

// Parsed once; a broken catalogue is a build defect, reported as InputError on first use (and by the CPU tests).
const std::vector<Lesson>& BuiltinLessons();
// Throws InputError "unknown lesson 'x' (lessons: a, b, ...)".
const Lesson& GetLesson(const std::string& id);
// The embedded text of a lesson file named by its repository path ("lessons/01_x.json"); InputError if absent.
std::string LessonFileText(const std::string& path);
// A lesson preset as a pipeline (PipelineFromJson on the embedded text); errors name the path.
Pipeline LessonPipeline(const Registry& reg, const std::string& path, Backend backend);

}  // namespace fl::cli
