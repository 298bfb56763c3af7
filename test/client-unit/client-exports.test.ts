import { describe, expect, it } from "vitest";

/*
 * "cms-toolkit/client" exports what SPEC §4 names and loads without a DOM (it is imported by
 * server-side tooling and bundlers). The specifier is not a literal so the server type-check does
 * not pull the DOM-typed client into its program.
 */
const CLIENT_ENTRY = ["..", "..", "src", "client", "index"].join("/");

describe("cms-toolkit/client", () => {
  it("exports mountLouise, RichText, mountRichText and Icon, and loads without a DOM", async () => {
    const client = (await import(/* @vite-ignore */ CLIENT_ENTRY)) as Record<string, unknown>;
    for (const name of ["mountLouise", "RichText", "mountRichText", "Icon", "parseFieldAddress", "createSaveQueue"]) {
      expect(client[name], name).toBeTypeOf("function");
    }
  });
});
