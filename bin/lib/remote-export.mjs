// `cms-toolkit export --remote`: the deployment's own archive, downloaded from its
// `GET /api/cms/export` (which flushes the rooms first and writes the bytes a local export of the
// same state would), then verified as import verifies one before it is kept under its name.
import { createWriteStream, renameSync, rmSync } from "node:fs";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { verifyArchive } from "./archive.mjs";
import { checkCounts } from "./import.mjs";

/** The built-in sign-in's cookie, sent when `--cookie` gives a bare value. */
const SESSION_COOKIE = "cms_session";

/**
 * The `Cookie` header for a session given as `cms_session=<value>` (as a browser's developer tools
 * copy it) or as the bare value.
 *
 * @example
 * sessionCookie("abc.def") // "cms_session=abc.def"
 */
export function sessionCookie(session) {
  const value = session.trim();
  return value.includes("=") ? value : `${SESSION_COOKIE}=${value}`;
}

/**
 * Downloads the site at `url`'s archive to `file`, as the admin whose session `cookie` carries;
 * resolves with its manifest. Nothing is left under `file` unless the whole archive verified.
 *
 * @example
 * await downloadSite({ file: "site.cms", url: "https://site.example", cookie: "cms_session=…" })
 */
export async function downloadSite({ file, url, cookie, fetch = globalThis.fetch }) {
  const address = new URL("/api/cms/export", url);
  const response = await fetch(address, { headers: { cookie: sessionCookie(cookie) }, redirect: "manual" });
  if (response.status !== 200 || !response.body) throw new Error(`${address} answered ${response.status}: ${await refusal(response)}`);
  const partial = `${file}.part-${process.pid}`;
  try {
    await pipeline(Readable.fromWeb(response.body), createWriteStream(partial));
    const { manifest, headers } = await verifyArchive(partial);
    checkCounts(manifest, headers);
    renameSync(partial, file);
    return manifest;
  } catch (error) {
    rmSync(partial, { force: true });
    throw new Error(`the archive ${address} sent is not whole, so nothing was written: ${error.message}`);
  }
}

/** Why the site refused, in its own words, with what to do about the usual causes. */
async function refusal(response) {
  const text = await response.text();
  let said = text.slice(0, 300);
  try {
    said = JSON.parse(text).error ?? said;
  } catch {
    // Not the toolkit's JSON (a proxy's page): its first words are shown as they are.
  }
  if (response.status === 401) return `${said}. Sign in as an admin and pass the session cookie (--cookie, or env CMS_SESSION)`;
  if (response.status === 403) return `${said}. Exporting needs an admin's session`;
  if (response.status === 404) return `${said}. Is this a cms-toolkit site (its export is GET /api/cms/export)?`;
  return said;
}
