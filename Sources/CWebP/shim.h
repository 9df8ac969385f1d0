// CWebP: the system libwebp headers (encoder, animation encoder and muxer, animation decoder), found
// through pkg-config and linked by module.modulemap. Swift imports them as the module CWebP;
// HUDCodecs is the only user.
#include <webp/encode.h>
#include <webp/decode.h>
#include <webp/mux.h>
#include <webp/demux.h>
