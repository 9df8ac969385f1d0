// CHarfBuzz: the system HarfBuzz headers (shaping, the draw API, OpenType metrics and colour
// bitmaps), found through pkg-config and linked by module.modulemap. HUDText is its only user.
#include <hb.h>
#include <hb-ot.h>
