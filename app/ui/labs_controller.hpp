#pragma once
// Carries out what the Labs window asks (AppState::labs): starts and cancels lab runs on the worker
// (lab_runner.hpp), copies finished runs into the state and uploads their pictures as GL textures. Main
// thread.
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "app/ui/app_state.hpp"
#include "app/ui/lab_runner.hpp"
#include "core/lab_spec.hpp"
#include "render/display_texture.hpp"

namespace fl::ui {

// The selected lab ("" or an unknown id: the first one); nullptr when no lab is declared.
const LabSpec* SelectedLab(const LabsWindowState& w);
// The person's choices for a lab, made with the lab's defaults the first time.
LabChoices& ChoicesFor(LabsWindowState& w, const LabSpec& lab);
// The request the window's choices make: backend, parameters, ticked variants of the backend (none named when
// all are ticked), size. Not yet checked against the declaration (LabRunner::Start does that).
LabRequest BuildLabRequest(const LabSpec& lab, const LabChoices& c, Backend backend);
// Why a lab cannot run on this backend ("" when it can): a lab that needs CUDA on the CPU backend.
std::string CannotRunReason(const LabSpec& lab, Backend backend);
// A finished run into the state: a good one replaces the lab's last result (pictures are the controller's to
// add); a failed or cancelled one keeps it and records the error.
void ApplyLabOutcome(LabsWindowState& w, LabOutcome o);

// The window's remembered choices (selected lab, parameters, size, variants) as JSON for the session, and
// back; values a lab no longer accepts are dropped.
std::string LabsSettingsJson(const LabsWindowState& w);
void ApplyLabsSettings(LabsWindowState& w, const std::string& json);

class LabsController {
 public:
  // Once per frame, before the windows are drawn. `image` is the lab's current image (nullptr when none).
  void Update(AppState& s, const Image* image);
  void Wait() { runner_.Wait(); }  // the headless screenshot waits for its run
  bool active() const { return runner_.active(); }

 private:
  void Start(AppState& s, const Image* image);
  void Finish(AppState& s, LabOutcome o);

  LabRunner runner_;
  std::map<std::string, std::vector<std::unique_ptr<render::DisplayTexture>>> textures_;  // per lab id
};

}  // namespace fl::ui
