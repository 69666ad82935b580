// `filterlab lessons [--json]`: the guided lessons, as the app's Lessons menu lists them.
#include <cstdio>
#include <memory>

#include "app/cli/command_line.hpp"
#include "app/cli/lessons.hpp"

namespace fl::cli {

static int LessonsCommand(bool json) {
  const std::vector<Lesson>& lessons = BuiltinLessons();
  if (json) {
    std::printf("%s\n", LessonsToJson(lessons).dump(2).c_str());
    return 0;
  }
  for (const Lesson& l : lessons) {
    std::printf("%-26s %s\n", l.id.c_str(), l.title.c_str());
    if (l.preset) std::printf("%-26s   A: %s\n", "", l.preset->c_str());
    if (l.compare) std::printf("%-26s   B: %s\n", "", l.compare->c_str());
    if (l.lab) std::printf("%-26s   lab: %s\n", "", l.lab->command.c_str());
    std::printf("%-26s   claim: %s\n", "", l.claim.statement.c_str());
  }
  return 0;
}

Command AddLessonsCommand(CLI::App& app) {
  auto json = std::make_shared<bool>(false);
  CLI::App* sub = app.add_subcommand("lessons", "List the guided lessons (the app's Lessons menu)");
  sub->add_flag("--json", *json, "Print JSON: [{id, title, text, look_at, preset, compare, lab, claim}]");
  return {sub, [json] { return LessonsCommand(*json); }};
}

}  // namespace fl::cli
