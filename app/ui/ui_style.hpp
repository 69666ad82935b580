#pragma once
// The lab's look: fonts sized for the screen's content scale (HiDPI), a dark style scaled to match, and the few
// colours that carry meaning (errors, warnings, good news).
#include <imgui.h>

namespace fl::ui {

inline const ImVec4 kErrorColor{1.00f, 0.42f, 0.38f, 1.0f};
inline const ImVec4 kWarnColor{1.00f, 0.78f, 0.35f, 1.0f};
inline const ImVec4 kOkColor{0.45f, 0.85f, 0.50f, 1.0f};

// Loads a TrueType UI font (DejaVu Sans or another common one, when installed) at 15 px x scale, else ImGui's
// built-in font scaled; applies the style scaled by `scale`. Call before the renderer builds the font texture.
void SetupLookAndFeel(float scale);

// Dimmed text, for secondary facts.
void DimText(const char* text);
// A "(?)" that shows `text` when hovered.
void HelpMarker(const char* text);

}  // namespace fl::ui
