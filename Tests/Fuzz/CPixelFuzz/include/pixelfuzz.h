#ifndef PIXELFUZZ_H
#define PIXELFUZZ_H

#include <stddef.h>
#include <stdint.h>

/// libFuzzer's driver (in the runtime that `-sanitize=fuzzer` links): parses libFuzzer's flags
/// from argc/argv and calls `callback` with each input. Only defined in fuzzer builds.
int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*callback)(const uint8_t *data, size_t size));

#endif
