#pragma once
// Whole text files in and out. Writing goes to PATH.part and is renamed over PATH, so a failure (or a crash) never
// leaves a half-written preset, report or settings file where the old one was.
#include <cstdint>
#include <string>

namespace fl {

// Throws InputError "cannot write WHAT 'PATH': reason".
void WriteTextFileAtomically(const std::string& path, const std::string& text, const std::string& what = "file");
// For a command that writes `path` after its work: refuses a folder that does not exist before the work
// starts. Throws InputError "OPTION 'PATH': folder 'F' does not exist".
void CheckTextFileFolder(const std::string& path, const std::string& option);
// Throws InputError "cannot open WHAT 'PATH': reason" (missing, a directory, not a regular file, unreadable)
// or "cannot read WHAT 'PATH': ..." when it is larger than `max_bytes`.
std::string ReadTextFile(const std::string& path, const std::string& what = "file",
                         std::uintmax_t max_bytes = std::uintmax_t{64} << 20);
// The size of a regular file, checked before anything reads it: a FIFO would block a read forever and a
// device such as /dev/zero never ends. Throws InputError "cannot open WHAT 'PATH': reason" ("cannot open
// 'PATH': ..." when `what` is empty): no such file, it is a directory, not a regular file.
std::uintmax_t RegularFileSize(const std::string& path, const std::string& what);

}  // namespace fl
