// Declaration of the `histogram` lab: counting 256 bins with atomics, and what their contention costs.
#include "cuda/labs/histogram.hpp"

#include <algorithm>
#include <cstdio>

#include "core/lab_registry.hpp"
#include "core/labs/histogram_cpu.hpp"
#include "core/labs/lab_input.hpp"
#include "core/labs/lab_report.hpp"
#include "core/test_patterns.hpp"

namespace fl::labs {
namespace {

using Bins = std::vector<std::uint64_t>;
using CpuHistogramFn = Bins (*)(const ImageView&);

struct CpuEntry {
  const char* id;
  CpuHistogramFn fn;
};
constexpr CpuEntry kCpuVariants[] = {{"reference", HistogramReference}, {"openmp", HistogramOpenmp}};

struct CudaEntry {
  const char* id;
  cuda::labs::HistogramKernel kernel;
};
constexpr CudaEntry kCudaVariants[] = {{"global_atomics", cuda::labs::HistogramKernel::GlobalAtomics},
                                       {"shared_atomics", cuda::labs::HistogramKernel::SharedAtomics},
                                       {"warp_private", cuda::labs::HistogramKernel::WarpPrivate},
                                       {"warp_aggregated", cuda::labs::HistogramKernel::WarpAggregated}};

// A bar chart of the all-channel bins, 256 x 128, white bars on black, scaled to the fullest bin.
LabPicture BarChart(const Bins& all) {
  Image img(256, 128, PixelFormat::Gray8);
  const std::uint64_t top = std::max<std::uint64_t>(1, *std::max_element(all.begin(), all.end()));
  for (int x = 0; x < 256; ++x) {
    const int bar = static_cast<int>((all[x] * 128 + top - 1) / top);
    for (int y = 128 - bar; y < 128; ++y) img.Row<std::uint8_t>(y)[x] = 255;
  }
  return {"histogram", std::move(img)};
}

LabResult HistogramResult(const LabRequest& r, const Image& img, const Bins& reference,
                          const std::vector<VariantTiming>& timings, const std::string& timing_kind) {
  LabResult out;
  out.data = ByteLabJson("histogram", r, img.shape(), timings, timing_kind);
  const Bins all = AllChannelBins(reference);
  out.data["bins"] = all;
  out.data["channel_names"] = ChannelNames(img.format());
  out.data["channels"] = nlohmann::json::array();
  const int channels = static_cast<int>(reference.size() / 256);
  for (int c = 0; c < channels; ++c) out.data["channels"].push_back(ChannelBins(reference, c));
  const auto fullest = std::max_element(all.begin(), all.end());
  const long used = std::count_if(all.begin(), all.end(), [](std::uint64_t n) { return n != 0; });
  char buf[200];
  std::snprintf(buf, sizeof buf, "histogram of %dx%d %s (%s): %ld of 256 values used, fullest bin %ld (%llu)",
                img.width(), img.height(), std::string(ToString(img.format())).c_str(),
                LabInputLabel(r).c_str(), used, static_cast<long>(fullest - all.begin()),
                static_cast<unsigned long long>(*fullest));
  out.lines.push_back(buf);
  for (auto& line : VariantTable(timings)) out.lines.push_back(std::move(line));
  out.pictures.push_back(BarChart(all));
  return out;
}

LabResult RunHistogramCpu(const LabRequest& r) {
  Image storage;
  const Image& img = LabInputImage(r, "histogram", storage);
  const Bins reference = HistogramReference(img.View());
  const auto timings =
      TimeCpuVariants(GetLab("histogram"), r, img.bytes(), reference, [&](const std::string& id) {
        for (const auto& c : kCpuVariants)
          if (id == c.id) return c.fn(img.View());
        return Bins{};
      });
  return HistogramResult(r, img, reference, timings, "host wall clock, median of repeats");
}

LabResult RunHistogramCuda(const LabRequest& r) {
  Image storage;
  const Image& img = LabInputImage(r, "histogram", storage);
  const Bins reference =
      HistogramOpenmp(img.View());  // identical to the reference, and faster on large inputs
  const auto selected = SelectedEntries(GetLab("histogram"), r, kCudaVariants);
  std::vector<cuda::labs::HistogramKernel> kernels;
  for (const auto& e : selected) kernels.push_back(e.kernel);
  const auto runs = cuda::labs::RunHistogramKernels(img, kernels, r.repeat, r.cancel);
  std::vector<VariantTiming> timings;
  for (std::size_t i = 0; i < runs.size(); ++i)
    timings.push_back({selected[i].id, runs[i].median_ms, runs[i].min_ms, GBs(img.bytes(), runs[i].median_ms),
                       runs[i].bins == reference});
  if (r.progress) r.progress(1.0f);
  return HistogramResult(r, img, reference, timings,
                         "cuda events around the kernel, L2 flushed, median of repeats");
}

LabSpec DeclareHistogram() {
  LabSpec lab;
  lab.id = "histogram";
  lab.title = "Histogram: atomics and their contention";
  lab.teaching =
      "Counting how often each byte value occurs is a scatter: every pixel increments one of 256 counters, "
      "and "
      "many threads want the same counter at once. Atomics make that correct; where the colliding atomics "
      "land "
      "(global memory, a block's shared memory, a warp's own copy) decides the speed. The reading side is a "
      "plain "
      "stream (16 bytes per load, grid-stride over a grid sized to the SMs), so the best variant should run "
      "near "
      "the read bandwidth on a natural or noisy image. Try pattern=constant: every thread hits the same bin, "
      "and "
      "the atomics, not the memory, set the time. rgba8 counts each channel separately (4 x 256 bins).";
  lab.params = GeneratedImageParams();
  lab.default_size = 4096;
  lab.max_size = kMaxPatternSide;  // the generated images' limit; an --input image may be larger
  lab.takes_image = true;
  lab.variants = {
      {"reference", Backend::Cpu, "Plain loops over every byte in row order, one counter increment each.",
       "The oracle every other variant must equal exactly."},
      {"openmp", Backend::Cpu,
       "Each CPU thread counts its band of rows into a private histogram; the private histograms are summed "
       "at "
       "the end (no atomics at all).",
       "Scales with the cores; identical counts to the reference."},
      {"global_atomics", Backend::Cuda,
       "One atomicAdd per byte straight to the 256 (or 1024) counters in global memory.",
       "All the GPU's threads contend for a few hundred L2 addresses: on noise the atomics spread out and "
       "the L2 "
       "keeps up moderately; on a natural image neighbouring pixels share bins and collide; on a constant "
       "image "
       "every atomic serialises on one address and it is the slowest by far."},
      {"shared_atomics", Backend::Cuda,
       "Each block counts into its own histogram in shared memory (atomicAdd on shared), then adds each "
       "non-zero "
       "bin to the global counters once: one global atomic per bin per block.",
       "Shared-memory atomics are fast and only the block's threads collide, so on natural and noise inputs "
       "it "
       "should approach the read bandwidth. A constant image still serialises the block's threads on one "
       "shared "
       "counter, so it slows down, but far less than global_atomics."},
      {"warp_private", Backend::Cuda,
       "Each warp has its own sub-histogram in shared memory (8 copies per 256-thread block), so only the 32 "
       "threads of a warp can collide; the block sums the copies and adds each bin to global memory once.",
       "Fewer collisions than shared_atomics on low-entropy images (constant, natural) at the price of 8x "
       "the "
       "shared memory (32 KiB per block for rgba8, which limits blocks per SM) and a longer merge. On noise "
       "the "
       "two are close."},
      {"warp_aggregated", Backend::Cuda,
       "Like shared_atomics, but before each shared atomic the threads of a warp holding the same bin find "
       "each "
       "other (cooperative_groups::labeled_partition, __match_any_sync underneath) and one of them adds the "
       "group's count: one atomic per distinct value per warp instead of one per byte.",
       "The cure for contention: on a constant image 32 colliding atomics become one, so it should beat "
       "shared_atomics and warp_private there by a wide margin. On noise almost every value is distinct, so "
       "the "
       "matching is pure overhead and it should be the slowest of the shared-memory variants."},
  };
  lab.run_cpu = RunHistogramCpu;
  lab.run_cuda = RunHistogramCuda;
  return lab;
}

}  // namespace

FL_REGISTER_LAB(10, DeclareHistogram);

}  // namespace fl::labs
