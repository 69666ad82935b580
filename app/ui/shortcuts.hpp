#pragma once
// Keyboard shortcuts: one table, used both to act on key presses and to list them in the Help menu.
#include <vector>

#include "app/ui/app_state.hpp"

namespace fl::ui {

struct Shortcut {
  const char* keys;    // "Ctrl+O"
  const char* action;  // "Open an image"
};

const std::vector<Shortcut>& Shortcuts();
// Acts on this frame's key presses (keys that type text are ignored while a text field has the focus).
void HandleShortcuts(AppState& s);
// The view keys 2-6 (and scripts): the comparison views need B, so asking for one turns the comparison on.
void SetView(AppState& s, ViewMode mode);

}  // namespace fl::ui
