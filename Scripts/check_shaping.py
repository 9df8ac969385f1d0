#!/usr/bin/env python3
"""Checks HUDText's shaping against HarfBuzz's own: glyph ids and positions for a corpus of HUD strings.

Fixtures/shaping/corpus.json lists strings in 13 scripts with the font file, direction, script and
language HUDText uses for them. This script shapes each with uharfbuzz (HarfBuzz's Python binding)
and with the hb-shape tool, and:

  --write-goldens   writes Fixtures/shaping/hb-shape.json from hb-shape (what the Swift test
                    ShapingCorpusTests compares HUDText with on every `swift test`), after checking
                    that uharfbuzz agrees with hb-shape;
  --hudtext FILE    compares HUDText's output (the JSON ShapingCorpusTests writes when
                    HUDTEXT_SHAPING_DUMP=FILE is set) with uharfbuzz, glyph by glyph.

With neither it checks that the stored goldens still match uharfbuzz and hb-shape.
Exit status 1 on any difference, with the first differing glyph of each string.

Usage: pip install uharfbuzz
       python3 Scripts/check_shaping.py --write-goldens
       HUDTEXT_SHAPING_DUMP=/tmp/hudtext.json swift test -c release --filter ShapingCorpusTests
       python3 Scripts/check_shaping.py --hudtext /tmp/hudtext.json
"""
import json
import os
import subprocess
import sys
import unicodedata

import uharfbuzz as hb

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
CORPUS = os.path.join(ROOT, 'Fixtures/shaping/corpus.json')
GOLDENS = os.path.join(ROOT, 'Fixtures/shaping/hb-shape.json')


def shape_uharfbuzz(e):
    """[gid, x, y, advance] per glyph, x = pen + x_offset, in font units (scale = upem)."""
    with open(e['font'], 'rb') as f:
        face = hb.Face(f.read(), e['index'])
    font = hb.Font(face)
    buf = hb.Buffer()
    buf.add_str(unicodedata.normalize('NFC', e['text']))
    buf.direction, buf.script, buf.language = e['direction'], e['script'], e['language']
    hb.shape(font, buf)
    out, pen = [], 0
    for info, pos in zip(buf.glyph_infos, buf.glyph_positions):
        out.append([info.codepoint, pen + pos.x_offset, pos.y_offset, pos.x_advance])
        pen += pos.x_advance
    return out


def shape_hb_shape(e):
    """The same from the hb-shape tool's JSON output."""
    cmd = ['hb-shape', '--no-glyph-names', '--output-format=json', f'--face-index={e["index"]}',
           f'--direction={e["direction"]}', f'--script={e["script"]}', f'--language={e["language"]}',
           e['font'], unicodedata.normalize('NFC', e['text'])]
    glyphs = json.loads(subprocess.run(cmd, check=True, capture_output=True, text=True).stdout)
    out, pen = [], 0
    for g in glyphs:
        out.append([g['g'], pen + g['dx'], g['dy'], g['ax']])
        pen += g['ax']
    return out


def first_difference(a, b):
    for i, (x, y) in enumerate(zip(a, b)):
        if x != y:
            return f'glyph {i}: {x} vs {y}'
    return None if len(a) == len(b) else f'{len(a)} vs {len(b)} glyphs'


def main(argv):
    corpus = [e for e in json.load(open(CORPUS)) if os.path.exists(e['font'])]
    missing = len(json.load(open(CORPUS))) - len(corpus)
    if missing:
        print(f'{missing} corpus fonts are not installed (run Scripts/setup.sh); they are skipped')
    failures = 0
    reference = {e['name']: shape_uharfbuzz(e) for e in corpus}
    if '--write-goldens' in argv:
        goldens = {}
        for e in corpus:
            goldens[e['name']] = shape_hb_shape(e)
            diff = first_difference(goldens[e['name']], reference[e['name']])
            if diff:
                print(f'{e["name"]}: hb-shape and uharfbuzz differ ({diff})')
                failures += 1
        with open(GOLDENS, 'w') as f:   # one string per line: [gid, x, y, advance] per glyph
            f.write('{\n' + ',\n'.join(f'{json.dumps(k)}: {json.dumps(v)}' for k, v in sorted(goldens.items())) + '\n}\n')
        print(f'wrote {GOLDENS} ({len(goldens)} strings, {len({e["script"] for e in corpus})} script tags)')
    elif '--hudtext' in argv:
        actual = json.load(open(argv[argv.index('--hudtext') + 1]))
        for e in corpus:
            diff = first_difference(actual.get(e['name'], []), reference[e['name']])
            status = 'differs: ' + diff if diff else f'same ({len(reference[e["name"]])} glyphs)'
            print(f'{e["name"]:18} {e["script"]}  HUDText vs uharfbuzz: {status}')
            failures += bool(diff)
    else:
        goldens = json.load(open(GOLDENS))
        for e in corpus:
            diff = first_difference(goldens.get(e['name'], []), reference[e['name']]) or \
                first_difference(shape_hb_shape(e), reference[e['name']])
            print(f'{e["name"]:18} goldens vs uharfbuzz vs hb-shape: {"differs: " + diff if diff else "same"}')
            failures += bool(diff)
    return 1 if failures else 0


if __name__ == '__main__':
    sys.exit(main(sys.argv[1:]))
