#!/usr/bin/env python3
"""Writes fixtures/README.md: the provenance of every real log in fixtures/good
and fixtures/bad, looked up by content hash in ../shared/corpus/MANIFEST.tsv,
and what each bad one shows.

usage: python3 scripts/fixtures-readme.py
"""
import csv, gzip, hashlib, os, sys

root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
manifest = os.path.join(root, '..', 'shared', 'corpus', 'MANIFEST.tsv')
rows = {r['sha256']: r for r in csv.DictReader(open(manifest, encoding='utf-8'), delimiter='\t')}
# What each fixture under bad/ shows when haifu reads it (the quick start
# runs on good/, which gives no finding).
shows = {
    'mjai/akochan__0c454856__haifu_log_1000_0.json': 'a Chinese-rules (MCR) self-play log of akochan, with no dora: read as unsupported, not judged',
    'mjai/akochan__79b3c109__haifu_log_1000_0.json': 'akochan self-play: its han leave out ippatsu and its fu are not rounded (`win.han`, `win.fu`)',
    'mjai/msanma__sample-nuki.mjson': 'a sanma conversion whose calls and wins name the wrong seats (`legality.call`, `legality.win`, `flow.next_round`, `win.payment`)',
    'mjlog/mjx__2011020401gm-00a9-0000-f6eff225-no-game-end.mjlog': 'a log cut before the game end: an error with its offset, the hands before it judged',
    'mjlog/mjx__upd-aft-draw-discard-draw.mjlog': 'a log cut in its first hand: an error with its offset',
    'mjlog/pantheon__doubleron_and_honba.xml': 'an edited log without a date or seed: final points that only some Tenhou rule eras give (*undetermined*)',
    'mjlog/rmss__pao.json': 'a saved log with console prompts written into it and after its end (removed, each with a warning)',
    'mjlog/tpb__30.txt': 'a log without a date whose seed form (base64) was used in two rule eras: a game end that only one of them gives (tenpai-yame, *undetermined*)',
    'mjlog/tpb__23.txt': 'a log of another server (its seed is not Tenhou\'s): riichi sticks not paid (`legality.riichi`), warnings',
    'tenhou6/colint__out.tenhou.json': 'a hand-made tenhou.net/6 file: a riichi on a hand that cannot be tenpai, a win with an incomplete hand, items it cannot mean',
    'tenhou6/haura__sample.txt': 'an editor file whose added kan names the wrong seat (a warning)',
}
out = ['# Fixtures', '',
       'Real game logs chosen from the shared corpus to cover the formats and features haifu must',
       'read. `good/` holds logs haifu finds nothing wrong with (the quick start runs on them);',
       '`bad/` holds logs that are wrong on purpose, each for what it shows when read (`haifu',
       'verify fixtures/bad` or `haifu analyze fixtures/bad -o out` reports it). Game logs belong to',
       'their platforms and players; they are kept here as test data only. This file is written by',
       '`scripts/fixtures-readme.py`.', '']
for kind in ('good', 'bad'):
    out += ['## %s/' % kind, '']
    if kind == 'bad':
        out += ['| fixture | what it shows | source repository | path | commit |', '|---|---|---|---|---|']
    else:
        out += ['| fixture | source repository | path | commit | note |', '|---|---|---|---|---|']
    base = os.path.join(root, 'fixtures', kind)
    for dirpath, _, files in sorted(os.walk(base)):
        for f in sorted(files):
            p = os.path.join(dirpath, f)
            rel = os.path.relpath(p, base)
            data = open(p, 'rb').read()
            r = rows.get(hashlib.sha256(data).hexdigest())
            if r is None and data[:2] == b'\x1f\x8b':  # the manifest hashes gzip files' content
                r = rows.get(hashlib.sha256(gzip.decompress(data)).hexdigest())
            if r is None:
                sys.exit('fixtures/%s/%s: not in the corpus manifest' % (kind, rel))
            note = r['notes'].replace('|', '/')
            if kind == 'bad':
                if rel not in shows:
                    sys.exit('fixtures/bad/%s: say what it shows in scripts/fixtures-readme.py' % rel)
                out.append('| `%s` | %s | %s | `%s` | %s |' % (rel, shows[rel], r['source_repo'], r['source_path'], r['source_commit'][:12]))
            else:
                out.append('| `%s` | %s | `%s` | %s | %s |' % (rel, r['source_repo'], r['source_path'], r['source_commit'][:12], note))
    out.append('')
open(os.path.join(root, 'fixtures', 'README.md'), 'w', encoding='utf-8').write('\n'.join(out))
