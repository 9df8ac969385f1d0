#!/usr/bin/env bash
# Regenerates the docs gallery: builds hudrender (release), renders every output of
# docs/assets.json with `hudrender batch --force`, rewrites docs/GALLERY.md from the manifest
# (each image with the command that makes it), prints every asset's size against the budget
# (each GIF < 500 KB, docs/ < 8 MB) and finally runs `batch --check` to prove a fresh render is
# byte-identical to what was written.
#
# Why --force: batch's stamps fingerprint options, inputs and the version, not the code, so after a
# rendering change a plain `batch` would skip outputs whose bytes are now stale. The stamp file
# (docs/.assets.json.stamps.json) is deleted afterwards: it is a local cache, never committed, and
# `--check` does not need it.
#
# Usage: bash Scripts/docs.sh [--no-build] [--no-check] [--check-only] [--jobs N]
#   HUDRENDER=/path/to/hudrender   use this binary (implies --no-build)
#   SCRATCH=/tmp/b-x               build with --scratch-path (default: SwiftPM's .build)
set -euo pipefail
cd "$(dirname "$0")/.."

build=1 check=1 render=1 jobs=()
while [ $# -gt 0 ]; do
  case "$1" in
    --no-build) build=0 ;;
    --no-check) check=0 ;;
    --check-only) render=0 ;;
    --jobs|-j) jobs=(--jobs "$2"); shift ;;
    -h|--help) sed -n '2,17p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "docs.sh: unknown option $1 (see --help)" >&2; exit 2 ;;
  esac
  shift
done

manifest=docs/assets.json
[ -f "$manifest" ] || { echo "docs.sh: $manifest not found; run from a hudrender checkout" >&2; exit 2; }

scratch=()
[ -n "${SCRATCH:-}" ] && scratch=(--scratch-path "$SCRATCH")
if [ -n "${HUDRENDER:-}" ]; then
  bin="$HUDRENDER"
else
  if [ "$build" = 1 ]; then
    echo "docs.sh: building hudrender (release)" >&2
    swift build -c release --product hudrender "${scratch[@]}" >&2
  fi
  bin="$(swift build -c release --show-bin-path "${scratch[@]}")/hudrender"
fi
[ -x "$bin" ] || { echo "docs.sh: $bin is not an executable; build first or set HUDRENDER" >&2; exit 2; }
echo "docs.sh: using $bin ($("$bin" --version 2>/dev/null || echo '?'))" >&2

status=0
if [ "$render" = 1 ]; then
  start=$(date +%s)
  # A failed output is reported by batch; carry on so the size table shows what is missing.
  "$bin" batch "$manifest" --force "${jobs[@]}" || status=1
  rm -f docs/.assets.json.stamps.json
  echo "docs.sh: rendered in $(( $(date +%s) - start )) s" >&2

  # docs/GALLERY.md from the manifest, so the commands shown are always the ones that ran.
  if command -v python3 >/dev/null; then
    python3 - "$manifest" docs/GALLERY.md <<'PY'
import json, re, struct, sys, os
manifest, target = sys.argv[1], sys.argv[2]
doc = json.load(open(manifest, encoding="utf-8"))
base = os.path.dirname(manifest)

sections = [  # (out prefix, title, columns, blurb)
    ("style-", "Presentation styles", 3,
     "MMProgressHUD's eight presentation styles, each presenting with the spinner, showing the check mark and leaving "
     "(`Fixtures/storyboards/gallery-style.json`, `--overlay none` to keep the GIFs small)."),
    ("state-", "HUD states", 3,
     "Spinner, radial and linear progress, success, error and the confirmation glow of a cancellable HUD."),
    ("overlay-", "Overlay modes", 3, "What covers the app while the HUD is up: `--overlay gradient` (the default), `linear` and `none`."),
    ("backdrop-", "Light and dark backdrops", 3, "The mock app in light and dark (`--background mock-light`, `mock-dark`); on dark, MMProgressHUD's optional white `--border`."),
    ("ring", "Progress ring (UAProgressView)", 3, ""),
    ("bar", "GradientLoadingBar", 2, "The plain bar below the status bar and the notch bar that follows the sensor housing."),
    ("gg", "GGProgressHUD", 2, ""),
    ("indicator-", "Activity indicators (NVActivityIndicatorView)", 6, "Every indicator type, one seamless period each (audio-equalizer's four bars have periods of 1.7 to 4.3 s; its 3.08 s loop ends where all four are near zero)."),
    ("svprogresshud", "Neighbours: SVProgressHUD", 3, "For side-by-side comparisons: `--look svprogresshud-light` / `-dark`."),
    ("mbprogresshud", "Neighbours: MBProgressHUD", 3, "`--look mbprogresshud` and its modes: pie, annular, bar, text."),
    ("sheet-", "Contact sheets", 1, "`--contact-sheet COLSxROWS` lays frames of an animation out on one PNG, with their times."),
]

def pixel_width(path):
    with open(path, "rb") as f:
        head = f.read(32)
    if head[:8] == b"\x89PNG\r\n\x1a\n":
        return struct.unpack(">I", head[16:20])[0]
    if head[:4] == b"GIF8":
        return struct.unpack("<H", head[6:8])[0]
    return None

safe = re.compile(r"^[A-Za-z0-9._/:,=@%+-]+$")
def q(v):
    s = v if isinstance(v, str) else ("true" if v is True else json.dumps(v))
    return s if safe.match(s) else "'" + s.replace("'", "'\\''") + "'"

def command(o):
    parts = ["hudrender"]
    cmd = o.get("command")
    if cmd and cmd != "hud":
        parts.append(cmd)
    if "storyboard" in o:
        parts += ["--storyboard", os.path.normpath(os.path.join(base, o["storyboard"]))]
    for k, v in o.get("options", {}).items():
        if v is True:
            parts.append("--" + k)
        elif v is False:
            continue
        else:
            parts += ["--" + k, q(v)]
    parts += ["--out", os.path.normpath(os.path.join(base, o["out"]))]
    return " ".join(parts)

outputs = doc["outputs"]
used = set()
lines = [
    "## Gallery",
    "",
    "Every image here is rendered by one manifest, [`docs/assets.json`](docs/assets.json): "
    "`hudrender batch docs/assets.json` renders them all (`bash Scripts/docs.sh` rebuilds and "
    "regenerates the gallery; CI runs `hudrender batch docs/assets.json --check`). "
    "Each image's own command is under it; run it from the repository root and it writes the same bytes.",
    "",
]
for prefix, title, cols, blurb in sections:
    items = [o for o in outputs if o["out"].startswith(prefix) and o["out"] not in used]
    if not items:
        continue
    used.update(o["out"] for o in items)
    lines += ["### " + title, ""]
    if blurb:
        lines += [blurb, ""]
    cells = []
    for o in items:
        path = os.path.normpath(os.path.join(base, o["out"]))
        scale = o.get("options", {}).get("scale", 1)
        w = pixel_width(os.path.join(base, o["out"]))
        # Natural size in points (2x images stay crisp on retina screens), capped so a row of
        # `cols` images fits GitHub's ~840 px README column without a horizontal scroll bar.
        width = f' width="{min(int(w / scale), 840 // cols - 16)}"' if w else ""
        alt = o.get("description", o["out"]).replace('"', "&quot;")
        cells.append(f'<img src="{path}"{width} alt="{alt}"><br>{o.get("description", "")}')
    n = min(cols, len(cells))
    for r in range(0, len(cells), n):
        row = cells[r:r + n] + [""] * (n - len(cells[r:r + n]))
        if r == 0:
            lines.append("| " + " | ".join(row) + " |")
            lines.append("|" + "---|" * n)
        else:
            lines.append("| " + " | ".join(row) + " |")
    lines += ["", "```sh"]
    for o in items:
        if len(items) > 1:
            lines.append("# " + o.get("description", o["out"]))
        lines.append(command(o))
    lines += ["```", ""]
left = [o["out"] for o in outputs if o["out"] not in used]
if left:
    sys.exit("docs.sh: outputs without a gallery section (add a prefix to docs.sh): " + ", ".join(left))
with open(target, "w", encoding="utf-8") as f:
    f.write("\n".join(lines).rstrip() + "\n")
print(f"docs.sh: wrote {target} ({len(outputs)} images)", file=sys.stderr)
PY
  else
    echo "docs.sh: python3 not found; docs/GALLERY.md not regenerated" >&2
  fi
fi

# Sizes against the budget: each GIF well under 500 KB, the whole folder under 8 MB.
total=0
printf '%10s  %s\n' bytes file
for f in $(grep -o '"out": *"[^"]*"' "$manifest" | sed 's/.*"\([^"]*\)"$/\1/'); do
  p="docs/$f"
  if [ ! -f "$p" ]; then printf '%10s  %s\n' missing "$p"; status=1; continue; fi
  s=$(wc -c < "$p")
  flag=""
  case "$p" in *.gif) if [ "$s" -ge 512000 ]; then flag="  OVER 500 KB"; status=1; elif [ "$s" -ge 409600 ]; then flag="  (over 400 KB)"; fi ;; esac
  printf '%10d  %s%s\n' "$s" "$p" "$flag"
done
total=$(du -sb docs | cut -f1)
printf '%10d  docs/ total (%d KB; budget 8192 KB)\n' "$total" $(( total / 1024 ))
if [ "$total" -ge $(( 8 * 1024 * 1024 )) ]; then echo "docs.sh: docs/ is over 8 MB" >&2; status=1; fi

if [ "$check" = 1 ]; then
  "$bin" batch "$manifest" --check "${jobs[@]}" || status=1
fi
exit $status
