#pragma once
// Whole text files in and out. Writing goes to PATH.part and is renamed over PATH, so a failure (or a crash) never
// leaves a half-written preset, report or settings file where the old one was.
#include <string>

namespace fl {

// Throws InputError "cannot write WHAT 'PATH': reason".
void WriteTextFileAtomically(const std::string& path, const std::string& text, const std::string& what = "file");
// Throws InputError "cannot open WHAT 'PATH': reason" (missing, a directory, unreadable).
std::string ReadTextFile(const std::string& path, const std::string& what = "file");

}  // namespace fl
