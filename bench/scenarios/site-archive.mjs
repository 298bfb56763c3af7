// `cms-toolkit export` and `import` of a whole site: BENCH_EXPORT_PAGES published pages (default
// 10,000), each with a ~1.5 KB body and a draft over it, in a local state of their own (the bench
// worker's state holds the search scenario's corpus, which is no site content). Reports pages/s and
// archive MB/s of each command and its peak memory: the most resident memory the command, its
// local runtime and any wrangler run under it held at once, sampled from /proc every 50 ms (Linux
// only). The site is filled through the CLI's own writer, in batches: `wrangler d1 execute --file`
// took 198 s for one 4 MB file of rows at a load of ~17, and a 10,000-page site is ten of them.
import { spawn } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { d1Target } from "../../bin/lib/d1-target.mjs";
import { openSiteState } from "../../bin/lib/site-state.mjs";
import { wrangler } from "../../scripts/wrangler-run.mjs";
import { rssBytes } from "../lib/memory.mjs";
import { ratioFigure } from "../lib/stats.mjs";

export const name = "site-archive";

const PAGES = Number(process.env.BENCH_EXPORT_PAGES ?? 10_000);
/** Pages per INSERT: a page and its two versions are ~5 KB, and D1 refuses statements over 100 KB. */
const PER_STATEMENT = 15;
const CLI = "bin/cms-toolkit.mjs";
const CONFIG = "wrangler.toml";
const WORDS = ["editor", "archive", "garden", "river", "ledger", "harbour", "lantern", "meadow", "quarry", "violet"];

const quote = (text) => `'${String(text).replaceAll("'", "''")}'`;

function pageHtml(i) {
  const sentence = (n) => Array.from({ length: 14 }, (_, k) => WORDS[(i * 7 + n * 3 + k) % WORDS.length]).join(" ");
  return Array.from({ length: 12 }, (_, n) => `<p>${sentence(n)}.</p>`).join("");
}

/** SQL statements per batch when filling the site (~75 KB each). */
const SEED_BATCH = 50;

/** The SQL of the site: pages published at version `2i-1`, with a pending draft at `2i`. */
function* siteSql() {
  for (let from = 0; from < PAGES; from += PER_STATEMENT) {
    const pages = [];
    const versions = [];
    for (let i = from; i < Math.min(PAGES, from + PER_STATEMENT); i++) {
      const id = i + 1;
      const title = `Archive page ${id}`;
      const body = pageHtml(i);
      pages.push(`(${id}, ${quote(`archive-${id}`)}, ${quote(title)}, ${quote(body)}, '[]', ${2 * id - 1})`);
      const published = JSON.stringify({ slug: `archive-${id}`, title, body, sections: [] });
      const draft = JSON.stringify({ slug: `archive-${id}`, title: `${title} (draft)`, body, sections: [] });
      versions.push(`(${2 * id - 1}, ${id}, 'published', ${quote(published)})`, `(${2 * id}, ${id}, 'draft', ${quote(draft)})`);
    }
    yield `INSERT INTO pages (id, slug, title, body, sections, published_version_id) VALUES ${pages.join(", ")}`;
    yield `INSERT INTO pages_versions (id, parent_id, status, version_data) VALUES ${versions.join(", ")}`;
  }
}

/** Fills the source state through the CLI's own reader and writer: one runtime, batches of rows. */
async function fillSite(persistTo, scratch) {
  const state = await openSiteState({ target: d1Target({ local: true, config: CONFIG, "persist-to": persistTo }), cwd: process.cwd(), bucket: null, scratch });
  try {
    let batch = [];
    for (const statement of siteSql()) {
      batch.push(statement);
      if (batch.length === SEED_BATCH) {
        await state.execute(batch);
        batch = [];
      }
    }
    if (batch.length > 0) await state.execute(batch);
  } finally {
    await state.close();
  }
}

/* Every process under `pid` (itself included), from /proc. */
function tree(pid) {
  const children = new Map();
  for (const entry of readdirSync("/proc").filter((name) => /^\d+$/.test(name))) {
    try {
      const parent = Number(/^PPid:\s+(\d+)$/m.exec(readFileSync(`/proc/${entry}/status`, "utf8"))?.[1]);
      children.set(parent, [...(children.get(parent) ?? []), Number(entry)]);
    } catch {
      // gone meanwhile
    }
  }
  const all = [pid];
  for (let at = 0; at < all.length; at++) all.push(...(children.get(all[at]) ?? []));
  return all;
}

/** Runs the CLI; resolves with its wall time and the peak resident memory of its process tree. */
function timedCli(args) {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(process.execPath, [CLI, ...args], { stdio: ["ignore", "pipe", "pipe"], env: { ...process.env, CLOUDFLARE_CF_FETCH_ENABLED: "false", WRANGLER_SEND_METRICS: "false", CI: "true" } });
    let output = "";
    child.stdout.on("data", (chunk) => (output += chunk));
    child.stderr.on("data", (chunk) => (output += chunk));
    let peak = 0;
    const sample = setInterval(() => {
      const bytes = tree(child.pid).reduce((sum, pid) => sum + (rssBytes(pid) || 0), 0);
      peak = Math.max(peak, bytes);
    }, 50);
    child.on("close", (code) => {
      clearInterval(sample);
      const ms = performance.now() - started;
      if (code !== 0) reject(new Error(`cms-toolkit ${args[0]} exited ${code}\n${output}`));
      else resolve({ ms, peakMb: peak / 2 ** 20 });
    });
  });
}

async function freshState(root, label) {
  const dir = join(root, label);
  await wrangler(["d1", "migrations", "apply", "DB", "--local", "--config", CONFIG, "--persist-to", dir]);
  return dir;
}

export async function run() {
  const root = mkdtempSync(join(tmpdir(), "cms-bench-archive-"));
  try {
    const source = await freshState(root, "source");
    await fillSite(source, root);
    const archive = join(root, "site.cms");
    const exported = await timedCli(["export", archive, "-c", CONFIG, "--persist-to", source]);
    const mb = statSync(archive).size / 2 ** 20;
    const target = await freshState(root, "target");
    const imported = await timedCli(["import", archive, "-c", CONFIG, "--persist-to", target, "--from", "src/site/collections.ts"]);
    const row = (command, { ms }) => ({ scenario: `${command} of a ${PAGES}-page site (pages/s)`, rps: (PAGES / ms) * 1000, p50: NaN, p99: NaN });
    return {
      rows: [row("export", exported), row("import", imported)],
      figures: {
        archiveMb: mb,
        exportMbPerS: (mb / exported.ms) * 1000,
        importMbPerS: (mb / imported.ms) * 1000,
        exportPeakMb: exported.peakMb,
        importPeakMb: imported.peakMb,
      },
      // No goal: the figures the README's summary carries (pages/s, MB/s, peak memory).
      ratios: {
        exportRate: ratioFigure([(PAGES / exported.ms) * 1000], null, `export of a ${PAGES}-page site, pages/s`),
        exportMb: ratioFigure([(mb / exported.ms) * 1000], null, `export, archive MB/s`),
        exportPeak: ratioFigure([exported.peakMb], null, `export, peak memory MB (the command, its runtime and wrangler runs)`),
        importRate: ratioFigure([(PAGES / imported.ms) * 1000], null, `import of a ${PAGES}-page site, pages/s`),
        importMb: ratioFigure([(mb / imported.ms) * 1000], null, `import, archive MB/s`),
        importPeak: ratioFigure([imported.peakMb], null, `import, peak memory MB (the command, its runtime and wrangler runs)`),
      },
    };
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}
