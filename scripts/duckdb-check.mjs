// Reads haifu's Parquet tables with DuckDB (a Parquet reader other than
// parquet-go) and checks that it gets the same figures as `haifu summary
// --json`: for every rule set of the run, every count, every rate (its
// count and denominator from DuckDB, its 95% Wilson interval worked out
// here from them), the per-seat rates by dealer and standing, and (with a
// second summary made --by player) each listed player's rates; and its
// columns with docs/schema.md. Usage:
//   node duckdb-check.mjs DIR SUMMARY.json SCHEMA.md [SUMMARY-BY-PLAYER.json MIN_HANDS]
import { DuckDBInstance } from '@duckdb/node-api';
import { readFileSync } from 'node:fs';
import { checkTables } from './duckdb-schema.mjs';

const [dir, summaryPath, docPath, byPlayerPath, minHandsArg] = process.argv.slice(2);
const want = JSON.parse(readFileSync(summaryPath, 'utf8'));
const db = await DuckDBInstance.create(':memory:');
const con = await db.connect();
const t = (name) => `read_parquet('${dir}/${name}/*.parquet')`;
const rows = async (sql) => (await con.runAndReadAll(sql)).getRowObjects();
const num = (v) => (typeof v === 'bigint' ? Number(v) : v === null ? 0 : Number(v));
const q = (s) => `'${String(s).replace(/'/g, "''")}'`;

let failures = 0, checked = 0;
function check(what, got, exp) {
  checked++;
  // A rate or an interval's bound compares within a rounding error (an
  // interval's low bound at 0 of n is 0 in Go and 7e-18 here).
  const ok = typeof exp === 'number' && typeof got === 'number' && (!Number.isInteger(exp) || !Number.isInteger(got))
    ? Math.abs(got - exp) <= 1e-9 * Math.max(1, Math.abs(exp))
    : got === exp;
  if (!ok) {
    failures++;
    console.error(`MISMATCH ${what}: duckdb ${got}, haifu summary ${exp}`);
  }
}

// The 95% Wilson score interval of k in n (n = 0: [0, 1]).
const z = 1.959963984540054;
function wilson(k, n) {
  if (n <= 0) return [0, 1];
  const p = k / n, den = 1 + z * z / n;
  const mid = (p + z * z / (2 * n)) / den;
  const half = z * Math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / den;
  return [Math.max(0, mid - half), Math.min(1, mid + half)];
}
// A rate of the summary against DuckDB's count and denominator.
function checkRate(what, r, count, of) {
  if (!r) { failures++; console.error(`MISSING rate ${what}`); return; }
  check(`${what} count`, r.count, count);
  check(`${what} of`, r.of, of);
  check(`${what} rate`, r.rate, of > 0 ? count / of : 0);
  const [lo, hi] = wilson(count, of);
  check(`${what} low`, r.low, lo);
  check(`${what} high`, r.high, hi);
  if (!r.denominator) { failures++; console.error(`rate ${what} names no denominator`); }
}

// Inputs, judged, failed: each input once, from the rows of the first
// rule set; duplicates apart.
const first = want.rule_sets.length ? want.rule_sets[0].rule_set : null;
if (first !== null) {
  const [g] = await rows(`select count(*) filter (where not duplicate) n,
    count(*) filter (where error is null and not duplicate) judged,
    count(*) filter (where error is not null and not duplicate) failed,
    count(*) filter (where game_index is not null and not duplicate) games,
    count(*) filter (where game_index is null and not duplicate) unreadable,
    count(*) filter (where game_index is not null and error is not null and not duplicate) not_read,
    count(*) filter (where duplicate) dups from ${t('games')} where rule_set = ${q(first)}`);
  check('inputs', num(g.n), want.inputs);
  check('judged', num(g.judged), want.judged);
  check('failed', num(g.failed), want.failed);
  check('games', num(g.games), want.games);
  check('unreadable', num(g.unreadable), want.unreadable);
  check('not_read', num(g.not_read), want.not_read);
  check('duplicates', num(g.dups), want.duplicates);
  check('inputs = games + unreadable', num(g.games) + num(g.unreadable), num(g.n));
  // Every rule set has a games row of every input.
  for (const r of await rows(`select rule_set, count(*) n from ${t('games')} group by all`)) {
    check(`games rows of ${r.rule_set} = of ${first}`, num(r.n), num(g.n) + num(g.dups));
  }
}

// Duplicates have no rows but their games rows.
for (const tb of ['rounds', 'seats', 'wins', 'discrepancies']) {
  const [d] = await rows(`select count(*) n from ${t(tb)} x join ${t('games')} g using (path, game_index, rule_set) where g.duplicate`);
  check(`${tb} rows of duplicate games`, num(d.n), 0);
}

const groupExpr = `platform || ' ' || players || 'p ' || length`;
const draw = `outcome in ('exhaustive', 'nagashi')`;

// The figures of one group of one rule set.
async function figures(rs, where, c, label) {
  const set = `rule_set = ${q(rs)}`;
  const games = `${t('games')} where ${set} and error is null and not duplicate and applicable ${where}`;
  const [gg] = await rows(`select count(*) games, count(*) filter (where divergent_from is null) whole,
      count(*) filter (where divergent_from is not null) div, count(*) filter (where ended_early_after is not null) early,
      coalesce(sum(noten_payment_total) filter (where divergent_from is null), 0) noten_whole,
      coalesce(sum(hands_judged) filter (where divergent_from is null), 0) hands_whole,
      count(*) filter (where divergent_kind = 'game_goes_on' or (divergent_from is null and ended_early_after is not null)) end_differs,
      coalesce(sum(hands_judged), 0) hands_judged
    from ${games}`);
  check(`${label} games`, num(gg.games), c.games);
  check(`${label} games judged whole`, num(gg.whole), c.games_judged_whole);
  check(`${label} divergent games`, num(gg.div), c.divergent_games);
  check(`${label} games ended earlier`, num(gg.early), c.ended_early_games);
  checkRate(`${label} game end differs`, c.game_end_differs, num(gg.end_differs), num(gg.games));
  check(`${label} noten per game`, num(gg.whole) > 0 ? num(gg.noten_whole) / num(gg.whole) : 0, c.noten_payment_per_game);
  check(`${label} hands per game`, num(gg.whole) > 0 ? num(gg.hands_whole) / num(gg.whole) : 0, c.hands_per_game);
  const past = {};
  for (const d of await rows(`select coalesce(divergent_kind, '') k, count(*) n, sum(greatest(hands - divergent_from, 0)) h
      from ${games} and divergent_from is not null group by k`)) {
    check(`${label} divergent ${d.k} games`, num(d.n), c.divergences[d.k]?.games ?? 0);
    check(`${label} divergent ${d.k} hands`, num(d.h), c.divergences[d.k]?.hands ?? 0);
    if (num(d.h) > 0) past[d.k] = num(d.h);
  }
  const [ee] = await rows(`select coalesce(sum(greatest(hands - ended_early_after - 1, 0)), 0) h from ${games} and ended_early_after is not null`);
  if (num(ee.h) > 0) past.game_ended_earlier = num(ee.h);
  for (const k of new Set([...Object.keys(past), ...Object.keys(c.hands_past)])) {
    check(`${label} hands past (${k})`, past[k] ?? 0, c.hands_past[k] ?? 0);
  }

  const rounds = `${t('rounds')} where ${set} ${where}`;
  const [h] = await rows(`select count(*) hands, count(*) filter (where judged) judged,
      count(*) filter (where judged and ${draw}) draws,
      count(*) filter (where judged and outcome = 'nagashi') nagashi,
      count(*) filter (where judged and outcome = 'chombo') chombo,
      coalesce(sum(noten_payment_total) filter (where judged), 0) noten,
      count(*) filter (where judged and ${draw} and noten_payment_total is not null) noten_draws,
      count(*) filter (where judged and renchan) renchan, count(renchan) filter (where judged) renchan_of,
      count(*) filter (where judged and renchan <> recorded_renchan) dealer_diff,
      count(*) filter (where judged and renchan is not null and recorded_renchan is not null) dealer_of,
      count(*) filter (where judged and renchan is not null and next_honba <> recorded_next_honba) honba_diff,
      count(*) filter (where judged and renchan is not null and next_honba is not null and recorded_next_honba is not null) honba_of,
      count(*) filter (where judged and payments_differ) pay_diff, count(payments_differ) filter (where judged) pay_of,
      count(*) filter (where judged and ${draw} and tenpai_count is not null) tenpai_known,
      count(*) filter (where wall_checked) wall
    from ${rounds}`);
  check(`${label} hands`, num(h.hands), c.hands);
  check(`${label} hands judged`, num(h.judged), c.hands_judged);
  check(`${label} hands judged (rounds) = games.hands_judged`, num(h.judged), num(gg.hands_judged));
  check(`${label} hands past = hands - judged`, Object.values(past).reduce((a, b) => a + b, 0), num(h.hands) - num(h.judged));
  check(`${label} exhaustive draws`, num(h.draws), c.exhaustive_draws);
  checkRate(`${label} draw rate`, c.exhaustive_draw_rate, num(h.draws), num(h.judged));
  checkRate(`${label} nagashi`, c.nagashi, num(h.nagashi), num(h.judged));
  checkRate(`${label} chombo`, c.chombo, num(h.chombo), num(h.judged));
  check(`${label} noten total`, num(h.noten), c.noten_payment_total);
  check(`${label} noten draws`, num(h.noten_draws), c.noten_payment_draws);
  check(`${label} noten per draw`, num(h.noten_draws) > 0 ? num(h.noten) / num(h.noten_draws) : 0, c.noten_payment_per_draw);
  checkRate(`${label} dealer continuation`, c.dealer_continuation, num(h.renchan), num(h.renchan_of));
  checkRate(`${label} next dealer differs`, c.next_dealer_differs, num(h.dealer_diff), num(h.dealer_of));
  checkRate(`${label} next honba differs`, c.next_honba_differs, num(h.honba_diff), num(h.honba_of));
  checkRate(`${label} payments differ`, c.payments_differ, num(h.pay_diff), num(h.pay_of));
  check(`${label} hands wall-checked`, num(h.wall), c.wall_checked);
  const outcomes = {};
  for (const o of await rows(`select outcome, count(*) n from ${rounds} and judged group by outcome`)) outcomes[o.outcome] = num(o.n);
  for (const k of new Set([...Object.keys(outcomes), ...Object.keys(c.outcomes)])) {
    check(`${label} outcome ${k}`, outcomes[k] ?? 0, c.outcomes[k] ?? 0);
  }
  for (const k of ['nine_terminals', 'four_winds', 'four_riichi', 'four_kans', 'triple_ron']) {
    checkRate(`${label} ${k} taken`, c.abortive[k], outcomes[k] ?? 0, num(h.judged));
  }
  const recorded = {};
  for (const o of await rows(`select recorded_outcome o, count(*) n from ${rounds} group by o`)) recorded[o.o] = num(o.n);
  for (const k of new Set([...Object.keys(recorded), ...Object.keys(c.recorded_outcomes)])) {
    check(`${label} recorded outcome ${k}`, recorded[k] ?? 0, c.recorded_outcomes[k] ?? 0);
  }
  for (const r of await rows(`select coalesce(nullif(wall_reason, ''), 'unknown') k, count(*) n from ${rounds} and not wall_checked group by all`)) {
    check(`${label} hands not wall-checked (${r.k})`, num(r.n), c.wall_not_checked[r.k] ?? 0);
  }
  // Tenpai at the judged draws: one distribution per player count.
  if (c.tenpai_at_draw) {
    const by = {};
    for (const r of await rows(`select tenpai_count k, count(*) n from ${rounds} and judged and ${draw} and tenpai_count is not null group by all`)) by[num(r.k)] = num(r.n);
    c.tenpai_at_draw.forEach((r, n) => checkRate(`${label} ${n} tenpai at draw`, r, by[n] ?? 0, num(h.tenpai_known)));
  } else {
    const [p] = await rows(`select count(distinct players) n from ${games}`);
    check(`${label} has no tenpai distribution only when it mixes player counts`, num(p.n) > 1, true);
  }
  // Per seat and hand, of the judged hands.
  const seats = `${t('seats')} where ${set} and judged ${where}`;
  const seatRates = async (cond, sr, what) => {
    const [s] = await rows(`select count(*) n, count(*) filter (where won) as n_win, count(*) filter (where dealt_in) as n_deal_in,
        count(*) filter (where riichi) as n_riichi, count(*) filter (where calls > 0) as n_call,
        count(*) filter (where ${draw} and tenpai) as n_tenpai, count(tenpai) filter (where ${draw}) as n_tenpai_of
      from ${seats} ${cond}`);
    checkRate(`${what} win`, sr.win, num(s.n_win), num(s.n));
    checkRate(`${what} deal-in`, sr.deal_in, num(s.n_deal_in), num(s.n));
    checkRate(`${what} riichi`, sr.riichi, num(s.n_riichi), num(s.n));
    checkRate(`${what} call`, sr.call, num(s.n_call), num(s.n));
    checkRate(`${what} tenpai at draw`, sr.tenpai_at_draw, num(s.n_tenpai), num(s.n_tenpai_of));
  };
  await seatRates('', c.seats.all, `${label} seats`);
  await seatRates('and is_dealer', c.seats.dealer, `${label} dealer`);
  await seatRates('and not is_dealer', c.seats.non_dealer, `${label} non-dealer`);
  for (let i = 0; i < c.seats.by_standing.length; i++) {
    await seatRates(`and standing = ${i + 1}`, c.seats.by_standing[i], `${label} standing ${i + 1}`);
  }
  // Wins: scored, by yaku and limit; the average judged win.
  const wins = `${t('wins')} where ${set} ${where}`;
  const [w] = await rows(`select count(*) wins, count(*) filter (where scored) scored, count(*) filter (where no_yaku) no_yaku,
      count(points) filter (where not divergent) valued, avg(points) filter (where not divergent) avg,
      count(recorded_points) filter (where not divergent) rvalued, avg(recorded_points) filter (where not divergent) ravg from ${wins}`);
  check(`${label} wins`, num(w.wins), c.wins);
  check(`${label} wins scored`, num(w.scored), c.wins_scored);
  check(`${label} wins without yaku`, num(w.no_yaku), c.wins_no_yaku);
  check(`${label} wins valued`, num(w.valued), c.wins_valued);
  check(`${label} average win`, num(w.avg), c.average_win);
  check(`${label} wins with a recorded value`, num(w.rvalued), c.wins_recorded_value);
  check(`${label} average recorded win`, num(w.ravg), c.average_recorded_win);
  for (const y of await rows(`select y, count(*) n from (select unnest(yaku) y from ${wins} and scored and not no_yaku) group by y`)) {
    check(`${label} wins with ${y.y}`, num(y.n), c.yaku[y.y] ?? 0);
  }
  for (const l of await rows(`select limit_name l, count(*) n from ${wins} and scored and not no_yaku and limit_name is not null group by l`)) {
    check(`${label} wins at limit ${l.l}`, num(l.n), c.limits[l.l] ?? 0);
  }
  // The han and fu distributions of the scored wins with yaku (haifu report draws them).
  for (const col of ['han', 'fu']) {
    const got = {};
    for (const r of await rows(`select ${col} k, count(*) n from ${wins} and scored and not no_yaku and ${col} is not null group by all`)) got[num(r.k)] = num(r.n);
    for (const k of new Set([...Object.keys(got), ...Object.keys(c[col] ?? {})])) {
      check(`${label} wins of ${k} ${col}`, got[k] ?? 0, (c[col] ?? {})[k] ?? 0);
    }
  }
  // Findings by check, and the undetermined ones apart.
  for (const sev of ['discrepancy', 'undetermined']) {
    const key = sev === 'discrepancy' ? 'discrepancies' : 'undetermined';
    const got = {};
    for (const d of await rows(`select check_name c, count(*) n from ${t('discrepancies')} where ${set} and severity = '${sev}' ${where} group by all`)) got[d.c] = num(d.n);
    for (const k of new Set([...Object.keys(got), ...Object.keys(c[key] ?? {})])) {
      check(`${label} ${key} ${k}`, got[k] ?? 0, (c[key] ?? {})[k] ?? 0);
    }
  }
}

for (const rs of want.rule_sets) {
  const name = rs.rule_set;
  // Not applicable: listed by player count, in none of the figures.
  const na = {};
  for (const r of await rows(`select players p, count(*) n from ${t('games')} where rule_set = ${q(name)} and not applicable
      and error is null and not duplicate group by all`)) na[`${num(r.p)}p`] = num(r.n);
  for (const k of new Set([...Object.keys(na), ...Object.keys(rs.not_applicable)])) {
    check(`${name} not applicable ${k}`, na[k] ?? 0, rs.not_applicable[k] ?? 0);
  }
  for (const tb of ['rounds', 'seats', 'wins', 'discrepancies']) {
    const [n] = await rows(`select count(*) n from ${t(tb)} x join ${t('games')} g using (path, game_index, rule_set)
        where x.rule_set = ${q(name)} and not g.applicable`);
    check(`${name}: ${tb} rows of games it does not apply to`, num(n.n), 0);
  }
  await figures(name, '', rs.all, `${name} all`);
  for (const [p, c] of Object.entries(rs.players)) {
    await figures(name, `and players || 'p' = ${q(p)}`, c, `${name} ${p}`);
  }
  for (const [g, c] of Object.entries(rs.groups)) {
    await figures(name, `and ${groupExpr} = ${q(g)}`, c, `${name} ${g}`);
  }
}

// Per player (--by player): each listed player's rates, and who is listed.
if (byPlayerPath) {
  const byPlayer = JSON.parse(readFileSync(byPlayerPath, 'utf8'));
  const min = Number(minHandsArg);
  for (const rs of byPlayer.rule_sets) {
    const listed = rs.by_player ?? {};
    const got = await rows(`select name, count(*) n, count(*) filter (where won) as n_win, count(*) filter (where dealt_in) as n_deal_in,
        count(*) filter (where riichi) as n_riichi, count(*) filter (where calls > 0) as n_call,
        count(*) filter (where ${draw} and tenpai) as n_tenpai, count(tenpai) filter (where ${draw}) as n_tenpai_of
      from ${t('seats')} where rule_set = ${q(rs.rule_set)} and judged and name is not null and name <> '' group by name`);
    let kept = 0, below = 0;
    for (const s of got) {
      if (num(s.n) < min) { below++; continue; }
      kept++;
      const p = listed[s.name];
      if (!p) { failures++; console.error(`player ${s.name} (${num(s.n)} hands) not listed under ${rs.rule_set}`); continue; }
      checkRate(`${rs.rule_set} ${s.name} win`, p.win, num(s.n_win), num(s.n));
      checkRate(`${rs.rule_set} ${s.name} deal-in`, p.deal_in, num(s.n_deal_in), num(s.n));
      checkRate(`${rs.rule_set} ${s.name} riichi`, p.riichi, num(s.n_riichi), num(s.n));
      checkRate(`${rs.rule_set} ${s.name} call`, p.call, num(s.n_call), num(s.n));
      checkRate(`${rs.rule_set} ${s.name} tenpai at draw`, p.tenpai_at_draw, num(s.n_tenpai), num(s.n_tenpai_of));
    }
    check(`${rs.rule_set} players listed`, Object.keys(listed).length, kept);
    check(`${rs.rule_set} players below the minimum`, rs.players_below_min_hands ?? 0, below);
  }
}

// The seats table agrees with the rounds table: noten payments received.
for (const rs of want.rule_sets) {
  const [s] = await rows(`select coalesce(sum(noten_payment) filter (where noten_payment > 0 and judged), 0) recv
    from ${t('seats')} where rule_set = ${q(rs.rule_set)}`);
  check(`${rs.rule_set} seats noten received = rounds noten total`, num(s.recv), rs.all.noten_payment_total);
}

// The games table's wall counts agree with the rounds table's.
const [wg] = await rows(`select coalesce(sum(wall_checked), 0) g,
  (select count(*) from ${t('rounds')} where wall_checked) r from ${t('games')} where error is null and not duplicate and applicable`);
check('games wall_checked = rounds checked', num(wg.g), num(wg.r));

// Under a log's own rules every win is paid: the rounds' winners are the
// wins table's rows.
const [wr] = await rows(`select (select count(*) from ${t('wins')} w where not w.divergent and w.rule_set = 'auto') wins,
  (select coalesce(sum(winners), 0) from ${t('rounds')} r where not r.divergent and r.rule_set = 'auto') winners`);
check('wins rows = rounds winners (own rules)', num(wr.wins), num(wr.winners));

// The columns and types are docs/schema.md's, and no unknown value is '' or [].
await checkTables(con, docPath, Object.fromEntries(
  ['games', 'rounds', 'seats', 'wins', 'discrepancies', 'errors'].map((n) => [n, t(n)])), check);

console.log(`duckdb-check: ${checked} figures compared, ${failures} mismatches`);
process.exit(failures ? 1 : 0);
