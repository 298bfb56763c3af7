import { HttpError, isHttpError, LouiseValidationError, type Violation } from "./errors";

/**
 * What every room RPC method (and every service method) answers. Errors cross the RPC boundary as
 * data because only an error's message survives being thrown across it; the status, code,
 * details and headers would be lost.
 *
 * @example
 * const value = unwrapRoomResult(await stub.saveDraft(session, { title: "Hi" }));
 */
export type RoomResult<T> =
  | { ok: true; value: T }
  | { ok: false; status: number; error: string; code?: string; details?: Record<string, unknown>; headers?: [string, string][] };

/**
 * Runs `work` and wraps its value or its `HttpError` (status, code, details, headers); anything
 * else is logged and becomes a bare 500.
 *
 * @example
 * saveDraft(...) { return roomResult(() => drafts.saveEdit(edit, outside)); }
 */
export async function roomResult<T>(work: () => Promise<T>): Promise<RoomResult<T>> {
  try {
    return { ok: true, value: await work() };
  } catch (error) {
    if (isHttpError(error)) {
      return {
        ok: false,
        status: error.status,
        error: error.message,
        ...(error.code ? { code: error.code } : {}),
        details: error.details,
        ...(error.headers.length > 0 ? { headers: error.headers } : {}),
      };
    }
    console.error("page room:", error);
    return { ok: false, status: 500, error: "internal error" };
  }
}

/**
 * A room's (or service's) answer as its value, or its error rebuilt as the same `HttpError` (a
 * 422 as a `LouiseValidationError` with its violations) with the answer as its `cause`, so an
 * error edge on this side answers exactly as if the error had been thrown here.
 *
 * @example
 * const saved = unwrapRoomResult(await stub.saveDraft(session, edit));
 */
export function unwrapRoomResult<T>(result: RoomResult<T>): T {
  if (result.ok) return result.value;
  const violations = result.details?.violations;
  if (result.status === 422 && Array.isArray(violations)) throw new LouiseValidationError(violations as Violation[], result.error, { cause: result });
  throw new HttpError(result.status, result.error, {
    ...(result.code ? { code: result.code } : {}),
    details: result.details ?? {},
    ...(result.headers ? { headers: result.headers } : {}),
    cause: result,
  });
}
