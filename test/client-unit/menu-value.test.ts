import { describe, expect, it } from "vitest";
import { menuValue, readMenu } from "../../src/client/pages/menu-value";

/* The menu editor's reading and saving of labels per locale: what it saves is what the server's rule admits. */
describe("the menu editor's labels per locale", () => {
  it("reads each entry's labels, keeps labels of locales it does not show, and drops what is not an entry", () => {
    expect(readMenu([{ pageId: 2, label: "About", labels: { de: "Über uns", fr: "À propos" } }, { pageId: 1, label: "Home" }, { label: "no page" }, null])).toEqual([
      { pageId: 2, label: "About", labels: { de: "Über uns", fr: "À propos" } },
      { pageId: 1, label: "Home" },
    ]);
    expect(readMenu([{ pageId: 2, label: "About", labels: { de: 7 } }])).toEqual([{ pageId: 2, label: "About" }]);
    expect(readMenu(null)).toEqual([]);
  });

  it("saves trimmed labels, no label for a locale left empty, and no labels for an entry without any", () => {
    expect(
      menuValue([
        { pageId: 2, label: " About ", labels: { de: " Über uns " } },
        { pageId: 1, label: "Home", labels: { de: "   " } },
        { pageId: 3, label: "Team", labels: {} },
      ]),
    ).toEqual([{ pageId: 2, label: "About", labels: { de: "Über uns" } }, { pageId: 1, label: "Home" }, { pageId: 3, label: "Team" }]);
  });

  it("saves a menu read unchanged as it was read, so opening and saving changes nothing", () => {
    const stored = [{ pageId: 2, label: "About", labels: { de: "Über uns" } }, { pageId: 1, label: "Home" }];
    expect(menuValue(readMenu(stored).map((entry) => ({ ...entry, labels: { ...entry.labels } })))).toEqual(stored);
  });
});
