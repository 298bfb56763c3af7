/**
 * A JSON response with the right content type.
 *
 * @example
 * return json({ items, next }, { status: 200 });
 */
export function json(data: unknown, init: ResponseInit = {}): Response {
  const headers = new Headers(init.headers);
  headers.set("content-type", "application/json; charset=utf-8");
  return new Response(JSON.stringify(data), { ...init, headers });
}

/**
 * 204 with no body: the answer to a successful write that has nothing to say.
 *
 * @example
 * return noContent({ "set-cookie": cleared });
 */
export function noContent(headers?: HeadersInit): Response {
  return new Response(null, { status: 204, headers });
}
