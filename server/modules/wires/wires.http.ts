import http, { type IncomingMessage, type OutgoingHttpHeaders } from 'node:http';
import https from 'node:https';
import { FeedError } from './wires.decode';
import { FEED_ADDRESS_REFUSED } from './wires.messages';
import { guardedLookup, judgeUrl, portOf, type FeedNetworkPolicy } from './wires.address';

/** Redirects followed at most (fetch's own default was 20). */
export const MAX_REDIRECTS = 5;
const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);

/**
 * The answer to a GET of `start`, redirects followed — each hop judged by the same policy as the
 * first (issue 37: a feed redirected to a vMix's `/api/?Function=Cut` on the server's machine).
 * The caller reads or destroys the answer.
 */
export async function getFollowingRedirects(
  start: URL,
  headers: OutgoingHttpHeaders,
  signal: AbortSignal,
  policy: FeedNetworkPolicy,
): Promise<IncomingMessage> {
  let url = start;
  for (let hop = 0; ; hop++) {
    const res = await getOnce(url, headers, signal, policy);
    const location = REDIRECT_STATUSES.has(res.statusCode ?? 0) ? res.headers.location : undefined;
    if (!location) return res;
    res.destroy();
    if (hop >= MAX_REDIRECTS) throw new FeedError(`More than ${MAX_REDIRECTS} redirects`);
    url = new URL(location, url);
  }
}

/**
 * One GET on a connection of its own (no pool: a socket is never reused for another host, and the
 * lookup below is this request's). Node's http, not fetch: fetch cannot be given the lookup.
 */
function getOnce(
  url: URL,
  headers: OutgoingHttpHeaders,
  signal: AbortSignal,
  policy: FeedNetworkPolicy,
): Promise<IncomingMessage> {
  refuseByUrl(url, policy);
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const req = client.request(
      url,
      { headers, signal, agent: false, lookup: guardedLookup(portOf(url), policy) },
      (res) => {
        // Errors after this surface where the body is read; an answer left unread must not throw.
        res.on('error', () => undefined);
        resolve(res);
      },
    );
    req.on('error', reject);
    req.end();
  });
}

/** The URL alone says no: not http(s), credentials, or an IP literal the policy refuses. */
function refuseByUrl(url: URL, policy: FeedNetworkPolicy): void {
  const verdict = judgeUrl(url, policy);
  if (verdict === 'ok') return;
  if (verdict === 'not-http') throw new FeedError(`Redirected to a non-HTTP address (${url.protocol})`);
  if (verdict === 'credentials') throw new FeedError('An address with a user name or password');
  throw new FeedError(`Refused address ${url.host} (${verdict})`, FEED_ADDRESS_REFUSED);
}
