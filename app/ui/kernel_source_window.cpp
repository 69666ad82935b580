// The kernel source view: the selected stage's kernel as this build compiled it (the sources are embedded at build
// time), its launch with the plan's grid and block, the variant's teaching text, and the lines that differ from
// the filter's naive kernel marked.
#include <imgui.h>

#include <map>

#include "app/cli/kernel_listing.hpp"
#include "app/ui/panels.hpp"
#include "app/ui/ui_style.hpp"

namespace fl::ui {
namespace {

const ImVec4 kAddedColor{0.55f, 0.90f, 0.55f, 1.0f};
const ImVec4 kRemovedColor{0.95f, 0.50f, 0.50f, 1.0f};

// Listings never change while the program runs (the sources are compiled in): made once per variant.
const cli::KernelListing& Listing(const FilterSpec& f, const VariantSpec& v) {
  static std::map<std::string, cli::KernelListing> cache;
  const std::string key = f.id + "/" + v.id;
  auto it = cache.find(key);
  if (it == cache.end()) it = cache.emplace(key, cli::ListKernel(f, v)).first;
  return it->second;
}

// The launch of stage `index` as planned: from the last run when it ran this variant on a GPU, else planned for
// CUDA now (on a machine without CUDA, the launch a GPU would get, checked against any CUDA device).
std::string LaunchText(const AppState& s, const Pipeline& p, std::size_t index) {
  const SlotResult& r = s.results[EditedSlot(s)];
  if (r.valid && index < r.plan.stages.size() && r.plan.stages[index].runs_cuda() &&
      r.plan.stages[index].variant->id == p.stages[index].variant)
    return cli::LaunchLine(r.plan.stages[index]);
  if (s.image_shape.width == 0) return "no image: no launch planned";
  const Plan cuda = ResolvePipeline(*s.registry, p, s.image_shape, Backend::Cuda,
                                    s.limits ? &*s.limits : nullptr);
  if (index >= cuda.stages.size())
    return cuda.issue ? "not planned: " + cuda.issue->message : "not planned";
  const std::string line = cli::LaunchLine(cuda.stages[index]);
  return s.backend == Backend::Cuda || !cuda.stages[index].runs_cuda() ? line : "on a GPU: " + line;
}

void Code(const std::string& text, int first_line) {
  int n = first_line;
  for (const std::string& line : SplitLines(text)) ImGui::Text("%4d  %s", n++, line.c_str());
}

void Diff(const std::vector<DiffLine>& diff, bool show_removed) {
  for (const DiffLine& l : diff) {
    if (l.change == LineChange::Added)
      ImGui::TextColored(kAddedColor, "+ %s", l.text.c_str());
    else if (l.change == LineChange::Removed && show_removed)
      ImGui::TextColored(kRemovedColor, "- %s", l.text.c_str());
    else if (l.change == LineChange::Same)
      ImGui::Text("  %s", l.text.c_str());
  }
}

void Teaching(const FilterSpec& f, const VariantSpec& v) {
  if (!ImGui::CollapsingHeader("Teaching", ImGuiTreeNodeFlags_DefaultOpen)) return;
  ImGui::PushTextWrapPos(0);
  ImGui::TextUnformatted(v.technique.c_str());
  ImGui::TextColored(ImVec4(0.62f, 0.72f, 0.85f, 1.0f), "Expect: %s", v.expectation.c_str());
  if (ImGui::TreeNode("About the filter")) {
    ImGui::TextUnformatted(f.teaching.c_str());
    ImGui::TreePop();
  }
  ImGui::PopTextWrapPos();
}

void Source(AppState& s, const cli::KernelListing& l) {
  if (!l.missing.empty()) ImGui::TextColored(kWarnColor, "%s", l.missing.c_str());
  const bool has_diff = !l.diff.empty();
  if (has_diff) {
    ImGui::Checkbox(("Mark lines that differ from " + l.base_variant).c_str(), &s.teach.mark_diff);
    ImGui::SameLine();
    ImGui::Checkbox("show its removed lines", &s.teach.show_removed);
  }
  ImGui::BeginChild("##code", ImVec2(0, 0), true, ImGuiWindowFlags_HorizontalScrollbar);
  for (std::size_t i = 0; i < l.excerpts.size(); ++i) {
    DimText((l.excerpt_files[i] + ":" + std::to_string(l.excerpts[i].first_line) + "  " + l.names[i]).c_str());
    if (i == 0 && has_diff && s.teach.mark_diff)
      Diff(l.diff, s.teach.show_removed);
    else
      Code(l.excerpts[i].text, l.excerpts[i].first_line);
    ImGui::Spacing();
  }
  ImGui::EndChild();
}

}  // namespace

void DrawKernelSourceWindow(AppState& s) {
  if (!s.teach.show_kernel_source) return;
  ImGui::SetNextWindowSize(ImVec2(720 * s.ui_scale, 640 * s.ui_scale), ImGuiCond_FirstUseEver);
  if (!ImGui::Begin("Kernel source", &s.teach.show_kernel_source)) {
    ImGui::End();
    return;
  }
  const Pipeline& p = EditedPipeline(s);
  const int index = s.selected_stage;
  const FilterSpec* f = index >= 0 && index < static_cast<int>(p.stages.size())
                            ? s.registry->Find(p.stages[static_cast<std::size_t>(index)].filter)
                            : nullptr;
  const VariantSpec* v = f ? f->FindVariant(p.stages[static_cast<std::size_t>(index)].variant) : nullptr;
  if (!v) {
    DimText("Select a stage in the pipeline panel to see its kernel.");
    ImGui::End();
    return;
  }
  ImGui::Text("%s / %s%s", f->id.c_str(), v->id.c_str(), EditedSlot(s) == Slot::B ? "  (B)" : "");
  if (v->backend == Backend::Cuda) {
    ImGui::PushTextWrapPos(0);
    ImGui::TextColored(kAddedColor, "%s", LaunchText(s, p, static_cast<std::size_t>(index)).c_str());
    ImGui::PopTextWrapPos();
  }
  Teaching(*f, *v);
  Source(s, Listing(*f, *v));
  ImGui::End();
}

}  // namespace fl::ui
