import { describe, expect, it } from "vitest";
import { Transcript, type CallBlock } from "./transcript";
import { call, configured, ev, runPython } from "./test/events";

describe("Transcript", () => {
  it("streams assistant text into one block and settles it with the full message", () => {
    const t = new Transcript();
    t.apply(configured());
    t.apply(ev({ type: "turn_started", turn: 1 }));
    const [a] = t.apply(ev({ type: "assistant_text_delta", delta: "Hel" }));
    expect(t.apply(ev({ type: "assistant_text_delta", delta: "lo" }))).toEqual([a]);
    expect(t.get(a!)).toMatchObject({ kind: "assistant", text: "Hello", done: false });
    t.apply(ev({ type: "assistant_message", text: "Hello!", interrupted: false }));
    expect(t.get(a!)).toMatchObject({ text: "Hello!", done: true });
    expect(t.running).toBe(true);
    expect(t.model).toBe("openai/test");
  });

  it("sets aside an answer the engine asked again in place of, and only that one", () => {
    const t = new Transcript();
    const correction = (id: string, supersedes: boolean): ReturnType<typeof call> => ({
      ...call(id, { type: "read", summary: "Ask for a reply in the expected format", arguments: {} }, "format_error"),
      origin: "text",
      arguments: supersedes ? { message: "Your answer says 19…", supersedes_answer: true } : { message: "Answer in words." },
    });
    const [first] = t.apply(ev({ type: "assistant_message", text: "The GCD is 19.", interrupted: false }));
    expect(t.apply(ev({ type: "tool_call_proposed", call: correction("f1", true) }))).toEqual(["f1", first]);
    expect(t.get(first!)).toMatchObject({ kind: "assistant", superseded: true });
    const [second] = t.apply(ev({ type: "assistant_message", text: "Still thinking.", interrupted: false }));
    expect(t.apply(ev({ type: "tool_call_proposed", call: correction("f2", false) }))).toEqual(["f2"]);
    expect(t.get(second!)).not.toHaveProperty("superseded");
    // A correction after a run (no answer right before it) sets nothing aside.
    t.apply(ev({ type: "tool_call_proposed", call: call("c1", runPython("c1", "print(21)")) }));
    t.apply(ev({ type: "user_message", items: [{ type: "text", text: "and?" }] }));
    expect(t.apply(ev({ type: "tool_call_proposed", call: correction("f3", true) }))).toEqual(["f3"]);
    expect(t.get(second!)).not.toHaveProperty("superseded");
    // A run of the engine's own in place of the answer (the document it never read) sets it
    // aside too, and says so.
    const [early] = t.apply(ev({ type: "assistant_message", text: "The newest PDF is report.pdf.", interrupted: false }));
    t.apply(ev({ type: "notice", message: "the model answered without reading /d/report.pdf …: reading it" }));
    const read = {
      ...call("e1", runPython("e1", "print(computer.files.read('/d/report.pdf'))")),
      origin: "text" as const,
      arguments: { language: "python", code: "print(computer.files.read('/d/report.pdf'))", supersedes_answer: true },
    };
    expect(t.apply(ev({ type: "tool_call_proposed", call: read }))).toEqual(["e1", early]);
    expect(t.get(early!)).toMatchObject({ superseded: true, supersededByRun: true });
  });

  it("follows a call from approval through its run, output and file changes", () => {
    const t = new Transcript();
    t.apply(ev({ type: "turn_started", turn: 1 }));
    t.apply(ev({ type: "approval_requested", call: call("c1", runPython("c1", "print(1)")), warning: "writes files" }));
    expect(t.pendingApprovals().map((b) => b.id)).toEqual(["c1"]);
    t.apply(ev({ type: "approval_decided", call_id: "c1", decision: { type: "approve" }, decider: "user" }));
    t.apply(ev({ type: "exec_begin", call_id: "c1", language: "python", code: "print(1)" }));
    t.apply(ev({ type: "exec_output", call_id: "c1", stream: "stdout", chunk: "1" }));
    t.apply(ev({ type: "exec_output", call_id: "c1", stream: "stdout", chunk: "\n" }));
    t.apply(ev({ type: "exec_output", call_id: "c1", stream: "stderr", chunk: "warn\n" }));
    t.apply(ev({ type: "exec_end", call_id: "c1", status: "completed", exit_code: 0, duration_ms: 12 }));
    t.apply(ev({ type: "files_changed", call_id: "c1", changes: [{ path: "a.txt", kind: "created", diff: "+x\n" }] }));
    const b = t.get("c1") as CallBlock;
    expect(b.approval).toBe("approved");
    expect(b.warning).toBe("writes files");
    expect(b.exec?.output).toEqual([
      { stream: "stdout", chunk: "1\n" },
      { stream: "stderr", chunk: "warn\n" },
    ]);
    expect(b.exec?.status).toBe("completed");
    expect(b.files[0]?.path).toBe("a.txt");
    expect(t.pendingApprovals()).toEqual([]);
  });

  it("keeps the plan the engine took, on its card and for the session", () => {
    const t = new Transcript();
    const items = [{ text: "a", status: "in_progress" as const }];
    t.apply(ev({ type: "tool_call_proposed", call: call("p1", { type: "plan", items: [] }) }));
    expect((t.get("p1") as CallBlock).plan).toBeNull();
    expect(t.apply(ev({ type: "plan_updated", call_id: "p1", items }))).toEqual(["p1"]);
    expect((t.get("p1") as CallBlock).plan).toEqual(items);
    expect(t.plan).toEqual(items);
  });

  it("marks denied calls and notes turns that did not complete", () => {
    const t = new Transcript();
    t.apply(ev({ type: "approval_requested", call: call("c1", runPython("c1", "rm -rf /")), warning: null }));
    t.apply(ev({ type: "approval_decided", call_id: "c1", decision: { type: "deny" }, decider: "user" }));
    const ids = t.apply(ev({ type: "turn_ended", turn: 1, reason: "interrupted" }));
    expect((t.get("c1") as CallBlock).approval).toBe("denied");
    expect(t.get(ids[0]!)).toMatchObject({ kind: "turn_end", reason: "interrupted" });
  });

  it("attaches computer events to their call and remembers the screen the plan is drawn on", () => {
    const t = new Transcript();
    const shot = { path: "/d/s1.png", mime: "image/png", width: 640, height: 400, source: { x: 0, y: 0, width: 1280, height: 800 } };
    t.apply(ev({ type: "screenshot_taken", call_id: null, screenshot: shot }));
    t.apply(
      ev({
        type: "approval_requested",
        call: call("k1", { type: "computer", action: "left_click", arguments: { coordinate: [100, 200] } }, "computer"),
        warning: null,
      }),
    );
    t.apply(
      ev({
        type: "input_action_performed",
        call_id: "k1",
        record: { action: "left_click", planned_path: [{ x: 0, y: 0, t_ms: 0 }, { x: 100, y: 200, t_ms: 50 }], actual_path: [], keys: [], target_window: null },
      }),
    );
    t.apply(
      ev({
        type: "screen_diff_computed",
        call_id: "k1",
        diff: { before: "/d/a.png", after: "/d/b.png", diff_image: "/d/c.png", changed_regions: [{ x: 1, y: 2, width: 3, height: 4 }], changed_fraction: 0.01 },
      }),
    );
    t.apply(ev({ type: "window_focus_changed", window: { title: "xterm", app_name: "XTerm", pid: 1, bounds: null } }));
    const b = t.get("k1") as CallBlock;
    expect(b.screenBefore).toEqual(shot);
    expect(b.actions).toHaveLength(1);
    expect(b.diffs).toHaveLength(1);
    expect(t.blocks.map((x) => x.kind)).toEqual(["screenshot", "call", "focus"]);
  });

  it("shows errors with their hint and follows model, profile and policy changes", () => {
    const t = new Transcript();
    const [e] = t.apply(ev({ type: "error", kind: "authentication", message: "bad key", hint: "set OPENAI_API_KEY" }));
    expect(t.get(e!)).toMatchObject({ kind: "notice", level: "error", hint: "set OPENAI_API_KEY" });
    t.apply(ev({ type: "model_changed", model: "ollama/x" }));
    t.apply(ev({ type: "profile_changed", profile: "codex" }));
    t.apply(ev({ type: "approval_policy_changed", policy: "auto" }));
    expect([t.model, t.profile, t.policy]).toEqual(["ollama/x", "codex", "auto"]);
  });

  it("keeps the engine's hint and marks a sandbox that refuses to run code", () => {
    const t = new Transcript();
    const hint = "choose another sandbox with %sandbox native|docker|openshell|none, or start again with --sandbox";
    const [e] = t.apply(ev({ type: "error", kind: "sandbox_unavailable", message: "nothing will run: no docker", hint }));
    expect(t.get(e!)).toMatchObject({ level: "error", message: "nothing will run: no docker", hint, errorKind: "sandbox_unavailable" });
    const [other] = t.apply(ev({ type: "error", kind: "execution", message: "boom", hint: "look" }));
    expect(t.get(other!)).toMatchObject({ hint: "look" });
    expect(t.get(other!)).toMatchObject({ errorKind: "execution" });
  });
});
