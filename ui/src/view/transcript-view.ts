// Renders a Transcript into the page, re-rendering only the blocks an event changed, at most
// once per frame (streams send many small deltas).
import type { ErrorKind } from "../bindings/ErrorKind";
import type { Event } from "../bindings/Event";
import type { InputItem } from "../bindings/InputItem";
import { h } from "../dom";
import { renderMarkdown } from "../markdown";
import { type Block, Transcript } from "../transcript";
import { type CardContext, renderCallCard } from "./call-card";
import { renderScreenshot, windowLabel } from "./computer";

function userItem(item: InputItem): HTMLElement {
  switch (item.type) {
    case "text":
      return h("div", { class: "text" }, item.text);
    case "image":
      return h("img", { class: "attached", src: `data:${item.mime};base64,${item.data}`, alt: "attached image" });
    case "file":
      return h("div", { class: "attachment" }, `Attached: ${item.path}`);
  }
}

function endText(reason: string): string {
  switch (reason) {
    case "interrupted":
      return "Stopped.";
    case "max_turns":
      return "Stopped after the most steps a turn may take.";
    case "aborted":
      return "Aborted.";
    case "error":
      return "The turn ended with an error.";
    default:
      return "";
  }
}

/** Beside a sandbox that refuses to run code, in a session this app runs: the engine's own hint
 * names the terminal's `%sandbox`, and a session run elsewhere keeps it. */
export const APP_SANDBOX_HINT = "Choose another from the sandbox button in the header (where code runs).";

/** The app's own way to fix an error of `kind`, in a session it runs, where the engine's hint
 * names the terminal's flags and commands (`--api_base`, `%reset`); `null` keeps the engine's. */
export function appHint(kind: ErrorKind | undefined): string | null {
  switch (kind) {
    case "sandbox_unavailable":
      return APP_SANDBOX_HINT;
    case "connection_refused":
      return "Start the model server, or type another model in the Model field in the header.";
    case "authentication":
      return "Set the provider's key in your environment (or api_key in the config file) and start the app again, or type another model in the Model field.";
    case "unknown_model":
      return "Check the name in the Model field in the header (provider/name); a local runtime runs only the models it has.";
    case "context_overflow":
      return "Reset or Undo in the session bar shortens the conversation.";
    default:
      return null;
  }
}

export class TranscriptView {
  readonly el: HTMLElement;
  readonly model = new Transcript();
  private elements = new Map<string, HTMLElement>();
  private dirty = new Set<string>();
  private scheduled = false;
  /** False for a session another process runs (a terminal's), followed read-only. */
  private here = true;

  constructor(private ctx: Omit<CardContext, "rerender">, private onChange: (t: Transcript) => void = () => {}) {
    this.el = h("div", { class: "transcript", "data-testid": "transcript" });
    // Links from the model never navigate the app's webview.
    this.el.addEventListener("click", (e) => {
      if ((e.target as HTMLElement).closest("a")) e.preventDefault();
    });
    // A run's output box stops following its stream the moment the person turns the wheel up
    // in it, before the (smooth) scroll has moved it: a chunk drawn in between would otherwise
    // find it still at its end and take it back there.
    this.el.addEventListener(
      "wheel",
      (e) => {
        const pre = e.target instanceof Element ? e.target.closest<HTMLElement>('[data-testid="exec-output"]') : null;
        if (pre && e.deltaY < 0) pre.dataset.wheelUpAt = String(Date.now());
      },
      { passive: true },
    );
  }

  apply(event: Event): void {
    for (const id of this.model.apply(event)) this.dirty.add(id);
    this.schedule();
  }

  /** The session is run by another process: its hints are that process's own. */
  runsElsewhere(): void {
    this.here = false;
    for (const b of this.model.blocks) if (b.kind === "notice" && appHint(b.errorKind)) this.dirty.add(b.id);
    this.schedule();
  }

  /** Shows that the process writing the session is gone (see `Transcript.writerGone`). */
  writerGone(): void {
    for (const id of this.model.writerGone()) this.dirty.add(id);
    this.schedule();
  }

  /** Shows a notice of the app's own (not in the session's log). */
  note(message: string): void {
    this.dirty.add(this.model.note(message));
    this.schedule();
  }

  /** Shows a whole logged session at once. */
  load(events: Event[]): void {
    for (const e of events) for (const id of this.model.apply(e)) this.dirty.add(id);
    this.flush();
  }

  /**
   * Answers the oldest card waiting for approval, as its buttons would: `approve` runs it (the
   * edited code, when it is being edited), `deny` refuses it. False when nothing waits.
   */
  answerOldest(answer: "approve" | "deny"): boolean {
    const oldest = this.model.pendingApprovals()[0];
    if (!oldest) return false;
    const draft = this.ctx.drafts.get(oldest.id);
    if (answer === "deny") this.ctx.decide(oldest.id, { type: "deny" });
    else if (draft !== undefined) this.ctx.decide(oldest.id, { type: "approve_edited", code: draft });
    else this.ctx.decide(oldest.id, { type: "approve" });
    return true;
  }

  rerender(id: string): void {
    this.dirty.add(id);
    this.flush();
  }

  private schedule(): void {
    if (this.scheduled) return;
    this.scheduled = true;
    const run = (): void => this.flush();
    if (typeof requestAnimationFrame === "function" && !document.hidden) requestAnimationFrame(run);
    else setTimeout(run, 0);
  }

  flush(): void {
    this.scheduled = false;
    const stick = this.el.scrollHeight - this.el.scrollTop - this.el.clientHeight < 80;
    for (const id of this.dirty) {
      const block = this.model.get(id);
      if (!block) continue;
      const fresh = this.render(block);
      if (this.model.forgotten.has(id)) {
        fresh.classList.add("forgotten");
        fresh.dataset.forgotten = "true";
      }
      const old = this.elements.get(id);
      if (old) {
        const scrolled = outputScroll(old);
        old.replaceWith(fresh);
        followOutput(fresh, scrolled);
      } else {
        this.el.append(fresh);
        followOutput(fresh, []);
      }
      this.elements.set(id, fresh);
    }
    this.dirty.clear();
    if (stick) this.el.scrollTop = this.el.scrollHeight;
    this.onChange(this.model);
  }

  private render(block: Block): HTMLElement {
    const ctx: CardContext = { ...this.ctx, rerender: (id) => this.rerender(id) };
    switch (block.kind) {
      case "user":
        return h("div", { class: "msg user", "data-testid": "user-message" }, ...block.items.map(userItem));
      case "assistant": {
        const body = h("div", { class: "markdown" });
        body.innerHTML = renderMarkdown(block.text);
        return h(
          "div",
          {
            class: `msg assistant${block.done ? "" : " streaming"}${block.superseded ? " superseded" : ""}`,
            "data-testid": "assistant-message",
          },
          block.superseded &&
            h(
              "div",
              { class: "superseded-note", "data-testid": "superseded" },
              block.supersededByRun
                ? "Set aside: this answer came before the code it needed had run. Open Interpreter ran it, and the model answered again."
                : "Set aside: this answer did not come from what the code printed or read, and the model was asked again.",
            ),
          body,
          block.interrupted && h("div", { class: "muted" }, "(interrupted)"),
        );
      }
      case "reasoning":
        return h("details", { class: "reasoning" }, h("summary", {}, "Thinking"), h("div", { class: "text" }, block.text));
      case "call":
        return renderCallCard(block, ctx);
      case "screenshot":
        return renderScreenshot(block.screenshot, this.ctx.loadImage);
      case "focus":
        return h("div", { class: "focus", "data-testid": "focus-change" }, "Focus → ", h("strong", {}, windowLabel(block.window)));
      case "notice": {
        const hint = (this.here && appHint(block.errorKind)) || block.hint;
        return h(
          "div",
          { class: `notice ${block.level}`, "data-testid": block.level === "error" ? "error" : "notice" },
          block.message,
          hint && h("div", { class: "hint" }, hint),
        );
      }
      case "turn_end":
        return h("div", { class: "turn-end", "data-testid": "turn-end" }, endText(block.reason));
    }
  }
}

/** How long after the wheel turned up in a box it stays where it is, even at its end. */
const WHEEL_SETTLES_MS = 600;

/**
 * Where each run output box of a card was left: `null` when it follows its stream (it is at its
 * end, and the wheel has not just turned up in it).
 */
function outputScroll(card: HTMLElement): ({ at: number; wheelUpAt?: string } | null)[] {
  return [...card.querySelectorAll<HTMLElement>('[data-testid="exec-output"]')].map((pre) => {
    const atEnd = pre.scrollHeight - pre.scrollTop - pre.clientHeight < 24;
    const wheeling = Date.now() - Number(pre.dataset.wheelUpAt ?? 0) < WHEEL_SETTLES_MS;
    return atEnd && !wheeling ? null : { at: pre.scrollTop, wheelUpAt: pre.dataset.wheelUpAt };
  });
}

/**
 * A card drawn again keeps its output boxes where the person left them; a box at its end (or
 * new) follows the output as it streams, as a terminal does. Without this every chunk of a
 * long run redrew its box at the top, and a person could not scroll it.
 */
function followOutput(card: HTMLElement, scrolled: ({ at: number; wheelUpAt?: string } | null)[]): void {
  card.querySelectorAll<HTMLElement>('[data-testid="exec-output"]').forEach((pre, i) => {
    const left = scrolled[i];
    if (left?.wheelUpAt) pre.dataset.wheelUpAt = left.wheelUpAt;
    pre.scrollTop = left ? left.at : pre.scrollHeight;
  });
}
