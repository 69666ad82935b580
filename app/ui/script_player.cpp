#include "app/ui/script_player.hpp"

#include <cstdio>
#include <utility>

#include "app/ui/lab.hpp"
#include "app/ui/script_actions.hpp"

namespace fl::ui {

namespace {
// A wait ends when nothing is loading and the last edit has run, or after this many frames (then it is
// reported: a lab that never settles is a fault the soak should see).
constexpr int kMaxWaitFrames = 100000;
}  // namespace

ScriptPlayer::ScriptPlayer(Script script, std::function<void(const std::string&)> save_screenshot)
    : script_(std::move(script)), save_screenshot_(std::move(save_screenshot)) {
}

void ScriptPlayer::Finish(Lab& lab) {
  if (finished_) return;
  finished_ = true;
  if (on_finished_) on_finished_(lab);
}

void ScriptPlayer::Refuse(const ScriptAction& a, const std::string& why) {
  ++tally_.refused;
  std::fprintf(stderr, "script %s:%d: %s: %s\n", script_.name.c_str(), a.line, a.text().c_str(), why.c_str());
}

void ScriptPlayer::BeforeFrame(Lab& lab) {
  if (finished_) return;
  if (pending_frames_ > 0) {
    --pending_frames_;
    return;
  }
  if (waiting_) {
    const AppState& s = lab.state();
    const bool settled = !lab.busy() && !s.pipeline_edited && !s.requests.open_image && !s.requests.generate;
    if (!settled && ++waited_frames_ < kMaxWaitFrames) return;
    if (!settled) ++tally_.state_errors;
    waiting_ = false;
  }
  if (next_ >= script_.actions.size()) return Finish(lab);
  Next(lab);
}

void ScriptPlayer::Next(Lab& lab) {
  const ScriptAction& a = script_.actions[next_++];
  ++tally_.actions;
  switch (a.verb) {
    case ScriptVerb::Frame: pending_frames_ = a.number - 1; break;  // this frame is the first
    case ScriptVerb::Wait:
      waiting_ = true;
      waited_frames_ = 0;
      break;
    case ScriptVerb::Screenshot:
      if (save_screenshot_) screenshot_ = a.args[0];
      else Refuse(a, "screenshots are taken headless only (--headless)");
      break;
    case ScriptVerb::Quit:
      lab.state().requests.quit = true;
      Finish(lab);
      break;
    default:
      if (const std::string why = ApplyScriptAction(lab.state(), a); !why.empty()) Refuse(a, why);
      break;
  }
}

void ScriptPlayer::CountReports(Lab& lab) {
  AppState& s = lab.state();
  if (!s.banner_error.empty()) {
    ++tally_.app_errors;
    s.banner_error.clear();  // read and dismissed, as a person would
  }
  for (Slot slot : kSlots) {
    const auto& issue = s.results[slot].issue;
    std::string& last = last_issue_[static_cast<int>(slot)];
    const std::string now = issue ? issue->message : "";
    if (!now.empty() && now != last) ++tally_.app_errors;
    last = now;
  }
  const int n = static_cast<int>(s.pipeline.stages.size());
  const bool selected_ok = s.selected_stage >= -1 && s.selected_stage < n;
  const bool shown_ok = s.show_stage == kShowLast || (s.show_stage >= kShowInput && s.show_stage < n);
  if (!selected_ok || !shown_ok) {
    ++tally_.state_errors;
    std::fprintf(stderr, "script %s: after action %d the selected stage is %d and the shown stage %d of %d\n",
                 script_.name.c_str(), tally_.actions, s.selected_stage, s.show_stage, n);
  }
}

void ScriptPlayer::AfterFrame(Lab& lab) {
  ++tally_.frames;
  CountReports(lab);
  if (screenshot_.empty()) return;
  const std::string path = std::exchange(screenshot_, "");
  try {
    save_screenshot_(path);
    ++tally_.screenshots;
  } catch (const std::exception& e) {
    ++tally_.app_errors;
    std::fprintf(stderr, "script %s: screenshot %s: %s\n", script_.name.c_str(), path.c_str(), e.what());
  }
}

}  // namespace fl::ui
