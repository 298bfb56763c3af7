// The D1 databases, R2 buckets and KV namespaces a site's wrangler.toml binds, found in the
// Cloudflare account by name or created there, through wrangler's own list and create commands.
// Each list is asked once per deploy; a created D1 database or KV namespace is listed again for its
// id, so nothing depends on the wording of wrangler's create output.
import { isPlaceholderId, RESOURCE_TABLES } from "./wrangler-toml.mjs";

/**
 * What deploy does for one binding table of `readBindings`: `{ table, binding, kind, name, id,
 * action }` where action is "keep" (its id is real), or "find or create" (an id to fill in, or an
 * R2 bucket, which has none). A KV namespace is named `<worker>-<binding>`.
 *
 * @example
 * resourcePlan({ table: "r2_buckets", keys: { binding: "MEDIA", bucket_name: "my-site-media" } }, "my-site")
 * // { table: "r2_buckets", binding: "MEDIA", kind: "R2 bucket", name: "my-site-media", id: null, action: "find or create" }
 */
export function resourcePlan({ table, keys, line }, workerName) {
  const { kind, nameKey, idKey } = RESOURCE_TABLES[table];
  const binding = keys.binding;
  if (!binding) throw new Error(`wrangler.toml line ${line + 1}: a [[${table}]] table without binding = "…"`);
  const name = nameKey ? keys[nameKey] : `${workerName}-${binding}`;
  if (!name) throw new Error(`wrangler.toml: the ${kind} bound as ${binding} has no ${nameKey}: name it, and deploy creates or finds it by that name`);
  const id = idKey ? (keys[idKey] ?? null) : null;
  const action = idKey && !isPlaceholderId(id) ? "keep" : "find or create";
  return { table, binding, kind, name, id, action, line };
}

/** Parses a list command's JSON answer (from its first line that opens an array), or fails naming the command. */
function parseList(output, command) {
  const start = output.search(/^\[/m);
  try {
    return JSON.parse(output.slice(Math.max(start, 0)));
  } catch {
    throw new Error(`wrangler ${command} did not answer a JSON list:\n${output}`);
  }
}

/** The account's resources of one kind, by name: `Map<name, id>` (an R2 bucket's id is its name). */
const LISTS = {
  d1_databases: async (wrangler) =>
    new Map(parseList(await wrangler(["d1", "list", "--json"], { stdoutOnly: true }), "d1 list --json").map((db) => [db.name, db.uuid])),
  r2_buckets: async (wrangler) =>
    new Map([...(await wrangler(["r2", "bucket", "list"], { stdoutOnly: true })).matchAll(/^name:\s+(\S+)\s*$/gm)].map(([, name]) => [name, name])),
  kv_namespaces: async (wrangler) =>
    new Map(parseList(await wrangler(["kv", "namespace", "list"], { stdoutOnly: true }), "kv namespace list").map((ns) => [ns.title, ns.id])),
};

const CREATE = {
  d1_databases: (name) => ["d1", "create", name],
  r2_buckets: (name) => ["r2", "bucket", "create", name],
  kv_namespaces: (name) => ["kv", "namespace", "create", name],
};

/**
 * Finds or creates each planned resource whose action is "find or create"; resolves with the plan
 * entries completed by `{ id, outcome: "kept" | "reused" | "created" }`. `wrangler(args, options)`
 * runs one wrangler command (with the site's --config) and resolves with its output (stdout alone
 * with `{ stdoutOnly: true }`); `say` reports each step.
 *
 * @example
 * const done = await provisionResources(plans, (args) => runWrangler([...args, "--config", config], { cwd }), console.log);
 */
export async function provisionResources(plans, wrangler, say) {
  const lists = new Map();
  const listOf = async (table) => {
    if (!lists.has(table)) lists.set(table, await LISTS[table](wrangler));
    return lists.get(table);
  };
  const done = [];
  for (const plan of plans) {
    if (plan.action === "keep") {
      say(`${plan.kind} ${plan.name} (${plan.binding}): kept, id ${plan.id}`);
      done.push({ ...plan, outcome: "kept" });
      continue;
    }
    const found = (await listOf(plan.table)).get(plan.name);
    if (found !== undefined) {
      say(`${plan.kind} ${plan.name} (${plan.binding}): reused the existing one${plan.table === "r2_buckets" ? "" : `, id ${found}`}`);
      done.push({ ...plan, id: plan.table === "r2_buckets" ? null : found, outcome: "reused" });
      continue;
    }
    await wrangler(CREATE[plan.table](plan.name));
    // A bucket is known by its name; a database's or namespace's id is read back from the list.
    if (plan.table === "r2_buckets") lists.get(plan.table).set(plan.name, plan.name);
    else lists.delete(plan.table);
    const id = (await listOf(plan.table)).get(plan.name);
    if (id === undefined) throw new Error(`wrangler created the ${plan.kind} ${plan.name}, but it is not in the account's list: run the deploy again`);
    say(`${plan.kind} ${plan.name} (${plan.binding}): created${plan.table === "r2_buckets" ? "" : `, id ${id}`}`);
    done.push({ ...plan, id: plan.table === "r2_buckets" ? null : id, outcome: "created" });
  }
  return done;
}
