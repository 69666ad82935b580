#pragma once
// How `filterlab list` shows a declared parameter, for filters and labs alike.
#include <nlohmann/json.hpp>
#include <string>

#include "core/params.hpp"

namespace fl::cli {

nlohmann::json ParamJson(const ParamSpec& p);
// "radius (int) [1, 15] default 3  - help" or "pattern (choice) natural|noise default natural  - help".
std::string DescribeParam(const ParamSpec& p);

}  // namespace fl::cli
