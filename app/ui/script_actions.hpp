#pragma once
// A script's lab actions carried out on the AppState the way the panels, menus and keys do it: the same
// pipeline edits (pipeline_edits.hpp), the same requests (AppState::requests) and the same fields the stage
// editor writes. The frame loop then runs, refuses or reports exactly as after a click. No GL here.
#include <string>

#include "app/ui/app_state.hpp"
#include "app/ui/lab_script.hpp"

namespace fl::ui {

// Carries out one action (not frame, wait, screenshot or quit: the player paces those). Returns "" when the
// lab took the action, else why it could not (no such stage, filter, variant or view; a value that is not a
// number): the state is left as it was, as a person's click on nothing changes nothing.
std::string ApplyScriptAction(AppState& s, const ScriptAction& a);

}  // namespace fl::ui
