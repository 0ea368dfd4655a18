#ifndef LATCHKEY_CFUZZDRIVER_H
#define LATCHKEY_CFUZZDRIVER_H

#include <stddef.h>
#include <stdint.h>

/// libFuzzer's driver (compiler-rt, FuzzerDriver.cpp): parses the libFuzzer flags in argv and runs
/// the fuzzing loop with `callback`. It is provided by the runtime that `-sanitize=fuzzer` links.
int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*callback)(const uint8_t *data, size_t size));

#endif
