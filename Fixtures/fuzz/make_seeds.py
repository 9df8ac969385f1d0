#!/usr/bin/env python3
"""Regenerates the fuzz seed corpora in this folder (Fixtures/fuzz/<target>/).

Design note: seeds are small on purpose (libFuzzer mutates faster on short inputs and the whole
folder stays well under 2 MB): each target gets a few valid files that reach the interesting
code (every colour type, animation with disposal/blend, composite glyphs, kerning, gradients,
<use>, CSS) plus edge inputs a hostile sender would try (truncated, bad CRC, absurd sizes).
Needs Pillow and fontTools; the font seeds are subsets of the system DejaVu Sans.
"""
import io, os, struct, zlib, random
from PIL import Image

HERE = os.path.dirname(os.path.abspath(__file__))
random.seed(12)

def out(target, name, data):
    d = os.path.join(HERE, target)
    os.makedirs(d, exist_ok=True)
    with open(os.path.join(d, name), "wb") as f:
        f.write(data if isinstance(data, bytes) else data.encode())

def chunk(kind, body):
    return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body) & 0xFFFFFFFF)

SIG = b"\x89PNG\r\n\x1a\n"

def pil(img, fmt, **kw):
    b = io.BytesIO(); img.save(b, fmt, **kw); return b.getvalue()

def gradient(w, h, mode):
    img = Image.new("RGBA", (w, h))
    for y in range(h):
        for x in range(w):
            img.putpixel((x, y), (x * 255 // max(w - 1, 1), y * 255 // max(h - 1, 1), (x * y) % 256, 255 - x * 20 % 256))
    return img.convert(mode) if mode != "RGBA" else img

# ---- PNG ----
out("png", "rgba_4x3.png", pil(gradient(4, 3, "RGBA"), "PNG"))
out("png", "rgb_3x3.png", pil(gradient(3, 3, "RGB"), "PNG"))
out("png", "gray_5x2.png", pil(gradient(5, 2, "L"), "PNG"))
out("png", "graya_2x2.png", pil(gradient(2, 2, "LA"), "PNG"))
out("png", "palette_trns_4x2.png", pil(gradient(4, 2, "RGBA").convert("P"), "PNG", transparency=0))
out("png", "gray16_2x2.png", pil(gradient(2, 2, "L").convert("I;16"), "PNG"))
out("png", "interlaced_9x9.png", pil(gradient(9, 9, "RGB"), "PNG", interlace=1) if False else b"")
# Hand-built: Adam7, 1-bit gray, 16-bit RGBA, and hostile headers.
def png(w, h, depth, ctype, rows, interlace=0, extra=b""):
    ihdr = struct.pack(">IIBBBBB", w, h, depth, ctype, 0, 0, interlace)
    return SIG + chunk(b"IHDR", ihdr) + extra + chunk(b"IDAT", zlib.compress(rows)) + chunk(b"IEND", b"")
out("png", "gray1_8x2.png", png(8, 2, 1, 0, b"\x00\xa5\x00\x5a"))
out("png", "rgba16_1x1.png", png(1, 1, 16, 6, b"\x00" + bytes(range(8))))
os.remove(os.path.join(HERE, "png", "interlaced_9x9.png"))
# Adam7 4x4 RGB, filter type 0 on every reduced row (passes 1..7 row sizes for 4x4).
passes = [(1, 1), (0, 0), (0, 0), (1, 1), (2, 1), (2, 2), (4, 2)]  # (cols, rows) per Adam7 pass for 4x4
raw = b"".join(b"\x00" + bytes(random.randrange(256) for _ in range(3 * c)) for c, r in passes for _ in range(r) if c)
out("png", "adam7_rgb_4x4.png", png(4, 4, 8, 2, raw, interlace=1))
good = png(2, 1, 8, 2, b"\x00\xff\x00\x00\x00\xff\x00")
out("png", "truncated.png", good[:len(good) - 15])
bad = bytearray(good); bad[-20] ^= 0xFF
out("png", "bad_crc.png", bytes(bad))
out("png", "huge_header.png", SIG + chunk(b"IHDR", struct.pack(">IIBBBBB", 1 << 30, 1 << 30, 8, 6, 0, 0, 0)) + chunk(b"IEND", b""))
out("png", "zero_width.png", png(0, 1, 8, 2, b"\x00"))
out("png", "short_idat.png", png(4, 4, 8, 6, b"\x00\x01\x02"))
out("png", "plte_missing.png", png(2, 1, 8, 3, b"\x00\x00\x01"))

# ---- GIF ----
frames = [gradient(6, 5, "RGBA").rotate(a) for a in (0, 90, 180)]
for i, f in enumerate(frames):
    f.putpixel((0, 0), (0, 0, 0, 0))
out("gif", "anim3_disposal.gif", pil(frames[0].convert("P"), "GIF", save_all=True,
    append_images=[f.convert("P") for f in frames[1:]], duration=[20, 30, 40], loop=0, disposal=[0, 1, 2], transparency=0))
out("gif", "anim2_previous.gif", pil(frames[1].convert("P"), "GIF", save_all=True,
    append_images=[frames[2].convert("P")], duration=50, disposal=3))
out("gif", "still_gray.gif", pil(gradient(3, 3, "L"), "GIF"))
out("gif", "interlaced.gif", pil(gradient(8, 9, "RGB").convert("P"), "GIF", interlace=True))
g = pil(frames[0].convert("P"), "GIF", save_all=True, append_images=[frames[1].convert("P")], duration=20)
out("gif", "truncated.gif", g[: len(g) * 2 // 3])
# Logical screen 65535x65535 with a 1x1 frame placed far away.
huge = bytearray(pil(gradient(1, 1, "RGB").convert("P"), "GIF"))
huge[6:10] = struct.pack("<HH", 65535, 65535)
out("gif", "huge_screen.gif", bytes(huge))
out("gif", "header_only.gif", b"GIF89a\x01\x00\x01\x00\x00\x00\x00;")

# ---- APNG ----
apng = pil(frames[0], "PNG", save_all=True, append_images=frames[1:], duration=[20, 40, 60], loop=0,
           disposal=[0, 1, 2], blend=[0, 1, 1], default_image=False)
out("apng", "anim3.apng", apng)
out("apng", "anim2_default_image.apng", pil(frames[2], "PNG", save_all=True, append_images=[frames[0], frames[1]],
    duration=30, default_image=True, blend=1))
out("apng", "plain.png", pil(gradient(3, 2, "RGBA"), "PNG"))
out("apng", "truncated.apng", apng[: len(apng) // 2])
# Frame control that places a frame outside the canvas and claims a zero delay denominator.
def apng_hostile():
    w = h = 2
    ihdr = struct.pack(">IIBBBBB", w, h, 8, 6, 0, 0, 0)
    idat = zlib.compress(b"\x00" + b"\xff" * 8 + b"\x00" + b"\x80" * 8)
    actl = chunk(b"acTL", struct.pack(">II", 2, 0))
    f0 = chunk(b"fcTL", struct.pack(">IIIIIHHBB", 0, w, h, 0, 0, 1, 0, 0, 0))
    f1 = chunk(b"fcTL", struct.pack(">IIIIIHHBB", 2, 5, 5, 1, 1, 1, 0, 2, 1))
    fd = chunk(b"fdAT", struct.pack(">I", 3) + zlib.compress(b"\x00" + b"\x10" * 20))
    return SIG + chunk(b"IHDR", ihdr) + actl + f0 + chunk(b"IDAT", idat) + f1 + fd + chunk(b"IEND", b"")
out("apng", "frame_outside.apng", apng_hostile())
out("apng", "many_frames_claimed.apng", apng_hostile().replace(struct.pack(">II", 2, 0), struct.pack(">II", 0x7FFFFFFF, 0)))

# ---- Font ----
from fontTools import subset
from fontTools.ttLib import TTFont
def subset_font(path, text, name, keep_kern=True, extra=()):
    opts = subset.Options()
    opts.layout_features = ["kern"] if keep_kern else []
    opts.name_IDs = [1, 2]
    opts.notdef_outline = True
    opts.drop_tables += ["FFTM", "GDEF", "GSUB", "math", "MATH"] + list(extra)
    opts.hinting = False
    f = TTFont(path, recalcTimestamp=False)  # deterministic bytes: keep DejaVu's own timestamp
    s = subset.Subsetter(opts); s.populate(text=text); s.subset(f)
    b = io.BytesIO(); f.save(b); data = b.getvalue(); out("font", name, data); return data
dv = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"
base = subset_font(dv, "Loading… 70% AVWa", "dejavu_kern_gpos.ttf")
subset_font(dv, "Giới thiệu ÅéÇ", "dejavu_composites.ttf", keep_kern=False)
subset_font("/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf", "To 1", "dejavu_bold_small.ttf", keep_kern=False)
# Old-style 'kern' table instead of GPOS.
f = TTFont(io.BytesIO(base), recalcTimestamp=False)
from fontTools.ttLib.tables._k_e_r_n import KernTable_format_0
from fontTools.ttLib import newTable
kern = newTable("kern"); kern.version = 0; st = KernTable_format_0(); st.coverage = 1; st.format = 0
st.kernTable = {("A", "V"): -80, ("V", "a"): -40, ("W", "a"): -30}; st.tupleIndex = None
kern.kernTables = [st]; f["kern"] = kern
if "GPOS" in f: del f["GPOS"]
b = io.BytesIO(); f.save(b); out("font", "dejavu_kern_table.ttf", b.getvalue())
out("font", "truncated.ttf", base[: len(base) // 3])
out("font", "header_only.ttf", base[:12 + 16 * struct.unpack(">H", base[4:6])[0]])
out("font", "otto.otf", b"OTTO" + base[4:64])
out("font", "collection.ttc", b"ttcf\x00\x01\x00\x00\x00\x00\x00\x01\x00\x00\x00\x10" + base[:200])

# ---- SVG ----
svgs = {
"shapes.svg": '<svg xmlns="http://www.w3.org/2000/svg" width="40" height="30" viewBox="0 0 40 30"><rect x="1" y="1" width="20" height="10" rx="3" fill="#f80" stroke="blue" stroke-width="2" stroke-dasharray="2 1"/><circle cx="30" cy="20" r="8" fill="rgba(0,128,0,.5)"/><ellipse cx="10" cy="22" rx="6" ry="3"/><line x1="0" y1="0" x2="40" y2="30" stroke="red" stroke-linecap="round"/><polyline points="1,29 5,20 9,29" fill="none" stroke="#000"/><polygon points="35,1 39,9 31,9" fill-rule="evenodd"/></svg>',
"path.svg": '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><path d="M12 2a10 10 0 1 0 .01 0zM4 12h16M12 4v16m-3-3l6-6 q1 1 2 0t1 1c1 2 3 4 5 6s2 1 3 0L2 2H5V7Z" fill="none" stroke="currentColor" stroke-linejoin="bevel" stroke-miterlimit="2" color="purple"/></svg>',
"gradients.svg": '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="50" height="50"><defs><linearGradient id="a" x1="0" y1="0" x2="1" y2="1" spreadMethod="reflect" gradientTransform="rotate(20)"><stop offset="0" stop-color="red"/><stop offset="50%" stop-color="#0f0" stop-opacity=".4"/><stop offset="1" stop-color="blue"/></linearGradient><radialGradient id="b" xlink:href="#a" cx=".5" cy=".5" r=".5" fx=".3" fy=".3" fr=".1" gradientUnits="objectBoundingBox"/></defs><rect width="50" height="25" fill="url(#a)"/><circle cx="25" cy="37" r="12" fill="url(#b) red"/></svg>',
"use_css.svg": '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 30 30" preserveAspectRatio="xMidYMid slice"><style>.c{fill:#123;stroke:gold} #u{opacity:.5} g > rect{stroke-width:3px}</style><defs><g id="s"><rect class="c" width="5" height="5"/></g></defs><use xlink:href="#s" x="2" y="2"/><use id="u" href="#s" transform="translate(10 10) scale(2) skewX(10)"/><g style="fill:red;transform:rotate(5deg)"><rect x="20" y="20" width="8" height="8"/></g></svg>',
"clip_mask_pattern.svg": '<svg xmlns="http://www.w3.org/2000/svg" width="32" height="32"><defs><clipPath id="c" clipPathUnits="userSpaceOnUse"><circle cx="16" cy="16" r="12"/></clipPath><mask id="m"><rect width="32" height="16" fill="white"/></mask><pattern id="p" width="4" height="4" patternUnits="userSpaceOnUse"><rect width="2" height="2" fill="black"/></pattern><filter id="f"><feGaussianBlur stdDeviation="1.5"/></filter></defs><rect width="32" height="32" fill="url(#p)" clip-path="url(#c)" mask="url(#m)"/><circle cx="8" cy="24" r="5" filter="url(#f)" fill="teal"/></svg>',
"entities.svg": '<?xml version="1.0"?>\n<!DOCTYPE svg [<!ENTITY a "&#x3C;rect width=\'3\' height=\'3\'/&#x3E;"><!ENTITY b "&a;&a;&a;">]>\n<svg xmlns="http://www.w3.org/2000/svg"><!-- comment --><![CDATA[ x ]]><g>&b;</g><text x="1" y="9">A&amp;B&lt;&#65;</text></svg>',
"entity_bomb.svg": '<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;"><!ENTITY c "&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;"><!ENTITY d "&c;&c;&c;&c;&c;&c;&c;&c;&c;&c;"><!ENTITY e "&d;&d;&d;&d;&d;&d;&d;&d;&d;&d;"><!ENTITY f "&e;&e;&e;&e;&e;&e;&e;&e;&e;&e;"><!ENTITY g "&f;&f;&f;&f;&f;&f;&f;&f;&f;&f;">]><svg xmlns="http://www.w3.org/2000/svg"><text>&g;</text></svg>',
"deep.svg": '<svg xmlns="http://www.w3.org/2000/svg">' + '<g transform="scale(1.01)">' * 300 + '<rect width="1" height="1"/>' + '</g>' * 300 + '</svg>',
"use_bomb.svg": '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink"><defs><g id="a"><rect width="1" height="1"/><rect width="1" height="1"/></g>' + ''.join(f'<g id="{chr(98+i)}"><use href="#{chr(97+i)}"/><use href="#{chr(97+i)}"/><use href="#{chr(97+i)}"/></g>' for i in range(12)) + '</defs><use href="#m"/><use id="z" href="#z"/></svg>',
"bad_numbers.svg": '<svg xmlns="http://www.w3.org/2000/svg" width="1e309" height="-5" viewBox="0 0 0 0"><rect width="NaN" height="1e-320" rx="-1"/><path d="M1e308 1e308 L-1e308 -1e308 A1e300 1e300 90 1 1 0 0" stroke-width="1e200" stroke-dasharray="0 0 0"/></svg>',
"unclosed.svg": '<svg xmlns="http://www.w3.org/2000/svg"><g><rect width="3"',
}
for n, s in svgs.items(): out("svg", n, s)
out("svg", "bom_utf16.svg", "\ufeff<svg xmlns='http://www.w3.org/2000/svg' width='4' height='4'><rect width='4' height='2'/></svg>".encode("utf-16-le"))

# ---- Storyboard JSON ----
stories = {
"upload.json": '{"component":"hud","description":"upload","duration":4.5,"options":{"style":"balloon","fps":25,"size":"320x480","scale":"2","confirm":true},"events":[{"at":0,"action":"show","title":"Uploading","status":"Preparing\\u2026"},{"at":0.8,"action":"update","progress":0.25,"status":"25%"},{"at":1.6,"action":"tap"},{"at":2.5,"action":"update","progress":1,"title":"Done"},{"at":3.2,"action":"dismiss","result":"success","status":"Saved"}]}',
"ring.json": '{"component":"ring","options":{"progress":"0.5","out":"x.png"},"events":[]}',
"bar.json": '{"$schema":"x","component":"bar","events":[{"at":1e-3,"action":"show"},{"at":2,"action":"dismiss","result":"none"}]}',
"indicator.json": '{"component":"indicator","options":{"type":"ball-pulse","color":"#FF9500"},"duration":2}',
"gg.json": '{"component":"gg","events":[{"at":0,"action":"show","progress":0},{"at":1,"action":"dismiss","result":"error"}]}',
"errors.json": '{"component":"hud","events":[{"at":-1,"action":"show"},{"at":"soon","action":"update"},{"at":2,"action":"dismiss"},{"at":1,"action":"explode","progress":7}],"extra":null}',
"syntax.json": '{"a": [1, 2.5e+3, -0.0, true, false, null, "\\ud83d\\ude00\\n\\t\\"", {}], "b": {"c": [[[[]]]]}, }',
"deep.json": "[" * 70 + "]" * 70,
"numbers.json": '[1e999, -1e-999, 123456789012345678901234567890, 0.1e1, 1E+2, 01, -, 1.]',
"bom.json": '\ufeff{"component":"ring","duration":1e308}',
}
for n, s in stories.items(): out("storyboard", n, s)

# ---- Command line: NUL-separated arguments (a leading command name or options) ----
cmds = [
    ["--style", "balloon", "--out", "hud.gif"],
    ["hud", "--title", "Uploading", "--status", "Please wait", "--progress", "none", "--at", "0.9", "--out", "still.png"],
    ["ring", "--progress", "0.75", "--out", "ring.png", "--size", "120x120", "--scale", "3"],
    ["bar", "--colors", "#FF0000,#00FF00", "--fps", "60", "--duration", "2", "--out=bar.apng"],
    ["indicator", "--type", "ball-pulse", "--out", "pulse.apng", "-q", "-j", "2"],
    ["gg", "--seed", "18446744073709551615", "--loop", "3", "--out", "frames/"],
    ["svg", "icon.svg", "--out", "icon.png", "--scale", "1e-3"],
    ["diff", "a.gif", "b.apng", "--tolerance", "-1"],
    ["batch", "manifest.json", "--check", "--jobs", "0"],
    ["--contact-sheet", "4x2", "--out", "sheet.png", "--duration", "120.0001", "--fps", "0.5"],
    ["--size", "40000x40000", "--out", "big.gif", "--", "--out", "x"],
    ["--look", "SVProgressHUD-Dark", "--background", "#12345678", "--device", "iphone-se", "--out", "a.gif"],
    ["--dration", "2", "-x", "--out"],
    ["help", "ring"],
    ["ring", "--help"],
    ["--version"],
    ["--storyboard", "story.json", "--out", "x.gif"],
]
for i, c in enumerate(cmds): out("commandline", f"args{i:02d}", "\0".join(c))
