#!/usr/bin/python3
"""Writes tests/data/hostile/: malformed, extreme and valid-but-unusual image files, and manifest.tsv naming what
each one must do (load with a shape, or be refused with an error containing a phrase).

Run with Debian's python3 and python3-pil (apt-get install python3-pil): /usr/bin/python3 tests/data/make_hostile.py
The files are committed, so CI never runs this. The output is deterministic for a given Pillow version.
Cases made at test time instead (git cannot hold them): a missing path, an unreadable file, a FIFO, /dev/zero.
"""
import io
import os
import random
import struct
import zlib

from PIL import Image

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, "hostile")
rng = random.Random(1234)
manifest = []  # (name, expectation, detail)


def write(name, data, expect, detail):
    with open(os.path.join(OUT, name), "wb") as f:
        f.write(data)
    manifest.append((name, expect, detail))


def ok(name, data, shape):
    write(name, data, "ok", shape)


def bad(name, data, phrase):
    write(name, data, "error", phrase)


def noise_rgb(w, h):
    img = Image.new("RGB", (w, h))
    img.putdata([(rng.randrange(256), rng.randrange(256), rng.randrange(256)) for _ in range(w * h)])
    return img


def encode(img, fmt, **kw):
    buf = io.BytesIO()
    img.save(buf, fmt, **kw)
    return buf.getvalue()


def garbage(n):
    return bytes(rng.randrange(256) for _ in range(n))


# ---- PNG by hand: headers that no encoder writes ----
def chunk(kind, data):
    body = kind + data
    return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body) & 0xFFFFFFFF)


def png(width, height, bit_depth=8, color_type=2, raw=None):
    ihdr = struct.pack(">IIBBBBB", width, height, bit_depth, color_type, 0, 0, 0)
    idat = zlib.compress(raw if raw is not None else b"\0" * 64)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", ihdr) + chunk(b"IDAT", idat) + chunk(b"IEND", b"")


def jpeg_claiming(width, height):
    """A real 8x8 JPEG whose SOF0 says width x height."""
    data = bytearray(encode(noise_rgb(8, 8), "JPEG", quality=90))
    sof = data.index(b"\xff\xc0")
    struct.pack_into(">HH", data, sof + 5, height, width)
    return bytes(data)


def bmp_header(width, height, bpp=24, size=None):
    row = ((width * bpp + 31) // 32) * 4
    image_bytes = row * abs(height)
    image_bytes &= 0xFFFFFFFF  # a huge claim wraps, as it would in a hostile file
    header = struct.pack("<2sIHHI", b"BM", (size or 54 + image_bytes) & 0xFFFFFFFF, 0, 0, 54)
    info = struct.pack("<IiiHHIIiiII", 40, width, height, 1, bpp, 0, image_bytes, 2835, 2835, 0, 0)
    return header + info


def tga_header(width, height, image_type=2, bpp=24):
    return struct.pack("<BBBHHBHHHHBB", 0, 0, image_type, 0, 0, 0, 0, 0, width, height, bpp, 0)


def psd(width, height, channels=3, body=None):
    header = b"8BPS" + struct.pack(">H6xHIIHH", 1, channels, height, width, 8, 3)
    sections = struct.pack(">III", 0, 0, 0)  # colour mode data, image resources, layer and mask info
    pixels = body if body is not None else bytes(rng.randrange(256) for _ in range(width * height * channels))
    return header + sections + struct.pack(">H", 0) + pixels  # compression 0: raw planes


def hdr(width, height, pixels=None):
    head = b"#?RADIANCE\nFORMAT=32-bit_rle_rgbe\n\n" + b"-Y %d +X %d\n" % (height, width)
    return head + (pixels if pixels is not None else bytes([100, 100, 100, 129]) * (width * height))


def gif_claiming(width, height):
    data = bytearray(encode(Image.new("P", (4, 4)), "GIF"))
    struct.pack_into("<HH", data, 6, width, height)
    return bytes(data)


def main():
    os.makedirs(OUT, exist_ok=True)
    for name in os.listdir(OUT):
        path = os.path.join(OUT, name)
        if os.path.isfile(path):
            os.remove(path)

    # Empty and not images at all.
    bad("bad_empty.png", b"", "the file is empty")
    bad("bad_text.png", b"this is a text file, not an image\n", "cannot decode")
    bad("bad_html.jpg", b"<!DOCTYPE html><html><body>404 Not Found</body></html>\n", "cannot decode")

    # Truncated: cut inside the pixel data, and inside the header.
    full_png = encode(noise_rgb(24, 16), "PNG")
    bad("bad_truncated.png", full_png[: len(full_png) * 6 // 10], "cannot decode")
    bad("bad_truncated_signature.png", full_png[:12], "cannot decode")
    full_jpg = encode(noise_rgb(32, 24), "JPEG", quality=90)
    bad("bad_truncated.jpg", full_jpg[: len(full_jpg) * 6 // 10], "truncated JPEG")
    bad("bad_truncated_no_eoi.jpg", full_jpg[:-2], "truncated JPEG")
    prog_jpg = encode(noise_rgb(32, 24), "JPEG", quality=90, progressive=True)
    bad("bad_truncated_progressive.jpg", prog_jpg[: len(prog_jpg) * 7 // 10], "truncated JPEG")
    bad("bad_truncated_header.jpg", full_jpg[:40], "cannot decode")
    full_bmp = encode(noise_rgb(16, 8), "BMP")
    bad("bad_truncated.bmp", full_bmp[: len(full_bmp) - 100], "truncated BMP")
    full_tga = encode(noise_rgb(16, 8), "TGA")
    bad("bad_truncated.tga", full_tga[: len(full_tga) - 50], "truncated TGA")
    rle_tga = encode(noise_rgb(16, 8), "TGA", compression="tga_rle")
    bad("bad_truncated_rle.tga", rle_tga[: len(rle_tga) * 6 // 10], "truncated TGA")
    full_psd = psd(8, 6)
    bad("bad_truncated.psd", full_psd[: len(full_psd) - 40], "truncated PSD")
    full_hdr = hdr(8, 6)
    bad("bad_truncated.hdr", full_hdr[: len(full_hdr) - 40], "cannot decode")
    full_gif = encode(noise_rgb(16, 8).convert("P"), "GIF")
    bad("bad_truncated.gif", full_gif[: len(full_gif) * 6 // 10], "truncated GIF")

    # A Huffman table declaring more than 256 codes: stb 2.27 writes past its arrays (found by fuzz_image).
    dht = bytearray(full_jpg)
    at = dht.index(b"\xff\xc4") + 5  # the first table's 16 code counts
    dht[at:at + 16] = bytes([40] * 16)
    bad("bad_huffman_overflow.jpg", bytes(dht), "Huffman table declares 640 codes")

    # Tables a JPEG uses but never defines: stb 2.27 reads uninitialised memory for them (found by fuzz_image).
    undefined = bytearray(full_jpg)
    sos = undefined.index(b"\xff\xda")
    undefined[sos + 6] = 0x33  # the first component's DC and AC Huffman tables: 3, never defined
    bad("bad_undefined_huffman_table.jpg", bytes(undefined), "uses DC Huffman table 3, never defined")
    no_quant = bytearray(full_jpg)
    sof = no_quant.index(b"\xff\xc0")
    no_quant[sof + 12] = 3  # the first component's quantisation table: 3, never defined
    bad("bad_undefined_quant_table.jpg", bytes(no_quant), "uses quantisation table 3, which the file does not define")

    # A PNG chunk claiming 2 GiB in a small file: stb 2.27 allocated the claim before reading (found by fuzz_image).
    big_chunk = bytearray(full_png)
    at = big_chunk.index(b"IDAT") - 4
    struct.pack_into(">I", big_chunk, at, 0x7FFFFFF0)
    bad("bad_chunk_claims_2gib.png", bytes(big_chunk), "truncated PNG: chunk 'IDAT' needs 2147483644 bytes")

    # Empty sizes.
    bad("bad_zero_width.png", png(0, 16), "is empty")
    bad("bad_zero_height.bmp", bmp_header(16, 0), "is empty")

    # Headers claiming sizes past the limits (32768 per side, 2^30 pixels): refused from the header, quickly.
    bad("bad_65535x65535.png", png(65535, 65535), "exceeds the limit")
    bad("bad_100000x100000.png", png(100000, 100000), "exceeds the limit")
    bad("bad_2p31_pixels.png", png(65536, 32768), "exceeds the limit")
    bad("bad_2p32_wide.png", png(0xFFFFFFFF, 1), "exceeds the limit")
    bad("bad_65535x65535.jpg", jpeg_claiming(65535, 65535), "exceeds the limit")
    bad("bad_100000x100000.bmp", bmp_header(100000, 100000), "exceeds the limit")
    bad("bad_2p31_pixels.bmp", bmp_header(65536, -32768), "exceeds the limit")
    bad("bad_65535x65535.tga", tga_header(65535, 65535), "exceeds the limit")
    bad("bad_65535x65535.gif", gif_claiming(65535, 65535), "exceeds the limit")
    bad("bad_100000x100000.psd", psd(100000, 100000, body=b"\0" * 64), "exceeds the limit")
    bad("bad_100000x100000.hdr", hdr(100000, 100000, pixels=b"\0" * 64), "exceeds the limit")
    bad("bad_100000x100000.pgm", b"P5\n100000 100000\n255\n" + b"\0" * 64, "exceeds the limit")
    # Within the limits, but the file is far too short to hold the pixels: refused before allocating 4 GiB.
    bad("bad_32768x32768_tiny.png", png(32768, 32768, 8, 0), "too short")
    bad("bad_32768x32768_rgb.png", png(32768, 32768), "the most stb_image decodes")
    bad("bad_32768x32768_tiny.bmp", bmp_header(32768, 32768), "truncated BMP")

    # Garbage after a plausible signature.
    bad("bad_garbage.psd", b"8BPS" + garbage(200), "cannot decode")
    bad("bad_garbage.hdr", b"#?RADIANCE\n" + garbage(200), "cannot decode")
    bad("bad_garbage.bmp", b"BM" + garbage(200), "cannot decode")
    bad("bad_garbage.pgm", b"P5\n" + garbage(200), "cannot decode")
    bad("bad_garbage.jpg", b"\xff\xd8\xff" + garbage(200), "cannot decode")
    bad("bad_garbage.gif", b"GIF89a" + garbage(200), "exceeds the limit")  # its random header claims 55300x48163
    bad("bad_garbage.png", b"\x89PNG\r\n\x1a\n" + garbage(200), "cannot decode")

    # Valid edge cases: each loads with this shape.
    grey16 = Image.new("I;16", (5, 4))
    grey16.putdata([rng.randrange(65536) for _ in range(20)])
    ok("ok_16bit_grey.png", encode(grey16, "PNG"), "5x4 gray8")
    rgba16 = png(3, 2, 16, 6, b"".join(b"\0" + bytes(rng.randrange(256) for _ in range(3 * 8)) for _ in range(2)))
    ok("ok_16bit_rgba.png", rgba16, "3x2 rgba8")
    ok("ok_palette.png", encode(noise_rgb(9, 7).convert("P", palette=Image.ADAPTIVE, colors=16), "PNG"), "9x7 rgba8")
    pal_t = noise_rgb(9, 7).convert("P", palette=Image.ADAPTIVE, colors=4)
    ok("ok_palette_transparent.png", encode(pal_t, "PNG", transparency=0), "9x7 rgba8")
    la = Image.merge("LA", (noise_rgb(6, 5).convert("L"), noise_rgb(6, 5).convert("L")))
    ok("ok_grey_alpha.png", encode(la, "PNG"), "6x5 gray8")
    frames = [noise_rgb(10, 6).convert("P") for _ in range(3)]
    ok("ok_animated.gif", encode(frames[0], "GIF", save_all=True, append_images=frames[1:], duration=50, loop=0),
       "10x6 rgba8")
    ok("ok_cmyk.jpg", encode(noise_rgb(12, 10).convert("CMYK"), "JPEG", quality=90), "12x10 rgba8")
    ok("ok_grey.jpg", encode(noise_rgb(12, 10).convert("L"), "JPEG", quality=90), "12x10 gray8")
    ok("ok_progressive.jpg", prog_jpg, "32x24 rgba8")
    ok("ok_trailing_bytes.jpg", full_jpg + b"\0\0thumbnail-ish trailer", "32x24 rgba8")
    ok("ok_1x1.png", encode(noise_rgb(1, 1), "PNG"), "1x1 rgba8")
    ok("ok_1x1.jpg", encode(noise_rgb(1, 1), "JPEG"), "1x1 rgba8")
    ok("ok_1x37.png", encode(noise_rgb(1, 37).convert("L"), "PNG"), "1x37 gray8")
    ok("ok_37x1.png", encode(noise_rgb(37, 1), "PNG"), "37x1 rgba8")
    ok("ok_1x29.bmp", encode(noise_rgb(1, 29), "BMP"), "1x29 rgba8")
    ok("ok_29x1.tga", encode(noise_rgb(29, 1), "TGA", compression="tga_rle"), "29x1 rgba8")
    ok("ok_palette.bmp", encode(noise_rgb(7, 5).convert("P"), "BMP"), "7x5 rgba8")
    ok("ok_top_down.bmp", bmp_header(3, -2) + bytes(range(2 * 12)), "3x2 rgba8")
    ok("ok_rle.tga", rle_tga, "16x8 rgba8")
    ok("ok_16bit.pgm", b"P5\n# sixteen bits\n3 2\n65535\n" + bytes(range(12)), "3x2 gray8")
    ok("ok_small.psd", full_psd, "8x6 rgba8")
    ok("ok_small.hdr", full_hdr, "8x6 gray32f")
    # PFM, as filterlab writes gray32f: little endian (negative scale), rows bottom up; and big endian.
    ok("ok_small.pfm", b"Pf\n3 2\n-1.0\n" + struct.pack("<6f", 0, 0.5, 1, -1, 2.5, 1e30), "3x2 gray32f")
    ok("ok_big_endian.pfm", b"Pf\n2 1\n1.0\n" + struct.pack(">2f", 1, -2.5), "2x1 gray32f")
    bad("bad_truncated.pfm", b"Pf\n3 2\n-1.0\n" + b"\0" * 23, "PFM data is truncated")
    bad("bad_100000x100000.pfm", b"Pf\n100000 100000\n-1.0\n" + b"\0" * 64, "exceeds the limit")
    bad("bad_zero_scale.pfm", b"Pf\n3 2\n0\n" + b"\0" * 24, "malformed PFM header")

    manifest.sort()
    with open(os.path.join(OUT, "manifest.tsv"), "w") as f:
        f.write("# file\texpect\tshape (ok) or a phrase of the error (error); made by tests/data/make_hostile.py\n")
        for name, expect, detail in manifest:
            f.write(f"{name}\t{expect}\t{detail}\n")


if __name__ == "__main__":
    main()
