// The `export` and `import` commands: their flags, and the one line each prints when done.
import { resolve } from "node:path";
import { parseArgs } from "node:util";
import { D1_TARGET_OPTIONS, d1Target } from "./d1-target.mjs";

const OPTIONS = {
  ...D1_TARGET_OPTIONS,
  bucket: { type: "string" },
  "media-binding": { type: "string", default: "MEDIA" },
};

/** Where `export --remote` downloads from, and as whom. */
const REMOTE_OPTIONS = {
  url: { type: "string" },
  cookie: { type: "string" },
};

/** The D1 the flags name: local state unless `--remote`. */
function target(values) {
  return d1Target({ ...values, local: !values.remote });
}

/**
 * `cms-toolkit export <file> [--with-credentials] [--persist-to DIR] [-c wrangler.toml] [--database DB] [--bucket NAME]`,
 * or `cms-toolkit export <file> --remote --url https://site.example [--cookie SESSION]`: a deployment
 * is exported by its own `GET /api/cms/export`, the only reader that can flush its rooms first. The
 * toolkit has no access keys or service tokens, so the caller is an admin's sign-in session
 * (`--cookie`, else env `CMS_SESSION`).
 *
 * @example
 * await exportCommand(["site.cms", "--persist-to", ".wrangler/state"]);
 */
export async function exportCommand(args) {
  const { values, positionals } = parseArgs({ args, allowPositionals: true, options: { ...OPTIONS, ...REMOTE_OPTIONS, "with-credentials": { type: "boolean", default: false } } });
  if (positionals.length !== 1) throw new Error("export takes one file: npx cms-toolkit export site.cms");
  const manifest = values.remote ? await exportRemote(values, positionals[0]) : await exportLocal(values, positionals[0]);
  const rows = Object.values(manifest.counts).reduce((sum, count) => sum + count, 0);
  return `wrote ${positionals[0]}: ${rows} rows in ${Object.keys(manifest.counts).length} tables, ${manifest.objects} media objects${manifest.credentials ? ", with password hashes" : ""}`;
}

async function exportLocal(values, file) {
  if (values.url || values.cookie) throw new Error("--url and --cookie name a deployment: add --remote");
  const { bucketOf, exportSite } = await import("./export.mjs");
  const cwd = process.cwd();
  return exportSite({ file: resolve(file), target: target(values), cwd, withCredentials: values["with-credentials"], bucket: bucketOf(values, cwd) });
}

async function exportRemote(values, file) {
  if (!values.url) throw new Error("export --remote downloads the site's own export: name the site with --url https://your-site.example");
  if (values["with-credentials"]) throw new Error("export --remote never carries password hashes (the site's export leaves them out): drop --with-credentials");
  const cookie = values.cookie ?? process.env.CMS_SESSION;
  if (!cookie) throw new Error("export --remote signs in as an admin: pass their session cookie with --cookie (or env CMS_SESSION); cms-toolkit has no access keys");
  const { downloadSite } = await import("./remote-export.mjs");
  return downloadSite({ file: resolve(file), url: values.url, cookie });
}

/**
 * `cms-toolkit import <file> [--replace] [--from src/collections.ts] [--persist-to DIR | --remote] [-c wrangler.toml] [--database DB] [--bucket NAME]`:
 * with `--remote`, every read and write goes to the deployment (`wrangler d1 execute --remote`,
 * `r2 object put --remote`), after the whole archive verified, as for local state.
 *
 * @example
 * await importCommand(["site.cms", "--persist-to", ".wrangler/state"]);
 */
export async function importCommand(args) {
  const { values, positionals } = parseArgs({ args, allowPositionals: true, options: { ...OPTIONS, replace: { type: "boolean", default: false }, from: { type: "string" } } });
  if (positionals.length !== 1) throw new Error("import takes one file: npx cms-toolkit import site.cms");
  const { bucketOf } = await import("./export.mjs");
  const { importSite } = await import("./import.mjs");
  const cwd = process.cwd();
  const result = await importSite({
    file: resolve(positionals[0]),
    target: target(values),
    cwd,
    replace: values.replace,
    from: values.from,
    bucket: bucketOf(values, cwd),
  });
  const summary = `imported ${positionals[0]}: ${result.rows} rows, ${result.media} media objects, ${result.indexed} pages indexed for search`;
  // A save sanitizes rich text silently; an import says where, since an archive's HTML should already be clean.
  if (result.cleaned.length === 0) return summary;
  const { namedList } = await import("./archive-row-checks.mjs");
  return `${summary}\nsanitized the rich text of ${result.cleaned.length} value${result.cleaned.length === 1 ? "" : "s"} as a save would: ${namedList(result.cleaned)}`;
}
