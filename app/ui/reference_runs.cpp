#include "app/ui/reference_runs.hpp"

#include <algorithm>
#include <chrono>

#include "core/cpu_executor.hpp"
#include "core/error.hpp"

namespace fl::ui {

namespace {
constexpr std::size_t kCachedChains = 2;  // A's and B's
}

ReferenceRuns::~ReferenceRuns() {
  for (auto& j : jobs_) j->cancel = true;
  for (auto* list : {&jobs_, &retired_})
    for (auto& j : *list)
      if (j->thread.joinable()) j->thread.join();
}

void ReferenceRuns::InputChanged() {
  CancelAll();
  cache_.clear();
  input_.reset();  // running jobs keep their own pointer to the old copy
}

void ReferenceRuns::CancelAll() {
  for (auto& j : jobs_) {
    j->cancel = true;
    retired_.push_back(std::move(j));
  }
  jobs_.clear();
  Harvest();
}

bool ReferenceRuns::running() const { return !jobs_.empty(); }

bool ReferenceRuns::Poll() { return Harvest(); }

void ReferenceRuns::Start(const Request& r, const Image& input) {
  if (!input_) input_ = std::make_shared<const Image>(input);
  auto job = std::make_unique<Job>();
  job->key = r.key;
  Job* j = job.get();  // owned by jobs_ or retired_ until joined
  job->thread = std::thread([&reg = reg_, j, chain = r.chain, input = input_] {
    std::vector<Image> outputs;
    std::string error;
    try {
      if (input->empty()) throw InputError("no input image");
      outputs = RunPipelineCpu(reg, chain, *input, &j->cancel).outputs;
      if (outputs.empty()) throw InputError("the reference chain has no stage");
    } catch (const std::exception& e) {
      error = e.what();
    }
    {
      std::lock_guard<std::mutex> lock(j->mutex);
      j->outputs = std::move(outputs);
      j->error = std::move(error);
      j->done = true;
    }
    j->finished.notify_all();
  });
  jobs_.push_back(std::move(job));
}

bool ReferenceRuns::Harvest() {
  auto done = [](Job& j) {
    std::lock_guard<std::mutex> lock(j.mutex);
    return j.done;
  };
  bool arrived = false;
  for (auto it = jobs_.begin(); it != jobs_.end();) {
    Job& j = **it;
    if (!done(j)) {
      ++it;
      continue;
    }
    j.thread.join();
    cache_.insert(cache_.begin(), Entry{j.key, std::move(j.outputs), std::move(j.error)});
    if (cache_.size() > kCachedChains) cache_.pop_back();
    it = jobs_.erase(it);
    arrived = true;
  }
  std::erase_if(retired_, [&](const std::unique_ptr<Job>& j) {
    if (!done(*j)) return false;
    j->thread.join();
    return true;
  });
  return arrived;
}

std::vector<ReferenceRuns::Entry>::iterator ReferenceRuns::Find(const std::string& key) {
  return std::find_if(cache_.begin(), cache_.end(), [&](const Entry& e) { return e.key == key; });
}

const ReferenceRuns::Entry* ReferenceRuns::Cached(const std::string& key) {
  const auto it = Find(key);
  return it == cache_.end() ? nullptr : &*it;
}

std::vector<ReferenceRuns::Outcome> ReferenceRuns::Want(const std::vector<Request>& wanted, const Image& input,
                                                        double wait_s) {
  Harvest();
  auto is_wanted = [&](const std::string& key) {
    return std::any_of(wanted.begin(), wanted.end(), [&](const Request& r) { return r.key == key; });
  };
  for (auto it = jobs_.begin(); it != jobs_.end();) {
    if (is_wanted((*it)->key)) {
      ++it;
      continue;
    }
    (*it)->cancel = true;  // no longer wanted: a parameter moved on
    retired_.push_back(std::move(*it));
    it = jobs_.erase(it);
  }
  for (const Request& r : wanted) {
    const bool runs = std::any_of(jobs_.begin(), jobs_.end(), [&](const auto& j) { return j->key == r.key; });
    if (!runs && !Cached(r.key)) Start(r, input);
  }
  if (wait_s != 0 && !jobs_.empty()) {
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::duration<double>(std::max(wait_s, 0.0));
    for (auto& j : jobs_) {
      std::unique_lock<std::mutex> lock(j->mutex);
      if (wait_s < 0)
        j->finished.wait(lock, [&] { return j->done; });
      else
        j->finished.wait_until(lock, deadline, [&] { return j->done; });
    }
    Harvest();
  }
  // The wanted chains first in the cache (the first wanted first), so that the next finished chain evicts another.
  for (auto it = wanted.rbegin(); it != wanted.rend(); ++it) {
    const auto at = Find(it->key);
    if (at != cache_.end()) std::rotate(cache_.begin(), at, at + 1);
  }
  std::vector<Outcome> outcomes;
  for (const Request& r : wanted) {
    Outcome o;
    if (const Entry* e = Cached(r.key)) {
      if (e->error.empty())
        o.outputs = &e->outputs;
      else
        o.error = e->error;
    }
    outcomes.push_back(o);
  }
  return outcomes;
}

}  // namespace fl::ui
