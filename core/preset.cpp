#include "core/preset.hpp"

#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <set>
#include <utility>
#include <vector>

#include "core/error.hpp"
#include "core/launch_fields.hpp"
#include "core/text_file.hpp"

namespace fl {

using nlohmann::json;

std::string PipelineToJson(const Registry& reg, const Pipeline& p) {
  json stages = json::array();
  for (const auto& s : p.stages) {
    const FilterSpec& f = reg.Get(s.filter);
    const VariantSpec& v = reg.GetVariant(f, s.variant);
    json params = json::object();
    for (const auto& [name, value] : s.params.All()) {
      if (auto* d = std::get_if<double>(&value))
        params[name] = *d;
      else
        params[name] = std::get<std::string>(value);
    }
    // Only the fields set: the others stay the variant's defaults for the parameters when the preset is
    // loaded.
    const unsigned set = s.launch_set;
    json launch = json::object();
    if (v.uses.block && (set & kSetBlock)) launch["block"] = FormatBlock(s.launch);
    if (v.uses.ppt && (set & kSetPpt)) launch["ppt"] = s.launch.ppt;
    if (v.uses.halo && (set & kSetHalo)) launch["halo"] = s.launch.halo;
    if (v.uses.smem && (set & kSetSmem)) launch["smem"] = s.launch.smem;
    json stage = {{"filter", s.filter}, {"variant", s.variant}, {"enabled", s.enabled}, {"params", params}};
    if (!launch.empty()) stage["launch"] = launch;
    stages.push_back(std::move(stage));
  }
  return json{{"version", kPresetVersion}, {"stages", stages}}.dump(2) + "\n";
}

namespace {

[[noreturn]] void Fail(const std::string& field, const std::string& what) { throw InputError(field + ": " + what); }

const json& Require(const json& obj, const char* key, const std::string& where) {
  if (!obj.contains(key)) Fail(where, std::string("missing field '") + key + "'");
  return obj.at(key);
}

// A launch count (ppt, halo): a positive integer up to 1024 (no launch field is larger on any device).
int LaunchCount(const json& value, const std::string& field) {
  if (!value.is_number_integer() || value.get<long long>() <= 0) Fail(field, "expected a positive integer");
  if (value.get<long long>() > 1024)
    Fail(field, value.dump() + " is more than any launch uses (at most 1024)");
  return value.get<int>();
}

Stage StageFromJson(const Registry& reg, const json& js, const std::string& where, Backend backend) {
  if (!js.is_object()) Fail(where, "expected an object");
  const json& jf = Require(js, "filter", where);
  if (!jf.is_string()) Fail(where + ".filter", "expected a string");
  const FilterSpec* f = reg.Find(jf.get<std::string>());
  if (!f) {
    try {
      reg.Get(jf.get<std::string>());
    } catch (const InputError& e) {
      Fail(where + ".filter", e.what());
    }
  }
  Stage s = MakeStage(reg, f->id, backend);
  for (const auto& [key, value] : js.items())
    if (key != "filter" && key != "variant" && key != "params" && key != "launch" && key != "enabled")
      Fail(where + "." + key, "unknown field");
  if (js.contains("variant")) {
    if (!js["variant"].is_string()) Fail(where + ".variant", "expected a string");
    try {
      SetVariant(reg, s, js["variant"].get<std::string>());
    } catch (const InputError& e) {
      Fail(where + ".variant", e.what());
    }
  }
  if (js.contains("enabled")) {
    if (!js["enabled"].is_boolean()) Fail(where + ".enabled", "expected true or false");
    s.enabled = js["enabled"].get<bool>();
  }
  if (js.contains("params")) {
    const json& jp = js["params"];
    if (!jp.is_object()) Fail(where + ".params", "expected an object");
    for (const auto& [name, value] : jp.items()) {
      const std::string field = where + ".params." + name;
      const ParamSpec* ps = f->FindParam(name);
      if (!ps) Fail(field, "filter '" + f->id + "' has no parameter '" + name + "'");
      ParamValue v;
      if (ps->type == ParamType::Choice) {
        if (!value.is_string()) Fail(field, "expected a string");
        v = value.get<std::string>();
      } else {
        if (!value.is_number()) Fail(field, "expected a number");
        v = value.get<double>();
      }
      try {
        CheckParam(*ps, v);
      } catch (const InputError& e) {
        Fail(field, e.what());
      }
      s.params.Set(name, v);
    }
  }
  if (js.contains("launch")) {
    const json& jl = js["launch"];
    if (!jl.is_object()) Fail(where + ".launch", "expected an object");
    std::vector<std::pair<std::string, LaunchField>> given;
    for (const auto& [key, value] : jl.items()) {
      const std::string field = where + ".launch." + key;
      if (key == "block") {
        if (!value.is_string()) Fail(field, "expected a string like \"32x8\"");
        try {
          ParseBlock(value.get<std::string>(), s.launch);
        } catch (const InputError& e) {
          Fail(field, e.what());
        }
        given.emplace_back(field, LaunchField::Block);
        s.launch_set |= kSetBlock;
      } else if (key == "ppt") {
        s.launch.ppt = LaunchCount(value, field);
        given.emplace_back(field, LaunchField::Ppt);
        s.launch_set |= kSetPpt;
      } else if (key == "halo") {
        s.launch.halo = LaunchCount(value, field);
        given.emplace_back(field, LaunchField::Halo);
        s.launch_set |= kSetHalo;
      } else if (key == "smem") {
        if (!value.is_boolean()) Fail(field, "expected true or false");
        s.launch.smem = value.get<bool>();
        s.launch_set |= kSetSmem;
      } else {
        Fail(field, "unknown field (block, ppt, halo, smem)");
      }
    }
    for (const auto& [field, which] : given)
      if (auto why = LaunchFieldProblem(reg, s, js.contains("variant"), which)) Fail(field, *why);
    KeepReadLaunchFields(s, reg.GetVariant(*f, s.variant));  // checked above, then dropped where unread
  }
  return s;
}

}  // namespace

namespace {

// A first pass over the text (nlohmann's SAX interface, linear; its parse callback is quadratic in the size
// of an array) refusing what nlohmann accepts silently: a key repeated in one object (the last would win) and
// nesting deeper than any preset needs (a hostile file of a million '[' is refused at once).
class PresetJsonCheck : public nlohmann::json_sax<json> {
 public:
  bool null() override { return true; }
  bool boolean(bool) override { return true; }
  bool number_integer(number_integer_t) override { return true; }
  bool number_unsigned(number_unsigned_t) override { return true; }
  bool number_float(number_float_t, const string_t&) override { return true; }
  bool string(string_t&) override { return true; }
  bool binary(binary_t&) override { return true; }
  bool start_object(std::size_t) override { return Open(); }
  bool start_array(std::size_t) override { return Open(); }
  bool end_object() override { return Close(); }
  bool end_array() override { return Close(); }
  bool key(string_t& k) override {
    if (!keys_.back().insert(k).second) throw InputError("key '" + k + "' appears twice in one object");
    return true;
  }
  bool parse_error(std::size_t, const std::string&, const nlohmann::detail::exception& e) override {
    std::string what = e.what();  // drop nlohmann's "[json.exception.parse_error.101] " prefix
    if (what.starts_with("[json.exception.")) what = what.substr(what.find(']') + 2);
    throw InputError("malformed JSON: " + what);  // also numbers beyond a double (1e999)
  }

 private:
  bool Open() {
    if (keys_.size() >= kMaxPresetDepth)
      throw InputError("JSON nested deeper than " + std::to_string(kMaxPresetDepth) + " levels");
    keys_.emplace_back();
    return true;
  }
  bool Close() {
    keys_.pop_back();
    return true;
  }
  std::vector<std::set<std::string>> keys_;  // one per open object or array (arrays keep theirs empty)
};

json ParsePresetJson(const std::string& text) {
  PresetJsonCheck check;
  json::sax_parse(text, &check);
  try {
    return json::parse(text);
  } catch (const json::exception& e) {  // the check has seen every error already; kept as a guard
    throw InputError(std::string("malformed JSON: ") + e.what());
  }
}

}  // namespace

Pipeline PipelineFromJson(const Registry& reg, const std::string& text, Backend backend) {
  const json root = ParsePresetJson(text);
  if (!root.is_object()) Fail("preset", "expected a JSON object");
  const json& version = Require(root, "version", "preset");
  if (!version.is_number_integer()) Fail("version", "expected an integer");
  if (version.get<long long>() != kPresetVersion)
    Fail("version", std::to_string(version.get<long long>()) + " is not supported (this build reads version " +
                        std::to_string(kPresetVersion) + ")");
  const json& stages = Require(root, "stages", "preset");
  if (!stages.is_array()) Fail("stages", "expected an array");
  if (stages.size() > kMaxPresetStages)
    Fail("stages", std::to_string(stages.size()) + " stages are more than the " +
                       std::to_string(kMaxPresetStages) + " a pipeline may have");
  Pipeline p;
  for (std::size_t i = 0; i < stages.size(); ++i)
    p.stages.push_back(StageFromJson(reg, stages[i], "stages[" + std::to_string(i) + "]", backend));
  return p;
}

void SavePreset(const Registry& reg, const Pipeline& p, const std::string& path) {
  WriteTextFileAtomically(path, PipelineToJson(reg, p), "preset");
}

Pipeline LoadPreset(const Registry& reg, const std::string& path, Backend backend) {
  const std::string text = ReadTextFile(path, "preset", kMaxPresetBytes);
  try {
    return PipelineFromJson(reg, text, backend);
  } catch (const InputError& e) {
    throw InputError("preset '" + path + "': " + e.what());
  }
}

}  // namespace fl
