#pragma once
// Short declarations of a lab's parameters (core/params.hpp), so that each lab file reads as its list.
#include <string>
#include <vector>

#include "core/params.hpp"

namespace fl::labs {

inline ParamSpec NumberParam(std::string name, ParamType type, double min, double max, double def,
                             std::string help) {
  ParamSpec p;
  p.name = std::move(name);
  p.type = type;
  p.min = min;
  p.max = max;
  p.def = def;
  p.help = std::move(help);
  return p;
}

inline ParamSpec IntParam(std::string name, double min, double max, double def, std::string help) {
  return NumberParam(std::move(name), ParamType::Int, min, max, def, std::move(help));
}

inline ParamSpec FloatParam(std::string name, double min, double max, double def, std::string help) {
  return NumberParam(std::move(name), ParamType::Float, min, max, def, std::move(help));
}

inline ParamSpec ChoiceParam(std::string name, std::vector<std::string> choices, std::string def,
                             std::string help) {
  ParamSpec p;
  p.name = std::move(name);
  p.type = ParamType::Choice;
  p.choices = std::move(choices);
  p.def_choice = std::move(def);
  p.help = std::move(help);
  return p;
}

}  // namespace fl::labs
