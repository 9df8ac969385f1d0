#!/usr/bin/env python3
"""Average Latin width of candidate faces, measured as capsize measures `xWidthAvg`.

xWidthAvg is the letter-frequency-weighted advance of a..z and the space (English frequencies,
the space about 18 %), in units per 1000 of the em. Capsize publishes Helvetica Neue (regular) as
463/1000 and Helvetica Neue Bold as 480/1000; HUDText's MMProgressHUD look wants faces within 5 % of
those. Prints one line per face: xWidthAvg/1000 and the difference from the matching Helvetica Neue.

Usage: pip install fonttools && python3 Scripts/font_widths.py [FONT[#INDEX] ...]
"""
import sys
from fontTools.ttLib import TTFont

# English letter frequencies (Wikipedia's "relative frequencies of letters" table as capsize uses it).
WEIGHTS = {
    'a': .0668, 'b': .0122, 'c': .0228, 'd': .0348, 'e': .1039, 'f': .0182, 'g': .0165, 'h': .0499,
    'i': .057, 'j': .0013, 'k': .0063, 'l': .0329, 'm': .0197, 'n': .0552, 'o': .0614, 'p': .0158,
    'q': .0008, 'r': .049, 's': .0518, 't': .0741, 'u': .0226, 'v': .008, 'w': .0193, 'x': .0012,
    'y': .0162, 'z': .0006, ' ': .1818,
}
HELVETICA_NEUE = {'regular': 463, 'bold': 480}
DEFAULT_FACES = [
    '/usr/share/texmf/fonts/opentype/public/tex-gyre/texgyreheros-regular.otf',
    '/usr/share/texmf/fonts/opentype/public/tex-gyre/texgyreheros-bold.otf',
    '/usr/share/fonts/truetype/liberation2/LiberationSans-Regular.ttf',
    '/usr/share/fonts/truetype/liberation2/LiberationSans-Bold.ttf',
    '/usr/share/fonts/opentype/urw-base35/NimbusSans-Regular.otf',
    '/usr/share/fonts/opentype/urw-base35/NimbusSans-Bold.otf',
    '/usr/share/fonts/truetype/freefont/FreeSans.ttf',
    '/usr/share/fonts/truetype/freefont/FreeSansBold.ttf',
    '/usr/share/fonts/opentype/inter/Inter-Regular.otf',
    '/usr/share/fonts/opentype/inter/Inter-Light.otf',
    '/usr/share/fonts/opentype/inter/Inter-Bold.otf',
    '/usr/share/fonts/opentype/inter/Inter-SemiBold.otf',
    '/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf',
    '/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf',
]


def x_width_avg(path):
    file, _, index = path.partition('#')
    font = TTFont(file, fontNumber=int(index or 0), lazy=True)
    cmap, hmtx = font.getBestCmap(), font['hmtx']
    upem = font['head'].unitsPerEm
    total = sum(hmtx[cmap[ord(c)]][0] * w for c, w in WEIGHTS.items())
    bold = font['OS/2'].usWeightClass >= 600
    return total * 1000 / upem, bold


def main():
    for path in sys.argv[1:] or DEFAULT_FACES:
        try:
            avg, bold = x_width_avg(path)
        except (OSError, KeyError) as e:
            print(f'{path}: not measured ({e})')
            continue
        ref = HELVETICA_NEUE['bold' if bold else 'regular']
        print(f'{avg:6.1f}/1000  {100 * (avg - ref) / ref:+5.1f} % vs Helvetica Neue {"Bold" if bold else "Regular"} ({ref})  {path}')


if __name__ == '__main__':
    main()
