// Checks haifu's tables as DuckDB reads them against docs/schema.md: every
// column, in order, with the type the doc gives; and that an unknown value is
// null, never '' or an empty list (warnings excepted: a game without any has
// an empty list). Shared by scripts/duckdb-check and scripts/duckdb-archive-check.
import { readFileSync } from 'node:fs';

// docColumns returns the columns docs/schema.md gives each table.
function docColumns(docPath) {
  const out = {};
  let table = null;
  for (const line of readFileSync(docPath, 'utf8').split('\n')) {
    const h = line.match(/^## `(\w+)`/);
    if (h) { table = h[1]; out[table] = []; continue; }
    const c = line.match(/^\| `(\w+)` \| ([^|]+?) \| (yes|no) \|/);
    if (table && c) out[table].push({ name: c[1], type: c[2] });
  }
  return out;
}

// checkTables compares each table (name → a read_parquet expression) with the
// doc and its values with the null rule; check(what, got, want) records each
// comparison.
export async function checkTables(con, docPath, tables, check) {
  const doc = docColumns(docPath);
  const rows = async (sql) => (await con.runAndReadAll(sql)).getRowObjects();
  // Words DuckDB will not take as a bare column name.
  const reserved = new Set((await rows(
    `select lower(keyword_name) k from duckdb_keywords() where keyword_category in ('reserved', 'type_function')`)).map((r) => r.k));
  for (const [name, expr] of Object.entries(tables)) {
    const cols = await rows(`select column_name n, column_type ty from (describe select * from ${expr})`);
    check(`${name}: columns named by a word DuckDB reserves`,
      cols.filter((c) => reserved.has(c.n)).map((c) => c.n).join(', '), '');
    check(`${name}: columns as docs/schema.md gives them`,
      cols.map((c) => `${c.n} ${c.ty}`).join(', '),
      (doc[name] ?? []).map((c) => `${c.name} ${c.type}`).join(', '));
    for (const c of cols) {
      let bad;
      if (c.ty === 'VARCHAR') bad = `"${c.n}" = ''`;
      else if (c.ty.endsWith('[]') && c.n !== 'warnings') bad = `len("${c.n}") = 0`;
      else continue;
      const [e] = await rows(`select count(*)::int n from ${expr} where ${bad}`);
      check(`${name}: rows where ${bad}`, e.n, 0);
    }
  }
}
