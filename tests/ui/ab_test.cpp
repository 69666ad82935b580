// The A/B comparison: B following A's chain (SyncB), view names, and screenshots of the split and difference
// views: the difference heat map is black where A and B agree and lit where they differ; the split view shows A
// left of the wipe line and B right of it, pixel for pixel.
#include <gtest/gtest.h>

#include <cstdio>
#include <regex>

#include "app/ui/app_state.hpp"
#include "app/ui/engine.hpp"
#include "app/ui/host_mask.hpp"
#include "app/ui/panels.hpp"
#include "app/ui/host_display.hpp"
#include "core/cpu_executor.hpp"
#include "core/error.hpp"
#include "core/image_io.hpp"
#include "core/stage_spec.hpp"
#include "core/test_patterns.hpp"
#include "filters/builtin_registry.hpp"
#include "ui/ui_test_support.hpp"

namespace fl::uitest {
namespace {

struct Rect {
  int x = 0, y = 0, w = 0, h = 0;
};

Rect ImageRect(const std::string& output) {
  std::smatch m;
  const std::regex re("image_rect=(-?\\d+),(-?\\d+),(\\d+),(\\d+)");
  if (!std::regex_search(output, m, re)) return {};
  return {std::stoi(m[1]), std::stoi(m[2]), std::stoi(m[3]), std::stoi(m[4])};
}

const std::uint8_t* Px(const Image& img, int x, int y) { return img.Row<std::uint8_t>(y) + 4 * x; }

Pipeline Parse(const std::vector<std::string>& specs) {
  Pipeline p;
  for (const auto& s : specs) p.stages.push_back(ParseStageSpec(BuiltinRegistry(), s, Backend::Cpu));
  return p;
}

TEST(AbLogic, BFollowsTheChainOfAButKeepsItsOwnSetup) {
  Pipeline a = Parse({"gray", "box:radius=2"});
  Pipeline b = Parse({"gray:variant=reference", "box:radius=5"});
  EXPECT_TRUE(ui::SyncB(a, b) == false);  // same chain: nothing to do
  EXPECT_EQ(b.stages[1].params.Int("radius"), 5);
  a.stages[1].enabled = false;
  EXPECT_TRUE(ui::SyncB(a, b));  // enabled flags follow A
  EXPECT_FALSE(b.stages[1].enabled);
  EXPECT_EQ(b.stages[1].params.Int("radius"), 5);
  a.stages.push_back(a.stages[0]);  // a stage added to A appears in B with A's setup
  EXPECT_TRUE(ui::SyncB(a, b));
  ASSERT_EQ(b.stages.size(), 3u);
  EXPECT_EQ(b.stages[2], a.stages[2]);
  a.stages[1] = Parse({"invert"}).stages[0];  // a different filter at a place: A's setup there
  EXPECT_TRUE(ui::SyncB(a, b));
  EXPECT_EQ(b.stages[1], a.stages[1]);
  EXPECT_EQ(b.stages[0].variant, "reference");  // the rest stays B's
}

TEST(AbLogic, ViewNamesRoundTrip) {
  for (ui::ViewMode m : {ui::ViewMode::A, ui::ViewMode::B, ui::ViewMode::Split, ui::ViewMode::Side,
                         ui::ViewMode::Diff})
    EXPECT_EQ(ui::ParseViewMode(ui::ViewModeName(m)), m);
  EXPECT_FALSE(ui::ParseViewMode("wipe"));
}

// One chain's reference output (the engine waits for it: its default wait is until the chain ends).
const Image* Reference(ui::Engine& e, const Pipeline& p, int stage) {
  const auto refs = e.ReferenceOutputs({p}, stage);
  EXPECT_EQ(refs.size(), 1u);
  EXPECT_TRUE(refs[0].error.empty()) << refs[0].error;
  return refs[0].image;
}

TEST(AbLogic, TheReferenceRunsAgainOnlyWhenParametersChange) {
  ui::Engine e(BuiltinRegistry(), Backend::Cpu);
  e.SetInput(GeneratePattern({TestPattern::Noise, 64, 48, PixelFormat::Rgba8, 8, 3}));
  const Pipeline a = Parse({"gray", "box:radius=2:variant=openmp"});
  const Image* first = Reference(e, a, 1);
  ASSERT_NE(first, nullptr);
  // Another variant, the same parameters: the cached image, not a new run.
  EXPECT_EQ(Reference(e, Parse({"gray:variant=reference", "box:radius=2"}), 1), first);
  const Image expected = RunPipelineCpu(BuiltinRegistry(), Parse({"gray", "box:radius=2:variant=reference"}),
                                        e.input()).outputs.back();
  EXPECT_EQ(*first, expected);
  // Another parameter: another image.
  const Image* other = Reference(e, Parse({"gray", "box:radius=3"}), 1);
  ASSERT_NE(other, nullptr);
  EXPECT_NE(*other, expected);
  // Both stay cached (A's and B's parameters) and are asked for together.
  const auto both = e.ReferenceOutputs({a, Parse({"gray", "box:radius=3"})}, 1);
  EXPECT_FALSE(e.references_running());
  ASSERT_NE(both[0].image, nullptr);
  ASSERT_NE(both[1].image, nullptr);
  EXPECT_EQ(*both[0].image, expected);
  EXPECT_NE(*both[1].image, expected);
  EXPECT_EQ(*Reference(e, a, 0), *Reference(e, Parse({"gray"}), 0));
}

TEST(AbLogic, HostMaskMarksMismatchesAndDimsTheRest) {
  Image a(3, 1, PixelFormat::Gray8), b(3, 1, PixelFormat::Gray8);
  a.Row<std::uint8_t>(0)[0] = 200;
  b.Row<std::uint8_t>(0)[0] = 200;  // equal
  a.Row<std::uint8_t>(0)[1] = 100;
  b.Row<std::uint8_t>(0)[1] = 102;  // within a tolerance of 2
  a.Row<std::uint8_t>(0)[2] = 50;
  b.Row<std::uint8_t>(0)[2] = 60;   // beyond it
  const Image m = ui::HostMismatchMask(a, b, 2.0);
  const std::uint8_t* p = m.Row<std::uint8_t>(0);
  EXPECT_EQ(p[0], 200 * 2 / 5);
  EXPECT_EQ(p[3], 255);
  EXPECT_EQ(p[4], 100 * 2 / 5);
  EXPECT_EQ(p[8], 255);
  EXPECT_EQ(p[9], 0);
  EXPECT_EQ(p[10], 255);
  EXPECT_THROW(ui::HostMismatchMask(a, Image(2, 1, PixelFormat::Gray8), 0), InputError);
}

// The overlay's geometry needs no device: it reads the plan of the stage that ran.
TEST(AbLogic, LaunchGridFollowsTheShownStagesFootprint) {
  const Registry& reg = BuiltinRegistry();
  ui::AppState s;
  s.registry = &reg;
  const ImageShape input{100, 50, PixelFormat::Rgba8};
  Plan& ran = s.results[ui::Slot::A].plan;  // what the overlay reads
  auto plan = [&](const std::string& second, Backend backend = Backend::Cuda) {
    Pipeline p;
    p.stages = {ParseStageSpec(reg, "gray", backend), ParseStageSpec(reg, second, backend)};
    return p;
  };
  ran = ResolvePipeline(reg, plan("box2x2:variant=ppt2x2:block=16x4"), input, Backend::Cuda);
  ASSERT_TRUE(ran.ok()) << ran.issue->message;
  s.display.valid = true;
  s.display.stage = 1;
  s.display.shape = {100, 50, PixelFormat::Gray8};
  auto g = ui::LaunchGridOf(s);
  ASSERT_TRUE(g);
  EXPECT_TRUE(g->declared);
  EXPECT_EQ(g->footprint.tile_w, 32);  // 2x2 outputs per thread
  EXPECT_EQ(g->footprint.tile_h, 8);
  EXPECT_EQ(g->footprint.halo, 1);
  EXPECT_EQ(g->blocks_x, 4);  // ceil(100 / 32)
  EXPECT_EQ(g->blocks_y, 7);  // ceil(50 / 8)
  // A variant without a declaration: one pixel per thread.
  ran = ResolvePipeline(reg, plan("box2x2:variant=naive:block=32x8"), input, Backend::Cuda);
  g = ui::LaunchGridOf(s);
  ASSERT_TRUE(g);
  EXPECT_EQ(g->footprint.tile_w, 32);
  EXPECT_EQ(g->footprint.tile_h, 8);
  // A disabled stage, CPU code (also a CUDA variant shown with the CPU default) or the input: no grid.
  Pipeline disabled = plan("box2x2:variant=naive");
  disabled.stages[1].enabled = false;
  ran = ResolvePipeline(reg, disabled, input, Backend::Cuda);
  EXPECT_FALSE(ui::LaunchGridOf(s));
  ran = ResolvePipeline(reg, plan("box2x2", Backend::Cpu), input, Backend::Cpu);
  EXPECT_FALSE(ui::LaunchGridOf(s));
  ran = ResolvePipeline(reg, plan("box2x2:variant=ppt2x2"), input, Backend::Cpu);
  ASSERT_TRUE(ran.ok());
  EXPECT_TRUE(ran.stages[1].fell_back());
  EXPECT_FALSE(ui::LaunchGridOf(s));
  s.display.stage = ui::kShowInput;
  EXPECT_FALSE(ui::LaunchGridOf(s));
}

// A strip variant with tail strips: once the stage's kernel facts say how many blocks the device holds, the
// overlay draws the last wave's rows of blocks a quarter as tall, as the launcher runs them.
TEST(AbLogic, LaunchGridDrawsTheTailStripsShorter) {
  const Registry& reg = BuiltinRegistry();
  ui::AppState s;
  s.registry = &reg;
  const ImageShape input{4096, 2048, PixelFormat::Gray8};
  Plan& ran = s.results[ui::Slot::A].plan;
  auto show = [&](const char* spec) {  // the stage as the one run, and the overlay's grid for it
    Pipeline p;
    p.stages = {ParseStageSpec(reg, spec, Backend::Cuda)};
    ran = ResolvePipeline(reg, p, input, Backend::Cuda);
    EXPECT_TRUE(ran.ok()) << spec << ": " << ran.issue->message;
    return ui::LaunchGridOf(s);
  };
  s.display.valid = true;
  s.display.stage = 0;
  s.display.shape = input;
  auto g = show("gauss3:variant=fast:block=32x4:ppt=16");
  ASSERT_TRUE(g);
  EXPECT_EQ(g->footprint.tile_w, 512);  // 32 threads x 16 bytes
  EXPECT_EQ(g->footprint.tile_h, 64);   // 4 strips x 16 rows
  EXPECT_EQ(g->blocks_x, 8);
  EXPECT_EQ(g->blocks_y, 32) << "no kernel facts yet: equal rows of blocks";
  // 64 resident blocks = 8 rows of blocks in flight = 512 rows, in 32 rows of blocks 16 rows tall.
  s.results[ui::Slot::A].stages.resize(1);
  s.results[ui::Slot::A].stages[0].resident_blocks = 64;
  g = ui::LaunchGridOf(s);
  ASSERT_TRUE(g);
  EXPECT_EQ(g->blocks_y, 24 + 32);
  EXPECT_EQ(BandTop(g->tiers, 23, 1, 64), 23 * 64);
  EXPECT_EQ(BandRows(g->tiers, 23, 1, 64), 64);
  EXPECT_EQ(BandTop(g->tiers, 24, 1, 64), 1536);
  EXPECT_EQ(BandRows(g->tiers, 24, 1, 64), 16);
  EXPECT_EQ(BandAt(g->tiers, 2047, 1, 64), 24 + 31);
  // Box fast walks the same strips, with tails half as tall from radius 5 and a quarter as tall up to 4.
  g = show("box:variant=fast:radius=5:block=32x4:ppt=16");
  ASSERT_TRUE(g);
  EXPECT_GT(g->blocks_y, 32);
  EXPECT_LT(g->tiers.tail_band, g->blocks_y);
  EXPECT_EQ(g->tiers.tail_rows, 4 * 8);  // the overlay's bands: 4 strips of 8 rows
  g = show("box:variant=fast:radius=3:block=32x4:ppt=16");
  ASSERT_TRUE(g);
  EXPECT_GT(g->blocks_y, 32);
  EXPECT_LT(g->tiers.tail_band, g->blocks_y);
  EXPECT_EQ(g->tiers.tail_rows, 4 * 4);
  // gauss tensor: one strip per row of blocks (its warps stand side by side), tails half as long over half a wave.
  // 32 blocks across, 64 resident: 11 rows of blocks of 192-row strips span 5.5 waves (at least 4), so the strips take
  // 192 rows, not the launch's 128; a wave is 2 rows of blocks, half of it one (192 rows), and the tail, from row
  // 9 x 192 = 1728, takes the 320 rows left in 4 rows of blocks of 96.
  g = show("gauss:variant=tensor:radius=4:block=32x8:ppt=128");
  ASSERT_TRUE(g);
  EXPECT_EQ(g->footprint.tile_h, 192);
  EXPECT_EQ(g->blocks_y, 9 + 4);
  EXPECT_EQ(g->tiers.tail_y, 1728);
  EXPECT_EQ(g->tiers.tail_rows, 96);
}

class AbScreenshot : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = ScratchDir();
    // Small enough to sit whole in the image region at 1:1, with detail everywhere.
    input_ = GeneratePattern({TestPattern::Noise, 200, 150, PixelFormat::Rgba8, 8, 11});
    input_path_ = (dir_ / "input.png").string();
    SaveImage(input_, input_path_);
  }

  // Renders one frame (CPU backend unless `backend` says otherwise); returns it and the image rectangle, or an
  // empty image when this machine cannot (no EGL device, or no CUDA device for --backend cuda).
  Image Shoot(const std::string& name, const std::string& args, Rect& rect, const std::string& backend = "cpu") {
    const std::string out = (dir_ / (name + ".png")).string();
    const Outcome o = RunFilterlab("--screenshot " + Quote(out) + " --gl egl --backend " + backend +
                                   " --zoom 1 --window 1280x900 --input " + Quote(input_path_) + " " + args, false);
    if (o.exit_code == 3 && (o.output.find("EGL") != std::string::npos ||
                             o.output.find("CUDA device") != std::string::npos)) {
      skipped_ = o.output;
      return {};
    }
    std::printf("%s\n", o.output.c_str());  // the display path (interop or upload) for the log
    EXPECT_EQ(o.exit_code, 0) << o.output;
    rect = ImageRect(o.output);
    Image frame = LoadImage(out);
    EXPECT_EQ(frame.width(), 1280);
    EXPECT_EQ(frame.height(), 900);
    EXPECT_EQ(rect.w, 200) << o.output;
    EXPECT_EQ(rect.h, 150) << o.output;
    EXPECT_GE(rect.x, 0);
    EXPECT_GE(rect.y, 0);
    EXPECT_LE(rect.x + rect.w, frame.width());
    EXPECT_LE(rect.y + rect.h, frame.height());
    return frame;
  }

  std::filesystem::path dir_;
  std::string skipped_;
  Image input_;
  std::string input_path_;
};

TEST_F(AbScreenshot, DifferenceIsBlackWhereAEqualsBAndLitWhereTheyDiffer) {
  Rect r;
  // B: another exact variant of the same filter and parameters.
  const Image same = Shoot("diff_same", "--stage gray --stage box:radius=2:variant=reference --b-stage gray "
                                        "--b-stage box:radius=2:variant=openmp --view diff", r);
  if (same.empty()) GTEST_SKIP() << "EGL device platform unavailable";
  ASSERT_EQ(r.w, 200);
  int lit = 0;
  for (int y = 0; y < r.h; ++y)
    for (int x = 0; x < r.w; ++x) {
      const std::uint8_t* p = Px(same, r.x + x, r.y + y);
      lit += p[0] != 0 || p[1] != 0 || p[2] != 0;
    }
  EXPECT_EQ(lit, 0) << "A == B must show a black heat map";
  // Just outside the image is the viewer's background: the rect is where the map is.
  EXPECT_EQ(Px(same, r.x - 1, r.y + r.h / 2)[0], 24);

  // B: another parameter. Most pixels differ, and the heat map says so.
  const Image other = Shoot("diff_other", "--stage gray --stage box:radius=1 --b-stage gray --b-stage box:radius=4 "
                                          "--view diff", r);
  ASSERT_EQ(r.w, 200);
  lit = 0;
  for (int y = 0; y < r.h; ++y)
    for (int x = 0; x < r.w; ++x) lit += Px(other, r.x + x, r.y + y)[0] != 0;
  EXPECT_GT(lit, r.w * r.h / 2) << "different parameters must light up the heat map";

  // The mask marks mismatching pixels in magenta.
  const Image mask = Shoot("mask", "--stage gray --stage box:radius=1 --b-stage gray --b-stage box:radius=4 "
                                   "--view diff --diff mask", r);
  int magenta = 0;
  for (int y = 0; y < r.h; ++y)
    for (int x = 0; x < r.w; ++x) {
      const std::uint8_t* p = Px(mask, r.x + x, r.y + y);
      magenta += p[0] == 255 && p[1] == 0 && p[2] == 255;
    }
  EXPECT_GT(magenta, r.w * r.h / 2);
}

TEST_F(AbScreenshot, SplitShowsALeftAndBRightOfTheWipeLine) {
  Rect r;
  const Image frame = Shoot("split", "--stage gray --stage box:radius=1 --b-stage gray --b-stage box:radius=4 "
                                     "--view split", r);
  if (frame.empty()) GTEST_SKIP() << "EGL device platform unavailable";
  ASSERT_EQ(r.w, 200);
  const Registry& reg = BuiltinRegistry();
  const Image a = ui::HostToRgba8(RunPipelineCpu(reg, Parse({"gray", "box:radius=1"}), input_).outputs.back(), 1,
                                  {0, 255, true});
  const Image b = ui::HostToRgba8(RunPipelineCpu(reg, Parse({"gray", "box:radius=4"}), input_).outputs.back(), 1,
                                  {0, 255, true});
  // The line sits in the middle (x = 100); compare a band on each side, clear of it and of its labels.
  int wrong = 0;
  for (int y = 30; y < r.h; ++y) {
    for (int x = 0; x < 90; ++x) wrong += Px(frame, r.x + x, r.y + y)[0] != Px(a, x, y)[0];
    for (int x = 110; x < r.w; ++x) wrong += Px(frame, r.x + x, r.y + y)[0] != Px(b, x, y)[0];
  }
  EXPECT_EQ(wrong, 0);
  // The wipe line itself, in its yellow.
  const std::uint8_t* line = Px(frame, r.x + 100, r.y + r.h / 2);
  EXPECT_GT(line[0], 200);
  EXPECT_GT(line[1], 150);
  EXPECT_LT(line[2], 120);
}

// On the GPU: the difference image comes from WriteDifferenceMap and B from a second executor; the frames'
// image regions must equal the CPU backend's pixel for pixel (integer filters are bit-exact, the heat map and
// the mask are defined bit for bit, the display conversion is the same).
TEST_F(AbScreenshot, CudaViewsEqualTheCpuOnes) {
  const std::string chain = "--stage gray --stage box:radius=1 ";
  const struct {
    const char* name;
    std::string cpu, cuda;
  } cases[] = {
      {"heat", chain + "--b-stage gray --b-stage box:radius=4 --view diff",
       chain + "--b-stage gray --b-stage box:radius=4 --view diff"},
      {"mask", chain + "--b-stage gray --b-stage box:radius=4 --view diff --diff mask",
       chain + "--b-stage gray --b-stage box:radius=4 --view diff --diff mask"},
      {"split", chain + "--b-stage gray --b-stage box:radius=4 --view split",
       chain + "--b-stage gray --b-stage box:radius=4 --view split"},
      // Two exact CUDA variants: black on the GPU, as reference against openmp is on the CPU.
      {"same", "--stage gray --stage box:radius=2:variant=reference --b-stage gray --b-stage box:radius=2:variant=openmp "
               "--view diff",
       "--stage gray --stage box:radius=2:variant=direct --b-stage gray --b-stage box:radius=2:variant=separable "
       "--view diff"},
  };
  for (const auto& c : cases) {
    SCOPED_TRACE(c.name);
    Rect rc, rg;
    const Image gpu = Shoot(std::string("cuda_") + c.name, c.cuda, rg, "cuda");
    if (gpu.empty()) GTEST_SKIP() << "no CUDA device or EGL here: " << skipped_;
    const Image cpu = Shoot(std::string("cpu_") + c.name, c.cpu, rc);
    ASSERT_FALSE(cpu.empty());
    ASSERT_EQ(rc.w, 200);
    ASSERT_EQ(rg.w, rc.w);
    ASSERT_EQ(rg.h, rc.h);
    int wrong = 0;
    for (int y = 0; y < rc.h; ++y)
      for (int x = 0; x < rc.w; ++x) {
        const std::uint8_t* p = Px(gpu, rg.x + x, rg.y + y);
        const std::uint8_t* q = Px(cpu, rc.x + x, rc.y + y);
        if (p[0] != q[0] || p[1] != q[1] || p[2] != q[2])
          if (wrong++ < 3) ADD_FAILURE() << "pixel (" << x << ", " << y << ") differs: " << int(p[0]) << " vs " << int(q[0]);
      }
    EXPECT_EQ(wrong, 0);
  }
}

TEST_F(AbScreenshot, BStagesMustNameTheSameChain) {
  const std::string out = (dir_ / "bad.png").string();
  const Outcome o = RunFilterlab("--screenshot " + Quote(out) + " --gl egl --backend cpu --input " +
                                     Quote(input_path_) + " --stage gray --stage box --b-stage gray --b-stage invert "
                                     "--view split", false);
  if (o.exit_code == 3) GTEST_SKIP() << o.output;
  EXPECT_EQ(o.exit_code, 2) << o.output;
  EXPECT_NE(o.output.find("--b-stage"), std::string::npos) << o.output;
}

}  // namespace
}  // namespace fl::uitest
