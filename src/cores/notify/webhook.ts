import { fromHex, hmacSha256, toHex, verifyHmacSha256 } from "./hmac";

/** Header carrying `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">`. */
export const WEBHOOK_SIGNATURE_HEADER = "x-cms-signature";

/** Seconds a receiver should accept a signature for by default (replays after that are refused). */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

/**
 * The signature header value for a webhook body. The timestamp is signed with the body, so a captured
 * delivery cannot be replayed later with a fresh time.
 *
 * @example
 * const header = await signWebhook("<SIGNING_SECRET>", body, Date.now()); // "t=1767225600,v1=5f0c…"
 */
export async function signWebhook(secret: string, body: string, nowMs: number): Promise<string> {
  const t = Math.floor(nowMs / 1000);
  return `t=${t},v1=${toHex(await hmacSha256(secret, `${t}.${body}`))}`;
}

/**
 * The receiver's check of a form webhook: true when one `v1` matches and `t` is within the tolerance.
 *
 * @example
 * if (!(await verifyWebhookSignature(secret, await request.text(), request.headers.get("x-cms-signature"), Date.now()))) return new Response(null, { status: 401 });
 */
export async function verifyWebhookSignature(
  secret: string,
  body: string,
  header: string | null,
  nowMs: number,
  toleranceSeconds = WEBHOOK_TOLERANCE_SECONDS,
): Promise<boolean> {
  if (!header) return false;
  const parts = header.split(",").map((p) => p.trim().split("=", 2) as [string, string | undefined]);
  const t = Number(parts.find(([k]) => k === "t")?.[1]);
  if (!Number.isInteger(t) || Math.abs(nowMs / 1000 - t) > toleranceSeconds) return false;
  for (const [key, value] of parts) {
    const mac = key === "v1" && value ? fromHex(value) : null;
    if (mac && mac.length === 32 && (await verifyHmacSha256(secret, `${t}.${body}`, mac))) return true;
  }
  return false;
}

export interface WebhookDelivery {
  url: string;
  secret: string;
  payload: unknown;
  fetch: typeof fetch;
  nowMs: number;
}

/**
 * Posts a signed JSON webhook. Resolves to the HTTP status; a non-2xx answer or a network failure
 * rejects, so the caller decides how to log it.
 *
 * @example
 * await deliverWebhook({ url, secret, payload: { form: "contact", id: 1, data }, fetch, nowMs: Date.now() });
 */
export async function deliverWebhook(delivery: WebhookDelivery): Promise<number> {
  const body = JSON.stringify(delivery.payload);
  const response = await delivery.fetch(delivery.url, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      [WEBHOOK_SIGNATURE_HEADER]: await signWebhook(delivery.secret, body, delivery.nowMs),
    },
    body,
  });
  // Drain the body so the connection is released; its content is of no use here.
  await response.arrayBuffer().catch(() => undefined);
  if (!response.ok) throw new Error(`webhook ${delivery.url} answered ${response.status}`);
  return response.status;
}
