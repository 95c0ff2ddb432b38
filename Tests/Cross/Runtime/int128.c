// The 128-bit integer helpers LLVM calls for Swift's Int128 and UInt128 when it does not
// inline the operation (division always; shifts when optimising for size). Normally they come
// from compiler-rt's builtins library, which the Swift toolchain ships for the host only.
//
// A 128-bit value is two 64-bit halves, low first. On the 64-bit targets such a struct travels
// in the same register pair as an i128; on riscv32 both are passed by reference and returned
// through a pointer, so one C signature fits every target built here.
#include <stdint.h>

typedef struct { uint64_t lo, hi; } u128;

static int is_negative(u128 x) { return (int64_t)x.hi < 0; }

static u128 negate(u128 x) {
    u128 r = { ~x.lo + 1, ~x.hi + (x.lo == 0) };
    return r;
}

static int less(u128 a, u128 b) { return a.hi < b.hi || (a.hi == b.hi && a.lo < b.lo); }

static u128 subtract(u128 a, u128 b) {
    u128 r = { a.lo - b.lo, a.hi - b.hi - (a.lo < b.lo) };
    return r;
}

u128 __ashlti3(u128 a, int shift) {
    u128 r;
    if (shift == 0) return a;
    if (shift >= 64) { r.hi = a.lo << (shift - 64); r.lo = 0; }
    else { r.hi = (a.hi << shift) | (a.lo >> (64 - shift)); r.lo = a.lo << shift; }
    return r;
}

u128 __lshrti3(u128 a, int shift) {
    u128 r;
    if (shift == 0) return a;
    if (shift >= 64) { r.lo = a.hi >> (shift - 64); r.hi = 0; }
    else { r.lo = (a.lo >> shift) | (a.hi << (64 - shift)); r.hi = a.hi >> shift; }
    return r;
}

u128 __ashrti3(u128 a, int shift) {
    u128 r;
    if (shift == 0) return a;
    if (shift >= 64) {
        r.lo = (uint64_t)((int64_t)a.hi >> (shift - 64));
        r.hi = (uint64_t)((int64_t)a.hi >> 63);
    } else {
        r.lo = (a.lo >> shift) | (a.hi << (64 - shift));
        r.hi = (uint64_t)((int64_t)a.hi >> shift);
    }
    return r;
}

// Schoolbook binary long division: one quotient bit per step, from the top. Slow (128 steps)
// but short and obviously right; the renderer divides 128-bit values a few times per frame.
static u128 udivmod(u128 n, u128 d, u128 *remainder) {
    u128 q = { 0, 0 }, r = { 0, 0 };
    for (int bit = 127; bit >= 0; bit--) {
        r = __ashlti3(r, 1);
        r.lo |= (bit >= 64 ? n.hi >> (bit - 64) : n.lo >> bit) & 1;
        if (!less(r, d)) {
            r = subtract(r, d);
            if (bit >= 64) q.hi |= (uint64_t)1 << (bit - 64); else q.lo |= (uint64_t)1 << bit;
        }
    }
    if (remainder) *remainder = r;
    return q;
}

u128 __udivti3(u128 n, u128 d) { return udivmod(n, d, 0); }

u128 __umodti3(u128 n, u128 d) {
    u128 r;
    udivmod(n, d, &r);
    return r;
}

// Signed: truncating division, as C and Swift define it; the remainder takes the dividend's sign.
u128 __divti3(u128 n, u128 d) {
    int negative = is_negative(n) != is_negative(d);
    u128 q = udivmod(is_negative(n) ? negate(n) : n, is_negative(d) ? negate(d) : d, 0);
    return negative ? negate(q) : q;
}

u128 __modti3(u128 n, u128 d) {
    u128 r;
    udivmod(is_negative(n) ? negate(n) : n, is_negative(d) ? negate(d) : d, &r);
    return is_negative(n) ? negate(r) : r;
}
