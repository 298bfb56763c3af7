import type { Node } from "prosemirror-model";
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { prosemirrorToYXmlFragment } from "y-prosemirror";
import { htmlToRichDoc } from "../../src/cores/rich-text";
import { MAX_RICH_NESTING, richSchema, unstorableContent } from "../../src/shared/rich-schema";
import { ROOM_CLOSE } from "../../src/shared/room-protocol";
import { connect, editor, newPage, until } from "./room-client";

const { nodes, marks } = richSchema;

/** A paragraph of text inside `quotes` nested quotes: its text sits at level quotes + 2. */
const nestedQuotes = (quotes: number): Node => htmlToRichDoc(`${"<blockquote>".repeat(quotes)}<p>deep</p>${"</blockquote>".repeat(quotes)}`);
const figureWithoutSource = (): Node =>
  nodes.doc!.create(null, [nodes.figure!.create(null, [nodes.figure_image!.create(), nodes.figcaption!.create(null, richSchema.text("caption"))])]);
const linked = (href: string): Node => nodes.doc!.create(null, [nodes.paragraph!.create(null, richSchema.text("x", [marks.link!.create({ href })]))]);
const imaged = (src: string): Node => nodes.doc!.create(null, [nodes.paragraph!.create(null, [nodes.image!.create({ src })])]);

/** Whether the room takes `doc` written the way the browser editor writes it (y-prosemirror). */
async function roomAccepts(doc: Node): Promise<boolean> {
  const id = await newPage({ title: "", body: "" });
  const client = await connect(id, editor("writer"));
  prosemirrorToYXmlFragment(doc, client.doc.getXmlFragment("body"));
  client.doc.getText("title").insert(0, "after");
  const check = await connect(id, editor("check"));
  await until(async () => client.closed !== null || check.text("title") === "after");
  const accepted = client.closed === null;
  if (!accepted) expect(client.closed?.code).toBe(ROOM_CLOSE.REFUSED);
  client.close();
  check.close();
  return accepted;
}

describe("unstorableContent is the room's guard, seen from the editor's document", () => {
  it.each([
    ["the deepest nesting the room takes", nestedQuotes(MAX_RICH_NESTING - 2), null],
    ["one level deeper", nestedQuotes(MAX_RICH_NESTING - 1), `it would nest deeper than ${MAX_RICH_NESTING} levels`],
    ["a figure whose picture has no source (ProseMirror's filler, never written out)", figureWithoutSource(), null],
    ["an inline image without a source", imaged(""), "an image needs a safe source URL"],
    ["a javascript: link", linked("javascript:alert(1)"), "a link needs a safe address"],
    ["a tel: link", linked("tel:+15550100"), null],
    ["a data: image", imaged("data:image/png;base64,AAAA"), "an image needs a safe source URL"],
    ["a media image", imaged(`${env.MEDIA_URL}/a.png`), null],
  ])("%s: the editor says %j and the room agrees", async (_label, doc, reason) => {
    expect(unstorableContent(doc)).toBe(reason);
    expect(await roomAccepts(doc)).toBe(reason === null);
  });

  it("checks only the range it is given", () => {
    const doc = nodes.doc!.create(null, [nodes.paragraph!.create(null, richSchema.text("fine")), ...linked("javascript:x").content.content]);
    expect(unstorableContent(doc, 0, 6)).toBeNull();
    expect(unstorableContent(doc)).toBe("a link needs a safe address");
  });
});
