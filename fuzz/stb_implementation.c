/* stb_image and stb_image_write compiled from Debian's headers for the fuzz build (FILTERLAB_FUZZ=ON) only,
   with the same sanitizer and coverage flags as the rest, so that the fuzzers see into the decoders. Every
   other build links Debian's prebuilt libstb.a instead. */
#define STB_IMAGE_IMPLEMENTATION
#define STB_IMAGE_WRITE_IMPLEMENTATION
#include <stb_image.h>
#include <stb_image_write.h>
