#include "pixelwheel_jpeg.h"

#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
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

// Picks the smallest of libjpeg's scales 1/8 … 8/8 whose output is at least target_width ×
// target_height; 8/8 when none is (the picture is smaller than the target). The header is read.
static int pw_jpeg_pick_scale(struct jpeg_decompress_struct *info, int target_width, int target_height) {
    info->scale_denom = 8;
    for (int num = 1; num < 8; num++) {
        info->scale_num = (unsigned int)num;
        jpeg_calc_output_dimensions(info);
        if ((long)info->output_width >= (long)target_width && (long)info->output_height >= (long)target_height) return num;
    }
    info->scale_num = 8;
    jpeg_calc_output_dimensions(info);
    return 8;
}

int pw_jpeg_scaled_size(const unsigned char *data, size_t size, int target_width, int target_height,
                        struct pw_jpeg_scaled *scaled, char *message, size_t message_size) {
    struct jpeg_decompress_struct info;
    struct pw_jpeg_error error;
    PW_JPEG_OPEN(info, error, data, size, message, message_size);
    scaled->image_width = (int)info.image_width;
    scaled->image_height = (int)info.image_height;
    info.out_color_space = JCS_RGB;
    scaled->scale_num = pw_jpeg_pick_scale(&info, target_width, target_height);
    scaled->output_width = (int)info.output_width;
    scaled->output_height = (int)info.output_height;
    scaled->progressive = info.progressive_mode ? 1 : 0;
    jpeg_destroy_decompress(&info);
    return 0;
}

int pw_jpeg_decode_scaled(const unsigned char *data, size_t size, int scale_num, unsigned char *rgb, size_t rgb_size,
                          char *message, size_t message_size) {
    struct jpeg_decompress_struct info;
    struct pw_jpeg_error error;
    PW_JPEG_OPEN(info, error, data, size, message, message_size);
    if (info.jpeg_color_space == JCS_CMYK || info.jpeg_color_space == JCS_YCCK) {
        snprintf(message, message_size, "CMYK JPEGs are not supported; save it as RGB");
        jpeg_destroy_decompress(&info);
        return -1;
    }
    info.out_color_space = JCS_RGB;
    info.scale_num = (unsigned int)(scale_num < 1 ? 1 : scale_num > 8 ? 8 : scale_num);
    info.scale_denom = 8;
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

int pw_jpeg_decode(const unsigned char *data, size_t size, unsigned char *rgb, size_t rgb_size, char *message, size_t message_size) {
    return pw_jpeg_decode_scaled(data, size, 8, rgb, rgb_size, message, message_size);
}

int pw_jpeg_encode(const unsigned char *rgb, int width, int height, int rows, int quality,
                   unsigned char **out, size_t *out_size, char *message, size_t message_size) {
    if (width < 1 || height < 1 || rows < 1 || quality < 1 || quality > 100) {
        snprintf(message, message_size, "cannot encode %dx%d (%d rows given) at quality %d", width, height, rows, quality);
        return -1;
    }
    struct jpeg_compress_struct info;
    struct pw_jpeg_error error;
    // jpeg_mem_dest keeps `buffer` pointing at its current allocation, so the error path frees it.
    unsigned char *buffer = NULL;
    unsigned long length = 0;
    info.err = jpeg_std_error(&error.manager);
    error.manager.error_exit = pw_jpeg_fail;
    error.manager.output_message = pw_jpeg_quiet;
    error.message = message;
    error.message_size = message_size;
    if (setjmp(error.back)) {
        jpeg_destroy_compress(&info);
        free(buffer);
        return -1;
    }
    jpeg_create_compress(&info);
    jpeg_mem_dest(&info, &buffer, &length);
    info.image_width = (JDIMENSION)width;
    info.image_height = (JDIMENSION)height;
    info.input_components = 3;
    info.in_color_space = JCS_RGB;
    jpeg_set_defaults(&info);
    jpeg_set_quality(&info, quality, TRUE);
    jpeg_start_compress(&info, TRUE);
    size_t row = (size_t)width * 3;
    while (info.next_scanline < info.image_height) {
        JSAMPROW line = (JSAMPROW)(rgb + row * (size_t)((int)info.next_scanline % rows));
        jpeg_write_scanlines(&info, &line, 1);
    }
    jpeg_finish_compress(&info);
    jpeg_destroy_compress(&info);
    *out = buffer;
    *out_size = (size_t)length;
    return 0;
}

void pw_jpeg_free(unsigned char *bytes) { free(bytes); }
