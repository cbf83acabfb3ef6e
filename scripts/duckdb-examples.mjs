// Runs every SQL example of README.md with DuckDB in the current directory
// (which holds out/ and index/), and checks the answers to the research
// questions against `haifu summary --json`. Usage:
//   node duckdb-examples.mjs README.md SUMMARY-BY-LOBBY-YEAR.json SUMMARY.json
import { DuckDBInstance } from '@duckdb/node-api';
import { readFileSync } from 'node:fs';

const [readme, byLobbyYearPath, summaryPath] = process.argv.slice(2);
const byLobbyYear = JSON.parse(readFileSync(byLobbyYearPath, 'utf8'));
const summary = JSON.parse(readFileSync(summaryPath, 'utf8'));
const db = await DuckDBInstance.create(':memory:');
const con = await db.connect();
const num = (v) => (typeof v === 'bigint' ? Number(v) : v === null ? null : Number(v));

let failures = 0, queries = 0, checked = 0;
function check(what, got, want) {
  checked++;
  const ok = typeof want === 'number' && !Number.isInteger(want)
    ? Math.abs(got - want) <= 1e-9 * Math.max(1, Math.abs(want)) : got === want;
  if (!ok) { failures++; console.error(`MISMATCH ${what}: duckdb ${got}, haifu summary ${want}`); }
}

// The statements of each ```sql block, with the comment lines that head them.
const blocks = [...readFileSync(readme, 'utf8').matchAll(/```sql\n([\s\S]*?)```/g)].map((m) => m[1]);
if (blocks.length === 0) { console.error(`no SQL examples in ${readme}`); process.exit(1); }
const research = {};
for (const block of blocks) {
  let comment = '';
  for (const stmt of block.split(/;\s*\n/)) {
    const lines = stmt.split('\n').filter((l) => l.trim() !== '');
    if (lines.length === 0) continue;
    const head = lines.filter((l) => l.startsWith('--')).join(' ');
    if (head) comment = head;
    const sql = lines.filter((l) => !l.startsWith('--')).join('\n');
    queries++;
    let result;
    try {
      result = (await con.runAndReadAll(sql)).getRowObjects();
    } catch (e) {
      failures++;
      console.error(`FAILED ${comment || sql.split('\n')[0]}: ${e.message}`);
      continue;
    }
    const r = comment.match(/^-- research: (.*)$/);
    if (r && /^\s*(select|with)/i.test(sql)) research[r[1]] = result;
  }
}

const z = 1.959963984540054;
function wilson(k, n) {
  if (n <= 0) return [0, 1];
  const p = k / n, den = 1 + z * z / n;
  const mid = (p + z * z / (2 * n)) / den, half = z * Math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / den;
  return [Math.max(0, mid - half), Math.min(1, mid + half)];
}
const sets = (s) => Object.fromEntries(s.rule_sets.map((r) => [r.rule_set, r]));
const bySet = sets(summary), byLobbyYearSet = sets(byLobbyYear);
function need(name) {
  const r = research[name];
  if (!r) { failures++; console.error(`research question "${name}" not found in the README`); }
  return r ?? [];
}

// Research question 1: the draw rate by rule set, lobby and year, as haifu
// summary --by lobby,year groups the games (its lobby and year
// "unknown-…" where the tables have null).
const q1 = need('exhaustive-draw rate by rule set, lobby and year (Japan time for Tenhou)');
for (const [name, rs] of Object.entries(byLobbyYearSet)) {
  const rows = q1.filter((r) => r.rule_set === name);
  if (q1.length) check(`research 1: ${name} groups`, rows.length, Object.values(rs.groups).filter((g) => g.hands_judged > 0).length);
}
for (const row of q1) {
  const name = `${row.lobby ?? 'unknown-lobby'} ${row.year === null ? 'unknown-year' : num(row.year)}`;
  const g = byLobbyYearSet[row.rule_set]?.groups[name];
  if (!g) { failures++; console.error(`research 1: no summary group ${row.rule_set} ${name}`); continue; }
  check(`research 1: ${row.rule_set} ${name} hands`, num(row.hands), g.hands_judged);
  check(`research 1: ${row.rule_set} ${name} draws`, num(row.draws), g.exhaustive_draws);
  check(`research 1: ${row.rule_set} ${name} draw rate`, num(row.draw_rate), Math.round(g.exhaustive_draw_rate.rate * 1e4) / 1e4);
}

// Research question 2: noten payments per game judged whole, by rule set
// and player count.
const q2 = need('noten payments per game by rule set and player count');
for (const row of q2) {
  const p = bySet[row.rule_set]?.players[`${num(row.players)}p`];
  if (!p) { failures++; console.error(`research 2: no summary row ${row.rule_set} ${num(row.players)}p`); continue; }
  check(`research 2: ${row.rule_set} ${num(row.players)}p games`, num(row.games), p.games_judged_whole);
  check(`research 2: ${row.rule_set} ${num(row.players)}p noten points`, num(row.noten_points), p.noten_payment_games_whole_total);
  check(`research 2: ${row.rule_set} ${num(row.players)}p noten per game`, num(row.noten_points_per_game), Math.round(p.noten_payment_per_game * 10) / 10);
  check(`research 2: ${row.rule_set} ${num(row.players)}p hands per game`, num(row.hands_per_game), Math.round(p.hands_per_game * 1000) / 1000);
}

// Research question 3: the draw rate under each rule set with its Wilson
// interval, worked out in SQL.
const q3 = need('the draw rate under each rule set, with its 95% Wilson interval');
check('research 3: rows', q3.length, Object.values(bySet).reduce((a, r) => a + Object.keys(r.players).length, 0));
for (const row of q3) {
  const r = bySet[row.rule_set]?.players[`${num(row.players)}p`]?.exhaustive_draw_rate;
  if (!r) { failures++; console.error(`research 3: no rate ${row.rule_set} ${num(row.players)}p`); continue; }
  check(`research 3: ${row.rule_set} ${num(row.players)}p draws`, num(row.draws), r.count);
  check(`research 3: ${row.rule_set} ${num(row.players)}p judged hands`, num(row.judged_hands), r.of);
  check(`research 3: ${row.rule_set} ${num(row.players)}p low`, num(row.low), r.low);
  check(`research 3: ${row.rule_set} ${num(row.players)}p high`, num(row.high), r.high);
}

// Research question 4: per-seat rates by standing.
const q4 = need('win, deal-in, riichi and call rates per seat and hand, by standing at the hand\'s start');
for (const row of q4) {
  const sr = bySet[row.rule_set]?.players[`${num(row.players)}p`]?.seats.by_standing[num(row.standing) - 1];
  if (!sr) { failures++; console.error(`research 4: no rates ${row.rule_set} ${num(row.players)}p standing ${num(row.standing)}`); continue; }
  const what = `research 4: ${row.rule_set} ${num(row.players)}p standing ${num(row.standing)}`;
  check(`${what} seat-hands`, num(row.seat_hands), sr.win.of);
  check(`${what} win`, num(row.win), sr.win.rate);
  check(`${what} deal-in`, num(row.deal_in), sr.deal_in.rate);
  check(`${what} riichi`, num(row.riichi), sr.riichi.rate);
  check(`${what} call`, num(row.call_rate), sr.call.rate);
  const [lo, hi] = wilson(sr.win.count, sr.win.of);
  check(`${what} win interval`, sr.win.low + sr.win.high, lo + hi);
}

console.log(`duckdb-examples: ${queries} README queries run, ${checked} answers compared, ${failures} failures`);
process.exit(failures ? 1 : 0);
