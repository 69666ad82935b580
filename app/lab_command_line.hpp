#pragma once
// The options of filterlab without a command: the desktop lab, or with --screenshot one frame of it rendered
// offscreen.
#include "app/cli/command_line.hpp"

namespace fl::app {

// Registers the lab's and the screenshot's options on the top-level app; the action opens the lab (or writes
// the screenshot) once they are parsed.
// Call after the subcommands are added: a mistyped command's error lists them.
cli::Action AddLabOptions(CLI::App& app);

}  // namespace fl::app
