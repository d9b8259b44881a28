import fs from 'node:fs';
import fsp from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import Database from 'better-sqlite3';
import express from 'express';
import { WebSocketServer } from 'ws';

/**
 * The baseline docs/design-rules.md §7 compares against: the least an app can do for a CG write — bare
 * express + SQLite (WAL, synchronous=FULL) + temp/fsync/rename + ws broadcast, no auth, no
 * validation, no queue. Run as its own process: `tsx bench/bare-model.ts <dir>` prints its URL.
 */
const dir = process.argv[2] ?? fs.mkdtempSync('/tmp/bare-');
fs.mkdirSync(path.join(dir, 'out'), { recursive: true });
const db = new Database(path.join(dir, 'bare.sqlite'));
db.pragma('journal_mode = WAL');
db.pragma('synchronous = FULL');
db.exec('create table if not exists cg (type text primary key, content text)');
const upsert = db.prepare(
  'insert into cg (type, content) values (?, ?) on conflict(type) do update set content = excluded.content',
);

const app = express();
app.use(express.json());
const server = http.createServer(app);
const wss = new WebSocketServer({ server, path: '/ws' });
wss.on('connection', (ws) => ws.on('message', () => ws.send(JSON.stringify({ type: 'auth_ok', data: {} }))));

app.post('/api/cg-files/update-direct', async (req, res) => {
  const { type, content } = req.body as { type: string; content: string };
  upsert.run(type, content);
  const target = path.join(dir, 'out', `${type}.txt`);
  const temp = `${target}.${process.hrtime.bigint()}.tmp`;
  const handle = await fsp.open(temp, 'w');
  await handle.writeFile(content);
  await handle.sync();
  await handle.close();
  await fsp.rename(temp, target);
  const payload = JSON.stringify({ type: 'cg_file_updated', data: { type, content } });
  for (const client of wss.clients) client.send(payload);
  res.json({ success: true });
});

server.listen(0, '127.0.0.1', () => {
  process.stdout.write(`bare model on http://127.0.0.1:${(server.address() as AddressInfo).port} ${dir}\n`);
});
