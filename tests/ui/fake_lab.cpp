// A lab that exists only in ui_tests: it runs on the CPU and reports every kind of field the Labs window
// draws (histogram bins and channels, a stream timeline per variant, transfer rows, a pipeline call, scalar
// facts, pictures), so that the window's plots are drawn under Xvfb without a GPU and without the other labs'
// branches.
#include <cmath>

#include "core/error.hpp"
#include "core/lab_registry.hpp"
#include "core/labs/lab_params.hpp"

namespace fl::uitest {

static Image Ramp(int side, PixelFormat format) {
  Image img(side, side, format);
  for (int y = 0; y < side; ++y)
    for (std::size_t x = 0; x < img.pitch(); ++x)
      img.Row<std::uint8_t>(y)[x] = static_cast<std::uint8_t>(x + 3 * y);
  return img;
}

static LabResult RunFakePlots(const LabRequest& r) {
  LabResult out;
  nlohmann::json bins = nlohmann::json::array(), timeline_a = nlohmann::json::array(),
                 timeline_b = nlohmann::json::array(), rows = nlohmann::json::array();
  for (int i = 0; i < 256; ++i) bins.push_back(std::lround(1000 * std::exp(-(i - 128) * (i - 128) / 800.0)));
  for (int k = 0; k < 4; ++k) {
    timeline_a.push_back(
        {{"stream", 0}, {"kernel", "k" + std::to_string(k)}, {"start_ms", k}, {"end_ms", k + 1}});
    timeline_b.push_back(
        {{"stream", k % 2}, {"kernel", "k" + std::to_string(k)}, {"start_ms", k / 2}, {"end_ms", k / 2 + 1}});
  }
  for (int s = 0; s < 3; ++s)
    for (const char* mem : {"pageable", "pinned"})
      rows.push_back({{"direction", "h2d"},
                      {"memory", mem},
                      {"bytes", (256 << 10) << (2 * s)},
                      {"ms", 0.1 * (s + 1)},
                      {"gbs", (mem[1] == 'i' ? 20.0 : 10.0) + s}});
  out.data = {
      {"lab", "fake_plots"},
      {"backend", "cpu"},
      {"size", r.size},
      {"sum", 12345},
      {"mean", 0.5},
      {"bins", bins},
      {"channels", {bins, bins, bins, bins}},
      {"timeline", timeline_b},
      {"rows", rows},
      {"pipeline",
       {{"stages", "gray>gauss3"},
        {"width", 64},
        {"height", 64},
        {"format", "rgba8"},
        {"first", {{"upload_ms", 2.0}, {"kernel_ms", 1.0}, {"download_ms", 1.0}, {"full_ms", 5.0}}},
        {"steady",
         {{"upload_ms", 1.0},
          {"kernel_ms", 0.5},
          {"download_ms", 0.5},
          {"full_ms", 2.5},
          {"kernel_share", 0.2}}}}},
      {"variants",
       {{{"id", "serial"}, {"ms", 4.0}, {"gbs", 1.5}, {"matches_reference", true}, {"timeline", timeline_a}},
        {{"id", "parallel"},
         {"ms", 2.0},
         {"gbs", 3.0},
         {"matches_reference", false},
         {"timeline", timeline_b}}}}};
  out.lines = {"fake_plots: every field the Labs window draws"};
  out.pictures.push_back({"gray", Ramp(64, PixelFormat::Gray8)});
  out.pictures.push_back({"rgba", Ramp(48, PixelFormat::Rgba8)});
  if (r.progress) r.progress(1.0f);
  return out;
}

static LabSpec DeclareFakePlots() {
  LabSpec l;
  l.id = "fake_plots";
  l.title = "Fake (tests): every plot the Labs window draws";
  l.teaching = "A test lab that reports every field the window knows how to draw.";
  l.params = {labs::IntParam("n", 1, 10, 3, "a number")};
  l.variants = {{"serial", Backend::Cpu, "one after another", "slow"},
                {"parallel", Backend::Cpu, "side by side", "fast"}};
  l.default_size = 64;
  l.max_size = 1024;
  l.run_cpu = RunFakePlots;
  return l;
}
FL_REGISTER_LAB(900, DeclareFakePlots);

}  // namespace fl::uitest
