#pragma once
// Short declarations of a lab's parameters (core/params.hpp), so that each lab file reads as its list.
#include <string>
#include <vector>

#include "core/params.hpp"

namespace fl::labs {

inline ParamSpec IntParam(std::string name, double min, double max, double def, std::string help) {
  ParamSpec p;
  p.name = std::move(name);
  p.type = ParamType::Int;
  p.min = min;
  p.max = max;
  p.def = def;
  p.help = std::move(help);
  return p;
}

inline ParamSpec ChoiceParam(std::string name, std::vector<std::string> choices, std::string def, std::string help) {
  ParamSpec p;
  p.name = std::move(name);
  p.type = ParamType::Choice;
  p.choices = std::move(choices);
  p.def_choice = std::move(def);
  p.help = std::move(help);
  return p;
}

}  // namespace fl::labs
