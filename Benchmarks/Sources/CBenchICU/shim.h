// ICU's common library for the CBaselines C target only (the icu-breaks baseline). Swift code
// never imports this module: a Swift module that sees both Foundation and ICU's headers fails
// to build, and ICU's function names are version-renamed macros.
#ifndef CBENCHICU_SHIM_H
#define CBENCHICU_SHIM_H
#include <unicode/utypes.h>
#endif
