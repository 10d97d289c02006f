// HarfBuzz for the CBaselines C target only (the hb-raw baseline). Swift code never imports
// this module: it sees CBaselines' prefixed API.
#ifndef CBENCHHARFBUZZ_SHIM_H
#define CBENCHHARFBUZZ_SHIM_H
#include <hb.h>
#include <hb-ot.h>
#endif
