// The C library's allocator settings (glibc's `mallopt`), with which the executable tunes how its heaps grow.
// Other C libraries offer nothing here.
#include <limits.h>
#if defined(__GLIBC__)
#include <malloc.h>
#endif
