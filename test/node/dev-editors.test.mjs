// `npm run dev` keeps editors signed in: the local accounts are rewritten (which ends their
// sessions) only when CMS_DEV_PASSWORD, a name or a role changed. Runs against a real local D1
// (wrangler, a temporary --persist-to directory). Run: node --test test/node/dev-editors.test.mjs
import assert from "node:assert/strict";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import { editorsToWrite, ensureEditors, hashEditorPassword, verifyEditorPassword } from "../../scripts/lib/editors.mjs";
import { wrangler } from "../../scripts/wrangler-run.mjs";
import { migratedState } from "../e2e/migrated-state.mjs";

const PASSWORD = "dev password one";
const eddie = { email: "editor@example.test", name: "Eddie Editor", role: "editor", password: PASSWORD };
const pat = { email: "publisher@example.test", name: "Pat Publisher", role: "publisher", password: PASSWORD };

describe("editorsToWrite", () => {
  it("keeps an account whose stored hash verifies and whose name and role match, and writes any other", async () => {
    const stored = [
      { email: "Editor@Example.test", name: eddie.name, role: "editor", password_hash: await hashEditorPassword(PASSWORD) },
      { email: pat.email, name: pat.name, role: "publisher", password_hash: await hashEditorPassword(PASSWORD) },
    ];
    assert.deepEqual(await editorsToWrite([eddie, pat], stored, verifyEditorPassword), []);
    assert.deepEqual(await editorsToWrite([{ ...eddie, password: "a new password" }, pat], stored, verifyEditorPassword), [{ ...eddie, password: "a new password" }]);
    assert.deepEqual(await editorsToWrite([eddie, { ...pat, role: "editor" }], stored, verifyEditorPassword), [{ ...pat, role: "editor" }]);
    assert.deepEqual(await editorsToWrite([eddie, { ...pat, name: "Pat P." }], stored, verifyEditorPassword), [{ ...pat, name: "Pat P." }]);
    assert.deepEqual(await editorsToWrite([eddie, pat], stored.slice(1), verifyEditorPassword), [eddie]);
  });
});

describe("ensureEditors on a local D1", () => {
  const persistTo = mkdtempSync(join(tmpdir(), "cms-dev-editors-"));
  const d1 = async (sql) => JSON.parse(await wrangler(["d1", "execute", "DB", "--local", "--json", "--persist-to", persistTo, "--command", sql]))[0].results;
  const sessions = async () => (await d1("SELECT id FROM editor_sessions ORDER BY id")).map((row) => row.id);

  before(() => migratedState(persistTo));
  after(() => rmSync(persistTo, { recursive: true, force: true }));

  it("a restart with the same password keeps the sessions; a new password rewrites the accounts and ends them", async () => {
    assert.deepEqual((await ensureEditors([eddie, pat], { persistTo })).map((e) => e.email), [eddie.email, pat.email]);
    await d1("INSERT INTO editor_sessions (id, editor_id, expires_at) SELECT 'signed-in-' || id, id, 4102444800 FROM editors");
    const signedIn = await sessions();
    assert.equal(signedIn.length, 2);

    assert.deepEqual(await ensureEditors([eddie, pat], { persistTo }), []);
    assert.deepEqual(await sessions(), signedIn);

    const changed = await ensureEditors([{ ...eddie, password: "dev password two" }, { ...pat, password: "dev password two" }], { persistTo });
    assert.equal(changed.length, 2);
    assert.deepEqual(await sessions(), []);
  });
});
