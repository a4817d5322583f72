// A unified diff as coloured lines, with the file's path and what happened to it.
import type { FileChange } from "../bindings/FileChange";
import { h } from "../dom";

function lineClass(line: string): string {
  if (line.startsWith("+++") || line.startsWith("---")) return "diff-file";
  if (line.startsWith("@@")) return "diff-hunk";
  if (line.startsWith("+")) return "diff-add";
  if (line.startsWith("-")) return "diff-del";
  return "diff-ctx";
}

function renderDiffText(diff: string): HTMLElement {
  const lines = diff.replace(/\n$/, "").split("\n");
  return h("pre", { class: "diff" }, ...lines.map((l) => h("div", { class: lineClass(l) }, l || " ")));
}

export function diffStats(diff: string): { added: number; removed: number } {
  let added = 0;
  let removed = 0;
  for (const l of diff.split("\n")) {
    if (l.startsWith("+") && !l.startsWith("+++")) added += 1;
    else if (l.startsWith("-") && !l.startsWith("---")) removed += 1;
  }
  return { added, removed };
}

export function renderFileChange(change: FileChange): HTMLElement {
  const stats = change.diff ? diffStats(change.diff) : null;
  return h(
    "div",
    { class: `file-change ${change.kind}`, "data-testid": "file-diff", "data-path": change.path },
    h(
      "div",
      { class: "file-head" },
      h("span", { class: `badge ${change.kind}` }, change.kind),
      h("span", { class: "path" }, change.path),
      stats && h("span", { class: "stats" }, h("span", { class: "add" }, `+${stats.added}`), " ", h("span", { class: "del" }, `−${stats.removed}`)),
    ),
    change.diff ? renderDiffText(change.diff) : h("div", { class: "muted" }, "binary or too large to show"),
  );
}
