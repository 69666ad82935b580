// The Labs window's remembered choices in the session file: the selected lab, whether the window was open,
// and per lab its parameters, size, input and unticked variants. Whatever a lab no longer accepts is dropped.
#include <algorithm>

#include "app/ui/labs_controller.hpp"
#include "core/lab_registry.hpp"

namespace fl::ui {

std::string LabsSettingsJson(const LabsWindowState& w) {
  nlohmann::json choices = nlohmann::json::object();
  for (const auto& [id, c] : w.choices) {
    nlohmann::json params = nlohmann::json::object();
    for (const auto& [name, value] : c.params.All())
      params[name] = std::holds_alternative<double>(value) ? nlohmann::json(std::get<double>(value))
                                                           : nlohmann::json(std::get<std::string>(value));
    choices[id] = {
        {"params", params}, {"size", c.size}, {"use_image", c.use_image}, {"off_variants", c.off_variants}};
  }
  return nlohmann::json{
      {"open", w.open}, {"selected", w.selected}, {"log_scale", w.log_scale}, {"choices", choices}}
      .dump();
}

// One lab's saved choices, kept only where the lab still declares and accepts them.
static void ApplyChoices(LabsWindowState& w, const LabSpec& lab, const nlohmann::json& j) {
  LabChoices& c = ChoicesFor(w, lab);
  for (const ParamSpec& p : lab.params) {
    if (!j.contains("params") || !j["params"].contains(p.name)) continue;
    const nlohmann::json& v = j["params"][p.name];
    try {
      const ParamValue value = v.is_string() ? ParamValue(v.get<std::string>()) : ParamValue(v.get<double>());
      CheckParam(p, value);
      c.params.Set(p.name, value);
    } catch (const std::exception&) {  // out of range or of the wrong type: the default stays
    }
  }
  const int size = j.value("size", 0);
  if (size >= 0 && (lab.max_size == 0 || size <= lab.max_size)) c.size = size;
  c.use_image = j.value("use_image", false);
  c.off_variants.clear();
  for (const auto& v : j.value("off_variants", nlohmann::json::array()))
    if (v.is_string() && std::any_of(lab.variants.begin(), lab.variants.end(),
                                     [&](const LabVariantSpec& s) { return s.id == v.get<std::string>(); }))
      c.off_variants.push_back(v.get<std::string>());
}

void ApplyLabsSettings(LabsWindowState& w, const std::string& json) {
  if (json.empty()) return;
  try {
    const nlohmann::json j = nlohmann::json::parse(json);
    w.open = j.value("open", false);
    w.selected = j.value("selected", std::string());
    w.log_scale = j.value("log_scale", false);
    const nlohmann::json choices = j.value("choices", nlohmann::json::object());
    for (const LabSpec& lab : LabRegistry())
      if (choices.contains(lab.id) && choices[lab.id].is_object()) ApplyChoices(w, lab, choices[lab.id]);
  } catch (const std::exception&) {
    // The session file was checked as JSON when read; a part of the wrong shape just leaves the defaults.
  }
}

}  // namespace fl::ui
