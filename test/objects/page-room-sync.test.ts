import { describe, expect, it } from "vitest";
import { connect, editor, listOf, newPage, until, withoutIds } from "./room-client";

describe("PageRoom: editors converge", () => {
  it("seeds the document from the live row, one root type per field", async () => {
    const id = await newPage({ title: "Seeded", body: "<p>Hi <strong>there</strong></p>", sections: [{ type: "hero", heading: "Top" }] });
    const a = await connect(id, editor("ann"));
    expect(a.text("title")).toBe("Seeded");
    expect(a.doc.getXmlFragment("body").length).toBe(1);
    expect(withoutIds(listOf(a.doc))).toEqual([{ type: "hero", heading: "Top" }]);
    expect(listOf(a.doc)[0]?.id).toMatch(/^[a-z0-9]{12}$/);
    a.close();
  });

  it("two clients converge", async () => {
    const id = await newPage({ title: "ab" });
    const a = await connect(id, editor("ann"));
    const b = await connect(id, editor("bob"));
    a.doc.getText("title").insert(0, "A");
    b.doc.getText("title").insert(2, "B");
    await until(() => a.text("title") === b.text("title") && a.text("title").length === 4);
    expect(a.text("title")).toContain("A");
    expect(a.text("title")).toContain("B");
    a.close();
    b.close();
  });
});
