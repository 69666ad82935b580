#include "core/tune_session.hpp"

#include <algorithm>
#include <chrono>

#include "core/error.hpp"

namespace fl {

TuneSession::TuneSession(const TuneRequest& request) : request_(request) {
  const VariantSpec* v = request.variant;
  if (!request.filter || !v) throw InputError("tune: no stage to tune");
  if (v->backend != Backend::Cuda)
    throw InputError("tune: variant '" + v->id + "' runs on the CPU: it has no launch configuration to tune");
  if (!v->uses.block && !v->uses.ppt && !v->uses.halo)
    throw InputError("tune: variant '" + v->id + "' has a fixed launch: nothing to tune");
  sweep_.filter = request.filter->id;
  sweep_.variant = v->id;
  sweep_.params = request.params_text;
  sweep_.device = request.limits.name;
  sweep_.shape = request.input;
  sweep_.uses = v->uses;
  sweep_.default_launch = request.base;
  for (const LaunchConfig& c : SweepConfigs(v->uses, request.base, request.limits, request.quick)) {
    TuneCell cell;
    cell.launch = c;
    PlannedStage plan;
    try {
      plan = PlanVariant(*request.filter, *v, request.params, c, request.input, request.limits);
      order_.push_back(sweep_.cells.size());
    } catch (const InputError& e) {
      cell.refused = e.what();
    }
    sweep_.cells.push_back(cell);
    plans_.push_back(std::move(plan));
  }
}

TuneRequest MakeTuneRequest(const Registry& reg, const Stage& stage, const ImageShape& input,
                            const DeviceLimits& limits) {
  TuneRequest r;
  r.filter = &reg.Get(stage.filter);
  r.variant = &reg.GetVariant(*r.filter, stage.variant);
  r.params = stage.params;
  for (const ParamSpec& p : r.filter->params)  // the stage syntax's form: "radius=4:sigma=2"
    if (stage.params.Has(p.name))
      r.params_text +=
          (r.params_text.empty() ? "" : ":") + p.name + "=" + FormatParam(stage.params.All().at(p.name));
  // The launch the plan gives the stage, enabled or not. A variant with no code for this input would have every
  // configuration refused: the stage runs its fallback, which is what to tune.
  Pipeline alone;
  alone.stages = {stage};
  alone.stages[0].enabled = true;
  const Plan plan = ResolvePipeline(reg, alone, input, Backend::Cuda, &limits);
  if (plan.ok() && plan.stages[0].fell_back())
    throw InputError("tune: " + plan.stages[0].note + ": choose " + plan.stages[0].variant->id + " to tune it");
  // Not planned alone (a second input from an earlier stage): the sweep's cells name their own faults.
  r.base = plan.ok() ? plan.stages[0].launch : DeviceStageLaunch(stage, *r.variant, input, limits);
  r.input = input;
  r.limits = limits;
  return r;
}

const PlannedStage& TuneSession::planned(int cell) const { return plans_.at(static_cast<std::size_t>(cell)); }

void TuneSession::TimeCell(std::size_t cell, TuneTimer& timer) {
  TuneCell& c = sweep_.cells[cell];
  const PlannedStage& plan = plans_[cell];
  std::vector<double> ms;
  try {
    for (int k = 0; k < request_.warmup; ++k) timer.TimeOnce(plan);
    for (int k = 0; k < request_.repeats; ++k) {
      ms.push_back(timer.TimeOnce(plan));
      // Clearly slower than the best so far: its first sample says enough.
      if (k == 0 && best_ms_ > 0 && ms[0] > request_.early_stop_factor * best_ms_) break;
    }
  } catch (const InputError& e) {
    c.refused = e.what();
    return;
  }
  std::sort(ms.begin(), ms.end());
  c.samples = static_cast<int>(ms.size());
  c.min_ms = ms.front();
  c.median_ms = ms[ms.size() / 2];
  if (best_ms_ <= 0 || c.median_ms < best_ms_) best_ms_ = c.median_ms;
}

bool TuneSession::Step(TuneTimer& timer, double budget_ms) {
  using Clock = std::chrono::steady_clock;
  const Clock::time_point start = Clock::now();
  while (!finished()) {
    TimeCell(order_[next_], timer);
    ++next_;
    if (std::chrono::duration<double, std::milli>(Clock::now() - start).count() >= budget_ms) break;
  }
  return finished();
}

}  // namespace fl
