#include "app/ui/lab_script.hpp"

#include <charconv>
#include <sstream>

#include "core/error.hpp"
#include "core/size_text.hpp"
#include "core/text_file.hpp"

namespace fl::ui {
namespace {

// What each verb takes after it, for the parser and for messages.
struct VerbSpec {
  const char* name;
  ScriptVerb verb;
  const char* usage;  // the arguments, as the error message shows them
};

constexpr VerbSpec kVerbs[] = {
    {"add", ScriptVerb::Add, "FILTER"},           {"remove", ScriptVerb::Remove, "N"},
    {"move", ScriptVerb::Move, "N M"},            {"enable", ScriptVerb::Enable, "N"},
    {"disable", ScriptVerb::Disable, "N"},        {"select", ScriptVerb::Select, "N"},
    {"param", ScriptVerb::Param, "N NAME VALUE"}, {"variant", ScriptVerb::Variant, "N ID"},
    {"block", ScriptVerb::Block, "N WxH"},        {"ppt", ScriptVerb::Ppt, "N K"},
    {"halo", ScriptVerb::Halo, "N K"},            {"smem", ScriptVerb::Smem, "N on|off"},
    {"load", ScriptVerb::Load, "PATH"},           {"pattern", ScriptVerb::Pattern, "NAME WxH [FORMAT]"},
    {"view", ScriptVerb::View, "a|b|split|side|diff"},
    {"compare", ScriptVerb::Compare, "on|off"},   {"edit", ScriptVerb::Edit, "a|b"},
    {"reset", ScriptVerb::Reset, ""},             {"frame", ScriptVerb::Frame, "N"},
    {"wait", ScriptVerb::Wait, ""},               {"screenshot", ScriptVerb::Screenshot, "PATH"},
    {"quit", ScriptVerb::Quit, ""},
};

const VerbSpec& SpecOf(ScriptVerb verb) {
  for (const VerbSpec& v : kVerbs)
    if (v.verb == verb) return v;
  return kVerbs[0];
}

// A failure on one line: thrown as "NAME:LINE: what (the line)".
struct LineError {
  std::string what;
};

bool ParseInt(const std::string& text, int& out) {
  const char* end = text.data() + text.size();
  const auto r = std::from_chars(text.data(), end, out);
  return r.ec == std::errc() && r.ptr == end;
}

int NonNegative(const std::string& text, const char* what) {
  int v = 0;
  if (!ParseInt(text, v) || v < 0) throw LineError{std::string(what) + " '" + text + "' is not a number >= 0"};
  return v;
}

void Size(const std::string& text, int& w, int& h) {
  const auto wh = ParseWxH(text);
  if (!wh || (*wh)[0] < 0 || (*wh)[1] < 0) throw LineError{"'" + text + "' is not WxH (e.g. 32x8)"};
  w = (*wh)[0];
  h = (*wh)[1];
}

bool OnOff(const std::string& text, const char* on, const char* off) {
  if (text == on) return true;
  if (text == off) return false;
  throw LineError{"'" + text + "' is not " + on + " or " + off};
}

// The words after the verb must number between `min` and `max`.
void Count(const ScriptAction& a, std::size_t min, std::size_t max) {
  if (a.args.size() >= min && a.args.size() <= max) return;
  const VerbSpec& v = SpecOf(a.verb);
  throw LineError{std::string(v.name) + (*v.usage ? std::string(" takes ") + v.usage : " takes nothing") +
                  ", not " + std::to_string(a.args.size()) + " argument" + (a.args.size() == 1 ? "" : "s")};
}

// Checks the arguments' shape and fills the numbers in.
void ParseArguments(ScriptAction& a) {
  using V = ScriptVerb;
  switch (a.verb) {
    case V::Add: Count(a, 1, 1); return;
    case V::Remove: case V::Enable: case V::Disable: case V::Select:
      Count(a, 1, 1);
      a.stage = NonNegative(a.args[0], "stage");
      return;
    case V::Move: case V::Ppt: case V::Halo:
      Count(a, 2, 2);
      a.stage = NonNegative(a.args[0], "stage");
      a.number = NonNegative(a.args[1], a.verb == V::Move ? "stage" : "count");
      return;
    case V::Param: Count(a, 3, 3); a.stage = NonNegative(a.args[0], "stage"); return;
    case V::Variant: Count(a, 2, 2); a.stage = NonNegative(a.args[0], "stage"); return;
    case V::Block:
      Count(a, 2, 2);
      a.stage = NonNegative(a.args[0], "stage");
      Size(a.args[1], a.width, a.height);
      return;
    case V::Smem: Count(a, 2, 2); a.stage = NonNegative(a.args[0], "stage"); a.on = OnOff(a.args[1], "on", "off"); return;
    case V::Load: case V::Screenshot: Count(a, 1, 1); return;
    case V::Pattern: Count(a, 2, 3); Size(a.args[1], a.width, a.height); return;
    case V::View: Count(a, 1, 1); return;  // the lab names the views it has
    case V::Compare: Count(a, 1, 1); a.on = OnOff(a.args[0], "on", "off"); return;
    case V::Edit: Count(a, 1, 1); a.on = OnOff(a.args[0], "b", "a"); return;
    case V::Frame:
      Count(a, 1, 1);
      a.number = NonNegative(a.args[0], "frame count");
      if (a.number < 1 || a.number > 1000000) throw LineError{"frame count must be 1 .. 1000000"};
      return;
    case V::Reset: case V::Wait: case V::Quit: Count(a, 0, 0); return;
  }
}

ScriptAction ParseLine(const std::string& line, int number) {
  std::istringstream words(line);
  std::string verb;
  words >> verb;
  ScriptAction a;
  a.line = number;
  const VerbSpec* spec = nullptr;
  for (const VerbSpec& v : kVerbs)
    if (verb == v.name) spec = &v;
  if (!spec) throw LineError{"unknown action '" + verb + "'"};
  a.verb = spec->verb;
  if (a.verb == ScriptVerb::Load || a.verb == ScriptVerb::Screenshot) {
    // A path is the rest of the line, spaces and all.
    std::string rest;
    std::getline(words, rest);
    const auto first = rest.find_first_not_of(" \t");
    if (first != std::string::npos) a.args.push_back(rest.substr(first, rest.find_last_not_of(" \t") - first + 1));
  } else {
    for (std::string w; words >> w;) a.args.push_back(w);
  }
  ParseArguments(a);
  return a;
}

}  // namespace

std::string ScriptAction::text() const {
  std::string out = SpecOf(verb).name;
  for (const std::string& arg : args) out += " " + arg;
  return out;
}

Script ParseScript(const std::string& text, const std::string& name) {
  Script script;
  script.name = name;
  std::istringstream lines(text);
  int number = 0;
  for (std::string line; std::getline(lines, line);) {
    ++number;
    if (!line.empty() && line.back() == '\r') line.pop_back();
    const auto first = line.find_first_not_of(" \t");
    if (first == std::string::npos || line[first] == '#') continue;
    try {
      script.actions.push_back(ParseLine(line.substr(first), number));
    } catch (const LineError& e) {
      throw InputError(name + ":" + std::to_string(number) + ": " + e.what + " ('" + line.substr(first) + "')");
    }
  }
  return script;
}

Script LoadScript(const std::string& path) { return ParseScript(ReadTextFile(path, "script"), path); }

}  // namespace fl::ui
