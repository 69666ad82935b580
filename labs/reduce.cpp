// Declaration of the `reduce` lab: sum, mean, min and max of an image in one pass, and how a block combines
// its threads' partial results.
#include "cuda/labs/reduce.hpp"

#include <algorithm>
#include <cstdio>

#include "core/lab_registry.hpp"
#include "core/labs/lab_input.hpp"
#include "core/labs/lab_params.hpp"
#include "core/labs/lab_report.hpp"
#include "core/labs/reduce_cpu.hpp"
#include "core/test_patterns.hpp"

namespace fl::labs {
namespace {

using CpuReduceFn = ReduceStats (*)(const ImageView&);

struct CpuEntry {
  const char* id;
  CpuReduceFn fn;
};
constexpr CpuEntry kCpuVariants[] = {{"reference", ReduceReference}, {"openmp", ReduceOpenmp}};

struct CudaEntry {
  const char* id;
  cuda::labs::ReduceKernel kernel;
};
constexpr CudaEntry kCudaVariants[] = {{"smem_tree", cuda::labs::ReduceKernel::SmemTree},
                                       {"warp_shuffle", cuda::labs::ReduceKernel::WarpShuffle}};

nlohmann::json StatsJson(const ChannelStats& c) {
  return {{"sum", c.sum}, {"mean", c.Mean()}, {"min", c.min}, {"max", c.max}, {"count", c.count}};
}

std::string StatsLine(const std::string& name, const ChannelStats& c) {
  char buf[200];
  std::snprintf(buf, sizeof buf, "%-5s sum %llu  mean %.4f  min %d  max %d  (%llu values)", name.c_str(),
                static_cast<unsigned long long>(c.sum), c.Mean(), c.min, c.max,
                static_cast<unsigned long long>(c.count));
  return buf;
}

LabResult ReduceResult(const LabRequest& r, const Image& img, const ReduceStats& reference,
                       const std::vector<VariantTiming>& timings, const std::string& timing_kind) {
  LabResult out;
  out.data = ByteLabJson("reduce", r, img.shape(), timings, timing_kind);
  out.data.update(StatsJson(reference.all));  // sum, mean, min, max, count of every byte
  const auto names = ChannelNames(img.format());
  out.data["channels"] = nlohmann::json::array();
  for (std::size_t c = 0; c < reference.channels.size(); ++c) {
    nlohmann::json jc = StatsJson(reference.channels[c]);
    jc["name"] = names[c];
    out.data["channels"].push_back(jc);
  }
  char buf[160];
  std::snprintf(buf, sizeof buf, "reduce of %dx%d %s (%s):", img.width(), img.height(),
                std::string(ToString(img.format())).c_str(), LabInputLabel(r).c_str());
  out.lines.push_back(buf);
  out.lines.push_back(StatsLine("all", reference.all));
  if (reference.channels.size() > 1)
    for (std::size_t c = 0; c < reference.channels.size(); ++c)
      out.lines.push_back(StatsLine(names[c], reference.channels[c]));
  for (auto& line : VariantTable(timings)) out.lines.push_back(std::move(line));
  return out;
}

// The goal is stated against the read bandwidth: a plain read of the same bytes, timed in the same call, and
// each variant as a percentage of it.
void AddReadCeiling(LabResult& out, std::size_t bytes, double read_ms, double read_min_ms) {
  const double gbs = GBs(bytes, read_ms);
  out.data["read_ceiling"] = {{"ms", read_ms}, {"min_ms", read_min_ms}, {"gbs", gbs}};
  for (auto& v : out.data["variants"])
    v["pct_of_read"] = gbs > 0 ? 100.0 * v["gbs"].get<double>() / gbs : 0.0;
  char buf[200];
  std::snprintf(buf, sizeof buf, "read ceiling (a plain read of the same bytes) %.4f ms  %.1f GB/s", read_ms,
                gbs);
  out.lines.push_back(buf);
  for (const auto& v : out.data["variants"]) {
    std::snprintf(buf, sizeof buf, "  %-15s %5.1f%% of the read ceiling", v["id"].get<std::string>().c_str(),
                  v["pct_of_read"].get<double>());
    out.lines.push_back(buf);
  }
}

LabResult RunReduceCpu(const LabRequest& r) {
  Image storage;
  const Image& img = LabInputImage(r, "reduce", storage);
  const ReduceStats reference = ReduceReference(img.View());
  const auto timings =
      TimeCpuVariants(GetLab("reduce"), r, img.bytes(), reference, [&](const std::string& id) {
        for (const auto& c : kCpuVariants)
          if (id == c.id) return c.fn(img.View());
        return ReduceStats{};
      });
  return ReduceResult(r, img, reference, timings, "host wall clock, median of repeats");
}

LabResult RunReduceCuda(const LabRequest& r) {
  Image storage;
  const Image& img = LabInputImage(r, "reduce", storage);
  const ReduceStats reference = ReduceOpenmp(img.View());  // identical to the reference, and faster
  const auto selected = SelectedEntries(GetLab("reduce"), r, kCudaVariants);
  std::vector<cuda::labs::ReduceKernel> kernels;
  for (const auto& e : selected) kernels.push_back(e.kernel);
  const auto runs =
      cuda::labs::RunReduceKernels(img, kernels, r.repeat, r.cancel, r.params.Int("blocks_per_sm"));
  std::vector<VariantTiming> timings;
  for (std::size_t i = 0; i < runs.kernels.size(); ++i) {
    const auto& k = runs.kernels[i];
    const ReduceStats found = StatsFromLanes(k.lanes, img.format(), img.bytes());
    timings.push_back(
        {selected[i].id, k.median_ms, k.min_ms, GBs(img.bytes(), k.median_ms), found == reference});
  }
  if (r.progress) r.progress(1.0f);
  LabResult out = ReduceResult(r, img, reference, timings,
                               "cuda events around the kernel, L2 flushed, median of repeats");
  AddReadCeiling(out, img.bytes(), runs.read_ms, runs.read_min_ms);
  return out;
}

LabSpec DeclareReduce() {
  LabSpec lab;
  lab.id = "reduce";
  lab.title = "Reduce: sum, mean, min and max in one pass";
  lab.teaching =
      "A reduction turns many values into one: each thread first folds its own share of the image (16 bytes "
      "per "
      "load, grid-stride) into registers, then the threads of a block combine their partial results, and one "
      "atomic per block folds the blocks together. The sum is exact (64-bit integers: an 8192x8192 rgba8 "
      "image "
      "sums past 2^32), the mean is sum / count, min and max use atomicMin/atomicMax. Per-thread work is "
      "tiny, "
      "so the whole pass should run at the read bandwidth; the variants differ in how a block combines (a "
      "shared-memory tree with a barrier per step, or warp shuffles in registers), which matters less than "
      "keeping enough loads in flight. rgba8 reports every channel and all channels together.";
  lab.params = GeneratedImageParams();
  lab.params.push_back(
      IntParam("blocks_per_sm", 0, 32, 0,
               "CUDA: at most this many blocks per SM (0: as many as fit). Fewer blocks mean fewer "
               "per-block atomics on the same 12 totals, but fewer loads in flight."));
  lab.default_size = 4096;
  lab.max_size = kMaxPatternSide;  // the generated images' limit; an --input image may be larger
  lab.takes_image = true;
  lab.variants = {
      {"reference", Backend::Cpu, "Plain loops in row order: 64-bit sums, running min and max.",
       "The oracle every other variant must equal exactly."},
      {"openmp", Backend::Cpu,
       "Each CPU thread reduces a band of rows; the partial results are combined at the end.",
       "Scales with the cores; identical results (integer sums do not depend on the order)."},
      {"smem_tree", Backend::Cuda,
       "Each thread folds its chunks in registers (two bytes per 32-bit add, four-byte SIMD min/max), stores "
       "its "
       "totals in shared memory, and the block combines them pairwise in 8 halving steps with a "
       "__syncthreads "
       "after each; thread 0 does one atomicAdd (unsigned long long), atomicMin and atomicMax per lane.",
       "Near the read bandwidth: the tree runs once per block after thousands of loads, so its barriers "
       "hardly "
       "show. Its cost is the shared memory (10 KiB per block) and idle threads in the late steps."},
      {"warp_shuffle", Backend::Cuda,
       "The same per-thread folding; then each warp combines in registers with __shfl_down_sync (5 steps, no "
       "shared memory, no barrier), the 8 warp totals pass through shared memory once, the first warp "
       "shuffles "
       "them, and one set of atomics per block.",
       "About the same time as smem_tree on large images (both are bound by the loads); shuffles need less "
       "shared memory and one barrier instead of eight, which shows on small images where the combine is a "
       "larger share of the work."},
  };
  lab.run_cpu = RunReduceCpu;
  lab.run_cuda = RunReduceCuda;
  return lab;
}

}  // namespace

FL_REGISTER_LAB(20, DeclareReduce);

}  // namespace fl::labs
