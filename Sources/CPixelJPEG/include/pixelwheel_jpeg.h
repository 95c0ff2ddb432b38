// JPEG decoding through libjpeg(-turbo), behind two calls Swift can make: libjpeg reports
// errors by longjmp, which Swift code must never be unwound through, so the setjmp lives here.
#ifndef PIXELWHEEL_JPEG_H
#define PIXELWHEEL_JPEG_H

#include <stddef.h>

/// Reads the header of the JPEG in `data`: its size in pixels. Returns 0, or -1 with libjpeg's
/// message in `message` (at most `message_size` bytes, NUL-terminated).
int pw_jpeg_size(const unsigned char *data, size_t size, int *width, int *height, char *message, size_t message_size);

/// Decodes the JPEG in `data` as 8-bit RGB rows into `rgb`, which must hold exactly
/// width × height × 3 bytes for the size `pw_jpeg_size` gave. Returns 0, or -1 with a message.
int pw_jpeg_decode(const unsigned char *data, size_t size, unsigned char *rgb, size_t rgb_size, char *message, size_t message_size);

#endif
