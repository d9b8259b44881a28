import { CRAWLER_MAX_HEADLINES } from '../../../shared/constants';
import type { CrawlerContent } from '../../../shared/contracts/crawler';
import { onAirTextProblem } from '../../../shared/on-air-rules';
import type { AppContext } from '../../context';
import type { Actor } from '../../lib/auth';
import { badRequest } from '../../lib/errors';
import type { CgFilesService, Writer } from '../cg-files/cg-files.service';
import type { CgNextService } from '../cg-files/cg-next.service';
import { NewsRepo } from '../news/news.repo';
import { joinHeadlines, parseHeadlines, toTickerLine } from './crawler-ops';

const TYPE = 'news_crawler';

/**
 * The news crawler (ticker). Its one source of truth is the news_crawler CG row; every change
 * goes through the CG engine, so news_crawler.txt is replaced atomically and clients hear of it.
 */
export class CrawlerService {
  constructor(
    private readonly ctx: AppContext,
    private readonly cg: CgFilesService,
    private readonly next: CgNextService,
  ) {}

  /**
   * The list the desk edits: Next's when take mode has a crawler staged (`staged: true`), so an
   * index or a reorder names a line of the list that will air; otherwise the one on air.
   */
  async content(actor: Actor): Promise<CrawlerContent> {
    const staged = await this.next.stagedOf(actor.companyId, TYPE);
    const headlines = parseHeadlines(staged ?? (await this.cg.findByType(actor.companyId, TYPE))?.content);
    return { headlines, count: headlines.length, ...(staged === undefined ? {} : { staged: true }) };
  }

  /**
   * Applies `change` to the committed list inside the company's CG queue; `field` is the request
   * field a refused text is reported under (the CG engine checks the on-air rule).
   */
  async mutate(actor: Writer, change: (current: string[]) => string[], field = 'headlines'): Promise<CrawlerContent> {
    let headlines: string[] = [];
    const compute = (snapshot: Record<string, string>) => {
      headlines = change(parseHeadlines(snapshot[TYPE]));
      return [{ type: TYPE, content: joinHeadlines(headlines), fileName: `${TYPE}.txt`, field }];
    };
    // Take mode (issue 25): the change builds on Next's list (or the on-air one) and waits for Take.
    if (await this.next.takeMode(actor.companyId)) {
      await this.next.stage(actor, compute);
      return { headlines, count: headlines.length, staged: true };
    }
    await this.cg.applyWith(actor, compute);
    return { headlines, count: headlines.length };
  }

  /**
   * Replaces the list with the titles of approved news, newest first (at most the crawler's
   * 500). A title the ticker cannot carry refuses the whole generate, naming the article, rather
   * than airing a cut or altered line: the desk fixes the article and generates again.
   */
  async generate(actor: Writer): Promise<CrawlerContent & { newsCount: number }> {
    const articles = await this.ctx.store.read((q) =>
      new NewsRepo(q).approvedTitles(actor.companyId, CRAWLER_MAX_HEADLINES),
    );
    const titles: string[] = [];
    for (const { id, title } of articles) {
      const line = toTickerLine(title);
      const problem = onAirTextProblem(TYPE, line);
      if (problem)
        throw badRequest(`Article "${line}" (id ${id}) cannot go on the crawler: ${problem}`, [
          { path: 'headlines', message: problem },
        ]);
      if (line) titles.push(line);
    }
    const result = await this.mutate(actor, () => titles);
    return { ...result, newsCount: titles.length };
  }
}
