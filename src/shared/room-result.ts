import { isHttpError } from "./errors";

/**
 * What every room RPC method answers. Errors cross the DO RPC boundary as data because only an
 * error's message survives being thrown across it; the status, code and violations would be lost.
 *
 * @example
 * const result = await stub.saveDraft(session, { title: "Hi" });
 * if (!result.ok) throw new HttpError(result.status, result.error, { code: result.code, details: result.details });
 */
export type RoomResult<T> =
  | { ok: true; value: T }
  | { ok: false; status: number; error: string; code?: string; details?: Record<string, unknown> };

/** Runs `work` and wraps its value or its `HttpError`; anything else is logged and becomes a bare 500. */
export async function roomResult<T>(work: () => Promise<T>): Promise<RoomResult<T>> {
  try {
    return { ok: true, value: await work() };
  } catch (error) {
    if (isHttpError(error)) {
      return { ok: false, status: error.status, error: error.message, ...(error.code ? { code: error.code } : {}), details: error.details };
    }
    console.error("page room:", error);
    return { ok: false, status: 500, error: "internal error" };
  }
}
