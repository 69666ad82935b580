#pragma once
// Guided lessons (lessons/lessons.json): each one a demonstration with a title, a text, what to look at, and either
// a preset for slot A (and one for B where it compares) or a lab to run, plus a claim about speed stated as data
// so that a GPU test (tests/gpu/lesson_claims_test.cpp) can measure whether it holds.
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

namespace fl {

// "`faster` takes less time than `slower`": stage specs (core/stage_spec.hpp) timed alone on a generated image of
// `size` and `format`, or, for a lab claim, two variant ids of lab `lab`. With a margin m the claim is
// time(faster) <= time(slower) * (1 + m): "not slower by more than m" (e.g. "shared memory does not pay").
struct LessonClaim {
  std::string statement;  // the claim in words
  std::string faster, slower;
  std::string size = "4096x4096";
  std::string format = "gray8";
  double margin = 0;
  std::string lab;  // non-empty: faster and slower are variants of this lab
};

struct LessonLab {
  std::string id;  // "histogram"
  nlohmann::json params = nlohmann::json::object();
  std::string command;  // how to run it: "filterlab lab histogram"
};

struct Lesson {
  std::string id, title, text, look_at;
  std::optional<std::string> preset;   // path relative to the repository root, loaded into A
  std::optional<std::string> compare;  // the same chain configured differently, loaded into B
  std::string view;                    // the A/B view to open with: "split", "side", "diff", ... ("" the app's)
  std::optional<LessonLab> lab;        // a lesson about a lab names it instead of (or besides) a preset
  LessonClaim claim;
};

// Parses the catalogue; throws InputError naming the lesson and field at fault (missing text, a lesson with
// neither preset nor lab, a repeated id, a claim without faster/slower).
std::vector<Lesson> ParseLessons(const std::string& json_text);

// The lessons as `filterlab lessons --json` prints them: [{id, title, text, look_at, preset, compare, lab, claim}].
nlohmann::json LessonsToJson(const std::vector<Lesson>& lessons);

}  // namespace fl
