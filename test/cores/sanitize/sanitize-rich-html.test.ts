import { describe, expect, it } from "vitest";
import { MAX_RICH_HTML_DEPTH, RICH_HTML_DROP_TAGS, RICH_HTML_TAGS, sanitizeRichHtml } from "../../../src/cores/sanitize";
import { generateEditorHtml } from "../../fixtures/editor-html";
import { findOutputViolations } from "./check-output";

const MEDIA = "https://media.example.com";

describe("sanitizeRichHtml keeps the editor's schema", () => {
  it.each([
    ["paragraph with marks", "<p>a <strong>b</strong> <em>c</em> <u>d</u> <s>e</s> <code>f</code></p>"],
    ["headings", "<h1>a</h1><h2>b</h2><h3>c</h3><h4>d</h4>"],
    ["lists", "<ul><li><p>a</p></li><li>b</li></ul><ol><li>c<ul><li>d</li></ul></li></ol>"],
    ["quote, code block and rule", "<blockquote><p>q</p></blockquote><pre><code>x = 1\ny = 2</code></pre><hr>"],
    ["line break", "<p>a<br>b</p>"],
    ["link with title", '<p><a href="https://example.com/a?b=1&amp;c=2" title="T &quot;1&quot;">x</a></p>'],
    ["link opening a new tab", '<p><a href="/a" target="_blank" rel="noopener noreferrer">x</a></p>'],
    ["mailto link", '<p><a href="mailto:a@example.com">mail</a></p>'],
    ["tel link", '<p><a href="tel:+15550100">call</a></p>'],
    ["figure with an image", '<figure><img src="https://media.example.com/a.png" alt="A" width="640" height="480"><figcaption>cap</figcaption></figure>'],
    ["escaped text", "<p>1 &lt; 2 &amp;&amp; 3 &gt; 2, \"quoted\" it's café</p>"],
  ])("round-trips %s unchanged", (_name, html) => {
    expect(sanitizeRichHtml(html)).toBe(html);
    expect(sanitizeRichHtml(html, { mediaBase: MEDIA })).toBe(html);
  });

  it.each([
    [1, 4 * 1024],
    [2, 64 * 1024],
    [3, 256 * 1024],
  ])("round-trips generated editor HTML unchanged (seed %i, %i bytes)", (seed, bytes) => {
    const html = generateEditorHtml(bytes, { seed, mediaBase: MEDIA });
    expect(sanitizeRichHtml(html, { mediaBase: MEDIA })).toBe(html);
    expect(findOutputViolations(html, MEDIA)).toEqual([]);
  });

  it("lists exactly the schema's tags", () => {
    expect([...RICH_HTML_TAGS].sort()).toEqual(
      ["a", "blockquote", "br", "code", "em", "figcaption", "figure", "h1", "h2", "h3", "h4", "hr", "img", "li", "ol", "p", "pre", "s", "strong", "u", "ul"].sort(),
    );
  });
});

describe("sanitizeRichHtml normalizes", () => {
  it.each([
    ["b to strong", "<b>x</b>", "<strong>x</strong>"],
    ["i to em", "<i>x</i>", "<em>x</em>"],
    ["strike to s", "<strike>x</strike>", "<s>x</s>"],
    ["del to s", "<del>x</del>", "<s>x</s>"],
    ["uppercase tags", "<P><B>x</B></P>", "<p><strong>x</strong></p>"],
    ["unquoted and single-quoted attributes to double quotes", "<a href=/a title='t'>x</a>", '<a href="/a" title="t">x</a>'],
    ["character references to characters", "<p>&eacute;&#233;&#xE9;&nbsp;&copy</p>", "<p>ééé\u00a0©</p>"],
    ["CR and CRLF to LF", "<p>a\r\nb\rc</p>", "<p>a\nb\nc</p>"],
    ["NUL removed from text", "<p>a\u0000b</p>", "<p>ab</p>"],
    ["_BLANK target", '<a href="/a" target=" _BLANK ">x</a>', '<a href="/a" target="_blank" rel="noopener noreferrer">x</a>'],
    ["self-closing syntax on allowed tags", "<p/>a<br/>b<hr/>", "<p>a<br>b</p><hr>"],
    ["end tag </br> as a break", "<p>a</br>b</p>", "<p>a<br>b</p>"],
  ])("%s", (_name, input, expected) => {
    expect(sanitizeRichHtml(input)).toBe(expected);
  });
});

describe("sanitizeRichHtml removes what the schema does not allow", () => {
  it.each([
    ["unknown tags are unwrapped, content kept", "<div><span>a</span> <font color=red>b</font></div>", "a b"],
    ["h5 and h6 are unwrapped", "<h5>a</h5><h6>b</h6>", "ab"],
    ["tables are unwrapped", "<table><tr><td><strong>a</strong></td></tr></table>", "<strong>a</strong>"],
    ["every attribute of a plain tag", '<p class="c" id="i" style="color:red" onclick="x()" data-x="1" dir="rtl">a</p>', "<p>a</p>"],
    ["rel and other link attributes", '<a href="/a" rel="opener" download ping="/p" hreflang="en" type="x">x</a>', '<a href="/a">x</a>'],
    ["target other than _blank", '<a href="/a" target="_self">x</a>', '<a href="/a">x</a>'],
    ["image attributes beyond src, alt, width, height", '<img src="/a.png" srcset="/b.png 2x" loading="lazy" title="t" style="x">', '<img src="/a.png">'],
    ["comments", "a<!-- c -->b", "ab"],
    ["doctype and processing instructions", "<!doctype html><?php echo 1 ?>a", "a"],
  ])("%s", (_name, input, expected) => {
    expect(sanitizeRichHtml(input)).toBe(expected);
  });

  const VOID_DROPS: readonly string[] = ["frame", "embed", "base", "link", "meta", "input"];
  const CONTAINER_DROPS = RICH_HTML_DROP_TAGS.filter((tag) => !VOID_DROPS.includes(tag) && tag !== "plaintext");

  it.each(CONTAINER_DROPS.map((tag) => [tag]))("drops <%s> together with its content", (tag) => {
    expect(sanitizeRichHtml(`<p>keep</p><${tag}><strong>gone</strong> gone</${tag}><p>keep</p>`)).toBe("<p>keep</p><p>keep</p>");
  });

  it.each(VOID_DROPS.map((tag) => [tag]))("drops the empty element <%s> and keeps what follows", (tag) => {
    expect(sanitizeRichHtml(`<p>keep<${tag} src="/x" href="/x">keep</p>`)).toBe("<p>keepkeep</p>");
  });

  it("drops <plaintext> with everything after it, as a browser reads it all as text", () => {
    expect(sanitizeRichHtml("<p>keep</p><plaintext><p>gone</p></plaintext><p>gone</p>")).toBe("<p>keep</p>");
  });
});

describe("sanitizeRichHtml links", () => {
  it.each([
    ["javascript: href", '<a href="javascript:alert(1)" title="t">text</a>'],
    ["obfuscated href", '<a href="jav&#x09;ascript:alert(1)">text</a>'],
    ["missing href", '<a name="x">text</a>'],
    ["empty href", '<a href="">text</a>'],
    ["protocol-relative href", '<a href="//evil.test/x">text</a>'],
    ["protocol-relative href with backslashes", '<a href="\\\\evil.test/x">text</a>'],
    ["protocol-relative href behind an entity", '<a href="&#47;/evil.test/x">text</a>'],
  ])("keeps only the text of a link with an unsafe or missing href (%s)", (_name, input) => {
    expect(sanitizeRichHtml(input)).toBe("text");
  });

  it("keeps only the outer link of nested links", () => {
    expect(sanitizeRichHtml('<a href="/a">1<strong><a href="/b">2</a></strong></a>')).toBe('<a href="/a">1<strong>2</strong></a>');
  });
});

describe("sanitizeRichHtml images", () => {
  it.each([
    ["unsafe src", '<img src="javascript:alert(1)" alt="a">'],
    ["data: src", '<img src="data:image/png;base64,AAAA">'],
    ["missing src", '<img alt="a">'],
    ["empty src", '<img src="">'],
  ])("drops an image with an %s", (_name, input) => {
    expect(sanitizeRichHtml(`<p>a${input}b</p>`)).toBe("<p>ab</p>");
  });

  it.each([
    ["640", "640"],
    ["0640", "640"],
    [" 12 ", "12"],
    ["1", "1"],
    ["10000", "10000"],
    ["0", null],
    ["10001", null],
    ["-5", null],
    ["12.5", null],
    ["100px", null],
    ["1e3", null],
    ["", null],
  ])("keeps width %j as %j", (value, kept) => {
    const output = sanitizeRichHtml(`<img src="/a.png" width="${value}" height="${value}">`);
    expect(output).toBe(kept === null ? '<img src="/a.png">' : `<img src="/a.png" width="${kept}" height="${kept}">`);
  });

  it("accepts any safe http(s) or relative image without mediaBase", () => {
    const html = '<img src="https://elsewhere.test/a.png"><img src="http://elsewhere.test/b.png"><img src="/c.png"><img src="d.png">';
    expect(sanitizeRichHtml(html)).toBe(html);
  });

  it("keeps media-hosted images and drops remote ones with mediaBase", () => {
    const input = `<p><img src="${MEDIA}/a.png" alt="kept"><img src="https://elsewhere.test/b.png" alt="remote"><img src="/c.png"></p>`;
    expect(sanitizeRichHtml(input, { mediaBase: MEDIA })).toBe(`<p><img src="${MEDIA}/a.png" alt="kept"></p>`);
  });

  it("respects a media base with a path", () => {
    const base = "http://localhost:8787/media";
    const input = `<img src="${base}/k.png"><img src="http://localhost:8787/other/k.png"><img src="${base}/../k.png">`;
    expect(sanitizeRichHtml(input, { mediaBase: base })).toBe(`<img src="${base}/k.png">`);
  });
});

describe("sanitizeRichHtml balances and nests tags", () => {
  it.each([
    ["closes what is left open", "<ul><li><p><strong>a", "<ul><li><p><strong>a</strong></p></li></ul>"],
    ["drops stray end tags", "a</p></li></strong></ul>b", "a<p></p>b"],
    ["closes inner marks of a misnested pair", "<strong>a<em>b</strong>c</em>", "<strong>a<em>b</em></strong>c"],
    ["never gives void elements end tags", "<br></br><img src=/a.png></img><hr></hr>", '<br><br><img src="/a.png"><hr>'],
    ["ends a paragraph before a block", "<p>a<ul><li>b</li></ul>", "<p>a</p><ul><li>b</li></ul>"],
    ["ends a paragraph before a block behind an unwrapped tag", "<p>a<span><h1>b</h1></span></p>", "<p>a</p><h1>b</h1>"],
    ["ends marks before a block", "<strong>a<p>b</p>c</strong>", "<strong>a</strong><p>b</p>c"],
    ["makes a list item inside a list item a sibling", "<li><strong><li>x", "<li><strong></strong></li><li>x</li>"],
    ["keeps a list nested in a list item", "<ul><li>a<ul><li>b</li></ul></li></ul>", "<ul><li>a<ul><li>b</li></ul></li></ul>"],
    ["ends a heading before another heading", "<h1>a<h2>b</h2></h1>", "<h1>a</h1><h2>b</h2>"],
  ])("%s", (_name, input, expected) => {
    expect(sanitizeRichHtml(input)).toBe(expected);
  });

  it.each([
    ["a single leading newline, as a browser does", "<pre>\nx</pre>", "<pre>x</pre>"],
    ["a single leading CRLF", "<pre>\r\nx</pre>", "<pre>x</pre>"],
    ["only one of two leading newlines, and guards the other", "<pre>\n\nx</pre>", "<pre>\n\nx</pre>"],
    ["a leading newline written as a reference", "<pre>&#10;&#10;x</pre>", "<pre>\n\nx</pre>"],
    ["nothing when the content starts with text", "<pre>x\n</pre>", "<pre>x\n</pre>"],
  ])("in pre, strips %s", (_name, input, expected) => {
    const output = sanitizeRichHtml(input);
    expect(output).toBe(expected);
    expect(sanitizeRichHtml(output)).toBe(output);
  });
});

describe("sanitizeRichHtml nesting depth", () => {
  it("reads content nested up to the limit", () => {
    expect(sanitizeRichHtml(`${"<div>".repeat(MAX_RICH_HTML_DEPTH - 1)}<p>kept</p>`)).toBe("<p>kept</p>");
  });

  it("stops reading past the limit and keeps what came before", () => {
    expect(sanitizeRichHtml(`<p>before</p>${"<div>".repeat(MAX_RICH_HTML_DEPTH)}<p>lost</p>text`)).toBe("<p>before</p>");
  });

  it("closes every element it kept when it stops", () => {
    const output = sanitizeRichHtml(`${"<b>".repeat(MAX_RICH_HTML_DEPTH + 5)}lost`);
    expect(output).toBe(`${"<strong>".repeat(MAX_RICH_HTML_DEPTH)}${"</strong>".repeat(MAX_RICH_HTML_DEPTH)}`);
  });
});

describe("sanitizeRichHtml fails closed", () => {
  it("answers an empty string for empty or non-string input", () => {
    expect(sanitizeRichHtml("")).toBe("");
    expect(sanitizeRichHtml(undefined as unknown as string)).toBe("");
    expect(sanitizeRichHtml({ toString: () => "<script>alert(1)</script>" } as unknown as string)).toBe("");
  });

  it("answers the input as escaped text when something throws inside", () => {
    const options = {
      get mediaBase(): string {
        throw new Error("unreadable option");
      },
    };
    expect(sanitizeRichHtml('<img src=x onerror="alert(1)">', options)).toBe('&lt;img src=x onerror="alert(1)"&gt;');
  });

  it("escapes text that looks like markup but is not", () => {
    expect(sanitizeRichHtml("a < b > c & d <3 </ >")).toBe("a &lt; b &gt; c &amp; d &lt;3 ");
  });
});
