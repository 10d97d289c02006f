#include "CLazyLibrary.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

// The libraries loaded so far (a handful at most: each forwarding file names one).
static struct {
    const char *soname;
    void *handle;
} loaded[8];
static int loadedCount;
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;

void *lazylibrary_symbol(const char *soname, const char *name, const char *package) {
    pthread_mutex_lock(&lock);
    void *handle = NULL;
    for (int i = 0; i < loadedCount; i++) {
        if (strcmp(loaded[i].soname, soname) == 0) handle = loaded[i].handle;
    }
    if (!handle) {
        handle = dlopen(soname, RTLD_NOW | RTLD_LOCAL);
        if (!handle) {
            fprintf(stderr, "error: %s is needed and could not be loaded: %s (on Debian: apt install %s)\n",
                    soname, dlerror(), package);
            abort();
        }
        if (loadedCount < (int)(sizeof loaded / sizeof loaded[0])) {
            loaded[loadedCount].soname = soname;
            loaded[loadedCount].handle = handle;
            loadedCount++;
        }  // (else looked up again next time: dlopen of a loaded library returns it)
    }
    pthread_mutex_unlock(&lock);
    dlerror();
    void *address = dlsym(handle, name);
    if (!address) {
        fprintf(stderr, "error: the %s loaded has no %s: %s (a newer %s is needed)\n", soname, name, dlerror(),
                package);
        abort();
    }
    return address;
}
