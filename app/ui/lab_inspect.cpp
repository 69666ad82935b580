// The lab's pixel inspection: the hovered pixel's values (A, B, reference) and the shown output on the host
// for values written inside pixels at high zoom.
#include "app/ui/lab.hpp"

namespace fl::ui {

const Image* Lab::InspectImage() {
  // Values are written inside pixels only at high zoom: only then is the shown output brought to the host
  // (once per change; on the CPU it is there already).
  if (!s_.display.valid || s_.view.zoom < 24.0f) return nullptr;
  if (const StageOutput out = engine_.Output(Slot::A, s_.display.stage); out.host) return out.host;
  if (inspect_dirty_) {
    inspect_dirty_ = false;
    try {
      inspect_a_ = engine_.Download(Slot::A, s_.display.stage);
    } catch (const std::exception& e) {
      inspect_a_ = Image();
      s_.banner_error = std::string("cannot read the output for the pixel values: ") + e.what();
    }
  }
  return &inspect_a_;
}

void Lab::ReadHover() {
  if (!s_.hover_request || !s_.display.valid) {
    s_.hover.reset();
    return;
  }
  const auto [x, y] = *s_.hover_request;
  if (s_.hover && s_.hover->x == x && s_.hover->y == y && !display_dirty_) return;
  try {
    HoverPixel h;
    h.x = x;
    h.y = y;
    h.value = engine_.ReadPixel(Slot::A, s_.display.stage, x, y);
    h.channels = Channels(s_.display.shape.format);
    h.is_float = s_.display.shape.format == PixelFormat::Gray32f;
    if (ShownB(s_)) h.b = engine_.ReadPixel(Slot::B, s_.display.stage, x, y);
    const Image& ref = comparison_.reference();
    if (s_.ab.enabled && !ref.empty() && x < ref.width() && y < ref.height()) {
      std::array<float, 4> v{};
      for (int c = 0; c < Channels(ref.format()); ++c)
        v[static_cast<std::size_t>(c)] = ref.format() == PixelFormat::Gray32f ? ref.Row<float>(y)[x]
                                         : static_cast<float>(ref.Row<std::uint8_t>(y)[Channels(ref.format()) * x + c]);
      h.ref = v;
    }
    s_.hover = h;
  } catch (const std::exception&) {
    s_.hover.reset();
  }
}

}  // namespace fl::ui
