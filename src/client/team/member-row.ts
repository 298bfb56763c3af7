import { textButton } from "../dialog";
import { formatTime } from "../format-time";
import { linkField } from "./invite-form";
import { scopeFields } from "./scope-fields";
import { scopeSummary } from "./scope-summary";
import { callTeam, ROLES, type FetchLike, type Member } from "./team-api";

export interface MemberRowOptions {
  url: string;
  fetch: FetchLike;
  collections: readonly string[];
  /** The site's locales, offered as the scope's Languages. */
  locales: readonly string[];
  say: (text: string) => void;
  /** After a change or removal: the panel reloads the list. */
  onChanged: () => void;
}

/**
 * One account of the table: name, email, role, scope summary, last active, and its actions:
 * "Change" (role and scope, in a form under the row), "Reset link" (a password-reset link to hand
 * over) and "Remove" (asked again in place, Keep focused).
 *
 * @example
 * tbody.append(...memberRows(document, member, options));
 */
export function memberRows(doc: Document, member: Member, options: MemberRowOptions): HTMLTableRowElement[] {
  const row = doc.createElement("tr");
  const cell = (text: string, header = false) => {
    const element = doc.createElement(header ? "th" : "td");
    if (header) element.setAttribute("scope", "row");
    element.textContent = text;
    row.append(element);
    return element;
  };
  cell(member.name, true);
  cell(member.email).dataset.label = "Email";
  cell(member.role).dataset.label = "Role";
  cell(scopeSummary(member.scopes)).dataset.label = "Scope";
  cell(member.lastActiveAt ? formatTime(doc, member.lastActiveAt) : "never").dataset.label = "Last active";
  const actions = doc.createElement("td");
  actions.dataset.label = "Actions";
  row.append(actions);
  const detail = doc.createElement("tr");
  detail.hidden = true;
  const detailCell = doc.createElement("td");
  detailCell.colSpan = 6;
  detail.append(detailCell);
  const at = `${options.url}/${member.id}`;
  const buttons = doc.createElement("div");
  buttons.className = "cms-team-actions";

  const change = textButton(doc, "Change", () => {
    const form = changeForm(doc, member, options, () => ((detail.hidden = true), change.focus()));
    detailCell.replaceChildren(form);
    detail.hidden = false;
    form.querySelector("select")?.focus();
  });
  change.setAttribute("aria-label", `Change role and scope of ${member.name}`);
  const reset = textButton(doc, "Reset link", () => {
    reset.disabled = true;
    void callTeam(options.fetch, `${at}/reset`, "POST").then((answer) => {
      reset.disabled = false;
      if (!answer.ok) return options.say(`No reset link made: ${answer.error}`);
      const { url, emailed } = answer.value as { url: string; emailed: boolean };
      detailCell.replaceChildren(linkField(doc, "Reset link", url, options.say));
      detail.hidden = false;
      options.say(emailed ? `Reset link emailed to ${member.email}.` : `Reset link made for ${member.name}: copy it and send it to them. Their password works until they use it.`);
    });
  });
  reset.setAttribute("aria-label", `Password-reset link for ${member.name}`);
  const remove = textButton(doc, "Remove", () => {
    const ask = doc.createElement("div");
    ask.setAttribute("role", "group");
    ask.setAttribute("aria-label", `Confirm removing ${member.name}`);
    const keep = textButton(doc, "Keep", () => (ask.replaceWith(buttons), remove.focus()));
    const confirm = textButton(doc, "Remove for good", () => {
      void callTeam(options.fetch, at, "DELETE").then((answer) => {
        if (!answer.ok) return options.say(`Not removed: ${answer.error}`);
        options.say(`${member.name} removed; they are signed out everywhere.`);
        options.onChanged();
      });
    });
    ask.append(`Remove ${member.name}? They are signed out at once. `, confirm, keep);
    buttons.replaceWith(ask);
    keep.focus();
  });
  remove.setAttribute("aria-label", `Remove ${member.name}`);
  buttons.append(change, reset, remove);
  actions.append(buttons);
  return [row, detail];
}

function changeForm(doc: Document, member: Member, options: MemberRowOptions, close: () => void): HTMLFormElement {
  const form = doc.createElement("form");
  form.setAttribute("aria-label", `Change ${member.name}`);
  const label = doc.createElement("label");
  label.textContent = "Role";
  const role = doc.createElement("select");
  for (const value of ROLES) role.append(new Option(value, value, value === member.role, value === member.role));
  label.append(role);
  const scope = scopeFields(doc, `cms-team-${member.id}`, member.scopes, options.collections, options.locales);
  const save = doc.createElement("button");
  save.type = "submit";
  save.textContent = `Save ${member.name}`;
  form.append(label, scope.element, save, textButton(doc, "Cancel", close));
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    save.disabled = true;
    void callTeam(options.fetch, `${options.url}/${member.id}`, "PATCH", { role: role.value, scopes: scope.value() }).then((answer) => {
      save.disabled = false;
      if (!answer.ok) return options.say(`Not changed: ${answer.error}`);
      options.say(`${member.name} changed.`);
      options.onChanged();
    });
  });
  return form;
}
