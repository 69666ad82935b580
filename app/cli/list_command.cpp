#include <cstdio>
#include <iostream>
#include <nlohmann/json.hpp>
#include <sstream>

#include "app/cli/commands.hpp"
#include "app/cli/lab_command.hpp"
#include "app/cli/param_json.hpp"
#include "app/cli/teaching_doc.hpp"
#include "filters/builtin_registry.hpp"

namespace fl::cli {

nlohmann::json ParamJson(const ParamSpec& p) {
  nlohmann::json j = {{"name", p.name}, {"type", ToString(p.type)}, {"help", p.help}};
  if (p.type == ParamType::Choice) {
    j["choices"] = p.choices;
    j["default"] = p.def_choice;
    j["min"] = nullptr;
    j["max"] = nullptr;
  } else {
    j["min"] = p.min;
    j["max"] = p.max;
    j["default"] = p.def;
    if (p.min_exclusive) j["min_exclusive"] = true;
  }
  return j;
}

std::string DescribeParam(const ParamSpec& p) {
  std::ostringstream out;
  out << p.name << " (" << ToString(p.type) << ") ";
  if (p.type == ParamType::Choice) {
    std::string list;
    for (const auto& c : p.choices) list += (list.empty() ? "" : "|") + c;
    out << list << " default " << p.def_choice;
  } else {
    out << (p.min_exclusive ? "(" : "[") << p.min << ", " << p.max << "] default " << p.def;
  }
  out << (p.help.empty() ? "" : "  - " + p.help);
  return out.str();
}

int ListCommand(bool json, bool markdown, bool labs) {
  if (labs) {  // the labs alone: `list --labs` (text) or `list --labs --json`
    if (json)
      std::cout << LabsJson().dump(2) << "\n";
    else
      PrintLabs(std::cout);
    return 0;
  }
  const Registry& reg = BuiltinRegistry();
  if (markdown) {
    std::cout << TeachingMarkdown(reg);
    return 0;
  }
  if (json) {
    nlohmann::json out = nlohmann::json::array();
    for (const auto& f : reg.filters()) {
      nlohmann::json jf = {{"id", f.id}, {"name", f.name}, {"params", nlohmann::json::array()},
                           {"variants", nlohmann::json::array()}};
      for (const auto& fmt : f.accepts) jf["accepts"].push_back(ToString(fmt));
      for (const auto& p : f.params) jf["params"].push_back(ParamJson(p));
      for (const auto& v : f.variants) {
        nlohmann::json jv = {{"id", v.id}, {"backend", ToString(v.backend)}, {"technique", v.technique}};
        if (v.agreement == Agreement::KnownWrong) jv["known_wrong"] = true;
        jf["variants"].push_back(jv);
      }
      out.push_back(jf);
    }
    std::cout << out.dump(2) << "\n";
    return 0;
  }
  for (const auto& f : reg.filters()) {
    std::cout << f.id << " - " << f.name << "  [" << FormatList(f.accepts) << "]\n";
    for (const auto& p : f.params) std::cout << "    param " << DescribeParam(p) << "\n";
    for (const auto& v : f.variants) {
      std::cout << "    variant " << v.id << " (" << ToString(v.backend) << ")";
      if (v.agreement == Agreement::KnownWrong) std::cout << " [deliberately wrong]";
      std::cout << "  - " << v.technique << "\n";
    }
  }
  std::cout << "\nlabs:\n";
  PrintLabs(std::cout);
  return 0;
}

}  // namespace fl::cli
