// Where a new session works: a path typed in, or one of the folders sessions were started in
// before. The app checks the folder before it is taken.
import { h } from "../dom";
import { asCommandError } from "../ipc";

export interface FolderPickerHandlers {
  /** The folders sessions were started in, newest first. */
  recent(): Promise<string[]>;
  /** Takes `path` as the new session's folder; rejects with why it cannot be used. */
  choose(path: string): Promise<void>;
}

export class FolderPicker {
  readonly el: HTMLElement;
  private input: HTMLInputElement;
  private list: HTMLElement;
  private error: HTMLElement;

  constructor(private handlers: FolderPickerHandlers) {
    this.input = h("input", {
      class: "folder-input",
      "data-testid": "folder-input",
      spellcheck: "false",
      placeholder: "/full/path/to/a/folder",
      onkeydown: (e: KeyboardEvent) => {
        if (e.key === "Enter") void this.use(this.input.value);
        if (e.key === "Escape") this.close();
      },
    });
    this.list = h("ul", { class: "recent-folders", "data-testid": "recent-folders" });
    this.error = h("div", { class: "folder-error hidden", "data-testid": "folder-error" });
    this.el = h(
      "div",
      { class: "folder-picker hidden", "data-testid": "folder-picker" },
      h(
        "div",
        { class: "folder-row" },
        h("span", { class: "muted" }, "Work in"),
        this.input,
        h("button", { class: "primary", "data-testid": "folder-use", onclick: () => void this.use(this.input.value) }, "Use"),
        h("button", { "data-testid": "folder-cancel", onclick: () => this.close() }, "Cancel"),
      ),
      this.error,
      this.list,
    );
  }

  get isOpen(): boolean {
    return !this.el.classList.contains("hidden");
  }

  async open(current: string): Promise<void> {
    this.input.value = current;
    this.error.classList.add("hidden");
    this.el.classList.remove("hidden");
    this.input.focus();
    let folders: string[] = [];
    try {
      folders = await this.handlers.recent();
    } catch {
      // Without the list a path can still be typed.
    }
    this.list.replaceChildren(
      ...(folders.length ? [h("li", { class: "muted" }, "Recent folders")] : []),
      ...folders.map((f) => h("li", {}, h("button", { class: "recent-folder", "data-testid": "recent-folder", title: f, onclick: () => void this.use(f) }, f))),
    );
  }

  close(): void {
    this.el.classList.add("hidden");
  }

  private async use(path: string): Promise<void> {
    try {
      await this.handlers.choose(path);
      this.close();
    } catch (e) {
      this.error.textContent = asCommandError(e).message;
      this.error.classList.remove("hidden");
    }
  }
}
