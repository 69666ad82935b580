#include "app/ui/image_job.hpp"

#include "core/error.hpp"
#include "core/image_io.hpp"

namespace fl::ui {

ImageJob::~ImageJob() {
  cancel_ = true;
  Join();
}

void ImageJob::Join() {
  if (thread_.joinable()) thread_.join();
}

void ImageJob::Start(const std::string& source) {
  std::optional<PatternRequest> pattern;
  try {
    pattern = ParsePatternSpec(source);
  } catch (const InputError& e) {
    // A malformed pattern spec reports like a failed load.
    Cancel();
    std::lock_guard lock(mutex_);
    result_ = ImageJobResult{source, std::nullopt, e.what(), false};
    return;
  }
  Launch(pattern ? "Generating " + PatternLabel(*pattern) : "Loading " + source, source, pattern);
}

void ImageJob::Start(const PatternRequest& pattern) {
  Launch("Generating " + PatternLabel(pattern), FormatPatternSpec(pattern), pattern);
}

void ImageJob::Launch(std::string label, std::string source, std::optional<PatternRequest> pattern) {
  Cancel();
  Join();
  {
    std::lock_guard lock(mutex_);
    result_.reset();  // a cancelled predecessor's result is of no interest any more
  }
  cancel_ = false;
  done_ = false;
  progress_ = pattern ? 0.0f : -1.0f;
  active_ = true;
  label_ = std::move(label);
  thread_ = std::thread([this, source = std::move(source), pattern] {
    ImageJobResult r;
    r.source = source;
    try {
      r.image = pattern ? GeneratePattern(*pattern, &cancel_, &progress_) : LoadImage(source);
    } catch (const std::bad_alloc&) {
      r.error = "out of memory loading " + source;
    } catch (const std::exception& e) {
      r.error = e.what();
    }
    r.cancelled = cancel_.load();
    if (r.cancelled) r.image.reset();
    {
      std::lock_guard lock(mutex_);
      result_ = std::move(r);
    }
    done_ = true;
  });
}

void ImageJob::Cancel() {
  if (active_) cancel_ = true;
}

void ImageJob::Wait() { Join(); }

std::optional<ImageJobResult> ImageJob::TakeResult() {
  if (active_ && !done_) return std::nullopt;
  if (active_) {
    Join();
    active_ = false;
  }
  std::lock_guard lock(mutex_);
  std::optional<ImageJobResult> r = std::move(result_);
  result_.reset();
  return r;
}

}  // namespace fl::ui
