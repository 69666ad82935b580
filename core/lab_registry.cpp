#include "core/lab_registry.hpp"

#include <algorithm>
#include <set>

#include "core/error.hpp"

namespace fl {

std::vector<LabRegistration>& LabRegistrations() {
  static std::vector<LabRegistration> all;  // filled by the static LabRegistrars of labs/*.cpp
  return all;
}

const std::vector<LabSpec>& LabRegistry() {
  static const std::vector<LabSpec> labs = [] {
    std::vector<LabRegistration> regs = LabRegistrations();
    std::stable_sort(regs.begin(), regs.end(), [](const auto& a, const auto& b) { return a.order < b.order; });
    std::vector<LabSpec> out;
    std::set<std::string> ids;
    for (const auto& r : regs) {
      out.push_back(r.declare());
      if (!ids.insert(out.back().id).second) throw RuntimeError("lab '" + out.back().id + "' declared twice");
    }
    return out;
  }();
  return labs;
}

const LabSpec& GetLab(std::string_view id) {
  std::string known;
  for (const auto& l : LabRegistry()) {
    if (l.id == id) return l;
    known += (known.empty() ? "" : ", ") + l.id;
  }
  throw InputError("unknown lab '" + std::string(id) + "' (labs: " + known + ")");
}

LabRequest CheckedLabRequest(const LabSpec& lab, LabRequest r) {
  if (r.size == 0) r.size = lab.default_size;
  if (r.size < 0 || (lab.max_size > 0 && r.size > lab.max_size))
    throw InputError("lab '" + lab.id + "': size " + std::to_string(r.size) + " is outside 1.." +
                     std::to_string(lab.max_size));
  if (r.repeat < 1 || r.repeat > 10000)
    throw InputError("lab '" + lab.id + "': repeat " + std::to_string(r.repeat) + " is outside 1..10000");
  ParamValues filled = DefaultParams(lab.params);
  for (const auto& entry : r.params.All()) {
    // Not a structured binding: clang 14 (the fuzz build) cannot capture one in the lambda below.
    const std::string& name = entry.first;
    const ParamValue& value = entry.second;
    const auto it = std::find_if(lab.params.begin(), lab.params.end(), [&](const auto& p) { return p.name == name; });
    if (it == lab.params.end()) throw InputError("lab '" + lab.id + "' has no parameter '" + name + "'");
    CheckParam(*it, value);
    filled.Set(name, value);
  }
  r.params = filled;
  for (const auto& v : r.variants) {
    const auto it = std::find_if(lab.variants.begin(), lab.variants.end(), [&](const auto& s) { return s.id == v; });
    if (it == lab.variants.end()) throw InputError("lab '" + lab.id + "' has no variant '" + v + "'");
    if (it->backend != r.backend)
      throw InputError("lab '" + lab.id + "': variant '" + v + "' runs on " + std::string(ToString(it->backend)) +
                       ", not on the " + std::string(ToString(r.backend)) + " backend");
  }
  return r;
}

LabResult RunLab(const LabSpec& lab, const LabRequest& r) {
  if (r.backend == Backend::Cuda) {
    if (!lab.run_cuda) throw InputError("lab '" + lab.id + "' has no CUDA side");
    return lab.run_cuda(r);
  }
  if (!lab.run_cpu)
    throw InputError("lab '" + lab.id + "' needs CUDA: it measures the GPU itself, and there is no CUDA device here");
  return lab.run_cpu(r);
}

}  // namespace fl
