import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from 'vitest';
import { DesktopSettings } from './desktop-settings';

test('saves and reads back; a damaged file means defaults', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cgb-settings-'));
  const file = path.join(dir, 'desktop-settings.json');
  expect(new DesktopSettings(file).get()).toEqual({ closeAction: 'ask' });
  new DesktopSettings(file).update({ port: 3001, closeAction: 'keep-running' });
  expect(new DesktopSettings(file).get()).toEqual({ port: 3001, closeAction: 'keep-running' });
  fs.writeFileSync(file, '{"port": "three thousand"');
  expect(new DesktopSettings(file).get()).toEqual({ closeAction: 'ask' });
  fs.rmSync(dir, { recursive: true });
});
