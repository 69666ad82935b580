#pragma once
// The A/B comparison of the shown stage: B's texture, the difference texture (heat map or mismatch mask),
// the metrics of A against B and of each against the CPU reference, and host copies of A, B and the reference
// for the pixel inspector. Outputs that live on the device are compared and mapped there (the engine's
// DeviceTools); host outputs on the host.
#include "app/ui/app_state.hpp"
#include "app/ui/engine.hpp"
#include "render/display_texture.hpp"

namespace fl::ui {

// What a metrics row against the CPU reference says while its chain runs.
inline constexpr const char* kReferenceRunning = "the CPU reference is running...";

class Comparison {
 public:
  // Recomputes everything for s.display.stage (call after UpdateDisplay). Results land in s.ab; failures are
  // reported there, never thrown. The reference runs on the CPU only when its parameters or the input changed,
  // on worker threads (Engine::ReferenceOutputs): until it arrives its rows say it is running.
  void Update(AppState& s, Engine& e, render::DisplayTexture& tex_b, render::DisplayTexture& tex_diff,
              bool allow_interop);
  // Only the difference texture (the gain, mode or tolerance changed; A and B did not).
  void UpdateDiff(AppState& s, Engine& e, render::DisplayTexture& tex_diff, bool allow_interop);

  // Host copies for the inspector (empty when not compared).
  const Image& host_a() const { return host_a_; }
  const Image& host_b() const { return host_b_; }
  const Image& reference() const { return ref_a_; }

 private:
  Image host_a_, host_b_, ref_a_;
};

}  // namespace fl::ui
