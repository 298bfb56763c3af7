import type { MentionablePerson } from "./comments-api";

/** A text box for a comment or reply with `@` mentions of the team. */
export interface MentionBox {
  element: HTMLElement;
  textarea: HTMLTextAreaElement;
  /** The text, and the people still mentioned in it (by their `@Name`). */
  value(): { text: string; mentions: number[] };
  clear(): void;
}

const MAX_SHOWN = 6;
/* Room kept for the edit bar fixed to the bottom of the window. */
const BAR_ROOM_PX = 96;
let boxes = 0;

/**
 * A labelled textarea that offers the team's people after an `@`: typing narrows the list (name
 * or email), Arrow keys move, Enter or Tab picks (the name goes in as `@Name`), Escape closes the
 * list only. People load on the first `@`. Ctrl/Cmd+Enter calls `submit`.
 *
 * @example
 * const box = mentionBox(document, "Reply", () => api.people(), () => send());
 */
export function mentionBox(doc: Document, label: string, people: () => Promise<MentionablePerson[]>, submit: () => void, initial = ""): MentionBox {
  const id = `cms-mention-${++boxes}`;
  const element = doc.createElement("div");
  element.className = "cms-mention-box";
  const textarea = doc.createElement("textarea");
  textarea.rows = 2;
  textarea.value = initial;
  textarea.setAttribute("aria-label", label);
  textarea.setAttribute("aria-autocomplete", "list");
  textarea.setAttribute("aria-controls", id);
  textarea.maxLength = 5000;
  const list = doc.createElement("ul");
  list.id = id;
  list.className = "cms-mention-list";
  list.setAttribute("role", "listbox");
  list.setAttribute("aria-label", "People to mention");
  list.hidden = true;
  element.append(textarea, list);

  const chosen = new Map<number, string>();
  let offered: MentionablePerson[] = [];
  let active = 0;
  const query = (): string | null => /(?:^|\s)@([^\s@]{0,30})$/.exec(textarea.value.slice(0, textarea.selectionStart))?.[1] ?? null;
  const close = () => {
    list.hidden = true;
    offered = [];
    textarea.removeAttribute("aria-activedescendant");
  };
  const show = () => {
    list.replaceChildren(
      ...offered.map((person, index) => {
        const option = doc.createElement("li");
        option.id = `${id}-${index}`;
        option.setAttribute("role", "option");
        option.setAttribute("aria-selected", String(index === active));
        option.textContent = person.name;
        option.addEventListener("mousedown", (event) => (event.preventDefault(), pick(person)));
        return option;
      }),
    );
    list.hidden = offered.length === 0;
    // Near the bottom of the window the list would fall behind the edit bar: it opens upwards there.
    const below = (doc.defaultView?.innerHeight ?? 0) - textarea.getBoundingClientRect().bottom;
    list.classList.toggle("cms-mention-up", below < list.offsetHeight + BAR_ROOM_PX);
    if (offered.length) textarea.setAttribute("aria-activedescendant", `${id}-${active}`);
    else textarea.removeAttribute("aria-activedescendant");
  };
  const pick = (person: MentionablePerson) => {
    const caret = textarea.selectionStart;
    const before = textarea.value.slice(0, caret).replace(/@[^\s@]*$/, `@${person.name} `);
    textarea.value = before + textarea.value.slice(caret);
    textarea.setSelectionRange(before.length, before.length);
    chosen.set(person.id, person.name);
    close();
    textarea.focus();
  };
  textarea.addEventListener("input", () => {
    const q = query();
    if (q === null) return close();
    void people().then((all) => {
      if (query() !== q) return;
      const needle = q.toLowerCase();
      offered = all.filter((p) => p.name.toLowerCase().includes(needle) || p.email.toLowerCase().startsWith(needle)).slice(0, MAX_SHOWN);
      active = 0;
      show();
    });
  });
  textarea.addEventListener("keydown", (event) => {
    if ((event.ctrlKey || event.metaKey) && event.key === "Enter") return (event.preventDefault(), submit());
    if (list.hidden) return;
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault();
      active = (active + (event.key === "ArrowDown" ? 1 : offered.length - 1)) % offered.length;
      show();
    } else if (event.key === "Enter" || event.key === "Tab") {
      const person = offered[active];
      if (!person) return;
      event.preventDefault();
      pick(person);
    } else if (event.key === "Escape") {
      // Only the list closes: the panel stays open around the box.
      event.preventDefault();
      event.stopPropagation();
      close();
    }
  });
  textarea.addEventListener("blur", () => close());
  return {
    element,
    textarea,
    value: () => {
      const text = textarea.value.trim();
      return { text, mentions: [...chosen].filter(([, name]) => text.includes(`@${name}`)).map(([personId]) => personId) };
    },
    clear: () => {
      textarea.value = "";
      chosen.clear();
      close();
    },
  };
}
