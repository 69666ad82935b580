#include "cuda/labs/transfers_lab.hpp"

#include <cstdio>

#include "core/error.hpp"
#include "core/labs/transfer_sizes.hpp"
#include "core/test_patterns.hpp"

namespace fl::cuda {
namespace {

nlohmann::json CallJson(const PipelineCallTimes& t) {
  return {{"upload_ms", t.upload_ms},
          {"kernel_ms", t.kernel_ms},
          {"download_ms", t.download_ms},
          {"full_ms", t.full_ms},
          {"kernel_share", t.full_ms > 0 ? t.kernel_ms / t.full_ms : 0.0}};
}

std::string CallLine(const char* which, const PipelineCallTimes& t) {
  char line[200];
  std::snprintf(
      line, sizeof line,
      "%-6s call: upload %8.3f ms  kernels %8.3f ms  download %8.3f ms  full %8.3f ms  (kernels %4.1f%%)",
      which, t.upload_ms, t.kernel_ms, t.download_ms, t.full_ms,
      t.full_ms > 0 ? 100.0 * t.kernel_ms / t.full_ms : 0.0);
  return line;
}

void CheckCancel(const LabRequest& r) {
  if (r.cancel && r.cancel->load()) throw InputError("cancelled");
}

}  // namespace

LabResult RunTransfersLab(const LabRequest& r, const Registry& reg) {
  std::vector<std::string> variants = r.variants;
  if (variants.empty()) variants = {"h2d_pageable", "h2d_pinned", "d2h_pageable", "d2h_pinned"};
  // The pipeline's input (the current image, or generated): its size is measured among the copies too.
  const Image input =
      r.input ? *r.input : GeneratePattern({TestPattern::Noise, r.size, r.size, PixelFormat::Rgba8, 8, 1});
  const std::vector<std::size_t> sizes = labs::WithSize(
      labs::TransferSizes(static_cast<std::size_t>(r.params.Int("max_mib")) * labs::kMiB), input.bytes());
  const std::string pipeline = r.params.Text("pipeline");
  const int steps = static_cast<int>(variants.size() * sizes.size()) + (pipeline == "none" ? 0 : 1);
  int done = 0;
  auto step = [&] {
    if (r.progress) r.progress(static_cast<float>(++done) / static_cast<float>(steps));
    CheckCancel(r);
  };

  LabResult out;
  nlohmann::json rows = nlohmann::json::array(), variant_rows = nlohmann::json::array();
  for (const std::string& id : variants) {
    const std::string direction = id.substr(0, 3), memory = id.substr(4);
    CheckCancel(r);
    const std::vector<TransferRow> measured = MeasureTransfers(direction, memory, sizes, r.repeat, step);
    for (const TransferRow& t : measured) {
      rows.push_back({{"direction", t.direction},
                      {"memory", t.memory},
                      {"bytes", t.bytes},
                      {"ms", t.ms},
                      {"gbs", t.gbs}});
      char line[160];
      std::snprintf(line, sizeof line, "%s %-8s %10s  %9.3f ms  %7.2f GB/s", t.direction.c_str(),
                    t.memory.c_str(), labs::FormatBytes(t.bytes).c_str(), t.ms, t.gbs);
      out.lines.push_back(line);
    }
    const TransferRow& big = measured.back();  // the variant's figure: its largest copy
    variant_rows.push_back({{"id", id}, {"ms", big.ms}, {"gbs", big.gbs}, {"bytes", big.bytes}});
  }
  out.data = {{"lab", "transfers"},
              {"backend", "cuda"},
              {"size", r.size},
              {"rows", rows},
              {"variants", variant_rows}};
  if (pipeline != "none") {
    const PipelineTransferTimes t = MeasurePipelineCalls(reg, pipeline, input, r.repeat);
    out.data["pipeline"] = {{"stages", pipeline},          {"width", input.width()},
                            {"height", input.height()},    {"format", std::string(ToString(input.format()))},
                            {"bytes", input.bytes()},      {"first", CallJson(t.first)},
                            {"steady", CallJson(t.steady)}};
    out.lines.push_back("pipeline " + pipeline + " on " + std::to_string(input.width()) + "x" +
                        std::to_string(input.height()) + " " + std::string(ToString(input.format())) + ":");
    out.lines.push_back(CallLine("first", t.first));
    out.lines.push_back(CallLine("steady", t.steady));
    step();
  }
  return out;
}

}  // namespace fl::cuda
