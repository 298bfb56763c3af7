// The client's size goal (issue 17): the plain-text path (the entry and what it imports
// statically) stays within 15 KB gzipped, and the history panel and live editing are chunks of
// their own that only a page that needs them loads.
import assert from "node:assert/strict";
import { buildClient, clientSizes } from "../../scripts/build-client.mjs";

const PLAIN_BUDGET = 15 * 1024;

export const tests = [
  {
    name: "client size: the plain-text path is within 15 KB gz, without Yjs, ProseMirror, the history or the inquiries panel",
    async run() {
      const meta = await buildClient();
      const sizes = clientSizes(meta);
      assert.ok(sizes.plainGzipBytes <= PLAIN_BUDGET, `plain-text path is ${sizes.plainGzipBytes} bytes gz`);
      const entry = Object.keys(meta.outputs).find((path) => meta.outputs[path].entryPoint === "src/client/site-entry.ts");
      const closure = new Set();
      const visit = (path) => {
        if (closure.has(path)) return;
        closure.add(path);
        for (const imp of meta.outputs[path].imports) if (imp.kind === "import-statement") visit(imp.path);
      };
      visit(entry);
      const inputs = [...closure].flatMap((path) => Object.keys(meta.outputs[path].inputs));
      for (const heavy of ["node_modules/yjs/", "node_modules/prosemirror-view/", "node_modules/y-protocols/", "src/client/history/", "src/client/inquiries/"]) {
        assert.deepEqual(inputs.filter((input) => input.startsWith(heavy)), [], `${heavy} is not on the plain-text path`);
      }
      assert.ok(sizes.files.some((f) => /chunks\/history-/.test(f.file)), "the history panel is a chunk of its own");
      assert.ok(sizes.files.some((f) => /chunks\/inquiries-/.test(f.file)), "the inquiries panel is a chunk of its own");
    },
  },
];
