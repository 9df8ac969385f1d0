// CGIF: the system giflib header, found through pkg-config and linked by module.modulemap.
// Swift imports it as the module CGIF; HUDCodecs and CCodecShims are its only users.
#include <gif_lib.h>
