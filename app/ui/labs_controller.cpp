#include "app/ui/labs_controller.hpp"

#include <algorithm>
#include <cstdio>

#include "app/ui/host_display.hpp"
#include "core/error.hpp"
#include "core/lab_registry.hpp"

namespace fl::ui {

const LabSpec* SelectedLab(const LabsWindowState& w) {
  const auto& labs = LabRegistry();
  if (labs.empty()) return nullptr;
  for (const LabSpec& l : labs)
    if (l.id == w.selected) return &l;
  return &labs.front();
}

LabChoices& ChoicesFor(LabsWindowState& w, const LabSpec& lab) {
  auto [it, added] = w.choices.try_emplace(lab.id);
  if (added) it->second.params = DefaultParams(lab.params);
  // Parameters missing (a lab that gained one since the settings were saved) take their defaults.
  for (const ParamSpec& p : lab.params)
    if (!it->second.params.Has(p.name))
      it->second.params.Set(p.name,
                            p.type == ParamType::Choice ? ParamValue(p.def_choice) : ParamValue(p.def));
  return it->second;
}

LabRequest BuildLabRequest(const LabSpec& lab, const LabChoices& c, Backend backend) {
  LabRequest r;
  r.backend = backend;
  r.params = c.params;
  r.size = c.size;
  bool all = true;
  for (const LabVariantSpec& v : lab.variants) {
    if (v.backend != backend) continue;
    const bool off = std::find(c.off_variants.begin(), c.off_variants.end(), v.id) != c.off_variants.end();
    if (off)
      all = false;
    else
      r.variants.push_back(v.id);
  }
  if (all) r.variants.clear();  // every variant, and the lab adds its reference where it has one
  return r;
}

std::string CannotRunReason(const LabSpec& lab, Backend backend) {
  if (backend == Backend::Cpu && !lab.run_cpu)
    return "lab '" + lab.id +
           "' needs CUDA: it measures the GPU itself, and this session runs on the CPU backend" +
           " (no CUDA device, or --backend cpu).";
  if (backend == Backend::Cuda && !lab.run_cuda) return "lab '" + lab.id + "' has no CUDA side.";
  return "";
}

void ApplyLabOutcome(LabsWindowState& w, LabOutcome o) {
  LabRunView& view = w.runs[o.lab];
  if (!o.result) {
    view.error = o.cancelled ? "cancelled" : o.error;
    return;
  }
  view.valid = true;
  view.error.clear();
  view.data = std::move(o.result->data);
  view.lines = std::move(o.result->lines);
  view.pictures.clear();
  view.wall_s = o.wall_s;
}

void LabsController::Start(AppState& s, const Image* image) {
  const LabSpec* lab = SelectedLab(s.labs);
  if (!lab) return;
  const std::string why = CannotRunReason(*lab, s.backend);
  if (!why.empty()) {
    s.labs.runs[lab->id].error = why;
    return;
  }
  LabChoices& c = ChoicesFor(s.labs, *lab);
  try {
    if (!runner_.Start(*lab, BuildLabRequest(*lab, c, s.backend),
                       c.use_image && lab->takes_image ? image : nullptr))
      return;
    s.labs.runs[lab->id].error.clear();
  } catch (const std::exception& e) {
    s.labs.runs[lab->id].error = e.what();  // a bad size or parameter: nothing ran, the last result stays
  }
}

void LabsController::Finish(AppState& s, LabOutcome o) {
  std::vector<LabPicture> pictures;
  if (o.result) pictures = std::move(o.result->pictures);
  const std::string id = o.lab;
  const bool good = o.result.has_value();
  ApplyLabOutcome(s.labs, std::move(o));
  if (!good) return;
  auto& textures = textures_[id];
  textures.clear();
  for (const LabPicture& p : pictures) {
    if (p.image.empty()) continue;
    try {
      const Image rgba = HostToRgba8(p.image, 1, HostMinMax(p.image));
      auto tex = std::make_unique<render::DisplayTexture>();
      tex->Ensure(rgba.width(), rgba.height(), false);
      tex->Upload(rgba);
      s.labs.runs[id].pictures.push_back({p.name, tex->id(), rgba.width(), rgba.height()});
      textures.push_back(std::move(tex));
    } catch (const std::exception& e) {
      std::fprintf(stderr, "warning: lab picture '%s' not shown: %s\n", p.name.c_str(), e.what());
    }
  }
}

void LabsController::Update(AppState& s, const Image* image) {
  LabsWindowState& w = s.labs;
  if (w.cancel_requested) runner_.Cancel();
  w.cancel_requested = false;
  if (auto o = runner_.TakeOutcome()) Finish(s, std::move(*o));
  if (w.run_requested && !runner_.active()) Start(s, image);
  w.run_requested = false;
  w.running = runner_.active();
  w.running_lab = runner_.lab();
  w.progress = runner_.progress();
}

}  // namespace fl::ui
