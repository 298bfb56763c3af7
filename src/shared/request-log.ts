/*
 * Request logs: every answer of the CMS carries `x-request-id`, and every write logs exactly one
 * JSON line naming that id, who wrote, what, the outcome and how long it took. Lines are built
 * here from named fields only (never from headers, bodies, cookies or tokens), so nothing secret
 * can reach a log through them. Where lines go is a sink: console by default (Workers Logs keeps
 * JSON lines as structured records), or whatever a site or a test hands in.
 */

/** The line of one write: one per write, whichever entry point took it. */
export interface WriteLogLine {
  level: "info";
  requestId: string;
  /** `<METHOD> <path>` with record ids as `:id` (`POST /api/cms/pages/:id/publish`), or a room action (`room.flush`). */
  action: string;
  /** Who wrote: the editor's email (a sign-in: the email tried); `null` for a visitor. */
  actor: string | null;
  collection?: string;
  id?: number;
  /** The version the write made or published, when it made one. */
  version?: number;
  /** The HTTP status of a request; for a room's own write `"ok"`, `"refused"` (invalid content, kept pending) or `"failed"` (retried). */
  outcome: number | "ok" | "refused" | "failed";
  ms: number;
}

/** The line of a failure: its cause, logged once, beside the write's own line. */
export interface ErrorLogLine {
  level: "error";
  requestId: string;
  action: string;
  /** The error's name, message and stack. */
  cause: string;
}

export type LogLine = WriteLogLine | ErrorLogLine;

/** Where log lines go. */
export type LogSink = (line: LogLine) => void;

/**
 * The default sink: one JSON line per entry, `console.error` for failures and `console.log` for
 * the rest (Workers Logs indexes both).
 *
 * @example
 * consoleLogSink({ level: "info", requestId: "8c1…", action: "PATCH /api/cms/pages/:id", actor: "ed@example.com", outcome: 201, ms: 12 });
 */
export const consoleLogSink: LogSink = (line) => {
  if (line.level === "error") console.error(JSON.stringify(line));
  else console.log(JSON.stringify(line));
};

let defaultSink: LogSink = consoleLogSink;

/**
 * Replaces the sink of every CMS in this isolate that was given none (`log` in `createCms`): a
 * test suite silences or captures lines with it, since rooms and routes of the reference site run
 * in the test's isolate. `null` drops lines.
 *
 * @example
 * setDefaultLogSink((line) => captured.push(line));
 */
export function setDefaultLogSink(sink: LogSink | null): void {
  defaultSink = sink ?? (() => {});
}

/**
 * The sink to write to: the configured one, else the isolate's default (looked up at each line, so
 * a later {@link setDefaultLogSink} applies).
 *
 * @example
 * logSinkOf(config.log)(line);
 */
export function logSinkOf(configured: LogSink | undefined): LogSink {
  return configured ?? ((line) => defaultSink(line));
}

/** Response header carrying the request's id. */
export const REQUEST_ID_HEADER = "x-request-id";

/** What one request has told its log so far: its id and sink, and what the routes learned. */
interface RequestNote {
  id: string;
  sink: LogSink;
  actor: string | null;
  record: { collection?: string; id?: number; version?: number };
}

const notes = new WeakMap<Request, RequestNote>();

/* A `cf-ray` is a hex id and a colo ("8c1f2a3b4c5d6e7f-AMS"); anything else is not echoed. */
const RAY = /^[A-Za-z0-9-]{1,64}$/;

/**
 * The id of a request: its `cf-ray` when Cloudflare's edge set one, else one generated once per
 * request (asking again answers the same id).
 *
 * @example
 * requestIdOf(request) // "8c1f2a3b4c5d6e7f-AMS"
 */
export function requestIdOf(request: Request): string {
  return noteOf(request).id;
}

function noteOf(request: Request, sink?: LogSink): RequestNote {
  let note = notes.get(request);
  if (!note) {
    const ray = request.headers.get("cf-ray");
    note = { id: ray !== null && RAY.test(ray) ? ray : crypto.randomUUID(), sink: logSinkOf(sink), actor: null, record: {} };
    notes.set(request, note);
  } else if (sink) note.sink = sink;
  return note;
}

/**
 * Opens the log of one request with its sink: the request-log edge calls it first, so every later
 * note and error line of the request goes to that sink under one id.
 *
 * @example
 * const id = openRequestLog(request, config.log);
 */
export function openRequestLog(request: Request, sink: LogSink | undefined): string {
  return noteOf(request, sink).id;
}

/**
 * Records who makes the request (the editor's email; a sign-in's email as typed). Called once by
 * the editor guard and by sign-in, never with anything secret.
 *
 * @example
 * noteActor(request, session.email);
 */
export function noteActor(request: Request, actor: string): void {
  noteOf(request).actor = actor;
}

/**
 * Records the record a write addresses when its path does not say it (an inline save names its
 * field in the body), and the version it made.
 *
 * @example
 * noteRecord(request, { collection: "pages", id: 12, version: 40 });
 */
export function noteRecord(request: Request, record: { collection?: string; id?: number; version?: number }): void {
  const note = noteOf(request);
  note.record = { ...note.record, ...record };
}

/** What the request's routes noted: the actor and the record. */
export function requestNotes(request: Request): { actor: string | null; record: { collection?: string; id?: number; version?: number } } {
  const note = noteOf(request);
  return { actor: note.actor, record: note.record };
}

/**
 * Logs the cause of a failed request once, as an `error` line under the request's id.
 *
 * @example
 * logRequestError(request, error);
 */
export function logRequestError(request: Request, error: unknown): void {
  const note = noteOf(request);
  note.sink({ level: "error", requestId: note.id, action: actionOf(request), cause: causeOf(error) });
}

/**
 * Logs one write's line through the request's sink.
 *
 * @example
 * logWrite(request, { ...fields });
 */
export function logRequestWrite(request: Request, line: Omit<WriteLogLine, "level" | "requestId">): void {
  const note = noteOf(request);
  note.sink({ level: "info", requestId: note.id, ...line });
}

/**
 * `<METHOD> <path>` with numeric path segments as `:id`, so one route's lines group together and
 * no query string (which may carry a token) is logged.
 *
 * @example
 * actionOf(new Request("https://site.test/api/cms/pages/12/publish", { method: "POST" })) // "POST /api/cms/pages/:id/publish"
 */
export function actionOf(request: Request): string {
  const path = new URL(request.url).pathname
    .split("/")
    .map((segment) => (/^\d+$/.test(segment) ? ":id" : segment))
    .join("/");
  return `${request.method} ${path}`;
}

/**
 * The cause of an error as one string: name, message and stack, then its `cause`'s after
 * "caused by:" (an error's own text, never the request's).
 *
 * @example
 * causeOf(new Error("D1 is down")) // "Error: D1 is down\n    at …"
 */
export function causeOf(error: unknown): string {
  if (error instanceof Error) {
    const head = `${error.name}: ${error.message}`;
    const own = error.stack?.includes(error.message) ? error.stack : `${head}${error.stack ? `\n${error.stack}` : ""}`;
    // A wrapping error names what failed, its cause why: the line keeps both.
    return error.cause === undefined ? own : `${own}\ncaused by: ${causeOf(error.cause)}`;
  }
  return String(error);
}
