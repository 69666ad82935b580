#include "core/preset.hpp"

#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>

#include "core/error.hpp"
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
    json launch = json::object();
    if (v.uses.block) launch["block"] = FormatBlock(s.launch);
    if (v.uses.ppt) launch["ppt"] = s.launch.ppt;
    if (v.uses.halo) launch["halo"] = s.launch.halo;
    if (v.uses.smem) launch["smem"] = s.launch.smem;
    stages.push_back({{"filter", s.filter}, {"variant", s.variant}, {"enabled", s.enabled}, {"params", params},
                      {"launch", launch}});
  }
  return json{{"version", kPresetVersion}, {"stages", stages}}.dump(2) + "\n";
}

namespace {

[[noreturn]] void Fail(const std::string& field, const std::string& what) { throw InputError(field + ": " + what); }

const json& Require(const json& obj, const char* key, const std::string& where) {
  if (!obj.contains(key)) Fail(where, std::string("missing field '") + key + "'");
  return obj.at(key);
}

// A launch count (ppt, halo): a positive integer, and within the variant's range when the variant uses the field,
// so that a preset names the field at fault instead of failing later at launch.
int LaunchCount(const json& value, const std::string& field, bool used, int lo, int hi, const std::string& variant) {
  if (!value.is_number_integer() || value.get<long long>() <= 0 || value.get<long long>() > 1024)
    Fail(field, "expected a positive integer");
  const int n = value.get<int>();
  if (used && (n < lo || n > hi))
    Fail(field, std::to_string(n) + " is outside " + std::to_string(lo) + ".." + std::to_string(hi) +
                    " for variant '" + variant + "'");
  return n;
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
    const VariantSpec& variant = reg.GetVariant(*f, s.variant);
    for (const auto& [key, value] : jl.items()) {
      const std::string field = where + ".launch." + key;
      if (key == "block") {
        if (!value.is_string()) Fail(field, "expected a string like \"32x8\"");
        try {
          ParseBlock(value.get<std::string>(), s.launch);
        } catch (const InputError& e) {
          Fail(field, e.what());
        }
      } else if (key == "ppt") {
        s.launch.ppt = LaunchCount(value, field, variant.uses.ppt, variant.uses.ppt_min, variant.uses.ppt_max,
                                   variant.id);
      } else if (key == "halo") {
        s.launch.halo = LaunchCount(value, field, variant.uses.halo, variant.uses.halo_min, variant.uses.halo_max,
                                    variant.id);
      } else if (key == "smem") {
        if (!value.is_boolean()) Fail(field, "expected true or false");
        s.launch.smem = value.get<bool>();
      } else {
        Fail(field, "unknown field (block, ppt, halo, smem)");
      }
    }
  }
  return s;
}

}  // namespace

Pipeline PipelineFromJson(const Registry& reg, const std::string& text, Backend backend) {
  json root;
  try {
    root = json::parse(text);
  } catch (const json::parse_error& e) {
    throw InputError(std::string("malformed JSON: ") + e.what());
  }
  if (!root.is_object()) Fail("preset", "expected a JSON object");
  const json& version = Require(root, "version", "preset");
  if (!version.is_number_integer()) Fail("version", "expected an integer");
  if (version.get<long long>() != kPresetVersion)
    Fail("version", std::to_string(version.get<long long>()) + " is not supported (this build reads version " +
                        std::to_string(kPresetVersion) + ")");
  const json& stages = Require(root, "stages", "preset");
  if (!stages.is_array()) Fail("stages", "expected an array");
  Pipeline p;
  for (std::size_t i = 0; i < stages.size(); ++i)
    p.stages.push_back(StageFromJson(reg, stages[i], "stages[" + std::to_string(i) + "]", backend));
  return p;
}

void SavePreset(const Registry& reg, const Pipeline& p, const std::string& path) {
  WriteTextFileAtomically(path, PipelineToJson(reg, p), "preset");
}

Pipeline LoadPreset(const Registry& reg, const std::string& path, Backend backend) {
  const std::string text = ReadTextFile(path, "preset");
  try {
    return PipelineFromJson(reg, text, backend);
  } catch (const InputError& e) {
    throw InputError("preset '" + path + "': " + e.what());
  }
}

}  // namespace fl
