import { describe, expect, it } from "vitest";
import { diffStats, renderFileChange } from "./diff";

const DIFF = "--- a/notes.txt\n+++ b/notes.txt\n@@ -1,2 +1,2 @@\n one\n-two\n+three\n";

describe("file diffs", () => {
  it("counts added and removed lines, not the file headers", () => {
    expect(diffStats(DIFF)).toEqual({ added: 1, removed: 1 });
  });

  it("renders each line with its kind", () => {
    const el = renderFileChange({ path: "notes.txt", kind: "modified", diff: DIFF });
    expect(el.dataset.path).toBe("notes.txt");
    expect([...el.querySelectorAll(".diff-add")].map((d) => d.textContent)).toEqual(["+three"]);
    expect([...el.querySelectorAll(".diff-del")].map((d) => d.textContent)).toEqual(["-two"]);
    expect(el.querySelector(".diff-hunk")?.textContent).toBe("@@ -1,2 +1,2 @@");
    expect(el.querySelector(".stats")?.textContent).toBe("+1 −1");
  });

  it("says when there is no diff to show", () => {
    const el = renderFileChange({ path: "a.bin", kind: "created", diff: null });
    expect(el.textContent).toContain("binary or too large");
  });
});
