// What PixelSystem needs from the C library that Swift cannot import: the GNU scheduling calls,
// getrandom, and libcrypt's password hashing.
#ifndef PIXELWHEEL_SYSTEM_H
#define PIXELWHEEL_SYSTEM_H

/// Pins the calling thread to CPU `core`; 0 on success, -1 with errno otherwise.
int pw_pin_thread_to_core(int core);

#include <stddef.h>

/// Fills `buffer` with `length` bytes from the kernel's random source (getrandom); 0 on
/// success, -1 with errno otherwise.
int pw_random_bytes(unsigned char *buffer, size_t length);

/// Hashes `password` with yescrypt under a fresh salt made from `salt_bytes` (`salt_length`
/// random bytes) into `output` (`output_size` bytes, at least 128), as /etc/shadow holds it
/// (`$y$…`); 0 on success, -1 when libcrypt refuses.
int pw_password_hash(const char *password, const unsigned char *salt_bytes, int salt_length, char *output, int output_size);

/// Hashes `password` with the method and salt of `stored` into `output`, for comparing with
/// `stored`; 0 on success, -1 when `stored` is no hash libcrypt knows.
int pw_password_rehash(const char *password, const char *stored, char *output, int output_size);

#endif
