#pragma once
// One function per window of the lab. Each reads and edits the plain AppState and records what it wants done in
// AppState::requests; none touches the engine, GL or files itself.
#include "app/ui/app_state.hpp"

namespace fl::ui {

void DrawMenuBar(AppState& s);
void DrawPipelinePanel(AppState& s);
// `texture` is the display texture's GL name (0 when there is nothing to show).
void DrawViewerPanel(AppState& s, unsigned texture);
void DrawTimingsPanel(AppState& s);
void DrawStatusBar(AppState& s);
void DrawFileBrowser(AppState& s);
void DrawPatternWindow(AppState& s);
void DrawGalleryWindow(AppState& s);
void DrawHelpWindow(AppState& s);
void DrawAboutWindow(AppState& s);
void DrawToasts(AppState& s);

// The stage editor inside the pipeline panel (variant, parameters, launch controls).
void DrawStageEditor(AppState& s, std::size_t index);

// Opens the file browser for a purpose, at the remembered folder.
void OpenFileBrowser(AppState& s, BrowserPurpose purpose);
// Adds a short notice in the corner of the window.
void Notify(AppState& s, std::string text, bool error = false);

}  // namespace fl::ui
