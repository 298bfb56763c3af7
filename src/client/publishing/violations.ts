/** One thing publish refused, as a 422's `violations` lists it: where (`sections.1.heading`) and why. */
export interface PublishViolation {
  path: string;
  message: string;
}

/**
 * The violations of a 422 body, or none when it has no list.
 *
 * @example
 * readViolations({ error: "invalid", violations: [{ path: "sections.0.heading", message: "heading is required" }] })
 * // [{ path: "sections.0.heading", message: "heading is required" }]
 */
export function readViolations(body: unknown): PublishViolation[] {
  const list = body !== null && typeof body === "object" ? (body as { violations?: unknown }).violations : null;
  if (!Array.isArray(list)) return [];
  return list.flatMap((v: { path?: unknown; message?: unknown } | null) =>
    v && typeof v.path === "string" && typeof v.message === "string" ? [{ path: v.path, message: v.message }] : [],
  );
}
