import path from 'node:path';
import Database from 'better-sqlite3';

/**
 * The rest of a busy station's history for bench/lists-pg.ts, put straight into the SQLite file of
 * a stopped server (company 1, user 1) beside bench/seed.ts's articles and equipment: activity log
 * entries, as-run rows, wire items under feeds that are switched off (the poller leaves them
 * alone), and part of the articles moved to the recycle bin. Times run one second apart up to now.
 */

/** Searched for in the wires list: a Latin word and a Thaana one (Malé), each in a tenth of the items. */
export const LATIN_WORD = 'harbour';
export const THAANA_WORD = 'މާލެ';

const THAANA_TITLES = ['ދިވެހިރާއްޖޭގެ ސަރުކާރު', 'ރައީސުލްޖުމްހޫރިއްޔާ', 'ސިއްޚީ ދާއިރާ', 'ކަނޑުމަތީ ދަތުރު'];
const LATIN_TITLES = ['Council budget vote', 'Ferry timetable change', 'School exams begin', 'Fishing season opens'];
const ACTIONS = ['news_created', 'news_updated', 'news_approved', 'equipment_checked_out', 'equipment_returned'];
const CG_TYPES = ['headline', 'ticker', 'breaking', 'lower_third'];

function open(baseDir: string): Database.Database {
  return new Database(path.join(baseDir, 'data', 'cg-bridge.sqlite'));
}

/** The i-th of `count` moments one second apart, the last one now. */
const momentOf = (count: number) => {
  const start = Date.now() - count * 1000;
  return (i: number) => new Date(start + i * 1000).toISOString();
};

export function seedActivityLogs(baseDir: string, count: number): void {
  const db = open(baseDir);
  const insert = db.prepare(
    `insert into activity_logs (company_id, user_id, action, details, created_at) values (1, 1, ?, ?, ?)`,
  );
  const at = momentOf(count);
  db.transaction(() => {
    for (let i = 0; i < count; i++)
      insert.run(ACTIONS[i % ACTIONS.length], `Seeded entry ${i}: "Seeded headline ${i}"`, at(i));
  })();
  db.close();
}

/** As-run rows as the recorder writes them: one per change and CG type, to the files output. */
export function seedAsRun(baseDir: string, count: number): void {
  const db = open(baseDir);
  const insert = db.prepare(
    `insert into as_run (company_id, at, seq, user_id, api_key, source, action, type, text, output, result, message)
     values (1, ?, ?, 1, null, 'web', 'update', ?, ?, 'files', 'ok', null)`,
  );
  const at = momentOf(count);
  db.transaction(() => {
    for (let i = 0; i < count; i++) insert.run(at(i), i + 1, CG_TYPES[i % CG_TYPES.length], `Seeded on-air text ${i}`);
  })();
  db.close();
}

/** The (at, id) cursor of the as-run row `back` rows from the newest: a page that deep in the log. */
export function asRunCursor(baseDir: string, back: number): string {
  const db = open(baseDir);
  try {
    const row = db
      .prepare(`select at, id from as_run where company_id = 1 order by at desc, id desc limit 1 offset ?`)
      .get(back) as { at: string; id: number };
    return `${row.at}~${row.id}`;
  } finally {
    db.close();
  }
}

/**
 * `count` wire items spread over `feeds` switched-off feeds; every tenth title is Latin text with
 * LATIN_WORD, every tenth (others) Thaana with THAANA_WORD, the rest Latin and Thaana without them.
 */
export function seedWires(baseDir: string, count: number, feeds: number): void {
  const db = open(baseDir);
  const feed = db.prepare(
    `insert into wire_feeds (company_id, name, url, enabled, created_by, created_at, updated_at)
     values (1, ?, ?, 0, 1, ?, ?)`,
  );
  const item = db.prepare(
    `insert into wire_items (company_id, feed_id, guid, title, summary, link, published_at, fetched_at)
     values (1, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const at = momentOf(count);
  const now = new Date().toISOString();
  db.transaction(() => {
    const ids: number[] = [];
    for (let f = 0; f < feeds; f++)
      ids.push(Number(feed.run(`Agency ${f}`, `http://127.0.0.1:9/agency-${f}.xml`, now, now).lastInsertRowid));
    for (let i = 0; i < count; i++) {
      const thaana = i % 2 === 1;
      const title =
        i % 10 === 0
          ? `${LATIN_TITLES[i % 4]} at the ${LATIN_WORD} ${i}`
          : i % 10 === 1
            ? `${THAANA_TITLES[i % 4]} ${THAANA_WORD} ${i}`
            : `${(thaana ? THAANA_TITLES : LATIN_TITLES)[i % 4]} ${i}`;
      const summary = `${thaana ? THAANA_TITLES[(i + 1) % 4] : LATIN_TITLES[(i + 1) % 4]} — `.repeat(6);
      item.run(ids[i % feeds], `seed-${i}`, title, summary, `http://127.0.0.1:9/item-${i}`, at(i), at(i));
    }
  })();
  db.close();
}

/** One article in `every` (of any status) deleted by user 1, purged 30 days after its deletion. */
export function binSomeNews(baseDir: string, every: number): number {
  const db = open(baseDir);
  const deletedAt = new Date().toISOString();
  const purgeAt = new Date(Date.now() + 30 * 86_400_000).toISOString();
  const moved = db
    .prepare(
      `update news set is_deleted = 1, deleted_by = 1, deleted_at = ?, scheduled_for_deletion = ?
       where company_id = 1 and id % ? = 0`,
    )
    .run(deletedAt, purgeAt, every).changes;
  db.close();
  return moved;
}
