// What the safe-mode scan and the protected-path check found, beside the code: each finding's
// lines are marked in the code (severity and rule at the line's end) and listed under it with
// the reason, the severity and the rule.
import type { RiskFinding } from "../bindings/RiskFinding";
import { h } from "../dom";
import { highlight } from "../highlight";

/**
 * Splits highlighted HTML into lines that each stand alone: a span open at a line break (a
 * multi-line string or comment) is closed at the line's end and opened again on the next.
 */
export function highlightedLines(html: string): string[] {
  const lines: string[] = [];
  const open: string[] = [];
  let line = "";
  let last = 0;
  for (const m of html.matchAll(/<span[^>]*>|<\/span>|\n/g)) {
    line += html.slice(last, m.index);
    last = m.index + m[0].length;
    if (m[0] === "\n") {
      lines.push(line + "</span>".repeat(open.length));
      line = open.join("");
    } else {
      if (m[0] === "</span>") open.pop();
      else open.push(m[0]);
      line += m[0];
    }
  }
  lines.push(line + html.slice(last));
  return lines;
}

/** The 0-based lines of `code` a finding's snippet is on; none when the snippet is not in the code. */
export function findingLines(code: string, snippet: string): number[] {
  const s = snippet.trim();
  if (!s) return [];
  const at = code.indexOf(s);
  if (at >= 0) {
    const first = code.slice(0, at).split("\n").length - 1;
    const count = s.split("\n").length;
    return Array.from({ length: count }, (_, i) => first + i);
  }
  // The scanner may quote one line of a longer statement: find that line.
  const head = s.split("\n")[0]!.trim();
  const i = code.split("\n").findIndex((l) => l.includes(head));
  return i >= 0 ? [i] : [];
}

/** A finding and the 0-based lines of the shown code it is on (none: not in the code). */
export interface LocatedRisk {
  finding: RiskFinding;
  lines: number[];
}

/** Where each finding is in `code` (a card without code has them nowhere): once, for the marked code and the list. */
export function locateRisks(code: string | null, risks: RiskFinding[]): LocatedRisk[] {
  return risks.map((finding) => ({ finding, lines: code === null ? [] : findingLines(code, finding.snippet) }));
}

const RANK: Record<RiskFinding["severity"], number> = { medium: 1, high: 2, critical: 3 };

function severityBadge(f: RiskFinding): HTMLElement {
  return h("span", { class: `severity ${f.severity}`, "data-testid": "risk-severity" }, f.severity);
}

/** The code, one row a line; lines a finding points at carry its severity and rule. */
export function codeWithRisks(code: string, language: string, risks: LocatedRisk[]): HTMLElement {
  const marks = new Map<number, RiskFinding[]>();
  for (const { finding, lines } of risks) for (const n of lines) marks.set(n, [...(marks.get(n) ?? []), finding]);
  const rows = highlightedLines(highlight(code, language)).map((html, n) => {
    const found = marks.get(n);
    const text = h("span", { class: "line-text" });
    text.innerHTML = html || " ";
    if (!found) return h("span", { class: "line" }, text);
    const worst = found.reduce((a, b) => (RANK[b.severity] > RANK[a.severity] ? b : a));
    return h(
      "span",
      { class: `line risky ${worst.severity}`, "data-testid": "risky-line", "data-line": n + 1 },
      text,
      h("span", { class: "risk-marks" }, ...found.map((f) => h("span", { class: `risk-mark ${f.severity}`, "data-testid": "risk-mark", title: f.reason }, `${f.severity} · ${f.rule}`))),
    );
  });
  return h("pre", { class: "code lined" }, h("span", { class: "lang" }, language), h("code", { class: "hljs" }, ...rows));
}

/** Every finding: its severity, rule and reason, what matched, and where in the code it is. */
export function riskList(risks: LocatedRisk[]): HTMLElement | null {
  if (risks.length === 0) return null;
  return h(
    "ul",
    { class: "risks", "data-testid": "risks" },
    ...risks.map(({ finding: f, lines }) =>
      h(
        "li",
        { class: `risk ${f.severity}`, "data-testid": "risk", "data-rule": f.rule, "data-severity": f.severity },
        severityBadge(f),
        h("code", { class: "rule", "data-testid": "risk-rule" }, f.rule),
        h("span", { class: "reason" }, f.reason),
        lines.length > 0
          ? h("span", { class: "where muted", "data-testid": "risk-line" }, lines.length > 1 ? `lines ${lines[0]! + 1}–${lines[lines.length - 1]! + 1}` : `line ${lines[0]! + 1}`)
          : null,
        f.snippet && h("code", { class: "snippet", "data-testid": "risk-snippet" }, f.snippet),
      ),
    ),
  );
}
