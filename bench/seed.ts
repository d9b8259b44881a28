import path from 'node:path';
import Database from 'better-sqlite3';

/**
 * Puts `count` articles straight into the SQLite file of a stopped server (company 1, author 1),
 * a quarter of them approved, spread over the last days so ordering by date is exercised.
 */
export function seedNews(baseDir: string, count: number, status?: 'approved'): void {
  const db = new Database(path.join(baseDir, 'data', 'cg-bridge.sqlite'));
  const insert = db.prepare(
    `insert into news (company_id, title, subtitle, content, status, priority, created_by, created_at, updated_at)
     values (1, ?, ?, ?, ?, ?, 1, ?, ?)`,
  );
  const start = Date.now() - count * 1000;
  db.transaction(() => {
    for (let i = 0; i < count; i++) {
      const at = new Date(start + i * 1000).toISOString();
      const s = status ?? (i % 4 === 0 ? 'approved' : 'draft');
      insert.run(`Seeded headline ${i}`, `Subtitle ${i}`, `Body of seeded article ${i} `.repeat(8), s, i % 50 === 0 ? 'breaking' : 'normal', at, at);
    }
  })();
  db.close();
}
