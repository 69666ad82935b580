#include "core/launch_config.hpp"

#include "core/error.hpp"
#include "core/size_text.hpp"

namespace fl {

LaunchConfig MergeLaunch(const LaunchConfig& defaults, const LaunchConfig& chosen, unsigned set) {
  LaunchConfig l = defaults;
  if (set & kSetBlock) l.block_x = chosen.block_x, l.block_y = chosen.block_y;
  if (set & kSetPpt) l.ppt = chosen.ppt;
  if (set & kSetHalo) l.halo = chosen.halo;
  if (set & kSetSmem) l.smem = chosen.smem;
  return l;
}

unsigned ChangedFields(const LaunchConfig& a, const LaunchConfig& b) {
  unsigned bits = 0;
  if (a.block_x != b.block_x || a.block_y != b.block_y) bits |= kSetBlock;
  if (a.ppt != b.ppt) bits |= kSetPpt;
  if (a.halo != b.halo) bits |= kSetHalo;
  if (a.smem != b.smem) bits |= kSetSmem;
  return bits;
}

unsigned UsedFields(const LaunchUse& use) {
  return (use.block ? kSetBlock : 0u) | (use.ppt ? kSetPpt : 0u) | (use.halo ? kSetHalo : 0u) |
         (use.smem ? kSetSmem : 0u);
}

std::string LaunchFieldNames(unsigned fields) {
  std::string names;
  for (const auto& [bit, name] : {std::pair{kSetBlock, "block"}, std::pair{kSetPpt, "ppt"},
                                  std::pair{kSetHalo, "halo"}, std::pair{kSetSmem, "smem"}})
    if (fields & bit) names += (names.empty() ? "" : ", ") + std::string(name);
  return names;
}

std::string FormatBlock(const LaunchConfig& c) {
  return std::to_string(c.block_x) + "x" + std::to_string(c.block_y);
}

void ParseBlock(const std::string& text, LaunchConfig& c) {
  const auto wh = ParseWxH(text);
  if (!wh || (*wh)[0] <= 0 || (*wh)[1] <= 0)
    throw InputError("block '" + text + "' is not of the form WxH with positive numbers (e.g. 32x8)");
  c.block_x = (*wh)[0];
  c.block_y = (*wh)[1];
}

std::string Describe(const LaunchConfig& c, const LaunchUse& use) {
  std::string s;
  if (use.block) s += "block " + FormatBlock(c);
  if (use.ppt) s += (s.empty() ? "" : ", ") + std::string("ppt ") + std::to_string(c.ppt);
  if (use.smem) s += (s.empty() ? "" : ", ") + std::string("smem ") + (c.smem ? "on" : "off");
  if (use.halo) s += (s.empty() ? "" : ", ") + std::string("halo ") + std::to_string(c.halo);
  return s.empty() ? "fixed launch" : s;
}

std::optional<std::string> CheckLaunch(const DeviceLimits& l, const LaunchConfig& c, const LaunchUse& use,
                                       std::size_t smem_bytes) {
  const std::string where = l.name == kAnyCudaDevice ? " on any CUDA device" : " on this device";
  if (use.block) {
    if (c.block_x <= 0 || c.block_y <= 0) return "block " + FormatBlock(c) + " has a zero or negative side";
    const long threads = static_cast<long>(c.block_x) * c.block_y;
    if (threads > l.max_threads_per_block)
      return "block " + FormatBlock(c) + " = " + std::to_string(threads) + " threads > " +
             std::to_string(l.max_threads_per_block) + " per block" + where;
    if (c.block_x > l.max_block_x)
      return "block x " + std::to_string(c.block_x) + " > " + std::to_string(l.max_block_x) + where;
    if (c.block_y > l.max_block_y)
      return "block y " + std::to_string(c.block_y) + " > " + std::to_string(l.max_block_y) + where;
  }
  if (use.ppt && (c.ppt < use.ppt_min || c.ppt > use.ppt_max))
    return "pixels per thread " + std::to_string(c.ppt) + " is outside " + std::to_string(use.ppt_min) + ".." +
           std::to_string(use.ppt_max) + " for this variant";
  if (use.halo && (c.halo < use.halo_min || c.halo > use.halo_max))
    return "halo steps " + std::to_string(c.halo) + " is outside " + std::to_string(use.halo_min) + ".." +
           std::to_string(use.halo_max) + " for this variant";
  if (smem_bytes > l.max_smem_per_block_optin)
    return "shared memory " + std::to_string(smem_bytes) + " bytes > " +
           std::to_string(l.max_smem_per_block_optin) + " per block" + where;
  return std::nullopt;
}

}  // namespace fl
