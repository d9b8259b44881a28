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
      insert.run(
        `Seeded headline ${i}`,
        `Subtitle ${i}`,
        `Body of seeded article ${i} `.repeat(8),
        s,
        i % 50 === 0 ? 'breaking' : 'normal',
        at,
        at,
      );
    }
  })();
  db.close();
}

/**
 * Puts `count` equipment items straight into the SQLite file of a stopped server (company 1,
 * created by user 1), every column of server/db/schema/equipment.ts filled as the bulk import
 * would: unique codes (`SEED-<i>`), a few categories, locations and conditions, stock within quantity.
 */
export function seedEquipment(baseDir: string, count: number): void {
  const db = new Database(path.join(baseDir, 'data', 'cg-bridge.sqlite'));
  const insert = db.prepare(
    `insert into equipment (company_id, name, code, description, category, condition, location, quantity, current_stock, min_stock, status,
       created_by, created_at, updated_at, updated_by, version)
     values (1, ?, ?, ?, ?, ?, ?, ?, ?, 0, 'available', 1, ?, ?, 1, 1)`,
  );
  const categories = ['Camera', 'Lens', 'Audio', 'Lighting', 'Tripod', 'Cable', 'General'];
  const conditions = ['excellent', 'good', 'fair'];
  const start = Date.now() - count * 1000;
  db.transaction(() => {
    for (let i = 0; i < count; i++) {
      const at = new Date(start + i * 1000).toISOString();
      const quantity = (i % 5) + 1;
      insert.run(
        `Seeded item ${i}`,
        `SEED-${i}`,
        `Seeded kit ${i % 50}, case ${i % 12}`,
        categories[i % categories.length],
        conditions[i % conditions.length],
        `Store ${i % 12}`,
        quantity,
        quantity,
        at,
        at,
      );
    }
  })();
  db.close();
}
