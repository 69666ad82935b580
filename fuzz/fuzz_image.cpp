// libFuzzer target: any bytes through the image decoder. Bad input may only ever be an InputError; anything
// else (a crash, a sanitizer report, another exception, an image that breaks its own shape) is a finding.
#include <cstddef>
#include <cstdint>
#include <cstdlib>

#include "core/error.hpp"
#include "core/image_io.hpp"

// Keeps each input small and fast (stb allocates the header's size before decoding): 256 Ki pixels. The limit
// check itself is the same code whatever the limit.
constexpr std::size_t kFuzzMaxPixels = std::size_t{1} << 18;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  try {
    const fl::Image img = fl::DecodeImage(data, size, "fuzz input", kFuzzMaxPixels);
    if (img.empty() || img.shape().Pixels() > kFuzzMaxPixels || img.bytes() != img.shape().Bytes())
      std::abort();
  } catch (const fl::InputError&) {
  }
  return 0;
}
