// The session list: running sessions and the logged ones, newest first.
import { h } from "../dom";
import type { SessionEntry } from "../types";

export interface SidebarHandlers {
  onNew(): void;
  onOpen(entry: SessionEntry): void;
}

function when(ms: number): string {
  const d = new Date(ms);
  return `${d.toLocaleDateString()} ${d.toLocaleTimeString([], { hour: "2-digit", minute: "2-digit" })}`;
}

/** The folder's last part ("/" for the root), which tells projects apart. */
export function folderName(path: string): string {
  const parts = path.split("/").filter(Boolean);
  return parts[parts.length - 1] ?? "/";
}

export class Sidebar {
  readonly el: HTMLElement;
  private list: HTMLElement;

  constructor(private handlers: SidebarHandlers) {
    this.list = h("ul", { class: "sessions", "data-testid": "session-list" });
    this.el = h(
      "aside",
      { class: "sidebar" },
      h("div", { class: "brand" }, h("span", { class: "logo" }, ">_"), "Open Interpreter"),
      h("button", { class: "new-session", "data-testid": "new-session", onclick: () => this.handlers.onNew() }, "+ New session"),
      this.list,
    );
  }

  render(entries: SessionEntry[], currentId: string | null): void {
    this.list.replaceChildren(
      ...entries.map((e) =>
        h(
          "li",
          {
            class: `${e.id === currentId ? "current" : ""}${e.live ? " live" : ""}`,
            "data-testid": "session-item",
            "data-session-id": e.id,
            title: `${e.cwd ? `${e.cwd}\n` : ""}${e.model} · ${e.profile} · ${e.events} events`,
            onclick: () => this.handlers.onOpen(e),
          },
          h("div", { class: "first-words" }, e.first_words || "(no message yet)"),
          h("div", { class: "meta" }, e.live ? "● running · " : "", when(e.started_ms), " · ", e.model),
          e.cwd && h("div", { class: "meta folder", "data-testid": "session-item-folder", "data-cwd": e.cwd }, folderName(e.cwd)),
        ),
      ),
    );
  }
}
