import { describe, expect, it } from "vitest";
import { parseInquiryPage } from "../../src/client/inquiries/inquiry-page";

describe("parseInquiryPage", () => {
  it("keeps rows with an id, their form fields as text in order, and the next cursor", () => {
    const page = parseInquiryPage({
      items: [
        { id: 3, name: "Ann", email: "ann@example.test", message: "Hi", extra: { a: 1 }, createdAt: "2026-11-24T10:00:00Z", readAt: null },
        { id: "4", name: "no numeric id" },
        null,
      ],
      next: "3",
    });
    expect(page).toEqual({
      items: [{ id: 3, createdAt: "2026-11-24T10:00:00Z", readAt: null, fields: [["name", "Ann"], ["email", "ann@example.test"], ["message", "Hi"], ["extra", '{"a":1}']] }],
      next: "3",
    });
  });

  it("an unexpected answer is an empty last page", () => {
    expect(parseInquiryPage("nope")).toEqual({ items: [], next: null });
    expect(parseInquiryPage({ items: {}, next: "" })).toEqual({ items: [], next: null });
  });
});
