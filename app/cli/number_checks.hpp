#pragma once
// A CLI11 check for a real-valued option: a finite number within [lo, hi]. CLI::Range lets NaN through (both
// of its comparisons are false), and a NaN tolerance or gain quietly made every difference vanish.
#include <CLI/CLI.hpp>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <string>

namespace fl::cli {

// `zero_means`: 0 is accepted too, and the message says what it stands for ("the monitor's").
inline CLI::Validator FiniteIn(double lo, double hi, const std::string& zero_means = "") {
  char range[64];
  std::snprintf(range, sizeof range, "a number in %g..%g", lo, hi);
  const std::string what = range + (zero_means.empty() ? "" : " (or 0: " + zero_means + ")");
  const bool zero_ok = !zero_means.empty();
  return CLI::Validator(
      [lo, hi, what, zero_ok](std::string& text) -> std::string {
        double v = 0;  // plain decimal, as every number the program reads
        const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
        const bool read = ec == std::errc() && end == text.data() + text.size() && std::isfinite(v);
        if (!read || ((v < lo || v > hi) && !(zero_ok && v == 0))) return "'" + text + "' is not " + what;
        return {};
      },
      what);
}

}  // namespace fl::cli
