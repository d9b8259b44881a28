import os from 'node:os';
import { Router } from 'express';
import type { SystemAddresses } from '../../../shared/contracts/system';
import { lanAddresses, type InterfaceTable } from '../../lib/lan-addresses';

/**
 * /api/system (issue 22): facts about the machine the server runs on. The addresses are read per
 * request (a laptop changes networks; DHCP renews) — a handful of interfaces, microseconds.
 */
export function systemRouter(boundHost: string, interfaces: () => InterfaceTable = os.networkInterfaces): Router {
  const router = Router();
  router.get('/addresses', (req, res) => {
    const port = req.socket.localPort ?? 0;
    const body: SystemAddresses = { addresses: lanAddresses(interfaces(), port, boundHost), port };
    res.json(body);
  });
  return router;
}
