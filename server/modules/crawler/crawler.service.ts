import { CRAWLER_MAX_HEADLINES } from '../../../shared/constants';
import type { CrawlerContent } from '../../../shared/contracts/crawler';
import type { Actor } from '../../lib/auth';
import type { CgFilesService } from '../cg-files/cg-files.service';
import type { NewsRepo } from '../news/news.repo';
import { joinHeadlines, parseHeadlines, toTickerLine } from './crawler-ops';

const TYPE = 'news_crawler';

/**
 * The news crawler (ticker). Its one source of truth is the news_crawler CG row; every change
 * goes through the CG engine, so news_crawler.txt is replaced atomically and clients hear of it.
 */
export class CrawlerService {
  constructor(
    private readonly cg: CgFilesService,
    private readonly news: NewsRepo,
  ) {}

  content(actor: Actor): CrawlerContent {
    const row = this.cg.repo.findByType(actor.companyId, TYPE);
    const headlines = parseHeadlines(row?.content);
    return { headlines, count: headlines.length };
  }

  /** Applies `change` to the committed list inside the company's CG queue. */
  async mutate(actor: Actor, change: (current: string[]) => string[]): Promise<CrawlerContent> {
    let headlines: string[] = [];
    await this.cg.applyWith(actor, (snapshot) => {
      headlines = change(parseHeadlines(snapshot[TYPE]));
      return [{ type: TYPE, content: joinHeadlines(headlines), fileName: `${TYPE}.txt` }];
    });
    return { headlines, count: headlines.length };
  }

  /** Replaces the list with the titles of approved news, newest first. */
  async generate(actor: Actor): Promise<CrawlerContent & { newsCount: number }> {
    const titles = this.news.approvedTitles(actor.companyId, CRAWLER_MAX_HEADLINES).map(toTickerLine).filter(Boolean);
    const result = await this.mutate(actor, () => titles);
    return { ...result, newsCount: titles.length };
  }
}
