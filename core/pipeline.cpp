#include "core/pipeline.hpp"

#include "core/error.hpp"

namespace fl {

Stage MakeStage(const Registry& reg, std::string_view filter_id, Backend backend) {
  const FilterSpec& f = reg.Get(filter_id);
  const VariantSpec& v = reg.DefaultVariant(f, backend);
  Stage s;
  s.filter = f.id;
  s.variant = v.id;
  s.params = DefaultParams(f.params);
  s.launch = v.defaults;
  return s;
}

void SetVariant(const Registry& reg, Stage& stage, std::string_view variant_id) {
  const FilterSpec& f = reg.Get(stage.filter);
  const VariantSpec& v = reg.GetVariant(f, variant_id);
  stage.variant = v.id;
  stage.launch = v.defaults;
}

std::string StageLabel(const Pipeline& p, std::size_t index) {
  return "stage " + std::to_string(index + 1) + " (" + (index < p.stages.size() ? p.stages[index].filter : "?") +
         ")";
}

static int ParseSecondInput(const std::string& with, std::size_t index, const std::string& label) {
  if (with == "source") return 0;
  const int n = std::stoi(with.substr(6));  // "stage:N", already validated by CheckParam
  if (n < 1 || static_cast<std::size_t>(n) > index)
    throw InputError(label + ": with=" + with + " must name an earlier stage (1.." + std::to_string(index) + ")");
  return n;
}

std::vector<ResolvedStage> ResolvePipeline(const Registry& reg, const Pipeline& p, const ImageShape& input,
                                           Backend backend) {
  std::vector<ResolvedStage> out;
  ImageShape current = input;
  for (std::size_t i = 0; i < p.stages.size(); ++i) {
    const Stage& s = p.stages[i];
    const std::string label = StageLabel(p, i);
    ResolvedStage r;
    try {
      r.filter = &reg.Get(s.filter);
      r.variant = &reg.GetVariant(*r.filter, s.variant);
    } catch (const InputError& e) {
      throw InputError(label + ": " + e.what());
    }
    r.enabled = s.enabled;
    r.in = current;
    if (!s.enabled) {
      r.out = current;
      out.push_back(r);
      continue;
    }
    if (r.variant->backend != backend)
      throw InputError(label + ": variant '" + s.variant + "' runs on the " +
                       std::string(ToString(r.variant->backend)) + " backend, not " + std::string(ToString(backend)));
    for (const auto& ps : r.filter->params) {
      if (!s.params.Has(ps.name)) throw InputError(label + ": parameter '" + ps.name + "' is not set");
      try {
        CheckParam(ps, s.params.All().at(ps.name));
      } catch (const InputError& e) {
        throw InputError(label + ": " + e.what());
      }
    }
    for (const auto& [name, value] : s.params.All())
      if (!r.filter->FindParam(name)) throw InputError(label + ": unknown parameter '" + name + "'");
    if (!r.filter->Accepts(current.format))
      throw InputError(label + ": accepts " + FormatList(r.filter->accepts) + ", got " +
                       std::string(ToString(current.format)));
    if (!r.filter->VariantAccepts(*r.variant, current.format))
      throw InputError(label + ": variant '" + s.variant + "' accepts " + FormatList(r.variant->formats) +
                       ", got " + std::string(ToString(current.format)));
    if (r.filter->inputs == 2) {
      r.second = ParseSecondInput(s.params.Text("with"), i, label);
      const ImageShape& other = r.second == 0 ? input : out[r.second - 1].out;
      if (other != current)
        throw InputError(label + ": its second input is " + std::to_string(other.width) + "x" +
                         std::to_string(other.height) + " " + std::string(ToString(other.format)) + ", its first " +
                         std::to_string(current.width) + "x" + std::to_string(current.height) + " " +
                         std::string(ToString(current.format)));
    }
    try {
      r.out = r.filter->OutputShape(current, s.params);
      CheckImageShape(r.out);
    } catch (const InputError& e) {
      throw InputError(label + ": " + e.what());
    }
    current = r.out;
    out.push_back(r);
  }
  return out;
}

}  // namespace fl
