// fontconfig, for finding the system's fonts (TextLayout's SystemFonts), loaded when first
// called (see CFontconfig.c): the declarations are fontconfig's own header.
#ifndef FEEDLAYOUT_CFONTCONFIG_H
#define FEEDLAYOUT_CFONTCONFIG_H

#include <fontconfig/fontconfig.h>

#endif
