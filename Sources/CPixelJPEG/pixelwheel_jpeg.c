#include "pixelwheel_jpeg.h"

#include <setjmp.h>
#include <stdio.h>
#include <string.h>
#include <jpeglib.h>

// libjpeg's error manager, extended with the place to jump back to and the message buffer.
struct pw_jpeg_error {
    struct jpeg_error_mgr manager;
    jmp_buf back;
    char *message;
    size_t message_size;
};

static void pw_jpeg_fail(j_common_ptr info) {
    struct pw_jpeg_error *error = (struct pw_jpeg_error *)info->err;
    char text[JMSG_LENGTH_MAX];
    (*info->err->format_message)(info, text);
    snprintf(error->message, error->message_size, "%s", text);
    longjmp(error->back, 1);
}

// Warnings (corrupt but readable data) are not printed to stderr; the picture is still used.
static void pw_jpeg_quiet(j_common_ptr info) { (void)info; }

static void pw_jpeg_begin(struct jpeg_decompress_struct *info, struct pw_jpeg_error *error,
                          char *message, size_t message_size) {
    info->err = jpeg_std_error(&error->manager);
    error->manager.error_exit = pw_jpeg_fail;
    error->manager.output_message = pw_jpeg_quiet;
    error->message = message;
    error->message_size = message_size;
}

// Both calls start the same way: the error manager, the memory source, the header. The
// setjmp stays in each caller, since a jump must not return into a frame that has returned.
#define PW_JPEG_OPEN(info, error, data, size, message, message_size)      \
    pw_jpeg_begin(&(info), &(error), (message), (message_size));          \
    if (setjmp((error).back)) {                                           \
        jpeg_destroy_decompress(&(info));                                 \
        return -1;                                                        \
    }                                                                     \
    jpeg_create_decompress(&(info));                                      \
    jpeg_mem_src(&(info), (data), (unsigned long)(size));                 \
    jpeg_read_header(&(info), TRUE)

int pw_jpeg_size(const unsigned char *data, size_t size, int *width, int *height, char *message, size_t message_size) {
    struct jpeg_decompress_struct info;
    struct pw_jpeg_error error;
    PW_JPEG_OPEN(info, error, data, size, message, message_size);
    *width = (int)info.image_width;
    *height = (int)info.image_height;
    jpeg_destroy_decompress(&info);
    return 0;
}

int pw_jpeg_decode(const unsigned char *data, size_t size, unsigned char *rgb, size_t rgb_size, char *message, size_t message_size) {
    struct jpeg_decompress_struct info;
    struct pw_jpeg_error error;
    PW_JPEG_OPEN(info, error, data, size, message, message_size);
    if (info.jpeg_color_space == JCS_CMYK || info.jpeg_color_space == JCS_YCCK) {
        snprintf(message, message_size, "CMYK JPEGs are not supported; save it as RGB");
        jpeg_destroy_decompress(&info);
        return -1;
    }
    info.out_color_space = JCS_RGB;
    jpeg_start_decompress(&info);
    size_t row = (size_t)info.output_width * 3;
    if (info.output_components != 3 || row * info.output_height != rgb_size) {
        snprintf(message, message_size, "unexpected output size %ux%u", info.output_width, info.output_height);
        jpeg_destroy_decompress(&info);
        return -1;
    }
    while (info.output_scanline < info.output_height) {
        JSAMPROW line = rgb + row * info.output_scanline;
        jpeg_read_scanlines(&info, &line, 1);
    }
    jpeg_finish_decompress(&info);
    jpeg_destroy_decompress(&info);
    return 0;
}
