// The fontconfig functions TextLayout calls (SystemFonts: fonts by family or pattern), each
// forwarding to libfontconfig.so.1, which is loaded the first time any of them is called
// (CLazyLibrary): a process given its fonts as files never maps it, nor expat after it.
//
// Each function has the prototype of fontconfig's header (the compiler checks the definitions
// against it). A new fontconfig call needs its line here: the link fails on an undefined Fc*
// symbol until it has one.
#include "CFontconfig.h"

#include <CLazyLibrary.h>

#define FORWARD(type, name, parameters, arguments) \
    LAZYLIBRARY_FORWARD("libfontconfig.so.1", "libfontconfig1", type, name, parameters, arguments)
#define FORWARD_VOID(name, parameters, arguments) \
    LAZYLIBRARY_FORWARD_VOID("libfontconfig.so.1", "libfontconfig1", name, parameters, arguments)

FORWARD(FcBool, FcConfigAppFontAddDir, (FcConfig *config, const FcChar8 *dir), (config, dir))
FORWARD(FcConfig *, FcConfigCreate, (void), ())
FORWARD_VOID(FcConfigDestroy, (FcConfig *config), (config))
FORWARD(FcBool, FcConfigParseAndLoadFromMemory, (FcConfig *config, const FcChar8 *buffer, FcBool complain), (config, buffer, complain))
FORWARD(FcBool, FcConfigSubstitute, (FcConfig *config, FcPattern *p, FcMatchKind kind), (config, p, kind))
FORWARD_VOID(FcDefaultSubstitute, (FcPattern *pattern), (pattern))
FORWARD(FcPattern *, FcFontMatch, (FcConfig *config, FcPattern *p, FcResult *result), (config, p, result))
FORWARD_VOID(FcFontSetDestroy, (FcFontSet *s), (s))
FORWARD(FcFontSet *, FcFontSort, (FcConfig *config, FcPattern *p, FcBool trim, FcCharSet **csp, FcResult *result), (config, p, trim, csp, result))
FORWARD(FcConfig *, FcInitLoadConfigAndFonts, (void), ())
FORWARD(FcPattern *, FcNameParse, (const FcChar8 *name), (name))
FORWARD(FcBool, FcPatternAddString, (FcPattern *p, const char *object, const FcChar8 *s), (p, object, s))
FORWARD(FcPattern *, FcPatternCreate, (void), ())
FORWARD_VOID(FcPatternDestroy, (FcPattern *p), (p))
FORWARD(FcResult, FcPatternGetInteger, (const FcPattern *p, const char *object, int n, int *i), (p, object, n, i))
FORWARD(FcResult, FcPatternGetString, (const FcPattern *p, const char *object, int n, FcChar8 ** s), (p, object, n, s))
