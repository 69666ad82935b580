#pragma once
// The one loop shape CPU filters share: `reference` runs rows in order, `openmp` runs the same row function on
// several threads. Both execute identical per-pixel code, so they are bit-identical by construction.
// A run may be cancelled while a filter is inside its rows (a wide gauss on a large image takes seconds): the rows
// left are then skipped, and the executor, which set the flag for this thread (CancelRowsScope), throws once the
// filter returns, so that the partial output is never used.
#include <omp.h>

#include <atomic>

namespace fl::cpu {

// The cancel flag of the run on this thread (nullptr: none). OpenMP's worker threads do not see a thread_local,
// so ForEachRow reads it once, on the calling thread, and shares the pointer.
inline thread_local const std::atomic<bool>* tl_cancel_rows = nullptr;

// Sets this thread's cancel flag for the scope (restoring the previous one after).
class CancelRowsScope {
 public:
  explicit CancelRowsScope(const std::atomic<bool>* cancel) : previous_(tl_cancel_rows) { tl_cancel_rows = cancel; }
  ~CancelRowsScope() { tl_cancel_rows = previous_; }
  CancelRowsScope(const CancelRowsScope&) = delete;
  CancelRowsScope& operator=(const CancelRowsScope&) = delete;

 private:
  const std::atomic<bool>* previous_;
};

template <typename RowFn>
void ForEachRow(int height, bool parallel, RowFn&& row) {
  const std::atomic<bool>* cancel = tl_cancel_rows;
#pragma omp parallel for schedule(static) if (parallel)
  for (int y = 0; y < height; ++y)
    if (cancel == nullptr || !cancel->load(std::memory_order_relaxed)) row(y);
}

}  // namespace fl::cpu
