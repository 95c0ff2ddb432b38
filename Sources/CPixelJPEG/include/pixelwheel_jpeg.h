// JPEG decoding through libjpeg(-turbo), behind a few calls Swift can make: libjpeg reports
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

/// A JPEG's size and the libjpeg scale (scale_num/8) that decodes it to at least a target size.
struct pw_jpeg_scaled {
    /// The size in the header, in pixels.
    int image_width, image_height;
    /// The numerator over 8 picked (1 … 8).
    int scale_num;
    /// The size the picture decodes to at that scale.
    int output_width, output_height;
    /// 1 for a progressive JPEG (libjpeg then holds every coefficient of the picture), else 0.
    int progressive;
};

/// Reads the header and picks the smallest scale 1/8 … 8/8 whose output is at least
/// `target_width` × `target_height` (8/8 when even that is smaller). Returns 0, or -1 with a message.
int pw_jpeg_scaled_size(const unsigned char *data, size_t size, int target_width, int target_height,
                        struct pw_jpeg_scaled *scaled, char *message, size_t message_size);

/// Decodes as `pw_jpeg_decode` does, scaled by `scale_num`/8 in the DCT (libjpeg's
/// scale_num/scale_denom): `rgb` must hold exactly the output size `pw_jpeg_scaled_size` gave.
int pw_jpeg_decode_scaled(const unsigned char *data, size_t size, int scale_num, unsigned char *rgb, size_t rgb_size,
                          char *message, size_t message_size);

/// Encodes a `width` × `height` RGB picture as a baseline JPEG at `quality` (1 … 100), for tests
/// and fuzz seeds: `rgb` holds `rows` rows of width × 3 bytes, and row y is row y % rows of them,
/// so a tall picture needs no tall buffer. On 0, `*out` holds `*out_size` bytes to release with
/// `pw_jpeg_free`; on -1 the message says why.
int pw_jpeg_encode(const unsigned char *rgb, int width, int height, int rows, int quality,
                   unsigned char **out, size_t *out_size, char *message, size_t message_size);

/// Releases the bytes of `pw_jpeg_encode`.
void pw_jpeg_free(unsigned char *bytes);

#endif
