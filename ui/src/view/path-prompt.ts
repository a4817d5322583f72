// A file path asked for in the window (saving or loading a conversation): a full path or one
// under ~/, with why it was refused shown in place.
import { h } from "../dom";
import { asCommandError } from "../ipc";

export class PathPrompt {
  readonly el: HTMLElement;
  private label: HTMLElement;
  private input: HTMLInputElement;
  private ok: HTMLButtonElement;
  private error: HTMLElement;
  private action: ((path: string) => Promise<void>) | null = null;

  constructor() {
    this.label = h("span", { class: "muted", "data-testid": "path-label" });
    this.input = h("input", {
      class: "folder-input",
      "data-testid": "path-input",
      spellcheck: "false",
      placeholder: "/full/path/conversation.jsonl",
      onkeydown: (e: KeyboardEvent) => {
        if (e.key === "Enter") void this.use();
        if (e.key === "Escape") this.close();
      },
    });
    this.ok = h("button", { class: "primary", "data-testid": "path-ok", onclick: () => void this.use() });
    this.error = h("div", { class: "folder-error hidden", "data-testid": "path-error" });
    this.el = h(
      "div",
      { class: "folder-picker path-prompt hidden", "data-testid": "path-prompt" },
      h("div", { class: "folder-row" }, this.label, this.input, this.ok, h("button", { "data-testid": "path-cancel", onclick: () => this.close() }, "Cancel")),
      this.error,
    );
  }

  /** Asks for a path under `label`; `action` takes it, or rejects with why not. */
  open(label: string, button: string, initial: string, action: (path: string) => Promise<void>): void {
    this.label.textContent = label;
    this.ok.textContent = button;
    this.input.value = initial;
    this.action = action;
    this.error.classList.add("hidden");
    this.el.classList.remove("hidden");
    this.input.focus();
    this.input.select();
  }

  close(): void {
    this.el.classList.add("hidden");
    this.action = null;
  }

  private async use(): Promise<void> {
    const action = this.action;
    if (!action) return;
    try {
      await action(this.input.value);
      this.close();
    } catch (e) {
      this.error.textContent = asCommandError(e).message;
      this.error.classList.remove("hidden");
    }
  }
}
