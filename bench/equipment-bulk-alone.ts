import { runAlone } from './alone';
import { equipmentBulkRows } from './equipment-bulk';

/** `npx tsx bench/equipment-bulk-alone.ts`: the equipment bulk rows of `npm run bench` on their own. */
runAlone('Equipment bulk benchmark', (api, server) => equipmentBulkRows(api, server.pid));
