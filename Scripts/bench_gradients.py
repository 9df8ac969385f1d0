#!/usr/bin/env python3
"""bench_gradients.py: gradient fills in HUDRaster next to Skia, cairo and Blend2D, ns per pixel (issue 22).

README
------
What it does
  Times the eleven gradient fills of `hudrender bench --tests Gradient...`
  (Sources/HUDRasterBenchmarks/GradientBenchmark.swift, `scene(for:)`): one shape filled with one
  gradient on a 1170x2532 canvas, nanoseconds per pixel of the shape's box. The same eleven scenes
  are rebuilt here, from the same numbers, for skia-python, pycairo and blend2d-python: the same
  shape (the rounded rectangle and the circles as the same cubic curves for every peer), the same
  stops, geometry and spread, on a premultiplied 8-bit canvas of the same size cleared to white
  (Skia RGBA_8888; cairo ARGB32 and Blend2D PRGB32, their only premultiplied 8-bit formats).
  Each renderer fills each scene --iterations times, the clock around the fill call only (canvas
  clearing, path and paint building happen before it), and the best fill counts, as in
  GradientBenchmark.run. This is done in --rounds interleaved rounds (hudrender, then each peer, on
  all eleven scenes; the renderers' order rotates from round to round) so that a slow spell of the
  shared machine hits all alike; a renderer's figure is its best over all rounds. `--pin CPU`
  binds this process, hence every peer and the hudrender it starts, to one CPU: the figures are
  one core's, which is how issue 22's targets are stated.
  Prints, per scene, HUDRaster's ns/px, each peer's and the ratio peer / HUDRaster (> 1: HUDRaster
  is faster), then the verdict on the targets: the three full-screen linear fills under 0.8 ns/px,
  the concentric and two-circle full-screen radial fills under 2 ns/px. The other six scenes are
  informational (partial coverage, more stops, other spreads and spaces).

What the peers cannot draw as specified (their figures carry it, footnoted in the table):
  - OkLab interpolation (GradientRadialRepeat): none of the three bindings has it; they blend the
    same stops in sRGB. Their per-pixel work is the same kind (a ramp lookup), so the figure stands.
  - Blend2D's radial gradient (blend2d-python 0.8) is one circle with a focal point, no start
    radius. Concentric start radii are folded into the stops exactly (with a repeat spread, the
    stops are rotated by the start radius's phase); the non-concentric start radius of
    GradientRing (10 px inside a 600 px circle) is folded the same way, which is close, not exact.

Setup (once)
  swift build -c release --static-swift-stdlib --product hudrender
  pip install skia-python pycairo blend2d-python

Run
  python3 Scripts/bench_gradients.py                          # 3 rounds of 5 fills, tables only
  python3 Scripts/bench_gradients.py --pin 1 --write-doc      # and the "gradients" section of docs/benchmarks.md
  python3 Scripts/bench_gradients.py --rounds 5 --iterations 9 --pin 1
  HUDRENDER_BIN=/path/to/hudrender python3 Scripts/bench_gradients.py
"""
import argparse
import datetime
import os
import re
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DOC = os.path.join(ROOT, "docs", "benchmarks.md")
BEGIN, END = "<!-- BEGIN gradients -->", "<!-- END gradients -->"
W, H = 1170, 2532
KAPPA = 0.5522847498307936   # cubic control distance for a quarter circle of radius 1

# ---------------------------------------------------------------------------------------------
# The scenes (GradientBenchmark.scene(for:), number for number)

BLUE, PINK, GOLD, WHITE = (0.1, 0.45, 0.95), (0.95, 0.3, 0.55), (1.0, 0.8, 0.2), (1.0, 1.0, 1.0)


def evenly(colors):
    return [(i / (len(colors) - 1), c) for i, c in enumerate(colors)]


TWO = evenly([BLUE, PINK])
THREE = [(0.0, BLUE), (0.3, GOLD), (1.0, PINK)]
MANY = evenly([[BLUE, GOLD, PINK, WHITE][i % 4] for i in range(9)])
OKLAB = evenly([BLUE, GOLD, PINK])   # interpolated in OkLab by HUDRaster only


def rect(x, y, w, h):
    return [("M", (x, y)), ("L", (x + w, y)), ("L", (x + w, y + h)), ("L", (x, y + h)), ("Z", ())]


def ellipse(x, y, w, h):
    rx, ry = w / 2, h / 2
    cx, cy = x + rx, y + ry
    kx, ky = rx * KAPPA, ry * KAPPA
    return [("M", (cx + rx, cy)),
            ("C", (cx + rx, cy + ky, cx + kx, cy + ry, cx, cy + ry)),
            ("C", (cx - kx, cy + ry, cx - rx, cy + ky, cx - rx, cy)),
            ("C", (cx - rx, cy - ky, cx - kx, cy - ry, cx, cy - ry)),
            ("C", (cx + kx, cy - ry, cx + rx, cy - ky, cx + rx, cy)), ("Z", ())]


def round_rect(x, y, w, h, r):
    k = r * KAPPA
    return [("M", (x + r, y)), ("L", (x + w - r, y)),
            ("C", (x + w - r + k, y, x + w, y + r - k, x + w, y + r)), ("L", (x + w, y + h - r)),
            ("C", (x + w, y + h - r + k, x + w - r + k, y + h, x + w - r, y + h)), ("L", (x + r, y + h)),
            ("C", (x + r - k, y + h, x, y + h - r + k, x, y + h - r)), ("L", (x, y + r)),
            ("C", (x, y + r - k, x + r - k, y, x + r, y)), ("Z", ())]


def scenes():
    """name -> dict(path ops, rule, kind, geometry, stops, spread, oklab, pixels, target)."""
    full, fullpx = rect(0, 0, W, H), W * H
    c = (W / 2, H / 2)
    circle = ellipse(35.5, 716.5, 1100, 1100)

    def s(path, kind, geo, stops, pixels, spread="pad", rule="winding", oklab=False, target=None):
        return {"path": path, "rule": rule, "kind": kind, "geo": geo, "stops": stops, "spread": spread,
                "oklab": oklab, "pixels": pixels, "target": target}
    return {
        "GradientLinearVertical": s(full, "linear", (0, 0, 0, H), TWO, fullpx, target=0.8),
        "GradientLinearHorizontal": s(full, "linear", (0, 0, W, 0), THREE, fullpx, target=0.8),
        "GradientLinearDiagonal": s(full, "linear", (0, 0, W, H), THREE, fullpx, target=0.8),
        "GradientRadialConcentric": s(full, "radial", (c[0], c[1], 0, c[0], c[1], H / 2), THREE, fullpx, target=2.0),
        "GradientRadialTwoCircle": s(full, "radial", (W * 0.35, H * 0.4, 0, W / 2, H / 2, H * 0.75), THREE, fullpx,
                                     target=2.0),
        "GradientLinearReflect": s(full, "linear", (W * 0.3, H * 0.2, W * 0.6, H * 0.45), MANY, fullpx, spread="reflect"),
        "GradientRadialRepeat": s(full, "radial", (W * 0.4, H * 0.6, 20, W * 0.4, H * 0.6, 300), OKLAB, fullpx,
                                  spread="repeat", oklab=True),
        "GradientRoundRect": s(round_rect(60.5, 300.25, 1050, 1900, 120), "linear", (60, 300, 1110, 2200), THREE,
                               1051 * 1901),
        "GradientCircle": s(circle, "radial", (585.5, 1266.5, 0, 585.5, 1266.5, 550), MANY, 1101 * 1101),
        "GradientRing": s(circle + ellipse(235.5, 916.5, 700, 700), "radial", (450, 1100, 10, 585.5, 1266.5, 600), THREE,
                          1101 * 1101, rule="evenodd"),
        "GradientFocalReflect": s(full, "radial", (W * 0.35, H * 0.4, 0, W / 2, H / 2, H * 0.2), MANY, fullpx,
                                  spread="reflect"),
    }


def notes(sc, peer):
    """What `peer` draws instead of `sc`, or None when it draws it as specified."""
    out = []
    if sc["oklab"]:
        out.append("sRGB interpolation (no OkLab)")
    x0, y0, r0, x1, y1, r1 = sc["geo"] if sc["kind"] == "radial" else (0, 0, 0, 0, 0, 0)
    if peer == "blend2d" and r0 > 0 and (x0, y0) != (x1, y1):
        out.append("start radius folded into the stops (no focal radius)")
    return "; ".join(out) or None


# ---------------------------------------------------------------------------------------------
# Timing

def best_fill(prepare, fill, n):
    """Best of `n` fills: `prepare` (untimed) before each, the clock around `fill` only."""
    best = float("inf")
    for _ in range(n):
        prepare()
        t0 = time.perf_counter()
        fill()
        best = min(best, time.perf_counter() - t0)
    return best


# ---------------------------------------------------------------------------------------------
# HUDRaster, through `hudrender bench`

LINE = re.compile(r"^(Gradient\w+)\s+(\d+)x(\d+)\s+([0-9.]+) ns/px\s+([0-9.]+) ms\s*$")


def hudraster_round(exe, names, n):
    out = subprocess.run([exe, "bench", "--tests", ",".join(names), "--iterations", str(n)],
                         check=True, capture_output=True, text=True).stdout
    got = {}
    for line in out.splitlines():
        m = LINE.match(line.strip())
        if m:
            if (int(m.group(2)), int(m.group(3))) != (W, H):
                sys.exit("hudrender bench: %s is %sx%s, this script draws %dx%d" % (m.group(1), m.group(2), m.group(3), W, H))
            got[m.group(1)] = (float(m.group(4)), float(m.group(5)) / 1e3)
    missing = [k for k in names if k not in got]
    if missing:
        sys.exit("hudrender bench printed no line for %s:\n%s" % (", ".join(missing), out))
    return got


# ---------------------------------------------------------------------------------------------
# Peers: each has setup(scene) -> (prepare, fill), both closures

class Skia:
    name, label = "skia", "Skia"

    def __init__(self):
        import skia
        self.s = skia
        info = skia.ImageInfo.Make(W, H, skia.ColorType.kRGBA_8888_ColorType, skia.AlphaType.kPremul_AlphaType)
        self.surface = skia.Surface.MakeRaster(info)
        self.version = "skia-python " + skia.__version__

    def setup(self, sc):
        s = self.s
        p = s.Path()
        for op, a in sc["path"]:
            {"M": p.moveTo, "L": p.lineTo, "C": p.cubicTo, "Z": p.close}[op](*a)
        p.setFillType(s.PathFillType.kEvenOdd if sc["rule"] == "evenodd" else s.PathFillType.kWinding)
        cols = [s.Color4f(r, g, b, 1).toColor() for _, (r, g, b) in sc["stops"]]
        pos = [t for t, _ in sc["stops"]]
        mode = {"pad": s.TileMode.kClamp, "repeat": s.TileMode.kRepeat, "reflect": s.TileMode.kMirror}[sc["spread"]]
        g = sc["geo"]
        if sc["kind"] == "linear":
            shader = s.GradientShader.MakeLinear([s.Point(g[0], g[1]), s.Point(g[2], g[3])], cols, pos, mode)
        else:
            shader = s.GradientShader.MakeTwoPointConical(s.Point(g[0], g[1]), g[2], s.Point(g[3], g[4]), g[5], cols, pos, mode)
        paint = s.Paint(AntiAlias=True)
        paint.setShader(shader)
        canvas = self.surface.getCanvas()
        return (lambda: canvas.clear(s.ColorWHITE)), (lambda: canvas.drawPath(p, paint))


class Cairo:
    name, label = "cairo", "cairo"

    def __init__(self):
        import cairo
        self.c = cairo
        self.surface = cairo.ImageSurface(cairo.FORMAT_ARGB32, W, H)
        self.ctx = cairo.Context(self.surface)
        self.version = "pycairo %s (cairo %s)" % (cairo.version, cairo.cairo_version_string())

    def setup(self, sc):
        cairo, ctx = self.c, self.ctx
        g = sc["geo"]
        pat = cairo.LinearGradient(*g) if sc["kind"] == "linear" else cairo.RadialGradient(*g)
        for t, (r, gg, b) in sc["stops"]:
            pat.add_color_stop_rgb(t, r, gg, b)
        pat.set_extend({"pad": cairo.EXTEND_PAD, "repeat": cairo.EXTEND_REPEAT, "reflect": cairo.EXTEND_REFLECT}[sc["spread"]])
        ctx.new_path()
        for op, a in sc["path"]:
            {"M": ctx.move_to, "L": ctx.line_to, "C": ctx.curve_to, "Z": ctx.close_path}[op](*a)
        path = ctx.copy_path()
        ctx.new_path()
        rule = cairo.FILL_RULE_EVEN_ODD if sc["rule"] == "evenodd" else cairo.FILL_RULE_WINDING

        def prepare():
            ctx.set_operator(cairo.OPERATOR_SOURCE)
            ctx.set_source_rgb(1, 1, 1)
            ctx.paint()
            ctx.set_operator(cairo.OPERATOR_OVER)
            ctx.set_fill_rule(rule)
            ctx.set_source(pat)
            ctx.new_path()
            ctx.append_path(path)

        def fill():
            ctx.fill()
            self.surface.flush()
        return prepare, fill


class Blend2D:
    name, label = "blend2d", "Blend2D"

    def __init__(self):
        import blend2d
        self.b = blend2d
        self.img = blend2d.BLImage(W, H, blend2d.BLFormat.PRGB32)
        self.ctx = blend2d.BLContext(self.img)   # no worker threads: fills run in the calling thread
        self.version = "blend2d-python (Blend2D %s)" % ".".join(map(str, blend2d.BL_VERSION))

    def gradient(self, sc):
        b, g, stops = self.b, sc["geo"], sc["stops"]
        if sc["kind"] == "linear":
            grad = b.create_linear_gradient(*g)
        else:
            # One circle with a focal point: centre (x1, y1), focal (x0, y0), radius r1. A start
            # radius becomes t = (d - r0) / (r1 - r0), i.e. stops moved to k + t (1 - k), k = r0 / r1;
            # exact for concentric circles, where d is the distance to the one centre.
            x0, y0, r0, x1, y1, r1 = g
            grad = b.create_radial_gradient(x1, y1, x0, y0, r1)
            if r0 > 0 and sc["spread"] == "repeat" and (x0, y0) == (x1, y1):
                grad = b.create_radial_gradient(x1, y1, x0, y0, r1 - r0)
                stops = rotate(stops, r0 / (r1 - r0))
            elif r0 > 0:
                k = r0 / r1
                stops = [(k + t * (1 - k), c) for t, c in stops]
        for t, (r, gg, bb) in stops:
            grad.add_stop(t, (r, gg, bb, 1.0))
        grad.extend_mode = {"pad": b.BLExtendMode.PAD, "repeat": b.BLExtendMode.REPEAT,
                            "reflect": b.BLExtendMode.REFLECT}[sc["spread"]]
        return grad

    def setup(self, sc):
        b, ctx = self.b, self.ctx
        p = b.BLPath()
        for op, a in sc["path"]:
            {"M": p.move_to, "L": p.line_to, "C": p.cubic_to, "Z": p.close}[op](*a)
        grad = self.gradient(sc)
        rule = b.BLFillRule.EVEN_ODD if sc["rule"] == "evenodd" else b.BLFillRule.NON_ZERO

        def prepare():
            ctx.comp_op = b.BLCompOp.SRC_COPY
            ctx.set_fill_style((1.0, 1.0, 1.0, 1.0))
            ctx.fill_all()
            ctx.comp_op = b.BLCompOp.SRC_OVER
            ctx.fill_rule = rule
            ctx.set_fill_style(grad)
            ctx.flush()

        def fill():
            ctx.fill_path(p)
            ctx.flush()
        return prepare, fill


def rotate(stops, phase):
    """Stops of a repeating ramp shifted by `phase` (t -> (t + phase) mod 1), with the colour at the
    seam added at 0 and 1 so the wrapped ramp is the same."""
    phase %= 1.0
    if phase == 0:
        return stops
    seam_t = (1.0 - phase) % 1.0   # the original t that lands on 0
    for (ta, ca), (tb, cb) in zip(stops, stops[1:]):
        if ta <= seam_t <= tb:
            f = (seam_t - ta) / (tb - ta) if tb > ta else 0
            seam = tuple(a + (b - a) * f for a, b in zip(ca, cb))
            break
    # Stops past the seam wrap to the front; the rest follow. A stop at 1 and one at 0 meet at
    # `phase` in that order, the hard edge between periods.
    moved = [(t + phase - 1.0, c) for t, c in stops if t >= seam_t] + [(t + phase, c) for t, c in stops if t < seam_t]
    return [(0.0, seam)] + moved + [(1.0, seam)]


# ---------------------------------------------------------------------------------------------
# The run

def hudrender_path(arg):
    exe = arg or os.environ.get("HUDRENDER_BIN") or os.path.join(ROOT, ".build", "release", "hudrender")
    if not os.access(exe, os.X_OK):
        sys.exit("no hudrender at %s: swift build -c release --static-swift-stdlib --product hudrender, "
                 "or set HUDRENDER_BIN" % exe)
    return exe


def run(args):
    table = scenes()
    names = list(table)
    peers = []
    for cls in (Skia, Cairo, Blend2D):
        try:
            peers.append(cls())
        except ImportError as e:
            print("%s skipped: %s" % (cls.label, e), file=sys.stderr)
    exe = hudrender_path(args.hudrender)
    best = {r: {k: float("inf") for k in names} for r in ["hudraster"] + [p.name for p in peers]}
    setups = {p.name: {k: p.setup(table[k]) for k in names} for p in peers}
    renderers = ["hudraster"] + peers
    for rnd in range(args.rounds):
        shift = rnd % len(renderers)
        for r in renderers[shift:] + renderers[:shift]:
            if r == "hudraster":
                for k, (nspx, sec) in hudraster_round(exe, names, args.iterations).items():
                    best["hudraster"][k] = min(best["hudraster"][k], sec)
                    check_pixels(k, nspx, sec, table[k]["pixels"])
            else:
                for k in names:
                    prepare, fill = setups[r.name][k]
                    best[r.name][k] = min(best[r.name][k], best_fill(prepare, fill, args.iterations))
        print("round %d of %d done" % (rnd + 1, args.rounds), file=sys.stderr)
    nspx = {r: {k: best[r][k] * 1e9 / table[k]["pixels"] for k in names} for r in best}
    return table, peers, nspx


def check_pixels(name, nspx, sec, pixels):
    """The box pixels here must be the benchmark's: its ns/px and ms must agree with them."""
    if nspx > 0.05 and abs(sec * 1e9 / pixels / nspx - 1) > 0.02:
        sys.exit("%s: hudrender's %.3f ns/px is not its time over %d pixels; scene(for:) changed?" % (name, nspx, pixels))


def report(table, peers, nspx):
    foot, marks = [], {}
    for p in peers:
        for k, sc in table.items():
            n = notes(sc, p.name)
            if n:
                key = (p.label, n)
                if key not in marks:
                    foot.append(key)
                    marks[key] = len(foot)
    head = "| scene | box px | HUDRaster ns/px |" + "".join(" %s ns/px | %s / HUDRaster |" % (p.label, p.label) for p in peers)
    lines = [head, "| --- | ---: | ---: |" + " ---: | ---: |" * len(peers)]
    for k, sc in table.items():
        hud = nspx["hudraster"][k]
        row = "| %s%s | %d | %.3f |" % (k, " (target < %g)" % sc["target"] if sc["target"] else "", sc["pixels"], hud)
        for p in peers:
            n = notes(sc, p.name)
            mark = " [%d]" % marks[(p.label, n)] if n else ""
            row += " %.3f%s | %.2f |" % (nspx[p.name][k], mark, nspx[p.name][k] / hud)
        lines.append(row)
    lines.append("")
    for i, (label, n) in enumerate(foot, 1):
        lines.append("[%d] %s: %s." % (i, label, n))
    return "\n".join(lines).rstrip("\n")


def verdict(table, nspx):
    lines, ok = [], True
    for k, sc in table.items():
        if sc["target"]:
            v = nspx["hudraster"][k]
            met = v < sc["target"]
            ok &= met
            lines.append("- %s: %.3f ns/px, target < %g: %s" % (k, v, sc["target"], "met" if met else "NOT met"))
    lines.insert(0, "Issue 22's targets (one core): %s" % ("all met" if ok else "not all met"))
    return "\n".join(lines)


def machine(args, load0):
    load1 = os.getloadavg()
    return "%s; %d cores (nproc), load average %.2f before the run and %.2f after; %s" % (
        datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M UTC"), os.cpu_count(), load0[0], load1[0],
        "every renderer pinned to CPU %d" % args.pin if args.pin is not None else "not pinned")


def write_doc(args, peers, body, verdict_text, machine_text):
    section = "\n".join([
        BEGIN, "## Gradient fills: HUDRaster, Skia, cairo and Blend2D", "",
        "Generated by `python3 Scripts/bench_gradients.py --pin %s --rounds %d --iterations %d --write-doc`"
        % (args.pin if args.pin is not None else "CPU", args.rounds, args.iterations),
        "(do not edit by hand): the eleven scenes of `hudrender bench --tests Gradient...`",
        "(GradientBenchmark.swift), one shape filled with one gradient on a 1170x2532 canvas cleared to white,",
        "drawn by HUDRaster (`hudrender bench`) and rebuilt number for number for each peer:",
        "%s." % ", ".join(p.version for p in peers),
        "Nanoseconds per pixel of the shape's box; the best of %d fills, clock around the fill call only, in %d"
        % (args.iterations, args.rounds),
        "interleaved rounds (renderers' order rotating). Ratio = peer / HUDRaster (> 1: HUDRaster is faster).",
        "The five scenes with a target are issue 22's; the other six are informational (partial coverage,",
        "more stops, other spreads and spaces). Footnotes say what a peer drew instead where it cannot draw",
        "the scene as specified. Skia is the skia-python wheel's CPU raster backend; its gradient costs the",
        "same filling the whole canvas with `drawPaint`, so its column is its gradient shading, not its path",
        "handling.", "",
        "Machine: " + machine_text + ".", "",
        body, "", verdict_text, "", END])
    doc = open(DOC, encoding="utf-8").read()
    if BEGIN in doc and END in doc:
        doc = doc[:doc.index(BEGIN)] + section + doc[doc.index(END) + len(END):]
    elif "<!-- END frames -->" in doc:
        at = doc.index("<!-- END frames -->") + len("<!-- END frames -->")
        doc = doc[:at] + "\n\n" + section + doc[at:]
    else:
        doc = doc.rstrip("\n") + "\n\n" + section + "\n"
    with open(DOC, "w", encoding="utf-8") as f:
        f.write(doc)
    print("wrote the gradients section of %s" % DOC)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--iterations", type=int, default=5, help="fills per scene and round; the best counts (default 5)")
    ap.add_argument("--rounds", type=int, default=3, help="interleaved rounds over all renderers (default 3)")
    ap.add_argument("--hudrender", help="the hudrender binary (default: $HUDRENDER_BIN, else .build/release/hudrender)")
    ap.add_argument("--pin", type=int, help="run this script, every peer and hudrender on this CPU")
    ap.add_argument("--write-doc", action="store_true", help="replace the gradients section of docs/benchmarks.md")
    args = ap.parse_args()
    if args.pin is not None:
        os.sched_setaffinity(0, {args.pin})   # inherited by the hudrender processes
    load0 = os.getloadavg()
    table, peers, nspx = run(args)
    body, verdict_text, machine_text = report(table, peers, nspx), verdict(table, nspx), machine(args, load0)
    print("Machine: " + machine_text)
    print(body)
    print()
    print(verdict_text)
    if args.write_doc:
        write_doc(args, peers, body, verdict_text, machine_text)


if __name__ == "__main__":
    main()
