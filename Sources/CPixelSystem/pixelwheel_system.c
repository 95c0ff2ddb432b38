#define _GNU_SOURCE
#include "pixelwheel_system.h"
#include <errno.h>
#include <stddef.h>
#include <string.h>
#include <sys/socket.h>
#include <netinet/in.h>
#ifdef __linux__
#include <sched.h>
#include <sys/random.h>
#include <crypt.h>
#include <linux/tcp.h>
#include <sys/ioctl.h>
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

int pw_random_bytes(unsigned char *buffer, size_t length) {
#ifdef __linux__
    size_t filled = 0;
    while (filled < length) {
        ssize_t got = getrandom(buffer + filled, length - filled, 0);
        if (got < 0) {
            if (errno == EINTR) continue;
            return -1;
        }
        filled += (size_t)got;
    }
    return 0;
#else
    (void)buffer; (void)length;
    errno = ENOSYS;
    return -1;
#endif
}

#ifdef __linux__
/// Copies crypt_rn's result into `output` unless it failed (NULL, or a string starting with '*').
static int pw_copy_hash(const char *hashed, char *output, int output_size) {
    if (hashed == NULL || hashed[0] == '*') return -1;
    size_t length = strlen(hashed);
    if (length + 1 > (size_t)output_size) return -1;
    memcpy(output, hashed, length + 1);
    return 0;
}
#endif

int pw_password_rehash(const char *password, const char *stored, char *output, int output_size) {
#ifdef __linux__
    struct crypt_data data;
    memset(&data, 0, sizeof data);
    int result = pw_copy_hash(crypt_rn(password, stored, &data, sizeof data), output, output_size);
    memset(&data, 0, sizeof data);
    return result;
#else
    (void)password; (void)stored; (void)output; (void)output_size;
    errno = ENOSYS;
    return -1;
#endif
}

int pw_password_hash(const char *password, const unsigned char *salt_bytes, int salt_length, char *output, int output_size) {
#ifdef __linux__
    char setting[CRYPT_GENSALT_OUTPUT_SIZE];
    if (crypt_gensalt_rn("$y$", 0, (const char *)salt_bytes, salt_length, setting, sizeof setting) == NULL) return -1;
    return pw_password_rehash(password, setting, output, output_size);
#else
    (void)password; (void)salt_bytes; (void)salt_length; (void)output; (void)output_size;
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

long long pw_tcp_bytes_read(int fd) {
#ifdef __linux__
    long long received = pw_tcp_bytes_received(fd);
    if (received < 0) return -1;
    int unread = 0;
    if (ioctl(fd, FIONREAD, &unread) != 0) return -1;
    return received - (long long)unread;
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
