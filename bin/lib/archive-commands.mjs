// The `export` and `import` commands: their flags, and the one line each prints when done.
import { resolve } from "node:path";
import { parseArgs } from "node:util";
import { D1_TARGET_OPTIONS, d1Target } from "./d1-target.mjs";

const OPTIONS = {
  ...D1_TARGET_OPTIONS,
  bucket: { type: "string" },
  "media-binding": { type: "string", default: "MEDIA" },
};

/** The local D1 the flags name; `--remote` is refused until a deployment can be reached consistently. */
function localTarget(values, command) {
  if (values.remote) throw new Error(`${command} --remote is not supported yet: export and import act on local state (--persist-to DIR)`);
  return d1Target({ ...values, local: true });
}

/**
 * `cms-toolkit export <file> [--with-credentials] [--persist-to DIR] [-c wrangler.toml] [--database DB] [--bucket NAME]`
 *
 * @example
 * await exportCommand(["site.cms", "--persist-to", ".wrangler/state"]);
 */
export async function exportCommand(args) {
  const { values, positionals } = parseArgs({ args, allowPositionals: true, options: { ...OPTIONS, "with-credentials": { type: "boolean", default: false } } });
  if (positionals.length !== 1) throw new Error("export takes one file: npx cms-toolkit export site.cms");
  const { bucketOf, exportSite } = await import("./export.mjs");
  const cwd = process.cwd();
  const manifest = await exportSite({
    file: resolve(positionals[0]),
    target: localTarget(values, "export"),
    cwd,
    withCredentials: values["with-credentials"],
    bucket: bucketOf(values, cwd),
  });
  const rows = Object.values(manifest.counts).reduce((sum, count) => sum + count, 0);
  return `wrote ${positionals[0]}: ${rows} rows in ${Object.keys(manifest.counts).length} tables, ${manifest.objects} media objects${manifest.credentials ? ", with password hashes" : ""}`;
}

/**
 * `cms-toolkit import <file> [--replace] [--from src/collections.ts] [--persist-to DIR] [-c wrangler.toml] [--database DB] [--bucket NAME]`
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
    target: localTarget(values, "import"),
    cwd,
    replace: values.replace,
    from: values.from,
    bucket: bucketOf(values, cwd),
  });
  return `imported ${positionals[0]}: ${result.rows} rows, ${result.media} media objects, ${result.indexed} pages indexed for search`;
}
