// Reads haifu's Parquet tables with DuckDB (a Parquet reader other than
// parquet-go) and checks that it gets the same figures as `haifu summary
// --json`, and its columns with docs/schema.md. Usage: node duckdb-check.mjs DIR
// SUMMARY.json SCHEMA.md
import { DuckDBInstance } from '@duckdb/node-api';
import { readFileSync } from 'node:fs';
import { checkTables } from './duckdb-schema.mjs';

const [dir, summaryPath, docPath] = process.argv.slice(2);
const want = JSON.parse(readFileSync(summaryPath, 'utf8'));
const db = await DuckDBInstance.create(':memory:');
const con = await db.connect();
const t = (name) => `read_parquet('${dir}/${name}/*.parquet')`;
const rows = async (sql) => (await con.runAndReadAll(sql)).getRowObjects();
const num = (v) => (typeof v === 'bigint' ? Number(v) : v === null ? 0 : Number(v));

let failures = 0, checked = 0;
function check(what, got, exp) {
  checked++;
  const ok = typeof exp === 'number' && !Number.isInteger(exp)
    ? Math.abs(got - exp) <= 1e-9 * Math.max(1, Math.abs(exp))
    : got === exp;
  if (!ok) {
    failures++;
    console.error(`MISMATCH ${what}: duckdb ${got}, haifu summary ${exp}`);
  }
}

// Inputs, judged, failed.
const [g] = await rows(`select count(*) n, count(*) filter (where error is null) judged,
  count(*) filter (where error is not null) failed,
  count(*) filter (where game_index is not null) games,
  count(*) filter (where game_index is null) unreadable,
  count(*) filter (where game_index is not null and error is not null) not_read from ${t('games')}`);
check('inputs', num(g.n), want.inputs);
check('judged', num(g.judged), want.judged);
check('failed', num(g.failed), want.failed);
check('games', num(g.games), want.games);
check('unreadable', num(g.unreadable), want.unreadable);
check('not_read', num(g.not_read), want.not_read);
check('inputs = games + unreadable', num(g.games) + num(g.unreadable), num(g.n));

// Figures per group (platform, players, length) and for all games.
const groupExpr = `platform || ' ' || players || 'p ' || length`;
async function figures(where, c, label) {
  const [gg] = await rows(`select count(*) games, count(*) filter (where divergent_from is not null) div
    from ${t('games')} where error is null ${where}`);
  check(`${label} games`, num(gg.games), c.games);
  check(`${label} divergent games`, num(gg.div), c.divergent_games);
  for (const d of await rows(`select coalesce(divergent_kind, '') k, count(*) n, sum(greatest(hands - divergent_from, 0)) h
      from ${t('games')} where error is null and divergent_from is not null ${where} group by k`)) {
    check(`${label} divergent ${d.k} games`, num(d.n), c.divergences[d.k]?.games ?? 0);
    check(`${label} divergent ${d.k} hands`, num(d.h), c.divergences[d.k]?.hands ?? 0);
  }
  const [h] = await rows(`select count(*) hands,
      count(*) filter (where outcome in ('exhaustive','nagashi')) draws,
      coalesce(sum(noten_payment_total), 0) noten,
      count(*) filter (where divergent) div
    from ${t('rounds')} where true ${where}`);
  check(`${label} hands`, num(h.hands), c.hands);
  check(`${label} exhaustive draws`, num(h.draws), c.exhaustive_draws);
  check(`${label} noten total`, num(h.noten), c.noten_payment_total);
  check(`${label} divergent hands`, num(h.div), c.divergent_hands);
  if (num(h.hands) > 0) check(`${label} draw rate`, num(h.draws) / num(h.hands), c.exhaustive_draw_rate);
  for (const o of await rows(`select outcome, count(*) n from ${t('rounds')} where true ${where} group by outcome`)) {
    check(`${label} outcome ${o.outcome}`, num(o.n), c.outcomes[o.outcome] ?? 0);
  }
  // The "all" row has no tenpai distribution when it mixes sanma and
  // four-player games; the player counts' rows have one each.
  if (c.tenpai_at_draw) {
    for (const r of await rows(`select tenpai_count k, count(*) n from ${t('rounds')}
        where outcome in ('exhaustive','nagashi') and tenpai_count is not null ${where} group by tenpai_count`)) {
      check(`${label} tenpai at draw ${num(r.k)}`, num(r.n), c.tenpai_at_draw[num(r.k)]);
    }
  } else {
    const [p] = await rows(`select count(distinct players) n from ${t('games')} where error is null ${where}`);
    check(`${label} has no tenpai distribution only when it mixes player counts`, num(p.n) > 1, true);
  }
  // Hands checked against their walls, and the others by reason.
  for (const r of await rows(`select wall_checked c, coalesce(nullif(wall_reason, ''), 'unknown') k, count(*) n
      from ${t('rounds')} where true ${where} group by all`)) {
    if (r.c) check(`${label} hands wall-checked`, num(r.n), c.wall_checked);
    else check(`${label} hands not wall-checked (${r.k})`, num(r.n), c.wall_not_checked[r.k] ?? 0);
  }
  // Wins: scored, by yaku (the list column unnested) and by limit.
  const [w] = await rows(`select count(*) wins, count(*) filter (where scored) scored,
      count(*) filter (where no_yaku) no_yaku from ${t('wins')} where true ${where}`);
  check(`${label} wins`, num(w.wins), c.wins);
  check(`${label} wins scored`, num(w.scored), c.wins_scored);
  check(`${label} wins without yaku`, num(w.no_yaku), c.wins_no_yaku);
  for (const y of await rows(`select y, count(*) n from (select unnest(yaku) y from ${t('wins')}
      where scored and not no_yaku ${where}) group by y`)) {
    check(`${label} wins with ${y.y}`, num(y.n), c.yaku[y.y] ?? 0);
  }
  for (const l of await rows(`select limit_name l, count(*) n from ${t('wins')}
      where scored and not no_yaku and limit_name is not null ${where} group by l`)) {
    check(`${label} wins at limit ${l.l}`, num(l.n), c.limits[l.l] ?? 0);
  }
}
await figures('', want.all, 'all');
for (const [name, c] of Object.entries(want.players)) {
  await figures(`and players || 'p' = '${name}'`, c, `all ${name}`);
}
for (const [name, c] of Object.entries(want.groups)) {
  await figures(`and ${groupExpr} = '${name.replace(/'/g, "''")}'`, c, name);
}

// Discrepancies by check (all games), and the undetermined findings apart.
for (const sev of ['discrepancy', 'undetermined']) {
  const key = sev === 'discrepancy' ? 'discrepancies' : 'undetermined';
  for (const d of await rows(`select check_name c, count(*) n from ${t('discrepancies')} d
      where severity = '${sev}' and (d.path, d.game_index) in (select (path, game_index) from ${t('games')} where error is null)
      group by check_name`)) {
    check(`${key} ${d.c}`, num(d.n), (want.all[key] ?? {})[d.c] ?? 0);
  }
}

// The seats table agrees with the rounds table: noten payments received.
const [s] = await rows(`select coalesce(sum(noten_payment) filter (where noten_payment > 0), 0) recv,
  count(*) filter (where tenpai) tenpai from ${t('seats')}`);
check('seats noten received = rounds noten total', num(s.recv), want.all.noten_payment_total);

// The games table's wall counts agree with the rounds table's.
const [wg] = await rows(`select coalesce(sum(wall_checked), 0) g,
  (select count(*) from ${t('rounds')} where wall_checked) r from ${t('games')} where error is null`);
check('games wall_checked = rounds checked', num(wg.g), num(wg.r));

// Under a log's own rules every win is paid: the rounds' winners are the
// wins table's rows.
const [wr] = await rows(`select (select count(*) from ${t('wins')} w where not w.divergent and w.rules in
    (select distinct rules from ${t('games')} where native)) wins,
  (select coalesce(sum(winners), 0) from ${t('rounds')} r where not r.divergent and r.rules in
    (select distinct rules from ${t('games')} where native)) winners`);
check('wins rows = rounds winners (own rules)', num(wr.wins), num(wr.winners));

// The columns and types are docs/schema.md's, and no unknown value is '' or [].
await checkTables(con, docPath, Object.fromEntries(
  ['games', 'rounds', 'seats', 'wins', 'discrepancies', 'errors'].map((n) => [n, t(n)])), check);

console.log(`duckdb-check: ${checked} figures compared, ${failures} mismatches`);
process.exit(failures ? 1 : 0);
