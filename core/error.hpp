#pragma once
// Errors that reach a person. InputError: bad input or usage (CLI exit 2). RuntimeError: the GPU or the system
// failed (CLI exit 3). Messages are one line and name what was wrong.
#include <stdexcept>
#include <string>

namespace fl {

class InputError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

class RuntimeError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

}  // namespace fl
