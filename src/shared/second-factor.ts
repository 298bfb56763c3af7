import { HttpError } from "./errors";
import type { EditorSession } from "./session";

/**
 * Refuses a session that must turn on a second factor before anything else (the site requires one
 * for its role): 403 `second_factor_required`. Every editor entry point admits sessions through
 * this (`admitEditor`, the room gate); only the second factor's own routes let such a session in.
 *
 * @example
 * assertSecondFactor(session); // throws for an admin without TOTP on a site that requires it
 */
export function assertSecondFactor(session: EditorSession): void {
  if (session.secondFactorMissing) {
    throw new HttpError(403, "this site requires two-step sign-in for your role: turn it on (Account in the edit bar's More menu) first", {
      code: "second_factor_required",
    });
  }
}
