#!/usr/bin/env bash
# Runs `pixelwheel bench` with a tiny malloc-counting library preloaded, so the encode rows
# report heap allocations per iteration (the HUB75 refresh loop must show 0).
# Usage: scripts/bench/count-allocations.sh [bench options]
set -euo pipefail
cd "$(dirname "$0")/../.."
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cat > "$work/counter.c" <<'C'
#define _GNU_SOURCE
#include <dlfcn.h>
#include <stddef.h>
#include <stdint.h>
#include <stdatomic.h>
#include <string.h>
static atomic_uint_fast64_t count;
static void *(*real_malloc)(size_t);
static void *(*real_calloc)(size_t, size_t);
static void *(*real_realloc)(void *, size_t);
static void (*real_free)(void *);
static int (*real_posix_memalign)(void **, size_t, size_t);
static void *(*real_aligned_alloc)(size_t, size_t);
/* dlsym itself may call calloc before the real one is known: serve it from here. */
static char bootstrap[8192];
static size_t bootstrap_used;
static int resolving;
static void resolve(void) {
    if (real_malloc || resolving) return;
    resolving = 1;
    real_calloc = dlsym(RTLD_NEXT, "calloc");
    real_malloc = dlsym(RTLD_NEXT, "malloc");
    real_realloc = dlsym(RTLD_NEXT, "realloc");
    real_free = dlsym(RTLD_NEXT, "free");
    real_posix_memalign = dlsym(RTLD_NEXT, "posix_memalign");
    real_aligned_alloc = dlsym(RTLD_NEXT, "aligned_alloc");
    resolving = 0;
}
static int from_bootstrap(void *p) { return (char *)p >= bootstrap && (char *)p < bootstrap + sizeof bootstrap; }
uint64_t pixelwheel_allocation_count(void) { return atomic_load(&count); }
void *malloc(size_t n) { resolve(); atomic_fetch_add(&count, 1); return real_malloc(n); }
void *calloc(size_t a, size_t b) {
    if (!real_calloc) {
        resolve();
        if (!real_calloc) {
            size_t n = (a * b + 15) & ~(size_t)15;
            void *p = bootstrap + bootstrap_used;
            bootstrap_used += n;
            memset(p, 0, n);
            return p;
        }
    }
    atomic_fetch_add(&count, 1);
    return real_calloc(a, b);
}
void *realloc(void *p, size_t n) { resolve(); atomic_fetch_add(&count, 1); return real_realloc(p, n); }
void free(void *p) { if (!p || from_bootstrap(p)) return; resolve(); real_free(p); }
int posix_memalign(void **out, size_t align, size_t n) { resolve(); atomic_fetch_add(&count, 1); return real_posix_memalign(out, align, n); }
void *aligned_alloc(size_t align, size_t n) { resolve(); atomic_fetch_add(&count, 1); return real_aligned_alloc(align, n); }
C
cc -O2 -shared -fPIC -o "$work/libcount.so" "$work/counter.c" -ldl
swift build -c release >/dev/null
LD_PRELOAD="$work/libcount.so" .build/release/pixelwheel bench "$@"
