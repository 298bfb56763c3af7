#!/usr/bin/env node
/*
 * `npm run test:cli`: the CLI's node:test files (test/node/*.test.mjs), two at a time, the longest
 * first. `node --test` sorts the files it is given by name, which would start the longest ones (the
 * site archive's round trips, an export while two editors type) late, to run alone at the end; here
 * they start at once and the short files fill the other slot.
 * Exit code 1 when any test fails. Run after `npm run build`: node scripts/test-cli.mjs
 */
import { readdirSync } from "node:fs";
import { join } from "node:path";
import { run } from "node:test";
import { spec } from "node:test/reporters";

const DIR = join(import.meta.dirname, "../test/node");
/** The files that take longest, in the order they start; every other file follows by name. */
const LONGEST = ["site-archive.test.mjs", "export-while-typing.test.mjs"];

const rank = (name) => (LONGEST.includes(name) ? LONGEST.indexOf(name) : LONGEST.length);
const files = readdirSync(DIR)
  .filter((name) => name.endsWith(".test.mjs"))
  .sort((a, b) => rank(a) - rank(b) || (a < b ? -1 : a > b ? 1 : 0))
  .map((name) => join(DIR, name));

const stream = run({ files, concurrency: 2 });
stream.on("test:fail", () => (process.exitCode = 1));
stream.compose(spec).pipe(process.stdout);
