#!/usr/bin/env python3
"""Writes fixtures/README.md: the provenance of every real log in fixtures/,
looked up by content hash in ../shared/corpus/MANIFEST.tsv.

usage: python3 scripts/fixtures-readme.py
"""
import csv, gzip, hashlib, os, sys

root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
manifest = os.path.join(root, '..', 'shared', 'corpus', 'MANIFEST.tsv')
rows = {r['sha256']: r for r in csv.DictReader(open(manifest, encoding='utf-8'), delimiter='\t')}
out = ['# Fixtures', '',
       'Real game logs chosen from the shared corpus to cover the formats and features haifu must',
       'read, plus synthetic edge cases written for the project (under `synthetic/`). Game logs',
       'belong to their platforms and players; they are kept here as test data only.', '',
       '| fixture | source repository | path | commit | note |', '|---|---|---|---|---|']
for dirpath, _, files in sorted(os.walk(os.path.join(root, 'fixtures'))):
    for f in sorted(files):
        p = os.path.join(dirpath, f)
        rel = os.path.relpath(p, os.path.join(root, 'fixtures'))
        if rel == 'README.md' or rel.startswith('synthetic'):
            continue
        data = open(p, 'rb').read()
        r = rows.get(hashlib.sha256(data).hexdigest())
        if r is None and data[:2] == b'\x1f\x8b':  # the manifest hashes gzip files' content
            r = rows.get(hashlib.sha256(gzip.decompress(data)).hexdigest())
        if r is None:
            sys.exit('fixtures/%s: not in the corpus manifest' % rel)
        note = r['notes'].replace('|', '/')
        out.append('| `%s` | %s | `%s` | %s | %s |' % (rel, r['source_repo'], r['source_path'], r['source_commit'][:12], note))
out.append('')
open(os.path.join(root, 'fixtures', 'README.md'), 'w', encoding='utf-8').write('\n'.join(out))
