#!/usr/bin/env python3
"""compare_raster.py: accuracy and speed of HUDRaster next to Skia, cairo, Blend2D and resvg.

README
------
What it does
  1. Builds HUDRaster, HUDRasterBenchmarks and HUDText in release (`--target`, its own scratch path)
     and links the tiny driver Scripts/raster_harness.swift against them.
  2. Accuracy: the driver renders RasterBenchmark.accuracyScenes() (every speed test at 16 and 128 px
     with 12 shapes, plus Circles, ThinStrokes, Curves, Joins, Dashes, RoundedRects) and two text
     scenes (glyph outlines from HUDText, 9 to 34 px) and writes each scene as a text script
     (RasterBenchmark's BenchmarkScene.script). The script replays the same commands with
     skia-python, pycairo, blend2d-python and resvg-py at 1x, and with Skia at 8x8 the size,
     box-filtered down, as ground truth. For the truth every curve is first cut into chords within
     0.001 px (`densify`): Skia's own flattening at 8x is 1/32 px of the scene, always inside convex
     arcs, and would otherwise favour renderers that flatten the same way. The truth is drawn on a float (RGBA F32)
     surface, so it carries Skia's 8x coverage but no 8-bit compositing rounding: on an 8-bit
     surface Skia blends with (x + 255) >> 8, a bias of about half a level per blend that would be
     copied into the truth and make every other renderer's exactly rounded blend look wrong
     (`--truth 8bit` shows that variant). Per scene it prints the mean absolute error (premultiplied
     RGBA, in 1/255 units, over all pixels and channels) and the share of pixels with any channel off by
     more than 16/255.
  3. Speed: the driver times RasterBenchmark.run (bl_bench-style: fill rect aligned / unaligned /
     rotated, rounded rect, polygons of 10/20/40 vertices non-zero and even-odd, strokes of the same,
     sizes 8..256 on a 512x600 canvas, fixed seeds). The same scenes are replayed with the Python
     peers with paths prepared before the clock starts; their per-call Python overhead is measured on
     empty paths and subtracted ("net"). Ratios > 1 mean the peer is slower than HUDRaster. resvg is
     timed on whole SVG documents (parse + render + PNG encode), so its figure is only indicative.
     HUDRaster is timed test by test (`raster_harness bench OPS REPEATS NAME-SIZE`) right before the
     peers draw the same test, so a slow spell of the shared machine hits all of a test's renderers.
     The last lines check issue 3's target: faster than Skia and cairo on every test, within 1.5x of
     Blend2D, with the tests that miss it.

Setup (once)
  apt-get install -y libcairo2-dev pkg-config
  pip install numpy pillow skia-python resvg-py blend2d-python pycairo
  (do not install blend2d-py or pyblend2d beside blend2d-python: they all install as `blend2d`)

Run
  python3 Scripts/compare_raster.py                   # everything (a few minutes on 2 cores)
  python3 Scripts/compare_raster.py --skip-speed      # accuracy only
  python3 Scripts/compare_raster.py --ops 300 --repeats 3 --pin 1
  `--pin CPU` runs every timed part on one core (taskset) so all renderers get the same core.

When `hudrender bench --dump-scenes DIR` also writes the scene scripts, `--scenes DIR` reads that
folder (NAME.txt + NAME.png) instead of building the driver.
"""
import argparse
import glob
import math
import os
import shutil
import subprocess
import sys
import tempfile
import time

import numpy as np

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

# ---------------------------------------------------------------------------------------------
# Scene scripts


def parse_scene(text):
    scene = {"w": 0, "h": 0, "bg": (0, 0, 0, 0), "cmds": []}
    for line in text.splitlines():
        if not line or line.startswith("#"):
            continue
        t = line.split()
        if t[0] == "size":
            scene["w"], scene["h"] = int(t[1]), int(t[2])
        elif t[0] == "background":
            scene["bg"] = tuple(float(v) for v in t[1:5])
        elif t[0] == "fill":
            scene["cmds"].append({"kind": "fill", "rule": t[1], "color": tuple(float(v) for v in t[2:6]),
                                  "path": parse_path(t[6:])})
        elif t[0] == "stroke":
            c = {"kind": "stroke", "width": float(t[1]), "cap": t[2], "join": t[3], "miter": float(t[4]),
                 "color": tuple(float(v) for v in t[5:9]), "dash": None}
            rest = t[9:]
            if rest and rest[0] == "dash":
                n = int(rest[2])
                c["dash"] = (float(rest[1]), [float(v) for v in rest[3:3 + n]])
                rest = rest[3 + n:]
            c["path"] = parse_path(rest)
            scene["cmds"].append(c)
    return scene


def parse_path(tokens):
    ops, i = [], 0
    arity = {"M": 2, "L": 2, "Q": 4, "C": 6, "Z": 0}
    while i < len(tokens):
        op = tokens[i]
        n = arity[op]
        ops.append((op, [float(v) for v in tokens[i + 1:i + 1 + n]]))
        i += 1 + n
    return ops


def svg_d(path):
    return " ".join(op + " " + " ".join(repr(v) for v in a) if a else op for op, a in path)


# ---------------------------------------------------------------------------------------------
# Renderers. Each returns premultiplied RGBA uint8 of shape (h, w, 4).


class SkiaRenderer:
    name = "skia"

    def __init__(self):
        import skia
        self.skia = skia

    def prepare(self, scene, empty=False, exact_curves=False):
        skia = self.skia
        items = []
        for c in scene["cmds"]:
            p = skia.Path()
            if not empty:
                for op, a in (densify(c["path"]) if exact_curves else c["path"]):
                    if op == "M": p.moveTo(*a)
                    elif op == "L": p.lineTo(*a)
                    elif op == "Q": p.quadTo(*a)
                    elif op == "C": p.cubicTo(*a)
                    else: p.close()
            paint = skia.Paint(AntiAlias=True, Color4f=skia.Color4f(*c["color"]))
            if c["kind"] == "fill":
                p.setFillType(skia.PathFillType.kEvenOdd if c["rule"] == "evenodd" else skia.PathFillType.kWinding)
            else:
                paint.setStyle(skia.Paint.kStroke_Style)
                paint.setStrokeWidth(c["width"])
                paint.setStrokeCap({"butt": skia.Paint.kButt_Cap, "round": skia.Paint.kRound_Cap, "square": skia.Paint.kSquare_Cap}[c["cap"]])
                paint.setStrokeJoin({"miter": skia.Paint.kMiter_Join, "round": skia.Paint.kRound_Join, "bevel": skia.Paint.kBevel_Join}[c["join"]])
                paint.setStrokeMiter(c["miter"])
                if c["dash"]:
                    paint.setPathEffect(skia.DashPathEffect.Make(c["dash"][1], c["dash"][0]))
            items.append((p, paint))
        return items

    def surface(self, w, h, float32=False):
        skia = self.skia
        ct = skia.kRGBA_F32_ColorType if float32 else skia.kRGBA_8888_ColorType
        return skia.Surface.MakeRaster(skia.ImageInfo.Make(w, h, ct, skia.kPremul_AlphaType))

    def draw(self, surface, items, scale=1.0, bg=(0, 0, 0, 0)):
        canvas = surface.getCanvas()
        canvas.clear(self.skia.Color4f(*bg))
        canvas.save()
        if scale != 1:
            canvas.scale(scale, scale)
        for p, paint in items:
            canvas.drawPath(p, paint)
        canvas.restore()
        surface.flushAndSubmit() if hasattr(surface, "flushAndSubmit") else None

    def read(self, surface, float32=False):
        img = surface.makeImageSnapshot()
        if float32:
            ct = self.skia.kRGBA_F32_ColorType
            return np.array(img.toarray(colorType=ct, alphaType=self.skia.kPremul_AlphaType)).astype(np.float64) * 255.0
        return np.array(img.toarray(colorType=self.skia.kRGBA_8888_ColorType, alphaType=self.skia.kPremul_AlphaType))

    def render(self, scene, scale=1, float32=False, exact_curves=False):
        s = self.surface(scene["w"] * scale, scene["h"] * scale, float32)
        self.draw(s, self.prepare(scene, exact_curves=exact_curves), float(scale), scene["bg"])
        return self.read(s, float32)


def densify(path, tol=1e-3):
    """The path with every curve replaced by chords within `tol` px of it, for the ground truth.

    Skia flattens curves itself, to about a quarter of a device pixel; at 8x that is 1/32 px of
    the scene, always on the inside of a convex arc, so the truth carried Skia's own flattening
    bias and favoured renderers that flatten the same way. Chords this short leave the truth
    within 0.001 px of the true curve."""
    out, cur, start = [], (0.0, 0.0), (0.0, 0.0)
    for op, a in path:
        if op == "M":
            cur = start = (a[0], a[1]); out.append((op, a))
        elif op == "L":
            cur = (a[0], a[1]); out.append((op, a))
        elif op in ("Q", "C"):
            pts = [cur] + [(a[i], a[i + 1]) for i in range(0, len(a), 2)]
            # Second-difference bound of the control polygon: |B''| <= d(d-1) * max |second difference|.
            deg = len(pts) - 1
            dd = max(math.hypot(pts[i][0] - 2 * pts[i + 1][0] + pts[i + 2][0],
                                pts[i][1] - 2 * pts[i + 1][1] + pts[i + 2][1]) for i in range(deg - 1))
            n = max(1, math.ceil(math.sqrt(deg * (deg - 1) * dd / (8 * tol))))
            for k in range(1, n + 1):
                t = k / n
                if deg == 2:
                    u = 1 - t
                    x = u * u * pts[0][0] + 2 * u * t * pts[1][0] + t * t * pts[2][0]
                    y = u * u * pts[0][1] + 2 * u * t * pts[1][1] + t * t * pts[2][1]
                else:
                    u = 1 - t
                    x = u ** 3 * pts[0][0] + 3 * u * u * t * pts[1][0] + 3 * u * t * t * pts[2][0] + t ** 3 * pts[3][0]
                    y = u ** 3 * pts[0][1] + 3 * u * u * t * pts[1][1] + 3 * u * t * t * pts[2][1] + t ** 3 * pts[3][1]
                out.append(("L", [x, y]))
            cur = pts[-1]
        else:
            cur = start; out.append((op, a))
    return out


class CairoRenderer:
    name = "cairo"

    def __init__(self):
        import cairo
        self.cairo = cairo

    def prepare(self, scene, empty=False):
        cairo = self.cairo
        scratch = cairo.Context(cairo.ImageSurface(cairo.FORMAT_ARGB32, 1, 1))
        items = []
        for c in scene["cmds"]:
            scratch.new_path()
            cur = (0.0, 0.0)
            if not empty:
                for op, a in c["path"]:
                    if op == "M": scratch.move_to(*a); cur = tuple(a); start = cur
                    elif op == "L": scratch.line_to(*a); cur = tuple(a)
                    elif op == "Q":
                        x0, y0 = cur; cx, cy, x, y = a
                        scratch.curve_to(x0 + 2 / 3 * (cx - x0), y0 + 2 / 3 * (cy - y0), x + 2 / 3 * (cx - x), y + 2 / 3 * (cy - y), x, y)
                        cur = (x, y)
                    elif op == "C": scratch.curve_to(*a); cur = (a[4], a[5])
                    else: scratch.close_path(); cur = start
            items.append((scratch.copy_path(), c))
        return items

    def draw(self, surface, items, bg=(0, 0, 0, 0)):
        cairo = self.cairo
        ctx = cairo.Context(surface)
        ctx.set_operator(cairo.OPERATOR_SOURCE)
        ctx.set_source_rgba(*bg)
        ctx.paint()
        ctx.set_operator(cairo.OPERATOR_OVER)
        ctx.set_antialias(cairo.ANTIALIAS_DEFAULT)
        for path, c in items:
            ctx.new_path()
            ctx.append_path(path)
            ctx.set_source_rgba(*c["color"])
            if c["kind"] == "fill":
                ctx.set_fill_rule(cairo.FILL_RULE_EVEN_ODD if c["rule"] == "evenodd" else cairo.FILL_RULE_WINDING)
                ctx.fill()
            else:
                ctx.set_line_width(c["width"])
                ctx.set_line_cap({"butt": cairo.LINE_CAP_BUTT, "round": cairo.LINE_CAP_ROUND, "square": cairo.LINE_CAP_SQUARE}[c["cap"]])
                ctx.set_line_join({"miter": cairo.LINE_JOIN_MITER, "round": cairo.LINE_JOIN_ROUND, "bevel": cairo.LINE_JOIN_BEVEL}[c["join"]])
                ctx.set_miter_limit(c["miter"])
                ctx.set_dash(c["dash"][1], c["dash"][0]) if c["dash"] else ctx.set_dash([])
                ctx.stroke()
        surface.flush()

    def surface(self, w, h):
        return self.cairo.ImageSurface(self.cairo.FORMAT_ARGB32, w, h)

    def read(self, surface):
        w, h, stride = surface.get_width(), surface.get_height(), surface.get_stride()
        a = np.ndarray(shape=(h, stride // 4, 4), dtype=np.uint8, buffer=surface.get_data())[:, :w]
        if sys.byteorder == "little":
            return a[:, :, [2, 1, 0, 3]].copy()
        return a[:, :, [1, 2, 3, 0]].copy()

    def render(self, scene):
        s = self.surface(scene["w"], scene["h"])
        self.draw(s, self.prepare(scene), scene["bg"])
        return self.read(s)


class Blend2DRenderer:
    name = "blend2d"

    def __init__(self):
        import blend2d
        self.b = blend2d

    def prepare(self, scene, empty=False):
        b = self.b
        items = []
        for c in scene["cmds"]:
            p = b.BLPath()
            if not empty:
                for op, a in c["path"]:
                    if op == "M": p.move_to(*a)
                    elif op == "L": p.line_to(*a)
                    elif op == "Q": p.quadric_to(*a)
                    elif op == "C": p.cubic_to(*a)
                    else: p.close()
            dash = None
            if c["kind"] == "stroke" and c["dash"]:
                dash = b.BLArrayDouble.from_numpy(np.array(c["dash"][1], dtype=np.float64))
            items.append((p, c, dash))
        return items

    def surface(self, w, h):
        return self.b.BLImage(w, h, self.b.BLFormat.PRGB32)

    def draw(self, img, items, bg=(0, 0, 0, 0)):
        b = self.b
        ctx = b.BLContext(img)
        ctx.clear_all()
        if bg[3] > 0:
            ctx.set_fill_style(bg); ctx.fill_all()
        caps = {"butt": b.BLStrokeCap.CAP_BUTT, "round": b.BLStrokeCap.CAP_ROUND, "square": b.BLStrokeCap.CAP_SQUARE}
        joins = {"miter": b.BLStrokeJoin.JOIN_MITER_BEVEL, "round": b.BLStrokeJoin.JOIN_ROUND, "bevel": b.BLStrokeJoin.JOIN_BEVEL}
        for p, c, dash in items:
            if c["kind"] == "fill":
                ctx.fill_rule = b.BLFillRule.EVEN_ODD if c["rule"] == "evenodd" else b.BLFillRule.NON_ZERO
                ctx.set_fill_style(c["color"])
                ctx.fill_path(p)
            else:
                ctx.stroke_width = c["width"]
                ctx.set_stroke_caps(caps[c["cap"]])
                ctx.stroke_join = joins[c["join"]]
                ctx.stroke_miter_limit = c["miter"]
                if dash is not None:
                    ctx.set_stroke_dash_array(dash); ctx.stroke_dash_offset = c["dash"][0]
                else:
                    ctx.set_stroke_dash_array(b.BLArrayDouble())
                ctx.set_stroke_style(c["color"])
                ctx.stroke_path(p)
        ctx.flush()
        return ctx

    def render(self, scene):
        img = self.surface(scene["w"], scene["h"])
        ctx = self.draw(img, self.prepare(scene), scene["bg"])
        out = np.array(img.getDataAsNumPy()).copy()
        del ctx
        return out


class ResvgRenderer:
    name = "resvg"

    def __init__(self):
        import resvg_py
        self.r = resvg_py

    @staticmethod
    def svg(scene):
        def col(c):
            return "rgb(%d,%d,%d)" % tuple(int(round(v * 255)) for v in c[:3]), c[3]
        out = ['<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" viewBox="0 0 %d %d">'
               % (scene["w"], scene["h"], scene["w"], scene["h"])]
        if scene["bg"][3] > 0:
            rgb, a = col(scene["bg"])
            out.append('<rect width="100%%" height="100%%" fill="%s" fill-opacity="%r"/>' % (rgb, a))
        for c in scene["cmds"]:
            rgb, a = col(c["color"])
            d = svg_d(c["path"])
            if c["kind"] == "fill":
                out.append('<path d="%s" fill="%s" fill-opacity="%r" fill-rule="%s"/>'
                           % (d, rgb, a, "evenodd" if c["rule"] == "evenodd" else "nonzero"))
            else:
                dash = ""
                if c["dash"]:
                    dash = ' stroke-dasharray="%s" stroke-dashoffset="%r"' % (",".join(repr(v) for v in c["dash"][1]), c["dash"][0])
                out.append('<path d="%s" fill="none" stroke="%s" stroke-opacity="%r" stroke-width="%r" stroke-linecap="%s" '
                           'stroke-linejoin="%s" stroke-miterlimit="%r"%s/>'
                           % (d, rgb, a, c["width"], c["cap"], c["join"], c["miter"], dash))
        out.append("</svg>")
        return "\n".join(out)

    def render_svg(self, svg, w):
        return bytes(self.r.svg_to_bytes(svg_string=svg, width=w))

    def render(self, scene):
        from PIL import Image
        import io
        png = self.render_svg(self.svg(scene), scene["w"])
        im = np.array(Image.open(io.BytesIO(png)).convert("RGBA")).astype(np.uint32)
        a = im[:, :, 3:4]
        rgb = (im[:, :, :3] * a + 127) // 255
        return np.concatenate([rgb, a], axis=2).astype(np.uint8)


# ---------------------------------------------------------------------------------------------


def build_driver(scratch):
    # The suite (HUDRasterBenchmarks) and HUDText (the text scenes draw glyph outlines), with
    # HUDRaster under both.
    libs = ["HUDRaster", "HUDRasterBenchmarks", "HUDText"]
    for target in libs[1:]:
        subprocess.run(["swift", "build", "-c", "release", "--target", target, "--scratch-path", scratch],
                       cwd=ROOT, check=True, stdout=subprocess.DEVNULL)
    rel = os.path.join(scratch, "release")
    objs = sorted(o for lib in libs for o in glob.glob(os.path.join(rel, lib + ".build", "*.o")))
    exe = os.path.join(scratch, "raster_harness")
    # HUDText's C libraries: their module maps (Sources/C*) and pkg-config's header and link flags.
    pkg = subprocess.run(["pkg-config", "--cflags", "--libs", "harfbuzz", "fribidi", "fontconfig", "libthai", "libpng"],
                         check=True, capture_output=True, text=True).stdout.split()
    flags = [f for f in pkg if f.startswith("-l")] + [x for f in pkg if f.startswith("-I") for x in ("-Xcc", f)]
    modules = [x for m in ("CHarfBuzz", "CFriBiDi", "CFontconfig", "CThai", "CPNG") for x in ("-I", os.path.join(ROOT, "Sources", m))]
    subprocess.run(["swiftc", "-O", "-I", os.path.join(rel, "Modules"), *modules, os.path.join(ROOT, "Scripts", "raster_harness.swift"),
                    *objs, *flags, "-o", exe], check=True)
    return exe


TRUTH_FLOAT = True


def ground_truth(skia, scene, factor=8):
    big = skia.render(scene, factor, float32=TRUTH_FLOAT, exact_curves=True).astype(np.float64)
    h, w = scene["h"], scene["w"]
    return big.reshape(h, factor, w, factor, 4).mean(axis=(1, 3))


def metrics(img, ref):
    d = np.abs(img.astype(np.float64) - ref)
    return d.mean(), 100.0 * (d.max(axis=2) > 16).mean()


def accuracy(dirpath, renderers, only=None):
    skia = next(r for r in renderers if r.name == "skia")
    names = sorted(os.path.splitext(os.path.basename(p))[0] for p in glob.glob(os.path.join(dirpath, "*.txt")))
    if only:
        names = [n for n in names if any(o in n for o in only)]
    cols = ["hudraster"] + [r.name for r in renderers]
    print("\nAccuracy vs Skia 8x8 supersampled ground truth (%s surface): mean |error| (1/255) / %% pixels off by >16"
          % ("float" if TRUTH_FLOAT else "8-bit"))
    print("%-18s" % "scene" + "".join("%20s" % c for c in cols) + "   best-peer")
    wins = 0
    totals = {c: [0.0, 0.0] for c in cols}
    for n in names:
        scene = parse_scene(open(os.path.join(dirpath, n + ".txt")).read())
        ref = ground_truth(skia, scene)
        ours_path = os.path.join(dirpath, n + ".rgba")
        if os.path.exists(ours_path):
            ours = np.fromfile(ours_path, dtype=np.uint8).reshape(scene["h"], scene["w"], 4)
        else:
            from PIL import Image
            im = np.array(Image.open(os.path.join(dirpath, n + ".png")).convert("RGBA")).astype(np.uint32)
            ours = np.concatenate([(im[:, :, :3] * im[:, :, 3:4] + 127) // 255, im[:, :, 3:4]], axis=2).astype(np.uint8)
        row = {"hudraster": metrics(ours, ref)}
        for r in renderers:
            try:
                row[r.name] = metrics(r.render(scene), ref)
            except Exception as e:  # a peer that cannot draw a scene is reported, not fatal
                row[r.name] = (float("nan"), float("nan"))
                print("  (%s failed on %s: %s)" % (r.name, n, e))
        best_mean = min(row[r.name][0] for r in renderers)
        best_off = min(row[r.name][1] for r in renderers)
        ok = row["hudraster"][0] <= best_mean + 1e-9 and row["hudraster"][1] <= best_off + 1e-9
        wins += ok
        for c in cols:
            totals[c][0] += row[c][0]; totals[c][1] += row[c][1]
        print("%-18s" % n + "".join("%12.4f /%6.3f%%" % row[c] for c in cols) + "   %s" % ("ok" if ok else "worse"))
    k = max(1, len(names))
    print("%-18s" % "MEAN" + "".join("%12.4f /%6.3f%%" % (totals[c][0] / k, totals[c][1] / k) for c in cols))
    print("HUDRaster no worse than the best peer on both figures in %d of %d scenes" % (wins, len(names)))


def time_peer(r, scene, repeats):
    """Best-of-N seconds to draw the prepared scene, minus the same calls on empty paths."""
    def best(items):
        t = float("inf")
        surf = r.surface(scene["w"], scene["h"]) if r.name != "resvg" else None
        for _ in range(repeats):
            t0 = time.perf_counter()
            out = r.draw(surf, items)
            t = min(t, time.perf_counter() - t0)
            del out
        return t
    if r.name == "resvg":
        svg = ResvgRenderer.svg(scene)
        t = float("inf")
        for _ in range(repeats):
            t0 = time.perf_counter(); r.render_svg(svg, scene["w"]); t = min(t, time.perf_counter() - t0)
        return t, t
    full = best(r.prepare(scene))
    empty = best(r.prepare(scene, empty=True))
    return full, max(full - empty, 1e-9)


def speed(exe, renderers, ops, repeats, only=None, pin=None):
    tmp = tempfile.mkdtemp(prefix="rbench")
    pre = ["taskset", "-c", str(pin)] if pin is not None else []
    subprocess.run(pre + [exe, "scenes", tmp, str(ops)], check=True)
    # The test names in the suite's order, from the scene files the driver wrote.
    order = subprocess.run(pre + [exe, "bench", "1", "1"], check=True, capture_output=True, text=True).stdout
    names = ["%s-%s" % tuple(line.split("\t")[:2]) for line in order.splitlines()]
    names = [n for n in names if not only or any(o in n for o in only)]
    if pin is not None:
        os.sched_setaffinity(0, {pin})

    def ours_us(n):
        # HUDRaster is timed test by test, right before the peers on the same test, so that a
        # slow spell of the shared machine hits every renderer of a test alike.
        line = subprocess.run(pre + [exe, "bench", str(ops), str(repeats), n], check=True,
                              capture_output=True, text=True).stdout.split("\n")[0]
        return float(line.split("\t")[2])
    ours = {}
    peers = [r for r in renderers]
    print("\nSpeed, one core, %d shapes per test, best of %d: microseconds per shape (peers: net of Python call overhead)" % (ops, repeats))
    print("%-20s%12s" % ("test", "hudraster") + "".join("%12s" % r.name for r in peers) + "   " + "".join("%10s" % ("x" + r.name) for r in peers))
    ratios = {r.name: [] for r in peers}
    for n in names:
        scene = parse_scene(open(os.path.join(tmp, n + ".txt")).read())
        ours[n] = ours_us(n)
        cells, rs = [], []
        for r in peers:
            full, net = time_peer(r, scene, repeats)
            us = (net if r.name != "resvg" else full) * 1e6 / ops
            cells.append(us)
            rs.append(us / ours[n])
            ratios[r.name].append(us / ours[n])
        print("%-20s%12.3f" % (n, ours[n]) + "".join("%12.3f" % c for c in cells) + "   " + "".join("%10.2f" % x for x in rs))
    geo = {k: float(np.exp(np.mean(np.log(v)))) if v else float("nan") for k, v in ratios.items()}
    print("geometric mean of peer time / HUDRaster time: " + ", ".join("%s %.2f" % (k, v) for k, v in geo.items()))
    print("tests where HUDRaster is faster: " + ", ".join("%s %d/%d" % (k, sum(1 for x in v if x > 1), len(v)) for k, v in ratios.items()))
    # Issue 3's speed target, test by test: faster than Skia and cairo, within 1.5x of Blend2D.
    print("issue 3 speed target:")
    for k, bar, what in (("skia", 1.0, "faster than Skia"), ("cairo", 1.0, "faster than cairo"),
                         ("blend2d", 1 / 1.5, "within 1.5x of Blend2D")):
        if k not in ratios:
            continue
        missed = [(n, x) for n, x in zip(names, ratios[k]) if x < bar]
        line = "  %s: %d of %d" % (what, len(names) - len(missed), len(names))
        if missed:
            poly = sum(1 for n, _ in missed if "Poly" in n)
            line += "; missed by %d (%d polygon tests)" % (len(missed), poly)
            if len(missed) <= 30:
                line += ": " + ", ".join("%s %.2f" % (n, x) for n, x in missed)
        print(line)
    shutil.rmtree(tmp, ignore_errors=True)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--scenes", help="read scenes from this folder (NAME.txt + NAME.png) instead of building the driver")
    ap.add_argument("--scratch", default="/tmp/b-rcompare", help="SwiftPM scratch path for the release build")
    ap.add_argument("--ops", type=int, default=300, help="shapes per speed test")
    ap.add_argument("--repeats", type=int, default=3)
    ap.add_argument("--pin", type=int, default=None, help="CPU to pin all timed work to")
    ap.add_argument("--skip-speed", action="store_true")
    ap.add_argument("--truth", choices=["float", "8bit"], default="float",
                    help="surface the 8x ground truth is drawn on (default float: no blend rounding)")
    ap.add_argument("--skip-accuracy", action="store_true")
    ap.add_argument("--only", nargs="*", help="substrings of scene names to keep")
    ap.add_argument("--no-resvg-speed", action="store_true", help="leave resvg out of the speed table")
    args = ap.parse_args()
    global TRUTH_FLOAT
    TRUTH_FLOAT = args.truth == "float"

    renderers = []
    for cls in (SkiaRenderer, ResvgRenderer, Blend2DRenderer, CairoRenderer):
        try:
            renderers.append(cls())
        except ImportError as e:
            print("note: %s unavailable (%s); pip install it to compare" % (cls.name, e))
    if not any(r.name == "skia" for r in renderers):
        sys.exit("skia-python is required for the ground truth: pip install skia-python")

    exe = None
    if args.scenes:
        scene_dir = args.scenes
    else:
        exe = build_driver(args.scratch)
        scene_dir = tempfile.mkdtemp(prefix="rscenes")
        subprocess.run([exe, "dump", scene_dir], check=True)
    if not args.skip_accuracy:
        accuracy(scene_dir, renderers, args.only)
    if not args.skip_speed:
        if exe is None:
            exe = build_driver(args.scratch)
        peers = [r for r in renderers if not (args.no_resvg_speed and r.name == "resvg")]
        speed(exe, peers, args.ops, args.repeats, args.only, args.pin)
    if not args.scenes:
        shutil.rmtree(scene_dir, ignore_errors=True)


if __name__ == "__main__":
    main()
