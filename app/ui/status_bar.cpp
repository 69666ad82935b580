// The status bar: device, backend, how the image reaches the screen (interop or the fallback, and why), the
// image's size and format, and the UI frame rate.
#include <imgui.h>

#include <algorithm>
#include <cstdio>

#include "app/ui/engine.hpp"
#include "app/ui/panels.hpp"
#include "app/ui/ui_style.hpp"

namespace fl::ui {

static void Separator() {
  ImGui::SameLine();
  ImGui::TextDisabled("|");
  ImGui::SameLine();
}

// Slots whose pipeline runs on a worker thread (the CPU backend): the view shows their previous result meanwhile.
static void DrawWorkerRuns(const AppState& s) {
  for (Slot slot : kSlots) {
    const SlotResult& r = s.results[slot];
    if (!r.running) continue;
    Separator();
    if (r.running_stages > 1)
      ImGui::TextColored(kWarnColor, "%s running on the CPU (stage %d of %d)...", SlotName(slot),
                         std::min(r.running_done + 1, r.running_stages), r.running_stages);
    else
      ImGui::TextColored(kWarnColor, "%s running on the CPU...", SlotName(slot));
    if (ImGui::IsItemHovered())
      ImGui::SetTooltip(
          "The CPU backend runs the pipeline on a worker thread, so that the window stays responsive;\n"
          "the view shows the previous result until the new one arrives. While a slider moves, the\n"
          "newest values wait for the run under way (one that has gone on for %.2f s is cancelled).\n"
          "Esc stops it: the view keeps the previous result.",
          Engine::kSupersedeAfterS);
  }
}

void DrawStatusBar(AppState& s) {
  const ImGuiViewport* vp = ImGui::GetMainViewport();
  const float h = ImGui::GetFrameHeight() + ImGui::GetStyle().WindowPadding.y;
  s.layout.status_h = h;
  ImGui::SetNextWindowPos(ImVec2(vp->Pos.x, vp->Pos.y + vp->Size.y - h), ImGuiCond_Always);
  ImGui::SetNextWindowSize(ImVec2(vp->Size.x, h), ImGuiCond_Always);
  ImGui::PushStyleVar(ImGuiStyleVar_WindowPadding, ImVec2(8 * s.ui_scale, 3 * s.ui_scale));
  ImGui::PushStyleColor(ImGuiCol_WindowBg, ImVec4(0.07f, 0.08f, 0.10f, 1.0f));
  ImGui::Begin("##status", nullptr,
               ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoSavedSettings |
                   ImGuiWindowFlags_NoBringToFrontOnFocus | ImGuiWindowFlags_NoFocusOnAppearing);
  ImGui::AlignTextToFramePadding();
  ImGui::TextUnformatted(s.device_name.c_str());
  Separator();
  ImGui::TextUnformatted(s.facts.on_device ? s.facts.name : "CPU backend");
  if (!s.facts.on_device && !s.cpu_reason.empty() && ImGui::IsItemHovered())
    ImGui::SetTooltip("Why the CPU backend: %s", s.cpu_reason.c_str());
  Separator();
  // Upload instead of interop is a fallback only where outputs live on a GPU.
  const ImVec4 colour = s.interop_active ? kOkColor : (s.facts.on_device ? kWarnColor : ImVec4(0.75f, 0.75f, 0.75f, 1));
  ImGui::TextColored(colour, "%s", s.interop_active ? "CUDA-GL interop" : s.interop.c_str());
  if (ImGui::IsItemHovered()) {
    if (s.interop_active && !s.display.interop_path.empty())
      ImGui::SetTooltip("%s: %s\nOpenGL: %s", s.interop.c_str(), s.display.interop_path.c_str(),
                        s.gl_description.c_str());
    else
      ImGui::SetTooltip("%s\nOpenGL: %s", s.interop.c_str(), s.gl_description.c_str());
  }
  if (s.interop_active && s.display.interop_wall_ms >= 0) {
    Separator();
    ImGui::Text("display %.3f ms", s.display.interop_wall_ms);
    if (ImGui::IsItemHovered())
      ImGui::SetTooltip(
          "Last write of the shown output into the GL texture through CUDA-GL interop (%s):\n"
          "%s, %.3f ms wall (waiting for the GPU); on the GPU's stream %.3f ms, of which\n"
          "the conversion kernel (levels 0 and 1) %.3f ms and the smaller mip levels (for\n"
          "zoomed-out views) %.3f ms. Measured, not estimated.",
          s.display.interop_path.c_str(),
          s.display.interop_path == "shared storage"
              ? "wait for GL + conversion kernel + mip levels + wait for the stream"
              : "map + conversion kernel + mip levels + unmap",
          s.display.interop_wall_ms, s.display.interop_gpu_ms, s.display.interop_convert_ms,
          s.display.mipmap_gpu_ms);
  } else if (s.display.mipmap_gpu_ms >= 0) {
    Separator();
    ImGui::Text("mipmaps %.3f ms", s.display.mipmap_gpu_ms);
    if (ImGui::IsItemHovered())
      ImGui::SetTooltip(
          "OpenGL's rebuild of the shown texture's smaller mip levels (for zoomed-out views) after\n"
          "its upload: %.3f ms on the GPU, by timer query. Measured, not estimated.",
          s.display.mipmap_gpu_ms);
  }
  Separator();
  ImGui::Text("%dx%d %s", s.image_shape.width, s.image_shape.height, std::string(ToString(s.image_shape.format)).c_str());
  if (s.display.valid && !(s.display.shape == s.image_shape)) {
    Separator();
    ImGui::Text("shown %dx%d %s", s.display.shape.width, s.display.shape.height,
                std::string(ToString(s.display.shape.format)).c_str());
  }
  if (s.hover) {
    Separator();
    const HoverPixel& p = *s.hover;
    if (p.channels == 4)
      ImGui::Text("(%d, %d) = %.0f %.0f %.0f %.0f", p.x, p.y, p.value[0], p.value[1], p.value[2], p.value[3]);
    else
      ImGui::Text(p.is_float ? "(%d, %d) = %.6g" : "(%d, %d) = %.0f", p.x, p.y, p.value[0]);
  }
  DrawWorkerRuns(s);
  Separator();
  // Idle, the window redraws only on input (a few times a second), so the rate then says little.
  ImGui::Text("%.0f fps%s", s.ui_fps, s.continuous || s.job.active ? "" : " (idle)");
  if (s.continuous) {
    Separator();
    ImGui::TextColored(kOkColor, "measuring");
  }
  ImGui::End();
  ImGui::PopStyleColor();
  ImGui::PopStyleVar();
}

}  // namespace fl::ui
