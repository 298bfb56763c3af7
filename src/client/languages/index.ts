/* The languages chunk: loaded when the page is a translation or the Language action is pressed. */
import type { Mounted } from "../mount-options";
import { openLanguagePanel } from "./language-panel";
import type { LanguagesContext } from "./languages-context";
import { startTranslation } from "./translation-start";

/**
 * The page's languages: `open` shows the Language panel, `start` (on a translation) adds the
 * shared fields' notes and the outdated mark.
 *
 * @example
 * const on = languagesOn(context); mounted.push(await on.start());
 */
export function languagesOn(context: LanguagesContext): { open(): Promise<HTMLDialogElement>; start(): Promise<Mounted> } {
  return { open: () => openLanguagePanel(context), start: () => startTranslation(context) };
}
