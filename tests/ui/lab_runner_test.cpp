// The Labs window's logic without a window: the worker (progress reaches 1, cancel stops a run, a failure is
// reported and the previous result kept), the request the window's choices make, and the remembered choices.
#include "app/ui/lab_runner.hpp"

#include <gtest/gtest.h>

#include <chrono>
#include <thread>

#include "app/ui/labs_controller.hpp"
#include "core/error.hpp"
#include "core/lab_registry.hpp"
#include "core/labs/lab_params.hpp"

namespace fl::ui {
namespace {

LabResult Stepping(const LabRequest& r) {
  const int steps = r.params.Int("steps");
  for (int i = 1; i <= steps; ++i) {
    if (r.cancel && r.cancel->load()) throw InputError("cancelled");
    std::this_thread::sleep_for(std::chrono::milliseconds(2));
    if (r.progress) r.progress(static_cast<float>(i) / static_cast<float>(steps));
  }
  LabResult out;
  out.data = {{"lab", "stepping"},
              {"steps", steps},
              {"input_width", r.input ? r.input->width() : 0},
              {"variants", {{{"id", "only"}, {"ms", 1.0}}}}};
  return out;
}

LabResult Failing(const LabRequest&) { throw RuntimeError("device lost (on purpose)"); }

// Declared here, not registered: the worker takes any declaration that outlives its run.
const LabSpec& SteppingLab() {
  static const LabSpec lab = [] {
    LabSpec l;
    l.id = "stepping";
    l.params = {labs::IntParam("steps", 1, 100000, 10, "how many steps")};
    l.variants = {
        {"only", Backend::Cpu, "", ""}, {"other", Backend::Cpu, "", ""}, {"gpu", Backend::Cuda, "", ""}};
    l.default_size = 16;
    l.max_size = 64;
    l.takes_image = true;
    l.run_cpu = Stepping;
    return l;
  }();
  return lab;
}

std::optional<LabOutcome> RunToEnd(LabRunner& runner) {
  runner.Wait();
  return runner.TakeOutcome();
}

TEST(LabRunner, ProgressReachesOneAndTheResultComesBack) {
  LabRunner runner;
  std::vector<float> seen;
  LabRequest r;
  r.params.Set("steps", 20.0);
  const Image input(12, 7, PixelFormat::Gray8);
  ASSERT_TRUE(runner.Start(SteppingLab(), r, &input));
  EXPECT_TRUE(runner.active());
  EXPECT_FALSE(runner.Start(SteppingLab(), r, nullptr)) << "a second run while one is active is refused";
  const auto o = RunToEnd(runner);
  ASSERT_TRUE(o && o->result) << (o ? o->error : "no outcome");
  EXPECT_FLOAT_EQ(runner.progress(), 1.0f);
  EXPECT_EQ(o->result->data["steps"], 20);
  EXPECT_EQ(o->result->data["input_width"], 12) << "the worker ran on its own copy of the image";
  EXPECT_FALSE(runner.active());
  EXPECT_FALSE(runner.TakeOutcome()) << "an outcome is taken once";
}

TEST(LabRunner, CancelStopsALongRun) {
  LabRunner runner;
  LabRequest r;
  r.params.Set("steps", 100000.0);  // 200 s if nothing stopped it
  ASSERT_TRUE(runner.Start(SteppingLab(), r, nullptr));
  std::this_thread::sleep_for(std::chrono::milliseconds(30));
  const auto t0 = std::chrono::steady_clock::now();
  runner.Cancel();
  const auto o = RunToEnd(runner);
  EXPECT_LT(std::chrono::steady_clock::now() - t0, std::chrono::seconds(2));
  ASSERT_TRUE(o);
  EXPECT_TRUE(o->cancelled);
  EXPECT_FALSE(o->result);
  EXPECT_LT(runner.progress(), 1.0f);
}

TEST(LabRunner, BadRequestsAreRefusedBeforeAnythingRuns) {
  LabRunner runner;
  LabRequest r;
  r.params.Set("steps", 0.0);
  EXPECT_THROW(runner.Start(SteppingLab(), r, nullptr), InputError);
  r = {};
  r.size = 65;
  EXPECT_THROW(runner.Start(SteppingLab(), r, nullptr), InputError);
  EXPECT_FALSE(runner.active());
}

TEST(LabRunner, AFailureIsReportedAndThePreviousResultKept) {
  static const LabSpec failing = [] {
    LabSpec l = SteppingLab();
    l.run_cpu = Failing;
    return l;
  }();
  LabsWindowState w;
  LabRunner runner;
  ASSERT_TRUE(runner.Start(SteppingLab(), LabRequest{}, nullptr));
  ApplyLabOutcome(w, *RunToEnd(runner));
  ASSERT_TRUE(w.runs["stepping"].valid);
  EXPECT_EQ(w.runs["stepping"].data["steps"], 10);

  ASSERT_TRUE(runner.Start(failing, LabRequest{}, nullptr));
  const auto o = RunToEnd(runner);
  ASSERT_TRUE(o);
  EXPECT_FALSE(o->cancelled);
  EXPECT_EQ(o->error, "device lost (on purpose)");
  ApplyLabOutcome(w, *o);
  const LabRunView& view = w.runs["stepping"];
  EXPECT_EQ(view.error, "device lost (on purpose)");
  EXPECT_TRUE(view.valid) << "the last good result stays";
  EXPECT_EQ(view.data["steps"], 10);
}

TEST(LabsWindow, RequestNamesTheTickedVariantsOfTheBackend) {
  const LabSpec& lab = SteppingLab();
  LabsWindowState w;
  LabChoices& c = ChoicesFor(w, lab);
  EXPECT_EQ(c.params.Int("steps"), 10);
  EXPECT_TRUE(BuildLabRequest(lab, c, Backend::Cpu).variants.empty()) << "all ticked: the lab runs every one";
  c.off_variants = {"other"};
  c.size = 32;
  const LabRequest r = BuildLabRequest(lab, c, Backend::Cpu);
  EXPECT_EQ(r.variants, std::vector<std::string>{"only"});
  EXPECT_EQ(r.size, 32);
  EXPECT_EQ(r.backend, Backend::Cpu);
  EXPECT_EQ(BuildLabRequest(lab, c, Backend::Cuda).variants, std::vector<std::string>{}) << "gpu is ticked";
  EXPECT_NE(CannotRunReason(GetLab("streams"), Backend::Cpu).find("needs CUDA"), std::string::npos);
  EXPECT_EQ(CannotRunReason(lab, Backend::Cpu), "");
}

TEST(LabsWindow, ChoicesAreRememberedAndBadOnesDropped) {
  LabsWindowState w;
  w.open = true;
  w.selected = "streams";
  LabChoices& c = ChoicesFor(w, GetLab("streams"));
  c.params.Set("streams", 2.0);
  c.off_variants = {"one_stream"};
  c.size = 512;
  const std::string json = LabsSettingsJson(w);

  LabsWindowState back;
  ApplyLabsSettings(back, json);
  EXPECT_TRUE(back.open);
  EXPECT_EQ(back.selected, "streams");
  ASSERT_TRUE(back.choices.count("streams"));
  EXPECT_EQ(back.choices["streams"].params.Int("streams"), 2);
  EXPECT_EQ(back.choices["streams"].params.Int("kernels"), 16) << "unsaved parameters take their defaults";
  EXPECT_EQ(back.choices["streams"].off_variants, std::vector<std::string>{"one_stream"});
  EXPECT_EQ(back.choices["streams"].size, 512);

  nlohmann::json bad = nlohmann::json::parse(json);
  bad["choices"]["streams"]["params"]["streams"] = 99;  // out of range
  bad["choices"]["streams"]["off_variants"] = {"gone"};
  bad["choices"]["nolab"] = {{"size", 3}};
  LabsWindowState dropped;
  ApplyLabsSettings(dropped, bad.dump());
  EXPECT_EQ(dropped.choices["streams"].params.Int("streams"), 4);
  EXPECT_TRUE(dropped.choices["streams"].off_variants.empty());
  EXPECT_FALSE(dropped.choices.count("nolab"));
  LabsWindowState garbage;
  ApplyLabsSettings(garbage, "[1, 2]");
  EXPECT_FALSE(garbage.open);
}

}  // namespace
}  // namespace fl::ui
