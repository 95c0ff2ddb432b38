// The ARM run-time ABI helpers that LLVM calls on ARMv7-A, which has no integer divide
// instruction in its base profile: 32- and 64-bit division, 64-bit shifts (called when
// optimising for size) and the __aeabi_mem* family. Normally they come from libgcc or
// compiler-rt and the C library. Built with -O2 so the shifts here are inlined, never calls.
#include <stddef.h>
#include <stdint.h>

// Binary long division, one quotient bit per step from the top.
static uint32_t udivmod32(uint32_t n, uint32_t d, uint32_t *remainder) {
    uint32_t q = 0, r = 0;
    for (int bit = 31; bit >= 0; bit--) {
        r = (r << 1) | ((n >> bit) & 1);
        if (r >= d) { r -= d; q |= 1u << bit; }
    }
    *remainder = r;
    return q;
}

static uint64_t udivmod64(uint64_t n, uint64_t d, uint64_t *remainder) {
    if ((n >> 32) == 0 && (d >> 32) == 0) {
        uint32_t r32;
        uint64_t q = udivmod32((uint32_t)n, (uint32_t)d, &r32);
        *remainder = r32;
        return q;
    }
    uint64_t q = 0, r = 0;
    for (int bit = 63; bit >= 0; bit--) {
        r = (r << 1) | ((n >> bit) & 1);
        if (r >= d) { r -= d; q |= (uint64_t)1 << bit; }
    }
    *remainder = r;
    return q;
}

uint32_t __aeabi_uidiv(uint32_t n, uint32_t d) {
    uint32_t r;
    return udivmod32(n, d, &r);
}

// Quotient in r0, remainder in r1: the halves of a 64-bit return value.
uint64_t __aeabi_uidivmod(uint32_t n, uint32_t d) {
    uint32_t r, q = udivmod32(n, d, &r);
    return (uint64_t)r << 32 | q;
}

static uint32_t magnitude32(int32_t x) { return x < 0 ? 0u - (uint32_t)x : (uint32_t)x; }

int32_t __aeabi_idiv(int32_t n, int32_t d) {
    uint32_t r, q = udivmod32(magnitude32(n), magnitude32(d), &r);
    return (n < 0) != (d < 0) ? (int32_t)(0u - q) : (int32_t)q;
}

uint64_t __aeabi_idivmod(int32_t n, int32_t d) {
    uint32_t r, q = udivmod32(magnitude32(n), magnitude32(d), &r);
    uint32_t quotient = (n < 0) != (d < 0) ? 0u - q : q;
    uint32_t remainder = n < 0 ? 0u - r : r;
    return (uint64_t)remainder << 32 | quotient;
}

// The 64-bit forms return the quotient in r0:r1 and the remainder in r2:r3, which C cannot
// say: these do the work and the assembly below moves the remainder into r2:r3.
uint64_t pw_uldivmod(uint64_t n, uint64_t d, uint64_t *remainder) { return udivmod64(n, d, remainder); }

uint64_t pw_ldivmod(int64_t n, int64_t d, int64_t *remainder) {
    uint64_t un = n < 0 ? 0 - (uint64_t)n : (uint64_t)n, ud = d < 0 ? 0 - (uint64_t)d : (uint64_t)d;
    uint64_t r, q = udivmod64(un, ud, &r);
    *remainder = n < 0 ? (int64_t)(0 - r) : (int64_t)r;
    return (n < 0) != (d < 0) ? 0 - q : q;
}

#if defined(__arm__)
#define DIVMOD64(name, worker) \
    __asm__(".text\n.globl " name "\n.type " name ", %function\n.p2align 2\n.arm\n" name ":\n" \
            "push {r11, lr}\n"           /* keeps the stack 8-byte aligned */ \
            "sub sp, sp, #16\n"          /* [sp]: the pointer argument, [sp+8]: the remainder */ \
            "add r12, sp, #8\n" \
            "str r12, [sp]\n" \
            "bl " worker "\n" \
            "ldrd r2, r3, [sp, #8]\n" \
            "add sp, sp, #16\n" \
            "pop {r11, pc}\n");
DIVMOD64("__aeabi_uldivmod", "pw_uldivmod")
DIVMOD64("__aeabi_ldivmod", "pw_ldivmod")
#endif

uint64_t __aeabi_llsl(uint64_t a, int n) { return a << n; }
uint64_t __aeabi_llsr(uint64_t a, int n) { return a >> n; }
int64_t __aeabi_lasr(int64_t a, int n) { return a >> n; }

// Note the argument order of __aeabi_memset: destination, count, value.
void *memcpy(void *, const void *, size_t);
void *memmove(void *, const void *, size_t);
void *memset(void *, int, size_t);
void __aeabi_memcpy(void *d, const void *s, size_t n) { memcpy(d, s, n); }
void __aeabi_memcpy4(void *d, const void *s, size_t n) { memcpy(d, s, n); }
void __aeabi_memcpy8(void *d, const void *s, size_t n) { memcpy(d, s, n); }
void __aeabi_memmove(void *d, const void *s, size_t n) { memmove(d, s, n); }
void __aeabi_memmove4(void *d, const void *s, size_t n) { memmove(d, s, n); }
void __aeabi_memmove8(void *d, const void *s, size_t n) { memmove(d, s, n); }
void __aeabi_memset(void *d, size_t n, int c) { memset(d, c, n); }
void __aeabi_memset4(void *d, size_t n, int c) { memset(d, c, n); }
void __aeabi_memset8(void *d, size_t n, int c) { memset(d, c, n); }
void __aeabi_memclr(void *d, size_t n) { memset(d, 0, n); }
void __aeabi_memclr4(void *d, size_t n) { memset(d, 0, n); }
void __aeabi_memclr8(void *d, size_t n) { memset(d, 0, n); }
