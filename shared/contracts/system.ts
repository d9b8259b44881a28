import { z } from 'zod';

/** GET /api/system/addresses (any signed-in user): where other machines on the LAN reach this server. */
export const systemAddressesSchema = z.object({
  /** `http://<ipv4>:<port>`, the likeliest LAN address first; empty when only loopback is known. */
  addresses: z.array(z.string()),
  /** The port this request came in on (the server's listening port). */
  port: z.number(),
});
export type SystemAddresses = z.infer<typeof systemAddressesSchema>;
