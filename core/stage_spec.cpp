#include "core/stage_spec.hpp"

#include <sstream>

#include "core/error.hpp"

namespace fl {

static std::vector<std::string> Split(const std::string& s, char sep) {
  std::vector<std::string> parts;
  std::string part;
  std::istringstream is(s);
  while (std::getline(is, part, sep)) parts.push_back(part);
  return parts;
}

// Splits "id:key=value:..." at ':' except inside a `stage:N` value (with=stage:2), which keeps its colon.
static std::vector<std::string> SplitSpec(const std::string& spec) {
  std::vector<std::string> parts;
  for (auto& part : Split(spec, ':')) {
    if (!parts.empty() && part.find('=') == std::string::npos && parts.back().ends_with("=stage"))
      parts.back() += ":" + part;
    else
      parts.push_back(std::move(part));
  }
  return parts;
}

static int ParsePositiveInt(const std::string& key, const std::string& text) {
  std::size_t used = 0;
  int v = 0;
  try {
    v = std::stoi(text, &used);
  } catch (const std::exception&) {
    used = 0;
  }
  if (used == 0 || used != text.size() || v <= 0) throw InputError(key + "='" + text + "' is not a positive integer");
  return v;
}

static bool ParseOnOff(const std::string& key, const std::string& text) {
  if (text == "on" || text == "1" || text == "true") return true;
  if (text == "off" || text == "0" || text == "false") return false;
  throw InputError(key + "='" + text + "' is not on or off");
}

Stage ParseStageSpec(const Registry& reg, const std::string& spec, Backend backend) {
  const auto parts = SplitSpec(spec);
  if (parts.empty() || parts[0].empty()) throw InputError("stage '" + spec + "' has no filter id");
  try {
    const FilterSpec& f = reg.Get(parts[0]);
    Stage st = MakeStage(reg, f.id, backend);
    // The variant first, so that block/ppt given after it override its launch defaults whatever their order.
    for (std::size_t i = 1; i < parts.size(); ++i)
      if (parts[i].rfind("variant=", 0) == 0) SetVariant(reg, st, parts[i].substr(8));
    for (std::size_t i = 1; i < parts.size(); ++i) {
      const auto eq = parts[i].find('=');
      if (eq == std::string::npos || eq == 0) throw InputError("'" + parts[i] + "' is not key=value");
      const std::string key = parts[i].substr(0, eq), value = parts[i].substr(eq + 1);
      if (key == "variant") continue;
      if (key == "block") {
        ParseBlock(value, st.launch);
      } else if (key == "ppt") {
        st.launch.ppt = ParsePositiveInt(key, value);
      } else if (key == "halo") {
        st.launch.halo = ParsePositiveInt(key, value);
      } else if (key == "smem") {
        st.launch.smem = ParseOnOff(key, value);
      } else if (const ParamSpec* ps = f.FindParam(key)) {
        st.params.Set(key, ParseParam(*ps, value));
      } else {
        std::string known = "variant, block, ppt, halo, smem";
        for (const auto& p : f.params) known += ", " + p.name;
        throw InputError("unknown key '" + key + "' (keys: " + known + ")");
      }
    }
    return st;
  } catch (const InputError& e) {
    throw InputError("stage '" + spec + "': " + e.what());
  }
}

std::string FormatStageSpec(const Registry& reg, const Stage& st) {
  const FilterSpec& f = reg.Get(st.filter);
  const VariantSpec& v = reg.GetVariant(f, st.variant);
  std::string s = st.filter;
  for (const auto& p : f.params)
    if (st.params.Has(p.name)) s += ":" + p.name + "=" + FormatParam(st.params.All().at(p.name));
  s += ":variant=" + st.variant;
  if (v.uses.block) s += ":block=" + FormatBlock(st.launch);
  if (v.uses.ppt) s += ":ppt=" + std::to_string(st.launch.ppt);
  if (v.uses.halo) s += ":halo=" + std::to_string(st.launch.halo);
  if (v.uses.smem) s += std::string(":smem=") + (st.launch.smem ? "on" : "off");
  return s;
}

}  // namespace fl
