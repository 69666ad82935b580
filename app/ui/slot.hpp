#pragma once
// The two slots of the lab: A is the edited pipeline, B its variant-by-variant twin for the A/B comparison.
// Whatever the lab keeps per slot (results, plans, timing histories) is a PerSlot, indexed by Slot, so that
// the code that runs, reports or shows a slot is one code path called for each.
#include <array>
#include <cstddef>

namespace fl::ui {

enum class Slot { A = 0, B = 1 };

inline constexpr std::array<Slot, 2> kSlots = {Slot::A, Slot::B};

constexpr const char* SlotName(Slot slot) { return slot == Slot::A ? "A" : "B"; }

template <typename T>
struct PerSlot {
  std::array<T, 2> items{};

  T& operator[](Slot slot) { return items[static_cast<std::size_t>(slot)]; }
  const T& operator[](Slot slot) const { return items[static_cast<std::size_t>(slot)]; }
};

}  // namespace fl::ui
