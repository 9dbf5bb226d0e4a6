#ifndef DVPIPE_CMALLOC_SHIM_H
#define DVPIPE_CMALLOC_SHIM_H
/* glibc's allocator controls (mallopt and its M_* parameters), which Swift's Glibc module leaves out. */
#include <malloc.h>
#endif
