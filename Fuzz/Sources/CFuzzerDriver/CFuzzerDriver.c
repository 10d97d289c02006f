#include "CFuzzerDriver.h"

// libFuzzer's entry point for programs that have their own `main` (SwiftPM gives every
// executable one). Weak: absent unless the program is linked with -sanitize=fuzzer.
extern int LLVMFuzzerRunDriver(int *argc, char ***argv,
                               int (*UserCb)(const uint8_t *Data, size_t Size)) __attribute__((weak));

int cfuzzerdriver_is_available(void) { return LLVMFuzzerRunDriver != NULL; }

int cfuzzerdriver_run(int *argc, char ***argv, cfuzzerdriver_test_one_input test) {
    if (LLVMFuzzerRunDriver == NULL) return -1;
    return LLVMFuzzerRunDriver(argc, argv, test);
}
