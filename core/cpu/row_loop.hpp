#pragma once
// The one loop shape CPU filters share: `reference` runs rows in order, `openmp` runs the same row function on
// several threads. Both execute identical per-pixel code, so they are bit-identical by construction.
#include <omp.h>

namespace fl::cpu {

template <typename RowFn>
void ForEachRow(int height, bool parallel, RowFn&& row) {
#pragma omp parallel for schedule(static) if (parallel)
  for (int y = 0; y < height; ++y) row(y);
}

}  // namespace fl::cpu
