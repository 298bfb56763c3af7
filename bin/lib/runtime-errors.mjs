// What the local runtime said about its own failures. A D1 or R2 call through wrangler's Node API
// that fails inside the runtime (a database another process holds locked, say) rejects with only
// "internal error; reference = R"; the cause is what the runtime logged on its stderr, which
// Miniflare prints line by line through `console.error`: `…c++:N: error: <cause>`, then
// `stack: …; wdErrId = R`. While a proxy runs, those two lines are held back and kept by their
// reference, and `explain(error)` puts the cause into the error the call rejected with, so the
// command can tell a lock (asked again) from anything else and reports the cause once, not as a
// red stack trace printed beside its own message. Every other line is printed as before.
import { format, stripVTControlCharacters } from "node:util";

/** How long `explain` waits for the runtime's line to come after the call's rejection. */
const LINE_WAIT_MS = 1_000;
/** Causes kept, newest last: enough for the calls in flight at once. */
const KEPT = 64;
const CAUSE_LINE = /^\S+\.c\+\+:\d+: error: /;
const REFERENCE_LINE = /^stack: .*wdErrId = (\w+)/;
const REFERENCE = /internal error; reference = (\w+)/;

const readers = new Set();
let print = null;

/**
 * Starts reading the runtime's lines; `explain(error)` resolves with the error carrying its cause
 * (or the same error when it names none, or the cause never came), `stop()` ends the reading and
 * prints a line still held.
 *
 * @example
 * const runtime = readRuntimeErrors();
 * await db.prepare(sql).all().catch(async (error) => { throw await runtime.explain(error); });
 * runtime.stop();
 */
export function readRuntimeErrors() {
  const causes = new Map();
  let held = null;
  const reader = (line, show) => {
    const plain = stripVTControlCharacters(line);
    const reference = REFERENCE_LINE.exec(plain)?.[1];
    if (held !== null && reference !== undefined) {
      causes.set(reference, stripVTControlCharacters(held.line).replace(CAUSE_LINE, ""));
      if (causes.size > KEPT) causes.delete(causes.keys().next().value);
      held = null;
      return;
    }
    if (held !== null) held.show();
    held = null;
    if (CAUSE_LINE.test(plain)) held = { line, show };
    else show();
  };
  listen(reader);
  return {
    async explain(error) {
      const reference = REFERENCE.exec(String(error?.message))?.[1];
      if (reference === undefined) return error;
      for (const deadline = Date.now() + LINE_WAIT_MS; !causes.has(reference) && Date.now() < deadline; ) {
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      const cause = causes.get(reference);
      return cause === undefined ? error : new Error(`${error.message.split("\n")[0]} (the local runtime: ${cause})`, { cause: error });
    },
    stop() {
      held?.show();
      unlisten(reader);
    },
  };
}

/** One `console.error` for all readers, whichever order they stop in. */
function listen(reader) {
  if (readers.size === 0) {
    print = console.error;
    console.error = (...args) => {
      const line = format(...args);
      let shown = false;
      const show = () => {
        if (!shown) print(...args);
        shown = true;
      };
      if (readers.size === 0) return show();
      for (const each of readers) each(line, show);
    };
  }
  readers.add(reader);
}

function unlisten(reader) {
  readers.delete(reader);
  if (readers.size === 0 && print !== null) {
    console.error = print;
    print = null;
  }
}
