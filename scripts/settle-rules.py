#!/usr/bin/env python3
"""Settles the Tenhou rule questions of docs/rulesets.md (§2.1, §2.2, §5) on the real corpus.

Reads every mjlog file that MANIFEST.tsv tags [real] or [real-reformatted], keeps the ones
written by Tenhou's server (no <SHUFFLE>, or a SHUFFLE seed starting with "mt19937ar"), drops
duplicate games, and measures payments, honba, nagashi, aborts, double ron, pao, the end of the
game, yame, tobi, leftover sticks, final points and riichi limits, separately for Tenhou 4-player
and Tenhou sanma. Prints a report with counts and counterexamples (file and round).

usage: python3 scripts/settle-rules.py [CORPUS_DIR]
       (default: ../shared/corpus relative to the repository root)

Standard library only. The findings are written up in docs/rules-evidence.md.
"""
import csv
import gzip
import itertools
import os
import re
import signal
import sys
from collections import Counter, defaultdict
from fractions import Fraction

# ----------------------------------------------------------------------------------------------
# Loading

SKIP_FILES = {'mjlog/rmss__pao.json', 'mjlog/rmss__kakan.json'}  # Windows console prompts inside
TAG_RE = re.compile(r'<([A-Za-z]+)(\d*)((?:\s+[A-Za-z0-9_]+\s*=\s*"[^"]*")*)\s*/?>')
ATTR_RE = re.compile(r'([A-Za-z0-9_]+)\s*=\s*"([^"]*)"')
DRAW_TAGS = 'TUVW'
DISCARD_TAGS = 'DEFG'
WIND = 'ESWN'


def read_text(path):
    data = open(path, 'rb').read()
    if data[:2] == b'\x1f\x8b':
        data = gzip.decompress(data)
    text = data.decode('utf-8', errors='replace')
    return re.sub(r'<!--.*?-->', '', text, flags=re.S)


def ints(s):
    return [int(x) for x in s.split(',') if x.strip() != '']


def rname(rnd, n):
    """Round label: E1 ... W4; sanma has 3 hands per wind."""
    return '%s%d' % (WIND[rnd // 4], rnd % 4 + 1)


class Hand:
    def __init__(self, game, attrs):
        self.game = game
        seed = ints(attrs['seed'])
        self.round, self.honba, self.sticks = seed[0], seed[1], seed[2]
        self.ten = [x * 100 for x in ints(attrs['ten'])]
        self.oya = int(attrs['oya'])
        self.hai = [attrs.get('hai%d' % i, '') for i in range(4)]
        self.events = []      # (tag, num, attrs) between INIT and the end of the hand
        self.results = []     # AGARI / RYUUKYOKU elements, in order
        self.index = len(game.hands)

    @property
    def label(self):
        return '%s-%d' % (rname(self.round, self.game.n), self.honba)

    @property
    def where(self):
        return '%s %s' % (self.game.file, self.label)

    def after(self):
        """Scores after the hand (in points), from the last result's sc; None if no result."""
        if not self.results:
            return None
        sc = ints(self.results[-1][2]['sc'])
        return [(sc[2 * i] + sc[2 * i + 1]) * 100 for i in range(4)]

    def deltas(self, res):
        sc = ints(res[2]['sc'])
        return [sc[2 * i + 1] * 100 for i in range(4)]

    def before(self, res):
        sc = ints(res[2]['sc'])
        return [sc[2 * i] * 100 for i in range(4)]


class Game:
    def __init__(self, file, kind, date, tags):
        self.file = file
        self.kind = kind
        self.date = date
        self.year = int(date[:4]) if date else None
        self.hands = []
        self.owari = None
        self.go_type = None
        self.lobby = None
        self.go = {}
        self.seed_attr = None
        self.bye = False
        hand = None
        for name, num, attrs in tags:
            if name == 'GO':
                self.go = attrs
                self.go_type = int(attrs.get('type', '0'))
                self.lobby = attrs.get('lobby')
            elif name == 'SHUFFLE':
                self.seed_attr = attrs.get('seed', '')
            elif name == 'INIT':
                hand = Hand(self, attrs)
                self.hands.append(hand)
                if self.seed_attr is None and 'shuffle' in attrs:
                    self.seed_attr = 'INIT:' + attrs['shuffle']
            elif hand is not None:
                if name == 'BYE':
                    self.bye = True
                hand.events.append((name, num, attrs))
                if name in ('AGARI', 'RYUUKYOKU'):
                    hand.results.append((name, num, attrs))
                    if 'owari' in attrs:
                        self.owari = attrs['owari']
        t = self.go_type or 0
        self.n = 3 if t & 0x10 else 4
        self.hanchan = bool(t & 0x08)
        self.chip = bool(t & 0x600)
        self.custom = self.lobby not in (None, '0')
        self.era1 = (self.seed_attr or '').startswith('INIT:')
        # the last regular hand: South 4 / East 4; sanma South 3
        last_wind = 1 if self.hanchan else 0
        self.last_regular = 4 * last_wind + self.n - 1
        self.cap = 4 * (last_wind + 1) + self.n - 1   # West 4 / South 4 (sanma W3 / S3)
        self.goal_default = 30000
        self.start = 35000 if self.n == 3 else 25000

    @property
    def mode(self):
        return ('sanma' if self.n == 3 else '4p') + (' hanchan' if self.hanchan else ' tonpuusen')

    @property
    def group(self):
        """'4p' / 'sanma' for the public ranked lobbies; '4p-special' for chip (0x200/0x400),
        0x800 (東天紅 / skill) and numbered private/custom lobbies."""
        if self.chip or self.custom or (self.go_type or 0) & 0x800:
            return self.mode.split()[0] + '-special'
        return self.mode.split()[0]

    def signature(self):
        return (self.go_type, tuple((h.round, h.honba, tuple(h.hai)) for h in self.hands))


def date_of(file, row):
    for s in (file, row.get('source_path', '')):
        m = re.search(r'(20\d\d)(\d\d)(\d\d)\d\dgm', s)
        if m:
            return '%s-%s-%s' % m.groups()
    notes = row.get('notes', '')
    m = re.search(r'\b(Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) (20\d\d)\b', notes)
    if m:
        mon = 'JanFebMarAprMayJunJulAugSepOctNovDec'.index(m.group(1)) // 3 + 1
        return '%s-%02d-??' % (m.group(2), mon)
    return None


def load_corpus(corpus):
    manifest = os.path.join(corpus, 'MANIFEST.tsv')
    rows = list(csv.DictReader(open(manifest, encoding='utf-8'), delimiter='\t'))
    stats = Counter()
    games, seen, dups = [], {}, []
    skipped = []
    for row in rows:
        if row['format'] != 'mjlog':
            continue
        kind = row['notes'].split(']')[0].lstrip('"[') if row['notes'].startswith(('[', '"[')) else '?'
        if kind not in ('real', 'real-reformatted'):
            stats['mjlog files not [real]/[real-reformatted]: ' + kind] += 1
            continue
        file = row['file']
        if file in SKIP_FILES:
            skipped.append((file, 'console prompts written into the file'))
            continue
        text = read_text(os.path.join(corpus, file))
        tags = [(m.group(1), m.group(2), dict(ATTR_RE.findall(m.group(3)))) for m in TAG_RE.finditer(text)]
        g = Game(file, kind, date_of(file, row), tags)
        if g.seed_attr is not None and not g.seed_attr.startswith(('mt19937ar', 'INIT:mt19937ar')):
            skipped.append((file, 'SHUFFLE seed %r is not Tenhou\'s' % g.seed_attr[:20]))
            continue
        if not g.hands:
            skipped.append((file, 'no INIT'))
            continue
        sig = g.signature()
        if sig in seen:
            dups.append((file, seen[sig].file))
            continue
        seen[sig] = g
        games.append(g)
    return games, skipped, dups, stats


# ----------------------------------------------------------------------------------------------
# Helpers

def ceil100(x):
    return -(-x // 100) * 100


def rank_order(scores, n):
    """Seats from first to last; ties go to the seat nearer the first dealer (seat 0)."""
    return sorted(range(n), key=lambda s: (-scores[s], s))


def tenpai_seats(attrs, n):
    return [i for i in range(n) if attrs.get('hai%d' % i, '') != '']


def han_of(attrs):
    if 'yakuman' in attrs:
        return None
    y = ints(attrs.get('yaku', ''))
    return sum(y[1::2])


def base_points(attrs):
    """Base points of a win from han/fu/limit (yakuman: 8000 per listed yakuman)."""
    fu, points, limit = ints(attrs['ten'])
    if 'yakuman' in attrs:
        return 8000 * len(ints(attrs['yakuman']))
    if limit == 5:
        return 8000
    if limit in (1, 2, 3, 4):
        return {1: 2000, 2: 3000, 3: 4000, 4: 6000}[limit]
    han = han_of(attrs)
    return min(fu * 2 ** (han + 2), 2000)


class Report:
    """Prints the report to stdout."""
    def h(self, title):
        print('\n' + '=' * 100)
        print(title)
        print('=' * 100)

    def sub(self, title):
        print('\n--- ' + title)

    def p(self, *a):
        print(*a)

    def examples(self, label, items, limit=12):
        items = list(items)
        print('  %s: %d' % (label, len(items)))
        for it in items[:limit]:
            print('      ' + str(it))
        if len(items) > limit:
            print('      ... and %d more' % (len(items) - limit))


R = Report()


def fmt(v):
    return '[' + ', '.join('%+d' % x for x in v) + ']'


# ----------------------------------------------------------------------------------------------
# Hand-level facts shared by several questions

ABORTS = ('yao9', 'kaze4', 'reach4', 'kan4', 'ron3')


def hand_kind(hand):
    """'win', 'draw' (exhaustive), 'nm', an abort type, or None (hand without a result)."""
    if not hand.results:
        return None
    name, _, attrs = hand.results[0]
    if name == 'AGARI':
        return 'win'
    t = attrs.get('type')
    return 'draw' if t is None else t


def winners(hand):
    return [int(a['who']) for (nm, _, a) in hand.results if nm == 'AGARI']


def dealer_keeps(hand):
    """Renchan by the rules under test: dealer win, dealer tenpai at an exhaustive draw or at
    nagashi, or any abortive draw."""
    k = hand_kind(hand)
    if k == 'win':
        return hand.oya in winners(hand)
    if k in ('draw', 'nm'):
        return hand.oya in tenpai_seats(hand.results[0][2], hand.game.n)
    return k in ABORTS


def renchan_reason(hand):
    k = hand_kind(hand)
    if k == 'win':
        return 'dealer win' if hand.oya in winners(hand) else None
    if k == 'draw':
        return 'dealer tenpai' if hand.oya in tenpai_seats(hand.results[0][2], hand.game.n) else None
    if k == 'nm':
        return 'dealer tenpai (nagashi)' if hand.oya in tenpai_seats(hand.results[0][2], hand.game.n) else None
    return 'abort ' + k


def live_draws_before(hand, stop_index):
    """Number of draw tags (ordinary and replacement) in the hand before event index stop_index."""
    return sum(1 for (nm, num, _) in hand.events[:stop_index] if nm in DRAW_TAGS and num != '')


def complete(g):
    """The game has its owari and every hand has a result."""
    return g.owari is not None and all(h.results for h in g.hands) and 'owari' in g.hands[-1].results[-1][2]


def owari_scores(g):
    """Final scores (points) and final points (Fractions) per seat from owari."""
    ow = g.owari.split(',')
    return [int(ow[2 * i]) * 100 for i in range(g.n)], [Fraction(ow[2 * i + 1]) for i in range(g.n)]


def top_seat(scores, n):
    return rank_order(scores, n)[0]


# ----------------------------------------------------------------------------------------------
# Inventory

def inventory(games, skipped, dups, stats):
    R.h('0. CORPUS USED')
    for k, v in sorted(stats.items()):
        R.p('  skipped (kind): %s: %d files' % (k, v))
    R.examples('skipped files', ['%s (%s)' % s for s in skipped], limit=50)
    R.examples('duplicate games dropped (file = kept file)', ['%s = %s' % d for d in dups], limit=50)
    R.p('  games kept: %d' % len(games))
    c = Counter((g.mode, g.go_type, g.lobby, 'chip' if g.chip else '', 'era1(2009)' if g.era1 else '') for g in games)
    for k, v in sorted(c.items(), key=lambda kv: (kv[0][0], -kv[1])):
        R.p('    %-18s GO type %-5s lobby %-5s %-5s %-11s : %d games' % (k[0], k[1], k[2], k[3], k[4], v))
    years = Counter((g.mode, g.year) for g in games)
    R.p('  games by mode and year (year from the log id or the manifest note; None = unknown):')
    for k, v in sorted(years.items(), key=lambda kv: (kv[0][0], kv[0][1] or 0)):
        R.p('    %-18s %s: %d' % (k[0], k[1], v))
    R.p('  complete games (owari on the last hand): %d of %d' % (sum(1 for g in games if complete(g)), len(games)))
    R.p('  hands: %d (4p %d, sanma %d)' % (sum(len(g.hands) for g in games),
                                          sum(len(g.hands) for g in games if g.n == 4),
                                          sum(len(g.hands) for g in games if g.n == 3)))


# ----------------------------------------------------------------------------------------------
# Q1 noten payments

def q1(games):
    R.h('Q1. NOTEN PAYMENTS AT EXHAUSTIVE DRAWS (RYUUKYOKU without type)')
    patterns = defaultdict(Counter)
    examples = defaultdict(list)
    fits = defaultdict(Counter)
    bad = defaultdict(list)
    for g in games:
        n = g.n
        for h in g.hands:
            if hand_kind(h) != 'draw':
                continue
            a = h.results[0][2]
            ten = tenpai_seats(a, n)
            d = h.deltas(h.results[0])[:n]
            key = (g.group, len(ten))
            pat = (tuple(sorted((d[s] for s in ten), reverse=True)), tuple(sorted(d[s] for s in range(n) if s not in ten)))
            patterns[key][pat] += 1
            if len(examples[(key, pat)]) < 2:
                examples[(key, pat)].append(h.where)
            for pool in (3000, 2000, 1500):
                k = len(ten)
                exp = [0] * n
                if 0 < k < n:
                    for s in range(n):
                        exp[s] = pool // k if s in ten else -pool // (n - k)
                ok = exp == d
                fits[(g.group, pool)][ok] += 1
                if not ok and pool == (3000 if n == 4 else 2000):
                    bad[g.group].append('%s tenpai=%s deltas=%s (bye in game: %s)' % (h.where, ten, fmt(d), g.bye))
    for key in sorted(patterns):
        R.sub('%s, %d tenpai' % key)
        for pat, c in patterns[key].most_common():
            R.p('    tenpai deltas %-22s noten deltas %-22s : %5d   e.g. %s' % (pat[0], pat[1], c, '; '.join(examples[(key, pat)])))
    R.sub('candidate pools (agree / disagree over all exhaustive draws)')
    for (mode, pool), c in sorted(fits.items()):
        R.p('    %-6s pool %d: agree %d, disagree %d' % (mode, pool, c[True], c[False]))
    for mode in ('4p', 'sanma', '4p-special'):
        R.examples('%s exceptions to the %d pool' % (mode, 3000 if mode != 'sanma' else 2000), bad[mode])


# ----------------------------------------------------------------------------------------------
# Q2/Q3 honba and tsumo loss

def payer_shares(g, h, attrs, b=None):
    """Expected hand-value payment of each seat (positive = pays) without honba, from han/fu
    (or from the base points b if given)."""
    n = g.n
    who, frm = int(attrs['who']), int(attrs['fromWho'])
    if b is None:
        b = base_points(attrs)
    pay = [0] * 4
    if who != frm:
        pay[frm] = ceil100(b * (6 if who == h.oya else 4))
    else:
        for s in range(n):
            if s == who:
                continue
            pay[s] = ceil100(b * 2) if (who == h.oya or s == h.oya) else ceil100(b)
    return pay


def q2q3(games):
    R.h('Q2. HONBA VALUE ON WINS (single winner or first winner of a double ron; pao wins excluded)')
    ron = defaultdict(Counter)
    ron_ex = defaultdict(list)
    tsumo = defaultdict(Counter)
    tsumo_ex = defaultdict(list)
    winner_total = defaultdict(Counter)
    winner_bad = defaultdict(list)
    base_bad = defaultdict(list)
    loss = defaultdict(Counter)
    loss_bad = defaultdict(list)
    loss_shapes = Counter()
    for g in games:
        n, mode = g.n, g.group
        for h in g.hands:
            if hand_kind(h) != 'win':
                continue
            res = h.results[0]
            a = res[2]
            if 'paoWho' in a:
                continue
            who, frm = int(a['who']), int(a['fromWho'])
            fu, P, limit = ints(a['ten'])
            hb, st = ints(a['ba'])
            d = h.deltas(res)
            exp = payer_shares(g, h, a)
            if sum(exp) != P:
                base_bad[mode].append('%s who=%d P=%d expected-from-han/fu=%d yaku=%s' % (h.where, who, P, sum(exp), a.get('yaku', a.get('yakuman'))))
                continue
            # the winner gets P + honba + 1000 per stick
            hon_total = d[who] - P - 1000 * st
            if who != frm:
                paid = -d[frm] - P
                per = Fraction(paid, hb) if hb else None
                if hb:
                    ron[mode][per] += 1
                    ron[mode + ' by year'][(g.year, per)] += 1
                    if len(ron_ex[(mode, per)]) < 3:
                        ron_ex[(mode, per)].append(h.where)
                winner_total[mode][hon_total == paid] += 1
                if hon_total != paid:
                    winner_bad[mode].append('%s winner delta %d, P %d, sticks %d, discarder paid honba %d' % (h.where, d[who], P, st, paid))
                others = [s for s in range(n) if s not in (who, frm) and d[s] != 0]
                if others:
                    winner_bad[mode].append('%s ron: a third seat paid %s' % (h.where, others))
            else:
                payers = [s for s in range(n) if s != who]
                extra = [(-d[s] - exp[s]) for s in payers]
                if hb:
                    pers = tuple(sorted(set(Fraction(x, hb) for x in extra)))
                    tsumo[mode][pers] += 1
                    tsumo[mode + ' by year'][(g.year, pers)] += 1
                    if len(tsumo_ex[(mode, pers)]) < 3:
                        tsumo_ex[(mode, pers)].append(h.where)
                winner_total[mode][hon_total == sum(extra)] += 1
                if hon_total != sum(extra):
                    winner_bad[mode].append('%s tsumo: winner delta %d, P %d, sticks %d, payers paid honba %s' % (h.where, d[who], P, st, extra))
                if n == 3:
                    # Q3: tsumo loss: P is only the two payers' shares, no share of the empty seat
                    b = base_points(a)
                    full4 = 3 * ceil100(2 * b) if who == h.oya else ceil100(2 * b) + 2 * ceil100(b)
                    ok = all(x == hb * (extra[0] // hb if hb else 0) for x in extra) and sum(exp) == P
                    ok = ok and all(-d[s] - (hb * (extra[0] // hb) if hb else 0) == exp[s] for s in payers)
                    kind = 'dealer tsumo' if who == h.oya else 'non-dealer tsumo'
                    loss[kind][ok] += 1
                    if P == full4 and P != sum(exp):
                        loss_bad[kind].append('%s P=%d equals the 4-payer total' % (h.where, P))
                    if not ok:
                        loss_bad[kind].append('%s payers %s paid %s, expected shares %s' % (h.where, payers, [-d[s] for s in payers], [exp[s] for s in payers]))
                    if len(loss_shapes) < 1000:
                        loss_shapes[(kind, limit, P, tuple(sorted((exp[s] for s in payers), reverse=True)))] += 1
    for mode in ('4p', 'sanma', '4p-special'):
        R.sub('%s ron, honba > 0: honba paid by the discarder per honba' % mode)
        for per, c in sorted(ron[mode].items()):
            R.p('    %s per honba: %d wins   e.g. %s' % (per, c, '; '.join(ron_ex[(mode, per)])))
        R.p('    by year: ' + ', '.join('%s: %s x%d' % (y, per, c) for (y, per), c in sorted(ron[mode + ' by year'].items(), key=lambda kv: (kv[0][0] or 0, kv[0][1]))))
        R.sub('%s tsumo, honba > 0: honba paid by each payer per honba (set of values over the payers)' % mode)
        for per, c in sorted(tsumo[mode].items()):
            R.p('    %s per honba: %d wins   e.g. %s' % ([str(x) for x in per], c, '; '.join(tsumo_ex[(mode, per)])))
        R.p('    by year: ' + ', '.join('%s: %s x%d' % (y, [str(x) for x in per], c) for (y, per), c in sorted(tsumo[mode + ' by year'].items(), key=lambda kv: (kv[0][0] or 0, kv[0][1]))))
        c = winner_total[mode]
        R.p('  %s winner receives hand value + all honba paid + 1000 x sticks: agree %d, disagree %d' % (mode, c[True], c[False]))
        R.examples('%s disagreements' % mode, winner_bad[mode])
        R.examples('%s wins whose value does not match han/fu (not used above)' % mode, base_bad[mode])
    R.h('Q3. SANMA TSUMO LOSS (the empty seat\'s share is not paid by anybody)')
    for kind in ('dealer tsumo', 'non-dealer tsumo'):
        c = loss[kind]
        R.p('  sanma %s: hand value = the two payers\' normal shares and each payer pays exactly share + honba: agree %d, disagree %d'
            % (kind, c[True], c[False]))
        R.examples('  counterexamples (%s)' % kind, loss_bad[kind])
    R.p('  most common sanma tsumo shapes (kind, limit, hand value, payer shares):')
    for k, v in loss_shapes.most_common(8):
        R.p('    %s: %d' % (k, v))


# ----------------------------------------------------------------------------------------------
# Q4 nagashi mangan

def next_hand(h):
    hs = h.game.hands
    return hs[h.index + 1] if h.index + 1 < len(hs) else None


def q4(games):
    R.h('Q4. NAGASHI MANGAN (RYUUKYOKU type="nm")')
    pat = defaultdict(Counter)
    pat_ex = defaultdict(list)
    fit = defaultdict(Counter)
    bad = []
    sticks = Counter()
    sticks_bad = []
    nxt = Counter()
    nxt_bad = []
    for g in games:
        n = g.n
        for h in g.hands:
            if hand_kind(h) != 'nm':
                continue
            a = h.results[0][2]
            d = h.deltas(h.results[0])[:n]
            hb, st = ints(a['ba'])
            ten = tenpai_seats(a, n)
            gainers = [s for s in range(n) if d[s] > 0]
            # expected: mangan tsumo from every other seat for each nagashi player, no honba,
            # no noten payments; sanma: tsumo loss (the empty seat pays nothing).
            # Find the nagashi player(s): try every non-empty set of seats, take the one that fits.
            found = None
            for k in (1, 2, 3):
                for sub in itertools.combinations(range(n), k):
                    e = [0] * n
                    for w in sub:
                        for s in range(n):
                            if s == w:
                                continue
                            pay = 4000 if (w == h.oya or s == h.oya) else 2000
                            e[s] -= pay
                            e[w] += pay
                    if e == d:
                        found = sub
                        break
                if found:
                    break
            key = '%s%s' % (g.group, ' (honba %s)' % ('>0' if hb else '0'))
            desc = 'nagashi seats %s (%s), deltas %s, tenpai %s' % (
                list(found) if found else '?', ','.join('dealer' if w == h.oya else 'non-dealer' for w in (found or [])), fmt(d), ten)
            pat[key][fmt(d) + (' nagashi by %s' % ('dealer' if found and h.oya in found else 'non-dealer'))] += 1
            fit[g.group][found is not None] += 1
            pat_ex[key].append('%s honba %d sticks %d: %s' % (h.where, hb, st, desc))
            if found is None:
                bad.append('%s honba %d: deltas %s fit no set of nagashi players paid mangan tsumo without honba' % (h.where, hb, fmt(d)))
            nh = next_hand(h)
            if nh is None:
                nxt['last hand of the game (no next hand)'] += 1
                continue
            ok_st = nh.sticks == st
            sticks[ok_st] += 1
            if not ok_st:
                sticks_bad.append('%s ba sticks %d, next INIT sticks %d' % (h.where, st, nh.sticks))
            same = nh.oya == h.oya
            exp_same = h.oya in ten
            ok = (same == exp_same) and nh.honba == h.honba + 1
            nxt[ok] += 1
            if not ok:
                nxt_bad.append('%s dealer tenpai %s -> next %s (oya %d->%d)' % (h.where, exp_same, nh.label, h.oya, nh.oya))
            else:
                nxt['dealer tenpai -> dealer kept' if exp_same else 'dealer noten -> dealer passed'] += 1
    for key in sorted(pat_ex):
        R.sub(key)
        for x in pat_ex[key]:
            R.p('    ' + x)
    for gp, c in sorted(fit.items()):
        R.p('  %s: deltas = mangan tsumo from every other seat to each nagashi player, no honba, no noten payments: agree %d, disagree %d' % (gp, c[True], c[False]))
    R.examples('counterexamples', bad)
    R.p('  riichi sticks stay on the table (next INIT sticks = ba sticks): agree %d, disagree %d' % (sticks[True], sticks[False]))
    R.examples('counterexamples', sticks_bad)
    R.p('  next hand: honba + 1 and the dealer keeps the seat iff the dealer is tenpai: agree %d, disagree %d  (%s)'
        % (nxt[True], nxt[False], ', '.join('%s: %d' % (k, v) for k, v in nxt.items() if isinstance(k, str))))
    R.examples('counterexamples', nxt_bad)


# ----------------------------------------------------------------------------------------------
# Q5 abortive draws, three riichi in sanma

def q5(games):
    R.h('Q5. ABORTIVE DRAWS (which types occur) AND ALL-PLAYERS RIICHI')
    types = defaultdict(Counter)
    ex = defaultdict(list)
    zero = Counter()
    zero_bad = []
    for g in games:
        for h in g.hands:
            k = hand_kind(h)
            if k is None:
                continue
            types[g.group][k] += 1
            if k in ABORTS or k not in ('win', 'draw', 'nm'):
                if len(ex[(g.group, k)]) < 4:
                    ex[(g.group, k)].append(h.where)
                d = h.deltas(h.results[0])
                zero[d == [0, 0, 0, 0]] += 1
                if d != [0, 0, 0, 0]:
                    zero_bad.append('%s %s deltas %s' % (h.where, k, fmt(d)))
    for gp in sorted(types):
        R.sub('%s hand results' % gp)
        for k, v in types[gp].most_common():
            R.p('    %-6s %6d   %s' % (k, v, '; '.join(ex.get((gp, k), []))))
    R.p('  abortive draws have all-zero deltas: agree %d, disagree %d' % (zero[True], zero[False]))
    R.examples('counterexamples', zero_bad)
    # every player of the table in riichi
    R.sub('hands where every player declared riichi (REACH step 2 by all seats)')
    outcome = defaultdict(Counter)
    oex = defaultdict(list)
    for g in games:
        n = g.n
        for h in g.hands:
            acc = []
            idx = None
            for i, (nm, num, a) in enumerate(h.events):
                if nm == 'REACH' and a.get('step') == '2':
                    acc.append(int(a['who']))
                    if len(set(acc)) == n and idx is None:
                        idx = i
            if idx is None:
                continue
            rest = h.events[idx + 1:]
            draws_after = sum(1 for (nm, num, _) in rest if nm in DRAW_TAGS and num != '')
            k = hand_kind(h)
            outcome[g.group][(k, draws_after > 0)] += 1
            oex[(g.group, k, draws_after > 0)].append('%s -> %s, %d draws after the last riichi was accepted' % (h.where, k, draws_after))
    for gp in sorted(outcome):
        for (k, went), v in sorted(outcome[gp].items()):
            R.p('    %s: all %d players in riichi -> result %s, %s: %d' % (gp, 3 if 'sanma' in gp else 4, k, 'play went on (draws after)' if went else 'no draw after', v))
            for x in oex[(gp, k, went)][:10]:
                R.p('        ' + x)


# ----------------------------------------------------------------------------------------------
# Q6 double ron

def q6(games):
    R.h('Q6. DOUBLE RON: ORDER OF THE AGARI ELEMENTS, HONBA AND STICKS')
    c = Counter()
    bad = []
    lst = []
    for g in games:
        n = g.n
        for h in g.hands:
            ag = [r for r in h.results if r[0] == 'AGARI']
            if len(ag) < 2:
                continue
            frm = {int(r[2]['fromWho']) for r in ag}
            ws = [int(r[2]['who']) for r in ag]
            if len(frm) != 1:
                bad.append('%s: AGARI elements with different fromWho %s' % (h.where, frm))
                continue
            f = frm.pop()
            order_ok = [((w - f) % n) for w in ws] == sorted((w - f) % n for w in ws)
            c['order: turn order from the discarder ' + ('yes' if order_ok else 'NO')] += 1
            if not order_ok:
                bad.append('%s: winners %s from %d not in turn order' % (h.where, ws, f))
            hb0, st0 = ints(ag[0][2]['ba'])
            first = True
            prev_after = None
            for r in ag:
                a = r[2]
                w = int(a['who'])
                hb, st = ints(a['ba'])
                P = ints(a['ten'])[1]
                d = h.deltas(r)
                bef = h.before(r)
                if prev_after is not None:
                    ok_b = bef == prev_after
                    c['later sc starts from the scores after the previous win ' + ('yes' if ok_b else 'NO')] += 1
                    if not ok_b:
                        bad.append('%s: sc before %s != previous after %s' % (h.where, bef, prev_after))
                prev_after = [bef[i] + d[i] for i in range(4)]
                if first:
                    ok = d[w] == P + (300 if n == 4 else 200) * hb + 1000 * st and -d[f] == P + (300 if n == 4 else 200) * hb
                    c['first winner gets hand + honba + sticks ' + ('yes' if ok else 'NO')] += 1
                    if not ok:
                        bad.append('%s first winner %d delta %d P %d ba %s' % (h.where, w, d[w], P, a['ba']))
                    lst.append('%s %s: discarder %d, winners %s, ba(first) %s, honba %d, sticks %d; deltas %s'
                               % (g.group, h.where, f, ws, a['ba'], hb, st, fmt(d[:n])))
                else:
                    ok = d[w] == P and -d[f] == P and st == 0 and hb == hb0
                    c['later winner gets the bare hand value, ba shows honba and 0 sticks ' + ('yes' if ok else 'NO')] += 1
                    if not ok:
                        bad.append('%s later winner %d delta %d P %d ba %s (first ba %s)' % (h.where, w, d[w], P, a['ba'], ag[0][2]['ba']))
                    lst[-1] += ' | later: who %d ba %s deltas %s' % (w, a['ba'], fmt(d[:n]))
                first = False
            c['with honba > 0'] += hb0 > 0
            c['with sticks > 0'] += st0 > 0
            c['double ron hands (%s)' % g.group] += 1
            nh = next_hand(h)
            c['dealer among the winners'] += h.oya in ws
            if nh is not None:
                keep = h.oya in ws
                ok = (nh.oya == h.oya) == keep and nh.honba == (h.honba + 1 if keep else 0) and nh.sticks == 0
                c['next hand: dealer among winners keeps the seat with honba+1, else rotate with honba 0 ' + ('yes' if ok else 'NO')] += 1
                if not ok:
                    bad.append('%s -> %s dealer %d winners %s' % (h.where, nh.label, h.oya, ws))
    for k, v in sorted(c.items()):
        R.p('  %s: %d' % (k, v))
    R.examples('counterexamples', bad)
    R.examples('double ron hands (first 20 listed)', lst, limit=20)


# ----------------------------------------------------------------------------------------------
# Q7 pao

def q7(games):
    R.h('Q7. PAO (AGARI with paoWho)')
    cases = []
    for g in games:
        n = g.n
        for h in g.hands:
            for r in h.results:
                a = r[2]
                if r[0] != 'AGARI' or 'paoWho' not in a:
                    continue
                w, f, pao = int(a['who']), int(a['fromWho']), int(a['paoWho'])
                P = ints(a['ten'])[1]
                hb, st = ints(a['ba'])
                d = h.deltas(r)[:n]
                hv = 300 if n == 4 else 200
                if w == f:
                    kind = 'tsumo'
                    exp = [0] * n
                    exp[pao] = -(P + hv * hb)
                    exp[w] = P + hv * hb + 1000 * st
                    rule = 'liable pays the whole hand + all honba'
                else:
                    kind = 'ron'
                    exp = [0] * n
                    exp[pao] -= P // 2 + hv * hb
                    exp[f] -= P // 2
                    exp[w] = P + hv * hb + 1000 * st
                    rule = 'liable and discarder split the hand; liable pays the honba'
                    alt = [0] * n
                    alt[pao] -= P // 2
                    alt[f] -= P // 2 + hv * hb
                    alt[w] = exp[w]
                ok = d == exp
                line = '%s %s %s: winner %d, from %d, liable %d, yakuman %s, P %d, honba %d, sticks %d, deltas %s; %s: %s' % (
                    g.group, h.where, kind, w, f, pao, a.get('yakuman', a.get('yaku')), P, hb, st, fmt(d), rule, 'fits' if ok else 'DOES NOT FIT')
                if kind == 'ron' and not ok and d == alt:
                    line += ' (fits: discarder pays the honba)'
                if kind == 'ron' and hb == 0:
                    line += ' (honba 0: cannot tell who pays the honba)'
                cases.append(line)
    R.examples('pao wins', cases, limit=50)
    R.p('  pao by ron in the real corpus: %d (the pao-ron samples are [edited] pantheon__pao_ron.xml and the skipped rmss__pao.json)'
        % sum(1 for x in cases if ' ron: ' in x))


# ----------------------------------------------------------------------------------------------
# Hand-end records for the game-end questions (Q8-Q10)

class End:
    """What happened after one hand of a complete game."""
    def __init__(self, g, h):
        self.g, self.h = g, h
        n = g.n
        self.S = h.after()[:n]
        self.ended = h.index == len(g.hands) - 1
        self.round = h.round
        self.kind = hand_kind(h)
        self.keep = dealer_keeps(h)
        self.reason = renchan_reason(h)
        self.neg = min(self.S) < 0
        self.max = max(self.S)
        self.top = top_seat(self.S, n)
        self.sticks_left = ints(h.results[0][2]['ba'])[1] if self.kind != 'win' else 0
        if h.round < g.last_regular:
            self.phase = 'before all-last'
        elif h.round == g.last_regular:
            self.phase = 'all-last'
        elif h.round < g.cap:
            self.phase = 'extension'
        elif h.round == g.cap:
            self.phase = 'extension, last hand (cap)'
        else:
            self.phase = 'beyond the cap'
        nh = next_hand(h)
        self.next_same_dealer = None if nh is None else nh.oya == h.oya

    def desc(self):
        return '%s [%s] %s -> scores %s%s, %s' % (self.h.where, self.g.group, self.kind_text(), self.S,
                                                 ' +%d sticks on table' % self.sticks_left if self.sticks_left else '',
                                                 'GAME ENDED' if self.ended else 'game went on')

    def kind_text(self):
        if self.kind == 'win':
            ws = winners(self.h)
            return 'win by %s (%s)' % (ws, 'dealer' if self.h.oya in ws else 'non-dealer')
        if self.kind in ('draw', 'nm'):
            t = tenpai_seats(self.h.results[0][2], self.g.n)
            return '%s, tenpai %s, dealer %d %s' % ('exhaustive draw' if self.kind == 'draw' else 'nagashi', t, self.h.oya, 'tenpai' if self.h.oya in t else 'noten')
        return 'abortive draw ' + self.kind


def ends(games):
    out = []
    for g in games:
        if not complete(g):
            continue
        for h in g.hands:
            out.append(End(g, h))
    return out


def goal_for(g, goal4, goal3):
    return goal3 if g.n == 3 else goal4


def predict_end(e, goal, cond='top_seat_ties', draw_ends=True, renchan_priority=True, tenpai_yame_2010=False):
    """The Tenhou end-of-game rule under test. Returns (ended?, why). With tenpai_yame_2010,
    tenpai-yame applies only to games from 2010-06 on (era-1 files count as earlier)."""
    g = e.g
    if tenpai_yame_2010 and e.reason == 'dealer tenpai' and yame_era(g).startswith('before'):
        if e.neg:
            return True, 'tobi'
        return False, 'no tenpai-yame before 2010-06'
    if e.neg:
        return True, 'tobi'
    if e.round < g.last_regular:
        return False, 'before all-last'
    if e.keep:
        if e.reason in ('dealer win', 'dealer tenpai') and yame(e, goal, cond):
            return True, 'yame'
        if not renchan_priority and e.max >= goal:
            return True, 'goal reached (no renchan priority)'
        return False, 'renchan'
    if e.round >= g.cap:
        return True, 'cap'
    if e.kind != 'win' and not draw_ends and e.round > g.last_regular:
        return False, 'draw in extension does not end'
    if e.max >= goal:
        return True, 'goal reached'
    return False, 'nobody at the goal'


def yame(e, goal, cond):
    S, o, n = e.S, e.h.oya, e.g.n
    if cond == 'top_seat_ties':            # first by score, ties to the seat nearer the first dealer
        return top_seat(S, n) == o and S[o] >= goal
    if cond == 'top_no_goal':
        return top_seat(S, n) == o
    if cond == 'goal_only':
        return S[o] >= goal
    if cond == 'strict_top':
        return all(S[o] > S[s] for s in range(n) if s != o) and S[o] >= goal
    if cond == 'top_ties_to_dealer':
        return all(S[o] >= S[s] for s in range(n) if s != o) and S[o] >= goal
    raise ValueError(cond)


# ----------------------------------------------------------------------------------------------
# Q8 game end

def q8(games, E):
    R.h('Q8. GAME END: GOAL FOR THE EXTENSION, DRAWS IN THE EXTENSION, RENCHAN PRIORITY, CAP')
    R.p('  Hands of complete games: %d. Renchan is predicted from the result (dealer win, dealer tenpai, abort).' % len(E))
    # consistency of the renchan prediction with the next INIT
    c = Counter()
    bad = []
    for e in E:
        if e.next_same_dealer is None:
            continue
        ok = e.next_same_dealer == e.keep
        c[ok] += 1
        if not ok:
            bad.append(e.desc())
    R.p('  renchan predicted from the result = next INIT keeps the dealer: agree %d, disagree %d' % (c[True], c[False]))
    R.examples('counterexamples', bad)

    R.sub('(a) the goal: hands of all-last and the extension that ended WITHOUT renchan and without tobi (not the cap hand)')
    R.p('  The game should end iff some score (riichi sticks on the table not counted) >= goal.')
    for gp in ('4p hanchan', '4p tonpuusen', 'sanma hanchan', '4p-special'):
        sel = [e for e in E if (e.g.mode == gp if gp != '4p-special' else e.g.group == '4p-special') and (e.g.group != '4p-special' or gp == '4p-special')
               and e.phase in ('all-last', 'extension') and not e.keep and not e.neg]
        if not sel:
            continue
        ended = [e for e in sel if e.ended]
        went = [e for e in sel if not e.ended]
        R.p('  %s: %d hands; ended %d (lowest top score %s), went on %d (highest top score %s)' % (
            gp, len(sel), len(ended), min((e.max for e in ended), default=None), len(went), max((e.max for e in went), default=None)))
        for goal in (30000, 35000, 40000):
            agree = sum(1 for e in sel if (e.max >= goal) == e.ended)
            dis = [e for e in sel if (e.max >= goal) != e.ended]
            per = Counter((e.phase, (e.max >= goal) == e.ended) for e in sel)
            R.p('    goal %d: agree %d, disagree %d   (all-last: agree %d, disagree %d; extension: agree %d, disagree %d)' % (
                goal, agree, len(dis), per[('all-last', True)], per[('all-last', False)], per[('extension', True)], per[('extension', False)]))
            for x in dis[:6]:
                R.p('        ' + x.desc())
            if len(dis) > 6:
                R.p('        ... and %d more' % (len(dis) - 6))
        near = sorted(sel, key=lambda e: e.max)
        R.p('    closest cases around 30000 / 40000 (top score, ended?):')
        for goal in (30000, 40000):
            below = [e for e in near if e.max < goal][-3:]
            above = [e for e in near if e.max >= goal][:3]
            for e in below + above:
                R.p('        %6d %-9s %s' % (e.max, 'ENDED' if e.ended else 'went on', e.h.where))
        sticks = [e for e in sel if e.sticks_left and e.max < 30000 <= e.S[e.top] + 1000 * e.sticks_left] if gp.startswith('4p') else \
                 [e for e in sel if e.sticks_left and e.max < 40000 <= e.S[e.top] + 1000 * e.sticks_left]
        R.p('    sticks on the table would lift the top player to the goal: %d hands, game went on in %d' % (len(sticks), sum(1 for e in sticks if not e.ended)))
        for e in sticks[:5]:
            R.p('        ' + e.desc())

    R.sub('games that went past the last regular hand (South 4 / East 4; sanma South 3)')
    for gp in ('4p hanchan', '4p tonpuusen', 'sanma hanchan'):
        gs = [g for g in games if complete(g) and g.mode == gp and g.group != '4p-special' and any(h.round > g.last_regular for h in g.hands)]
        allg = [g for g in games if complete(g) and g.mode == gp and g.group != '4p-special']
        R.p('  %s: %d of %d games entered the extension' % (gp, len(gs), len(allg)))
        lastr = Counter(rname(g.hands[-1].round, g.n) for g in gs)
        R.p('    last hand played: ' + ', '.join('%s: %d' % kv for kv in sorted(lastr.items())))
        for g in gs:
            ext = [h for h in g.hands if h.round > g.last_regular]
            e = End(g, g.hands[-1])
            why = predict_end(e, 40000 if g.n == 3 else 30000)[1]
            R.p('    %s: %s; ended after %s (%s), final scores %s' % (
                g.file, ' '.join(h.label + ':' + (End(g, h).kind if End(g, h).kind != 'win' else ('W' if h.oya in winners(h) else 'w')) for h in ext),
                g.hands[-1].label, why, e.S))
    gsp = [g for g in games if complete(g) and g.group == '4p-special' and any(h.round > g.last_regular for h in g.hands)]
    for g in gsp:
        R.p('    [4p-special] %s %s: extension hands %s, final scores %s' % (g.file, g.mode, [h.label for h in g.hands if h.round > g.last_regular], End(g, g.hands[-1]).S))

    R.sub('(b) draws (exhaustive, nagashi, abortive) in the extension')
    sel = [e for e in E if e.phase.startswith('extension') and e.kind != 'win' and e.g.group != '4p-special']
    for e in sel:
        goal = 40000 if e.g.n == 3 else 30000
        R.p('    %s | someone >= %d: %s | dealer keeps: %s' % (e.desc(), goal, e.max >= goal, e.keep))
    R.p('  draws in the extension: %d; without renchan and someone >= goal: %d, of which ended %d' % (
        len(sel), sum(1 for e in sel if not e.keep and e.max >= (40000 if e.g.n == 3 else 30000)),
        sum(1 for e in sel if not e.keep and e.max >= (40000 if e.g.n == 3 else 30000) and e.ended)))
    ab = [e for e in sel if e.kind in ABORTS]
    R.p('  abortive draws in the extension: %d; with someone >= goal: %d; ended: %d' % (
        len(ab), sum(1 for e in ab if e.max >= (40000 if e.g.n == 3 else 30000)), sum(e.ended for e in ab)))

    R.sub('(c) renchan in all-last / extension while somebody other than a top dealer has reached the goal')
    sel = [e for e in E if e.phase != 'before all-last' and e.keep and not e.neg and e.g.group != '4p-special']
    cnt = Counter()
    for e in sel:
        goal = 40000 if e.g.n == 3 else 30000
        if e.max < goal:
            continue
        is_yame = e.reason in ('dealer win', 'dealer tenpai') and yame(e, goal, 'top_seat_ties')
        if is_yame:
            continue
        cnt[(e.g.group, e.phase, e.ended)] += 1
        if e.ended or cnt[(e.g.group, e.phase, e.ended)] <= 4:
            R.p('    %s (%s)' % (e.desc(), e.reason))
    for k, v in sorted(cnt.items()):
        R.p('  %s, %s: renchan with someone >= goal and no yame -> %s: %d' % (k[0], k[1], 'ENDED' if k[2] else 'went on', v))

    R.sub('(d) the cap: hands played at or beyond West 4 / South 4 (sanma West 3)')
    sel = [e for e in E if e.phase in ('extension, last hand (cap)', 'beyond the cap')]
    for e in sel:
        R.p('    %s (%s)' % (e.desc(), e.reason or 'no renchan'))
    R.p('  hands at the cap: %d; beyond the cap: %d' % (sum(1 for e in sel if e.phase.endswith('(cap)')), sum(1 for e in sel if e.phase == 'beyond the cap')))

    R.sub('whole-game check of the end rule (tobi; all-last/extension: yame if the dealer is first with ties by seat and >= goal;'
          ' renchan otherwise goes on; without renchan the game ends at the cap or when someone >= goal)')
    for goal4, goal3, ty in ((30000, 40000, True), (30000, 40000, False), (30000, 35000, False), (30000, 30000, False)):
        c = defaultdict(Counter)
        bad = defaultdict(list)
        for e in E:
            goal = goal_for(e.g, goal4, goal3)
            pe, why = predict_end(e, goal, tenpai_yame_2010=ty)
            ok = pe == e.ended
            c[e.g.group][ok] += 1
            if not ok:
                bad[e.g.group].append('%s (predicted %s: %s)' % (e.desc(), 'end' if pe else 'go on', why))
        R.p('  goal 4p %d, sanma %d, tenpai-yame %s:' % (goal4, goal3, 'only from 2010-06 on' if ty else 'in all games'))
        for gp in sorted(c):
            R.p('    %s: agree %d, disagree %d' % (gp, c[gp][True], c[gp][False]))
            for x in bad[gp][:8]:
                R.p('        ' + x)
            if len(bad[gp]) > 8:
                R.p('        ... and %d more' % (len(bad[gp]) - 8))


# ----------------------------------------------------------------------------------------------
# Q9 agari-yame / tenpai-yame

def yame_era(g):
    """Tenpai-yame exists since 2010-06-01 (docs/rulesets.md §2.1)."""
    if g.date:
        return 'before 2010-06' if g.date[:7] < '2010-06' else '2010-06 or later'
    return 'before 2010-06 (era-1 format)' if g.era1 else 'date unknown'


def q9(games, E):
    R.h('Q9. AGARI-YAME / TENPAI-YAME (dealer win or dealer tenpai in all-last or the extension, no tobi)')
    sel = [e for e in E if e.phase != 'before all-last' and e.reason in ('dealer win', 'dealer tenpai') and not e.neg]
    conds = ('top_seat_ties', 'top_ties_to_dealer', 'strict_top', 'top_no_goal', 'goal_only')
    for gp in ('4p', 'sanma', '4p-special'):
        s = [e for e in sel if e.g.group == gp]
        if not s:
            continue
        R.sub('%s: %d cases (%d ended, %d went on)' % (gp, len(s), sum(e.ended for e in s), sum(not e.ended for e in s)))
        goals = (30000,) if gp.startswith('4p') else (40000, 35000, 30000)
        for goal in goals:
            for cond in conds:
                if cond == 'top_no_goal' and goal != goals[0]:
                    continue
                res = Counter()
                bad = []
                for e in s:
                    pred = yame(e, goal, cond)
                    res[pred == e.ended] += 1
                    if pred != e.ended:
                        bad.append('%s (%s; predicted %s)' % (e.desc(), e.reason, 'end' if pred else 'go on'))
                R.p('  condition %-19s goal %s: agree %d, disagree %d' % (cond, goal if cond != 'top_no_goal' else '-', res[True], res[False]))
                for x in bad[:6]:
                    R.p('        ' + x)
                if len(bad) > 6:
                    R.p('        ... and %d more' % (len(bad) - 6))
        goal = goals[0]
        R.p('  breakdown for condition top_seat_ties, goal %d (reason, phase, era) -> agree/disagree:' % goal)
        br = Counter()
        for e in s:
            era = yame_era(e.g)
            br[(e.reason, e.phase, era, yame(e, goal, 'top_seat_ties') == e.ended, e.ended)] += 1
        for k, v in sorted(br.items()):
            R.p('    %-14s %-27s %-15s %-9s (%s): %d' % (k[0], k[1], k[2], 'agree' if k[3] else 'DISAGREE', 'ended' if k[4] else 'went on', v))
        tt = Counter()
        for e in s:
            if e.reason == 'dealer tenpai' and yame(e, goal, 'top_seat_ties'):
                tt[(yame_era(e.g), e.ended)] += 1
        R.p('  dealer tenpai at a draw while first (seat-order ties) and >= goal, by era: ' +
            (', '.join('%s: %s %d' % (k[0], 'ended' if k[1] else 'went on', v) for k, v in sorted(tt.items())) or 'none'))
        ties = [e for e in s if sum(1 for x in e.S if x == e.S[e.h.oya]) > 1 and e.S[e.h.oya] == e.max]
        R.p('  cases where the dealer ties for first place: %d' % len(ties))
        for e in ties:
            R.p('        %s (%s)' % (e.desc(), e.reason))
        # discriminating cases for the goal in sanma: dealer first with a score in [30000, 40000)
        if gp == 'sanma':
            disc = [e for e in s if top_seat(e.S, 3) == e.h.oya and 30000 <= e.S[e.h.oya] < 40000]
            R.p('  sanma: dealer first with 30000 <= score < 40000: %d cases, ended %d, went on %d' % (
                len(disc), sum(e.ended for e in disc), sum(not e.ended for e in disc)))
            for e in disc[:10]:
                R.p('        %s (%s)' % (e.desc(), e.reason))
    ab = [e for e in E if e.phase != 'before all-last' and e.kind in ABORTS and not e.neg]
    R.sub('abortive draws in all-last / extension (dealer keeps the seat; does yame apply?)')
    abc = Counter()
    for e in ab:
        goal = 40000 if e.g.n == 3 else 30000
        y = yame(e, goal, 'top_seat_ties')
        abc[(e.g.group, y, e.ended)] += 1
        if y:
            R.p('    %s | dealer first and >= goal' % e.desc())
    R.p('  abortive draws in all-last/extension: %d (ended %d)' % (len(ab), sum(e.ended for e in ab)))
    for k, v in sorted(abc.items()):
        R.p('    %s: dealer first and >= goal: %s -> %s: %d' % (k[0], k[1], 'ENDED' if k[2] else 'went on', v))


# ----------------------------------------------------------------------------------------------
# Q10 tobi

def q10(games, E):
    R.h('Q10. TOBI (a score below 0 ends the game; exactly 0 plays on)')
    neg = [e for e in E if e.neg]
    c = Counter((e.g.group, e.ended) for e in neg)
    for k, v in sorted(c.items()):
        R.p('  %s: a hand left a score below 0 -> %s: %d' % (k[0], 'game ended after that hand' if k[1] else 'GAME WENT ON', v))
    R.examples('hands that left a score below 0 and the game went on', [e.desc() for e in neg if not e.ended])
    ph = Counter((e.g.group, rname(e.round, e.g.n)[0], e.phase) for e in neg if e.ended)
    R.p('  tobi endings by wind/phase: ' + ', '.join('%s %s-round (%s): %d' % (k[0], k[1], k[2], v) for k, v in sorted(ph.items())))
    for e in [e for e in neg if e.ended][:5]:
        R.p('        e.g. ' + e.desc())
    zero = [e for e in E if min(e.S) == 0]
    R.p('  hands that left a score of exactly 0: %d; game went on after %d of them' % (len(zero), sum(not e.ended for e in zero)))
    for e in zero:
        why = predict_end(e, 40000 if e.g.n == 3 else 30000)[1]
        R.p('        %s (end rule without tobi says: %s)' % (e.desc(), why))
    # scores below 0 by a riichi deposit during a hand (REACH step 2 ten)
    dep = []
    for g in games:
        for h in g.hands:
            for nm, num, a in h.events:
                if nm == 'REACH' and a.get('step') == '2' and 'ten' in a:
                    t = ints(a['ten'])
                    if min(t[:g.n]) < 0:
                        dep.append('%s seat %d after deposit %s' % (h.where, int(a['who']), t[:g.n]))
    R.examples('riichi deposits that left a score below 0 during a hand', dep)
    owneg = [g for g in games if complete(g) and min(owari_scores(g)[0]) < 0]
    R.p('  games whose owari has a negative final score: %d' % len(owneg))


# ----------------------------------------------------------------------------------------------
# Q11 leftover riichi sticks

def q11(games):
    R.h('Q11. LEFTOVER RIICHI STICKS AT GAME END; owari final scores vs the scores after the last hand')
    c = defaultdict(Counter)
    bad = []
    cases = []
    for g in games:
        if not complete(g):
            continue
        n = g.n
        h = g.hands[-1]
        S = h.after()[:n]
        F = owari_scores(g)[0]
        k = hand_kind(h)
        left = ints(h.results[0][2]['ba'])[1] if k != 'win' else 0
        exp = list(S)
        exp[top_seat(S, n)] += 1000 * left
        ok = exp == F
        tie = sorted(S, reverse=True)[0] == sorted(S, reverse=True)[1]
        c[g.group][(left > 0, ok)] += 1
        if left and tie:
            c[g.group]['tie'] += 1
        if left:
            cases.append('%s %s: last hand %s ends with %d stick(s) on the table; after-hand %s; owari %s; %s%s' % (
                g.group, g.file, h.label, left, S, F, 'to first place' if ok else 'NOT to first place', ' (TIE for first)' if tie else ''))
        if not ok:
            bad.append('%s %s: after-hand %s, sticks %d, owari %s' % (g.group, g.file, S, left, F))
    for gp in sorted(c):
        R.p('  %s: no sticks left: owari = after-hand scores: agree %d, disagree %d' % (gp, c[gp][(False, True)], c[gp][(False, False)]))
        R.p('  %s: sticks left: owari = after-hand + 1000 x sticks to first place (ties to the seat nearer the first dealer): agree %d, disagree %d'
            % (gp, c[gp][(True, True)], c[gp][(True, False)]))
        R.p('  %s: of those, games with a tie for first place: %d' % (gp, c[gp]['tie']))
    R.examples('counterexamples', bad)
    R.examples('games ending with sticks on the table (ties first)', sorted(cases, key=lambda x: 'TIE' not in x), limit=15)


# ----------------------------------------------------------------------------------------------
# Q12 final points

def rnd(v, mode):
    """v is a Fraction with one decimal place (thousands of points); returns the rounded value
    (or v itself for 'none'). Modes on v = (score - return)/1000: half_up (x.5 -> x+1, i.e.
    4-down/5-up on the score), half_down (x.5 -> x, 5-down/6-up), half_toward_zero,
    half_away_from_zero. 'none' keeps the decimal."""
    fl = v.numerator // v.denominator
    frac = v - fl
    if mode == 'none':
        return v
    if frac != Fraction(1, 2):
        return fl + (1 if frac > Fraction(1, 2) else 0)
    if mode == 'half_up':
        return fl + 1
    if mode == 'half_down':
        return fl
    if mode == 'half_toward_zero':
        return fl + 1 if v < 0 else fl
    if mode == 'half_away_from_zero':
        return fl if v < 0 else fl + 1
    raise ValueError(mode)


def rounded_points(F, ret, rounding):
    """(F - ret)/1000 rounded. 'score_4down5up' rounds the raw final score to 1000 first,
    4-down/5-up on its magnitude (-500 -> -1000, 24500 -> 25000), then subtracts the return."""
    if rounding == 'score_4down5up':
        m = (abs(F) + 500) // 1000 * 1000
        return Fraction((m if F >= 0 else -m) - ret, 1000)
    return rnd(Fraction(F - ret, 1000), rounding)


ROUNDINGS = ('score_4down5up', 'half_up', 'half_toward_zero', 'half_away_from_zero', 'half_down', 'none')


def points_fit(F, X, n, ret, uma, rounding):
    """F final scores (points), X owari points (Fractions). 2nd..last: round((F-ret)/1000) + uma;
    first = -(sum of the others)."""
    order = rank_order(F, n)
    exp = [None] * n
    for r, s in enumerate(order):
        if r == 0:
            continue
        exp[s] = rounded_points(F[s], ret, rounding) + uma[r]
    exp[order[0]] = -sum(exp[s] for s in order[1:])
    return [Fraction(x) for x in exp] == X, exp


UMA4 = {'10-20': (None, 10, -10, -20), '5-10': (None, 5, -5, -10)}
UMA3 = {'+20/0/-20': (None, 0, -20)}


def period(g):
    if g.year == 2022:
        return g.date[:7]
    if g.year is None:
        return '2009 (era-1 format, no date)' if g.era1 else 'date unknown'
    return str(g.year)


def q12(games):
    R.h('Q12. FINAL POINTS (owari second values)')
    R.p('  Formula tested: 2nd..last = round((final score - return)/1000) + uma; 1st = -(sum of the others);')
    R.p('  4p return 30000 (oka 20 to 1st), uma 10-20 (+20/+10/-10/-20) or 5-10; sanma return 40000 (oka 15), uma +20/0/-20.')
    R.p('  Roundings: ' + ', '.join(ROUNDINGS) + ' (see rounded_points()).')
    tab = defaultdict(Counter)
    misfit = []
    x500 = defaultdict(Counter)
    klass = defaultdict(Counter)
    only_sc = defaultdict(list)
    period_unknown_none = defaultdict(list)
    dates = defaultdict(list)
    for g in games:
        if not complete(g):
            continue
        n = g.n
        F, X = owari_scores(g)
        ret = 40000 if n == 3 else 30000
        umas = UMA3 if n == 3 else UMA4
        fits = set()
        for un, uma in umas.items():
            for r in ROUNDINGS:
                if points_fit(F, X, n, ret, uma, r)[0]:
                    fits.add((un, r))
        key = (g.group, g.mode, period(g))
        tab[key]['games'] += 1
        for f in fits:
            tab[key][f] += 1
        if not fits:
            misfit.append(g)
        rs = {r for (_, r) in fits}
        if g.date and g.group in ('4p', 'sanma'):
            if 'score_4down5up' in rs and 'none' not in rs:
                dates['rounded'].append((g.date, g.file))
            if 'none' in rs and 'score_4down5up' not in rs:
                dates['not rounded'].append((g.date, g.file))
        cls = ('both (no score needs rounding)' if 'score_4down5up' in rs and 'none' in rs else
               'rounded: score_4down5up' if 'score_4down5up' in rs else 'not rounded: none' if 'none' in rs else 'NEITHER')
        klass[key][cls] += 1
        if cls.startswith('not rounded') and g.year is None:
            period_unknown_none[key].append(g.file)
        if cls == 'NEITHER' or (cls.startswith('rounded') and not rs - {'score_4down5up'}):
            only_sc[key].append('%s final %s points %s' % (g.file, F, [str(x) for x in X]))
        # discriminating scores: not a multiple of 1000, ending in 500, negative and ending in 500
        order = rank_order(F, n)
        others = [F[s] for s in order[1:]]
        x500[key]['not a multiple of 1000'] += any(f % 1000 for f in others)
        x500[key]['x500 positive (2nd-last)'] += any(f % 1000 == 500 and f > 0 for f in others)
        x500[key]['x500 negative (2nd-last)'] += any(f % 1000 == 500 and f < 0 for f in others)
    for key in sorted(tab, key=lambda k: (k[0], k[1], k[2])):
        c = tab[key]
        best = sorted(((v, k) for k, v in c.items() if k != 'games'), key=lambda t: (-t[0], t[1]))
        R.p('  %-10s %-15s %-28s %4d games (%s)' % (key[0], key[1], key[2], c['games'],
                                                  ', '.join('%s: %d' % kv for kv in x500[key].items())))
        R.p('      fits: ' + ('; '.join('uma %s + %s: %d' % (k[0], k[1], v) for v, k in best) or 'nothing'))
        R.p('      per game: ' + ', '.join('%s %d' % kv for kv in sorted(klass[key].items())))
        if only_sc[key]:
            R.p('      games fitted only by score_4down5up (negative x500 scores) or by nothing: %d, e.g.' % len(only_sc[key]))
        for x in only_sc[key][:3]:
            R.p('        ' + x)
        if period_unknown_none[key]:
            R.p('      not-rounded games without a date: ' + ', '.join(period_unknown_none[key]))
    for k in ('rounded', 'not rounded'):
        d = sorted(dates[k])
        if d:
            R.p('  dated public-lobby games that need %s points: %d, from %s (%s) to %s (%s)' % (
                'rounded' if k == 'rounded' else 'unrounded', len(d), d[0][0], d[0][1], d[-1][0], d[-1][1]))
    R.sub('games that fit no standard candidate, and what fits them instead')
    umas4 = [(None, 10, -10, -20), (None, 5, -5, -10), (None, 5, -5, -15), (None, 0, -10, -20), (None, 10, -10, -30),
             (None, 20, -20, -40), (None, 0, 0, 0), (None, 10, -10, -20)]
    umas3 = [(None, 0, -20), (None, 0, -15), (None, -5, -15), (None, 0, 0)]
    for g in misfit:
        n = g.n
        F, X = owari_scores(g)
        alts = []
        for ret in (25000, 30000, 35000, 40000):
            for uma in (umas3 if n == 3 else umas4):
                rs = [r for r in ROUNDINGS if points_fit(F, X, n, ret, uma, r)[0]]
                if rs:
                    alts.append('return %d uma %s rounding %s' % (ret, uma[1:], '/'.join(rs)))
        R.p('    %s [%s, GO type %s, lobby %s, %s]: final %s; owari points %s; fits: %s%s' % (
            g.file, g.group, g.go_type, g.lobby, period(g), F, [str(x) for x in X], '; '.join(alts[:3]) or 'no candidate',
            ('; csrule=' + g.go['csrule']) if 'csrule' in g.go else ''))
    R.p('  games fitting no standard candidate: %d' % len(misfit))
    R.sub('ties in the final score (uma by seat order?)')
    tie_count = defaultdict(Counter)
    for g in games:
        if not complete(g):
            continue
        F, X = owari_scores(g)
        if len(set(F)) < g.n:
            ret = 40000 if g.n == 3 else 30000
            ok = ['uma %s %s' % (un, r) for un, uma in (UMA3 if g.n == 3 else UMA4).items() for r in ROUNDINGS
                  if points_fit(F, X, g.n, ret, uma, r)[0]]
            tie_count[g.group][bool(ok)] += 1
            R.p('    %s [%s %s]: final %s points %s; seat-order ranking %s; standard formula with seat-order ties fits: %s'
                % (g.file, g.group, period(g), F, [str(x) for x in X], rank_order(F, g.n), '/'.join(ok) or 'NO'))
    for gp, c in sorted(tie_count.items()):
        R.p('  %s: games with tied final scores where seat-order ranking fits the standard formula: %d; does not fit: %d' % (gp, c[True], c[False]))


# ----------------------------------------------------------------------------------------------
# Q13 riichi limits

def q13(games):
    R.h('Q13. RIICHI: TILES LEFT IN THE LIVE WALL AT A DECLARATION, AND SCORE AT A DECLARATION')
    live = {4: 70, 3: 55}
    R.sub('check of the wall count: live tiles left when the exhaustive draw happens (should be 0)')
    c = Counter()
    bad = []
    for g in games:
        for h in g.hands:
            if hand_kind(h) != 'draw':
                continue
            d = live_draws_before(h, len(h.events))
            left = live[g.n] - d
            c[(g.group, left)] += 1
            if left != 0:
                bad.append('%s: %d draws, %d left' % (h.where, d, left))
    R.p('  ' + ', '.join('%s left %d: %d' % (k[0], k[1], v) for k, v in sorted(c.items())))
    R.examples('counterexamples', bad)
    mins = {}
    dist = defaultdict(Counter)
    lowscore = []
    score_min = {}
    for g in games:
        for h in g.hands:
            for i, (nm, num, a) in enumerate(h.events):
                if nm != 'REACH' or a.get('step') != '1':
                    continue
                who = int(a['who'])
                left = live[g.n] - live_draws_before(h, i)
                dist[g.group][left] += 1
                if g.group not in mins or left < mins[g.group][0]:
                    mins[g.group] = (left, h.where, who)
                sc = h.ten[who]
                if g.group not in score_min or sc < score_min[g.group][0]:
                    score_min[g.group] = (sc, h.where, who)
                if sc < 1000:
                    lowscore.append('%s seat %d score %d' % (h.where, who, sc))
    for gp in sorted(dist):
        R.p('  %s: %d declarations; fewest live tiles left after the declarer\'s draw: %d (%s seat %d)' % (gp, sum(dist[gp].values()), *mins[gp]))
        R.p('      declarations by tiles left (0..8): ' + ', '.join('%d: %d' % (k, dist[gp][k]) for k in range(0, 9)))
        R.p('      lowest score at a declaration: %d (%s seat %d)' % score_min[gp])
    R.examples('declarations with a score below 1000', lowscore)


# ----------------------------------------------------------------------------------------------
# Q14 other checks of docs/rulesets.md §2.1/§2.2 the corpus can answer

def q14(games):
    R.h('Q14. OTHER TENHOU RULES THE CORPUS CAN CHECK')
    R.sub('(a) hand-to-hand bookkeeping: next INIT scores, sticks, honba, dealer, round')
    c = defaultdict(Counter)
    bad = []
    for g in games:
        n = g.n
        for h in g.hands:
            nh = next_hand(h)
            if nh is None or not h.results:
                continue
            k = hand_kind(h)
            keep = dealer_keeps(h)
            a0 = h.results[0][2]
            if k == 'win':
                honba = h.honba + 1 if keep else 0
                sticks = 0
            else:
                honba = h.honba + 1
                sticks = ints(a0['ba'])[1]
            oya = h.oya if keep else (h.oya + 1) % n
            rnd_ = h.round if keep else (h.round + 1 if h.round % 4 < n - 1 else (h.round // 4 + 1) * 4)
            checks = {
                'scores = after-hand scores': nh.ten[:n] == h.after()[:n],
                'sticks (0 after a win, kept after any draw)': nh.sticks == sticks,
                'honba (+1 after dealer win or any draw, 0 after a non-dealer win)': nh.honba == honba,
                'dealer and round (kept on renchan, else next seat)': nh.oya == oya and nh.round == rnd_,
            }
            kk = k if k in ('win', 'draw', 'nm') else 'abort'
            for name, ok in checks.items():
                c[(g.group, name)][ok] += 1
                c[(g.group, name, kk)][ok] += 1
                if not ok:
                    bad.append('%s %s: %s: next %s ten %s' % (h.where, k, name, nh.label, nh.ten[:n]))
    for key in sorted(k for k in c if len(k) == 2):
        R.p('  %s %s: agree %d, disagree %d' % (key[0], key[1], c[key][True], c[key][False]))
    for key in sorted(k for k in c if len(k) == 3 and k[2] == 'abort'):
        R.p('    after abortive draws, %s %s: agree %d, disagree %d' % (key[0], key[1], c[key][True], c[key][False]))
    R.examples('counterexamples', bad)

    R.sub('(b) a riichi whose declaring tile is ronned deposits no stick')
    cnt = Counter()
    bad = []
    for g in games:
        for h in g.hands:
            step1 = [int(a['who']) for (nm, _, a) in h.events if nm == 'REACH' and a.get('step') == '1']
            step2 = [int(a['who']) for (nm, _, a) in h.events if nm == 'REACH' and a.get('step') == '2']
            for w in step1:
                if w in step2:
                    continue
                r = h.results[0] if h.results else None
                if r is None:
                    continue
                if r[0] == 'AGARI' and int(r[2]['fromWho']) == w:
                    ok = ints(r[2]['ba'])[1] == h.sticks + len(step2) and h.before(r)[w] == h.ten[w]
                    cnt[(g.group, ok)] += 1
                    if not ok:
                        bad.append('%s seat %d' % (h.where, w))
                else:
                    cnt[(g.group, 'declaration without step 2 not followed by a ron of it: ' + (r[0] + ' ' + r[2].get('type', '')))] += 1
    for k, v in sorted(cnt.items(), key=str):
        R.p('  %s %s: %d' % (k[0], ('ronned declaration: no stick in ba and no deposit in sc: ' + ('agree' if k[1] else 'DISAGREE')) if isinstance(k[1], bool) else k[1], v))
    R.examples('counterexamples', bad)

    R.sub('(c) four riichi: the 4th stick is deposited before the abort')
    for g in games:
        for h in g.hands:
            if hand_kind(h) == 'reach4':
                step2 = [a for (nm, _, a) in h.events if nm == 'REACH' and a.get('step') == '2']
                R.p('  %s: %d accepted riichi, INIT sticks %d, ba %s -> %s' % (
                    h.where, len(step2), h.sticks, h.results[0][2]['ba'],
                    'all 4 deposited' if ints(h.results[0][2]['ba'])[1] == h.sticks + 4 else 'NOT all deposited'))

    R.sub('(d) kyuushu kyuuhai: declared on the first own draw, with no call before it')
    cnt = Counter()
    bad = []
    for g in games:
        for h in g.hands:
            if hand_kind(h) != 'yao9':
                continue
            idx = h.events.index(h.results[0])
            # the declarer is the seat of the last draw before the RYUUKYOKU
            prev = [e for e in h.events[:idx] if e[0] in DRAW_TAGS and e[1] != '']
            who = DRAW_TAGS.index(prev[-1][0])
            own = [e for e in prev if DRAW_TAGS.index(e[0]) == who]
            calls = [e for e in h.events[:idx] if e[0] == 'N']
            ok = len(own) == 1 and not calls
            cnt[(g.group, ok)] += 1
            if not ok:
                bad.append('%s seat %d: %d own draws, %d calls before' % (h.where, who, len(own), len(calls)))
            revealed = tenpai_seats(h.results[0][2], g.n)
            if revealed != [who]:
                bad.append('%s: revealed hands %s, declarer %d' % (h.where, revealed, who))
    for k, v in sorted(cnt.items(), key=str):
        R.p('  %s: first own draw and no call before: %s %d' % (k[0], 'agree' if k[1] else 'DISAGREE', v))
    R.examples('counterexamples', bad)

    R.sub('(e) hands with four or more kans')
    for g in games:
        for h in g.hands:
            kans = []
            for nm, num, a in h.events:
                if nm == 'N':
                    m = int(a['m'])
                    if not (m & 0x4) and not (m & 0x8) and ((m & 0x10) or not (m & 0x20)):
                        kans.append(int(a['who']))
            if len(kans) >= 4:
                R.p('  %s: kans by seats %s -> %s' % (h.where, kans, hand_kind(h)))

    R.sub('(f) riichi players at exhaustive draws are always tenpai (no noten riichi)')
    cnt = Counter()
    for g in games:
        for h in g.hands:
            if hand_kind(h) != 'draw':
                continue
            step2 = {int(a['who']) for (nm, _, a) in h.events if nm == 'REACH' and a.get('step') == '2'}
            ten = set(tenpai_seats(h.results[0][2], g.n))
            for w in step2:
                cnt[(g.group, w in ten)] += 1
    for k, v in sorted(cnt.items(), key=str):
        R.p('  %s riichi players at exhaustive draws: %s %d' % (k[0], 'tenpai' if k[1] else 'NOTEN', v))

    R.sub('(g) nagashi players\' own calls (allowed?)')
    cnt = Counter()
    for g in games:
        for h in g.hands:
            if hand_kind(h) != 'nm':
                continue
            d = h.deltas(h.results[0])[:g.n]
            ws = [s for s in range(g.n) if d[s] > 0]
            calls = [int(a['who']) for (nm, _, a) in h.events if nm == 'N' and int(a['who']) in ws and (int(a['m']) & 0x3)]
            cnt['nagashi hands where the nagashi player called a tile' if calls else 'nagashi hands without a call by the nagashi player'] += 1
    R.p('  ' + ', '.join('%s: %d' % kv for kv in sorted(cnt.items())))

    R.sub('(i) kiriage mangan: wins of 4 han 30 fu or 3 han 60 fu (not limit hands)')
    cnt = Counter()
    ex = defaultdict(list)
    for g in games:
        for h in g.hands:
            for r in h.results:
                a = r[2]
                if r[0] != 'AGARI' or 'yakuman' in a:
                    continue
                fu, P, limit = ints(a['ten'])
                han = han_of(a)
                if (han, fu) in ((4, 30), (3, 60)):
                    if sum(payer_shares(g, h, a)) == P:
                        key = (g.group, 'paid below mangan (no kiriage)')
                    elif sum(payer_shares(g, h, a, 2000)) == P:
                        key = (g.group, 'paid as mangan (kiriage)')
                    else:
                        key = (g.group, 'other value')
                    cnt[key] += 1
                    if len(ex[key]) < 3:
                        ex[key].append('%s %dhan %dfu P=%d' % (h.where, han, fu, P))
    for k, v in sorted(cnt.items()):
        R.p('  %s %s: %d   e.g. %s' % (k[0], k[1], v, '; '.join(ex[k])))

    R.sub('(h) riichi with fewer than 1000 points: opportunities')
    cnt = Counter()
    for g in games:
        for h in g.hands:
            for s in range(g.n):
                if 0 <= h.ten[s] < 1000:
                    cnt[g.group] += 1
    R.p('  (hand, seat) pairs that started a hand with 0 <= score < 1000: ' + ', '.join('%s %d' % kv for kv in sorted(cnt.items()))
        + '; declarations by such a seat: see Q13 (0 below 1000)')


def main():
    if hasattr(signal, 'SIGPIPE'):
        signal.signal(signal.SIGPIPE, signal.SIG_DFL)   # allow `| head`
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    corpus = sys.argv[1] if len(sys.argv) > 1 else os.path.join(root, '..', 'shared', 'corpus')
    if not os.path.exists(os.path.join(corpus, 'MANIFEST.tsv')):
        sys.exit('corpus not found at %s (give its path as the argument)' % corpus)
    games, skipped, dups, stats = load_corpus(corpus)
    inventory(games, skipped, dups, stats)
    q1(games)
    q2q3(games)
    q4(games)
    q5(games)
    q6(games)
    q7(games)
    E = ends(games)
    q8(games, E)
    q9(games, E)
    q10(games, E)
    q11(games)
    q12(games)
    q13(games)
    q14(games)


if __name__ == '__main__':
    main()
