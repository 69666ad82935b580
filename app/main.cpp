// filterlab: the desktop lab when run without a command, the headless engine with one (run, bench, list,
// compare). Each command registers its own options (app/cli/command_line.hpp).
#include <CLI/CLI.hpp>
#include <cstdio>
#include <string>

#include "app/cli/command_line.hpp"
#include "app/cli/tune_command.hpp"
#ifdef FILTERLAB_WITH_UI
#include "app/lab_command_line.hpp"
#endif

int main(int argc, char** argv) {
  CLI::App app{"Filter Lab: see, teach and tune CUDA image kernels"};
  app.set_version_flag("--version", std::string("filterlab ") + FILTERLAB_VERSION);
  app.require_subcommand(0, 1);
  const std::vector<fl::cli::Command> commands = {
      fl::cli::AddListCommand(app),
      fl::cli::AddRunCommand(app),
      fl::cli::AddBenchCommand(app),
      fl::cli::AddCompareCommand(app),
      fl::cli::AddLabCommand(app),
      fl::cli::AddTuneCommand(app),
      fl::cli::AddLessonsCommand(app),
      fl::cli::AddReportCommand(app),
  };
#ifdef FILTERLAB_WITH_UI
  const fl::cli::Action without_command = fl::app::AddLabOptions(app);
#else
  const fl::cli::Action without_command = [&app] {
    std::printf("%s", app.help().c_str());
    return 0;
  };
#endif
  return fl::cli::RunCommandLine(app, commands, without_command, argc, argv);
}
