import { concatBytes } from "../shared/bytes";
import { HttpError } from "../shared/errors";
import { jsonTextDepth, MAX_JSON_DEPTH, tooDeep } from "../shared/json-depth";

/** Default cap on editor JSON bodies. */
export const MAX_JSON_BODY_BYTES = 1024 * 1024;

/**
 * Reads at most `maxBytes` of a request body, counting while it streams; `Content-Length` is not
 * trusted either way (it can be absent, or lie). Over the cap is a 413 and nothing more is read.
 *
 * @example
 * const bytes = await readBodyBytes(request, 10 * 1024 * 1024);
 */
export async function readBodyBytes(request: Request, maxBytes: number): Promise<Uint8Array> {
  const declared = Number(request.headers.get("content-length"));
  if (Number.isFinite(declared) && declared > maxBytes) throw tooLarge(maxBytes);
  if (!request.body) return new Uint8Array(0);
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      await reader.cancel();
      throw tooLarge(maxBytes);
    }
    chunks.push(value);
  }
  return chunks.length === 0 ? new Uint8Array(0) : concatBytes(chunks);
}

function tooLarge(maxBytes: number): HttpError {
  return new HttpError(413, `request body is larger than ${maxBytes} bytes`, { code: "body_too_large" });
}

/**
 * Reads a JSON object body: 413 over the cap, 400 for malformed JSON or a non-object, 415 for a
 * content type that is not JSON, 422 `too_deep` for nesting past `MAX_JSON_DEPTH`.
 *
 * @example
 * const patch = await readJsonObject(request);
 */
export async function readJsonObject(
  request: Request,
  options: { maxBytes?: number; allowEmpty?: boolean } = {},
): Promise<Record<string, unknown>> {
  const type = request.headers.get("content-type");
  if (type !== null && !/^application\/(?:[\w.+-]+\+)?json\b/i.test(type.trim())) {
    throw new HttpError(415, `expected a JSON body (content-type application/json), got ${type}`, { code: "unsupported_media_type" });
  }
  const bytes = await readBodyBytes(request, options.maxBytes ?? MAX_JSON_BODY_BYTES);
  const text = new TextDecoder().decode(bytes);
  if (text.trim() === "") {
    if (options.allowEmpty) return {};
    throw new HttpError(400, "request body is empty; expected a JSON object", { code: "invalid_json" });
  }
  return parseJsonObject(text);
}

/**
 * Parses JSON text that must be an object: 422 `too_deep` past `MAX_JSON_DEPTH` (checked before
 * parsing, so a hostile body is never built), 400 for malformed JSON, a non-object, or a
 * `__proto__` key at any depth. The one
 * JSON reader of every route body.
 *
 * @example
 * const values = parseJsonObject(new TextDecoder().decode(bytes));
 */
export function parseJsonObject(text: string): Record<string, unknown> {
  if (jsonTextDepth(text, MAX_JSON_DEPTH) > MAX_JSON_DEPTH) throw tooDeep("the request body");
  let parsed: unknown;
  let protoKey = false;
  try {
    // JSON may name a key "__proto__"; as an own key it cannot cross to a room (no structured clone
    // takes it) and means nothing as a field or a value's key, so it is refused here.
    parsed = text.includes("proto") || text.includes("\\u")
      ? JSON.parse(text, (key: string, value: unknown) => {
          if (key === "__proto__") protoKey = true;
          return value;
        })
      : JSON.parse(text);
  } catch {
    throw new HttpError(400, "request body is not valid JSON", { code: "invalid_json" });
  }
  if (protoKey) throw new HttpError(400, 'request body has a "__proto__" key, which no field or value may have', { code: "invalid_json" });
  if (parsed === null || typeof parsed !== "object" || Array.isArray(parsed)) {
    throw new HttpError(400, "request body must be a JSON object", { code: "invalid_json" });
  }
  return parsed as Record<string, unknown>;
}
