#include "core/lesson.hpp"

#include <set>

#include "core/error.hpp"

namespace fl {

using nlohmann::json;

namespace {

[[noreturn]] void Fail(const std::string& where, const std::string& what) { throw InputError(where + ": " + what); }

std::string Text(const json& obj, const char* key, const std::string& where, bool required = true) {
  if (!obj.contains(key) || obj[key].is_null()) {
    if (required) Fail(where, std::string("missing field '") + key + "'");
    return {};
  }
  if (!obj[key].is_string() || (required && obj[key].get<std::string>().empty()))
    Fail(where + "." + key, "expected a non-empty string");
  return obj[key].get<std::string>();
}

std::optional<std::string> OptionalPath(const json& obj, const char* key, const std::string& where) {
  const std::string path = Text(obj, key, where, false);
  if (path.empty()) return std::nullopt;
  return path;
}

LessonClaim ClaimFrom(const json& js, const std::string& where) {
  if (!js.is_object()) Fail(where, "expected an object");
  LessonClaim c;
  c.statement = Text(js, "statement", where);
  c.faster = Text(js, "faster", where);
  c.slower = Text(js, "slower", where);
  c.lab = Text(js, "lab", where, false);
  if (js.contains("size")) c.size = Text(js, "size", where);
  if (js.contains("format")) c.format = Text(js, "format", where);
  if (js.contains("margin")) {
    if (!js["margin"].is_number() || js["margin"].get<double>() < 0 || js["margin"].get<double>() > 1)
      Fail(where + ".margin", "expected a number in [0, 1]");
    c.margin = js["margin"].get<double>();
  }
  return c;
}

Lesson LessonFrom(const json& js, const std::string& where) {
  if (!js.is_object()) Fail(where, "expected an object");
  Lesson l;
  l.id = Text(js, "id", where);
  const std::string at = where + " (" + l.id + ")";
  l.title = Text(js, "title", at);
  l.text = Text(js, "text", at);
  l.look_at = Text(js, "look_at", at);
  l.preset = OptionalPath(js, "preset", at);
  l.compare = OptionalPath(js, "compare", at);
  if (l.compare && !l.preset) Fail(at + ".compare", "a B preset needs an A preset");
  l.view = Text(js, "view", at, false);
  if (!l.view.empty() && !l.compare) Fail(at + ".view", "a view needs a B preset to compare with");
  if (js.contains("lab") && !js["lab"].is_null()) {
    const json& jl = js["lab"];
    if (!jl.is_object()) Fail(at + ".lab", "expected an object");
    LessonLab lab;
    lab.id = Text(jl, "id", at + ".lab");
    lab.command = Text(jl, "command", at + ".lab");
    if (jl.contains("params")) {
      if (!jl["params"].is_object()) Fail(at + ".lab.params", "expected an object");
      lab.params = jl["params"];
    }
    l.lab = lab;
  }
  if (!l.preset && !l.lab) Fail(at, "names neither a preset nor a lab");
  if (!js.contains("claim")) Fail(at, "missing field 'claim'");
  l.claim = ClaimFrom(js["claim"], at + ".claim");
  if (!l.claim.lab.empty() && (!l.lab || l.lab->id != l.claim.lab))
    Fail(at + ".claim.lab", "names lab '" + l.claim.lab + "', which the lesson does not run");
  return l;
}

}  // namespace

std::vector<Lesson> ParseLessons(const std::string& json_text) {
  json root;
  try {
    root = json::parse(json_text);
  } catch (const json::exception& e) {
    throw InputError(std::string("lessons: malformed JSON: ") + e.what());
  }
  if (!root.is_object() || !root.contains("lessons") || !root["lessons"].is_array())
    throw InputError("lessons: expected an object with a 'lessons' array");
  std::vector<Lesson> out;
  std::set<std::string> ids;
  for (std::size_t i = 0; i < root["lessons"].size(); ++i) {
    Lesson l = LessonFrom(root["lessons"][i], "lessons[" + std::to_string(i) + "]");
    if (!ids.insert(l.id).second) throw InputError("lessons: id '" + l.id + "' appears twice");
    out.push_back(std::move(l));
  }
  return out;
}

json LessonsToJson(const std::vector<Lesson>& lessons) {
  json out = json::array();
  auto optional = [](const std::optional<std::string>& s) { return s ? json(*s) : json(); };
  for (const Lesson& l : lessons) {
    json claim = {{"statement", l.claim.statement}, {"faster", l.claim.faster}, {"slower", l.claim.slower}};
    if (l.claim.lab.empty()) {
      claim["size"] = l.claim.size;
      claim["format"] = l.claim.format;
    } else {
      claim["lab"] = l.claim.lab;
    }
    if (l.claim.margin > 0) claim["margin"] = l.claim.margin;
    json lab = l.lab ? json{{"id", l.lab->id}, {"params", l.lab->params}, {"command", l.lab->command}} : json();
    out.push_back({{"id", l.id}, {"title", l.title}, {"text", l.text}, {"look_at", l.look_at},
                   {"preset", optional(l.preset)}, {"compare", optional(l.compare)},
                   {"view", l.view.empty() ? json() : json(l.view)}, {"lab", lab}, {"claim", claim}});
  }
  return out;
}

}  // namespace fl
