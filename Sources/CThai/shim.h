// CThai: the system libthai word breaker (dictionary-based Thai word boundaries), found through
// pkg-config and linked by module.modulemap. HUDText is its only user.
#include <thai/thbrk.h>
#include <thai/thwbrk.h>
