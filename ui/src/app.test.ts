// The whole ui over Tauri's mockIPC: commands are answered here, session events are delivered
// through the real Channel callbacks the way the app's Rust side delivers them.
import { clearMocks, mockIPC } from "@tauri-apps/api/mocks";
import type { Channel } from "@tauri-apps/api/core";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { App } from "./app";
import type { Event } from "./bindings/Event";
import type { EventMsg } from "./bindings/EventMsg";
import type { ScopeOffer } from "./bindings/ScopeOffer";
import type { SessionListing } from "./bindings/SessionListing";
import { ipc } from "./ipc";
import { call, configured, ev, runPython } from "./test/events";
import type { AppInfo } from "./types";

const INFO: AppInfo = {
  version: "0.1.0",
  model: "openai/test",
  profile: "classic",
  approval_policy: "ask",
  profiles: ["classic", "codex"],
  cwd: "/tmp/work",
  sandbox: null,
  safe_mode: "off",
  initial_prompt: null,
  stop_hotkey: "Ctrl+Alt+.",
  activity: "idle",
  model_access: { provider: "openai", api_base: "https://api.openai.com/v1", local: false, key_env: "OPENAI_API_KEY", key_set: true },
  native_refusal: null,
};

interface Internals {
  runCallback(id: number, data: unknown): void;
}

let calls: { cmd: string; args: Record<string, unknown> }[];
let sessionChannel: Channel<Event> | null;
let appChannel: Channel<unknown> | null;
let attached: Map<string, Channel<Event>>;
let sent = 0;
let editorLive = false;
let noneLogged = false;
let deleted: string[];
let extraListed: SessionListing[];

function listing(over: Partial<SessionListing>): SessionListing {
  return { id: "x", title: "", cwd: null, model: "openai/test", profile: "classic", created_ms: 1_700_000_000_000, updated_ms: 1_700_000_000_000, status: "ended", input_tokens: 0, output_tokens: 0, events: 9, ...over };
}

function runCallback(id: number, data: unknown): void {
  (window as unknown as { __TAURI_INTERNALS__: Internals }).__TAURI_INTERNALS__.runCallback(id, data);
}

function deliver(msg: EventMsg): void {
  const internals = (window as unknown as { __TAURI_INTERNALS__: Internals }).__TAURI_INTERNALS__;
  internals.runCallback(sessionChannel!.id, { index: sent++, message: ev(msg) });
}

async function settle(): Promise<void> {
  for (let i = 0; i < 5; i++) await new Promise((r) => setTimeout(r, 0));
}

function cmds(name: string) {
  return calls.filter((c) => c.cmd === name).map((c) => c.args);
}

async function boot(info: AppInfo = INFO): Promise<App> {
  const app = new App(ipc, info);
  document.body.replaceChildren(app.el);
  await app.start();
  return app;
}

async function say(text: string): Promise<void> {
  const input = document.querySelector<HTMLTextAreaElement>('[data-testid="message-input"]')!;
  input.value = text;
  document.querySelector<HTMLButtonElement>('[data-testid="send"]')!.click();
  await settle();
}

const q = (sel: string) => document.querySelector<HTMLElement>(sel);

beforeEach(() => {
  calls = [];
  sessionChannel = null;
  appChannel = null;
  attached = new Map();
  editorLive = false;
  noneLogged = false;
  deleted = [];
  extraListed = [];
  sent = 0;
  mockIPC((cmd, args) => {
    const a = (args ?? {}) as Record<string, unknown>;
    calls.push({ cmd, args: a });
    switch (cmd) {
      case "quit":
        return null;
      case "subscribe_app":
        appChannel = a.onSignal as Channel<unknown>;
        return null;
      case "attach_session":
        attached.set(a.sessionId as string, a.onEvent as Channel<Event>);
        return a.sessionId !== "term1";
      case "delete_session":
        deleted.push(a.sessionId as string);
        return `/data/trash/sessions/${a.sessionId as string}.jsonl`;
      case "list_sessions":
        if (noneLogged) return [];
        return [
          ...(editorLive ? [listing({ id: "ed1", created_ms: 1_700_000_100_000, cwd: "/tmp/proj", profile: "codex", title: "fix the test", events: 3, status: "waiting_for_approval" })] : []),
          ...extraListed,
          listing({ id: "old", cwd: "/home/me/older-project", model: "openai/old", title: "an old chat" }),
        ].filter((e) => !deleted.includes(e.id));
      case "start_session":
        sessionChannel = a.onEvent as Channel<Event>;
        return { session_id: "s1", log_path: "/tmp/s1.jsonl" };
      case "send_input":
      case "decide_approval":
      case "interrupt":
      case "set_model":
      case "reset":
      case "undo":
      case "report_tokens":
      case "close_session":
      case "set_sandbox":
      case "save_conversation":
        return "gui-1";
      case "load_conversation":
        return "gui-1";
      case "check_conversation":
        if (!(a.path as string).startsWith("/")) throw { code: "invalid_request", message: `"${a.path as string}" is not a full path: start it with / or ~/` };
        return a.path;
      case "read_image":
        return "data:image/png;base64,AAAA";
      case "recent_folders":
        return ["/home/me/a", "/home/me/b"];
      case "check_folder": {
        const path = a.path as string;
        if (path.startsWith("/bad")) throw { code: "folder", message: `${path} is not a folder` };
        return path.replace(/\/+$/, "");
      }
      case "read_session":
        return [
          ev({ ...(configured().msg as Extract<EventMsg, { type: "session_configured" }>), cwd: "/home/me/older-project" }),
          ev({ type: "user_message", items: [{ type: "text", text: "an old chat" }] }),
        ];
      default:
        throw { code: "invalid_request", message: `unexpected ${cmd}` };
    }
  });
});

afterEach(() => clearMocks());

describe("the app over ipc", () => {
  it("lists the logged sessions with their folders", async () => {
    await boot();
    expect(q('[data-testid="session-item"]')?.textContent).toContain("an old chat");
    const folder = q('[data-testid="session-item-folder"]')!;
    expect(folder.textContent).toBe("older-project");
    expect(folder.dataset.cwd).toBe("/home/me/older-project");
  });

  it("chooses a new session's folder from the recent ones or by path, and starts it there", async () => {
    await boot();
    const folder = q('[data-testid="session-folder"]') as HTMLButtonElement;
    const picker = q('[data-testid="folder-picker"]')!;
    expect(folder.textContent).toBe("/tmp/work");
    expect(picker.classList.contains("hidden")).toBe(true);
    folder.click();
    await settle();
    expect(picker.classList.contains("hidden")).toBe(false);
    const recent = [...document.querySelectorAll<HTMLElement>('[data-testid="recent-folder"]')];
    expect(recent.map((r) => r.textContent)).toEqual(["/home/me/a", "/home/me/b"]);
    recent[1]!.click();
    await settle();
    expect(folder.textContent).toBe("/home/me/b");
    expect(picker.classList.contains("hidden")).toBe(true);
    // A path that is not a folder is refused where it was typed; the choice stays.
    folder.click();
    await settle();
    const input = q('[data-testid="folder-input"]') as HTMLInputElement;
    expect(input.value).toBe("/home/me/b");
    input.value = "/bad/place";
    q('[data-testid="folder-use"]')!.click();
    await settle();
    expect(q('[data-testid="folder-error"]')?.textContent).toBe("/bad/place is not a folder");
    expect(folder.textContent).toBe("/home/me/b");
    input.value = "/srv/project/";
    input.dispatchEvent(new KeyboardEvent("keydown", { key: "Enter" }));
    await settle();
    expect(folder.textContent).toBe("/srv/project");
    expect(cmds("check_folder").map((a) => a.path)).toEqual(["/home/me/b", "/bad/place", "/srv/project/"]);
    await say("work here");
    expect(cmds("start_session")[0]?.options).toMatchObject({ cwd: "/srv/project" });
    deliver({ ...(configured().msg as Extract<EventMsg, { type: "session_configured" }>), cwd: "/srv/project" });
    await settle();
    // A started session keeps its folder.
    expect(folder.disabled).toBe(true);
    expect(folder.textContent).toBe("/srv/project");
  });

  it("starts a session with the pickers' values on the first message, then sends it", async () => {
    await boot();
    const model = q('[data-testid="model-picker"]') as HTMLInputElement;
    model.value = "ollama/qwen";
    model.dispatchEvent(new Event("change"));
    await say("what is 2+2?");
    expect(cmds("start_session")[0]?.options).toEqual({ model: "ollama/qwen", profile: "classic", approval_policy: "ask", resume: undefined, cwd: "/tmp/work" });
    expect(cmds("send_input")).toEqual([{ sessionId: "s1", items: [{ type: "text", text: "what is 2+2?" }] }]);
  });

  it("refreshes the session list once the message is logged", async () => {
    await boot();
    await say("title me");
    const before = cmds("list_sessions").length;
    deliver({ type: "user_message", items: [{ type: "text", text: "title me" }] });
    await settle();
    expect(cmds("list_sessions").length).toBe(before + 1);
  });

  it("folds a burst of logged messages (a replayed session) into at most two list refreshes", async () => {
    await boot();
    await say("title me");
    const before = cmds("list_sessions").length;
    for (let i = 0; i < 20; i++) deliver({ type: "user_message", items: [{ type: "text", text: `m${i}` }] });
    await settle();
    const refreshes = cmds("list_sessions").length - before;
    expect(refreshes).toBeGreaterThanOrEqual(1);
    expect(refreshes).toBeLessThanOrEqual(2);
  });

  it("shows a code card, approves it and streams its output", async () => {
    await boot();
    await say("print one");
    deliver(configured().msg);
    deliver({ type: "turn_started", turn: 1 });
    deliver({ type: "assistant_text_delta", delta: "Running **it**." });
    deliver({ type: "approval_requested", call: call("c1", runPython("c1", "print(1)")), warning: null });
    await settle();
    const card = q('[data-testid="call-card"]')!;
    expect(card.dataset.state).toBe("pending");
    expect(card.querySelector("pre.code")?.textContent).toContain("print(1)");
    expect(q('[data-testid="activity"]')?.textContent).toBe("waiting for you");
    expect(q('[data-testid="assistant-message"] strong')?.textContent).toBe("it");
    q('[data-testid="approve"]')!.click();
    await settle();
    expect(cmds("decide_approval")).toEqual([{ sessionId: "s1", callId: "c1", decision: { type: "approve" } }]);
    deliver({ type: "approval_decided", call_id: "c1", decision: { type: "approve" }, decider: "user" });
    deliver({ type: "exec_begin", call_id: "c1", language: "python", code: "print(1)" });
    deliver({ type: "exec_output", call_id: "c1", stream: "stdout", chunk: "1\n" });
    await settle();
    expect(q('[data-testid="exec-output"]')?.textContent).toBe("1\n");
    expect(q('[data-testid="running"]')).not.toBeNull();
    deliver({ type: "exec_end", call_id: "c1", status: "completed", exit_code: 0, duration_ms: 20 });
    deliver({ type: "turn_ended", turn: 1, reason: "completed" });
    await settle();
    expect(q('[data-testid="exec-status"]')?.textContent).toContain("exit 0");
    expect(q('[data-testid="call-card"]')?.dataset.state).toBe("approved");
    expect(q('[data-testid="approve"]')).toBeNull();
  });

  it("keeps a run's output box where the wheel turned it up, even before the scroll has moved it", async () => {
    // happy-dom lays nothing out: each output box is 1000 px of text in a 100 px box.
    const height = vi.spyOn(HTMLElement.prototype, "scrollHeight", "get").mockReturnValue(1000);
    const client = vi.spyOn(HTMLElement.prototype, "clientHeight", "get").mockReturnValue(100);
    try {
      await boot();
      await say("count");
      deliver(configured().msg);
      deliver({ type: "turn_started", turn: 1 });
      deliver({ type: "approval_requested", call: call("c1", runPython("c1", "count()")), warning: null });
      deliver({ type: "approval_decided", call_id: "c1", decision: { type: "approve" }, decider: "user" });
      deliver({ type: "exec_begin", call_id: "c1", language: "python", code: "count()" });
      deliver({ type: "exec_output", call_id: "c1", stream: "stdout", chunk: "step 1\n" });
      await settle();
      const box = () => q('[data-testid="exec-output"]')!;
      expect(box().scrollTop).toBe(1000); // follows its stream
      deliver({ type: "exec_output", call_id: "c1", stream: "stdout", chunk: "step 2\n" });
      await settle();
      expect(box().scrollTop).toBe(1000);
      // The wheel turns up; a smooth scroll has not moved the box yet when the next line comes.
      box().scrollTop = 895;
      box().dispatchEvent(new WheelEvent("wheel", { deltaY: -120, bubbles: true }));
      deliver({ type: "exec_output", call_id: "c1", stream: "stdout", chunk: "step 3\n" });
      await settle();
      expect(box().textContent).toContain("step 3");
      expect(box().scrollTop).toBe(895);
      // Scrolled up, the box stays there while lines come, long after the wheel stopped.
      box().scrollTop = 300;
      box().dataset.wheelUpAt = String(Date.now() - 5000);
      deliver({ type: "exec_output", call_id: "c1", stream: "stdout", chunk: "step 4\n" });
      await settle();
      expect(box().scrollTop).toBe(300);
      // Brought back to its end, it follows again.
      box().scrollTop = 900;
      deliver({ type: "exec_output", call_id: "c1", stream: "stdout", chunk: "step 5\n" });
      await settle();
      expect(box().scrollTop).toBe(1000);
    } finally {
      height.mockRestore();
      client.mockRestore();
    }
  });

  it("denies, approves always with a scope, and runs edited code", async () => {
    await boot();
    await say("go");
    deliver({ type: "approval_requested", call: call("c1", { type: "run_code", language: "shell", code: "ls -la /" }), warning: null });
    await settle();
    q('[data-testid="deny"]')!.click();
    deliver({ type: "approval_decided", call_id: "c1", decision: { type: "deny" }, decider: "user" });
    // No scope offered: no "always".
    expect(q('[data-call-id="c1"] [data-testid="always"]')).toBeNull();
    const offered: ScopeOffer[] = [
      { scope: { type: "command_prefix", prefix: "ls /tmp", remembered: "session" }, label: "commands starting `ls /tmp`, this session" },
      { scope: { type: "command_prefix", prefix: "ls /tmp", remembered: "project" }, label: "commands starting `ls /tmp`, in this project, across sessions" },
    ];
    deliver({ type: "approval_requested", call: call("c2", { type: "run_code", language: "shell", code: "ls /tmp" }), warning: null, scopes: offered });
    await settle();
    const scope = q('[data-call-id="c2"] [data-testid="always-scope"]') as HTMLSelectElement;
    // Exactly the engine's scopes, in its words and order.
    expect([...scope.options].map((o) => o.textContent)).toEqual(offered.map((o) => o.label));
    scope.value = "1";
    q('[data-call-id="c2"] [data-testid="always"]')!.click();
    deliver({ type: "approval_requested", call: call("c3", runPython("c3", "print(2)")), warning: null });
    await settle();
    q('[data-call-id="c3"] [data-testid="edit"]')!.click();
    const editor = q('[data-call-id="c3"] [data-testid="code-editor"]') as HTMLTextAreaElement;
    editor.value = "print(3)";
    editor.dispatchEvent(new InputEvent("input"));
    q('[data-call-id="c3"] [data-testid="run-edited"]')!.click();
    await settle();
    expect(cmds("decide_approval").map((a) => a.decision)).toEqual([
      { type: "deny" },
      { type: "approve_always", scope: offered[1]!.scope },
      { type: "approve_edited", code: "print(3)" },
    ]);
    expect(q('[data-call-id="c1"]')?.dataset.state).toBe("denied");
    expect(q('[data-call-id="c1"] [data-testid="decision"]')?.textContent).toBe("Denied");
    deliver({ type: "approval_decided", call_id: "c2", decision: { type: "approve_always", scope: offered[1]!.scope }, decider: "user" });
    await settle();
    expect(q('[data-call-id="c2"] [data-testid="decision"]')?.textContent).toBe(`Approved always: ${offered[1]!.label}`);
  });

  it("answers the oldest waiting card with Alt+Y and Alt+N from anywhere in the window", async () => {
    await boot();
    await say("go");
    deliver({ type: "approval_requested", call: call("c1", { type: "run_code", language: "shell", code: "ls" }), warning: null });
    deliver({ type: "approval_requested", call: call("c2", { type: "run_code", language: "shell", code: "pwd" }), warning: null });
    deliver({ type: "approval_requested", call: call("c3", runPython("c3", "print(2)")), warning: null });
    await settle();
    expect(q('[data-call-id="c1"] [data-testid="approve"]')?.textContent).toBe("ApproveAlt+Y");
    expect(q('[data-call-id="c1"] [data-testid="deny"]')?.textContent).toBe("DenyAlt+N");
    const key = (code: string, target: EventTarget, extra: KeyboardEventInit = {}): KeyboardEvent => {
      const e = new KeyboardEvent("keydown", { code, key: code.slice(3).toLowerCase(), altKey: true, bubbles: true, cancelable: true, ...extra });
      target.dispatchEvent(e);
      return e;
    };
    // From the message box, where the person was typing.
    const input = q('[data-testid="message-input"]')!;
    input.focus();
    expect(key("KeyY", input).defaultPrevented).toBe(true);
    deliver({ type: "approval_decided", call_id: "c1", decision: { type: "approve" }, decider: "user" });
    await settle();
    // Not a shortcut: Y without Alt, Ctrl+Alt+Y.
    key("KeyY", input, { altKey: false });
    key("KeyY", document.body, { ctrlKey: true });
    key("KeyN", document.body);
    deliver({ type: "approval_decided", call_id: "c2", decision: { type: "deny" }, decider: "user" });
    await settle();
    // The card being edited runs its edited code.
    q('[data-call-id="c3"] [data-testid="edit"]')!.click();
    const editor = q('[data-call-id="c3"] [data-testid="code-editor"]') as HTMLTextAreaElement;
    editor.value = "print(3)";
    editor.dispatchEvent(new InputEvent("input"));
    key("KeyY", editor);
    deliver({ type: "approval_decided", call_id: "c3", decision: { type: "approve_edited", code: "print(3)" }, decider: "user" });
    await settle();
    // Nothing waits: the keys do nothing.
    expect(key("KeyY", document.body).defaultPrevented).toBe(false);
    expect(cmds("decide_approval")).toEqual([
      { sessionId: "s1", callId: "c1", decision: { type: "approve" } },
      { sessionId: "s1", callId: "c2", decision: { type: "deny" } },
      { sessionId: "s1", callId: "c3", decision: { type: "approve_edited", code: "print(3)" } },
    ]);
  });

  it("shows an edit as the engine's diff before it runs and what it changed after", async () => {
    await boot();
    await say("edit");
    const preview = "--- a/notes.txt\n+++ b/notes.txt\n@@ -1,2 +1,2 @@\n one\n-two\n+three\n";
    // Arguments in a profile's own names, which the app does not read: the engine's preview is shown.
    const edit = call("c1", {
      type: "edit_files",
      summary: "Edit notes.txt",
      arguments: { some_profiles_name: "notes.txt", old_string: "zzz", new_string: "yyy" },
      changes: [{ path: "notes.txt", kind: "modified", diff: preview }],
    });
    deliver({ type: "approval_requested", call: edit, warning: null });
    await settle();
    const card = q('[data-call-id="c1"]')!;
    const shown = card.querySelector<HTMLElement>('[data-testid="edit-preview"] [data-testid="file-diff"]')!;
    expect(shown.dataset.path).toBe("notes.txt");
    expect([...shown.querySelectorAll(".diff-del")].map((d) => d.textContent)).toEqual(["-two"]);
    expect([...shown.querySelectorAll(".diff-add")].map((d) => d.textContent)).toEqual(["+three"]);
    expect(card.textContent).not.toContain("yyy");
    expect(card.querySelector('[data-testid="approve"]')).not.toBeNull();
    // What it did replaces the preview.
    deliver({ type: "approval_decided", call_id: "c1", decision: { type: "approve" }, decider: "user" });
    deliver({ type: "files_changed", call_id: "c1", changes: [{ path: "notes.txt", kind: "modified", diff: "@@ -1 +1 @@\n-two\n+four\n" }] });
    await settle();
    expect(q('[data-call-id="c1"] [data-testid="edit-preview"]')).toBeNull();
    const diffs = document.querySelectorAll<HTMLElement>('[data-call-id="c1"] [data-testid="file-diff"]');
    expect(diffs).toHaveLength(1);
    expect(diffs[0]!.querySelector(".diff-add")?.textContent).toBe("+four");
  });

  it("says why an edit has no preview", async () => {
    await boot();
    await say("edit");
    const edit = call("c2", { type: "edit_files", summary: "Edit gone.txt", arguments: { old_string: "a", new_string: "b" }, preview_error: "File does not exist: /w/gone.txt" });
    deliver({ type: "approval_requested", call: edit, warning: null });
    await settle();
    const card = q('[data-call-id="c2"]')!;
    expect(card.querySelector('[data-testid="preview-error"]')?.textContent).toBe("No preview: File does not exist: /w/gone.txt");
    expect(card.querySelector('[data-testid="file-diff"]')).toBeNull();
    expect(card.querySelector(".diff-add")).toBeNull();
  });

  it("shows a plan call as the engine's checklist, and the list it took once it ran", async () => {
    await boot();
    await say("plan");
    // The profile's own argument names are not read: the engine's items are shown.
    const items = [
      { text: "read the report", status: "completed" as const },
      { text: "write the summary", status: "in_progress" as const },
      { text: "send it", status: "pending" as const },
    ];
    deliver({ type: "tool_call_proposed", call: call("p1", { type: "plan", items }) });
    await settle();
    const marks = () =>
      [...document.querySelectorAll<HTMLElement>('[data-call-id="p1"] [data-testid="plan-list"] li')].map((li) => `${li.dataset.status}:${li.textContent}`);
    expect(marks()).toEqual(["completed:✓ read the report", "in_progress:▸ write the summary", "pending:○ send it"]);
    const bar = q('[data-testid="session-plan"]')!;
    expect(bar.hidden).toBe(true);
    deliver({ type: "plan_updated", call_id: "p1", items });
    await settle();
    expect(bar.hidden).toBe(false);
    expect(bar.textContent).toBe("plan 1/3 · write the summary");
    deliver({ type: "plan_updated", call_id: "p1", items: items.map((i) => ({ ...i, status: "completed" as const })) });
    await settle();
    expect(marks()).toEqual(["completed:✓ read the report", "completed:✓ write the summary", "completed:✓ send it"]);
    expect(bar.textContent).toBe("plan 3/3");
  });

  it("draws a computer action's plan over the screenshot and its telemetry after", async () => {
    await boot();
    await say("click it");
    const older = { path: "/data/older.png", mime: "image/png", width: 640, height: 400, source: { x: 0, y: 0, width: 1280, height: 800 } };
    const shot = { ...older, path: "/data/shot.png" };
    deliver({ type: "screenshot_taken", call_id: null, screenshot: older });
    // The engine's plan in screen pixels; the model's arguments are not read.
    const plan = {
      action: "left_click",
      planned_path: [{ x: 10, y: 10, t_ms: 0 }, { x: 641, y: 399, t_ms: 80 }],
      actual_path: [],
      keys: [],
      target_window: { id: 7, title: "notes.txt", app_name: "gedit", pid: 7, bounds: null },
      target: { x: 641, y: 399 },
      screen: shot,
      inset: { path: "/data/inset.png", mime: "image/png", width: 200, height: 200, source: { x: 541, y: 299, width: 200, height: 200 } },
    };
    deliver({ type: "approval_requested", call: call("k1", { type: "computer", action: "left_click", arguments: { coordinate: [1, 2] }, plan }, "computer"), warning: null });
    await settle();
    const card = q('[data-testid="computer-plan"]')!;
    const screen = card.querySelector('[data-testid="plan-screen"]')!;
    expect(screen.querySelector("img")?.getAttribute("alt")).toBe("where it will act");
    const loaded = cmds("read_image").map((a) => a.path);
    expect(loaded).toContain("/data/shot.png");
    const cross = screen.querySelector('[data-testid="crosshair"]')!;
    expect([cross.getAttribute("data-x"), cross.getAttribute("data-y")]).toEqual(["641", "399"]);
    expect(cross.querySelector("circle")?.getAttribute("cx")).toBe("641");
    expect(screen.querySelector("polyline.planned")?.getAttribute("points")).toBe("10,10 641,399");
    // The close-up: its crosshair at its centre.
    const inset = card.querySelector('[data-testid="plan-inset"]')!;
    expect(inset.querySelector('[data-testid="crosshair"] circle')?.getAttribute("cx")).toBe("100");
    expect(card.querySelector('[data-testid="plan-target"]')?.textContent).toBe("at 641, 399");
    expect(card.querySelector('[data-testid="plan-window"]')?.textContent).toBe("in notes.txt — gedit");
    deliver({
      type: "input_action_performed",
      call_id: "k1",
      record: {
        action: "left_click",
        planned_path: [{ x: 10, y: 10, t_ms: 0 }, { x: 640, y: 400, t_ms: 80 }],
        actual_path: [{ x: 10, y: 10, t_ms: 0 }, { x: 300, y: 200, t_ms: 40 }, { x: 640, y: 400, t_ms: 82 }],
        keys: ["ctrl+s"],
        target_window: { title: "notes.txt", app_name: "gedit", pid: 7, bounds: null },
      },
    });
    deliver({ type: "screen_diff_computed", call_id: "k1", diff: { before: "/data/a.png", after: "/data/b.png", diff_image: "/data/d.png", changed_regions: [{ x: 600, y: 380, width: 80, height: 40 }], changed_fraction: 0.004 } });
    deliver({ type: "window_focus_changed", window: { title: "notes.txt", app_name: "gedit", pid: 7, bounds: null } });
    await settle();
    const action = q('[data-testid="computer-action"]')!;
    expect(action.querySelector("polyline.actual")?.getAttribute("points")).toBe("10,10 300,200 640,400");
    expect(action.querySelector("polyline.planned")).not.toBeNull();
    expect(action.querySelector("kbd")?.textContent).toBe("ctrl+s");
    expect(action.textContent).toContain("in notes.txt — gedit");
    expect(document.querySelectorAll('[data-testid="screen-diff"] rect.changed')).toHaveLength(2);
    expect(q('[data-testid="focus-change"]')?.textContent).toBe("Focus → notes.txt — gedit");
  });

  it("shows the session's folder, sandbox, safe mode and tokens in the header", async () => {
    await boot({ ...INFO, cwd: "/home/me/project", sandbox: { backend: "native", policy: "workspace-write", enforcement: "landlock ABI 7" }, safe_mode: "ask" });
    const bar = (id: string) => q(`[data-testid="session-${id}"]`)!;
    // Before the first message: what a new session will start with.
    expect(bar("folder").textContent).toBe("/home/me/project");
    expect(bar("sandbox").textContent).toBe("native sandbox · workspace-write");
    expect(bar("sandbox").title).toBe("landlock ABI 7. Click to change where code runs (%sandbox)");
    expect(bar("safe-mode").textContent).toBe("safe mode: warn and ask");
    expect(bar("tokens").textContent).toBe("no tokens yet");
    await say("hi");
    deliver({ ...(configured().msg as Extract<EventMsg, { type: "session_configured" }>), cwd: "/srv/elsewhere", safe_mode: "auto" });
    deliver({ type: "token_usage", input_tokens: 1200, output_tokens: 30, total_input_tokens: 1200, total_output_tokens: 30 });
    deliver({ type: "token_usage", input_tokens: 1300, output_tokens: 45, total_input_tokens: 2500, total_output_tokens: 75 });
    await settle();
    // Once started: what the session itself reports.
    expect(bar("folder").textContent).toBe("/srv/elsewhere");
    expect(bar("sandbox").textContent).toBe("no sandbox");
    expect(bar("safe-mode").textContent).toBe("safe mode: block risky code");
    expect(bar("tokens").textContent).toBe("2.5k in · 75 out tokens");
    expect(bar("tokens").title).toContain("Last request: 1300 in, 45 out");
    deliver({ type: "sandbox_changed", sandbox: { backend: "docker", policy: "read-only", enforcement: "", refusal: "docker is not installed" } });
    await settle();
    expect(bar("sandbox").textContent).toBe("docker sandbox unavailable: nothing runs");
    expect(bar("sandbox").title).toBe("docker is not installed. Click to change where code runs (%sandbox)");
    expect(bar("sandbox").classList.contains("refused")).toBe(true);
    // Another session's header is its own.
    q('[data-testid="new-session"]')!.click();
    await settle();
    expect(bar("folder").textContent).toBe("/home/me/project");
    expect(bar("tokens").textContent).toBe("no tokens yet");
  });

  it("undoes, resets, reports tokens and ends the session through its Ops, then continues it from its log", async () => {
    await boot();
    const button = (id: string) => q(`[data-testid="session-${id}"]`) as HTMLButtonElement;
    // Nothing to control before a session runs.
    expect([button("undo").disabled, button("reset").disabled, button("end").disabled]).toEqual([true, true, true]);
    await say("first");
    deliver(configured().msg);
    const exchange = (text: string, answer: string) => {
      deliver({ type: "user_message", items: [{ type: "text", text }] });
      deliver({ type: "turn_started", turn: 1 });
      deliver({ type: "assistant_message", text: answer, interrupted: false });
    };
    exchange("first", "one");
    await settle();
    // Not while a turn runs.
    expect(button("undo").disabled).toBe(true);
    deliver({ type: "turn_ended", turn: 1, reason: "completed" });
    exchange("second", "two");
    deliver({ type: "turn_ended", turn: 2, reason: "completed" });
    await settle();
    expect([button("undo").disabled, button("reset").disabled, button("end").disabled]).toEqual([false, false, false]);

    button("undo").click();
    await settle();
    expect(cmds("undo")).toEqual([{ sessionId: "s1" }]);
    deliver({ type: "history_undone", removed: 1 });
    await settle();
    const forgotten = () => [...document.querySelectorAll<HTMLElement>('[data-forgotten="true"]')].map((e) => e.textContent?.trim());
    // The last message and its answer are taken back; the first exchange stays.
    expect(forgotten()).toEqual(["second", "two"]);
    expect(q('[data-testid="notice"]')?.textContent).toBe("Took back the last message and its answer.");

    button("reset").click();
    await settle();
    expect(cmds("reset")).toEqual([{ sessionId: "s1" }]);
    deliver({ type: "history_reset" });
    await settle();
    expect(forgotten()).toEqual(["first", "one", "second", "two"]);

    button("tokens").click();
    await settle();
    expect(cmds("report_tokens")).toEqual([{ sessionId: "s1" }]);

    button("end").click();
    await settle();
    expect(cmds("close_session")).toEqual([{ sessionId: "s1" }]);
    deliver({ type: "shutdown_complete" });
    await settle();
    expect([button("undo").disabled, button("reset").disabled, button("end").disabled]).toEqual([true, true, true]);
    // Its transcript stays; the next message continues it from its log.
    expect(q('[data-testid="user-message"]')?.textContent).toBe("first");
    expect([...document.querySelectorAll('[data-testid="notice"]')].pop()?.textContent).toBe("The session ended. A message continues it from its log.");
    await say("again");
    expect(cmds("start_session")).toHaveLength(2);
    expect(cmds("start_session")[1]?.options).toMatchObject({ resume: "s1" });
  });

  it("reads each image once while a block that shows screenshots streams its output", async () => {
    await boot();
    await say("take screenshots");
    deliver({ type: "approval_requested", call: call("p1", runPython("p1", "for i in range(2): computer.screenshot()")), warning: null });
    deliver({ type: "approval_decided", call_id: "p1", decision: { type: "approve" }, decider: "user" });
    deliver({ type: "exec_begin", call_id: "p1", language: "python", code: "..." });
    const shot = (path: string) => ({ path, mime: "image/png", width: 64, height: 40, source: { x: 0, y: 0, width: 64, height: 40 } });
    deliver({ type: "screenshot_taken", call_id: "p1", screenshot: shot("/data/s1/a.png") });
    await settle();
    for (let i = 0; i < 30; i++) {
      deliver({ type: "exec_output", call_id: "p1", stream: "stdout", chunk: `line ${i}\n` });
      if (i === 10) deliver({ type: "screenshot_taken", call_id: "p1", screenshot: shot("/data/s1/b.png") });
      await settle();
    }
    const card = q('[data-call-id="p1"]')!;
    expect(card.querySelectorAll('[data-testid="screenshot"]')).toHaveLength(2);
    expect(card.querySelector("img.screen-img")?.getAttribute("src")).toBe("data:image/png;base64,AAAA");
    expect(cmds("read_image").map((a) => a.path)).toEqual(["/data/s1/a.png", "/data/s1/b.png"]);
  });

  it("stops the running session and shows command errors", async () => {
    await boot();
    await say("loop");
    deliver({ type: "turn_started", turn: 1 });
    await settle();
    const stop = q('[data-testid="stop"]') as HTMLButtonElement;
    expect(stop.disabled).toBe(false);
    stop.click();
    await settle();
    expect(cmds("interrupt")).toEqual([{ sessionId: "s1" }]);
    mockIPC(() => {
      throw { code: "session_ended", message: "the session s1 has ended" };
    });
    await say("again");
    expect(q('[data-testid="command-error"]')?.textContent).toBe("the session s1 has ended");
    expect(q('[data-testid="command-error"]')?.dataset.code).toBe("session_ended");
  });

  it("opens a logged session read-only and continues it on the next message", async () => {
    await boot();
    q('[data-testid="session-item"]')!.click();
    await settle();
    expect(q('[data-testid="user-message"]')?.textContent).toBe("an old chat");
    await say("continue");
    // It goes on in the folder its log names.
    expect(cmds("start_session")[0]?.options).toMatchObject({ resume: "old", cwd: "/home/me/older-project" });
  });

  it("follows an editor's session from its start and answers its approval here", async () => {
    await boot();
    editorLive = true;
    runCallback(appChannel!.id, { index: 0, message: { type: "editor_session_started", session_id: "ed1", cwd: "/tmp/proj" } });
    await settle();
    expect(cmds("attach_session").map((a) => a.sessionId)).toEqual(["ed1"]);
    // What the app replays from the log and then streams, in order, through the same channel.
    const events: EventMsg[] = [
      configured().msg,
      { type: "user_message", items: [{ type: "text", text: "fix the test" }] },
      { type: "approval_requested", call: call("e1", { type: "run_code", language: "shell", code: "cargo test" }), warning: null },
    ];
    events.forEach((msg, index) => runCallback(attached.get("ed1")!.id, { index, message: ev(msg) }));
    await settle();
    // The person is still looking at their own (new) session; the editor's is in the list.
    expect(q('[data-call-id="e1"]')).toBeNull();
    const items = [...document.querySelectorAll<HTMLElement>('[data-testid="session-item"]')];
    items.find((i) => i.textContent?.includes("fix the test"))!.click();
    await settle();
    expect(q('[data-call-id="e1"]')?.dataset.state).toBe("pending");
    q('[data-call-id="e1"] [data-testid="approve"]')!.click();
    await settle();
    expect(cmds("decide_approval")).toEqual([{ sessionId: "ed1", callId: "e1", decision: { type: "approve" } }]);
    // Opening it again follows the same view: no second attach.
    expect(cmds("attach_session")).toHaveLength(1);
  });

  it("asks before quitting while a session works, and quits only when told", async () => {
    await boot();
    const dialog = q('[data-testid="quit-confirm"]')!;
    expect(dialog.classList.contains("hidden")).toBe(true);
    runCallback(appChannel!.id, { index: 0, message: { type: "quit_requested", busy: 2 } });
    await settle();
    expect(dialog.classList.contains("hidden")).toBe(false);
    expect(q('[data-testid="quit-text"]')?.textContent).toContain("2 sessions are still working");
    q('[data-testid="quit-cancel"]')!.click();
    await settle();
    expect(dialog.classList.contains("hidden")).toBe(true);
    expect(cmds("quit")).toHaveLength(0);
    runCallback(appChannel!.id, { index: 1, message: { type: "quit_requested", busy: 1 } });
    await settle();
    expect(q('[data-testid="quit-text"]')?.textContent).toContain("A session is still working");
    q('[data-testid="quit-anyway"]')!.click();
    await settle();
    expect(cmds("quit")).toHaveLength(1);
    expect(dialog.classList.contains("hidden")).toBe(true);
  });

  it("takes a second launch's prompt, folder, model, profile and other flags into a new session", async () => {
    await boot();
    await say("first");
    runCallback(appChannel!.id, {
      index: 0,
      message: {
        type: "launched",
        handover: {
          id: 7, prompt: "list the files", cwd: "/home/me/b/", model: "openai/other", profile: "codex",
          auto_run: true, carried: ["--temperature 0.25", "--api-key (hidden)"], unused: ["--plain"],
        },
      },
    });
    await settle();
    expect(cmds("start_session").map((a) => a.options)).toEqual([
      expect.objectContaining({ model: "openai/test", profile: "classic", cwd: "/tmp/work", approval_policy: "ask" }),
      expect.objectContaining({ model: "openai/other", profile: "codex", cwd: "/home/me/b", approval_policy: "auto", handover: 7 }),
    ]);
    expect(cmds("start_session")[0]?.options).not.toHaveProperty("handover");
    expect(cmds("send_input").at(-1)).toMatchObject({ items: [{ type: "text", text: "list the files" }] });
    expect(q('[data-testid="session-folder"]')?.textContent).toBe("/home/me/b");
    // Its other flags are said in the session, the ones the app has no use for too.
    expect([...document.querySelectorAll('[data-testid="notice"]')].map((n) => n.textContent)).toContain(
      "Started by a second launch, with --temperature 0.25, --api-key (hidden). --plain: only for the terminal, not used here.",
    );
    // Its -y held for its session only: the next new session asks again, with the model it named.
    q('[data-testid="new-session"]')!.click();
    await say("next");
    expect(cmds("start_session")[2]?.options).toEqual(expect.objectContaining({ model: "openai/other", approval_policy: "ask" }));
    expect(cmds("start_session")[2]?.options).not.toHaveProperty("handover");
  });

  it("starts a second launch's session with its settings only when its first message is sent", async () => {
    await boot();
    runCallback(appChannel!.id, {
      index: 0,
      message: { type: "launched", handover: { id: 3, prompt: null, cwd: "/home/me/b", model: null, profile: null, auto_run: true, carried: [], unused: [] } },
    });
    await settle();
    expect(cmds("start_session")).toHaveLength(0);
    expect((q('[data-testid="policy-picker"]') as HTMLSelectElement).value).toBe("auto");
    await say("go");
    expect(cmds("start_session").map((a) => a.options)).toEqual([expect.objectContaining({ cwd: "/home/me/b", approval_policy: "auto", handover: 3 })]);
  });

  it("does not start a session when a second launch names a folder that is not one", async () => {
    await boot();
    runCallback(appChannel!.id, { index: 0, message: { type: "launched", handover: { id: 1, prompt: "hi", cwd: "/bad/place", model: "openai/other", profile: "codex", auto_run: false, carried: [], unused: [] } } });
    await settle();
    expect(cmds("start_session")).toHaveLength(0);
    expect(q('[data-testid="command-error"]')?.dataset.code).toBe("folder");
    // Nothing of it was taken: the next message starts with the app's own choices.
    await say("mine");
    expect(cmds("start_session").map((a) => a.options)).toEqual([expect.objectContaining({ model: "openai/test", profile: "classic", cwd: "/tmp/work" })]);
  });

  it("says why a second launch was not taken, and starts nothing", async () => {
    await boot();
    runCallback(appChannel!.id, { index: 0, message: { type: "launch_refused", reason: "the app is already running with its own sandbox and safe mode" } });
    await settle();
    expect(cmds("start_session")).toHaveLength(0);
    const bar = q('[data-testid="command-error"]')!;
    expect(bar.classList.contains("hidden")).toBe(false);
    expect(bar.textContent).toBe("A second launch was not taken: the app is already running with its own sandbox and safe mode");
  });

  it("shows on the first run what it does, the model it will use and how to give it a key or a local model", async () => {
    noneLogged = true;
    await boot({ ...INFO, model_access: { ...INFO.model_access, key_set: false } });
    await settle();
    const panel = q('[data-testid="first-run"]')!;
    expect(panel.closest(".welcome")!.classList.contains("hidden")).toBe(false);
    expect(panel.textContent).toContain("Run code for you");
    expect(q('[data-testid="first-run-model"]')?.textContent).toContain("openai/test");
    expect(q('[data-testid="first-run-key"]')?.textContent).toContain("No key for openai yet. Set OPENAI_API_KEY");
    expect(q('[data-testid="first-run-local"]')?.textContent).toContain("interpreter --local");
    // Another model typed in the picker is the one it names.
    const model = q('[data-testid="model-picker"]') as HTMLInputElement;
    model.value = "openai/gpt-x";
    model.dispatchEvent(new Event("change"));
    await settle();
    expect(q('[data-testid="first-run-model"]')?.textContent).toContain("openai/gpt-x");
    // Gone once the first session starts.
    await say("hello");
    expect(q('[data-testid="first-run"]')!.closest(".welcome")!.classList.contains("hidden")).toBe(true);
  });

  it("says a local model needs no key, a set key is found, and shows nothing once sessions are logged", async () => {
    noneLogged = true;
    await boot({ ...INFO, model: "ollama/qwen", model_access: { provider: "ollama", api_base: "http://127.0.0.1:11434", local: true, key_env: null, key_set: false } });
    await settle();
    expect(q('[data-testid="first-run-key"]')?.textContent).toBe("ollama/qwen runs on this machine (http://127.0.0.1:11434): no key needed. Start its server before your first message.");
    await boot();
    await settle();
    expect(q('[data-testid="first-run-key"]')?.textContent).toBe("A key for openai is set (OPENAI_API_KEY).");
    noneLogged = false;
    await boot();
    await settle();
    expect(q(".welcome")!.classList.contains("hidden")).toBe(true);
  });

  it("shows each session's status and folder, and finds sessions by title or folder", async () => {
    extraListed = [
      listing({ id: "t1", title: "resize the photos", cwd: "/home/me/pictures", status: "working", input_tokens: 1200, output_tokens: 80 }),
      listing({ id: "t2", title: "count the lines", cwd: "/srv/code/alpha", status: "idle" }),
    ];
    editorLive = true;
    await boot();
    const items = () => [...document.querySelectorAll<HTMLElement>('[data-testid="session-item"]')];
    const badges = items().map((i) => [i.dataset.sessionId, i.querySelector('[data-testid="session-status"]')?.textContent ?? null]);
    expect(badges).toEqual([
      ["ed1", "waiting"],
      ["t1", "working"],
      ["t2", "idle"],
      ["old", null],
    ]);
    expect(items()[1]!.title).toContain("1280 tokens");
    const search = q('[data-testid="session-search"]') as HTMLInputElement;
    const find = (text: string) => {
      search.value = text;
      search.dispatchEvent(new InputEvent("input"));
      return items().map((i) => i.dataset.sessionId);
    };
    expect(find("PHOTOS")).toEqual(["t1"]);
    expect(find("alpha")).toEqual(["t2"]);
    expect(find("older-project chat")).toEqual(["old"]);
    expect(find("the")).toEqual(["ed1", "t1", "t2"]);
    expect(find("nowhere")).toEqual([]);
    expect(q('[data-testid="no-match"]')!.classList.contains("hidden")).toBe(false);
    // A refresh (another process changed a session) keeps the search.
    runCallback(appChannel!.id, { index: 0, message: { type: "sessions_changed" } });
    await settle();
    expect(cmds("list_sessions").length).toBeGreaterThan(1);
    expect(find("alpha")).toEqual(["t2"]);
    expect(find("")).toHaveLength(4);
  });

  it("moves a live session's badge with its events, before the engine's index is read again", async () => {
    // The index is read again only once its rewrites settle: until then it says what it said.
    extraListed = [listing({ id: "s1", title: "hello", status: "working" })];
    await boot();
    await say("hello");
    const badge = () => q('[data-session-id="s1"] [data-testid="session-status"]')?.textContent;
    deliver(configured().msg);
    deliver({ type: "turn_started", turn: 1 });
    await settle();
    expect(badge()).toBe("working");
    const listed = cmds("list_sessions").length;
    deliver({ type: "approval_requested", call: call("c1", runPython("c1", "print(1)")), warning: null });
    await settle();
    expect(badge()).toBe("waiting");
    deliver({ type: "approval_decided", call_id: "c1", decision: { type: "approve" }, decider: "user" });
    await settle();
    expect(badge()).toBe("working");
    // Not one more read of every log for it.
    expect(cmds("list_sessions").length).toBe(listed);
    deliver({ type: "turn_ended", turn: 1, reason: "completed" });
    await settle();
    expect(badge()).toBe("idle");
  });

  it("shows another process's session as ended once that process is gone, killed or not", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    try {
      extraListed = [listing({ id: "t1", title: "a terminal's session", status: "working" })];
      await boot();
      await vi.advanceTimersByTimeAsync(0);
      const status = () => q('[data-session-id="t1"]')?.dataset.status;
      expect(status()).toBe("working");
      const listed = cmds("list_sessions").length;
      // The terminal was killed: its log did not change, only its lock went.
      extraListed = [listing({ id: "t1", title: "a terminal's session", status: "ended" })];
      await vi.advanceTimersByTimeAsync(4900);
      expect(status()).toBe("working");
      await vi.advanceTimersByTimeAsync(100);
      expect(status()).toBe("ended");
      expect(cmds("list_sessions").length).toBe(listed + 1);
      // Nothing live from elsewhere: the list is not read again on a timer.
      await vi.advanceTimersByTimeAsync(20000);
      expect(cmds("list_sessions").length).toBe(listed + 1);
    } finally {
      vi.useRealTimers();
    }
  });

  it("switches the sandbox from the header: a new session starts in the chosen one, a running one switches", async () => {
    await boot({ ...INFO, sandbox: null });
    const button = q('[data-testid="session-sandbox"]') as HTMLButtonElement;
    const menu = q('[data-testid="sandbox-menu"]')!;
    expect(button.textContent).toBe("no sandbox");
    button.click();
    expect(menu.classList.contains("hidden")).toBe(false);
    const choices = () => [...document.querySelectorAll<HTMLElement>('[data-testid="sandbox-choice"]')];
    expect(choices().map((c) => c.dataset.choice)).toEqual(["none", "native:read-only", "native:workspace-write", "native:full-access", "docker:workspace-write", "openshell:workspace-write"]);
    expect(choices().find((c) => c.classList.contains("current"))?.dataset.choice).toBe("none");
    choices()[1]!.click();
    await settle();
    expect(menu.classList.contains("hidden")).toBe(true);
    expect(button.textContent).toBe("native sandbox · read-only");
    expect(cmds("set_sandbox")).toHaveLength(0);
    // The first message starts the session in it: nothing runs, not even once, in another.
    await say("write a file");
    expect(cmds("start_session")[0]?.options).toMatchObject({ sandbox: { backend: "native", level: "read-only" } });
    expect(cmds("set_sandbox")).toHaveLength(0);
    deliver(configured().msg);
    deliver({ type: "sandbox_changed", sandbox: { backend: "native", policy: "read-only", enforcement: "landlock ABI 6" } });
    deliver({ type: "turn_started", turn: 1 });
    await settle();
    expect(button.textContent).toBe("native sandbox · read-only");
    // Not while a turn runs.
    expect(button.disabled).toBe(true);
    deliver({ type: "turn_ended", turn: 1, reason: "completed" });
    await settle();
    expect(button.disabled).toBe(false);
    button.click();
    expect(choices().find((c) => c.classList.contains("current"))?.dataset.choice).toBe("native:read-only");
    choices()[2]!.click();
    await settle();
    expect(cmds("set_sandbox")).toEqual([{ sessionId: "s1", backend: "native", level: "workspace-write" }]);
    // The header follows what the session says it runs under, not the click.
    expect(button.textContent).toBe("native sandbox · read-only");
    deliver({ type: "sandbox_changed", sandbox: { backend: "native", policy: "workspace-write", enforcement: "landlock ABI 6" } });
    await settle();
    expect(button.textContent).toBe("native sandbox · workspace-write");
  });

  it("says before the start that a native sandbox chosen here cannot run code when the app has no helper for it", async () => {
    const why = "the native sandbox runs code through the terminal's `interpreter` program, which is neither beside the app nor on PATH";
    await boot({ ...INFO, sandbox: null, native_refusal: why });
    const button = q('[data-testid="session-sandbox"]') as HTMLButtonElement;
    button.click();
    const choices = () => [...document.querySelectorAll<HTMLElement>('[data-testid="sandbox-choice"]')];
    choices().find((c) => c.dataset.choice === "native:read-only")!.click();
    await settle();
    expect(button.textContent).toBe("native sandbox unavailable: nothing runs");
    expect(button.title).toContain("neither beside the app nor on PATH");
    // Other backends need no helper.
    button.click();
    choices().find((c) => c.dataset.choice === "docker:workspace-write")!.click();
    await settle();
    expect(button.textContent).toBe("docker sandbox · workspace-write");
  });

  it("saves the conversation to a file and loads one into a new session", async () => {
    await boot();
    const save = q('[data-testid="session-save"]') as HTMLButtonElement;
    const load = q('[data-testid="session-load"]') as HTMLButtonElement;
    // Nothing to save before the session starts; a conversation can be loaded into a new one.
    expect(save.disabled).toBe(true);
    expect(load.disabled).toBe(false);
    await say("hello");
    deliver({ ...(configured().msg as Extract<EventMsg, { type: "session_configured" }>), cwd: "/home/me/project" });
    await settle();
    expect(save.disabled).toBe(false);
    save.click();
    const prompt = q('[data-testid="path-prompt"]')!;
    const input = q('[data-testid="path-input"]') as HTMLInputElement;
    expect(prompt.classList.contains("hidden")).toBe(false);
    expect(q('[data-testid="path-label"]')?.textContent).toBe("Save the conversation to");
    expect(input.value).toMatch(/^\/home\/me\/project\/conversation-\d{4}-\d{2}-\d{2}-\d{2}-\d{2}\.jsonl$/);
    input.value = "/home/me/chat.jsonl";
    q('[data-testid="path-ok"]')!.click();
    await settle();
    expect(cmds("save_conversation")).toEqual([{ sessionId: "s1", path: "/home/me/chat.jsonl" }]);
    expect(prompt.classList.contains("hidden")).toBe(true);
    deliver({ type: "session_saved", path: "/home/me/chat.jsonl" });
    await settle();
    expect([...document.querySelectorAll('[data-testid="notice"]')].map((n) => n.textContent)).toContain("Saved to /home/me/chat.jsonl");

    // A new session: Load offers the file just saved; a path that is not a full one is refused in place.
    q('[data-testid="new-session"]')!.click();
    await settle();
    load.click();
    expect(q('[data-testid="path-label"]')?.textContent).toBe("Load a conversation from");
    expect(input.value).toBe("/home/me/chat.jsonl");
    input.value = "chat.jsonl";
    input.dispatchEvent(new KeyboardEvent("keydown", { key: "Enter" }));
    await settle();
    expect(q('[data-testid="path-error"]')?.textContent).toBe('"chat.jsonl" is not a full path: start it with / or ~/');
    expect(prompt.classList.contains("hidden")).toBe(false);
    // Refused before any session was started for it.
    expect(cmds("start_session")).toHaveLength(1);
    input.value = "/home/me/chat.jsonl";
    input.dispatchEvent(new KeyboardEvent("keydown", { key: "Enter" }));
    await settle();
    // The new session started for it, then took the conversation.
    expect(cmds("start_session")).toHaveLength(2);
    expect(cmds("load_conversation").at(-1)).toEqual({ sessionId: "s1", path: "/home/me/chat.jsonl" });
    expect(prompt.classList.contains("hidden")).toBe(true);
  });

  it("moves an ended session to the trash; a live one offers no delete", async () => {
    extraListed = [listing({ id: "t1", title: "still working", status: "working" })];
    await boot();
    const item = (id: string) => q(`[data-session-id="${id}"]`);
    expect(item("t1")!.querySelector('[data-testid="delete-session"]')).toBeNull();
    item("old")!.click();
    await settle();
    expect(q('[data-testid="user-message"]')?.textContent).toBe("an old chat");
    item("old")!.querySelector<HTMLElement>('[data-testid="delete-session"]')!.click();
    await settle();
    expect(deleted).toEqual(["old"]);
    expect(item("old")).toBeNull();
    // The deleted session was on screen: a new one is shown instead.
    expect(q('[data-testid="user-message"]')).toBeNull();
    expect(cmds("read_session")).toHaveLength(1);
  });

  it("follows a terminal's session read-only as it goes, and continues it once ended", async () => {
    extraListed = [listing({ id: "term1", title: "from the terminal", status: "working" })];
    await boot();
    q('[data-session-id="term1"]')!.click();
    await settle();
    expect(cmds("attach_session").map((a) => a.sessionId)).toEqual(["term1"]);
    const msgs: EventMsg[] = [
      configured().msg,
      { type: "user_message", items: [{ type: "text", text: "from the terminal" }] },
      { type: "assistant_message", text: "Working on it.", interrupted: false },
    ];
    msgs.forEach((msg, index) => runCallback(attached.get("term1")!.id, { index, message: ev(msg) }));
    await settle();
    expect(q('[data-testid="user-message"]')?.textContent).toBe("from the terminal");
    expect(document.body.textContent).toContain("Working on it.");
    // Opening it again shows the same view: no second follower.
    q('[data-session-id="old"]')!.click();
    await settle();
    q('[data-session-id="term1"]')!.click();
    await settle();
    expect(cmds("attach_session")).toHaveLength(1);
    expect(document.body.textContent).toContain("Working on it.");
    runCallback(attached.get("term1")!.id, { index: 3, message: ev({ type: "shutdown_complete" }) });
    await settle();
    await say("and now this");
    expect(cmds("start_session")[0]?.options).toMatchObject({ resume: "term1" });
  });

  it("says a followed terminal session stopped when its process is killed, and continues it", async () => {
    extraListed = [listing({ id: "term1", title: "from the terminal", status: "working" })];
    await boot();
    q('[data-session-id="term1"]')!.click();
    await settle();
    const msgs: EventMsg[] = [
      configured().msg,
      { type: "user_message", items: [{ type: "text", text: "from the terminal" }] },
      { type: "turn_started", turn: 1 },
      { type: "approval_requested", call: call("k1", { type: "run_code", language: "shell", code: "sleep 100" }), warning: null },
    ];
    msgs.forEach((msg, index) => runCallback(attached.get("term1")!.id, { index, message: ev(msg) }));
    await settle();
    expect(q('[data-session-id="term1"]')?.dataset.status).toBe("waiting_for_approval");
    // Killed: no more events, and the index says it ended (its lock went).
    extraListed = [listing({ id: "term1", title: "from the terminal", status: "ended" })];
    runCallback(appChannel!.id, { index: 0, message: { type: "sessions_changed" } });
    await settle();
    expect(q('[data-session-id="term1"]')?.dataset.status).toBe("ended");
    expect([...document.querySelectorAll('[data-testid="notice"]')].map((n) => n.textContent)).toContain(
      "The process that ran this session stopped before it ended. A message continues it from its log.",
    );
    expect(q('[data-call-id="k1"] [data-testid="approve"]')).toBeNull();
    expect((q('[data-testid="stop"]') as HTMLButtonElement | null)?.disabled ?? true).toBe(true);
    await say("go on");
    expect(cmds("start_session")[0]?.options).toMatchObject({ resume: "term1" });
  });

  it("opens the session of a clicked notification at its approval card", async () => {
    editorLive = true;
    await boot();
    runCallback(appChannel!.id, { index: 0, message: { type: "editor_session_started", session_id: "ed1", cwd: "/tmp/proj" } });
    await settle();
    const msgs: EventMsg[] = [
      configured().msg,
      { type: "user_message", items: [{ type: "text", text: "fix the test" }] },
      { type: "approval_requested", call: call("e1", { type: "run_code", language: "shell", code: "ls" }), warning: null },
      { type: "approval_decided", call_id: "e1", decision: { type: "approve" }, decider: "user" },
      { type: "approval_requested", call: call("e2", { type: "run_code", language: "shell", code: "cargo test" }), warning: null },
    ];
    msgs.forEach((msg, index) => runCallback(attached.get("ed1")!.id, { index, message: ev(msg) }));
    await settle();
    expect(q('[data-call-id="e2"]')).toBeNull();
    runCallback(appChannel!.id, { index: 1, message: { type: "open_approval", session_id: "ed1", call_id: "e2" } });
    await settle();
    const card = q('[data-call-id="e2"]')!;
    expect(card.classList.contains("called")).toBe(true);
    expect(document.activeElement).toBe(card.querySelector('[data-testid="approve"]'));
    expect(q('[data-call-id="e1"]')!.classList.contains("called")).toBe(false);
    expect(q('[data-session-id="ed1"]')!.classList.contains("current")).toBe(true);
  });
});
