import type { ShownRun } from "./shown-runs";

/**
 * Fills a plain field with its text as runs: unmarked text as text, a suggested insertion as an
 * `ins` and a proposed deletion as a `del`, coloured by author and carrying the suggestion's id
 * (`data-cms-suggestion`), so the suggestion card can find it on focus or hover. The field's text
 * content stays the whole text, which its binding compares keystrokes against.
 *
 * @example
 * paintRuns(h1, [{ text: "Hello " }, { text: "big ", mark: { kind: "ins", id: "q8w2", color: "#4363d8", label: "Eve suggests adding" } }]);
 */
export function paintRuns(element: HTMLElement, runs: readonly ShownRun[]): void {
  const doc = element.ownerDocument;
  element.replaceChildren(
    ...runs.map((run) => {
      if (!run.mark) return doc.createTextNode(run.text);
      const mark = doc.createElement(run.mark.kind);
      mark.className = "cms-suggestion";
      mark.dataset.cmsSuggestion = run.mark.id;
      mark.style.setProperty("--cms-author", run.mark.color);
      mark.title = run.mark.label;
      mark.textContent = run.text;
      return mark;
    }),
  );
}
