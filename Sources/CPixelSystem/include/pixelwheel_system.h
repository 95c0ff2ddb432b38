// What PixelSystem needs from the C library that Swift cannot import: the GNU scheduling calls,
// and the Linux TCP calls the web server's connection guard uses.
#ifndef PIXELWHEEL_SYSTEM_H
#define PIXELWHEEL_SYSTEM_H

/// Pins the calling thread to CPU `core`; 0 on success, -1 with errno otherwise.
int pw_pin_thread_to_core(int core);

/// The bytes TCP has received on the connected socket `fd` since it opened (Linux 4.1's
/// TCP_INFO `tcpi_bytes_received`), read yet or not; -1 with errno where that is unknown.
long long pw_tcp_bytes_received(int fd);

/// Ends the TCP connection on `fd` at once without closing the descriptor (its owner still
/// does): on Linux connect(AF_UNSPEC), which resets it and drops what it has queued;
/// elsewhere shutdown(SHUT_RDWR). 0 on success, -1 with errno otherwise.
int pw_disconnect(int fd);

#endif
