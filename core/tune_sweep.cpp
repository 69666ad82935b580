#include "core/tune_sweep.hpp"

#include <algorithm>
#include <cstdio>
#include <nlohmann/json.hpp>
#include <sstream>

#include "core/error.hpp"

namespace fl {

int TuneSweep::Best() const {
  int best = -1;
  for (std::size_t i = 0; i < cells.size(); ++i)
    if (cells[i].ran() && (best < 0 || cells[i].median_ms < cells[static_cast<std::size_t>(best)].median_ms))
      best = static_cast<int>(i);
  return best;
}

int TuneSweep::Find(const LaunchConfig& launch) const {
  for (std::size_t i = 0; i < cells.size(); ++i)
    if (cells[i].launch == launch) return static_cast<int>(i);
  return -1;
}

namespace {

// `values` within [lo, hi], with `own` added (sorted, unique).
std::vector<int> Within(std::vector<int> values, int lo, int hi, int own) {
  std::vector<int> out;
  for (int v : values)
    if (v >= lo && v <= hi) out.push_back(v);
  out.push_back(own);
  std::sort(out.begin(), out.end());
  out.erase(std::unique(out.begin(), out.end()), out.end());
  return out;
}

}  // namespace

SweepAxes AxesFor(const LaunchUse& use, const LaunchConfig& base, bool quick) {
  SweepAxes a;
  if (use.block) {
    a.block_x = quick ? Within({16, 32, 64, 128, 256}, 1, 1 << 30, base.block_x)
                      : Within({8, 16, 32, 64, 96, 128, 192, 256, 384, 512, 768, 1024}, 1, 1 << 30, base.block_x);
    a.block_y = quick ? Within({1, 2, 4, 8}, 1, 1 << 30, base.block_y)
                      : Within({1, 2, 4, 8, 16, 32}, 1, 1 << 30, base.block_y);
  } else {
    a.block_x = {base.block_x};
    a.block_y = {base.block_y};
  }
  a.ppt = use.ppt ? Within(quick ? std::vector<int>{1, 4} : std::vector<int>{1, 2, 4, 8, 16}, use.ppt_min,
                           use.ppt_max, base.ppt)
                  : std::vector<int>{base.ppt};
  a.halo = use.halo ? Within(quick ? std::vector<int>{} : std::vector<int>{1, 2, 3, 4}, use.halo_min,
                             use.halo_max, base.halo)
                    : std::vector<int>{base.halo};
  return a;
}

std::vector<LaunchConfig> SweepConfigs(const LaunchUse& use, const LaunchConfig& base,
                                       const DeviceLimits& limits, bool quick) {
  const SweepAxes a = AxesFor(use, base, quick);
  std::vector<LaunchConfig> out;
  for (int ppt : a.ppt)
    for (int halo : a.halo)
      for (int y : a.block_y)
        for (int x : a.block_x) {
          LaunchConfig c = base;
          c.block_x = x;
          c.block_y = y;
          c.ppt = ppt;
          c.halo = halo;
          const bool is_base = c == base;
          if (!is_base && static_cast<long>(x) * y > limits.max_threads_per_block) continue;
          out.push_back(c);
        }
  return out;
}

namespace {

const char* Status(const TuneCell& c) {
  return !c.refused.empty() ? "refused" : c.samples > 0 ? "ok" : "pending";
}

std::string Quoted(const std::string& s) {
  std::string out = "\"";
  for (char ch : s) out += ch == '"' ? std::string("\"\"") : std::string(1, ch);
  return out + "\"";
}

// The fields of one CSV line (quoted fields may hold commas and doubled quotes).
std::vector<std::string> SplitCsvLine(const std::string& line) {
  std::vector<std::string> fields(1);
  bool quoted = false;
  for (std::size_t i = 0; i < line.size(); ++i) {
    const char ch = line[i];
    if (quoted && ch == '"' && i + 1 < line.size() && line[i + 1] == '"') {
      fields.back() += '"';
      ++i;
    } else if (ch == '"') {
      quoted = !quoted;
    } else if (ch == ',' && !quoted) {
      fields.emplace_back();
    } else {
      fields.back() += ch;
    }
  }
  if (quoted) throw InputError("tuning CSV: unterminated quote in '" + line + "'");
  return fields;
}

int ToInt(const std::string& s) {
  try {
    return std::stoi(s);
  } catch (const std::exception&) {
    throw InputError("tuning CSV: '" + s + "' is not a number");
  }
}

double ToDouble(const std::string& s) {
  try {
    return std::stod(s);
  } catch (const std::exception&) {
    throw InputError("tuning CSV: '" + s + "' is not a number");
  }
}

constexpr const char* kCsvHeader = "block_x,block_y,ppt,halo,smem,status,median_ms,min_ms,samples,reason";

}  // namespace

std::string SweepCsv(const TuneSweep& s) {
  std::string out = std::string(kCsvHeader) + "\n";
  char buf[160];
  for (const TuneCell& c : s.cells) {
    std::snprintf(buf, sizeof buf, "%d,%d,%d,%d,%d,%s,%.6f,%.6f,%d,", c.launch.block_x, c.launch.block_y,
                  c.launch.ppt, c.launch.halo, c.launch.smem ? 1 : 0, Status(c), c.median_ms, c.min_ms,
                  c.samples);
    out += buf + Quoted(c.refused) + "\n";
  }
  return out;
}

std::vector<TuneCell> CellsFromCsv(const std::string& csv) {
  std::istringstream in(csv);
  std::string line;
  if (!std::getline(in, line) || line != kCsvHeader)
    throw InputError("tuning CSV: the header is not '" + std::string(kCsvHeader) + "'");
  std::vector<TuneCell> cells;
  while (std::getline(in, line)) {
    if (line.empty()) continue;
    const std::vector<std::string> f = SplitCsvLine(line);
    if (f.size() != 10)
      throw InputError("tuning CSV: a row has " + std::to_string(f.size()) + " fields, not 10");
    TuneCell c;
    c.launch = {ToInt(f[0]), ToInt(f[1]), ToInt(f[2]), f[4] == "1", ToInt(f[3])};
    c.median_ms = ToDouble(f[6]);
    c.min_ms = ToDouble(f[7]);
    c.samples = ToInt(f[8]);
    c.refused = f[9];
    cells.push_back(c);
  }
  return cells;
}

namespace {

nlohmann::json LaunchJson(const LaunchConfig& c) {
  return {{"block_x", c.block_x}, {"block_y", c.block_y}, {"ppt", c.ppt}, {"halo", c.halo}, {"smem", c.smem}};
}

LaunchConfig LaunchOf(const nlohmann::json& j) {
  return {j.at("block_x").get<int>(), j.at("block_y").get<int>(), j.at("ppt").get<int>(),
          j.at("smem").get<bool>(), j.at("halo").get<int>()};
}

}  // namespace

std::string SweepJson(const TuneSweep& s) {
  nlohmann::json j;
  j["filter"] = s.filter;
  j["variant"] = s.variant;
  j["params"] = s.params;
  j["device"] = s.device;
  j["input"] = {{"width", s.shape.width},
                {"height", s.shape.height},
                {"format", std::string(ToString(s.shape.format))}};
  j["default_launch"] = LaunchJson(s.default_launch);
  const int best = s.Best();
  j["best"] = best < 0 ? nlohmann::json(nullptr) : LaunchJson(s.cells[static_cast<std::size_t>(best)].launch);
  j["configurations"] = nlohmann::json::array();
  for (const TuneCell& c : s.cells) {
    nlohmann::json row = LaunchJson(c.launch);
    row["status"] = Status(c);
    row["median_ms"] = c.median_ms;
    row["min_ms"] = c.min_ms;
    row["samples"] = c.samples;
    row["reason"] = c.refused;
    j["configurations"].push_back(row);
  }
  return j.dump(2) + "\n";
}

TuneSweep SweepFromJson(const std::string& text) {
  try {
    const nlohmann::json j = nlohmann::json::parse(text);
    TuneSweep s;
    s.filter = j.at("filter").get<std::string>();
    s.variant = j.at("variant").get<std::string>();
    s.params = j.at("params").get<std::string>();
    s.device = j.at("device").get<std::string>();
    const auto& in = j.at("input");
    s.shape.width = in.at("width").get<int>();
    s.shape.height = in.at("height").get<int>();
    const auto format = ParsePixelFormat(in.at("format").get<std::string>());
    if (!format) throw InputError("tuning JSON: unknown format " + in.at("format").dump());
    s.shape.format = *format;
    s.default_launch = LaunchOf(j.at("default_launch"));
    for (const auto& row : j.at("configurations")) {
      TuneCell c;
      c.launch = LaunchOf(row);
      c.median_ms = row.at("median_ms").get<double>();
      c.min_ms = row.at("min_ms").get<double>();
      c.samples = row.at("samples").get<int>();
      c.refused = row.at("reason").get<std::string>();
      s.cells.push_back(c);
    }
    return s;
  } catch (const nlohmann::json::exception& e) {
    throw InputError(std::string("tuning JSON: ") + e.what());
  }
}

}  // namespace fl
