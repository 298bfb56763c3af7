/**
 * An upstream answer's body as the error types carry it: parsed JSON when it parses, else the raw
 * text, `undefined` when empty. Providers answer HTML or plain text on some failures (gateways,
 * outages), and that text is still worth keeping.
 *
 * @example
 * parseUpstreamBody('{"errors":[]}') // { errors: [] }
 * parseUpstreamBody("Bad Gateway") // "Bad Gateway"
 */
export function parseUpstreamBody(text: string): unknown {
  if (text === "") return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}
