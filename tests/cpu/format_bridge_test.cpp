// A stage that refuses its input's format names the filter that, put before it, mends the chain: the lab's
// one-click fix and the CLI's hint.
#include "core/format_bridge.hpp"

#include <gtest/gtest.h>

#include "core/plan.hpp"
#include "filters/builtin_registry.hpp"

namespace fl {
namespace {

const Registry& Reg() { return BuiltinRegistry(); }

Pipeline Chain(std::initializer_list<const char*> filters) {
  Pipeline p;
  for (const char* f : filters) p.stages.push_back(MakeStage(Reg(), f, Backend::Cpu));
  return p;
}

TEST(FormatBridge, GrayMendsSobelAfterColour) {
  EXPECT_EQ(FormatBridge(Reg(), Reg().Get("sobel"), {17, 13, PixelFormat::Rgba8}), "gray");
  // Nothing turns gray32f into a format threshold takes, and nothing is needed where the format is accepted.
  EXPECT_EQ(FormatBridge(Reg(), Reg().Get("threshold"), {17, 13, PixelFormat::Gray32f}), "");
  EXPECT_EQ(FormatBridge(Reg(), Reg().Get("gauss"), {17, 13, PixelFormat::Rgba8}), "");
}

TEST(FormatBridge, ThePlanOffersItAndTheChainWithItRuns) {
  const ImageShape colour{64, 48, PixelFormat::Rgba8};
  const Plan refused = ResolvePipeline(Reg(), Chain({"gauss3", "sobel"}), colour, Backend::Cpu);
  ASSERT_TRUE(refused.issue);
  EXPECT_EQ(refused.issue->stage, 1);
  EXPECT_EQ(refused.issue->insert_before, "gray");
  EXPECT_EQ(refused.issue->message,
            "stage 2 (sobel): accepts gray8, gray32f, got rgba8 (put a gray stage before it)");
  const Plan mended = ResolvePipeline(Reg(), Chain({"gauss3", "gray", "sobel"}), colour, Backend::Cpu);
  EXPECT_FALSE(mended.issue) << mended.issue->message;
}

TEST(FormatBridge, OtherRefusalsOfferNothing) {
  Pipeline p = Chain({"sobel"});
  p.stages[0].params.Set("output", ParamValue(std::string("no-such-format")));
  const Plan plan = ResolvePipeline(Reg(), p, {8, 8, PixelFormat::Gray8}, Backend::Cpu);
  ASSERT_TRUE(plan.issue);
  EXPECT_EQ(plan.issue->insert_before, "");
}

}  // namespace
}  // namespace fl
