// CCodecShims.c: setjmp-guarded libpng sequences, a giflib memory reader, and the signal-safe
// registry of pending temporary files.
//
// Design note: each libpng entry point sets one jmp_buf and every libpng call happens between it and
// the matching destroy call, so an error anywhere (corrupt chunk, truncated stream, CRC mismatch)
// unwinds to a single cleanup path and comes back to Swift as a code and text; the process never
// aborts. Volatile locals hold what the cleanup path frees.
#include "CCodecShims.h"

#include <png.h>
#include <zlib.h>
#include <gif_lib.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <limits.h>

void hud_buffer_free(hud_buffer *buffer) {
    if (!buffer) return;
    free(buffer->data);
    buffer->data = NULL;
    buffer->length = 0;
    buffer->capacity = 0;
}

typedef struct {
    char *message;
    size_t message_size;
    hud_buffer *out;
    int nomem;
} hud_png_io;

static void hud_set_message(char *message, size_t size, const char *text) {
    if (!message || size == 0) return;
    snprintf(message, size, "%s", text ? text : "unknown error");
}

static void hud_png_error(png_structp png, png_const_charp text) {
    hud_png_io *io = (hud_png_io *)png_get_error_ptr(png);
    if (io && io->message && io->message[0] == 0) hud_set_message(io->message, io->message_size, text);
    png_longjmp(png, 1);
}

static void hud_png_warning(png_structp png, png_const_charp text) {
    (void)png; (void)text; /* warnings (e.g. unknown chunks, bad sRGB profile) are not failures */
}

static void hud_png_write_data(png_structp png, png_bytep data, size_t length) {
    hud_png_io *io = (hud_png_io *)png_get_io_ptr(png);
    hud_buffer *b = io->out;
    if (b->length + length > b->capacity) {
        size_t cap = b->capacity ? b->capacity : 4096;
        while (cap < b->length + length) cap *= 2;
        uint8_t *p = (uint8_t *)realloc(b->data, cap);
        if (!p) { io->nomem = 1; png_error(png, "out of memory"); }
        b->data = p;
        b->capacity = cap;
    }
    memcpy(b->data + b->length, data, length);
    b->length += length;
}

static void hud_png_flush(png_structp png) { (void)png; }

int hud_png_encode(const uint8_t *pixels, uint32_t width, uint32_t height, int color_type, int bit_depth,
                   const uint8_t *palette, int palette_count, const uint8_t *trns, int trns_count,
                   int compression_level, int filter, int srgb, int interlace,
                   hud_buffer *out, char *message, size_t message_size) {
    if (message && message_size) message[0] = 0;
    if (!pixels || !out || width == 0 || height == 0) {
        hud_set_message(message, message_size, "invalid image size or buffer");
        return HUD_ERR_ARGUMENT;
    }
    int channels;
    switch (color_type) {
        case HUD_PNG_GRAY: channels = 1; break;
        case HUD_PNG_RGB: channels = 3; break;
        case HUD_PNG_PALETTE: channels = 1; break;
        case HUD_PNG_GRAY_ALPHA: channels = 2; break;
        case HUD_PNG_RGBA: channels = 4; break;
        default: hud_set_message(message, message_size, "unsupported colour type"); return HUD_ERR_ARGUMENT;
    }
    if (bit_depth != 8 && bit_depth != 16 && !(bit_depth < 8 && (color_type == HUD_PNG_GRAY || color_type == HUD_PNG_PALETTE))) {
        hud_set_message(message, message_size, "unsupported bit depth");
        return HUD_ERR_ARGUMENT;
    }
    if (color_type == HUD_PNG_PALETTE && (!palette || palette_count < 1 || palette_count > 256)) {
        hud_set_message(message, message_size, "palette image without a palette");
        return HUD_ERR_ARGUMENT;
    }
    hud_png_io io = { message, message_size, out, 0 };
    /* packed rows for bit depths below 8: pixels hold one sample per byte; pack here */
    size_t row_bytes = ((size_t)width * channels * bit_depth + 7) / 8;
    png_bytep packed = NULL;
    if (bit_depth < 8) {
        packed = (png_bytep)calloc(row_bytes, (size_t)height);
        if (!packed) { hud_set_message(message, message_size, "out of memory"); return HUD_ERR_NOMEM; }
        for (uint32_t y = 0; y < height; y++) {
            for (uint32_t x = 0; x < width; x++) {
                unsigned v = pixels[(size_t)y * width + x] & ((1u << bit_depth) - 1);
                size_t bit = (size_t)x * bit_depth;
                packed[(size_t)y * row_bytes + bit / 8] |= (png_byte)(v << (8 - bit_depth - (bit % 8)));
            }
        }
    }
    png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, &io, hud_png_error, hud_png_warning);
    if (!png) { free(packed); hud_set_message(message, message_size, "out of memory"); return HUD_ERR_NOMEM; }
    png_infop info = png_create_info_struct(png);
    png_bytep *volatile rows = NULL;
    png_bytep volatile packed_v = packed;
    if (!info) {
        png_destroy_write_struct(&png, NULL);
        free(packed);
        hud_set_message(message, message_size, "out of memory");
        return HUD_ERR_NOMEM;
    }
    if (setjmp(png_jmpbuf(png))) {
        png_destroy_write_struct(&png, &info);
        free(rows);
        free(packed_v);
        hud_buffer_free(out);
        return io.nomem ? HUD_ERR_NOMEM : HUD_ERR_LIBPNG;
    }
    png_set_write_fn(png, &io, hud_png_write_data, hud_png_flush);
    if (compression_level >= 0 && compression_level <= 9) png_set_compression_level(png, compression_level);
    if (filter >= 0 && filter <= 4) {
        static const int masks[5] = { PNG_FILTER_NONE, PNG_FILTER_SUB, PNG_FILTER_UP, PNG_FILTER_AVG, PNG_FILTER_PAETH };
        png_set_filter(png, PNG_FILTER_TYPE_BASE, masks[filter]);
    }
    png_set_IHDR(png, info, width, height, bit_depth, color_type,
                 interlace ? PNG_INTERLACE_ADAM7 : PNG_INTERLACE_NONE,
                 PNG_COMPRESSION_TYPE_BASE, PNG_FILTER_TYPE_BASE);
    if (color_type == HUD_PNG_PALETTE) {
        png_color pal[256];
        for (int i = 0; i < palette_count; i++) {
            pal[i].red = palette[i * 3]; pal[i].green = palette[i * 3 + 1]; pal[i].blue = palette[i * 3 + 2];
        }
        png_set_PLTE(png, info, pal, palette_count);
        if (trns && trns_count > 0) png_set_tRNS(png, info, trns, trns_count, NULL);
    }
    if (srgb) png_set_sRGB_gAMA_and_cHRM(png, info, PNG_sRGB_INTENT_PERCEPTUAL);
    png_write_info(png, info);
    if (bit_depth == 16) png_set_swap(png); /* callers pass 16-bit samples little-endian (native) */
    rows = (png_bytep *)malloc(sizeof(png_bytep) * height);
    if (!rows) { io.nomem = 1; png_error(png, "out of memory"); }
    for (uint32_t y = 0; y < height; y++) {
        rows[y] = packed_v ? packed_v + (size_t)y * row_bytes
                           : (png_bytep)pixels + (size_t)y * width * channels * (bit_depth / 8);
    }
    png_write_image(png, rows);
    png_write_end(png, info);
    png_destroy_write_struct(&png, &info);
    free(rows);
    free(packed_v);
    return HUD_OK;
}

typedef struct {
    const uint8_t *data;
    size_t length;
    size_t offset;
} hud_reader;

typedef struct {
    char *message;
    size_t message_size;
    int nomem;
    hud_reader reader;
} hud_png_read_io;

static void hud_png_read_error(png_structp png, png_const_charp text) {
    hud_png_read_io *io = (hud_png_read_io *)png_get_error_ptr(png);
    if (io && io->message && io->message[0] == 0) hud_set_message(io->message, io->message_size, text);
    png_longjmp(png, 1);
}

static void hud_png_read_data(png_structp png, png_bytep data, size_t length) {
    hud_png_read_io *io = (hud_png_read_io *)png_get_io_ptr(png);
    hud_reader *r = &io->reader;
    if (length > r->length - r->offset) png_error(png, "file is truncated (unexpected end of data)");
    memcpy(data, r->data + r->offset, length);
    r->offset += length;
}

int hud_png_decode(const uint8_t *data, size_t length, uint32_t max_dimension, uint64_t max_pixels,
                   uint8_t **out_pixels, uint32_t *out_width, uint32_t *out_height,
                   char *message, size_t message_size) {
    if (message && message_size) message[0] = 0;
    if (!data || !out_pixels || !out_width || !out_height) return HUD_ERR_ARGUMENT;
    *out_pixels = NULL;
    if (length < 8 || png_sig_cmp((png_const_bytep)data, 0, 8) != 0) {
        hud_set_message(message, message_size, "not a PNG file (bad signature)");
        return HUD_ERR_LIBPNG;
    }
    hud_png_read_io io = { message, message_size, 0, { data, length, 0 } };
    png_structp png = png_create_read_struct(PNG_LIBPNG_VER_STRING, &io, hud_png_read_error, hud_png_warning);
    if (!png) return HUD_ERR_NOMEM;
    png_infop info = png_create_info_struct(png);
    if (!info) { png_destroy_read_struct(&png, NULL, NULL); return HUD_ERR_NOMEM; }
    uint8_t *volatile pixels = NULL;
    png_bytep *volatile rows = NULL;
    volatile int status = HUD_ERR_LIBPNG;
    if (setjmp(png_jmpbuf(png))) {
        png_destroy_read_struct(&png, &info, NULL);
        free(pixels);
        free(rows);
        return io.nomem ? HUD_ERR_NOMEM : status;
    }
    png_set_read_fn(png, &io, hud_png_read_data);
    png_set_user_limits(png, max_dimension, max_dimension);
    png_read_info(png, info);
    png_uint_32 w = png_get_image_width(png, info);
    png_uint_32 h = png_get_image_height(png, info);
    if ((uint64_t)w * (uint64_t)h > max_pixels) {
        status = HUD_ERR_TOO_LARGE;
        hud_set_message(message, message_size, "image is larger than the pixel limit");
        png_longjmp(png, 1);
    }
    int color_type = png_get_color_type(png, info);
    int bit_depth = png_get_bit_depth(png, info);
    if (color_type == PNG_COLOR_TYPE_PALETTE) png_set_palette_to_rgb(png);
    if (color_type == PNG_COLOR_TYPE_GRAY && bit_depth < 8) png_set_expand_gray_1_2_4_to_8(png);
    if (png_get_valid(png, info, PNG_INFO_tRNS)) png_set_tRNS_to_alpha(png);
    if (bit_depth == 16) png_set_scale_16(png);
    if (color_type == PNG_COLOR_TYPE_GRAY || color_type == PNG_COLOR_TYPE_GRAY_ALPHA) png_set_gray_to_rgb(png);
    png_set_filler(png, 0xFF, PNG_FILLER_AFTER); /* no-op when an alpha channel exists */
    png_set_interlace_handling(png);
    png_read_update_info(png, info);
    if (png_get_rowbytes(png, info) != (size_t)w * 4) {
        hud_set_message(message, message_size, "unexpected row layout after conversion");
        png_longjmp(png, 1);
    }
    pixels = (uint8_t *)malloc((size_t)w * h * 4);
    rows = (png_bytep *)malloc(sizeof(png_bytep) * h);
    if (!pixels || !rows) { io.nomem = 1; png_error(png, "out of memory"); }
    for (png_uint_32 y = 0; y < h; y++) rows[y] = pixels + (size_t)y * w * 4;
    png_read_image(png, rows);
    png_read_end(png, NULL);
    png_destroy_read_struct(&png, &info, NULL);
    free(rows);
    *out_pixels = pixels;
    *out_width = w;
    *out_height = h;
    return HUD_OK;
}

static int hud_gif_read(GifFileType *gif, GifByteType *bytes, int length) {
    hud_reader *r = (hud_reader *)gif->UserData;
    size_t n = (size_t)length;
    if (n > r->length - r->offset) n = r->length - r->offset;
    memcpy(bytes, r->data + r->offset, n);
    r->offset += n;
    return (int)n;
}

/* The reader state is malloc'ed and left in UserData; the Swift caller frees it after DGifCloseFile. */
void *hud_gif_open_memory(const uint8_t *data, size_t length, int *error) {
    hud_reader *r = (hud_reader *)malloc(sizeof(hud_reader));
    if (!r) { if (error) *error = D_GIF_ERR_NOT_ENOUGH_MEM; return NULL; }
    r->data = data; r->length = length; r->offset = 0;
    GifFileType *gif = DGifOpen(r, hud_gif_read, error);
    if (!gif) { free(r); return NULL; }
    return gif;
}

/* ---- pending temporary files ---- */

static unsigned long hud_serial;
unsigned long hud_next_serial(void) { return __sync_add_and_fetch(&hud_serial, 1); }

#define HUD_PENDING_SLOTS 64
static char hud_pending_paths[HUD_PENDING_SLOTS][PATH_MAX];
static volatile int hud_pending_used[HUD_PENDING_SLOTS];

int hud_pending_add(const char *path) {
    if (!path || strlen(path) >= PATH_MAX) return -1;
    for (int i = 0; i < HUD_PENDING_SLOTS; i++) {
        if (__sync_bool_compare_and_swap(&hud_pending_used[i], 0, 2)) {
            strcpy(hud_pending_paths[i], path);
            __sync_synchronize();
            hud_pending_used[i] = 1;
            return i;
        }
    }
    return -1;
}

void hud_pending_remove(int slot) {
    if (slot < 0 || slot >= HUD_PENDING_SLOTS) return;
    __sync_synchronize();
    hud_pending_used[slot] = 0;
}

void hud_pending_unlink_all(void) {
    for (int i = 0; i < HUD_PENDING_SLOTS; i++) {
        if (hud_pending_used[i] == 1) {
            unlink(hud_pending_paths[i]);
            hud_pending_used[i] = 0;
        }
    }
}
