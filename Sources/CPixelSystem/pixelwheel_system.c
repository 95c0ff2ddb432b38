#define _GNU_SOURCE
#include "pixelwheel_system.h"
#include <errno.h>
#include <stddef.h>
#include <string.h>
#include <sys/socket.h>
#include <netinet/in.h>
#ifdef __linux__
#include <sched.h>
#include <linux/tcp.h>
#endif

int pw_pin_thread_to_core(int core) {
#ifdef __linux__
    cpu_set_t set;
    CPU_ZERO(&set);
    CPU_SET(core, &set);
    return sched_setaffinity(0, sizeof set, &set);
#else
    (void)core;
    errno = ENOSYS;
    return -1;
#endif
}

long long pw_tcp_bytes_received(int fd) {
#ifdef __linux__
    struct tcp_info info;
    socklen_t length = sizeof info;
    memset(&info, 0, sizeof info);
    if (getsockopt(fd, IPPROTO_TCP, TCP_INFO, &info, &length) != 0) return -1;
    size_t needed = offsetof(struct tcp_info, tcpi_bytes_received) + sizeof info.tcpi_bytes_received;
    if (length < needed) {  // a kernel before 4.1
        errno = ENOSYS;
        return -1;
    }
    return (long long)info.tcpi_bytes_received;
#else
    (void)fd;
    errno = ENOSYS;
    return -1;
#endif
}

int pw_disconnect(int fd) {
#ifdef __linux__
    struct sockaddr unspecified;
    memset(&unspecified, 0, sizeof unspecified);
    unspecified.sa_family = AF_UNSPEC;
    return connect(fd, &unspecified, sizeof unspecified);
#else
    return shutdown(fd, SHUT_RDWR);
#endif
}
