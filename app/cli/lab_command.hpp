#pragma once
// `filterlab lab NAME ...`: runs one declared lab (core/lab_registry.hpp) and prints its table; and the labs'
// part of `filterlab list`.
#include <nlohmann/json.hpp>
#include <ostream>
#include <string>
#include <vector>

namespace fl::cli {

struct LabOptions {
  std::string name;  // empty: list the labs
  bool list = false;
  std::string input;
  int size = -1;  // -1: not given (the lab's default)
  std::string backend;
  std::string json;
  std::vector<std::string> variants;
  int repeat = 20;
  std::vector<std::string> params;  // key=value
};

int LabCommand(const LabOptions& o);

// Every lab with its parameters and variants: text (the "labs:" section of `list`) and JSON (`list --labs
// --json`).
void PrintLabs(std::ostream& out);
nlohmann::json LabsJson();

}  // namespace fl::cli
