// "Quit anyway?": tray Quit while sessions work or wait for an approval. Quitting stops their
// turns and ends their kernels; the logs keep them.
import { h } from "../dom";

export class QuitConfirm {
  readonly el: HTMLElement;
  private text: HTMLElement;

  constructor(actions: { onQuit(): void }) {
    this.text = h("span", { "data-testid": "quit-text" });
    this.el = h(
      "div",
      { class: "quit-confirm hidden", "data-testid": "quit-confirm", role: "alertdialog" },
      this.text,
      h("button", { class: "danger", "data-testid": "quit-anyway", onclick: () => { this.close(); actions.onQuit(); } }, "Quit"),
      h("button", { "data-testid": "quit-cancel", onclick: () => this.close() }, "Keep running"),
    );
  }

  show(busy: number): void {
    const sessions = busy === 1 ? "A session is" : `${busy} sessions are`;
    this.text.textContent = `${sessions} still working or waiting for your approval. Quit anyway? Their turns stop and their kernels end; the logs keep them.`;
    this.el.classList.remove("hidden");
    this.el.querySelector<HTMLButtonElement>('[data-testid="quit-cancel"]')?.focus();
  }

  close(): void {
    this.el.classList.add("hidden");
  }
}
