#pragma once
// The bundled sample images (assets/): found in the source tree the binary was built from (a compile
// definition), else in assets/ next to the executable (where the build copies them).
#include <string>
#include <vector>

namespace fl::ui {

// The assets folder, or "" when neither place has one.
std::string AssetDir();
// Image files in the assets folder, sorted by name (full paths).
std::vector<std::string> SampleImages();
// The default image (astronaut.png), or "" when it is missing.
std::string DefaultImagePath();
// True for the extensions the image loader reads (png, jpg, jpeg, bmp, tga, gif, psd, pnm, pgm, ppm, hdr,
// pfm).
bool IsImageFile(const std::string& path);

}  // namespace fl::ui
