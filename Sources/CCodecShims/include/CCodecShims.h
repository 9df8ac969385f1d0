// CCodecShims: the few things Swift cannot do itself around libpng, giflib and signal handling.
//
// Design note: libpng reports errors by longjmp, and Swift cannot call setjmp, so every libpng call
// sequence lives here behind one setjmp and comes back as a status code plus a message buffer. Output
// goes to a growable memory buffer that Swift copies and frees, so the file itself is always written
// by Swift's AtomicFile. The pending-temp-file registry is plain C with preallocated storage so that
// a signal handler may unlink the files without allocating.
#ifndef CCODECSHIMS_H
#define CCODECSHIMS_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// Status codes returned by the shims.
enum {
    HUD_OK = 0,
    HUD_ERR_LIBPNG = 1,      /* libpng reported an error; the message says which */
    HUD_ERR_NOMEM = 2,       /* an allocation failed */
    HUD_ERR_ARGUMENT = 3,    /* a bad argument (size, colour type) */
    HUD_ERR_TOO_LARGE = 4    /* image larger than the limits passed in */
};

/// Colour types accepted by hud_png_encode (same numbers as PNG's IHDR).
enum {
    HUD_PNG_GRAY = 0,
    HUD_PNG_RGB = 2,
    HUD_PNG_PALETTE = 3,
    HUD_PNG_GRAY_ALPHA = 4,
    HUD_PNG_RGBA = 6
};

/// A malloc'ed byte buffer owned by the caller after return; release with hud_buffer_free.
typedef struct {
    uint8_t *data;
    size_t length;
    size_t capacity;
} hud_buffer;

void hud_buffer_free(hud_buffer *buffer);

/// Encodes 8-bit samples (`channels` per pixel matching `color_type`, rows packed) as a PNG.
/// compression_level: 0-9 (-1 = zlib default); filter: -1 = libpng's adaptive choice, 0-4 = one filter
/// for every row; srgb: nonzero writes an sRGB chunk (perceptual intent).
/// palette (RGB triples) / trns (alpha per palette entry) are used for HUD_PNG_PALETTE only.
/// interlace: nonzero writes Adam7.
int hud_png_encode(const uint8_t *pixels, uint32_t width, uint32_t height, int color_type, int bit_depth,
                   const uint8_t *palette, int palette_count, const uint8_t *trns, int trns_count,
                   int compression_level, int filter, int srgb, int interlace,
                   hud_buffer *out, char *message, size_t message_size);

/// Decodes any PNG (every colour type and bit depth, interlaced or not) to straight-alpha RGBA8.
/// *out_pixels is malloc'ed (free with free()). Images wider/higher than max_dimension or with more
/// than max_pixels are refused before allocating.
int hud_png_decode(const uint8_t *data, size_t length, uint32_t max_dimension, uint64_t max_pixels,
                   uint8_t **out_pixels, uint32_t *out_width, uint32_t *out_height,
                   char *message, size_t message_size);

/// Opens a GIF from memory through giflib's input callback. Returns NULL and sets *error on failure.
void *hud_gif_open_memory(const uint8_t *data, size_t length, int *error);

/// A process-wide increasing number for unique temporary names (thread-safe).
unsigned long hud_next_serial(void);

/// Registers a temporary file path so hud_pending_unlink_all can remove it; returns a slot or -1.
int hud_pending_add(const char *path);
/// Forgets a slot (the file was renamed into place or removed).
void hud_pending_remove(int slot);
/// Unlinks every registered file. Uses only unlink(2) and reads of preallocated storage, so it may
/// be called from a signal handler.
void hud_pending_unlink_all(void);

#ifdef __cplusplus
}
#endif
#endif
