#!/usr/bin/env python3
"""Checks the UNCONFIRMED items of docs/tenhou-formats.md, docs/majsoul-formats.md and (its
Mahjong Soul items) docs/rulesets.md on the corpus.

Reads the real logs of the corpus (mjlog/, tenhou6/, majsoul/, archive-index/) and prints one
section per question, with counts and the files behind them. The findings are written up in those
documents; each item cites its section here: T1 ... T7 and J1 ... J4 (Tenhou), M1 ... M6
(Mahjong Soul records), X1 (Mahjong Soul exhaustive draws, needs the haifu binary).

usage: python3 scripts/settle-formats.py [CORPUS_DIR]
       (default: ../shared/corpus relative to the repository root)
       HAIFU=/tmp/haifu python3 scripts/settle-formats.py   (also section X1, which runs `haifu replay`;
       build the binary with: go build -o /tmp/haifu ./cmd/haifu)

Standard library only; reads about 3,700 files in 10 to 30 seconds. The Mahjong Soul binary record
is decoded with a small protobuf reader below (field numbers of docs/majsoul-formats.md §2).
"""
import gzip
import hashlib
import json
import os
import re
import sys
from collections import Counter, defaultdict

SKIP_FILES = {'mjlog/rmss__pao.json', 'mjlog/rmss__kakan.json'}  # console prompts inside the XML
TAG_RE = re.compile(r'<([A-Za-z]+)(\d*)((?:\s+[A-Za-z0-9_]+\s*=\s*"[^"]*")*)\s*/?>')
ATTR_RE = re.compile(r'([A-Za-z0-9_]+)\s*=\s*"([^"]*)"')


def corpus_dir():
    if len(sys.argv) > 1:
        return sys.argv[1]
    here = os.path.dirname(os.path.abspath(__file__))
    return os.path.normpath(os.path.join(here, '..', '..', 'shared', 'corpus'))


def read_manifest(root):
    notes = {}
    with open(os.path.join(root, 'MANIFEST.tsv'), encoding='utf-8') as f:
        next(f)
        for line in f:
            cols = line.rstrip('\n').split('\t')
            if len(cols) >= 7:
                notes[cols[0]] = cols
    return notes


def ints(s):
    return [int(x) for x in s.split(',') if x.strip() != '']


def section(title):
    print()
    print('=' * 100)
    print(title)
    print('=' * 100)


# ----------------------------------------------------------------------------------------------
# mjlog

class Doc:
    def __init__(self, name, raw, gz):
        self.name = name
        self.gz = gz
        text = raw.decode('utf-8', errors='replace')
        text = re.sub(r'<!--.*?-->', '', text, flags=re.S)
        self.els = [(m.group(1), m.group(2), dict(ATTR_RE.findall(m.group(3))))
                    for m in TAG_RE.finditer(text)]
        go = [a for t, n, a in self.els if t == 'GO']
        self.go = go[0] if go else {}
        self.type = int(self.go.get('type', '0') or 0)
        self.sanma = bool(self.type & 0x10)


def load_mjlogs(root, manifest):
    same = {}
    with open(os.path.join(root, 'features', 'mjlog.tsv'), encoding='utf-8') as f:
        cols = next(f).rstrip('\n').split('\t')
        i = cols.index('same_game_as')
        for line in f:
            row = line.rstrip('\n').split('\t')
            if len(row) > i and row[i]:
                same[row[0]] = row[i]
    docs = []
    d = os.path.join(root, 'mjlog')
    for f in sorted(os.listdir(d)):
        if 'mjlog/' + f in SKIP_FILES:
            continue
        raw = open(os.path.join(d, f), 'rb').read()
        gz = raw[:2] == b'\x1f\x8b'
        if gz:
            raw = gzip.decompress(raw)
        doc = Doc(f, raw, gz)
        note = manifest.get('mjlog/' + f, [''] * 7)[6]
        doc.tag = note.split(']')[0] + ']' if note.startswith('[') else ''
        doc.same = same.get('mjlog/' + f, '')
        docs.append(doc)
    return docs


def meld_tiles(m):
    """Tile ids of an N/AGARI meld code; kind 'kita' for a kita (tenhou-formats.md §1.3)."""
    if m & 0x4:
        t = m >> 10
        t //= 3
        base = (t // 7) * 9 + t % 7
        copies = [(m >> 3) & 3, (m >> 5) & 3, (m >> 7) & 3]
        return 'chi', [4 * (base + i) + copies[i] for i in range(3)]
    if m & 0x8:
        kind = (m >> 9) // 3
        unused = (m >> 5) & 3
        return 'pon', [4 * kind + c for c in range(4) if c != unused]
    if m & 0x10:
        kind = (m >> 9) // 3
        return 'kakan', [4 * kind + c for c in range(4)]
    if m & 0x20:
        return 'kita', [m >> 8]
    kind = (m >> 8) // 4
    return ('ankan' if m & 3 == 0 else 'minkan'), [4 * kind + c for c in range(4)]


def dora_of(ind_kind, sanma):
    k = ind_kind
    if k < 27:
        suit, n = divmod(k, 9)
        if sanma and suit == 0:
            return 8 if n == 0 else 0       # 1m -> 9m, 9m -> 1m
        return suit * 9 + (n + 1) % 9
    if k < 31:
        return 27 + (k - 27 + 1) % 4
    return 31 + (k - 31 + 1) % 3


def t1_gzip(docs, manifest):
    section('T1. gzip-compressed mjlog files (tenhou-formats.md §0.3)')
    tw = [d for d in docs if '_tw_' in d.name]
    gz = [d for d in docs if d.gz]
    print('mjlog files: %d; gzip-compressed: %d' % (len(docs), len(gz)))
    for d in gz:
        cols = manifest.get('mjlog/' + d.name)
        print('  %-60s %s:%s' % (d.name, cols[2], cols[3]) if cols else '  ' + d.name)
    print('files named <id>&tw=N.mjlog (log id and viewer seat): %d, of them gzip: %d'
          % (len(tw), sum(d.gz for d in tw)))
    print('years of the gzip files (from the log id): %s' % sorted(
        Counter(m.group(1) for d in gz for m in [re.search(r'(20\d\d)\d{6}gm', d.name)] if m).items()))


def t2_go(docs):
    section('T2. GO type bits 0x0100, 0x0800, 0x1000 and the custom-lobby attributes (§1.2, §1.9)')
    types = Counter(d.type for d in docs if d.go)
    print('GO types (hex: files):', ', '.join('%#06x: %d' % (t, n) for t, n in sorted(types.items())))
    for bit in (0x100, 0x800, 0x1000):
        fs = [d for d in docs if d.type & bit]
        print('bit %#06x set: %d files %s' % (bit, len(fs), [(d.name, '%#x' % d.type, d.go.get('lobby')) for d in fs]))
    print()
    print('GO title / rule / ranking / csrule:')
    for d in docs:
        if 'csrule' not in d.go and 'rule' not in d.go:
            continue
        go = d.go
        rule = go.get('rule', '').split(',')
        cs = go.get('csrule', '').split(',')
        inits = [a for t, n, a in d.els if t == 'INIT']
        ten0 = ints(inits[0]['ten']) if inits else []
        print('  %s [%s] type=%d (%#06x) lobby=%s' % (d.name, d.tag, d.type, d.type, go.get('lobby')))
        print('    title=%r ranking=%r' % (go.get('title'), go.get('ranking')))
        print('    rule=%r: field 3 %r %s the type in hex (%04x)' % (
            go.get('rule'), rule[2] if len(rule) > 2 else None,
            '==' if len(rule) > 2 and rule[2].lower() == '%04x' % d.type else '!=', d.type))
        print('    csrule fields 5-7 = %s; first INIT ten = %s; fields 22-24 = %s'
              % (cs[4:7], ten0, cs[21:24]))
        owari = [a['owari'] for t, n, a in d.els if 'owari' in a]
        if owari:
            o = owari[-1].split(',')
            print('    owari = %s' % o[:8])


def t3_un(docs):
    section('T3. UN rc and gold; INIT ten in the 0x0800 games (§1.2, §1.9)')
    for d in docs:
        uns = [a for t, n, a in d.els if t == 'UN' and ('rc' in a or 'gold' in a)]
        if not uns:
            continue
        a = uns[0]
        print('  %s type=%#06x rc=%s gold=%s dan=%s' % (d.name, d.type, a.get('rc'), a.get('gold'), a.get('dan')))
    for d in docs:
        if d.type & 0x800:
            inits = [a for t, n, a in d.els if t == 'INIT']
            ends = [a for t, n, a in d.els if t in ('AGARI', 'RYUUKYOKU')]
            print('  0x0800 game %s: %d hand(s), INIT ten %s, last sc %s, owari %s, ratio %s'
                  % (d.name, len(inits), inits[0]['ten'], ends[-1].get('sc'), ends[-1].get('owari'),
                     ends[-1].get('ratio')))


def t4_chips(docs):
    section('T4. chip lobbies: INIT chip, AGARI chip, the chip half of sc and owari, ratio (§1.5, §1.9)')
    ok = Counter()
    bad = []
    ratios = []
    for d in docs:
        if not any('chip' in a for t, n, a in d.els if t == 'INIT'):
            if any('ratio' in a for t, n, a in d.els):
                ratios.append((d.name, '%#06x' % d.type, [(t, a['ratio']) for t, n, a in d.els if 'ratio' in a]))
            continue
        ratio_at = [(t, a['ratio'], 'owari' in a) for t, n, a in d.els if 'ratio' in a]
        ratios.append((d.name, '%#06x' % d.type, ratio_at))
        bal = None
        for t, n, a in d.els:
            if t == 'INIT':
                chip = ints(a['chip'])
                if bal is not None:
                    key = 'next INIT chip = balance after the previous hand'
                    if chip == bal:
                        ok[key] += 1
                    else:
                        bad.append((d.name, key, chip, bal))
                bal = chip
            elif t in ('AGARI', 'RYUUKYOKU'):
                sc = ints(a['sc'])
                if len(sc) != 16:
                    bad.append((d.name, 'sc has %d values' % len(sc), sc, None))
                    continue
                before = sc[8::2]
                delta = sc[9::2]
                key = 'sc chips_before = current balance'
                if before == bal:
                    ok[key] += 1
                else:
                    bad.append((d.name, key, before, bal))
                key = 'chip deltas sum to 0'
                (ok.__setitem__(key, ok[key] + 1) if sum(delta) == 0 else bad.append((d.name, key, delta, None)))
                if t == 'AGARI':
                    who, frm = int(a['who']), int(a['fromWho'])
                    pairs = ints(a.get('chip', ''))
                    per = sum(pairs[1::2])
                    payers = [s for s in range(4) if s != who] if who == frm else [frm]
                    exp = [0] * 4
                    for s in payers:
                        exp[s] -= per
                    exp[who] += per * len(payers)
                    key = 'AGARI chip (sum of the counts) paid by each payer' + (' (tsumo)' if who == frm else ' (ron)')
                    if exp == delta:
                        ok[key] += 1
                    else:
                        bad.append((d.name, key, delta, exp, a.get('chip'), a.get('yaku')))
                    ids = pairs[0::2]
                    for yid in ids:
                        ok['AGARI chip lists yaku id %d' % yid] += 1
                else:
                    key = 'RYUUKYOKU: no chip change'
                    (ok.__setitem__(key, ok[key] + 1) if not any(delta) else bad.append((d.name, key, delta, None)))
                bal = [b + x for b, x in zip(before, delta)]
                if 'owari' in a:
                    o = a['owari'].split(',')
                    fin = [int(float(x)) for x in o[8::2]]
                    key = 'owari chips = final balance'
                    (ok.__setitem__(key, ok[key] + 1) if fin == bal else bad.append((d.name, key, fin, bal)))
    for k, v in sorted(ok.items()):
        print('  %-70s %d' % (k, v))
    print('  counterexamples: %d' % len(bad))
    for b in bad:
        print('   ', b)
    print('ratio attribute, by file (element, value, on the game-end element?):')
    for r in ratios:
        print('  ', r)


def t5_dice(docs):
    section('T5. dice values in INIT seed (the special "6,0" mode, §3.5)')
    c = Counter()
    n = 0
    for d in docs:
        for t, _, a in d.els:
            if t == 'INIT' and 'seed' in a:
                s = ints(a['seed'])
                if len(s) >= 5:
                    n += 1
                    c[(s[3], s[4])] += 1
    print('INIT elements: %d; die fields outside 0-5: %d; "6,0": %d'
          % (n, sum(v for (x, y), v in c.items() if not (0 <= x <= 5 and 0 <= y <= 5)), c[(6, 0)]))


def t6_kita_dora(docs):
    section('T6. sanma: kita counted inside yaku 52 (ドラ) (§1.4, §1.8a)')
    res = Counter()
    ex = []
    for d in docs:
        if not d.sanma or d.tag not in ('[real]', '[real-reformatted]') or d.same:
            continue
        res['files'] += 1
        for t, _, a in d.els:
            if t != 'AGARI' or 'yaku' not in a:
                continue
            yaku = ints(a['yaku'])
            han52 = dict(zip(yaku[0::2], yaku[1::2])).get(52, 0)
            tiles = ints(a['hai'])
            kita = []
            for m in ints(a.get('m', '')):
                kind, ts = meld_tiles(m)
                if kind == 'kita':
                    kita += ts
                else:
                    tiles += ts
            doras = [dora_of(x // 4, True) for x in ints(a['doraHai'])]
            hits = sum(1 for x in tiles for k in doras if x // 4 == k)
            khits = sum(1 for x in kita for k in doras if x // 4 == k)
            res['wins'] += 1
            if kita:
                res['wins with kita'] += 1
            for name, val in (('A: dora hits + kita count + dora hits on the kita tiles', hits + len(kita) + khits),
                              ('B: dora hits + kita count (kita tiles not dora)', hits + len(kita)),
                              ('C: dora hits on every tile, kita not counted', hits + khits)):
                if val == han52:
                    res[name + ' fits'] += 1
                    if kita:
                        res[name + ' fits, wins with kita'] += 1
                elif len(ex) < 5 and name.startswith('A'):
                    ex.append((d.name, a.get('yaku'), a.get('m'), a.get('doraHai')))
            if kita and khits:
                res['wins with kita and North as dora'] += 1
    for k, v in sorted(res.items()):
        print('  %-75s %d' % (k, v))
    for e in ex:
        print('   misfit of A:', e)


def t7_listings(root):
    section('T7. archive listings: C lobbies and type 0x0841 (§0.3, §1.2, §4.3)')
    d = os.path.join(root, 'archive-index')
    for f in sorted(os.listdir(d)):
        raw = open(os.path.join(d, f), 'rb').read()
        if raw[:2] == b'\x1f\x8b':
            raw = gzip.decompress(raw)
        text = raw.decode('utf-8', errors='replace')
        for line in text.splitlines():
            m = re.search(r'log=(\d{10}gm-([0-9a-f]{4})-(\d{4,5})-[0-9a-fx]+)', line)
            if not m:
                continue
            cols = [c.strip() for c in line.split('|')]
            if m.group(3) != '0000' or m.group(2) == '0841':
                print('  %-28s first column %-6s rule %-10s id %s' % (f, cols[0], cols[2], m.group(1)))


# ----------------------------------------------------------------------------------------------
# tenhou.net/6

def t6_objects(path):
    text = open(path, encoding='utf-8-sig').read()
    try:
        return [json.loads(text)]
    except ValueError:
        pass
    out = []
    for line in text.splitlines():
        line = line.strip()
        if not line:
            continue
        try:
            out.append(json.loads(line))
        except ValueError:
            return []
    return out


def load_tenhou6(root):
    games = []
    d = os.path.join(root, 'tenhou6')
    for f in sorted(os.listdir(d)):
        for o in t6_objects(os.path.join(d, f)):
            if isinstance(o, dict) and isinstance(o.get('log'), list):
                games.append((f, o))
    return games


def is_tenhou_id(ref):
    return isinstance(ref, str) and re.fullmatch(r'\d{10}gm-[0-9a-f]{4}-\d{4,5}-[0-9a-f]{8}', ref) is not None


def j1_sanma(games, docs):
    section('J1. sanma in tenhou.net/6 JSON: official downloads of sanma games (§2.2, §2.5, §2.9)')
    mj = {d.name: d for d in docs}
    sanma = [(f, o) for f, o in games if is_tenhou_id(o.get('ref')) and int(o['ref'][13:17], 16) & 0x10]
    c = Counter()
    for f, o in sanma:
        c['files'] += 1
        c['key order ' + ','.join(o.keys())] += 1
        c['ratingc ' + str(o.get('ratingc'))] += 1
        c['rule.disp starts with ' + str(o['rule'].get('disp', '')[:1])] += 1
        c['rule ' + json.dumps({k: v for k, v in o['rule'].items() if k != 'disp'}, sort_keys=True)] += 1
        c['name[3] == ""' if o.get('name', [None] * 4)[3] == '' else 'name[3] not empty'] += 1
        c['sx[3] ' + str(o.get('sx', [None] * 4)[3])] += 1
        for h in o['log']:
            c['hands'] += 1
            empty3 = h[13] == [] and h[14] == [] and h[15] == [] and h[1][3] == 0
            c['seat 3 empty (hand, lists, score 0)' if empty3 else 'seat 3 NOT empty'] += 1
            f44 = sum(1 for s in range(4) for x in h[6 + 3 * s] if x == 'f44')
            other_f = sum(1 for s in range(4) for x in h[6 + 3 * s] if isinstance(x, str) and 'f' in x and x != 'f44')
            c['"f44" items'] += f44
            c['other "f" items'] += other_f
            res = h[16][0]
            c['result ' + res] += 1
        # twin mjlog: kita count per hand, and 全員聴牌 / 全員不聴
        twin = mj.get('msanma__%s.xml' % o['ref'])
        if not twin:
            c['no mjlog twin'] += 1
            continue
        c['with mjlog twin'] += 1
        hands, cur = [], None
        for t, n, a in twin.els:
            if t == 'INIT':
                cur = {'kita': 0, 'ryuu': None}
                hands.append(cur)
            elif t == 'N' and cur is not None and meld_tiles(int(a['m']))[0] == 'kita':
                cur['kita'] += 1
            elif t == 'RYUUKYOKU' and cur is not None:
                cur['ryuu'] = a
        if len(hands) != len(o['log']):
            c['twin hand count differs'] += 1
            continue
        for h, th in zip(o['log'], hands):
            f44 = sum(1 for s in range(4) for x in h[6 + 3 * s] if x == 'f44')
            c['hands whose f44 count = the twin\'s kita N count' if f44 == th['kita'] else 'f44 count differs from twin'] += 1
            r = th['ryuu']
            if r is not None and 'type' not in r:
                shown = sum(1 for s in range(3) if 'hai%d' % s in r)
                c['exhaustive draw, %d of 3 shown -> %s' % (shown, h[16][0])] += 1
    for k, v in sorted(c.items()):
        print('  %-90s %d' % (k, v))


def j2_open_kan_zero(games):
    section('J2. the 0 after an open kan when the kan was the player\'s last action (§2.5)')
    n = 0
    last = []
    for f, o in games:
        for h in o['log']:
            if len(h) < 17:
                continue
            for s in range(4):
                inc = h[5 + 3 * s]
                for i, x in enumerate(inc):
                    if isinstance(x, str) and 'm' in x:
                        n += 1
                        if i >= len(inc) - 2:
                            last.append((f, h[0], s, inc[-2:], h[6 + 3 * s][-2:], h[16][0]))
    print('open kans ("m" items) in all tenhou.net/6 files: %d' % n)
    print('of them the seat\'s last or second-to-last incoming item (a kan followed at most by its replacement draw):')
    for x in last:
        print('  ', x)


def j3_chip_suffix(games):
    section('J3. chip suffix "…N枚" in score strings (§2.6)')
    n = 0
    hits = []
    for f, o in games:
        for h in o['log']:
            if len(h) < 17:
                continue
            for item in h[16][1:]:
                if isinstance(item, list) and len(item) > 3 and isinstance(item[3], str):
                    n += 1
                    if '枚' in item[3]:
                        hits.append((f, item[3]))
    print('score strings: %d; with 枚: %d %s' % (n, len(hits), hits[:5]))
    chip = [(f, o.get('ref'), o['rule'].get('disp')) for f, o in games if is_tenhou_id(o.get('ref'))
            and int(o['ref'][13:17], 16) & 0x600]
    print('tenhou.net/6 files of chip lobbies (ref type bit 0x200 or 0x400): %d %s' % (len(chip), chip))


def j4_no_red(games):
    section('J4. tenhou.net/6 JSON of games without red fives (§2.2, §2.4)')
    for f, o in games:
        disp = o.get('rule', {}).get('disp', '')
        rule = {k: v for k, v in o.get('rule', {}).items() if k != 'disp'}
        reds = sum(1 for h in o['log'] for part in h[4:16] for x in part
                   if isinstance(x, int) and x in (51, 52, 53))
        if '赤' not in disp or any(v == 0 for v in rule.values()):
            print('  %-50s ref=%-45s disp=%-14s rule=%s red codes in the hands and lists: %d'
                  % (f, o.get('ref'), disp, rule, reds))


# ----------------------------------------------------------------------------------------------
# Mahjong Soul

def varint(b, i):
    r = s = 0
    while True:
        c = b[i]
        i += 1
        r |= (c & 0x7f) << s
        s += 7
        if c < 0x80:
            return r, i


def pb(b):
    """Fields of one protobuf message: list of (number, value); length-delimited values are bytes."""
    i, out = 0, []
    while i < len(b):
        k, i = varint(b, i)
        f, w = k >> 3, k & 7
        if w == 0:
            v, i = varint(b, i)
        elif w == 2:
            n, i = varint(b, i)
            v, i = b[i:i + n], i + n
        elif w == 1:
            v, i = b[i:i + 8], i + 8
        elif w == 5:
            v, i = b[i:i + 4], i + 4
        else:
            raise ValueError('wire type %d' % w)
        out.append((f, v))
    return out


def strs(fs, n):
    return [v.decode() for f, v in fs if f == n]


def nums(fs, n):
    out = []
    for f, v in fs:
        if f == n:
            if isinstance(v, int):
                out.append(v)
            else:                                   # packed
                i = 0
                while i < len(v):
                    x, i = varint(v, i)
                    out.append(x)
    return out


def one(fs, n, default=0):
    x = nums(fs, n)
    return x[0] if x else default


def binary_records(data):
    """(version, bar present, [(name, dict)]) of a .lq.GameDetailRecords wrapper, as the JSON form."""
    top = pb(data)
    inner = pb([v for f, v in top if f == 2][0])
    recs = []
    for raw in [v for f, v in inner if f == 1]:
        w = pb(raw)
        name = [v for f, v in w if f == 1][0].decode()
        d = pb([v for f, v in w if f == 2][0])
        short = name.split('Record')[-1]
        x = {}
        if short == 'NewRound':
            x = {'chang': one(d, 1), 'ju': one(d, 2), 'ben': one(d, 3), 'dora': (strs(d, 4) or [''])[0],
                 'liqibang': one(d, 6), 'md5': (strs(d, 13) or [''])[0], 'paishan': (strs(d, 14) or [''])[0],
                 'left_tile_count': one(d, 15), 'doras': strs(d, 16), 'tingpai': [1 for f, v in d if f == 11],
                 'tiles0': strs(d, 7), 'scores': nums(d, 5)}
        elif short == 'DealTile':
            x = {'seat': one(d, 1), 'tile': strs(d, 2)[0], 'doras': strs(d, 6)}
        elif short == 'DiscardTile':
            x = {'seat': one(d, 1), 'tile': strs(d, 2)[0], 'doras': strs(d, 8)}
        elif short == 'ChiPengGang':
            x = {'seat': one(d, 1), 'type': one(d, 2), 'tiles': strs(d, 3)}
        elif short == 'AnGangAddGang':
            x = {'seat': one(d, 1), 'type': one(d, 2), 'tiles': strs(d, 3)[0], 'doras': strs(d, 6)}
        elif short == 'Hule':
            hules = []
            for f, v in d:
                if f == 1:
                    h = pb(v)
                    hules.append({'seat': one(h, 4), 'zimo': bool(one(h, 5)), 'baopai': one(h, 21)})
            x = {'hules': hules, 'baopai': one(d, 9), 'delta_scores': [], 'old_scores': []}
        recs.append(('.lq.Record' + short, x))
    return one(inner, 2), any(f == 4 for f, v in inner), recs


def json_records(o):
    data = o['data']['data']
    if 'actions' in data:
        recs = [(a['result']['name'], a['result']['data']) for a in data['actions'] if a.get('result')]
    else:
        recs = [(r['name'], r['data']) for r in data['records']]
    return data.get('version', 0), 'bar' in data, recs


def m_records(root):
    section('M1. Mahjong Soul records of the corpus (majsoul-formats.md §1.3, §2, §3)')
    d = os.path.join(root, 'majsoul')
    out = []
    for f in sorted(os.listdir(d)):
        raw = open(os.path.join(d, f), 'rb').read()
        head = None
        try:
            o = json.loads(raw.decode('utf-8'))
            version, bar, recs = json_records(o)
            head = o.get('head')
            form = 'JSON'
        except (ValueError, UnicodeDecodeError):
            version, bar, recs = binary_records(raw)
            form = 'binary protobuf'
        out.append((f, form, version, bar, head, recs))
        names = Counter(n.split('Record')[-1] for n, x in recs)
        print('  %s: %s, version %s, bar %s, head %s, records %s' % (
            f, form, version, 'present' if bar else 'absent',
            'absent' if head is None else 'present (standard_rule %s; category %s; mode %s)' % (
                'present' if 'standard_rule' in head else 'absent', head['config'].get('category'),
                head['config'].get('mode', {}).get('mode')),
            dict(names)))
    return out


def m_rounds(out):
    section('M2. NewRound: left_tile_count, dora/doras, md5 = MD5(paishan), tingpai (§2.1, §2.13)')
    c = Counter()
    for f, form, version, bar, head, recs in out:
        for n, x in recs:
            if not n.endswith('NewRound'):
                continue
            c['hands'] += 1
            c['left_tile_count %s' % x.get('left_tile_count')] += 1
            c['player count %d' % len(x.get('scores', []))] += 1
            c['doras field %s, dora field %s' % ('set' if x.get('doras') else 'empty',
                                                 'set' if x.get('dora') else 'empty')] += 1
            p = x.get('paishan', '')
            c['paishan %d tiles' % (len(p) // 2)] += 1
            if x.get('md5'):
                ok = hashlib.md5(p.encode()).hexdigest() == x["md5"].lower()
                c['md5 == MD5(paishan)' if ok else 'md5 != MD5(paishan)'] += 1
                c['md5 hex digits in %s case (%s)' % ('upper' if x['md5'].isupper() else 'lower', f)] += 1
            for k in ('sha256', 'saltSha256', 'salt'):
                if x.get(k):
                    c[k + ' present'] += 1
            c['tingpai present (%s)' % f if x.get('tingpai') else 'tingpai absent'] += 1
    for k, v in sorted(c.items()):
        print('  %-70s %d' % (k, v))


def m_kan_dora(out):
    section('M3. which record carries the new dora indicator after a kan (§2.12, §9 item 1)')
    c = Counter()
    for f, form, version, bar, head, recs in out:
        cur = []
        pending = None
        for i, (n, x) in enumerate(recs):
            short = n.split('Record')[-1]
            if short == 'NewRound':
                cur = x.get('doras') or ([x['dora']] if x.get('dora') else [])
                pending = None
                continue
            ds = x.get('doras') or []
            if pending and ds and ds != cur:
                kind, steps = pending
                carrier = short if short != 'DealTile' or steps else 'DealTile (the replacement draw)'
                if short == 'DealTile' and steps == 0:
                    carrier = 'DealTile (the replacement draw)'
                elif short == 'DiscardTile':
                    carrier = 'DiscardTile (the kan player\'s next discard)'
                c['%s: new indicator first on %s' % (kind, carrier)] += 1
                pending = None
            elif pending:
                pending = (pending[0], pending[1] + 1)
                if ds:
                    c['%s: %s carries the unchanged list' % (pending[0], short)] += 1
            if ds:
                cur = ds
            if short == 'AnGangAddGang':
                kind = {3: 'ankan', 2: 'kakan'}.get(x.get('type'), 'type %s' % x.get('type'))
                c['%s: AnGangAddGang.doras %s' % (kind, 'set' if ds else 'empty')] += 1
                pending = (kind, 0)
            elif short == 'ChiPengGang' and x.get('type') == 2:
                pending = ('daiminkan', 0)
    for k, v in sorted(c.items()):
        print('  %-80s %d' % (k, v))


def m_hule(out):
    section('M4. RecordHule: order of several winners, baopai; RecordLiuJu (§2.7, §2.9)')
    c = Counter()
    for f, form, version, bar, head, recs in out:
        last_discard = None
        for n, x in recs:
            short = n.split('Record')[-1]
            if short == 'DiscardTile':
                last_discard = x.get('seat')
            if short == 'LiuJu':
                c['LiuJu records'] += 1
            if short != 'Hule':
                continue
            c['Hule records'] += 1
            hs = x.get('hules', [])
            c['baopai (record) %s' % x.get('baopai', 0)] += 1
            for h in hs:
                c['HuleInfo baopai %s' % h.get('baopai', 0)] += 1
            if len(hs) > 1:
                seats = [h['seat'] for h in hs]
                order = sorted(seats, key=lambda s: (s - last_discard) % 4)
                print('  %s: %d winners %s, discarder %s, turn order from the discarder %s; honba %s; old %s delta %s'
                      % (f, len(hs), seats, last_discard, 'yes' if seats == order else 'NO',
                         [r for r in recs if r[0].endswith('NewRound')][-1][1].get('ben'),
                         x.get('old_scores'), x.get('delta_scores')))
    for k, v in sorted(c.items()):
        print('  %-60s %d' % (k, v))


def m_result(out):
    section('M5. head: result, total_point, ties, detail_rule of the friendly game (§3.3, §3.4)')
    for f, form, version, bar, head, recs in out:
        if not head:
            continue
        rule = head['config'].get('mode', {}).get('detail_rule', {})
        init = rule.get('init_point', 25000 if head['config'].get('category') == 2 else None)
        print('  %s: detail_rule %s' % (f, json.dumps(rule, ensure_ascii=False)))
        uma = [15000, 5000, -5000, -15000]
        for i, p in enumerate(head['result']['players']):
            calc = p.get('part_point_1', 0) - init + uma[i]
            print('    rank %d seat %d part_point_1 %7d total_point %7d; (part_point_1 - %d) + uma %+d = %7d %s'
                  % (i + 1, p['seat'], p.get('part_point_1', 0), p.get('total_point', 0), init, uma[i], calc,
                     'ok' if calc == p.get('total_point', 0) else 'DIFFERS'))
        ops = [op for n, x in recs for op in (x.get('operations') or []) if isinstance(op, dict)]
        tf = Counter((op.get('time_fixed'), op.get('time_add')) for op in ops)
        if tf:
            print('    operations (time_fixed, time_add) in ms: %s' % dict(tf))


def m_wall(out):
    section('M6. the paishan: draws from the front, replacement draws and kan dora from the end (§2.13)')
    c = Counter()
    for f, form, version, bar, head, recs in out:
        tiles, cur, nrep, normal, after_kan = [], [], 0, 0, False
        for n, x in recs:
            short = n.split('Record')[-1]
            if short == 'NewRound':
                p = x.get('paishan', '')
                tiles = [p[i:i + 2] for i in range(0, len(p), 2)]
                cur = x.get('doras') or [x.get('dora')]
                nrep = normal = 0
                after_kan = False
                c['first dora = tile[-5]' if tiles and tiles[-5] == cur[0] else 'first dora != tile[-5]'] += 1
                continue
            if short == 'DealTile':
                if after_kan:
                    nrep += 1
                    ok = x['tile'] == tiles[-nrep]
                    c['replacement draw %d = tile[-%d]' % (nrep, nrep) if ok else 'replacement draw differs'] += 1
                    after_kan = False
                else:
                    ok = normal < len(tiles) and x['tile'] == tiles[normal]
                    normal += 1
                    c['normal draw = next tile from the front' if ok else 'normal draw differs'] += 1
            ds = x.get('doras') or []
            if short in ('DealTile', 'DiscardTile') and ds and ds != cur:
                k = len(ds) - 1
                ok = ds[-1] == tiles[-(5 + 2 * k)]
                c['kan dora %d = tile[-%d]' % (k, 5 + 2 * k) if ok else 'kan dora differs'] += 1
                cur = ds
            if short == 'AnGangAddGang' or (short == 'ChiPengGang' and x.get('type') == 2):
                after_kan = True
    for k, v in sorted(c.items()):
        print('  %-60s %d' % (k, v))


MS_DRAW_FILES = ['majsoul/fpc__paipu_record.json', 'tenhou6/jeff__sample_tenhou.json',
                 'tenhou6/pantheon__tensoul_usual.json', 'tenhou6/pantheon__all_tempai_bug.json',
                 'tenhou6/pantheon__tensoul_hanchan_with_noname.json']


def mpsz(h):
    out = []
    for m in re.finditer(r'(\d+)([mpsz])', h):
        out += [('5' if d == '0' else d) + m.group(2) for d in m.group(1)]
    return out


def x_majsoul_draws(root):
    section('X1. Mahjong Soul exhaustive draws: the tenpai hands, their melds and waits (rulesets.md §1a)')
    haifu = os.environ.get('HAIFU')
    if not haifu:
        print('  skipped: set HAIFU to a haifu binary (go build -o /tmp/haifu ./cmd/haifu; HAIFU=/tmp/haifu)')
        return
    import subprocess
    for f in MS_DRAW_FILES:
        out = subprocess.run([haifu, 'replay', os.path.join(root, f)], capture_output=True, text=True).stdout
        lines = out.split('\n')
        for i, line in enumerate(lines):
            if 'ryuukyoku exhaustive' not in line:
                continue
            seats = {}
            for l in lines[max(0, i - 6):i]:
                m = re.match(r'\s+(\d) [ESWN]\s+-?\d+\s+(R\s+)?(\S+)\s+(.*?)\|(.*)', l)
                if m:
                    seats[int(m.group(1))] = (m.group(3), m.group(4).strip(), m.group(5), bool(m.group(2)))
            dora = ''
            for l in lines[i:i + 7]:
                m = re.search(r'dora (\S+),', l)
                if m:
                    dora = m.group(1)
            public = mpsz(dora)
            for h, melds, river, riichi in seats.values():
                public += mpsz(' '.join(re.findall(r'[0-9]+[mpsz]', melds)))
                public += [('5' if t[0] == '0' else t[0]) + t[1]
                           for t in re.findall(r"([0-9][mpsz])(?!')", river.replace('_', ''))]
            print('  %s: %s' % (f, line.strip()))
            for l in lines[i + 1:i + 5]:
                m = re.match(r'\s+(\d) \S\s+tenpai, waiting on (\S+)', l)
                if not m:
                    continue
                s = int(m.group(1))
                h, melds, river, riichi = seats[s]
                waits = mpsz(m.group(2))
                own = [mpsz(h).count(w) for w in waits]
                vis = [mpsz(h).count(w) + public.count(w) for w in waits]
                print('    seat %d%s hand %-16s melds %-32s waits %-10s copies held %s, held or visible %s'
                      % (s, ' (riichi)' if riichi else '', h, melds or '-', ','.join(waits), own, vis))


def main():
    root = corpus_dir()
    manifest = read_manifest(root)
    docs = load_mjlogs(root, manifest)
    t1_gzip(docs, manifest)
    t2_go(docs)
    t3_un(docs)
    t4_chips(docs)
    t5_dice(docs)
    t6_kita_dora(docs)
    t7_listings(root)
    games = load_tenhou6(root)
    j1_sanma(games, docs)
    j2_open_kan_zero(games)
    j3_chip_suffix(games)
    j4_no_red(games)
    out = m_records(root)
    m_rounds(out)
    m_kan_dora(out)
    m_hule(out)
    m_result(out)
    m_wall(out)
    x_majsoul_draws(root)


if __name__ == '__main__':
    main()
