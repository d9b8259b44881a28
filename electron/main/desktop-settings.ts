import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

/**
 * The desktop host's own settings in userData/desktop-settings.json: the port (changed when the
 * old one was taken), what the window's close button does, and where the window was. A damaged
 * file falls back to the defaults rather than stopping the app from starting.
 */
const boundsSchema = z.object({ x: z.number(), y: z.number(), width: z.number(), height: z.number() });
const schema = z.object({
  port: z.number().int().min(1).max(65535).optional(),
  closeAction: z.enum(['ask', 'keep-running', 'quit']).default('ask'),
  window: z.object({ bounds: boundsSchema, maximized: z.boolean() }).optional(),
});
export type DesktopSettingsData = z.infer<typeof schema>;

export class DesktopSettings {
  private data: DesktopSettingsData;

  constructor(private readonly file: string) {
    this.data = DesktopSettings.read(file);
  }

  get(): DesktopSettingsData {
    return this.data;
  }

  update(patch: Partial<DesktopSettingsData>): void {
    this.data = { ...this.data, ...patch };
    fs.mkdirSync(path.dirname(this.file), { recursive: true });
    // Temp file + rename: a power cut while saving leaves the old settings, not half a file.
    const tmp = `${this.file}.tmp`;
    fs.writeFileSync(tmp, JSON.stringify(this.data, null, 2));
    fs.renameSync(tmp, this.file);
  }

  private static read(file: string): DesktopSettingsData {
    try {
      return schema.parse(JSON.parse(fs.readFileSync(file, 'utf8')));
    } catch {
      return schema.parse({});
    }
  }
}
