// The few C functions an Embedded Swift program needs, for the cross harness: start-up,
// console output, exit, a heap, and the memory primitives the compiler calls. Two platforms:
//
//   PW_LINUX_USER   a static Linux program (aarch64, armv7, riscv64) run by qemu-*-static:
//                   output and exit are the write and exit_group system calls.
//   PW_RISCV_VIRT   bare metal on qemu-system-riscv32's `virt` machine: output goes to its
//                   16550 UART, exit to its SiFive test device (which ends qemu).
#include <stddef.h>
#include <stdint.h>

// MARK: output and exit

#if defined(PW_LINUX_USER)
static long pw_syscall3(long number, long a, long b, long c) {
#if defined(__aarch64__)
    register long x8 __asm__("x8") = number;
    register long x0 __asm__("x0") = a, x1 __asm__("x1") = b, x2 __asm__("x2") = c;
    __asm__ volatile("svc #0" : "+r"(x0) : "r"(x8), "r"(x1), "r"(x2) : "memory");
    return x0;
#elif defined(__arm__)
    register long r7 __asm__("r7") = number;
    register long r0 __asm__("r0") = a, r1 __asm__("r1") = b, r2 __asm__("r2") = c;
    __asm__ volatile("svc #0" : "+r"(r0) : "r"(r7), "r"(r1), "r"(r2) : "memory");
    return r0;
#elif defined(__riscv)
    register long a7 __asm__("a7") = number;
    register long a0 __asm__("a0") = a, a1 __asm__("a1") = b, a2 __asm__("a2") = c;
    __asm__ volatile("ecall" : "+r"(a0) : "r"(a7), "r"(a1), "r"(a2) : "memory");
    return a0;
#else
#error "no system calls for this CPU"
#endif
}

// Linux's numbers: the generic table (aarch64, riscv64) and the 32-bit ARM EABI table.
#if defined(__arm__)
enum { SYS_WRITE = 4, SYS_EXIT_GROUP = 248 };
#else
enum { SYS_WRITE = 64, SYS_EXIT_GROUP = 94 };
#endif

static void pw_write(const char *bytes, size_t count) {
    while (count > 0) {
        long written = pw_syscall3(SYS_WRITE, 1, (long)bytes, (long)count);
        if (written <= 0) return;
        bytes += written;
        count -= (size_t)written;
    }
}

static void __attribute__((noreturn)) pw_exit(int code) {
    for (;;) pw_syscall3(SYS_EXIT_GROUP, code, 0, 0);
}

#elif defined(PW_RISCV_VIRT)
#define UART_BASE ((volatile uint8_t *)0x10000000)
#define UART_LSR_THR_EMPTY 0x20
#define SIFIVE_TEST ((volatile uint32_t *)0x100000)

static void pw_write(const char *bytes, size_t count) {
    for (size_t i = 0; i < count; i++) {
        while ((UART_BASE[5] & UART_LSR_THR_EMPTY) == 0) {}
        UART_BASE[0] = (uint8_t)bytes[i];
    }
}

static void __attribute__((noreturn)) pw_exit(int code) {
    // 0x5555 powers the machine off (qemu exits 0); 0x3333 with a code exits with that code.
    *SIFIVE_TEST = code == 0 ? 0x5555u : ((uint32_t)code << 16) | 0x3333u;
    for (;;) {}
}
#else
#error "define PW_LINUX_USER or PW_RISCV_VIRT"
#endif

// Swift's print writes a byte at a time through putchar; lines go out whole.
static char line[256];
static size_t lineLength;

static void pw_flush(void) {
    pw_write(line, lineLength);
    lineLength = 0;
}

int putchar(int c) {
    line[lineLength++] = (char)c;
    if (c == '\n' || lineLength == sizeof line) pw_flush();
    return c;
}

// MARK: memory primitives

void *memset(void *destination, int value, size_t count) {
    unsigned char *d = destination;
    while (count--) *d++ = (unsigned char)value;
    return destination;
}

void *memcpy(void *restrict destination, const void *restrict source, size_t count) {
    unsigned char *d = destination;
    const unsigned char *s = source;
    while (count--) *d++ = *s++;
    return destination;
}

void *memmove(void *destination, const void *source, size_t count) {
    unsigned char *d = destination;
    const unsigned char *s = source;
    if (d < s) {
        while (count--) *d++ = *s++;
    } else {
        while (count--) d[count] = s[count];
    }
    return destination;
}

int memcmp(const void *left, const void *right, size_t count) {
    const unsigned char *a = left, *b = right;
    for (size_t i = 0; i < count; i++) {
        if (a[i] != b[i]) return a[i] < b[i] ? -1 : 1;
    }
    return 0;
}

size_t strlen(const char *text) {
    size_t n = 0;
    while (text[n]) n++;
    return n;
}

// MARK: heap
//
// Power-of-two size classes with a free list each, carved from one static arena. A block
// starts with a 16-byte header holding its class and where the block starts, so payloads of
// any alignment up to the block size can be handed out and freed. Frames of the same size
// recycle the same blocks, so a long run stays within a few times its peak live memory.

#ifndef PW_HEAP_BYTES
#define PW_HEAP_BYTES (16u << 20)
#endif
#define HEADER 16u

static unsigned char arena[PW_HEAP_BYTES] __attribute__((aligned(16)));
static size_t arenaUsed;
static void *freeLists[sizeof(size_t) * 8];

struct header { size_t sizeClass; void *block; };

int posix_memalign(void **result, size_t alignment, size_t size) {
    if (alignment < HEADER) alignment = HEADER;
    size_t needed = size + alignment + HEADER;
    size_t sizeClass = 5;
    while (((size_t)1 << sizeClass) < needed) sizeClass++;
    size_t blockSize = (size_t)1 << sizeClass;
    void *block = freeLists[sizeClass];
    if (block) {
        freeLists[sizeClass] = *(void **)block;
    } else {
        if (blockSize > sizeof arena - arenaUsed) return 12;  // ENOMEM
        block = arena + arenaUsed;
        arenaUsed += blockSize;
    }
    uintptr_t payload = ((uintptr_t)block + HEADER + alignment - 1) & ~(uintptr_t)(alignment - 1);
    struct header *h = (struct header *)(payload - HEADER);
    h->sizeClass = sizeClass;
    h->block = block;
    *result = (void *)payload;
    return 0;
}

void *malloc(size_t size) {
    void *p;
    return posix_memalign(&p, HEADER, size) == 0 ? p : NULL;
}

void free(void *payload) {
    if (!payload) return;
    struct header *h = (struct header *)((uintptr_t)payload - HEADER);
    void *block = h->block;
    *(void **)block = freeLists[h->sizeClass];
    freeLists[h->sizeClass] = block;
}

// Hashing seeds: fixed bytes are enough (the harness prints nothing that depends on them).
void arc4random_buf(void *buffer, size_t count) {
    unsigned char *b = buffer;
    for (size_t i = 0; i < count; i++) b[i] = (unsigned char)(0x9E + 37 * i);
}

// MARK: start-up

int main(int argc, char **argv);

extern void (*__init_array_start[])(void) __attribute__((weak));
extern void (*__init_array_end[])(void) __attribute__((weak));

static void __attribute__((noreturn, used)) pw_start(void) {
    for (void (**f)(void) = __init_array_start; f < __init_array_end; f++) (*f)();
    int code = main(0, 0);
    pw_flush();
    pw_exit(code);
}

#if defined(PW_LINUX_USER)
// The kernel (here qemu) enters with a valid stack.
void __attribute__((noreturn)) _start(void) { pw_start(); }
#else
extern char __bss_start[], __bss_end[], __stack_top[];

static void __attribute__((noreturn, used)) pw_bare_start(void) {
    for (char *p = __bss_start; p < __bss_end; p++) *p = 0;
    pw_start();
}

// Reset: hart 0 sets its stack and runs; any other hart waits forever.
__attribute__((naked, section(".text.start"))) void _start(void) {
    __asm__ volatile(
        "csrr t0, mhartid\n"
        "1: bnez t0, 1b\n"
        "la sp, __stack_top\n"
        "j pw_bare_start\n");
}
#endif

// MARK: stack protector
//
// Swift functions with arrays on the stack check this canary on return.
uintptr_t __stack_chk_guard = (uintptr_t)0x2F8A6C1D5B3E4907ull;

void __attribute__((noreturn)) __stack_chk_fail(void) {
    static const char message[] = "stack smashing detected\n";
    pw_flush();
    pw_write(message, sizeof message - 1);
    pw_exit(134);
}

