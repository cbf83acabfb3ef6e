// Package wall rebuilds Tenhou's walls from the seeds its logs record and
// checks every hand of a decoded game against them (verification level 5):
// a log whose deal, draws or indicators differ from the wall its own seed
// gives was not played as recorded.
//
// # The generator (docs/tenhou-formats.md §3)
//
// Tenhou shuffles with MT19937 (the reference mt19937ar: init_by_array,
// genrand_int32) and a forward Fisher–Yates shuffle: yama[i] = i, then for
// i = 0 … N−2, j = i + rnd[i] mod (N−i) and yama[i], yama[j] swap. N is
// 136, or 108 in sanma, whose tiles are ids 0–3 and 32–135 in ascending
// order (2m–8m are left out). The two dice are rnd words mod 6, plus one.
// Three seed forms exist, one per era:
//
//   - Era 3 (2010 on), FormBase64: SHUFFLE seed="mt19937ar-sha512-n288-base64,…",
//     3328 base64 characters giving 624 little-endian key words. One
//     generator for the whole game; each hand, in play order (every INIT,
//     repeated hands included), draws 288 words, hashes them as nine
//     128-byte chunks with SHA-512 and reads the digests as 144
//     little-endian words rnd. Dice rnd[135] and rnd[136] in both player
//     counts.
//   - Era 2 (late 2009), FormHex: SHUFFLE seed="mt19937ar-sha512-n288,…" with
//     32 hex words as the key; otherwise as era 3.
//   - Era 1 (early 2009), FormPerHand: no SHUFFLE; each INIT has
//     shuffle="mt19937ar,…" with 8 (or, in some logs, 32) hex words: a fresh
//     generator per hand, no SHA-512, rnd is the raw genrand_int32 output.
//     Dice rnd[N−1] and rnd[N]: words 135 and 136 in four-player, 107 and
//     108 in sanma.
//
// A Seed is parsed once (ParseSeed; a *SeedError says what is wrong); a
// Generator then gives each hand's Wall without allocating.
//
// # Speed
//
// Each step has a general path, written as the reference describes it,
// and fast paths that give the same results, which the tests hold to it
// (fastpath_test.go runs the whole corpus both ways). On amd64 with
// AVX-512 and BMI2 (golang.org/x/sys/cpu says so): base64 seeds are
// decoded 64 characters at a time (VBMI); MT19937's twist and tempering
// run sixteen words at a time; eight chunks of a hand are hashed at once,
// one per 64-bit lane, and the ninth on the general-purpose registers in
// the same pass (sanma, whose digest 7 is not used, hashes chunk 8 in
// both), the padding block's schedule precomputed (sha_amd64.s); the
// Checker starts the per-hand generators of a 2009 game sixteen at a time,
// one per 32-bit lane. On other machines the fast paths are in Go: base64
// 16 characters at a time, init_by_array from the precomputed init_genrand
// state; SHA-512 is crypto/sha512's. Everywhere the shuffle's remainders
// are computed by multiplication (fastmod). The choice is a value the
// Generator and the Checker carry (impl), never package state; the build
// tag haifu_noavx512 leaves the AVX-512 paths out.
//
// What they are worth, end to end: `haifu verify -j 1` over the corpus
// (3,708 games, 30,480 hands checked against their walls), the CPU time
// (user + system) of 30 interleaved runs of each build on a 2-vCPU AMD
// EPYC with AVX-512, the machine shared with other work: with every
// AVX-512 path, median 0.57 s (fastest 0.49 s); with the hashing on
// crypto/sha512 and the other AVX-512 paths kept, 0.69 s (0.58 s); built
// with haifu_noavx512, 0.77 s (0.65 s). The multi-buffer SHA-512 takes
// 0.12 s, 17%, off verify, and the AVX-512 paths together 0.20 s, 26%.
// The figures come from `go build [-tags haifu_noavx512] ./cmd/haifu`
// and /usr/bin/time; the SHA-only build is the default one with
// hashChunks calling hashChunksGeneric (a one-line scratch change).
//
// # The layout (§3.2, §3.3, §3.4)
//
// Tiles are taken from the high end: yama[N−1] is the first tile dealt.
// The dealer takes 4, each next seat 4, three times round, then one each
// from the dealer: 13×players tiles. Live draws follow downwards (yama[83]
// first in four-player, yama[68] in sanma). The dead wall is the low end.
// In era 3 four-player: replacement draws yama[1], [0], [3], [2]; dora
// indicator yama[5], ura yama[4]; kan dora yama[7], [9], [11], [13], kan
// ura yama[6], [8], [10], [12]. In era 3 sanma the replacement tiles are
// yama[1], [0], [3], [2], [5], [4], [7], [6], shared by kans and kita;
// dora yama[9], ura yama[8], kan dora yama[11], [13], [15], [17]. Eras 1
// and 2 swap every dead-wall pair (index XOR 1): replacement yama[0], [1],
// …, dora yama[4] (sanma [8]), ura yama[5] (sanma [9]). In every layout
// the last live tile (haitei) is yama[14 + replacement draws]: each
// replacement draw moves the dead wall up by one tile, so a hand has
// 70 − r live draws in four-player and 55 − r in sanma.
//
// # Checking a game
//
// Checker.Check follows a decoded event.Game (mjlog, whose tiles carry
// their physical ids) hand by hand and reports each Mismatch under one of
// these checks: wall.seed (a Tenhou seed that cannot be read), wall.dice,
// wall.deal (each seat's 13 tiles in deal order), wall.draw (each live
// draw), wall.replacement (each draw after a kan or kita), wall.dora (the
// first indicator, every revealed kan dora and the indicators a win
// lists), wall.ura (the ura indicators a win lists) and wall.haitei (a
// live draw past the last live tile, or an exhaustive draw or nagashi
// mangan that does not come right after it). Eight mismatches of one check
// are reported per hand; more are summed up in a ninth. Every hand gets a
// status: Checked, Synchronised, or NotChecked with a Reason (no seed, an
// empty SHUFFLE, a seed of another generator, a seed that cannot be read,
// a format without tile ids). Check never panics on a malformed game; it
// allocates nothing per hand beyond the mismatches it reports.
//
// A log may start at a later hand of its game (an excerpt). For a game
// seed, Check looks for the first recorded hand's dice, deal and dora
// indicator among the first MaxSync hands of the stream and checks from
// there (Result.Synchronised, Result.Skipped). When no hand matches, it
// checks from the stream's first hand, so that a damaged first hand is
// reported rather than skipped. Per-hand seeds need no synchronisation.
//
// WriteHand writes one hand's wall as text (for `haifu wall FILE --round
// N`): the dice, the deal, the live wall in draw order beside the log's
// draws, and the dead wall with the use of each tile.
//
// # Walls a log records
//
// Mahjong Soul records carry each hand's wall (the paishan, event.Round.Wall)
// and the hash the server published for it before the hand
// (event.Round.WallHash): there is no seed, and Check compares the play
// with the recorded wall instead (recorded.go; Result.Form FormPaishan),
// under the same checks: wall.deal (each seat's starting hand against its
// deal, as a set: records list hands in deal order or sorted; only the
// sha256 era's whole wall holds the deal), wall.draw (every live draw),
// wall.replacement, wall.dora (the first indicator, each kan's, a win's),
// wall.ura and wall.haitei (69 draws in all, 54 in three-player games,
// live and replacement); and wall.hash: the recorded md5 must be the MD5
// of the paishan string as written, the recorded sha256 the SHA-256 of the
// paishan followed directly by the salt. The layout is event.WallWhole's
// and event.WallAfterDeal's (docs/majsoul-formats.md §2.13).
//
// # What the corpus showed
//
// Every hand of the 3,404 real mjlog logs of the shared corpus that has a
// Tenhou seed matches its wall: 10,013 four-player and 16,558 sanma hands
// of era 3, 40 four-player hands of era 2 (six logs; no era-2 sanma log is
// known, its dice words are assumed to be era 3's), 2,267 four-player and
// 1,400 sanma hands of era 1, including 48,669 replacement draws, 2,986
// kan dora, 11,366 ura lists and 4,131 exhaustive draws. This confirms
// what docs/tenhou-formats.md left UNCONFIRMED (the era-1 algorithm, era 2
// beyond 26 hands, the sanma kan-dora and replacement positions, the sanma
// haitei) and corrects or adds:
//
//   - some era-1 logs carry 32 hex words in INIT shuffle, not 8; the
//     algorithm is the same;
//   - nagashi mangan, like the exhaustive draw, comes right after the last
//     live tile;
//   - the SHUFFLE seeds of tenhou-python-bot's fixtures ("0.7654…", which
//     MANIFEST.tsv calls an old hex form) are not Tenhou's: those logs are
//     FormOther, not checked;
//   - no real log of the corpus starts after its game's first hand, so
//     synchronisation is tested on excerpts cut from real logs.
//
// The special dice "6,0" of §3.5 (per-player walls) was never seen and is
// not supported: such a hand would be reported as wall.dice.
package wall
