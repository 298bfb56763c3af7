import { HttpError } from "../../shared/errors";

/** Cloudflare's production siteverify endpoint. */
export const TURNSTILE_SITEVERIFY_URL = "https://challenges.cloudflare.com/turnstile/v0/siteverify";

export interface TurnstileCheck {
  secret: string;
  /** The widget's `cf-turnstile-response` value. */
  token: unknown;
  remoteIp?: string;
  fetch: typeof fetch;
  url?: string;
}

/**
 * Verifies a Turnstile token with siteverify. A missing or rejected token is a 403; an unreachable or
 * broken siteverify is a 503, never a pass: the check fails closed.
 *
 * @example
 * await assertTurnstile({ secret: env.TURNSTILE_SECRET_KEY, token: input["cf-turnstile-response"], fetch });
 */
export async function assertTurnstile(check: TurnstileCheck): Promise<void> {
  const token = typeof check.token === "string" ? check.token.trim() : "";
  // Siteverify rejects tokens over 2048 characters; there is no need to ask it about an empty one.
  if (token === "" || token.length > 2048) throw refused();
  const body = new URLSearchParams({ secret: check.secret, response: token });
  if (check.remoteIp) body.set("remoteip", check.remoteIp);
  let response: Awaited<ReturnType<typeof fetch>> | null = null;
  try {
    response = await check.fetch(check.url ?? TURNSTILE_SITEVERIFY_URL, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body,
    });
  } catch (error) {
    console.error("turnstile siteverify unreachable", error);
  }
  if (!response?.ok) throw unavailable(response?.status);
  const outcome: unknown = await response.json().catch(() => null);
  if (outcome === null) throw unavailable(response.status);
  if (typeof outcome !== "object" || outcome === null || (outcome as { success?: unknown }).success !== true) throw refused();
}

function unavailable(status: number | undefined): HttpError {
  if (status !== undefined) console.error("turnstile siteverify answered", status);
  return new HttpError(503, "the bot check is unavailable; try again shortly", { code: "turnstile_unavailable" });
}

function refused(): HttpError {
  return new HttpError(403, "the bot check failed; reload the page and try again", { code: "turnstile_failed" });
}
