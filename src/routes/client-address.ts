/*
 * Who a rate limit counts. On Cloudflare the edge sets `CF-Connecting-IP` on every request to a
 * Worker and replaces any value the client sent, so there it is the visitor's address. Anywhere
 * else the client may write it: wrangler dev keeps a value the client sent (and sets the socket's
 * address only when there is none), and a request built in code carries whatever its maker put.
 * So the header is trusted only on Cloudflare's edge, unless the site says otherwise
 * (`ClientAddressTrust`). An untrusted, absent or malformed value counts as the one key
 * `unknown`, which limits all such requests together (fails safe). IPv6 clients are keyed by their
 * /64 prefix, the block one subscriber is given: keyed per address, one attacker would hold 2^64
 * budgets.
 */

/** The key of requests without a usable client address. */
export const UNKNOWN_CLIENT = "unknown";

/**
 * Whether `CF-Connecting-IP` is believed: `"edge"` (the default) only on Cloudflare's edge
 * ({@link isOnCloudflareEdge}); `"always"` behind another proxy the site trusts to set it;
 * `"never"` to count every request as `unknown`.
 */
export type ClientAddressTrust = "edge" | "always" | "never";

/**
 * Whether a request came through Cloudflare's edge: it carries `request.cf` (set by the edge and
 * by wrangler dev, absent on a `Request` built in code, a service-binding call, or another runtime)
 * and its URL names a host, not `localhost`, `*.localhost` or an IP address (wrangler dev's
 * addresses; on the edge a Worker runs only for a zone's host names). Wrangler dev with
 * `--local-upstream <host>` looks like the edge: set the trust to `"never"` there if it matters.
 *
 * @example
 * isOnCloudflareEdge(new Request("http://127.0.0.1:8787/")) // false
 */
export function isOnCloudflareEdge(request: Request): boolean {
  const cf = (request as { cf?: unknown }).cf;
  if (cf === null || typeof cf !== "object") return false;
  const host = new URL(request.url).hostname.toLowerCase();
  if (host === "localhost" || host.endsWith(".localhost")) return false;
  return !(IPV4.test(host) || host.startsWith("["));
}

/**
 * The `CF-Connecting-IP` value when it is trusted (see {@link ClientAddressTrust}), else `null`.
 *
 * @example
 * connectingIp(request) // "203.0.113.9" on the edge, null under wrangler dev
 */
export function connectingIp(request: Request, trust: ClientAddressTrust = "edge"): string | null {
  if (trust === "never" || (trust === "edge" && !isOnCloudflareEdge(request))) return null;
  return request.headers.get("cf-connecting-ip")?.trim() || null;
}

const IPV4 = /^(?:(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)\.){3}(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)$/;

/**
 * The rate-limit key of a request's client: its IPv4 address, the /64 prefix of its IPv6 address
 * (`2001:db8:1:2::/64`), or `unknown` (no trusted, well-formed `CF-Connecting-IP`).
 *
 * @example
 * clientAddress(requestFromTheEdge); // "2001:db8:1:2::/64" for CF-Connecting-IP 2001:db8:1:2:aaaa::1
 */
export function clientAddress(request: Request, trust: ClientAddressTrust = "edge"): string {
  const raw = connectingIp(request, trust) ?? "";
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
