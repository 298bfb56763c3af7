/*
 * How many times each write rule ran in this isolate. The write path promises each rule once per
 * write (docs/architecture.md, "Each rule once"); a test resets the tally, makes one write through
 * the real routes, room and D1, and reads it back. Counting is a few integer additions, so it
 * stays on in production rather than being a test-only path that could drift from the real one.
 */

/** The rules a write runs: field types, nesting depth, the site's `validate` hook, the publish privilege. */
export type WriteRule = "fields" | "depth" | "hook" | "publisher";

const tally: Record<WriteRule, number> = { fields: 0, depth: 0, hook: 0, publisher: 0 };

/**
 * Notes one run of `rule`.
 *
 * @example
 * noteRule("fields");
 */
export function noteRule(rule: WriteRule): void {
  tally[rule] += 1;
}

/**
 * The runs of each rule since the last {@link resetRuleTally}.
 *
 * @example
 * resetRuleTally(); await save(); ruleTally() // { fields: 1, depth: 1, hook: 1, publisher: 0 }
 */
export function ruleTally(): Readonly<Record<WriteRule, number>> {
  return { ...tally };
}

/** Starts the tally again from zero. */
export function resetRuleTally(): void {
  for (const rule of Object.keys(tally) as WriteRule[]) tally[rule] = 0;
}
