// The status bar drawn in-process with an ImGui context of its own (no window needed): on the CPU backend, hovering
// "CPU backend" shows why (no driver, no device, a GPU older than 8.0, or --backend cpu), read back from ImGui's
// text log of the frame; with no reason, no such tooltip; a slot running on the CPU worker is named, and Esc asks
// to stop it. ImGui ends a log at the End() of any top-level window, the tooltip's included, and a clipboard log
// hands its text to the clipboard callback then: that is where the test reads it.
#include <gtest/gtest.h>
#include <imgui.h>

#include <string>

#include "app/ui/panels.hpp"
#include "app/ui/shortcuts.hpp"
#include "ui/headless_imgui.hpp"

namespace fl::uitest {
namespace {

class StatusBar : public ::testing::Test {
 protected:
  void SetUp() override {
    StartHeadlessImGui(1200, 700);
    ImGuiIO& io = ImGui::GetIO();
    s_.device_name = "no CUDA device";
    s_.facts.on_device = false;
    s_.facts.name = "CPU";
    s_.interop = "CPU upload (no CUDA)";
    io.ClipboardUserData = &logged_;
    io.SetClipboardTextFn = [](void* user, const char* text) { static_cast<std::string*>(user)->append(text); };
  }
  void TearDown() override { ImGui::DestroyContext(); }

  // One frame with the mouse at (x, y): the text it rendered.
  std::string Frame(float x, float y) {
    ImGui::GetIO().MousePos = ImVec2(x, y);
    logged_.clear();
    ImGui::NewFrame();
    ImGui::LogToClipboard();
    ui::DrawStatusBar(s_);
    ImGui::LogFinish();  // does nothing when a window's End() has finished the log already
    ImGui::Render();
    return logged_;
  }

  // The first tooltip text found with the mouse swept along the bar ("" when none says why).
  std::string WhyAlongTheBar() {
    Frame(-1, -1);  // the bar's first frame gives its height
    const float y = ImGui::GetIO().DisplaySize.y - s_.layout.status_h / 2;
    for (float x = 2; x < ImGui::GetIO().DisplaySize.x; x += 4) {
      const std::string text = Frame(x, y);
      const std::size_t at = text.find("Why the CPU backend: ");
      if (at != std::string::npos) return text.substr(at);
    }
    return "";
  }

  ui::AppState s_;
  std::string logged_;  // what the frame's log handed to the clipboard
};

TEST_F(StatusBar, HoveringCpuBackendSaysWhy) {
  s_.cpu_reason = "the GPU (a test card) has compute capability 7.5; the kernels need 8.0";
  const std::string why = WhyAlongTheBar();
  EXPECT_EQ(why.rfind("Why the CPU backend: the GPU (a test card) has compute capability 7.5", 0), 0u) << why;
  EXPECT_NE(Frame(-1, -1).find("CPU backend"), std::string::npos) << "the bar names the backend";
}

TEST_F(StatusBar, NoReasonNoTooltip) {
  s_.cpu_reason.clear();
  EXPECT_EQ(WhyAlongTheBar(), "");
}

TEST_F(StatusBar, SaysWhichSlotRunsOnTheCpuWorker) {
  EXPECT_EQ(Frame(-1, -1).find("running on the CPU"), std::string::npos) << "nothing runs";
  s_.results[ui::Slot::B].running = true;
  const std::string text = Frame(-1, -1);
  EXPECT_NE(text.find("B running on the CPU..."), std::string::npos) << text;
  EXPECT_EQ(text.find("A running on the CPU"), std::string::npos) << text;
  s_.results[ui::Slot::B].running_done = 1;
  s_.results[ui::Slot::B].running_stages = 5;
  EXPECT_NE(Frame(-1, -1).find("B running on the CPU (stage 2 of 5)..."), std::string::npos);
}

TEST_F(StatusBar, EscAsksToStopTheRunItShows) {
  constexpr int kEscape = 256;  // GLFW_KEY_ESCAPE
  ImGui::NewFrame();
  s_.key_presses.push_back({kEscape});
  ui::HandleShortcuts(s_);
  EXPECT_FALSE(s_.requests.cancel_runs) << "nothing runs";
  s_.results[ui::Slot::A].running = true;
  s_.key_presses.push_back({kEscape});
  ui::HandleShortcuts(s_);
  EXPECT_TRUE(s_.requests.cancel_runs);
  ImGui::Render();
}

}  // namespace
}  // namespace fl::uitest
