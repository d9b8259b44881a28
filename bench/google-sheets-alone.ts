import { startFakeSheets } from '../server/test/fake-sheets';
import { runAlone } from './alone';
import { googleSheetsRows } from './google-sheets';

/** `npx tsx bench/google-sheets-alone.ts`: the Google Sheets rows of `npm run bench` on their own. */
const fake = await startFakeSheets();
runAlone('Google Sheets benchmark', (api) => googleSheetsRows(api, fake).finally(() => fake.close()), {
  GOOGLE_SHEETS_ROOT_URL: fake.url,
});
