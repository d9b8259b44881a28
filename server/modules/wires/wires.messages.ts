/**
 * What a feed's row says when it was not read (issue 37). No imports: the wires reader process and
 * its parse thread use these too.
 *
 * One text for everything the far end did — no answer, refused, reset, an HTTP error status, a body
 * over the cap, not a feed — so that a station cannot tell a closed port from an open one, or a web
 * service from a feed, by reading `lastError` (it was a port scanner). The exact cause goes to the
 * server's log for the operator.
 */
export const FEED_UNREADABLE =
  'Could not read this feed: no answer, an error from its server, over 5 MB, or not an RSS, Atom or JSON feed. Check that the address opens the feed in a browser; it is tried again later.';

/**
 * The address (or a redirect's) is one feeds may not use: this server, loopback, link-local,
 * unspecified or multicast, or a private network the operator has not allowed. Said apart from
 * FEED_UNREADABLE because it comes from the address alone — nothing was asked of the target.
 */
export const FEED_ADDRESS_REFUSED =
  "Not read: this feed's address (or where it redirects) is this server, a local or link-local address, or a private network. Private networks can be allowed by the server's operator (WIRES_ALLOW_PRIVATE_NETWORKS=on).";
