// A session's events folded into blocks to show: messages, tool-call cards (approval, run, output,
// file diffs, computer actions), notices. Pure: no DOM, no ipc; the view renders what changed.
import type { ApprovalDecision } from "./bindings/ApprovalDecision";
import type { ApprovalPolicy } from "./bindings/ApprovalPolicy";
import type { Decider } from "./bindings/Decider";
import type { ErrorKind } from "./bindings/ErrorKind";
import type { Event } from "./bindings/Event";
import type { ExecStatus } from "./bindings/ExecStatus";
import type { FileChange } from "./bindings/FileChange";
import type { InputActionRecord } from "./bindings/InputActionRecord";
import type { InputItem } from "./bindings/InputItem";
import type { OutputStream } from "./bindings/OutputStream";
import type { PlanItem } from "./bindings/PlanItem";
import type { RiskFinding } from "./bindings/RiskFinding";
import type { SafeMode } from "./bindings/SafeMode";
import type { SandboxInfo } from "./bindings/SandboxInfo";
import type { ScreenDiff } from "./bindings/ScreenDiff";
import type { ScopeOffer } from "./bindings/ScopeOffer";
import type { ScreenshotInfo } from "./bindings/ScreenshotInfo";
import type { SessionInfo } from "./bindings/SessionInfo";
import type { TokenUsage } from "./bindings/TokenUsage";
import type { ToolCall } from "./bindings/ToolCall";
import type { TurnEndReason } from "./bindings/TurnEndReason";
import type { WindowInfo } from "./bindings/WindowInfo";

export interface ExecState {
  language: string;
  code: string;
  output: { stream: OutputStream; chunk: string }[];
  status: ExecStatus | null;
  exit_code: number | null;
  duration_ms: number | null;
}

export type ApprovalState = "pending" | "approved" | "denied";

export interface CallBlock {
  kind: "call";
  id: string;
  call: ToolCall;
  approval: ApprovalState | null;
  warning: string | null;
  /** What the safe-mode scan and the protected-path check found, one entry a finding. */
  risks: RiskFinding[];
  /** What "always" may approve, exactly as the engine offered it (none: no "always"). */
  scopes: ScopeOffer[];
  decision: ApprovalDecision | null;
  decider: Decider | null;
  exec: ExecState | null;
  files: FileChange[];
  /** The task list as the engine took it from this call (null: not taken, or no plan call). */
  plan: PlanItem[] | null;
  result: { output: string; is_error: boolean } | null;
  /** The screen when the call was proposed: computer actions draw their plan over it. */
  screenBefore: ScreenshotInfo | null;
  screenshots: ScreenshotInfo[];
  actions: InputActionRecord[];
  diffs: ScreenDiff[];
}

export type Block =
  | { kind: "user"; id: string; items: InputItem[] }
  | {
      kind: "assistant";
      id: string;
      text: string;
      done: boolean;
      interrupted: boolean;
      /** The engine asked the model again in its place (a weak model's answer that left out
       * what its code printed or read): shown as set aside, not as the answer. */
      superseded?: boolean;
      /** Set aside by a run of the engine's own (the code the answer needed), not a correction. */
      supersededByRun?: boolean;
    }
  | { kind: "reasoning"; id: string; text: string }
  | CallBlock
  | { kind: "screenshot"; id: string; screenshot: ScreenshotInfo }
  | { kind: "focus"; id: string; window: WindowInfo }
  | {
      kind: "notice";
      id: string;
      level: "info" | "error";
      message: string;
      hint: string | null;
      /** What kind of error this is: a session run here has its own ways to fix some (the
       * header's sandbox button and Model field), where the engine's hint names the terminal's. */
      errorKind?: ErrorKind;
    }
  | { kind: "turn_end"; id: string; reason: TurnEndReason };

export class Transcript {
  blocks: Block[] = [];
  info: SessionInfo | null = null;
  model = "";
  profile = "";
  policy: ApprovalPolicy = "ask";
  usage: TokenUsage | null = null;
  /** The model's task list as the engine keeps it now (empty: none written). */
  plan: PlanItem[] = [];
  /** The sandbox every run goes through now (null: none). */
  sandbox: SandboxInfo | null = null;
  safeMode: SafeMode = "off";
  running = false;
  ended = false;
  /** Blocks the model no longer sees: before a reset, or taken back by an undo. */
  forgotten = new Set<string>();
  private byId = new Map<string, Block>();
  private openText: string | null = null;
  private openReasoning: string | null = null;
  private lastScreenshot: ScreenshotInfo | null = null;
  private counter = 0;

  get(id: string): Block | undefined {
    return this.byId.get(id);
  }

  /** Calls still waiting for the person. */
  pendingApprovals(): CallBlock[] {
    return this.blocks.filter((b): b is CallBlock => b.kind === "call" && b.approval === "pending");
  }

  private add<B extends Block>(block: B): B {
    this.blocks.push(block);
    this.byId.set(block.id, block);
    return block;
  }

  private nextId(prefix: string): string {
    this.counter += 1;
    return `${prefix}-${this.counter}`;
  }

  private callBlock(call: ToolCall): CallBlock {
    const existing = this.byId.get(call.call_id);
    if (existing && existing.kind === "call") {
      existing.call = call;
      return existing;
    }
    return this.add({
      kind: "call",
      id: call.call_id,
      call,
      approval: null,
      warning: null,
      risks: [],
      scopes: [],
      decision: null,
      decider: null,
      exec: null,
      files: [],
      plan: null,
      result: null,
      screenBefore: call.action.type === "computer" ? this.lastScreenshot : null,
      screenshots: [],
      actions: [],
      diffs: [],
    });
  }

  /** The latest assistant message, when nothing but calls came after it. */
  private lastAssistant(): Extract<Block, { kind: "assistant" }> | undefined {
    for (let i = this.blocks.length - 1; i >= 0; i--) {
      const b = this.blocks[i];
      if (b.kind === "assistant") return b;
      // The engine says why it runs code of its own in a notice, between the answer and the run.
      if (b.kind !== "call" && b.kind !== "notice") return undefined;
    }
    return undefined;
  }

  private findCall(callId: string): CallBlock | null {
    const b = this.byId.get(callId);
    return b && b.kind === "call" ? b : null;
  }

  private closeText(): void {
    this.openText = null;
    this.openReasoning = null;
  }

  private notice(level: "info" | "error", message: string, hint: string | null = null, errorKind?: ErrorKind): string {
    return this.add({ kind: "notice", id: this.nextId("notice"), level, message, hint, ...(errorKind ? { errorKind } : {}) }).id;
  }

  /** The process that wrote the session is gone without ending it (killed): its last turn
   * runs no more. The ids of the blocks this changed. */
  writerGone(): string[] {
    if (this.ended) return [];
    this.running = false;
    this.ended = true;
    const waiting = this.pendingApprovals();
    for (const b of waiting) b.approval = "denied";
    return [...waiting.map((b) => b.id), this.notice("info", "The process that ran this session stopped before it ended. A message continues it from its log.")];
  }

  /** A notice of the app's own, not from the session's events; its block's id. */
  note(message: string): string {
    return this.notice("info", message);
  }

  /** Marks the blocks from `from` on as forgotten; returns the ones that were not yet. */
  private forget(from: number): string[] {
    const fresh = this.blocks.slice(from).filter((b) => !this.forgotten.has(b.id) && b.kind !== "notice");
    for (const b of fresh) this.forgotten.add(b.id);
    return fresh.map((b) => b.id);
  }

  /** Applies one event; returns the ids of the blocks it created or changed. */
  apply(event: Event): string[] {
    const m = event.msg;
    switch (m.type) {
      case "session_configured": {
        const { type: _t, ...info } = m;
        this.info = info;
        this.model = info.model;
        this.profile = info.profile;
        this.policy = info.approval_policy;
        this.sandbox = info.sandbox ?? null;
        this.safeMode = info.safe_mode ?? "off";
        return [];
      }
      case "user_message":
        this.closeText();
        return [this.add({ kind: "user", id: this.nextId("user"), items: m.items }).id];
      case "turn_started":
        this.running = true;
        this.closeText();
        return [];
      case "model_request_started":
        this.closeText();
        return [];
      case "assistant_text_delta": {
        const open = this.openText ? this.byId.get(this.openText) : undefined;
        if (open && open.kind === "assistant") {
          open.text += m.delta;
          return [open.id];
        }
        const b = this.add({ kind: "assistant", id: this.nextId("text"), text: m.delta, done: false, interrupted: false });
        this.openText = b.id;
        return [b.id];
      }
      case "reasoning_delta": {
        const open = this.openReasoning ? this.byId.get(this.openReasoning) : undefined;
        if (open && open.kind === "reasoning") {
          open.text += m.delta;
          return [open.id];
        }
        const b = this.add({ kind: "reasoning", id: this.nextId("reasoning"), text: m.delta });
        this.openReasoning = b.id;
        return [b.id];
      }
      case "assistant_message": {
        const open = this.openText ? this.byId.get(this.openText) : undefined;
        this.openText = null;
        if (open && open.kind === "assistant") {
          open.text = m.text;
          open.done = true;
          open.interrupted = m.interrupted;
          return [open.id];
        }
        if (!m.text) return [];
        return [this.add({ kind: "assistant", id: this.nextId("text"), text: m.text, done: true, interrupted: m.interrupted }).id];
      }
      case "tool_call_proposed": {
        this.closeText();
        const changed = [this.callBlock(m.call).id];
        const set = supersedesAnswer(m.call) ? this.lastAssistant() : undefined;
        if (set) {
          set.superseded = true;
          if (m.call.name !== "format_error") set.supersededByRun = true;
          changed.push(set.id);
        }
        return changed;
      }
      case "approval_requested": {
        this.closeText();
        const b = this.callBlock(m.call);
        b.approval = "pending";
        b.warning = m.warning;
        b.risks = m.risks ?? [];
        b.scopes = m.scopes ?? [];
        return [b.id];
      }
      case "approval_decided": {
        const b = this.findCall(m.call_id);
        if (!b) return [];
        b.decision = m.decision;
        b.decider = m.decider;
        b.approval = m.decision.type === "deny" || m.decision.type === "abort" ? "denied" : "approved";
        return [b.id];
      }
      case "exec_begin": {
        const b = this.findCall(m.call_id);
        if (!b) return [];
        b.exec = { language: m.language, code: m.code, output: [], status: null, exit_code: null, duration_ms: null };
        return [b.id];
      }
      case "exec_output": {
        const b = this.findCall(m.call_id);
        if (!b || !b.exec) return [];
        const last = b.exec.output[b.exec.output.length - 1];
        if (last && last.stream === m.stream) last.chunk += m.chunk;
        else b.exec.output.push({ stream: m.stream, chunk: m.chunk });
        return [b.id];
      }
      case "exec_end": {
        const b = this.findCall(m.call_id);
        if (!b || !b.exec) return [];
        b.exec.status = m.status;
        b.exec.exit_code = m.exit_code;
        b.exec.duration_ms = m.duration_ms;
        return [b.id];
      }
      case "files_changed": {
        const b = this.findCall(m.call_id);
        if (!b) return [];
        b.files.push(...m.changes);
        return [b.id];
      }
      case "plan_updated": {
        this.plan = m.items;
        const b = this.findCall(m.call_id);
        if (!b) return [];
        b.plan = m.items;
        return [b.id];
      }
      case "tool_result": {
        const b = this.findCall(m.call_id);
        if (!b) return [];
        b.result = { output: m.output, is_error: m.is_error };
        return [b.id];
      }
      case "screenshot_taken": {
        this.lastScreenshot = m.screenshot;
        const b = m.call_id ? this.findCall(m.call_id) : null;
        if (b) {
          b.screenshots.push(m.screenshot);
          return [b.id];
        }
        return [this.add({ kind: "screenshot", id: this.nextId("shot"), screenshot: m.screenshot }).id];
      }
      case "input_action_performed": {
        const b = this.findCall(m.call_id);
        if (!b) return [];
        b.actions.push(m.record);
        return [b.id];
      }
      case "screen_diff_computed": {
        const b = this.findCall(m.call_id);
        if (!b) return [];
        b.diffs.push(m.diff);
        return [b.id];
      }
      case "window_focus_changed":
        return [this.add({ kind: "focus", id: this.nextId("focus"), window: m.window }).id];
      case "token_usage": {
        const { type: _t, ...usage } = m;
        this.usage = usage;
        return [];
      }
      case "turn_ended":
        this.running = false;
        this.closeText();
        // A turn that ends leaves no approval waiting.
        for (const b of this.pendingApprovals()) b.approval = "denied";
        if (m.reason === "completed") return [];
        return [this.add({ kind: "turn_end", id: this.nextId("end"), reason: m.reason }).id];
      case "history_reset":
        return [...this.forget(0), this.notice("info", "The conversation was cleared.")];
      case "history_undone": {
        // The engine takes back whole exchanges: each from a message of the person's on.
        let from = this.blocks.length;
        for (let n = 0; n < m.removed; n++) {
          let at = from - 1;
          while (at >= 0 && !(this.blocks[at]!.kind === "user" && !this.forgotten.has(this.blocks[at]!.id))) at--;
          if (at < 0) break;
          from = at;
        }
        return [...this.forget(from), this.notice("info", m.removed === 1 ? "Took back the last message and its answer." : `Took back the last ${m.removed} messages.`)];
      }
      case "profile_changed":
        this.profile = m.profile;
        return [this.notice("info", `Profile: ${m.profile}`)];
      case "model_changed":
        this.model = m.model;
        return [this.notice("info", `Model: ${m.model}`)];
      case "approval_policy_changed":
        this.policy = m.policy;
        return [this.notice("info", `Approvals: ${m.policy}`)];
      case "sandbox_changed": {
        const sb = m.sandbox;
        this.sandbox = sb;
        const text = sb ? `Sandbox: ${sb.backend} ${sb.policy}${sb.refusal ? ` (unavailable, nothing will run: ${sb.refusal})` : ""}` : "Sandbox: none";
        return [this.notice(sb?.refusal ? "error" : "info", text)];
      }
      case "notice":
        return [this.notice("info", m.message)];
      case "error":
        return [this.notice("error", m.message, m.hint, m.kind)];
      case "session_saved":
        return [this.notice("info", `Saved to ${m.path}`)];
      case "shutdown_complete":
        this.running = false;
        this.ended = true;
        return [this.notice("info", "The session ended. A message continues it from its log.")];
    }
  }
}

/** The engine's correction (`format_error`), or a run of its own, in place of the answer it
 * follows: the model is not shown that answer again, and neither should the person take it
 * for the answer. */
function supersedesAnswer(call: ToolCall): boolean {
  const args = call.arguments as Record<string, unknown> | null;
  return !!args && args["supersedes_answer"] === true;
}
