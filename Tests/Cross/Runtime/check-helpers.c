// Checks the cross runtime's arithmetic helpers on the build machine against its own compiler
// runtime and C library, over edge cases and a few hundred thousand random operands. Built
// by scripts/build/cross.sh with every helper renamed (pw_check_*) so both versions link together.
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

typedef struct { uint64_t lo, hi; } u128;
u128 pw_check_divti3(u128, u128), pw_check_modti3(u128, u128);
u128 pw_check_udivti3(u128, u128), pw_check_umodti3(u128, u128);
u128 pw_check_ashlti3(u128, int), pw_check_lshrti3(u128, int), pw_check_ashrti3(u128, int);
uint32_t pw_check_uidiv(uint32_t, uint32_t);
uint64_t pw_check_uidivmod(uint32_t, uint32_t), pw_check_idivmod(int32_t, int32_t);
int32_t pw_check_idiv(int32_t, int32_t);
uint64_t pw_uldivmod(uint64_t, uint64_t, uint64_t *);
uint64_t pw_ldivmod(int64_t, int64_t, int64_t *);
uint64_t pw_check_llsl(uint64_t, int), pw_check_llsr(uint64_t, int);
int64_t pw_check_lasr(int64_t, int);
double pw_check_trunc(double), pw_check_ceil(double);

static uint64_t state = 0x9E3779B97F4A7C15ull;
static uint64_t next(void) {
    state ^= state << 13; state ^= state >> 7; state ^= state << 17;
    return state;
}
// Random values with a random number of significant bits, so small and large both come up.
static uint64_t operand64(void) {
    int bits = (int)(next() % 65);
    return bits == 64 ? next() : next() & (((uint64_t)1 << bits) - 1);
}

static u128 split(unsigned __int128 x) { u128 r = { (uint64_t)x, (uint64_t)(x >> 64) }; return r; }
static unsigned __int128 join(u128 x) { return (unsigned __int128)x.hi << 64 | x.lo; }

static long failures;
#define CHECK(condition, ...) do { if (!(condition)) { if (failures++ < 10) { printf(__VA_ARGS__); printf("\n"); } } } while (0)

int main(void) {
    for (long i = 0; i < 300000; i++) {
        unsigned __int128 a = (unsigned __int128)operand64() << (next() % 2 ? 64 : 0) | operand64();
        unsigned __int128 b = (unsigned __int128)operand64() << (next() % 4 ? 0 : 64) | operand64();
        if (next() % 3 == 0) a = (unsigned __int128)-(__int128)a;
        if (next() % 3 == 0) b = (unsigned __int128)-(__int128)b;
        int shift = (int)(next() % 128);
        if (b != 0) {
            CHECK(join(pw_check_udivti3(split(a), split(b))) == a / b, "udivti3");
            CHECK(join(pw_check_umodti3(split(a), split(b))) == a % b, "umodti3");
            __int128 sa = (__int128)a, sb = (__int128)b;
            if (!(sb == -1 && sa == (__int128)((unsigned __int128)1 << 127))) {
                CHECK((__int128)join(pw_check_divti3(split(a), split(b))) == sa / sb, "divti3");
                CHECK((__int128)join(pw_check_modti3(split(a), split(b))) == sa % sb, "modti3");
            }
        }
        CHECK(join(pw_check_ashlti3(split(a), shift)) == a << shift, "ashlti3 %d", shift);
        CHECK(join(pw_check_lshrti3(split(a), shift)) == a >> shift, "lshrti3 %d", shift);
        CHECK((__int128)join(pw_check_ashrti3(split(a), shift)) == (__int128)a >> shift, "ashrti3 %d", shift);

        uint64_t x = operand64(), y = operand64();
        if (next() % 3 == 0) x = (uint64_t)-(int64_t)x;
        if (next() % 3 == 0) y = (uint64_t)-(int64_t)y;
        uint32_t x32 = (uint32_t)x, y32 = (uint32_t)y;
        if (y32 != 0) {
            CHECK(pw_check_uidiv(x32, y32) == x32 / y32, "uidiv");
            uint64_t qr = pw_check_uidivmod(x32, y32);
            CHECK((uint32_t)qr == x32 / y32 && (uint32_t)(qr >> 32) == x32 % y32, "uidivmod");
            int32_t sx = (int32_t)x32, sy = (int32_t)y32;
            if (!(sy == -1 && sx == INT32_MIN)) {
                CHECK(pw_check_idiv(sx, sy) == sx / sy, "idiv");
                uint64_t sqr = pw_check_idivmod(sx, sy);
                CHECK((int32_t)(uint32_t)sqr == sx / sy && (int32_t)(uint32_t)(sqr >> 32) == sx % sy, "idivmod");
            }
        }
        if (y != 0) {
            uint64_t r;
            CHECK(pw_uldivmod(x, y, &r) == x / y && r == x % y, "uldivmod");
            int64_t sx = (int64_t)x, sy = (int64_t)y, sr;
            if (!(sy == -1 && sx == INT64_MIN)) {
                CHECK((int64_t)pw_ldivmod(sx, sy, &sr) == sx / sy && sr == sx % sy, "ldivmod");
            }
        }
        int shift64 = (int)(next() % 64);
        CHECK(pw_check_llsl(x, shift64) == x << shift64, "llsl");
        CHECK(pw_check_llsr(x, shift64) == x >> shift64, "llsr");
        CHECK(pw_check_lasr((int64_t)x, shift64) == (int64_t)x >> shift64, "lasr");

        double d;
        uint64_t bits = next();
        memcpy(&d, &bits, sizeof d);
        double scaled = (double)(int64_t)next() / (double)((uint64_t)1 << (next() % 60));
        double values[] = { d, scaled, (double)(int64_t)next(), 0.5 + (double)(int)(next() % 200) - 100 };
        for (int k = 0; k < 4; k++) {
            double v = values[k], t = pw_check_trunc(v), c = pw_check_ceil(v);
            CHECK((isnan(v) && isnan(t)) || memcmp(&t, &(double){trunc(v)}, sizeof t) == 0, "trunc %a", v);
            CHECK((isnan(v) && isnan(c)) || memcmp(&c, &(double){ceil(v)}, sizeof c) == 0, "ceil %a", v);
        }
    }
    double specials[] = { 0.0, -0.0, 0.5, -0.5, 1.0, -1.0, 0x1p52, -0x1p52, 0x1p52 + 1, 0x1.8p52, 1e300, -1e-300,
                          INFINITY, -INFINITY };
    for (unsigned k = 0; k < sizeof specials / sizeof *specials; k++) {
        double v = specials[k], t = pw_check_trunc(v), c = pw_check_ceil(v);
        CHECK(memcmp(&t, &(double){trunc(v)}, sizeof t) == 0, "trunc %a", v);
        CHECK(memcmp(&c, &(double){ceil(v)}, sizeof c) == 0, "ceil %a", v);
    }
    printf(failures == 0 ? "runtime helpers: all agree with the build machine's\n"
                         : "runtime helpers: %ld disagreements\n", failures);
    return failures != 0;
}
