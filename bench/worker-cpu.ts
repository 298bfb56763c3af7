import { Parser } from "htmlparser2";
import { sanitizeRichHtml } from "../src/cores/sanitize";
import { generateEditorHtml } from "../test/fixtures/editor-html";

/*
 * CPU work measured from outside: workerd does not advance its clock during synchronous code, so the
 * runner times whole requests and subtracts the `noop` request's time. Baseline: htmlparser2 parsing
 * the same HTML with empty callbacks (the floor any parser-based sanitizer stands on).
 */
const corpus = new Map<number, string>();

function editorHtml(bytes: number): string {
  let html = corpus.get(bytes);
  if (!html) corpus.set(bytes, (html = generateEditorHtml(bytes, { seed: 7 })));
  return html;
}

/* The same document as pasted from elsewhere: `<b>` for `<strong>`, so it is not in sanitized form and takes the full parse. */
const pastedCorpus = new Map<number, string>();
function pastedHtml(bytes: number): string {
  let html = pastedCorpus.get(bytes);
  if (!html) pastedCorpus.set(bytes, (html = editorHtml(bytes).replaceAll("<strong>", "<b>").replaceAll("</strong>", "</b>")));
  return html;
}

export function benchCpu(url: URL): Response {
  const kind = url.searchParams.get("kind");
  const bytes = Number(url.searchParams.get("bytes") ?? 65536);
  const iterations = Number(url.searchParams.get("iterations") ?? 50);
  const html = kind === "sanitize-pasted" ? pastedHtml(bytes) : editorHtml(bytes);
  let out = 0;
  for (let i = 0; i < iterations; i++) {
    if (kind === "sanitize" || kind === "sanitize-pasted") out += sanitizeRichHtml(html).length;
    else if (kind === "sanitize-media") out += sanitizeRichHtml(html, { mediaBase: "https://media.example.com" }).length;
    else if (kind === "parse") {
      const parser = new Parser({});
      parser.write(html);
      parser.end();
      out += 1;
    } else if (kind !== "noop") return new Response("unknown kind", { status: 400 });
  }
  return Response.json({ bytes: html.length, iterations, out });
}
