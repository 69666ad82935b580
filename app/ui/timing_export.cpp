#include "app/ui/timing_export.hpp"

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>

#include "core/error.hpp"
#include "core/launch_config.hpp"
#include "core/plan.hpp"
#include "core/stage_spec.hpp"

namespace fl::ui {

static std::string CsvField(const std::string& text) {
  if (text.find_first_of(",\"\n") == std::string::npos) return text;
  std::string out = "\"";
  for (char c : text) out += c == '"' ? std::string("\"\"") : std::string(1, c);
  return out + "\"";
}

// What ran for stage i of the last run: the variant (a fallback or the CPU reference may stand in for the one
// named) and, for CUDA code, its launch as planned ("block 32x4, ppt 16, smem on"): a stage spec names only the
// fields a person set, the others following the variant's rule for the parameters and input.
struct Ran {
  std::string variant, launch;
};
static Ran RanFor(const SlotResult& a, std::size_t i) {
  if (i >= a.plan.stages.size() || !a.plan.stages[i].variant) return {};
  const PlannedStage& p = a.plan.stages[i];
  return {p.variant->id, p.variant->backend == Backend::Cuda ? Describe(p.launch, p.variant->uses) : ""};
}

std::string TimingsCsv(const AppState& s) {
  std::string out =
      "stage,filter,variant,spec,ran_variant,launch,enabled,time_kind,last_ms,median_ms,min_ms,runs,bytes,gb_per_s,"
      "pct_of_copy,registers,occupancy,kernel\n";
  const SlotResult& a = s.results[Slot::A];
  for (std::size_t i = 0; i < a.stages.size() && i < a.plan.pipeline.stages.size(); ++i) {
    const Stage& st = a.plan.pipeline.stages[i];
    const StageReport& r = a.stages[i];
    char nums[256];
    std::snprintf(nums, sizeof nums, "%.6f,%.6f,%.6f,%d,%.0f,%.3f,%.2f,", r.last_ms, r.median_ms, r.min_ms, r.runs,
                  r.bytes, r.gbs, r.pct_of_copy);
    // Unknown kernel figures (CPU) stay empty cells rather than a misleading -1.
    const std::string regs = r.registers >= 0 ? std::to_string(r.registers) : "";
    char occ[32] = "";
    if (r.occupancy >= 0) std::snprintf(occ, sizeof occ, "%.3f", r.occupancy);
    const Ran ran = RanFor(a, i);
    out += std::to_string(i + 1) + "," + CsvField(st.filter) + "," + CsvField(st.variant) + "," +
           CsvField(FormatStageSpec(*s.registry, st)) + "," + CsvField(ran.variant) + "," + CsvField(ran.launch) +
           "," + (st.enabled ? "1" : "0") + "," +
           CsvField(TimeLabel(s)) + "," + nums + regs + "," + occ + "," + CsvField(r.kernel_info) + "\n";
  }
  return out;
}

std::string TimingsJson(const AppState& s) {
  nlohmann::json j;
  j["device"] = s.device_name;
  j["backend"] = std::string(ToString(s.backend));
  j["time_kind"] = TimeLabel(s);
  j["copy_bandwidth_gb_per_s"] = s.copy_gbs;
  j["image"] = s.image_label;
  const SlotResult& a = s.results[Slot::A];
  j["total_ms"] = a.total_ms;
  j["stages"] = nlohmann::json::array();
  for (std::size_t i = 0; i < a.stages.size() && i < a.plan.pipeline.stages.size(); ++i) {
    const Stage& st = a.plan.pipeline.stages[i];
    const StageReport& r = a.stages[i];
    const Ran ran = RanFor(a, i);
    j["stages"].push_back({{"stage", i + 1},
                           {"filter", st.filter},
                           {"variant", st.variant},
                           {"spec", FormatStageSpec(*s.registry, st)},
                           {"ran_variant", ran.variant.empty() ? nlohmann::json() : nlohmann::json(ran.variant)},
                           {"launch", ran.launch.empty() ? nlohmann::json() : nlohmann::json(ran.launch)},
                           {"enabled", st.enabled},
                           {"last_ms", r.last_ms},
                           {"median_ms", r.median_ms},
                           {"min_ms", r.min_ms},
                           {"runs", r.runs},
                           {"history_ms", r.history},
                           {"bytes", r.bytes},
                           {"gb_per_s", r.gbs},
                           {"pct_of_copy", r.pct_of_copy},
                           {"registers", r.registers >= 0 ? nlohmann::json(r.registers) : nlohmann::json()},
                           {"occupancy", r.occupancy >= 0 ? nlohmann::json(r.occupancy) : nlohmann::json()},
                           {"kernel", r.kernel_info}});
  }
  return j.dump(2) + "\n";
}

void WriteTextFile(const std::string& path, const std::string& text) {
  const std::string tmp = path + ".tmp";
  {
    std::ofstream out(tmp, std::ios::binary | std::ios::trunc);
    if (!out) throw InputError("cannot write " + path);
    out << text;
    if (!out) throw InputError("cannot write " + path);
  }
  std::error_code ec;
  std::filesystem::rename(tmp, path, ec);
  if (ec) throw InputError("cannot write " + path + ": " + ec.message());
}

}  // namespace fl::ui
