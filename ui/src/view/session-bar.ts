// The state of the session shown, under the pickers: the folder it works in (chosen before it
// starts), the sandbox its code runs in (switched from here: %sandbox), safe mode, the tokens it
// has used; and the terminal's %undo, %reset, %tokens, %save, %load and ending the session, as
// buttons.
import type { PlanItem } from "../bindings/PlanItem";
import type { SafeMode } from "../bindings/SafeMode";
import type { SandboxInfo } from "../bindings/SandboxInfo";
import type { TokenUsage } from "../bindings/TokenUsage";
import { h } from "../dom";

export interface SessionState {
  cwd: string;
  sandbox: SandboxInfo | null;
  safeMode: SafeMode;
  usage: TokenUsage | null;
  /** The model's task list as the engine keeps it (empty: none). */
  plan: PlanItem[];
  /** Running in the app (a new, logged or ended session has nothing to control). */
  live: boolean;
  /** A turn is under way: the conversation changes between turns only. */
  running: boolean;
  /** Not started yet: its folder can still be chosen. */
  fresh: boolean;
}

export interface SessionControls {
  onFolder(): void;
  onSandbox(): void;
  onSave(): void;
  onLoad(): void;
  onUndo(): void;
  onReset(): void;
  onEnd(): void;
  onTokens(): void;
}

const SAFE_MODE: Record<SafeMode, string> = {
  off: "safe mode off",
  ask: "safe mode: warn and ask",
  auto: "safe mode: block risky code",
};

/** 1234 → "1.2k". */
export function count(n: number): string {
  if (n < 1000) return String(n);
  if (n < 1_000_000) return `${(n / 1000).toFixed(n < 10_000 ? 1 : 0)}k`;
  return `${(n / 1_000_000).toFixed(1)}M`;
}

function sandboxText(sb: SandboxInfo | null): string {
  if (!sb) return "no sandbox";
  if (sb.refusal) return `${sb.backend} sandbox unavailable: nothing runs`;
  return `${sb.backend} sandbox · ${sb.policy}`;
}

export class SessionBar {
  readonly el: HTMLElement;
  private folder: HTMLButtonElement;
  private folderPath: HTMLElement;
  private sandbox: HTMLButtonElement;
  private save: HTMLButtonElement;
  private load: HTMLButtonElement;
  private safeMode: HTMLElement;
  private tokens: HTMLButtonElement;
  private plan: HTMLElement;
  private undo: HTMLButtonElement;
  private reset: HTMLButtonElement;
  private end: HTMLButtonElement;

  constructor(controls: SessionControls) {
    // A long path gives way at its start: its last folders are what tell sessions apart (the
    // button runs right to left so that its ellipsis is on the left; the path inside is kept
    // left to right).
    this.folderPath = h("bdi", {});
    this.folder = h("button", { class: "folder link", "data-testid": "session-folder", onclick: () => controls.onFolder() }, this.folderPath);
    this.sandbox = h("button", { class: "sandbox link", "data-testid": "session-sandbox", onclick: () => controls.onSandbox() });
    this.save = h("button", { "data-testid": "session-save", title: "Write the conversation to a file (%save)", onclick: () => controls.onSave() }, "Save…");
    this.load = h("button", { "data-testid": "session-load", title: "Replace the conversation with one saved before (%load)", onclick: () => controls.onLoad() }, "Load…");
    this.safeMode = h("span", { class: "safe-mode", "data-testid": "session-safe-mode" });
    this.tokens = h("button", { class: "tokens link", "data-testid": "session-tokens", onclick: () => controls.onTokens() });
    this.plan = h("span", { class: "plan-progress", "data-testid": "session-plan" });
    this.undo = h("button", { "data-testid": "session-undo", title: "Take back the last message and its answer (%undo)", onclick: () => controls.onUndo() }, "Undo");
    this.reset = h("button", { "data-testid": "session-reset", title: "Forget the conversation; the log keeps it (%reset)", onclick: () => controls.onReset() }, "Reset");
    this.end = h("button", { class: "danger", "data-testid": "session-end", title: "Stop the session's code and close it; it stays in the list", onclick: () => controls.onEnd() }, "End session");
    this.el = h(
      "div",
      { class: "session-bar", "data-testid": "session-bar" },
      // What the session is gives way (the folder first, then the sandbox, cut with an ellipsis;
      // each has its whole text as a title) so that the buttons stay whole on one line.
      h("div", { class: "about" }, h("label", { class: "folder-label" }, "Folder", this.folder), this.sandbox, this.safeMode, this.tokens, this.plan),
      h("div", { class: "actions" }, this.save, this.load, this.undo, this.reset, this.end),
    );
  }

  show(s: SessionState): void {
    this.folderPath.textContent = s.cwd;
    this.folder.title = s.fresh ? `Works in ${s.cwd}: click to choose another folder` : `Works in ${s.cwd}`;
    this.folder.disabled = !s.fresh;
    this.sandbox.textContent = sandboxText(s.sandbox);
    const about = s.sandbox ? (s.sandbox.refusal ?? s.sandbox.enforcement) || s.sandbox.policy : "Code runs with your own permissions";
    // Switched between turns, for a session that runs here or has yet to start.
    const switchable = (s.live || s.fresh) && !s.running;
    this.sandbox.title = switchable ? `${about}. Click to change where code runs (%sandbox)` : about;
    this.sandbox.disabled = !switchable;
    this.sandbox.className = `sandbox link ${s.sandbox ? (s.sandbox.refusal ? "refused" : "on") : "off"}`;
    this.safeMode.textContent = SAFE_MODE[s.safeMode];
    this.safeMode.dataset.mode = s.safeMode;
    const u = s.usage;
    this.tokens.textContent = u ? `${count(u.total_input_tokens)} in · ${count(u.total_output_tokens)} out tokens` : "no tokens yet";
    this.tokens.title = `${u ? `Last request: ${u.input_tokens} in, ${u.output_tokens} out. ` : ""}Click to ask the session (%tokens)`;
    this.tokens.disabled = !s.live;
    const done = s.plan.filter((i) => i.status === "completed").length;
    const current = s.plan.find((i) => i.status === "in_progress");
    this.plan.hidden = s.plan.length === 0;
    this.plan.textContent = s.plan.length ? `plan ${done}/${s.plan.length}${current ? ` · ${current.text}` : ""}` : "";
    this.plan.title = s.plan.map((i) => `${i.status === "completed" ? "✓" : i.status === "in_progress" ? "▸" : "○"} ${i.text}`).join("\n");
    this.undo.disabled = this.reset.disabled = this.save.disabled = !s.live || s.running;
    this.load.disabled = !(s.live || s.fresh) || s.running;
    this.end.disabled = !s.live;
  }
}
