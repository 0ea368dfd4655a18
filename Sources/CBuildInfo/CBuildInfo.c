#include "CBuildInfo.h"

#ifndef LK_BUILD_VERSION
#define LK_BUILD_VERSION ""
#endif

const char *lk_build_version(void) { return LK_BUILD_VERSION; }
