#include "app/cli/lab_command.hpp"

#include <iostream>

#include "app/cli/commands.hpp"
#include "app/cli/param_json.hpp"
#include "core/error.hpp"
#include "core/image_io.hpp"
#include "core/lab_registry.hpp"
#include "core/text_file.hpp"

namespace fl::cli {

static ParamValues ParseLabParams(const LabSpec& lab, const std::vector<std::string>& texts) {
  ParamValues values;
  for (const std::string& text : texts) {
    const auto eq = text.find('=');
    if (eq == std::string::npos || eq == 0) throw InputError("--param '" + text + "' is not key=value");
    const std::string key = text.substr(0, eq);
    const auto spec =
        std::find_if(lab.params.begin(), lab.params.end(), [&](const auto& p) { return p.name == key; });
    if (spec == lab.params.end()) throw InputError("lab '" + lab.id + "' has no parameter '" + key + "'");
    if (values.Has(key)) throw InputError("--param " + key + " is given more than once");
    values.Set(key, ParseParam(*spec, text.substr(eq + 1)));
  }
  return values;
}

int LabCommand(const LabOptions& o) {
  if (o.name.empty() || o.list) {
    PrintLabs(std::cout);
    return 0;
  }
  const LabSpec& lab = GetLab(o.name);
  if (o.size != -1 && o.size < 1)
    throw InputError("--size " + std::to_string(o.size) + " must be at least 1");
  if (!o.input.empty() && !lab.takes_image) throw InputError("lab '" + lab.id + "' takes no --input");
  if (!o.input.empty() && o.size != -1) throw InputError("give either --input or --size, not both");
  CheckTextFileFolder(o.json, "--json");  // before the lab runs, not after
  LabRequest request;
  request.backend = ChooseBackend(o.backend);
  request.size = o.size == -1 ? 0 : o.size;
  request.repeat = o.repeat;
  request.variants = o.variants;
  request.params = ParseLabParams(lab, o.params);
  Image input;
  if (!o.input.empty()) {
    input = LoadImage(o.input);
    request.input = &input;
  }
  const LabResult result = RunLab(lab, CheckedLabRequest(lab, request));
  for (const std::string& line : result.lines) std::cout << line << "\n";
  if (!o.json.empty()) {
    WriteTextFileAtomically(o.json, result.data.dump(2) + "\n", "lab JSON");
    std::cerr << "wrote " << o.json << "\n";
  }
  return 0;
}

void PrintLabs(std::ostream& out) {
  for (const LabSpec& lab : LabRegistry()) {
    out << lab.id << " - " << lab.title << (lab.takes_image ? "  [--input gray8|rgba8]" : "") << "  (size "
        << lab.default_size << ", at most " << lab.max_size << ")\n";
    for (const auto& p : lab.params) out << "    param " << DescribeParam(p) << "\n";
    for (const auto& v : lab.variants)
      out << "    variant " << v.id << " (" << ToString(v.backend) << ")  - " << v.technique << "\n";
  }
}

nlohmann::json LabsJson() {
  nlohmann::json out = nlohmann::json::array();
  for (const LabSpec& lab : LabRegistry()) {
    nlohmann::json j = {{"id", lab.id},
                        {"title", lab.title},
                        {"teaching", lab.teaching},
                        {"default_size", lab.default_size},
                        {"max_size", lab.max_size},
                        {"takes_image", lab.takes_image},
                        {"needs_cuda", lab.needs_cuda},
                        {"params", nlohmann::json::array()},
                        {"variants", nlohmann::json::array()}};
    for (const auto& p : lab.params) j["params"].push_back(ParamJson(p));
    for (const auto& v : lab.variants)
      j["variants"].push_back({{"id", v.id},
                               {"backend", ToString(v.backend)},
                               {"technique", v.technique},
                               {"expectation", v.expectation}});
    out.push_back(j);
  }
  return out;
}

}  // namespace fl::cli
