#define _GNU_SOURCE
#include "pixelwheel_system.h"
#include <errno.h>
#ifdef __linux__
#include <sched.h>
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
