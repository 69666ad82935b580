#include "cuda/labs/gemm_run.hpp"

#include <string>

#include "core/error.hpp"
#include "core/lab_registry.hpp"
#include "core/labs/gemm_lab.hpp"
#include "core/labs/lab_support.hpp"
#include "cuda/event_timer.hpp"
#include "cuda/labs/gemm_device.hpp"

namespace fl::cuda {

LabResult RunGemmCuda(const LabRequest& r) {
  const int n = r.size;
  const auto a = labs::GemmMatrix(n, labs::kGemmSeedA), b = labs::GemmMatrix(n, labs::kGemmSeedB);
  const labs::GemmCheck check = labs::GemmReferenceRows(a, b, n);
  GemmDevice device(a, b, n);
  std::vector<labs::GemmVariantRun> runs;
  std::vector<float> c;
  // Without libcublas the other variants still run; the report says why cublas did not.
  std::string cublas_missing;
  if (labs::Wants(r, "cublas")) {
    try {
      Cublas();
    } catch (const RuntimeError& e) {
      if (r.variants.size() == 1) throw;
      cublas_missing = e.what();
    }
  }
  const std::vector<std::string> ids = labs::RequestedVariants(GetLab("gemm"), r);
  for (const std::string& id : ids) {
    if (id == "cublas" && !cublas_missing.empty()) continue;
    labs::PollCancel(r);
    labs::GemmVariantRun run;
    run.id = id;
    run.ms = TimeOnStream(device.stream(), 2, r.repeat, [&] { device.Launch(id); }).Median();
    c = device.DownloadC();
    run.max_rel_err = labs::MaxRelErr(check, c);
    runs.push_back(run);
    labs::ReportProgress(r, static_cast<double>(runs.size()) / ids.size());
  }
  LabResult out = labs::GemmReport(r, a, b, c, static_cast<int>(check.rows.size()), runs);
  out.data["repeats"] = r.repeat;
  if (!cublas_missing.empty()) {
    out.data["cublas_unavailable"] = cublas_missing;
    out.lines.push_back("  cublas     not run: " + cublas_missing);
  }
  return out;
}

}  // namespace fl::cuda
