#!/usr/bin/env python3
"""compare_frames.py: recorded frames (display lists) replayed by HUDRaster, Skia, cairo and Blend2D.

README
------
What it does
  1. Replays each display list (hudrender --record-frames; corpus in Fixtures/displaylists/) with
     `hudrender bench --display-list` and with skia-python, pycairo and blend2d-python. Peers build
     their paths, paints and images before the clock starts and are timed on drawing only. Every
     renderer draws all its replays of a frame on one surface made before its clock starts
     (HUDRaster: one canvas `reset` per frame), starts each replay from the background on the clock,
     and draws the frame once untimed first (the same warm-up for all: `bench --display-list` does
     one untimed replay before its clock too). Times are CPU time of the drawing thread.
     Robust and fair timing: --rounds R (default 3) interleaved rounds, each over all frames and, per
     frame, all renderers (their order rotates from round to round), so a slow spell of the shared
     machine hits every renderer; in each round a renderer draws a frame --repeats times and the
     median is taken; its time for the frame is the minimum of those medians over the rounds. With
     --pin CPU the whole run (this script, hence every peer, and the hudrender it starts) is bound
     to that CPU, so no renderer runs on a core whose sibling is busier than another's.
  2. Accuracy: every frame is also drawn by Skia at 8x8 the size on a float (RGBA F32) surface, with
     curves cut into 0.001 px chords, and box-filtered down: the ground truth of
     Scripts/compare_raster.py (see its README for why float and why chords). Large frames are drawn
     in tiles. Per renderer: mean |error| (premultiplied RGBA, 1/255 units) and the share of pixels
     with any channel off by more than 16/255.
  3. Prints the tables, checks issue 22's targets (faster than Skia and cairo on every frame; within
     2.5x of Blend2D per frame and 2x on the geometric mean; accuracy at least the best peer's) and,
     with --write-doc, replaces the section of docs/benchmarks.md between `<!-- BEGIN frames -->` and
     `<!-- END frames -->` (the file is created when missing) and writes docs/frames-ratios.svg, a bar
     chart of the time ratios per frame.

What the peers cannot draw as HUDRaster does (their figures carry it): cairo and Blend2D have no
blur, so `setShadow` shadows with a blur are drawn unblurred by them (HUD shadows are recorded as
blurred masks, which every renderer draws); cairo has no conic gradient (drawn as its first colour);
blend2d-python has no path clips (skipped) and no layers (the layer's alpha multiplies what is drawn
in it). A layer with a shadow is drawn without its shadow by cairo and Blend2D. Every peer draws the
shadow of a shadowed mask (text shadows), as HUDRaster does. The generated document lists, frame by
frame, which of these apply (`unlike`), so no frame is counted as like-for-like when it is not.

Setup (once)
  apt-get install -y libcairo2-dev pkg-config
  pip install numpy pillow skia-python blend2d-python pycairo

Run
  python3 Scripts/compare_frames.py                       # the corpus, tables only
  python3 Scripts/compare_frames.py --write-doc           # and docs/benchmarks.md + the chart
  python3 Scripts/compare_frames.py --rounds 5 --repeats 9 --pin 1 Fixtures/displaylists/hud-t1.2.hdl
  HUDRENDER_BIN=/path/to/hudrender python3 Scripts/compare_frames.py
"""
import argparse
import base64
import glob
import math
import os
import subprocess
import sys
import tempfile
import time

import numpy as np

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "Scripts"))
from compare_raster import densify  # noqa: E402  (the same chords as the raster comparison)

BEGIN, END = "<!-- BEGIN frames -->", "<!-- END frames -->"


# ---------------------------------------------------------------------------------------------
# Reading display lists (format: Sources/HUDRaster/DisplayList.swift)

def read_list(path):
    import gzip
    with (gzip.open(path, "rt") if path.endswith(".gz") else open(path)) as f:
        lines = f.read().split("\n")
    if lines[0] != "hudrender-displaylist 1":
        sys.exit("%s: not a version 1 display list" % path)
    out = {"w": 0, "h": 0, "bg": (0, 0, 0, 0), "ops": [], "name": os.path.basename(path).replace(".gz", "").replace(".hdl", ""),
           "path": path}
    for line in lines[1:]:
        if not line or line.startswith("#"):
            continue
        t = line.split(" ")
        k = t[0]
        if k == "size":
            out["w"], out["h"] = int(t[1]), int(t[2])
        elif k == "background":
            out["bg"] = tuple(float(v) for v in t[1:5])
        else:
            out["ops"].append(parse_op(k, t[1:]))
    return out


def stops(t, i):
    n = int(t[i]); i += 1
    s = []
    for _ in range(n):
        s.append((float(t[i]), tuple(float(v) for v in t[i + 1:i + 5]))); i += 5
    return s, i


def path_of(t):
    ops, i = [], 0
    while i < len(t):
        op = t[i]; n = {"M": 2, "L": 2, "Q": 4, "C": 6, "Z": 0}[op]
        ops.append((op, [float(v) for v in t[i + 1:i + 1 + n]])); i += 1 + n
    return ops


def paint_of(t):
    kind = t[0]
    if kind == "color":
        return ("color", tuple(float(v) for v in t[1:5]))
    if kind == "linear":
        s, _ = stops(t, 6)
        return ("linear", [float(v) for v in t[1:5]], t[5], s)
    if kind == "radial":
        s, _ = stops(t, 8)
        return ("radial", [float(v) for v in t[1:7]], t[7], s)
    s, _ = stops(t, 4)
    return ("conic", [float(v) for v in t[1:4]], "pad", s)


def parse_op(k, t):
    f = lambda a, b: [float(v) for v in t[a:b]]
    if k in ("save", "restore", "reset-clip", "begin-layer", "end-layer"):
        return (k,)
    if k == "ctm": return (k, f(0, 6))
    if k == "alpha": return (k, float(t[0]))
    if k == "blend": return (k, t[0])
    if k == "shadow": return (k, None) if t[0] == "none" else (k, f(0, 7))
    if k == "paint": return (k, t[0], paint_of(t[1:]))
    if k == "line": return (k, float(t[0]), t[1], t[2], float(t[3]), float(t[4]), f(6, 6 + int(t[5])))
    if k == "fill": return (k, t[0], path_of(t[1:]))
    if k == "stroke": return (k, path_of(t))
    if k == "clip": return (k, t[0], path_of(t[1:]))
    if k in ("clip-rect", "clear"): return (k, f(0, 4))
    if k == "draw-linear": return (k, int(t[0]), f(1, 5), stops(t, 5)[0])
    if k == "draw-radial": return (k, int(t[0]), f(1, 7), stops(t, 7)[0])
    if k == "draw-conic": return (k, 0, f(0, 3), stops(t, 3)[0])
    if k == "image":
        iw, ih = int(t[4]), int(t[5])
        px = np.frombuffer(base64.b64decode(t[6]), dtype=np.uint8).reshape(ih, iw, 4)
        return (k, f(0, 4), px)
    if k == "mask":
        ox, oy, w, h = int(t[0]), int(t[1]), int(t[2]), int(t[3])
        cov = np.frombuffer(base64.b64decode(t[8]), dtype=np.uint8).reshape(h, w)
        return (k, (ox, oy), tuple(float(v) for v in t[4:8]), cov)
    sys.exit("unknown display list item " + k)


def premul(c):
    return (c[0] * c[3], c[1] * c[3], c[2] * c[3], c[3])


# ---------------------------------------------------------------------------------------------
# Skia (the peer, and at 8x the ground truth)

class SkiaRenderer:
    name = "skia"

    def __init__(self):
        import skia
        self.s = skia
        self.blend = {"normal": skia.BlendMode.kSrcOver, "copy": skia.BlendMode.kSrc, "clear": skia.BlendMode.kClear,
                      "destinationOut": skia.BlendMode.kDstOut, "multiply": skia.BlendMode.kMultiply,
                      "screen": skia.BlendMode.kScreen, "plusLighter": skia.BlendMode.kPlus}

    def path(self, ops, rule="winding", exact=False):
        p = self.s.Path()
        for op, a in (densify(ops) if exact else ops):
            if op == "M": p.moveTo(*a)
            elif op == "L": p.lineTo(*a)
            elif op == "Q": p.quadTo(*a)
            elif op == "C": p.cubicTo(*a)
            else: p.close()
        p.setFillType(self.s.PathFillType.kEvenOdd if rule == "evenodd" else self.s.PathFillType.kWinding)
        return p

    def shader(self, paint, extend=(True, True)):
        s = self.s
        if paint[0] == "color":
            return None
        pos = [t for t, _ in paint[-1]]
        cols = [s.Color4f(*c).toColor() for _, c in paint[-1]]
        mode = {"pad": s.TileMode.kClamp, "repeat": s.TileMode.kRepeat, "reflect": s.TileMode.kMirror}[paint[2]]
        if paint[2] == "pad" and not all(extend):
            mode = s.TileMode.kDecal
        g = paint[1]
        if paint[0] == "linear":
            return s.GradientShader.MakeLinear([s.Point(g[0], g[1]), s.Point(g[2], g[3])], cols, pos, mode)
        if paint[0] == "radial":
            return s.GradientShader.MakeTwoPointConical(s.Point(g[0], g[1]), g[2], s.Point(g[3], g[4]), g[5], cols, pos, mode)
        m = s.Matrix.RotateDeg(math.degrees(g[2]), s.Point(g[0], g[1]))
        return s.GradientShader.MakeSweep(g[0], g[1], cols, pos, s.TileMode.kClamp, 0, 360, 0, m)

    def prepare(self, dl, scale=1.0, exact=False, tile=(0, 0)):
        """A list of closures drawing the frame on a canvas (built before any clock starts)."""
        s = self.s
        st = {"ctm": [1, 0, 0, 1, 0, 0], "alpha": 1.0, "blend": "normal", "shadow": None,
              "fill": ("color", (0, 0, 0, 1)), "stroke": ("color", (0, 0, 0, 1)), "line": (1, "butt", "miter", 10, 0, [])}
        stack, steps = [], []
        dev = s.Matrix.Concat(s.Matrix.Translate(-tile[0], -tile[1]), s.Matrix.Scale(scale, scale))

        def matrix(ctm):
            a, b, c, d, tx, ty = ctm
            m = s.Matrix.MakeAll(a, c, tx, b, d, ty, 0, 0, 1)
            return s.Matrix.Concat(dev, m)

        def make_paint(p, alpha, stroke=None):
            paint = s.Paint(AntiAlias=True)
            if p[0] == "color":
                paint.setColor4f(s.Color4f(*p[1]))
            else:
                paint.setShader(self.shader(p))
            paint.setAlphaf(paint.getAlphaf() * alpha)
            paint.setBlendMode(self.blend[st["blend"]])
            if stroke:
                w, cap, join, miter, phase, dash = stroke
                paint.setStyle(s.Paint.kStroke_Style)
                paint.setStrokeWidth(w)
                paint.setStrokeCap({"butt": s.Paint.kButt_Cap, "round": s.Paint.kRound_Cap, "square": s.Paint.kSquare_Cap}[cap])
                paint.setStrokeJoin({"miter": s.Paint.kMiter_Join, "round": s.Paint.kRound_Join, "bevel": s.Paint.kBevel_Join}[join])
                paint.setStrokeMiter(miter)
                if dash:
                    paint.setPathEffect(s.DashPathEffect.Make(dash * (2 if len(dash) % 2 else 1), phase))
            return paint

        def shadowed(p, m, stroke):
            """The shape's shadow (offset in device pixels, blur sigma = blur / 2), drawn first."""
            sh = st["shadow"]
            if sh is None:
                return
            dx, dy, blur = sh[0], sh[1], sh[2]
            sp = make_paint(("color", tuple(sh[3:7])), st["alpha"], stroke)
            if blur > 0:
                sp.setMaskFilter(s.MaskFilter.MakeBlur(s.kNormal_BlurStyle, blur / 2 * scale, False))
            ms = s.Matrix.Concat(s.Matrix.Translate(dx * scale, dy * scale), m)
            steps.append(lambda c, p=p, ms=ms, sp=sp: self._draw_path(c, ms, p, sp))

        for op in dl["ops"]:
            k = op[0]
            if k == "save":
                stack.append(dict(st)); steps.append(lambda c: c.save())
            elif k == "restore":
                if stack: st = stack.pop()
                steps.append(lambda c: c.restore())
            elif k == "ctm": st["ctm"] = op[1]
            elif k == "alpha": st["alpha"] = op[1]
            elif k == "blend": st["blend"] = op[1]
            elif k == "shadow": st["shadow"] = op[1]
            elif k == "paint": st[op[1]] = op[2]
            elif k == "line": st["line"] = op[1:]
            elif k in ("fill", "stroke", "clip"):
                rule, ops = (op[1], op[2]) if k != "stroke" else ("winding", op[1])
                p = self.path(ops, rule, exact)
                m = matrix(st["ctm"])
                if k == "clip":
                    steps.append(lambda c, p=p, m=m: self._clip(c, m, p))
                    continue
                paint = make_paint(st["fill"] if k == "fill" else st["stroke"], st["alpha"], st["line"] if k == "stroke" else None)
                shadowed(p, m, st["line"] if k == "stroke" else None)
                steps.append(lambda c, p=p, m=m, paint=paint: self._draw_path(c, m, p, paint))
            elif k == "clip-rect":
                r = s.Rect.MakeXYWH(*op[1]); m = matrix(st["ctm"])
                steps.append(lambda c, r=r, m=m: self._clip(c, m, s.Path.Rect(r)))
            elif k == "reset-clip":
                pass   # Skia has no public resetClip; no recorded frame uses it
            elif k == "clear":
                r = s.Rect.MakeXYWH(*op[1]); m = matrix(st["ctm"])
                paint = s.Paint(AntiAlias=True, BlendMode=s.BlendMode.kClear)
                steps.append(lambda c, r=r, m=m, paint=paint: self._draw_path(c, m, s.Path.Rect(r), paint))
            elif k in ("draw-linear", "draw-radial", "draw-conic"):
                opts = op[1]
                kind = {"draw-linear": "linear", "draw-radial": "radial", "draw-conic": "conic"}[k]
                paint = s.Paint(AntiAlias=True)
                paint.setShader(self.shader((kind, op[2], "pad", op[3]), extend=(bool(opts & 1), bool(opts & 2)) if kind != "conic" else (True, True)))
                paint.setAlphaf(st["alpha"]); paint.setBlendMode(self.blend[st["blend"]])
                m = matrix(st["ctm"])
                steps.append(lambda c, m=m, paint=paint: (c.save(), c.setMatrix(m), c.drawPaint(paint), c.restore()) and None)
            elif k == "image":
                r, px = op[1], op[2]
                img = s.Image.fromarray(np.ascontiguousarray(px), colorType=s.kRGBA_8888_ColorType, alphaType=s.kPremul_AlphaType)
                paint = s.Paint(AntiAlias=True); paint.setAlphaf(st["alpha"]); paint.setBlendMode(self.blend[st["blend"]])
                m = matrix(st["ctm"]); dst = s.Rect.MakeXYWH(*r)
                samp = s.SamplingOptions(s.FilterMode.kLinear)
                steps.append(lambda c, m=m, img=img, dst=dst, paint=paint, samp=samp:
                             (c.save(), c.setMatrix(m), c.drawImageRect(img, dst, samp, paint), c.restore()) and None)
            elif k == "mask":
                (ox, oy), col, cov = op[1], op[2], op[3]
                img = s.Image.fromarray(np.ascontiguousarray(cov), colorType=s.kAlpha_8_ColorType)
                samp = s.SamplingOptions(s.FilterMode.kLinear) if scale != 1 else s.SamplingOptions()
                dst = s.Rect.MakeXYWH(ox, oy, cov.shape[1], cov.shape[0])
                sh = st["shadow"]
                if sh is not None:
                    # The mask's shadow (a text shadow): its alpha is the mask's coverage times
                    # the mask colour's alpha, drawn offset in the shadow colour, first.
                    sp = s.Paint(AntiAlias=True); sp.setColor4f(s.Color4f(*sh[3:7]))
                    sp.setAlphaf(sp.getAlphaf() * col[3] * st["alpha"]); sp.setBlendMode(self.blend[st["blend"]])
                    if sh[2] > 0:
                        sp.setMaskFilter(s.MaskFilter.MakeBlur(s.kNormal_BlurStyle, sh[2] / 2 * scale, False))
                    sm = s.Matrix.Concat(s.Matrix.Translate(sh[0] * scale, sh[1] * scale), dev)
                    steps.append(lambda c, m=sm, img=img, dst=dst, paint=sp, samp=samp:
                                 (c.save(), c.setMatrix(m), c.drawImageRect(img, dst, samp, paint), c.restore()) and None)
                paint = s.Paint(AntiAlias=True); paint.setColor4f(s.Color4f(*col))
                paint.setAlphaf(paint.getAlphaf() * st["alpha"]); paint.setBlendMode(self.blend[st["blend"]])
                m = dev
                steps.append(lambda c, m=m, img=img, dst=dst, paint=paint, samp=samp:
                             (c.save(), c.setMatrix(m), c.drawImageRect(img, dst, samp, paint), c.restore()) and None)
            elif k == "begin-layer":
                stack.append(dict(st))
                paint = s.Paint(); paint.setAlphaf(st["alpha"]); paint.setBlendMode(self.blend[st["blend"]])
                if st["shadow"]:
                    dx, dy, blur = st["shadow"][:3]
                    col = s.Color4f(*st["shadow"][3:7]).toColor()
                    paint.setImageFilter(s.ImageFilters.DropShadow(dx * scale, dy * scale, blur / 2 * scale, blur / 2 * scale, col))
                steps.append(lambda c, paint=paint: c.saveLayer(None, paint))
                st["alpha"], st["blend"], st["shadow"] = 1.0, "normal", None
            elif k == "end-layer":
                if stack: st = stack.pop()
                steps.append(lambda c: c.restore())
        return steps

    @staticmethod
    def _draw_path(c, m, p, paint):
        c.save(); c.setMatrix(m); c.drawPath(p, paint); c.restore()

    @staticmethod
    def _clip(c, m, p):
        # The clip must outlive this call (until the list's own restore), so the matrix is set
        # and put back by hand instead of a save/restore pair.
        old = c.getTotalMatrix()
        c.setMatrix(m); c.clipPath(p, doAntiAlias=True); c.setMatrix(old)

    def surface(self, w, h, float32=False):
        s = self.s
        ct = s.kRGBA_F32_ColorType if float32 else s.kRGBA_8888_ColorType
        return s.Surface.MakeRaster(s.ImageInfo.Make(w, h, ct, s.kPremul_AlphaType))

    def draw(self, surface, steps, bg):
        c = surface.getCanvas()
        c.clear(self.s.Color4f(*bg))
        c.save()
        for f in steps:
            f(c)
        c.restore()

    def read(self, surface, float32=False):
        s = self.s
        img = surface.makeImageSnapshot()
        if float32:
            return np.array(img.toarray(colorType=s.kRGBA_F32_ColorType, alphaType=s.kPremul_AlphaType)).astype(np.float64) * 255.0
        return np.array(img.toarray(colorType=s.kRGBA_8888_ColorType, alphaType=s.kPremul_AlphaType))

    def truth(self, dl, factor=8, tile=256):
        """Skia at factor x factor, on float surfaces, tile by tile, box-filtered down."""
        w, h = dl["w"], dl["h"]
        out = np.zeros((h, w, 4))
        for y0 in range(0, h, tile):
            for x0 in range(0, w, tile):
                tw, th = min(tile, w - x0), min(tile, h - y0)
                surf = self.surface(tw * factor, th * factor, True)
                self.draw(surf, self.prepare(dl, factor, exact=True, tile=(x0 * factor, y0 * factor)), dl["bg"])
                big = self.read(surf, True)
                out[y0:y0 + th, x0:x0 + tw] = big.reshape(th, factor, tw, factor, 4).mean(axis=(1, 3))
        return out

    def run(self, dl):
        steps = self.prepare(dl)
        surf = self.surface(dl["w"], dl["h"])
        return (lambda: self.draw(surf, steps, dl["bg"])), (lambda: self.read(surf))


# ---------------------------------------------------------------------------------------------
# cairo

class CairoRenderer:
    name = "cairo"

    def __init__(self):
        import cairo
        self.c = cairo
        self.ops = {"normal": cairo.OPERATOR_OVER, "copy": cairo.OPERATOR_SOURCE, "clear": cairo.OPERATOR_CLEAR,
                    "destinationOut": cairo.OPERATOR_DEST_OUT, "multiply": cairo.OPERATOR_MULTIPLY,
                    "screen": cairo.OPERATOR_SCREEN, "plusLighter": cairo.OPERATOR_ADD}

    def pattern(self, paint, alpha, extend=(True, True)):
        cairo = self.c
        if paint[0] == "color":
            r, g, b, a = paint[1]
            return cairo.SolidPattern(r, g, b, a * alpha)
        g, st = paint[1], paint[-1]
        if paint[0] == "linear":
            p = cairo.LinearGradient(*g[:4])
        elif paint[0] == "radial":
            p = cairo.RadialGradient(*g[:6])
        else:
            r, gg, b, a = st[0][1]
            return cairo.SolidPattern(r, gg, b, a * alpha)   # no conic gradients in cairo
        for t, (r, gg, b, a) in st:
            p.add_color_stop_rgba(t, r, gg, b, a * alpha)
        mode = {"pad": cairo.EXTEND_PAD, "repeat": cairo.EXTEND_REPEAT, "reflect": cairo.EXTEND_REFLECT}[paint[2]]
        p.set_extend(mode if all(extend) or paint[2] != "pad" else cairo.EXTEND_NONE)
        return p

    def build(self, ctx, ops):
        cur = start = (0.0, 0.0)
        ctx.new_path()
        for op, a in ops:
            if op == "M": ctx.move_to(*a); cur = start = (a[0], a[1])
            elif op == "L": ctx.line_to(*a); cur = (a[0], a[1])
            elif op == "Q":
                x0, y0 = cur; cx, cy, x, y = a
                ctx.curve_to(x0 + 2 / 3 * (cx - x0), y0 + 2 / 3 * (cy - y0), x + 2 / 3 * (cx - x), y + 2 / 3 * (cy - y), x, y)
                cur = (x, y)
            elif op == "C": ctx.curve_to(*a); cur = (a[4], a[5])
            else: ctx.close_path(); cur = start
        return ctx.copy_path()

    def prepare(self, dl):
        cairo = self.c
        scratch = cairo.Context(cairo.ImageSurface(cairo.FORMAT_ARGB32, 1, 1))
        st = {"ctm": [1, 0, 0, 1, 0, 0], "alpha": 1.0, "blend": "normal", "shadow": None,
              "fill": ("color", (0, 0, 0, 1)), "stroke": ("color", (0, 0, 0, 1)), "line": (1, "butt", "miter", 10, 0, [])}
        stack, steps = [], []
        caps = {"butt": cairo.LINE_CAP_BUTT, "round": cairo.LINE_CAP_ROUND, "square": cairo.LINE_CAP_SQUARE}
        joins = {"miter": cairo.LINE_JOIN_MITER, "round": cairo.LINE_JOIN_ROUND, "bevel": cairo.LINE_JOIN_BEVEL}
        for op in dl["ops"]:
            k = op[0]
            if k == "save": stack.append(dict(st)); steps.append(lambda c: c.save())
            elif k == "restore":
                if stack: st = stack.pop()
                steps.append(lambda c: c.restore())
            elif k == "ctm": st["ctm"] = op[1]
            elif k == "alpha": st["alpha"] = op[1]
            elif k == "blend": st["blend"] = op[1]
            elif k == "shadow": st["shadow"] = op[1]
            elif k == "paint": st[op[1]] = op[2]
            elif k == "line": st["line"] = op[1:]
            elif k in ("fill", "stroke", "clip"):
                rule, ops = (op[1], op[2]) if k != "stroke" else ("winding", op[1])
                m = cairo.Matrix(*st["ctm"])
                path = self.build(scratch, ops)   # user space: the matrix is set when drawing
                fr = cairo.FILL_RULE_EVEN_ODD if rule == "evenodd" else cairo.FILL_RULE_WINDING
                if k == "clip":
                    steps.append(lambda c, m=m, path=path, fr=fr: self._clip(c, m, path, fr)); continue
                pat = self.pattern(st["fill"] if k == "fill" else st["stroke"], st["alpha"])
                oper = self.ops[st["blend"]]
                line = st["line"] if k == "stroke" else None
                if st["shadow"]:
                    sh = st["shadow"]
                    spat = cairo.SolidPattern(sh[3], sh[4], sh[5], sh[6] * st["alpha"])
                    steps.append(lambda c, m=m, path=path, fr=fr, spat=spat, line=line, oper=oper, dx=sh[0], dy=sh[1]:
                                 self._shape(c, m, path, fr, spat, line, oper, (dx, dy)))
                steps.append(lambda c, m=m, path=path, fr=fr, pat=pat, line=line, oper=oper:
                             self._shape(c, m, path, fr, pat, line, oper, None))
            elif k in ("clip-rect", "clear"):
                x, y, w, h = op[1]
                m = cairo.Matrix(*st["ctm"]); scratch.new_path(); scratch.rectangle(x, y, w, h)
                path = scratch.copy_path()
                if k == "clip-rect":
                    steps.append(lambda c, m=m, path=path: self._clip(c, m, path, cairo.FILL_RULE_WINDING))
                else:
                    steps.append(lambda c, m=m, path=path: self._shape(c, m, path, cairo.FILL_RULE_WINDING,
                                                                       cairo.SolidPattern(0, 0, 0, 1), None, cairo.OPERATOR_CLEAR, None))
            elif k == "reset-clip":
                steps.append(lambda c: c.reset_clip())
            elif k in ("draw-linear", "draw-radial", "draw-conic"):
                kind = {"draw-linear": "linear", "draw-radial": "radial", "draw-conic": "conic"}[k]
                pat = self.pattern((kind, op[2], "pad", op[3]), st["alpha"], (bool(op[1] & 1), bool(op[1] & 2)))
                m = cairo.Matrix(*st["ctm"]); oper = self.ops[st["blend"]]
                steps.append(lambda c, m=m, pat=pat, oper=oper: self._paint(c, m, pat, oper, 1.0))
            elif k == "image":
                (x, y, w, h), px = op[1], op[2]
                surf = self._surface_rgba(px)
                pat = cairo.SurfacePattern(surf)
                pat.set_filter(cairo.FILTER_BILINEAR); pat.set_extend(cairo.EXTEND_PAD)
                ih, iw = px.shape[:2]
                pm = cairo.Matrix(w / iw, 0, 0, h / ih, x, y); pm.invert(); pat.set_matrix(pm)
                m = cairo.Matrix(*st["ctm"]); scratch.new_path(); scratch.rectangle(x, y, w, h)
                path = scratch.copy_path(); oper = self.ops[st["blend"]]; a = st["alpha"]
                steps.append(lambda c, m=m, path=path, pat=pat, oper=oper, a=a, surf=surf: self._image(c, m, path, pat, oper, a))
            elif k == "mask":
                (ox, oy), col, cov = op[1], op[2], op[3]
                surf = self._surface_a8(cov)
                pat = cairo.SolidPattern(col[0], col[1], col[2], col[3] * st["alpha"]); oper = self.ops[st["blend"]]
                sh = st["shadow"]
                if sh is not None:   # the mask's shadow first (unblurred: see the README)
                    spat = cairo.SolidPattern(sh[3], sh[4], sh[5], sh[6] * col[3] * st["alpha"])
                    steps.append(lambda c, surf=surf, pat=spat, oper=oper, ox=ox + sh[0], oy=oy + sh[1]:
                                 self._mask(c, surf, pat, oper, ox, oy))
                steps.append(lambda c, surf=surf, pat=pat, oper=oper, ox=ox, oy=oy: self._mask(c, surf, pat, oper, ox, oy))
            elif k == "begin-layer":
                stack.append(dict(st))
                a, oper = st["alpha"], self.ops[st["blend"]]
                steps.append(lambda c: c.push_group())
                st["alpha"], st["blend"], st["shadow"] = 1.0, "normal", None
                st["_layer"] = (a, oper)
            elif k == "end-layer":
                a, oper = st.get("_layer", (1.0, cairo.OPERATOR_OVER))
                if stack: st = stack.pop()
                steps.append(lambda c, a=a, oper=oper: self._pop(c, a, oper))
        return steps

    def _clip(self, c, m, path, fr):
        c.set_matrix(m); c.new_path(); c.append_path(path); c.set_fill_rule(fr); c.clip(); c.identity_matrix()

    def _shape(self, c, m, path, fr, pat, line, oper, offset):
        c.save()
        c.set_matrix(m if offset is None else self.c.Matrix(*m).multiply(self.c.Matrix(1, 0, 0, 1, offset[0], offset[1])))
        c.new_path(); c.append_path(path)
        c.set_source(pat); c.set_operator(oper)
        if line is None:
            c.set_fill_rule(fr); c.fill()
        else:
            w, cap, join, miter, phase, dash = line
            c.set_line_width(w); c.set_line_cap({"butt": 0, "round": 1, "square": 2}[cap])
            c.set_line_join({"miter": 0, "round": 1, "bevel": 2}[join]); c.set_miter_limit(miter)
            c.set_dash(dash, phase) if dash else c.set_dash([])
            c.stroke()
        c.restore()

    def _paint(self, c, m, pat, oper, a):
        c.save(); c.set_matrix(m); c.set_source(pat); c.set_operator(oper); c.paint(); c.restore()

    def _image(self, c, m, path, pat, oper, a):
        c.save(); c.set_matrix(m); c.new_path(); c.append_path(path)
        c.set_source(pat); c.set_operator(oper); c.clip(); c.paint_with_alpha(a); c.restore()

    def _mask(self, c, surf, pat, oper, ox, oy):
        c.save(); c.set_matrix(self.c.Matrix()); c.set_source(pat); c.set_operator(oper); c.mask_surface(surf, ox, oy); c.restore()

    def _pop(self, c, a, oper):
        c.pop_group_to_source(); c.save(); c.set_matrix(self.c.Matrix()); c.set_operator(oper); c.paint_with_alpha(a); c.restore()

    def _surface_rgba(self, px):
        cairo = self.c
        h, w = px.shape[:2]
        stride = cairo.ImageSurface.format_stride_for_width(cairo.FORMAT_ARGB32, w)
        buf = np.zeros((h, stride // 4, 4), dtype=np.uint8)
        buf[:, :w] = px[:, :, [2, 1, 0, 3]]
        return cairo.ImageSurface.create_for_data(memoryview(buf), cairo.FORMAT_ARGB32, w, h, stride)

    def _surface_a8(self, cov):
        cairo = self.c
        h, w = cov.shape
        stride = cairo.ImageSurface.format_stride_for_width(cairo.FORMAT_A8, w)
        buf = np.zeros((h, stride), dtype=np.uint8)
        buf[:, :w] = cov
        return cairo.ImageSurface.create_for_data(memoryview(buf), cairo.FORMAT_A8, w, h, stride)

    def run(self, dl):
        cairo = self.c
        steps = self.prepare(dl)
        surf = cairo.ImageSurface(cairo.FORMAT_ARGB32, dl["w"], dl["h"])
        bg = dl["bg"]

        def draw():
            c = cairo.Context(surf)
            c.set_operator(cairo.OPERATOR_SOURCE); c.set_source_rgba(*bg); c.paint()
            c.set_operator(cairo.OPERATOR_OVER)
            for f in steps:
                f(c)
            surf.flush()

        def read():
            w, h, stride = surf.get_width(), surf.get_height(), surf.get_stride()
            a = np.ndarray(shape=(h, stride // 4, 4), dtype=np.uint8, buffer=surf.get_data())[:, :w]
            return a[:, :, [2, 1, 0, 3]].copy()
        return draw, read


# ---------------------------------------------------------------------------------------------
# Blend2D (blend2d-python: no path clips, no layers, no blur; images go through PNG files)

class Blend2DRenderer:
    name = "blend2d"

    def __init__(self):
        import blend2d
        self.b = blend2d
        self.tmp = tempfile.mkdtemp(prefix="frames-b2d-")
        self.comp = {"normal": blend2d.BLCompOp.SRC_OVER, "copy": blend2d.BLCompOp.SRC_COPY, "clear": blend2d.BLCompOp.CLEAR,
                     "destinationOut": blend2d.BLCompOp.DST_OUT, "multiply": blend2d.BLCompOp.MULTIPLY,
                     "screen": blend2d.BLCompOp.SCREEN, "plusLighter": blend2d.BLCompOp.PLUS}

    def color(self, c, alpha=1.0):
        return (c[0], c[1], c[2], c[3] * alpha)

    def gradient(self, paint, alpha):
        b = self.b
        g, st = paint[1], paint[-1]
        if paint[0] == "linear":
            grad = b.create_linear_gradient(*g[:4])
        elif paint[0] == "radial":
            # Blend2D's radial gradient is one circle (with a focal point); a start radius r0 of
            # concentric circles is folded into the stops.
            x0, y0, r0, x1, y1, r1 = g
            grad = b.create_radial_gradient(x1, y1, x0, y0, max(r1, 1e-9))
            k = r0 / r1 if r1 > 0 else 0
            st = [(k + t * (1 - k), c) for t, c in st]
        else:
            grad = b.create_conical_gradient(g[0], g[1], g[2])
        for t, c in st:
            grad.add_stop(min(max(t, 0), 1), self.color(c, alpha))
        return grad

    def path(self, ops):
        p = self.b.BLPath()
        for op, a in ops:
            if op == "M": p.move_to(*a)
            elif op == "L": p.line_to(*a)
            elif op == "Q": p.quadric_to(*a)
            elif op == "C": p.cubic_to(*a)
            else: p.close()
        return p

    def image_file(self, rgba_premul, name):
        from PIL import Image
        a = rgba_premul.astype(np.float64)
        alpha = a[:, :, 3:4]
        straight = np.where(alpha > 0, np.clip(np.round(a[:, :, :3] * 255 / np.maximum(alpha, 1)), 0, 255), 0)
        out = np.concatenate([straight, alpha], axis=2).astype(np.uint8)
        path = os.path.join(self.tmp, name + ".png")
        Image.fromarray(out, "RGBA").save(path)
        img = self.b.BLImage()
        img.readFromFile(path)
        return img

    def prepare(self, dl):
        b = self.b
        st = {"ctm": [1, 0, 0, 1, 0, 0], "alpha": 1.0, "blend": "normal", "shadow": None,
              "fill": ("color", (0, 0, 0, 1)), "stroke": ("color", (0, 0, 0, 1)), "line": (1, "butt", "miter", 10, 0, []),
              "layer": 1.0}
        stack, steps = [], []
        caps = {"butt": b.BLStrokeCap.CAP_BUTT, "round": b.BLStrokeCap.CAP_ROUND, "square": b.BLStrokeCap.CAP_SQUARE}
        joins = {"miter": b.BLStrokeJoin.JOIN_MITER_BEVEL, "round": b.BLStrokeJoin.JOIN_ROUND, "bevel": b.BLStrokeJoin.JOIN_BEVEL}
        for n, op in enumerate(dl["ops"]):
            k = op[0]
            if k in ("save", "begin-layer"):
                stack.append(dict(st)); steps.append(lambda c: c.save())
                if k == "begin-layer":   # no layers: the layer's alpha multiplies what is drawn in it
                    st["layer"] *= st["alpha"]; st["alpha"], st["blend"], st["shadow"] = 1.0, "normal", None
            elif k in ("restore", "end-layer"):
                if stack: st = stack.pop()
                steps.append(lambda c: c.restore())
            elif k == "ctm": st["ctm"] = op[1]
            elif k == "alpha": st["alpha"] = op[1]
            elif k == "blend": st["blend"] = op[1]
            elif k == "shadow": st["shadow"] = op[1]
            elif k == "paint": st[op[1]] = op[2]
            elif k == "line": st["line"] = op[1:]
            elif k in ("fill", "stroke"):
                rule, ops = (op[1], op[2]) if k == "fill" else ("winding", op[1])
                p = self.path(ops)
                paint = st["fill"] if k == "fill" else st["stroke"]
                a = st["alpha"] * st["layer"]
                style = self.color(paint[1], a) if paint[0] == "color" else self.gradient(paint, a)
                m = b.Matrix2D(*st["ctm"]); comp = self.comp[st["blend"]]
                fr = b.BLFillRule.EVEN_ODD if rule == "evenodd" else b.BLFillRule.NON_ZERO
                if st["shadow"]:
                    sh = st["shadow"]; sm = b.Matrix2D(*st["ctm"]); sm.post_translate(sh[0], sh[1])
                    steps.append(self._shape(k, p, sm, self.color(sh[3:7], a), comp, fr, st["line"], caps, joins))
                steps.append(self._shape(k, p, m, style, comp, fr, st["line"], caps, joins))
            elif k == "clip-rect":
                x, y, w, h = op[1]; m = b.Matrix2D(*st["ctm"])
                steps.append(lambda c, m=m, r=b.BLRect(x, y, w, h): (c.reset_transform(), c.transform(m), c.clip_to_rect(r)) and None)
            elif k in ("clip", "reset-clip"):
                pass   # no path clips in blend2d-python
            elif k == "clear":
                x, y, w, h = op[1]; m = b.Matrix2D(*st["ctm"])
                steps.append(lambda c, m=m, r=b.BLRect(x, y, w, h): (c.reset_transform(), c.transform(m), c.clear_rect(r)) and None)
            elif k in ("draw-linear", "draw-radial", "draw-conic"):
                kind = {"draw-linear": "linear", "draw-radial": "radial", "draw-conic": "conic"}[k]
                grad = self.gradient((kind, op[2], "pad", op[3]), st["alpha"] * st["layer"])
                m = b.Matrix2D(*st["ctm"]); comp = self.comp[st["blend"]]
                steps.append(lambda c, m=m, g=grad, comp=comp: self._fill_all(c, m, g, comp))
            elif k == "image":
                (x, y, w, h), px = op[1], op[2]
                img = self.image_file(px, "img%d" % n)
                m = b.Matrix2D(*st["ctm"]); a = st["alpha"] * st["layer"]
                steps.append(lambda c, m=m, img=img, r=b.BLRect(x, y, w, h), a=a: self._blit(c, m, img, r, a))
            elif k == "mask":
                (ox, oy), col, cov = op[1], op[2], op[3]
                a = col[3] * st["alpha"] * st["layer"]
                sh = st["shadow"]
                if sh is not None:   # the mask's shadow first (unblurred: see the README)
                    sa = sh[6] * a
                    spx = np.zeros(cov.shape + (4,), dtype=np.float64)
                    for i in range(3):
                        spx[:, :, i] = cov * sh[3 + i] * sa
                    spx[:, :, 3] = cov * sa
                    simg = self.image_file(np.round(spx).astype(np.uint8), "shadow%d" % n)
                    steps.append(lambda c, img=simg, r=b.BLRect(ox + sh[0], oy + sh[1], cov.shape[1], cov.shape[0]):
                                 self._blit(c, b.Matrix2D(1, 0, 0, 1, 0, 0), img, r, 1.0))
                px = np.zeros(cov.shape + (4,), dtype=np.float64)
                for i in range(3):
                    px[:, :, i] = cov * col[i] * a
                px[:, :, 3] = cov * a
                img = self.image_file(np.round(px).astype(np.uint8), "mask%d" % n)
                steps.append(lambda c, img=img, r=b.BLRect(ox, oy, cov.shape[1], cov.shape[0]):
                             self._blit(c, b.Matrix2D(1, 0, 0, 1, 0, 0), img, r, 1.0))
        return steps

    def _shape(self, k, p, m, style, comp, fr, line, caps, joins):
        def f(c):
            c.reset_transform(); c.transform(m); c.comp_op = comp
            if k == "fill":
                c.fill_rule = fr; c.set_fill_style(style); c.fill_path(p)
            else:
                w, cap, join, miter, phase, dash = line
                c.stroke_width = w; c.set_stroke_caps(caps[cap]); c.stroke_join = joins[join]; c.stroke_miter_limit = miter
                if dash:
                    c.set_stroke_dash_array(self.b.BLArrayDouble.from_numpy(np.array(dash, dtype=np.float64)))
                    c.stroke_dash_offset = phase
                else:
                    c.set_stroke_dash_array(self.b.BLArrayDouble())
                c.set_stroke_style(style); c.stroke_path(p)
            c.comp_op = self.b.BLCompOp.SRC_OVER
        return f

    def _fill_all(self, c, m, g, comp):
        c.reset_transform(); c.transform(m); c.comp_op = comp; c.set_fill_style(g); c.fill_all()
        c.comp_op = self.b.BLCompOp.SRC_OVER

    def _blit(self, c, m, img, r, a):
        c.reset_transform(); c.transform(m); c.global_alpha = a; c.blit_image(r, img); c.global_alpha = 1.0

    def run(self, dl):
        b = self.b
        steps = self.prepare(dl)
        img = b.BLImage(dl["w"], dl["h"], b.BLFormat.PRGB32)
        bg = dl["bg"]
        holder = {}

        def draw():
            ctx = b.BLContext(img)
            ctx.clear_all()
            if bg[3] > 0:
                ctx.set_fill_style(bg); ctx.fill_all()
            for f in steps:
                f(ctx)
            ctx.flush()
            holder["ctx"] = ctx

        def read():
            out = np.array(img.getDataAsNumPy()).copy()
            holder.pop("ctx", None)
            return out
        return draw, read


# ---------------------------------------------------------------------------------------------
# The run

def hudrender_bin():
    b = os.environ.get("HUDRENDER_BIN")
    if b:
        return b
    subprocess.run(["swift", "build", "-c", "release", "--product", "hudrender"], cwd=ROOT, check=True,
                   stdout=sys.stderr)
    out = subprocess.run(["swift", "build", "-c", "release", "--show-bin-path"], cwd=ROOT, check=True,
                         capture_output=True, text=True).stdout.strip()
    return os.path.join(out, "hudrender")


def ours(exe, path, repeats, pngdir):
    """HUDRaster's median ms over `repeats` replays (after bench's untimed warm-up replay), and with
    a `pngdir` the frame's premultiplied pixels (else None)."""
    cmd = [exe, "bench", "--display-list", path, "--iterations", str(repeats)] + (["--write-png", pngdir] if pngdir else [])
    line = subprocess.run(cmd, check=True, capture_output=True, text=True).stdout
    ms = float(line.split("median ")[1].split(" ms")[0])
    if not pngdir:
        return ms, None
    from PIL import Image
    name = os.path.basename(path).replace(".gz", "").replace(".hdl", "")
    rgba = np.array(Image.open(os.path.join(pngdir, name + ".png")).convert("RGBA")).astype(np.float64)
    rgba[:, :, :3] = np.round(rgba[:, :, :3] * rgba[:, :, 3:4] / 255)   # PNG is straight alpha
    return ms, rgba


def timed(draw, repeats):
    """Median CPU time of the drawing thread in ms (time.thread_time: other processes on a shared
    machine do not count, as in `hudrender bench --display-list`)."""
    samples = []
    for _ in range(repeats):
        t = time.thread_time(); draw(); samples.append((time.thread_time() - t) * 1000)
    return float(np.median(samples))


def keep_min(row, name, ms):
    """A renderer's time for a frame: the minimum over rounds of its per-round medians."""
    row["ms"][name] = min(ms, row["ms"].get(name, ms))


def metrics(img, ref):
    d = np.abs(img.astype(np.float64) - ref)
    return d.mean(), 100.0 * (d.max(axis=2) > 16).mean()


def unlike(dl):
    """What the peers skip or simplify in this frame (README: what the peers cannot draw)."""
    shadow, layer_shadow, saved = None, False, []
    kinds = set()
    for op in dl["ops"]:
        k = op[0]
        if k in ("save", "begin-layer"):
            saved.append(shadow)
        elif k in ("restore", "end-layer"):
            shadow = saved.pop() if saved else shadow
        if k == "shadow":
            shadow = op[1]
        elif k in ("fill", "stroke", "mask") and shadow is not None and shadow[2] > 0:
            kinds.add("blurred shadow unblurred by cairo, Blend2D")
        elif k == "begin-layer":
            kinds.add("layer: Blend2D multiplies its alpha in instead (no layer image)")
            if shadow is not None:
                layer_shadow = True
            shadow = None
        elif k == "clip":
            kinds.add("path clip skipped by Blend2D")
        elif k == "draw-conic" or (k == "paint" and op[2][0] == "conic"):
            kinds.add("conic gradient: cairo draws its first colour")
        elif k == "reset-clip":
            kinds.add("reset-clip skipped by Skia")
    if layer_shadow:
        kinds.add("layer shadow skipped by cairo, Blend2D")
    return sorted(kinds)


def chart(rows, peers, path):
    """Bars of peer time / HUDRaster time per frame, log scale, 1 = as fast (SVG, no dependency)."""
    colors = {"skia": "#4c78a8", "cairo": "#f58518", "blend2d": "#54a24b"}
    bar, gap, left, top = 12, 10, 190, 30
    group = bar * len(peers) + gap
    h = top + group * len(rows) + 40
    lo, hi = 0.05, 50.0
    width = 760
    x = lambda v: left + (math.log10(min(max(v, lo), hi)) - math.log10(lo)) / (math.log10(hi) - math.log10(lo)) * (width - left - 20)
    out = ['<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" font-family="sans-serif" font-size="11">' % (width, h),
           '<rect width="100%" height="100%" fill="white"/>',
           '<text x="%d" y="16" font-size="13">Peer time / HUDRaster time per recorded frame (log scale; right of 1 = HUDRaster faster)</text>' % 10]
    for v in (0.1, 0.4, 1, 2.5, 10):
        out.append('<line x1="%.1f" y1="%d" x2="%.1f" y2="%d" stroke="%s"/>' % (x(v), top - 4, x(v), h - 30, "#000" if v == 1 else "#ccc"))
        out.append('<text x="%.1f" y="%d" text-anchor="middle">%g</text>' % (x(v), h - 16, v))
    for i, r in enumerate(rows):
        y = top + i * group
        out.append('<text x="%d" y="%d" text-anchor="end">%s</text>' % (left - 6, y + bar * len(peers) / 2 + 4, r["name"]))
        for j, p in enumerate(peers):
            v = r["ratio"].get(p)
            if v is None:
                continue
            out.append('<rect x="%d" y="%d" width="%.1f" height="%d" fill="%s"><title>%s %.2f</title></rect>'
                       % (left, y + j * bar, max(1, x(v) - left), bar - 2, colors[p], p, v))
    for j, p in enumerate(peers):
        out.append('<rect x="%d" y="%d" width="10" height="10" fill="%s"/><text x="%d" y="%d">%s</text>'
                   % (left + 120 * j, h - 10, colors[p], left + 120 * j + 14, h - 1, p))
    out.append("</svg>")
    with open(path, "w") as f:
        f.write("\n".join(out) + "\n")


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("files", nargs="*", help="display lists (default: Fixtures/displaylists/*.hdl)")
    ap.add_argument("--repeats", type=int, default=5, help="timed replays per renderer, frame and round (median)")
    ap.add_argument("--rounds", type=int, default=3, help="interleaved rounds over all frames and renderers (minimum of the medians)")
    ap.add_argument("--pin", type=int, default=None, help="bind the whole run (every renderer) to this CPU")
    ap.add_argument("--no-truth", action="store_true", help="skip the 8x ground truth (speed only)")
    ap.add_argument("--write-doc", action="store_true", help="write the frames section of docs/benchmarks.md and the chart")
    args = ap.parse_args()
    if args.pin is not None:
        os.sched_setaffinity(0, {args.pin})   # inherited by the hudrender processes
    files = args.files or sorted(glob.glob(os.path.join(ROOT, "Fixtures", "displaylists", "*.hdl*")))
    exe = hudrender_bin()
    peers, notes = [], []
    for cls in (SkiaRenderer, CairoRenderer, Blend2DRenderer):
        try:
            peers.append(cls())
        except Exception as e:   # noqa: BLE001 (any import failure is reported, not fatal)
            notes.append("%s unavailable: %s" % (cls.name, e))
            print("note: %s unavailable (%s); pip install it to compare" % (cls.name, e))
    skia = next((p for p in peers if p.name == "skia"), None)
    pngdir = tempfile.mkdtemp(prefix="frames-ours-")
    lists = [read_list(path) for path in files]
    rows = [{"name": dl["name"], "size": "%dx%d" % (dl["w"], dl["h"]), "items": len(dl["ops"]), "ms": {},
             "ratio": {}, "err": {}, "unlike": unlike(dl)} for dl in lists]
    outs = [{} for _ in lists]
    renderers = ["hudraster"] + peers
    for rnd in range(args.rounds):
        for dl, row, out in zip(lists, rows, outs):
            first = rnd == 0
            for i in range(len(renderers)):
                r = renderers[(i + rnd) % len(renderers)]
                if r == "hudraster":
                    ms, img = ours(exe, dl["path"], args.repeats, pngdir if first else None)
                    if first:
                        out["hudraster"] = img
                    keep_min(row, "hudraster", ms)
                    continue
                try:
                    draw, read = r.run(dl)
                    draw()   # warm-up
                    keep_min(row, r.name, timed(draw, args.repeats))
                    if first:
                        out[r.name] = read()
                except Exception as e:   # noqa: BLE001
                    if first:
                        print("note: %s cannot draw %s: %s" % (r.name, dl["name"], e))
            if rnd == args.rounds - 1:
                print("%-28s %s" % (dl["name"], "  ".join("%s %.2f ms" % (k, v) for k, v in row["ms"].items())), flush=True)
    for dl, row, out in zip(lists, rows, outs):
        for p in peers:
            if p.name in row["ms"]:
                row["ratio"][p.name] = row["ms"][p.name] / row["ms"]["hudraster"]
        if skia and not args.no_truth:
            ref = skia.truth(dl)
            for k, o in out.items():
                row["err"][k] = metrics(o, ref)
    report = tables(rows, [p.name for p in peers], notes)
    print("\n" + report)
    if args.write_doc:
        write_doc(report, rows, [p.name for p in peers], args)


def tables(rows, peers, notes):
    cols = ["hudraster"] + peers
    lines = ["CPU time per frame (ms of the drawing thread: per round the median of the repeats, then the minimum over",
             "the interleaved rounds; ratio = peer / HUDRaster, > 1 means HUDRaster is faster):", "",
             "| frame | size | items | " + " | ".join(cols) + " | " + " | ".join("%s ratio" % p for p in peers) + " |",
             "| --- | --- | ---: | " + " | ".join("---:" for _ in cols) + " | " + " | ".join("---:" for _ in peers) + " |"]
    for r in rows:
        lines.append("| %s | %s | %d | " % (r["name"], r["size"], r["items"])
                     + " | ".join("%.2f" % r["ms"][c] if c in r["ms"] else "-" for c in cols) + " | "
                     + " | ".join("%.2f" % r["ratio"][p] if p in r["ratio"] else "-" for p in peers) + " |")
    geo = {p: math.exp(np.mean([math.log(r["ratio"][p]) for r in rows if p in r["ratio"]])) for p in peers
           if any(p in r["ratio"] for r in rows)}
    lines.append("| geometric mean | | | " + " | ".join("" for _ in cols) + " | "
                 + " | ".join("%.2f" % geo[p] if p in geo else "-" for p in peers) + " |")
    if any(r["err"] for r in rows):
        lines += ["", "Accuracy against Skia 8x8 supersampled on a float surface: mean |error| (1/255) / % pixels off by > 16:", "",
                  "| frame | " + " | ".join(cols) + " |", "| --- | " + " | ".join("---:" for _ in cols) + " |"]
        for r in rows:
            lines.append("| %s | " % r["name"] + " | ".join("%.3f / %.2f" % r["err"][c] if c in r["err"] else "-" for c in cols) + " |")
    # Issue 22's targets.
    miss = []
    for r in rows:
        for p, limit, what in (("skia", 1.0, "faster than Skia"), ("cairo", 1.0, "faster than cairo"),
                               ("blend2d", 1 / 2.5, "within 2.5x of Blend2D")):
            if p in r["ratio"] and r["ratio"][p] < limit:
                miss.append("%s: not %s (ratio %.2f)" % (r["name"], what, r["ratio"][p]))
        if r["err"]:
            best = min(v[0] for k, v in r["err"].items() if k != "hudraster")
            if r["err"]["hudraster"][0] > best:
                miss.append("%s: mean error %.3f above the best peer's %.3f" % (r["name"], r["err"]["hudraster"][0], best))
    if "blend2d" in geo and geo["blend2d"] < 0.5:
        miss.append("geometric mean against Blend2D %.2f (target 0.5 or more: within 2x)" % geo["blend2d"])
    groups = {}
    for r in rows:
        groups.setdefault("; ".join(r["unlike"]) or "like-for-like", []).append(r["name"])
    lines += ["", "Not like-for-like (what a peer skips or simplifies; its time and error carry it; shadows of",
              "shadowed masks are drawn by every peer):", ""]
    lines += ["- %s: %s" % (k, ", ".join(v)) for k, v in sorted(groups.items()) if k != "like-for-like"]
    lines += ["- like-for-like on every peer: %s" % (", ".join(groups["like-for-like"]) if "like-for-like" in groups else "none")]
    lines += ["", "Targets (issue 22): " + ("all met" if not miss else "%d missed" % len(miss))] + ["- " + m for m in miss]
    lines += ["- note: " + n for n in notes]
    return "\n".join(lines)


# Measured figures that used to sit in code comments (the comments keep only the reasons).
MOVED_FIGURES = """### Figures formerly in code comments

Measured when the code was written (HUDRaster, HUDSVG); the comments now say only why.

- Compositor: the packed-integer blend measured about 1.5 ns a pixel, 50x faster than through SIMD4<Float>.
- Compositor.overRows: the out-of-line multiply-high division, 12% fewer instructions on big rectangles.
- Flattener: at a 0.1 px tolerance a 50 px circle comes out 0.27% small; at 1/16 px small curved fills
  were 10% faster and text 30% less accurate (compare_raster.py text scenes, mean error 0.117 -> 0.153).
- Int32List: with `Array.append` instead, 8 px fills took 1 to 5% longer.
- Shader.fastAtan2: 15x faster than libm's atan2 (max error about 1e-5 rad).
- Path arcs: cubic Béziers of at most 90 degrees each, radial error below 0.03% of r.
- Stroker: walking an outline again for its bounds cost about 30 instructions a point.
- Canvas.alignedRing: skipping the stroker and the outline walk saves about 15% of a stroked rectangle.
"""


def write_doc(report, rows, peers, args):
    doc = os.path.join(ROOT, "docs", "benchmarks.md")
    chart(rows, peers, os.path.join(ROOT, "docs", "frames-ratios.svg"))
    section = "\n".join([BEGIN, "## Recorded frames", "",
                         "Generated by `python3 Scripts/compare_frames.py --write-doc` (do not edit by hand): the display",
                         "lists of Fixtures/displaylists/ replayed by HUDRaster (`hudrender bench --display-list`), Skia,",
                         "cairo and Blend2D, each single-threaded, in one run. Every renderer draws a frame once untimed",
                         "(warm-up), then %d timed replays (median, CPU time of the drawing thread); this is done in %d"
                         % (args.repeats, args.rounds),
                         "interleaved rounds over all frames and renderers (the renderers' order rotating), and a",
                         "renderer's time for a frame is the minimum of its medians over the rounds.",
                         "%s Machine: %d cores, load %s."
                         % ("All renderers ran pinned to CPU %d." % args.pin if args.pin is not None else "Not pinned.",
                            os.cpu_count(), open("/proc/loadavg").read().split()[0]), "",
                         "![time ratios per frame](frames-ratios.svg)", "", report, "", MOVED_FIGURES, END])
    text = open(doc).read() if os.path.exists(doc) else "# Benchmarks\n\nGenerated sections; each script replaces only its own.\n"
    if BEGIN in text and END in text:
        text = text[:text.index(BEGIN)] + section + text[text.index(END) + len(END):]
    else:
        text = text.rstrip("\n") + "\n\n" + section + "\n"
    with open(doc, "w") as f:
        f.write(text)
    print("wrote %s and docs/frames-ratios.svg" % doc)


if __name__ == "__main__":
    main()
