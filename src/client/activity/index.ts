/*
 * The Activity panel: who did what on the site and when, for publishers and admins, in a chunk of
 * its own so pages whose editor never opens it do not carry it.
 */
import type { ActivityItem } from "../../shared/activity";
import { createDialog, textButton } from "../dialog";
import { formatTime } from "../format-time";
import { addStylesOnce } from "../style-once";
import { loadActivity, type FetchLike } from "./activity-api";
import { activityUrl, type ActivityFilters } from "./activity-url";
import { activityWords, KIND_CHOICES } from "./activity-text";

export { activityWords } from "./activity-text";

const CSS = `
.cms-activity{width:min(42rem,94vw);color:#1d232b;background:#fff}
.cms-activity-filters{display:flex;flex-wrap:wrap;gap:.5rem .75rem;margin:.25rem 0 .5rem}
.cms-activity-filters>div{display:grid;gap:.15rem;flex:1 1 10rem;min-width:0}
.cms-activity-filters label{font-weight:600}
.cms-activity-filters select{min-height:44px;font:inherit;max-width:100%}
.cms-activity ol{list-style:none;padding:0;margin:.5rem 0;display:grid;gap:.35rem;max-height:55vh;overflow:auto}
.cms-activity li{border-bottom:1px solid #c4cad4;padding:.35rem 0;overflow-wrap:anywhere}
.cms-activity li p{margin:0}
.cms-activity time{display:block;color:#4a5260;font-size:.9em}
.cms-activity a{color:#1d4ed8}
.cms-activity>button{min-height:44px;margin-right:.5rem}
`;

export interface ActivityPanelOptions {
  /** The activity endpoint (`GET`, newest first, `actor`, `record`, `kind`, `cursor`). */
  url: string;
  fetch: FetchLike;
}

/**
 * Opens the Activity panel: the site's activity newest first ("Pat saved a draft of About us",
 * with a link to the page and when), filtered by person, page and kind (the people and pages
 * offered are those seen so far), older rows a page at a time with "Load more". Resolves once the
 * first page is shown.
 *
 * @example
 * await openActivityPanel(document, { url: "/api/cms/activity", fetch });
 */
export async function openActivityPanel(doc: Document, options: ActivityPanelOptions): Promise<HTMLDialogElement> {
  addStylesOnce(doc, "cms-activity-styles", CSS);
  const { dialog, heading, message } = createDialog(doc, "Activity", "Activity on the site");
  dialog.classList.add("cms-activity");
  const person = choice(doc, "Person", [["", "Everyone"]]);
  const page = choice(doc, "Page", [["", "Every page"]]);
  const kind = choice(doc, "Kind", [["", "Everything"], ...KIND_CHOICES.map(({ kind: value, text }): [string, string] => [value, text])]);
  const filters = doc.createElement("div");
  filters.className = "cms-activity-filters";
  filters.setAttribute("role", "group");
  filters.setAttribute("aria-label", "Show only");
  filters.append(person.field, page.field, kind.field);
  const list = doc.createElement("ol");
  list.setAttribute("aria-label", "Activity, newest first");
  const more = textButton(doc, "Load more", () => void load(next));
  more.hidden = true;
  dialog.append(heading, filters, message, list, more, textButton(doc, "Close", () => dialog.close()));
  dialog.addEventListener("close", () => dialog.remove());
  doc.body.append(dialog);
  dialog.showModal();

  let next: string | null = null;
  /* Loads answer in order: a filter changed while a page was loading makes that page stale. */
  let generation = 0;
  const current = (): ActivityFilters => ({ actor: person.select.value, record: page.select.value, kind: kind.select.value });

  const load = async (cursor: string | null) => {
    const mine = ++generation;
    message.textContent = "Loading activity…";
    more.disabled = true;
    const answer = await loadActivity(options.fetch, activityUrl(options.url, current(), cursor));
    if (mine !== generation) return;
    more.disabled = false;
    if (!answer.ok) {
      message.textContent = `Could not load the activity: ${answer.error}`;
      return;
    }
    if (cursor === null) list.replaceChildren();
    next = answer.value.next;
    more.hidden = next === null;
    for (const item of answer.value.items) {
      list.append(render(item));
      if (item.actor.id !== null) person.offer(item.actor.id, item.actor.name || item.actor.id);
      const words = activityWords(item);
      if (words.record !== null && words.object) page.offer(words.record, words.object.text);
    }
    message.textContent = list.childElementCount === 0 ? "No activity to show." : "";
  };
  for (const filter of [person, page, kind]) filter.select.addEventListener("change", () => void load(null));

  const render = (item: ActivityItem): HTMLLIElement => {
    const words = activityWords(item);
    const row = doc.createElement("li");
    const sentence = doc.createElement("p");
    const who = doc.createElement("strong");
    who.textContent = words.who;
    sentence.append(who, ` ${words.verb}`);
    if (words.object) {
      sentence.append(" ");
      if (words.object.href === null) sentence.append(words.object.text);
      else {
        const link = doc.createElement("a");
        link.href = words.object.href;
        link.textContent = words.object.text;
        sentence.append(link);
      }
    }
    const when = doc.createElement("time");
    when.dateTime = item.at;
    when.textContent = formatTime(doc, item.at);
    row.append(sentence, when);
    return row;
  };

  await load(null);
  return dialog;
}

/**
 * A labelled select whose options can grow: `offer` adds a value once. The label names the select
 * by `for`, not by wrapping it, so its accessible name is the label alone, not also its options.
 */
function choice(doc: Document, text: string, options: [string, string][]): { field: HTMLElement; select: HTMLSelectElement; offer(value: string, name: string): void } {
  const field = doc.createElement("div");
  const name = doc.createElement("label");
  const select = doc.createElement("select");
  select.id = `cms-activity-${text.toLowerCase()}-${Math.random().toString(36).slice(2, 8)}`;
  name.htmlFor = select.id;
  name.textContent = text;
  const offered = new Set<string>();
  const offer = (value: string, name: string) => {
    if (offered.has(value)) return;
    offered.add(value);
    const option = doc.createElement("option");
    option.value = value;
    option.textContent = name;
    select.append(option);
  };
  for (const [value, name] of options) offer(value, name);
  field.append(name, select);
  return { field, select, offer };
}
