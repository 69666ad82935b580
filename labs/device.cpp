// Declaration of the `device` lab: what the GPU is, as the runtime states it, and how fast its memory really
// is.
#include <omp.h>

#include <cstdio>
#include <thread>

#include "core/lab_registry.hpp"
#include "cuda/copy_bandwidth.hpp"
#include "cuda/device_info.hpp"
#include "cuda/labs/device_facts.hpp"

namespace fl::labs {
namespace {

constexpr std::size_t kMiB = std::size_t{1} << 20;

// On the CPU backend: no device facts, but an answer that says why, and what the host offers.
LabResult RunDeviceCpu(const LabRequest&) {
  const bool has_cuda = cuda::DeviceCount() > 0;
  const std::string reason =
      has_cuda ? "a CUDA device is present: run with --backend cuda to see it" : cuda::NoDeviceReason();
  LabResult out;
  out.data = {{"lab", "device"},
              {"backend", "cpu"},
              {"cuda_available", has_cuda},
              {"reason", reason},
              {"host",
               {{"hardware_threads", std::thread::hardware_concurrency()},
                {"openmp_threads", omp_get_max_threads()}}},
              {"variants", nlohmann::json::array()}};
  out.lines.push_back("device lab on the CPU backend: no CUDA device facts (" + reason + ")");
  out.lines.push_back("host: " + std::to_string(std::thread::hardware_concurrency()) + " hardware threads, " +
                      std::to_string(omp_get_max_threads()) + " OpenMP threads");
  return out;
}

nlohmann::json FactsJson(const cuda::labs::DeviceFacts& f) {
  const DeviceLimits& l = f.limits;
  return {{"name", l.name},
          {"compute_capability", std::to_string(l.compute_major) + "." + std::to_string(l.compute_minor)},
          {"sm_count", l.sm_count},
          {"warp_size", l.warp_size},
          {"max_threads_per_block", l.max_threads_per_block},
          {"max_block", {f.max_block[0], f.max_block[1], f.max_block[2]}},
          {"max_grid", {f.max_grid[0], f.max_grid[1], f.max_grid[2]}},
          {"max_threads_per_sm", l.max_threads_per_sm},
          {"max_blocks_per_sm", f.max_blocks_per_sm},
          {"smem_per_block", l.max_smem_per_block},
          {"smem_per_block_optin", l.max_smem_per_block_optin},
          {"smem_per_sm", l.smem_per_sm},
          {"regs_per_block", f.regs_per_block},
          {"regs_per_sm", l.regs_per_sm},
          {"l2_bytes", f.l2_bytes},
          {"global_mem_bytes", l.global_mem},
          {"clock_khz", f.clock_khz},
          {"memory_clock_khz", f.memory_clock_khz},
          {"memory_bus_bits", f.memory_bus_bits},
          {"theoretical_gbs", f.TheoreticalGBs()}};
}

std::vector<std::string> FactLines(const cuda::labs::DeviceFacts& f, double copy_gbs,
                                   std::size_t copy_bytes) {
  const DeviceLimits& l = f.limits;
  std::vector<std::string> lines;
  char buf[240];
  const auto add = [&](int n) { lines.emplace_back(buf, static_cast<std::size_t>(std::max(0, n))); };
  add(std::snprintf(buf, sizeof buf, "%s, compute capability %d.%d, %d SMs at %.0f MHz, warp %d",
                    l.name.c_str(), l.compute_major, l.compute_minor, l.sm_count, f.clock_khz / 1e3,
                    l.warp_size));
  add(std::snprintf(buf, sizeof buf, "block: up to %d threads (%d x %d x %d); grid up to %d x %d x %d",
                    l.max_threads_per_block, f.max_block[0], f.max_block[1], f.max_block[2], f.max_grid[0],
                    f.max_grid[1], f.max_grid[2]));
  add(std::snprintf(buf, sizeof buf, "per SM: %d threads, %d blocks, %d registers, %zu KiB shared",
                    l.max_threads_per_sm, f.max_blocks_per_sm, l.regs_per_sm, l.smem_per_sm / 1024));
  add(std::snprintf(buf, sizeof buf, "per block: %d registers, %zu KiB shared (%zu KiB opting in)",
                    f.regs_per_block, l.max_smem_per_block / 1024, l.max_smem_per_block_optin / 1024));
  add(std::snprintf(buf, sizeof buf,
                    "memory: %.1f GiB, L2 %.1f MiB, %d-bit bus at %.0f MHz: %.0f GB/s theoretical",
                    static_cast<double>(l.global_mem) / (1024.0 * kMiB), f.l2_bytes / double(kMiB),
                    f.memory_bus_bits, f.memory_clock_khz / 1e3, f.TheoreticalGBs()));
  add(std::snprintf(
      buf, sizeof buf, "measured device-to-device copy of %zu MiB: %.0f GB/s (%.0f%% of theoretical)",
      copy_bytes / kMiB, copy_gbs, f.TheoreticalGBs() > 0 ? 100.0 * copy_gbs / f.TheoreticalGBs() : 0));
  return lines;
}

LabResult RunDeviceCuda(const LabRequest& r) {
  const cuda::labs::DeviceFacts f = cuda::labs::QueryDeviceFacts();
  const std::size_t copy_bytes = static_cast<std::size_t>(r.size) * kMiB;
  const double copy_gbs = cuda::MeasureCopyBandwidthGBs(copy_bytes, r.repeat);
  const double copy_ms = 2.0 * static_cast<double>(copy_bytes) / (copy_gbs * 1e9) * 1e3;
  LabResult out;
  out.data = FactsJson(f);
  out.data["lab"] = "device";
  out.data["backend"] = "cuda";
  out.data["cuda_available"] = true;
  out.data["size"] = r.size;
  out.data["copy_bytes"] = copy_bytes;
  out.data["copy_gbs"] = copy_gbs;
  out.data["copy_pct_of_theoretical"] = f.TheoreticalGBs() > 0 ? 100.0 * copy_gbs / f.TheoreticalGBs() : 0.0;
  out.data["ms"] = copy_ms;
  out.data["variants"] = {{{"id", "d2d_copy"}, {"ms", copy_ms}, {"gbs", copy_gbs}}};
  out.lines = FactLines(f, copy_gbs, copy_bytes);
  if (r.progress) r.progress(1.0f);
  return out;
}

LabSpec DeclareDevice() {
  LabSpec lab;
  lab.id = "device";
  lab.title = "Device: the GPU's limits and its real memory bandwidth";
  lab.teaching =
      "Every tuning decision in the other labs is bounded by these numbers: threads and blocks per SM and "
      "the "
      "registers and shared memory they share decide occupancy; warp size sets the unit of execution; the L2 "
      "size "
      "says which images stay in cache between kernels. The theoretical bandwidth (2 x memory clock x bus "
      "width "
      "/ 8) is what the data sheet promises; a device-to-device copy (read once, write once) measures what a "
      "kernel can actually get, usually 80-90% of it: the ceiling the bandwidth figures elsewhere are judged "
      "against. --size is the copy's buffer in MiB (default 256: well past the L2).";
  lab.default_size = 256;
  lab.max_size = 8192;
  lab.variants = {
      {"d2d_copy", Backend::Cuda,
       "cudaMemcpyAsync device to device of --size MiB, each copy between its own cudaEvent pair; GB/s "
       "counts the bytes read and written.",
       "Close to the practical DRAM bandwidth; a buffer smaller than the L2 would measure the cache."}};
  lab.run_cpu = RunDeviceCpu;
  lab.run_cuda = RunDeviceCuda;
  return lab;
}

}  // namespace

FL_REGISTER_LAB(30, DeclareDevice);

}  // namespace fl::labs
