// Counts the register stores hzeller's rpi-rgb-led-matrix makes per full
// refresh, by *running* its unmodified lib/ code on an x86-64 Linux host.
//
// How: this file defines open/stat/mmap, so the library's calls land
// here instead of in libc. /dev/gpiomem0, /dev/mem and /dev/gpiomem "open"
// and their mmap() hands back plain anonymous pages; /proc/cpuinfo reads as
// a Pi 5 (rio mode) or Pi 3 (gpio mode); opens for writing (the library
// tunes /proc/sys and cpufreq when run as root) are refused. The fake
// register pages are made read-only for the one refresh we measure: every
// store faults, the SIGSEGV handler opens the page and sets the x86 trap flag,
// the store executes, and the SIGTRAP handler closes the page again and logs
// (offset, value). Reads never fault, so the library's own polling still works.
//
// Usage: count-stores rio|gpio COLS ROWS [gpio-slowdown]
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <ucontext.h>
#include <unistd.h>

#include "framebuffer-internal.h"
#include "gpio.h"
#include "hardware-mapping.h"
#include "rp1/rp1_rio_backend.h"

using namespace rgb_matrix;
using namespace rgb_matrix::internal;

// ---------------------------------------------------------------- fake devices
struct Region { char *base; size_t len; long long devoff; };
static Region g_region[8];
static int g_nregion = 0;
static int g_fake_fd = -1;           // fd returned for the last fake device open
static const char *g_cpuinfo = "";

static bool IsFakeDevice(const char *p) {
  return !strcmp(p, "/dev/gpiomem0") || !strcmp(p, "/dev/mem") || !strcmp(p, "/dev/gpiomem");
}

extern "C" int open(const char *path, int flags, ...) {
  mode_t mode = 0;
  if (flags & O_CREAT) { va_list ap; va_start(ap, flags); mode = va_arg(ap, int); va_end(ap); }
  if (IsFakeDevice(path)) {
    // A real, harmless fd so that the library's close() succeeds; mmap()
    // recognises it by number and never maps /dev/null itself.
    g_fake_fd = syscall(SYS_openat, AT_FDCWD, "/dev/null", O_RDWR);
    return g_fake_fd;
  }
  if (!strcmp(path, "/proc/cpuinfo")) {  // decides GetPiModel()
    int fd = syscall(SYS_memfd_create, "cpuinfo", 0);
    if (write(fd, g_cpuinfo, strlen(g_cpuinfo)) < 0) return -1;
    lseek(fd, 0, SEEK_SET);
    return fd;
  }
  if (!strncmp(path, "/proc/device-tree/", 18)) { errno = ENOENT; return -1; }
  if ((flags & O_ACCMODE) != O_RDONLY) { errno = EACCES; return -1; }  // no tuning of host
  return syscall(SYS_openat, AT_FDCWD, path, flags, mode);
}

extern "C" int stat(const char *path, struct stat *st) __THROW {
  if (IsFakeDevice(path)) {  // Rp1RioPlatformDetected() checks the node exists
    memset(st, 0, sizeof(*st));
    st->st_mode = S_IFCHR | 0600;
    return 0;
  }
  return syscall(SYS_newfstatat, AT_FDCWD, path, st, 0);
}

extern "C" void *mmap(void *addr, size_t len, int prot, int flags, int fd, off_t off) __THROW {
  if (fd < 0 || fd != g_fake_fd || g_nregion == 8)
    return (void *)syscall(SYS_mmap, addr, len, prot, flags, fd, off);
  g_fake_fd = -1;
  void *p = (void *)syscall(SYS_mmap, NULL, len, PROT_READ | PROT_WRITE,
                            MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (p == MAP_FAILED) return p;
  // BCM PWM block: report the FIFO empty (PWM_STA bit 1) so the hardware
  // pin pulser's WaitPulseFinished() does not spin forever.
  if ((off & 0xfff000) == 0x20c000) ((uint32_t *)p)[1] = 2;
  g_region[g_nregion++] = Region{(char *)p, len, (long long)off};
  return p;
}

// framebuffer.cc's framebuffer_reset_globals() calls this led-matrix.cc
// function; we don't build led-matrix.cc (or call that), so an empty stub
// satisfies the linker.
extern "C" void ledmatrix_reset_global_gpio() {}

// ------------------------------------------------------------- store trapping
struct Store { int region; uint32_t off; uint32_t value; };
static Store *g_log;
static size_t g_nlog = 0;
static const size_t kLogCap = 1 << 22;
static bool g_armed = false;
static uint32_t *g_pending = NULL;
static int g_pending_region = -1;

static void Protect(int prot) {
  for (int i = 0; i < g_nregion; ++i) mprotect(g_region[i].base, g_region[i].len, prot);
  g_armed = (prot == PROT_READ);
}

static void OnSegv(int, siginfo_t *si, void *ctx) {
  char *a = (char *)si->si_addr;
  int r = -1;
  for (int i = 0; i < g_nregion; ++i)
    if (a >= g_region[i].base && a < g_region[i].base + g_region[i].len) r = i;
  if (r < 0 || !g_armed) { signal(SIGSEGV, SIG_DFL); return; }  // real crash
  mprotect((void *)((uintptr_t)a & ~(uintptr_t)4095), 4096, PROT_READ | PROT_WRITE);
  g_pending = (uint32_t *)((uintptr_t)a & ~(uintptr_t)3);
  g_pending_region = r;
  ((ucontext_t *)ctx)->uc_mcontext.gregs[REG_EFL] |= 0x100;  // trap after the store
}

static void OnTrap(int, siginfo_t *, void *ctx) {
  ((ucontext_t *)ctx)->uc_mcontext.gregs[REG_EFL] &= ~0x100;
  if (!g_pending) return;
  mprotect((void *)((uintptr_t)g_pending & ~(uintptr_t)4095), 4096, PROT_READ);
  if (g_nlog < kLogCap) {
    g_log[g_nlog++] = Store{g_pending_region,
        (uint32_t)((char *)g_pending - g_region[g_pending_region].base), *g_pending};
  }
  g_pending = NULL;
}

// ------------------------------------------------------------------- analysis
// Replays the logged stores as pin levels and decodes the HUB75 stream:
// colour bits are shifted in on each clock rising edge, a latch rising edge
// transfers the last row of shifted words for the address on the A..E pins.
static void Analyze(bool rio, const char *picture, bool white, Framebuffer &fb,
                    const char *label) {
  const HardwareMapping &h = fb.hardware_mapping();
  const uint32_t colours = h.p0_r1 | h.p0_g1 | h.p0_b1 | h.p0_r2 | h.p0_g2 | h.p0_b2;
  const int cols = fb.columns(), drows = fb.double_rows(), planes = Framebuffer::kBitPlanes;
  long data = 0, xr = 0, set = 0, clr = 0, pwm = 0, other = 0, rio_block = 0;
  uint32_t pins = 0, prev = 0;
  std::vector<uint32_t> shifted;
  std::vector<size_t> latch_at;
  int bad_clocks = 0, bad_addr = 0, bad_oe = 0, bad_bits = 0, bad_white = 0;
  for (size_t i = 0; i < g_nlog; ++i) {
    const Store &s = g_log[i];
    const long long dev = g_region[s.region].devoff;
    bool is_pins = false;
    if (rio && s.off >= 0x10000 && s.off < 0x14000) {
      // RP1 RIO block: +0x0000 plain, +0x1000 XOR, +0x2000 SET, +0x3000 CLR
      // aliases of each register; only register 0 (Out) drives the pins.
      ++rio_block;
      if ((s.off & 0xfff) != 0) continue;
      switch (s.off & 0x3000) {
        case 0x0000: pins = s.value; ++data; break;
        case 0x1000: pins ^= s.value; ++xr; break;
        case 0x2000: pins |= s.value; ++set; break;
        default:     pins &= ~s.value; ++clr; break;
      }
      is_pins = true;
    } else if (!rio && (dev & 0xfff000) == 0x200000 && s.off == 0x1c) {
      pins |= s.value; ++set; is_pins = true;     // GPSET0
    } else if (!rio && (dev & 0xfff000) == 0x200000 && s.off == 0x28) {
      pins &= ~s.value; ++clr; is_pins = true;    // GPCLR0
    } else if (!rio && (dev & 0xfff000) == 0x20c000) { ++pwm;
    } else { ++other; }
    if (!is_pins) continue;
    if ((pins & h.clock) && !(prev & h.clock)) shifted.push_back(pins & colours);
    if ((pins & h.strobe) && !(prev & h.strobe)) {
      const int k = latch_at.size(), row = k / planes, plane = k % planes;
      latch_at.push_back(i);
      int addr = ((pins & h.a) ? 1 : 0) | ((pins & h.b) ? 2 : 0) | ((pins & h.c) ? 4 : 0)
               | ((pins & h.d) ? 8 : 0) | ((pins & h.e) ? 16 : 0);
      if ((int)shifted.size() != cols) ++bad_clocks;
      if (addr != row) ++bad_addr;
      if (rio && !(pins & h.output_enable)) ++bad_oe;  // must be dark (OE high)
      if (row < drows && (int)shifted.size() >= cols) {
        const gpio_bits_t *want = fb.RowDataAt(row, plane);
        const uint32_t *got = &shifted[shifted.size() - cols];
        for (int c = 0; c < cols; ++c) {
          if (got[c] != (uint32_t)(want[c] & colours)) ++bad_bits;
          if (white && got[c] != colours) ++bad_white;
        }
      }
      shifted.clear();
    }
    prev = pins;
  }
  if (rio)
    printf("hzeller rp1 rio %s: %ld stores per refresh [%s; to Out: plain=%ld XOR=%ld"
           " SET=%ld CLR=%ld; other RIO regs=%ld; outside RIO block=%ld]\n", label,
           rio_block, picture, data, xr, set, clr, rio_block - data - xr - set - clr, other);
  else
    printf("hzeller pi1-4 gpio %s: %ld GPSET/GPCLR stores per refresh [%s; GPSET=%ld"
           " GPCLR=%ld; +%ld PWM pulser, %ld other]\n",
           label, set + clr, picture, set, clr, pwm, other);
  const bool ok = (int)latch_at.size() == drows * planes && !bad_clocks && !bad_addr
                  && !bad_oe && !bad_bits && !bad_white;
  printf("  decode: %zu latches (want %d), %d with clocks!=%d, %d wrong address, %d"
         " OE-on at latch, %d words differ from framebuffer%s -> %s\n",
         latch_at.size(), drows * planes, bad_clocks, cols, bad_addr, bad_oe, bad_bits,
         white ? (bad_white ? ", NOT all-white" : ", all 11 planes all-white") : "",
         ok ? "OK" : "MISMATCH");
  if ((int)latch_at.size() >= 2 * planes + 1) {
    // Plane k's share: stores after the previous latch up to its own latch.
    printf("  stores per plane (previous latch -> own latch), row 1 planes 0..%d:",
           planes - 1);
    for (int k = planes; k < 2 * planes; ++k) printf(" %zu", latch_at[k] - latch_at[k - 1]);
    printf("\n  before first latch: %zu, from last latch to end: %zu\n",
           latch_at[0] + 1, g_nlog - latch_at.back() - 1);
  }
}

int main(int argc, char **argv) {
  if (argc < 4 || (strcmp(argv[1], "rio") && strcmp(argv[1], "gpio"))) {
    fprintf(stderr, "usage: %s rio|gpio COLS ROWS [gpio-slowdown]\n", argv[0]);
    return 2;
  }
  const bool rio = !strcmp(argv[1], "rio");
  const int cols = atoi(argv[2]), rows = atoi(argv[3]);
  const int slowdown = argc > 4 ? atoi(argv[4]) : 1;  // library default off Pi 4
  // Revision codes: 0xc04170 -> type 0x17 (Pi 5); 0xa02082 -> type 0x08 (Pi 3 B).
  g_cpuinfo = rio ? "Revision\t: c04170\n" : "Revision\t: a02082\n";

  struct sigaction sa;
  memset(&sa, 0, sizeof(sa));
  sa.sa_flags = SA_SIGINFO;
  sa.sa_sigaction = OnSegv;
  sigaction(SIGSEGV, &sa, NULL);
  sa.sa_sigaction = OnTrap;
  sigaction(SIGTRAP, &sa, NULL);
  g_log = new Store[kLogCap];
  setvbuf(stdout, NULL, _IOLBF, 0);

  // Same order as RGBMatrix::CreateFromOptions()/SetGPIO(): parallel 1,
  // pwm-lsb 130 ns, dither 0, row address type 0, hardware pulsing allowed.
  Framebuffer::InitHardwareMapping("regular");
  static GPIO io;
  if (rio) {
    Rp1RioSetEnabled(true);
    if (!Rp1RioShouldActivate("regular", 0, 1)) { fprintf(stderr, "RIO not detected\n"); return 1; }
    Rp1RioSetGpioSlowdown(slowdown);
  } else if (!io.Init(slowdown)) {
    fprintf(stderr, "GPIO::Init failed\n");
    return 1;
  }
  Framebuffer::InitGPIO(&io, rows, 1, true, 130, 0, 0);
  if (rio != Rp1RioIsActive()) { fprintf(stderr, "wrong backend active\n"); return 1; }

  PixelDesignatorMap *mapper = NULL;
  Framebuffer fb(rows, cols, 1, 0, "RGB", false, &mapper);
  char label[64];
  if (rio) snprintf(label, sizeof(label), "%dx%d 11-bit", cols, rows);
  else snprintf(label, sizeof(label), "slowdown=%d %dx%d 11-bit", slowdown, cols, rows);
  for (int pic = 0; pic < 2; ++pic) {
    for (int y = 0; y < rows; ++y)
      for (int x = 0; x < cols; ++x) {
        if (pic == 0) fb.SetPixel(x, y, 255, 255, 255);
        else fb.SetPixel(x, y, (uint8_t)(x * 4), (uint8_t)(y * 8), (uint8_t)((x + y) * 2));
      }
    fb.DumpToMatrix(&io, 0);  // warm-up: leaves row setter / pulser in steady state
    g_nlog = 0;
    Protect(PROT_READ);
    fb.DumpToMatrix(&io, 0);  // the measured refresh
    Protect(PROT_READ | PROT_WRITE);
    Analyze(rio, pic == 0 ? "white" : "pattern r=x*4 g=y*8 b=(x+y)*2", pic == 0, fb, label);
  }
  return 0;
}
