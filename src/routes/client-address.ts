/*
 * Who a rate limit counts. On Cloudflare the edge sets `CF-Connecting-IP` on every request to a
 * Worker and replaces any value the client sent, so it is the visitor's address and may be trusted.
 * It is absent only off Cloudflare's edge (local dev, tests, a service-binding call): those
 * requests share the one key `unknown`, which limits them together (fails safe) and never happens
 * in production. A malformed value counts as absent. IPv6 clients are keyed by their /64 prefix,
 * the block one subscriber is given: keyed per address, one attacker would hold 2^64 budgets.
 */

/** The key of requests without a usable client address. */
export const UNKNOWN_CLIENT = "unknown";

const IPV4 = /^(?:(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)\.){3}(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)$/;

/**
 * The rate-limit key of a request's client: its IPv4 address, the /64 prefix of its IPv6 address
 * (`2001:db8:1:2::/64`), or `unknown`.
 *
 * @example
 * clientAddress(new Request(url, { headers: { "cf-connecting-ip": "2001:db8:1:2:aaaa::1" } })); // "2001:db8:1:2::/64"
 */
export function clientAddress(request: Request): string {
  const raw = request.headers.get("cf-connecting-ip")?.trim() ?? "";
  if (IPV4.test(raw)) return raw;
  const prefix = ipv6Prefix64(raw);
  return prefix ?? UNKNOWN_CLIENT;
}

/** The first four hextets of an IPv6 address, normalized, or null when `text` is not one. */
function ipv6Prefix64(text: string): string | null {
  if (text.length > 45 || !/^[0-9a-fA-F:.]+$/.test(text) || !text.includes(":")) return null;
  // An embedded IPv4 tail (::ffff:1.2.3.4) fills the last two hextets, never the prefix.
  const lastColon = text.lastIndexOf(":");
  const tail = text.slice(lastColon + 1);
  const head = tail.includes(".") ? (IPV4.test(tail) ? `${text.slice(0, lastColon + 1)}0:0` : null) : text;
  if (head === null) return null;
  const halves = head.split("::");
  if (halves.length > 2) return null;
  const left = halves[0] ? halves[0].split(":") : [];
  const right = halves.length === 2 && halves[1] ? halves[1].split(":") : [];
  const missing = 8 - left.length - right.length;
  if (halves.length === 1 ? missing !== 0 : missing < 1) return null;
  const groups = [...left, ...Array<string>(Math.max(0, missing)).fill("0"), ...right];
  if (groups.some((g) => !/^[0-9a-fA-F]{1,4}$/.test(g))) return null;
  return `${groups.slice(0, 4).map((g) => parseInt(g, 16).toString(16)).join(":")}::/64`;
}
