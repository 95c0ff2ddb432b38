// What PixelSystem needs from the C library that Swift cannot import: the GNU scheduling calls,
// getrandom, libcrypt's password hashing, and the Linux TCP calls the web server's connection
// guard uses.
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

/// The bytes TCP has received on the connected socket `fd` since it opened (Linux 4.1's
/// TCP_INFO `tcpi_bytes_received`), read yet or not; -1 with errno where that is unknown.
long long pw_tcp_bytes_received(int fd);

/// The bytes the owner of `fd` has read from it since it opened: those TCP received less those
/// still waiting in the receive queue (FIONREAD); -1 with errno where that is unknown.
long long pw_tcp_bytes_read(int fd);

/// Ends the TCP connection on `fd` at once without closing the descriptor (its owner still
/// does): on Linux connect(AF_UNSPEC), which resets it and drops what it has queued;
/// elsewhere shutdown(SHUT_RDWR). 0 on success, -1 with errno otherwise.
int pw_disconnect(int fd);

#endif
