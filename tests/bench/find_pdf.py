#!/usr/bin/env python3
""""Find the PDF I downloaded last week and summarize it", said many ways, on a real local model:
how often the final answer tells what last week's PDF says, and not a decoy's content.

usage: tests/bench/find_pdf.py [--bin PATH] [--model GGUF] [--server-python PY] [--only N,M] [--keep DIR]
                               [--builtin]
       tests/bench/find_pdf.py --rescore DIR

Each phrasing runs `interpreter exec --json -y` in a fresh home whose Downloads (named in
user-dirs.dirs) hold last week's two-page report (made by groff), an older invoice PDF and a newer
text file. A phrasing is
  - "told" when the final answer names two things the report says (the harbour, the pier,
    Tuesday, the repairs…; its file name does not count),
  - "read" when some run's output holds the report's text,
  - "decoy" when the answer speaks of the invoice instead.
Not a test: the model decides, and the numbers go in the notes.
"""
import os
import pathlib
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from local_tasks import bench_args, events_of, exec_json, start_model, stop_model  # noqa: E402

PHRASINGS = [
    "Find the PDF I downloaded last week and summarize it.",
    "Summarize the PDF I downloaded this week.",
    "What does the PDF I downloaded a few days ago say?",
    "Find the report I downloaded last week and tell me what it says.",
    "Can you summarise the latest PDF in my Downloads?",
    "I downloaded a PDF recently. What is it about?",
    "Open the most recent PDF in my downloads and give me a short summary.",
    "What's in the pdf I got last week?",
    "Read the newest PDF from my Downloads folder and tell me its main point.",
    "Find last week's download (a PDF) and summarize it in two sentences.",
    "summarize the pdf i downloaded last week",
    "Please look at the PDF I saved to Downloads recently and explain what it is about.",
]

PAGE_ONE = "Harbour works report. This report covers the repairs to the north pier."
PAGE_TWO = "The harbour opens again on Tuesday. Ferries return to the north pier the same day."
REPORT_WORDS = (("harbour", "harbor"), ("pier",), ("tuesday",), ("ferr",), ("repair",), ("north",))
DECOY_WORDS = ("invoice", "overdue", "1234")


def pdf(path, first, second):
    src = path.with_suffix(".ms")
    src.write_text(f".PP\n{first}\n.bp\n.PP\n{second}\n")
    out = subprocess.run(["groff", "-ms", "-Tpdf", str(src)], capture_output=True, check=True).stdout
    src.unlink()
    path.write_bytes(out)


def home_with_downloads(root):
    home = root / "home"
    downloads = home / "Downloads"
    downloads.mkdir(parents=True)
    (home / ".config").mkdir()
    (home / ".config" / "user-dirs.dirs").write_text('XDG_DOWNLOAD_DIR="$HOME/Downloads"\n')
    report = downloads / "harbour-report.pdf"
    pdf(report, PAGE_ONE, PAGE_TWO)
    subprocess.run(["touch", "-d", "4 days ago", str(report)], check=True)
    old = downloads / "old-invoice.pdf"
    pdf(old, "Invoice from the print shop.", "Invoice 1234 is overdue.")
    subprocess.run(["touch", "-d", "40 days ago", str(old)], check=True)
    (downloads / "todo.txt").write_text("buy milk\ncall the plumber\n")
    return home


def run(binary, model_args, request, timeout, keep):
    with tempfile.TemporaryDirectory(prefix="oi-pdf-") as tmp:
        root = pathlib.Path(tmp)
        home = home_with_downloads(root)
        work = root / "work"
        work.mkdir()
        env = dict(os.environ, HOME=str(home), XDG_CONFIG_HOME=str(home / ".config"),
                   XDG_DATA_HOME=str(root / "data"))
        out, seconds, _ = exec_json(binary, model_args, request, work, env, timeout)
    if keep:
        keep.write_text(out)
    return dict(score(out), seconds=seconds)


def score(out):
    """What a phrasing's events show: told, read, decoy, the final answer and the steps."""
    answer, outputs, steps = "", "", []
    for ev in events_of(out):
        msg = ev.get("msg", {})
        t = msg.get("type")
        if t == "assistant_message":
            answer = msg.get("text", "")
        elif t == "tool_call_proposed":
            answer = ""
            action = msg.get("call", {}).get("action", {})
            steps.append((action.get("code") or action.get("type") or "")[:60].replace("\n", "; "))
        elif t == "exec_output":
            outputs += msg.get("chunk", "")
    # The report's file name ("harbour-report.pdf") tells where it is, not what it says, and
    # one of its words is not enough ("the Harbour Report is about the company's finances").
    lower = answer.lower().replace("harbour-report", "")
    told = sum(any(w in lower for w in words) for words in REPORT_WORDS) >= 2
    decoy = any(w in lower for w in DECOY_WORDS) and not told
    read = "harbour" in outputs.lower()
    return dict(told=told, read=read, decoy=decoy, answer=answer, steps=steps)


def verdict(r):
    return "told" if r["told"] else "decoy" if r["decoy"] else "read, not told" if r["read"] else "missed"


def rescore(folder):
    results = []
    for path in sorted(folder.glob("*.jsonl"), key=lambda p: int(p.stem)):
        n = int(path.stem)
        r = score(path.read_text())
        results.append(r)
        print(f"{n:2} {verdict(r):15} {PHRASINGS[n - 1][:48]!r} -> {r['answer'][:90]!r}")
    told = sum(r["told"] for r in results)
    print(f"\ntold {told}/{len(results)} (scored again from the kept events)")


def main():
    ap = bench_args(18778)
    ap.add_argument("--rescore", default="", help="score the events kept in this folder again, run nothing")
    args = ap.parse_args()
    if args.rescore:
        return rescore(pathlib.Path(args.rescore))
    server, model_args = start_model(args)
    chosen = [int(n) for n in args.only.split(",") if n] or range(1, len(PHRASINGS) + 1)
    results = []
    try:
        for n in chosen:
            keep = None
            if args.keep:
                pathlib.Path(args.keep).mkdir(parents=True, exist_ok=True)
                keep = pathlib.Path(args.keep, f"{n}.jsonl")
            r = run(args.bin, model_args, PHRASINGS[n - 1], args.timeout, keep)
            results.append(r)
            print(f"{n:2} {verdict(r):15} {r['seconds']:6.1f}s  {PHRASINGS[n - 1][:48]!r} -> {r['answer'][:90]!r}",
                  flush=True)
    finally:
        stop_model(server)
    total = len(results)
    told = sum(r["told"] for r in results)
    read = sum(r["read"] for r in results)
    decoy = sum(r["decoy"] for r in results)
    secs = sum(r["seconds"] for r in results) / max(total, 1)
    print(f"\ntold {told}/{total}, report read {read}/{total}, decoy {decoy}/{total}, {secs:.1f} s per phrasing")


if __name__ == "__main__":
    sys.exit(main())
