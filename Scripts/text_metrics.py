#!/usr/bin/env python3
"""Reference text metrics from fontTools, hard-coded in Tests/HUDTextTests/FontMetricsTests.swift.

For each sample string and DejaVu face this prints, per character (NFC, one scalar each): the glyph
id from cmap, the advance from hmtx, and the pair kerning with the next character as HarfBuzz would
apply GPOS `kern` lookups (script chosen from the pair: latn / grek / cyrl / DFLT; within a lookup
the first subtable that matches wins; lookups add). Units are font units. Also prints the total
advance (sum of advances + kerning).

Usage: pip install fonttools && python3 Scripts/text_metrics.py [font-dir]
"""
import sys
import unicodedata
from fontTools.ttLib import TTFont

FONT_DIR = sys.argv[1] if len(sys.argv) > 1 else '/usr/share/fonts/truetype/dejavu'
SAMPLES = {
    'ascii': 'AVATAR To Ty, Wa r. "Loading" 70%',
    'vietnamese': 'Giới thiệu Đang tải dữ liệu… Tiếng Việt Ý kiến',
}

def script_of(ch):
    v = ord(ch)
    if 0x41 <= v <= 0x5A or 0x61 <= v <= 0x7A or 0xC0 <= v <= 0x24F or 0x1E00 <= v <= 0x1EFF:
        return 'latn'
    if 0x370 <= v <= 0x3FF or 0x1F00 <= v <= 0x1FFF:
        return 'grek'
    if 0x400 <= v <= 0x52F:
        return 'cyrl'
    return None

def kern_lookups(font, tag):
    gpos = font['GPOS'].table
    scripts = {r.ScriptTag: r.Script for r in gpos.ScriptList.ScriptRecord}
    script = scripts.get(tag) or scripts.get('DFLT') or scripts.get('dflt') or scripts.get('latn')
    ls = script.DefaultLangSys
    idx = set()
    for fi in ls.FeatureIndex:
        fr = gpos.FeatureList.FeatureRecord[fi]
        if fr.FeatureTag == 'kern':
            idx.update(fr.Feature.LookupListIndex)
    return [gpos.LookupList.Lookup[i] for i in sorted(idx)]

def subtable_value(st, left, right):
    if st.Format == 1:
        cov = st.Coverage.glyphs
        if left not in cov:
            return None
        for rec in st.PairSet[cov.index(left)].PairValueRecord:
            if rec.SecondGlyph == right:
                return getattr(rec.Value1, 'XAdvance', 0) if rec.Value1 else 0
        return None
    if left not in st.Coverage.glyphs:
        return None
    c1 = st.ClassDef1.classDefs.get(left, 0)
    c2 = st.ClassDef2.classDefs.get(right, 0)
    if c1 >= st.Class1Count or c2 >= st.Class2Count:
        return None
    v = st.Class1Record[c1].Class2Record[c2].Value1
    return getattr(v, 'XAdvance', 0) if v else 0

def kerning(font, lookups_by_tag, left_ch, right_ch, left, right):
    tag = script_of(left_ch) or script_of(right_ch) or 'DFLT'
    total = 0
    for lookup in lookups_by_tag[tag]:
        subs = lookup.SubTable
        if lookup.LookupType == 9:
            subs = [s.ExtSubTable for s in subs]
        for st in subs:
            v = subtable_value(st, left, right)
            if v is not None:
                total += v
                break
    return total

for fname in ['DejaVuSans.ttf', 'DejaVuSans-Bold.ttf']:
    font = TTFont(f'{FONT_DIR}/{fname}')
    cmap = font.getBestCmap()
    order = font.getGlyphOrder()
    gid = {name: i for i, name in enumerate(order)}
    hmtx = font['hmtx']
    lookups = {t: kern_lookups(font, t) for t in ['DFLT', 'latn', 'grek', 'cyrl']}
    print(f'// {fname}: unitsPerEm {font["head"].unitsPerEm}, ascender {font["hhea"].ascent}, '
          f'descender {font["hhea"].descent}, lineGap {font["hhea"].lineGap}')
    for key, text in SAMPLES.items():
        text = unicodedata.normalize('NFC', text)
        glyphs = [cmap[ord(c)] for c in text]
        ids = [gid[g] for g in glyphs]
        adv = [hmtx[g][0] for g in glyphs]
        kern = [kerning(font, lookups, text[i], text[i + 1], glyphs[i], glyphs[i + 1]) for i in range(len(text) - 1)]
        print(f'// {key}: {text!r}')
        print(f'glyphs: {ids}')
        print(f'advances: {adv}')
        print(f'kerning: {kern}')
        print(f'total: {sum(adv) + sum(kern)}')
