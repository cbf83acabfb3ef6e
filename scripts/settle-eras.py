#!/usr/bin/env python3
"""Settles the 2009-2010 Tenhou rule eras on real logs (docs/rules-evidence.md, "2009–2010 rule eras").

Reads Tenhou mjlogs from one or more directories, dates every game it can, drops duplicate
games, and measures, per date, for four-player and sanma, hanchan and tonpuusen:
the uma paid (owari points against final scores), the rounding of the final points,
agari-yame and tenpai-yame of the all-last dealer, the extension (which winds, how long, the
cap), tobi and the goal (a whole-game check of the end rule under each era's rules), the
red fives, and the seed form of each period. It then prints, for each rule change, the last
game seen under the old rule and the first under the new one, and which eras each seed form
spans.

usage: python3 scripts/settle-eras.py [--sources TSV] [--full] DIR [DIR ...]

  DIR        a directory of mjlog files (plain or gzip, any name), searched recursively. A DIR
             holding MANIFEST.tsv is read as the shared corpus (only its [real] and
             [real-reformatted] files, dated as scripts/settle-rules.py dates them).
  --sources  a TSV naming, for files under DIR, their source repository, path and commit and
             the log id when the file name does not carry it (default:
             docs/rules-evidence-sources-2009-2010.tsv). Its `file` column is the path
             relative to DIR; rows whose `kind` is not `real` are skipped.
  --full     also run every question of scripts/settle-rules.py on the 2009-2011 games.

A game's date comes, in this order, from a log id (YYYYMMDDHHgm-...) in the file name, in
the sources TSV, in a comment at the top of the file, or from the corpus manifest. Log ids are
Japan time. Standard library only; imports scripts/settle-rules.py for the log model.
"""
import argparse
import csv
import gzip
import importlib.util
import os
import re
import signal
import sys
from collections import Counter, defaultdict

HERE = os.path.dirname(os.path.abspath(__file__))
_spec = importlib.util.spec_from_file_location('settle_rules', os.path.join(HERE, 'settle-rules.py'))
sr = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(sr)

ID_RE = re.compile(r'(20\d\d)(\d\d)(\d\d)(\d\d)gm-([0-9a-f]{4})-(\d{4,5})-([0-9a-f]{8})')

# Dated rule changes as Tenhou states them (tenhou.net/man, rule list "追加ルール"; see the doc).
CAP_FROM = '2009-07-04'        # 局の最大を東風戦は南場まで、東南戦は西場までに変更
UMA_FROM = '2009-08-01'        # 順位ウマを10-20に統一 (tonpuusen was 5-10)
TENPAI_YAME_FROM = '2010-06-01'  # ラス親トップの自動聴牌止めを導入

R = sr.R


# ----------------------------------------------------------------------------------------------
# Loading

def seed_form(g):
    s = g.seed_attr
    if s is None:
        return 'none'
    if s.startswith('INIT:'):
        return 'init'
    if s.startswith('mt19937ar-sha512-n288-base64,'):
        return 'base64'
    if s.startswith('mt19937ar-sha512-n288,'):
        return 'hex'
    return 'other'


def parse(path):
    text = sr.read_text(path)
    tags = [(m.group(1), m.group(2), dict(sr.ATTR_RE.findall(m.group(3)))) for m in sr.TAG_RE.finditer(text)]
    return text, tags


def read_sources(tsv):
    out = {}
    if tsv and os.path.exists(tsv):
        with open(tsv, encoding='utf-8') as fh:
            for row in csv.DictReader(fh, delimiter='\t'):
                out[row['file']] = row
    return out


class Src:
    def __init__(self, label, repo='', path='', commit='', log_id='', id_from=''):
        self.label, self.repo, self.path, self.commit = label, repo, path, commit
        self.log_id, self.id_from = log_id, id_from


def date_from_id(log_id):
    m = ID_RE.search(log_id or '')
    if not m:
        return None, None
    return '%s-%s-%s' % m.groups()[:3], '%s-%s-%s %s:00' % m.groups()[:4]


def make_game(label, tags, date, when, date_from, src):
    g = sr.Game(label, 'real', date, tags)
    g.when = when                # 'YYYY-MM-DD HH:00' (Japan time) or None
    g.date_from = date_from
    g.src = src
    g.form = seed_form(g)
    g.go_has_lobby = 'lobby' in g.go
    g.in_corpus = False
    return g


def load_dir(d, sources, stats, skipped):
    games = []
    for root, dirs, files in os.walk(d):
        dirs.sort()
        for fn in sorted(files):
            p = os.path.join(root, fn)
            rel = os.path.relpath(p, d)
            row = sources.get(rel)
            if row is not None and row.get('kind', 'real') != 'real':
                skipped.append((rel, 'sources TSV kind %s: %s' % (row.get('kind'), row.get('notes', ''))))
                continue
            try:
                head = open(p, 'rb').read(4096)
            except OSError:
                continue
            if head[:2] == b'\x1f\x8b':
                try:
                    head = gzip.decompress(open(p, 'rb').read())[:4096]
                except Exception:
                    continue
            if b'<mjloggm' not in head:
                continue
            try:
                text, tags = parse(p)
            except Exception as e:   # noqa: BLE001
                skipped.append((rel, 'unreadable: %s' % e))
                continue
            log_id, id_from = '', ''
            m = ID_RE.search(rel)
            if m:
                log_id, id_from = m.group(0), 'file name'
            elif row is not None and row.get('log_id'):
                log_id, id_from = row['log_id'], row.get('log_id_from') or 'sources TSV'
            else:
                m = re.search(r'<!--.*?log[=?]\s*' + ID_RE.pattern, head.decode('utf-8', 'replace')[:1000], re.S)
                if m:
                    log_id, id_from = ID_RE.search(m.group(0)).group(0), 'comment in file'
            date, when = date_from_id(log_id)
            src = Src(rel, row['source_repo'] if row else '', row['source_path'] if row else '',
                      row['source_commit'] if row else '', log_id, id_from)
            try:
                g = make_game(rel, tags, date, when, id_from if date else None, src)
            except Exception as e:   # noqa: BLE001
                skipped.append((rel, 'unreadable: %s' % e))
                continue
            if g.seed_attr is not None and not g.seed_attr.startswith(('mt19937ar', 'INIT:mt19937ar')):
                skipped.append((rel, 'SHUFFLE seed %r is not Tenhou\'s' % g.seed_attr[:20]))
                continue
            if not g.hands:
                skipped.append((rel, 'no INIT'))
                continue
            stats['files read from ' + d] += 1
            games.append(g)
    return games


def load_corpus(d, stats, skipped):
    """The shared corpus, read as scripts/settle-rules.py reads it ([real] and [real-reformatted])."""
    cg, sk, dups, st = sr.load_corpus(d)
    rows = {r['file']: r for r in csv.DictReader(open(os.path.join(d, 'MANIFEST.tsv'), encoding='utf-8'), delimiter='\t')}
    out = []
    for g in cg:
        row = rows.get(g.file, {})
        log_id = ''
        for s in (g.file, row.get('source_path', '')):
            m = ID_RE.search(s)
            if m:
                log_id = m.group(0)
                break
        date, when = date_from_id(log_id)
        date_from = 'file name' if date else None
        if not date and g.date:          # only a month from the manifest note ("Jan 2022")
            date, date_from = g.date.replace('??', '00'), 'manifest note (month only)'
        g.src = Src('corpus:' + g.file, row.get('source_repo', ''), row.get('source_path', ''),
                    row.get('source_commit', ''), log_id, date_from or '')
        g.file = 'corpus:' + g.file
        g.date, g.when, g.date_from = date, when, date_from
        g.year = int(date[:4]) if date else None
        g.form, g.go_has_lobby = seed_form(g), 'lobby' in g.go
        out.append(g)
        stats['files read from ' + d] += 1
    for s in sk:
        skipped.append(('corpus:' + s[0], s[1]))
    stats['duplicates inside the corpus (dropped as settle-rules.py drops them)'] += len(dups)
    return out


def dedupe(games):
    """One game per signature; prefer a dated copy, then a non-corpus copy."""
    best = {}
    dups = []
    corpus_sigs = {g.signature() for g in games if g.file.startswith('corpus:')}
    for g in games:
        s = g.signature()
        g.in_corpus = s in corpus_sigs
        if s not in best:
            best[s] = g
            continue
        cur = best[s]
        if (g.date and not cur.date) or (g.when and not cur.when):
            dups.append((cur.file, g.file))
            best[s] = g
        else:
            dups.append((g.file, cur.file))
    return list(best.values()), dups


# ----------------------------------------------------------------------------------------------
# Helpers

def month(g):
    return g.date[:7] if g.date else 'undated'


def wind_label(g, rnd):
    return sr.rname(rnd, g.n)


def where(g, h=None):
    d = g.when or g.date or 'undated'
    s = '%s [%s, %s, seed %s]' % (g.file, d, g.mode, g.form)
    if h is not None:
        s += ' ' + h.label
    return s


def in_window(g):
    return bool(g.date) and '2008' <= g.date[:4] <= '2011'


def uma_fits(g):
    """Set of (uma, rounding) that reproduce the owari points."""
    F, X = sr.owari_scores(g)
    ret = 40000 if g.n == 3 else 30000
    umas = {'+20/0/-20': (None, 0, -20)} if g.n == 3 else {'10-20': (None, 10, -10, -20), '5-10': (None, 5, -5, -10)}
    fits = set()
    for un, uma in umas.items():
        for r in ('score_4down5up', 'none'):
            if sr.points_fit(F, X, g.n, ret, uma, r)[0]:
                fits.add((un, r))
    return fits


def period_of(date):
    if date is None:
        return 'undated'
    if date < CAP_FROM:
        return 'A (before %s)' % CAP_FROM
    if date < UMA_FROM:
        return 'B (%s to %s)' % (CAP_FROM, '2009-07-31')
    if date < TENPAI_YAME_FROM:
        return 'C (%s to %s)' % (UMA_FROM, '2010-05-31')
    return 'D (from %s)' % TENPAI_YAME_FROM


def predict(e, date, tenpai_yame_from=TENPAI_YAME_FROM, cap_from=CAP_FROM):
    """End-of-game rule of the era of `date` (undated games: the modern rule)."""
    g = e.g
    goal = 40000 if g.n == 3 else 30000
    if e.neg:
        return True, 'tobi'
    if e.round < g.last_regular:
        return False, 'before all-last'
    if e.keep:
        if e.reason in ('dealer win', 'dealer tenpai') and sr.yame(e, goal, 'top_seat_ties'):
            if e.reason == 'dealer tenpai' and tenpai_yame_from and date is not None and date < tenpai_yame_from:
                return False, 'no tenpai-yame before %s' % tenpai_yame_from
            if e.reason == 'dealer tenpai' and tenpai_yame_from is None:
                return False, 'no tenpai-yame (model)'
            return True, 'yame'
        return False, 'renchan'
    capped = not (cap_from and date is not None and date < cap_from)
    if capped and e.round >= g.cap:
        return True, 'cap'
    if e.max >= goal:
        return True, 'goal reached'
    return False, 'nobody at the goal'


# ----------------------------------------------------------------------------------------------
# Sections

def sec_inventory(games, skipped, dups, stats):
    R.h('E0. LOGS READ')
    for k, v in sorted(stats.items()):
        R.p('  %s: %d' % (k, v))
    R.examples('files skipped', ['%s (%s)' % s for s in skipped], limit=40)
    R.examples('duplicate games dropped (dropped = kept)', ['%s = %s' % d for d in dups], limit=10)
    R.p('  distinct games: %d; complete (owari on the last hand): %d' % (len(games), sum(1 for g in games if sr.complete(g))))
    R.sub('distinct games dated 2008-2011, by month, group and mode (seed forms in brackets)')
    c = defaultdict(Counter)
    for g in games:
        if in_window(g):
            c[(month(g), g.group)][(g.mode.split()[1], g.form)] += 1
    for k in sorted(c):
        R.p('    %s %-11s %s' % (k[0], k[1], ', '.join('%s %s: %d' % (m, f, v) for (m, f), v in sorted(c[k].items()))))
    R.sub('games per month 2009-2011, 4p / sanma (all lobbies): all distinct games, and those not in the shared corpus')
    pm = Counter()
    for g in games:
        if in_window(g) and g.date[:4] >= '2009':
            pm[(month(g), g.n, 'all')] += 1
            if not g.in_corpus:
                pm[(month(g), g.n, 'new')] += 1
    months = sorted({k[0] for k in pm})
    for m in months:
        R.p('    %s: %d/%d (not in the corpus: %d/%d)' % (m, pm[(m, 4, 'all')], pm[(m, 3, 'all')], pm[(m, 4, 'new')], pm[(m, 3, 'new')]))
    R.sub('undated games by seed form, group and mode')
    u = Counter((g.form, g.group, g.mode.split()[1]) for g in games if not g.date)
    for k, v in sorted(u.items()):
        R.p('    %-7s %-11s %-10s %d' % (k + (v,)))
    R.sub('dates taken from something other than the file name')
    for g in sorted(games, key=lambda g: g.date or ''):
        if g.date and g.date_from not in ('file name',):
            R.p('    %s: %s (%s)' % (g.file, g.src.log_id or g.date, g.date_from))


def sec_seed_forms(games):
    R.h('E1. SEED FORMS: FIRST AND LAST DATED GAME OF EACH FORM (and the GO lobby attribute)')
    by = defaultdict(list)
    for g in games:
        if g.date:
            by[g.form].append(g)
    for form in ('init', 'hex', 'base64', 'none', 'other'):
        gs = sorted(by.get(form, []), key=lambda g: g.when or g.date)
        if not gs:
            continue
        R.p('  %-7s %5d dated games; first %s; last %s' % (form, len(gs), where(gs[0]), where(gs[-1])))
    R.sub('order check: dated games whose seed form is out of order (an older form after a newer one)')
    order = {'init': 0, 'hex': 1, 'base64': 2}
    dated = sorted((g for g in games if g.date and g.form in order), key=lambda g: g.when or g.date)
    seen_max = -1
    bad = 0
    for g in dated:
        if order[g.form] < seen_max:
            bad += 1
            R.p('    out of order: ' + where(g))
        seen_max = max(seen_max, order[g.form])
    R.p('  out-of-order games: %d' % bad)
    R.sub('GO element with / without a lobby attribute, by seed form (dated and undated)')
    c = Counter((g.form, g.go_has_lobby, bool(g.date)) for g in games)
    for k, v in sorted(c.items()):
        R.p('    seed %-7s lobby attribute %-5s %-7s: %d' % (k[0], k[1], 'dated' if k[2] else 'undated', v))
    d = defaultdict(list)
    for g in games:
        if g.date and not g.go_has_lobby:
            d[g.form].append(g.date)
    for f, ds in sorted(d.items()):
        R.p('    GO without lobby, seed %s: dated %s to %s (%d games)' % (f, min(ds), max(ds), len(ds)))


def sec_uma(games):
    R.h('E2. UMA AND ROUNDING OF THE FINAL POINTS, per group, mode and month')
    R.p('  4p: return 30000; uma 10-20 (+20/+10/-10/-20) or 5-10 (+10/+5/-5/-10). Sanma: return 40000, +20/0/-20.')
    R.p('  Rounding: score_4down5up (the raw score rounded to 1000) or none. A game "discriminates" when only one uma fits.')
    tab = defaultdict(Counter)
    ev = defaultdict(list)
    for g in games:
        if not sr.complete(g) or g.group not in ('4p', 'sanma'):
            continue
        fits = uma_fits(g)
        umas = {u for u, _ in fits}
        rounds = {r for _, r in fits}
        key = (g.group, g.mode.split()[1], month(g))
        tab[key]['games'] += 1
        if not fits:
            tab[key]['NO FIT'] += 1
            ev[('nofit',) + key].append(g)
            continue
        if len(umas) == 1:
            u = next(iter(umas))
            tab[key]['only ' + u] += 1
            ev[(u,) + key[:2]].append(g)
        else:
            tab[key]['both umas fit'] += 1
        if rounds == {'score_4down5up'}:
            tab[key]['rounded only'] += 1
            ev[('rounded',) + key[:2]].append(g)
        elif rounds == {'none'}:
            tab[key]['unrounded only'] += 1
            ev[('unrounded',) + key[:2]].append(g)
    for key in sorted(tab, key=lambda k: (k[0], k[1], k[2])):
        if key[2] != 'undated' and not ('2008' <= key[2][:4] <= '2011'):
            continue
        R.p('  %-6s %-10s %-8s %s' % (key + (', '.join('%s %d' % kv for kv in sorted(tab[key].items())),)))
    R.sub('discriminating games outside 2008-2011 (summary by year)')
    yr = Counter()
    for key, c in tab.items():
        if key[2] != 'undated' and not ('2008' <= key[2][:4] <= '2011'):
            for k, v in c.items():
                if k.startswith('only') or k == 'NO FIT':
                    yr[(key[0], key[1], key[2][:4], k)] += v
    for k, v in sorted(yr.items()):
        R.p('    %s %s %s %s: %d' % (k + (v,)))
    R.sub('tonpuusen 4p: every dated game that fits only one uma, in date order')
    for u in ('5-10', '10-20'):
        gs = sorted((g for g in ev.get((u, '4p', 'tonpuusen'), []) if g.date), key=lambda g: g.when or g.date)
        R.p('  only %s: %d dated games, %s to %s' % (u, len(gs), gs[0].when or gs[0].date if gs else '-', gs[-1].when or gs[-1].date if gs else '-'))
        for g in gs[-3:] if u == '5-10' else gs[:3]:
            F, X = sr.owari_scores(g)
            R.p('      e.g. %s: final %s, points %s' % (where(g), F, [str(x) for x in X]))
    for k, gs in sorted(ev.items()):
        if k[0] == 'nofit':
            for g in gs:
                F, X = sr.owari_scores(g)
                R.p('  NO FIT: %s final %s points %s' % (where(g), F, [str(x) for x in X]))
    R.sub('hanchan 4p and sanma: dated games fitting only one uma')
    for k in sorted(ev):
        if k[0] in ('10-20', '5-10', '+20/0/-20') and k[1:] != ('4p', 'tonpuusen'):
            gs = sorted((g for g in ev[k] if g.date), key=lambda g: g.when or g.date)
            if gs:
                R.p('  %s %s only %s: %d dated games, %s to %s' % (k[1], k[2], k[0], len(gs), gs[0].date, gs[-1].date))
    R.sub('rounding: dated 2008-2011 games that need one rounding')
    for k in sorted(ev):
        if k[0] in ('rounded', 'unrounded'):
            gs = sorted((g for g in ev[k] if g.date and '2008' <= g.date[:4] <= '2011'), key=lambda g: g.date)
            if gs:
                R.p('  %s %s %s: %d games, %s to %s' % (k[1], k[2], k[0], len(gs), gs[0].date, gs[-1].date))


def extension_games(games):
    """Complete games that played a hand beyond the last regular hand."""
    out = []
    for g in games:
        if not sr.complete(g) or g.group not in ('4p', 'sanma'):
            continue
        if g.hands[-1].round > g.last_regular:
            out.append(g)
    return out


def sec_extension(games):
    R.h('E3. THE EXTENSION: winds reached, length, how it ended, and the cap')
    ext = extension_games(games)
    c = Counter()
    for g in ext:
        c[(g.group, g.mode.split()[1], period_of(g.date), wind_label(g, g.hands[-1].round)[0])] += 1
    for k, v in sorted(c.items()):
        R.p('  %-6s %-10s %-32s last hand in wind %s: %d games' % (k + (v,)))
    R.sub('games that went past the current cap (tonpuusen past S4, hanchan past W4, sanma past W3)')
    n = 0
    for g in sorted(games, key=lambda g: g.when or g.date or ''):
        if not sr.complete(g) or g.group not in ('4p', 'sanma'):
            continue
        if g.hands[-1].round > g.cap:
            n += 1
            R.p('  %s: %d hands after the cap round' % (where(g), sum(1 for h in g.hands if h.round > g.cap)))
            for h in g.hands:
                if h.round >= g.last_regular:
                    e = sr.End(g, h)
                    R.p('      %s start %s -> %s -> %s%s' % (h.label, h.ten[:g.n], e.kind_text(), e.S, '  GAME ENDED' if e.ended else ''))
            R.p('      owari %s' % g.owari)
    R.p('  games past the current cap: %d' % n)
    R.sub('games that reached the cap round, and how the cap hand ended')
    for g in sorted(games, key=lambda g: g.when or g.date or ''):
        if not sr.complete(g) or g.group not in ('4p', 'sanma'):
            continue
        cap_hands = [h for h in g.hands if h.round == g.cap]
        if cap_hands:
            h = cap_hands[-1]
            e = sr.End(g, h)
            why = sr.predict_end(e, 40000 if g.n == 3 else 30000)[1]
            R.p('  %s: last cap hand %s -> %s, %s (%s)' % (where(g), h.label, e.kind_text(), e.S, 'GAME ENDED' if e.ended else 'went on'))
    R.sub('extension hands (after the last regular hand), by period: outcome, someone >= goal, game ended?')
    t = Counter()
    odd = []
    for g in ext:
        goal = 40000 if g.n == 3 else 30000
        for h in g.hands:
            if h.round <= g.last_regular:
                continue
            e = sr.End(g, h)
            kind = 'win' if e.kind == 'win' else 'draw' if e.kind in ('draw', 'nm') else 'abort'
            k = (g.group, period_of(g.date), kind, 'renchan' if e.keep else 'no renchan', 'someone>=goal' if e.max >= goal else 'nobody>=goal', 'ENDED' if e.ended else 'went on')
            t[k] += 1
            pe, why = predict(e, g.date)
            if pe != e.ended:
                odd.append('%s (%s; era rule says %s: %s)' % (where(g, h), e.kind_text(), 'end' if pe else 'go on', why))
    for k, v in sorted(t.items()):
        R.p('    %-6s %-32s %-5s %-10s %-14s %-8s %d' % (k + (v,)))
    R.examples('extension hands where the era rule fails', odd)


def yame_cases(games):
    out = []
    for g in games:
        if not sr.complete(g) or g.group not in ('4p', 'sanma'):
            continue
        goal = 40000 if g.n == 3 else 30000
        for h in g.hands:
            e = sr.End(g, h)
            if e.phase == 'before all-last' or e.neg or e.reason not in ('dealer win', 'dealer tenpai'):
                continue
            out.append((g, h, e, sr.yame(e, goal, 'top_seat_ties')))
    return out


def sec_yame(games):
    R.h('E4. AGARI-YAME AND TENPAI-YAME: dealer win / dealer tenpai at an exhaustive draw, all-last or extension')
    cases = yame_cases(games)
    c = Counter()
    for g, h, e, y in cases:
        c[(g.group, e.reason, 'dealer first and >= goal' if y else 'dealer not (first and >= goal)', period_of(g.date), 'ENDED' if e.ended else 'went on')] += 1
    for k, v in sorted(c.items()):
        R.p('  %-6s %-14s %-31s %-32s %-8s %d' % (k + (v,)))
    R.sub('every dealer-tenpai case with the dealer first (seat-order ties) and >= goal, in date order')
    for g, h, e, y in sorted(cases, key=lambda t: (t[0].when or t[0].date or '9999', t[0].file)):
        if e.reason == 'dealer tenpai' and y:
            R.p('  %s -> %s: %s' % (where(g, h), e.S, 'GAME ENDED' if e.ended else 'game went on'))
    R.sub('dealer wins with the dealer first and >= goal that did NOT end the game')
    n = 0
    for g, h, e, y in cases:
        if e.reason == 'dealer win' and y and not e.ended:
            n += 1
            R.p('  %s -> %s' % (where(g, h), e.S))
    R.p('  count: %d' % n)
    R.sub('dealer wins / tenpai that ended the game although the dealer was not (first and >= goal)')
    n = 0
    for g, h, e, y in cases:
        if not y and e.ended:
            n += 1
            R.p('  %s -> %s (%s)' % (where(g, h), e.S, e.reason))
    R.p('  count: %d' % n)


def sec_endrule(games):
    R.h('E5. WHOLE-GAME CHECK OF THE END RULE UNDER EACH ERA MODEL (after every hand of every complete game)')
    R.p('  Era model: tobi; yame when the dealer is first (seat-order ties) and >= goal (4p 30000, sanma 40000),')
    R.p('  tenpai-yame only from the tenpai-yame date; renchan otherwise goes on; without renchan the game ends')
    R.p('  when someone >= goal or at the cap round (the cap only from the cap date).')
    models = [
        ('stated dates: cap %s, tenpai-yame %s' % (CAP_FROM, TENPAI_YAME_FROM), TENPAI_YAME_FROM, CAP_FROM),
        ('tenpai-yame always, cap always (the modern rule)', '0000', None),
        ('no tenpai-yame ever, cap always', None, None),
        ('cap %s, tenpai-yame from 2010-07-01' % CAP_FROM, '2010-07-01', CAP_FROM),
    ]
    for name, ty, cap in models:
        c = Counter()
        bad = []
        for g in games:
            if not sr.complete(g) or g.group not in ('4p', 'sanma'):
                continue
            for h in g.hands:
                e = sr.End(g, h)
                if cap is None:
                    pe, why = predict(e, g.date, ty, None)
                else:
                    pe, why = predict(e, g.date, ty, cap)
                ok = pe == e.ended
                c[(g.group, 'dated 2008-11' if in_window(g) else 'undated' if not g.date else 'other years', ok)] += 1
                if not ok and (in_window(g) or not g.date):
                    bad.append('%s (%s -> %s; model says %s: %s)' % (where(g, h), e.kind_text(), e.S, 'end' if pe else 'go on', why))
        R.sub('model: ' + name)
        for k in sorted({(a, b) for a, b, _ in c}):
            R.p('    %-6s %-14s agree %d, disagree %d' % (k[0], k[1], c[k + (True,)], c[k + (False,)]))
        R.examples('disagreements (dated 2008-2011 and undated games)', bad, limit=15)


def sec_other(games):
    R.h('E6. OTHER RULES IN 2008-2011: goal, tobi, red fives, sanma north, noten pool, honba')
    win = [g for g in games if (in_window(g) or (not g.date and g.form in ('init', 'hex'))) and g.group in ('4p', 'sanma')]
    R.sub('red fives: wins counting aka dora (yaku 54), by the GO type bit 0x02 (no red fives)')
    c = Counter()
    for g in win:
        flag = 'no-aka lobby' if (g.go_type or 0) & 2 else 'aka lobby'
        aka = 0
        for h in g.hands:
            for nm, _, a in h.results:
                if nm == 'AGARI' and 'yaku' in a:
                    y = sr.ints(a['yaku'])
                    aka += sum(y[i + 1] for i in range(0, len(y), 2) if y[i] == 54)
        c[(g.group, period_of(g.date), flag, 'aka dora counted' if aka else 'no aka dora counted')] += 1
    for k, v in sorted(c.items()):
        R.p('    %-6s %-32s %-12s %-20s %d games' % (k + (v,)))
    R.sub('the goal: all-last/extension hands without renchan or tobi whose top score is in [30000, 40000)')
    c = Counter()
    for g in win:
        if not sr.complete(g):
            continue
        for h in g.hands:
            e = sr.End(g, h)
            if e.phase == 'before all-last' or e.keep or e.neg or e.round >= g.cap:
                continue
            if 30000 <= e.max < 40000:
                c[(g.group, period_of(g.date), 'ENDED' if e.ended else 'went on')] += 1
    for k, v in sorted(c.items()):
        R.p('    %-6s %-32s %-8s %d' % (k + (v,)))
    R.sub('sanma: north extraction (N elements of a single north tile)')
    c = Counter()
    for g in win:
        if g.n != 3:
            continue
        nuki = sum(1 for h in g.hands for nm, num, a in h.events if nm == 'N' and (int(a.get('m', '0')) & 0x20) and not (int(a['m']) & 0x1C))
        c[(period_of(g.date), nuki > 0)] += 1
    for k, v in sorted(c.items()):
        R.p('    %-32s games with a north extraction: %-5s %d' % (k + (v,)))
    R.sub('noten payments at exhaustive draws (pool 3000 in 4p, 2000 in sanma) and honba on wins')
    c = Counter()
    for g in win:
        for h in g.hands:
            k = sr.hand_kind(h)
            if k == 'draw':
                a = h.results[0][2]
                ten = sr.tenpai_seats(a, g.n)
                d = h.deltas(h.results[0])[:g.n]
                pool = 3000 if g.n == 4 else 2000
                exp = [0] * g.n
                if 0 < len(ten) < g.n:
                    for s in range(g.n):
                        exp[s] = pool // len(ten) if s in ten else -pool // (g.n - len(ten))
                c[(g.group, period_of(g.date), 'noten pool %d' % pool, exp == d)] += 1
            elif k == 'win':
                r = h.results[0]
                a = r[2]
                if 'paoWho' in a:
                    continue
                hb, st = sr.ints(a['ba'])
                who, frm = int(a['who']), int(a['fromWho'])
                P = sr.ints(a['ten'])[1]
                d = h.deltas(r)
                per = 300 if g.n == 4 else 200
                ok = d[who] == P + per * hb + 1000 * st
                c[(g.group, period_of(g.date), 'winner gets hand + %d/honba + sticks' % per, ok)] += 1
    for k, v in sorted(c.items()):
        R.p('    %-6s %-32s %-36s %-5s %d' % (k + (v,)))
    R.sub('owari number format (integer points vs one decimal), by seed form')
    c = Counter()
    for g in games:
        if sr.complete(g):
            c[(g.form, '.' in g.owari, bool(g.date) and g.date[:4])] += 1
    for k, v in sorted(c.items(), key=str):
        R.p('    seed %-7s decimals in owari %-5s year %s: %d' % (k + (v,)))


def boundaries(games):
    R.h('E7. BOUNDARIES: last game under the old rule, first game under the new rule')
    rows = []

    def add(rule, old, new, olds, news):
        olds = sorted(olds, key=lambda t: t[0])
        news = sorted(news, key=lambda t: t[0])
        lo = olds[-1] if olds else None
        fn = news[0] if news else None
        rows.append((rule, old, new, lo, fn, len(olds), len(news)))
        # any overlap?
        over = [o for o in olds if fn and o[0] > fn[0]]
        R.p('  %s: old "%s" in %d dated games, new "%s" in %d dated games' % (rule, old, len(olds), new, len(news)))
        R.p('      last old: %s' % (lo[1] if lo else 'none'))
        R.p('      first new: %s' % (fn[1] if fn else 'none'))
        if over:
            R.p('      OLD RULE SEEN AFTER THE FIRST NEW: %d, e.g. %s' % (len(over), over[0][1]))

    # tonpuusen uma
    olds, news = [], []
    for g in games:
        if g.date and sr.complete(g) and g.group == '4p' and not g.hanchan:
            umas = {u for u, _ in uma_fits(g)}
            if umas == {'5-10'}:
                olds.append((g.when or g.date, where(g)))
            elif umas == {'10-20'}:
                news.append((g.when or g.date, where(g)))
    add('4p tonpuusen uma', '5-10', '10-20', olds, news)
    # tenpai-yame
    olds, news = [], []
    for g, h, e, y in yame_cases(games):
        if g.date and e.reason == 'dealer tenpai' and y:
            (news if e.ended else olds).append((g.when or g.date, where(g, h)))
    add('tenpai-yame (4p and sanma)', 'dealer first >= goal and tenpai at a draw plays on', 'the game ends', olds, news)
    for grp in ('4p', 'sanma'):
        olds, news = [], []
        for g, h, e, y in yame_cases(games):
            if g.date and g.group == grp and e.reason == 'dealer tenpai' and y:
                (news if e.ended else olds).append((g.when or g.date, where(g, h)))
        add('tenpai-yame (%s)' % grp, 'plays on', 'ends', olds, news)
    # cap
    olds, news = [], []
    for g in games:
        if not (g.date and sr.complete(g) and g.group in ('4p', 'sanma')):
            continue
        goal = 40000 if g.n == 3 else 30000
        if g.hands[-1].round > g.cap:
            olds.append((g.when or g.date, where(g)))
        for h in g.hands:
            if h.round == g.cap:
                e = sr.End(g, h)
                if e.ended and not e.keep and not e.neg and e.max < goal:
                    news.append((g.when or g.date, where(g, h)))
    add('extension cap (tonpuusen S4, hanchan W4, sanma W3)', 'play goes past the cap round', 'the game ends at the cap with nobody at the goal', olds, news)
    # rounding
    olds, news = [], []
    for g in games:
        if g.date and sr.complete(g) and g.group in ('4p', 'sanma'):
            rs = {r for _, r in uma_fits(g)}
            if rs == {'score_4down5up'}:
                olds.append((g.when or g.date, where(g)))
            elif rs == {'none'}:
                news.append((g.when or g.date, where(g)))
    add('final-point rounding', 'rounded to 1000 (4-down/5-up)', 'not rounded', olds, news)
    # seed forms
    for a, b in (('init', 'hex'), ('hex', 'base64')):
        olds = [(g.when or g.date, where(g)) for g in games if g.date and g.form == a]
        news = [(g.when or g.date, where(g)) for g in games if g.date and g.form == b]
        add('seed form', a, b, olds, news)
    return rows


def sec_seed_eras(games):
    R.h('E8. WHICH ERAS EACH SEED FORM SPANS')
    R.p('  Eras (Tenhou\'s stated dates): A before %s (no cap, tonpuusen uma 5-10, no tenpai-yame); B %s-2009-07-31' % (CAP_FROM, CAP_FROM))
    R.p('  (cap, uma 5-10, no tenpai-yame); C %s-2010-05-31 (uma 10-20, no tenpai-yame); D from %s (tenpai-yame).' % (UMA_FROM, TENPAI_YAME_FROM))
    by = defaultdict(Counter)
    rng = {}
    for g in games:
        if g.date and g.form in ('init', 'hex', 'base64'):
            by[g.form][period_of(g.date)[0]] += 1
            lo, hi = rng.get(g.form, (g.date, g.date))
            rng[g.form] = (min(lo, g.date), max(hi, g.date))
    for f in ('init', 'hex', 'base64'):
        if f in by:
            R.p('  %-7s dated %s to %s; games per era: %s' % (f, rng[f][0], rng[f][1], ', '.join('%s %d' % kv for kv in sorted(by[f].items()))))


def main():
    if hasattr(signal, 'SIGPIPE'):
        signal.signal(signal.SIGPIPE, signal.SIG_DFL)
    root = os.path.dirname(HERE)
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('dirs', nargs='+')
    ap.add_argument('--sources', default=os.path.join(root, 'docs', 'rules-evidence-sources-2009-2010.tsv'))
    ap.add_argument('--full', action='store_true')
    args = ap.parse_args()
    sources = read_sources(args.sources)
    stats, skipped = Counter(), []
    games = []
    for d in args.dirs:
        if os.path.exists(os.path.join(d, 'MANIFEST.tsv')):
            games += load_corpus(d, stats, skipped)
        else:
            games += load_dir(d, sources, stats, skipped)
    games, dups = dedupe(games)
    games.sort(key=lambda g: (g.when or g.date or '9999', g.file))
    sec_inventory(games, skipped, dups, stats)
    sec_seed_forms(games)
    sec_uma(games)
    sec_extension(games)
    sec_yame(games)
    sec_endrule(games)
    sec_other(games)
    boundaries(games)
    sec_seed_eras(games)
    if args.full:
        sel = [g for g in games if in_window(g) or (not g.date and g.form in ('init', 'hex'))]
        R.h('FULL SETTLE-RULES QUESTIONS ON %d GAMES OF 2008-2011 (and undated init/hex games)' % len(sel))
        E = sr.ends(sel)
        for q in (sr.q1, sr.q2q3, sr.q4, sr.q5, sr.q6):
            q(sel)
        sr.q8(sel, E)
        sr.q9(sel, E)
        sr.q10(sel, E)
        sr.q11(sel)
        sr.q12(sel)
        sr.q13(sel)
        sr.q14(sel)


if __name__ == '__main__':
    main()
