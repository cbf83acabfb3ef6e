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
    if (r && /^\s*select/i.test(sql)) research[r[1]] = result;
  }
}

// Research question 1: the draw rate by lobby and year, as haifu summary
// --by lobby,year groups the games (its lobby and year "unknown-…" where
// the tables have null).
const q1 = research['exhaustive-draw rate by lobby and year'];
if (!q1) { failures++; console.error('research question 1 not found in the README'); } else {
  check('research 1: groups', q1.length, Object.keys(byLobbyYear.groups).length);
  for (const row of q1) {
    const name = `${row.lobby ?? 'unknown-lobby'} ${row.year === null ? 'unknown-year' : num(row.year)}`;
    const g = byLobbyYear.groups[name];
    if (!g) { failures++; console.error(`research 1: no summary group ${name}`); continue; }
    check(`research 1: ${name} hands`, num(row.hands), g.hands);
    check(`research 1: ${name} draws`, num(row.draws), g.exhaustive_draws);
    check(`research 1: ${name} draw rate`, num(row.draw_rate), Math.round(g.exhaustive_draw_rate * 1e4) / 1e4);
  }
}

// Research question 2: noten payments per game by player count, as the
// summary's player rows count the judged games and their noten payments.
const q2 = research['noten payments per game by player count'];
if (!q2) { failures++; console.error('research question 2 not found in the README'); } else {
  check('research 2: player counts', q2.length, Object.keys(summary.players).length);
  for (const row of q2) {
    const p = summary.players[`${num(row.players)}p`];
    if (!p) { failures++; console.error(`research 2: no summary row ${num(row.players)}p`); continue; }
    check(`research 2: ${num(row.players)}p games`, num(row.games), p.games);
    check(`research 2: ${num(row.players)}p noten points`, num(row.noten_points), p.noten_payment_total);
    check(`research 2: ${num(row.players)}p noten points per game`, num(row.noten_points_per_game),
      Math.round(p.noten_payment_total / p.games * 10) / 10);
  }
}

console.log(`duckdb-examples: ${queries} README queries run, ${checked} answers compared, ${failures} failures`);
process.exit(failures ? 1 : 0);
