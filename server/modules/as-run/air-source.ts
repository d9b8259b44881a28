import type { Request } from 'express';
import { AIR_SOURCE_HEADER, CLIENT_AIR_SOURCES } from '../../../shared/contracts/as-run';
import { actorOf } from '../../lib/auth';
import type { Writer } from '../cg-files/cg-files.service';

const clientSources = new Set<string>(CLIENT_AIR_SOURCES);

/**
 * The session's caller as a CG writer, with the source the web UI labelled the request with
 * (phone page, prompter) — 'web' when it says nothing or something a session may not claim.
 */
export function writerOf(req: Request): Writer {
  const { userId, companyId } = actorOf(req);
  const label = req.get(AIR_SOURCE_HEADER)?.trim().toLowerCase() ?? 'web';
  const source = clientSources.has(label) ? (label as Writer['source']) : 'web';
  return { userId, companyId, source };
}
