// CZlib: the system zlib header, found through pkg-config and linked by module.modulemap.
// Swift imports it as the module CZlib; HUDCodecs and CCodecShims are its only users.
#include <zlib.h>
