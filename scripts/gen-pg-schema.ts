/**
 * Writes server/db/pg-schema/<file>.ts from server/db/schema/<file>.ts (issue 42): the PostgreSQL
 * store's tables, column for column, index for index. Run after changing a SQLite table
 * (`npx tsx scripts/gen-pg-schema.ts`), then `npm run db:generate:pg`; server/db/pg-schema.test.ts
 * fails while the two differ. Type choices (docs/postgresql.md): times stay ISO-8601 text (the
 * same strings sort and compare on both), booleans are boolean, JSON is `json` (kept as written),
 * ids are identity columns that accept the ids a moved station brings, blobs are bytea.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Column, getTableColumns, is, SQL, StringChunk } from 'drizzle-orm';
import { getTableConfig, SQLiteSyncDialect, SQLiteTable, type SQLiteColumn } from 'drizzle-orm/sqlite-core';
import * as prettier from 'prettier';
import { isoNow } from '../server/db/schema/columns';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const from = path.join(root, 'server/db/schema');
/** Another folder as the first argument: the test compares what it would write with the files kept. */
const to = process.argv[2] ? path.resolve(process.argv[2]) : path.join(root, 'server/db/pg-schema');
const dialect = new SQLiteSyncDialect();
/** Integers that can pass 2^31 (an installer's bytes). */
const BIG = new Set(['file_size']);

const sqlText = (s: SQL) => dialect.sqlToQuery(s).sql.replace(/`/g, '\\`');

/** An SQL fragment as pg-core source: columns as `${t.key}` (so they follow renames), text as written. */
function sqlCode(s: SQL, keyOf: Map<string, string>): string {
  return s.queryChunks
    .map((chunk) => {
      if (is(chunk, StringChunk)) return chunk.value.join('').replace(/`/g, '\\`');
      if (is(chunk, Column)) return `\${t.${keyOf.get(chunk.name)}}`;
      if (is(chunk, SQL)) return sqlCode(chunk, keyOf);
      throw new Error(`unexpected SQL chunk in ${dialect.sqlToQuery(s).sql}`);
    })
    .join('');
}
const literal = (v: unknown) =>
  typeof v === 'string' ? `'${v.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'` : JSON.stringify(v);
const files = fs.readdirSync(from).filter((f) => f.endsWith('.ts') && !['index.ts', 'columns.ts'].includes(f));

/** Which file and export name define each table, for the references between files. */
const owner = new Map<SQLiteTable, { file: string; name: string }>();
const modules = new Map<string, Record<string, unknown>>();
for (const file of files) {
  const mod = (await import(path.join(from, file))) as Record<string, unknown>;
  modules.set(file, mod);
  for (const [name, value] of Object.entries(mod)) if (is(value, SQLiteTable)) owner.set(value, { file, name });
}

function defaultOf(col: SQLiteColumn): string {
  if (!col.hasDefault || col.default === undefined) return '';
  if (col.default === isoNow) return '.default(isoNow)';
  if (is(col.default, SQL)) return `.default(sql\`${sqlText(col.default)}\`)`;
  return `.default(${literal(col.default)})`;
}

function columnCode(key: string, col: SQLiteColumn, table: string, imports: Set<string>): string {
  const n = `'${col.name}'`;
  const typeOf = `.$type<(typeof sqlite.${table}.$inferSelect)['${key}']>()`;
  let code: string;
  switch (col.columnType) {
    case 'SQLiteBoolean':
      code = `boolean(${n})`;
      break;
    case 'SQLiteTextJson':
      code = `json(${n})${typeOf}`;
      break;
    case 'SQLiteReal':
      code = `doublePrecision(${n})`;
      break;
    case 'SQLiteText':
      code = col.enumValues?.length ? `text(${n}, { enum: ${JSON.stringify(col.enumValues)} })` : `text(${n})`;
      break;
    case 'SQLiteInteger':
      code = BIG.has(col.name) ? `bigint(${n}, { mode: 'number' })` : `integer(${n})`;
      break;
    case 'SQLiteBlobBuffer':
      // pg-core has no bytea of its own: ours is in pg-schema/columns.ts (Buffers in and out).
      code = `bytea(${n})`;
      break;
    default:
      throw new Error(`${table}.${key}: no PostgreSQL type for ${col.columnType}`);
  }
  if (!code.startsWith('bytea(')) imports.add(code.slice(0, code.indexOf('(')));
  if (col.primary)
    code += (col as SQLiteColumn & { autoIncrement?: boolean }).autoIncrement
      ? '.primaryKey().generatedByDefaultAsIdentity()'
      : '.primaryKey()';
  if (col.notNull && !col.primary) code += '.notNull()';
  if (col.isUnique) code += `.unique('${col.uniqueName}')`;
  return code + defaultOf(col);
}

/** The column that is SQLite's rowid (an INTEGER PRIMARY KEY), if the table has one. */
function rowidColumn(table: SQLiteTable): string | null {
  const col = Object.values(getTableColumns(table)).find((c) => c.primary && c.columnType === 'SQLiteInteger');
  return col?.name ?? null;
}

function tableCode(name: string, table: SQLiteTable, file: string, imports: Set<string>, refs: Set<string>): string {
  const cfg = getTableConfig(table);
  const byColumn = new Map(cfg.foreignKeys.map((fk) => [fk.reference().columns[0]!.name, fk]));
  const keyOf = new Map(Object.entries(getTableColumns(table)).map(([k, c]) => [c.name, k]));
  const cols = Object.entries(getTableColumns(table)).map(([key, col]) => {
    let code = columnCode(key, col as SQLiteColumn, name, imports);
    const fk = byColumn.get(col.name);
    if (fk) {
      const ref = fk.reference();
      if (ref.columns.length !== 1) throw new Error(`${name}: composite foreign keys are not generated`);
      const target = owner.get(ref.foreignTable)!;
      if (target.file !== file) refs.add(`${target.file}|${target.name}`);
      const opts = fk.onDelete && fk.onDelete !== 'no action' ? `, { onDelete: '${fk.onDelete}' }` : '';
      const self = target.name === name ? (imports.add('type AnyPgColumn'), '(): AnyPgColumn') : '()';
      code += `.references(${self} => ${target.name}.${keyOf.get(ref.foreignColumns[0]!.name) ?? ref.foreignColumns[0]!.name}${opts})`;
    }
    return `    ${key}: ${code},`;
  });
  const extras: string[] = [];
  const t = (c: { name: string }) => `t.${keyOf.get(c.name)}`;
  const rowid = rowidColumn(table);
  for (const ix of cfg.indexes) {
    const c = ix.config;
    const kind = c.unique ? 'uniqueIndex' : 'index';
    imports.add(kind);
    const parts = c.columns.map((col) => (is(col, SQL) ? `sql\`${sqlCode(col, keyOf)}\`` : t(col as { name: string })));
    // SQLite's index entries end in the rowid, so `order by created_at desc, id desc` reads index
    // order; PostgreSQL's index holds only what it names: name the id last, or every such list sorts.
    const last = c.columns.at(-1) as { name?: string } | undefined;
    if (!c.unique && rowid && last?.name !== rowid) parts.push(t({ name: rowid }));
    const on = parts.join(', ');
    extras.push(`${kind}('${c.name}').on(${on})${c.where ? `.where(sql\`${sqlCode(c.where, keyOf)}\`)` : ''}`);
  }
  for (const ch of cfg.checks) {
    imports.add('check');
    extras.push(`check('${ch.name}', sql\`${sqlCode(ch.value, keyOf)}\`)`);
  }
  for (const pk of cfg.primaryKeys) {
    imports.add('primaryKey');
    extras.push(`primaryKey({ columns: [${pk.columns.map(t).join(', ')}] })`);
  }
  for (const uc of cfg.uniqueConstraints) {
    imports.add('unique');
    extras.push(`unique('${uc.name}').on(${uc.columns.map(t).join(', ')})`);
  }
  const extra = extras.length ? `,\n  (t) => [\n    ${extras.join(',\n    ')},\n  ]` : '';
  return `export const ${name} = pgTable(\n  '${cfg.name}',\n  {\n${cols.join('\n')}\n  }${extra},\n);\n`;
}

/** Written as the repository's formatter (Prettier) would leave it, so lint and the schema test agree. */
async function write(file: string, code: string): Promise<void> {
  const options = await prettier.resolveConfig(path.join(root, 'server/db/pg-schema/index.ts'));
  fs.writeFileSync(file, await prettier.format(code, { ...options, filepath: file }));
}

const header = (file: string) =>
  `// Generated by scripts/gen-pg-schema.ts from server/db/schema/${file}: edit that file, then run it again.\n`;
for (const file of files) {
  const imports = new Set<string>(['pgTable']);
  const refs = new Set<string>();
  const tables = Object.entries(modules.get(file)!).filter(([, v]) => is(v, SQLiteTable)) as [string, SQLiteTable][];
  const body = tables.map(([name, table]) => tableCode(name, table, file, imports, refs)).join('\n');
  const lines = [header(file)];
  if (body.includes('sql`')) lines.push(`import { sql } from 'drizzle-orm';`);
  lines.push(`import { ${[...imports].sort().join(', ')} } from 'drizzle-orm/pg-core';`);
  const local = ['bytea', 'isoNow'].filter((name) => body.includes(`${name}(`) || body.includes(`(${name})`));
  if (local.length) lines.push(`import { ${local.join(', ')} } from './columns';`);
  const byFile = new Map<string, string[]>();
  for (const r of refs) {
    const [f, n] = r.split('|') as [string, string];
    byFile.set(f, [...(byFile.get(f) ?? []), n]);
  }
  for (const [f, names] of [...byFile].sort())
    lines.push(`import { ${names.sort().join(', ')} } from './${f.replace(/\.ts$/, '')}';`);
  if (body.includes('sqlite.')) lines.push(`import type * as sqlite from '../schema/${file.replace(/\.ts$/, '')}';`);
  await write(path.join(to, file), `${lines.join('\n')}\n\n${body}`);
}
await write(
  path.join(to, 'index.ts'),
  `// Generated by scripts/gen-pg-schema.ts: the PostgreSQL store's tables (server/db/schema/index.ts's order).\n` +
    fs.readFileSync(path.join(from, 'index.ts'), 'utf8'),
);
process.stdout.write(`wrote ${files.length} files to ${path.relative(root, to)}\n`);
