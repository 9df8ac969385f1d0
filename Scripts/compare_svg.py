#!/usr/bin/env python3
"""compare_svg.py: HUDSVG next to Skia's SVG module and resvg on whole SVG files, parse and frame.

README
------
What it does
  For each SVG file (default: the 600-shape scene of issue 22, Fixtures/svg/shapes600.svg, written by
  Scripts/svg_scene.py) it times, in one run and on the same core:
  - HUDSVG through `hudrender bench FILE --iterations N` (release build): the median of N frames
    rendered from one parsed document, and the median parse.
  - skia-python's SVGDOM: the median parse (SVGDOM.MakeFromStream) and the median frame
    (SVGDOM.render onto a raster surface of the same size), the same split as HUDSVG's.
  - resvg-py (`svg_to_bytes`): parse + render + PNG encode in one call, so its figure is only an
    upper bound of resvg's frame.
  pycairo has no SVG reader, so cairo is not in this table (Scripts/compare_raster.py and
  Scripts/compare_frames.py compare it on the same kind of paths).
  Ratio = peer / HUDSVG (> 1: HUDSVG is faster). Wall-clock medians on a shared machine drift; the
  renderers of one file run back to back so a slow spell hits them alike, and `--pin CPU` runs them
  all on one core.

Setup (once)
  swift build -c release --product hudrender
  pip install skia-python resvg-py

Run
  python3 Scripts/compare_svg.py                          # the 600-shape scene, 30 frames each
  python3 Scripts/compare_svg.py FILE.svg --iterations 50 --pin 1
  python3 Scripts/compare_svg.py --write-doc              # also replace the "svg" section of docs/benchmarks.md
"""
import argparse
import os
import re
import statistics
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DOC = os.path.join(ROOT, "docs", "benchmarks.md")
DEFAULT = os.path.join(ROOT, "Fixtures", "svg", "shapes600.svg")


def median_ms(fn, n):
    out = []
    for _ in range(n):
        t0 = time.perf_counter()
        fn()
        out.append((time.perf_counter() - t0) * 1000)
    return statistics.median(out)


def hudsvg(exe, path, n, pin):
    cmd = ([] if pin is None else ["taskset", "-c", str(pin)]) + [exe, "bench", path, "--iterations", str(n)]
    out = subprocess.run(cmd, check=True, capture_output=True, text=True).stdout
    m = re.search(r"median ([0-9.]+) ms per frame \((\d+)x(\d+),.*parse ([0-9.]+) ms", out)
    if not m:
        sys.exit("unexpected output from hudrender bench: " + out)
    return {"frame": float(m.group(1)), "parse": float(m.group(4)), "w": int(m.group(2)), "h": int(m.group(3))}


def skia_svg(path, n, w, h):
    try:
        import skia
    except ImportError:
        return None
    data = open(path, "rb").read()
    parse = lambda: skia.SVGDOM.MakeFromStream(skia.MemoryStream(data))
    dom = parse()
    dom.setContainerSize(skia.Size(w, h))
    surface = skia.Surface(w, h)

    def frame():
        c = surface.getCanvas()
        c.clear(skia.ColorTRANSPARENT)
        dom.render(c)
        surface.flushAndSubmit() if hasattr(surface, "flushAndSubmit") else None
    frame()
    return {"parse": median_ms(parse, min(n, 5)), "frame": median_ms(frame, n)}


def resvg_svg(path, n, w):
    try:
        import resvg_py
    except ImportError:
        return None
    text = open(path, encoding="utf-8").read()
    # The scene has no text: without skip_system_fonts every call would load the system's fonts.
    call = lambda: resvg_py.svg_to_bytes(svg_string=text, width=w, skip_system_fonts=True)
    call()
    return {"parse": None, "frame": median_ms(call, n)}


def fmt(v):
    return "-" if v is None else "%.2f" % v


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("files", nargs="*", default=[DEFAULT])
    ap.add_argument("--iterations", type=int, default=30)
    ap.add_argument("--hudrender", default=os.path.join(ROOT, ".build", "release", "hudrender"),
                    help="the hudrender binary (default: the release build)")
    ap.add_argument("--pin", type=int, help="run every renderer on this CPU (taskset)")
    ap.add_argument("--write-doc", action="store_true", help="replace the svg section of docs/benchmarks.md")
    a = ap.parse_args()
    if a.pin is not None:
        os.sched_setaffinity(0, {a.pin})
    rows = []
    for f in a.files:
        hud = hudsvg(a.hudrender, f, a.iterations, a.pin)
        sk = skia_svg(f, a.iterations, hud["w"], hud["h"])
        rv = resvg_svg(f, a.iterations, hud["w"])
        rows.append((os.path.relpath(f, ROOT), hud, sk, rv))
    load = os.getloadavg()[0]
    lines = ["| file | size | hudsvg parse | hudsvg frame | skia parse | skia frame | resvg parse+frame+png | skia frame ratio | resvg ratio |",
             "| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |"]
    for name, hud, sk, rv in rows:
        ratio = lambda peer: "-" if peer is None else "%.2f" % (peer["frame"] / hud["frame"])
        lines.append("| %s | %dx%d | %s | %s | %s | %s | %s | %s | %s |" % (
            name, hud["w"], hud["h"], fmt(hud["parse"]), fmt(hud["frame"]), fmt(sk and sk["parse"]), fmt(sk and sk["frame"]),
            fmt(rv and rv["frame"]), ratio(sk), ratio(rv)))
    table = "\n".join(lines)
    print("Median ms (%d frames; load %.2f%s); ratio = peer / HUDSVG frame, > 1 means HUDSVG is faster" %
          (a.iterations, load, "" if a.pin is None else ", pinned to CPU %d" % a.pin))
    print(table)
    if a.write_doc:
        write_doc(table, a, load)


def write_doc(table, a, load):
    begin, end = "<!-- BEGIN svg -->", "<!-- END svg -->"
    section = "\n".join([begin, "## SVG documents: HUDSVG, Skia's SVG module and resvg", "",
                         "Generated by `python3 Scripts/compare_svg.py --write-doc` (do not edit by hand): whole SVG files",
                         "parsed once and rendered %d times, at their intrinsic size (%s; load %.2f)." %
                         (a.iterations, "one core" if a.pin is not None else "2 cores", load),
                         "HUDSVG and Skia are split into parse and frame; resvg-py only offers parse + render + PNG encode",
                         "in one call (PNG encoding included, system fonts skipped), so its column is an upper bound",
                         "of resvg's frame, not a frame time. pycairo has no SVG reader. `hudrender bench` reports",
                         "the same split for any file: `hudrender bench FILE.svg`.", "",
                         table, "", end])
    doc = open(DOC, encoding="utf-8").read()
    if begin in doc:
        doc = re.sub(re.escape(begin) + ".*?" + re.escape(end), lambda _: section, doc, flags=re.S)
    else:
        doc = doc.rstrip("\n") + "\n\n" + section + "\n"
    open(DOC, "w", encoding="utf-8").write(doc)


if __name__ == "__main__":
    main()
