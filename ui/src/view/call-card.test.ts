import { describe, expect, it } from "vitest";
import type { Event } from "../bindings/Event";
import { call, ev } from "../test/events";
import { TranscriptView } from "./transcript-view";

function shown(events: Event[]): HTMLElement {
  const v = new TranscriptView({ decide: () => {}, loadImage: async () => "", drafts: new Map() });
  v.load(events);
  v.flush();
  return v.el;
}

const read = call("r1", { type: "read", summary: "Read report.pdf", arguments: {}, path: "/d/report.pdf" }, "Read");
const run = call("c1", { type: "run_code", language: "python", code: "print(6 * 7)" });

describe("what a call returned", () => {
  it("shows what a read tool read, open when short and folded when long", () => {
    const short = shown([ev({ type: "tool_call_proposed", call: read }), ev({ type: "tool_result", call_id: "r1", output: "The harbour opens on Tuesday.\n", is_error: false })]);
    const result = short.querySelector<HTMLDetailsElement>('[data-testid="call-result"]')!;
    expect(result.open).toBe(true);
    expect(result.querySelector("pre")!.textContent).toBe("The harbour opens on Tuesday.");
    expect(result.querySelector("summary")!.textContent).toBe("Output");

    const pages = Array.from({ length: 40 }, (_, i) => `line ${i + 1}`).join("\n");
    const long = shown([ev({ type: "tool_call_proposed", call: read }), ev({ type: "tool_result", call_id: "r1", output: pages, is_error: false })]);
    const folded = long.querySelector<HTMLDetailsElement>('[data-testid="call-result"]')!;
    expect(folded.open).toBe(false);
    expect(folded.querySelector("summary")!.textContent).toBe("Output · 40 lines");
    expect(folded.querySelector("pre")!.textContent).toBe(pages);
  });

  it("shows a run's output in a loaded conversation, which has no run events", () => {
    const el = shown([ev({ type: "tool_call_proposed", call: run }), ev({ type: "tool_result", call_id: "c1", output: "42\n", is_error: false })]);
    expect(el.querySelector('[data-testid="call-result"] pre')!.textContent).toBe("42");
  });

  it("does not show a run's output twice when the run was seen here", () => {
    const el = shown([
      ev({ type: "tool_call_proposed", call: run }),
      ev({ type: "exec_begin", call_id: "c1", language: "python", code: "print(6 * 7)" }),
      ev({ type: "exec_output", call_id: "c1", stream: "stdout", chunk: "42\n" }),
      ev({ type: "exec_end", call_id: "c1", status: "completed", exit_code: 0, duration_ms: 5 }),
      ev({ type: "tool_result", call_id: "c1", output: "42\n", is_error: false }),
    ]);
    expect(el.querySelector('[data-testid="call-result"]')).toBeNull();
    expect(el.querySelector('[data-testid="exec-output"]')!.textContent).toBe("42\n");
  });

  it("says a failure, and leaves what an edit or a plan did to the card", () => {
    const denied = shown([ev({ type: "tool_call_proposed", call: read }), ev({ type: "tool_result", call_id: "r1", output: "Denied by the person.", is_error: true })]);
    expect(denied.querySelector('[data-testid="call-result"]')!.textContent).toBe("Denied by the person.");
    const traceback = "Traceback (most recent call last):\n  File \"<cell 1>\", line 1\nOSError: [Errno 30] Read-only file system\n";
    const failed = shown([ev({ type: "tool_call_proposed", call: run }), ev({ type: "tool_result", call_id: "c1", output: traceback, is_error: true })]);
    const shownFailure = failed.querySelector('[data-testid="call-result"]')!;
    expect(shownFailure.tagName).toBe("PRE");
    expect(shownFailure.textContent).toBe(traceback.trimEnd());
    const plan = call("p1", { type: "plan", items: [] }, "todo_write");
    const el = shown([ev({ type: "tool_call_proposed", call: plan }), ev({ type: "tool_result", call_id: "p1", output: "Plan updated.", is_error: false })]);
    expect(el.querySelector('[data-testid="call-result"]')).toBeNull();
  });

  it("says a read that returned nothing", () => {
    const el = shown([ev({ type: "tool_call_proposed", call: read }), ev({ type: "tool_result", call_id: "r1", output: "\n", is_error: false })]);
    expect(el.querySelector('[data-testid="call-result"]')!.textContent).toBe("(no output)");
  });
});

describe("the engine's corrections", () => {
  it("are a quiet folded note of what the model was told, not a failed call approved by policy", () => {
    const told = "Nothing ran: you answered without reading app.log. Write Python code that reads it.";
    const correction = call("f1", { type: "read", summary: "Ask for a reply in the expected format", arguments: { message: told } }, "format_error");
    correction.arguments = { message: told };
    const el = shown([
      ev({ type: "tool_call_proposed", call: correction }),
      ev({ type: "approval_decided", call_id: "f1", decision: { type: "approve" }, decider: "policy" }),
      ev({ type: "tool_result", call_id: "f1", output: told, is_error: true }),
    ]);
    expect(el.querySelector('[data-testid="call-card"]')).toBeNull();
    const note = el.querySelector<HTMLDetailsElement>('[data-testid="correction"]')!;
    expect(note.open).toBe(false);
    expect(note.querySelector("summary")!.textContent).toBe("Open Interpreter asked the model again · Ask for a reply in the expected format");
    expect(note.querySelector("pre")!.textContent).toBe(told);
    expect(el.textContent).not.toMatch(/Approved|policy/);
    expect(el.querySelector(".stderr")).toBeNull();
  });
});
