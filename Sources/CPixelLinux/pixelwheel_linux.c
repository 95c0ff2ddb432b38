// The C shim of PixelLinux. See include/pixelwheel_linux.h.
#include "pixelwheel_linux.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <linux/i2c.h>
#include <linux/i2c-dev.h>
#include <linux/spi/spidev.h>
#include <i2c/smbus.h>
#include <gpiod.h>

// ---- spidev -------------------------------------------------------------------------------

_Static_assert(sizeof(struct pw_spi_transfer) == sizeof(struct spi_ioc_transfer), "spi_ioc_transfer size");
_Static_assert(sizeof(struct pw_spi_transfer) == 32, "spi_ioc_transfer is 32 bytes on every ABI");
_Static_assert(offsetof(struct pw_spi_transfer, len) == offsetof(struct spi_ioc_transfer, len), "len offset");
_Static_assert(offsetof(struct pw_spi_transfer, speed_hz) == offsetof(struct spi_ioc_transfer, speed_hz), "speed_hz offset");
_Static_assert(offsetof(struct pw_spi_transfer, delay_usecs) == offsetof(struct spi_ioc_transfer, delay_usecs), "delay offset");
_Static_assert(offsetof(struct pw_spi_transfer, bits_per_word) == offsetof(struct spi_ioc_transfer, bits_per_word), "bits offset");
_Static_assert(offsetof(struct pw_spi_transfer, cs_change) == offsetof(struct spi_ioc_transfer, cs_change), "cs_change offset");
_Static_assert(offsetof(struct pw_spi_transfer, word_delay_usecs) == offsetof(struct spi_ioc_transfer, word_delay_usecs), "word delay offset");

unsigned long pw_spi_ioc_message(unsigned n) { return SPI_IOC_MESSAGE(n); }
unsigned long pw_spi_ioc_wr_mode(void) { return SPI_IOC_WR_MODE; }
unsigned long pw_spi_ioc_wr_bits_per_word(void) { return SPI_IOC_WR_BITS_PER_WORD; }
unsigned long pw_spi_ioc_wr_max_speed_hz(void) { return SPI_IOC_WR_MAX_SPEED_HZ; }

// ---- i2c-dev ------------------------------------------------------------------------------

_Static_assert(sizeof(struct pw_i2c_msg) == sizeof(struct i2c_msg), "i2c_msg size");
_Static_assert(offsetof(struct pw_i2c_msg, len) == offsetof(struct i2c_msg, len), "i2c_msg len offset");
_Static_assert(offsetof(struct pw_i2c_msg, buf) == offsetof(struct i2c_msg, buf), "i2c_msg buf offset");
_Static_assert(sizeof(struct pw_i2c_rdwr) == sizeof(struct i2c_rdwr_ioctl_data), "i2c_rdwr_ioctl_data size");

unsigned long pw_i2c_slave(void) { return I2C_SLAVE; }
unsigned long pw_i2c_funcs(void) { return I2C_FUNCS; }
unsigned long pw_i2c_rdwr(void) { return I2C_RDWR; }
unsigned long pw_i2c_func_i2c(void) { return I2C_FUNC_I2C; }
unsigned long pw_i2c_func_smbus_write_i2c_block(void) { return I2C_FUNC_SMBUS_WRITE_I2C_BLOCK; }

int pw_smbus_write_byte(int fd, uint8_t value) { return i2c_smbus_write_byte(fd, value); }
int pw_smbus_write_byte_data(int fd, uint8_t command, uint8_t value) { return i2c_smbus_write_byte_data(fd, command, value); }
int pw_smbus_write_i2c_block(int fd, uint8_t command, uint8_t length, const uint8_t *values) {
    return i2c_smbus_write_i2c_block_data(fd, command, length, values);
}
int pw_smbus_read_i2c_block(int fd, uint8_t command, uint8_t length, uint8_t *values) {
    return i2c_smbus_read_i2c_block_data(fd, command, length, values);
}

// ---- GPIO ---------------------------------------------------------------------------------

static void copy_text(char *buffer, size_t size, const char *text) {
    if (size == 0) return;
    strncpy(buffer, text ? text : "", size - 1);
    buffer[size - 1] = 0;
}

// Opening and closing a chip is the same call in both APIs.
struct pw_gpio_chip { struct gpiod_chip *chip; };

pw_gpio_chip *pw_gpio_chip_open(const char *path) {
    struct gpiod_chip *chip = gpiod_chip_open(path);
    if (!chip) return NULL;
    pw_gpio_chip *result = malloc(sizeof *result);
    if (!result) { gpiod_chip_close(chip); errno = ENOMEM; return NULL; }
    result->chip = chip;
    return result;
}

void pw_gpio_chip_close(pw_gpio_chip *chip) { if (chip) { gpiod_chip_close(chip->chip); free(chip); } }

#ifdef GPIOD_BIT  // libgpiod 1.x (Debian 12, Raspberry Pi OS bookworm)

struct pw_gpio_request { struct gpiod_line_bulk bulk; unsigned count; };

int pw_gpiod_api(void) { return 1; }
const char *pw_gpiod_version(void) { return gpiod_version_string(); }


int pw_gpio_chip_label(pw_gpio_chip *chip, char *buffer, size_t size) {
    copy_text(buffer, size, gpiod_chip_label(chip->chip));
    return 0;
}

unsigned pw_gpio_chip_lines(pw_gpio_chip *chip) { return gpiod_chip_num_lines(chip->chip); }

int pw_gpio_line_consumer(pw_gpio_chip *chip, unsigned offset, char *buffer, size_t size) {
    struct gpiod_line *line = gpiod_chip_get_line(chip->chip, offset);
    if (!line) return -1;
    if (gpiod_line_update(line) < 0) return -1;
    copy_text(buffer, size, gpiod_line_is_used(line) ? (gpiod_line_consumer(line) ? gpiod_line_consumer(line) : "kernel") : "");
    return 0;
}

static pw_gpio_request *lines(pw_gpio_chip *chip, const unsigned *offsets, unsigned count) {
    if (count == 0 || count > GPIOD_LINE_BULK_MAX_LINES) { errno = EINVAL; return NULL; }
    pw_gpio_request *request = calloc(1, sizeof *request);
    if (!request) { errno = ENOMEM; return NULL; }
    if (gpiod_chip_get_lines(chip->chip, (unsigned *)offsets, count, &request->bulk) < 0) { free(request); return NULL; }
    request->count = count;
    return request;
}

pw_gpio_request *pw_gpio_request_outputs(pw_gpio_chip *chip, const unsigned *offsets, unsigned count, const char *consumer) {
    pw_gpio_request *request = lines(chip, offsets, count);
    if (!request) return NULL;
    int zeros[GPIOD_LINE_BULK_MAX_LINES] = {0};
    if (gpiod_line_request_bulk_output(&request->bulk, consumer, zeros) < 0) {
        int saved = errno; free(request); errno = saved; return NULL;
    }
    return request;
}

int pw_gpio_set_values(pw_gpio_request *request, const int *values) {
    return gpiod_line_set_value_bulk(&request->bulk, values);
}

pw_gpio_request *pw_gpio_request_inputs(pw_gpio_chip *chip, const unsigned *offsets, unsigned count,
                                        const char *consumer, int pull_up, unsigned long debounce_us) {
    (void)debounce_us;  // the 1.x API has no debounce setting
    pw_gpio_request *request = lines(chip, offsets, count);
    if (!request) return NULL;
    int flags = pull_up ? GPIOD_LINE_REQUEST_FLAG_BIAS_PULL_UP : 0;
    if (gpiod_line_request_bulk_both_edges_events_flags(&request->bulk, consumer, flags) < 0) {
        int saved = errno; free(request); errno = saved; return NULL;
    }
    return request;
}

int pw_gpio_get_values(pw_gpio_request *request, int *values) {
    return gpiod_line_get_value_bulk(&request->bulk, values);
}

int pw_gpio_event_fds(pw_gpio_request *request, int *fds, unsigned max) {
    unsigned n = request->count < max ? request->count : max;
    for (unsigned i = 0; i < n; i++) fds[i] = gpiod_line_event_get_fd(request->bulk.lines[i]);
    return (int)n;
}

int pw_gpio_read_events(pw_gpio_request *request, int fd, struct pw_gpio_event *events, unsigned max) {
    unsigned offset = 0;
    int found = 0;
    for (unsigned i = 0; i < request->count; i++) {
        if (gpiod_line_event_get_fd(request->bulk.lines[i]) == fd) { offset = gpiod_line_offset(request->bulk.lines[i]); found = 1; }
    }
    if (!found) { errno = EBADF; return -1; }
    struct gpiod_line_event raw[16];
    if (max > 16) max = 16;
    int n = gpiod_line_event_read_fd_multiple(fd, raw, max);
    for (int i = 0; i < n; i++) {
        events[i].offset = offset;
        events[i].rising = raw[i].event_type == GPIOD_LINE_EVENT_RISING_EDGE;
        events[i].timestamp_ns = (uint64_t)raw[i].ts.tv_sec * 1000000000ull + (uint64_t)raw[i].ts.tv_nsec;
    }
    return n;
}

void pw_gpio_release(pw_gpio_request *request) {
    if (!request) return;
    gpiod_line_release_bulk(&request->bulk);
    free(request);
}

#else  // libgpiod 2.x (Debian 13 trixie and newer)

struct pw_gpio_request { struct gpiod_line_request *request; unsigned count; unsigned offsets[64];
                         struct gpiod_edge_event_buffer *buffer; };

int pw_gpiod_api(void) { return 2; }
const char *pw_gpiod_version(void) { return gpiod_api_version(); }


int pw_gpio_chip_label(pw_gpio_chip *chip, char *buffer, size_t size) {
    struct gpiod_chip_info *info = gpiod_chip_get_info(chip->chip);
    if (!info) return -1;
    copy_text(buffer, size, gpiod_chip_info_get_label(info));
    gpiod_chip_info_free(info);
    return 0;
}

unsigned pw_gpio_chip_lines(pw_gpio_chip *chip) {
    struct gpiod_chip_info *info = gpiod_chip_get_info(chip->chip);
    if (!info) return 0;
    unsigned n = (unsigned)gpiod_chip_info_get_num_lines(info);
    gpiod_chip_info_free(info);
    return n;
}

int pw_gpio_line_consumer(pw_gpio_chip *chip, unsigned offset, char *buffer, size_t size) {
    struct gpiod_line_info *info = gpiod_chip_get_line_info(chip->chip, offset);
    if (!info) return -1;
    const char *consumer = gpiod_line_info_get_consumer(info);
    copy_text(buffer, size, gpiod_line_info_is_used(info) ? (consumer ? consumer : "kernel") : "");
    gpiod_line_info_free(info);
    return 0;
}

static pw_gpio_request *request_lines(pw_gpio_chip *chip, const unsigned *offsets, unsigned count, const char *consumer,
                                      struct gpiod_line_settings *settings) {
    if (count == 0 || count > 64) { errno = EINVAL; gpiod_line_settings_free(settings); return NULL; }
    struct gpiod_line_config *config = gpiod_line_config_new();
    struct gpiod_request_config *request_config = gpiod_request_config_new();
    pw_gpio_request *result = calloc(1, sizeof *result);
    int saved = ENOMEM;
    if (config && request_config && result &&
        gpiod_line_config_add_line_settings(config, offsets, count, settings) == 0) {
        gpiod_request_config_set_consumer(request_config, consumer);
        result->request = gpiod_chip_request_lines(chip->chip, request_config, config);
        saved = errno;
    }
    gpiod_line_settings_free(settings);
    if (config) gpiod_line_config_free(config);
    if (request_config) gpiod_request_config_free(request_config);
    if (!result || !result->request) { free(result); errno = saved; return NULL; }
    result->count = count;
    memcpy(result->offsets, offsets, count * sizeof *offsets);
    return result;
}

pw_gpio_request *pw_gpio_request_outputs(pw_gpio_chip *chip, const unsigned *offsets, unsigned count, const char *consumer) {
    struct gpiod_line_settings *settings = gpiod_line_settings_new();
    if (!settings) { errno = ENOMEM; return NULL; }
    gpiod_line_settings_set_direction(settings, GPIOD_LINE_DIRECTION_OUTPUT);
    gpiod_line_settings_set_output_value(settings, GPIOD_LINE_VALUE_INACTIVE);
    return request_lines(chip, offsets, count, consumer, settings);
}

int pw_gpio_set_values(pw_gpio_request *request, const int *values) {
    enum gpiod_line_value converted[64];
    for (unsigned i = 0; i < request->count; i++) converted[i] = values[i] ? GPIOD_LINE_VALUE_ACTIVE : GPIOD_LINE_VALUE_INACTIVE;
    return gpiod_line_request_set_values(request->request, converted);
}

pw_gpio_request *pw_gpio_request_inputs(pw_gpio_chip *chip, const unsigned *offsets, unsigned count,
                                        const char *consumer, int pull_up, unsigned long debounce_us) {
    struct gpiod_line_settings *settings = gpiod_line_settings_new();
    if (!settings) { errno = ENOMEM; return NULL; }
    gpiod_line_settings_set_direction(settings, GPIOD_LINE_DIRECTION_INPUT);
    gpiod_line_settings_set_edge_detection(settings, GPIOD_LINE_EDGE_BOTH);
    gpiod_line_settings_set_event_clock(settings, GPIOD_LINE_CLOCK_MONOTONIC);
    if (pull_up) gpiod_line_settings_set_bias(settings, GPIOD_LINE_BIAS_PULL_UP);
    gpiod_line_settings_set_debounce_period_us(settings, debounce_us);
    pw_gpio_request *request = request_lines(chip, offsets, count, consumer, settings);
    if (request) {
        request->buffer = gpiod_edge_event_buffer_new(16);
        if (!request->buffer) { pw_gpio_release(request); errno = ENOMEM; return NULL; }
    }
    return request;
}

int pw_gpio_get_values(pw_gpio_request *request, int *values) {
    enum gpiod_line_value raw[64];
    if (gpiod_line_request_get_values(request->request, raw) < 0) return -1;
    for (unsigned i = 0; i < request->count; i++) values[i] = raw[i] == GPIOD_LINE_VALUE_ACTIVE;
    return 0;
}

int pw_gpio_event_fds(pw_gpio_request *request, int *fds, unsigned max) {
    if (max < 1) return 0;
    fds[0] = gpiod_line_request_get_fd(request->request);
    return 1;
}

int pw_gpio_read_events(pw_gpio_request *request, int fd, struct pw_gpio_event *events, unsigned max) {
    (void)fd;
    if (max > 16) max = 16;
    int n = gpiod_line_request_read_edge_events(request->request, request->buffer, max);
    for (int i = 0; i < n; i++) {
        struct gpiod_edge_event *event = gpiod_edge_event_buffer_get_event(request->buffer, (unsigned long)i);
        events[i].offset = gpiod_edge_event_get_line_offset(event);
        events[i].rising = gpiod_edge_event_get_event_type(event) == GPIOD_EDGE_EVENT_RISING_EDGE;
        events[i].timestamp_ns = gpiod_edge_event_get_timestamp_ns(event);
    }
    return n;
}

void pw_gpio_release(pw_gpio_request *request) {
    if (!request) return;
    if (request->request) gpiod_line_request_release(request->request);
    if (request->buffer) gpiod_edge_event_buffer_free(request->buffer);
    free(request);
}

#endif
