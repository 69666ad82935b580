// The in-app file browser: folders and the files that fit the purpose (images, presets, CSV, JSON), recent
// files when opening an image, a name field when saving. Accepting records a request; nothing is read here
// beyond the folder listing.
#include <imgui.h>

#include <algorithm>
#include <cstring>
#include <filesystem>

#include "app/ui/panels.hpp"
#include "app/ui/sample_assets.hpp"
#include "app/ui/ui_style.hpp"

namespace fl::ui {

namespace fs = std::filesystem;

static bool Saving(BrowserPurpose p) {
  return p == BrowserPurpose::SavePreset || p == BrowserPurpose::SaveOutput || p == BrowserPurpose::ExportCsv ||
         p == BrowserPurpose::ExportJson;
}

static const char* Title(BrowserPurpose p) {
  switch (p) {
    case BrowserPurpose::OpenImage: return "Open image";
    case BrowserPurpose::LoadPreset: return "Load preset";
    case BrowserPurpose::SavePreset: return "Save preset";
    case BrowserPurpose::SaveOutput: return "Save displayed output (PNG)";
    case BrowserPurpose::ExportCsv: return "Export timings (CSV)";
    case BrowserPurpose::ExportJson: return "Export timings (JSON)";
  }
  return "";
}

static const char* Extension(BrowserPurpose p) {
  switch (p) {
    case BrowserPurpose::OpenImage: return "";
    case BrowserPurpose::LoadPreset:
    case BrowserPurpose::SavePreset:
    case BrowserPurpose::ExportJson: return ".json";
    case BrowserPurpose::SaveOutput: return ".png";
    case BrowserPurpose::ExportCsv: return ".csv";
  }
  return "";
}

static bool Shows(BrowserPurpose p, const fs::path& file) {
  if (p == BrowserPurpose::OpenImage) return IsImageFile(file.string());
  return file.extension() == Extension(p);
}

static const char* DefaultName(BrowserPurpose p) {
  switch (p) {
    case BrowserPurpose::SavePreset: return "pipeline.json";
    case BrowserPurpose::SaveOutput: return "output.png";
    case BrowserPurpose::ExportCsv: return "timings.csv";
    case BrowserPurpose::ExportJson: return "timings.json";
    default: return "";
  }
}

void OpenFileBrowser(AppState& s, BrowserPurpose purpose) {
  FileBrowserState& b = s.browser;
  b.open = true;
  b.purpose = purpose;
  std::error_code ec;
  if (b.folder.empty() || !fs::is_directory(b.folder, ec)) b.folder = fs::current_path(ec).string();
  b.file_name = DefaultName(purpose);
  b.selected.clear();
  b.error.clear();
  std::snprintf(b.path_edit, sizeof b.path_edit, "%s", b.folder.c_str());
}

static void Accept(AppState& s, const std::string& path) {
  FileBrowserState& b = s.browser;
  switch (b.purpose) {
    case BrowserPurpose::OpenImage: s.requests.open_image = path; break;
    case BrowserPurpose::LoadPreset: s.requests.load_preset = path; break;
    case BrowserPurpose::SavePreset: s.requests.save_preset = path; break;
    case BrowserPurpose::SaveOutput: s.requests.save_output = path; break;
    case BrowserPurpose::ExportCsv: s.requests.export_csv = path; break;
    case BrowserPurpose::ExportJson: s.requests.export_json = path; break;
  }
  b.open = false;
}

static void GoTo(FileBrowserState& b, const fs::path& folder) {
  std::error_code ec;
  const fs::path canon = fs::weakly_canonical(folder, ec);
  b.folder = (ec ? folder : canon).string();
  b.selected.clear();
  b.error.clear();
  std::snprintf(b.path_edit, sizeof b.path_edit, "%s", b.folder.c_str());
}

static void Listing(AppState& s) {
  FileBrowserState& b = s.browser;
  std::vector<fs::path> folders, files;
  std::error_code ec;
  for (fs::directory_iterator it(b.folder, fs::directory_options::skip_permission_denied, ec), end;
       !ec && it != end; it.increment(ec)) {
    const fs::path& p = it->path();
    if (p.filename().string().starts_with(".")) continue;  // hidden files stay hidden
    std::error_code kind;
    if (it->is_directory(kind))
      folders.push_back(p);
    else if (it->is_regular_file(kind) && Shows(b.purpose, p))
      files.push_back(p);
  }
  if (ec) b.error = "cannot read " + b.folder + ": " + ec.message();
  std::sort(folders.begin(), folders.end());
  std::sort(files.begin(), files.end());

  const float footer = ImGui::GetFrameHeightWithSpacing() * (Saving(b.purpose) ? 2.4f : 1.4f);
  ImGui::BeginChild("listing", ImVec2(0, -footer), true);
  if (ImGui::Selectable("..  (parent folder)", false, ImGuiSelectableFlags_AllowDoubleClick) &&
      ImGui::IsMouseDoubleClicked(0))
    GoTo(b, fs::path(b.folder).parent_path());
  for (const fs::path& f : folders) {
    const std::string label = "[" + f.filename().string() + "]";
    if (ImGui::Selectable(label.c_str(), false, ImGuiSelectableFlags_AllowDoubleClick) &&
        ImGui::IsMouseDoubleClicked(0)) {
      GoTo(b, f);
      break;
    }
  }
  for (const fs::path& f : files) {
    const std::string name = f.filename().string();
    if (ImGui::Selectable(name.c_str(), b.selected == f.string(), ImGuiSelectableFlags_AllowDoubleClick)) {
      b.selected = f.string();
      if (Saving(b.purpose)) b.file_name = name;
      if (ImGui::IsMouseDoubleClicked(0)) {
        Accept(s, f.string());
        break;
      }
    }
  }
  if (folders.empty() && files.empty()) DimText("(nothing here that fits)");
  ImGui::EndChild();
}

void DrawFileBrowser(AppState& s) {
  FileBrowserState& b = s.browser;
  if (!b.open) return;
  const ImGuiViewport* vp = ImGui::GetMainViewport();
  ImGui::SetNextWindowPos(ImVec2(vp->Pos.x + vp->Size.x * 0.5f, vp->Pos.y + vp->Size.y * 0.5f), ImGuiCond_Appearing,
                          ImVec2(0.5f, 0.5f));
  ImGui::SetNextWindowSize(ImVec2(std::min(vp->Size.x * 0.8f, 720 * s.ui_scale), vp->Size.y * 0.7f),
                           ImGuiCond_Appearing);
  ImGui::SetNextWindowFocus();
  if (!ImGui::Begin(Title(b.purpose), &b.open, ImGuiWindowFlags_NoCollapse | ImGuiWindowFlags_NoSavedSettings)) {
    ImGui::End();
    return;
  }
  if (ImGui::Button("Up")) GoTo(b, fs::path(b.folder).parent_path());
  ImGui::SameLine();
  if (ImGui::Button("Samples") && !AssetDir().empty()) GoTo(b, AssetDir());
  ImGui::SameLine();
  ImGui::SetNextItemWidth(-1);
  if (ImGui::InputText("##path", b.path_edit, sizeof b.path_edit, ImGuiInputTextFlags_EnterReturnsTrue)) {
    std::error_code ec;
    if (fs::is_directory(b.path_edit, ec))
      GoTo(b, b.path_edit);
    else if (fs::is_regular_file(b.path_edit, ec) && !Saving(b.purpose))
      Accept(s, b.path_edit);
    else
      b.error = std::string("no such folder: ") + b.path_edit;
  }
  if (b.purpose == BrowserPurpose::OpenImage && !s.recent_files.empty()) {
    if (ImGui::CollapsingHeader("Recent files", ImGuiTreeNodeFlags_DefaultOpen))
      for (const std::string& f : s.recent_files)
        if (ImGui::Selectable(f.c_str())) Accept(s, f);
  }
  if (!b.error.empty()) ImGui::TextColored(kErrorColor, "%s", b.error.c_str());
  if (b.open) Listing(s);
  if (b.open && Saving(b.purpose)) {
    char name[256];
    std::snprintf(name, sizeof name, "%s", b.file_name.c_str());
    ImGui::SetNextItemWidth(-ImGui::CalcTextSize("Cancel Save    ").x - ImGui::GetStyle().ItemSpacing.x * 3);
    if (ImGui::InputText("##name", name, sizeof name)) b.file_name = name;
  }
  if (b.open) {
    if (Saving(b.purpose)) ImGui::SameLine();
    const bool ok = Saving(b.purpose) ? !b.file_name.empty() : !b.selected.empty();
    ImGui::BeginDisabled(!ok);
    if (ImGui::Button(Saving(b.purpose) ? "Save" : "Open")) {
      std::string name = b.file_name;
      if (Saving(b.purpose) && fs::path(name).extension().empty()) name += Extension(b.purpose);
      Accept(s, Saving(b.purpose) ? (fs::path(b.folder) / name).string() : b.selected);
    }
    ImGui::EndDisabled();
    ImGui::SameLine();
    if (ImGui::Button("Cancel")) b.open = false;
  }
  ImGui::End();
}

}  // namespace fl::ui
