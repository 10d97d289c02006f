// Shared libraries loaded when first called, not linked: forwarding definitions of a library's
// functions (LAZYLIBRARY_FORWARD, LAZYLIBRARY_FORWARD_VOID), each looking up its function once,
// on its first call (lazylibrary_symbol). A library loaded so costs a process that never calls
// it nothing: mapping and relocating cairo, the X11 libraries it needs and fontconfig took
// about 1 ms of every start-up.
#ifndef FEEDLAYOUT_CLAZYLIBRARY_H
#define FEEDLAYOUT_CLAZYLIBRARY_H

#ifdef __cplusplus
extern "C" {
#endif

// The address of `name` in the shared library `soname`, loaded on the first call that names
// it. When the library or the function is missing, the process ends (status 1) with a message
// that names both and says to install `package` (Debian's): what the dynamic loader would
// have said at start-up had the library been linked.
void *lazylibrary_symbol(const char *soname, const char *name, const char *package);

#ifdef __cplusplus
}
#endif

// A definition of `name` (with the prototype of the library's header, which the compiler
// checks it against) that calls the library's own: looked up once and kept in an atomic word
// (two threads that look it up at once store the same address). Hidden: the executable does
// not export it, so the library's own callers (cairo calling fontconfig, Pango in the
// benchmarks) bind to the library, not to it.
#define LAZYLIBRARY_FORWARD(soname, package, type, name, parameters, arguments)           \
    __attribute__((visibility("hidden"))) type name parameters {                           \
        LAZYLIBRARY_ADDRESS(soname, package, type, name, parameters)                       \
        return address arguments;                                                          \
    }
#define LAZYLIBRARY_FORWARD_VOID(soname, package, name, parameters, arguments)            \
    __attribute__((visibility("hidden"))) void name parameters {                           \
        LAZYLIBRARY_ADDRESS(soname, package, void, name, parameters)                       \
        address arguments;                                                                 \
    }
// The declaration of `address`, the function's, for the two above.
#define LAZYLIBRARY_ADDRESS(soname, package, type, name, parameters)                      \
    static type(*kept) parameters;                                                         \
    type(*address) parameters = __atomic_load_n(&kept, __ATOMIC_ACQUIRE);                  \
    if (!address) {                                                                        \
        address = (type(*) parameters)lazylibrary_symbol(soname, #name, package);         \
        __atomic_store_n(&kept, address, __ATOMIC_RELEASE);                                \
    }

#endif
