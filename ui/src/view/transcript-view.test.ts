import { describe, expect, it } from "vitest";
import { ev } from "../test/events";
import { APP_SANDBOX_HINT, TranscriptView, appHint } from "./transcript-view";

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

describe("a model error", () => {
  const refused = ev({
    type: "error",
    kind: "connection_refused",
    message: "nothing answers at http://127.0.0.1:9/v1",
    hint: "start the model server, or point --api_base at one that runs",
  });
  const overflow = ev({ type: "error", kind: "context_overflow", message: "too long", hint: "use %reset or %undo to shorten the conversation, or raise --context_window" });
  const limited = ev({ type: "error", kind: "rate_limited", message: "slow down", hint: "wait a moment and try again" });

  it("names the app's Model field and session bar, not the terminal's flags, in a session this app runs", () => {
    const v = view();
    v.load([refused, overflow, limited]);
    const shown = hints(v);
    expect(shown).toEqual([appHint("connection_refused"), appHint("context_overflow"), "wait a moment and try again"]);
    expect(shown[0]).toContain("Model field");
    expect(shown[1]).toContain("Reset or Undo");
    for (const hint of shown) expect(hint).not.toMatch(/--|%/);
  });

  it("keeps the engine's hints in a session a terminal runs", () => {
    const v = view();
    v.load([refused, overflow]);
    v.runsElsewhere();
    expect(hints(v)).toEqual([
      "start the model server, or point --api_base at one that runs",
      "use %reset or %undo to shorten the conversation, or raise --context_window",
    ]);
  });

  it("has an app hint for every kind whose engine hint names a flag", () => {
    for (const kind of ["authentication", "unknown_model", "context_overflow", "connection_refused", "sandbox_unavailable"] as const) {
      expect(appHint(kind)).not.toMatch(/--|%/);
    }
    expect(appHint("execution")).toBeNull();
  });
});

describe("an answer the engine asked again in place of", () => {
  it("is shown set aside with why, above its text, and the next answer is not", () => {
    const v = view();
    v.load([
      ev({ type: "assistant_message", text: "The GCD is 19.", interrupted: false }),
      ev({
        type: "tool_call_proposed",
        call: {
          call_id: "f1",
          name: "format_error",
          arguments: { message: "Your answer says 19, but your code printed 21.", supersedes_answer: true },
          origin: "text",
          action: { type: "read", summary: "Ask for a reply in the expected format", arguments: {} },
        },
      }),
      ev({ type: "assistant_message", text: "The GCD is 21.", interrupted: false }),
    ]);
    v.flush();
    const answers = [...v.el.querySelectorAll<HTMLElement>('[data-testid="assistant-message"]')];
    expect(answers.map((a) => a.classList.contains("superseded"))).toEqual([true, false]);
    expect(answers[0]!.querySelector('[data-testid="superseded"]')?.textContent).toMatch(/^Set aside: this answer did not come from what the code printed/);
    expect(answers[0]!.textContent).toContain("The GCD is 19.");
    expect(answers[1]!.querySelector('[data-testid="superseded"]')).toBeNull();
  });

  it("says when a run of the engine's own took its place", () => {
    const v = view();
    const code = "print(computer.files.read('/d/report.pdf'))";
    v.load([
      ev({ type: "assistant_message", text: "The newest PDF is report.pdf.", interrupted: false }),
      ev({
        type: "tool_call_proposed",
        call: {
          call_id: "e1",
          name: "execute",
          arguments: { language: "python", code, supersedes_answer: true },
          origin: "text",
          action: { type: "run_code", language: "python", code },
        },
      }),
    ]);
    v.flush();
    const note = v.el.querySelector('[data-testid="assistant-message"] [data-testid="superseded"]');
    expect(note?.textContent).toMatch(/^Set aside: this answer came before the code it needed had run/);
  });
});

describe("a reasoning model's thinking", () => {
  it("is a folded Thinking disclosure, streamed in one block, apart from the answer", () => {
    const v = view();
    v.load([
      ev({ type: "turn_started", turn: 1 }),
      ev({ type: "model_request_started", model: "ollama/deepseek-r1" }),
      ev({ type: "reasoning_delta", delta: "The user wants 2+2. " }),
      ev({ type: "reasoning_delta", delta: "That is 4." }),
      ev({ type: "assistant_text_delta", delta: "It is 4." }),
      ev({ type: "assistant_message", text: "It is 4.", interrupted: false }),
    ]);
    v.flush();
    const thinking = [...v.el.querySelectorAll<HTMLDetailsElement>("details.reasoning")];
    expect(thinking).toHaveLength(1);
    expect(thinking[0]!.open).toBe(false);
    expect(thinking[0]!.querySelector("summary")?.textContent).toBe("Thinking");
    expect(thinking[0]!.querySelector(".text")?.textContent).toBe("The user wants 2+2. That is 4.");
    const answers = [...v.el.querySelectorAll<HTMLElement>('[data-testid="assistant-message"]')];
    expect(answers).toHaveLength(1);
    expect(answers[0]!.textContent).toContain("It is 4.");
    expect(answers[0]!.textContent).not.toContain("The user wants");
    expect(answers[0]!.contains(thinking[0]!)).toBe(false);
  });

  it("starts a new disclosure after the answer, for the next request's thinking", () => {
    const v = view();
    v.load([
      ev({ type: "model_request_started", model: "m" }),
      ev({ type: "reasoning_delta", delta: "first" }),
      ev({ type: "assistant_message", text: "One.", interrupted: false }),
      ev({ type: "model_request_started", model: "m" }),
      ev({ type: "reasoning_delta", delta: "second" }),
      ev({ type: "assistant_message", text: "Two.", interrupted: false }),
    ]);
    v.flush();
    const texts = [...v.el.querySelectorAll("details.reasoning .text")].map((t) => t.textContent);
    expect(texts).toEqual(["first", "second"]);
  });
});
