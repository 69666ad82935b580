// fl::CheckLaunch and the block syntax: pure functions, so the refusal reasons are tested without a GPU.
#include <gtest/gtest.h>

#include "core/error.hpp"
#include "core/launch_config.hpp"

namespace fl {
namespace {

// Limits shaped like a current NVIDIA GPU.
DeviceLimits Limits() {
  DeviceLimits l;
  l.name = "test device";
  l.max_threads_per_block = 1024;
  l.max_block_x = 1024;
  l.max_block_y = 1024;
  l.max_smem_per_block = 48 * 1024;
  l.max_smem_per_block_optin = 227 * 1024;
  return l;
}

LaunchConfig Block(int x, int y) {
  LaunchConfig c;
  c.block_x = x;
  c.block_y = y;
  return c;
}

constexpr LaunchUse kBlockOnly{.block = true};
constexpr LaunchUse kEverything{.block = true, .ppt = true, .smem = true, .halo = true, .ppt_min = 1, .ppt_max = 8,
                                .halo_min = 1, .halo_max = 4};

std::string Reason(const LaunchConfig& c, const LaunchUse& use, std::size_t smem = 0,
                   const DeviceLimits& limits = Limits()) {
  const auto why = CheckLaunch(limits, c, use, smem);
  return why ? *why : std::string("<accepted>");
}

TEST(CheckLaunch, AcceptsUsualBlocks) {
  for (auto [x, y] : {std::pair{32, 8}, {16, 16}, {64, 4}, {128, 1}, {1024, 1}, {1, 1024}, {32, 32}, {1, 1}})
    EXPECT_EQ(CheckLaunch(Limits(), Block(x, y), kBlockOnly, 0), std::nullopt) << x << "x" << y;
}

TEST(CheckLaunch, TooManyThreadsNamesTheCount) {
  EXPECT_EQ(Reason(Block(64, 32), kBlockOnly), "block 64x32 = 2048 threads > 1024 per block on this device");
  EXPECT_EQ(Reason(Block(33, 32), kBlockOnly), "block 33x32 = 1056 threads > 1024 per block on this device");
}

TEST(CheckLaunch, BlockSideBeyondTheDeviceMaximum) {
  DeviceLimits l = Limits();
  l.max_block_x = 512;
  l.max_block_y = 64;
  EXPECT_EQ(Reason(Block(1024, 1), kBlockOnly, 0, l), "block x 1024 > 512 on this device");
  EXPECT_EQ(Reason(Block(1, 128), kBlockOnly, 0, l), "block y 128 > 64 on this device");
  EXPECT_EQ(Reason(Block(512, 2), kBlockOnly, 0, l), "<accepted>");
}

TEST(CheckLaunch, ZeroOrNegativeSide) {
  EXPECT_EQ(Reason(Block(0, 8), kBlockOnly), "block 0x8 has a zero or negative side");
  EXPECT_EQ(Reason(Block(32, -1), kBlockOnly), "block 32x-1 has a zero or negative side");
}

TEST(CheckLaunch, ThreadCountDoesNotOverflow) {
  EXPECT_NE(Reason(Block(65536, 65536), kBlockOnly).find("threads > 1024"), std::string::npos);
}

TEST(CheckLaunch, PixelsPerThreadRange) {
  LaunchConfig c;
  c.ppt = 8;
  EXPECT_EQ(Reason(c, kEverything), "<accepted>");
  c.ppt = 9;
  EXPECT_EQ(Reason(c, kEverything), "pixels per thread 9 is outside 1..8 for this variant");
  c.ppt = 0;
  EXPECT_EQ(Reason(c, kEverything), "pixels per thread 0 is outside 1..8 for this variant");
}

TEST(CheckLaunch, HaloRange) {
  LaunchConfig c;
  c.halo = 4;
  EXPECT_EQ(Reason(c, kEverything), "<accepted>");
  c.halo = 5;
  EXPECT_EQ(Reason(c, kEverything), "halo steps 5 is outside 1..4 for this variant");
  c.halo = 0;
  EXPECT_EQ(Reason(c, kEverything), "halo steps 0 is outside 1..4 for this variant");
}

TEST(CheckLaunch, FieldsTheVariantDoesNotUseAreIgnored) {
  LaunchConfig c = Block(64, 32);
  c.ppt = 99;
  c.halo = 99;
  EXPECT_EQ(Reason(c, LaunchUse{}), "<accepted>");
  EXPECT_EQ(Reason(c, kBlockOnly), "block 64x32 = 2048 threads > 1024 per block on this device");
}

TEST(CheckLaunch, SharedMemoryAgainstTheOptInLimit) {
  const std::size_t optin = Limits().max_smem_per_block_optin;
  EXPECT_EQ(Reason(LaunchConfig{}, kEverything, optin), "<accepted>");
  EXPECT_EQ(Reason(LaunchConfig{}, kEverything, optin + 1),
            "shared memory " + std::to_string(optin + 1) + " bytes > " + std::to_string(optin) +
                " per block on this device");
  // Shared memory is checked even for variants without the smem switch: they may always use it.
  EXPECT_NE(Reason(LaunchConfig{}, kBlockOnly, optin + 1), "<accepted>");
}

TEST(CheckLaunch, FirstProblemIsReported) {
  LaunchConfig c = Block(64, 32);
  c.ppt = 99;
  EXPECT_NE(Reason(c, kEverything).find("2048 threads"), std::string::npos);
}

TEST(LaunchText, FormatAndParseBlock) {
  EXPECT_EQ(FormatBlock(Block(32, 8)), "32x8");
  LaunchConfig c;
  ParseBlock("128x1", c);
  EXPECT_EQ(c.block_x, 128);
  EXPECT_EQ(c.block_y, 1);
  ParseBlock(FormatBlock(Block(7, 13)), c);
  EXPECT_EQ(FormatBlock(c), "7x13");
}

TEST(LaunchText, MalformedBlocksNameTheText) {
  for (const char* bad : {"", "32", "32x", "x8", "0x8", "32x0", "-1x8", "32x8x2", "32x8 ", "axb", "32*8"}) {
    LaunchConfig c;
    try {
      ParseBlock(bad, c);
      ADD_FAILURE() << "'" << bad << "' was accepted";
    } catch (const InputError& e) {
      EXPECT_NE(std::string(e.what()).find(std::string("block '") + bad + "'"), std::string::npos) << e.what();
    }
    EXPECT_EQ(c, LaunchConfig{}) << "a refused block changed the config: " << bad;
  }
}

TEST(LaunchText, DescribeShowsOnlyUsedFields) {
  LaunchConfig c = Block(16, 16);
  c.ppt = 4;
  c.smem = false;
  c.halo = 2;
  EXPECT_EQ(Describe(c, kBlockOnly), "block 16x16");
  EXPECT_EQ(Describe(c, kEverything), "block 16x16, ppt 4, smem off, halo 2");
  EXPECT_EQ(Describe(c, LaunchUse{}), "fixed launch");
}

}  // namespace
}  // namespace fl
