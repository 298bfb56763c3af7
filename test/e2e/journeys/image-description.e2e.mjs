// Journey (issue 33, item 5): images from the page. "Add image" on a marker that holds no picture
// (the course's empty <div> slot) places the chosen one and saves it; picking from the media
// library asks for the description (starting from the asset's own) for a field image and a
// section image alike, and an asset that had none takes the editor's.
import assert from "node:assert/strict";
import { api, converge, describeImage, newPage, openAs, waitForEditing } from "../browser.mjs";
import { tinyPng } from "../png.mjs";

/* Puts a picture in the library under `name`, with `alt`; resolves its key and URL. */
async function libraryAsset(context, site, name, alt) {
  const { key, url } = await api(context, site, "POST", `/api/cms/upload?name=${encodeURIComponent(name)}`, tinyPng());
  if (alt) await api(context, site, "PATCH", "/api/cms/media", { key, alt });
  return { key, url };
}

/* Waits for `read()` to return something `test` accepts. */
async function eventually(read, test, what, timeout = 15_000) {
  const deadline = Date.now() + timeout;
  let seen;
  while (Date.now() < deadline) {
    seen = await read();
    if (test(seen)) return seen;
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
  throw new Error(`${what} never came; last: ${JSON.stringify(seen)}`);
}

export const tests = [
  {
    name: "journey: Add image on an empty <div> marker places the library's picture, asks its description, and saves it",
    async run({ browser, site, track }) {
      const { context, page } = await openAs(browser, site, "publisher@example.test");
      track(context);
      const tag = `slot${Date.now().toString(36)}`;
      const asset = await libraryAsset(context, site, `${tag}-harbour.png`, "Boats in the harbour at dawn");
      const slug = `${tag}-course`;
      const { id } = await api(context, site, "POST", "/api/cms/courses", { slug, title: "A course without a picture" });
      await page.goto(`/courses/${slug}`);
      await waitForEditing(page);
      const slot = page.locator(`div[data-cms-field="courses:${id}:image"]`);
      assert.equal(await slot.locator("img").count(), 0, "the slot holds no picture yet");

      await page.getByRole("button", { name: "Add image: image" }).click();
      const picker = page.getByRole("dialog", { name: "Insert image" });
      await picker.getByRole("region", { name: "Media library" }).getByRole("button", { name: new RegExp(`${tag}-harbour`) }).click();
      const offered = await describeImage(page, "Boats in the harbour");
      assert.equal(offered, "Boats in the harbour at dawn", "the asset's own description is offered");
      assert.equal(await slot.locator("img").getAttribute("src"), asset.url);
      await page.getByRole("button", { name: "Change image: image" }).waitFor();
      const draft = await eventually(
        async () => (await api(context, site, "GET", `/api/cms/courses/${id}/versions?limit=1`)).items[0]?.versionData,
        (data) => data?.image !== null && data?.image !== undefined,
        "the course draft with its picture",
      );
      assert.deepEqual(draft.image, { src: asset.url, alt: "Boats in the harbour" });
    },
  },
  {
    name: "journey: picking a section image from the library asks its description, and the asset without one takes it",
    async run({ browser, site, track }) {
      const { context, page } = await openAs(browser, site, "publisher@example.test");
      track(context);
      const tag = `nodesc${Date.now().toString(36)}`;
      const first = await libraryAsset(context, site, `${tag}-first.png`, "The first picture");
      const bare = await libraryAsset(context, site, `${tag}-door.png`, "");
      const { id, path } = await newPage(context, site, { title: "Door", sections: [{ type: "hero", heading: "Come in", image: { src: first.url, alt: "The first picture" } }] });
      await page.goto(path);
      await waitForEditing(page);

      await page.getByRole("button", { name: "Change image: sections 1 image" }).click();
      const picker = page.getByRole("dialog", { name: "Insert image" });
      await picker.getByRole("region", { name: "Media library" }).getByRole("button", { name: new RegExp(`${tag}-door`) }).click();
      const describe = page.getByRole("dialog", { name: "Image description" });
      await describe.waitFor();
      // Nothing is placed while the picture is undescribed.
      await describe.getByRole("button", { name: "Save description" }).click();
      await describe.getByText("Describe the image, or mark it as decorative.").waitFor();
      assert.equal(await page.locator('img[data-cms-field$=":sections.0.image"]').getAttribute("src"), first.url);
      assert.equal(await describeImage(page, "A red door in a white wall"), "");

      await converge([page], (p) => p.locator('img[data-cms-field$=":sections.0.image"]').getAttribute("alt"), "A red door in a white wall");
      const draft = await eventually(
        async () => (await api(context, site, "GET", `/api/cms/pages/${id}/versions?limit=1`)).items[0]?.versionData,
        (data) => data?.sections?.[0]?.image?.src === bare.url,
        "the page draft with the new picture",
      );
      assert.equal(draft.sections[0].image.alt, "A red door in a white wall");
      const asset = await eventually(
        async () => (await api(context, site, "GET", `/api/cms/media?q=${tag}-door`)).items[0],
        (item) => item?.alt === "A red door in a white wall",
        "the asset's own description",
      );
      assert.equal(asset.key, bare.key);
      const kept = (await api(context, site, "GET", `/api/cms/media?q=${tag}-first`)).items[0];
      assert.equal(kept.alt, "The first picture", "an asset that had a description keeps its own");
    },
  },
];
