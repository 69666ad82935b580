// The Tune window: sweeps the selected stage's launch configurations (TuneRunner runs it a few per frame) and
// shows the time of each as a heat map over block x (across) and block y (down), for one value of the pixels
// per thread and halo steps at a time. Refused configurations are grey with the reason on hover; a click
// applies a configuration to the stage.
#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <optional>
#include <set>

#include "app/ui/panels.hpp"
#include "app/ui/ui_style.hpp"
#include "app/ui/tune_runner.hpp"

namespace fl::ui {

namespace {

const ImU32 kRefusedColour = IM_COL32(88, 88, 88, 255);
const ImU32 kPendingColour = IM_COL32(40, 40, 46, 255);

bool ValidStage(const AppState& s, int stage) {
  return stage >= 0 && stage < static_cast<int>(s.pipeline.stages.size());
}

// Green (fastest) through yellow to red (slowest), on a log scale of the time.
ImU32 TimeColour(double ms, double lo, double hi) {
  const double f = hi > lo ? std::log(ms / lo) / std::log(hi / lo) : 0.0;
  const float t = static_cast<float>(std::clamp(f, 0.0, 1.0));
  const float r = t < 0.5f ? 2.0f * t : 1.0f, g = t < 0.5f ? 1.0f : 2.0f * (1.0f - t);
  return ImGui::ColorConvertFloat4ToU32(ImVec4(0.15f + 0.75f * r, 0.2f + 0.6f * g, 0.15f, 1.0f));
}

void Apply(AppState& s, const LaunchConfig& launch) {
  TuneState& t = s.tune;
  if (!ValidStage(s, t.sweep_stage) || !t.sweep) return;
  Stage& st = s.pipeline.stages[static_cast<std::size_t>(t.sweep_stage)];
  if (st.filter != t.sweep->filter || st.variant != t.sweep->variant) {
    Notify(s, "the stage changed since it was tuned: nothing applied", true);
    return;
  }
  st.launch = launch;
  st.launch_set = UsedFields(t.sweep->uses);
  s.pipeline_edited = true;
  Notify(s, "stage " + std::to_string(t.sweep_stage + 1) + ": " + Describe(launch, t.sweep->uses));
}

void Header(AppState& s) {
  TuneState& t = s.tune;
  if (!ValidStage(s, t.stage)) {
    DimText("Select a stage in the pipeline to tune its launch.");
  } else {
    const Stage& st = s.pipeline.stages[static_cast<std::size_t>(t.stage)];
    ImGui::Text("Stage %d: %s  %s", t.stage + 1, st.filter.c_str(), st.variant.c_str());
  }
  if (!t.running) {
    ImGui::BeginDisabled(!ValidStage(s, t.stage));
    if (ImGui::Button("Start")) t.start = true;
    ImGui::EndDisabled();
  } else if (ImGui::Button("Cancel")) {
    t.cancel = true;
  }
  ImGui::SameLine();
  char label[64];
  std::snprintf(label, sizeof label, "%d / %d timed", t.timed, t.to_time);
  ImGui::ProgressBar(t.running || t.sweep ? t.progress : 0.0f, ImVec2(-1, 0), label);
  if (!t.message.empty()) {
    ImGui::PushTextWrapPos(0);
    ImGui::TextColored(kErrorColor, "%s", t.message.c_str());
    ImGui::PopTextWrapPos();
  }
}

// The ppt / halo slice the map shows: picked by the person, else the best's, else the stage's own.
void Slices(TuneState& t) {
  const TuneSweep& sw = *t.sweep;
  const int best = sw.Best();
  const LaunchConfig& pick = best >= 0 ? sw.cells[static_cast<std::size_t>(best)].launch : sw.default_launch;
  if (!t.slice_chosen) {  // follow the best as the sweep goes on
    t.ppt = pick.ppt;
    t.halo = pick.halo;
  }
  std::set<int> ppts, halos;
  for (const TuneCell& c : sw.cells) {
    ppts.insert(c.launch.ppt);
    halos.insert(c.launch.halo);
  }
  auto combo = [&t](const char* name, int& value, const std::set<int>& values) {
    if (values.size() < 2) return;
    ImGui::SetNextItemWidth(ImGui::CalcTextSize("000000").x + ImGui::GetFrameHeight());
    if (ImGui::BeginCombo(name, std::to_string(value).c_str())) {
      for (int v : values)
        if (ImGui::Selectable(std::to_string(v).c_str(), v == value)) {
          value = v;
          t.slice_chosen = true;
        }
      ImGui::EndCombo();
    }
    ImGui::SameLine();
  };
  combo("px/thread", t.ppt, ppts);
  combo("halo", t.halo, halos);
  ImGui::NewLine();
}

// The cell of the shown slice at (block x, block y), or -1.
int CellAt(const TuneSweep& sw, const TuneState& t, int bx, int by) {
  for (std::size_t i = 0; i < sw.cells.size(); ++i) {
    const LaunchConfig& c = sw.cells[i].launch;
    if (c.block_x == bx && c.block_y == by && c.ppt == t.ppt && c.halo == t.halo) return static_cast<int>(i);
  }
  return -1;
}

void CellTooltip(const TuneSweep& sw, const TuneCell& c) {
  ImGui::BeginTooltip();
  ImGui::TextUnformatted(Describe(c.launch, sw.uses).c_str());
  if (!c.refused.empty()) {
    ImGui::PushTextWrapPos(ImGui::GetFontSize() * 30.0f);
    ImGui::TextColored(kErrorColor, "refused: %s", c.refused.c_str());
    ImGui::PopTextWrapPos();
  } else if (c.ran()) {
    ImGui::Text("median %.4f ms, min %.4f ms (%d runs)", c.median_ms, c.min_ms, c.samples);
    DimText("Click: apply to the stage");
  } else {
    DimText("not timed yet");
  }
  ImGui::EndTooltip();
}

void DrawCells(AppState& s, ImDrawList* dl, const std::vector<int>& xs, const std::vector<int>& ys) {
  TuneState& t = s.tune;
  const TuneSweep& sw = *t.sweep;
  const std::optional<LaunchConfig> stage_launch = SweptStageLaunch(s);
  double lo = 0, hi = 0;
  for (const TuneCell& c : sw.cells)
    if (c.ran() && c.launch.ppt == t.ppt && c.launch.halo == t.halo) {
      lo = lo == 0 ? c.median_ms : std::min(lo, c.median_ms);
      hi = std::max(hi, c.median_ms);
    }
  const int best = sw.Best();
  const HeatMapLayout& m = t.map;
  int drawn = 0;
  for (int row = 0; row < m.rows; ++row)
    for (int col = 0; col < m.columns; ++col) {
      const int i = CellAt(sw, t, xs[static_cast<std::size_t>(col)], ys[static_cast<std::size_t>(row)]);
      if (i < 0) continue;
      const TuneCell& c = sw.cells[static_cast<std::size_t>(i)];
      const ImVec2 a(m.x + col * m.cell_w, m.y + row * m.cell_h), b(a.x + m.cell_w - 2, a.y + m.cell_h - 2);
      dl->AddRectFilled(a, b,
                        c.ran()              ? TimeColour(c.median_ms, lo, hi)
                        : !c.refused.empty() ? kRefusedColour
                                             : kPendingColour);
      ++drawn;
      if (c.ran() && m.cell_w > ImGui::CalcTextSize("0.000").x + 4) {
        char text[32];
        std::snprintf(text, sizeof text, "%.3f", c.median_ms);
        dl->AddText(ImVec2(a.x + 2, a.y + 2), IM_COL32(0, 0, 0, 255), text);
      }
      if (i == best) dl->AddRect(a, b, IM_COL32(255, 255, 255, 255), 0, 0, 2.5f);
      if (stage_launch && c.launch == *stage_launch)
        dl->AddRect(ImVec2(a.x + 3, a.y + 3), ImVec2(b.x - 3, b.y - 3), IM_COL32(80, 200, 255, 255), 0, 0,
                    1.5f);
    }
  s.tune.map.cells_drawn = drawn;
}

void HeatMap(AppState& s) {
  TuneState& t = s.tune;
  const TuneSweep& sw = *t.sweep;
  std::set<int> xset, yset;
  for (const TuneCell& c : sw.cells) {
    xset.insert(c.launch.block_x);
    yset.insert(c.launch.block_y);
  }
  const std::vector<int> xs(xset.begin(), xset.end()), ys(yset.begin(), yset.end());
  const float label_w = ImGui::CalcTextSize("y 0000").x, line = ImGui::GetTextLineHeightWithSpacing();
  const ImVec2 origin = ImGui::GetCursorScreenPos();
  const ImVec2 avail = ImGui::GetContentRegionAvail();
  HeatMapLayout& m = t.map;
  m.columns = static_cast<int>(xs.size());
  m.rows = static_cast<int>(ys.size());
  m.cell_w = std::max(ImGui::CalcTextSize("0000").x, (avail.x - label_w) / std::max(1, m.columns));
  m.cell_h = std::max(line, std::min(m.cell_w * 0.6f, (avail.y - 3 * line) / std::max(1, m.rows)));
  m.x = origin.x + label_w;
  m.y = origin.y + line;
  ImDrawList* dl = ImGui::GetWindowDrawList();
  const ImU32 text = ImGui::GetColorU32(ImGuiCol_Text);
  for (int col = 0; col < m.columns; ++col)
    dl->AddText(ImVec2(m.x + col * m.cell_w + 2, origin.y), text, ("x " + std::to_string(xs[col])).c_str());
  for (int row = 0; row < m.rows; ++row)
    dl->AddText(ImVec2(origin.x, m.y + row * m.cell_h + 2), text, ("y " + std::to_string(ys[row])).c_str());
  DrawCells(s, dl, xs, ys);
  ImGui::InvisibleButton("##heatmap", ImVec2(label_w + m.columns * m.cell_w, line + m.rows * m.cell_h));
  if (!ImGui::IsItemHovered()) return;
  const bool clicked =
      ImGui::IsItemClicked(ImGuiMouseButton_Left);  // before the tooltip becomes the last item
  const ImVec2 mouse = ImGui::GetIO().MousePos;
  const int col = static_cast<int>(std::floor((mouse.x - m.x) / m.cell_w));
  const int row = static_cast<int>(std::floor((mouse.y - m.y) / m.cell_h));
  if (col < 0 || row < 0 || col >= m.columns || row >= m.rows) return;
  const int i = CellAt(sw, t, xs[static_cast<std::size_t>(col)], ys[static_cast<std::size_t>(row)]);
  if (i < 0) return;
  const TuneCell& c = sw.cells[static_cast<std::size_t>(i)];
  CellTooltip(sw, c);
  if (clicked && c.ran()) Apply(s, c.launch);
}

void Footer(AppState& s) {
  TuneState& t = s.tune;
  const TuneSweep& sw = *t.sweep;
  const int best = sw.Best(), def = sw.Find(sw.default_launch);
  if (best >= 0) {
    const TuneCell& b = sw.cells[static_cast<std::size_t>(best)];
    ImGui::Text("best: %s  %.4f ms", Describe(b.launch, sw.uses).c_str(), b.median_ms);
    if (def >= 0 && sw.cells[static_cast<std::size_t>(def)].ran())
      DimText(
          ("stage's own launch: " + std::to_string(sw.cells[static_cast<std::size_t>(def)].median_ms) + " ms")
              .c_str());
    ImGui::BeginDisabled(t.running);
    if (ImGui::Button("Apply best")) Apply(s, b.launch);
    ImGui::EndDisabled();
    ImGui::SameLine();
  }
  if (ImGui::Button("Export CSV")) t.export_csv = true;
  ImGui::SameLine();
  if (ImGui::Button("Export JSON")) t.export_json = true;
  ImGui::SameLine();
  DimText("grey: refused (hover for why); white frame: best; blue frame: the stage's launch");
}

}  // namespace

void DrawTuneWindow(AppState& s) {
  TuneState& t = s.tune;
  if (!t.open) return;
  ImGui::SetNextWindowSize(ImVec2(620, 520), ImGuiCond_FirstUseEver);
  if (!ImGui::Begin("Tune", &t.open)) {
    ImGui::End();
    return;
  }
  if (!t.running) t.stage = s.selected_stage;
  Header(s);
  if (t.sweep && t.sweep_stage == t.stage) {
    Slices(t);
    Footer(s);
    HeatMap(s);
  } else {
    t.map = HeatMapLayout{};
  }
  ImGui::End();
}

}  // namespace fl::ui
