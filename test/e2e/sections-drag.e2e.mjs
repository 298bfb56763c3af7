// Follow-ups to the sections editor (issue 22): a section dragged to its place with a pointer is
// one move, live for the other editor and undone in one step; a write from outside to a section
// field in view is noted; the other editor's caret follows their typing in a section added live.
import assert from "node:assert/strict";
import { api, converge, waitForStatus } from "./browser.mjs";
import { addSection, field, onFreshPage, outline, section, SECTIONS, START } from "./sections-editor.e2e.mjs";

const START_OUTLINE = ["hero: Top heading | Hero words", "features: Points | One | first | Two | second", "quote: Said once | Someone"].join("\n");

/** The middle of `locator`'s box, in the page's viewport. */
async function middle(locator) {
  const box = await locator.boundingBox();
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

/** Presses the pointer on `handle` and moves it, in steps, to `at(box of over)`: by default a few pixels below its top. */
async function dragOnto(page, handle, over, at = (box) => ({ x: null, y: box.y + 4 })) {
  const from = await middle(handle);
  const to = at(await over.boundingBox());
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  await page.mouse.move(to.x ?? from.x, to.y, { steps: 12 });
}

export const tests = [
  {
    name: "sections drag: A drags the third section above the first (Escape cancels a drag) and a list item before another, B's typing in another section is kept, Undo puts it back",
    async run(ctx) {
      const { a, b } = await onFreshPage(ctx);
      await a.setViewportSize({ width: 1100, height: 1400 });
      const typed = " typed by B meanwhile";
      await field(b, "sections.1.heading").click();
      await b.keyboard.press("End");
      const typing = b.keyboard.type(typed, { delay: 60 });
      const handle = section(a, 2).getByRole("button", { name: "Drag to reorder section" });

      // Escape while dragging puts everything back: no move, no line left behind.
      await dragOnto(a, handle, section(a, 0));
      await a.locator(".cms-drop-line").waitFor();
      await a.keyboard.press("Escape");
      await a.mouse.up();
      assert.equal(await a.locator(".cms-drop-line").count(), 0);
      assert.equal(await section(a, 2).getAttribute("class"), "quote");

      // A drop line shows where the section goes; the drop is one move for both editors.
      await dragOnto(a, handle, section(a, 0));
      const line = await a.locator(".cms-drop-line").boundingBox();
      const first = await section(a, 0).boundingBox();
      assert.ok(Math.abs(line.y - first.y) <= 4, `the drop line (${line.y}) is at the first section's top (${first.y})`);
      await a.mouse.up();
      await typing;
      const moved = [`quote: Said once | Someone`, `hero: Top heading | Hero words`, `features: Points${typed} | One | first | Two | second`].join("\n");
      await converge([a, b], outline, moved);
      await converge([a, b], (page) => field(page, "sections.0.text").textContent(), "Said once");

      // One Undo takes the drag back.
      await a.locator(".cms-bar").getByRole("button", { name: "Undo" }).click();
      const back = [`hero: Top heading | Hero words`, `features: Points${typed} | One | first | Two | second`, `quote: Said once | Someone`].join("\n");
      await converge([a, b], outline, back);
      assert.equal(await a.locator(SECTIONS).count(), 3);

      // Items laid out in a row drag the same way: the second feature dropped left of the first.
      const items = section(a, 1).locator("li");
      const second = items.nth(1).getByRole("button", { name: "Drag to reorder item" });
      await dragOnto(a, second, items.nth(0), (box) => ({ x: box.x + 6, y: box.y + box.height / 2 }));
      await a.mouse.up();
      await converge([a, b], outline, back.replace("One | first | Two | second", "Two | second | One | first"));
    },
  },
  {
    name: "sections drag: B types into the very section A drags away and back; every letter lands in it, B's caret stays in it, and the draft has it",
    async run(ctx) {
      const { id, owner, a, b } = await onFreshPage(ctx);
      await a.setViewportSize({ width: 1100, height: 1400 });
      await b.setViewportSize({ width: 1100, height: 1400 });
      const typed = " typed while it moved";
      await field(b, "sections.1.heading").click();
      await b.keyboard.press("End");
      const typing = b.keyboard.type(typed, { delay: 80 });
      // The features section B is typing in goes to the top, then below the quote.
      await dragOnto(a, section(a, 1).getByRole("button", { name: "Drag to reorder section" }), section(a, 0));
      await a.mouse.up();
      await converge([a, b], (page) => section(page, 0).getAttribute("class"), "features");
      await dragOnto(a, section(a, 0).getByRole("button", { name: "Drag to reorder section" }), section(a, 2), (box) => ({ x: null, y: box.y + box.height - 4 }));
      await a.mouse.up();
      await typing;
      const moved = ["hero: Top heading | Hero words", "quote: Said once | Someone", `features: Points${typed} | One | first | Two | second`].join("\n");
      await converge([a, b], outline, moved);
      assert.match(await b.evaluate(() => document.activeElement?.getAttribute("data-cms-field") ?? ""), /:sections\.2\.heading$/);
      const newestDraft = async () => {
        const { items } = await api(owner.context, ctx.site, "GET", `/api/cms/pages/${id}/versions?limit=1`);
        return (items[0]?.versionData?.sections ?? []).map((entry) => entry.heading ?? entry.type).join(" / ");
      };
      await converge([null], newestDraft, `Top heading / quote / Points${typed}`, 15_000);
    },
  },
  {
    name: "sections follow-ups: a write from outside the page (REST) to the section field in view is noted on the status line",
    async run(ctx) {
      const { id, owner, a } = await onFreshPage(ctx);
      await field(a, "sections.0.heading").click();
      const heading = "Top heading, from the API";
      await api(owner.context, ctx.site, "POST", `/api/cms/pages/${id}/versions`, { sections: [{ ...START[0], heading }, ...START.slice(1)] });
      await converge([a], (page) => field(page, "sections.0.heading").textContent(), heading);
      await waitForStatus(a, "Pat Publisher changed sections from outside this page");
    },
  },
  {
    name: "sections follow-ups: B adds a section and types in it; A sees B's caret follow B's typing in the new section",
    async run(ctx) {
      const { a, b } = await onFreshPage(ctx);
      await addSection(b, "Quote", [a, b], 4);
      // B's caret sits at the end of what B typed; as B types on, A's drawing of it follows.
      const caretAtEnd = (page, text) =>
        page.waitForFunction((words) => {
          const element = document.querySelector('[data-cms-field$=":sections.3.text"]');
          const caret = document.querySelector(".cms-presence-caret");
          if (!element || !caret || element.textContent !== words || !element.firstChild) return false;
          const range = document.createRange();
          range.setStart(element.firstChild, element.firstChild.length);
          return Math.abs(parseFloat(caret.style.left) - (range.getClientRects()[0].left + scrollX)) <= 2;
        }, text, { timeout: 5_000 });
      await b.keyboard.type("Words", { delay: 40 });
      await caretAtEnd(a, "Words");
      await b.keyboard.type(" typed in a section added live", { delay: 40 });
      await caretAtEnd(a, "Words typed in a section added live");
    },
  },
  {
    name: "sections follow-ups: Ctrl+Z in a just-added section's field takes back its typing, then the add itself, for both editors",
    async run(ctx) {
      const { a, b } = await onFreshPage(ctx);
      await addSection(a, "Quote", [a, b], 4);
      assert.match(await a.evaluate(() => document.activeElement?.getAttribute("data-cms-field") ?? ""), /:sections\.3\.text$/);
      await a.keyboard.type("Short");
      await converge([a, b], (page) => field(page, "sections.3.text").textContent(), "Short");
      await a.keyboard.press("Control+z");
      await converge([a, b], (page) => field(page, "sections.3.text").textContent(), "");
      assert.equal(await a.locator(SECTIONS).count(), 4);
      // The field has nothing more to take back: the next Ctrl+Z takes back the add.
      await a.keyboard.press("Control+z");
      await converge([a, b], (page) => page.locator(SECTIONS).count(), 3);
      await converge([a, b], outline, START_OUTLINE);
    },
  },
];
