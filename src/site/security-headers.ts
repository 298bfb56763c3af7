/*
 * The reference site's response headers, in one place. HTML pages get a strict Content Security
 * Policy: visitors' pages run no script at all (`script-src 'none'`), and edit mode runs only the
 * scripts this response names by a per-response nonce, plus the client bundle served from this
 * origin (/cms-client/*), whose modules and lazily loaded chunks the nonced script imports. Styles
 * may be inline ('unsafe-inline'): the editor client injects its stylesheet and sets element
 * styles at run time, and a style cannot run script. No page may be framed (clickjacking).
 */

/**
 * A fresh nonce for one response: 128 random bits, base64.
 *
 * @example
 * const nonce = createNonce(); // "q9W3…=="
 */
export function createNonce(): string {
  return btoa(String.fromCharCode(...crypto.getRandomValues(new Uint8Array(16))));
}

/**
 * The Content-Security-Policy of an HTML page: with `scriptNonce`, scripts carrying it (and this
 * origin's files) may run; without it, none may.
 *
 * @example
 * pageCsp(request, { scriptNonce: nonce, mediaUrl: env.MEDIA_URL });
 */
export function pageCsp(request: Request, options: { scriptNonce?: string; mediaUrl?: string } = {}): string {
  const url = new URL(request.url);
  const socket = `${url.protocol === "https:" ? "wss:" : "ws:"}//${url.host}`;
  const media = mediaOrigin(options.mediaUrl);
  return [
    "default-src 'self'",
    options.scriptNonce ? `script-src 'nonce-${options.scriptNonce}' 'self'` : "script-src 'none'",
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' https: data: blob:${media ? ` ${media}` : ""}`,
    `connect-src 'self' ${socket}`,
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}

/**
 * Adds the headers every response of the site carries: `X-Content-Type-Options: nosniff`,
 * `Referrer-Policy` (unless the response set a stricter one), `X-Frame-Options`, HSTS over https, and a locked-down CSP on any response
 * that set none (JSON, errors). A WebSocket upgrade (101) is passed through untouched.
 *
 * @example
 * return withSecurityHeaders(request, await handle(request));
 */
export function withSecurityHeaders(request: Request, response: Response): Response {
  if (response.status === 101 || response.webSocket) return response;
  const out = new Response(response.body, response);
  const headers = out.headers;
  headers.set("x-content-type-options", "nosniff");
  // A page may ask for a stricter policy (a shared draft's URL is its secret: no-referrer).
  if (!headers.has("referrer-policy")) headers.set("referrer-policy", "strict-origin-when-cross-origin");
  headers.set("x-frame-options", "DENY");
  if (!headers.has("content-security-policy")) headers.set("content-security-policy", "default-src 'none'; frame-ancestors 'none'");
  if (new URL(request.url).protocol === "https:") headers.set("strict-transport-security", "max-age=31536000; includeSubDomains");
  return out;
}

function mediaOrigin(mediaUrl: string | undefined): string | null {
  if (!mediaUrl) return null;
  try {
    return new URL(mediaUrl).origin;
  } catch {
    return null;
  }
}
