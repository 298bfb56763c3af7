#!/usr/bin/env node
// Adds or updates an editor of the reference site. The password comes from --password, else the
// CMS_EDITOR_PASSWORD environment variable, else a hidden prompt when run in a terminal.
import { resolve } from "node:path";
import { parseArgs } from "node:util";
import { EDITOR_ROLES, PROJECT_ROOT, addEditor } from "./lib/editors.mjs";
import { promptHidden } from "../bin/lib/prompt.mjs";

const USAGE = `Usage: node scripts/add-editor.mjs --email a@b.c --name "A B" --role ${EDITOR_ROLES.join("|")}
         [--password …] [--local | --remote] [--persist-to DIR]

  --local        the local D1 of \`wrangler dev\` (default)
  --remote       the deployed D1 database
  --persist-to   the local state directory, as given to wrangler
  Password: --password, else env CMS_EDITOR_PASSWORD, else a hidden prompt.
  Prefer the prompt or the variable: --password stays in shell history.`;

async function main() {
  const { values } = parseArgs({
    options: {
      email: { type: "string" },
      name: { type: "string" },
      role: { type: "string" },
      password: { type: "string" },
      local: { type: "boolean", default: false },
      remote: { type: "boolean", default: false },
      "persist-to": { type: "string" },
      help: { type: "boolean", short: "h", default: false },
    },
  });
  if (values.help) return console.log(USAGE);
  if (!values.email || !values.name || !values.role) throw new Error(`--email, --name and --role are required\n\n${USAGE}`);
  if (values.local && values.remote) throw new Error("choose one of --local and --remote");
  if (values.remote && values["persist-to"]) throw new Error("--persist-to applies to the local database only");

  const password = values.password ?? process.env.CMS_EDITOR_PASSWORD ?? (await promptPassword());
  const persistTo = values["persist-to"] && resolve(values["persist-to"]);
  // wrangler finds wrangler.toml (and the DB binding) in the working directory.
  process.chdir(PROJECT_ROOT);
  await addEditor({
    email: values.email,
    name: values.name,
    role: values.role,
    password,
    remote: values.remote,
    persistTo,
  });
  console.log(`editor ${values.email} (${values.role}) saved to the ${values.remote ? "remote" : "local"} database`);
}

async function promptPassword() {
  if (!process.stdin.isTTY) throw new Error("no password: pass --password, set CMS_EDITOR_PASSWORD, or run in a terminal to be prompted");
  const first = await promptHidden("Password: ");
  const second = await promptHidden("Repeat password: ");
  if (first !== second) throw new Error("the passwords do not match");
  return first;
}

main().catch((error) => {
  console.error(`add-editor: ${error.message}`);
  process.exitCode = 1;
});
