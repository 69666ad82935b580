// Theoretical occupancy against cases computed by hand with the occupancy calculator's rules on compute
// capability 9.0 (65536 registers in 4 sub-partitions, 256-register warp allocation, 228 KiB shared memory
// per SM with 1 KiB reserved per block in 128-byte units, 32 blocks and 64 warps per SM).
#include "core/occupancy.hpp"

#include <gtest/gtest.h>

namespace fl {
namespace {

OccupancyReport Explain(int regs, int threads, std::size_t dynamic_smem = 0, std::size_t static_smem = 0) {
  return ExplainOccupancy({regs, static_smem, dynamic_smem, threads}, OccupancyLimits{});
}

TEST(Occupancy, RegistersLimitAndTheAdviceNamesTheNextStep) {
  // 64 regs x 32 lanes = 2048 per warp; 16384 per sub-partition / 2048 = 8 warps, x4 = 32 warps: 4 blocks
  // of 8.
  const OccupancyReport r = Explain(64, 256);
  EXPECT_EQ(r.by_registers, 4);
  EXPECT_EQ(r.blocks_per_sm, 4);
  EXPECT_DOUBLE_EQ(r.occupancy, 0.5);
  EXPECT_EQ(r.limiter, OccupancyLimiter::Registers);
  // 48 regs = 1536 per warp: 10 warps per sub-partition, 40 per SM: 5 blocks; 49 regs round up to 1792: 4
  // blocks.
  EXPECT_NE(r.advice.find("use 48 registers or fewer"), std::string::npos) << r.advice;
  EXPECT_NE(r.advice.find("1 more block per SM"), std::string::npos) << r.advice;
  EXPECT_NE(r.Summary().find("4 blocks/SM, 50% theoretical occupancy, limited by registers"),
            std::string::npos);
}

TEST(Occupancy, RegistersAreSplitOverSubPartitions) {
  // 40 regs = 1280 per warp: 12 warps per sub-partition (not 51 / 4), 48 per SM: 16 blocks of 3 warps (not
  // 17).
  const OccupancyReport r = Explain(40, 96);
  EXPECT_EQ(r.regs_per_warp, 1280);
  EXPECT_EQ(r.by_registers, 16);
  EXPECT_EQ(r.blocks_per_sm, 16);
  EXPECT_EQ(r.limiter, OccupancyLimiter::Registers);
}

TEST(Occupancy, SharedMemoryLimitCountsTheReservedKibAndRounds) {
  // 48 KiB + 1 KiB reserved = 50176 bytes; 233472 / 50176 = 4 blocks of 8 warps: 50%.
  const OccupancyReport r = Explain(16, 256, 48 * 1024);
  EXPECT_EQ(r.smem_per_block, 50176u);
  EXPECT_EQ(r.by_smem, 4);
  EXPECT_EQ(r.blocks_per_sm, 4);
  EXPECT_EQ(r.limiter, OccupancyLimiter::SharedMemory);
  // Five blocks: 233472 / 5 rounded down to 128 = 46592, less the reserved 1024 = 45568 bytes.
  EXPECT_NE(r.advice.find("at most 45568 bytes"), std::string::npos) << r.advice;
  EXPECT_NE(r.advice.find("smaller tile"), std::string::npos) << r.advice;
  // Static shared memory plus the reservation round up to the 128-byte unit: 100 + 1024 -> 1152.
  EXPECT_EQ(Explain(32, 128, 0, 100).smem_per_block, 1152u);
}

TEST(Occupancy, SmallBlocksHitTheBlocksPerSmCap) {
  // One warp per block: 32 blocks resident at most, 32 of 64 warps.
  const OccupancyReport r = Explain(16, 32);
  EXPECT_EQ(r.blocks_per_sm, 32);
  EXPECT_DOUBLE_EQ(r.occupancy, 0.5);
  EXPECT_EQ(r.limiter, OccupancyLimiter::BlocksPerSm);
  EXPECT_NE(r.advice.find("larger blocks"), std::string::npos) << r.advice;
  EXPECT_NE(r.advice.find("64 threads or more"), std::string::npos) << r.advice;
}

TEST(Occupancy, BlockWarpsThatDoNotDivideTheSmLeaveSlotsIdle) {
  // 768 threads = 24 warps: 2 blocks = 48 of 64 warps.
  const OccupancyReport r = Explain(16, 768);
  EXPECT_EQ(r.by_warp_slots, 2);
  EXPECT_EQ(r.blocks_per_sm, 2);
  EXPECT_DOUBLE_EQ(r.occupancy, 0.75);
  EXPECT_EQ(r.limiter, OccupancyLimiter::BlockWarps);
}

TEST(Occupancy, FullOccupancyIsBoundByThreadsPerSm) {
  // 32 regs = 1024 per warp: 64 warps fit; 256 threads = 8 warps: 8 blocks, every warp slot used.
  const OccupancyReport r = Explain(32, 256);
  EXPECT_EQ(r.blocks_per_sm, 8);
  EXPECT_DOUBLE_EQ(r.occupancy, 1.0);
  EXPECT_EQ(r.limiter, OccupancyLimiter::ThreadsPerSm);
  EXPECT_NE(r.advice.find("nothing to lift"), std::string::npos);
  // A partial warp still takes a whole warp slot: 48 threads = 2 warps, 16 lanes idle.
  const OccupancyReport partial = Explain(16, 48);
  EXPECT_EQ(partial.warps_per_block, 2);
  EXPECT_EQ(partial.blocks_per_sm, 32);
  EXPECT_NE(partial.reason.find("16 lanes"), std::string::npos) << partial.reason;
}

TEST(Occupancy, BlocksThatCannotFitAtAll) {
  // 255 regs round to 8192 per warp; 32 warps x 8192 > 65536 registers per block.
  const OccupancyReport regs = Explain(255, 1024);
  EXPECT_EQ(regs.blocks_per_sm, 0);
  EXPECT_EQ(regs.limiter, OccupancyLimiter::Unlaunchable);
  EXPECT_NE(regs.reason.find("registers"), std::string::npos);
  EXPECT_EQ(Explain(16, 2048).blocks_per_sm, 0);             // more threads than a block may have
  EXPECT_EQ(Explain(16, 256, 240 * 1024).blocks_per_sm, 0);  // more shared memory than a block may have
}

TEST(Occupancy, OtherDevicesTakeTheirOwnLimits) {
  // Compute capability 8.6: 16 blocks and 1536 threads per SM, 100 KiB of shared memory.
  DeviceLimits d;
  d.compute_major = 8;
  d.compute_minor = 6;
  d.max_threads_per_sm = 1536;
  d.max_blocks_per_sm = 16;
  d.smem_per_sm = 102400;
  d.max_smem_per_block_optin = 101376;
  const OccupancyLimits l = OccupancyLimitsOf(d);
  EXPECT_EQ(l.smem_alloc_unit, 128u);
  const OccupancyReport r = ExplainOccupancy({16, 0, 0, 64}, l);
  EXPECT_EQ(r.max_warps, 48);
  EXPECT_EQ(r.blocks_per_sm, 16);
  EXPECT_NEAR(r.occupancy, 32.0 / 48.0, 1e-12);
  EXPECT_EQ(r.limiter, OccupancyLimiter::BlocksPerSm);
  // Before compute capability 8.0 no shared memory is reserved and the unit is 256 bytes.
  d.compute_major = 7;
  d.compute_minor = 0;
  const OccupancyLimits volta = OccupancyLimitsOf(d);
  EXPECT_EQ(volta.reserved_smem_per_block, 0u);
  EXPECT_EQ(ExplainOccupancy({16, 100, 0, 64}, volta).smem_per_block, 256u);
}

}  // namespace
}  // namespace fl
