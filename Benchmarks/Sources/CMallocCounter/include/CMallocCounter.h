/*
 * CMallocCounter: counts the heap allocations of the process, behind names prefixed
 * `cmalloccounter_`. This header includes only standard headers.
 *
 * Linking this target into an executable replaces malloc, calloc, realloc, memalign,
 * posix_memalign, aligned_alloc, valloc and pvalloc for the whole process (shared libraries
 * included): each counts one call, then forwards to glibc's own allocator (__libc_malloc and
 * friends), so free and malloc_usable_size keep working unchanged. Link it only into the
 * benchmark runner (and its tests), never into the library.
 */
#ifndef CMALLOCCOUNTER_H
#define CMALLOCCOUNTER_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Allocation calls (malloc, calloc, realloc, memalign, posix_memalign, aligned_alloc, valloc,
 * pvalloc) made by every thread of the process so far. Thread-safe (a relaxed atomic). */
uint64_t cmalloccounter_count(void);

/* The same calls made by the calling thread only: unaffected by what other threads do, so a
 * test can check an allocation-free loop while other tests run. */
uint64_t cmalloccounter_thread_count(void);

/* Returns the heap's free memory to the kernel (glibc's malloc_trim(0)), so that the
 * resident size afterwards is about what is in use. */
void cmalloccounter_trim(void);

/* Bytes of heap the process's allocations hold now: glibc's mallinfo2() in-use bytes of the
 * arenas (uordblks) plus the bytes of the chunks it mmapped on their own (hblkhd), so that
 * large arrays count too. The difference between two calls is what was allocated (and kept)
 * in between, whatever the thread. */
uint64_t cmalloccounter_heap_bytes_in_use(void);

/* 1 when the allocator really is replaced (the calls above move), 0 when the process uses
 * another malloc (this object was linked but its symbols were not the ones bound). */
int cmalloccounter_is_active(void);

#ifdef __cplusplus
}
#endif

#endif
