#include "core/occupancy.hpp"

#include <algorithm>
#include <climits>
#include <cstdio>

namespace fl {

namespace {

constexpr int kUnlimited = INT_MAX;

int CeilDiv(int a, int b) { return (a + b - 1) / b; }
int RoundUp(int a, int unit) { return CeilDiv(a, unit) * unit; }
std::size_t RoundUp(std::size_t a, std::size_t unit) { return (a + unit - 1) / unit * unit; }

int RegsPerWarp(int registers, const OccupancyLimits& l) {
  return RoundUp(registers * l.warp_size, l.reg_alloc_unit);
}

// Blocks per SM allowed by registers (cudaOccMaxBlocksPerSMRegsLimit without partitioned global caching).
int BlocksByRegisters(int registers, int warps_per_block, const OccupancyLimits& l) {
  if (registers <= 0) return kUnlimited;
  const int per_warp = RegsPerWarp(registers, l);
  // The hardware checks a block against the per-block limit as if its warps filled every sub-partition.
  const int assumed = per_warp * RoundUp(warps_per_block, l.sub_partitions);
  if (assumed > l.regs_per_block || per_warp * warps_per_block > l.regs_per_block) return 0;
  const int warps_per_sub = (l.regs_per_sm / l.sub_partitions) / per_warp;
  return warps_per_sub * l.sub_partitions / warps_per_block;
}

std::size_t SmemPerBlock(std::size_t bytes, const OccupancyLimits& l) {
  return RoundUp(bytes + l.reserved_smem_per_block, l.smem_alloc_unit);
}

int BlocksBySmem(std::size_t allocated, const OccupancyLimits& l) {
  if (allocated > l.max_smem_per_block + l.reserved_smem_per_block) return 0;
  if (allocated == 0 || l.smem_per_sm == 0) return kUnlimited;
  return static_cast<int>(l.smem_per_sm / allocated);
}

std::string Plural(int n, const char* word) { return std::to_string(n) + " " + word + (n == 1 ? "" : "s"); }

std::string RegisterAdvice(const KernelResources& k, const OccupancyReport& r, int others,
                           const OccupancyLimits& l) {
  for (int regs = k.registers - 1; regs > 0; --regs) {
    const int fit = BlocksByRegisters(regs, r.warps_per_block, l);
    if (fit > r.blocks_per_sm) {
      const int more = std::min(fit, others) - r.blocks_per_sm;
      if (more <= 0) return "fewer registers alone add no block: another limit binds at the same count";
      return "use " + std::to_string(regs) +
             " registers or fewer per thread (__launch_bounds__ or fewer live " + "values) to fit " +
             Plural(more, "more block") + " per SM";
    }
  }
  return "fewer threads per block: one block's registers fill the SM";
}

std::string SmemAdvice(const KernelResources& k, const OccupancyReport& r, int others,
                       const OccupancyLimits& l) {
  const std::size_t target = l.smem_per_sm / static_cast<std::size_t>(r.blocks_per_sm + 1);
  const std::size_t allocated = target / l.smem_alloc_unit * l.smem_alloc_unit;
  const std::size_t overhead = l.reserved_smem_per_block + k.static_smem;
  if (allocated <= overhead) return "a smaller tile: the kernel's static shared memory alone fills the SM";
  const int more = std::min(BlocksBySmem(allocated, l), others) - r.blocks_per_sm;
  if (more <= 0) return "less shared memory alone adds no block: another limit binds at the same count";
  return "a smaller tile (fewer rows per thread or a smaller block): at most " +
         std::to_string(allocated - overhead) + " bytes of dynamic shared memory per block fit " +
         Plural(more, "more block") + " per SM";
}

void Explain(const KernelResources& k, const OccupancyLimits& l, OccupancyReport& r) {
  const int others_than_regs = std::min({r.by_smem, r.by_block_slots, r.by_warp_slots});
  const int others_than_smem = std::min({r.by_registers, r.by_block_slots, r.by_warp_slots});
  const std::string blocks = Plural(r.blocks_per_sm, "block") + " of " + Plural(r.warps_per_block, "warp");
  if (r.blocks_per_sm == 0) {
    r.limiter = OccupancyLimiter::Unlaunchable;
    r.reason = r.by_registers == 0 ? "registers: one block needs more than the " +
                                         std::to_string(l.regs_per_block) + " a block may have"
               : r.by_smem == 0
                   ? "shared memory: one block needs " + std::to_string(r.smem_per_block) + " bytes"
                   : "the block has more threads than a block may have";
    r.advice = "fewer threads per block, fewer registers or less shared memory";
  } else if (r.active_warps == r.max_warps) {
    r.limiter = OccupancyLimiter::ThreadsPerSm;
    r.reason = "threads per SM: " + blocks + " fill all " + std::to_string(l.max_threads_per_sm) + " threads";
    r.advice = "nothing to lift: every warp slot is in use";
  } else if (r.blocks_per_sm == r.by_registers) {
    r.limiter = OccupancyLimiter::Registers;
    r.reason = "registers: " + std::to_string(k.registers) +
               " per thread = " + std::to_string(r.regs_per_warp) + " per warp allow " + blocks;
    r.advice = RegisterAdvice(k, r, others_than_regs, l);
  } else if (r.blocks_per_sm == r.by_smem) {
    r.limiter = OccupancyLimiter::SharedMemory;
    r.reason = "shared memory: " + std::to_string(r.smem_per_block) + " bytes per block (with the reserved " +
               std::to_string(l.reserved_smem_per_block) + ") of " + std::to_string(l.smem_per_sm) +
               " allow " + blocks;
    r.advice = SmemAdvice(k, r, others_than_smem, l);
  } else if (r.blocks_per_sm == r.by_block_slots) {
    r.limiter = OccupancyLimiter::BlocksPerSm;
    r.reason = "blocks per SM: at most " + std::to_string(l.max_blocks_per_sm) + " resident blocks of " +
               Plural(r.warps_per_block, "warp");
    r.advice = "larger blocks: with the " + std::to_string(l.max_blocks_per_sm) +
               " blocks per SM cap, blocks of " + std::to_string(l.max_threads_per_sm / l.max_blocks_per_sm) +
               " threads or more fill the SM";
  } else {
    r.limiter = OccupancyLimiter::BlockWarps;
    r.reason = "the block's warps: " + blocks + " use " + std::to_string(r.active_warps) + " of " +
               std::to_string(r.max_warps) + " warp slots";
    r.advice =
        "a block whose warp count divides " + std::to_string(r.max_warps) + " (e.g. 256 or 512 threads)";
  }
  if (k.block_threads % l.warp_size != 0)
    r.reason += " (a block of " + std::to_string(k.block_threads) + " threads leaves " +
                std::to_string(r.warps_per_block * l.warp_size - k.block_threads) +
                " lanes of its last warp idle)";
}

}  // namespace

OccupancyLimits OccupancyLimitsOf(const DeviceLimits& d) {
  OccupancyLimits l;
  l.warp_size = d.warp_size > 0 ? d.warp_size : 32;
  l.max_threads_per_sm = d.max_threads_per_sm;
  l.max_blocks_per_sm = d.max_blocks_per_sm;
  l.max_threads_per_block = d.max_threads_per_block;
  l.regs_per_sm = d.regs_per_sm;
  l.regs_per_block = d.regs_per_block;
  l.smem_per_sm = d.smem_per_sm;
  l.max_smem_per_block = d.max_smem_per_block_optin;
  l.reserved_smem_per_block = d.compute_major >= 8 ? d.reserved_smem_per_block : 0;
  l.smem_alloc_unit = d.compute_major >= 8 ? 128 : 256;
  return l;
}

const char* ToString(OccupancyLimiter l) {
  switch (l) {
    case OccupancyLimiter::None:
      return "nothing";
    case OccupancyLimiter::Registers:
      return "registers";
    case OccupancyLimiter::SharedMemory:
      return "shared memory";
    case OccupancyLimiter::BlocksPerSm:
      return "blocks per SM";
    case OccupancyLimiter::ThreadsPerSm:
      return "threads per SM";
    case OccupancyLimiter::BlockWarps:
      return "the block's warps";
    case OccupancyLimiter::Unlaunchable:
      return "a block that cannot fit";
  }
  return "?";
}

OccupancyReport ExplainOccupancy(const KernelResources& k, const OccupancyLimits& l) {
  OccupancyReport r;
  r.max_warps = l.max_threads_per_sm / l.warp_size;
  if (k.block_threads <= 0) {
    r.limiter = OccupancyLimiter::Unlaunchable;
    r.reason = "the block has no threads";
    return r;
  }
  r.warps_per_block = CeilDiv(k.block_threads, l.warp_size);
  r.regs_per_warp = k.registers > 0 ? RegsPerWarp(k.registers, l) : 0;
  r.smem_per_block = SmemPerBlock(k.static_smem + k.dynamic_smem, l);
  const bool too_many = k.block_threads > l.max_threads_per_block;
  r.by_registers = too_many ? 0 : BlocksByRegisters(k.registers, r.warps_per_block, l);
  r.by_smem = too_many ? 0 : BlocksBySmem(r.smem_per_block, l);
  r.by_block_slots = too_many ? 0 : l.max_blocks_per_sm;
  r.by_warp_slots = too_many ? 0 : r.max_warps / r.warps_per_block;
  r.blocks_per_sm = std::min({r.by_registers, r.by_smem, r.by_block_slots, r.by_warp_slots});
  r.active_warps = r.blocks_per_sm * r.warps_per_block;
  r.occupancy = r.max_warps > 0 ? static_cast<double>(r.active_warps) / r.max_warps : 0.0;
  Explain(k, l, r);
  return r;
}

std::string OccupancyReport::Summary() const {
  char buf[160];
  std::snprintf(buf, sizeof buf, "%d blocks/SM, %.0f%% theoretical occupancy, limited by %s", blocks_per_sm,
                occupancy * 100.0, ToString(limiter));
  return buf;
}

std::string OccupancyReport::Text() const { return Summary() + "\n" + reason + "\nTo lift it: " + advice; }

}  // namespace fl
