// CFriBiDi: the system GNU FriBiDi header (the Unicode bidirectional algorithm, UAX #9), found
// through pkg-config and linked by module.modulemap. HUDText is its only user.
#include <fribidi.h>
