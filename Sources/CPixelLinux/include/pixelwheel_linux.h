// The C shim of PixelLinux: what Swift cannot import directly (the SPI_IOC_MESSAGE and
// I2C ioctl macros, the spi_ioc_transfer layout) and one small GPIO API over both libgpiod
// 1.6 and 2.x, chosen when this file is compiled.
#ifndef PIXELWHEEL_LINUX_H
#define PIXELWHEEL_LINUX_H

#include <stdint.h>
#include <stddef.h>

// ---- spidev -------------------------------------------------------------------------------

/// SPI_IOC_MESSAGE(n): the ioctl request that sends `n` transfers.
unsigned long pw_spi_ioc_message(unsigned n);
/// SPI_IOC_WR_MODE, SPI_IOC_WR_BITS_PER_WORD, SPI_IOC_WR_MAX_SPEED_HZ.
unsigned long pw_spi_ioc_wr_mode(void);
unsigned long pw_spi_ioc_wr_bits_per_word(void);
unsigned long pw_spi_ioc_wr_max_speed_hz(void);

/// The kernel's struct spi_ioc_transfer, spelled out so Swift can fill it (its layout is
/// checked against <linux/spi/spidev.h> with _Static_assert in the .c file).
struct pw_spi_transfer {
    uint64_t tx_buf;
    uint64_t rx_buf;
    uint32_t len;
    uint32_t speed_hz;
    uint16_t delay_usecs;
    uint8_t bits_per_word;
    uint8_t cs_change;
    uint8_t tx_nbits;
    uint8_t rx_nbits;
    uint8_t word_delay_usecs;
    uint8_t pad;
};

// ---- i2c-dev ------------------------------------------------------------------------------

/// I2C_SLAVE, I2C_FUNCS, I2C_RDWR.
unsigned long pw_i2c_slave(void);
unsigned long pw_i2c_funcs(void);
unsigned long pw_i2c_rdwr(void);
/// I2C_FUNC_I2C and I2C_FUNC_SMBUS_WRITE_I2C_BLOCK: the capability bits PixelWheel asks for.
unsigned long pw_i2c_func_i2c(void);
unsigned long pw_i2c_func_smbus_write_i2c_block(void);

/// struct i2c_msg and struct i2c_rdwr_ioctl_data, spelled out (checked in the .c file).
struct pw_i2c_msg {
    uint16_t addr;
    uint16_t flags;
    uint16_t len;
    uint8_t *buf;
};
struct pw_i2c_rdwr {
    struct pw_i2c_msg *msgs;
    uint32_t nmsgs;
};

/// libi2c's SMBus calls on an i2c-dev descriptor whose slave address is set.
int pw_smbus_write_byte(int fd, uint8_t value);
int pw_smbus_write_byte_data(int fd, uint8_t command, uint8_t value);
int pw_smbus_write_i2c_block(int fd, uint8_t command, uint8_t length, const uint8_t *values);
int pw_smbus_read_i2c_block(int fd, uint8_t command, uint8_t length, uint8_t *values);

// ---- GPIO character device through libgpiod ------------------------------------------------

/// 1 or 2: the libgpiod API this file was compiled against.
int pw_gpiod_api(void);
/// libgpiod's own version text.
const char *pw_gpiod_version(void);

typedef struct pw_gpio_chip pw_gpio_chip;
typedef struct pw_gpio_request pw_gpio_request;

/// Opens the chip at `path` (e.g. /dev/gpiochip0); NULL with errno on failure.
pw_gpio_chip *pw_gpio_chip_open(const char *path);
void pw_gpio_chip_close(pw_gpio_chip *chip);
/// The chip's label (e.g. "pinctrl-bcm2711") into `buffer`; 0 on success.
int pw_gpio_chip_label(pw_gpio_chip *chip, char *buffer, size_t size);
/// The number of lines on the chip.
unsigned pw_gpio_chip_lines(pw_gpio_chip *chip);
/// The consumer holding line `offset` into `buffer` ("" when the line is free); 0 on success.
int pw_gpio_line_consumer(pw_gpio_chip *chip, unsigned offset, char *buffer, size_t size);

/// Requests `count` lines as outputs, all driven low, for `consumer`; NULL with errno.
pw_gpio_request *pw_gpio_request_outputs(pw_gpio_chip *chip, const unsigned *offsets, unsigned count,
                                         const char *consumer);
/// Sets the requested lines to `values` (one int per line, in request order) in one call.
int pw_gpio_set_values(pw_gpio_request *request, const int *values);
/// Requests `count` lines as inputs with both-edge events on the monotonic clock, with the
/// pull-up bias when `pull_up`, and a debounce period (libgpiod 2.x only; ignored by 1.6).
pw_gpio_request *pw_gpio_request_inputs(pw_gpio_chip *chip, const unsigned *offsets, unsigned count,
                                        const char *consumer, int pull_up, unsigned long debounce_us);
/// The levels of the requested lines (one int per line, in request order).
int pw_gpio_get_values(pw_gpio_request *request, int *values);
/// The descriptors to poll for events: 1 for libgpiod 2.x, one per line for 1.6. Returns the count.
int pw_gpio_event_fds(pw_gpio_request *request, int *fds, unsigned max);

struct pw_gpio_event {
    unsigned offset;
    int rising;
    uint64_t timestamp_ns;
};
/// Reads the events waiting on `fd` (one of `pw_gpio_event_fds`), at most `max`; returns the count or -1.
int pw_gpio_read_events(pw_gpio_request *request, int fd, struct pw_gpio_event *events, unsigned max);
/// Releases the lines.
void pw_gpio_release(pw_gpio_request *request);



// ---- memory-mapped registers --------------------------------------------------------------

/// A volatile 32-bit store at `base` + `offset` bytes (a GPIO set or clear register).
static inline void pw_mmio_write32(void *base, unsigned long offset, uint32_t value) {
    *(volatile uint32_t *)((char *)base + offset) = value;
}
/// Orders memory-mapped stores: every store before it reaches the device before any after it
/// (`dmb ishst` on ARM; elsewhere only the compiler is kept from reordering).
static inline void pw_store_barrier(void) {
#if defined(__aarch64__) || (defined(__arm__) && __ARM_ARCH >= 7)
    __asm__ volatile("dmb ishst" ::: "memory");
#else
    __asm__ volatile("" ::: "memory");
#endif
}
/// A volatile 32-bit load at `base` + `offset` bytes.
static inline uint32_t pw_mmio_read32(void *base, unsigned long offset) {
    return *(volatile uint32_t *)((char *)base + offset);
}
#endif
