// The two C library maths functions the Embedded Swift standard library calls here: its hash
// tables size themselves with ceil (Dictionary capacity), and conversions truncate. Exact:
// they only clear fraction bits.
#include <stdint.h>

double trunc(double x) {
    union { double value; uint64_t bits; } u = { x };
    uint64_t bits = u.bits;
    int exponent = (int)((bits >> 52) & 0x7FF) - 1023;
    if (exponent >= 52) return x;                      // already whole, infinite or NaN
    if (exponent < 0) bits &= (uint64_t)1 << 63;       // |x| < 1: a signed zero
    else bits &= ~(((uint64_t)1 << (52 - exponent)) - 1);
    u.bits = bits;
    return u.value;
}

double ceil(double x) {
    double whole = trunc(x);
    return x > whole ? whole + 1.0 : whole;
}
