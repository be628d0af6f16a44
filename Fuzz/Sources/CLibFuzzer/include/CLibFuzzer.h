// libFuzzer's driver, called from the fuzz binary's own entry point (SwiftPM names an executable's
// entry `<module>_main`, so libFuzzer's `main` is not the one that runs).
#include <stddef.h>
#include <stdint.h>
int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*UserCb)(const uint8_t *Data, size_t Size));
