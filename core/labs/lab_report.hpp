#pragma once
// What the byte labs (histogram, reduce) report per variant, and the pieces of their runs that do not depend
// on the lab: which variants run, host timing of the CPU variants, the JSON "variants" array and the table.
#include <chrono>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "core/lab_spec.hpp"

namespace fl::labs {

struct VariantTiming {
  std::string id;
  double ms = 0;      // median
  double min_ms = 0;  // fastest repeat
  double gbs = 0;     // input bytes / median
  bool matches_reference = false;
};

// The variants a request runs: the named ones, else every variant of its backend.
std::vector<const LabVariantSpec*> SelectedVariants(const LabSpec& lab, const LabRequest& r);

// Throws InputError "cancelled" when the request's cancel flag is set.
void ThrowIfCancelled(const LabRequest& r);

// Runs `work` `repeat` times (after one untimed warm-up) and returns {median, min} of the wall-clock ms.
struct HostTiming {
  double median_ms = 0, min_ms = 0;
};
HostTiming TimeOnHost(const LabRequest& r, int repeat, const std::function<void()>& work);

// Times each selected CPU variant of `lab` on the host; run_variant(id) returns the variant's result, which
// is compared with `reference` for matches_reference. Reports progress per variant.
template <typename Result, typename RunVariant>
std::vector<VariantTiming> TimeCpuVariants(const LabSpec& lab, const LabRequest& r, std::uint64_t bytes,
                                           const Result& reference, RunVariant run_variant);

// The entries of `table` (each with .id) whose id the request selected, in the table's order: the CUDA
// kernels to run.
template <typename Entry, std::size_t N>
std::vector<Entry> SelectedEntries(const LabSpec& lab, const LabRequest& r, const Entry (&table)[N]) {
  std::vector<Entry> out;
  for (const LabVariantSpec* v : SelectedVariants(lab, r))
    for (const Entry& e : table)
      if (v->id == e.id) out.push_back(e);
  return out;
}

// Input bytes over a time, in GB/s (1e9 bytes per second); 0 when the time is 0.
double GBs(std::uint64_t bytes, double ms);

// The shared fields of a byte lab's JSON: lab, backend, size, width, height, format, input, bytes, timing, ms
// (the best median), best (its id) and variants [{id, ms, min_ms, gbs, matches_reference}].
nlohmann::json ByteLabJson(const std::string& lab, const LabRequest& r, const ImageShape& shape,
                           const std::vector<VariantTiming>& timings, const std::string& timing_kind);
// The table the CLI prints: one line per variant with its median, min, GB/s and whether it matched.
std::vector<std::string> VariantTable(const std::vector<VariantTiming>& timings);

template <typename Result, typename RunVariant>
std::vector<VariantTiming> TimeCpuVariants(const LabSpec& lab, const LabRequest& r, std::uint64_t bytes,
                                           const Result& reference, RunVariant run_variant) {
  std::vector<VariantTiming> timings;
  const auto selected = SelectedVariants(lab, r);
  for (const LabVariantSpec* v : selected) {
    Result result;
    const HostTiming t = TimeOnHost(r, r.repeat, [&] { result = run_variant(v->id); });
    timings.push_back({v->id, t.median_ms, t.min_ms, GBs(bytes, t.median_ms), result == reference});
    if (r.progress) r.progress(static_cast<float>(timings.size()) / static_cast<float>(selected.size()));
  }
  return timings;
}

}  // namespace fl::labs
