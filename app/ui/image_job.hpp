#pragma once
// Loading a file or generating a pattern on a worker thread, so that an 8192x8192 pattern or a large file does
// not freeze the window: progress where it is known, cancel at any time (a cancelled load finishes in the
// background and is dropped). The main thread polls TakeResult() once per frame.
#include <atomic>
#include <mutex>
#include <optional>
#include <string>
#include <thread>

#include "core/image.hpp"
#include "core/test_patterns.hpp"

namespace fl::ui {

struct ImageJobResult {
  std::string source;  // the path, or the pattern spec
  std::optional<Image> image;
  std::string error;   // one line, when image is empty
  bool cancelled = false;
};

class ImageJob {
 public:
  ImageJob() = default;
  ImageJob(const ImageJob&) = delete;
  ImageJob& operator=(const ImageJob&) = delete;
  ~ImageJob();

  // Starts loading `source`: a pattern spec (pattern:NAME:WxH[:FORMAT]) or an image path. A running job is
  // cancelled first.
  void Start(const std::string& source);
  void Start(const PatternRequest& pattern);
  void Cancel();
  // Blocks until the job is done (the headless screenshot loads synchronously this way).
  void Wait();

  bool active() const { return active_; }
  const std::string& label() const { return label_; }
  float progress() const { return progress_.load(); }  // < 0 when unknown
  std::optional<ImageJobResult> TakeResult();

 private:
  void Launch(std::string label, std::string source, std::optional<PatternRequest> pattern);
  void Join();

  std::thread thread_;
  std::atomic<bool> cancel_{false};
  std::atomic<bool> done_{false};
  std::atomic<float> progress_{-1};
  bool active_ = false;
  std::string label_;
  std::mutex mutex_;
  std::optional<ImageJobResult> result_;
};

}  // namespace fl::ui
