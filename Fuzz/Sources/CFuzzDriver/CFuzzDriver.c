// Header-only module: LLVMFuzzerRunDriver is defined by the libFuzzer runtime.
#include "CFuzzDriver.h"
