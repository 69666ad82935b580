#pragma once
// The command line, one small function per command: each registers its own options on the app and returns
// what to run once they are parsed. Adding a command is one more Add...Command and one line in main.cpp.
#include <CLI/CLI.hpp>
#include <functional>
#include <vector>

namespace fl::cli {

using Action = std::function<int()>;  // runs a parsed command; returns the exit code

struct Command {
  CLI::App* sub = nullptr;  // the subcommand: its action runs when it was given
  Action run;
};

Command AddListCommand(CLI::App& app);
Command AddRunCommand(CLI::App& app);
Command AddBenchCommand(CLI::App& app);
Command AddCompareCommand(CLI::App& app);
Command AddLabCommand(CLI::App& app);
Command AddLessonsCommand(CLI::App& app);  // app/cli/lessons_command.cpp
Command AddReportCommand(CLI::App& app);   // app/cli/report_command.cpp

// Parses the arguments and runs the command given, else `without_command`. Returns the exit code; every error
// is one line "error: ..." on stderr: exit 2 for bad input (InputError, a parse error), 3 for the device or the
// runtime (RuntimeError, out of memory).
int RunCommandLine(CLI::App& app, const std::vector<Command>& commands, const Action& without_command, int argc,
                   char** argv);

}  // namespace fl::cli
