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
  stage.launch_set = 0;
}

LaunchConfig StageLaunch(const Stage& stage, const VariantSpec& v, const ImageShape& in) {
  return MergeLaunch(DefaultLaunch(v, stage.params, in), stage.launch, stage.launch_set);
}

void KeepReadLaunchFields(Stage& stage, const VariantSpec& v) {
  stage.launch_set &= UsedFields(v.uses);
  stage.launch = MergeLaunch(v.defaults, stage.launch, stage.launch_set);
}

std::string StageLabel(const Pipeline& p, std::size_t index) {
  return "stage " + std::to_string(index + 1) + " (" + (index < p.stages.size() ? p.stages[index].filter : "?") +
         ")";
}

}  // namespace fl
