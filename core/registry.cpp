#include "core/registry.hpp"

#include <set>

#include "core/error.hpp"

namespace fl {

Registry::Registry(std::vector<FilterSpec> filters) : filters_(std::move(filters)) {
  std::set<std::string> ids;
  for (const auto& f : filters_) {
    if (!ids.insert(f.id).second) throw RuntimeError("filter '" + f.id + "' is declared twice");
    std::set<std::string> vids;
    for (const auto& v : f.variants) {
      if (!vids.insert(v.id).second)
        throw RuntimeError("filter '" + f.id + "' declares variant '" + v.id + "' twice");
      if ((v.backend == Backend::Cpu) != (v.cpu != nullptr) || (v.backend == Backend::Cuda) != (v.cuda != nullptr))
        throw RuntimeError("variant '" + f.id + "/" + v.id + "' has no launcher for its backend");
    }
    f.Reference();  // throws if missing
  }
}

const FilterSpec* Registry::Find(std::string_view id) const {
  for (const auto& f : filters_)
    if (f.id == id) return &f;
  return nullptr;
}

const FilterSpec& Registry::Get(std::string_view id) const {
  if (const auto* f = Find(id)) return *f;
  std::string known;
  for (const auto& f : filters_) known += (known.empty() ? "" : ", ") + f.id;
  throw InputError("unknown filter '" + std::string(id) + "' (known: " + known + ")");
}

const VariantSpec& Registry::GetVariant(const FilterSpec& f, std::string_view id) const {
  if (const auto* v = f.FindVariant(id)) return *v;
  std::string known;
  for (const auto& v : f.variants) known += (known.empty() ? "" : ", ") + v.id;
  throw InputError("filter '" + f.id + "' has no variant '" + std::string(id) + "' (variants: " + known + ")");
}

const VariantSpec& Registry::DefaultVariant(const FilterSpec& f, Backend b) const {
  if (b == Backend::Cpu) return f.CpuDefault();
  for (const auto& v : f.variants)
    if (v.backend == b && v.agreement != Agreement::KnownWrong) return v;
  throw InputError("filter '" + f.id + "' has no " + std::string(ToString(b)) + " variant");
}

}  // namespace fl
