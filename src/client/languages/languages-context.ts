import type { FetchLike } from "../call-json";
import type { EditBar } from "../edit-bar";
import type { PageLanguages } from "../../shared/page-languages";

/** What the languages chunk needs of the page (`mountLouise` hands it over). */
export interface LanguagesContext {
  /** Where the page's markers are, the read-only shared ones included (they get the "Edited in" note). */
  root: ParentNode;
  bar: EditBar;
  /** The Language action's accessible name: an outdated translation's count is shown on it. */
  label: string;
  languages: PageLanguages;
  collection: string;
  pageId: string;
  fetch: FetchLike;
  /** Saves pending edits, before the page is left for another language. */
  flush: () => Promise<void>;
  /** Shows a notice in the bar's status line (an outdated translation says so). */
  notify: (text: string) => void;
}
