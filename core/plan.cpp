#include "core/plan.hpp"

#include "core/error.hpp"
#include "core/format_bridge.hpp"
#include "core/strip_tiers.hpp"

namespace fl {

const Plan& Plan::Require() const {
  if (issue) throw InputError(issue->message);
  return *this;
}

std::vector<std::string> Plan::Notes() const {
  std::vector<std::string> notes;
  for (std::size_t i = 0; i < stages.size(); ++i)
    if (!stages[i].note.empty()) notes.push_back(StageLabel(pipeline, i) + ": " + stages[i].note);
  return notes;
}

ImageShape Plan::OutputShape(int stage) const {
  if (stage < 0 || static_cast<std::size_t>(stage) >= stages.size()) return input;
  return stages[static_cast<std::size_t>(stage)].out;
}

double Plan::StageBytes(std::size_t i) const {
  const PlannedStage& s = stages.at(i);
  double bytes = static_cast<double>(s.in.Bytes()) + static_cast<double>(s.out.Bytes());
  if (s.second != kNoSecondInput) bytes += static_cast<double>(OutputShape(s.second - 1).Bytes());
  return bytes;
}

DeviceLimits PortableCudaLimits() {
  DeviceLimits l;  // 1024 threads per block and 1024 x 1024 x 64 block sides hold for every CUDA device
  l.name = kAnyCudaDevice;
  // The most shared memory any current device gives one block when opted in (227 KiB on compute capability 9.0):
  // a launch above it runs nowhere; one below it may still be refused by a smaller device at run time.
  l.max_smem_per_block_optin = 227 * 1024;
  return l;
}

const DeviceLimits& LimitsOrPortable(const DeviceLimits* limits) {
  static const DeviceLimits portable = PortableCudaLimits();
  return limits ? *limits : portable;
}

const DeviceLimits& LimitsOrPortable(const std::optional<DeviceLimits>& limits) {
  return LimitsOrPortable(limits ? &*limits : nullptr);
}

std::optional<LaunchConfig> FittedBlock(const VariantSpec& v, const ParamValues& params, PixelFormat format,
                                        const LaunchConfig& launch, const DeviceLimits& limits) {
  if (!v.smem_bytes || !v.uses.block) return std::nullopt;
  const auto bytes = [&](const LaunchConfig& c) { return v.smem_bytes(c, params, format); };
  if (bytes(launch) <= limits.max_smem_per_block_optin) return std::nullopt;
  LaunchConfig c = launch;
  while (c.block_y > 1 && bytes(c) > limits.max_smem_per_block_optin) c.block_y /= 2;
  // A block that still does not fit, or that another rule refuses, stays: the launch checks name the fault.
  if (CheckLaunch(limits, c, v.uses, bytes(c)) || (v.check_launch && v.check_launch(c, params))) return std::nullopt;
  return c;
}

LaunchConfig DeviceStageLaunch(const Stage& stage, const VariantSpec& v, const ImageShape& in,
                               const DeviceLimits& limits) {
  const LaunchConfig launch = StageLaunch(stage, v, in);
  if (stage.launch_set & kSetBlock) return launch;
  return FittedBlock(v, stage.params, in.format, launch, limits).value_or(launch);
}

LaunchConfig DeviceDefaultLaunch(const VariantSpec& v, const ParamValues& params, const ImageShape& in,
                                 const DeviceLimits& limits) {
  const LaunchConfig launch = DefaultLaunch(v, params, in);
  return FittedBlock(v, params, in.format, launch, limits).value_or(launch);
}

LaunchConfig VariantLaunchFor(const PlannedStage& s, const VariantSpec& v, const DeviceLimits& limits) {
  return &v == s.variant ? s.launch : DeviceDefaultLaunch(v, s.params, s.in, limits);
}

namespace {

// A stage refusing its input's format: the one refusal that a stage put before it can mend.
struct FormatRefused : InputError {
  using InputError::InputError;
};

int ParseSecondInput(const std::string& with, std::size_t index) {
  if (with == "source") return 0;
  const int n = std::stoi(with.substr(6));  // "stage:N", already validated by CheckParam
  if (index == 0)
    throw InputError("with=" + with + ": the first stage has no earlier stage (use with=source)");
  if (n < 1 || static_cast<std::size_t>(n) > index)
    throw InputError("with=" + with + " must name an earlier stage (1.." + std::to_string(index) + ")");
  return n;
}

std::string ShapeText(const ImageShape& s) {
  return std::to_string(s.width) + "x" + std::to_string(s.height) + " " + std::string(ToString(s.format));
}

void CheckParams(const FilterSpec& f, const ParamValues& params) {
  for (const auto& ps : f.params) {
    if (!params.Has(ps.name)) throw InputError("parameter '" + ps.name + "' is not set");
    CheckParam(ps, params.All().at(ps.name));
  }
  for (const auto& [name, value] : params.All())
    if (!f.FindParam(name)) throw InputError("unknown parameter '" + name + "'");
}

// Why v cannot serve this stage's formats, or "" when it can.
std::string FormatProblem(const FilterSpec& f, const VariantSpec& v, const ParamValues& params, PixelFormat in,
                          PixelFormat out) {
  if (!f.VariantAccepts(v, in))
    return "variant '" + v.id + "' accepts " + FormatList(v.formats) + ", got " + std::string(ToString(in));
  if (!f.VariantServes(v, in, out))
    return "variant '" + v.id + "' writes " + FormatList(v.out_formats) + ", not " + std::string(ToString(out));
  if (v.format_limit)
    if (auto why = v.format_limit(params, in)) return "variant '" + v.id + "': " + *why;
  return "";
}

int CeilDiv(int a, int b) { return b <= 0 ? 0 : (a + b - 1) / b; }

// FittedBlock applied to a planned stage: the note that says so, or "" when the block stays.
std::string FitDefaultBlock(PlannedStage& s, const VariantSpec& v, const DeviceLimits& limits) {
  const std::optional<LaunchConfig> c = FittedBlock(v, s.params, s.in.format, s.launch, limits);
  if (!c) return "";
  const std::string was = std::to_string(s.launch.block_x) + "x" + std::to_string(s.launch.block_y);
  const std::size_t need = v.smem_bytes(s.launch, s.params, s.in.format);
  s.launch = *c;
  return "block " + std::to_string(c->block_x) + "x" + std::to_string(c->block_y) + ": the default block " + was +
         " needs " + std::to_string(need) + " bytes of shared memory, more than " + limits.name + " gives a block";
}

// The launch verdict, shared memory, scratch and grid of a CUDA variant's launch (throws with the reason). With
// `fit`, a default block too large for the device's shared memory is made shorter first (FitDefaultBlock).
std::string PlanLaunch(PlannedStage& s, const VariantSpec& v, const DeviceLimits& limits, bool fit) {
  const std::string fitted = fit ? FitDefaultBlock(s, v, limits) : "";
  s.smem_bytes = v.smem_bytes ? v.smem_bytes(s.launch, s.params, s.in.format) : 0;
  if (auto why = CheckLaunch(limits, s.launch, v.uses, s.smem_bytes))
    throw InputError("variant '" + v.id + "': " + *why);
  if (v.check_launch)
    if (auto why = v.check_launch(s.launch, s.params)) throw InputError("variant '" + v.id + "': " + *why);
  s.footprint = FootprintOf(v, s.launch, s.params, s.in.format);
  s.footprint_declared = v.footprint != nullptr;
  s.blocks_x = CeilDiv(s.out.width, s.footprint->tile_w);
  s.blocks_y = CeilDiv(s.out.height, s.footprint->tile_h);
  s.tail = v.tail ? v.tail(s.params, s.in.format) : TailRule{};
  if (s.blocks_y > kMaxGridRows)
    throw InputError("variant '" + v.id + "': " + std::to_string(s.blocks_y) + " rows of blocks > " +
                     std::to_string(kMaxGridRows) + " (the grid's y limit): use taller blocks or more rows per thread");
  return fitted;
}

// The checks made before the stage's wiring: backend, parameters, input format (throw without the stage label).
void CheckStageInputs(const PlannedStage& s, Backend backend) {
  if (backend == Backend::Cuda && s.requested->backend != Backend::Cuda)
    throw InputError("variant '" + s.requested->id + "' runs on the cpu backend, not cuda");
  CheckParams(*s.filter, s.params);
  const FilterSpec& f = *s.filter;
  if (!f.Accepts(s.in.format))
    throw FormatRefused("accepts " + FormatList(f.accepts) + ", got " + std::string(ToString(s.in.format)));
}

// A variant with no code for the stage's formats: in a pipeline its declared fallback runs instead (with a note
// and the fallback's own default launch); alone (the tests, the benchmark) it is refused.
void PickVariantForFormats(PlannedStage& s, bool allow_fallback) {
  const FilterSpec& f = *s.filter;
  const std::string problem = FormatProblem(f, *s.requested, s.params, s.in.format, s.out.format);
  if (problem.empty()) return;
  const std::string id =
      s.requested->fallback_for ? s.requested->fallback_for(s.params, s.in) : s.requested->fallback;
  const VariantSpec* fallback = id.empty() ? nullptr : f.FindVariant(id);
  if (!allow_fallback || !fallback || !FormatProblem(f, *fallback, s.params, s.in.format, s.out.format).empty())
    throw InputError(problem);
  s.variant = fallback;
  s.launch = DefaultLaunch(*fallback, s.params, s.in);
  const bool limited = f.VariantAccepts(*s.requested, s.in.format) &&
                       f.VariantServes(*s.requested, s.in.format, s.out.format);  // by its format_limit
  s.note = limited ? problem + ": runs " + fallback->id
                   : s.requested->id + " has no " + std::string(ToString(s.in.format)) + " to " +
                         std::string(ToString(s.out.format)) + " code: runs " + fallback->id;
}

// Fills the output shape and the launch of a stage that passed CheckStageInputs.
// `set`: the launch fields the person set (LaunchBits); a block they did not set may be fitted to the device.
void PlanStage(PlannedStage& s, Backend backend, const DeviceLimits& limits, bool allow_fallback, unsigned set) {
  s.out = s.filter->OutputShape(s.in, s.params);
  CheckImageShape(s.out);
  if (s.requested->backend == Backend::Cuda) {
    // Checked on every backend: a launch no CUDA device can run is refused on the laptop too.
    std::string fitted = PlanLaunch(s, *s.requested, limits, !(set & kSetBlock));
    PickVariantForFormats(s, allow_fallback);
    if (s.fell_back()) fitted = PlanLaunch(s, *s.variant, limits, true);  // the fallback runs its own default
    if (!fitted.empty()) s.note += (s.note.empty() ? "" : "; ") + fitted;
    if (backend == Backend::Cpu) {
      // The CPU default gives the reference's results (openmp is bit-identical to it) on every core.
      s.variant = &s.filter->CpuDefault();
      s.smem_bytes = 0;
      s.footprint.reset();
      s.blocks_x = s.blocks_y = 0;
      s.tail = {};
      s.note = s.requested->id + " needs CUDA: shown with the CPU's " + s.variant->id + " variant";
      return;
    }
    s.scratch_bytes = s.variant->scratch_bytes ? s.variant->scratch_bytes(s.in, s.params) : 0;
  } else {
    PickVariantForFormats(s, false);
  }
}

}  // namespace

Plan ResolvePipeline(const Registry& reg, const Pipeline& p, const ImageShape& input, Backend backend,
                     const DeviceLimits* limits) {
  const DeviceLimits& lim = LimitsOrPortable(limits);
  Plan plan;
  plan.backend = backend;
  plan.input = input;
  plan.pipeline = p;
  ImageShape current = input;
  for (std::size_t i = 0; i < p.stages.size(); ++i) {
    const Stage& st = p.stages[i];
    PlannedStage s;
    try {
      s.filter = &reg.Get(st.filter);
      s.requested = s.variant = &reg.GetVariant(*s.filter, st.variant);
      s.params = st.params;
      s.enabled = st.enabled;
      // A disabled stage is not planned, yet the editor and the tuner show its launch: the one it would run.
      s.launch = s.enabled ? StageLaunch(st, *s.variant, current) : DeviceStageLaunch(st, *s.variant, current, lim);
      s.in = s.out = current;
      if (s.enabled) {
        CheckStageInputs(s, backend);
        if (s.filter->inputs == 2) {
          s.second = ParseSecondInput(st.params.Has("with") ? st.params.Text("with") : "source", i);
          const ImageShape& other = s.second == 0 ? input : plan.stages[s.second - 1].out;
          if (other != current)
            throw InputError("its second input is " + ShapeText(other) + ", its first " + ShapeText(current));
        }
        PlanStage(s, backend, lim, true, st.launch_set);
      }
    } catch (const FormatRefused& e) {
      plan.issue = PipelineIssue{static_cast<int>(i), StageLabel(p, i) + ": " + e.what()};
      plan.issue->insert_before = FormatBridge(reg, *s.filter, current);
      if (!plan.issue->insert_before.empty())
        plan.issue->message += " (put a " + plan.issue->insert_before + " stage before it)";
      return plan;
    } catch (const InputError& e) {
      plan.issue = PipelineIssue{static_cast<int>(i), StageLabel(p, i) + ": " + e.what()};
      return plan;
    }
    current = s.out;
    plan.stages.push_back(std::move(s));
  }
  return plan;
}

PlannedStage PlanVariant(const FilterSpec& f, const VariantSpec& v, const ParamValues& params,
                         const LaunchConfig& launch, const ImageShape& in, const DeviceLimits& limits) {
  PlannedStage s;
  s.filter = &f;
  s.requested = s.variant = &v;
  s.params = params;
  s.launch = launch;
  s.in = in;
  try {
    CheckStageInputs(s, v.backend);
    PlanStage(s, v.backend, limits, false, kSetAll);  // a launch given is checked as it is
  } catch (const InputError& e) {
    throw InputError(f.id + " " + e.what());
  }
  return s;
}

}  // namespace fl
