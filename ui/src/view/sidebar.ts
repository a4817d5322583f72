// The session list: every logged session (running here, in a terminal or an editor, or ended),
// newest first, as the engine's index says; searchable by title and folder.
import type { SessionListing } from "../bindings/SessionListing";
import type { SessionStatus } from "../bindings/SessionStatus";
import { h } from "../dom";

export interface SidebarHandlers {
  onNew(): void;
  onOpen(entry: SessionListing): void;
  /** Moves an ended session's log to the trash. */
  onDelete(entry: SessionListing): void;
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

const BADGE: Record<SessionStatus, string | null> = {
  waiting_for_approval: "waiting",
  working: "working",
  idle: "idle",
  ended: null,
};

/** Whether `entry` matches every word of `query` in its title or folder (any case). */
export function matches(entry: SessionListing, query: string): boolean {
  const haystack = `${entry.title}\n${entry.cwd ?? ""}`.toLowerCase();
  return query
    .toLowerCase()
    .split(/\s+/)
    .filter(Boolean)
    .every((word) => haystack.includes(word));
}

export class Sidebar {
  readonly el: HTMLElement;
  private list: HTMLElement;
  private search: HTMLInputElement;
  private empty: HTMLElement;
  private entries: SessionListing[] = [];
  private currentId: string | null = null;
  /** Each shown session's item, with what it was drawn from. */
  private drawnItems = new Map<string, { key: string; el: HTMLElement }>();

  constructor(private handlers: SidebarHandlers) {
    this.list = h("ul", { class: "sessions", "data-testid": "session-list" });
    this.search = h("input", {
      class: "session-search",
      type: "search",
      placeholder: "Search titles and folders",
      "data-testid": "session-search",
      oninput: () => this.draw(),
    });
    this.empty = h("div", { class: "no-match hidden", "data-testid": "no-match" }, "No session matches.");
    this.el = h(
      "aside",
      { class: "sidebar" },
      h("div", { class: "brand" }, h("span", { class: "logo" }, ">_"), "Open Interpreter"),
      h("button", { class: "new-session", "data-testid": "new-session", onclick: () => this.handlers.onNew() }, "+ New session"),
      this.search,
      this.empty,
      this.list,
    );
  }

  render(entries: SessionListing[], currentId: string | null): void {
    this.entries = entries;
    this.currentId = currentId;
    this.draw();
  }

  private draw(): void {
    const query = this.search.value.trim();
    const shown = query ? this.entries.filter((e) => matches(e, query)) : this.entries;
    this.empty.classList.toggle("hidden", shown.length > 0 || this.entries.length === 0);
    // An item is drawn again only when what it shows changed, and the list's children are
    // replaced only when their order did: the list refreshes on every change another session
    // makes, and an item replaced between a person's press and release takes no click.
    const drawn = new Map<string, { key: string; el: HTMLElement }>();
    for (const e of shown) {
      const key = `${JSON.stringify(e)}|${e.id === this.currentId}`;
      const before = this.drawnItems.get(e.id);
      if (before && before.key === key) {
        drawn.set(e.id, before);
      } else {
        const el = this.item(e);
        before?.el.replaceWith(el);
        drawn.set(e.id, { key, el });
      }
    }
    this.drawnItems = drawn;
    const els = [...drawn.values()].map((d) => d.el);
    const children = [...this.list.children];
    if (children.length !== els.length || children.some((c, i) => c !== els[i])) {
      this.list.replaceChildren(...els);
    }
  }

  private item(e: SessionListing): HTMLElement {
    const badge = BADGE[e.status];
    const tokens = e.input_tokens + e.output_tokens;
    return h(
      "li",
      {
        class: `${e.id === this.currentId ? "current" : ""}${badge ? " live" : ""}`,
        "data-testid": "session-item",
        "data-session-id": e.id,
        "data-status": e.status,
        title: `${e.cwd ? `${e.cwd}\n` : ""}${e.model} · ${e.profile} · ${e.events} events${tokens ? ` · ${tokens} tokens` : ""}`,
        onclick: () => this.handlers.onOpen(e),
      },
      h(
        "div",
        { class: "title-row" },
        h("div", { class: "first-words" }, e.title || "(no message yet)"),
        badge && h("span", { class: `badge status ${badge}`, "data-testid": "session-status" }, badge),
        e.status === "ended" &&
          h(
            "button",
            {
              class: "delete-session",
              title: "Move to the trash",
              "aria-label": "Delete session",
              "data-testid": "delete-session",
              onclick: (ev: MouseEvent) => {
                ev.stopPropagation();
                this.handlers.onDelete(e);
              },
            },
            "✕",
          ),
      ),
      h("div", { class: "meta" }, when(e.updated_ms || e.created_ms), " · ", e.model),
      e.cwd && h("div", { class: "meta folder", "data-testid": "session-item-folder", "data-cwd": e.cwd }, folderName(e.cwd)),
    );
  }
}
