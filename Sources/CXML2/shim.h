// Debian's libxml2 is built with ICU, and encoding.h would then bring ICU's headers into
// Swift, where they clash with Foundation's own ICU module (_FoundationICU) in any module that
// imports both Foundation and TypeLayout. The only ICU use is a converter field at the end of
// xmlCharEncodingHandler, which TypeLayout never touches, so the headers are read without it.
#include <libxml/xmlversion.h>
#undef LIBXML_ICU_ENABLED
#include <libxml/parser.h>
#include <libxml/SAX2.h>
#include <libxml/entities.h>
#include <libxml/xmlerror.h>
