#include "CLazyLibrary.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

// The libraries loaded so far (a handful at most: each forwarding file names one).
static struct {
    const char *soname;
    void *handle;
} loaded[8];
static int loadedCount;
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;

// Says why (`format` names the library, dlerror's reason and the package) and ends the process
// with status 1, what the command-line tool's failures exit with; no handler runs (other
// threads may be measuring).
static void fail(const char *format, const char *soname, const char *package) {
    const char *reason = dlerror();
    fprintf(stderr, format, soname, reason ? reason : "no reason given", package);
    _exit(1);
}

void *lazylibrary_symbol(const char *soname, const char *name, const char *package) {
    void *handle = NULL;
    pthread_mutex_lock(&lock);
    for (int i = 0; i < loadedCount; i++) {
        if (strcmp(loaded[i].soname, soname) == 0) handle = loaded[i].handle;
    }
    pthread_mutex_unlock(&lock);
    if (!handle) {
        // Loaded outside the lock: a library whose constructor called a forwarded function
        // would wait for it forever. Two threads loading at once get the same handle.
        handle = dlopen(soname, RTLD_NOW | RTLD_LOCAL);
        if (!handle) fail("error: %s is needed and could not be loaded: %s (on Debian: apt install %s)\n", soname, package);
        pthread_mutex_lock(&lock);
        if (loadedCount < (int)(sizeof loaded / sizeof loaded[0])) {
            loaded[loadedCount].soname = soname;
            loaded[loadedCount].handle = handle;
            loadedCount++;
        }  // (else looked up again next time: dlopen of a loaded library returns it)
        pthread_mutex_unlock(&lock);
    }
    dlerror();
    void *address = dlsym(handle, name);
    if (!address) {
        fprintf(stderr, "error: the %s loaded has no %s (a newer %s is needed)\n", soname, name, package);
        _exit(1);
    }
    return address;
}
