import { describe, expect, it } from "vitest";
import { myEditorId, type TeamLookup } from "../../src/client/comments/me";

/* The two reads the lookup may make, answering as a site would; `asked` counts them. */
function site(email: string | null, people: { id: number; name: string; email: string }[]) {
  const asked: string[] = [];
  const api: TeamLookup = {
    myEmail: async () => (asked.push("session"), email),
    people: async () => (asked.push("people"), people),
  };
  return { api, asked };
}

describe("which comments are mine", () => {
  it("a site with its own sign-in (no email): the page's editor id, as the server's isAuthoredBy names authors", async () => {
    const { api, asked } = site(null, [{ id: 4, name: "Ann", email: "" }]);
    expect(await myEditorId("acc-7f3", api)).toBe("acc-7f3");
    expect(await myEditorId(12, api)).toBe("12");
    expect(asked).toEqual([]);
  });

  it("a page that names no editor finds the signed-in email in the team list, or no one", async () => {
    expect(await myEditorId(undefined, site("ann@example.test", [{ id: 4, name: "Ann", email: "ann@example.test" }]).api)).toBe("4");
    expect(await myEditorId(null, site(null, [{ id: 4, name: "Ann", email: "" }]).api)).toBeNull();
  });
});
