// libxml2's HTML parser, for CHTMLText alone (Swift never includes it).
#include <libxml/HTMLparser.h>
