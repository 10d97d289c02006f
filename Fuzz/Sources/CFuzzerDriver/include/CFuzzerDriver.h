#ifndef CFUZZERDRIVER_H
#define CFUZZERDRIVER_H

#include <stddef.h>
#include <stdint.h>

/// The signature of a fuzz target's body (libFuzzer's `LLVMFuzzerTestOneInput`).
typedef int (*cfuzzerdriver_test_one_input)(const uint8_t *data, size_t size);

/// Runs libFuzzer's driver (`LLVMFuzzerRunDriver`) with the process's arguments when the
/// executable was linked with `-sanitize=fuzzer`; returns -1 without running anything when it
/// was not (the caller then replays files itself).
int cfuzzerdriver_run(int *argc, char ***argv, cfuzzerdriver_test_one_input test);

/// Whether libFuzzer is linked in.
int cfuzzerdriver_is_available(void);

#endif
