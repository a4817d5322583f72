import { describe, expect, it } from "vitest";
import { ev } from "../test/events";
import { APP_SANDBOX_HINT, TranscriptView } from "./transcript-view";

const ENGINE_HINT = "choose another sandbox with %sandbox native|docker|openshell|none, or start again with --sandbox";

function view(): TranscriptView {
  return new TranscriptView({ decide: () => {}, loadImage: async () => "", drafts: new Map() });
}

function hints(v: TranscriptView): (string | null)[] {
  v.flush();
  return [...v.el.querySelectorAll<HTMLElement>('[data-testid="error"]')].map((e) => e.querySelector(".hint")?.textContent ?? null);
}

describe("a sandbox that refuses to run code", () => {
  const refusal = ev({ type: "error", kind: "sandbox_unavailable", message: "nothing will run: no docker", hint: ENGINE_HINT });
  const other = ev({ type: "error", kind: "execution", message: "boom", hint: "look" });

  it("points to the header's sandbox button in a session this app runs", () => {
    const v = view();
    v.load([refusal, other]);
    expect(hints(v)).toEqual([APP_SANDBOX_HINT, "look"]);
  });

  it("keeps the engine's %sandbox hint in a session another process runs, even one shown before that was known", () => {
    const v = view();
    v.load([refusal, other]);
    v.runsElsewhere();
    expect(hints(v)).toEqual([ENGINE_HINT, "look"]);
  });
});
