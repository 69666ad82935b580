#include "core/params.hpp"

#include <charconv>
#include <cmath>
#include <stdexcept>

#include "core/error.hpp"

namespace fl {

double ParamValues::Number(const std::string& name) const {
  auto it = values_.find(name);
  if (it == values_.end()) throw InputError("parameter '" + name + "' is not set");
  if (auto* d = std::get_if<double>(&it->second)) return *d;
  throw InputError("parameter '" + name + "' is not a number");
}

const std::string& ParamValues::Text(const std::string& name) const {
  auto it = values_.find(name);
  if (it == values_.end()) throw InputError("parameter '" + name + "' is not set");
  if (auto* s = std::get_if<std::string>(&it->second)) return *s;
  throw InputError("parameter '" + name + "' is not text");
}

std::string_view ToString(ParamType t) {
  switch (t) {
    case ParamType::Int: return "int";
    case ParamType::Float: return "float";
    case ParamType::Choice: return "choice";
  }
  return "unknown";
}

ParamValues DefaultParams(const std::vector<ParamSpec>& specs) {
  ParamValues v;
  for (const auto& s : specs) {
    if (s.type == ParamType::Choice)
      v.Set(s.name, s.def_choice);
    else
      v.Set(s.name, s.def);
  }
  return v;
}

// The shortest text that reads back as the same double ("0.1", "2", "0.123456789"): stage specs and messages
// must not round values away.
static std::string FormatNumber(double d) {
  char buf[64];
  const auto r = std::to_chars(buf, buf + sizeof buf, d);
  return std::string(buf, r.ptr);
}

std::string FormatParam(const ParamValue& value) {
  if (auto* d = std::get_if<double>(&value)) return FormatNumber(*d);
  return std::get<std::string>(value);
}

// "stage:<digits>" naming stage 1 or later. At most 6 digits, so that the number always fits an int (a pipeline
// never has a million stages) and later std::stoi calls cannot throw.
static bool IsStageReference(const std::string& s) {
  if (s.rfind("stage:", 0) != 0 || s.size() == 6 || s.size() > 12) return false;
  for (std::size_t i = 6; i < s.size(); ++i)
    if (s[i] < '0' || s[i] > '9') return false;
  return std::stoi(s.substr(6)) >= 1;
}

static bool ChoiceAccepted(const ParamSpec& spec, const std::string& s) {
  for (const auto& c : spec.choices) {
    // "stage:N" in the choices stands for any positive stage number, not for the literal text "stage:N".
    if (c == "stage:N" ? IsStageReference(s) : c == s) return true;
  }
  return false;
}

void CheckParam(const ParamSpec& spec, const ParamValue& value) {
  if (spec.type == ParamType::Choice) {
    const auto* s = std::get_if<std::string>(&value);
    if (!s) throw InputError("parameter '" + spec.name + "' expects text");
    if (!ChoiceAccepted(spec, *s)) {
      std::string list;
      for (const auto& c : spec.choices) list += (list.empty() ? "" : ", ") + c;
      throw InputError("parameter '" + spec.name + "' = '" + *s + "' is not one of: " + list);
    }
    return;
  }
  const auto* d = std::get_if<double>(&value);
  if (!d) throw InputError("parameter '" + spec.name + "' expects a number");
  if (!std::isfinite(*d)) throw InputError("parameter '" + spec.name + "' is not a finite number");
  if (spec.type == ParamType::Int && *d != std::floor(*d))
    throw InputError("parameter '" + spec.name + "' = " + FormatNumber(*d) + " is not an integer");
  // A Float parameter reaches the filters as a float: 1e-300 passes "> 0" as a double and is 0 as a float.
  // (Cast only within the maximum, a float's range: a larger double would be undefined as a float.)
  const double as_used =
      spec.type == ParamType::Float && *d <= spec.max ? static_cast<double>(static_cast<float>(*d)) : *d;
  const bool below = spec.min_exclusive ? as_used <= spec.min : as_used < spec.min;
  if (below || *d > spec.max) {
    throw InputError("parameter '" + spec.name + "' = " + FormatNumber(*d) + " is out of range " +
                     (spec.min_exclusive ? "(" : "[") + FormatNumber(spec.min) + ", " + FormatNumber(spec.max) +
                     "]");
  }
}

ParamValue ParseParam(const ParamSpec& spec, const std::string& text) {
  if (spec.type == ParamType::Choice) {
    CheckParam(spec, text);
    return text;
  }
  // Plain decimal only: strtod also took hex (radius=0x10 was 16), leading blanks and '+'.
  double d = 0;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), d);
  if (ec == std::errc::result_out_of_range)  // 1e999, 1e-999
    throw InputError("parameter '" + spec.name + "' = '" + text + "' is beyond the range of a double");
  if (ec != std::errc() || end != text.data() + text.size())
    throw InputError("parameter '" + spec.name + "' = '" + text + "' is not a number");
  CheckParam(spec, d);
  return d;
}

}  // namespace fl
