#include "core/launch_fields.hpp"

#include "core/plan.hpp"

namespace fl {

std::optional<std::string> LaunchFieldProblem(const Registry& reg, const Stage& stage, bool variant_named,
                                              LaunchField field) {
  const FilterSpec& f = reg.Get(stage.filter);
  const VariantSpec& v =
      variant_named ? reg.GetVariant(f, stage.variant) : reg.DefaultVariant(f, Backend::Cuda);
  LaunchUse use;  // only the field asked about, so that each field's problem is reported against that field
  switch (field) {
    case LaunchField::Block:
      use.block = true;  // even where the variant ignores it: no CUDA device runs such a block
      break;
    case LaunchField::Ppt:
      if (!v.uses.ppt) return std::nullopt;
      use.ppt = true, use.ppt_min = v.uses.ppt_min, use.ppt_max = v.uses.ppt_max;
      break;
    case LaunchField::Halo:
      if (!v.uses.halo) return std::nullopt;
      use.halo = true, use.halo_min = v.uses.halo_min, use.halo_max = v.uses.halo_max;
      break;
  }
  if (auto why = CheckLaunch(PortableCudaLimits(), stage.launch, use, 0))
    return "variant '" + v.id + "': " + *why;
  return std::nullopt;
}

}  // namespace fl
