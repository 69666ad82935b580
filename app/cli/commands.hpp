#pragma once
// The headless commands. Each returns the process exit code; errors are thrown as fl::InputError (exit 2) or
// fl::RuntimeError (exit 3) and reported by main.
#include <optional>
#include <string>
#include <vector>

#include "core/filter_spec.hpp"

namespace fl::cli {

struct RunOptions {
  std::string input;
  std::vector<std::string> stages;
  std::string preset;
  std::string output;
  std::string backend;  // "", "cuda" or "cpu"
  std::string save_stages;
};

struct BenchOptions {
  std::string input;
  std::string size;  // WxH
  std::string format = "gray8";
  std::vector<std::string> stages;
  std::string variants;  // "" or "all"
  std::string backend;   // "", "cuda" or "cpu"
  int repeat = 50;
  int warmup = 5;
  bool flush_l2 = true;  // cold L2 before every timed repeat: DRAM figures
  std::string json;
  bool suite = false;                          // every filter and variant on generated inputs, with the copy
  std::string formats = "gray8,rgba8,gray32f";  // --suite: the input formats
};

struct CompareOptions {
  std::string input;
  std::vector<std::string> a, b;  // the stages of chains A and B
  std::string backend;
  std::string json;
  std::string diff;  // heat map PNG
  double gain = 1.0;
  double tolerance = 0.0;
};

int ListCommand(bool json, bool markdown, bool labs);  // labs: the labs alone (text or JSON)
int CompareCommand(const CompareOptions& o);
int RunCommand(const RunOptions& o);
int BenchCommand(const BenchOptions& o);  // --suite: BenchSuite (app/cli/bench_suite.cpp)

// The backend to use: the one asked for, else cuda when a device is present, else cpu. Asking for cuda without a
// device is an error that says why.
Backend ChooseBackend(const std::string& requested);

}  // namespace fl::cli
