// The message box: text, images (picked or pasted, sent inline) and files (dropped on the
// window, sent by path; picked text files are sent inline).
import type { InputItem } from "../bindings/InputItem";
import { h } from "../dom";

function readAsBase64(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const r = new FileReader();
    r.onload = () => resolve(String(r.result).replace(/^data:[^,]*,/, ""));
    r.onerror = () => reject(r.error);
    r.readAsDataURL(file);
  });
}

export async function itemFromFile(file: File): Promise<InputItem> {
  if (file.type.startsWith("image/")) {
    return { type: "image", mime: file.type, data: await readAsBase64(file) };
  }
  const text = await file.text();
  return { type: "text", text: `Attached file ${file.name}:\n\`\`\`\n${text}\n\`\`\`` };
}

function label(item: InputItem): string {
  switch (item.type) {
    case "image":
      return "image";
    case "file":
      return item.path.split("/").pop() ?? item.path;
    case "text":
      return item.text.split("\n")[0]?.replace(/^Attached file /, "").replace(/:$/, "") ?? "text";
  }
}

export class Composer {
  readonly el: HTMLElement;
  private input: HTMLTextAreaElement;
  private chips: HTMLElement;
  private send: HTMLButtonElement;
  private attachments: InputItem[] = [];

  constructor(private onSend: (items: InputItem[]) => Promise<boolean>) {
    this.input = h("textarea", {
      class: "message",
      "data-testid": "message-input",
      rows: 3,
      placeholder: "Ask Open Interpreter to do something… (Enter sends, Shift+Enter for a new line)",
      onkeydown: (e: KeyboardEvent) => {
        if (e.key === "Enter" && !e.shiftKey && !e.isComposing) {
          e.preventDefault();
          void this.submit();
        }
      },
      onpaste: (e: ClipboardEvent) => {
        const files = [...(e.clipboardData?.files ?? [])];
        if (files.length) {
          e.preventDefault();
          void this.addFiles(files);
        }
      },
    });
    const picker = h("input", {
      type: "file",
      multiple: true,
      class: "hidden",
      "data-testid": "file-picker",
      onchange: () => {
        void this.addFiles([...(picker.files ?? [])]);
        picker.value = "";
      },
    });
    this.chips = h("div", { class: "chips", "data-testid": "attachments" });
    // A click on Send leaves the keyboard in the message box: the next message is typed
    // straight away, and keys WebKit has yet to deliver (it hands a click over before keys
    // typed just before it) land in the box, not on the button.
    this.send = h(
      "button",
      { class: "primary send", "data-testid": "send", onmousedown: (e: MouseEvent) => e.preventDefault(), onclick: () => void this.submit() },
      "Send",
    );
    this.el = h(
      "footer",
      { class: "composer" },
      this.chips,
      h("div", { class: "row" }, h("button", { class: "attach", title: "Attach files or images", "data-testid": "attach", onclick: () => picker.click() }, "Attach"), this.input, this.send),
      picker,
    );
  }

  focus(): void {
    this.input.focus();
  }

  setText(text: string): void {
    this.input.value = text;
  }

  async addFiles(files: File[]): Promise<void> {
    for (const f of files) this.attachments.push(await itemFromFile(f));
    this.renderChips();
  }

  addPaths(paths: string[]): void {
    for (const path of paths) this.attachments.push({ type: "file", path });
    this.renderChips();
  }

  private renderChips(): void {
    this.chips.replaceChildren(
      ...this.attachments.map((item, i) =>
        h(
          "span",
          { class: "chip" },
          label(item),
          h("button", { class: "x", title: "Remove", onclick: () => (this.attachments.splice(i, 1), this.renderChips()) }, "×"),
        ),
      ),
    );
  }

  async submit(): Promise<void> {
    const typed = this.input.value;
    const text = typed.trim();
    const attached = [...this.attachments];
    const items: InputItem[] = [...attached];
    if (text) items.unshift({ type: "text", text });
    if (!items.length) return;
    this.send.disabled = true;
    try {
      if (await this.onSend(items)) {
        // Only what was sent leaves the box: what was typed while the message went out
        // (starting a session takes a while) stays in it, and so do files added meanwhile.
        const now = this.input.value;
        this.input.value = now.startsWith(typed) ? now.slice(typed.length).trimStart() : now;
        this.attachments = this.attachments.filter((a) => !attached.includes(a));
        this.renderChips();
      }
    } finally {
      this.send.disabled = false;
    }
  }
}
