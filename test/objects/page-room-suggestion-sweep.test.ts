import { describe, expect, it } from "vitest";
import * as Y from "yjs";
import { SUGGEST_INSERT, SUGGESTIONS_ROOT } from "../../src/shared/review-suggestions";
import { connect, editor, newestDraft, newPage, until, type YClient } from "./room-client";

/* Generous: the machine running the tests may be busy. */
const WAIT = 15_000;
const AT = "2026-11-28T16:00:00.000Z";

/* Ann suggests inserting `words` at the end of the title, as the browser does: the metadata first, then the marked words. */
function suggestInsert(client: YClient, id: string, words: string): void {
  const meta = new Y.Map<unknown>();
  client.doc.transact(() => {
    for (const [key, value] of Object.entries({ kind: "insert", field: "title", author: "ed-ann", authorName: "Ann", at: AT })) meta.set(key, value);
    client.doc.getMap(SUGGESTIONS_ROOT).set(id, meta);
  });
  const title = client.doc.getText("title");
  title.insert(title.length, words, { [SUGGEST_INSERT]: id });
}

/* An edit the room writes as a draft; waits until D1 holds it, so the room committed once more. */
async function commit(client: YClient, id: number, mark: string): Promise<void> {
  client.doc.getText("title").insert(0, mark, {});
  await until(async () => String((await newestDraft(id))?.title ?? "").startsWith(mark), WAIT);
}

describe("PageRoom drops a suggestion whose content an undo took back", () => {
  it("at the commits after its marked words are gone, the entry leaves cms:suggestions; one still marked stays", async () => {
    const id = await newPage({ title: "Launch" });
    const ann = await connect(id, editor("ann"));
    suggestInsert(ann, "s-undone", " soon");
    suggestInsert(ann, "s-kept", " now");
    await until(() => ann.acknowledged(), WAIT);
    await commit(ann, id, "a");
    // Ann's undo takes " soon" back; the room refuses a client that deletes the entry itself.
    const title = ann.doc.getText("title");
    title.delete(title.toString().indexOf(" soon"), 5);
    await commit(ann, id, "b");
    await commit(ann, id, "c");
    await until(() => !ann.doc.getMap(SUGGESTIONS_ROOT).has("s-undone"), WAIT);
    expect([...ann.doc.getMap(SUGGESTIONS_ROOT).keys()]).toEqual(["s-kept"]);
    expect(title.toString()).toBe("cbaLaunch now");
    expect(ann.closed).toBeNull();
    ann.close();
  });
});
