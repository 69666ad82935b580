#pragma once
// The Labs window's plain state (AppState::labs): which lab is selected, what the person set for each lab,
// and each lab's last run as the window shows it. The worker and the pictures' textures live in
// LabsController.
#include <map>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "core/params.hpp"

namespace fl::ui {

// A picture of a lab's result, uploaded by the controller: its GL texture name and size.
struct LabPictureView {
  std::string name;
  unsigned texture = 0;
  int width = 0, height = 0;
};

// A lab's last run: the data and the lines of its last good run, and the error of the last attempt (a failed
// run keeps the previous good one on show).
struct LabRunView {
  bool valid = false;
  nlohmann::json data;
  std::vector<std::string> lines;
  std::vector<LabPictureView> pictures;
  double wall_s = 0;  // how long the run took
  std::string error;  // the last attempt's error, "" when it went well
};

// What the person chose for one lab.
struct LabChoices {
  ParamValues params;  // every declared parameter (filled from the defaults when first shown)
  std::vector<std::string> off_variants;  // variants unticked; the rest run
  int size = 0;                           // 0: the lab's default size
  bool use_image = false;                 // the current image as input (labs that take one)
};

struct LabsWindowState {
  bool open = false;
  std::string selected;                       // lab id; "" the first lab
  std::map<std::string, LabChoices> choices;  // per lab id
  std::map<std::string, LabRunView> runs;     // per lab id
  bool log_scale = false;                     // histogram bars
  // Requests to the controller, carried out after the frame's widgets are drawn.
  bool run_requested = false;
  bool cancel_requested = false;
  // The run in progress.
  bool running = false;
  std::string running_lab;
  float progress = 0;
};

}  // namespace fl::ui
