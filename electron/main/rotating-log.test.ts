import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from 'vitest';
import { RotatingLog } from './rotating-log';

test('rotates at maxBytes and keeps only `keep` old files', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cgb-log-'));
  const file = path.join(dir, 'server.log');
  const log = new RotatingLog(file, 100, 2);
  for (let i = 0; i < 10; i++) log.write(`${String(i).repeat(39)}\n`); // 40 bytes each: two per file
  log.close();
  expect(fs.readdirSync(dir).sort()).toEqual(['server.log', 'server.log.1', 'server.log.2']);
  expect(fs.readFileSync(file, 'utf8')).toBe(`${'8'.repeat(39)}\n${'9'.repeat(39)}\n`);
  expect(fs.readFileSync(`${file}.2`, 'utf8').startsWith('4')).toBe(true);
  for (const f of fs.readdirSync(dir)) expect(fs.statSync(path.join(dir, f)).size).toBeLessThanOrEqual(100);
  fs.rmSync(dir, { recursive: true });
});

test('appends to an existing log and counts its size', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cgb-log-'));
  const file = path.join(dir, 'server.log');
  fs.writeFileSync(file, 'x'.repeat(90));
  const log = new RotatingLog(file, 100, 1);
  log.line('INFO', 'server restarted');
  log.close();
  expect(fs.readFileSync(`${file}.1`, 'utf8')).toBe('x'.repeat(90));
  expect(fs.readFileSync(file, 'utf8')).toMatch(/INFO \[desktop\] server restarted\n$/);
  fs.rmSync(dir, { recursive: true });
});
