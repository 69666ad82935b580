#include "core/filter_spec.hpp"

#include <algorithm>

#include "core/error.hpp"

namespace fl {

std::string_view ToString(Backend b) { return b == Backend::Cuda ? "cuda" : "cpu"; }

const VariantSpec* FilterSpec::FindVariant(std::string_view vid) const {
  for (const auto& v : variants)
    if (v.id == vid) return &v;
  return nullptr;
}

const VariantSpec& FilterSpec::Reference() const {
  const VariantSpec* v = FindVariant("reference");
  if (!v) throw RuntimeError("filter '" + id + "' declares no reference variant");
  return *v;
}

const VariantSpec& FilterSpec::CpuDefault() const {
  if (const VariantSpec* v = FindVariant("openmp")) return *v;
  return Reference();
}

bool FilterSpec::Accepts(PixelFormat f) const {
  return std::find(accepts.begin(), accepts.end(), f) != accepts.end();
}

bool FilterSpec::VariantAccepts(const VariantSpec& v, PixelFormat f) const {
  if (!Accepts(f)) return false;
  return v.formats.empty() || std::find(v.formats.begin(), v.formats.end(), f) != v.formats.end();
}

bool FilterSpec::VariantRuns(const VariantSpec& v, const ParamValues& p, PixelFormat f) const {
  return VariantAccepts(v, f) && !(v.format_limit && v.format_limit(p, f));
}

bool FilterSpec::VariantServes(const VariantSpec& v, PixelFormat in, PixelFormat out) const {
  return VariantAccepts(v, in) &&
         (v.out_formats.empty() || std::find(v.out_formats.begin(), v.out_formats.end(), out) != v.out_formats.end());
}

ImageShape FilterSpec::OutputShape(const ImageShape& in, const ParamValues& p) const {
  return output ? output(in, p) : in;
}

const ParamSpec* FilterSpec::FindParam(std::string_view pname) const {
  for (const auto& p : params)
    if (p.name == pname) return &p;
  return nullptr;
}

std::string FormatList(const std::vector<PixelFormat>& formats) {
  std::string s;
  for (auto f : formats) s += (s.empty() ? "" : ", ") + std::string(ToString(f));
  return s;
}

}  // namespace fl

namespace fl {

LaunchConfig DefaultLaunch(const VariantSpec& v, const ParamValues& p, const ImageShape& in) {
  return v.defaults_for ? v.defaults_for(v.defaults, p, in) : v.defaults;
}

BlockFootprint FootprintOf(const VariantSpec& v, const LaunchConfig& c, const ParamValues& p, PixelFormat in) {
  if (v.footprint) return v.footprint(c, p, in);
  return {c.block_x, c.block_y, 0};
}

}  // namespace fl
