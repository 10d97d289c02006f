// PangoFT2 (and the fontconfig and GLib it brings) for the CPangoPeer C target only.
// Swift code never imports this module directly: it sees CPangoPeer's prefixed API.
#ifndef CPANGOFT2_SHIM_H
#define CPANGOFT2_SHIM_H
#include <pango/pangoft2.h>
#include <pango/pangofc-fontmap.h>
#include <fontconfig/fontconfig.h>
#endif
