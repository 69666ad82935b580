#pragma once
// filterlab tune: one stage's launch configurations swept and timed on the GPU (app/cli/tune_command.cpp).
#include <CLI/CLI.hpp>
#include <string>

#include "app/cli/command_line.hpp"
#include "core/tune_sweep.hpp"

namespace fl::cli {

struct TuneOptions {
  std::string input;  // an image file, or
  std::string size;   // WxH of a generated input
  std::string format = "gray8";
  std::string stage;
  std::string json, csv;
  int repeat = 3;
  bool quick = false;
};

Command AddTuneCommand(CLI::App& app);
int TuneCommand(const TuneOptions& o);

// The sweep as a table: one row per configuration (launch, status, median and min ms, repeats, reason).
std::string SweepTable(const TuneSweep& s);

}  // namespace fl::cli
