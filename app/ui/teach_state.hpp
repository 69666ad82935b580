#pragma once
// The teaching windows' state (plain data, part of AppState): the kernel source view, the open lesson and the
// report export dialog, and what they ask the frame loop to do.
#include <optional>
#include <string>

namespace fl::ui {

struct TeachState {
  bool show_kernel_source = false;    // View > Kernel source (Ctrl+K)
  bool mark_diff = true;              // the kernel source view marks the lines that differ from naive
  bool show_removed = false;          // ... and shows naive's lines that the variant dropped
  std::string lesson;                 // the open lesson's id, "" none
  bool show_lesson = false;
  std::optional<std::string> open_lesson;  // request: load this lesson's presets (carried out by the loop)
  bool export_dialog = false;         // File > Export report...
  char export_folder[1024] = {};      // the folder the dialog proposes (a default until edited)
  std::optional<std::string> export_report;  // request: write the report into this folder
};

}  // namespace fl::ui
