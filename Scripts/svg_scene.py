#!/usr/bin/env python3
"""svg_scene.py: writes the seeded "600 translucent shapes, 512x512" SVG of issue 22.

The scene is the benchmark for HUDSVG's parse-once document (`hudrender bench FILE.svg`) and for
Scripts/compare_svg.py. It mixes the element kinds icons use: paths with lines, cubics and arcs,
rects (some rounded), circles, ellipses, polygons; each with a translucent fill, a translucent
stroke, or both, and some with a transform. Numbers carry two decimals, as exported icons do.
Python's random module is seeded, so the same seed always writes the same bytes.

Run
  python3 Scripts/svg_scene.py > Fixtures/svg/shapes600.svg
  python3 Scripts/svg_scene.py --count 600 --size 512 --seed 22
"""
import argparse
import random


def num(v):
    s = "%.2f" % v
    s = s.rstrip("0").rstrip(".")
    return "0" if s == "-0" else s


def colour(rnd):
    return "#%02x%02x%02x" % (rnd.randrange(256), rnd.randrange(256), rnd.randrange(256))


def shape(rnd, size):
    kind = rnd.choice(["path", "rect", "circle", "ellipse", "polygon"])
    cx, cy = rnd.uniform(0, size), rnd.uniform(0, size)
    r = rnd.uniform(4, size / 8)
    if kind == "rect":
        attrs = 'x="%s" y="%s" width="%s" height="%s"' % (num(cx - r), num(cy - r / 2), num(2 * r), num(r))
        if rnd.random() < 0.5:
            attrs += ' rx="%s"' % num(rnd.uniform(1, r / 3))
    elif kind == "circle":
        attrs = 'cx="%s" cy="%s" r="%s"' % (num(cx), num(cy), num(r))
    elif kind == "ellipse":
        attrs = 'cx="%s" cy="%s" rx="%s" ry="%s"' % (num(cx), num(cy), num(r), num(r * rnd.uniform(0.3, 1)))
    elif kind == "polygon":
        pts = []
        for _ in range(rnd.randrange(3, 9)):
            pts.append("%s,%s" % (num(cx + rnd.uniform(-r, r)), num(cy + rnd.uniform(-r, r))))
        attrs = 'points="%s"' % " ".join(pts)
    else:
        d = ["M%s %s" % (num(cx), num(cy))]
        for _ in range(rnd.randrange(2, 6)):
            op = rnd.choice("LCQA")
            p = lambda: "%s %s" % (num(cx + rnd.uniform(-r, r)), num(cy + rnd.uniform(-r, r)))
            if op == "L":
                d.append("L" + p())
            elif op == "C":
                d.append("C" + " ".join([p(), p(), p()]))
            elif op == "Q":
                d.append("Q" + " ".join([p(), p()]))
            else:
                d.append("A%s %s %s 0 1 %s" % (num(r / 2), num(r / 3), num(rnd.uniform(0, 90)), p()))
        d.append("Z")
        attrs = 'd="%s"' % "".join(d)
    paint = rnd.random()
    style = ""
    if paint < 0.8:
        style += ' fill="%s" fill-opacity="%s"' % (colour(rnd), num(rnd.uniform(0.2, 0.8)))
    else:
        style += ' fill="none"'
    if paint > 0.5:
        style += ' stroke="%s" stroke-opacity="%s" stroke-width="%s"' % (colour(rnd), num(rnd.uniform(0.3, 0.9)), num(rnd.uniform(0.5, 6)))
        if rnd.random() < 0.3:
            style += ' stroke-linejoin="round" stroke-linecap="round"'
    if rnd.random() < 0.2:
        style += ' transform="rotate(%s %s %s)"' % (num(rnd.uniform(-45, 45)), num(cx), num(cy))
    return "  <%s %s%s/>" % (kind, attrs, style)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--count", type=int, default=600)
    ap.add_argument("--size", type=int, default=512)
    ap.add_argument("--seed", type=int, default=22)
    a = ap.parse_args()
    rnd = random.Random(a.seed)
    print('<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" viewBox="0 0 %d %d">' % (a.size, a.size, a.size, a.size))
    print('  <rect width="100%" height="100%" fill="#ffffff"/>')
    for _ in range(a.count):
        print(shape(rnd, a.size))
    print("</svg>")


if __name__ == "__main__":
    main()
