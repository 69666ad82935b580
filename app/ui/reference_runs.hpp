#pragma once
// The CPU reference chains the A/B comparison measures against, run on worker threads so that a slow one never
// stalls the lab: a wide gauss on a 4K image takes seconds on the CPU, and a person dragging its radius asks for a
// new chain every frame. The comparison says which chains it wants now (A's and B's); a chain not yet cached starts
// running, and a running chain no longer wanted is cancelled (its rows stop at once: cpu::ForEachRow). Finished
// chains are cached, two at most. No GL and no CUDA here.
#include <atomic>
#include <condition_variable>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "core/image.hpp"
#include "core/pipeline.hpp"
#include "core/registry.hpp"

namespace fl::ui {

class ReferenceRuns {
 public:
  struct Request {
    std::string key;  // names the chain (its JSON)
    Pipeline chain;
  };
  // A chain's outcome: its outputs, or why it failed (an error message), or neither while it runs.
  struct Outcome {
    const std::vector<Image>* outputs = nullptr;
    std::string error;
    bool running() const { return outputs == nullptr && error.empty(); }
  };

  explicit ReferenceRuns(const Registry& reg) : reg_(reg) {}
  ~ReferenceRuns();  // cancels what runs and waits for it
  ReferenceRuns(const ReferenceRuns&) = delete;
  ReferenceRuns& operator=(const ReferenceRuns&) = delete;

  // A new input: cached chains are dropped and running ones cancelled.
  void InputChanged();
  // The chains of `input` wanted now, each cached, failed or started; running chains not among them are cancelled.
  // The first chain started after InputChanged copies the input for the workers (only a lab that compares pays
  // for the copy). Waits up to `wait_s` seconds (< 0: until they end) for those still running. One outcome per
  // request, in order; the outcomes' outputs stay valid until the next call of any member.
  std::vector<Outcome> Want(const std::vector<Request>& wanted, const Image& input, double wait_s);
  // Caches the chains that finished since the last call; true when one did (the comparison can measure it now).
  bool Poll();
  bool running() const;
  // Cancels every running chain (the comparison was turned off); the cache stays.
  void CancelAll();

 private:
  struct Job {
    std::string key;
    std::atomic<bool> cancel{false};
    std::mutex mutex;
    std::condition_variable finished;
    bool done = false;  // under mutex, with outputs or error
    std::vector<Image> outputs;
    std::string error;
    std::thread thread;
  };
  struct Entry {
    std::string key;
    std::vector<Image> outputs;
    std::string error;
  };

  std::vector<Entry>::iterator Find(const std::string& key);
  const Entry* Cached(const std::string& key);
  void Start(const Request& r, const Image& input);
  bool Harvest();  // moves finished jobs into the cache and joins retired ones that ended

  const Registry& reg_;
  std::shared_ptr<const Image> input_;  // the workers' copy of the input, made when first needed
  std::vector<std::unique_ptr<Job>> jobs_;     // running, not cancelled
  std::vector<std::unique_ptr<Job>> retired_;  // cancelled, joined once they end
  std::vector<Entry> cache_;                   // most recently used first
};

}  // namespace fl::ui
