// What PixelSystem needs from the C library that Swift cannot import: the GNU scheduling calls.
#ifndef PIXELWHEEL_SYSTEM_H
#define PIXELWHEEL_SYSTEM_H

/// Pins the calling thread to CPU `core`; 0 on success, -1 with errno otherwise.
int pw_pin_thread_to_core(int core);

#endif
