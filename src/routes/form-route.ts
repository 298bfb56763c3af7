import type { Table } from "drizzle-orm";
import { captureSubmission, notifySubmission, type FormDefinition, type FormEnv, type IncomingFile } from "../cores/forms";
import type { Mailer } from "../cores/notify";
import { tableMeta, type TableMeta } from "../cores/table-meta";
import { HttpError, isHttpError } from "../shared/errors";
import type { EditorRoute, EditorRouteEnv } from "../shared/route-types";
import { parseJsonObject, readBodyBytes } from "./body";
import { clientAddress, connectingIp, type ClientAddressTrust } from "./client-address";
import { assertSameOrigin } from "./guard";
import { json } from "./json";
import { matchPath } from "./match-path";
import { assertMethod, withErrorEdge } from "./run-editor-route";

/** Public form bodies are small; anything larger is refused (413) before it is parsed. */
export const MAX_FORM_BODY_BYTES = 64 * 1024;

export interface FormRouteConfig<Env extends EditorRouteEnv = EditorRouteEnv> {
  forms: readonly FormDefinition[];
  /** Shared table with properties `form` and `data` (JSON) for forms without a dedicated `table`. */
  genericTable?: Table;
  /** Mount point; default `/api/cms/forms` (a form posts to `<basePath>/<name>`). */
  basePath?: string;
  /** Used for Turnstile siteverify and notify webhooks; default the global `fetch`. */
  fetch?: typeof fetch;
  /** Clock in milliseconds; default `Date.now`. */
  now?: () => number;
  /** Siteverify endpoint; default Cloudflare's. */
  turnstileUrl?: string;
  /** The mailer for `notify.email`, built per request from the env (e.g. `createSendEmailMailer(env.SEND_EMAIL, …)`). */
  mailer?: (env: Env) => Mailer | undefined;
  /** Who a submitter is for the rate limit; default `clientAddress` (`CF-Connecting-IP` when trusted, an IPv6 client by its /64). */
  clientKey?: (request: Request) => string;
  /** When `CF-Connecting-IP` is believed (rate limit and bot check); default `"edge"`: only on Cloudflare's edge. */
  trustClientAddress?: ClientAddressTrust;
}

/**
 * Public form capture at `POST <basePath>/<name>`: same-origin checked, no session. Accepts JSON,
 * urlencoded and multipart bodies (file parts only for declared `file` fields), runs the form's spam
 * guard and validation, stores the row and fires `notify` through `ctx.waitUntil`. A plain HTML form
 * post gets a 303 to the form's thank-you URL; a `fetch` gets `{ "ok": true }`. A silently discarded
 * spam submission gets exactly the same answer.
 *
 * @example
 * const route = formRoute({ forms: [contactForm], genericTable: submissions, mailer: (env) => createSendEmailMailer(env.SEND_EMAIL, { from }) });
 */
export function formRoute<Env extends EditorRouteEnv>(config: FormRouteConfig<Env>): EditorRoute<Env> {
  const basePath = config.basePath ?? "/api/cms/forms";
  const doFetch = config.fetch ?? ((input, init) => fetch(input, init));
  const now = config.now ?? Date.now;
  const trust = config.trustClientAddress ?? "edge";
  const clientKey = config.clientKey ?? ((request: Request) => clientAddress(request, trust));
  const genericTable = config.genericTable ? tableMeta(config.genericTable) : undefined;
  const forms = new Map(config.forms.map((form) => [form.name, { form, table: storageOf(form, genericTable) }]));

  return withErrorEdge<Env>(async (request, env, ctx) => {
    const params = matchPath(`${basePath}/:name`, new URL(request.url).pathname);
    if (!params) return undefined;
    assertMethod(request, ["POST"]);
    const entry = forms.get(params.name as string);
    if (!entry) throw new HttpError(404, `no form named ${JSON.stringify(params.name)}`, { code: "not_found" });
    const { form } = entry;
    assertSameOrigin(request);
    const htmlPost = isHtmlFormPost(request);
    const formEnv = env as unknown as FormEnv;
    try {
      const values = await readFormValues(request, form);
      const ip = connectingIp(request, trust);
      const outcome = await captureSubmission(
        {
          db: env.DB,
          env: formEnv,
          ...(form.table ? { table: entry.table } : { genericTable: entry.table }),
          fetch: doFetch,
          now,
          ...(config.turnstileUrl ? { turnstileUrl: config.turnstileUrl } : {}),
        },
        form,
        { values, clientKey: clientKey(request), ...(ip ? { remoteIp: ip } : {}) },
      );
      if (outcome.stored && form.notify) {
        const mailer = config.mailer?.(env);
        const notice = { form: form.name, id: outcome.id, submittedAt: outcome.submittedAt, data: outcome.data };
        ctx.waitUntil(notifySubmission({ env: formEnv, fetch: doFetch, now, ...(mailer ? { mailer } : {}) }, form, notice));
      }
      return htmlPost ? seeOther(form.thankYouUrl, request) : json({ ok: true });
    } catch (error) {
      if (htmlPost && form.errorUrl && isHttpError(error) && error.status < 500) {
        const target = new URL(form.errorUrl, request.url);
        target.searchParams.set("form_error", error.code ?? String(error.status));
        return seeOther(target.toString(), request, error.status === 429 ? { "retry-after": retryAfterOf(error) } : {});
      }
      throw error;
    }
  });
}

function storageOf(form: FormDefinition, genericTable: TableMeta | undefined): TableMeta {
  if (!form.table) {
    if (!genericTable) throw new TypeError(`formRoute: form ${form.name} has no table and the route has no genericTable`);
    return genericTable;
  }
  const meta = tableMeta(form.table);
  for (const name of Object.keys(form.fields)) {
    if (!meta.columns[name]) throw new TypeError(`formRoute: field ${name} of form ${form.name} is not a column of ${meta.name}`);
  }
  return meta;
}

/*
 * A browser submitting a form without JavaScript navigates: it sends `Sec-Fetch-Mode: navigate` and
 * asks for HTML. `fetch` sends neither, so scripts get JSON even when they post FormData.
 */
function isHtmlFormPost(request: Request): boolean {
  const type = mediaType(request);
  if (type !== "application/x-www-form-urlencoded" && type !== "multipart/form-data") return false;
  const accept = request.headers.get("accept") ?? "";
  if (/application\/json/i.test(accept)) return false;
  return request.headers.get("sec-fetch-mode") === "navigate" || /text\/html/i.test(accept);
}

function mediaType(request: Request): string {
  return (request.headers.get("content-type") ?? "").split(";")[0]!.trim().toLowerCase();
}

function seeOther(location: string, request: Request, headers: Record<string, string> = {}): Response {
  return new Response(null, { status: 303, headers: { location: new URL(location, request.url).toString(), ...headers } });
}

function retryAfterOf(error: HttpError): string {
  return error.toResponse().headers.get("retry-after") ?? "60";
}

async function readFormValues(request: Request, form: FormDefinition): Promise<Record<string, unknown>> {
  const type = mediaType(request);
  const known = ["application/json", "application/x-www-form-urlencoded", "multipart/form-data"];
  if (!known.includes(type) && !/^application\/[\w.-]+\+json$/.test(type)) {
    throw new HttpError(415, `send the form as ${known.join(", ")}; got ${type || "no content type"}`, { code: "unsupported_media_type" });
  }
  const bytes = await readBodyBytes(request, MAX_FORM_BODY_BYTES);
  if (type === "application/x-www-form-urlencoded") return collect(new URLSearchParams(new TextDecoder().decode(bytes)));
  if (type === "multipart/form-data") return readMultipart(bytes, request.headers.get("content-type") as string, form);
  return parseJsonObject(new TextDecoder().decode(bytes));
}

async function readMultipart(bytes: Uint8Array, contentType: string, form: FormDefinition): Promise<Record<string, unknown>> {
  let data: FormData;
  try {
    data = await new Response(bytes, { headers: { "content-type": contentType } }).formData();
  } catch {
    throw new HttpError(400, "the body is not valid multipart/form-data", { code: "invalid_multipart" });
  }
  const entries: [string, unknown][] = [];
  // workers-types declares string-only entries, but with `formdata_parser_supports_files` (on by default
  // since 2021) file parts arrive as File objects.
  for (const [name, value] of data.entries() as unknown as Iterable<[string, string | File]>) {
    if (typeof value === "string") {
      entries.push([name, value]);
      continue;
    }
    if (form.fields[name]?.type !== "file") {
      throw new HttpError(415, `this form takes no file in ${JSON.stringify(name)}`, { code: "file_not_accepted" });
    }
    const file: IncomingFile = { kind: "file", name: value.name, type: value.type, bytes: new Uint8Array(await value.arrayBuffer()) };
    entries.push([name, file]);
  }
  return collect(entries);
}

// A repeated key becomes an array, which single-valued fields then refuse rather than silently keep one.
function collect(entries: Iterable<[string, unknown]>): Record<string, unknown> {
  const values = new Map<string, unknown>();
  for (const [name, value] of entries) {
    const seen = values.get(name);
    if (!values.has(name)) values.set(name, value);
    else values.set(name, Array.isArray(seen) ? [...seen, value] : [seen, value]);
  }
  return Object.fromEntries(values);
}
