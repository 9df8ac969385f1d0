// CPNG: the system libpng header, found through pkg-config and linked by module.modulemap.
// Swift imports it as the module CPNG; HUDCodecs and CCodecShims are its only users.
#include <png.h>
