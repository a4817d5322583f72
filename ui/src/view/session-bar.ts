// The state of the session shown, under the pickers: the folder it works in, the sandbox its
// code runs in, safe mode, and the tokens it has used.
import type { SafeMode } from "../bindings/SafeMode";
import type { SandboxInfo } from "../bindings/SandboxInfo";
import type { TokenUsage } from "../bindings/TokenUsage";
import { h } from "../dom";

export interface SessionState {
  cwd: string;
  sandbox: SandboxInfo | null;
  safeMode: SafeMode;
  usage: TokenUsage | null;
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
  private folder: HTMLElement;
  private sandbox: HTMLElement;
  private safeMode: HTMLElement;
  private tokens: HTMLElement;

  /** `controls` go at the bar's end. */
  constructor(...controls: HTMLElement[]) {
    this.folder = h("span", { class: "folder", "data-testid": "session-folder" });
    this.sandbox = h("span", { class: "sandbox", "data-testid": "session-sandbox" });
    this.safeMode = h("span", { class: "safe-mode", "data-testid": "session-safe-mode" });
    this.tokens = h("span", { class: "tokens", "data-testid": "session-tokens" });
    this.el = h(
      "div",
      { class: "session-bar", "data-testid": "session-bar" },
      this.folder,
      this.sandbox,
      this.safeMode,
      this.tokens,
      h("span", { class: "spacer" }),
      ...controls,
    );
  }

  show(s: SessionState): void {
    this.folder.textContent = s.cwd;
    this.folder.title = `Works in ${s.cwd}`;
    this.sandbox.textContent = sandboxText(s.sandbox);
    this.sandbox.title = s.sandbox ? (s.sandbox.refusal ?? s.sandbox.enforcement) || s.sandbox.policy : "Code runs with your own permissions";
    this.sandbox.className = `sandbox ${s.sandbox ? (s.sandbox.refusal ? "refused" : "on") : "off"}`;
    this.sandbox.dataset.backend = s.sandbox?.backend ?? "none";
    this.safeMode.textContent = SAFE_MODE[s.safeMode];
    this.safeMode.dataset.mode = s.safeMode;
    const u = s.usage;
    this.tokens.textContent = u ? `${count(u.total_input_tokens)} in · ${count(u.total_output_tokens)} out tokens` : "no tokens yet";
    this.tokens.title = u ? `Last request: ${u.input_tokens} in, ${u.output_tokens} out` : "";
    this.tokens.dataset.input = String(u?.total_input_tokens ?? 0);
    this.tokens.dataset.output = String(u?.total_output_tokens ?? 0);
  }
}
