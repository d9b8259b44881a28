import type { z } from 'zod';
import type { ControlState, controlEmergencySchema } from '../../../shared/contracts/control';
import type { CgWritableType } from '../../../shared/contracts/cg-files';
import type { Clock } from '../../lib/clock';
import { conflict } from '../../lib/errors';
import type { CgFilesService, Writer } from '../cg-files/cg-files.service';
import type { CgNextService } from '../cg-files/cg-next.service';
import type { CrawlerService } from '../crawler/crawler.service';
import { parseHeadlines } from '../crawler/crawler-ops';

/**
 * What a Stream Deck button does, each through the CG engine (the on-air rules, the company's
 * queue, the as-run log with source 'api_key'). Answers are the state after the change, so a
 * button's feedback follows its own press without a second request.
 */
export class ControlService {
  constructor(
    private readonly cg: CgFilesService,
    private readonly crawler: CrawlerService,
    private readonly next: CgNextService,
    private readonly clock: Clock,
  ) {}

  async state(companyId: number): Promise<ControlState> {
    const files = await this.cg.list({ companyId, userId: null });
    const types = Object.fromEntries(files.map((f) => [f.type, f.content]));
    const headlines = parseHeadlines(types.news_crawler);
    const emergency = types.emergency ?? '';
    const next = await this.next.view(companyId);
    return {
      next: {
        takeMode: next.takeMode,
        staged: next.changes.length,
        types: next.changes.map((c) => c.type),
        version: next.version,
      },
      types,
      emergency: { active: emergency.trim() !== '', text: emergency },
      crawler: { count: headlines.length, current: headlines[0] ?? null },
      at: this.clock.now().toISOString(),
    };
  }

  /**
   * Take: what NEXT holds now goes to air through the same path as the CG Control button (one
   * write; files, outputs, as-run). Empty NEXT is a 409 "Nothing to take" — a second press, or
   * another desk took it first — never a second write.
   */
  async take(writer: Writer): Promise<ControlState> {
    await this.next.take(writer);
    return this.state(writer.companyId);
  }

  async clear(writer: Writer, type: CgWritableType): Promise<ControlState> {
    await this.cg.apply(writer, [{ type, content: '' }]);
    return this.state(writer.companyId);
  }

  /**
   * Next / previous on a ticker that shows every line: the list turns by one, so the line that runs
   * first becomes the following (next) or the one before (previous) — the order of the lines is
   * kept, nothing is lost, and the crawler page shows the same turned list (docs/decisions.md).
   */
  async crawlerStep(writer: Writer, direction: 'next' | 'previous'): Promise<ControlState> {
    await this.crawler.mutate(writer, (list) => {
      if (!list.length) throw conflict('The crawler is empty: nothing to move to');
      return direction === 'next' ? [...list.slice(1), ...list.slice(0, 1)] : [...list.slice(-1), ...list.slice(0, -1)];
    });
    return this.state(writer.companyId);
  }

  async emergencyOn(writer: Writer, input: z.output<typeof controlEmergencySchema>): Promise<ControlState> {
    await this.cg.apply(writer, [{ type: 'emergency', content: input.text, field: 'text' }], 'emergency_override');
    return this.state(writer.companyId);
  }

  async emergencyOff(writer: Writer): Promise<ControlState & { ended: boolean }> {
    const { ended } = await this.cg.endEmergency(writer);
    return { ...(await this.state(writer.companyId)), ended };
  }
}
