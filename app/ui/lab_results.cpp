// The result part of the Labs window: the last run's error, the variants' table (ms, GB/s, GFLOP/s, matches
// the reference: whatever the lab reported), the lab's facts (its scalar fields: reduce values, device
// properties), its plots (lab_plots.cpp) and the report lines the CLI prints. All of it read from the run's
// JSON `data`, so a lab shows here by reporting, with no code of its own in the UI.
#include <imgui.h>

#include <algorithm>
#include <cstdio>
#include <set>
#include <string>
#include <vector>

#include "app/ui/lab_plots.hpp"
#include "app/ui/labs_controller.hpp"
#include "app/ui/panels.hpp"
#include "app/ui/ui_style.hpp"

namespace fl::ui {

// A JSON scalar as a table cell: numbers with a few significant digits, booleans as yes/no.
std::string LabCellText(const nlohmann::json& v) {
  char buf[64];
  if (v.is_boolean()) return v.get<bool>() ? "yes" : "no";
  if (v.is_number_integer()) return std::to_string(v.get<long long>());
  if (v.is_number()) {
    const double d = v.get<double>();
    std::snprintf(buf, sizeof buf, d != 0 && (d < 0.01 && d > -0.01) ? "%.3g" : "%.3f", d);
    return buf;
  }
  if (v.is_string()) return v.get<std::string>();
  return v.dump();
}

// The scalar fields every variant row may carry, in first-seen order ("id" first).
static std::vector<std::string> VariantColumns(const nlohmann::json& variants) {
  std::vector<std::string> cols = {"id"};
  std::set<std::string> seen = {"id"};
  for (const auto& row : variants)
    if (row.is_object())
      for (const auto& [key, value] : row.items())
        if (value.is_primitive() && seen.insert(key).second) cols.push_back(key);
  return cols;
}

static void VariantsTable(const nlohmann::json& variants) {
  if (!variants.is_array() || variants.empty()) return;
  const std::vector<std::string> cols = VariantColumns(variants);
  const int n = static_cast<int>(std::min<std::size_t>(cols.size(), 16));
  if (!ImGui::BeginTable("lab_variants", n, ImGuiTableFlags_Borders | ImGuiTableFlags_RowBg)) return;
  for (int i = 0; i < n; ++i) ImGui::TableSetupColumn(cols[static_cast<std::size_t>(i)].c_str());
  ImGui::TableHeadersRow();
  for (const auto& row : variants) {
    ImGui::TableNextRow();
    for (int i = 0; i < n; ++i) {
      ImGui::TableNextColumn();
      const std::string& key = cols[static_cast<std::size_t>(i)];
      if (!row.is_object() || !row.contains(key)) continue;
      const nlohmann::json& v = row[key];
      if (key == "matches_reference" && v.is_boolean())
        ImGui::TextColored(v.get<bool>() ? kOkColor : kErrorColor, "%s", LabCellText(v).c_str());
      else
        ImGui::TextUnformatted(LabCellText(v).c_str());
    }
  }
  ImGui::EndTable();
}

// The lab's own scalar fields, and those of its objects one level down ("device.name"): reduce's sum and
// mean, the device's properties, the streams' overlap.
static void FactsTable(const nlohmann::json& data) {
  static const std::set<std::string> kSkip = {"lab", "backend", "variants"};
  std::vector<std::pair<std::string, const nlohmann::json*>> facts;
  for (const auto& [key, value] : data.items()) {
    if (kSkip.count(key)) continue;
    if (value.is_primitive()) facts.emplace_back(key, &value);
    if (value.is_object())
      for (const auto& [sub, v] : value.items())
        if (v.is_primitive()) facts.emplace_back(key + "." + sub, &v);
  }
  if (facts.empty() || !ImGui::BeginTable("lab_facts", 2, ImGuiTableFlags_Borders | ImGuiTableFlags_RowBg))
    return;
  for (const auto& [key, value] : facts) {
    ImGui::TableNextRow();
    ImGui::TableNextColumn();
    ImGui::TextUnformatted(key.c_str());
    ImGui::TableNextColumn();
    ImGui::TextUnformatted(LabCellText(*value).c_str());
  }
  ImGui::EndTable();
}

void DrawLabResult(AppState& s, const LabSpec& lab) {
  LabRunView& run = s.labs.runs[lab.id];
  if (!run.error.empty()) {
    ImGui::PushTextWrapPos(0);
    ImGui::TextColored(kErrorColor, "%s", run.error.c_str());
    ImGui::PopTextWrapPos();
    if (run.valid) DimText("The last good run is still shown below.");
  }
  if (!run.valid) {
    if (CannotRunReason(lab, s.backend).empty()) DimText("Not run yet: press Run (F5).");
    return;
  }
  char when[96];
  std::snprintf(when, sizeof when, "Last run: %.2f s on the %s backend", run.wall_s,
                run.data.value("backend", std::string("?")).c_str());
  DimText(when);
  VariantsTable(run.data.value("variants", nlohmann::json::array()));
  // The facts first: for some labs (reduce's values, the device's properties) they are the result.
  if (ImGui::CollapsingHeader("Facts", ImGuiTreeNodeFlags_DefaultOpen)) FactsTable(run.data);
  DrawLabPlots(s, run);
  if (ImGui::CollapsingHeader("Report (as the CLI prints it)"))
    for (const std::string& line : run.lines) ImGui::TextUnformatted(line.c_str());
}

}  // namespace fl::ui
