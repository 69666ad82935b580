#pragma once
// The timing table as CSV and JSON: one row per stage of the last good run, with the device and what the times
// are (cudaEvent GPU time or CPU wall time).
#include <string>

#include "app/ui/app_state.hpp"

namespace fl::ui {

std::string TimingsCsv(const AppState& s);
std::string TimingsJson(const AppState& s);
// Writes `text` atomically (temporary file + rename); throws InputError naming the path.
void WriteTextFile(const std::string& path, const std::string& text);

}  // namespace fl::ui
