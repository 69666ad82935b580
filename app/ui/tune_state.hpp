#pragma once
// The Tune window's plain data: which stage is tuned, the sweep so far and its progress, what the window asks
// for (start, cancel, exports), and where the heat map was last drawn (for hovering, clicking and the tests).
// The sweep runs in TuneRunner (app/ui/tune_runner.hpp) a few configurations per frame.
#include <optional>
#include <string>

#include "core/tune_sweep.hpp"

namespace fl::ui {

struct HeatMapLayout {
  float x = 0, y = 0;  // top-left of the first cell on screen
  float cell_w = 0, cell_h = 0;
  int columns = 0, rows = 0;  // block x values across, block y values down
  int cells_drawn = 0;        // coloured cells drawn last frame (timed, refused or pending)
};

struct TuneState {
  bool open = false;
  int stage = -1;  // the stage of A's pipeline being tuned (follows the selection when idle)
  bool running = false;
  float progress = 0;  // 0..1
  int timed = 0, to_time = 0;
  std::optional<TuneSweep> sweep;  // the last or current sweep
  int sweep_stage = -1;            // the stage it belongs to
  std::string message;             // why tuning cannot run here ("tuning needs CUDA ...")
  int ppt = -1, halo = -1;         // the slice the heat map shows
  bool slice_chosen = false;       // picked by the person; else the slice follows the best
  HeatMapLayout map;
  // Requests, carried out by TuneRunner after the frame's widgets are drawn.
  bool start = false;
  bool cancel = false;
  bool export_csv = false, export_json = false;
};

}  // namespace fl::ui
