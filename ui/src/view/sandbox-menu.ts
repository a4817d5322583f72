// Where a session's code runs: the terminal's `%sandbox BACKEND LEVEL`, as a list to pick from.
// A new session starts with the choice; a running one switches between turns (its kernels stop
// and the next run starts inside the new sandbox).
import type { SandboxInfo } from "../bindings/SandboxInfo";
import { h } from "../dom";
import { asCommandError } from "../ipc";
import type { SandboxChoice } from "../types";


const CHOICES: { choice: SandboxChoice; label: string; what: string }[] = [
  { choice: { backend: "none", level: null }, label: "No sandbox", what: "Code runs with your own permissions." },
  { choice: { backend: "native", level: "read-only" }, label: "Native · read-only", what: "Reads everything but credentials; writes nowhere; no network." },
  { choice: { backend: "native", level: "workspace-write" }, label: "Native · workspace-write", what: "As read-only, and writes in the session's folder and the temp folder." },
  { choice: { backend: "native", level: "full-access" }, label: "Native · full-access", what: "No file or network limits; only the system-call filter stays." },
  { choice: { backend: "docker", level: "workspace-write" }, label: "Docker · workspace-write", what: "A container with the session's folder mounted." },
  { choice: { backend: "openshell", level: "workspace-write" }, label: "OpenShell · workspace-write", what: "An OpenShell sandbox for the session." },
];

/** Whether `info` (what a session runs under) is `choice`. */
export function isChoice(info: SandboxInfo | null, choice: SandboxChoice): boolean {
  if (!info) return choice.backend === "none";
  return info.backend === choice.backend && info.policy === choice.level;
}

/** What a new session will show before it starts with `choice`; `nativeRefusal`: why this
 * app's native sandbox cannot run code (`AppInfo.native_refusal`). */
export function infoOf(choice: SandboxChoice, nativeRefusal: string | null = null): SandboxInfo | null {
  if (choice.backend === "none") return null;
  const info: SandboxInfo = { backend: choice.backend, policy: choice.level ?? "workspace-write", enforcement: "" };
  if (choice.backend === "native" && nativeRefusal) info.refusal = nativeRefusal;
  return info;
}

export class SandboxMenu {
  readonly el: HTMLElement;
  private list: HTMLElement;
  private error: HTMLElement;

  /** `choose` takes the choice, or rejects with why not (shown here). */
  constructor(private choose: (choice: SandboxChoice) => Promise<void>) {
    this.list = h("div", { class: "sandbox-choices" });
    this.error = h("div", { class: "folder-error hidden", "data-testid": "sandbox-error" });
    this.el = h(
      "div",
      {
        class: "sandbox-menu hidden",
        "data-testid": "sandbox-menu",
        onkeydown: (e: KeyboardEvent) => {
          if (e.key === "Escape") this.close();
        },
      },
      h("div", { class: "folder-row" }, h("span", { class: "muted" }, "Run code in"), h("span", { class: "spacer" }), h("button", { "data-testid": "sandbox-cancel", onclick: () => this.close() }, "Cancel")),
      this.list,
      this.error,
    );
  }

  get isOpen(): boolean {
    return !this.el.classList.contains("hidden");
  }

  open(current: SandboxInfo | null): void {
    this.error.classList.add("hidden");
    const buttons = CHOICES.map(({ choice, label, what }) =>
      h(
        "button",
        {
          class: `sandbox-choice${isChoice(current, choice) ? " current" : ""}`,
          "data-testid": "sandbox-choice",
          "data-choice": `${choice.backend}${choice.level ? `:${choice.level}` : ""}`,
          "aria-pressed": String(isChoice(current, choice)),
          title: what,
          onclick: () => void this.use(choice),
        },
        h("span", { class: "label" }, label),
        h("span", { class: "muted" }, what),
      ),
    );
    this.list.replaceChildren(...buttons);
    this.el.classList.remove("hidden");
    (buttons.find((b) => b.classList.contains("current")) ?? buttons[0])?.focus();
  }

  close(): void {
    this.el.classList.add("hidden");
  }

  private async use(choice: SandboxChoice): Promise<void> {
    try {
      await this.choose(choice);
      this.close();
    } catch (e) {
      this.error.textContent = asCommandError(e).message;
      this.error.classList.remove("hidden");
    }
  }
}
