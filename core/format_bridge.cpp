#include "core/format_bridge.hpp"

#include "core/error.hpp"

namespace fl {

std::string FormatBridge(const Registry& reg, const FilterSpec& target, const ImageShape& in) {
  if (target.Accepts(in.format)) return {};
  for (const FilterSpec& f : reg.filters()) {
    if (!f.converts_format || f.inputs != 1 || !f.Accepts(in.format)) continue;
    ImageShape out;
    try {
      out = f.OutputShape(in, DefaultParams(f.params));
    } catch (const InputError&) {
      continue;  // its defaults do not fit this input
    }
    if (out.width == in.width && out.height == in.height && out.format != in.format &&
        target.Accepts(out.format))
      return f.id;
  }
  return {};
}

}  // namespace fl
