/**
 * The edit-mode tail of a demo page: mounts the inline client (its handle stays on
 * `window.louise` for the console and tests) and opens the settings panel (site name and tagline)
 * when the edit bar's Settings button is pressed. Visitors never get it. `extraOptions` are more
 * `mountLouise` options, written as JavaScript object members.
 *
 * @example
 * editorScript(1, true) // '<script type="module">…mountLouise({ versionedPageId: 1, canPublish: true })…</script>'
 */
export function editorScript(pageId: number, canPublish: boolean, extraOptions = ""): string {
  return `<script type="module">
import { mountLouise, openSettingsPanel } from "/cms-client/louise.js";
window.louise = mountLouise({ versionedPageId: ${Number(pageId)}, canPublish: ${canPublish === true}${extraOptions ? `, ${extraOptions}` : ""} });
const fields = [{ key: "siteName", label: "Site name" }, { key: "tagline", label: "Tagline" }];
window.addEventListener("cms:open-settings", () => openSettingsPanel(document, { fields, onSaved: () => location.reload() }));
</script>`;
}
