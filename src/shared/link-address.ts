import { isSafeLinkUrl, isSafeUrl } from "./safe-url";

/** What the link dialog makes of what the editor typed: an `href` to write, or why not. */
export type LinkAddress = { href: string } | { error: string };

/** A scheme at the start (`https:`, `mailto:`, `javascript:`): the value is a full address already. */
const SCHEME = /^[a-z][a-z0-9+.-]*:/i;
/** A bare host and optional path, such as `example.com/contact` or `www.example.co.uk:8080/?q`. */
const BARE_HOST = /^[a-z0-9-]+(\.[a-z0-9-]+)+(:\d{1,5})?([/?#]\S*)?$/i;
const EMAIL = /^[^\s@/:]+@[a-z0-9-]+(\.[a-z0-9-]+)+$/i;
/** A path of this site (`/about`, `./a`, `../b`), a query or a fragment. */
const RELATIVE = /^(\/(?!\/)|\.{1,2}\/|[?#])/;

export const REFUSED_ADDRESS = "That address cannot be used. Links may go to web pages (http or https), pages of this site, email (mailto:) and phone numbers (tel:).";

/**
 * Turns what an editor typed in the link dialog into the `href` to store, or a message saying why
 * it cannot be one. A bare host gains `https://` (`example.com/contact` would otherwise be a
 * broken path of this site), an email address gains `mailto:`, a path of this site is kept. The
 * last word is the room's and the sanitizer's own link rule (`isSafeLinkUrl`), on what was typed and on
 * what would be stored, so the editor never writes a link the room refuses.
 *
 * @example
 * normalizeLinkAddress("example.com/contact"); // { href: "https://example.com/contact" }
 * normalizeLinkAddress("jav&#x09;ascript:alert(1)"); // { error: "That address cannot be used: …" }
 */
export function normalizeLinkAddress(typed: string): LinkAddress {
  const value = typed.trim();
  if (value === "") return { error: "Enter an address for the link." };
  const href = withScheme(value);
  if (href === null) return { error: "Enter a web address such as example.com, a page of this site such as /about, or an email address." };
  if (!isSafeLinkUrl(href)) return { error: REFUSED_ADDRESS };
  return /\s/.test(href) ? { error: "An address cannot contain spaces." } : { href };
}

/** What was typed as a full address, or null when it is none of the kinds a link takes. */
function withScheme(value: string): string | null {
  // Before the rule: a host with a port (`example.com:8080`) would read to it as a scheme.
  if (BARE_HOST.test(value)) return `https://${value}`;
  // A disguised scheme (`jav&#x09;ascript:`) matches none of the patterns below; the rule sees through it.
  if (!isSafeUrl(value, "href") || SCHEME.test(value) || RELATIVE.test(value)) return value;
  return EMAIL.test(value) ? `mailto:${value}` : null;
}
