#pragma once
// Plays a script (lab_script.hpp) in the lab, one action per frame as a person would act, with `frame N` and
// `wait` for pacing. The window (gui_app.cpp) and the headless run (app/script_run.cpp) call it around each
// frame; it counts what the lab refused or reported, so that a soak run can say how it went.
#include <functional>
#include <string>

#include "app/ui/lab_script.hpp"

namespace fl::ui {

class Lab;

struct ScriptTally {
  int actions = 0;        // actions carried out (frame, wait and screenshot included)
  int refused = 0;        // actions the lab could not take (no such stage, filter, variant...)
  int app_errors = 0;     // errors the lab reported: a banner (a bad image...) or a pipeline that cannot run
  int state_errors = 0;   // the lab's state broke a rule it keeps (a selected stage that does not exist)
  int frames = 0;
  int screenshots = 0;
};

class ScriptPlayer {
 public:
  // `save_screenshot` writes the frame just drawn (empty: `screenshot` is refused, as in the window).
  ScriptPlayer(Script script, std::function<void(const std::string&)> save_screenshot);

  // Before ImGui::NewFrame: the next action, unless frames or a wait are pending.
  void BeforeFrame(Lab& lab);
  // After the frame is drawn (before it is shown): screenshots, and the lab's reports counted.
  void AfterFrame(Lab& lab);
  bool finished() const { return finished_; }
  // Called once, when the last action (or quit) has been carried out: the host prints its summary.
  void set_on_finished(std::function<void(Lab&)> f) { on_finished_ = std::move(f); }
  const ScriptTally& tally() const { return tally_; }
  const Script& script() const { return script_; }

 private:
  void Next(Lab& lab);
  void Refuse(const ScriptAction& a, const std::string& why);
  void CountReports(Lab& lab);
  void Finish(Lab& lab);

  Script script_;
  std::function<void(const std::string&)> save_screenshot_;
  std::function<void(Lab&)> on_finished_;
  std::size_t next_ = 0;
  int pending_frames_ = 0;
  bool waiting_ = false;
  int waited_frames_ = 0;
  std::string screenshot_;  // to save after this frame
  bool finished_ = false;
  ScriptTally tally_;
  std::string last_issue_[2];  // the A and B issues last counted
};

}  // namespace fl::ui
