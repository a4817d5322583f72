// One tool call as a card: what it will do, the approval buttons while it waits, then the run
// with its output as it arrives, the files it changed and what it did on the screen.
import type { ApprovalDecision } from "../bindings/ApprovalDecision";
import type { PlanItem } from "../bindings/PlanItem";
import type { ToolAction } from "../bindings/ToolAction";
import { h } from "../dom";
import { highlight } from "../highlight";
import type { CallBlock } from "../transcript";
import { type ImageLoader, renderAction, renderPlan, renderScreenDiff, renderScreenshot } from "./computer";
import { renderFileChange } from "./diff";
import { codeWithRisks, type LocatedRisk, locateRisks, riskList } from "./risks";

export interface CardContext {
  decide(callId: string, decision: ApprovalDecision): void;
  loadImage: ImageLoader;
  /** Code being edited in a waiting card, kept across re-renders. */
  drafts: Map<string, string>;
  rerender(id: string): void;
}

function codeView(code: string, language: string): HTMLElement {
  const el = h("code", { class: "hljs" });
  el.innerHTML = highlight(code, language);
  return h("pre", { class: "code" }, h("span", { class: "lang" }, language), el);
}

function json(v: unknown): string {
  return JSON.stringify(v, null, 2) ?? "";
}

/**
 * What an edit will do, as the engine worked it out before approval: each file it will change
 * with its diff, or why it could not (the edit would fail as it stands). Once the edit ran, the
 * files it did change are shown instead, below.
 */
function editPreview(block: CallBlock, action: Extract<ToolAction, { type: "edit_files" }>): HTMLElement | null {
  if (block.files.length > 0) return null;
  if (action.preview_error) return h("div", { class: "warning", "data-testid": "preview-error" }, `No preview: ${action.preview_error}`);
  const changes = action.changes ?? [];
  if (changes.length === 0) return null;
  return h("div", { class: "edit-preview", "data-testid": "edit-preview" }, ...changes.map(renderFileChange));
}

const PLAN_MARKS = { completed: "✓", in_progress: "▸", pending: "○" } as const;

/** The model's task list: each step with its status, in the engine's order. */
function planList(items: PlanItem[]): HTMLElement {
  if (items.length === 0) return h("div", { class: "summary" }, "An empty task list");
  return h(
    "ol",
    { class: "plan-list", "data-testid": "plan-list" },
    ...items.map((item) =>
      h("li", { class: `plan-item ${item.status}`, "data-status": item.status }, h("span", { class: "mark" }, PLAN_MARKS[item.status]), " ", item.text),
    ),
  );
}

function actionView(block: CallBlock, ctx: CardContext, risks: LocatedRisk[]): HTMLElement {
  const action: ToolAction = block.call.action;
  switch (action.type) {
    case "run_code": {
      const draft = ctx.drafts.get(block.id);
      if (draft !== undefined && block.approval === "pending") {
        return h("textarea", {
          class: "code-edit",
          "data-testid": "code-editor",
          spellcheck: "false",
          rows: Math.min(24, draft.split("\n").length + 1),
          oninput: (e: InputEvent) => ctx.drafts.set(block.id, (e.target as HTMLTextAreaElement).value),
        }, draft);
      }
      const code = shownCode(block) ?? action.code;
      return risks.length > 0 ? codeWithRisks(code, action.language, risks) : codeView(code, action.language);
    }
    case "edit_files":
      return h("div", {}, h("div", { class: "summary" }, action.summary), editPreview(block, action));
    case "read":
      return h("div", { class: "summary" }, action.summary);
    case "plan":
      return planList(block.plan ?? action.items);
    case "computer":
      return renderPlan(action.action, action.plan, block.screenBefore, ctx.loadImage);
    case "other":
      return h("pre", { class: "args" }, json(action.arguments));
  }
}

function title(action: ToolAction, name: string): string {
  switch (action.type) {
    case "run_code":
      return `Run ${action.language}`;
    case "edit_files":
      return "Edit files";
    case "read":
      return "Read";
    case "plan":
      return "Plan";
    case "computer":
      return "Computer";
    case "other":
      return name;
  }
}

/** The shortcut that presses a button of the oldest waiting card (later cards hide it). */
function keyHint(keys: string): HTMLElement {
  return h("kbd", { class: "key-hint", "data-testid": "key-hint" }, keys);
}

function approvalButtons(block: CallBlock, ctx: CardContext): HTMLElement {
  const id = block.id;
  const editing = ctx.drafts.has(id);
  const action = block.call.action;
  // "Always" offers exactly the engine's scopes, in its words and order.
  const scope = h(
    "select",
    { class: "scope", "data-testid": "always-scope", title: "What to approve from now on" },
    ...block.scopes.map((offer, i) => h("option", { value: String(i) }, offer.label)),
  ) as HTMLSelectElement;
  const always = (): void => {
    const offer = block.scopes[Number(scope.value)];
    if (offer) ctx.decide(id, { type: "approve_always", scope: offer.scope });
  };
  const buttons: (HTMLElement | null)[] = editing
    ? [
        h("button", { class: "primary", "data-testid": "run-edited", title: "Alt+Y", onclick: () => ctx.decide(id, { type: "approve_edited", code: ctx.drafts.get(id) ?? "" }) }, "Run edited", keyHint("Alt+Y")),
        h("button", { "data-testid": "cancel-edit", onclick: () => (ctx.drafts.delete(id), ctx.rerender(id)) }, "Cancel edit"),
      ]
    : [
        h("button", { class: "primary", "data-testid": "approve", title: "Alt+Y", onclick: () => ctx.decide(id, { type: "approve" }) }, "Approve", keyHint("Alt+Y")),
        h("button", { class: "danger", "data-testid": "deny", title: "Alt+N", onclick: () => ctx.decide(id, { type: "deny" }) }, "Deny", keyHint("Alt+N")),
        block.scopes.length > 0 ? h("span", { class: "always" }, h("button", { "data-testid": "always", onclick: always }, "Always"), scope) : null,
        action.type === "run_code"
          ? h("button", { "data-testid": "edit", onclick: () => (ctx.drafts.set(id, action.code), ctx.rerender(id)) }, "Edit")
          : null,
      ];
  return h("div", { class: "approval-actions" }, ...buttons);
}

function decisionText(block: CallBlock): string {
  const d = block.decision;
  const by = block.decider === "policy" ? " (policy)" : block.decider === "remembered_approval" ? " (remembered)" : "";
  if (!d) return block.approval === "denied" ? "Not run" : "";
  switch (d.type) {
    case "approve":
      return `Approved${by}`;
    case "approve_always": {
      const chosen = JSON.stringify(d.scope);
      const offer = block.scopes.find((o) => JSON.stringify(o.scope) === chosen);
      return offer ? `Approved always: ${offer.label}${by}` : `Approved always${by}`;
    }
    case "approve_edited":
      return "Approved with edits";
    case "deny":
      return `Denied${by}`;
    case "abort":
      return "Aborted";
  }
}

function execView(block: CallBlock): HTMLElement | null {
  const exec = block.exec;
  if (!exec) return null;
  const status =
    exec.status === null
      ? h("span", { class: "running", "data-testid": "running" }, "running…")
      : h(
          "span",
          { class: `exit ${exec.status === "completed" && (exec.exit_code ?? 0) === 0 ? "ok" : "bad"}`, "data-testid": "exec-status" },
          exec.status === "completed" ? `exit ${exec.exit_code ?? 0}` : exec.status.replace(/_/g, " "),
          exec.duration_ms !== null ? ` · ${(exec.duration_ms / 1000).toFixed(2)} s` : "",
        );
  return h(
    "div",
    { class: "exec" },
    h("pre", { class: "output", "data-testid": "exec-output" }, ...exec.output.map((o) => h("span", { class: o.stream }, o.chunk))),
    h("div", { class: "exec-foot" }, status),
  );
}

/** The code a run_code card shows: what ran, or what was proposed. */
function shownCode(block: CallBlock): string | null {
  const action = block.call.action;
  return action.type === "run_code" ? (block.exec?.code ?? action.code) : null;
}

/**
 * The engine's correction (`format_error`): no tool the model chose, nothing a person approves,
 * but the harness asking the model again (a reply it could not run, an answer it set aside). A
 * quiet note with what the model was told, folded; not a red failed call.
 */
function renderCorrection(block: CallBlock): HTMLElement {
  const action = block.call.action;
  const args = block.call.arguments as Record<string, unknown> | null;
  const told = typeof args?.["message"] === "string" ? args["message"] : (block.result?.output ?? "");
  const why = action.type === "read" ? action.summary : "Asked the model again";
  return h(
    "details",
    { class: "correction", "data-testid": "correction", "data-call-id": block.id },
    h("summary", {}, h("span", { class: "title" }, "Open Interpreter asked the model again"), " · ", why),
    h("pre", { class: "output" }, told.replace(/\n+$/, "")),
  );
}

export function renderCallCard(block: CallBlock, ctx: CardContext): HTMLElement {
  if (block.call.name === "format_error") return renderCorrection(block);
  const state = block.approval ?? (block.exec ? "approved" : "proposed");
  const lastShot = block.screenshots[block.screenshots.length - 1] ?? block.screenBefore;
  const risks = locateRisks(shownCode(block), block.risks);
  return h(
    "section",
    {
      class: `card call ${state}`,
      "data-testid": "call-card",
      "data-call-id": block.id,
      "data-state": state,
      // Once the call has its result: whether it failed (a denial, a stop, an error).
      "data-result": block.result ? (block.result.is_error ? "error" : "ok") : undefined,
    },
    h(
      "header",
      {},
      h("span", { class: "title" }, title(block.call.action, block.call.name)),
      block.approval === "pending" && h("span", { class: "badge waiting" }, "waiting for you"),
      block.approval !== "pending" && h("span", { class: "decision", "data-testid": "decision" }, decisionText(block)),
    ),
    block.warning && h("div", { class: "warning" }, block.warning),
    actionView(block, ctx, risks),
    riskList(risks),
    block.approval === "pending" && approvalButtons(block, ctx),
    execView(block),
    ...block.files.map(renderFileChange),
    ...block.actions.map((a) => renderAction(a, lastShot, ctx.loadImage)),
    ...block.screenshots.map((s) => renderScreenshot(s, ctx.loadImage)),
    ...block.diffs.map((d) => renderScreenDiff(d, lastShot?.source ?? null, ctx.loadImage)),
    resultView(block),
  );
}

/** Lines of a result shown open; a longer one is folded under its summary. */
const OPEN_RESULT_LINES = 8;

/**
 * What a call that ran no code here returned: what a read tool read, what another tool (an
 * MCP server's) answered, or the output of a run in a loaded conversation (whose runs are not
 * replayed). Edits, plans and computer actions show what they did above; only their failure
 * is said. A run seen here shows its own output as it came.
 */
function resultView(block: CallBlock): HTMLElement | null {
  const result = block.result;
  if (!result || block.exec) return null;
  // A failure as it was written (a traceback keeps its lines), in the error colour.
  if (result.is_error) return h("pre", { class: "output", "data-testid": "call-result" }, h("span", { class: "stderr" }, result.output.replace(/\n+$/, "")));
  const type = block.call.action.type;
  if (type !== "read" && type !== "other" && type !== "run_code") return null;
  const output = result.output.replace(/\n+$/, "");
  if (output.trim() === "") return h("div", { class: "muted", "data-testid": "call-result" }, "(no output)");
  const lines = output.split("\n").length;
  return h(
    "details",
    { class: "result", "data-testid": "call-result", ...(lines <= OPEN_RESULT_LINES ? { open: true } : {}) },
    h("summary", {}, lines === 1 ? "Output" : `Output · ${lines} lines`),
    h("pre", { class: "output" }, output),
  );
}
