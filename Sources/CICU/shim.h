/* Only the C shim (CTextShims) includes ICU; Swift code never imports this module. */
#include <unicode/utypes.h>
