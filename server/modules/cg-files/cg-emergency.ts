import type { z } from 'zod';
import type {
  CgFile,
  EmergencyState,
  emergencyOverrideSchema,
  endEmergencySchema,
} from '../../../shared/contracts/cg-files';
import type { AppContext } from '../../context';
import type { CgChange } from './cg-changes';
import type { CgFilesService, Writer } from './cg-files.service';

type Override = z.output<typeof emergencyOverrideSchema>;
type End = z.output<typeof endEmergencySchema>;
type LowerThird = NonNullable<EmergencyState['before']>;

/**
 * The emergency override and its end (issue 38, point 7). The override remembers the lower third
 * that was on air when the emergency began, so End can offer to put it back (the operator sees
 * it first; nothing is restored silently). Held in memory, like NEXT: after a restart End only
 * ends, and says it does not know what was on air before.
 */
export class CgEmergency {
  private readonly before = new Map<number, LowerThird>();

  constructor(
    private readonly ctx: AppContext,
    private readonly cg: CgFilesService,
  ) {
    // An emergency ended any other way (a Stream Deck, an API key) forgets it too: the next
    // emergency must never offer the lower third from before an earlier one.
    cg.changes.onChange((change) => {
      if (change.changed.emergency !== undefined && !change.changed.emergency.trim())
        this.before.delete(change.companyId);
    });
  }

  async state(writer: Writer): Promise<EmergencyState> {
    const text = (await this.cg.list(writer)).find((f) => f.type === 'emergency')?.content ?? '';
    const active = text.trim() !== '';
    return { active, text, before: active ? (this.before.get(writer.companyId) ?? null) : null };
  }

  /**
   * One operation: emergency first, then headline and subheadline. A headline without a
   * subheadline clears it (issue 22's rule). A second override during an emergency keeps the
   * lower third from before the first: that is the one the desk would go back to.
   */
  async override(writer: Writer, input: Override): Promise<CgFile[]> {
    const changes: CgChange[] = [{ type: 'emergency', content: input.content }];
    if (input.headline !== undefined) {
      changes.push({ type: 'headline', content: input.headline, field: 'headline' });
      changes.push({ type: 'subheadline', content: input.subheadline ?? '', field: 'subheadline' });
    } else if (input.subheadline !== undefined) {
      changes.push({ type: 'subheadline', content: input.subheadline, field: 'subheadline' });
    }
    const seen: { lowerThird?: LowerThird } = {};
    const files = await this.cg.applyWith(
      writer,
      (current) => {
        // Read in the company's queue, just before the override is written: exactly what it replaces.
        if (!current.emergency?.trim())
          seen.lowerThird = {
            headline: current.headline ?? '',
            subheadline: current.subheadline ?? '',
            at: this.ctx.clock.now().toISOString(),
          };
        return changes;
      },
      'emergency_override',
    );
    if (seen.lowerThird) this.before.set(writer.companyId, seen.lowerThird);
    return files;
  }

  /**
   * Empties emergency.txt; with `restore`, the headline and subheadline the operator previewed go
   * back in the same operation. When there was no emergency (another desk ended it first) nothing
   * is written — not the restore either: that desk already decided what follows.
   */
  async end(writer: Writer, input: End): Promise<{ files: CgFile[]; ended: boolean; restored?: true }> {
    let ended = false;
    const files = await this.cg.applyWith(
      writer,
      (current) => {
        ended = Boolean(current.emergency);
        if (!ended) return [];
        const restore: CgChange[] = input.restore
          ? [
              { type: 'headline', content: input.restore.headline, field: 'restore.headline' },
              { type: 'subheadline', content: input.restore.subheadline, field: 'restore.subheadline' },
            ]
          : [];
        return [{ type: 'emergency', content: '' }, ...restore];
      },
      'emergency_ended',
    );
    if (ended) this.before.delete(writer.companyId);
    // `restored` only when it happened: the answer of a plain end is as it always was.
    return { files, ended, ...(ended && input.restore ? { restored: true as const } : {}) };
  }
}
