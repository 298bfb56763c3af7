import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { editorNames } from "../../src/auth";
import { uniqueEmail } from "./helpers";

async function addEditor(name: string): Promise<string> {
  const row = await env.DB.prepare("INSERT INTO editors (email, name, role, password_hash) VALUES (?1, ?2, 'editor', 'x') RETURNING id")
    .bind(uniqueEmail(), name)
    .first<{ id: number }>();
  return String(row!.id);
}

describe("editorNames", () => {
  it("maps editor ids to names and leaves out unknown and malformed ids", async () => {
    const a = await addEditor("Ada 👩🏽‍💻 Lovelace");
    const b = await addEditor("Bo");
    const names = await editorNames(env.DB, [a, b, "999999", "x'; DROP TABLE editors; --", "", "-1"]);
    expect(Object.fromEntries(names)).toEqual({ [a]: "Ada 👩🏽‍💻 Lovelace", [b]: "Bo" });
  });

  it("asks nothing for no ids", async () => {
    expect((await editorNames(env.DB, [])).size).toBe(0);
  });
});
