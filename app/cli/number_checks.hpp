#pragma once
// A CLI11 check for a real-valued option: a finite number within [lo, hi]. CLI::Range lets NaN through (both
// of its comparisons are false), and a NaN tolerance or gain quietly made every difference vanish.
#include <CLI/CLI.hpp>
#include <cmath>
#include <sstream>
#include <string>

namespace fl::cli {

inline CLI::Validator FiniteIn(double lo, double hi) {
  std::ostringstream range;
  range << "a number in " << lo << ".." << hi;
  const std::string what = range.str();
  return CLI::Validator(
      [lo, hi, what](std::string& text) -> std::string {
        double v = 0;
        std::size_t used = 0;
        try {
          v = std::stod(text, &used);
        } catch (const std::logic_error&) {
          return "'" + text + "' is not " + what;
        }
        if (used != text.size() || !std::isfinite(v) || v < lo || v > hi)
          return "'" + text + "' is not " + what;
        return {};
      },
      what);
}

}  // namespace fl::cli
