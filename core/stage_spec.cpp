#include "core/stage_spec.hpp"

#include <charconv>
#include <optional>
#include <set>
#include <utility>

#include "core/error.hpp"
#include "core/launch_fields.hpp"

namespace fl {

// Splits at `sep`, keeping empty parts ("a::b" and "a:" have an empty part, which is then refused).
static std::vector<std::string> Split(const std::string& s, char sep) {
  std::vector<std::string> parts(1);
  for (char c : s) {
    if (c == sep)
      parts.emplace_back();
    else
      parts.back() += c;
  }
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

// Plain decimal digits, as every number of a stage spec.
static int ParsePositiveInt(const std::string& key, const std::string& text) {
  long long v = 0;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
  const bool digits = ec != std::errc::invalid_argument && end == text.data() + text.size() &&
                      !text.empty() && text.front() != '-';
  if (!digits || (ec == std::errc() && v <= 0))
    throw InputError(key + "='" + text + "' is not a positive integer");
  if (ec == std::errc::result_out_of_range || v > 1024)
    throw InputError(key + "='" + text + "' is more than any launch uses (at most 1024)");
  return static_cast<int>(v);
}

static bool ParseOnOff(const std::string& key, const std::string& text) {
  if (text == "on" || text == "1" || text == "true") return true;
  if (text == "off" || text == "0" || text == "false") return false;
  throw InputError(key + "='" + text + "' is not on or off");
}

// The key=value parts after the id, each key at most once.
static std::vector<std::pair<std::string, std::string>> KeyValues(const std::vector<std::string>& parts) {
  std::vector<std::pair<std::string, std::string>> kv;
  std::set<std::string> seen;
  for (std::size_t i = 1; i < parts.size(); ++i) {
    if (parts[i].empty()) throw InputError("empty key=value (two ':' in a row, or one at the end)");
    const auto eq = parts[i].find('=');
    if (eq == std::string::npos || eq == 0) throw InputError("'" + parts[i] + "' is not key=value");
    std::string key = parts[i].substr(0, eq);
    if (!seen.insert(key).second) throw InputError("key '" + key + "' is given more than once");
    kv.emplace_back(std::move(key), parts[i].substr(eq + 1));
  }
  return kv;
}

// Sets one key other than `variant`; returns the launch field it set, if any.
static std::optional<LaunchField> SetKey(const FilterSpec& f, Stage& st, const std::string& key,
                                         const std::string& value) {
  if (key == "block") {
    ParseBlock(value, st.launch);
    return LaunchField::Block;
  }
  if (key == "ppt") {
    st.launch.ppt = ParsePositiveInt(key, value);
    return LaunchField::Ppt;
  }
  if (key == "halo") {
    st.launch.halo = ParsePositiveInt(key, value);
    return LaunchField::Halo;
  }
  if (key == "smem") {
    st.launch.smem = ParseOnOff(key, value);
  } else if (const ParamSpec* ps = f.FindParam(key)) {
    st.params.Set(key, ParseParam(*ps, value));
  } else {
    std::string known = "variant, block, ppt, halo, smem";
    for (const auto& p : f.params) known += ", " + p.name;
    throw InputError("unknown key '" + key + "' (keys: " + known + ")");
  }
  return std::nullopt;
}

Stage ParseStageSpec(const Registry& reg, const std::string& spec, Backend backend) {
  const auto parts = SplitSpec(spec);
  if (parts.empty() || parts[0].empty()) throw InputError("stage '" + spec + "' has no filter id");
  try {
    const FilterSpec& f = reg.Get(parts[0]);
    Stage st = MakeStage(reg, f.id, backend);
    const auto kv = KeyValues(parts);
    // The variant first, so that block/ppt given after it override its launch defaults whatever their order.
    bool variant_named = false;
    for (const auto& [key, value] : kv) {
      if (key != "variant") continue;
      SetVariant(reg, st, value);
      variant_named = true;
    }
    std::vector<std::pair<std::string, LaunchField>> launch_keys;
    for (const auto& [key, value] : kv)
      if (key != "variant")
        if (auto field = SetKey(f, st, key, value)) launch_keys.emplace_back(key, *field);
    for (const auto& kv_pair : kv) {
      const std::string& k = kv_pair.first;
      st.launch_set |= k == "block"  ? kSetBlock
                       : k == "ppt"  ? kSetPpt
                       : k == "halo" ? kSetHalo
                       : k == "smem" ? kSetSmem
                                     : 0u;
    }
    for (const auto& [key, field] : launch_keys)
      if (auto why = LaunchFieldProblem(reg, st, variant_named, field)) throw InputError(key + ": " + *why);
    // A launch key the named variant does not read would change nothing: said, rather than dropped unseen. With
    // no variant named it is kept for whichever backend runs (the same command line on a CPU-only machine and on
    // a GPU), and presets keep dropping such keys (KeepReadLaunchFields) so that older files still load.
    const VariantSpec& v = reg.GetVariant(f, st.variant);
    if (const unsigned ignored = st.launch_set & ~UsedFields(v.uses); variant_named && ignored)
      throw InputError("variant '" + v.id + "' does not read " + LaunchFieldNames(ignored) +
                       (UsedFields(v.uses) ? " (it reads " + LaunchFieldNames(UsedFields(v.uses)) + ")"
                                           : " (it takes no launch fields)"));
    KeepReadLaunchFields(st, v);
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
  // Only the fields set: the others are the variant's defaults for these parameters, and the same spec gets
  // them.
  const unsigned set = st.launch_set;
  if (v.uses.block && (set & kSetBlock)) s += ":block=" + FormatBlock(st.launch);
  if (v.uses.ppt && (set & kSetPpt)) s += ":ppt=" + std::to_string(st.launch.ppt);
  if (v.uses.halo && (set & kSetHalo)) s += ":halo=" + std::to_string(st.launch.halo);
  if (v.uses.smem && (set & kSetSmem)) s += std::string(":smem=") + (st.launch.smem ? "on" : "off");
  return s;
}

}  // namespace fl
