import type { Response } from 'express';
import { CSV_BOM } from '../../shared/csv-cells';

/** The headers of a CSV download: UTF-8, a file name, never cached. */
export function startCsvDownload(res: Response, fileName: string): void {
  res.setHeader('Content-Type', 'text/csv; charset=utf-8');
  res.setHeader('Content-Disposition', `attachment; filename="${fileName}"`);
  res.setHeader('Cache-Control', 'no-store');
  res.write(CSV_BOM);
}

/** Writes `chunk`; resolves when the socket can take more (a slow client never fills memory) or is gone. */
export function writeChunk(res: Response, chunk: string): Promise<void> {
  if (res.write(chunk)) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      res.off('drain', done);
      res.off('close', done);
      resolve();
    };
    res.once('drain', done);
    res.once('close', done);
  });
}
