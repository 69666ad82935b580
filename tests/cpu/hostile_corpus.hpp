#pragma once
// The hostile corpus, tests/data/hostile/: its files and what each must do, read from manifest.tsv (written
// by tests/data/make_hostile.py beside the files).
#include <string>
#include <vector>

#include "core/image.hpp"

namespace fl::test {

struct HostileCase {
  std::string file;
  bool ok = false;     // loads (with `shape`), else refused with an error containing `detail`
  ImageShape shape;    // ok files
  std::string detail;  // the manifest's third column
};

std::vector<HostileCase> HostileCases();
std::string HostilePath(const std::string& file);

}  // namespace fl::test
