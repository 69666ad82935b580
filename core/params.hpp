#pragma once
// Filter parameters: their declaration (ParamSpec) and a stage's values (ParamValues).
#include <map>
#include <string>
#include <variant>
#include <vector>

namespace fl {

enum class ParamType { Int, Float, Choice };

struct ParamSpec {
  std::string name;
  ParamType type = ParamType::Float;
  double min = 0;
  double max = 0;
  double def = 0;  // Int and Float
  std::string help;
  bool min_exclusive = false;        // e.g. sigma > 0
  std::vector<std::string> choices;  // Choice: accepted values; "stage:N" patterns are checked by the filter
  std::string def_choice;            // Choice default
};

using ParamValue = std::variant<double, std::string>;

class ParamValues {
 public:
  void Set(const std::string& name, ParamValue v) { values_[name] = std::move(v); }
  bool Has(const std::string& name) const { return values_.count(name) != 0; }
  double Number(const std::string& name) const;  // throws InputError if missing or not a number
  int Int(const std::string& name) const { return static_cast<int>(Number(name)); }
  float Float(const std::string& name) const { return static_cast<float>(Number(name)); }
  const std::string& Text(const std::string& name) const;
  const std::map<std::string, ParamValue>& All() const { return values_; }
  bool operator==(const ParamValues&) const = default;

 private:
  std::map<std::string, ParamValue> values_;
};

std::string_view ToString(ParamType t);

// The defaults of every declared parameter.
ParamValues DefaultParams(const std::vector<ParamSpec>& specs);

// Parses `text` for the parameter `spec` and checks its range; throws InputError naming the parameter.
ParamValue ParseParam(const ParamSpec& spec, const std::string& text);
// Checks a value (from JSON or the UI) against its declaration; throws InputError naming the parameter.
void CheckParam(const ParamSpec& spec, const ParamValue& value);
std::string FormatParam(const ParamValue& value);

}  // namespace fl
