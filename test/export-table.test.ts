import { describe, expect, it } from "vitest";
import pkg from "../package.json";
import readme from "../README.md?raw";
import authEntry from "../src/auth/index.ts?raw";
import clientEntry from "../src/client/index.ts?raw";
import commerceEntry from "../src/commerce/index.ts?raw";
import paymentsEntry from "../src/commerce/payments/index.ts?raw";
import posEntry from "../src/commerce/pos/index.ts?raw";
import platformEntry from "../src/commerce/storefront-platform/index.ts?raw";
import storefrontEntry from "../src/commerce/storefront/index.ts?raw";
import rootEntry from "../src/index.ts?raw";
import roomProtocolEntry from "../src/room-protocol.ts?raw";
import routesEntry from "../src/routes-entry.ts?raw";
import schemaEntry from "../src/schema.ts?raw";
import workersEntry from "../src/workers.ts?raw";

/*
 * The README's API reference lists every public name, and only public names: for each subpath, the
 * names in the first column of its table (`### \`cms-toolkit/<subpath>\``) equal the names its
 * entry exports, types included. Entries use explicit `export { … } from` lists only (no
 * `export *`, no local declarations), so the names are read from the entry's text; the loaded
 * module's values must all be among them, which keeps that reading honest.
 */
const CLIENT_ENTRY = "../src/client/index";

const ENTRIES: Record<string, { text: string; load: () => Promise<Record<string, unknown>> }> = {
  "cms-toolkit": { text: rootEntry, load: () => import("../src/index") },
  "cms-toolkit/routes": { text: routesEntry, load: () => import("../src/routes-entry") },
  "cms-toolkit/workers": { text: workersEntry, load: () => import("../src/workers") },
  "cms-toolkit/auth": { text: authEntry, load: () => import("../src/auth/index") },
  "cms-toolkit/schema": { text: schemaEntry, load: () => import("../src/schema") },
  "cms-toolkit/room-protocol": { text: roomProtocolEntry, load: () => import("../src/room-protocol") },
  // The browser entry is type-checked by tsconfig.client.json (DOM); here it only has to load.
  "cms-toolkit/client": { text: clientEntry, load: () => import(/* @vite-ignore */ CLIENT_ENTRY) },
  "cms-toolkit/commerce": { text: commerceEntry, load: () => import("../src/commerce/index") },
  "cms-toolkit/commerce/payments": { text: paymentsEntry, load: () => import("../src/commerce/payments/index") },
  "cms-toolkit/commerce/storefront": { text: storefrontEntry, load: () => import("../src/commerce/storefront/index") },
  "cms-toolkit/commerce/storefront-platform": { text: platformEntry, load: () => import("../src/commerce/storefront-platform/index") },
  "cms-toolkit/commerce/pos": { text: posEntry, load: () => import("../src/commerce/pos/index") },
};

/** Names an entry exports: the public side (`b` of `a as b`) of every `export { … } from` and `export type { … } from`. */
function entryNames(text: string): string[] {
  const code = text.replace(/\/\*[\s\S]*?\*\//g, "").replace(/\/\/.*$/gm, "");
  const names: string[] = [];
  for (const [, list] of code.matchAll(/export\s+(?:type\s+)?\{([^}]*)\}\s*from/g)) {
    for (const part of list!.split(",")) {
      const name = part.trim().replace(/^type\s+/, "").split(/\s+as\s+/).pop()!.trim();
      if (name) names.push(name);
    }
  }
  return names;
}

/** For each `### \`cms-toolkit…\`` section of the README, the leading identifier of every code span in its table's first column. */
function readmeTables(text: string): Map<string, string[]> {
  const tables = new Map<string, string[]>();
  let section: string[] | null = null;
  for (const line of text.split("\n")) {
    if (/^#{1,3}\s/.test(line)) {
      const heading = /^###\s+`(cms-toolkit[^`]*)`/.exec(line)?.[1];
      section = heading ? [] : null;
      if (heading) tables.set(heading, section!);
      continue;
    }
    if (!section || !line.startsWith("| `")) continue;
    const firstCell = line.slice(2, line.indexOf(" | ", 2));
    for (const [, span] of firstCell.matchAll(/`([^`]*)`/g)) {
      const name = /^[A-Za-z_$][\w$]*/.exec(span!)?.[0];
      if (name) section.push(name);
    }
  }
  return tables;
}

const tables = readmeTables(readme);
const sorted = (names: Iterable<string>) => [...new Set(names)].sort();

describe("the README's export table", () => {
  it("has one section per package subpath, and an entry for each", () => {
    const subpaths = Object.keys(pkg.exports).filter((key) => key !== "./package.json");
    const expected = sorted(subpaths.map((key) => (key === "." ? "cms-toolkit" : `cms-toolkit/${key.slice(2)}`)));
    expect(sorted(tables.keys())).toEqual(expected);
    expect(sorted(Object.keys(ENTRIES))).toEqual(expected);
  });

  it.each(Object.keys(ENTRIES))("%s: the table lists exactly what the entry exports", async (subpath) => {
    const { text, load } = ENTRIES[subpath]!;
    const exported = entryNames(text);
    expect(exported.length, `${subpath} exports names`).toBeGreaterThan(0);
    const values = Object.keys(await load());
    expect(values.filter((name) => !exported.includes(name)), `${subpath} values its text does not list`).toEqual([]);
    const listed = tables.get(subpath) ?? [];
    expect(listed.filter((name, i) => listed.indexOf(name) !== i), `${subpath} names listed twice`).toEqual([]);
    expect(sorted(exported).filter((name) => !listed.includes(name)), `${subpath} exports missing from the README`).toEqual([]);
    expect(sorted(listed).filter((name) => !exported.includes(name)), `${subpath} README names it does not export`).toEqual([]);
    // The first import of an entry transforms its whole module graph, slow on a loaded machine.
  }, 60_000);
});
