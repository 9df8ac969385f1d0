// CFontconfig: the system fontconfig header (font discovery and per-character fallback), found
// through pkg-config and linked by module.modulemap. HUDText is its only user.
#include <fontconfig/fontconfig.h>
