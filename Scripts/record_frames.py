#!/usr/bin/env python3
"""record_frames.py: (re)records the display-list corpus in Fixtures/displaylists/.

The frames compare_frames.py replays: the mission's job (`hudrender --style balloon`, the default
iPhone screen with the gradient overlay) at 1x at the spinner, mid-progress and the result, and at
3x mid-progress (the full-screen @3x overlay with the HUD), and one still of every gallery asset in
docs/assets.json (its own `at`, else 1 s; contact sheets as their single frame); frames that come
out identical are kept once. Each list is
written by `hudrender ... --record-frames DIR --at T`, renamed after the asset and gzip-compressed.

  python3 Scripts/record_frames.py                  # with the release build
  HUDRENDER_BIN=/path/to/hudrender python3 Scripts/record_frames.py
"""
import gzip
import json
import os
import shutil
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
OUT = os.path.join(ROOT, "Fixtures", "displaylists")


def binary():
    b = os.environ.get("HUDRENDER_BIN")
    if b:
        return b
    subprocess.run(["swift", "build", "-c", "release", "--product", "hudrender"], cwd=ROOT, check=True, stdout=sys.stderr)
    path = subprocess.run(["swift", "build", "-c", "release", "--show-bin-path"], cwd=ROOT, check=True,
                          capture_output=True, text=True).stdout.strip()
    return os.path.join(path, "hudrender")


def record(exe, args, t, name):
    tmp = tempfile.mkdtemp(prefix="record-")
    try:
        subprocess.run([exe] + args + ["--out", os.path.join(tmp, "still.png"), "-q", "--record-frames", tmp,
                                       "--at", repr(float(t))], check=True)
        made = [f for f in os.listdir(tmp) if f.endswith(".hdl")]
        dest = os.path.join(OUT, name + ".hdl.gz")
        # Stored gzip-compressed (no name or time in the header, so the same frame gives the same
        # bytes); hudrender bench --display-list and compare_frames.py read either form.
        with open(os.path.join(tmp, made[0]), "rb") as src, open(dest, "wb") as raw:
            with gzip.GzipFile(filename="", mode="wb", compresslevel=9, fileobj=raw, mtime=0) as z:
                z.write(src.read())
        print("recorded %s (%d bytes)" % (name, os.path.getsize(dest)))
    finally:
        shutil.rmtree(tmp)


def main():
    exe = binary()
    os.makedirs(OUT, exist_ok=True)
    for f in os.listdir(OUT):
        if f.endswith(".hdl") or f.endswith(".hdl.gz"):
            os.remove(os.path.join(OUT, f))
    for t in (0.5, 1.5, 2.45):
        record(exe, ["--style", "balloon", "--scale", "1"], t, "job-1x-t%s" % t)
    record(exe, ["--style", "balloon", "--scale", "3"], 1.5, "job-3x-t1.5")
    manifest = json.load(open(os.path.join(ROOT, "docs", "assets.json")))
    for o in manifest["outputs"]:
        opts = dict(o.get("options", {}))
        args = [o["command"]] if o.get("command") and o["command"] != "hud" else []
        if o.get("storyboard"):
            args += ["--storyboard", os.path.normpath(os.path.join(ROOT, "docs", o["storyboard"]))]
        t = opts.pop("at", 1.0)
        for k in ("contact-sheet", "fps", "duration"):
            opts.pop(k, None)
        for k, v in opts.items():
            if v is True:
                args.append("--" + k)
            else:
                args += ["--" + k, str(v)]
        record(exe, args, t, "gallery-" + os.path.splitext(o["out"])[0].replace(".", "-") + os.path.splitext(o["out"])[1].replace(".", "-"))
    # Frames that came out identical (styles at rest look alike) are kept once.
    seen = {}
    for f in sorted(os.listdir(OUT)):
        data = open(os.path.join(OUT, f), "rb").read()
        if data in seen:
            os.remove(os.path.join(OUT, f))
            print("dropped %s: the same frame as %s" % (f, seen[data]))
        else:
            seen[data] = f


if __name__ == "__main__":
    main()
