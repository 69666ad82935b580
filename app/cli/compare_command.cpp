// filterlab compare: two chains (A and B) on one image, their difference and timings.
#include <cmath>
#include <cstdio>
#include <memory>
#include <nlohmann/json.hpp>

#include "app/cli/chain_runner.hpp"
#include "app/cli/commands.hpp"
#include "core/error.hpp"
#include "core/image_io.hpp"
#include "core/metrics.hpp"
#include "core/text_file.hpp"
#include "filters/builtin_registry.hpp"

namespace fl::cli {

int CompareCommand(const CompareOptions& o) {
  if (o.a.empty() || o.b.empty()) throw InputError("give the stages of both chains: --a SPEC... and --b SPEC...");
  const Registry& reg = BuiltinRegistry();
  const Backend backend = ChooseBackend(o.backend);
  const Pipeline pa = BuildPipeline(reg, o.a, "", backend), pb = BuildPipeline(reg, o.b, "", backend);
  const Image input = LoadImage(o.input);
  // Both chains planned (every error named) before either runs.
  auto plan = [&](const Pipeline& p, const char* name) {
    try {
      return std::make_unique<Chain>(reg, p, input, backend);
    } catch (const InputError& e) {
      throw InputError(std::string(name) + ": " + e.what());
    }
  };
  const std::unique_ptr<Chain> chain_a = plan(pa, "chain A"), chain_b = plan(pb, "chain B");
  // Before the work: a refusal writes nothing.
  if (!o.diff.empty()) CheckSaveTarget(o.diff, PixelFormat::Rgba8);
  CheckTextFileFolder(o.json, "--json");
  const ChainResult ra = chain_a->Run(false), rb = chain_b->Run(false);
  const Image &a = ra.final_output(input), &b = rb.final_output(input);
  const ImageMetrics m = CompareImages(a, b, o.tolerance);

  nlohmann::json j = {{"max_abs", m.max_abs},     {"mean_abs", m.mean_abs},         {"mismatches", m.mismatches},
                      {"mismatch_pct", m.mismatch_pct}, {"a_ms", ra.total_ms()}, {"b_ms", rb.total_ms()},
                      {"backend", ToString(backend)}};
  j["psnr"] = std::isinf(m.psnr) ? nlohmann::json(nullptr) : nlohmann::json(m.psnr);  // JSON has no infinity
  if (m.first_mismatch) j["first_mismatch"] = {m.first_mismatch->first, m.first_mismatch->second};
  if (!o.diff.empty()) SaveImage(DifferenceHeatMap(a, b, o.gain), o.diff);
  if (!o.json.empty()) WriteTextFileAtomically(o.json, j.dump(2) + "\n", "comparison JSON");
  std::printf("A %.4f ms, B %.4f ms (B/A %.2f, %s)\n", ra.total_ms(), rb.total_ms(),
              ra.total_ms() > 0 ? rb.total_ms() / ra.total_ms() : 0.0,
              chain_a->time_kind());
  std::printf("max |A-B| %g, mean %g, PSNR %s dB, mismatching pixels %zu (%.4f%%)", m.max_abs, m.mean_abs,
              std::isinf(m.psnr) ? "inf" : std::to_string(m.psnr).c_str(), m.mismatches, m.mismatch_pct);
  if (m.first_mismatch) std::printf(", first at (%d, %d)", m.first_mismatch->first, m.first_mismatch->second);
  std::printf("\n");
  return 0;
}

}  // namespace fl::cli
