#include "core/sweep_grid.hpp"

#include <algorithm>
#include <map>
#include <nlohmann/json.hpp>
#include <set>

#include "core/error.hpp"
#include "core/launch_config.hpp"

namespace fl {

using nlohmann::json;

namespace {

const json* Entries(const json& root) {
  if (root.is_array()) return &root;
  if (root.is_object())
    for (const char* key : {"configurations", "results", "points", "rows", "configs"})  // the tuner's first
      if (root.contains(key) && root[key].is_array()) return &root[key];
  return nullptr;
}

std::optional<std::pair<int, int>> BlockOf(const json& e) {
  const json* block = nullptr;
  if (e.contains("block") && e["block"].is_string()) block = &e["block"];
  if (e.contains("launch") && e["launch"].is_object() && e["launch"].contains("block") &&
      e["launch"]["block"].is_string())
    block = &e["launch"]["block"];
  if (block) {
    LaunchConfig c;
    try {
      ParseBlock(block->get<std::string>(), c);
    } catch (const InputError&) {
      return std::nullopt;
    }
    return std::make_pair(c.block_x, c.block_y);
  }
  if (e.contains("block_x") && e.contains("block_y") && e["block_x"].is_number_integer() &&
      e["block_y"].is_number_integer())
    return std::make_pair(e["block_x"].get<int>(), e["block_y"].get<int>());
  return std::nullopt;
}

std::optional<double> TimeOf(const json& e) {
  if (e.contains("refused") && e["refused"].is_string() && !e["refused"].get<std::string>().empty())
    return std::nullopt;
  if (e.contains("status") && e["status"].is_string() && e["status"].get<std::string>() != "ok")
    return std::nullopt;  // the tuner's refused and pending configurations
  for (const char* key : {"median_ms", "ms", "time_ms"})
    if (e.contains(key) && e[key].is_number() && e[key].get<double>() > 0) return e[key].get<double>();
  return std::nullopt;
}

}  // namespace

SweepGrid SweepGridFromJson(const std::string& text) {
  json root;
  try {
    root = json::parse(text);
  } catch (const json::exception& e) {
    throw InputError(std::string("sweep: malformed JSON: ") + e.what());
  }
  const json* entries = Entries(root);
  if (!entries)
    throw InputError(
        "sweep: expected an array of entries (or one under \"configurations\", \"results\" or \"points\")");
  std::map<std::pair<int, int>, double> best;
  SweepGrid g;
  for (const json& e : *entries) {
    if (!e.is_object()) continue;
    const auto block = BlockOf(e);
    const auto ms = TimeOf(e);
    if (!block || !ms) continue;
    auto [it, inserted] = best.emplace(*block, *ms);
    if (!inserted) it->second = std::min(it->second, *ms);
    ++g.entries;
  }
  if (best.empty()) throw InputError("sweep: no entry names both a block and a time");
  std::set<int> xs, ys;
  for (const auto& [b, ms] : best) xs.insert(b.first), ys.insert(b.second);
  g.xs.assign(xs.begin(), xs.end());
  g.ys.assign(ys.begin(), ys.end());
  g.ms.assign(g.ys.size(), std::vector<std::optional<double>>(g.xs.size()));
  for (const auto& [b, ms] : best) {
    const auto x = std::lower_bound(g.xs.begin(), g.xs.end(), b.first) - g.xs.begin();
    const auto y = std::lower_bound(g.ys.begin(), g.ys.end(), b.second) - g.ys.begin();
    g.ms[y][x] = ms;
  }
  return g;
}

}  // namespace fl
