import { describe, expect, it } from "vitest";
import type { SessionListing } from "../bindings/SessionListing";
import { Sidebar } from "./sidebar";

function listing(id: string, over: Partial<SessionListing> = {}): SessionListing {
  return {
    id,
    title: `session ${id}`,
    cwd: `/work/${id}`,
    model: "openai/scripted",
    profile: "classic",
    created_ms: 1,
    updated_ms: 1,
    events: 3,
    input_tokens: 0,
    output_tokens: 0,
    status: "ended",
    ...over,
  };
}

function items(sidebar: Sidebar): HTMLElement[] {
  return [...sidebar.el.querySelectorAll<HTMLElement>("[data-testid=session-item]")];
}

describe("Sidebar", () => {
  it("keeps the items whose sessions did not change, so a click in progress lands", () => {
    const sidebar = new Sidebar({ onNew() {}, onOpen() {}, onDelete() {} });
    sidebar.render([listing("a", { status: "working" }), listing("b")], null);
    const [a, b] = items(sidebar);
    // Another session works on: only its item is drawn again, in place.
    sidebar.render([listing("a", { status: "working", events: 9 }), listing("b")], null);
    const [a2, b2] = items(sidebar);
    expect(b2).toBe(b);
    expect(a2).not.toBe(a);
    expect(a2.title).toContain("9 events");
    // A new session first, and the current one marked: the order and the mark follow.
    sidebar.render([listing("c"), listing("a", { status: "working", events: 9 }), listing("b")], "b");
    const ids = items(sidebar).map((e) => e.dataset.sessionId);
    expect(ids).toEqual(["c", "a", "b"]);
    expect(items(sidebar)[2].classList.contains("current")).toBe(true);
    expect(items(sidebar)[1]).toBe(a2);
  });
});
