//! The coaching's tests: each check with the slip it was built from, and its negative cases.

use super::*;
use oi_protocol::InputItem;

#[test]
fn a_search_that_found_nothing_in_a_file_that_holds_the_word_is_shown_its_lines() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(
        dir.path().join("app.log"),
        "2026-11-01 INFO start\n2026-11-02 WARN slow\n2026-11-03 ERROR disk\n",
    )
    .unwrap();
    let code = "import re\ntext = open('app.log').read()\nfound = re.findall(r'WARN: (.+)', text)\nprint(found[0] if found else 'No WARN lines found in app.log.')\n";
    let hint = run_hint(
        "python",
        code,
        "No WARN lines found in app.log.\n",
        false,
        dir.path(),
    )
    .unwrap();
    assert!(hint.undone, "a search that missed computed nothing");
    assert!(
        hint.text.contains("`app.log` does hold `WARN`"),
        "{}",
        hint.text
    );
    assert!(
        hint.text.contains("2: 2026-11-02 WARN slow"),
        "{}",
        hint.text
    );
    assert!(!hint.text.contains("INFO"), "{}", hint.text);
    // Searched in another case than the file writes it: the file's spelling.
    let cased = "import re\nprint(len(re.findall(r'Warn', open('app.log').read())))";
    let hint = run_hint("python", cased, "0\n", false, dir.path()).unwrap();
    assert!(
            hint.text.contains("`app.log` does hold `WARN`, so your code's search missed it. It is written `WARN` there, not `Warn`.")
                && hint.text.contains("2: 2026-11-02 WARN slow"),
            "{}",
            hint.text
        );
    // Said other ways.
    for said in [
        "WARN: not found",
        "There are 0 WARN lines.",
        "Number of WARN lines: 0",
        "none",
    ] {
        let got = run_hint("python", code, said, false, dir.path());
        if said == "none" {
            // No word of the file in the claim: nothing to show.
            assert_eq!(got, None);
        } else {
            assert!(got.is_some_and(|h| h.undone), "{said}");
        }
    }
    // Really absent, found, a file the code does not name, or no such claim: no hint.
    for (code, out) in [
        (code, "No DEBUG lines found in app.log."),
        (code, "2026-11-02"),
        ("print('No WARN lines found')", "No WARN lines found"),
        (code, "WARN appears on 2026-11-02, no other day."),
        (code, "WARN lines: 1"),
        (
            "text = open('app.log').read()\nprint(text.count('DEBUG'))",
            "0",
        ),
    ] {
        let got = run_hint("python", code, out, false, dir.path());
        assert!(
            got.is_none_or(|h| !h.text.contains("does hold")),
            "{code} -> {out}"
        );
    }
}

#[test]
fn a_search_at_line_starts_sent_back_after_it_missed_is_run_searching_the_whole_line() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(
        dir.path().join("app.log"),
        "2026-11-01 INFO start\n2026-11-01 ERROR disk\n2026-11-02 ERROR net\n",
    )
    .unwrap();
    let request = "How many ERROR lines are in app.log?";
    let code = "with open('app.log', 'r') as file:\n    lines = file.readlines()\n    errors = [line for line in lines if line.startswith('ERROR')]\n    print(len(errors))";
    let hint = run_hint("python", code, "0\n", false, dir.path()).unwrap();
    assert!(hint.undone, "{}", hint.text);
    let mut output = "0\n".to_string();
    hint.append_to(&mut output);
    let h = runs_ending(request, &[(code, &output)], true);
    let (mended, says) = mended_search(&h, Some(&run(code))).unwrap();
    assert_eq!(
        mended,
        code.replace("line.startswith('ERROR')", "('ERROR' in line)")
    );
    assert!(
        says.contains("looks for `ERROR` only at the start of each line"),
        "{says}"
    );
    // Answered without fixing it, the same.
    assert_eq!(mended_search(&h, None).map(|(m, _)| m), Some(mended));
    // Each way of searching at the start, however quoted.
    for (from, to) in [
        (
            "print(sum(1 for l in open('app.log') if l.strip().startswith(\"ERROR\")))",
            "print(sum(1 for l in open('app.log') if ('ERROR' in l.strip())))",
        ),
        (
            "import re\nprint(len(re.findall(r'^ERROR', open('app.log').read(), re.M)))",
            "import re\nprint(len(re.findall(r'ERROR', open('app.log').read(), re.M)))",
        ),
        (
            "import re\nprint(sum(1 for l in open('app.log') if re.match(r'ERROR', l)))",
            "import re\nprint(sum(1 for l in open('app.log') if re.search(r'ERROR', l)))",
        ),
    ] {
        assert_eq!(
            anywhere_in_line(from, "ERROR").as_deref(),
            Some(to),
            "{from}"
        );
    }
    // Code that searches another way is not guessed at; nor is changed code, or a run
    // with another hint.
    assert_eq!(
        anywhere_in_line("print(open('app.log').read().count('ERROR '))", "ERROR"),
        None
    );
    assert_eq!(anywhere_in_line(code, "WARN"), None);
    assert_eq!(mended_search(&h, Some(&run("print(3)"))), None);
    // Its start anchor written into `startswith` (the 0.5B model's "fix"): the same.
    let anchored = code.replace("'ERROR'", "'^ERROR'");
    let h2 = runs_ending(request, &[(&anchored, &output)], true);
    assert_eq!(
        mended_search(&h2, Some(&run(&anchored))).map(|(m, _)| m),
        Some(code.replace("line.startswith('ERROR')", "('ERROR' in line)"))
    );
    let other = runs_ending(request, &[(code, "0\n\n(Another hint.)")], true);
    assert_eq!(mended_search(&other, Some(&run(code))), None);
}

#[test]
fn a_regex_of_a_request_word_sent_back_after_it_printed_the_word_matches_its_line() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(
        dir.path().join("app.log"),
        "2026-11-01 INFO start\n2026-11-02 WARN slow\n",
    )
    .unwrap();
    let request = "On which date does app.log have a WARN line? Answer with the date.";
    let code = "import re\nwith open('app.log') as f:\n    text = f.read()\nm = re.search(r'WARN', text)\nprint(f\"On which date does app.log have a WARN line? {m.group(0)}\")";
    let printed = "On which date does app.log have a WARN line? WARN\n";
    let h = runs(request, &[(code, printed)]);
    let hint = uncomputed_hint(&h, &h.call("c1").cloned().unwrap(), printed, dir.path()).unwrap();
    let mut output = printed.to_string();
    hint.append_to(&mut output);
    let h = runs_ending(request, &[(code, &output)], true);
    let (mended, says) = mended_match(&h, Some(&run(code))).unwrap();
    assert_eq!(mended, code.replace("r'WARN'", "r'.*WARN.*'"));
    assert!(says.contains("its search for `WARN` matched"), "{says}");
    assert_eq!(mended_match(&h, None).map(|(m, _)| m), Some(mended));
    // re.match looks only at the start: it becomes re.search; findall keeps its name.
    assert_eq!(
        whole_line_pattern("m = re.match(\"WARN\", line)", "WARN").as_deref(),
        Some("m = re.search(\".*WARN.*\", line)")
    );
    assert_eq!(
        whole_line_pattern("print(re.findall('WARN', t))", "WARN").as_deref(),
        Some("print(re.findall('.*WARN.*', t))")
    );
    // A pattern with more than the word, changed code, or another hint: no mend.
    assert_eq!(
        whole_line_pattern("re.search(r'WARN (\\w+)', t)", "WARN"),
        None
    );
    assert_eq!(mended_match(&h, Some(&run("print(1)"))), None);
    let other = runs_ending(request, &[(code, "WARN\n\n(Another hint.)")], true);
    assert_eq!(mended_match(&other, Some(&run(code))), None);
}

#[test]
fn a_sum_of_a_json_files_objects_is_explained_then_adds_their_number() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(
        dir.path().join("team.json"),
        r#"{"team": [{"name": "ada", "age": 36}, {"name": "linus", "age": 29}]}"#,
    )
    .unwrap();
    let code = "import json\nwith open('team.json') as f:\n    team_data = json.load(f)\naverage_age = sum(team_data['team']) / len(team_data['team'])\nprint(average_age)";
    let out = "Traceback (most recent call last):\nTypeError: unsupported operand type(s) for +: 'int' and 'dict'\n";
    let hint = run_hint("python", code, out, true, dir.path()).unwrap();
    assert_eq!(
        hint.text,
        "`sum(team_data['team'])` adds whole objects (dicts) with the keys `age`, `name`: add one value of each, `sum(item['age'] for item in team_data['team'])`."
    );
    let mut output = out.to_string();
    hint.append_to(&mut output);
    let h = runs_ending(
        "What is the average age in team.json?",
        &[(code, &output)],
        true,
    );
    let (mended, says) = mended_sum(&h, Some(&run(code)), dir.path()).unwrap();
    assert_eq!(
        mended,
        code.replacen(
            "sum(team_data['team'])",
            "sum(item['age'] for item in team_data['team'])",
            1
        )
    );
    assert!(says.contains("adding their `age`"), "{says}");
    // A file whose top is the list; spaces inside the call.
    std::fs::write(
        dir.path().join("people.json"),
        r#"[{"name": "ada", "age": 36}]"#,
    )
    .unwrap();
    let top = "import json\ndata = json.load(open('people.json'))\nprint(sum( data ))";
    let (whole, expr, key, _) = summed_objects(top, dir.path()).unwrap();
    assert_eq!((whole, expr, key.as_str()), ("sum( data )", "data", "age"));
    // Each object summed as it is, in a generator (the main set, task 19, 0.5B).
    let each = "import json\ndata = json.load(open('people.json'))\nprint(sum(age for age in data) / len(data))";
    let (whole, expr, key, _) = summed_objects(each, dir.path()).unwrap();
    assert_eq!(
        (whole, expr, key.as_str()),
        ("sum(age for age in data)", "data", "age")
    );
    let hint = run_hint(
        "python",
        each,
        "TypeError: unsupported operand type(s) for +: 'int' and 'dict'\n",
        true,
        dir.path(),
    )
    .unwrap();
    assert!(
        hint.text.contains("`sum(age for age in data)` adds whole objects (dicts) with the keys `age`, `name`: add one value of each, `sum(item['age'] for item in data)`."),
        "{}",
        hint.text
    );
    // A value of each taken already is no object.
    assert_eq!(
        summed_objects(
            "import json\ndata = json.load(open('people.json'))\nprint(sum(p['age'] for p in data))",
            dir.path()
        ),
        None
    );
    // Objects with no number, or with two, are not guessed at; nor is changed code.
    std::fs::write(
        dir.path().join("two.json"),
        r#"[{"name": "ada", "age": 36, "height": 170}]"#,
    )
    .unwrap();
    assert_eq!(
        summed_objects(
            "import json\nd = json.load(open('two.json'))\nprint(sum(d))",
            dir.path()
        ),
        None
    );
    assert_eq!(mended_sum(&h, Some(&run("print(1)")), dir.path()), None);
}

#[test]
fn a_read_put_after_with_is_explained_then_opened_as_a_file() {
    let dir = tempfile::tempdir().unwrap();
    let code = "def count():\n    try:\n        with computer.files.read('/tmp/w/app.log', pages=None) as file:\n            return sum('disk' in l for l in file)\n    except Exception as e:\n        print(f'An error occurred: {e}')\n        return 0\nprint(count())";
    let caught =
        "An error occurred: 'str' object does not support the context manager protocol\n0\n";
    // Caught and printed: not the answer yet; failed: explained.
    let hint = run_hint("python", code, caught, false, dir.path()).unwrap();
    assert!(hint.undone);
    assert!(
        hint.text
            .starts_with("`computer.files.read()` returns the text itself"),
        "{}",
        hint.text
    );
    let failed = "TypeError: 'str' object does not support the context manager protocol";
    assert!(
        !run_hint("python", code, failed, true, dir.path())
            .unwrap()
            .undone
    );
    let mut output = caught.to_string();
    hint.append_to(&mut output);
    let h = runs_ending(
        "How many lines of app.log mention disk?",
        &[(code, &output)],
        true,
    );
    let (mended, says) = mended_read_as_file(&h, Some(&run(code))).unwrap();
    assert_eq!(
        mended,
        code.replace(
            "with computer.files.read('/tmp/w/app.log', pages=None) as",
            "with open('/tmp/w/app.log') as"
        )
    );
    assert!(
        says.contains("running it with `open('/tmp/w/app.log')`"),
        "{says}"
    );
    // A path in a variable, when the code names only plain text files; a document is
    // not opened as text.
    let named =
        "path = 'app.log'\nwith computer.files.read(path) as f:\n    print(len(f.readlines()))";
    assert_eq!(read_as_file(named).map(|(_, p)| p), Some("path"));
    assert_eq!(
        read_as_file("with computer.files.read('report.pdf') as f:\n    print(f)"),
        None
    );
    assert_eq!(mended_read_as_file(&h, Some(&run("print(2)"))), None);
}

#[test]
fn an_average_asked_and_a_sum_printed_goes_back_as_not_the_answer_yet() {
    let request = "What is the average age in team.json?";
    let code = "import json\ndata = json.load(open('/tmp/w/team.json'))\naverage_age = sum(item['age'] for item in data['team'])\nprint(average_age)";
    let hint = uncomputed(request, code, "110\n").unwrap();
    assert!(hint.undone);
    assert!(
        hint.text
            .contains("my request asks for an average, and your code only added the values up"),
        "{}",
        hint.text
    );
    // Divided, or a mean taken, or no average asked: no hint of this kind.
    for (request, code) in [
        (request, "ages = [36, 29, 45]\nprint(sum(ages) / len(ages))"),
        (
            request,
            "import statistics\nprint(statistics.mean([36, 29, 45]))",
        ),
        (
            request,
            "import pandas as pd\nprint(pd.Series([36, 29, 45]).mean())",
        ),
        ("What is the total age in team.json?", code),
    ] {
        assert!(!undivided_average(request, code), "{request} {code}");
    }
}

#[test]
fn a_counter_set_back_inside_its_loop_is_explained_then_set_once_before_it() {
    let request = "How many lines of app.log mention disk?";
    let code = "import re\n\nwith open('app.log', 'r') as file:\n    for line in file:\n        if re.search(r'disk', line):\n            # Increment the count to 0\n            count = 0\n            # Add 1\n            count += 1\n\nprint(count)";
    let hint = uncomputed(request, code, "1\n").unwrap();
    assert!(hint.undone);
    assert!(
        hint.text
            .contains("`count = 0` is inside the loop, right before `count +=`"),
        "{}",
        hint.text
    );
    let mut output = "1\n".to_string();
    hint.append_to(&mut output);
    let h = runs_ending(request, &[(code, &output)], true);
    let (mended, says) = mended_reset(&h, Some(&run(code))).unwrap();
    assert_eq!(
        mended,
        "count = 0\nimport re\n\nwith open('app.log', 'r') as file:\n    for line in file:\n        if re.search(r'disk', line):\n            # Increment the count to 0\n            # Add 1\n            count += 1\n\nprint(count)"
    );
    assert!(
        says.contains("sets `count` back to 0 inside its loop"),
        "{says}"
    );
    assert_eq!(mended_reset(&h, None).map(|(m, _)| m), Some(mended));
    assert_eq!(mended_reset(&h, Some(&run("print(2)"))), None);
    // A start per pass of an outer loop, added to in an inner one; a start before the
    // loop; a start in a function outside any loop; a start after the adding: no hint.
    for fine in [
        "for row in rows:\n    count = 0\n    for x in row:\n        count += 1\n    print(count)",
        "count = 0\nfor line in open('app.log'):\n    count += 1\nprint(count)",
        "def f():\n    count = 0\n    count += 1\n    return count\nprint(f())",
        "for line in open('app.log'):\n    count += 1\n    count = 0\nprint(count)",
    ] {
        assert_eq!(misplaced_start(fine), None, "{fine}");
    }
    assert_eq!(
        misplaced_start("while True:\n    total = 0.0\n    total += 2\n    break"),
        Some(("total", "0.0", 1, false))
    );
    // After the loop that adds to it, before it is printed (the kernel kept the name
    // from the run that failed on it, so nothing failed).
    let after = "with open('app.log') as file:\n    for line in file:\n        if 'ERROR' in line:\n            error_count += 1\n\n# Initialize error_count to 0\nerror_count = 0\n\nprint(error_count)";
    let hint = uncomputed("How many ERROR lines are in app.log?", after, "0\n").unwrap();
    assert!(
            hint.text.contains("`error_count = 0` comes after the loop that adds to it, so it sets the count back before it is printed. Set `error_count = 0` once, before the loop."),
            "{}",
            hint.text
        );
    let mut output = "0\n".to_string();
    hint.append_to(&mut output);
    let h = runs_ending(
        "How many ERROR lines are in app.log?",
        &[(after, &output)],
        true,
    );
    let (mended, says) = mended_reset(&h, Some(&run(after))).unwrap();
    assert_eq!(
        mended,
        format!(
            "error_count = 0\n{}",
            after.replace("error_count = 0\n", "")
        )
    );
    assert!(says.contains("back to 0 after its loop"), "{says}");
    // Another name's start before the loop (`count = 0` holds `n`) is not this one's.
    assert_eq!(
        misplaced_start("count = 0\nfor x in a:\n    n += 1\nn = 0\nprint(n)"),
        Some(("n", "0", 3, true))
    );
    // A second count started after the first loop, for a second loop, is no reset.
    assert_eq!(
        misplaced_start("n = 0\nfor x in a:\n    n += 1\nn = 0\nfor x in b:\n    n += 1\nprint(n)"),
        None
    );
}

#[test]
fn a_bare_count_of_none_is_shown_the_lines_that_hold_what_the_code_searched() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(
        dir.path().join("app.log"),
        "2026-11-01 INFO start\n2026-11-01 ERROR disk\n2026-11-02 WARN slow\n",
    )
    .unwrap();
    // As the 0.5B model wrote it: `^` anchors at the start of the text, before a date.
    let code = "import re\nwith open('app.log', 'r') as file:\n    errors = re.findall(r'^ERROR', file.read())\n    print(len(errors))";
    let hint = run_hint("python", code, "0\n", false, dir.path()).unwrap();
    assert!(hint.undone);
    assert!(
        hint.text.contains("`app.log` does hold `ERROR`")
            && hint.text.contains("2: 2026-11-01 ERROR disk"),
        "{}",
        hint.text
    );
    // The empty list printed before the count says the same.
    let listed = code.replace(
        "    print(len(errors))",
        "    print(errors)\n    print(len(errors))",
    );
    assert!(
        run_hint("python", &listed, "[]\n0\n", false, dir.path())
            .is_some_and(|h| h.undone && h.text.contains("`app.log` does hold `ERROR`"))
    );
    // A count that is not none, or a word the file does not hold: no hint.
    assert!(
        run_hint("python", &listed, "['ERROR']\n1\n", false, dir.path())
            .is_none_or(|h| !h.text.contains("does hold"))
    );
    assert!(
        run_hint("python", code, "1\n", false, dir.path())
            .is_none_or(|h| !h.text.contains("does hold"))
    );
    let absent = code.replace("^ERROR", "^FATAL");
    assert!(
        run_hint("python", &absent, "0\n", false, dir.path())
            .is_none_or(|h| !h.text.contains("does hold"))
    );
}

#[test]
fn a_function_defined_and_never_called_gets_a_precise_hint() {
    let code = "def fib(n):\n    return n if n < 2 else fib(n-1) + fib(n-2)\n";
    let hint = run_hint("python", code, "", false, Path::new("/nonexistent")).unwrap();
    assert!(hint.text.contains("`fib` but never called it"), "{hint:?}");
    assert!(hint.undone);
    // Called at the top level: the hint is only to print.
    let called = format!("{code}x = fib(20)\n");
    let hint = run_hint("python", &called, "", false, Path::new("/nonexistent")).unwrap();
    assert!(hint.text.contains("printed nothing"), "{hint:?}");
    assert!(
        !hint.undone,
        "printing nothing may be the point (writing a file)"
    );
    // Output, another language, or a recursive call inside the body change nothing.
    assert_eq!(
        run_hint(
            "python",
            &format!("{code}print(fib(20))"),
            "6765\n",
            false,
            Path::new("/nonexistent")
        ),
        None
    );
    assert_eq!(
        run_hint("shell", "true", "", false, Path::new("/nonexistent")),
        None
    );
}

#[test]
fn a_bare_return_and_a_python_call_of_the_tool_are_explained() {
    let out = "  File \"<stdin>\", line 2\nSyntaxError: 'return' outside function\n";
    assert!(
        run_hint(
            "py",
            "x = 2\nreturn x",
            out,
            true,
            Path::new("/nonexistent")
        )
        .unwrap()
        .text
        .contains("print(value)")
    );
    let out = "NameError: name 'execute' is not defined";
    assert!(
        run_hint(
            "python",
            "execute(code='1')",
            out,
            true,
            Path::new("/nonexistent")
        )
        .unwrap()
        .text
        .contains("tool")
    );
    assert_eq!(
        run_hint(
            "python",
            "1/0",
            "ZeroDivisionError",
            true,
            Path::new("/nonexistent")
        ),
        None
    );
    let squeezed =
        "import json; with open('team.json') as f: data = json.load(f); print(len(data))";
    let refused = "  File \"<cell 1>\", line 1\nSyntaxError: invalid syntax\n";
    assert!(
        run_hint("python", squeezed, refused, true, Path::new("/nonexistent"))
            .is_some_and(|h| h.text.contains("cannot follow `;`"))
    );
    assert_eq!(
        run_hint(
            "python",
            "x = 1; y = (",
            "SyntaxError: '(' was never closed",
            true,
            Path::new("/nonexistent")
        ),
        None
    );
    let missing = run_hint(
        "python",
        "import pandas as pd",
        "Traceback (most recent call last):\nModuleNotFoundError: No module named 'pandas'\n",
        true,
        Path::new("/nonexistent"),
    )
    .unwrap();
    assert!(
        missing.text.starts_with("`pandas` is not installed"),
        "{}",
        missing.text
    );
    assert!(missing.text.contains("csv"), "{}", missing.text);
    let sub = "ModuleNotFoundError: No module named 'matplotlib.pyplot'";
    assert!(
        run_hint(
            "python",
            "import matplotlib.pyplot",
            sub,
            true,
            Path::new("/nonexistent")
        )
        .is_some_and(|h| h.text.starts_with("`matplotlib` is not installed"))
    );
}

#[test]
fn a_made_up_path_to_a_file_that_is_here_and_a_dict_looped_as_a_list_get_precise_hints() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("app.log"), "x\n").unwrap();
    let out = "Traceback (most recent call last):\nFileNotFoundError: [Errno 2] No such file or directory: '/tmp/oi-bench-x/app.log'\n";
    let code = "open('/tmp/oi-bench-x/app.log')";
    let hint = run_hint("python", code, out, true, dir.path()).unwrap();
    assert!(
        hint.text
            .starts_with("`/tmp/oi-bench-x/app.log` does not exist, but `app.log` is here"),
        "{}",
        hint.text
    );
    // The same from `computer.files.read`.
    let read = "computer.ComputerError: cannot read /tmp/oi-bench-x/app.log: No such file or directory (os error 2)\n";
    let hint = run_hint("python", code, read, true, dir.path()).unwrap();
    assert!(
        hint.text
            .starts_with("`/tmp/oi-bench-x/app.log` does not exist, but `app.log` is here"),
        "{}",
        hint.text
    );
    // Not when the file is not here either (then what is here is listed), or the name is
    // the one that failed.
    let other = out.replace("app.log", "other.log");
    let listed = run_hint("python", code, &other, true, dir.path()).unwrap();
    assert!(listed.text.contains("holds: app.log."), "{}", listed.text);
    let bare = "FileNotFoundError: [Errno 2] No such file or directory: 'app.log'";
    assert_eq!(run_hint("python", code, bare, true, dir.path()), None);

    std::fs::write(
        dir.path().join("team.json"),
        r#"{"team": [{"name": "ada", "age": 36}, {"name": "linus", "age": 29}]}"#,
    )
    .unwrap();
    let code = "import json\n# Read team.json\ndata = json.load(open('team.json'))\nprint(sum(d['age'] for d in data))";
    let out = "TypeError: string indices must be integers, not 'str'";
    let hint = run_hint("python", code, out, true, dir.path()).unwrap();
    assert_eq!(
        hint.text,
        "team.json holds an object (dict) with the keys `team` (a list of 2 objects with the keys `age`, `name`). \
             Looping over a dict gives its keys (strings), not its items: loop over `data['team']`."
    );
    // A key the file does not have: its keys.
    let missing = "import json\ndata = json.load(open('team.json'))\nprint(data['members'])";
    let hint = run_hint("python", missing, "KeyError: 'members'", true, dir.path()).unwrap();
    assert!(
        hint.text
            .starts_with("team.json holds an object (dict) with the keys `team`"),
        "{}",
        hint.text
    );
    assert!(!hint.text.contains("Looping"), "{}", hint.text);
    assert!(
        hint.text.ends_with(
            "It has no key `members`: where your code has `data['members']`, write `data['team']`."
        ),
        "{}",
        hint.text
    );
    // However the key is quoted and the name spelled, as the traceback's last line says it.
    let quoted = "import json
with open('team.json') as f:
    team_data = json.load(f)
print(sum(team_data[\"data\"]) / 3)";
    let traceback = "Traceback (most recent call last):\n  File \"<cell 2>\", line 4, in <module>\nKeyError: \"data\"";
    let hint = run_hint("python", quoted, traceback, true, dir.path()).unwrap();
    assert!(
        hint.text
            .ends_with("where your code has `team_data[\"data\"]`, write `team_data['team']`."),
        "{}",
        hint.text
    );
    assert_eq!(missing_key("KeyError: 0"), None);
    assert_eq!(indexed_by("print(['data'])", "data"), None);
    // Another TypeError, or no JSON file named: no guess.
    assert_eq!(
        run_hint(
            "python",
            code,
            "TypeError: unsupported operand",
            true,
            dir.path()
        ),
        None
    );
    assert_eq!(
        run_hint("python", "d = {}\nd[0]['a']", out, true, dir.path()),
        None
    );
}

#[test]
fn a_keyword_the_function_does_not_take_is_explained_then_passed_by_position() {
    let dir = tempfile::tempdir().unwrap();
    let code = "from statistics import median\n\nprint(median(numbers=[91, 23, 57, 14, 68]))";
    let out = "Traceback (most recent call last):\n  File \"<cell 2>\", line 3, in <module>\n\
                   TypeError: median() got an unexpected keyword argument 'numbers'\n";
    let hint = run_hint("python", code, out, true, dir.path()).unwrap();
    assert_eq!(
        hint.text,
        "`median()` has no parameter `numbers`: pass the value by position, `median(value)`, not `median(numbers=value)`."
    );
    let h = runs_ending(
        "Give me the median of 91, 23, 57, 14, 68.",
        &[(code, out)],
        true,
    );
    let (mended, says) = mended_keyword(&h, Some(&run(code))).unwrap();
    assert_eq!(
        mended,
        "from statistics import median\n\nprint(median([91, 23, 57, 14, 68]))"
    );
    assert!(says.contains("`numbers=` to `median()`"), "{says}");
    // Changed code is the model's own; a keyword written elsewhere is not guessed at.
    assert_eq!(
        mended_keyword(&h, Some(&run("print(median([1, 2]))"))),
        None
    );
    let other = "print(sorted(xs, reversed=True))";
    let failed = "TypeError: sorted() got an unexpected keyword argument 'reversed'";
    assert_eq!(run_hint("python", other, failed, true, dir.path()), None);
    let h = runs_ending("Sort.", &[(other, failed)], true);
    assert_eq!(mended_keyword(&h, Some(&run(other))), None);
}

#[test]
fn a_function_of_one_parameter_never_called_is_called_with_the_requests_value() {
    let dir = tempfile::tempdir().unwrap();
    let code = "def reverseString(s): return s[::-1]";
    let out = run_hint("python", code, "", false, dir.path()).unwrap();
    assert!(out.undone);
    let output = format!("\n({})", out.text);
    let request = "Reverse the string stressed with code and tell me the result.";
    let h = runs_ending(request, &[(code, &output)], true);
    // Sent back unchanged, or answered instead of fixed.
    let (mended, says) = mended_call(&h, Some(&run(code))).unwrap();
    assert_eq!(
        mended,
        "def reverseString(s): return s[::-1]\nprint(reverseString(\"stressed\"))"
    );
    assert!(
        says.contains("never calls it") && says.contains("\"stressed\""),
        "{says}"
    );
    assert!(mended_call(&h, None).is_some());
    // An ordinal, else the one number; several numbers, or two parameters: nothing guessed.
    let fib = "def fib(n):\n    a, b = 0, 1\n    for _ in range(n):\n        a, b = b, a + b\n    return a";
    let h = runs_ending(
        "What is the 20th Fibonacci number (F1 = 1, F2 = 1)? Use code.",
        &[(fib, &output.replace("reverseString", "fib"))],
        true,
    );
    assert!(mended_call(&h, None).unwrap().0.ends_with("print(fib(20))"));
    let fact = "def factorial(n):\n    return 1 if n < 2 else n * factorial(n - 1)";
    let h = runs_ending(
        "What is 17 factorial? Use code.",
        &[(fact, &output.replace("reverseString", "factorial"))],
        true,
    );
    assert!(
        mended_call(&h, None)
            .unwrap()
            .0
            .ends_with("print(factorial(17))")
    );
    let h = runs_ending(
        "Add 3 and 4.",
        &[(fact, &output.replace("reverseString", "factorial"))],
        true,
    );
    assert_eq!(mended_call(&h, None), None);
    let two = "def gcd(a, b):\n    return a if b == 0 else gcd(b, a % b)";
    let h = runs_ending(
        "What is the gcd of 12?",
        &[(two, &output.replace("reverseString", "gcd"))],
        true,
    );
    assert_eq!(mended_call(&h, None), None);
    // Changed code is the model's own.
    let h = runs_ending(request, &[(code, &output)], true);
    assert_eq!(mended_call(&h, Some(&run("print('x')"))), None);
}

#[test]
fn a_value_of_the_wrong_kind_from_a_file_here_shows_the_files_first_lines() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(
        dir.path().join("sales.csv"),
        "region,units,price\nnorth,12,3.5\nsouth,7,4.0\neast,20,2.25\n",
    )
    .unwrap();
    let code = "import csv\nwith open('sales.csv') as f:\n    r = csv.reader(f)\n    next(r)\n    print(sum(int(row[2]) for row in r))";
    let out = "Traceback (most recent call last):\nValueError: invalid literal for int() with base 10: '3.5'";
    let hint = run_hint("python", code, out, true, dir.path()).unwrap();
    assert_eq!(
        hint.text,
        "`sales.csv` begins:\n```\nregion,units,price\nnorth,12,3.5\nsouth,7,4.0\n```\n\
             Its first line is the header; by index, the columns are 0 `region`, 1 `units`, 2 `price`. \
             Use each column for what it holds, and convert only its numbers."
    );
    assert!(!hint.undone);
    let index = "IndexError: list index out of range";
    assert!(run_hint("python", code, index, true, dir.path()).is_some());
    // Another error, or a file that is not here: nothing to show.
    assert_eq!(
        run_hint(
            "python",
            code,
            "ZeroDivisionError: division by zero",
            true,
            dir.path()
        ),
        None
    );
    // A file with no header: its lines only.
    std::fs::write(dir.path().join("numbers.txt"), "14\n3\n27\n").unwrap();
    let numbers = "print(max(int(l.split()[1]) for l in open('numbers.txt')))";
    let hint = run_hint("python", numbers, index, true, dir.path()).unwrap();
    assert_eq!(
        hint.text,
        "`numbers.txt` begins:\n```\n14\n3\n27\n```\nLook at what each line holds before converting it."
    );
    let elsewhere = code.replace("sales.csv", "other.csv");
    assert_eq!(run_hint("python", &elsewhere, out, true, dir.path()), None);
}

#[test]
fn a_text_read_whole_and_measured_as_if_it_were_lines_is_explained() {
    let dir = tempfile::tempdir().unwrap();
    let lines = "poem = computer.files.read('poem.txt')\nprint(len(poem))";
    let hint = run_hint("python", lines, "61\n", false, dir.path()).unwrap();
    assert!(
        hint.text.starts_with(
            "`computer.files.read` and a file's `.read()` return the whole text as one string"
        ),
        "{}",
        hint.text
    );
    assert!(!hint.undone);
    // A comprehension or generator over it loops over characters as well (the 1.5B
    // model's `[l for l in notes if not l.strip()]` counted 10 "empty lines" of 3), and
    // `max(text, key=len)` is its longest character ("a", the longest word).
    for looped in [
        "[line for line in notes if not line.strip()]",
        "sum(1 for line in notes)",
        "[line.strip() for line in notes]",
        "max(notes, key=len)",
    ] {
        let code = format!("notes = computer.files.read('notes.txt')\nprint(len({looped}))");
        let hint = run_hint("python", &code, "10\n", false, dir.path()).unwrap();
        assert!(hint.undone, "{looped}");
    }
    let split = "notes = computer.files.read('notes.txt')\nprint(len([l for l in notes.splitlines() if not l]))";
    assert_eq!(run_hint("python", split, "3\n", false, dir.path()), None);
    // Unless the name says it was taken for lines, words or numbers (the 1.5B model's
    // `poem_lines`, "61 lines").
    for name in ["poem_lines", "words", "numbers", "rows"] {
        let code = format!("{name} = computer.files.read('poem.txt')\nprint(len({name}))");
        assert!(
            run_hint("python", &code, "61\n", false, dir.path())
                .unwrap()
                .undone,
            "{name}"
        );
    }
    // A length may be what was asked (characters): the run stands. The largest character,
    // or a loop over characters that printed nothing, goes back as undone.
    let largest = "numbers = computer.files.read('numbers.txt')\nprint(max(numbers))";
    assert!(
        run_hint("python", largest, "9\n", false, dir.path())
            .unwrap()
            .undone
    );
    let looped = "log = computer.files.read('app.log')\nfor line in log:\n    if 'WARN' in line:\n        print(line)";
    let hint = run_hint("python", looped, "", false, dir.path()).unwrap();
    assert!(
        hint.undone && hint.text.starts_with(ONE_STRING),
        "{}",
        hint.text
    );
    // Split into lines or words, a document (not plain text), or open(): nothing to say.
    let split = "poem = computer.files.read('poem.txt')\nprint(len(poem.splitlines()))";
    assert_eq!(run_hint("python", split, "4\n", false, dir.path()), None);
    let chained = "log_lines = computer.files.read('app.log').splitlines()\nfor line in log_lines:\n    if 'WARN' in line:\n        print(line.split()[0])";
    assert_eq!(
        run_hint("python", chained, "2026-11-02\n", false, dir.path()),
        None
    );
    let later = "text = computer.files.read('poem.txt')\nlines = text.split('\\n')\nprint(len(text), len(lines))";
    assert_eq!(run_hint("python", later, "61 5\n", false, dir.path()), None);
    let pdf = "text = computer.files.read('report.pdf')\nprint(len(text))";
    assert_eq!(run_hint("python", pdf, "5120\n", false, dir.path()), None);
    // Nothing collected from a file it read: its first lines.
    std::fs::write(dir.path().join("temps.txt"), "monday 21\ntuesday 25\n").unwrap();
    let searched = "import re\ntext = open('temps.txt').read()\nprint(max(re.findall(r'\\d{2}:\\d{2}', text)))";
    let out = "Traceback (most recent call last):\nValueError: max() arg is an empty sequence";
    let hint = run_hint("python", searched, out, true, dir.path()).unwrap();
    assert!(
        hint.text
            .starts_with("Your code collected nothing from the file")
            && hint
                .text
                .contains("`temps.txt` begins:\n```\nmonday 21\ntuesday 25\n```"),
        "{}",
        hint.text
    );
    assert!(
        run_hint("python", "print(max([]))", out, true, dir.path())
            .is_none_or(|h| !h.text.starts_with("Your code collected"))
    );
    // A text file's lines taken for records: its first lines.
    let records =
        "temps = computer.files.read('temps.txt')\nprint(max(temps, key=lambda x: x['temp']))";
    let out =
        "Traceback (most recent call last):\nTypeError: string indices must be integers, not 'str'";
    let hint = run_hint("python", records, out, true, dir.path()).unwrap();
    assert!(
        hint.text
            .starts_with("Your code took a string for a record")
            && hint.text.contains("`temps.txt` begins:"),
        "{}",
        hint.text
    );
    // A count of none from a search for a word no file read holds: the file's first lines;
    // undone when the word is the code's own, not the request's (none may be the answer).
    std::fs::write(dir.path().join("events.log"), "alice login\nbob login\n").unwrap();
    let users = "log = open('events.log', encoding='utf-8').read()\nprint(len({l.split('User: ')[1] for l in log.splitlines() if 'User' in l}))";
    let ran = |request: &str, code: &str, output: &str| {
        let h = runs(request, &[(code, output)]);
        let call = h.call("c1").cloned().unwrap();
        uncomputed_hint(&h, &call, output, dir.path())
    };
    let hint = ran(
        "How many distinct users appear in events.log?",
        users,
        "0\n",
    )
    .unwrap();
    assert!(
        hint.undone
            && hint.text.starts_with(
                "That is not the answer yet: No file your code read holds `User`, in any case"
            )
            && hint
                .text
                .contains("`events.log` begins:\n```\nalice login\nbob login\n```"),
        "{}",
        hint.text
    );
    let asked = ran("How many lines of events.log mention User?", users, "0\n").unwrap();
    assert!(
        !asked.undone
            && asked
                .text
                .starts_with("No file your code read holds `User`"),
        "{}",
        asked.text
    );
    assert_eq!(
        ran(
            "How many distinct users appear in events.log?",
            users,
            "2\n"
        ),
        None
    );
    let held = users
        .replace("'User'", "'login'")
        .replace("'User: '", "' '");
    assert_eq!(
        ran(
            "How many distinct users appear in events.log?",
            &held,
            "0\n"
        ),
        None
    );
    // A run that said the file is empty, when it is not: undone, with its first lines.
    let kept = "temps = [int(l) for l in open('temps.txt') if l.strip().isdigit()]\nprint('The file is empty.' if not temps else max(temps))";
    let hint = run_hint("python", kept, "The file is empty.\n", false, dir.path()).unwrap();
    assert!(
        hint.undone
            && hint
                .text
                .starts_with("The file is not empty: your code kept none of its lines"),
        "{}",
        hint.text
    );
    std::fs::write(dir.path().join("none.txt"), "").unwrap();
    let really = kept.replace("temps.txt", "none.txt");
    assert!(
        run_hint("python", &really, "The file is empty.\n", false, dir.path())
            .is_none_or(|h| !h.text.starts_with("The file is not empty"))
    );
    // A function looked for in another module: where it is kept, and how it is called.
    let crc = "import hashlib\nh = hashlib.crc32()\nh.update(b'hello')\nprint(h.hexdigest())";
    let out = "Traceback (most recent call last):\nAttributeError: module 'hashlib' has no attribute 'crc32'";
    assert_eq!(
        run_hint("python", crc, out, true, dir.path()).unwrap().text,
        "`hashlib` has no `crc32`: it is in `zlib`. Write `import zlib`, then `zlib.crc32(text.encode())`."
    );
    // A file copied with `os` (the 0.5B model wrote `os.copy('a.txt', 'b.txt')`).
    let out = "AttributeError: module 'os' has no attribute 'copy'";
    assert_eq!(
        run_hint(
            "python",
            "import os\nos.copy('a.txt', 'b.txt')",
            out,
            true,
            dir.path()
        )
        .unwrap()
        .text,
        "`os` has no `copy`: it is in `shutil`. Write `import shutil`, then `shutil.copy(source, destination)`."
    );
    let out = "AttributeError: module 'math' has no attribute 'mean'";
    assert!(
        run_hint("python", "print(math.mean([1]))", out, true, dir.path())
            .unwrap()
            .text
            .contains("`statistics.mean(...)`")
    );
    // A name no table knows, or one its own module lacks: no such hint.
    let out = "AttributeError: module 'hashlib' has no attribute 'crc64'";
    assert!(
        run_hint("python", crc, out, true, dir.path()).is_none_or(|h| !h.text.contains("it is in"))
    );
    let out = "AttributeError: module 'zlib' has no attribute 'crc32'";
    assert!(
        run_hint("python", crc, out, true, dir.path()).is_none_or(|h| !h.text.contains("it is in"))
    );
    let closed = "import csv\nwith open('grades.csv') as f:\n    reader = csv.reader(f)\nprint([r[1] for r in reader])";
    let out = "Traceback (most recent call last):\nValueError: I/O operation on closed file.";
    assert!(
        run_hint("python", closed, out, true, dir.path())
            .unwrap()
            .text
            .starts_with("The file closed at the end of its `with` block")
    );
    // A text read whole, looped over and converted: one character would not convert.
    let chars = "temps = computer.files.read('temps.txt')\nprint(max(float(t) for t in temps))";
    let out =
        "Traceback (most recent call last):\nValueError: could not convert string to float: 'm'";
    let hint = run_hint("python", chars, out, true, dir.path()).unwrap();
    assert!(
        hint.text.starts_with(
            "`computer.files.read` and a file's `.read()` return the whole text as one string"
        ) && hint.text.contains("`temps.txt` begins:"),
        "{}",
        hint.text
    );
    let value = "import zlib\nprint(zlib.crc32(b'hello').value)";
    let out = "AttributeError: 'int' object has no attribute 'value'";
    assert_eq!(
        run_hint("python", value, out, true, dir.path())
            .unwrap()
            .text,
        "That value is already a number (`int`), and a number has no `.value`: use the value itself."
    );
    assert!(
        run_hint(
            "python",
            "print('a'.value)",
            "AttributeError: 'str' object has no attribute 'value'",
            true,
            dir.path()
        )
        .is_none_or(|h| !h.text.starts_with("That value is already a number"))
    );
    let bytes = "import zlib\nprint(zlib.crc32('hello'))";
    let out = "TypeError: a bytes-like object is required, not 'str'";
    assert!(
        run_hint("python", bytes, out, true, dir.path())
            .unwrap()
            .text
            .contains("`text.encode()`")
    );
    // A function `computer.files` does not have: what it has, and the standard library.
    let size = "print(computer.files.size('poem.txt'))";
    let out = "AttributeError: 'Files' object has no attribute 'size'";
    let hint = run_hint("python", size, out, true, dir.path()).unwrap();
    assert!(
        hint.text
            .starts_with("`computer.files` has only `read(path, pages=None)`"),
        "{}",
        hint.text
    );
    let opened = "print(len(open('poem.txt').read()))";
    assert_eq!(run_hint("python", opened, "61\n", false, dir.path()), None);
}

/// "What is 2 to the 40th?" run as `print(2**40)` with `output`, then `extra`.
fn turn(output: &str, extra: Vec<HistoryItem>) -> History {
    let mut h = runs("What is 2 to the 40th?", &[("print(2**40)", output)]);
    for item in extra {
        h.push(item);
    }
    h
}

#[test]
fn an_answer_that_drops_the_output_is_asked_once_more_quoting_it() {
    let h = turn("1099511627776\n", Vec::new());
    let nudge = unused_output_nudge(&h, "The task needs another step.").unwrap();
    assert!(nudge.contains("1099511627776"), "{nudge}");
    assert_eq!(unused_output_nudge(&h, "It is 1,099,511,627,776."), None);
    // A labelled value, and an answer that names the label but not the value (twenty-second
    // set, task 32, 0.5B).
    let labelled = runs(
        "How many requests in server.log got a 500 status?",
        &[(
            "print(f\"Number of requests with a 500 status: {count}\")",
            "Number of requests with a 500 status: 2\n",
        )],
    );
    let nudge = unused_output_nudge(
        &labelled,
        "The code successfully counted the number of requests with a 500 status in the `server.log` file.",
    )
    .unwrap();
    assert!(nudge.contains("with the value from that output"), "{nudge}");
    assert_eq!(
        unused_output_nudge(&labelled, "2 requests got a 500 status."),
        None
    );
    // A time of day is said whole, not by one of its numbers (twenty-third set, task 19).
    let clock = runs(
        "What time is it 7 hours and 45 minutes after 19:30? Answer as HH:MM. Use code.",
        &[("print(end.strftime('%H:%M'))", "03:15\n")],
    );
    let nudge = unused_output_nudge(
        &clock,
        "The time 7 hours and 45 minutes after 19:30 is 20:15.",
    )
    .unwrap();
    assert!(nudge.contains("with 03:15"), "{nudge}");
    assert_eq!(unused_output_nudge(&clock, "It is 3:15 then."), None);
    assert_eq!(unused_output_nudge(&clock, "It will be 03:15."), None);
    // Words too, and Python's booleans answered in words.
    let h = turn("Saturday\n", Vec::new());
    assert!(unused_output_nudge(&h, "Done.").is_some());
    assert_eq!(unused_output_nudge(&h, "It was a saturday."), None);
    assert_eq!(
        unused_output_nudge(&turn("True\n", Vec::new()), "Yes, it is prime."),
        None
    );
    // Long output, no output: nothing to quote.
    assert_eq!(
        unused_output_nudge(&turn(&"x".repeat(500), Vec::new()), "Done."),
        None
    );
    assert_eq!(unused_output_nudge(&turn("", Vec::new()), "Done."), None);
    // The digits in a name are not a value: the file's name answers a path.
    let h = turn("/tmp/r1/Downloads/harbour-report.pdf\n", Vec::new());
    assert_eq!(
        unused_output_nudge(&h, "The PDF is named \"harbour-report.pdf\"."),
        None
    );
    assert!(unused_output_nudge(&h, "There is 1 file.").is_some());
}

#[test]
fn an_answer_the_model_foretold_and_its_code_did_not_print_asks_which_is_wrong() {
    let request = "What is the 20th Fibonacci number (F1 = 1, F2 = 1)? Use code.";
    let code = "a, b = 0, 1\nfor _ in range(2, 20):\n    a, b = b, a + b\nprint(b)";
    let said =
        format!("We loop 20 - 2 times.\n```python\n{code}\n```\nIt will print 6765, the 20th.");
    let h = said_and_ran(request, &said, code, "4181\n");
    let nudge = unused_output_nudge(&h, "The 20th Fibonacci number is 6765.").unwrap();
    assert!(
            nudge.ends_with(&format!("Before running your code you said 6765, but it printed 4181: one of the two is wrong. Check your code against my request ({request}) step by step. If the code has a mistake, write the corrected code in a ```python block. If the code is right, answer with 4181.")),
            "{nudge}"
        );
    // A number of the code itself (20, 2) was not foretold; one the model did not say
    // before is the plain correction.
    assert!(foretold(&h, "c1", "6765"));
    assert!(!foretold(&h, "c1", "0"));
    let nudge = unused_output_nudge(&h, "It is 6766.").unwrap();
    assert!(
        nudge.ends_with("Answer my question again in one sentence, with 4181."),
        "{nudge}"
    );
    // The code of a JSON call written in the text is code too.
    let json_call =
        r#"{"name": "execute", "arguments": {"language": "python", "code": "print(6765 - 2584)"}}"#;
    let h = said_and_ran(request, json_call, "print(6765 - 2584)", "4181\n");
    assert!(!foretold(&h, "c1", "6765"));
}

/// `request`, then the model's `text` with `code` as its call `c1`, which printed `output`.
fn said_and_ran(request: &str, text: &str, code: &str, output: &str) -> History {
    let ran = runs(request, &[(code, output)]);
    let mut h = History::default();
    for item in ran.items() {
        h.push(match item {
            HistoryItem::Assistant {
                reasoning,
                calls,
                interrupted,
                ..
            } => HistoryItem::Assistant {
                text: text.into(),
                reasoning: reasoning.clone(),
                calls: calls.clone(),
                interrupted: *interrupted,
            },
            other => other.clone(),
        });
    }
    h
}

#[test]
fn an_answer_with_a_number_no_code_printed_is_sent_back_to_code() {
    // A pandas Series printed (index and products), and a sum made up from it.
    let series = "0    42.0\n1    28.0\n2    45.0\n3    50.0\ndtype: float64\n";
    let h = turn(series, Vec::new());
    let nudge = unused_output_nudge(&h, "The sum over all rows is 120.").unwrap();
    assert!(
        nudge.starts_with("Your code printed:\n0    42.0"),
        "{nudge}"
    );
    assert!(
        nudge.contains("Your answer says 120, which your code did not print"),
        "{nudge}"
    );
    assert!(
        nudge.contains("Run code that prints the answer to my request"),
        "{nudge}"
    );
    // Several lines of numbers and an answer with none: code that prints the one asked
    // for (the 0.5B model said back a nudge that offered it the choice).
    let nudge = unused_output_nudge(&h, "The code printed the sum of units times price.").unwrap();
    assert!(
            nudge.ends_with("Your answer did not use it. Run code that prints the answer to my request (What is 2 to the 40th?), then tell me the value it prints."),
            "{nudge}"
        );
    // One value printed and another said: the value is the answer.
    let gcd = turn("21\n", Vec::new());
    let nudge = unused_output_nudge(&gcd, "The GCD is 19.").unwrap();
    assert!(
            nudge.ends_with("Your answer says 19, but your code printed 21. Answer my question again in one sentence, with 21."),
            "{nudge}"
        );
    // The digits of a printed number are not that number; the number itself is, as
    // written, with its commas, or rounded to the digits the answer gives.
    assert!(!answer_uses("It is 120.", "1\n2\n0\n"));
    for (answer, printed) in [
        ("The total is 165.", "165.0\n"),
        ("It is 1,234,567.", "1234567\n"),
        ("Pi is about 3.14.", "3.14159\n"),
        ("The mean is 2.5", "2.5\n"),
        ("It was 2024-01-05.", "2024-01-05\n"),
        ("It is -3 degrees.", "-3\n"),
    ] {
        assert!(answer_uses(answer, printed), "{answer} / {printed}");
    }
    for (answer, printed) in [("Pi is about 3.15.", "3.14159\n"), ("It is 16.", "165\n")] {
        assert!(!answer_uses(answer, printed), "{answer} / {printed}");
    }
    // A number the request gave is not made up: the answer is only asked for again.
    let nudge = unused_output_nudge(&turn("7\n", Vec::new()), "2 to the 40th is big.").unwrap();
    assert!(!nudge.contains("Your answer says"), "{nudge}");
    assert!(nudge.contains("with the value from that output"), "{nudge}");
}

/// A turn asking `request`, then runs of each code with its output.
fn runs(request: &str, runs: &[(&str, &str)]) -> History {
    runs_ending(request, runs, false)
}

/// [`runs`], the last of which failed when `last_failed`.
fn runs_ending(request: &str, runs: &[(&str, &str)], last_failed: bool) -> History {
    let n = runs.len();
    let marked: Vec<(&str, &str, bool)> = runs
        .iter()
        .enumerate()
        .map(|(i, (code, output))| (*code, *output, last_failed && i + 1 == n))
        .collect();
    runs_marked(request, &marked)
}

#[test]
fn a_value_answered_after_code_that_printed_nothing_is_asked_for_from_code() {
    let request = "Reverse the string stressed with code and tell me the result.";
    let code = "result = 'stressed'[::-1]";
    let hinted = "\n(The code printed nothing. Print the values you need to see: `print(result)`.)";
    let h = runs(request, &[(code, hinted)]);
    let nudge = unprinted_answer_nudge(
        &h,
        "The reversed string is \"!dlroW ,olleH\".",
        Path::new("/nonexistent-folder"),
    )
    .unwrap();
    assert!(nudge.starts_with(PRINTED_NOTHING), "{nudge}");
    assert!(nudge.contains(request), "{nudge}");
    // A number the request does not hold counts too; one it holds, or no value, does not.
    let dated = runs(
        "On which date does app.log have a WARN line?",
        &[(code, "")],
    );
    assert!(
        unprinted_answer_nudge(
            &dated,
            "It is 2026-12-03.",
            Path::new("/nonexistent-folder")
        )
        .is_some()
    );
    assert_eq!(
        unprinted_answer_nudge(
            &h,
            "I reversed \"stressed\".",
            Path::new("/nonexistent-folder")
        ),
        None
    );
    let made = runs(
        "Create hello.txt holding hi.",
        &[("open('hello.txt','w').write('hi')", "")],
    );
    assert_eq!(
        unprinted_answer_nudge(
            &made,
            "I created hello.txt.",
            Path::new("/nonexistent-folder")
        ),
        None
    );
    // Code that printed something is another nudge's; asked once per turn.
    let printed = runs(request, &[("print('desserts')", "desserts\n")]);
    assert_eq!(
        unprinted_answer_nudge(&printed, "It is \"x\".", Path::new("/nonexistent-folder")),
        None
    );
    let mut asked = h.clone();
    for item in after_answer(nudge) {
        asked.push(item);
    }
    assert_eq!(
        unprinted_answer_nudge(
            &asked,
            "It is \"desserts\".",
            Path::new("/nonexistent-folder")
        ),
        None
    );
}

#[test]
fn a_csv_column_taken_by_another_columns_index_is_named() {
    let here = tempfile::tempdir().unwrap();
    std::fs::write(
        here.path().join("sales.csv"),
        "region,units,price\nnorth,12,3.5\nsouth,7,4.0\n",
    )
    .unwrap();
    let code = "import csv\nwith open('sales.csv') as f:\n    reader = csv.reader(f)\n    next(reader)\n    for row in reader:\n        region = row[0]\n        price = float(row[1])\nprint(region)";
    let hint = run_hint("python", code, "north\n", false, here.path()).unwrap();
    assert!(hint.undone);
    assert_eq!(
        hint.text,
        "In `sales.csv`, `row[1]` is the `units` column and `row[2]` is `price` (indexes count from 0): `price = float(row[1])` takes the units column as `price`. Use `row[2]` for `price`, then run the code again."
    );
    // Sent back unchanged (the 1.5B model read "column 2" as the second), or left: the
    // engine runs it with the index of the column it named.
    let mut output = "north\n".to_string();
    hint.append_to(&mut output);
    let h = runs_ending(
        "Which region in sales.csv has the highest price?",
        &[(code, &output)],
        true,
    );
    let (mended, says) = mended_column(&h, Some(&run(code)), here.path()).unwrap();
    assert_eq!(
        mended,
        code.replace("price = float(row[1])", "price = float(row[2])")
    );
    assert!(
        says.contains("takes `price` from `row[1]`, the units column of sales.csv"),
        "{says}"
    );
    assert_eq!(
        mended_column(&h, None, here.path()).map(|(m, _)| m),
        Some(mended)
    );
    assert_eq!(mended_column(&h, Some(&run("print(1)")), here.path()), None);
    // The right indexes, a name that is no column, or a file that is no CSV here: nothing.
    let right = code.replace("row[1]", "row[2]");
    assert_eq!(
        run_hint("python", &right, "south\n", false, here.path()),
        None
    );
    let other = code.replace("price = float(row[1])", "cost = float(row[1])");
    assert_eq!(column_mixed_up(&other, here.path()), None);
    assert_eq!(
        column_mixed_up(&code.replace("sales.csv", "gone.csv"), here.path()),
        None
    );
}

#[test]
fn a_file_the_request_creates_and_the_code_never_wrote_is_asked_for() {
    let request = "Create a file hello.txt containing exactly the text hi there (no newline), then tell me its size in bytes.";
    let here = tempfile::tempdir().unwrap();
    let ran = |code: &str, output: &str| {
        let h = runs(request, &[(code, output)]);
        let call = h.call("c1").cloned().unwrap();
        uncomputed_hint(&h, &call, output, here.path())
    };
    let hint = ran("print('hi there')", "hi there\n").unwrap();
    assert!(hint.undone);
    assert!(
            hint.text.starts_with("That is not the answer yet: `hello.txt` is not there: your code did not create it. Write code that creates it, `with open('hello.txt', 'w') as f: f.write(...)`, then does the rest of my request (Create a file hello.txt"),
            "{}",
            hint.text
        );
    // Code that names it (a size asked before it is written), a file already there, or
    // a request that creates nothing: another matter.
    let sized = "import os\nprint(os.path.getsize('hello.txt'))";
    assert!(ran(sized, "8\n").is_none_or(|h| !h.text.contains("did not create")));
    std::fs::write(here.path().join("hello.txt"), "hi there").unwrap();
    assert!(
        ran("print('hi there')", "hi there\n").is_none_or(|h| !h.text.contains("did not create"))
    );
    assert_eq!(
        uncreated_file(
            "How many lines does poem.txt have?",
            "print(4)",
            Path::new("/nonexistent-folder")
        ),
        None
    );
    // A file the request makes in a folder is named with it (eighteenth set, task 31).
    let request = "Create a folder named build with an empty file out.txt in it, then tell me how many files the build folder has.";
    assert_eq!(
        uncreated_file(request, "import os\nos.mkdir('build')", here.path()).as_deref(),
        Some("build/out.txt")
    );
    assert_eq!(
        folder_holding("Make a directory logs with a file a.log in it.", "a.log"),
        Some("logs")
    );
    assert_eq!(folder_holding("Create notes.txt in it.", "notes.txt"), None);
}

#[test]
fn a_count_without_the_word_the_lines_mention_and_a_match_printed_from_a_file_here_are_explained() {
    let here = tempfile::tempdir().unwrap();
    std::fs::write(
            here.path().join("app.log"),
            "2026-11-01 INFO start\n2026-11-01 ERROR disk\n2026-11-02 WARN slow\n2026-11-03 ERROR disk\n",
        )
        .unwrap();
    let ran = |request: &str, language: &str, code: &str, output: &str| {
        let h = runs(request, &[(code, output)]);
        let mut call = h.call("c1").cloned().unwrap();
        call.action = ToolAction::RunCode {
            language: language.into(),
            code: code.into(),
        };
        uncomputed_hint(&h, &call, output, here.path())
    };
    // Lines that mention a word, counted without it (the 0.5B model's `wc -l`), in shell
    // or Python, however the request says it.
    for request in [
        "How many lines of app.log mention disk?",
        "How many lines in app.log contain disk?",
        "Count the lines of app.log with the word disk.",
        "How many lines of app.log have 'disk' in them?",
    ] {
        for (language, code) in [
            ("shell", "wc -l app.log"),
            ("python", "print(len(open('app.log').readlines()))"),
        ] {
            let hint = ran(request, language, code, "4 app.log\n").unwrap();
            assert!(hint.undone, "{request}");
            assert!(
                    hint.text.contains(
                        "my request counts the lines that mention `disk`, and your code did not look for `disk`"
                    ),
                    "{request}: {}",
                    hint.text
                );
        }
        // Code that looks for it, in any case, is left alone.
        for (language, code) in [
            ("shell", "grep -c disk app.log"),
            ("shell", "grep -ci DISK app.log"),
            ("python", "print(sum('disk' in l for l in open('app.log')))"),
        ] {
            assert_eq!(ran(request, language, code, "2\n"), None, "{code}");
        }
    }
    // Requests that count no word's lines, or a word the file does not have, and shell's
    // other outputs, are left alone.
    assert_eq!(searched_word("How many lines does app.log have?"), None);
    assert_eq!(
        searched_word("How many lines with more than 20 characters does app.log have?"),
        None
    );
    let long = "How many lines of app.log have slashes?";
    assert_eq!(searched_word(long), Some("slashes"));
    assert_eq!(ran(long, "shell", "wc -l app.log", "4 app.log\n"), None);
    assert_eq!(searched_word("How many lines have a date?"), None);
    assert_eq!(searched_word("How many ERROR lines are in app.log?"), None);
    assert_eq!(
        ran(
            "How many lines does app.log have?",
            "shell",
            "wc -l app.log",
            "4 app.log\n"
        ),
        None
    );
    // The match printed (a word of the request) from a file here: the file's lines that
    // hold it are shown.
    let request = "On which date does app.log have a WARN line? Answer with the date.";
    let code = "import re\nm = re.search(r'WARN', open('app.log').read())\nprint(m.group(0))";
    let hint = ran(request, "python", code, "WARN\n").unwrap();
    assert!(
            hint.text.contains(
                "`WARN` is a word of my request itself, not what it asks for. These lines of `app.log` have it:\n```\n3: 2026-11-02 WARN slow\n```\nTake from them what my request asks."
            ),
            "{}",
            hint.text
        );
    // An answer taken from those lines was read from the file: it stands. One that is
    // not in them is asked for from code.
    let mut output = "WARN\n".to_string();
    hint.append_to(&mut output);
    let h = runs_ending(request, &[(code, &output)], true);
    for answer in ["2026-11-02", "The WARN line is dated 2026-11-02."] {
        assert_eq!(uncomputed_output_nudge(&h, answer), None, "{answer}");
        assert_eq!(unused_output_nudge(&h, answer), None, "{answer}");
        assert_eq!(
            unprinted_answer_nudge(&h, answer, here.path()),
            None,
            "{answer}"
        );
    }
    for answer in ["2026-12-04", "3"] {
        assert!(uncomputed_output_nudge(&h, answer).is_some(), "{answer}");
    }
}

#[test]
fn files_of_a_kind_counted_by_code_that_never_names_the_kind_are_sent_back() {
    let request = "How many .txt files are in this folder?";
    let ran = |language: &str, code: &str| {
        let h = runs(request, &[(code, "4\n")]);
        let mut call = h.call("c1").cloned().unwrap();
        call.action = ToolAction::RunCode {
            language: language.into(),
            code: code.into(),
        };
        uncomputed_hint(&h, &call, "4\n", Path::new("/nonexistent-folder"))
    };
    for (language, code) in [
        ("python", "import os; print(len(os.listdir('.')))"),
        ("shell", "ls | wc -l"),
    ] {
        let hint = ran(language, code).unwrap();
        assert!(hint.undone);
        assert!(
                hint.text.contains("my request is about `.txt` files, and your code did not look for `.txt`: it took every file."),
                "{}",
                hint.text
            );
    }
    for (language, code) in [
        (
            "python",
            "import os\nprint(len([f for f in os.listdir('.') if f.endswith('.txt')]))",
        ),
        ("python", "import glob\nprint(len(glob.glob('*.TXT')))"),
        ("shell", "ls *.txt | wc -l"),
    ] {
        assert_eq!(ran(language, code), None, "{code}");
    }
    assert_eq!(asked_extension("How many files are here?"), None);
    assert_eq!(asked_extension("What is in notes.txt files?"), None);
    assert_eq!(asked_extension("List the .PDF files."), Some("PDF"));
}

#[test]
fn a_csv_column_the_request_names_and_the_code_never_used_is_named() {
    let here = tempfile::tempdir().unwrap();
    std::fs::write(
        here.path().join("sales.csv"),
        "region,units,price\nnorth,3,2.5\nsouth,1,9.0\n",
    )
    .unwrap();
    let request = "Which region in sales.csv has the highest price?";
    let ran = |code: &str, output: &str| {
        let h = runs(request, &[(code, output)]);
        let call = h.call("c1").cloned().unwrap();
        uncomputed_hint(&h, &call, output, here.path())
    };
    let mode = "import pandas as pd\nd = pd.read_csv('sales.csv')\nprint(d['region'].value_counts().idxmax())";
    let hint = ran(mode, "north\n").unwrap();
    assert!(hint.undone);
    assert!(
        hint.text.contains(
            "my request is about the `price` column of `sales.csv`, and your code did not use it."
        ),
        "{}",
        hint.text
    );
    // The column by name or by index, in any case, is used.
    for code in [
        "import pandas as pd\nd = pd.read_csv('sales.csv')\nprint(d.loc[d['price'].idxmax(), 'region'])",
        "import csv\nrows = list(csv.reader(open('sales.csv')))[1:]\nprint(max(rows, key=lambda r: float(r[2]))[0])",
        "import csv\nrows = list(csv.DictReader(open('sales.csv')))\nprint(max(rows, key=lambda r: float(r['price']))['region'])",
    ] {
        assert_eq!(ran(code, "south\n"), None, "{code}");
    }
    // A key that is not a column, in another case or made up: the columns, as the header
    // writes them (third set, task 18: `grade['art_score']` of `student,math,art`).
    for (key, code) in [
        (
            "PRICE",
            "import csv\nrows = list(csv.DictReader(open('sales.csv')))\nprint(max(rows, key=lambda r: float(r['PRICE']))['region'])",
        ),
        (
            "price_usd",
            "import csv\nrows = list(csv.DictReader(open('sales.csv')))\nbest = [r for r in rows if r.get('price_usd')]\nprint(best or 'sales.csv has no price_usd column')",
        ),
    ] {
        let hint = ran(code, "south\n").unwrap();
        assert!(
                hint.undone
                    && hint.text.contains(&format!("`{key}` is not a column of `sales.csv`: its columns are `region`, `units`, `price`. Use one of those names.")),
                "{}",
                hint.text
            );
    }
    // A list written out is no key (twenty-ninth set, task 18: `['Saturday', 'Sunday']`).
    assert_eq!(
        unknown_csv_key(
            "import csv\nrows = list(csv.DictReader(open('sales.csv')))\nnorth = ['north', 'east']\nprint([r['units'] for r in rows if r['region'] in north])",
            here.path()
        ),
        None
    );
    let failed = "import csv\nrows = list(csv.DictReader(open('sales.csv')))\nprint(max(float(r['cost']) for r in rows))";
    let hint = run_hint(
        "python",
        failed,
        "Traceback (most recent call last):\nKeyError: 'cost'",
        true,
        here.path(),
    )
    .unwrap();
    assert_eq!(
        hint.text,
        "`cost` is not a column of `sales.csv`: its columns are `region`, `units`, `price`. Use one of those names."
    );
    // The engine's install of a module the code needed is a step, not an answer.
    let (install, _) = install_missing(
        &runs_ending(
            request,
            &[(mode, "ModuleNotFoundError: No module named 'pandas'")],
            true,
        ),
        &run(mode),
    )
    .unwrap();
    assert_eq!(ran(&install, "pandas is installed now.\n"), None);
    assert_eq!(
        ran("import os\nos.system('pip install pandas')", "done\n"),
        None
    );
    // A column the request does not name, or a file that is not here, is no matter.
    let units = "Which region in sales.csv sold the most units?";
    assert_eq!(
        unused_column(units, mode, here.path()),
        Some(("sales.csv", "units".into()))
    );
    assert_eq!(
        unused_column(
            "Which region in other.csv has the highest price?",
            mode,
            here.path()
        ),
        None
    );
    assert_eq!(
        unused_column(
            "How many rows does sales.csv have?",
            "print(2)",
            here.path()
        ),
        None
    );
}

#[test]
fn a_run_that_made_the_file_asked_and_printed_nothing_is_told_the_rest_to_do() {
    let here = tempfile::tempdir().unwrap();
    let request = "Create a file hello.txt containing exactly the text hi there (no newline), then tell me its size in bytes.";
    let write = "with open('hello.txt', 'w') as f:\n    f.write('hi there')";
    let silent = format!("\n({SILENT_RUN})");
    let h = runs(request, &[(write, silent.as_str())]);
    let call = h.call("c1").cloned().unwrap();
    // Not made yet (the run failed to write it, or wrote elsewhere): the bare hint stays.
    assert_eq!(made_file_output(&h, &call, &silent, here.path()), None);
    std::fs::write(here.path().join("hello.txt"), "hi there").unwrap();
    assert_eq!(
        made_file_output(&h, &call, &silent, here.path()).as_deref(),
        Some(
            "\n(The code printed nothing. It made `hello.txt`; the rest of my request is still to do: tell me its size in bytes. Write the code for that, which prints the answer.)"
        )
    );
    let told = repeated_run_nudge(&h, &call, here.path()).unwrap();
    assert!(
            told.contains("prints nothing again. It made `hello.txt`; the rest of my request is still to do: tell me its size in bytes. Write code for that, which prints the answer."),
            "{told}"
        );
    // Said back as the answer, the hint is no answer.
    let hinted = made_file_output(&h, &call, &silent, here.path()).unwrap();
    let h = runs(request, &[(write, hinted.as_str())]);
    let nudge =
        unprinted_answer_nudge(&h, hinted.trim().trim_matches(['(', ')']), here.path()).unwrap();
    assert_eq!(
        nudge,
        format!(
            "{PRINTED_NOTHING} It made `hello.txt`; the rest of my request is still to do: tell me its size in bytes. Run code that does it and prints the answer with `print(...)`, then tell me what it prints."
        )
    );
    // So is anything said while the request is not done, after the bare hint too; with
    // nothing asked after the file, a plain answer stands.
    assert!(unprinted_answer_nudge(&h, "The code printed the answer.", here.path()).is_some());
    let plain = runs(request, &[(write, silent.as_str())]);
    assert!(unprinted_answer_nudge(&plain, "Done.", here.path()).is_some());
    let made = runs(
        "Create a file hello.txt containing hi.",
        &[(write, silent.as_str())],
    );
    assert_eq!(unprinted_answer_nudge(&made, "Done.", here.path()), None);
    // A request with nothing after the file, a run that printed something or had another
    // hint, and code that did not name the file are left alone.
    let only = runs(
        "Create a file hello.txt containing hi.",
        &[(write, silent.as_str())],
    );
    assert_eq!(made_file_output(&only, &call, &silent, here.path()), None);
    assert_eq!(made_file_output(&h, &call, "8\n", here.path()), None);
    let other = "\n(The code defined `f` but never called it.)";
    assert_eq!(made_file_output(&h, &call, other, here.path()), None);
    let elsewhere = runs(request, &[("print(1)", silent.as_str())]);
    let call = elsewhere.call("c1").cloned().unwrap();
    assert_eq!(
        made_file_output(&elsewhere, &call, &silent, here.path()),
        None
    );
}

#[test]
fn the_rest_of_the_request_after_the_file_is_made_is_asked_as_a_request_of_its_own() {
    let here = tempfile::tempdir().unwrap();
    let request = "Create a file hello.txt containing exactly the text hi there (no newline), then tell me its size in bytes.";
    let write = "with open('hello.txt', 'w') as f:\n    f.write('hi there')";
    let silent = format!("\n({SILENT_RUN})");
    let h = runs(request, &[(write, silent.as_str())]);
    // Not made: no view.
    assert!(rest_as_request(&h, here.path()).is_none());
    std::fs::write(here.path().join("hello.txt"), "hi there").unwrap();
    let hinted =
        made_file_output(&h, &h.call("c1").cloned().unwrap(), &silent, here.path()).unwrap();
    let made = runs(request, &[(write, hinted.as_str())]);
    let view = rest_as_request(&made, here.path()).unwrap();
    let [HistoryItem::User { items }] = view.items() else {
        panic!("{:?}", view.items());
    };
    assert_eq!(
        request_text(items),
        "The file hello.txt is in the working directory. Tell me its size in bytes. Write the code, which prints the answer."
    );
    // Once the model replied, or after a run that printed, failed, or made no file the
    // request creates, the history is rendered as it is.
    let mut answered = made.clone();
    for item in after_answer("Your code printed nothing.".into()) {
        answered.push(item);
    }
    assert!(rest_as_request(&answered, here.path()).is_none());
    for (code, output, failed) in [
        (write, "8\n", false),
        (write, "OSError: disk full", true),
        ("print(1)", silent.as_str(), false),
    ] {
        let other = runs_ending(request, &[(code, output)], failed);
        assert!(
            rest_as_request(&other, here.path()).is_none(),
            "{code} {output}"
        );
    }
    let only = runs(
        "Create a file hello.txt containing hi.",
        &[(write, silent.as_str())],
    );
    assert!(rest_as_request(&only, here.path()).is_none());
}

/// [`uncomputed_hint`] for one run of `code` that printed `output`, asked `request`.
/// The hint for Python code that failed with `output`, in a folder that does not exist.
fn failed_python(code: &str, output: &str) -> Option<RunHint> {
    run_hint(
        "python",
        code,
        output,
        true,
        Path::new("/nonexistent-folder"),
    )
}

fn uncomputed(request: &str, code: &str, output: &str) -> Option<RunHint> {
    let h = runs(request, &[(code, output)]);
    let call = h.call("c1").cloned()?;
    uncomputed_hint(&h, &call, output, Path::new("/nonexistent-folder"))
}

#[test]
fn an_output_that_is_no_computed_answer_goes_back_as_undone_with_why() {
    // Words of the request printed back (the match, not the date asked for), alone or
    // after the question itself (lt05s task 14).
    let request = "On which date does app.log have a WARN line? Answer with the date.";
    let code = "import re\nm = re.search(r'(WARN)', open('app.log').read())\nprint(m.group(1))";
    for printed in [
        "WARN\n",
        "On which date does app.log have a WARN line? WARN\n",
    ] {
        let hint = uncomputed(request, code, printed).unwrap();
        assert!(hint.undone);
        assert!(
            hint.text.starts_with(NOT_COMPUTED)
                && hint.text.contains("`WARN` is a word of my request itself")
                && hint.text.contains(request),
            "{}",
            hint.text
        );
    }
    // A new word beside them is an answer; so are a choice, yes or no, a number it lists,
    // and words the request gives to work on (quoted, in a file name, its string).
    assert_eq!(uncomputed(request, code, "WARN on 2026-11-02\n"), None);
    for (asked, printed) in [
        ("What is the extension of report.pdf?", "pdf\n"),
        (
            "What is the extension of report.pdf?",
            "The extension is pdf\n",
        ),
        ("What is the first word of 'hello world'?", "hello\n"),
        ("Give me the first word of \"big red dog\".", "big\n"),
        (
            "What is the first letter of the word zebra, as a word?",
            "zebra\n",
        ),
    ] {
        let code = "s = 'zebra'\nprint(s)";
        assert_eq!(uncomputed(asked, code, printed), None, "{asked}");
    }
    let oldest = "Who is the oldest person in team.json?";
    assert_eq!(
        uncomputed(oldest, "print(o)", "The oldest person is grace\n"),
        None
    );
    let chose = "Which file is larger, a.txt or b.txt?";
    assert_eq!(uncomputed(chose, "print('a.txt')", "a.txt\n"), None);
    let prime = "Is 7919 a prime number? Answer yes or no.";
    assert_eq!(uncomputed(prime, "print('yes')", "yes\n"), None);
    let median = "Give me the median of 91, 23, 57, 14, 68. Use code.";
    let code = "import statistics\nprint(statistics.median([91, 23, 57, 14, 68]))";
    assert_eq!(uncomputed(median, code, "57\n"), None);

    // A number the code wrote itself, in a print or in a name it printed.
    let request = "Create a file hello.txt containing exactly the text hi there (no newline), then tell me its size in bytes.";
    let write = "with open('hello.txt', 'w') as f:\n    f.write('hi there')\n";
    for printed in [
        "print(12)",
        "size = 12\nprint(size)",
        "print(\"Size:\", 12)  # bytes",
    ] {
        let hint = uncomputed(request, &format!("{write}{printed}"), "12\n")
            .unwrap_or_else(|| panic!("no hint for {printed}"));
        assert!(
            hint.text.contains("12 is a number your code wrote itself"),
            "{}",
            hint.text
        );
    }
    for computed in [
        "print(len('hi there'))",
        "import os\nprint(os.path.getsize('hello.txt'))",
    ] {
        assert_eq!(
            uncomputed(request, &format!("{write}{computed}"), "8\n"),
            None,
            "{computed}"
        );
    }
    assert_eq!(
        uncomputed("What is 2 to the 40th?", "print(2**40)", "1099511627776\n"),
        None
    );

    // The string the request is about, never used (lt05s task 21).
    let request = "Reverse the string stressed with code and tell me the result.";
    let other = "print(''.join(reversed('Hello World')))";
    let hint = uncomputed(request, other, "dlroW olleH\n").unwrap();
    assert!(hint.text.contains("about `stressed`"), "{}", hint.text);
    assert_eq!(
        uncomputed(request, "print('stressed'[::-1])", "desserts\n"),
        None
    );
    // A run that has a hint of its own, or shell, is left alone.
    assert_eq!(
        uncomputed(request, other, "dlroW olleH\n(another hint)"),
        None
    );
    let h = runs(request, &[(other, "dlroW olleH\n")]);
    let mut shell = h.call("c1").cloned().unwrap();
    shell.action = ToolAction::RunCode {
        language: "shell".into(),
        code: "echo 12".into(),
    };
    assert_eq!(
        uncomputed_hint(&h, &shell, "12\n", Path::new("/nonexistent-folder")),
        None
    );
}

#[test]
fn an_answer_rounded_otherwise_than_asked_is_told_the_value_rounded_as_asked() {
    let request = "Convert 100 degrees Fahrenheit to Celsius with code, rounded to one decimal.";
    let code = "print((100 - 32) * 5 / 9)";
    let hinted = "37.77777777777778\n\n(My request asks for 1 decimal, and 37.77777777777778 has 14: round it, in the code (`print(round(value, 1))`) or in your answer.)";
    let h = runs(request, &[(code, hinted)]);
    let nudge = unrounded_answer_nudge(&h, "The output is 37.78.").unwrap();
    assert_eq!(
        nudge,
        "Rounded to 1 decimal, as my request asks, 37.77777777777778 is 37.8. Answer my question again in one sentence, with 37.8."
    );
    // The printed value as it is is not rounded either.
    assert!(unrounded_answer_nudge(&h, "It is 37.77777777777778 degrees.").is_some());
    // Rounded as asked, or a number that is not the printed one, or no decimals asked: nothing.
    assert_eq!(unrounded_answer_nudge(&h, "It is 37.8 degrees."), None);
    assert_eq!(unrounded_answer_nudge(&h, "It is 12.55 degrees."), None);
    let plain = runs(
        "What is 100 / 7?",
        &[("print(100 / 7)", "14.285714285714286\n")],
    );
    assert_eq!(unrounded_answer_nudge(&plain, "It is 14.29."), None);
    let two = runs(
        "What is 100 / 7, to two decimal places?",
        &[("print(100 / 7)", "14.285714285714286\n")],
    );
    assert!(
        unrounded_answer_nudge(&two, "It is 14.286.")
            .unwrap()
            .contains("is 14.29.")
    );
    // Once per turn.
    let mut asked = h.clone();
    for item in after_answer(unrounded_answer_nudge(&h, "37.78").unwrap()) {
        asked.push(item);
    }
    assert_eq!(unrounded_answer_nudge(&asked, "37.78"), None);
}

#[test]
fn words_answered_after_code_that_failed_are_asked_for_as_working_code_once() {
    let request = "What is the average age in team.json?";
    let code = "import json\nteam = json.load(open('team.json'))\nprint(sum(team['data']))";
    let failed = "Traceback (most recent call last):\n  File \"<cell 2>\", line 3, in <module>\nKeyError: 'data'\n\n(team.json holds an object (dict) with the keys `team`.)";
    let h = runs_ending(request, &[(code, failed)], true);
    let nudge = failed_run_answer_nudge(
        &h,
        "To fix the issue, you need to ensure that the `team` object has a `data` key.",
    )
    .unwrap();
    assert_eq!(
        nudge,
        "Your last code did not work: it failed with:\nKeyError: 'data'\n(team.json holds an object (dict) with the keys `team`.)\n\nSo nothing answers my request yet. Write new Python code in a ```python block that cannot fail that way and prints the answer to my request (What is the average age in team.json?)."
    );
    // Code in the answer is another matter; a run that worked since, or a failure that is
    // no exception, is not this.
    assert_eq!(
        failed_run_answer_nudge(&h, "```python\nprint(1)\n```"),
        None
    );
    // Data in a block is no code (eleventh set, task 22: a markdown table to add to the file).
    assert!(
        failed_run_answer_nudge(&h, "Add a line to the file:\n```markdown\n| Mon | 3 |\n```")
            .is_some()
    );
    let fixed = runs(request, &[(code, failed), ("print(36.67)", "36.67\n")]);
    assert_eq!(failed_run_answer_nudge(&fixed, "It is 36.67."), None);
    // Nor an answer with the value an earlier run of the turn printed.
    let earlier = runs_ending(
        request,
        &[("print(36.67)", "36.67\n"), (code, failed)],
        true,
    );
    assert_eq!(failed_run_answer_nudge(&earlier, "It is 36.67."), None);
    assert!(failed_run_answer_nudge(&earlier, "Fix the file.").is_some());
    // A file opened where it is not, when it is here: a mistake of the code's.
    let misplaced = "Traceback (most recent call last):\nFileNotFoundError: [Errno 2] No such file or directory: '/tmp/x/app.log'\n\n(`/tmp/x/app.log` does not exist, but `app.log` is here, in the working directory (/tmp/x/work): open it as `'app.log'`.)";
    let log = runs_ending(
        "On which date does app.log have a WARN line?",
        &[("print(open('/tmp/x/app.log').read())", misplaced)],
        true,
    );
    assert!(failed_run_answer_nudge(&log, "2026-12-04").is_some());
    let gone = "Traceback (most recent call last):\nFileNotFoundError: [Errno 2] No such file or directory: 'app.log'\n";
    let log = runs_ending(
        "On which date does app.log have a WARN line?",
        &[("print(open('app.log').read())", gone)],
        true,
    );
    assert_eq!(
        failed_run_answer_nudge(&log, "There is no app.log here."),
        None
    );
    // What the machine lacks may rightly be answered in words.
    let no_display = "Traceback (most recent call last):\ncomputer.ComputerError: computer use needs a display\n";
    let screen = runs_ending(
        "Look at the screen.",
        &[("computer.display.view()", no_display)],
        true,
    );
    assert_eq!(
        failed_run_answer_nudge(&screen, "There is no screen here."),
        None
    );
    let missing = "Traceback (most recent call last):\nFileNotFoundError: [Errno 2] No such file or directory: 'x.txt'\n";
    let absent = runs_ending(
        "What does x.txt say?",
        &[("print(open('x.txt').read())", missing)],
        true,
    );
    assert_eq!(
        failed_run_answer_nudge(&absent, "There is no x.txt here."),
        None
    );
    let refused = runs_ending(request, &[(code, "exit code 1")], true);
    assert_eq!(failed_run_answer_nudge(&refused, "I could not."), None);
    // Once per turn.
    let mut asked = h.clone();
    for item in after_answer(nudge) {
        asked.push(item);
    }
    assert_eq!(failed_run_answer_nudge(&asked, "It cannot be done."), None);
}

#[test]
fn a_number_printed_for_who_goes_back_as_not_the_answer_yet() {
    let request = "Who is the oldest person in team.json?";
    let code = "import json\ndata = json.load(open('team.json'))\nprint(max(data['team'], key=lambda x: x['age'])['age'])";
    let hint = uncomputed(request, code, "45\n").unwrap();
    assert!(hint.undone);
    assert!(
        hint.text
            .contains("my request asks who, and 45 is a number"),
        "{}",
        hint.text
    );
    // A name, a choice the request gives, or a question that is not who: nothing.
    assert_eq!(uncomputed(request, code, "grace\n"), None);
    assert_eq!(
        uncomputed("Who won, player 1 or player 2?", "print(1)", "1\n"),
        None
    );
    assert_eq!(
        uncomputed("What is the oldest age in team.json?", code, "45\n"),
        None
    );
}

#[test]
fn more_decimals_than_the_request_asks_for_are_pointed_out_without_undoing_the_run() {
    let request = "Convert 100 degrees Fahrenheit to Celsius with code, rounded to one decimal.";
    let code = "print((100 - 32) * 5 / 9)";
    let hint = uncomputed(request, code, "37.77777777777778\n").unwrap();
    assert!(!hint.undone);
    assert_eq!(
        hint.text,
        "My request asks for 1 decimal, and 37.77777777777778 has 14: round it, in the code (`print(round(value, 1))`) or in your answer."
    );
    assert!(
        uncomputed(
            "Give the area to two decimal places.",
            "print(a)",
            "3.14159\n"
        )
        .is_some()
    );
    assert!(uncomputed("Round to the nearest tenth.", "print(a)", "2.25\n").is_some());
    // As many decimals as asked, or fewer, or no such ask: nothing.
    assert_eq!(uncomputed(request, code, "37.8\n"), None);
    assert_eq!(uncomputed(request, code, "38\n"), None);
    assert_eq!(
        uncomputed("What is 10 / 4?", "print(10 / 4)", "2.5\n"),
        None
    );
    // Not a hint the answer nudge acts on.
    let mut output = "37.77777777777778\n".to_string();
    hint.append_to(&mut output);
    let h = runs(request, &[(code, &output)]);
    assert_eq!(uncomputed_output_nudge(&h, "It is 37.8."), None);
}

#[test]
fn an_answer_right_after_an_output_that_was_no_answer_is_asked_again_once() {
    let request = "Reverse the string stressed with code and tell me the result.";
    let other = "print(''.join(reversed('Hello World')))";
    let hint = uncomputed(request, other, "dlroW olleH\n").unwrap();
    let mut output = "dlroW olleH\n".to_string();
    hint.append_to(&mut output);
    let h = runs_ending(request, &[(other, &output)], true);
    let nudge = uncomputed_output_nudge(&h, "The reversed string is dlroW olleH.").unwrap();
    assert!(
        nudge.starts_with("Your code printed:\ndlroW olleH\n\nThat is not the answer yet:"),
        "{nudge}"
    );
    assert!(
        nudge.contains("about `stressed`") && nudge.ends_with("Then tell me the value it prints."),
        "{nudge}"
    );
    assert_eq!(
        uncomputed_output_nudge(&h, "```python\nprint(1)\n```"),
        None
    );
    let mut asked = h.clone();
    for item in after_answer(nudge) {
        asked.push(item);
    }
    assert_eq!(uncomputed_output_nudge(&asked, "It is dlroW olleH."), None);
    // The run's hint quoted by another correction (the code sent back unchanged) is not
    // this ask: the answer after it is still asked for from code.
    let mut repeated = h.clone();
    let told = repeated_failure_nudge(&h, &run(other)).unwrap();
    assert!(told.contains("That is not the answer yet:"), "{told}");
    for item in after_answer(told) {
        repeated.push(item);
    }
    assert!(uncomputed_output_nudge(&repeated, "It is 2026-12-04.").is_some());
    // A failed run of another kind is not this nudge's.
    let failed = runs_ending(
        request,
        &[("print(x)", "NameError: name 'x' is not defined")],
        true,
    );
    assert_eq!(uncomputed_output_nudge(&failed, "It is x."), None);
}

#[test]
fn a_made_up_file_is_answered_with_what_the_folder_holds() {
    let dir = tempfile::tempdir().unwrap();
    for name in ["b.txt", "a.txt", ".hidden", "c.md"] {
        std::fs::write(dir.path().join(name), "x").unwrap();
    }
    std::fs::create_dir(dir.path().join("sub")).unwrap();
    let missing = format!("{}/notes.txt", dir.path().display());
    for output in [
        format!(
            "Traceback…\nFileNotFoundError: [Errno 2] No such file or directory: '{missing}'\n"
        ),
        format!(
            "computer.ComputerError: cannot read {missing}: No such file or directory (os error 2)\n"
        ),
    ] {
        let hint = run_hint("python", "print(open(p).read())", &output, true, dir.path()).unwrap();
        assert!(
            hint.text.starts_with(&format!(
                "`{missing}` does not exist. The working directory"
            )),
            "{}",
            hint.text
        );
        assert!(
            hint.text.contains("holds: a.txt, b.txt, c.md, sub/."),
            "{}",
            hint.text
        );
    }
    // A file of that name here is the other hint's (open it by its name).
    std::fs::write(dir.path().join("notes.txt"), "x").unwrap();
    let beside = "FileNotFoundError: [Errno 2] No such file or directory: '/elsewhere/notes.txt'\n";
    let hint = run_hint("python", "open(p)", beside, true, dir.path()).unwrap();
    assert!(
        hint.text.contains("but `notes.txt` is here"),
        "{}",
        hint.text
    );
}

#[test]
fn code_that_searched_a_file_name_instead_of_the_file_is_told_to_read_it() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("app.log"), "2026-11-01 ERROR disk\n").unwrap();
    for code in [
        "import re\nprint(len(re.findall(r'disk', 'app.log')))",
        "print('app.log'.count('disk'))",
        "print(len(\"app.log\".splitlines()))",
        "print(sum(1 for line in 'app.log' if 'disk' in line))",
    ] {
        let hint = run_hint("python", code, "0\n", false, dir.path())
            .unwrap_or_else(|| panic!("no hint for {code}"));
        assert!(
            hint.text
                .contains("`'app.log'` in your code is the file's name"),
            "{}",
            hint.text
        );
        assert!(hint.undone, "{code}");
    }
    // The file read, or a name that is no file here: no such hint.
    for code in [
        "import re\nprint(len(re.findall(r'disk', open('app.log').read())))",
        "print('notes.txt'.count('disk'))",
    ] {
        assert_eq!(
            run_hint("python", code, "1\n", false, dir.path()),
            None,
            "{code}"
        );
    }
}

/// A turn asking `request`, then runs of each code with its output, failed or not.
fn runs_marked(request: &str, runs: &[(&str, &str, bool)]) -> History {
    let mut h = History::default();
    h.push(HistoryItem::User {
        items: vec![InputItem::Text {
            text: request.into(),
        }],
    });
    for (n, (code, output, is_error)) in runs.iter().enumerate() {
        let call_id = format!("c{}", n + 1);
        h.push(HistoryItem::Assistant {
            text: String::new(),
            reasoning: String::new(),
            calls: vec![ToolCall {
                call_id: call_id.clone(),
                wire_id: None,
                name: "execute".into(),
                arguments: serde_json::json!({}),
                origin: CallOrigin::Text,
                action: ToolAction::RunCode {
                    language: "python".into(),
                    code: (*code).into(),
                },
            }],
            interrupted: false,
        });
        h.push(HistoryItem::ToolResult {
            call_id,
            tool_name: "execute".into(),
            output: (*output).into(),
            is_error: *is_error,
            images: Vec::new(),
        });
    }
    h
}

#[test]
fn a_document_found_and_never_read_is_read_for_the_model() {
    let find = (
        "print(computer.files.find(kind=\"pdf\"))",
        "/home/u/Downloads/report.pdf\n",
    );
    let summarize = "Find the PDF I downloaded last week and summarize it";
    let (code, says) = unread_document(&runs(summarize, &[find])).unwrap();
    assert_eq!(
        code,
        "print(computer.files.read(\"/home/u/Downloads/report.pdf\"))"
    );
    assert!(says.contains("/home/u/Downloads/report.pdf"), "{says}");
    // The document, not a text file saved after it, unless the request asks for text.
    let both = (find.0, "/d/notes.txt\n/d/report.pdf\n");
    let (code, _) =
        unread_document(&runs("What does the report I downloaded say?", &[both])).unwrap();
    assert!(code.contains("/d/report.pdf"), "{code}");
    let (code, _) = unread_document(&runs("Read my latest notes", &[both])).unwrap();
    assert!(code.contains("/d/notes.txt"), "{code}");
    // Read already (so once per turn), or a request only about where it is: nothing.
    let read = (code.as_str(), "Page 1…");
    assert_eq!(unread_document(&runs(summarize, &[find, read])), None);
    assert_eq!(
        unread_document(&runs("Which PDF did I download last week?", &[find])),
        None
    );
    assert_eq!(
        unread_document(&runs(summarize, &[("print(1)", "1\n")])),
        None
    );
    // Its text is not a value an answer must quote (the page numbers were taken for one).
    let text =
        "report.pdf (PDF, 2 pages)\n--- page 1 ---\nCover.\n--- page 2 ---\nIt opens on Tuesday.\n";
    let read = (code.as_str(), text);
    assert_eq!(
        unused_output_nudge(&runs(summarize, &[find, read]), "It opens on Tuesday."),
        None
    );
}

#[test]
fn an_answer_that_says_nothing_of_the_document_read_is_asked_once_more_quoting_it() {
    let read = (
        "print(computer.files.read(\"/d/harbour-report.pdf\"))",
        "/d/harbour-report.pdf (PDF, 2 pages)\n--- page 1 ---\nHarbour works report. \
             It covers the repairs to the north pier.\n--- page 2 ---\n-2-\n\n\
             The harbour opens again on Tuesday.\n",
    );
    let summarize = "summarize the pdf i downloaded last week";
    let h = runs(summarize, &[read]);
    // The file's name, the request's words and the page markers are not what it says.
    for answer in [
        "The PDF file `harbour-report.pdf` was downloaded last week.",
        "The output shows the names of the PDF files in the Downloads folder.",
        "The report is on page 2.",
    ] {
        let nudge = unused_document_nudge(&h, answer).expect(answer);
        assert!(
            nudge
                .starts_with("Your code read /d/harbour-report.pdf (PDF, 2 pages):\nHarbour works"),
            "{nudge}"
        );
        assert!(nudge.contains("opens again on Tuesday."), "{nudge}");
        assert!(nudge.ends_with(&format!("Now answer my request ({summarize}) from that text, in two or three sentences of your own.")), "{nudge}");
    }
    for answer in [
        "It covers repairs to the north pier.",
        "It says the pier is being mended.",
        "The harbour opens again on Tuesday, after repairs.",
    ] {
        assert_eq!(unused_document_nudge(&h, answer), None, "{answer}");
    }
    // A long text is quoted in part.
    let long = format!(
        "/d/a.pdf (PDF, 9 pages)\n--- page 1 ---\n{}",
        "ferries sail daily. ".repeat(100)
    );
    let nudge =
        unused_document_nudge(&runs(summarize, &[(read.0, long.as_str())]), "Done.").unwrap();
    assert!(nudge.contains(" daily. …\n\n"), "{nudge}");
    assert!(nudge.len() < 1100, "{}", nudge.len());
    // Asked once per turn; not for a request about where it is, another run, or a failure.
    let asked = after_answer(unused_document_nudge(&h, "Done.").unwrap());
    let mut again = runs(summarize, &[read]);
    for item in asked {
        again.push(item);
    }
    assert_eq!(unused_document_nudge(&again, "Done."), None);
    assert_eq!(
        unused_document_nudge(
            &runs("Which PDF did I download last week?", &[read]),
            "Done."
        ),
        None
    );
    assert_eq!(
        unused_document_nudge(&runs(summarize, &[("print(1)", "1\n")]), "Done."),
        None
    );
    // A plain text file is read as it is: no document header, no page markers.
    let note = (
        "print(computer.files.read('note.txt'))",
        "hello from the note\nsecond line\n",
    );
    assert_eq!(
        unused_document_nudge(&runs("read the note", &[note]), "Done."),
        None
    );
    assert_eq!(
        unused_document_nudge(&runs_ending(summarize, &[read], true), "Done."),
        None
    );
}

#[test]
fn a_document_of_the_persons_that_no_code_looked_for_is_found_for_the_model() {
    let here = tempfile::tempdir().unwrap();
    let find = |request: &str| unfound_document(&asked(request), here.path(), true).map(|f| f.0);
    let code = find("What does the PDF I downloaded this week say?").unwrap();
    assert_eq!(
        code,
        "found = computer.files.find(kind=\"pdf\", modified_within=\"7d\")\n\
             print(\"\\n\".join(found) if found else \"No such document in Downloads, Desktop or Documents.\")"
    );
    assert!(
        find("Summarize the newest PDF in my Downloads folder")
            .unwrap()
            .starts_with("found = computer.files.find(kind=\"pdf\")\n")
    );
    assert!(
        find("Tell me what the report I downloaded yesterday says")
            .unwrap()
            .starts_with("found = computer.files.find(modified_within=\"48h\")\n")
    );
    assert!(
        find("Give me the gist of the Word document from last week")
            .unwrap()
            .starts_with("found = computer.files.find(kind=\"docx\", modified_within=\"14d\")\n")
    );
    // Not about what it says, not about a document, or about one here: nothing.
    assert_eq!(find("Which PDF did I download last week?"), None);
    assert_eq!(find("Summarize what you already did"), None);
    assert_eq!(find("Summarize the report"), None);
    std::fs::write(here.path().join("notes.pdf"), "%PDF").unwrap();
    assert_eq!(find("Summarize the PDF"), None);
    assert_eq!(find("Summarize notes.pdf from my downloads"), None);
    assert!(find("Summarize the PDF I downloaded today").is_some());
    // Code of the turn looked for it or read one already: nothing.
    let request = "What does the PDF I downloaded this week say?";
    let looked = runs(request, &[("print(computer.files.find())", "")]);
    assert_eq!(unfound_document(&looked, here.path(), true), None);
    let listing = ("import os; print(os.listdir('Downloads'))", "[]");
    let listed = runs(request, &[listing]);
    assert!(unfound_document(&listed, here.path(), true).is_some());
    // Before the model answers: only once its code failed, and the line says so.
    assert_eq!(unfound_document(&listed, here.path(), false), None);
    let failed = runs_ending(request, &[listing], true);
    let (_, says) = unfound_document(&failed, here.path(), false).unwrap();
    assert!(says.contains("the model's code failed"), "{says}");
    // A read of a made-up path that failed is not looking.
    let made_up = (
        "print(computer.files.read('/work/sample.pdf'))",
        "Not found",
    );
    let failed = runs_ending(request, &[made_up], true);
    assert!(unfound_document(&failed, here.path(), false).is_some());
}

#[test]
fn a_request_about_content_is_told_by_its_words_not_inside_other_words() {
    assert!(about_content("summarize the pdf"));
    assert!(about_content("what does it say?"));
    assert!(about_content("give me the tl;dr"));
    assert!(about_content(
        "tell me about the latest document in my downloads"
    ));
    assert!(about_content("what is the pdf i got yesterday about?"));
    assert!(!about_content("which pdf did i already download?"));
    assert!(!about_content("write an essay"));
}

fn asked(text: &str) -> History {
    let mut h = History::default();
    h.push(HistoryItem::User {
        items: vec![InputItem::Text { text: text.into() }],
    });
    h
}

#[test]
fn an_answer_in_a_language_nothing_runs_or_about_an_unread_file_is_asked_for_code() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("sales.csv"), "a\n1\n").unwrap();
    let sql = "Use this query:\n```sql\nSELECT SUM(units) FROM sales;\n```";
    let h = asked("What is the total of units in sales.csv?");
    let nudge = no_run_nudge(&h, sql, dir.path(), "").unwrap();
    assert!(nudge.contains("`sql` is not a language"), "{nudge}");
    let guess = no_run_nudge(&h, "The total is 10.", dir.path(), "").unwrap();
    assert!(guess.contains("without reading sales.csv"), "{guess}");
    // The harness's corrections are no run (a reply cut where it looped, then a guess);
    // a real run is.
    let mut corrected = h.clone();
    for item in after_answer("Your reply kept repeating \"0\" and was cut there.".into()) {
        corrected.push(item);
    }
    assert!(no_run_nudge(&corrected, "The total is 10.", dir.path(), "").is_some());
    let ran = runs(
        "What is the total of units in sales.csv?",
        &[("print(1)", "1\n")],
    );
    assert_eq!(no_run_nudge(&ran, "The total is 10.", dir.path(), ""), None);
    // A file that is not there, no file at all, or a runnable block: nothing to ask.
    let h = asked("What is in notes.txt?");
    assert_eq!(no_run_nudge(&h, "It has notes.", dir.path(), ""), None);
    assert_eq!(no_run_nudge(&asked("Hello!"), "Hi.", dir.path(), ""), None);
    assert_eq!(
        no_run_nudge(&asked("Version 2.0 of x.y?"), "Yes.", dir.path(), ""),
        None
    );
    let h = asked("Count sales.csv's lines");
    assert_eq!(
        no_run_nudge(&h, "```python\nprint(1)\n```", dir.path(), ""),
        None
    );
    // A request that asks for code, answered without any (the 0.5B model said "No" to
    // "Is 7919 a prime number? Check with code and answer yes or no").
    let h = asked("Is 7919 a prime number? Check with code and answer yes or no.");
    let nudge = no_run_nudge(&h, "No", dir.path(), "").unwrap();
    assert!(nudge.contains("asks you to use code"), "{nudge}");
    assert_eq!(
        no_run_nudge(&asked("Is 7919 a prime number?"), "Yes.", dir.path(), ""),
        None
    );
    // A block that holds only a value is no code meant to run (the 0.5B model answered
    // "What is 200 written in hexadecimal? Use code." with the request's 200 in a block).
    let h = asked("What is 200 written in hexadecimal? Use code.");
    let nudge = no_run_nudge(&h, "```python\n200\n```", dir.path(), "").unwrap();
    assert!(nudge.contains("asks you to use code"), "{nudge}");
    assert_eq!(
        no_run_nudge(&h, "```python\nprint(hex(200))\n```", dir.path(), ""),
        None
    );
    // The system prompt said back (as the 0.5B model did) is no answer; a short line that
    // happens to be in it is.
    let system = format!("How you work:\n{}", crate::profile::FILES_API.trim_start());
    let echo = "To read a document (PDF, Word, spreadsheet, slides, EPUB), use Python's ready";
    let h = asked("How many files are in this folder?");
    let nudge = no_run_nudge(&h, echo, dir.path(), &system).unwrap();
    assert!(nudge.contains("said my instructions back"), "{nudge}");
    assert!(
        nudge.contains("How many files are in this folder?"),
        "{nudge}"
    );
    assert_eq!(
        no_run_nudge(&asked("Hello!"), "How you work:", dir.path(), &system),
        None
    );
    // What the folder holds, answered from its name (as the 0.5B model did).
    for request in [
        "How many files are in this folder?",
        "Which is the largest file in the current directory?",
        "List the files in the working folder",
    ] {
        let nudge = no_run_nudge(
            &asked(request),
            "The folder `/tmp/w` contains 1 file.",
            dir.path(),
            "",
        )
        .unwrap_or_else(|| panic!("{request}"));
        assert!(nudge.contains("without looking in the folder"), "{nudge}");
    }
    assert_eq!(
        no_run_nudge(
            &asked("What is a folder?"),
            "A place for files.",
            dir.path(),
            ""
        ),
        None
    );
}

#[test]
fn file_names_are_picked_out_of_a_request() {
    assert_eq!(
        named_files("How many lines does poem.txt have? And `data/x.csv`."),
        vec!["poem.txt", "data/x.csv"]
    );
    assert!(named_files("version 2.0, e.g. this... ok.").is_empty());
    // A dotfile is a file; an extension is not (eleventh set, task 24).
    assert_eq!(
        named_files("What is the value of API_TIMEOUT in the .env file?"),
        vec![".env"]
    );
    assert!(named_files("How many .txt files are there? And .rs ones?").is_empty());
    // Files known without an extension (thirty-first set, task 20).
    assert_eq!(
        named_files("What base image does the final stage of the Dockerfile use?"),
        vec!["Dockerfile"]
    );
    assert_eq!(
        named_files("Which targets does the Makefile declare?"),
        vec!["Makefile"]
    );
    assert!(named_files("Make a file that holds a docker file.").is_empty());
}

fn run(code: &str) -> ToolCall {
    ToolCall {
        call_id: "c2".into(),
        wire_id: None,
        name: "execute".into(),
        arguments: serde_json::json!({}),
        origin: CallOrigin::Text,
        action: ToolAction::RunCode {
            language: "python".into(),
            code: code.into(),
        },
    }
}

/// The model's answer and the harness's nudge after it.
fn after_answer(nudge: String) -> Vec<HistoryItem> {
    after_answer_said("Done.", nudge)
}

/// An answer `said` and the correction `nudge` that followed it.
fn after_answer_said(said: &str, nudge: String) -> Vec<HistoryItem> {
    vec![
        HistoryItem::Assistant {
            text: said.into(),
            reasoning: String::new(),
            calls: Vec::new(),
            interrupted: false,
        },
        HistoryItem::ToolResult {
            call_id: "n1".into(),
            tool_name: crate::profile::FORMAT_ERROR.into(),
            output: nudge,
            is_error: true,
            images: Vec::new(),
        },
    ]
}

#[test]
fn running_the_same_code_again_is_answered_with_its_output_once() {
    let h = turn("1099511627776\n", Vec::new());
    let nudge =
        repeated_run_nudge(&h, &run("print(2**40)\n"), Path::new("/nonexistent-folder")).unwrap();
    assert!(
        nudge.starts_with("Your code printed:\n1099511627776"),
        "{nudge}"
    );
    assert!(nudge.contains("same code again"), "{nudge}");
    // Other code runs, and so does the same code after it failed (the failure's own
    // nudge answers that).
    assert_eq!(
        repeated_run_nudge(&h, &run("print(2**41)"), Path::new("/nonexistent-folder")),
        None
    );
    let failed = runs_ending("What is 2 to the 40th?", &[("print(2**40)", "oops")], true);
    assert_eq!(
        repeated_run_nudge(
            &failed,
            &run("print(2**40)"),
            Path::new("/nonexistent-folder")
        ),
        None
    );
    // Code that ran before other code ran since is sent back too.
    let two = runs(
        "What is 2 to the 40th?",
        &[("print(2**40)", "1099511627776\n"), ("print(2**4)", "16\n")],
    );
    let back =
        repeated_run_nudge(&two, &run("print(2**40)"), Path::new("/nonexistent-folder")).unwrap();
    assert!(
        back.starts_with("Your code printed:\n1099511627776"),
        "{back}"
    );
    let failed_before = runs_marked(
        "What is 2 to the 40th?",
        &[
            ("print(2**40", "SyntaxError: '(' was never closed", true),
            ("print(2**4)", "16\n", false),
        ],
    );
    assert!(
        repeated_failure_nudge(&failed_before, &run("print(2**40"))
            .is_some_and(|n| n.contains("SyntaxError"))
    );
    // Quoted once per turn; a model that repeats after that is sent to the next step.
    let asked = turn("1099511627776\n", after_answer(nudge));
    let again = repeated_run_nudge(
        &asked,
        &run("print(2**40)"),
        Path::new("/nonexistent-folder"),
    )
    .unwrap();
    assert!(again.contains("ran already and worked"), "{again}");
    // Code that printed nothing (only the harness's hint came back): no output to quote.
    let hinted = "\n(The code printed nothing. Print the values you need to see: `print(result)`.)";
    let silent = turn(hinted, Vec::new());
    let nudge = repeated_run_nudge(
        &silent,
        &run("print(2**40)"),
        Path::new("/nonexistent-folder"),
    )
    .unwrap();
    assert_eq!(
        nudge,
        "You asked to run the same code again: it ran already and printed nothing; running it again prints nothing again. Write code that does the rest of my request (What is 2 to the 40th?) and prints the answer."
    );
}

#[test]
fn code_sent_back_after_it_printed_nothing_gets_the_rest_of_the_request_asked_afresh() {
    let request = "Create a file hello.txt containing exactly the text hi there, then tell me its size in bytes.";
    let write = "with open('hello.txt', 'w') as f: f.write('hi there')";
    let hinted = "\n(The code printed nothing. Print the values you need to see: `print(result)`.)";
    let h = runs(request, &[(write, hinted)]);
    assert!(fresh_after_silence(&h, Path::new("/nonexistent-folder")).is_none());
    let told = repeated_run_nudge(&h, &run(write), Path::new("/nonexistent-folder")).unwrap();
    let mut asked = h.clone();
    for item in after_answer(told.clone()) {
        asked.push(item);
    }
    let view = fresh_after_silence(&asked, Path::new("/nonexistent-folder")).unwrap();
    let [HistoryItem::User { items }] = view.items() else {
        panic!("{:?}", view.items());
    };
    let said = request_text(items);
    assert!(said.starts_with(request), "{said}");
    assert!(
        said.contains(&format!(
            "This code ran already and printed nothing: ```python {write} ``` Do not run it again."
        )),
        "{said}"
    );
    // Once a turn: told again, the corrections go on to their end.
    for item in after_answer(told) {
        asked.push(item);
    }
    assert!(fresh_after_silence(&asked, Path::new("/nonexistent-folder")).is_none());
    // Code that printed something is fresh_answer's.
    let printed = turn("1099511627776\n", Vec::new());
    let quote = repeated_run_nudge(
        &printed,
        &run("print(2**40)"),
        Path::new("/nonexistent-folder"),
    )
    .unwrap();
    assert!(
        fresh_after_silence(
            &turn("1099511627776\n", after_answer(quote)),
            Path::new("/nonexistent-folder")
        )
        .is_none()
    );
}

#[test]
fn the_harness_words_said_back_as_the_answer_get_the_answer_asked_afresh() {
    let request = "What is the 20th Fibonacci number (F1 = 1, F2 = 1)? Use code.";
    let h = runs(request, &[("print(fib(20))", "4181\n")]);
    let mut told = h.clone();
    for item in after_answer(
            "Your code printed:\n4181\n\nYour answer did not use it. Before running your code you said 6765, but it printed 4181. Check your code against my request (What is the 20th Fibonacci number (F1 = 1, F2 = 1)? Use code.).".into(),
        ) {
            told.push(item);
        }
    let parrot = "The code you provided does not use it.";
    // The correction said back whole, numbers and all (held-out bench task 5).
    let whole = "The code you provided did not use it. Before running your code you said 6765, but it printed 4181. Check your code against my request (What is the 20th Fibonacci number (F1 = 1, F2 = 1)? Use code.).";
    assert!(parroted_answer_nudge(&told, whole, "").is_some());
    let nudge = parroted_answer_nudge(&told, parrot, "").unwrap();
    assert!(
        nudge.starts_with(
            "Those are my words said back, not the answer. Your code printed:\n4181\n\n"
        ),
        "{nudge}"
    );
    // An answer with a number, in words of its own, or in the request's words, is
    // another check's.
    for answer in [
        "What is the value, then?",
        "The 20th Fibonacci number is 4181.",
        "It is 6765.",
        "I cannot tell.",
        "Before running your code you said 6765, but it printed 4181, so the 20th Fibonacci number is 4181 as computed by the loop.",
    ] {
        assert_eq!(parroted_answer_nudge(&told, answer, ""), None, "{answer}");
    }
    // A short one made only of the corrections' words, the value quoted in it or not
    // (third set, task 6: a binary number the run printed, said back with the words
    // around it), when the run printed one value, a number or a word.
    let binary = runs(
        "What is 45 written in binary? Use code.",
        &[("print(bin(45))", "0b101101\n")],
    );
    let mut told_binary = binary.clone();
    for item in after_answer("Your code printed:\n0b101101\n\nYour answer did not use it. Now tell me the answer to my question in one sentence, with the value from that output.".into()) {
            told_binary.push(item);
        }
    let said = "Your code printed:\n0b101101\n\nYour answer did not use it.";
    assert!(parroted_answer_nudge(&told_binary, said, "").is_some());
    let own = "45 in binary is 0b101101.";
    assert_eq!(parroted_answer_nudge(&told_binary, own, ""), None);
    // Nor before any correction, or when the run printed no one value.
    assert_eq!(parroted_answer_nudge(&binary, said, ""), None);
    assert_eq!(parroted_answer_nudge(&h, parrot, ""), None);
    let mut words = runs(request, &[("print('a b c')", "a b c\n")]);
    for item in after_answer("Your answer did not use it.".into()) {
        words.push(item);
    }
    assert_eq!(parroted_answer_nudge(&words, parrot, ""), None);
    // A line of the system prompt said back, numbers in it or not.
    let system = "How you work:\n- To read a document (PDF, Word), use `computer.files.read(path)`; `find(modified_within=\"7d\")` lists the newest.";
    let echo = "To read a document (PDF, Word), use `computer.files.read(path)`; `find(modified_within=\"7d\")` lists the newest.";
    assert!(parroted_answer_nudge(&h, echo, system).is_some());
    assert_eq!(parroted_answer_nudge(&h, "It is 4181.", system), None);
    let mut asked = told.clone();
    for item in after_answer(nudge) {
        asked.push(item);
    }
    assert!(parroted_last(&asked));
    assert!(!parroted_last(&told));
    // Then the answer is asked for afresh, with the value in view; once a turn.
    let answer = fresh_answer(&asked).unwrap();
    assert_eq!(answer.start.as_deref(), Some("The answer is 4181."));
    let view = answer.view;
    let [HistoryItem::User { items }] = view.items() else {
        panic!("{:?}", view.items());
    };
    assert!(
        request_text(items).contains("printed: 4181"),
        "{}",
        request_text(items)
    );
    assert_eq!(parroted_answer_nudge(&asked, parrot, ""), None);
}

#[test]
fn code_sent_back_after_its_output_was_quoted_gets_the_answer_asked_afresh() {
    let h = turn("1099511627776\n", Vec::new());
    let quote =
        repeated_run_nudge(&h, &run("print(2**40)"), Path::new("/nonexistent-folder")).unwrap();
    // Not before the quote.
    assert!(fresh_answer(&h).is_none());
    let quoted = turn("1099511627776\n", after_answer(quote));
    let view = fresh_answer(&quoted).unwrap().view;
    // The request alone, with the value after it: none of the turn's calls or results.
    let [HistoryItem::User { items }] = view.items() else {
        panic!("{:?}", view.items());
    };
    let asked = request_text(items);
    assert!(asked.starts_with("What is 2 to the 40th?"), "{asked}");
    assert!(asked.contains("printed: 1099511627776"), "{asked}");
    assert!(asked.contains("Do not run code again"), "{asked}");
    // Once: after being told that running it again changes nothing, the corrections go on.
    let told = repeated_run_nudge(
        &quoted,
        &run("print(2**40)"),
        Path::new("/nonexistent-folder"),
    )
    .unwrap();
    let mut twice = quoted.clone();
    for item in after_answer(told) {
        twice.push(item);
    }
    assert!(fresh_answer(&twice).is_none());
    // A run that failed, or a long output, is not a value to answer with.
    let failed = runs_ending("What is 2 to the 40th?", &[("print(2**40)", "oops")], true);
    let mut failed = failed.clone();
    for item in after_answer(format!("{REPEATED} x")) {
        failed.push(item);
    }
    assert!(fresh_answer(&failed).is_none());
    let long = turn(&"x".repeat(500), after_answer(format!("{REPEATED} x")));
    assert!(fresh_answer(&long).is_none());
    // Lines, or a line longer than a value, are asked for without a start.
    let lines = turn("a 1\nb 2\n", after_answer(format!("{REPEATED} x")));
    let answer = fresh_answer(&lines).unwrap();
    assert_eq!(answer.start, None);
    let line = turn(&"y".repeat(80), after_answer(format!("{REPEATED} x")));
    assert_eq!(fresh_answer(&line).unwrap().start, None);
}

#[test]
fn code_that_wanted_a_module_runs_again_once_the_module_is_installed() {
    let request = "What is the total of the units column in sales.csv?";
    let code = "import pandas as pd\nprint(pd.read_csv('sales.csv')['units'].sum())";
    let missing =
        "Traceback (most recent call last):\nModuleNotFoundError: No module named 'pandas'\n";
    let install = "pip install pandas";
    let done = "Successfully installed pandas-3.1.1\n";
    let h = runs_marked(request, &[(code, missing, true), (install, done, false)]);
    // An answer, or the install asked for again: the code that needed it runs.
    for next in [None, Some(run(install))] {
        let (again, says) = rerun_after_install(&h, next.as_ref()).unwrap();
        assert_eq!(again, code);
        assert!(says.contains("`pandas` is installed now"), "{says}");
    }
    // Other code the model asks for runs as it is.
    assert_eq!(rerun_after_install(&h, Some(&run("print(1)"))), None);
    // Not before the install, not after a failed install, nor once the code ran again.
    let before = runs_marked(request, &[(code, missing, true)]);
    assert_eq!(rerun_after_install(&before, None), None);
    let failed_install = runs_marked(request, &[(code, missing, true), (install, "ERROR", true)]);
    assert_eq!(rerun_after_install(&failed_install, None), None);
    let ran_again = runs_marked(
        request,
        &[
            (code, missing, true),
            (install, done, false),
            (code, "44\n", false),
        ],
    );
    assert_eq!(rerun_after_install(&ran_again, None), None);
    // Once: code that failed the same way after the install is not run again.
    let still = runs_marked(
        request,
        &[
            (code, missing, true),
            (install, done, false),
            (code, missing, true),
            (install, "Requirement already satisfied: pandas\n", false),
        ],
    );
    assert_eq!(rerun_after_install(&still, None), None);
    // Another module installed is not this one.
    let other = runs_marked(
        request,
        &[(code, missing, true), ("pip install numpy", done, false)],
    );
    assert_eq!(rerun_after_install(&other, None), None);
}

#[test]
fn an_answer_from_code_that_never_read_the_named_file_is_sent_back_once() {
    let here = tempfile::tempdir().unwrap();
    std::fs::write(here.path().join("numbers.txt"), "4\n8\n15\n").unwrap();
    let request = "What is the sum of the numbers in numbers.txt?";
    let made_up = runs(request, &[("print(sum([1, 2, 3, 4, 5]))", "15\n")]);
    let nudge = unread_file_nudge(&made_up, here.path()).unwrap();
    assert!(
        nudge.starts_with("Your code did not read numbers.txt."),
        "{nudge}"
    );
    assert!(nudge.ends_with(request), "{nudge}");
    // Asked again, the code still made its numbers up: the file's head is shown and
    // the code that reads it spelled out, once.
    let mut asked = made_up.clone();
    for item in after_answer(nudge) {
        asked.push(item);
    }
    let again = unread_file_nudge(&asked, here.path()).unwrap();
    assert_eq!(
        again,
        format!(
            "Your code still did not read numbers.txt: it used data of its own. numbers.txt begins:\n```\n4\n8\n15\n```\nWrite Python code in a ```python block that starts with `text = open('numbers.txt').read()`, works on `text`, and prints what my request needs: {request}"
        )
    );
    for item in after_answer(again) {
        asked.push(item);
    }
    assert_eq!(unread_file_nudge(&asked, here.path()), None);
    // Code that opens it, by name or path; a file not in the folder; nothing run yet.
    let read = "print(sum(int(l) for l in open('numbers.txt')))";
    assert_eq!(
        unread_file_nudge(&runs(request, &[(read, "27\n")]), here.path()),
        None
    );
    let by_path = "print(open('./data/../numbers.txt').read())";
    assert_eq!(
        unread_file_nudge(&runs(request, &[(by_path, "4\n")]), here.path()),
        None
    );
    // The file's whole text pasted into the code is its data, not data of its own
    // (twenty-second set, task 29, 0.5B); a part of it is not.
    std::fs::write(
        here.path().join("review.txt"),
        "good food and good service but the good part was the dessert\n",
    )
    .unwrap();
    let review = "In review.txt, which word is repeated the most times?";
    let pasted = "from collections import Counter\ntext = \"\"\"\ngood food and good service but the good part was the dessert\n\"\"\"\nprint(Counter(text.split()).most_common(1)[0][0])";
    assert_eq!(
        unread_file_nudge(&runs(review, &[(pasted, "good\n")]), here.path()),
        None
    );
    let part = "text = 'good food and good service'\nprint(text.split()[0])";
    assert!(unread_file_nudge(&runs(review, &[(part, "good\n")]), here.path()).is_some());
    // The name only in a sentence the code prints is no read (seventh set, task 26, 0.5B:
    // `os.getenv('DB_PORT')` printed with the request's words, None, then "3306"); a path
    // with a space in it that ends with the name, or a shell command naming it, is one.
    let env = tempfile::tempdir().unwrap();
    std::fs::write(env.path().join("app.env"), "DB_PORT=5433\n").unwrap();
    let asked_env = "What is the value of DB_PORT in app.env?";
    let sentence = "import os\ndb_port = os.getenv('DB_PORT')\nprint(f\"What is the value of DB_PORT in app.env? {db_port}\")";
    let nudge = unread_file_nudge(
        &runs(
            asked_env,
            &[(sentence, "What is the value of DB_PORT in app.env? None\n")],
        ),
        env.path(),
    )
    .unwrap();
    assert!(
        nudge.starts_with("Your code did not read app.env."),
        "{nudge}"
    );
    for code in [
        "print(open('app.env').read())",
        "print(open(\"my notes/../app.env\").read())",
    ] {
        assert_eq!(
            unread_file_nudge(&runs(asked_env, &[(code, "DB_PORT=5433\n")]), env.path()),
            None,
            "{code}"
        );
    }
    // Python names a path in quotes (seventh set, task 26, 1.5B: `print(app.env['DB_PORT'])`
    // failed, then `os.getenv` printed None); a shell command names it bare.
    let bare = runs(
        asked_env,
        &[
            (
                "print(app.env['DB_PORT'])",
                "NameError: name 'app' is not defined",
            ),
            ("import os; print(os.getenv('DB_PORT'))", "None\n"),
        ],
    );
    assert!(unread_file_nudge(&bare, env.path()).is_some());
    assert!(names_file("grep DB_PORT app.env", "app.env", false));
    assert!(!names_file("print(app.env)", "app.env", true));
    assert!(names_file("open(f'{folder}/app.env')", "app.env", true));
    let elsewhere = "What is the sum of the numbers in other.txt?";
    assert_eq!(
        unread_file_nudge(&runs(elsewhere, &[("print(15)", "15\n")]), here.path()),
        None
    );
    assert_eq!(unread_file_nudge(&runs(request, &[]), here.path()), None);
    // A file the request asks for that no code made.
    let create = "Create a file hello.txt containing exactly the text hi there, then tell me its size in bytes.";
    let printed = runs(create, &[("print('hi there')", "hi there\n")]);
    let nudge = unread_file_nudge(&printed, here.path()).unwrap();
    assert!(
        nudge.starts_with("Your code did not create hello.txt. Write Python code"),
        "{nudge}"
    );
    let mut asked = printed.clone();
    for item in after_answer(nudge) {
        asked.push(item);
    }
    assert_eq!(unread_file_nudge(&asked, here.path()), None);
    let made = "open('hello.txt', 'w').write('hi there')";
    assert_eq!(
        unread_file_nudge(&runs(create, &[(made, "8\n")]), here.path()),
        None
    );
    // A file named but not asked for, and not here, is no one's to make.
    let about = "How long is hello.txt?";
    assert_eq!(
        unread_file_nudge(&runs(about, &[("print(8)", "8\n")]), here.path()),
        None
    );
}

#[test]
fn code_that_failed_on_a_path_beside_the_file_runs_mended_when_asked_again() {
    let here = tempfile::tempdir().unwrap();
    std::fs::write(here.path().join("app.log"), "2024-03-02 WARN disk\n").unwrap();
    let code = "with open('/tmp/bench/app.log') as f:\n    print(f.read())";
    let failed = "Traceback (most recent call last):\nFileNotFoundError: [Errno 2] No such file or directory: '/tmp/bench/app.log'\n";
    let h = runs_ending(
        "On which date does app.log have a WARN line?",
        &[(code, failed)],
        true,
    );
    let (mended, says) = mended_path(&h, Some(&run(code)), here.path()).unwrap();
    assert_eq!(mended, "with open('app.log') as f:\n    print(f.read())");
    assert!(
        says.contains("/tmp/bench/app.log") && says.contains("running it with app.log"),
        "{says}"
    );
    // Changed code runs as the model wrote it; so does a path whose file is not here.
    assert_eq!(mended_path(&h, Some(&run("print(1)")), here.path()), None);
    let elsewhere = tempfile::tempdir().unwrap();
    assert_eq!(mended_path(&h, Some(&run(code)), elsewhere.path()), None);
    // Not after a run that worked.
    let worked = runs(
        "On which date does app.log have a WARN line?",
        &[(code, "x\n")],
    );
    assert_eq!(mended_path(&worked, Some(&run(code)), here.path()), None);

    // The empty path listed as a folder (the 1.5B model's `os.listdir("")`): a hint, then
    // the unchanged code runs with the working folder.
    let listed = "import os\nprint(len(os.listdir(\"\")), repr(\"\"))";
    let empty = "Traceback (most recent call last):\nFileNotFoundError: [Errno 2] No such file or directory: ''\n";
    let hint = run_hint("python", listed, empty, true, here.path()).unwrap();
    assert!(
        hint.text
            .starts_with("`''` is an empty path: it names no file or folder."),
        "{}",
        hint.text
    );
    let h = runs_ending(
        "How many files are in this folder?",
        &[(listed, empty)],
        true,
    );
    let (mended, says) = mended_path(&h, Some(&run(listed)), here.path()).unwrap();
    assert_eq!(mended, "import os\nprint(len(os.listdir('.')), repr(\"\"))");
    assert!(says.contains("running it with '.'"), "{says}");
    let opened = "print(open('').read())";
    let h = runs_ending("What is in it?", &[(opened, empty)], true);
    assert_eq!(mended_path(&h, Some(&run(opened)), here.path()), None);
}

#[test]
fn code_sent_back_unchanged_after_a_missing_module_installs_it_once() {
    let request = "What is the total of the units column in sales.csv?";
    let code = "import pandas as pd\nprint(pd.read_csv('sales.csv')['units'].sum())";
    let missing = "ModuleNotFoundError: No module named 'pandas'\n";
    let h = runs_ending(request, &[(code, missing)], true);
    let (install, says) = install_missing(&h, &run(code)).unwrap();
    assert!(
        install.contains(r#"[sys.executable, "-m", "pip", "install", "-q", "#)
            && install.contains(r#""pandas"], capture_output=True"#),
        "{install}"
    );
    assert!(says.contains("installing pandas with pip"), "{says}");
    // It is Python that parses (the engine runs it as written).
    let mut parse = std::process::Command::new("python3")
        .args(["-c", "import ast, sys; ast.parse(sys.stdin.read())"])
        .stdin(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    std::io::Write::write_all(parse.stdin.as_mut().unwrap(), install.as_bytes()).unwrap();
    assert!(parse.wait().unwrap().success(), "{install}");
    // The install the engine wrote counts as the module's install.
    assert!(installs(&install, "pandas"));
    let after = runs_marked(
        request,
        &[
            (code, missing, true),
            (&install, "Successfully installed pandas\n", false),
        ],
    );
    assert_eq!(rerun_after_install(&after, None).unwrap().0, code);
    // Once per turn: an install that failed is not tried again.
    let tried = runs_marked(
        request,
        &[
            (code, missing, true),
            (&install, "ERROR: no network\n", true),
            (code, missing, true),
        ],
    );
    assert_eq!(install_missing(&tried, &run(code)), None);
    // Changed code runs as written; an import name is installed as its package.
    assert_eq!(install_missing(&h, &run("print(1)")), None);
    let cv = runs_ending(
        request,
        &[("import cv2", "ModuleNotFoundError: No module named 'cv2'\n")],
        true,
    );
    assert!(
        install_missing(&cv, &run("import cv2"))
            .unwrap()
            .0
            .contains("\"opencv-python\"")
    );
    // A module the engine does not know is not installed by name: a package of that
    // name may be someone else's.
    let unknown = "ModuleNotFoundError: No module named 'acme_widgets'\n";
    let h = runs_ending(request, &[("import acme_widgets", unknown)], true);
    assert_eq!(install_missing(&h, &run("import acme_widgets")), None);
}

#[test]
fn a_standard_name_used_without_its_import_is_hinted_then_added_when_sent_back() {
    let here = tempfile::tempdir().unwrap();
    let code = "print(median([91, 23, 57, 14, 68]))";
    let out = "Traceback (most recent call last):\nNameError: name 'median' is not defined\n";
    let hint = run_hint("python", code, out, true, here.path()).unwrap();
    assert_eq!(
        hint.text,
        "`median` comes from Python's standard library: add `from statistics import median` at the top."
    );
    let math = "NameError: name 'math' is not defined";
    assert!(
        run_hint("python", "math.sqrt(2)", math, true, here.path())
            .unwrap()
            .text
            .contains("`import math`")
    );
    // A name of the model's own gets no guess.
    let own = "NameError: name 'total' is not defined";
    assert_eq!(
        run_hint("python", "print(total)", own, true, here.path()),
        None
    );
    // Sent back unchanged: the engine adds the import.
    let h = runs_ending(
        "Give me the median of 91, 23, 57, 14, 68",
        &[(code, out)],
        true,
    );
    let (mended, says) = mended_import(&h, Some(&run(code))).unwrap();
    assert_eq!(mended, format!("from statistics import median\n{code}"));
    assert!(
        says.contains("`from statistics import median` added"),
        "{says}"
    );
    assert_eq!(mended_import(&h, Some(&run("print(1)"))), None);
    let own_failed = runs_ending("total?", &[("print(total)", own)], true);
    assert_eq!(mended_import(&own_failed, Some(&run("print(total)"))), None);
    // Answered right after the failure (the 0.5B model said the traceback back): the
    // engine runs it mended all the same.
    let (mended, says) = mended_import(&h, None).unwrap();
    assert_eq!(mended, format!("from statistics import median\n{code}"));
    assert!(says.contains("it answered without fixing it"), "{says}");
    assert_eq!(mended_import(&own_failed, None), None);
    let worked = runs("Give me the median", &[(code, "57\n")]);
    assert_eq!(mended_import(&worked, None), None);
}

#[test]
fn a_counter_added_to_before_it_has_a_value_is_hinted_then_started_when_sent_back() {
    let here = tempfile::tempdir().unwrap();
    let code = "with open('app.log') as f:\n    for line in f:\n        if 'disk' in line:\n            count += 1\nprint(count)";
    let out = "Traceback (most recent call last):\n  File \"<cell 2>\", line 4, in <module>\n    count += 1\n    ^^^^^\nNameError: name 'count' is not defined\n";
    let hint = run_hint("python", code, out, true, here.path()).unwrap();
    assert_eq!(
        hint.text,
        "`count +=` adds to `count`, which has no value yet. Give it its first value before the loop: `count = 0`."
    );
    let h = runs_ending(
        "How many lines of app.log mention disk?",
        &[(code, out)],
        true,
    );
    let (mended, says) = mended_counter(&h, Some(&run(code))).unwrap();
    assert_eq!(mended, format!("count = 0\n{code}"));
    assert!(says.contains("running it with `count = 0` first"), "{says}");
    assert!(mended_counter(&h, None).is_some());
    assert_eq!(mended_counter(&h, Some(&run("print(1)"))), None);
    // Text and lists start empty.
    let joined = "for w in ['a', 'b']:\n    text += ' ' + w\nprint(text)";
    let out_text = "NameError: name 'text' is not defined";
    assert_eq!(unset_counter(joined, out_text), Some(("text", "''")));
    let listed = "for w in 'ab':\n    seen += [w]";
    assert_eq!(
        unset_counter(listed, "NameError: name 'seen' is not defined"),
        Some(("seen", "[]"))
    );
    // A name given a value somewhere, a loop variable, another failure, or an addition
    // of something else: no guess.
    for (code, out) in [
        (
            "print(count)\ncount = 0\ncount += 1",
            "NameError: name 'count' is not defined",
        ),
        ("total += price\n", "NameError: name 'total' is not defined"),
        ("print(count)", "NameError: name 'count' is not defined"),
        ("count += 1", "NameError: name 'counter' is not defined"),
        (
            "for count in range(3):\n    count += 1",
            "NameError: name 'count' is not defined",
        ),
    ] {
        assert_eq!(unset_counter(code, out), None, "{code}");
    }
}

#[test]
fn reading_a_document_again_is_answered_with_its_text_once() {
    let code = "print(computer.files.read(\"/d/harbour-report.pdf\"))";
    let text = "/d/harbour-report.pdf (PDF, 2 pages)\n--- page 1 ---\nHarbour works report.\n\
                    --- page 2 ---\n-2-\n\nThe harbour opens again on Tuesday.\n";
    let summarize = "Find the PDF I downloaded last week and summarize it.";
    let h = runs(summarize, &[(code, text)]);
    let nudge = repeated_run_nudge(&h, &run(code), Path::new("/nonexistent-folder")).unwrap();
    assert!(
        nudge.starts_with(
            "Your code read /d/harbour-report.pdf (PDF, 2 pages):\nHarbour works report."
        ),
        "{nudge}"
    );
    assert!(nudge.contains("opens again on Tuesday."), "{nudge}");
    assert!(!nudge.contains("--- page"), "{nudge}");
    assert!(nudge.contains("read it again"), "{nudge}");
    assert!(nudge.ends_with(&format!("Now answer my request ({summarize}) from that text, in two or three sentences of your own.")), "{nudge}");
    // Once: a model that reads it again after that is sent to the next step.
    let mut asked = h.clone();
    for item in after_answer(nudge) {
        asked.push(item);
    }
    let again = repeated_run_nudge(&asked, &run(code), Path::new("/nonexistent-folder")).unwrap();
    assert!(again.contains("ran already and worked"), "{again}");
    // A plain file read again is any other run's repeat.
    let note = "print(computer.files.read('note.txt'))";
    let plain = repeated_run_nudge(
        &runs("read the note", &[(note, "hello\n")]),
        &run(note),
        Path::new("/nonexistent-folder"),
    )
    .unwrap();
    assert!(plain.starts_with("Your code printed:\nhello"), "{plain}");
}

#[test]
fn running_code_that_worked_again_past_a_short_output_is_sent_to_the_next_step_each_time() {
    let request = "What is the total of the units column in sales.csv?";
    let install = "import subprocess\nsubprocess.run(['pip', 'install', 'pandas'])";
    let long = "Collecting pandas\n".repeat(40);
    let h = runs(request, &[(install, long.as_str())]);
    let nudge = repeated_run_nudge(&h, &run(install), Path::new("/nonexistent-folder")).unwrap();
    assert!(nudge.contains("ran already and worked"), "{nudge}");
    assert!(nudge.contains(request), "{nudge}");
    assert!(!nudge.contains("Collecting"), "{nudge}");
    // Each time it repeats (the turn's limit on corrections in a row ends the loop).
    let mut asked = h.clone();
    for item in after_answer(nudge) {
        asked.push(item);
    }
    assert!(repeated_run_nudge(&asked, &run(install), Path::new("/nonexistent-folder")).is_some());
    // Code that printed nothing is not worth running again either; other code runs.
    let silent = runs(request, &[("total = 44", "")]);
    assert!(
        repeated_run_nudge(
            &silent,
            &run("total = 44"),
            Path::new("/nonexistent-folder")
        )
        .is_some()
    );
    assert_eq!(
        repeated_run_nudge(
            &silent,
            &run("print(total)"),
            Path::new("/nonexistent-folder")
        ),
        None
    );
}

#[test]
fn running_the_code_that_just_failed_again_is_answered_with_its_error_each_time() {
    let listing = "import os\nprint(len(os.listdir('poem.txt')))";
    let failed = "Traceback (most recent call last):\n  File \"<cell 2>\", line 2\n\
                      NotADirectoryError: [Errno 20] Not a directory: 'poem.txt'\n";
    let h = runs_ending(
        "How many lines does poem.txt have?",
        &[(listing, failed)],
        true,
    );
    let nudge = repeated_failure_nudge(&h, &run(&format!("{listing}\n"))).unwrap();
    assert!(
        nudge.contains("NotADirectoryError: [Errno 20] Not a directory: 'poem.txt'"),
        "{nudge}"
    );
    assert!(!nudge.contains("Traceback"), "{nudge}");
    // Changed code runs, and so does the same code after a run that worked.
    assert_eq!(
        repeated_failure_nudge(&h, &run("print(open('poem.txt').read().count('\\n'))")),
        None
    );
    let worked = runs("How many lines does poem.txt have?", &[(listing, "4\n")]);
    assert_eq!(repeated_failure_nudge(&worked, &run(listing)), None);
    // Asked again while the model repeats it (the turn's limit on corrections ends that).
    let mut asked = h.clone();
    for item in after_answer(nudge) {
        asked.push(item);
    }
    assert!(repeated_failure_nudge(&asked, &run(listing)).is_some());
    // The exception line, not the last line of a hint that runs over lines after it, and
    // the hint whole after it (the 0.5B model, told only `KeyError: 'data'` again, sent
    // the same code back until the turn ended).
    let csv = "print(sum(int(r[0]) for r in rows))";
    let hinted = "Traceback (most recent call last):\nValueError: invalid literal for int() with base 10: 'north'\n\n\
                      (`sales.csv` begins:\n```\nregion,units\n```\nLook at which column holds what.)";
    let h = runs_ending("Sum the units.", &[(csv, hinted)], true);
    let nudge = repeated_failure_nudge(&h, &run(csv)).unwrap();
    assert!(
            nudge.contains(
                "it failed with:\nValueError: invalid literal for int() with base 10: 'north'\n(`sales.csv` begins:\n```\nregion,units\n```\nLook at which column holds what.)\n\nIt would fail"
            ),
            "{nudge}"
        );
    // A run sent back as undone with no exception (a search that missed): what it printed
    // and the hint whole, not the hint's last line.
    let search = "print('No WARN lines found in app.log.')";
    let missed = "No WARN lines found in app.log.\n\n(`app.log` does hold `WARN`, so your code's search missed it. These lines have it:\n```\n3: 2026-11-02 WARN slow\n```\nMatch what they really say, then run the code again.)";
    let h = runs_ending("When is the WARN line?", &[(search, missed)], true);
    let nudge = repeated_failure_nudge(&h, &run(search)).unwrap();
    assert!(
        nudge.contains(
            "it failed with:\nNo WARN lines found in app.log.\n(`app.log` does hold `WARN`"
        ) && nudge.contains("3: 2026-11-02 WARN slow"),
        "{nudge}"
    );
}

#[test]
fn a_reply_to_a_repeat_correction_is_sampled_warmer_each_time() {
    let code = "numbers = [1, 2]\nsum = sum(numbers)\nprint(sum)";
    let failed = "TypeError: 'int' object is not callable\n";
    let h = runs_ending("Sum numbers.txt.", &[(code, failed)], true);
    // After the failed run itself: greedy, as the profile says.
    assert_eq!(resample_temperature(&h), None);
    let mut asked = h.clone();
    let nudge = repeated_failure_nudge(&h, &run(code)).unwrap();
    for item in after_answer(nudge.clone()) {
        asked.push(item);
    }
    assert_eq!(resample_temperature(&asked), Some(0.0));
    for item in after_answer(nudge) {
        asked.push(item);
    }
    assert_eq!(resample_temperature(&asked), Some(0.7));
    // Code that worked, asked for again, is shown its output to answer from, in view: asked
    // afresh, the 0.5B model worked out again what it had printed (165.0), wrongly.
    let worked = runs("What is 2**40?", &[("print(2**40)", "1099511627776\n")]);
    let mut asked = worked.clone();
    for item in after_answer(
        repeated_run_nudge(
            &worked,
            &run("print(2**40)"),
            Path::new("/nonexistent-folder"),
        )
        .unwrap(),
    ) {
        asked.push(item);
    }
    assert_eq!(resample_temperature(&asked), None);
    // Other corrections leave the temperature alone.
    let other = turn(
        "42\n",
        after_answer(unused_output_nudge(&turn("42\n", Vec::new()), "Done.").unwrap()),
    );
    assert_eq!(resample_temperature(&other), None);
}

#[test]
fn a_repeat_is_asked_afresh_with_what_the_last_run_showed_and_earlier_turns_kept() {
    let code = "error_count = 0\nreturn error_count";
    let failed = "  File \"<cell 1>\", line 2\nSyntaxError: 'return' outside function\n\n\
                      (`return` works only inside a function. At the top level, print the value instead: `print(value)`.)";
    let mut h = runs("What is 2 + 2?", &[("print(2 + 2)", "4\n")]);
    h.push(HistoryItem::Assistant {
        text: "It is 4.".into(),
        reasoning: String::new(),
        calls: Vec::new(),
        interrupted: false,
    });
    let this_turn = runs_ending(
        "How many ERROR lines are in app.log?",
        &[(code, failed)],
        true,
    );
    for item in this_turn.items() {
        h.push(item.clone());
    }
    assert_eq!(fresh_attempt(&h), None);
    let nudge = repeated_failure_nudge(&h, &run(code)).unwrap();
    for item in after_answer(nudge) {
        h.push(item);
    }
    let (fresh, temperature) = fresh_attempt(&h).unwrap();
    assert_eq!(temperature, 0.0);
    // The earlier turn whole, then this turn's request alone, with the lesson after it.
    let items = fresh.items();
    assert_eq!(items[..4], h.items()[..4]);
    assert_eq!(items.len(), 5);
    let HistoryItem::User { items: asked } = &items[4] else {
        panic!("{:?}", items[4]);
    };
    let texts: Vec<&str> = asked
        .iter()
        .filter_map(|i| match i {
            InputItem::Text { text } => Some(text.as_str()),
            _ => None,
        })
        .collect();
    assert_eq!(texts[0], "How many ERROR lines are in app.log?");
    assert!(
        texts[1]
            .contains("failed with:\nSyntaxError: 'return' outside function\n(`return` works only"),
        "{}",
        texts[1]
    );
    assert!(!texts[1].contains(code), "{}", texts[1]);
    // What a run that worked showed stays in view, the tries after it do not.
    let listing = "print(os.listdir('.'))";
    let mut h = runs_ending(
        "How many ERROR lines are in app.log?",
        &[(listing, "['app.log']\n"), (code, failed)],
        true,
    );
    for item in after_answer(repeated_failure_nudge(&h, &run(code)).unwrap()) {
        h.push(item);
    }
    let (fresh, _) = fresh_attempt(&h).unwrap();
    assert_eq!(fresh.items()[..3], h.items()[..3]);
    assert_eq!(fresh.items().len(), 4);
    let HistoryItem::User { items: said } = &fresh.items()[3] else {
        panic!("{:?}", fresh.items()[3]);
    };
    assert!(
        matches!(&said[..], [InputItem::Text { text }] if text.starts_with("(A first try at this failed with:\nSyntaxError")),
        "{said:?}"
    );
    assert!(texts[1].starts_with("\n\n(A first try"), "{}", texts[1]);
}

#[test]
fn a_built_in_the_session_made_a_value_is_named_with_the_way_back() {
    let traceback = |line: &str| {
        format!(
            "Traceback (most recent call last):\n  File \"<cell 2>\", line 2, in <module>\n    {line}\n\
                 TypeError: 'int' object is not callable\n"
        )
    };
    let here = Path::new("/nonexistent");
    let code = "numbers = [1, 2]\nsum = sum(numbers)\nprint(sum)";
    let hint = run_hint("python", code, &traceback("sum = sum(numbers)"), true, here).unwrap();
    assert!(
        hint.text.contains("`sum` is no longer Python's built-in"),
        "{}",
        hint.text
    );
    assert!(hint.text.contains("`del sum`"), "{}", hint.text);
    // Assigned by an earlier run: the traceback's line calls it.
    let code = "total = max(values)\nprint(total)";
    let hint = run_hint(
        "python",
        code,
        &traceback("total = max(values)"),
        true,
        here,
    )
    .unwrap();
    assert!(hint.text.contains("`max`"), "{}", hint.text);
    // A value called that is no built-in, or a built-in's name inside another, is not this.
    let code = "checksum = 3\nprint(checksum(2))";
    assert_eq!(
        run_hint("python", code, &traceback("print(checksum(2))"), true, here),
        None
    );
}

#[test]
fn a_value_named_after_the_request_and_never_printed_is_printed_by_the_engine() {
    let code = "import json\nwith open('team.json') as f:\n    data = json.load(f)\n\
                    total_age = sum(d['age'] for d in data['team'])\nnum_teams = len(data['team'])\n\
                    average_age = total_age / num_teams\nresult = {'total_age': total_age, 'num_teams': num_teams}\n\
                    print(json.dumps(result))";
    let request = "What is the average age in team.json?";
    let h = runs(
        request,
        &[(code, "{\"total_age\": 110, \"num_teams\": 3}\n")],
    );
    let (print, says) = print_unprinted(&h, "").unwrap();
    assert_eq!(print, "print(average_age)");
    assert!(says.contains("`average_age`"), "{says}");
    // Once: after the engine printed it, the model's next answer stands.
    let printed = runs(
        request,
        &[
            (code, "{}\n"),
            ("print(average_age)", "36.666666666666664\n"),
        ],
    );
    assert_eq!(print_unprinted(&printed, ""), None);
    // A value the request does not ask about, one read later, or one inside a function
    // (not the kernel's) is not this.
    assert_eq!(
        print_unprinted(&runs("How many teams?", &[(code, "{}\n")]), ""),
        None
    );
    let used = "average_age = 110 / 3\nprint(round(average_age, 1))";
    assert_eq!(
        print_unprinted(&runs(request, &[(used, "36.7\n")]), ""),
        None
    );
    let local =
        "def f(ages):\n    average_age = sum(ages) / len(ages)\n    return 0\nprint(f([1]))";
    assert_eq!(print_unprinted(&runs(request, &[(local, "0\n")]), ""), None);
    assert_eq!(
        unused_values("a = 1\nb = a + 1\nif b == 2:\n    c = b\n"),
        vec!["c"]
    );
    // A string that names it is no read; an f-string's expression is.
    assert_eq!(
        unused_values("avg = 1\nresult = {'name': \"avg\"}\nprint(result)"),
        vec!["avg"]
    );
    assert_eq!(
        unused_values("avg = 1\nprint(f\"mean {avg:.1f}\")"),
        Vec::<&str>::new()
    );
    assert_eq!(without_strings(r#"x = 'a\'b' + f"{y}" "#), "x =   + f y   ");
}

#[test]
fn a_field_of_the_last_row_is_no_value_to_print() {
    // The 0.5B model's (nineteenth set, task 33): `class_` is the request's "class", and the
    // row the loop ended on.
    let request = "What is the average score of the students in class B in scores.csv?";
    let code = [
        "import csv",
        "with open('scores.csv') as file:",
        "    reader = csv.reader(file)",
        "    next(reader)",
        "    total_score = 0",
        "    count = 0",
        "    for row in reader:",
        "        student = row[0]",
        "        class_ = row[1]",
        "        score = int(row[2])",
        "        total_score += score",
        "        count += 1",
        "    average_score = total_score / count",
        "    print({'total': total_score, 'average_score': average_score})",
    ]
    .join("\n");
    let code = code.as_str();
    let h = runs(
        request,
        &[(code, "{'total': 383, 'average_score': 76.6}\n")],
    );
    assert_eq!(print_unprinted(&h, ""), None);
    assert!(one_row_field(code, "class_"));
    assert!(one_row_field(
        "for line in f:\n    parts = line.split(',')\n    name = parts[0].strip()",
        "name"
    ));
    // Given anything else, or outside a loop, it is a value of its own.
    for (code, name) in [
        ("row = rows[-1]\nclass_ = row[1]", "class_"),
        (
            "for row in rows:\n    best = row[1]\nbest = max(best, 3)",
            "best",
        ),
        (
            "for row in rows:\n    total = row[1]\n    total += 1",
            "total",
        ),
        ("for row in rows:\n    score = int(row[2])", "score"),
    ] {
        assert!(!one_row_field(code, name), "{code}");
    }
}

#[test]
fn a_column_printed_for_a_total_is_answered_with_how_to_add_it_up() {
    let request = "What is the sum of units times price over all rows of sales.csv?";
    let code = "import pandas as pd\ndf = pd.read_csv('sales.csv')\ntotal = df['units'] * df['price']\nprint(total)";
    let column = "0    42.0\n1    28.0\n2    45.0\n3    50.0\ndtype: float64\n";
    let h = runs(request, &[(code, column)]);
    let nudge = unused_output_nudge(&h, "The code printed the sum.").unwrap();
    assert!(nudge.contains("one value per row"), "{nudge}");
    assert!(nudge.contains("`print(total.sum())`"), "{nudge}");
    // A list, for an average.
    let request = "What is the average of the numbers?";
    let h = runs(request, &[("print(nums)", "[14, 3, 27, 8]\n")]);
    let nudge = unused_output_nudge(&h, "Done.").unwrap();
    assert!(nudge.contains("`print(sum(nums) / len(nums))`"), "{nudge}");
    // Not asked for a total: no such sentence.
    let h = runs("Show the products per row.", &[(code, column)]);
    let nudge = unused_output_nudge(&h, "Done.").unwrap();
    assert!(!nudge.contains("one value per row"), "{nudge}");
    // An answer with one of the rows (lt05s task 8) is asked again too, once; one with a
    // row for a request that wants the rows is fine.
    let h = runs(request_sum(), &[(code, column)]);
    let answer = "The sum of units times price over all rows of sales.csv is 42.0.";
    let nudge = unused_output_nudge(&h, answer).unwrap();
    assert!(
        nudge.contains(ONE_ROW) && nudge.contains("`print(total.sum())`"),
        "{nudge}"
    );
    let mut asked = h.clone();
    for item in after_answer(nudge) {
        asked.push(item);
    }
    assert_eq!(unused_output_nudge(&asked, answer), None);
    let rows = runs("Show the products per row.", &[(code, column)]);
    assert_eq!(unused_output_nudge(&rows, "The first is 42.0."), None);
}

#[test]
fn an_answer_with_a_row_again_after_being_shown_how_to_add_them_up_gets_the_total_run() {
    let code = "import pandas as pd\ndf = pd.read_csv('sales.csv')\ntotal = df['units'] * df['price']\nprint(total)";
    let column = "0    42.0\n1    28.0\n2    45.0\n3    50.0\ndtype: float64\n";
    let mut h = runs(request_sum(), &[(code, column)]);
    assert_eq!(total_of_rows(&h, None), None);
    // A made-up total is told how too (lt05u task 8 answered 120).
    let made_up = unused_output_nudge(&h, "It is 120.").unwrap();
    assert!(
        made_up.contains("120") && made_up.contains("`print(total.sum())`"),
        "{made_up}"
    );
    let answer = "The sum of units times price over all rows of sales.csv is 42.0.";
    let nudge = unused_output_nudge(&h, answer).unwrap();
    for item in after_answer(nudge) {
        h.push(item);
    }
    let (ran, says) = total_of_rows(&h, None).unwrap();
    assert_eq!(ran, "print(total.sum())");
    assert!(says.contains("answered where the request asks"), "{says}");
    // Or the same column code sent back after it was shown (lt05u task 8); other code is
    // the model's own.
    let (again, says) = total_of_rows(&h, Some(&run(code))).unwrap();
    assert_eq!(again, "print(total.sum())");
    assert!(says.contains("sent the same code back"), "{says}");
    assert_eq!(
        total_of_rows(&h, Some(&run("print(total.sum() / 2)"))),
        None
    );
    // Once: after the engine ran it, the model answers from its output.
    let done = runs(
        request_sum(),
        &[(code, column), ("print(total.sum())", "165.0\n")],
    );
    let mut asked = done.clone();
    for item in after_answer(format!("{ONE_PER_ROW}, … like `print(total.sum())`.")) {
        asked.push(item);
    }
    assert_eq!(total_of_rows(&asked, None), None);
}

fn request_sum() -> &'static str {
    "What is the sum of units times price over all rows of sales.csv?"
}

#[test]
fn the_nudge_is_asked_once_per_turn() {
    let first = unused_output_nudge(&turn("42\n", Vec::new()), "Done.").unwrap();
    let asked = turn("42\n", after_answer(first));
    assert_eq!(unused_output_nudge(&asked, "Still done."), None);
}

/// A reply the harness corrected with `correction`, then its correction.
fn corrected(reply: &str, id: &str, correction: &str) -> Vec<HistoryItem> {
    vec![
        HistoryItem::Assistant {
            text: reply.into(),
            reasoning: String::new(),
            calls: vec![crate::profile::format_error_call(
                id.into(),
                correction.into(),
            )],
            interrupted: false,
        },
        HistoryItem::ToolResult {
            call_id: id.into(),
            tool_name: crate::profile::FORMAT_ERROR.into(),
            output: correction.into(),
            is_error: true,
            images: Vec::new(),
        },
    ]
}

#[test]
fn the_same_reply_twice_is_told_so_then_asked_afresh_without_it() {
    let request =
        "Write the text OK into status.txt, then tell me how many files this folder has now.";
    let told = "Nothing ran: you answered without looking in the folder.";
    let mut h = runs(request, &[]);
    for item in corrected("OK\n1", "c1", told) {
        h.push(item);
    }
    // One correction is no streak yet.
    assert_eq!(stuck_view(&h, Path::new("/nonexistent-folder")), None);
    // The same reply again is told so, with the correction it drew.
    let again = repeated_reply_nudge(&h, " OK\n1\n").unwrap();
    assert_eq!(again, format!("{SAME_REPLY} {told}"));
    assert_eq!(repeated_reply_nudge(&h, "There are 3 files."), None);
    // Not once a run came since: it may have made the reply true.
    let mut ran = h.clone();
    for item in runs(request, &[("print(len(os.listdir('.')))", "1\n")])
        .items()
        .iter()
        .skip(1)
    {
        ran.push(item.clone());
    }
    assert_eq!(repeated_reply_nudge(&ran, "OK\n1"), None);
    for item in corrected("OK\n1", "c2", &again) {
        h.push(item);
    }
    assert_eq!(repeated_reply_nudge(&h, "OK\n1"), None, "once a turn");
    // Two corrected replies in a row: the request with the correction after it, and not
    // the replies; sampled warm, since the model said the same twice.
    let Stuck {
        view,
        temperature,
        code_start,
        answer_start,
    } = stuck_view(&h, Path::new("/nonexistent-folder")).unwrap();
    assert_eq!(temperature, STUCK_TEMPERATURE);
    assert_eq!(answer_start, None);
    // Both replies ran nothing: the next one is to begin as code.
    assert_eq!(code_start.as_deref(), Some(CODE_FIRST));
    let [HistoryItem::User { items }] = view.items() else {
        panic!("{:?}", view.items());
    };
    let texts: Vec<&str> = items
        .iter()
        .filter_map(|i| match i {
            InputItem::Text { text } => Some(text.as_str()),
            _ => None,
        })
        .collect();
    assert_eq!(texts[0], request);
    assert_eq!(
        texts[1],
        format!("\n\n(Your first replies to this were not usable. {told})")
    );
    // Two different slips, each corrected: asked afresh at temperature 0; a run that
    // worked in between ends the streak, and what it showed stays in view.
    let mut other = runs(request, &[]);
    for item in corrected(
        "{\"name\": \"count\"}",
        "c1",
        "There is no tool named `count`.",
    ) {
        other.push(item);
    }
    for item in corrected("OK", "c2", told) {
        other.push(item);
    }
    let stuck = stuck_view(&other, Path::new("/nonexistent-folder")).unwrap();
    assert_eq!(stuck.temperature, 0.0);
    assert_eq!(stuck.code_start.as_deref(), Some(CODE_FIRST));
    // Calls that ran nothing, twice: asked for a python block, without their JSON example.
    let unknown = "There is no tool named `done`, so nothing ran. The tools here are: `execute`. To work something out, … like {\"name\":\"execute\",…}";
    let mut calls = runs(request, &[]);
    for id in ["c1", "c2"] {
        for item in corrected("{\"name\": \"done\"}", id, unknown) {
            calls.push(item);
        }
    }
    let Stuck {
        view, temperature, ..
    } = stuck_view(&calls, Path::new("/nonexistent-folder")).unwrap();
    assert_eq!(temperature, STUCK_TEMPERATURE);
    let said = request_text(match view.items() {
        [HistoryItem::User { items }] => items,
        other => panic!("{other:?}"),
    });
    assert!(
            said.ends_with("(Your first replies to this were tool calls that ran nothing. Write Python code in a ```python block that does it and prints the answer.)")
                && !said.contains("\"name\""),
            "{said}"
        );
    let mut worked = runs(request, &[("print(os.listdir('.'))", "['x.txt']\n")]);
    for item in corrected("OK", "c2", told) {
        worked.push(item);
    }
    assert_eq!(stuck_view(&worked, Path::new("/nonexistent-folder")), None);
    for item in corrected("OK", "c3", told) {
        worked.push(item);
    }
    let view = stuck_view(&worked, Path::new("/nonexistent-folder"))
        .unwrap()
        .view;
    assert_eq!(view.items()[..3], worked.items()[..3]);
    assert_eq!(view.items().len(), 4);
    // A reply that fell into a loop, then one more slip, where the request does not want
    // code: not both ran nothing for want of code, so no start is given.
    let loop_said = "Your reply kept repeating \"\\d+%\" and was cut there; nothing in it ran.";
    let chat = "Tell me what a percentage is.";
    let mut looped = runs(chat, &[]);
    for item in corrected("\\d+%\\d+%", "c1", loop_said) {
        looped.push(item);
    }
    for item in corrected("OK", "c2", told) {
        looped.push(item);
    }
    assert_eq!(
        stuck_view(&looped, Path::new("/nonexistent-folder"))
            .unwrap()
            .code_start,
        None
    );
    // Where it wants code (a file it names, or "use code"), a loop ran nothing for want of
    // it: begun as code (thirtieth set, task 8: compound interest in LaTeX, looped three
    // times).
    for wants in [
        request,
        "What does 5000 grow to at 4% a year compounded monthly for 3 years? Use code.",
    ] {
        let mut looped = runs(wants, &[]);
        for item in corrected("\\d+%\\d+%", "c1", loop_said) {
            looped.push(item);
        }
        for item in corrected("OK", "c2", told) {
            looped.push(item);
        }
        assert_eq!(
            stuck_view(&looped, Path::new("/nonexistent-folder"))
                .unwrap()
                .code_start
                .as_deref(),
            Some(CODE_FIRST),
            "{wants}"
        );
    }
}

#[test]
fn a_stuck_reply_for_a_file_no_code_read_is_begun_by_opening_it() {
    // The main set, task 32 (0.5B): begun only as a block, its made-up call written in it.
    let here = tempfile::tempdir().unwrap();
    std::fs::write(here.path().join("app.log"), "2026-11-01 ERROR disk\n").unwrap();
    let request = "How many lines of app.log mention disk?";
    let unknown = "There is no tool named `disk`, so nothing ran. The tools here are: `execute`.";
    let stuck_for = |request: &str| {
        let mut calls = runs(request, &[]);
        for id in ["c1", "c2"] {
            for item in corrected(
                "{\"name\": \"disk\", \"arguments\": {\"lines\": 7}}",
                id,
                unknown,
            ) {
                calls.push(item);
            }
        }
        stuck_view(&calls, here.path()).unwrap().code_start
    };
    assert_eq!(
        stuck_for(request).as_deref(),
        Some("```python\ntext = open('app.log').read()\n")
    );
    // A file that is not here: the block alone.
    assert_eq!(
        stuck_for("How many lines of other.log mention disk?").as_deref(),
        Some(CODE_FIRST)
    );
    // Read by earlier code of the turn: the block alone.
    let mut read = runs(
        request,
        &[("lines = open('app.log').read().splitlines()", "")],
    );
    for id in ["c2", "c3"] {
        for item in corrected("{\"name\": \"disk\"}", id, unknown) {
            read.push(item);
        }
    }
    assert_eq!(
        stuck_view(&read, here.path())
            .unwrap()
            .code_start
            .as_deref(),
        Some(CODE_FIRST)
    );
}

#[test]
fn numbers_on_one_line_and_a_search_that_compared_nothing_are_explained() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("values.txt"), "5, 12, 9, 31, 2, 19\n").unwrap();
    // Named by its name and by its path: shown once, with how to split its lines.
    let path = dir.path().join("values.txt");
    let code = format!(
        "import os\nif os.path.exists('values.txt'):\n    lines = open('{}').readlines()\nprint(min(int(l) for l in lines))",
        path.display()
    );
    let out = "Traceback (most recent call last):\nValueError: invalid literal for int() with base 10: '5, 12, 9, 31, 2, 19'";
    let hint = run_hint("python", &code, out, true, dir.path()).unwrap();
    assert_eq!(hint.text.matches("begins:").count(), 1, "{}", hint.text);
    assert!(
            hint.text.ends_with(
                "A line holds several numbers, separated by commas: split each line (`line.split(',')`) and convert each part."
            ),
            "{}",
            hint.text
        );
    // Sent back unchanged: run with the file's numbers read one by one.
    let mut output = out.to_string();
    hint.append_to(&mut output);
    let h = runs_ending(
        "What is the smallest number in values.txt?",
        &[(&code, &output)],
        true,
    );
    let (mended, says) = mended_split(&h, Some(&run(&code))).unwrap();
    assert_eq!(
        mended,
        code.replace(
            ".readlines()",
            ".read().replace(',', ' ').replace(';', ' ').split()"
        )
    );
    assert!(
        says.contains("converts whole lines of several numbers"),
        "{says}"
    );
    let read = code.replace(".readlines()", ".read().splitlines()");
    let h = runs_ending(
        "What is the smallest number in values.txt?",
        &[(&read, &output)],
        true,
    );
    assert!(mended_split(&h, Some(&run(&read))).is_some());
    assert_eq!(mended_split(&h, Some(&run("print(2)"))), None);
    assert_eq!(separated_numbers("3 4 5"), Some(("split()", "spaces")));
    assert_eq!(separated_numbers("14"), None);
    assert_eq!(separated_numbers("a, b"), None);
    // The start of a search for the smallest printed as the answer goes back undone.
    let request = "What is the smallest number in values.txt?";
    let search = "smallest = float('inf')\nfor line in lines:\n    try:\n        smallest = min(smallest, int(line))\n    except ValueError:\n        print('bad line')\nprint(f'The smallest is: {smallest}')";
    for printed in ["bad line\nThe smallest is: inf\n", "-inf\n", "nan\n"] {
        let hint = uncomputed(request, search, printed).unwrap();
        assert!(hint.undone);
        assert!(hint.text.starts_with(NOT_COMPUTED), "{}", hint.text);
        assert!(
            hint.text
                .contains("is the value your code's search started from")
        );
    }
    assert_eq!(uncomputed(request, search, "The smallest is: 2\n"), None);
    assert_eq!(unreached_start("information: 3"), None);
}

#[test]
fn a_csv_column_past_the_last_one_is_named_then_mended() {
    let here = tempfile::tempdir().unwrap();
    std::fs::write(
        here.path().join("inventory.csv"),
        "item,qty,cost\nbolt,120,0.25\nnut,300,0.1\n",
    )
    .unwrap();
    let code = "import csv\ntotal = 0\nwith open('inventory.csv') as f:\n    for row in csv.reader(f):\n        cost = float(row[3])\n        total += cost\nprint(total)";
    let out = "Traceback (most recent call last):\nIndexError: list index out of range";
    let hint = run_hint("python", code, out, true, here.path()).unwrap();
    assert_eq!(
        hint.text,
        "In `inventory.csv`, there is no `row[3]`, and `row[2]` is `cost` (indexes count from 0): `cost = float(row[3])` takes a column past the last one. Use `row[2]` for `cost`, then run the code again."
    );
    let mut output = out.to_string();
    hint.append_to(&mut output);
    let h = runs_ending(
        "What is the average cost in inventory.csv, rounded to two decimals?",
        &[(code, &output)],
        true,
    );
    let (mended, says) = mended_column(&h, Some(&run(code)), here.path()).unwrap();
    assert_eq!(mended, code.replace("row[3]", "row[2]"));
    assert!(
        says.contains("from `row[3]`, past the last column of inventory.csv"),
        "{says}"
    );
}

#[test]
fn a_header_converted_to_a_number_and_sent_back_runs_with_the_header_skipped() {
    let here = tempfile::tempdir().unwrap();
    std::fs::write(
        here.path().join("inventory.csv"),
        "item,qty,cost\nbolt,120,0.25\nnut,300,0.1\n",
    )
    .unwrap();
    let request = "Which item in inventory.csv has the lowest qty?";
    let made = "import csv\nwith open('inventory.csv') as f:\n    reader = csv.reader(f)\n    rows = [(r[0], int(r[1])) for r in reader]\nprint(min(rows, key=lambda r: r[1])[0])";
    let looped = "import csv\nlow = None\nwith open('inventory.csv') as f:\n    for row in csv.reader(f):\n        if low is None or float(row[1]) < low[1]:\n            low = (row[0], float(row[1]))\nprint(low[0])";
    for (code, error, want) in [
        (
            made,
            "ValueError: invalid literal for int() with base 10: 'qty'",
            made.replace(
                "reader = csv.reader(f)\n",
                "reader = csv.reader(f)\n    next(reader)\n",
            ),
        ),
        (
            looped,
            "ValueError: could not convert string to float: 'qty'",
            looped.replace(
                "    for row in csv.reader(f):\n",
                "    rows_read = csv.reader(f)\n    next(rows_read)\n    for row in rows_read:\n",
            ),
        ),
    ] {
        let out = format!("Traceback (most recent call last):\n{error}");
        let hint = run_hint("python", code, &out, true, here.path()).unwrap();
        assert!(hint.text.contains(HEADER_FIRST), "{}", hint.text);
        assert!(
                hint.text.ends_with("`'qty'` is a column name of that header: your code converted the header row itself. Skip it once, before the loop: `next(reader)`."),
                "{}",
                hint.text
            );
        let mut output = out.clone();
        hint.append_to(&mut output);
        let h = runs_ending(request, &[(code, &output)], true);
        let (mended, says) = mended_header(&h, Some(&run(code)), here.path()).unwrap();
        assert_eq!(mended, want);
        assert!(
            says.contains("converts `qty`, a column name of the header of inventory.csv"),
            "{says}"
        );
        // Code that skips the header already, or a value that is no column name: nothing.
        let skipped = runs_ending(request, &[(want.as_str(), &output)], true);
        assert_eq!(
            mended_header(&skipped, Some(&run(&want)), here.path()),
            None
        );
        let other = output.replace("'qty'", "'12 units'");
        let h = runs_ending(request, &[(code, &other)], true);
        assert_eq!(mended_header(&h, Some(&run(code)), here.path()), None);
    }
}

#[test]
fn a_part_of_computer_that_does_not_exist_is_named_then_its_import_dropped() {
    let code = "import computer.files\nimport computer.system\nfrom computer.system import logs\ntext = computer.files.read('server.log')\nprint(len(text.splitlines()))";
    let out = "Traceback (most recent call last):\nModuleNotFoundError: No module named 'computer.system'; 'computer' is not a package";
    let hint = failed_python(code, out).unwrap();
    assert!(
            hint.text.starts_with("`computer.system` does not exist. `computer` is ready without an import, with `computer.files`"),
            "{}",
            hint.text
        );
    let mut output = out.to_string();
    hint.append_to(&mut output);
    let h = runs_ending(
        "Which path in server.log was requested most often?",
        &[(code, &output)],
        true,
    );
    let (mended, says) = mended_computer_import(&h, Some(&run(code))).unwrap();
    assert_eq!(
        mended,
        "import computer.files\ntext = computer.files.read('server.log')\nprint(len(text.splitlines()))"
    );
    assert!(
        says.contains("imports `computer.system`, which does not exist"),
        "{says}"
    );
    // A part that exists, or another missing module: not this.
    assert_eq!(
        unknown_computer_part("ModuleNotFoundError: No module named 'computer.files'"),
        None
    );
    assert_eq!(
        unknown_computer_part("ModuleNotFoundError: No module named 'pandas'"),
        None
    );
}

#[test]
fn a_name_with_a_space_is_named_and_sent_back_unchanged_runs_joined() {
    let code = "year = 2028\nif year % 4 == 0:\n    days_in February = 29\nelse:\n    days_in February = 28\nprint(f'{days_in February}')";
    let out = "  File \"<cell 1>\", line 3\n    days_in February = 29\n            ^^^^^^^^\nSyntaxError: invalid syntax";
    let hint = failed_python(code, out).unwrap();
    assert_eq!(
        hint.text,
        "`days_in February` is not a name: a name cannot hold a space. Write `days_in_February` everywhere it is used."
    );
    let mut output = out.to_string();
    hint.append_to(&mut output);
    let h = runs_ending(
        "How many days are in February 2028? Use code.",
        &[(code, &output)],
        true,
    );
    let (mended, says) = mended_spaced_name(&h, Some(&run(code))).unwrap();
    assert_eq!(
        mended,
        "year = 2028\nif year % 4 == 0:\n    days_in_February = 29\nelse:\n    days_in_February = 28\nprint(f'{days_in_February}')"
    );
    assert!(says.contains("`days_in February`, with a space"), "{says}");
    // A keyword before a name, or a comparison, is another slip.
    for line in ["return x = 1", "if x == 1", "print x"] {
        let out = format!("    {line}\n    ^\nSyntaxError: invalid syntax");
        assert_eq!(spaced_name(line, &out), None, "{line}");
    }
    let out = "    total count += 1\nSyntaxError: invalid syntax";
    assert_eq!(
        spaced_name("total count += 1", out),
        Some(("total count".into(), "total_count".into()))
    );
}

#[test]
fn code_said_not_to_be_the_answer_sent_back_is_not_quoted_as_if_it_were() {
    let request = "Who has the highest art score in grades.csv?";
    let code = "import csv\nrows = list(csv.reader(open('grades.csv')))\nprint(max(rows[1:], key=lambda r: int(r[1]))[0])";
    let not_yet = "93\n\n(That is not the answer yet: my request is about the `art` column of `grades.csv`, and your code did not use it. Write code that computes the answer to my request (Who has the highest art score in grades.csv?) and prints it.)";
    let h = runs(
        request,
        &[(code, "may\n"), ("print(highest_score)", not_yet)],
    );
    let nudge = repeated_run_nudge(&h, &run(code), Path::new("/nonexistent-folder")).unwrap();
    assert_eq!(
        nudge,
        "You asked to run the same code again: it would print the same. That is not the answer yet: my request is about the `art` column of `grades.csv`, and your code did not use it. Write code that computes the answer to my request (Who has the highest art score in grades.csv?) and prints it."
    );
    // Not the judgement of a run the engine made in place of an answer (fourth set, task
    // 32: the engine's `print(header)` was undone; the code sent back had printed 6).
    let mut engines = runs(request, &[(code, "6\n")]);
    engines.push(HistoryItem::Assistant {
            text: String::new(),
            reasoning: String::new(),
            calls: vec![ToolCall {
                call_id: "e1".into(),
                wire_id: None,
                name: "execute".into(),
                arguments: serde_json::json!({"language": "python", "code": "print(header)", crate::profile::SUPERSEDES_ANSWER: true}),
                origin: CallOrigin::Text,
                action: ToolAction::RunCode {
                    language: "python".into(),
                    code: "print(header)".into(),
                },
            }],
            interrupted: false,
        });
    engines.push(HistoryItem::ToolResult {
        call_id: "e1".into(),
        tool_name: "execute".into(),
        output: not_yet.into(),
        is_error: true,
        images: Vec::new(),
    });
    let nudge = repeated_run_nudge(&engines, &run(code), Path::new("/nonexistent-folder")).unwrap();
    assert!(nudge.starts_with("Your code printed:\n6\n"), "{nudge}");
    // Without that judgement, its output is quoted and the answer asked for.
    let h = runs(request, &[(code, "may\n")]);
    let nudge = repeated_run_nudge(&h, &run(code), Path::new("/nonexistent-folder")).unwrap();
    assert!(nudge.starts_with("Your code printed:\nmay\n"), "{nudge}");
}

#[test]
fn a_correction_said_back_with_no_value_to_quote_is_told_so_with_that_correction() {
    let request = "Which port is set in config.json?";
    let mut h = runs(request, &[("print(1)", "")]);
    let correction = "Your code printed nothing, so your answer did not come from it. Run code that prints the answer to my request (Which port is set in config.json?) with `print(...)`, then tell me what it prints.";
    for item in after_answer(correction.into()) {
        h.push(item);
    }
    let said = "The code printed nothing, so your answer did not come from it. Run code that prints the answer to my request (Which port is set in config.json?) with `print(...)`, then tell me what it prints.";
    assert_eq!(
        parroted_answer_nudge(&h, said, "").unwrap(),
        format!("Those are my words said back, not the answer. {correction}")
    );
    // Nor the system prompt's words, said back after a correction.
    let system = "- Run code with the `execute` tool. If you cannot call tools, write the code in a fenced block that names its language (```python, ```shell, ```javascript) and it will be run.";
    let prompt = "To run other code, you can write the code in a fenced block that names its language (```python, ```shell, ```javascript) and it will be run.";
    assert!(parroted_answer_nudge(&h, prompt, system).is_some());
    assert_eq!(parroted_answer_nudge(&h, prompt, ""), None);
    // An answer of its own is not.
    assert_eq!(parroted_answer_nudge(&h, "The port is 8080.", system), None);
    // A run's hint said back is the harness's words too (third set, task 27, whose
    // answer held the 4 of a quoted line number).
    let hint = "(`events.log` does hold `login`, so your code's search missed it. It is written `login` there, not `Login`. These lines have it:\n```\n1: alice login\n2: bob login\n4: carol login\n```\nMatch what they really say (look at the spaces and punctuation around `login`), then run the code again.)";
    let h = runs(
        "How many lines of events.log are logins?",
        &[(
            "print([l for l in open('events.log') if l.startswith('Login')])",
            &format!("[]\n\n{hint}"),
        )],
    );
    let said = "The issue with your code is that the `login` line is not being matched correctly. It is written `login` there, not `Login`. These lines have it:\n```\n1: alice login\n2: bob login\n4: carol login\n```\nMatch what they really say (look at the spaces and punctuation around `login`), then run the code again.";
    let nudge = parroted_answer_nudge(&h, said, "").unwrap();
    assert!(
        nudge.starts_with(
            "Those are my words said back, not the answer. `events.log` does hold `login`"
        ) && nudge.ends_with("then run the code again."),
        "{nudge}"
    );
    assert_eq!(
        parroted_answer_nudge(&h, "There are 4 logins in events.log.", ""),
        None
    );
}

#[test]
fn a_json_key_one_level_down_is_named_and_sent_back_unchanged_runs_there() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(
        dir.path().join("config.json"),
        r#"{"server": {"port": 8080, "host": "localhost"}, "debug": true, "workers": 4}"#,
    )
    .unwrap();
    let code = "import json\nconfig = json.load(open('config.json'))\nprint(config['port'])";
    let out = "Traceback (most recent call last):\n    print(config['port'])\nKeyError: 'port'";
    let hint = run_hint("python", code, out, true, dir.path()).unwrap();
    assert!(
            hint.text.ends_with(". `port` is not at its top but in `server`: where your code has `config['port']`, write `config['server']['port']`."),
            "{}",
            hint.text
        );
    let mut output = out.to_string();
    hint.append_to(&mut output);
    let h = runs_ending(
        "Which port is set in config.json?",
        &[(code, &output)],
        true,
    );
    let (mended, says) = mended_nested_key(&h, Some(&run(code)), dir.path()).unwrap();
    assert_eq!(
        mended,
        "import json\nconfig = json.load(open('config.json'))\nprint(config['server']['port'])"
    );
    assert!(says.contains("where it is under `server`"), "{says}");
    // A key in two inner objects, or in none: no such hint, no mend.
    std::fs::write(
        dir.path().join("config.json"),
        r#"{"a": {"port": 1}, "b": {"port": 2}}"#,
    )
    .unwrap();
    let hint = run_hint("python", code, out, true, dir.path()).unwrap();
    assert!(!hint.text.contains("is not at its top"), "{}", hint.text);
    assert_eq!(mended_nested_key(&h, Some(&run(code)), dir.path()), None);
}

#[test]
fn an_answer_set_aside_and_said_again_is_a_repeat() {
    // Fourth set, task 22: an answer set aside for leaving out what the code printed is
    // not in the history's text; said again word for word, it is still a repeat.
    let request = "How many books in books.json were published before 2000?";
    let junk = "Mark the line where the function `books.json.find(kind=\"pdf\")` is called.";
    let told = "Your code printed:\n3\nYour answer did not use it.";
    let mut h = runs(request, &[("print(3)", "3\n")]);
    let call = superseding(
        crate::profile::format_error_call("c9".into(), told.into()),
        &format!("{junk}\n"),
    );
    let text = answer_shown(junk.to_string(), std::slice::from_ref(&call));
    assert_eq!(text, "");
    h.push(HistoryItem::Assistant {
        text,
        reasoning: String::new(),
        calls: vec![call],
        interrupted: false,
    });
    h.push(HistoryItem::ToolResult {
        call_id: "c9".into(),
        tool_name: crate::profile::FORMAT_ERROR.into(),
        output: told.into(),
        is_error: true,
        images: Vec::new(),
    });
    assert_eq!(
        repeated_reply_nudge(&h, junk),
        Some(format!("{SAME_REPLY} {told}"))
    );
    assert_eq!(repeated_reply_nudge(&h, "There are 3 books."), None);
}

#[test]
fn a_year_asked_and_read_from_the_clock_goes_back_as_undone() {
    // Fourth set, task 17: the days of the year 2100 from today's date.
    let request = "How many days are in the year 2100? Use code.";
    let code =
        "import datetime\nyear = datetime.date.today().year\nprint(366 if year % 4 == 0 else 365)";
    let hint = uncomputed(request, code, "365\n").unwrap();
    assert!(hint.undone);
    assert!(
        hint.text.contains(
            "my request is about 2100, and your code took the date from the clock (`today()`)"
        ),
        "{}",
        hint.text
    );
    // The year written into the code, or no clock read, is not this.
    let written = "import calendar\nprint(366 if calendar.isleap(2100) else 365)";
    assert_eq!(clock_for_asked_year(request, written), None);
    let both = "from datetime import date\nprint((date(2101, 1, 1) - date(2100, 1, 1)).days, date.today())";
    assert_eq!(clock_for_asked_year(request, both), None);
    assert_eq!(
        clock_for_asked_year(
            "How many days until 2027-01-01?",
            "from datetime import date\nprint(date(2027, 1, 1) - date.today())"
        ),
        None
    );
    assert_eq!(
        clock_for_asked_year(
            "How many days are in February 2028?",
            "import datetime\nm = datetime.datetime.now().month"
        ),
        Some(("2028", "now()"))
    );
    // Twenty-second set, task 19 (1.5B): the year only compared with the clock's.
    let request = "How many hours does February 2028 have? Use code.";
    let code = "import datetime\ncurrent_date = datetime.date.today()\n# Check if the current date is February 2028\nif current_date.month == 2 and current_date.year == 2028:\n    print(current_date.replace(day=28).day)\nelse:\n    print(\"February 2028 does not exist.\")";
    let hint = uncomputed(request, code, "February 2028 does not exist.\n").unwrap();
    assert!(
        hint.text
            .contains("my request is about 2028, and your code took the date from the clock"),
        "{}",
        hint.text
    );
}

#[test]
fn a_function_that_never_uses_its_parameter_goes_back_as_undone() {
    // Fourth set, task 17: the year given, and today's year returned.
    let code = "import datetime\n\ndef days_in_year(year):\n    # Get the current date\n    current_date = datetime.date.today()\n    days_in_year = current_date.year\n    return days_in_year\n\ndays = days_in_year(2100)\nprint(days)";
    assert_eq!(
        unused_parameter("How many days are in the year 2100?", code),
        Some(("days_in_year", "year"))
    );
    let hint = uncomputed(
        "How many days are in the year 2100? Use code.",
        code,
        "2026\n",
    )
    .unwrap();
    assert!(
        hint.text
            .contains("`days_in_year` never uses its parameter `year`"),
        "{}",
        hint.text
    );
    // Used, or not called with arguments, or `self`, `*args`, `_x`: not this.
    for fine in [
        "def double(n):\n    return n * 2\nprint(double(4))",
        "def double(n): return n * 2\nprint(double(4))",
        "def main(n):\n    print(1)\nmain()",
        "class A:\n    def f(self, *args, _x=1):\n        return 2\nprint(A().f(3))",
        "def count(text, word=None):\n    return text.count(word)\nprint(count('a b', 'a'))",
        // A stand-in for the tool, its work done in its body.
        "def execute(language, code):\n    open('c.txt', 'w').write('red\\n')\n    return 1\nprint(execute('python', 'x'))",
    ] {
        assert_eq!(unused_parameter("", fine), None, "{fine}");
    }
    assert_eq!(
        unused_parameter("", "def add(a, b):\n    return a + a\nprint(add(1, 2))"),
        Some(("add", "b"))
    );
    // The request's number (or one off it) written into the body: its value is there.
    let built_in = "def find_divisible_by_17(n):\n    for i in range(1001, 1000000):\n        if i % 17 == 0:\n            return i\nprint(find_divisible_by_17(1000))";
    let request =
        "What is the smallest number greater than 1000 that is divisible by 17? Use code.";
    assert_eq!(unused_parameter(request, built_in), None);
    assert_eq!(
        unused_parameter(
            "What is the smallest number greater than 5000 divisible by 19?",
            built_in
        ),
        Some(("find_divisible_by_17", "n"))
    );
}

#[test]
fn a_note_of_the_request_written_into_the_text_goes_back_as_undone() {
    // Fourth set, task 12: "openai (no newline)" hashed.
    let request = "What are the first 8 characters of the sha256 hex digest of the text openai (no newline)? Use code.";
    let code = "import hashlib\ntext = \"openai (no newline)\"\nprint(hashlib.sha256(text.encode()).hexdigest()[:8])";
    let hint = uncomputed(request, code, "d5cca4b3\n").unwrap();
    assert!(hint.undone);
    assert!(
        hint.text.contains(
            "`(no newline)` is my note about the text, not part of it: the text is `openai`"
        ),
        "{}",
        hint.text
    );
    let right = "import hashlib\nprint(hashlib.sha256(b'openai').hexdigest()[:8])";
    assert_eq!(note_in_literal(request, right), None);
    // Sent back unchanged, it runs with the text alone.
    let output = format!("d5cca4b3\n{}", hint.text);
    let h = runs_ending(request, &[(code, output.as_str())], true);
    let (mended, says) = mended_note(&h, Some(&run(code))).unwrap();
    assert!(mended.contains("text = \"openai\"\n"), "{mended}");
    assert!(
        says.contains("running it with the text `openai` alone"),
        "{says}"
    );
    assert_eq!(mended_note(&h, Some(&run(right))), None);
}

#[test]
fn folders_counted_from_a_listing_that_holds_files_go_back_as_undone() {
    // Fourth set, task 31: three folders and a file, counted as four subfolders.
    let request = "How many subfolders does this folder have?";
    let code = "import os\nsubfolders = os.listdir('.')\nprint(len(subfolders))";
    let hint = uncomputed(request, code, "4\n").unwrap();
    assert!(
        hint.text
            .contains("`os.listdir` lists files and folders alike"),
        "{}",
        hint.text
    );
    let told = "import os\nprint(len([d for d in os.listdir('.') if os.path.isdir(d)]))";
    assert!(!folders_untold(request, told));
    assert!(!folders_untold("How many files are in this folder?", code));
}

#[test]
fn a_key_no_object_of_the_json_file_has_goes_back_as_undone() {
    // Fourth set, task 22 (1.5B): `book['published']`, guarded, counted no book.
    let here = tempfile::tempdir().unwrap();
    std::fs::write(
        here.path().join("books.json"),
        r#"[{"title": "Dune", "year": 1965, "meta": {"pages": 412}}]"#,
    )
    .unwrap();
    let request = "How many books in books.json were published before 2000?";
    let code = "import json\nwith open('books.json') as f: books = json.load(f)\nprint(sum(1 for b in books if 'published' in b and b['published'] < 2000))";
    let h = runs(request, &[(code, "0\n")]);
    let call = h.call("c1").cloned().unwrap();
    let hint = uncomputed_hint(&h, &call, "0\n", here.path()).unwrap();
    assert!(hint.undone);
    assert!(
            hint.text.contains("`published` is not a key of `books.json`, so your code found nothing under it: it holds a list of 1 objects with the keys `meta` (an object with the keys `pages`), `title`, `year`."),
            "{}",
            hint.text
        );
    // Keys of the file at any depth, and keys the code sets itself, are not this.
    for fine in [
        "import json\nbooks = json.load(open('books.json'))\nprint(sum(b['meta']['pages'] for b in books))",
        "import json\nbooks = json.load(open('books.json'))\nt = {}\nt['old'] = 0\nfor b in books:\n    t['old'] += b['year'] < 2000\nprint(t['old'])",
        "import json\nbooks = json.load(open('books.json'))\nt = {'old': 0}\nprint(t['old'])",
        "import json\nbooks = json.load(open('books.json'))\nwanted = ['Dune', 'Emma']\nprint([b['title'] for b in books if b['title'] in wanted])",
    ] {
        assert_eq!(unknown_json_key(fine, here.path()), None, "{fine}");
    }
}

#[test]
fn several_blocks_that_all_ran_this_turn_are_a_repeat() {
    let request = "What is 2 to the 40th?";
    let h = runs(
        request,
        &[("x = 2 ** 40", ""), ("print(x)", "1099511627776\n")],
    );
    assert!(all_ran_this_turn(
        &h,
        &[run("x = 2 ** 40"), run("print(x)")]
    ));
    assert!(!all_ran_this_turn(
        &h,
        &[run("x = 2 ** 40"), run("print(x + 1)")]
    ));
    assert!(!all_ran_this_turn(&h, &[]));
}

#[test]
fn a_number_a_function_returns_as_written_is_no_computed_answer() {
    let request = "How many days are in the year 2100? Use code.";
    let code = "def days_in_2100():\n    # Calculate the number of days in the year\n    return 366\n# Output the result\nprint(days_in_2100())";
    assert_eq!(literal_printed(request, code, "366"), Some("366"));
    let computed = "import calendar\ndef days(y):\n    return 366 if calendar.isleap(y) else 365\nprint(days(2100))";
    assert_eq!(literal_printed(request, computed, "365"), None);
    // A value a branch chooses is computed by its condition (sixteenth set, task 20).
    let branched = "def days_in_year(year):\n    if year % 4 == 0:\n        if year % 100 == 0:\n            if year % 400 == 0:\n                return 366\n            else:\n                return 365\n        return 366\n    else:\n        return 365\nprint(days_in_year(2100))";
    assert_eq!(literal_printed(request, branched, "365"), None);
    // Not when it is also written outside any branch.
    let also = format!("{branched}\nresult = 365\nprint(result)");
    assert_eq!(literal_printed(request, &also, "365"), Some("365"));
}

#[test]
fn a_zero_said_in_a_sentence_after_a_search_for_what_no_line_holds_is_undone() {
    // Fourth set, task 18: lines that start with `Food:` in a CSV of `…,food,12.50`.
    let here = tempfile::tempdir().unwrap();
    std::fs::write(
        here.path().join("expenses.csv"),
        "date,category,amount\n2026-03-02,food,12.50\n",
    )
    .unwrap();
    let request = "How much was spent on food in expenses.csv in total?";
    let code = "total = 0\nwith open('expenses.csv') as f:\n    for line in f:\n        if line.startswith('Food:'):\n            total += float(line.split(':')[1])\nprint(f\"Total amount spent on food: ${total:.2f}\")";
    let printed = "Total amount spent on food: $0.00\n";
    let h = runs(request, &[(code, printed)]);
    let call = h.call("c1").cloned().unwrap();
    let hint = uncomputed_hint(&h, &call, printed, here.path()).unwrap();
    assert!(hint.undone);
    assert!(
        hint.text.contains("No file your code read holds `Food:`"),
        "{}",
        hint.text
    );
    // The request's own numbers said with the zero are no count (task 20, 1.5B).
    let april = "import csv\nrows = list(csv.reader(open('expenses.csv')))\nn = len([r for r in rows if r[1] == 'April 2026'])\nprint(f\"Number of rows from April 2026: {n}\")";
    let (word, _) = absent_words(
        april,
        "Number of rows from April 2026: 0",
        here.path(),
        "How many rows of expenses.csv are from April 2026?",
    )
    .unwrap();
    assert_eq!(word, "April");
    let h = runs(
        "How many rows of expenses.csv are from April 2026?",
        &[(april, "Number of rows from April 2026: 0\n")],
    );
    let call = h.call("c1").cloned().unwrap();
    let hint = uncomputed_hint(
        &h,
        &call,
        "Number of rows from April 2026: 0\n",
        here.path(),
    )
    .unwrap();
    assert!(
        hint.text.contains(
            "Its dates are written in numbers (`2026-03-02`): April is month `04` there."
        ),
        "{}",
        hint.text
    );
    assert!(hint.undone, "{}", hint.text);
    assert_eq!(month_as_number("Food", "2026-03-02"), None);
    assert_eq!(
        month_as_number("dec", "x 2026-12-01"),
        Some(("2026-12-01", "12".to_string()))
    );
    // The words of a print are no search; a total that is not zero is not this.
    let printing = "total = 0\nprint(f\"Grand total of food: {total}\", open('expenses.csv').read().count('food'))";
    assert_eq!(
        absent_words(printing, "Grand total of food: 0", here.path(), ""),
        None
    );
    assert_eq!(
        absent_words(code, "Total amount spent on food: $12.50", here.path(), ""),
        None
    );
}

#[test]
fn an_answer_naming_one_of_several_labelled_values_used_the_output() {
    // Fourth set, task 25: the counts of four items, and "eggs" answered.
    let request = "Which item in shopping.txt has the largest count?";
    let printed = "{'eggs': 12, 'milk': 2, 'bread': 1, 'apples': 6}\n";
    let h = runs(request, &[("print(shopping)", printed)]);
    assert_eq!(
        unused_output_nudge(
            &h,
            "The item with the largest count in shopping.txt is eggs."
        ),
        None
    );
    // A word of the request is no label; nor is a name the output does not hold.
    assert!(unused_output_nudge(&h, "The item with the largest count is in the list.").is_some());
    assert!(unused_output_nudge(&h, "It is butter.").is_some());
}

#[test]
fn a_column_of_no_numbers_converted_goes_back_as_undone() {
    // Fourth set, task 18 (1.5B): `float(row[1])` guarded by `row[1].isdigit()`.
    let here = tempfile::tempdir().unwrap();
    std::fs::write(
        here.path().join("expenses.csv"),
        "date,category,amount\n2026-03-02,food,12.50\n2026-03-05,transport,3.20\n",
    )
    .unwrap();
    let request = "How much was spent on food in expenses.csv in total?";
    let code = "import csv\ntotal = 0\nwith open('expenses.csv', newline='') as f:\n    reader = csv.reader(f)\n    next(reader)\n    for row in reader:\n        if row[1].isdigit():\n            total += float(row[1])\nprint(f\"Total spent on food: ${total:.2f}\")";
    let printed = "Total spent on food: $0.00\n";
    let h = runs(request, &[(code, printed)]);
    let call = h.call("c1").cloned().unwrap();
    let hint = uncomputed_hint(&h, &call, printed, here.path()).unwrap();
    assert!(hint.undone);
    assert!(
            hint.text.contains("`row[1]` is the `category` column of `expenses.csv`, and it holds no number in any row: your code converted none of it. The columns with numbers are 2 `amount`."),
            "{}",
            hint.text
        );
    let right = code.replace("row[1]", "row[2]");
    assert_eq!(unnumbered_column(&right, here.path()), None);
}

#[test]
fn csv_reader_over_a_text_read_whole_is_explained() {
    // Fourth set, task 19 (1.5B): `csv.reader(text)` of expenses.csv read whole, rows of
    // one character, `row[1]` out of range; it was told the columns and swapped indexes.
    let here = tempfile::tempdir().unwrap();
    std::fs::write(
        here.path().join("expenses.csv"),
        "date,category,amount\n2026-03-02,food,12.50\n",
    )
    .unwrap();
    let code = "import csv\nexpenses_data = computer.files.read('expenses.csv')\nfor row in csv.reader(expenses_data):\n    category = row[0]\n    amount = float(row[1])";
    let out = "Traceback (most recent call last):\n  File \"<cell 1>\", line 5, in <module>\nIndexError: list index out of range";
    assert_eq!(read_as_one_string(code), Some(true));
    let hint = run_hint("python", code, out, true, here.path()).unwrap();
    assert!(hint.text.starts_with(ONE_STRING), "{}", hint.text);
    assert!(
        hint.text.contains("`expenses.csv` begins:"),
        "{}",
        hint.text
    );
    let lines = code.replace(
        "csv.reader(expenses_data)",
        "csv.reader(expenses_data.splitlines())",
    );
    assert_eq!(read_as_one_string(&lines), None);
}

#[test]
fn a_json_file_read_as_a_document_and_taken_for_data_is_explained() {
    // Fourth set, task 23 (1.5B): `computer.files.read('settings.json').get('cache')`.
    let here = tempfile::tempdir().unwrap();
    std::fs::write(
        here.path().join("settings.json"),
        r#"{"cache": {"ttl": 300}}"#,
    )
    .unwrap();
    let code = "settings = computer.files.read('settings.json')\nprint(settings.get('cache', {}).get('ttl', 0))";
    let out =
        "Traceback (most recent call last):\nAttributeError: 'str' object has no attribute 'get'";
    let hint = run_hint("python", code, out, true, here.path()).unwrap();
    assert!(
            hint.text.starts_with("`computer.files.read` returns a file's text as one string, not its data. Parse JSON with the `json` module: `data = json.load(open('settings.json'))`. settings.json holds an object (dict) with the keys `cache`"),
            "{}",
            hint.text
        );
    let opened =
        "import json\nsettings = json.load(open('settings.json'))\nprint(settings.get('x'))";
    assert!(
        run_hint("python", opened, out, true, here.path())
            .is_none_or(|h| !h.text.contains("not its data"))
    );
}

#[test]
fn a_total_of_none_after_a_search_that_missed_is_told_the_lines() {
    // Fourth set, task 18 (1.5B): `row[0] == 'Food'` over rows whose category is `food`.
    let here = tempfile::tempdir().unwrap();
    std::fs::write(
        here.path().join("expenses.csv"),
        "date,category,amount\n2026-03-02,food,12.50\n",
    )
    .unwrap();
    let code = "import csv\ntotal = 0\nfor row in csv.reader(open('expenses.csv')):\n    if row[0] == 'Food':\n        total += float(row[2])\nprint(f\"Total spent on food: ${total:.2f}\")";
    let said = missed_words(code, "Total spent on food: $0.00", here.path()).unwrap();
    assert!(
        said.starts_with("`expenses.csv` does hold `food`, so your code's search missed it."),
        "{said}"
    );
    assert_eq!(
        missed_words(code, "Total spent on food: $10.00", here.path()),
        None
    );
    assert_eq!(
        missed_words(code, "Total spent on food: 0.5", here.path()),
        None
    );
}

#[test]
fn a_file_only_read_is_no_part_of_the_request_done() {
    // Thirteenth set, task 33 (0.5B): `lines = open('tasks.txt').read().splitlines()` printed
    // nothing, and it was told "It did that part (`tasks.txt` is there now)": the file was
    // there before, and nothing was appended.
    let here = tempfile::tempdir().unwrap();
    std::fs::write(here.path().join("tasks.txt"), "wash\ncook\nclean\n").unwrap();
    let request = "Append the line done to tasks.txt, then tell me how many lines tasks.txt has.";
    let silent = format!("\n({SILENT_RUN})");
    let read = "lines = open('tasks.txt').read().splitlines()";
    let h = runs(request, &[(read, silent.as_str())]);
    let call = h.call("c1").cloned().unwrap();
    assert_eq!(made_file_output(&h, &call, &silent, here.path()), None);
    for code in [
        "with open('tasks.txt', 'a') as f:\n    f.write('done\\n')",
        "f = open('tasks.txt', mode='a+')",
        "echo done >> tasks.txt",
        "printf 'done\\n' > tasks.txt",
        "from pathlib import Path\nPath('tasks.txt').write_text('x')",
    ] {
        let h = runs(request, &[(code, silent.as_str())]);
        let call = h.call("c1").cloned().unwrap();
        assert!(
            made_file_output(&h, &call, &silent, here.path())
                .is_some_and(|t| t.contains("It did that part (`tasks.txt` is there now)")),
            "{code}"
        );
    }
    for code in [
        "with open('tasks.txt', 'r') as f:\n    n = len(f.readlines())",
        "text = open('tasks.txt', encoding='utf-8').read()",
        "# f.write('done')\nlines = open('tasks.txt').readlines()",
        "wc -l < tasks.txt > /dev/null",
    ] {
        assert!(!writes_file(code, "tasks.txt"), "{code}");
    }
    // Any file written (what `wrote_earlier` asks): a redirect into a named file counts, a
    // comparison with a number does not.
    assert!(writes_files("echo hi > notes.txt"));
    assert!(!writes_files("if total > 5.0:\n    print(total)"));
}

#[test]
fn a_renamed_file_and_more_asked_is_told_the_rest_to_do() {
    // Fourth set, task 33: the rename ran and printed nothing, and was sent back.
    let here = tempfile::tempdir().unwrap();
    let request = "Rename old.txt to new.txt, then tell me the size of new.txt in bytes.";
    let code = "import os\nos.rename('old.txt', 'new.txt')";
    let silent = format!("\n({SILENT_RUN})");
    let h = runs(request, &[(code, silent.as_str())]);
    let call = h.call("c1").cloned().unwrap();
    std::fs::write(here.path().join("new.txt"), "twelve chars").unwrap();
    assert_eq!(
        made_file_output(&h, &call, &silent, here.path()).as_deref(),
        Some(
            "\n(The code printed nothing. It did that part (`new.txt` is there now); the rest of my request is still to do: tell me the size of new.txt in bytes. Write the code for that, which prints the answer.)"
        )
    );
    let told = repeated_run_nudge(&h, &call, here.path()).unwrap();
    assert!(
        told.contains(
            "the rest of my request is still to do: tell me the size of new.txt in bytes"
        ),
        "{told}"
    );
}

#[test]
fn a_count_of_a_file_written_and_not_read_back_goes_back_as_undone() {
    // Fourth set, task 32: three rows under a header, and `len(data)` printed.
    let here = tempfile::tempdir().unwrap();
    let request = "Write the numbers 10, 20 and 30 into nums.csv as one column under the header n, then tell me how many lines nums.csv has.";
    let code = "import csv\ndata = [[10], [20], [30]]\nwith open('nums.csv', 'w', newline='') as file:\n    writer = csv.writer(file)\n    writer.writerow(['n'])\n    writer.writerows(data)\nprint(\"Number of lines in nums.csv:\", len(data))";
    std::fs::write(here.path().join("nums.csv"), "n\n10\n20\n30\n").unwrap();
    let h = runs(request, &[(code, "Number of lines in nums.csv: 3\n")]);
    let call = h.call("c1").cloned().unwrap();
    let hint = uncomputed_hint(&h, &call, "Number of lines in nums.csv: 3\n", here.path()).unwrap();
    assert!(hint.undone);
    assert!(
        hint.text
            .contains("your code wrote `nums.csv` and printed a number it did not take from it"),
        "{}",
        hint.text
    );
    // Read back (opened to read, its lines read), or its path in a name: not this.
    for read in [
            format!("{code}\nwith open('nums.csv') as f:\n    print(len(f.readlines()))"),
            format!("{code}\nprint(len(open('nums.csv').readlines()))"),
            "path = 'nums.csv'\nwith open(path, 'w') as f:\n    f.write('n\\n10\\n20\\n30\\n')\nprint(len(open(path).readlines()))".to_string(),
        ] {
            assert_eq!(unread_made_file(request, &read, here.path(), "3"), None, "{read}");
        }
    // Nor the file's own count of lines, read back or not (eighth set, task 32: greet.txt's
    // five lines written, 5 printed, and sent back until the corrections ran out).
    assert_eq!(unread_made_file(request, code, here.path(), "4"), None);
    assert_eq!(
        unread_made_file(request, code, here.path(), "3"),
        Some("nums.csv")
    );
    // Nor when the rest of the request does not name the file.
    assert_eq!(
        unread_made_file(
            "Create a file hello.txt containing hi, then tell me its size.",
            "open('hello.txt', 'w').write('hi')\nprint(2)",
            here.path(),
            "2"
        ),
        None
    );
}

#[test]
fn phrases_of_the_corrections_in_an_answer_with_no_value_are_a_parrot() {
    // Fourth set, task 19: the totals of three categories printed, and the answer said
    // the correction's phrases back.
    let request = "Which category in expenses.csv has the largest total amount?";
    let printed = "food: $41.35\ntransport: $18.20\nrent: $950.00\n";
    let told = format!(
        "Your code printed:\n{printed}Your answer did not use it. Run code that prints the answer to my request ({request}), then tell me the value it prints."
    );
    let mut h = runs(request, &[("print(totals)", printed)]);
    for item in after_answer(told.clone()) {
        h.push(item);
    }
    let parrot = "To determine which category in the expenses.csv has the largest total amount, you can run the code that prints the answer to my request.";
    assert_eq!(
        parroted_answer_nudge(&h, parrot, ""),
        Some(format!("{PARROTED} {told}"))
    );
    assert_eq!(parroted_answer_nudge(&h, "The category is rent.", ""), None);
}

#[test]
fn the_request_said_back_as_the_answer_is_a_parrot() {
    // Fourth set, task 33: asked afresh for the answer, the 0.5B model said the request.
    let request = "Rename old.txt to new.txt, then tell me the size of new.txt in bytes.";
    let h = runs(
        request,
        &[("import os\nprint(os.path.getsize('new.txt'))", "12\n")],
    );
    let nudge = parroted_answer_nudge(&h, request, "").unwrap();
    assert!(nudge.contains("Your code printed:\n12\n"), "{nudge}");
    for answer in [
        "The size of new.txt is 12 bytes.",
        "12 bytes.",
        "new.txt in bytes",
    ] {
        assert_eq!(parroted_answer_nudge(&h, answer, ""), None, "{answer}");
    }
}

/// [`uncomputed_hint`] for one run of `code` that printed `output` in `cwd`.
fn uncomputed_in(request: &str, code: &str, output: &str, cwd: &Path) -> Option<RunHint> {
    let h = runs(request, &[(code, output)]);
    let call = h.call("c1").cloned()?;
    uncomputed_hint(&h, &call, output, cwd)
}

#[test]
fn code_that_reads_no_file_for_a_file_the_request_names_is_told_to_open_it() {
    let here = tempfile::tempdir().unwrap();
    std::fs::write(
        here.path().join("app.log"),
        "2026-11-01 ERROR disk\n2026-11-01 INFO ok\n",
    )
    .unwrap();
    std::fs::write(here.path().join("numbers.txt"), "14\n3\n27\n").unwrap();
    // The main set, task 13 (0.5B): `print(7)`, then `print(7 - 1)`… each told only that it
    // never looked for `ERROR`.
    let request = "How many ERROR lines are in app.log?";
    for code in ["print(7)", "print(7 - 1)"] {
        let hint = uncomputed_in(request, code, "7\n", here.path()).unwrap();
        assert!(hint.undone);
        assert!(
            hint.text.contains("Your code did not read app.log: it printed data of its own. Write Python code that starts with `text = open('app.log').read()`"),
            "{}",
            hint.text
        );
    }
    // Task 12: the numbers written into the code.
    let summed = uncomputed_in(
        "What is the sum of the numbers in numbers.txt?",
        "numbers = [14, 3]\ntotal = 0\nfor number in numbers:\n    total += number\nprint(total)",
        "17\n",
        here.path(),
    )
    .unwrap();
    assert!(
        summed.text.contains("`text = open('numbers.txt').read()`"),
        "{}",
        summed.text
    );
    // Code that reads it, or works on what earlier code of the turn read, or a file that is
    // not here, is told nothing of this.
    let read = "print(sum(1 for l in open('app.log') if 'ERROR' in l))";
    assert!(
        uncomputed_in(request, read, "1\n", here.path())
            .is_none_or(|h| !h.text.contains("did not read")),
    );
    let earlier = runs(
        request,
        &[
            ("lines = open('app.log').read().splitlines()", ""),
            ("print(len([l for l in lines if 'ERROR' in l]))", "1\n"),
        ],
    );
    let call = earlier.call("c2").cloned().unwrap();
    assert!(
        uncomputed_hint(&earlier, &call, "1\n", here.path())
            .is_none_or(|h| !h.text.contains("did not read"))
    );
    assert!(
        uncomputed_in(
            "How many ERROR lines are in other.log?",
            "print(7)",
            "7\n",
            here.path()
        )
        .is_none_or(|h| !h.text.contains("did not read"))
    );
}

#[test]
fn a_number_printed_for_which_word_is_told_to_print_the_word() {
    // The main set, task 28 (0.5B): the longest word's length.
    let request = "What is the longest word in poem.txt?";
    let code =
        "poem = open('poem.txt').read()\nprint(max(len(line) for line in poem.split('\\n')))";
    let hint = uncomputed(request, code, "16\n").unwrap();
    assert!(hint.undone);
    assert!(
        hint.text.contains("my request asks which word, and 16 is a number, not the word itself (its length, a count or a position): print the word. The longest or shortest one itself is `max(items, key=len)`"),
        "{}",
        hint.text
    );
    assert_eq!(
        number_for_thing(
            "Which city in weather.csv was the coldest?",
            "The coldest city is -3.5"
        ),
        Some(("city".to_string(), "3.5"))
    );
    for (request, value) in [
        // A number asked of it.
        ("How long is the longest word in poem.txt?", "16"),
        (
            "What is the product of the integers from 1 to 12? Use code.",
            "479001600",
        ),
        ("What is the number of the line with the word end?", "4"),
        // A line's number may answer which line.
        ("Which line of data.txt has the most commas?", "3"),
        // The word itself, or a number among words of its own.
        (request, "extraordinary"),
        (request, "16 letters in extraordinary"),
    ] {
        assert_eq!(
            number_for_thing(request, value),
            None,
            "{request} / {value}"
        );
    }
}

#[test]
fn lines_counted_for_characters_are_told_to_take_the_text_whole() {
    // The main set, task 27 (1.5B).
    let request = "How many characters (including newlines) does poem.txt have?";
    let code = "with open('poem.txt', 'r') as file: print(len(file.readlines()))";
    assert_eq!(
        lines_for_characters(request, code),
        Some("len(file.readlines())")
    );
    let hint = uncomputed(request, code, "4\n").unwrap();
    assert!(hint.undone);
    assert!(
        hint.text.contains("my request counts characters, and your code counted lines (`len(file.readlines())`): the characters of a file are `len(open(name).read())`"),
        "{}",
        hint.text
    );
    assert_eq!(
        lines_for_characters(
            request,
            "text = open('poem.txt').read()\nprint(len(text.split('\\n')))"
        ),
        Some("len(text.split('\\n'))")
    );
    for (request, code) in [
        (request, "print(len(open('poem.txt').read()))"),
        // Characters of a line: its lines are the way there.
        (
            "How many characters does the longest line of poem.txt have?",
            "lines = open('poem.txt').read().splitlines()\nprint(len(lines))",
        ),
        ("How many lines does poem.txt have?", code),
    ] {
        assert_eq!(lines_for_characters(request, code), None, "{request}");
    }
}

#[test]
fn no_date_printed_for_a_date_is_told_so() {
    // The main set, task 14 (0.5B): the word after WARN, after the question said back.
    let request = "On which date does app.log have a WARN line? Answer with the date.";
    let code = "import re\nwarn = re.findall(r'WARN\\s+(.*?)\\n', open('app.log').read())\nprint(f\"On which date does app.log have a WARN line? {warn[0]}\")";
    let printed = "On which date does app.log have a WARN line? slow";
    assert_eq!(no_date_printed(request, printed), Some("slow"));
    let hint = uncomputed(request, code, &format!("{printed}\n")).unwrap();
    assert!(hint.undone);
    assert!(
        hint.text.contains("my request asks for a date, and your code printed no date: `slow` is another part of what it found."),
        "{}",
        hint.text
    );
    // Where the file's lines begin with their dates, where.
    let here = tempfile::tempdir().unwrap();
    std::fs::write(
        here.path().join("app.log"),
        "2026-11-01 INFO start\n2026-11-02 WARN slow\n",
    )
    .unwrap();
    let placed = uncomputed_in(request, code, &format!("{printed}\n"), here.path()).unwrap();
    assert!(
        placed.text.contains("Each line of `app.log` begins with its date: take `line.split()[0]` of the line your code found."),
        "{}",
        placed.text
    );
    assert!(!hint.text.contains("Each line"));
    for value in [
        "2026-11-02",
        "November 2",
        "Nov 2",
        "No WARN line found",
        "Monday",
    ] {
        assert_eq!(no_date_printed(request, value), None, "{value}");
    }
    assert_eq!(
        no_date_printed("What day of the week was 2000-01-01? Use code.", "Saturday"),
        None
    );
}

#[test]
fn a_loop_whose_tests_never_change_is_told_to_use_its_variable() {
    // The heldout set, task 13 (0.5B): the Mondays of 2025, 0.
    let code = "import datetime\n\ndef count_mondays(year):\n    # Create a datetime object for the first day of the year\n    first_day = datetime.date(year, 1, 1)\n    total_days = datetime.date(year, 12, 31).day\n    monday_count = 0\n    for day in range(1, total_days + 1):\n        # Get the day of the week for the current day\n        day_of_week = first_day.weekday()\n        if day_of_week == 0:\n            monday_count += 1\n    return monday_count\n\nprint(count_mondays(2025))";
    assert_eq!(
        loop_test_unchanging(code),
        Some(("day".to_string(), "day_of_week == 0".to_string()))
    );
    let hint = uncomputed(
        "How many Mondays are there in the year 2025? Use code.",
        code,
        "0\n",
    )
    .unwrap();
    assert!(hint.undone);
    assert!(
        hint.text.contains("your loop's `day` is never used in its body, so every pass tests the same thing (`day_of_week == 0`)"),
        "{}",
        hint.text
    );
    for fine in [
        // The variable used, or state carried from pass to pass.
        "for day in range(365):\n    d = start + datetime.timedelta(days=day)\n    if d.weekday() == 0:\n        n += 1",
        "d = start\nfor _ in range(365):\n    if d.weekday() == 0:\n        n += 1\n    d += step",
        "d = start\nfor i in range(365):\n    if d.weekday() == 0:\n        n += 1\n    d = d + step",
        "a, b = 0, 1\nfor i in range(2, 20):\n    a, b = b, a + b\n    if b > 100:\n        big += 1",
        "for i in range(1000):\n    if random.random() < 0.5:\n        hits += 1",
        "for line in open('a.txt'):\n    if 'x' in line:\n        n += 1",
    ] {
        assert_eq!(loop_test_unchanging(fine), None, "{fine}");
    }
}

#[test]
fn a_counter_only_ever_reset_is_told_to_add_to_it() {
    // The heldout set, task 17 (0.5B): `+= 1` turned into `= 0`.
    let code = "# Open the notes.txt file\nwith open('notes.txt', 'r') as file:\n    for line in file:\n        if not line.strip():\n            empty_lines_count = 0\n\nprint(empty_lines_count)";
    assert_eq!(
        counter_only_reset(code),
        Some(("empty_lines_count".to_string(), "0".to_string()))
    );
    let hint = uncomputed("How many lines of notes.txt are empty?", code, "0\n").unwrap();
    assert!(
        hint.text.contains("your code's `empty_lines_count` is only ever set to 0, inside the loop, and never added to"),
        "{}",
        hint.text
    );
    for fine in [
        "n = 0\nfor line in file:\n    if not line.strip():\n        n += 1\nprint(n)",
        "for line in file:\n    if line.startswith('#'):\n        found = 1\nprint(found)\nfound = found + 1",
        "for line in file:\n    best = 0\n    best = max(best, len(line))\nprint(best)",
    ] {
        assert_eq!(counter_only_reset(fine), None, "{fine}");
    }
}

#[test]
fn a_lines_newline_counted_as_a_character_is_told_to_strip_it() {
    // The heldout set, task 18 (1.5B): 17 for 16.
    let here = tempfile::tempdir().unwrap();
    std::fs::write(here.path().join("todo.txt"), "buy milk\ncall the plumber\n").unwrap();
    let request = "How many characters long is the last line of todo.txt?";
    let code = "with open('todo.txt', 'r') as file: print(len(file.readlines()[-1]))";
    assert_eq!(
        line_end_counted(request, code, here.path()),
        Some(("file.readlines()[-1]", "todo.txt"))
    );
    let hint = uncomputed_in(request, code, "17\n", here.path()).unwrap();
    assert!(
        hint.text.contains("each line of `todo.txt` ends with a newline, `\\n`, which `file.readlines()[-1]` keeps, so `len()` counted it as a character: strip it first, `len(line.rstrip('\\n'))`."),
        "{}",
        hint.text
    );
    for code in [
        "print(len(open('todo.txt').readlines()[-1].rstrip('\\n')))",
        "print(len(open('todo.txt').read().splitlines()[-1]))",
    ] {
        assert_eq!(line_end_counted(request, code, here.path()), None, "{code}");
    }
    std::fs::write(here.path().join("todo.txt"), "buy milk\ncall the plumber").unwrap();
    assert_eq!(line_end_counted(request, code, here.path()), None);
}

#[test]
fn the_first_number_of_each_line_taken_for_all_is_told_to_take_them_all() {
    // The heldout set, task 25 (0.5B): the first of six numbers, 5.0.
    let here = tempfile::tempdir().unwrap();
    std::fs::write(here.path().join("values.txt"), "5, 12, 9, 31, 2, 19\n").unwrap();
    let request = "What is the average of the numbers in values.txt?";
    let code = "with open('values.txt', 'r') as file:\n    numbers = [int(line.strip().split(',')[0]) for line in file]\nprint(sum(numbers) / len(numbers))";
    let hint = uncomputed_in(request, code, "5.0\n", here.path()).unwrap();
    assert!(
        hint.text.contains("a line of `values.txt` holds several numbers separated by `,`, and `split(',')[0]` took only the first of each line"),
        "{}",
        hint.text
    );
    assert_eq!(
        first_of_each_line("What is the first number in values.txt?", code, here.path()),
        None
    );
    std::fs::write(here.path().join("values.txt"), "ann, 5\nbob, 7\n").unwrap();
    assert_eq!(first_of_each_line(request, code, here.path()), None);
}

#[test]
fn the_whole_text_measured_for_one_line_is_told_to_take_the_line() {
    // The heldout set, task 18 (0.5B): `len(text)`, 39.
    let request = "How many characters long is the last line of todo.txt?";
    let code = "text = open('todo.txt').read()\nprint(len(text))";
    assert_eq!(whole_text_for_line(request, code), Some(("last", "-1")));
    let hint = uncomputed(request, code, "39\n").unwrap();
    assert!(
        hint.text.contains("my request is about one line, the last, and your code measured the whole text of the file: take that line first, `text.splitlines()[-1]`"),
        "{}",
        hint.text
    );
    assert_eq!(
        whole_text_for_line(
            request,
            "text = open('todo.txt').read()\nprint(len(text.splitlines()[-1]))"
        ),
        None
    );
    assert_eq!(
        whole_text_for_line("How many characters does todo.txt have?", code),
        None
    );
}

#[test]
fn a_header_counted_where_the_request_leaves_it_out_is_told_to_skip_it() {
    // The heldout set, task 19 (0.5B): 6 rows for 5.
    let request = "How many rows, not counting the header, does inventory.csv have?";
    let code = "import csv\nwith open('inventory.csv') as file:\n    rows = list(csv.reader(file))\n    print(f'The inventory.csv file has {len(rows)} rows.')";
    assert!(header_counted(request, code));
    let hint = uncomputed(request, code, "The inventory.csv file has 6 rows.\n").unwrap();
    assert!(
        hint.text.contains(
            "my request leaves the header out, and your code counted every line, the header too"
        ),
        "{}",
        hint.text
    );
    for fine in [
        "rows = list(csv.reader(open('inventory.csv')))\nprint(len(rows) - 1)",
        "rows = list(csv.reader(open('inventory.csv')))[1:]\nprint(len(rows))",
        "rows = list(csv.DictReader(open('inventory.csv')))\nprint(len(rows))",
    ] {
        assert!(!header_counted(request, fine), "{fine}");
    }
    assert!(!header_counted(
        "How many rows does inventory.csv have?",
        code
    ));
}

#[test]
fn another_field_of_the_record_printed_is_told_the_field_asked() {
    // The heldout set, task 30 (0.5B): the youngest person's name for their city.
    let here = tempfile::tempdir().unwrap();
    std::fs::write(
        here.path().join("people.json"),
        r#"[{"name": "ana", "age": 31, "city": "Lisbon"}, {"name": "tom", "age": 19, "city": "Oslo"}]"#,
    )
    .unwrap();
    std::fs::write(
        here.path().join("people.csv"),
        "name,age,city\nana,31,Lisbon\ntom,19,Oslo\n",
    )
    .unwrap();
    let request = "In which city does the youngest person in people.json live?";
    let code = "import json\npeople = json.load(open('people.json'))\nprint(min(people, key=lambda p: p['age'])['name'])";
    let hint = uncomputed_in(request, code, "tom\n", here.path()).unwrap();
    assert!(
        hint.text.contains("`tom` is the `name` of a record in `people.json`, and my request asks for the `city`: print that field of the record your code found, `['city']`"),
        "{}",
        hint.text
    );
    assert_eq!(
        other_field_printed(
            "In which city does the youngest person in people.csv live?",
            "tom",
            here.path()
        ),
        Some(OtherField {
            file: "people.csv".into(),
            printed: "name".into(),
            asked: "city".into()
        })
    );
    for value in ["Oslo", "19", "nobody"] {
        assert_eq!(
            other_field_printed(request, value, here.path()),
            None,
            "{value}"
        );
    }
    assert_eq!(
        other_field_printed(
            "Who is the youngest person in people.json?",
            "tom",
            here.path()
        ),
        None
    );
}

#[test]
fn a_test_of_lines_that_hold_something_for_empty_ones_is_told_its_negation() {
    // The heldout set, task 17 (0.5B): the 4 lines that are not empty.
    let request = "How many lines of notes.txt are empty?";
    let code = "lines = open('notes.txt').readlines()\nn = 0\nfor line in lines:\n    # Check if the line is not empty\n    if line.strip():\n        n += 1\nprint(n)";
    assert_eq!(
        empty_test_inverted(request, code),
        Some(EmptyMiscounted::Inverted("line.strip()".to_string()))
    );
    let hint = uncomputed(request, code, "4\n").unwrap();
    assert!(
        hint.text.contains("my request counts the empty lines, and `if line.strip():` is true for a line that holds something"),
        "{}",
        hint.text
    );
    assert_eq!(
        empty_test_inverted(request, &code.replace("if line", "if not line")),
        None
    );
    assert_eq!(
        empty_test_inverted("How many lines of notes.txt are not empty?", code),
        None
    ); // Every line end counted (the re-run of the same task).
    let ends = "with open('notes.txt') as file:\n    content = file.read()\n    print(content.count('\\n'))";
    let hint = uncomputed(request, ends, "7\n").unwrap();
    assert!(
        hint.text.contains(
            "my request counts the empty lines, and `count('\\n')` counts the end of every line"
        ),
        "{}",
        hint.text
    );
}

#[test]
fn a_word_pattern_cut_at_a_dot_is_told_to_take_the_whole_token() {
    // The heldout set, task 28 (0.5B): `index` of `/index.html`.
    let here = tempfile::tempdir().unwrap();
    std::fs::write(
        here.path().join("server.log"),
        "GET /index.html 200\nGET /about.html 404\nPOST /login 200\nGET /index.html 200\n",
    )
    .unwrap();
    let code = "import re\nfrom collections import Counter\ntext = open('server.log').read()\npaths = re.findall(r'GET /(\\w+)', text)\nprint(Counter(paths).most_common(1)[0][0])";
    assert_eq!(
        word_pattern_cut(code, here.path()),
        Some((r"GET /(\w+)".to_string(), '.', "server.log".to_string()))
    );
    let hint = uncomputed_in(
        "Which path in server.log was requested most often?",
        code,
        "index\n",
        here.path(),
    )
    .unwrap();
    assert!(
        hint.text
            .contains(r"your pattern `GET /(\w+)` takes `\w+`, which stops at the first `.`"),
        "{}",
        hint.text
    );
    // Words that end where the pattern stops: nothing.
    std::fs::write(
        here.path().join("server.log"),
        "GET /index 200\nGET /about 404\n",
    )
    .unwrap();
    assert_eq!(word_pattern_cut(code, here.path()), None);
}

#[test]
fn a_calls_shape_printed_for_an_answer_is_told_to_print_the_value() {
    // The heldout set, task 29 (0.5B).
    let request = "How many people in people.json are older than 30?";
    let code = "import json\ndata = json.load(open('people.json'))\nolder_than_30_count = 0\nfor person in data:\n    if person['age'] > 30:\n        older_than_30_count += 1\nresult = {'name': 'Number of people older than 30', 'arguments': {'type': 'object'}}\nprint(result)";
    let printed = "{'name': 'Number of people older than 30', 'arguments': {'type': 'object'}}\n";
    let hint = uncomputed(request, code, printed).unwrap();
    assert!(hint.undone);
    assert!(
        hint.text.contains("your code printed a call's shape (`{'name': …, 'arguments': …}`), which is no answer: nothing here reads it. Print the value your code computed, `print(older_than_30_count)`."),
        "{}",
        hint.text
    );
    // A number of its own in it may be the answer: no hint of this (the main set, task 19).
    let average = "{\"name\": \"average_age\", \"arguments\": {\"total_age\": 110, \"average_age\": 36.666666666666664}}\n";
    assert!(
        uncomputed(
            "What is the average age in team.json?",
            "print(json.dumps(result))",
            average
        )
        .is_none_or(|h| !h.text.contains("call's shape"))
    );
    assert_eq!(call_dressing("{'name': 'ana', 'age': 31}"), None);
    assert_eq!(call_dressing("2"), None);
}

#[test]
fn a_search_no_line_can_match_goes_back_with_the_files_lines() {
    let here = tempfile::tempdir().unwrap();
    std::fs::write(
        here.path().join("jobs.log"),
        "job1 took 12s\njob2 took 7s\njob3 took 30s\n",
    )
    .unwrap();
    std::fs::write(here.path().join("scores.txt"), "ann: 82\nben: 67\n").unwrap();
    // Fifth set, task 28 (0.5B): a timestamp looked for in lines that have none.
    let request = "What is the total time in seconds of the jobs in jobs.log?";
    let code = "import re\ntotal = 0\nfor line in open('jobs.log'):\n    m = re.search(r'(\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2})', line)\n    if m:\n        total += 1\nprint(f'Total time in seconds: {total}')";
    let hint = uncomputed_in(request, code, "Total time in seconds: 0\n", here.path()).unwrap();
    assert!(hint.undone);
    assert!(
            hint.text.contains("Your code searches for `(\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2})`, and no line of `jobs.log` matches it"),
            "{}",
            hint.text
        );
    assert!(hint.text.contains("job1 took 12s"), "{}", hint.text);
    // A pattern that matches, or a total that is not none, is no such search; nor is a
    // pattern written for another engine (a look-behind).
    let matching = code.replace("(\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2})", "(\\d+)s");
    assert_eq!(unmatched_search(&matching, here.path()), None);
    assert!(uncomputed_in(request, code, "Total time in seconds: 54\n", here.path()).is_none());
    assert_eq!(
        unmatched_search(
            "re.findall(r'(?<=x)y', open('jobs.log').read())",
            here.path()
        ),
        None
    );
    // Case folded with re.I: `JOB` matches.
    assert_eq!(
        unmatched_search(
            "re.findall(r'JOB', open('jobs.log').read(), re.I)",
            here.path()
        ),
        None
    );
    assert!(unmatched_search("re.findall(r'JOB', open('jobs.log').read())", here.path()).is_some());
    // Through a name (task 28, 1.5B).
    let named = "import re\ntime_pattern = r'took (\\d{4}-\\d{2}-\\d{2})'\nmatches = re.findall(time_pattern, open('jobs.log').read())\nprint(len(matches))";
    assert!(
        unmatched_search(named, here.path())
            .unwrap()
            .contains("`took (\\d{4}-\\d{2}-\\d{2})`")
    );
    assert_eq!(
        unmatched_search(
            &named.replace("(\\d{4}-\\d{2}-\\d{2})", "(\\d+)s"),
            here.path()
        ),
        None
    );
    // A separator no line holds (task 20: `ann: 82` split at `,`), as a zero and as the
    // IndexError it leads to.
    let split = "total = 0\nfor line in open('scores.txt'):\n    parts = line.split(',')\n    if len(parts) >= 2:\n        total += int(parts[1])\nprint(total)";
    let hint = uncomputed_in(
        "What is the average score in scores.txt?",
        split,
        "0\n",
        here.path(),
    )
    .unwrap();
    assert!(
        hint.text
            .contains("Your code splits at `','`, and no line of `scores.txt` holds `,`"),
        "{}",
        hint.text
    );
    // Printed by a later run that reads no file (task 20 again: `print(average_score)`).
    let h = runs(
        "What is the average score in scores.txt?",
        &[
            (split, "{'name': 'average_score'}\n"),
            ("print(average_score)", "0\n"),
        ],
    );
    let call = h.call("c2").cloned().unwrap();
    let hint = uncomputed_hint(&h, &call, "0\n", here.path()).unwrap();
    assert!(
        hint.text.contains("Your code splits at `','`"),
        "{}",
        hint.text
    );
    let failed =
        "scores = [int(line.split(',')[1]) for line in open('scores.txt')]\nprint(min(scores))";
    let error = run_hint(
        "python",
        failed,
        "IndexError: list index out of range",
        true,
        here.path(),
    )
    .unwrap();
    assert!(
        error.text.starts_with("Your code splits at `','`"),
        "{}",
        error.text
    );
    assert!(error.text.contains("ann: 82"), "{}", error.text);
    assert_eq!(
        unmatched_search("line.split(':')\nopen('scores.txt')", here.path()),
        None
    );
    assert_eq!(
        unmatched_search("line.split('\\n')\nopen('scores.txt')", here.path()),
        None
    );
}

#[test]
fn a_search_that_missed_a_request_word_is_told_how_the_file_writes_it() {
    let here = tempfile::tempdir().unwrap();
    std::fs::write(
        here.path().join("staff.csv"),
        "name,dept,salary\nava,eng,85000\nbo,sales,52000\n",
    )
    .unwrap();
    // Fifth set, task 22 (0.5B): `Engineering` for "the eng department".
    let request = "What is the total salary of the eng department in staff.csv?";
    let code = "import csv\ntotal = 0\nfor row in csv.reader(open('staff.csv')):\n    if row[1] == 'Engineering':\n        total += float(row[2])\nprint(total)";
    let hint = uncomputed_in(request, code, "0\n", here.path()).unwrap();
    assert!(
        hint.text
            .contains("No file your code read holds `Engineering`"),
        "{}",
        hint.text
    );
    assert!(
        hint.text
            .contains("My request's `eng` is written so in `staff.csv`."),
        "{}",
        hint.text
    );
    // Header words and words the code writes are not told.
    assert_eq!(
        kept_request_words("What is the total salary in staff.csv?", code, here.path()),
        None
    );
    assert_eq!(
        kept_request_words(request, "x = 'eng'\nopen('staff.csv')", here.path()),
        None
    );
}

#[test]
fn a_floats_rounding_error_is_said_with_its_shorter_value() {
    assert_eq!(float_noise("26.999999999999996").as_deref(), Some("27"));
    assert_eq!(float_noise("0.30000000000000004").as_deref(), Some("0.3"));
    assert_eq!(float_noise("3.141592653589793"), None);
    assert_eq!(float_noise("0.3333333333333333"), None);
    assert_eq!(float_noise("27.5"), None);
    // Fifth set, task 8 (0.5B): the cube root printed by `math.cbrt`.
    let request = "What is the cube root of 19683? Use code.";
    let code = "import math\nprint(math.cbrt(19683))";
    let hint = uncomputed(request, code, "26.999999999999996\n").unwrap();
    assert!(!hint.undone);
    assert_eq!(
        hint.text,
        "26.999999999999996 is 27 with a floating-point rounding error in its last digits: the value is 27."
    );
    // The answer that says the noise is asked again, with the value.
    let h = runs(request, &[(code, "26.999999999999996\n")]);
    let nudge = unrounded_answer_nudge(
        &h,
        "The cube root of 19683 is approximately 26.999999999999996.",
    )
    .unwrap();
    assert!(
        nudge.contains("Answer my question again in one sentence, with 27."),
        "{nudge}"
    );
    assert_eq!(
        unrounded_answer_nudge(&h, "The cube root of 19683 is 27."),
        None
    );
}

#[test]
fn a_delete_that_printed_nothing_is_told_the_rest_of_the_request() {
    let here = tempfile::tempdir().unwrap();
    std::fs::write(here.path().join("a.txt"), "1").unwrap();
    // Fifth set, task 33 (0.5B): `rm tmp.log` in shell, then "The output is empty."
    let request = "Delete tmp.log, then tell me how many files are left in this folder.";
    let h = runs(request, &[]);
    let call = ToolCall {
        call_id: "c1".into(),
        wire_id: None,
        name: "execute".into(),
        arguments: serde_json::json!({"language": "shell", "code": "rm tmp.log"}),
        origin: CallOrigin::Text,
        action: ToolAction::RunCode {
            language: "shell".into(),
            code: "rm tmp.log".into(),
        },
    };
    let told = made_file_output(&h, &call, "", here.path()).unwrap();
    assert_eq!(
        told,
        "\n(The code printed nothing. It did that part (`tmp.log` is gone now); the rest of my request is still to do: tell me how many files are left in this folder. Write the code for that, which prints the answer.)"
    );
    // Not while the file is still there, nor when the shell printed something.
    std::fs::write(here.path().join("tmp.log"), "x").unwrap();
    assert_eq!(made_file_output(&h, &call, "", here.path()), None);
    std::fs::remove_file(here.path().join("tmp.log")).unwrap();
    assert_eq!(made_file_output(&h, &call, "removed\n", here.path()), None);
}

#[test]
fn lines_counted_for_how_many_times_go_back_as_undone() {
    let here = tempfile::tempdir().unwrap();
    std::fs::write(here.path().join("fruit.txt"), "banana").unwrap();
    std::fs::write(here.path().join("story.txt"), "the cat sat\na cat ran\n").unwrap();
    // Fifth set, task 32 (0.5B): the lines holding `a`, where the `a`s were asked.
    let request = "Write the word banana into fruit.txt, then tell me how many times the letter a appears in fruit.txt.";
    let code = "with open('fruit.txt') as file:\n    count = 0\n    for line in file:\n        if 'a' in line:\n            count += 1\n    print(count)";
    let hint = uncomputed_in(request, code, "1\n", here.path()).unwrap();
    assert!(hint.undone);
    assert!(
            hint.text.contains("my request asks how many times `a` appears, and your code counted the `line`s that hold it"),
            "{}",
            hint.text
        );
    // Right where no line holds it twice (main set: each line of the story has one cat).
    let cats = "count = 0\nfor line in open('story.txt'):\n    if 'cat' in line:\n        count += 1\nprint(count)";
    assert_eq!(
        lines_for_times(
            "How many times does the word cat appear in story.txt?",
            cats,
            here.path()
        ),
        None
    );
    let counted = code.replace(
        "if 'a' in line:\n            count += 1",
        "count += line.count('a')",
    );
    assert_eq!(lines_for_times(request, &counted, here.path()), None);
    assert_eq!(
        lines_for_times("How many lines of fruit.txt hold a?", code, here.path()),
        None
    );
}

#[test]
fn a_number_with_a_leading_zero_is_told_then_mended() {
    let code = "import datetime\nd = datetime.datetime(2026, 12, 05)  # 05 stays in comments\ns = '2026-12-05'\nprint((datetime.datetime(2026, 12, 31) - d).days, 0.05, 0x0F, 00)";
    let mended = without_leading_zeros(code).unwrap();
    assert_eq!(
        mended,
        "import datetime\nd = datetime.datetime(2026, 12, 5)  # 05 stays in comments\ns = '2026-12-05'\nprint((datetime.datetime(2026, 12, 31) - d).days, 0.05, 0x0F, 0)"
    );
    assert_eq!(without_leading_zeros("print(2026, 0.5, x05, '05')"), None);
    // Fifth set, task 19 (0.5B): the SyntaxError, then the same code sent back.
    let out = "  File \"<cell 1>\", line 2\n    d = datetime.datetime(2026, 12, 05)\nSyntaxError: leading zeros in decimal integer literals are not permitted; use an 0o prefix for octal integers";
    let hint = failed_python(code, out).unwrap();
    assert_eq!(
        hint.text,
        "Python 3 does not take a whole number written with a leading zero: write `d = datetime.datetime(2026, 12, 5)  # 05 stays in comments`, not `d = datetime.datetime(2026, 12, 05)  # 05 stays in comments`."
    );
    let h = runs_ending(
        "How many days of 2026 come after 2026-12-05? Use code.",
        &[(code, out)],
        true,
    );
    let (again, says) = mended_leading_zeros(&h, Some(&run(code))).unwrap();
    assert_eq!(again, mended);
    assert!(
        says.contains("it asked to run it again unchanged"),
        "{says}"
    );
    assert_eq!(mended_leading_zeros(&h, Some(&run("print(1)"))), None);
}

#[test]
fn a_top_level_return_sent_back_runs_printed() {
    let code = "import json\ndata = json.load(open('stock.json'))\ntotal = sum(i['stock'] for i in data)\nreturn {\n    'total': total,\n}";
    let out = "  File \"<cell 1>\", line 4\nSyntaxError: 'return' outside function";
    let h = runs_ending(
        "What is the total stock of all items in stock.json?",
        &[(code, out)],
        true,
    );
    let (mended, says) = mended_return(&h, Some(&run(code))).unwrap();
    assert_eq!(
        mended,
        "import json\ndata = json.load(open('stock.json'))\ntotal = sum(i['stock'] for i in data)\nreturned = {\n    'total': total,\n}\nprint(returned)"
    );
    assert!(
        says.contains("returns a value outside any function"),
        "{says}"
    );
    // Two top-level returns, or a return in a function, are not guessed at.
    let two = format!("{code}\nreturn 1");
    let h = runs_ending("x", &[(two.as_str(), out)], true);
    assert_eq!(mended_return(&h, Some(&run(&two))), None);
}

#[test]
fn text_printed_as_written_goes_back_as_undone() {
    // Fifth set, task 12 (0.5B): `print('hello')` for the word in uppercase, reversed.
    let request = "What is the word hello in uppercase, reversed? Use code.";
    let hint = uncomputed(request, "print('hello')", "hello\n").unwrap();
    assert!(hint.undone);
    assert!(
        hint.text
            .contains("`hello` is text your code wrote itself and printed as it is"),
        "{}",
        hint.text
    );
    assert!(uncomputed(request, "print('hello'.upper()[::-1])", "OLLEH\n").is_none());
    // Printed under a condition, it was chosen by the code.
    assert_eq!(
        text_printed(request, "if w == w[::-1]:\n    print('hello')", "hello\n"),
        None
    );
    assert_eq!(
        text_printed("Print the word hello.", "print('hello')", "hello\n"),
        None
    );
}

#[test]
fn a_pandas_column_grouped_by_that_is_not_there_is_told_the_columns() {
    let here = tempfile::tempdir().unwrap();
    std::fs::write(
        here.path().join("staff.csv"),
        "name,dept,salary\nava,eng,85000\n",
    )
    .unwrap();
    // Fifth set, task 24 (0.5B).
    let code = "import pandas as pd\ndf = pd.read_csv('staff.csv')\nprint(df.groupby('department')['salary'].mean().idxmax())";
    let out =
        "Traceback (most recent call last):\n  File \"<cell 2>\", line 3\nKeyError: 'department'";
    let hint = run_hint("python", code, out, true, here.path()).unwrap();
    assert!(hint.text.contains("`department`"), "{}", hint.text);
    assert!(hint.text.contains("dept"), "{}", hint.text);
}

#[test]
fn lines_of_a_name_and_a_number_are_told_how_to_split() {
    assert_eq!(
        labelled_numbers("ann: 82\nben: 67").as_deref(),
        Some(
            "Each line holds a name, then `:`, then a number: split each line (`name, value = line.split(':')`) and convert only the number (`float(value)`)."
        )
    );
    assert!(
        labelled_numbers("monday 21\ntuesday 25")
            .unwrap()
            .contains("a space")
    );
    assert!(
        labelled_numbers("monday 21\ntuesday 25")
            .unwrap()
            .contains("line.rsplit(maxsplit=1)")
    );
    assert_eq!(labelled_numbers("job1 took 12s\njob2 took 7s"), None);
    assert_eq!(labelled_numbers("roses are red"), None);
    assert_eq!(labelled_numbers("12 13"), None);
}

#[test]
fn the_clock_read_for_a_request_that_gives_its_dates_goes_back_as_undone() {
    // Fifth set, task 19 (1.5B): days after 2026-12-05 counted up to now.
    let request = "How many days of 2026 come after 2026-12-05? Use code.";
    let code = "from datetime import datetime\nstart = datetime(2026, 12, 5)\nprint((datetime.now() - start).days)";
    let hint = uncomputed(request, code, "0\n").unwrap();
    assert!(hint.undone);
    assert!(
            hint.text.contains("my request gives its dates (2026-12-05) and asks nothing about today, and your code took today's date from the clock (`now()`)"),
            "{}",
            hint.text
        );
    assert_eq!(
        clock_for_dated_request("How many days are left from today until 2027-01-01?", code),
        None
    );
    assert_eq!(clock_for_dated_request(request, "print(365 - 339)"), None);
}

#[test]
fn a_time_conversion_without_its_factor_goes_back_as_undone() {
    // Fifth set, task 2 (0.5B): minutes of 2.5 days as `days * 24`.
    let request = "How many minutes are in 2.5 days? Use code.";
    let hint = uncomputed(
        request,
        "days = 2.5\nminutes = days * 24\nprint(minutes)",
        "60.0\n",
    )
    .unwrap();
    assert!(hint.undone);
    assert!(
        hint.text
            .contains("a day is 1440 minutes (24 × 60), and no numbers of your code make 1440"),
        "{}",
        hint.text
    );
    for right in [
        "print(2.5 * 24 * 60)",
        "print(2.5 * 1440)",
        "MINUTES_PER_HOUR = 60\nHOURS_PER_DAY = 24\nprint(2.5 * HOURS_PER_DAY * MINUTES_PER_HOUR)",
        "from datetime import timedelta\nprint(timedelta(days=2.5).total_seconds() / 60)",
    ] {
        assert_eq!(time_factor_missed(request, right), None, "{right}");
    }
    // Several units given: the largest one's factor (fourth set, task 2).
    let request = "How many seconds are in 3 hours and 25 minutes? Use code.";
    assert!(time_factor_missed(request, "print(3 * 60 + 25)").is_some());
    assert_eq!(
        time_factor_missed(request, "print(3 * 3600 + 25 * 60)"),
        None
    );
    assert_eq!(
        time_factor_missed("How many days are in 48 hours?", "print(48 / 24)"),
        None
    );
    // The unit asked for "in seconds" (twenty-first set, task 9).
    let request = "What is 2.5 hours in seconds? Use code.";
    let hint = uncomputed(
        request,
        "hours = 2.5\nseconds = hours * 60\nprint(seconds)",
        "150.0\n",
    )
    .unwrap();
    assert!(
        hint.text
            .contains("an hour is 3600 seconds (60 × 60), and no numbers of your code make 3600"),
        "{}",
        hint.text
    );
    assert_eq!(time_factor_missed(request, "print(2.5 * 3600)"), None);
    assert_eq!(
        time_factor_missed("What is 3 kilometres in metres?", "print(3 * 100)"),
        None
    );
}

#[test]
fn the_first_item_of_a_list_taken_for_all_of_them_is_told() {
    let here = tempfile::tempdir().unwrap();
    std::fs::write(
        here.path().join("posts.json"),
        r#"{"posts": [{"tags": ["rust", "cli"]}, {"tags": ["cli", "gui"]}, {"tags": ["web"]}]}"#,
    )
    .unwrap();
    let request = "How many distinct tags are in posts.json?";
    let code = "import json\nwith open('posts.json') as f:\n    data = json.load(f)\nprint(len(set(data['posts'][0]['tags'])))";
    let hint = uncomputed_in(request, code, "2\n", here.path()).unwrap();
    assert!(hint.undone);
    assert!(
        hint.text.contains(
            "all 3 items of `posts` in `posts.json`, and your code took only the first one"
        ),
        "{}",
        hint.text
    );
    // Every item gone through, a request about the first one, or a list of one: fine.
    let all = "import json\ndata = json.load(open('posts.json'))\nprint(len({t for p in data['posts'] for t in p['tags']}))";
    assert_eq!(first_item_only(request, all, here.path()), None);
    assert_eq!(
        first_item_only(
            "What is the title of the first post in posts.json?",
            code,
            here.path()
        ),
        None
    );
    std::fs::write(
        here.path().join("posts.json"),
        r#"{"posts": [{"tags": ["a"]}]}"#,
    )
    .unwrap();
    assert_eq!(first_item_only(request, code, here.path()), None);
}

#[test]
fn the_first_item_sent_back_after_the_hint_runs_over_every_item() {
    // Twenty-first set, task 23 (0.5B): told three times, the same code sent back each time.
    let here = tempfile::tempdir().unwrap();
    std::fs::write(
        here.path().join("posts.json"),
        r#"{"posts": [{"title": "a", "tags": ["rust", "cli"]}, {"title": "b", "tags": ["cli", "gui"]}, {"title": "c", "tags": ["web"]}]}"#,
    )
    .unwrap();
    let request = "How many distinct tags are in posts.json?";
    let printed = |code: &str| {
        let out = std::process::Command::new("python3")
            .args(["-c", code])
            .current_dir(here.path())
            .output()
            .unwrap();
        assert!(out.status.success(), "{code}\n{out:?}");
        String::from_utf8(out.stdout).unwrap()
    };
    let direct = "import json\n\nwith open('posts.json', 'r') as file:\n    data = json.load(file)\n\ndistinct_tags = set(data['posts'][0]['tags'])\n\nprint(len(distinct_tags))";
    let named = "import json\nposts = json.load(open('posts.json'))\ntags = posts[\"posts\"][0][\"tags\"]\nprint(len(set(tags)))";
    let looped = "import json\nd = json.load(open('posts.json'))\nseen = d['posts'][0]['tags']\nunique = []\nfor t in seen:\n    if t not in unique:\n        unique.append(t)\nprint(len(unique))";
    // A single value of each item is gathered: titles counted.
    let titles =
        "import json\nd = json.load(open('posts.json'))\nprint(len(set(d['posts'][0]['title'])))";
    for (code, wrong, right, field) in [
        (direct, "2", "4", "tags"),
        (named, "2", "4", "tags"),
        (looped, "2", "4", "tags"),
        (titles, "1", "3", "title"),
    ] {
        assert_eq!(printed(code).trim(), wrong, "{code}");
        let hint = uncomputed_in(request, code, &format!("{wrong}\n"), here.path()).unwrap();
        let out = format!("{wrong}\n\n({})", hint.text);
        let h = runs_ending(request, &[(code, &out)], true);
        let (mended, says) = mended_first_item(&h, Some(&run(code))).unwrap();
        assert_eq!(printed(&mended).trim(), right, "{mended}");
        assert!(
            says.contains(&format!(
                "takes `{field}` of the first item of `posts` only"
            )),
            "{says}"
        );
        // Something else sent: no mend.
        assert_eq!(mended_first_item(&h, Some(&run("print(4)"))), None);
    }
    // The field handed to nothing that takes many values: the code is left as it is.
    let one =
        "import json\nd = json.load(open('posts.json'))\nt = d['posts'][0]['tags']\nprint(t[0])";
    let out = "rust\n\n(That is not the answer yet: my request is about all 3 items of `posts` in `posts.json`, and your code took only the first one (`['posts'][0]`). Go through every item.)";
    let h = runs_ending(request, &[(one, out)], true);
    assert_eq!(mended_first_item(&h, Some(&run(one))), None);
    // Another hint: no mend.
    let h = runs_ending(request, &[(direct, "2\n\n(Another hint.)")], true);
    assert_eq!(mended_first_item(&h, Some(&run(direct))), None);
}

#[test]
fn a_date_searched_in_another_year_than_the_files_is_told() {
    let here = tempfile::tempdir().unwrap();
    std::fs::write(
        here.path().join("ledger.csv"),
        "date,amount\n2027-02-27,40\n2027-03-02,25\n2027-03-18,15\n",
    )
    .unwrap();
    let code = "import csv\nwith open('ledger.csv') as f:\n    rows = list(csv.reader(f))[1:]\nmarch = [r for r in rows if r[0].startswith('2026-03')]\nprint(f\"The total of the amount column in March is: {sum(int(r[1]) for r in march)}\")";
    let output = "The total of the amount column in March is: 0\n";
    let hint = run_hint("python", code, output, false, here.path()).unwrap();
    assert!(
        hint.text.contains("`2026-03` is nowhere in `ledger.csv`: its dates in that month are of another year (`2027-03-02`)"),
        "{}",
        hint.text
    );
    let text = "2027-03-02,25\n";
    assert_eq!(date_in_another_year("x.startswith('2027-03')", text), None);
    assert_eq!(date_in_another_year("x.startswith('2026-04')", text), None);
    assert_eq!(
        date_in_another_year("x == '2026-03-02'", text),
        Some(("2026-03-02", "2027-03-02".to_string()))
    );
    assert_eq!(date_in_another_year("x == '2026-03-05'", text), None);
    // A column's name on the header alone is no word the search missed.
    let code = "import csv\nrows = list(csv.reader(open('ledger.csv')))\nprint('Total amount:', sum(int(r[1]) for r in rows[1:] if r[0] == 'March'))";
    let hint = run_hint("python", code, "Total amount: 0\n", false, here.path());
    assert!(
        hint.as_ref()
            .is_none_or(|h| !h.text.contains("does hold `amount`")),
        "{hint:?}"
    );
}

#[test]
fn folders_listed_for_the_one_with_the_most_files_are_told_to_be_counted() {
    let here = tempfile::tempdir().unwrap();
    for (folder, files) in [("src", 3), ("img", 1), ("docs", 2)] {
        std::fs::create_dir(here.path().join(folder)).unwrap();
        for i in 0..files {
            std::fs::write(here.path().join(folder).join(format!("{i}.txt")), "x").unwrap();
        }
    }
    let request = "Which folder here has the most files?";
    let code = "import os\nfiles = os.listdir('.')\nprint(files)";
    let hint = uncomputed_in(request, code, "['src', 'img', 'docs']\n", here.path()).unwrap();
    assert!(hint.undone);
    assert!(
        hint.text.contains("those are the folders here, and my request asks which one holds the most files: count the files in each"),
        "{}",
        hint.text
    );
    let counted = "import os\nprint(max(os.listdir('.'), key=lambda d: len(os.listdir(d))))";
    assert_eq!(
        folders_uncounted(request, counted, "src", here.path()),
        None
    );
    // Names that are no folders here, or another question: not this.
    assert_eq!(
        folders_uncounted(request, code, "['a.txt', 'b.txt']", here.path()),
        None
    );
    assert_eq!(
        folders_uncounted(
            "Which folders are here?",
            code,
            "['src', 'img']",
            here.path()
        ),
        None
    );
    assert_eq!(
        folders_uncounted(
            "Which directory has the fewest files?",
            "import os\nfor d in os.listdir('.'):\n    print(d)",
            "src\nimg\ndocs",
            here.path()
        ),
        Some("fewest")
    );
}

#[test]
fn blank_lines_compared_with_their_newline_kept_are_told() {
    let here = tempfile::tempdir().unwrap();
    std::fs::write(
        here.path().join("draft.txt"),
        "Title\n\nFirst.\n\n\nSecond.\n",
    )
    .unwrap();
    let request = "How many blank lines does draft.txt have?";
    let code = "with open('draft.txt', 'r') as file: print(file.readlines().count(''))";
    let hint = uncomputed_in(request, code, "0\n", here.path()).unwrap();
    assert!(
        hint.text
            .contains("a blank line is `'\\n'`, never `''`, and `draft.txt` does have blank lines"),
        "{}",
        hint.text
    );
    for right in [
        "print(open('draft.txt').read().splitlines().count(''))",
        "print(sum(1 for l in open('draft.txt') if l.strip() == ''))",
    ] {
        assert_eq!(
            blank_lines_missed(request, right, "0", here.path()),
            None,
            "{right}"
        );
    }
    assert_eq!(blank_lines_missed(request, code, "3", here.path()), None);
    std::fs::write(here.path().join("draft.txt"), "a\nb\n").unwrap();
    assert_eq!(blank_lines_missed(request, code, "0", here.path()), None);
}

#[test]
fn a_line_printed_for_its_last_word_is_told() {
    let request = "What is the last word of notes.txt?";
    let hint = uncomputed(
        request,
        "with open('notes.txt') as f: print(f.readlines()[-1])",
        "finish the report\n",
    )
    .unwrap();
    assert!(
        hint.text.contains("asks for the last word, and your code printed a whole line: print its last word, `line.split()[-1]`"),
        "{}",
        hint.text
    );
    let nowhere = Path::new("/nonexistent-folder");
    assert_eq!(
        line_for_word("What is the first word of a.txt?", "hello world", nowhere),
        Some(("first", "0"))
    );
    assert_eq!(line_for_word(request, "report", nowhere), None);
    assert_eq!(
        line_for_word(
            "What is the last line of notes.txt?",
            "finish the report",
            nowhere
        ),
        None
    );
    // Twenty-second set, task 24 (0.5B): the right word, after a sentence and its colon.
    let here = tempfile::tempdir().unwrap();
    std::fs::write(
        here.path().join("poem.txt"),
        "the sea is calm\nwhispering pines along the quiet ridge\nstars\n",
    )
    .unwrap();
    let asked = "What is the first word of the longest line in poem.txt?";
    assert_eq!(
        line_for_word(
            asked,
            "The first word of the longest line in poem.txt is: whispering",
            here.path()
        ),
        None
    );
    // A sentence that is no line of the file the request names.
    assert_eq!(
        line_for_word(asked, "The word is whispering", here.path()),
        None
    );
    assert_eq!(
        line_for_word(asked, "whispering pines along the quiet ridge", here.path()),
        Some(("first", "0"))
    );
}

#[test]
fn a_search_from_infinity_over_dates_is_told_to_take_the_smallest() {
    let code = "from datetime import datetime\nearliest = float('inf')\nfor row in rows:\n    d = datetime.strptime(row[0], '%Y-%m-%d')\n    if d < earliest:\n        earliest = d\nprint(earliest)";
    let output = "Traceback (most recent call last):\n  File \"<cell 1>\", line 5, in <module>\nTypeError: '<' not supported between instances of 'datetime.datetime' and 'float'\n";
    assert_eq!(
        compared_with_infinity(code, output),
        Some("datetime.datetime")
    );
    let hint = failed_python(code, output).unwrap();
    assert!(
        hint.text
            .contains("`float('inf')` is a number, and your values are `datetime.datetime`"),
        "{}",
        hint.text
    );
    // Another comparison that failed, or no infinity in the code: not this.
    assert_eq!(
        compared_with_infinity(
            "x = None\nprint(x < 1)",
            "TypeError: '<' not supported between instances of 'NoneType' and 'int'"
        ),
        None
    );
    assert_eq!(
        compared_with_infinity(
            code,
            "TypeError: '<' not supported between instances of 'str' and 'int'"
        ),
        None
    );
}

#[test]
fn a_timedelta_printed_for_hours_is_told_how_to_give_them() {
    let request = "How many hours are between 2027-03-01 08:00 and 2027-03-03 20:30? Use code.";
    let code = "from datetime import datetime\nstart = datetime(2027, 3, 1, 8, 0)\nend = datetime(2027, 3, 3, 20, 30)\ndifference = end - start\nprint(difference)";
    let hint = uncomputed(request, code, "2 days, 12:30:00\n").unwrap();
    assert!(
        hint.text.contains(
            "asks for it in hours: `print(difference.total_seconds() / 3600)` prints that."
        ),
        "{}",
        hint.text
    );
    assert_eq!(
        timedelta_for_units(
            "How many minutes from 08:45 to 17:10?",
            "print(end - start)",
            "8:25:00"
        ),
        Some((
            "minute",
            "print((end - start).total_seconds() / 60)".to_string()
        ))
    );
    // Whole days are the difference's `.days`.
    assert_eq!(
        timedelta_for_units(
            "How many days are left in 2027 after 2027-10-15? Use code.",
            "print(days_left)",
            "77 days, 0:00:00"
        ),
        Some(("day", "print(days_left.days)".to_string()))
    );
    // A clock time asked for, or hours already printed, is no such thing.
    assert_eq!(
        timedelta_for_units("What time is it 250 minutes after 21:40?", code, "01:50:00"),
        None
    );
    assert_eq!(timedelta_for_units(request, code, "60.5"), None);
}

#[test]
fn a_fraction_printed_for_a_percentage_is_said_to_be_one() {
    let request = "What percentage of the tasks in tasks.json are done? Answer as a whole number.";
    let code = "import json\ntasks = json.load(open('tasks.json'))\ndone = len([t for t in tasks if t['done']]) / len(tasks)\nprint(f\"{done:.2f}% of the tasks are done.\")";
    let hint = uncomputed(request, code, "0.75% of the tasks are done.\n").unwrap();
    assert!(
        hint.text
            .contains("0.75 is a fraction of one: the percentage is that times 100, 75."),
        "{}",
        hint.text
    );
    assert_eq!(
        fraction_for_percentage(
            request,
            &code.replace("/ len(tasks)", "/ len(tasks) * 100"),
            "75.0"
        ),
        None
    );
    // "17 percent of 340" asks for no percentage; a percentage above one is one already.
    assert_eq!(
        fraction_for_percentage("What is 17 percent of 340?", "print(0.17 * 3.4)", "0.578"),
        None
    );
    assert_eq!(fraction_for_percentage(request, "print(3 / 4)", "75"), None);
    assert!(fraction_for_percentage("What percent of 8 is 2?", "print(2 / 8)", "0.25").is_some());
}

#[test]
fn every_line_counted_for_things_that_are_not_lines_goes_back_as_undone() {
    let here = tempfile::tempdir().unwrap();
    std::fs::write(
        here.path().join("guide.md"),
        "# Intro\ntext\n## Setup\nmore text\n## Usage\nrun it\n# End\n",
    )
    .unwrap();
    // Fifth set, task 27 (0.5B).
    let request = "How many headings does guide.md have?";
    let code = "content = open('guide.md').read()\nprint(f'Number of headings in guide.md: {len(content.split(chr(10)))}')";
    let hint = uncomputed_in(
        request,
        code,
        "Number of headings in guide.md: 8\n",
        here.path(),
    )
    .unwrap();
    assert!(hint.undone);
    assert!(
            hint.text.contains("my request counts headings, and your code counted the lines of `guide.md` (7), all of them"),
            "{}",
            hint.text
        );
    let checked = "import os\nif os.path.exists('guide.md'):\n    print(len(open('guide.md').read().split(chr(10))))";
    assert!(all_lines_counted(request, checked, "8", here.path()).is_some());
    let chosen = "print(sum(1 for l in open('guide.md') if l.startswith('#')))";
    assert_eq!(all_lines_counted(request, chosen, "4", here.path()), None);
    assert_eq!(
        all_lines_counted("How many lines does guide.md have?", code, "7", here.path()),
        None
    );
    assert_eq!(all_lines_counted(request, code, "4", here.path()), None);
}

#[test]
fn a_variable_named_for_a_column_by_its_full_word_is_checked_against_it() {
    assert!(names_column("departments", "dept"));
    assert!(names_column("amount", "amt"));
    assert!(names_column("names", "name"));
    assert!(names_column("student", "students"));
    assert!(!names_column("departments", "date"));
    assert!(!names_column("count", "cost"));
    assert!(!names_column("data", "date"));
    let here = tempfile::tempdir().unwrap();
    std::fs::write(
        here.path().join("staff.csv"),
        "name,dept,salary\nava,eng,85000\nbo,hr,1\n",
    )
    .unwrap();
    // Fifth set, task 23 (1.5B): the distinct departments taken from the salary column.
    let code = "import csv\nwith open('staff.csv') as f:\n    reader = csv.reader(f)\n    next(reader)\n    departments = set(row[2] for row in reader)\n    print(len(departments))";
    let text = column_mixed_up(code, here.path()).unwrap();
    assert!(text.contains("`departments`"), "{text}");
    assert!(text.contains("row[1]"), "{text}");
}

#[test]
fn objects_added_up_from_a_json_file_are_told_its_shape() {
    let here = tempfile::tempdir().unwrap();
    std::fs::write(
        here.path().join("stock.json"),
        r#"{"warehouse": {"items": [{"sku": "A1", "stock": 5}]}}"#,
    )
    .unwrap();
    // Fifth set, task 26 (1.5B).
    let code = "import json\nwith open('stock.json') as f:\n    data = json.load(f)\nprint(sum(data.values()))";
    let out = "Traceback (most recent call last):\nTypeError: unsupported operand type(s) for +: 'int' and 'dict'";
    let hint = run_hint("python", code, out, true, here.path()).unwrap();
    assert!(hint.text.starts_with("stock.json holds"), "{}", hint.text);
    assert!(hint.text.contains("stock"), "{}", hint.text);
}

#[test]
fn an_answer_that_says_the_request_back_with_its_value_is_no_parrot() {
    let request = "What is the total time in seconds of the jobs in jobs.log?";
    let mut h = runs(request, &[("print(total)", "Total time in seconds: 0\n")]);
    let correction = "That is not the answer yet: 0 is a number your code wrote itself: it did not compute it. Write code that computes the answer.";
    for item in after_answer(correction.into()) {
        h.push(item);
    }
    assert_eq!(
        parroted_answer_nudge(
            &h,
            "The total time in seconds of the jobs in jobs.log is 54.",
            ""
        ),
        None
    );
}

#[test]
fn a_find_of_no_document_kind_is_told_the_working_directory() {
    let here = tempfile::tempdir().unwrap();
    std::fs::write(here.path().join("jobs.log"), "job1 took 12s\n").unwrap();
    // Fifth set, task 29 (1.5B).
    let code = "found = computer.files.find(kind=\"job\")\nprint(found)";
    let out = "Traceback (most recent call last):\ncomputer.ComputerError: no document kind `job`: use pdf, docx, odt, xlsx, xls, ods, pptx, html, epub or text";
    let hint = run_hint("python", code, out, true, here.path()).unwrap();
    assert!(
        hint.text
            .contains("holds: jobs.log. Open a file there by its name"),
        "{}",
        hint.text
    );
}

#[test]
fn a_number_said_in_the_requests_words_for_who_goes_back_as_undone() {
    // Fifth set, task 21 (0.5B, after the labelled-numbers hint).
    let request = "Who has the lowest score in scores.txt?";
    let hint = uncomputed(
        request,
        "print(x)",
        "The lowest score in scores.txt is: 67.0\n",
    )
    .unwrap();
    assert!(
        hint.text
            .contains("my request asks who, and 67.0 is a number, not who it is"),
        "{}",
        hint.text
    );
    assert_eq!(
        number_for_who(request, "ben has the lowest score: 67"),
        None
    );
    assert_eq!(number_for_who(request, "67"), Some("67"));
    // Dressed as a call, its key the request's words joined (sixteenth set, task 25).
    assert_eq!(
        number_for_who(
            "Who has the highest score in scores.json?",
            "{'name': 'Highest Score', 'arguments': {'highest_score': 95}}"
        ),
        Some("95")
    );
    assert_eq!(
        number_for_who(
            "Who has the highest score in scores.json?",
            "{'name': 'bob', 'score': 95}"
        ),
        None
    );
}

#[test]
fn a_word_every_line_holds_is_no_answer_to_which() {
    let here = tempfile::tempdir().unwrap();
    std::fs::write(
        here.path().join("jobs.log"),
        "job1 took 12s\njob2 took 7s\njob3 took 30s\n",
    )
    .unwrap();
    // Fifth set, task 29 (0.5B).
    let request = "Which job in jobs.log took the longest?";
    let code = "import re\nfor job in open('jobs.log'):\n    m = re.search(r'(\\w+)\\s+(\\d+)s', job)\nprint(f'The job that took the longest is: {name}')\nprint(f'The time: {t} seconds')";
    let output = "The job that took the longest is: took\nThe time: 30 seconds\n";
    let hint = uncomputed_in(request, code, output, here.path()).unwrap();
    assert!(hint.undone);
    assert!(
        hint.text
            .contains("`took` is in every line of `jobs.log`, so it tells none of them apart"),
        "{}",
        hint.text
    );
    assert_eq!(
        word_of_every_line(
            request,
            code,
            "The job that took the longest is: job3\n",
            here.path()
        ),
        None
    );
    assert_eq!(
        word_of_every_line("How long did job3 take?", code, output, here.path()),
        None
    );
}

#[test]
fn lines_counted_for_how_many_times_sent_back_run_counted() {
    let request = "Write the word banana into fruit.txt, then tell me how many times the letter a appears in fruit.txt.";
    let code = "with open('fruit.txt') as file:\n    count = 0\n    for line in file:\n        if 'a' in line:\n            count += 1\n    print(count)";
    let hint = uncomputed(request, code, "1\n").unwrap();
    let output = format!("1\n\n({})", hint.text);
    let h = runs_ending(request, &[(code, output.as_str())], true);
    let (mended, says) =
        mended_times(&h, Some(&run(code)), Path::new("/nonexistent-folder")).unwrap();
    assert_eq!(
        mended,
        "with open('fruit.txt') as file:\n    count = 0\n    for line in file:\n        count += line.count('a')\n    print(count)"
    );
    assert!(says.contains("adding up `line.count('a')`"), "{says}");
    // Told so, it is said to have printed what is no answer, not to have failed.
    let nudge = repeated_failure_nudge(&h, &run(code)).unwrap();
    assert!(
        nudge.starts_with(
            "You asked to run the same code again, and it printed:\n1\n(That is not the answer yet:"
        ),
        "{nudge}"
    );
    assert!(nudge.ends_with("It would print the same. Change the code so that it computes what my request asks, then run it."), "{nudge}");
    assert_eq!(
        mended_times(&h, Some(&run("print(1)")), Path::new("/nonexistent-folder")),
        None
    );
}

#[test]
fn the_total_of_ls_l_is_said_to_be_blocks() {
    let request = "Delete tmp.log, then tell me how many files are left in this folder.";
    let h = runs(request, &[]);
    let call = ToolCall {
        call_id: "c1".into(),
        wire_id: None,
        name: "execute".into(),
        arguments: serde_json::json!({"language": "shell", "code": "ls -l"}),
        origin: CallOrigin::Text,
        action: ToolAction::RunCode {
            language: "shell".into(),
            code: "ls -l".into(),
        },
    };
    let out = "total 8\n-rw-r--r-- 1 root root 1 Dec  5 03:03 a.txt\n-rw-r--r-- 1 root root 1 Dec  5 03:03 b.txt\n";
    let hint = uncomputed_hint(&h, &call, out, Path::new("/nonexistent-folder")).unwrap();
    assert!(!hint.undone);
    assert!(
        hint.text
            .starts_with("`total 8` is the disk space `ls -l` counts"),
        "{}",
        hint.text
    );
    assert_eq!(
        uncomputed_hint(
            &h,
            &call,
            "a.txt\nb.txt\n",
            Path::new("/nonexistent-folder")
        ),
        None
    );
}

#[test]
fn a_percentage_computed_otherwise_goes_back_as_undone() {
    let request = "What is 18 percent of 1250? Use code.";
    let hint = uncomputed(request, "print(18 / 1250 * 100)", "1.44\n").unwrap();
    assert!(hint.undone);
    assert!(
        hint.text
            .contains("18 percent of 1250 is 1250 × 18 / 100 = 225"),
        "{}",
        hint.text
    );
    // The value, at any rounding, or written with its decimals, is right.
    for printed in ["225.0\n", "225\n"] {
        assert_eq!(uncomputed(request, "print(1250 * 18 / 100)", printed), None);
    }
    assert_eq!(percent_missed("What is 12.5% of 864?", "108.0"), None);
    assert!(percent_missed("What is 12.5% of 864?", "10.8").is_some());
    assert_eq!(
        percent_missed("What is 22.5 percent of 7 rounded?", "2"),
        None
    );
    // Other computations with a percentage, or more than one value printed.
    for request in [
        "What is 1250 after a 18 percent discount?",
        "What is 1250 plus 18 percent of 1250?",
        "Is 18 percent of 1250 more than 200?",
    ] {
        assert_eq!(percent_missed(request, "1025"), None, "{request}");
    }
    assert_eq!(
        percent_missed("What is 18 percent of 1250?", "18 1250"),
        None
    );
}

#[test]
fn the_values_printed_for_how_many_go_back_as_undone() {
    let request = "How many leap years are there from 2000 to 2100, both included? Use code.";
    let code = "print([y for y in range(2000, 2101) if y % 4 == 0 and (y % 100 or y % 400 == 0)])";
    let hint = uncomputed(request, code, "[2000, 2004, 2008, 2012]\n").unwrap();
    assert!(hint.undone);
    assert!(
        hint.text.contains("printed the 4 values themselves"),
        "{}",
        hint.text
    );
    let out = format!("[2000, 2004, 2008, 2012]\n\n({})", hint.text);
    let h = runs_ending(request, &[(code, &out)], true);
    // The list printed inside a call, not by name: no mend.
    assert_eq!(mended_listed(&h, Some(&run(code))), None);
    let named = "years = [y for y in range(2000, 2101) if y % 4 == 0]\nprint(years)";
    let h = runs_ending(request, &[(named, &out)], true);
    assert_eq!(
        mended_listed(&h, Some(&run(named))).unwrap().0,
        "years = [y for y in range(2000, 2101) if y % 4 == 0]\nprint(len(years))"
    );
    assert_eq!(printed_collection("['a, b', 'c']"), Some(2));
    assert_eq!(printed_collection("{'x', 'y', 'z'}"), Some(3));
    assert_eq!(printed_collection("[(1, 2), (3, 4)]"), Some(2));
    assert_eq!(printed_collection("Leap years: [2000, 2004]"), Some(2));
    // Twenty-second set, task 11 (0.5B): the multiples themselves, for their sum.
    let request = "What do the numbers from 1 to 1000 that 7 divides add up to? Use code.";
    let code = "nums = [n for n in range(1, 1001) if n % 7 == 0]\nprint(\"Numbers divisible by 7:\", nums)";
    let hint = uncomputed(request, code, "Numbers divisible by 7: [7, 14, 21]\n").unwrap();
    assert!(hint.undone);
    assert!(
        hint.text
            .contains("printed the 3 values themselves, not their sum"),
        "{}",
        hint.text
    );
    // Sent back after the hint, it runs with the list added up.
    let out = format!("Numbers divisible by 7: [7, 14, 21]\n\n({})", hint.text);
    let h = runs_ending(request, &[(code, &out)], true);
    let (mended, says) = mended_listed(&h, Some(&run(code))).unwrap();
    assert_eq!(
        mended,
        "nums = [n for n in range(1, 1001) if n % 7 == 0]\nprint(\"Numbers divisible by 7:\", sum(nums))"
    );
    assert!(
        says.contains("running it with them added up, `sum(nums)`"),
        "{says}"
    );
    assert_eq!(mended_listed(&h, Some(&run("print(1)"))), None);
    assert_eq!(
        listed_for_sum("What is the total of each column?", "[1, 2]"),
        None
    );
    assert_eq!(listed_for_sum("Which numbers are even?", "[2, 4]"), None);
    // A dict, one value, none, or no list at all.
    for value in ["{'a': 1, 'b': 2}", "[5]", "[]", "5", "a, b"] {
        assert_eq!(printed_collection(value), None, "{value}");
    }
    // How many of each is a count per value.
    assert_eq!(
        listed_for_count("How many words of each length are there?", "[1, 2]"),
        None
    );
    assert_eq!(
        listed_for_count("Which years are leap years?", "[1, 2]"),
        None
    );
}

#[test]
fn letters_reversed_for_words_go_back_as_undone() {
    let request = "What is the sentence 'the cat sat' with its words in reverse order? Use code.";
    let hint = uncomputed(request, "print('the cat sat'[::-1])", "tas tac eht\n").unwrap();
    assert!(hint.undone);
    assert!(
        hint.text.contains("reversed the letters of 'the cat sat'"),
        "{}",
        hint.text
    );
    assert_eq!(letters_for_words(request, "sat cat the"), None);
    // Letters asked for: reversed letters are the answer.
    assert_eq!(
        letters_for_words("Reverse the letters of 'the cat sat'.", "tas tac eht"),
        None
    );
}

#[test]
fn a_word_chosen_from_a_list_the_request_gives_is_an_answer() {
    let request =
        "Sort the words pear, apple, fig and kiwi alphabetically with code. Which one comes last?";
    assert_eq!(request_word_printed(request, "pear"), None);
    assert_eq!(
        uncomputed(
            request,
            "w = sorted(['pear', 'apple', 'fig', 'kiwi'])\nprint(w[-1])",
            "pear\n"
        ),
        None
    );
    // No list to choose from: a word of the request printed back is still no answer.
    assert_eq!(
        request_word_printed("On which date does app.log have a WARN line?", "WARN"),
        Some("WARN")
    );
}

#[test]
fn a_literal_in_another_base_printed_as_it_is_was_not_computed() {
    let request = "What is 200 written in hexadecimal? Use code.";
    assert_eq!(
        literal_printed(request, "print(0x140)", "320\n"),
        Some("320")
    );
    assert_eq!(
        literal_printed(request, "n = 0b101000000\nprint(n)", "320"),
        Some("320")
    );
    assert_eq!(literal_printed(request, "x = 0o500", "320"), Some("320"));
    // Computed from it, or another value: left alone.
    assert_eq!(literal_printed(request, "print(0x140 + 1)", "321"), None);
    assert_eq!(literal_printed(request, "print(0x141)", "320"), None);
    let hint = uncomputed(request, "print(0x140)", "320\n").unwrap();
    assert!(
        hint.text.contains("320 is a number your code wrote itself"),
        "{}",
        hint.text
    );
}

#[test]
fn a_file_moved_for_a_copy_goes_back_as_undone() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("b.txt"), "hi").unwrap();
    let request = "Copy a.txt to b.txt, then tell me how many files this folder has.";
    let code = "import os; os.rename('a.txt', 'b.txt'); print(len(os.listdir('.')))";
    assert_eq!(
        moved_for_copy(request, code, dir.path()),
        Some(("a.txt", "os.rename"))
    );
    let h = runs(request, &[(code, "1\n")]);
    let call = h.call("c1").cloned().unwrap();
    let hint = uncomputed_hint(&h, &call, "1\n", dir.path()).unwrap();
    assert!(hint.undone);
    assert!(
        hint.text
            .contains("your code moved the file (`os.rename`): `a.txt` is not there"),
        "{}",
        hint.text
    );
    // A copy, a move asked for, or the file still there: left alone.
    let copied = "import shutil; shutil.copy('a.txt', 'b.txt')";
    assert_eq!(moved_for_copy(request, copied, dir.path()), None);
    assert_eq!(
        moved_for_copy("Rename a.txt to b.txt, then copy it.", code, dir.path()),
        None
    );
    std::fs::write(dir.path().join("a.txt"), "hi").unwrap();
    assert_eq!(moved_for_copy(request, code, dir.path()), None);
}

#[test]
fn every_line_counted_for_a_word_some_lines_hold_goes_back_as_undone() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(
        dir.path().join("contacts.txt"),
        "ann <ann@gmail.com>\nbob <bob@work.org>\ncid <cid@gmail.com>\ndee <dee@yahoo.com>\neve <eve@gmail.com>\n",
    )
    .unwrap();
    let request = "How many contacts in contacts.txt have a gmail address?";
    let code = "import re\ngmail_count = 0  # gmail addresses\nfor line in open('contacts.txt'):\n    if re.search(r'\\w+@\\w+\\.\\w+', line):\n        gmail_count += 1\nprint(gmail_count)";
    assert_eq!(
        word_unsearched(request, code, "5", dir.path()),
        Some(("gmail".to_string(), "contacts.txt".to_string(), 3, 5))
    );
    let h = runs(request, &[(code, "5\n")]);
    let call = h.call("c1").cloned().unwrap();
    let hint = uncomputed_hint(&h, &call, "5\n", dir.path()).unwrap();
    assert!(hint.undone);
    assert!(
        hint.text.contains("counted all 5 lines of `contacts.txt`, and my request is about `gmail`, which only 3 of them hold"),
        "{}",
        hint.text
    );
    // The word only in a sentence the code prints is no search.
    let said = code.replace(
        "print(gmail_count)",
        "print(f'Contacts with gmail: {gmail_count}')",
    );
    assert!(word_unsearched(request, &said, "5", dir.path()).is_some());
    // The word looked for, another count, or a word one line holds: left alone.
    let right = "print(sum('gmail' in l for l in open('contacts.txt')))";
    assert_eq!(word_unsearched(request, right, "5", dir.path()), None);
    assert_eq!(word_unsearched(request, code, "3", dir.path()), None);
    assert_eq!(
        word_unsearched(
            "How many contacts in contacts.txt have a work address?",
            code,
            "5",
            dir.path()
        ),
        None
    );
    // Lines counted as asked: no word of the request tells them apart.
    assert_eq!(
        word_unsearched(
            "How many lines does contacts.txt have?",
            "print(len(open('contacts.txt').readlines()))",
            "5",
            dir.path()
        ),
        None
    );
}

#[test]
fn a_number_with_decimals_given_to_int_is_told_then_mended() {
    // Seventh set, task 22 (0.5B): `int(row[3])` of orders.csv's `40.00`, told the file's
    // header instead, sent back unchanged three times.
    let here = tempfile::tempdir().unwrap();
    std::fs::write(
        here.path().join("orders.csv"),
        "id,customer,status,total\n1,ana,shipped,40.00\n2,ben,pending,15.50\n",
    )
    .unwrap();
    let code = "import csv\n\ndef total_shipped():\n    total = 0\n    for row in csv.reader(open('orders.csv')):\n        if row[2] == 'shipped':\n            total += int(row[3])\n    return total\n\nprint(int(total_shipped()))";
    let out = "Traceback (most recent call last):\n  File \"<cell 1>\", line 10, in <module>\n    print(int(total_shipped()))\n  File \"<cell 1>\", line 7, in total_shipped\n    total += int(row[3])\nValueError: invalid literal for int() with base 10: '40.00'";
    let hint = run_hint("python", code, out, true, here.path()).unwrap();
    assert_eq!(
        hint.text,
        "`int()` does not read `'40.00'`: it is a number with a decimal point. Convert it with `float()`: `total += float(row[3])`."
    );
    let h = runs_ending(
        "What is the total of the shipped orders in orders.csv?",
        &[(code, out)],
        true,
    );
    let (again, says) = mended_decimal_int(&h, Some(&run(code))).unwrap();
    // Only the line that failed changes: the last line's `int()` of a total stays.
    assert_eq!(again, code.replace("+= int(row[3])", "+= float(row[3])"));
    assert!(says.contains("`'40.00'`"), "{says}");
    assert!(
        says.contains("it asked to run it again unchanged"),
        "{says}"
    );
    assert_eq!(mended_decimal_int(&h, Some(&run("print(1)"))), None);
    // Not a number with decimals: the header converted, or a word; no decimal hint, no mend.
    for value in ["total", "4O.00", "1e5x", "nan.0"] {
        let other = out.replace("'40.00'", &format!("'{value}'"));
        assert!(
            run_hint("python", code, &other, true, here.path())
                .is_none_or(|h| !h.text.contains("decimal point")),
            "{value}"
        );
        let h = runs_ending("What is the total?", &[(code, &other)], true);
        assert_eq!(mended_decimal_int(&h, Some(&run(code))), None, "{value}");
    }
    // A traceback that names no line of the code: no mend to make.
    let nowhere = "ValueError: invalid literal for int() with base 10: '40.00'";
    assert_eq!(float_for_int(code, nowhere), None);
}

#[test]
fn a_median_of_numbers_never_sorted_goes_back_as_undone() {
    // Seventh set, task 9 (0.5B): `# Step 1: Sort the numbers` and no sort, 17.5 printed.
    let request = "What is the median of 3, 19, 8, 27, 11 and 5? Use code.";
    let code = "# Step 1: Sort the numbers\nnumbers = [3, 19, 8, 27, 11, 5]\nn = len(numbers)\nmedian = (numbers[n // 2 - 1] + numbers[n // 2]) / 2\nprint(median)";
    let hint = uncomputed(request, code, "17.5\n").unwrap();
    assert!(hint.undone);
    assert!(hint.text.contains("never sorted them"), "{}", hint.text);
    for sorted in [
        "numbers = sorted([3, 19, 8, 27, 11, 5])\nprint((numbers[2] + numbers[3]) / 2)",
        "numbers = [3, 19, 8, 27, 11, 5]\nnumbers.sort()\nprint((numbers[2] + numbers[3]) / 2)",
        "import statistics\nprint(statistics.median([3, 19, 8, 27, 11, 5]))",
        "import numpy as np\nprint(np.median([3, 19, 8, 27, 11, 5]))",
    ] {
        assert!(!median_unsorted(request, sorted), "{sorted}");
    }
    // Not asked for a median.
    assert!(!median_unsorted("What is the mean of 3, 19 and 8?", code));
    // The same code sent back after the hint runs with the list sorted.
    let out = format!("17.5\n\n({})", hint.text);
    let h = runs_ending(request, &[(code, &out)], true);
    let (again, says) = mended_median(&h, Some(&run(code))).unwrap();
    assert_eq!(
        again,
        code.replace(
            "numbers = [3, 19, 8, 27, 11, 5]\n",
            "numbers = [3, 19, 8, 27, 11, 5]\nnumbers = sorted(numbers)\n"
        )
    );
    assert!(says.contains("`numbers = sorted(numbers)`"), "{says}");
    assert_eq!(mended_median(&h, Some(&run("print(1)"))), None);
}

#[test]
fn items_kept_by_a_yes_or_no_key_the_request_never_names_go_back_as_undone() {
    // Seventh set, task 25 (0.5B): the average age of the active users only.
    let request = "What is the average age of the users in users.json?";
    let code = "import json\ndata = json.load(open('users.json'))\ntotal = count = 0\nfor user in data['users']:\n    if user['active']:\n        total += user['age']\n        count += 1\nprint(total / count)";
    assert_eq!(
        unasked_flag(request, code),
        Some(("active".to_string(), "user['active']".to_string()))
    );
    let hint = uncomputed(request, code, "34.666666666666664\n").unwrap();
    assert!(hint.undone);
    assert!(
        hint.text
            .contains("your code kept only the items where `active` is true (`user['active']`)"),
        "{}",
        hint.text
    );
    for (flag, test) in [
        ("done", "    if not item.get(\"done\"):\n"),
        ("enabled", "    elif u['enabled'] == True:\n"),
    ] {
        let other = code.replace("    if user['active']:\n", test);
        assert_eq!(
            unasked_flag(request, &other).map(|(f, _)| f),
            Some(flag.to_string()),
            "{test}"
        );
    }
    // The request names the key (or a word it starts), or the test compares with a value.
    for asked in [
        "How many users in users.json are active?",
        "What is the average age of the active users in users.json?",
        "How many tasks in todo.json are not done yet?",
    ] {
        let other = code.replace(
            "'active'",
            if asked.contains("done") {
                "'done'"
            } else {
                "'active'"
            },
        );
        assert_eq!(unasked_flag(asked, &other), None, "{asked}");
    }
    let compared = code.replace("if user['active']:", "if user['status'] == 'shipped':");
    assert_eq!(unasked_flag(request, &compared), None);
    assert_eq!(
        unasked_flag(
            "What is the average temperature?",
            "for r in rows:\n    if r['temp']:\n        t.append(r['temp'])"
        ),
        None
    );
}

#[test]
fn a_files_name_written_as_python_is_told_to_be_read() {
    // Seventh set, task 32 (0.5B): `print(app.env)` run twice, `NameError: name 'app'`.
    let here = tempfile::tempdir().unwrap();
    std::fs::write(here.path().join("app.env"), "DB_PORT=5433\n").unwrap();
    let out = "Traceback (most recent call last):\n  File \"<cell 1>\", line 1, in <module>\n    print(app.env)\n          ^^^\nNameError: name 'app' is not defined";
    let hint = run_hint("python", "print(app.env)", out, true, here.path()).unwrap();
    assert_eq!(
        hint.text,
        "`app.env` is a file in the working folder, not a name in Python: write its name in quotes and read it, `text = open('app.env').read()`, then work on `text`."
    );
    // A name that is no file here: another hint, or none.
    let other = out.replace("app.env", "app.cfg");
    assert!(
        run_hint("python", "print(app.cfg)", &other, true, here.path())
            .is_none_or(|h| !h.text.contains("is a file in the working folder"))
    );
}

#[test]
fn bytes_printed_for_hexadecimal_go_back_as_undone() {
    // Seventh set, task 16 (1.5B): `print('hi'.encode())` for the text hi as hexadecimal bytes.
    let request = "What is the text hi as hexadecimal bytes? Use code.";
    let hint = uncomputed(request, "print('hi'.encode())", "b'hi'\n").unwrap();
    assert!(hint.undone);
    assert!(
        hint.text
            .contains("`b'hi'` is the text's bytes as Python shows them, not in hexadecimal: `'hi'.encode().hex()`"),
        "{}",
        hint.text
    );
    assert_eq!(bytes_for_hex(request, "6869"), None);
    assert_eq!(bytes_for_hex(request, "b'\\x68\\x69'"), None);
    assert_eq!(bytes_for_hex("What is hi encoded as UTF-8?", "b'hi'"), None);
}

#[test]
fn years_counted_for_the_days_between_two_dates_go_back_as_undone() {
    // Seventh set, task 20 (1.5B): the years between the dates, 26, for "how many days old".
    let request = "How many days old is someone born on 2000-01-01 on 2026-12-05? Use code.";
    let code = "from datetime import datetime\nb = datetime(2000, 1, 1)\nc = datetime(2026, 12, 5)\nage = c.year - b.year\nprint(f\"The person is {age} days old.\")";
    let hint = uncomputed(request, code, "The person is 26 days old.\n").unwrap();
    assert!(hint.undone);
    assert!(hint.text.contains("`.days` of the result"), "{}", hint.text);
    for counted in [
        "from datetime import date\nprint((date(2026, 12, 5) - date(2000, 1, 1)).days)",
        "from datetime import date\nprint(date(2026, 12, 5).toordinal() - date(2000, 1, 1).toordinal())",
    ] {
        assert!(!days_untaken(request, counted), "{counted}");
    }
    // One date, weekdays, or no count of days asked.
    assert!(!days_untaken(
        "How many days of 2026 come after 2026-12-05?",
        code
    ));
    assert!(!days_untaken(
        "How many weekdays are there from 2026-01-01 to 2026-02-01? How many days are Mondays?",
        code
    ));
    assert!(!days_untaken(
        "Which came first, 2000-01-01 or 2026-12-05?",
        code
    ));
}

#[test]
fn the_environment_read_for_a_env_file_is_told_then_mended() {
    // Seventh set, task 26 (0.5B): `os.getenv('DB_PORT')` printed None for app.env's DB_PORT.
    let here = tempfile::tempdir().unwrap();
    std::fs::write(here.path().join("app.env"), "APP_NAME=demo\nDB_PORT=5433\n").unwrap();
    let request = "What is the value of DB_PORT in app.env?";
    let code = "import os\ndb_port = os.getenv('DB_PORT')\nprint(f\"What is the value of DB_PORT in app.env? {db_port}\")";
    let h = runs(
        request,
        &[(code, "What is the value of DB_PORT in app.env? None\n")],
    );
    let call = h.call("c1").cloned().unwrap();
    let hint = uncomputed_hint(
        &h,
        &call,
        "What is the value of DB_PORT in app.env? None\n",
        here.path(),
    )
    .unwrap();
    assert!(hint.undone);
    assert!(
        hint.text.contains(
            "`os.getenv` and `os.environ` read the environment this code runs in, not `app.env`, a file"
        ),
        "{}",
        hint.text
    );
    // Sent back unchanged: the engine runs it with the file's keys.
    let out = format!(
        "What is the value of DB_PORT in app.env? None\n\n({})",
        hint.text
    );
    let again = runs_ending(request, &[(code, &out)], true);
    let (mended, says) = mended_environment(&again, Some(&run(code)), here.path()).unwrap();
    assert_eq!(
        mended,
        "env_file = dict(line.strip().split('=', 1) for line in open('app.env') if '=' in line)\nimport os\ndb_port = env_file.get('DB_PORT')\nprint(f\"What is the value of DB_PORT in app.env? {db_port}\")"
    );
    assert!(says.contains("`app.env`"), "{says}");
    // Code that reads the file, a request about no .env file, or one not here: no hint.
    let reads = "import os\nenv = dict(l.split('=', 1) for l in open('app.env'))\nprint(env['DB_PORT'], os.environ.get('HOME'))";
    assert_eq!(environment_for_file(request, reads, here.path()), None);
    assert_eq!(
        environment_for_file("What is my HOME?", code, here.path()),
        None
    );
    assert_eq!(
        environment_for_file("What is DB_PORT in other.env?", code, here.path()),
        None
    );
}

#[test]
fn a_median_computed_otherwise_goes_back_as_undone() {
    // Seventh set, task 9 (1.5B): sorted, then the upper one of the middle two printed.
    let request = "What is the median of 3, 19, 8, 27, 11 and 5? Use code.";
    let code = "numbers = [3, 19, 8, 27, 11, 5]\nnumbers.sort()\nprint(numbers[len(numbers) // 2])";
    let hint = uncomputed(request, code, "11\n").unwrap();
    assert!(hint.undone);
    assert!(
        hint.text.contains("6 numbers, an even count"),
        "{}",
        hint.text
    );
    assert_eq!(median_missed(request, "9.5"), None);
    assert_eq!(median_missed(request, "9.50"), None);
    assert_eq!(
        median_missed("What is the median of 14, 3, 9, 21 and 7?", "9"),
        None
    );
    assert_eq!(
        median_missed("What is the median of 14, 3, 9, 21 and 7?", "14"),
        Some(5)
    );
    // No list in the request, or more than one value printed.
    assert_eq!(
        median_missed("What is the median of the scores in a.txt?", "3"),
        None
    );
    assert_eq!(median_missed(request, "9.5 11"), None);
}

#[test]
fn a_count_of_files_that_is_not_the_folders_goes_back_as_undone() {
    // Seventh set, task 33 (both models): two .txt renamed beside a third .md, 2 printed.
    let here = tempfile::tempdir().unwrap();
    for name in ["a.md", "b.md", "c.md", "d.py"] {
        std::fs::write(here.path().join(name), "x").unwrap();
    }
    let request = "Rename every .txt file in this folder to end in .md, then tell me how many .md files there are.";
    assert_eq!(
        extension_count_missed(request, "2", here.path()),
        Some(("md".to_string(), "2"))
    );
    assert_eq!(extension_count_missed(request, "3", here.path()), None);
    assert_eq!(
        extension_count_missed(request, "Number of .md files: 3", here.path()),
        None
    );
    // Subfolders counted when asked.
    std::fs::create_dir(here.path().join("sub")).unwrap();
    std::fs::write(here.path().join("sub/e.md"), "x").unwrap();
    let deep = "How many .md files are in this folder and its subfolders?";
    assert_eq!(extension_count_missed(deep, "4", here.path()), None);
    assert!(extension_count_missed(deep, "3", here.path()).is_some());
    // A count with a condition after it is another question.
    for other in [
        "How many .md files in this folder are not empty?",
        "How many .md files are larger than 10 bytes?",
        "How many lines do the .md files in this folder have?",
    ] {
        assert_eq!(
            extension_count_missed(other, "9", here.path()),
            None,
            "{other}"
        );
    }
}

#[test]
fn rows_never_picked_by_the_value_the_request_names_go_back_as_undone() {
    // Seventh set, task 22 (1.5B): every order's total added up, 125.5, for the shipped ones.
    let here = tempfile::tempdir().unwrap();
    std::fs::write(
        here.path().join("orders.csv"),
        "id,customer,status,total\n1,ana,shipped,40.00\n2,ben,pending,15.50\n3,ana,shipped,22.25\n",
    )
    .unwrap();
    let request = "What is the total of the shipped orders in orders.csv?";
    let code = "import csv\ntotal = 0\nfor row in csv.DictReader(open('orders.csv')):\n    total += float(row['total'])\nprint(total)";
    // The word in a sentence the code prints is not looked for (seventh set, task 22, D run).
    let said = code.replace("print(total)", "print(f'Total of shipped orders: {total}')");
    assert!(value_unfiltered(request, &said, here.path()).is_some());
    assert_eq!(
        value_unfiltered(request, code, here.path()),
        Some((
            "shipped".into(),
            "status".into(),
            "orders.csv".into(),
            vec!["shipped".into()]
        ))
    );
    let h = runs(request, &[(code, "77.75\n")]);
    let call = h.call("c1").cloned().unwrap();
    let hint = uncomputed_hint(&h, &call, "77.75\n", here.path()).unwrap();
    assert!(hint.undone);
    assert!(
        hint.text
            .contains("take only the rows whose `status` is `shipped`"),
        "{}",
        hint.text
    );
    // Looked for, in any case; a word every row holds, or a column's name, is no filter.
    let filtered = code.replace(
        "    total +=",
        "    if row['status'] == 'Shipped':\n        total +=",
    );
    assert_eq!(value_unfiltered(request, &filtered, here.path()), None);
    std::fs::write(
        here.path().join("all.csv"),
        "id,status,total\n1,shipped,4\n2,shipped,5\n",
    )
    .unwrap();
    assert_eq!(
        value_unfiltered(
            "What is the total of the shipped orders in all.csv?",
            &code.replace("orders.csv", "all.csv"),
            here.path()
        ),
        None
    );
    assert_eq!(
        value_unfiltered(
            "What is the total in orders.csv by status?",
            code,
            here.path()
        ),
        None
    );
}

#[test]
fn a_key_of_a_settings_file_never_looked_for_goes_back_as_undone() {
    // Seventh set, task 26 (1.5B): app.env split at its first `=`, `demo` and `DB_HOST` printed.
    let here = tempfile::tempdir().unwrap();
    std::fs::write(
        here.path().join("app.env"),
        "APP_NAME=demo\nDB_HOST=localhost\nDB_PORT=5433\n",
    )
    .unwrap();
    std::fs::write(
        here.path().join("settings.cfg"),
        "[cache]\nsize = 64\ntimeout: 30\n",
    )
    .unwrap();
    let request = "What is the value of DB_PORT in app.env?";
    let code = "text = open('app.env').read(); print(text.split('=')[1].strip())";
    assert_eq!(
        key_unlooked(request, code, here.path()),
        Some(("DB_PORT".into(), "app.env".into(), 2))
    );
    let h = runs(request, &[(code, "demo\nDB_HOST\n")]);
    let call = h.call("c1").cloned().unwrap();
    let hint = uncomputed_hint(&h, &call, "demo\nDB_HOST\n", here.path()).unwrap();
    assert!(hint.undone);
    assert!(hint.text.contains("a key `app.env` sets"), "{}", hint.text);
    assert!(
        hint.text
            .contains("find the line that starts with `DB_PORT` (line "),
        "{}",
        hint.text
    );
    // Looked for (in any case), or a file the code never names: not this hint.
    let looked = "for l in open('app.env'):\n    if l.startswith('db_port'):\n        print(l)";
    assert_eq!(key_unlooked(request, looked, here.path()), None);
    assert_eq!(key_unlooked(request, "print(5433)", here.path()), None);
    let cfg = "Which timeout does settings.cfg give the cache?";
    assert_eq!(
        key_unlooked(
            cfg,
            "print(open('settings.cfg').read().split()[2])",
            here.path()
        ),
        Some(("timeout".into(), "settings.cfg".into(), 2))
    );
    assert_eq!(
        key_unlooked(
            cfg,
            "import configparser\nc = configparser.ConfigParser()\nc.read('settings.cfg')\nprint(c['cache']['timeout'])",
            here.path()
        ),
        None
    );
    // A key of another section than the one the request names (twenty-ninth set, task 32:
    // told of [package]'s `version`, the 1.5B model read it for the dependencies' pins).
    std::fs::write(
        here.path().join("Cargo.toml"),
        "[package]\nname = \"tool\"\nversion = \"0.3.0\"\n\n[dependencies]\nserde = \"1.0\"\nregex = \"=1.10.4\"\n",
    )
    .unwrap();
    let pins = "import configparser\nconfig = configparser.ConfigParser()\nconfig.read('Cargo.toml')\nprint(sum(1 for d, v in config['dependencies'].items() if v != '*'))";
    assert_eq!(
        key_unlooked(
            "How many dependencies in Cargo.toml are pinned to an exact version?",
            pins,
            here.path()
        ),
        None
    );
    assert_eq!(
        key_unlooked(
            "What version does Cargo.toml give the package?",
            "print(open('Cargo.toml').read().split()[0])",
            here.path()
        ),
        Some(("version".into(), "Cargo.toml".into(), 2))
    );
    // Another key that the request describes, looked for (thirtieth set, task 15).
    std::fs::write(
        here.path().join("pyproject.toml"),
        "[project]\nname = \"ledgerly\"\nversion = \"2.1.0\"\nrequires-python = \">=3.10\"\n",
    )
    .unwrap();
    let python = "What Python version does pyproject.toml require at least?";
    assert_eq!(
        key_unlooked(
            python,
            "import configparser\nconfig = configparser.ConfigParser()\nconfig.read('pyproject.toml')\nprint(config['project']['requires-python'])",
            here.path()
        ),
        None
    );
    assert_eq!(
        key_unlooked(
            python,
            "print(open('pyproject.toml').read().split()[0])",
            here.path()
        ),
        Some(("version".into(), "pyproject.toml".into(), 2))
    );
    // The key named only in a sentence the code prints is not looked for (the 1.5B model
    // printed "The port set in config.ini is: {port}" from the line after `[server]`).
    let sentence = "lines = open('settings.cfg').read().split('\\n')\ntimeout = lines[1].split('=')[1]\nprint(f'The timeout in settings.cfg is: {timeout}')";
    assert_eq!(
        key_unlooked(cfg, sentence, here.path()),
        Some(("timeout".into(), "settings.cfg".into(), 2))
    );
    // A search with spaces in it, on a line that prints nothing, looks for the key (tenth
    // set, task 25: `re.search(r'version = (\d+\.\d+\.\d+)', content)`).
    let pattern = "import re\ntext = open('settings.cfg').read()\nm = re.search(r'timeout: (\\d+)', text)\nprint(m.group(1))";
    assert_eq!(key_unlooked(cfg, pattern, here.path()), None);
}

#[test]
fn a_table_split_by_tabs_read_with_commas_is_mended_before_it_runs() {
    // Eighth set, tasks 21 and 22 (0.5B): `csv.reader(file)` on scores.tsv, IndexError.
    let here = tempfile::tempdir().unwrap();
    std::fs::write(
        here.path().join("scores.tsv"),
        "name\tscore\nkai\t71\nlou\t93\n",
    )
    .unwrap();
    std::fs::write(
        here.path().join("sales.csv"),
        "product;qty\npen;10\nbook;2\n",
    )
    .unwrap();
    std::fs::write(here.path().join("prices.csv"), "name,price\npen,1\n").unwrap();
    let code = "import csv\nwith open('scores.tsv') as f:\n    reader = csv.reader(f)\n    print(max(float(r[1]) for r in list(reader)[1:]))";
    let (mended, says) = mended_separator(code, here.path()).unwrap();
    assert!(
        mended.contains("csv.reader(f, delimiter='\\t')"),
        "{mended}"
    );
    assert!(
        says.contains("`scores.tsv` separates its columns with tabs"),
        "{says}"
    );
    // DictReader, pandas and a split at commas, each; nested parentheses kept whole.
    let dict =
        "import csv\nrows = list(csv.DictReader(open('sales.csv', newline='')))\nprint(len(rows))";
    let (mended, _) = mended_separator(dict, here.path()).unwrap();
    assert!(
        mended.contains("csv.DictReader(open('sales.csv', newline=''), delimiter=';')"),
        "{mended}"
    );
    let pandas = "import pandas as pd\nprint(pd.read_csv('scores.tsv')['score'].max())";
    let (mended, _) = mended_separator(pandas, here.path()).unwrap();
    assert!(
        mended.contains("read_csv('scores.tsv', sep='\\t')"),
        "{mended}"
    );
    let split = "for line in open('scores.tsv'):\n    print(line.split(',')[1])";
    let (mended, _) = mended_separator(split, here.path()).unwrap();
    assert!(mended.contains("line.split('\\t')[1]"), "{mended}");
    // A separator given, a file with commas, two files, or no reader: left as written.
    let given = "import csv\nprint(list(csv.reader(open('scores.tsv'), delimiter='\\t')))";
    assert_eq!(mended_separator(given, here.path()), None);
    let commas = "import csv\nprint(list(csv.reader(open('prices.csv'))))";
    assert_eq!(mended_separator(commas, here.path()), None);
    let two = "import csv\nprint(list(csv.reader(open('scores.tsv'))), open('prices.csv').read())";
    assert_eq!(mended_separator(two, here.path()), None);
    assert_eq!(
        mended_separator("print(open('scores.tsv').read())", here.path()),
        None
    );
    // The call's code and its arguments both, with a line for the events; shell never.
    let mut call = run(code);
    call.arguments = serde_json::json!({"language": "python", "code": code});
    let said = mend_table_reading(&mut call, here.path()).unwrap();
    assert!(
        said.starts_with("the model's Python is mended before it runs: "),
        "{said}"
    );
    let ToolAction::RunCode { code: ran, .. } = &call.action else {
        panic!("not code")
    };
    assert!(ran.contains("delimiter='\\t'"), "{ran}");
    assert_eq!(call.arguments["code"].as_str(), Some(ran.as_str()));
    let mut shell = run("cut -f2 scores.tsv");
    if let ToolAction::RunCode { language, .. } = &mut shell.action {
        *language = "shell".into();
    }
    assert_eq!(mend_table_reading(&mut shell, here.path()), None);
}

#[test]
fn a_mark_no_file_holds_counted_to_none_goes_back_with_the_files_lines() {
    // Eighth set, task 26 (1.5B): bullets counted as `*` in notes.md, whose bullets are `- `.
    let here = tempfile::tempdir().unwrap();
    std::fs::write(
        here.path().join("notes.md"),
        "# Notes\n\n## Monday\n- met ana\n- fixed bug\n",
    )
    .unwrap();
    let request = "How many bullet points are in notes.md?";
    let code = "text = open('notes.md').read()\ncount = text.count('*')\nprint(f'Number of bullet points in notes.md: {count}')";
    let out = "Number of bullet points in notes.md: 0\n";
    let h = runs(request, &[(code, out)]);
    let call = h.call("c1").cloned().unwrap();
    let hint = uncomputed_hint(&h, &call, out, here.path()).unwrap();
    assert!(hint.undone);
    assert!(hint.text.contains("holds `*`"), "{}", hint.text);
    assert!(hint.text.contains("## Monday"), "{}", hint.text);
    // The mark the file holds: no such hint.
    let dashes = code.replace("'*'", "'- '");
    let h = runs(request, &[(&dashes, out)]);
    let call = h.call("c1").cloned().unwrap();
    let said = uncomputed_hint(&h, &call, out, here.path()).map(|h| h.text);
    assert!(
        !said.as_deref().unwrap_or("").contains("holds `- `"),
        "{said:?}"
    );
}

#[test]
fn text_printed_for_how_many_goes_back_as_undone() {
    // Eighth set, task 29 (0.5B): words.txt printed as it is, then 3 and 4 answered by eye.
    let here = tempfile::tempdir().unwrap();
    let request = "How many words does words.txt hold in total?";
    let code = "print(open('words.txt').read())";
    let out = "apple banana\ncherry\ndate elderberry fig\n";
    let h = runs(request, &[(code, out)]);
    let call = h.call("c1").cloned().unwrap();
    let hint = uncomputed_hint(&h, &call, out, here.path()).unwrap();
    assert!(hint.undone);
    assert!(hint.text.contains("no number in them"), "{}", hint.text);
    // Lines with a number, or a request that does not ask how many: not this hint.
    for (request, out) in [
        (request, "apple 1\nbanana 2\n"),
        ("Show me words.txt.", out),
        ("Rename the files, then tell me how many there are.", out),
    ] {
        let h = runs(request, &[(code, out)]);
        let call = h.call("c1").cloned().unwrap();
        let said = uncomputed_hint(&h, &call, out, here.path()).map(|h| h.text);
        assert!(
            !said.as_deref().unwrap_or("").contains("no number in them"),
            "{said:?}"
        );
    }
}

#[test]
fn a_count_of_a_weekday_never_asked_of_a_date_goes_back_as_undone() {
    // Eighth set, task 18 (0.5B): the days from 2026-01-01 to 2026-12-31 for its Fridays.
    let request = "How many Fridays are there in 2026? Use code.";
    let code = "import datetime\nfirst_friday = datetime.date(2026, 1, 1)\nlast_friday = datetime.date(2026, 12, 31)\nprint((last_friday - first_friday).days + 1)";
    assert_eq!(
        weekday_unasked(request, code),
        Some(WeekdayAsked::Counted("Friday", 4))
    );
    let h = runs(request, &[(code, "365\n")]);
    let call = h.call("c1").cloned().unwrap();
    let hint = uncomputed_hint(&h, &call, "365\n", Path::new("/nonexistent-folder")).unwrap();
    assert!(hint.undone);
    assert!(hint.text.contains("`.weekday()` is 4"), "{}", hint.text);
    // A weekday asked in any way, or no weekday counted: none.
    for asked in [
        "print(sum(1 for d in days if d.weekday() == 4))",
        "print(sum(1 for d in days if d.strftime('%A') == 'Friday'))",
        "import calendar\nprint(calendar.monthcalendar(2026, 1))",
        "# weekday() is for later\nprint(sum(1 for d in days if d.isoweekday() == 5))",
    ] {
        assert_eq!(weekday_unasked(request, asked), None, "{asked}");
    }
    assert_eq!(
        weekday_unasked("How many days are there in 2026?", code),
        None
    );
    assert_eq!(
        weekday_unasked("How many Sundays are in June 2026?", "print(30 // 7)"),
        Some(WeekdayAsked::Counted("Sunday", 6))
    );
    // Twenty-second set, task 15 (0.5B): leap years tested for a Christmas on a Sunday.
    let request = "In which year from 2030 to 2036 does Christmas fall on a Sunday? Use code.";
    let code = "def is_sunday(year):\n    return (year % 4 == 0 and year % 100 != 0) or (year % 400 == 0)\nfor y in range(2030, 2037):\n    if is_sunday(y):\n        print(y)\n        break";
    let hint = uncomputed(request, code, "2032\n").unwrap();
    assert!(hint.undone);
    assert!(
        hint.text.contains("my request is about a Sunday, and your code never asked which day of the week a date is")
            && hint.text.contains("(Sunday is 6)"),
        "{}",
        hint.text
    );
    assert_eq!(
        weekday_unasked("What day of the week was 4 July 1976?", "print('Sunday')"),
        Some(WeekdayAsked::Which)
    );
    assert_eq!(
        weekday_unasked("How many lines of log.txt mention Monday?", "print(2)"),
        None
    );
    // Days named with no date to ask of.
    assert_eq!(
        weekday_unasked(
            "If today is Monday, what day is it in 10 days?",
            "days = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday']\nprint(days[10 % 7])"
        ),
        None
    );
    assert_eq!(
        weekday_unasked(
            "What day of the week was 4 July 1976?",
            "import datetime\nprint(datetime.date(1976, 7, 4).strftime('%A'))"
        ),
        None
    );
}

#[test]
fn the_smallest_file_taken_by_name_goes_back_as_undone() {
    // Eighth set, task 31 (0.5B): `min(os.listdir('.'))`, the first name, `data.csv`.
    let request = "Which file in this folder is the smallest?";
    let code = "import os\nfiles = os.listdir('.')\nprint(min(files))";
    assert_eq!(sizes_uncompared(request, code), Some(("smallest", "min")));
    assert_eq!(
        sizes_uncompared(
            "What is the biggest file here?",
            "print(sorted(os.listdir('.'))[-1])"
        ),
        Some(("largest", "max"))
    );
    let h = runs(request, &[(code, "data.csv\n")]);
    let call = h.call("c1").cloned().unwrap();
    let hint = uncomputed_hint(&h, &call, "data.csv\n", Path::new("/nonexistent-folder")).unwrap();
    assert!(hint.undone);
    assert!(
        hint.text.contains("min(files, key=os.path.getsize)"),
        "{}",
        hint.text
    );
    // Sizes taken, or nothing picked, or no file asked about: none.
    for code in [
        "import os\nprint(min(os.listdir('.'), key=os.path.getsize))",
        "import os\nprint(min(os.listdir('.'), key=lambda f: os.stat(f).st_size))",
        "import os\nprint(min(os.listdir('.'), key=lambda f: len(open(f).read())))",
        "import os\nprint(os.listdir('.'))",
    ] {
        assert_eq!(sizes_uncompared(request, code), None, "{code}");
    }
    assert_eq!(
        sizes_uncompared("What is the smallest number in nums.txt?", code),
        None
    );
}

#[test]
fn a_settings_file_read_from_a_path_not_there_is_said_and_then_mended() {
    // Eighth set, task 25 (0.5B): `config.read('/tmp/oi-bench-task/config.ini')`, the folder
    // above its own, then `KeyError: 'server'`.
    let here = tempfile::tempdir().unwrap();
    std::fs::write(here.path().join("config.ini"), "[server]\nport = 8443\n").unwrap();
    let elsewhere = here.path().join("nowhere/config.ini");
    let code = format!(
        "import configparser\nconfig = configparser.ConfigParser()\nconfig.read('{}')\nprint(config['server']['port'])",
        elsewhere.display()
    );
    let output = "Traceback (most recent call last):\n  File \"<cell 1>\", line 4, in <module>\nKeyError: 'server'\n";
    let hint = run_hint("python", &code, output, true, here.path()).unwrap();
    assert!(
        hint.text.contains("read it as `'config.ini'`"),
        "{}",
        hint.text
    );
    assert!(hint.text.contains(FILE_IS_HERE), "{}", hint.text);
    // Sent back unchanged: run with the file of that name.
    let h = runs_ending(
        "What port does config.ini set for the server?",
        &[(&code, output)],
        true,
    );
    let again = h.call("c1").cloned().unwrap();
    let (mended, says) = mended_path(&h, Some(&again), here.path()).unwrap();
    assert!(mended.contains("config.read('config.ini')"), "{mended}");
    assert!(says.contains("running it with config.ini"), "{says}");
    // The file read where it is, or no configparser: not this.
    let right = code.replace(&elsewhere.display().to_string(), "config.ini");
    assert_eq!(unread_config_path(&right, here.path()), None);
    assert_eq!(
        unread_config_path(
            &format!("f = open('x')\nf.read('{}')", elsewhere.display()),
            here.path()
        ),
        None
    );
}

#[test]
fn a_short_answer_that_is_the_harness_words_is_no_answer() {
    // Ninth set, task 33 (0.5B): its copy printed nothing, and "The code printed nothing."
    // ended the turn as the answer.
    let request = "Copy every .csv file in this folder into a new folder named backup, then tell me how many files backup holds.";
    let hinted = format!("\n({SILENT_RUN})");
    let h = runs(
        request,
        &[("import shutil\nshutil.copy('a.csv', 'backup')", &hinted)],
    );
    let nudge = parroted_answer_nudge(&h, "The code printed nothing.", "").unwrap();
    assert!(nudge.starts_with(PARROTED), "{nudge}");
    assert!(
        nudge.contains("Print the values you need to see"),
        "{nudge}"
    );
    // Short answers of its own, or with a number, or the request's words: not this.
    for answer in [
        "Backup holds 2 files.",
        "Nothing was copied.",
        "every .csv file",
    ] {
        assert_eq!(parroted_answer_nudge(&h, answer, ""), None, "{answer}");
    }
}

#[test]
fn a_length_asked_without_spaces_and_taken_with_them_goes_back_as_undone() {
    // Ninth set, task 14 (0.5B): `len('open the door please')`, 20.
    let request =
        "How many characters, not counting spaces, are in 'open the door please'? Use code.";
    let code = "string = 'open the door please'\nlength = len(string)\nprint(length)";
    assert!(spaces_counted(request, code));
    let hint = uncomputed(request, code, "20\n").unwrap();
    assert!(hint.undone);
    assert!(
        hint.text.contains("len(text.replace(' ', ''))"),
        "{}",
        hint.text
    );
    for fine in [
        "print(len('open the door please'.replace(' ', '')))",
        "print(len(''.join('open the door please'.split())))",
        "print(sum(1 for c in 'open the door please' if not c.isspace()))",
    ] {
        assert!(!spaces_counted(request, fine), "{fine}");
    }
    assert!(!spaces_counted(
        "How many characters are in 'open the door'?",
        code
    ));
}

#[test]
fn a_header_row_converted_to_numbers_is_skipped_before_it_runs() {
    // Ninth set, task 22 (0.5B): `float(row[1])` over every row of prices.csv, `price` first.
    let here = tempfile::tempdir().unwrap();
    std::fs::write(
        here.path().join("prices.csv"),
        "name,price\npen,4.5\nlamp,10\n",
    )
    .unwrap();
    std::fs::write(here.path().join("raw.csv"), "4.5,1\n10,2\n").unwrap();
    let code = "import csv\nwith open('prices.csv') as file:\n    reader = csv.reader(file)\n    n = 0\n    for row in reader:\n        if float(row[1]) > 5:\n            n += 1\n    print(n)";
    let (mended, says) = mended_header_first(code, here.path()).unwrap();
    assert!(
        mended.contains("    reader = csv.reader(file)\n    next(reader)\n"),
        "{mended}"
    );
    assert!(says.contains("`prices.csv` is its header"), "{says}");
    let looped = "import csv\nfor row in csv.reader(open('prices.csv')):\n    print(float(row[1]))";
    let (mended, _) = mended_header_first(looped, here.path()).unwrap();
    assert!(
        mended.contains(
            "rows_read = csv.reader(open('prices.csv'))\nnext(rows_read)\nfor row in rows_read:"
        ),
        "{mended}"
    );
    // The first row dealt with, a file with no header, or no conversion: left as written.
    for fine in [
        code.replace(
            "    for row in reader:",
            "    next(reader)\n    for row in reader:",
        ),
        code.replace("for row in reader:", "for row in list(reader)[1:]:"),
        code.replace("    n = 0\n", "    header = reader.__next__()\n    n = 0\n"),
        code.replace(
            "        if float",
            "        if row[0] == 'name':\n            continue\n        if float",
        ),
        code.replace("if float(row[1]) > 5", "if row[1] > '5'"),
        code.replace("prices.csv", "raw.csv"),
    ] {
        assert_eq!(mended_header_first(&fine, here.path()), None, "{fine}");
    }
    // Both mends at once for the call: a table split by `;` and its header.
    std::fs::write(
        here.path().join("sales.csv"),
        "product;qty\npen;10\nbook;2\n",
    )
    .unwrap();
    let semi = "import csv\nwith open('sales.csv') as f:\n    reader = csv.reader(f)\n    print(sum(int(r[1]) for r in reader))";
    let mut call = run(semi);
    let said = mend_table_reading(&mut call, here.path()).unwrap();
    let ToolAction::RunCode { code: ran, .. } = &call.action else {
        panic!("not code")
    };
    assert!(
        ran.contains("csv.reader(f, delimiter=';')\n    next(reader)"),
        "{ran}"
    );
    assert!(
        said.contains("`;`") && said.contains("its header"),
        "{said}"
    );
}

#[test]
fn an_answer_asked_afresh_after_two_that_dropped_the_output_begins_with_it() {
    // Ninth set, task 13 (1.5B): its code printed `stressed`, and it said the "tsretse" it had
    // guessed before, twice, then again asked afresh warm.
    let request = "What is the word desserts spelled backwards? Use code.";
    let mut h = runs(request, &[("print('desserts'[::-1])", "stressed\n")]);
    let told = format!(
        "{NUDGE_START}\nstressed\n\n{UNUSED} Now tell me the answer to my question in one sentence, with the value from that output."
    );
    let reply = "The word \"desserts\" spelled backwards is \"tsretse\".";
    for item in corrected(reply, "c2", &told) {
        h.push(item);
    }
    for item in corrected(reply, "c3", &format!("{SAME_REPLY} {told}")) {
        h.push(item);
    }
    let stuck = stuck_view(&h, Path::new("/nonexistent-folder")).unwrap();
    assert_eq!(
        stuck.answer_start.as_deref(),
        Some("The answer is stressed.")
    );
    assert_eq!(stuck.code_start, None);
}

#[test]
fn a_table_with_commas_in_quoted_fields_is_shown_with_its_header_and_how_to_read_it() {
    // Ninth set, task 22 (1.5B): `line.split(',')` over prices.csv, the header converted, then
    // `"Widget, small"` cut apart, until its time ran out.
    let here = tempfile::tempdir().unwrap();
    std::fs::write(
        here.path().join("prices.csv"),
        "name,price\n\"Widget, small\",4.5\nGadget,10\n",
    )
    .unwrap();
    assert_eq!(
        quoted_fields("\"Widget, small\",4.5"),
        vec!["Widget, small", "4.5"]
    );
    let code = "for line in open('prices.csv'):\n    print(float(line.split(',')[1]))";
    let heads = text_heads(code, here.path()).unwrap();
    assert!(heads.contains(HEADER_FIRST), "{heads}");
    assert!(heads.contains("0 `name`, 1 `price`"), "{heads}");
    assert!(heads.contains("read the rows with `csv.reader`"), "{heads}");
    // No quoted commas: no word of them.
    std::fs::write(here.path().join("prices.csv"), "name,price\nWidget,4.5\n").unwrap();
    let heads = text_heads(code, here.path()).unwrap();
    assert!(
        heads.contains(HEADER_FIRST) && !heads.contains("in quotes"),
        "{heads}"
    );
}

#[test]
fn a_key_searched_that_the_settings_file_does_not_hold_goes_back_with_its_lines() {
    // Ninth set, task 25 (1.5B): `'database_port' in line` over settings.yaml, which nests
    // `port` under `database:`, printed "Database port not found in settings.yaml".
    let here = tempfile::tempdir().unwrap();
    std::fs::write(
        here.path().join("settings.yaml"),
        "name: demo\ndatabase:\n  host: db.local\n  port: 6543\n",
    )
    .unwrap();
    let request = "What is the database port in settings.yaml?";
    let code = "text = open('settings.yaml').read()\nport_line = next((l for l in text.split('\\n') if 'database_port' in l), None)\nif port_line:\n    print(port_line.split(':')[1])\nelse:\n    print('Database port not found in settings.yaml')";
    let out = "Database port not found in settings.yaml\n";
    let h = runs(request, &[(code, out)]);
    let call = h.call("c1").cloned().unwrap();
    let hint = uncomputed_hint(&h, &call, out, here.path()).unwrap();
    assert!(hint.undone);
    assert!(hint.text.contains("holds `database_port`"), "{}", hint.text);
    assert!(
        hint.text.contains("  port: 6543") || hint.text.contains("database:"),
        "{}",
        hint.text
    );
    // Found, or a sentence with a value: no search for nothing.
    assert!(!says_none("The database port is 6543", request));
    assert!(says_none("Port not found", request));
    assert!(!says_none("not found: 2 files", request));
}

#[test]
fn an_object_compared_with_a_number_is_told_the_documents_shape() {
    // Ninth set, task 24 (1.5B): `product['stock'] < least`, `stock` an object of two counts.
    let here = tempfile::tempdir().unwrap();
    std::fs::write(
        here.path().join("inventory.json"),
        r#"[{"product": "bolt", "stock": {"warehouse": 120, "store": 15}}]"#,
    )
    .unwrap();
    let code = "import json\ndata = json.load(open('inventory.json'))\nleast = float('inf')\nfor p in data:\n    if p['stock'] < least:\n        least = p['stock']\nprint(least)";
    let output = "Traceback (most recent call last):\n  File \"<cell 1>\", line 5, in <module>\nTypeError: '<' not supported between instances of 'dict' and 'float'\n";
    let hint = run_hint("python", code, output, true, here.path()).unwrap();
    assert!(
        hint.text.contains(
            "`stock` (an object with the keys `store`, `warehouse`, each holding a number)"
        ),
        "{}",
        hint.text
    );
}

#[test]
fn a_list_of_objects_indexed_by_a_key_is_told_to_loop() {
    // Ninth set, task 23 (0.5B): `inventory['stock']['store']` of a list of products.
    let here = tempfile::tempdir().unwrap();
    std::fs::write(
        here.path().join("inventory.json"),
        r#"[{"product": "bolt", "stock": {"warehouse": 120, "store": 15}}]"#,
    )
    .unwrap();
    let code = "import json\nwith open('inventory.json') as f:\n    inventory = json.load(f)\nprint(inventory['stock']['store'] + inventory['stock']['warehouse'])";
    let output = "Traceback (most recent call last):\n  File \"<cell 1>\", line 4, in <module>\nTypeError: list indices must be integers or slices, not str\n";
    let hint = run_hint("python", code, output, true, here.path()).unwrap();
    assert!(
        hint.text.contains(
            "loop over its objects, `for item in inventory:`, and take `item['stock']` of each"
        ),
        "{}",
        hint.text
    );
}

#[test]
fn dates_given_to_range_are_told_to_step_by_a_day() {
    // Ninth set, task 18 (1.5B): `for date in range(start_date, end_date)` for 2027's Mondays.
    let code = "from datetime import datetime\nstart = datetime(2027, 1, 1)\nend = datetime(2028, 1, 1)\nfor d in range(start, end):\n    pass";
    let output = "Traceback (most recent call last):\n  File \"<cell 1>\", line 4, in <module>\nTypeError: 'datetime.datetime' object cannot be interpreted as an integer\n";
    let hint = failed_python(code, output).unwrap();
    assert!(
        hint.text.contains("`day += timedelta(days=1)`"),
        "{}",
        hint.text
    );
    let other = "TypeError: 'str' object cannot be interpreted as an integer\n";
    let said = failed_python(code, other).map(|h| h.text);
    assert!(!said.unwrap_or_default().contains("timedelta(days=1)"));
}

#[test]
fn a_sum_asked_and_its_values_printed_one_by_one_goes_back_as_undone() {
    // Ninth set, task 16 (0.5B): 67, 65 and 84 printed, 67 answered.
    let request = "What is the sum of the ASCII codes of the letters of CAT? Use code.";
    let code = "cat = 'CAT'\nfor char in cat: print(ord(char))";
    let hint = uncomputed(request, code, "67\n65\n84\n").unwrap();
    assert!(hint.undone);
    assert!(
        hint.text.contains("printed the 3 values one by one"),
        "{}",
        hint.text
    );
    // One value, lines with words, or no sum asked: not this.
    for (request, out) in [
        (request, "216\n"),
        (request, "C 67\nA 65\n"),
        ("What are the ASCII codes of CAT?", "67\n65\n84\n"),
    ] {
        let said = uncomputed(request, code, out).map(|h| h.text);
        assert!(
            !said.as_deref().unwrap_or("").contains("one by one"),
            "{said:?}"
        );
    }
}

#[test]
fn a_broken_json_call_after_a_run_is_no_answer() {
    // Ninth set, task 16 (0.5B), after its values went back as undone: a JSON call whose code
    // string never closes ended the turn as the answer.
    let request = "What is the sum of the ASCII codes of the letters of CAT? Use code.";
    let h = runs(request, &[("print(ord('C'))", "67\n")]);
    let broken = "```json\n{\"name\": \"sum_codes\", \"arguments\": {\"language\": \"python\", \"code\": \"print(sum(ord(c) for c in 'CAT'))}}\n```";
    let nudge = broken_call_answer_nudge(&h, broken).unwrap();
    assert!(
        nudge.starts_with(crate::profile::UNREADABLE_CALL),
        "{nudge}"
    );
    assert!(nudge.contains(request), "{nudge}");
    // Once after a run; and a call that parses, or an answer in words, is not this.
    let mut told = h.clone();
    for item in corrected(broken, "c2", &nudge) {
        told.push(item);
    }
    assert_eq!(broken_call_answer_nudge(&told, broken), None);
    // Said again once another run came in between.
    for item in runs(request, &[("print(ord('A'))", "65\n")])
        .items()
        .iter()
        .skip(1)
    {
        told.push(item.clone());
    }
    assert!(broken_call_answer_nudge(&told, broken).is_some());
    let whole = "{\"name\": \"sum_codes\", \"arguments\": {\"code\": \"print(1)\"}}";
    assert_eq!(broken_call_answer_nudge(&h, whole), None);
    assert_eq!(broken_call_answer_nudge(&h, "The sum is 216."), None);
}

#[test]
fn a_word_asked_in_any_case_and_searched_as_written_goes_back_as_undone() {
    // Tenth set, task 29 (both models): `'timeout' in line` over lines with `Timeout` and
    // `TIMEOUT`, which it never counted.
    let here = tempfile::tempdir().unwrap();
    std::fs::write(
        here.path().join("app.log"),
        "Timeout on a\nok\nTIMEOUT on b\nretry after timeout\nfine\n",
    )
    .unwrap();
    let request = "How many lines of app.log mention timeout, in any case?";
    let code = "count = 0\nwith open('app.log') as f:\n    for line in f:\n        if 'timeout' in line:\n            count += 1\nprint(count)";
    assert_eq!(
        case_unfolded(request, code, here.path()),
        Some(("timeout", "app.log"))
    );
    let hint = uncomputed_in(request, code, "1\n", here.path()).unwrap();
    assert!(hint.undone);
    assert!(
        hint.text.contains("'timeout' in line.lower()"),
        "{}",
        hint.text
    );
    for fine in [
        code.replace("in line:", "in line.lower():"),
        code.replace("'timeout' in line", "re.search('timeout', line, re.I)"),
        code.replace("'timeout' in line", "re.search('(?i)timeout', line)"),
    ] {
        assert_eq!(case_unfolded(request, &fine, here.path()), None, "{fine}");
    }
    for asked in [
        "How many lines of app.log mention timeout, ignoring case?",
        "Count the lines of app.log with timeout (case-insensitive).",
        "How many lines of app.log say timeout in upper or lower case?",
    ] {
        assert!(case_unfolded(asked, code, here.path()).is_some(), "{asked}");
    }
    // Not asked, or nothing in another case to miss.
    assert_eq!(
        case_unfolded(
            "How many lines of app.log mention timeout?",
            code,
            here.path()
        ),
        None
    );
    std::fs::write(here.path().join("app.log"), "timeout on a\nok\n").unwrap();
    assert_eq!(case_unfolded(request, code, here.path()), None);
}

#[test]
fn table_fields_used_as_numbers_while_text_get_converted() {
    // Tenth set, task 21 (0.5B): sales.csv read with `csv.reader`, then `row[1] * row[2]`.
    let code = "import csv\nwith open('sales.csv') as f:\n    reader = csv.reader(f, delimiter=';')\n    next(reader)\n    total = sum(row[1] * row[2] for row in reader)\nprint(total)";
    let failed = "Traceback (most recent call last):\nTypeError: can't multiply sequence by non-int of type 'str'\n";
    let hint = failure_hint(code, failed).unwrap();
    assert!(!hint.undone);
    assert!(
        hint.text.contains("`float(row[1]) * float(row[2])`"),
        "{}",
        hint.text
    );
    let added = "TypeError: unsupported operand type(s) for +=: 'float' and 'str'\n";
    let code2 =
        "total = 0.0\nfor line in open('a.csv'):\n    total += line.split(',')[1]\nprint(total)";
    let hint = failure_hint(code2, added).unwrap();
    assert!(
        hint.text
            .starts_with("Every field read from a table's line is text"),
        "{}",
        hint.text
    );
    // Not a table's fields: no such hint.
    let plain = "x = 'ab' * 2.5\nprint(x)";
    assert!(text_fields_in_arithmetic(plain, failed).is_none());
}

#[test]
fn a_printed_value_that_the_answer_only_copies_from_the_request_is_unused() {
    // Eleventh set, task 9 (0.5B): it said the code would print 6.0, the code printed 5, and
    // it answered "The median of the numbers 7, 3, 9, 1 and 5 is 6." — its 5 is the request's.
    let request = "What is the median of 7, 3, 9, 1 and 5? Use code.";
    let code = "numbers = [7, 3, 9, 1, 5]\nprint(sorted(numbers)[2])";
    let said =
        format!("```python\n{code}\n```\nWhen you run this code, it will output:\n```\n6.0\n```");
    let h = said_and_ran(request, &said, code, "5\n");
    let nudge =
        unused_output_nudge(&h, "The median of the numbers 7, 3, 9, 1 and 5 is 6.").unwrap();
    assert!(
        nudge.contains("Your answer says 6, but your code printed 5."),
        "{nudge}"
    );
    for right in [
        "The median of 7, 3, 9, 1 and 5 is 5.",
        "The median is 5.",
        "5",
    ] {
        assert_eq!(unused_output_nudge(&h, right), None, "{right}");
    }
    assert_eq!(
        unechoed("The median of the numbers 7, 3, 9, 1 and 5 is 6.", request)
            .split_whitespace()
            .collect::<Vec<_>>(),
        ["the", "numbers", "is", "6."]
    );
}

#[test]
fn code_that_never_holds_the_requests_one_number_goes_back_as_undone() {
    // Eleventh set, task 16 (0.5B): the binary form of 1023 written by hand, and its 1s counted.
    let request = "How many 1 bits are in the binary form of 1023? Use code.";
    let code = "# Define the binary representation of 1023\nbinary_representation = \"10111111\"\nnumber_of_ones = binary_representation.count(\"1\")\nprint(number_of_ones)";
    let hint = uncomputed(request, code, "7\n").unwrap();
    assert!(hint.undone);
    assert!(
        hint.text.contains(
            "my request is about 1023, and your code did not use it: it worked on a number of its own."
        ),
        "{}",
        hint.text
    );
    for fine in [
        "print(bin(1023).count('1'))",
        "n = 1023\nprint(bin(n).count('1'))",
    ] {
        assert_eq!(lone_number_unused(request, fine), None, "{fine}");
    }
    // Words printed are left to the other checks ("yes" for "Is 7919 a prime number?").
    assert_eq!(
        uncomputed(
            "Is 7919 a prime number? Answer yes or no.",
            "print('yes')",
            "yes\n"
        ),
        None
    );
    // One off it is a bound; two numbers, a small one, or a date give no lone number.
    assert_eq!(
        lone_number_unused(
            "How many divisors does 360 have? Use code.",
            "print(len([i for i in range(1, 361) if not 360 % i]))"
        ),
        None
    );
    assert_eq!(lone_number("What is 999 times 111? Use code."), None);
    assert_eq!(lone_number("What is 10 factorial? Use code."), None);
    assert_eq!(
        lone_number("What day of the week was 2000-01-01? Use code."),
        None
    );
    assert_eq!(
        lone_number("How many Mondays are there in 2027?"),
        Some(("2027", 2027))
    );
}

#[test]
fn a_missed_time_factor_begins_the_fresh_reply_with_it() {
    // Eleventh set, task 2 (0.5B): `minutes = days * 24`, told, sent back twice.
    let request = "How many minutes are in 5 days? Use code.";
    let code = "days = 5\nminutes = days * 24\nprint(minutes)";
    let h = runs_ending(
        request,
        &[(code, "120\n\n(That is not the answer yet)")],
        true,
    );
    assert_eq!(
        retry_start(&h).map(|(start, _)| start).as_deref(),
        Some("```python\nminutes_per_day = 24 * 60\ndays = 5\n")
    );
    // Code that made the factor, or a run that did not fail, begins nothing.
    let right = "print(5 * 24 * 60)";
    assert_eq!(
        retry_start(&runs_ending(request, &[(right, "7200\n")], true)),
        None
    );
    assert_eq!(retry_start(&runs(request, &[(code, "120\n")])), None);
}

#[test]
fn every_line_counted_for_empty_or_different_ones_goes_back_as_undone() {
    let here = tempfile::tempdir().unwrap();
    std::fs::write(
        here.path().join("notes.txt"),
        "first\n\nsecond\nthird\n\n\nfourth\n",
    )
    .unwrap();
    std::fs::write(
        here.path().join("names.txt"),
        "ana\nbo\nana\ncy\nbo\nana\ndee\n",
    )
    .unwrap();
    // Eleventh set, task 27 (0.5B): newlines counted for the empty lines, told of its
    // `count('\\n')` first (`empty_test_inverted`), or of its count of every line.
    let request = "How many empty lines are in notes.txt?";
    let code = "with open('notes.txt', 'r') as file:\n    content = file.read()\n    empty_lines = content.count('\\n')\n    print(empty_lines)";
    let hint = uncomputed_in(request, code, "7\n", here.path()).unwrap();
    assert!(hint.undone);
    assert!(
        hint.text.contains(
            "my request counts the empty lines, and `count('\\n')` counts the end of every line"
        ),
        "{}",
        hint.text
    );
    let lines = "print(len(open('notes.txt').readlines()))";
    let hint = uncomputed_in(request, lines, "7\n", here.path()).unwrap();
    assert!(
        hint.text.contains("my request counts empty lines, and your code counted the lines of `notes.txt` (7), all of them, whatever they hold. Count only the lines that are empty lines."),
        "{}",
        hint.text
    );
    let fine = "print(sum(1 for l in open('notes.txt') if not l.strip()))";
    assert_eq!(all_lines_counted(request, fine, "3", here.path()), None);
    // Eleventh set, task 28 (0.5B): `len(file.readlines())` for the different names.
    let request = "How many different names are in names.txt?";
    let code = "with open('names.txt') as file:\n    names = file.readlines()\nprint(len(names))";
    let hint = uncomputed_in(request, code, "7\n", here.path()).unwrap();
    assert!(
        hint.text
            .contains("Count each different one once: `len(set(lines))`"),
        "{}",
        hint.text
    );
    let fine = "print(len(set(open('names.txt').read().split())))";
    assert_eq!(all_lines_counted(request, fine, "4", here.path()), None);
    // Lines asked are lines.
    assert_eq!(
        all_lines_counted("How many lines are in names.txt?", code, "7", here.path()),
        None
    );
}

#[test]
fn an_empty_line_converted_to_a_number_is_told_where_the_empty_lines_are() {
    // Eleventh set, task 26 (0.5B): `int(line.strip())` over numbers.txt with blank lines.
    let here = tempfile::tempdir().unwrap();
    std::fs::write(
        here.path().join("numbers.txt"),
        "14\n-3\n\n27\n8\n\n-40\n19\n",
    )
    .unwrap();
    let code = "with open('numbers.txt') as f:\n    numbers = [int(line.strip()) for line in f]\nprint(max(numbers))";
    let failed = "Traceback (most recent call last):\nValueError: invalid literal for int() with base 10: ''\n";
    let hint = run_hint("python", code, failed, true, here.path()).unwrap();
    assert_eq!(
        hint.text,
        "`numbers.txt` has empty lines (lines 3 and 6), and an empty line is no number. Skip them as you convert: `[int(line) for line in lines if line.strip()]`."
    );
    // A file with no blank line gets the hint that shows its lines.
    std::fs::write(here.path().join("numbers.txt"), "14\n-3\n").unwrap();
    let hint = run_hint("python", code, failed, true, here.path()).unwrap();
    assert!(!hint.text.contains("empty lines"), "{}", hint.text);
}

#[test]
fn a_failure_of_code_that_never_read_the_requests_file_says_its_data_is_made_up() {
    // Eleventh set, task 23 (0.5B): a `servers_json` of its own, looped as a list.
    let here = tempfile::tempdir().unwrap();
    std::fs::write(
        here.path().join("servers.json"),
        r#"{"servers": [{"host": "a", "port": 443}]}"#,
    )
    .unwrap();
    let request = "How many servers in servers.json use port 443?";
    let code = "servers_json = {'servers': [{'host': 'x', 'port': 443}]}\ncount = 0\nfor server in servers_json:\n    if server['port'] == 443:\n        count += 1\nprint(count)";
    let failed = "Traceback (most recent call last):\nTypeError: string indices must be integers, not 'str'\n";
    let h = runs_ending(request, &[(code, failed)], true);
    let call = h.call("c1").cloned().unwrap();
    let hint = failed_run_file_hint(&h, &call, failed, here.path()).unwrap();
    assert_eq!(
        hint.text,
        "Your code never opened `servers.json`, the file my request is about: the data it worked on is made up. Read the file itself: `data = json.load(open('servers.json'))`."
    );
    // Code that reads it, a failure already hinted, or a file that is not here: nothing.
    let reads = "import json\ndata = json.load(open('servers.json'))\nprint(data[0]['port'])";
    let h2 = runs_ending(request, &[(reads, failed)], true);
    let call2 = h2.call("c1").cloned().unwrap();
    assert!(failed_run_file_hint(&h2, &call2, failed, here.path()).is_none());
    let hinted = format!("{failed}\n(servers.json holds an object.)");
    assert!(failed_run_file_hint(&h, &call, &hinted, here.path()).is_none());
    assert!(failed_run_file_hint(&h, &call, failed, Path::new("/nonexistent-folder")).is_none());
}

#[test]
fn a_date_column_read_as_text_is_converted_before_dt() {
    // Eleventh set, task 29 (0.5B).
    let code = "import pandas as pd\ndf = pd.read_csv('orders.csv')\nmarch = df[df['date'].dt.strftime('%m') == '03']\nprint(march['amount'].sum())";
    let failed = "Traceback (most recent call last):\nAttributeError: Can only use .dt accessor with datetimelike values\n";
    let hint = failure_hint(code, failed).unwrap();
    assert_eq!(
        hint.text,
        "`df['date']` holds text, not dates: `pd.read_csv` leaves dates as text. Convert the column first, `df['date'] = pd.to_datetime(df['date'])`, then use `.dt`."
    );
}

#[test]
fn a_rename_that_kept_the_old_extension_goes_back_as_undone() {
    // Eleventh set, task 31 (0.5B): `txt_file + '.md'` made a.txt.md and b.txt.md.
    let here = tempfile::tempdir().unwrap();
    for name in ["a.txt.md", "b.txt.md", "c.md"] {
        std::fs::write(here.path().join(name), "x\n").unwrap();
    }
    let request = "Rename every .txt file in this folder to end in .md instead, then tell me how many .md files there are.";
    let code = "import os\nfor f in os.listdir('.'):\n    if f.endswith('.txt'):\n        os.rename(f, f + '.md')\n        print(f'Renamed {f} to {f}.md')";
    let hint = uncomputed_in(
        request,
        code,
        "Renamed a.txt to a.txt.md\nRenamed b.txt to b.txt.md\n",
        here.path(),
    )
    .unwrap();
    assert!(hint.undone);
    assert!(
        hint.text.contains("your code put `.md` after `.txt`: `a.txt.md` is there now. Give each such file its name without `.txt`, as `os.rename('a.txt.md', 'a.md')` does"),
        "{}",
        hint.text
    );
    // Renamed right: nothing to say.
    std::fs::rename(here.path().join("a.txt.md"), here.path().join("a.md")).unwrap();
    std::fs::rename(here.path().join("b.txt.md"), here.path().join("b.md")).unwrap();
    assert_eq!(doubled_extension(request, here.path()), None);
}

#[test]
fn a_tab_separated_tables_columns_are_named_by_index_after_a_failure() {
    // Eleventh set, task 21 (1.5B): `row['amount'] for row in` the text of expenses.tsv.
    let here = tempfile::tempdir().unwrap();
    std::fs::write(
        here.path().join("expenses.tsv"),
        "date\titem\tamount\n2026-01-03\tcoffee\t4.5\n2026-01-04\tlunch\t12\n",
    )
    .unwrap();
    let code = "expenses = open('expenses.tsv').read()\namounts = [row['amount'] for row in expenses]\nprint(sum(amounts))";
    let failed = "Traceback (most recent call last):\nTypeError: string indices must be integers, not 'str'\n";
    let hint = run_hint("python", code, failed, true, here.path()).unwrap();
    assert!(
        hint.text
            .contains("the columns are 0 `date`, 1 `item`, 2 `amount`"),
        "{}",
        hint.text
    );
}

#[test]
fn a_count_with_the_empty_string_after_the_last_newline_goes_back_as_undone() {
    // Eleventh set, task 28 (1.5B): `len(set(names.split('\n')))`, 5 for 4 names.
    let here = tempfile::tempdir().unwrap();
    std::fs::write(
        here.path().join("names.txt"),
        "ana\nbo\nana\ncy\nbo\nana\ndee\n",
    )
    .unwrap();
    let request = "How many different names are in names.txt?";
    let code = "names = computer.files.read('names.txt')\nprint(len(set(names.split('\\n'))))";
    let hint = uncomputed_in(request, code, "5\n", here.path()).unwrap();
    assert!(hint.undone);
    assert!(
        hint.text.contains("your count has one too many: `names.txt` ends with a newline, so `split('\\n')` leaves an empty string after its last line"),
        "{}",
        hint.text
    );
    assert_eq!(trailing_empty_counted(code, "4\n", here.path()), None);
    let lines = "print(len(open('names.txt').read().split('\\n')))";
    assert!(trailing_empty_counted(lines, "8\n", here.path()).is_some());
    assert_eq!(trailing_empty_counted(lines, "7\n", here.path()), None);
}

#[test]
fn the_most_frequent_word_may_be_in_every_line() {
    // Eleventh set, task 25 (1.5B): `cat`, right, was undone as a word of every line.
    let here = tempfile::tempdir().unwrap();
    std::fs::write(
        here.path().join("story.txt"),
        "my cat sat on a mat\na dog saw the cat\nthe cat ran off\n",
    )
    .unwrap();
    let code = "words = open('story.txt').read().split()\nprint(max(set(words), key=words.count))";
    assert_eq!(
        uncomputed_in(
            "Which word appears most often in story.txt?",
            code,
            "cat\n",
            here.path()
        ),
        None
    );
}

#[test]
fn all_lines_counted_where_some_are_left_out_goes_back_as_undone() {
    // Eleventh set, task 32 (1.5B): all 8 lines of script.py for its lines of code.
    let here = tempfile::tempdir().unwrap();
    std::fs::write(
        here.path().join("script.py"),
        "# a script\nimport os\n\n# print the folder\nprint(os.getcwd())\n\nx = 1\nprint(x)\n",
    )
    .unwrap();
    let request =
        "How many lines of code are in script.py, not counting blank lines and comment lines?";
    let code = "print(len(open('script.py').read().splitlines()))";
    let hint = uncomputed_in(request, code, "8\n", here.path()).unwrap();
    assert!(hint.undone);
    assert!(
        hint.text.contains("my request leaves out blank lines and comment lines, and your code counted all 8 lines of `script.py`: skip those lines as you count (a blank line is empty once stripped, `not line.strip()`; a comment line starts with `#` once stripped, `line.strip().startswith('#')`)."),
        "{}",
        hint.text
    );
    assert_eq!(
        excluded_lines_counted(request, code, "4\n", here.path()),
        None
    );
    assert_eq!(
        excluded_lines_counted("How many lines are in script.py?", code, "8\n", here.path()),
        None
    );
}

#[test]
fn the_factor_alone_printed_for_a_quantity_goes_back_as_undone() {
    // Eleventh set, task 2 (0.5B), begun with the factor: it printed `minutes_per_day`.
    let request = "How many minutes are in 5 days? Use code.";
    let code = "minutes_per_day = 24 * 60\nprint(minutes_per_day)";
    let hint = uncomputed(request, code, "1440\n").unwrap();
    assert!(hint.undone);
    assert!(
        hint.text.contains(
            "1440 is the minutes in one day, and my request asks about 5 days: multiply by 5."
        ),
        "{}",
        hint.text
    );
    assert!(uncomputed(request, "print(5 * 24 * 60)", "7200\n").is_none());
    assert!(factor_alone("How many minutes are in 1 day?", "1440").is_none());
}

#[test]
fn a_markdown_table_converted_wrong_is_told_its_cells_by_index() {
    // Eleventh set, task 22 (1.5B): `line.split('|')[2]` took `Task` for `Hours`.
    let here = tempfile::tempdir().unwrap();
    std::fs::write(
        here.path().join("timesheet.md"),
        "| Day | Task | Hours |\n|-----|------|-------|\n| Mon | docs | 3 |\n",
    )
    .unwrap();
    let code = "lines = open('timesheet.md').read().split('\\n')\nhours = [line.split('|')[2].strip() for line in lines if line.strip()]\nprint(sum(map(int, hours)))";
    let failed = "Traceback (most recent call last):\nValueError: invalid literal for int() with base 10: 'Task'\n";
    let hint = run_hint("python", code, failed, true, here.path()).unwrap();
    assert!(
        hint.text.contains(
            "It is a markdown table. `line.split('|')` puts an empty cell before the first `|`"
        ) && hint
            .text
            .contains("the cells are 0 `Day`, 1 `Task`, 2 `Hours`"),
        "{}",
        hint.text
    );
}

#[test]
fn a_count_of_empty_lines_is_not_a_file_said_empty() {
    // Eleventh set, task 27 (1.5B): its right count was undone as "the file is not empty".
    let here = tempfile::tempdir().unwrap();
    std::fs::write(
        here.path().join("notes.txt"),
        "first\n\nsecond\n\n\nthird\n",
    )
    .unwrap();
    let code = "lines = open('notes.txt').readlines()\nprint(f\"Number of empty lines: {sum(1 for l in lines if l.strip() == '')}\")";
    assert_eq!(
        said_empty(code, "Number of empty lines: 3\n", here.path()),
        None
    );
    assert!(said_empty(code, "The file is empty.\n", here.path()).is_some());
}

#[test]
fn empty_cells_named_are_not_a_file_said_empty() {
    // Twenty-sixth set, task 33 (0.5B): its right column was undone as "the file is not
    // empty", and it answered another.
    let here = tempfile::tempdir().unwrap();
    std::fs::write(
        here.path().join("table.csv"),
        "name,phone,email,city\nana,,ana@mail.com,Oslo\nben,555-0101,,Rome\n",
    )
    .unwrap();
    let code = "import pandas as pd\ndf = pd.read_csv('table.csv')\nprint(f\"The column with the most empty cells is: {df.isnull().sum().idxmax()}\")";
    for said in [
        "The column with the most empty cells is: phone\n",
        "Most empty values: phone\n",
    ] {
        assert_eq!(said_empty(code, said, here.path()), None, "{said}");
    }
    assert!(said_empty(code, "table.csv is empty\n", here.path()).is_some());
    assert!(said_empty(code, "Empty: the file has no rows\n", here.path()).is_some());
}

/// What a failed run of Python `code` that printed `output` is told, in a folder that is not.
fn failure_hint(code: &str, output: &str) -> Option<RunHint> {
    failed_python(code, output)
}

#[test]
fn a_number_of_the_request_echoed_or_a_number_for_its_digits_goes_back_as_undone() {
    // Twelfth set, task 7 (0.5B): the code `4095`, echoed, answered as 4095 in hexadecimal.
    let request = "What is 4095 written in hexadecimal? Use code.";
    let hint = uncomputed(request, "4095", "4095\n").unwrap();
    assert!(hint.undone);
    assert!(
        hint.text
            .contains("4095 is the number my request gives, and your code only wrote it down"),
        "{}",
        hint.text
    );
    assert_eq!(number_echoed(request, "print(hex(4095))", "0xfff\n"), None);
    assert_eq!(number_echoed(request, "n = 4095\nprint(n)", "4095\n"), None);
    // Twelfth set, task 11 (0.5B): `pow(2, 100)` printed for its digits.
    let request = "How many digits does 2 to the power of 100 have? Use code.";
    let hint = uncomputed(
        request,
        "print(pow(2, 100))",
        "1267650600228229401496703205376\n",
    )
    .unwrap();
    assert!(
        hint.text.contains(
            "the number itself, not how many digits it has: print `len(str(...))` of it."
        ),
        "{}",
        hint.text
    );
    assert!(!hint.text.contains("31"), "{}", hint.text);
    assert!(!digits_for_count(request, "31"));
}

#[test]
fn a_run_that_printed_nothing_has_no_output_to_use() {
    // Twelfth set, task 8 (0.5B): `FF = 255` printed nothing, and the answer was told it did
    // not use "(The code printed nothing. …)".
    let request = "What is the hexadecimal number FF in decimal? Use code.";
    let h = runs(
        request,
        &[(
            "FF = 255",
            "\n(The code printed nothing. Print the values you need to see: `print(result)`.)",
        )],
    );
    assert_eq!(
        unused_output_nudge(&h, "The hexadecimal number FF in decimal is 255."),
        None
    );
}

#[test]
fn another_section_of_a_settings_file_read_goes_back_as_undone() {
    // Twelfth set, task 26 (0.5B): `config['server']['timeout']` for the network section.
    let here = tempfile::tempdir().unwrap();
    std::fs::write(
        here.path().join("app.ini"),
        "[server]\ntimeout = 30\n\n[network]\ntimeout = 12\n",
    )
    .unwrap();
    let request = "What is the timeout in the network section of app.ini?";
    let code = "import configparser\nconfig = configparser.ConfigParser()\nconfig.read('app.ini')\nprint(config['server']['timeout'])";
    let hint = uncomputed_in(request, code, "30\n", here.path()).unwrap();
    assert!(hint.undone);
    assert!(
        hint.text.contains("my request is about the `[network]` section of `app.ini`, and your code read `[server]`"),
        "{}",
        hint.text
    );
    let right = code.replace("'server'", "'network'");
    assert_eq!(section_unread(request, &right, here.path()), None);
    // Twelfth set, task 26 (1.5B): the first line that holds `timeout`, no section looked for.
    let first = "text = open('app.ini').read()\nline = next(l for l in text.splitlines() if 'timeout' in l)\nprint(line.split('=')[1].strip())";
    let hint = uncomputed_in(request, first, "30\n", here.path()).unwrap();
    assert!(
        hint.text
            .contains("and your code never looked for that section, and `app.ini` has others"),
        "{}",
        hint.text
    );
    let sectioned = "text = open('app.ini').read()\npart = text.split('[network]')[1]\nprint(part)";
    assert_eq!(section_unread(request, sectioned, here.path()), None);
}

#[test]
fn the_rest_of_the_request_after_files_are_deleted_is_asked_as_a_request_of_its_own() {
    // Twelfth set, task 33 (0.5B): the .tmp files deleted, nothing printed, then "The code
    // printed nothing." twice.
    let here = tempfile::tempdir().unwrap();
    std::fs::write(here.path().join("a.tmp"), "x").unwrap();
    std::fs::write(here.path().join("c.txt"), "x").unwrap();
    let request = "Delete every .tmp file in this folder, then tell me how many files are left.";
    let code =
        "import os\nfor f in os.listdir('.'):\n    if f.endswith('.tmp'):\n        os.remove(f)";
    let silent = format!("\n({SILENT_RUN})");
    let h = runs(request, &[(code, silent.as_str())]);
    // Not deleted yet: no view.
    assert!(rest_as_request(&h, here.path()).is_none());
    std::fs::remove_file(here.path().join("a.tmp")).unwrap();
    let view = rest_as_request(&h, here.path()).unwrap();
    let [HistoryItem::User { items }] = view.items() else {
        panic!("{:?}", view.items());
    };
    assert_eq!(
        request_text(items),
        "Every .tmp file is deleted already. Tell me how many files are left. Write the code, which prints the answer."
    );
    // Code that never named the extension did not do it.
    let other = runs(request, &[("print()", silent.as_str())]);
    assert!(rest_as_request(&other, here.path()).is_none());
}

#[test]
fn an_answer_with_no_code_is_asked_for_code_twice_then_the_reply_begins_as_code() {
    // Twelfth set, task 11 (0.5B): "2001 digits", worked out in words, sent again after the
    // first correction, ended the turn.
    let dir = tempfile::tempdir().unwrap();
    let request = "How many digits does 2 to the power of 100 have? Use code.";
    let guess = "The answer is 2001.";
    let mut h = asked(request);
    let first = no_run_nudge(&h, guess, dir.path(), "").unwrap();
    for item in after_answer(first) {
        h.push(item);
    }
    let second = no_run_nudge(&h, guess, dir.path(), "").unwrap();
    for item in after_answer(second) {
        h.push(item);
    }
    assert_eq!(no_run_nudge(&h, guess, dir.path(), ""), None);
    let stuck = stuck_view(&h, Path::new("/nonexistent-folder")).unwrap();
    assert_eq!(stuck.code_start.as_deref(), Some(CODE_FIRST));
}

#[test]
fn a_checklist_counted_without_its_boxes_is_told_the_mark() {
    // Thirteenth set, task 28 (0.5B): lines that start with `#` counted as done, 0; tenth
    // set, task 26: `parts[0] == 'x'`, 0.
    let here = tempfile::tempdir().unwrap();
    std::fs::write(
        here.path().join("todo.md"),
        "# Todo\n- [x] buy milk\n- [ ] write report\n- [x] call bob\n",
    )
    .unwrap();
    let hashes =
        "lines = open('todo.md').readlines()\nprint(sum(1 for l in lines if l.startswith('#')))";
    assert_eq!(
        boxes_unlooked("How many tasks in todo.md are done?", hashes, here.path()),
        Some(("todo.md".to_string(), "- [x]"))
    );
    let parts = "for line in open('todo.md'):\n    parts = line.split()\n    if parts[0] == 'x':\n        n += 1";
    assert_eq!(
        boxes_unlooked(
            "How many tasks in todo.md are not done yet?",
            parts,
            here.path()
        ),
        Some(("todo.md".to_string(), "- [ ]"))
    );
    // Code that looks for a box, a regex's escaped one too, is left to its output.
    for code in [
        "print(sum('[x]' in l for l in open('todo.md')))",
        "import re\nprint(len(re.findall(r'- \\[ \\]', open('todo.md').read())))",
    ] {
        assert_eq!(
            boxes_unlooked("How many tasks in todo.md are done?", code, here.path()),
            None,
            "{code}"
        );
    }
    // Not about done or open tasks, or not a checklist: nothing.
    assert_eq!(
        boxes_unlooked("How many lines does todo.md have?", hashes, here.path()),
        None
    );
    std::fs::write(
        here.path().join("notes.md"),
        "# Notes\n- done one\n- done two\n",
    )
    .unwrap();
    assert_eq!(
        boxes_unlooked(
            "How many items in notes.md are done?",
            "print(len(open('notes.md').readlines()))",
            here.path()
        ),
        None
    );
}

#[test]
fn json_read_from_a_file_that_is_not_json_is_told_what_it_is() {
    // Thirteenth set, task 25 (0.5B): `json.load` of pyproject.toml, then a guess that the
    // file was missing.
    let here = tempfile::tempdir().unwrap();
    std::fs::write(
        here.path().join("pyproject.toml"),
        "[project]\nname = \"tool\"\nversion = \"1.4.2\"\n",
    )
    .unwrap();
    std::fs::write(here.path().join("notes.txt"), "hello\n").unwrap();
    std::fs::write(here.path().join("data.json"), "{\"a\": 1}").unwrap();
    let request = "What version does pyproject.toml give for the project?";
    let code = "import json\nwith open('pyproject.toml') as f:\n    data = json.load(f)\nprint(data['version'])";
    let failed = "Traceback (most recent call last):\njson.decoder.JSONDecodeError: Expecting value: line 1 column 2 (char 1)\n";
    let h = runs_ending(request, &[(code, failed)], true);
    let call = h.call("c1").cloned().unwrap();
    assert_eq!(
        failed_run_file_hint(&h, &call, failed, here.path())
            .unwrap()
            .text,
        "`pyproject.toml` is TOML, not JSON (its first line is `[project]`), so `json.load` cannot read it. Read its lines as text, `lines = open('pyproject.toml').read().splitlines()`: `version` is set on `lines[2]`; take what follows its `=` or `:`, without quotes."
    );
    assert_eq!(
        json_of_other(
            "What does notes.txt say?",
            "import json\nprint(json.loads(open('notes.txt').read()))",
            failed,
            here.path()
        )
        .as_deref(),
        Some(
            "`notes.txt` is text, not JSON (its first line is `hello`), so `json.load` cannot read it. Read it as text: `lines = open('notes.txt').read().splitlines()`."
        )
    );
    // A JSON file that is JSON (the error is elsewhere), or another failure: nothing.
    assert_eq!(
        json_of_other(
            "x",
            "import json\ndata = json.load(open('data.json'))\njson.loads('')",
            failed,
            here.path()
        ),
        None
    );
    assert_eq!(
        json_of_other(request, code, "KeyError: 'version'", here.path()),
        None
    );
}

#[test]
fn a_word_column_in_arithmetic_is_named_with_the_columns_of_numbers() {
    // Thirteenth set, task 21 (0.5B): `product * qty * unit_price`; told to convert the
    // fields, it converted `product` too.
    let here = tempfile::tempdir().unwrap();
    std::fs::write(
        here.path().join("sales.csv"),
        "product,qty,unit_price\npen,10,1.5\nbook,3,12\n",
    )
    .unwrap();
    let code = "import csv\nwith open('sales.csv') as f:\n    reader = csv.reader(f)\n    next(reader)\n    total = 0\n    for row in reader:\n        product = row[0]\n        qty = int(row[1])\n        unit_price = float(row[2])\n        total += product * qty * unit_price\nprint(total)";
    let failed = "Traceback (most recent call last):\n  File \"<cell 1>\", line 10, in <module>\n    total += product * qty * unit_price\n             ~~~~~~~~~~~~~~^~~~~~~~~~~~\nTypeError: can't multiply sequence by non-int of type 'float'\n";
    assert_eq!(
        text_column_in_arithmetic(code, failed, here.path()).as_deref(),
        Some(
            "`product` is `row[0]`, the `product` column of `sales.csv`, which holds words like `pen`, not numbers: leave it out of the arithmetic. By index, the columns of numbers are 1 `qty` and 2 `unit_price`; convert those, `float(row[i])`."
        )
    );
    assert!(
        run_hint("python", code, failed, true, here.path())
            .is_some_and(|h| h.text.starts_with("`product` is `row[0]`"))
    );
    // The field is a number column left as text: the general hint's business.
    let unconverted = "import csv\nfor row in csv.reader(open('sales.csv')):\n    qty = row[1]\n    total = qty * 2.5";
    let failed_qty = "Traceback (most recent call last):\n  File \"<cell 1>\", line 4, in <module>\n    total = qty * 2.5\nTypeError: can't multiply sequence by non-int of type 'float'\n";
    assert_eq!(
        text_column_in_arithmetic(unconverted, failed_qty, here.path()),
        None
    );
    // Another failure, or a line that uses no field: nothing.
    assert_eq!(
        text_column_in_arithmetic(
            code,
            "ValueError: could not convert string to float: 'pen'",
            here.path()
        ),
        None
    );
}

#[test]
fn a_count_printed_in_its_loop_is_asked_once_after_it() {
    // Thirteenth set, task 26 (0.5B): one "…: 1" line per 404, answered 1.
    let request = "How many requests in access.log returned status 404?";
    let code = "with open('access.log') as f:\n    for line in f:\n        if '404' in line:\n            print(f\"404s: {line.count('404')}\")";
    assert_eq!(
        printed_in_loop(request, code, "404s: 1\n404s: 1\n404s: 1\n"),
        Some(3)
    );
    let hint = uncomputed(request, code, "404s: 1\n404s: 1\n404s: 1\n").unwrap();
    assert!(hint.undone);
    assert!(
        hint.text
            .contains("your code printed inside its loop, once for each pass (3 lines of output)"),
        "{}",
        hint.text
    );
    // One line printed, a print after the loop too, or no count asked: nothing.
    assert_eq!(printed_in_loop(request, code, "404s: 1\n"), None);
    let after = "n = 0\nfor line in open('access.log'):\n    if '404' in line:\n        print(line)\n        n += 1\nprint(n)";
    assert_eq!(printed_in_loop(request, after, "a\nb\n2\n"), None);
    let counted = "n = 0\nwith open('access.log') as f:\n    for line in f:\n        n += '404' in line\n    print(n)";
    assert_eq!(printed_in_loop(request, counted, "3\n4\n"), None);
    assert_eq!(
        printed_in_loop("Which lines of access.log returned 404?", code, "a\nb\n"),
        None
    );
}

#[test]
fn the_text_a_request_decodes_is_its_subject() {
    // Thirteenth set, task 16 (1.5B): `base64.b64decode(b'base64')`, then another text.
    assert_eq!(
        request_subject("What is the base64 text bGVtb24= decoded? Use code."),
        Some("bGVtb24=")
    );
    assert_eq!(
        request_subject("Reverse the string 'stressed'."),
        Some("stressed")
    );
    assert_eq!(
        request_subject("What is the sha256 hex digest of the text hello (no newline)?"),
        Some("hello")
    );
    assert_eq!(
        subject_unused(
            "What is the base64 text bGVtb24= decoded? Use code.",
            "import base64\nprint(base64.b64decode(b'cG9tZW4='))"
        ),
        Some("bGVtb24=")
    );
    assert_eq!(
        subject_unused(
            "What is the base64 text bGVtb24= decoded? Use code.",
            "import base64\nprint(base64.b64decode('bGVtb24=').decode())"
        ),
        None
    );
}

#[test]
fn a_block_of_the_requests_number_alone_begins_the_code_with_it() {
    // Thirteenth set, task 7 (0.5B): "```python\n100\n```" for "What is 100 written in
    // octal?", four times, begun as a Python block twice.
    let dir = tempfile::tempdir().unwrap();
    let request = "What is 100 written in octal? Use code.";
    let echo = "```python\n100\n```";
    let mut h = asked(request);
    for _ in 0..2 {
        let nudge = no_run_nudge(&h, echo, dir.path(), "").unwrap();
        for item in after_answer_said(echo, nudge) {
            h.push(item);
        }
    }
    assert_eq!(
        stuck_view(&h, Path::new("/nonexistent-folder"))
            .unwrap()
            .code_start
            .as_deref(),
        Some("```python\nn = 100\n")
    );
    assert_eq!(echoed_given(echo, request), Some("100"));
    // Another number, words, or code: no number to begin with.
    assert_eq!(echoed_given("```python\n144\n```", request), None);
    assert_eq!(echoed_given("It is 100.", request), None);
    assert_eq!(echoed_given("```python\nprint(100)\n```", request), None);
}

#[test]
fn a_failed_count_of_weekdays_begins_the_fresh_reply_with_the_dates() {
    // Thirteenth set, task 18 (0.5B): `date.replace(weekday=6)`, then made-up first and last
    // Saturdays subtracted, until its time ran out.
    let request = "How many Saturdays are there in May 2027? Use code.";
    let code =
        "import datetime\nd = datetime.date.today().replace(day=1, month=5, weekday=6)\nprint(d)";
    let failed = "Traceback (most recent call last):\nTypeError: 'weekday' is an invalid keyword argument for replace()\n";
    let h = runs_ending(request, &[(code, failed)], true);
    assert_eq!(
        retry_start(&h).map(|(start, _)| start).as_deref(),
        Some(
            "```python\nimport datetime\n# every date of May 2027\ndates = [datetime.date(2027, 5, 1) + datetime.timedelta(days=i) for i in range(31)]\n"
        )
    );
    let spans = [
        (
            "How many Fridays are there in 2026? Use code.",
            Some(("2026", "2026-01-01", 365)),
        ),
        (
            "How many Sundays are there in March 2026?",
            Some(("March 2026", "2026-03-01", 31)),
        ),
        (
            "How many Mondays are in February of 2028?",
            Some(("February 2028", "2028-02-01", 29)),
        ),
        (
            "How many Tuesdays were in the year 2100?",
            Some(("2100", "2100-01-01", 365)),
        ),
        (
            "How many Mondays are in December 2026?",
            Some(("December 2026", "2026-12-01", 31)),
        ),
        ("How many days are in 2026?", None),
        ("What day of the week is 2026-12-25?", None),
    ];
    for (asked, want) in spans {
        let got = weekday_span(asked).map(|(what, first, days)| (what, first.to_string(), days));
        let want = want.map(|(what, first, days)| (what.to_string(), first.to_string(), days));
        assert_eq!(got, want, "{asked}");
    }
    // A run that worked begins nothing.
    assert_eq!(retry_start(&runs(request, &[("print(5)", "5\n")])), None);
}

#[test]
fn a_run_that_failed_at_its_import_read_no_file() {
    // Thirteenth set, task 25 (1.5B): `import toml; print(toml.load('pyproject.toml')…)`
    // failed at the import, then `print(csv.__version__)` printed 1.0, its answer.
    let here = tempfile::tempdir().unwrap();
    std::fs::write(
        here.path().join("pyproject.toml"),
        "[project]\nversion = \"1.4.2\"\n",
    )
    .unwrap();
    let request = "What version does pyproject.toml give for the project?";
    let toml = "import toml; print(toml.load('pyproject.toml')['project']['version'])";
    let missing =
        "Traceback (most recent call last):\nModuleNotFoundError: No module named 'toml'\n";
    let h = runs_marked(
        request,
        &[
            (toml, missing, true),
            ("import csv; print(csv.__version__)", "1.0\n", false),
        ],
    );
    assert!(
        unread_file_nudge(&h, here.path()).is_some_and(|n| n.contains("pyproject.toml")),
        "{:?}",
        unread_file_nudge(&h, here.path())
    );
    // A run that failed after reading it did read it.
    let read =
        "import tomllib\ndata = tomllib.load(open('pyproject.toml', 'rb'))\nprint(data['version'])";
    let h = runs_marked(
        request,
        &[
            (
                read,
                "Traceback (most recent call last):\nKeyError: 'version'\n",
                true,
            ),
            ("print(data['project']['version'])", "1.4.2\n", false),
        ],
    );
    assert_eq!(unread_file_nudge(&h, here.path()), None);
    // The missing `toml` package is told the standard library's reader.
    assert!(failure_hint(toml, missing).is_some_and(|h| h.text.contains("import tomllib")),);
}

#[test]
fn a_search_with_words_the_file_lacks_is_told_them_and_the_field() {
    // Thirteenth set, task 26 (1.5B): `re.search(r'status 404', line)` over an access log,
    // 0; shown the lines, it searched for a whole line's text and printed 1.
    let here = tempfile::tempdir().unwrap();
    let log = "10.0.0.1 - - [05/Dec/2026:10:00:00 +0000] \"GET / HTTP/1.1\" 200 512\n10.0.0.2 - - [05/Dec/2026:10:00:01 +0000] \"GET /missing HTTP/1.1\" 404 512\n10.0.0.4 - - [05/Dec/2026:10:00:05 +0000] \"GET /gone HTTP/1.1\" 404 512\n";
    std::fs::write(here.path().join("access.log"), log).unwrap();
    let code = "import re\ncount = 0\nfor line in open('access.log'):\n    if re.search(r'status 404', line):\n        count += 1\nprint(count)";
    let hint = missed_words(code, "0\n", here.path()).unwrap();
    assert!(
        hint.ends_with("then run the code again. `status` is nowhere in `access.log`: leave it out of the search. In them `404` is a field of its own: compare that field, `line.split()[8] == '404'`."),
        "{hint}"
    );
    assert_eq!(own_field(log, "404"), Some(8));
    // Fields at different places, or a word inside a field: no index.
    assert_eq!(own_field("a 404\n404 b\n", "404"), None);
    assert_eq!(own_field("x=404 y\n", "404"), None);
    assert_eq!(words_beside("re.search('404', line)", "404", log), None);
    // Twenty-second set, task 32 (0.5B): the printed sentence's `Number` is no search word.
    let printed = "n = len(re.findall(r'404 GET', text))\nprint(f\"Number of requests with a 404 status: {n}\")";
    assert_eq!(words_beside(printed, "404", log), None);
    assert_eq!(
        words_beside("n = text.count('status 404')\nprint(n)", "404", log),
        Some("status")
    );
}

#[test]
fn a_power_taken_as_a_float_for_its_digits_is_told_the_whole_number() {
    // Twelfth set, task 11 (1.5B): `len(str(math.pow(2, 100)))`, 22.
    let request = "How many digits does 2 to the power of 100 have? Use code.";
    assert_eq!(
        float_power(request, "import math\nprint(len(str(math.pow(2, 100))))"),
        Some(("math.pow(2, 100)".to_string(), "2 ** 100".to_string()))
    );
    assert_eq!(float_power(request, "print(len(str(2 ** 100)))"), None);
    assert_eq!(
        float_power(
            "What is 3 to the power of 13?",
            "import math\nprint(math.pow(3, 13))"
        ),
        None
    );
}

#[test]
fn one_months_days_for_a_years_is_told_to_count_the_year() {
    // Twelfth set, task 20 (0.5B): `calendar.monthrange(2100, 1)[1]`, 31.
    let request = "How many days are in the year 2100? Use code.";
    let code = "import calendar\nprint(calendar.monthrange(2100, 1)[1])";
    assert_eq!(month_for_year(request, code), Some(2100));
    let hint = uncomputed(request, code, "31\n").unwrap();
    assert!(
        hint.text
            .contains("`(datetime.date(2101, 1, 1) - datetime.date(2100, 1, 1)).days`"),
        "{}",
        hint.text
    );
    // The months gone through, or one month asked: nothing.
    assert_eq!(
        month_for_year(
            request,
            "import calendar\nprint(sum(calendar.monthrange(2100, m)[1] for m in range(1, 13)))"
        ),
        None
    );
    assert_eq!(
        month_for_year("How many days are in February 2100?", code),
        None
    );
    // Sent back after the hint: the fresh reply begins with the two first days.
    let h = runs_ending(
        request,
        &[(code, "31\n\n(That is not the answer yet)")],
        true,
    );
    assert_eq!(
        retry_start(&h).map(|(start, _)| start).as_deref(),
        Some(
            "```python\nimport datetime\nfirst_day = datetime.date(2100, 1, 1)\nnext_year_first_day = datetime.date(2101, 1, 1)\n"
        )
    );
}

#[test]
fn the_deleted_files_counted_for_those_left_are_told_to_count_the_folder() {
    // Twelfth set, task 33 (0.5B): the .tmp files deleted, then counted, 0.
    let here = tempfile::tempdir().unwrap();
    std::fs::write(here.path().join("c.txt"), "x").unwrap();
    std::fs::write(here.path().join("d.log"), "x").unwrap();
    let request = "Delete every .tmp file in this folder, then tell me how many files are left.";
    let count = "import os\nprint(len([f for f in os.listdir('.') if f.endswith('.tmp')]))";
    assert_eq!(
        deleted_counted(request, count, here.path()).as_deref(),
        Some(".tmp")
    );
    let h = runs(request, &[(count, "0\n")]);
    let call = h.call("c1").cloned().unwrap();
    let hint = uncomputed_hint(&h, &call, "0\n", here.path()).unwrap();
    assert!(
        hint.text
            .contains("your code counted the `.tmp` files, and my request deleted them"),
        "{}",
        hint.text
    );
    // What is left to do is asked, not the deletion again.
    assert!(
        hint.text
            .ends_with("to my request (tell me how many files are left.) and prints it."),
        "{}",
        hint.text
    );
    // The deleting code, a count of all files, or .tmp files still here: nothing.
    let delete = "import os\nfor f in os.listdir('.'):\n    if f.endswith('.tmp'):\n        os.remove(f)\nprint(len(os.listdir('.')))";
    assert_eq!(deleted_counted(request, delete, here.path()), None);
    assert_eq!(
        deleted_counted(
            request,
            "import os\nprint(len(os.listdir('.')))",
            here.path()
        ),
        None
    );
    std::fs::write(here.path().join("a.tmp"), "x").unwrap();
    assert_eq!(deleted_counted(request, count, here.path()), None);
}

#[test]
fn a_count_of_a_file_never_appended_to_is_asked_to_append_first() {
    // Thirteenth set, task 33 (0.5B, after the read was no longer taken for the append): it
    // printed tasks.txt's lines as they were.
    let request = "Append the line done to tasks.txt, then tell me how many lines tasks.txt has.";
    let read = "lines = open('tasks.txt').read().splitlines()\nprint(len(lines))";
    let hint = uncomputed(request, read, "3\n").unwrap();
    assert!(hint.undone);
    assert!(
        hint.text.contains(
            "my request first appends to `tasks.txt`, and no code of yours has written to it yet. Write code that appends it, `with open('tasks.txt', 'a') as f: f.write('done\\n')`, then"
        ),
        "{}",
        hint.text
    );
    assert_eq!(
        appended_line("Append the text 'all good' to log.txt."),
        Some("all good")
    );
    assert_eq!(appended_line("Append a line to log.txt."), None);
    // Appended by this run or by an earlier one that worked: nothing of this.
    let append = "with open('tasks.txt', 'a') as f:\n    f.write('done\\n')\nprint(len(open('tasks.txt').readlines()))";
    assert!(uncomputed(request, append, "4\n").is_none_or(|h| !h.text.contains("appends")));
    let h = runs(
        request,
        &[
            ("open('tasks.txt', 'a').write('done\\n')", "\n"),
            (read, "4\n"),
        ],
    );
    let call = h.call("c2").cloned().unwrap();
    assert!(
        uncomputed_hint(&h, &call, "4\n", Path::new("/nonexistent-folder"))
            .is_none_or(|h| !h.text.contains("appends"))
    );
}

#[test]
fn a_module_called_by_another_name_than_imported_is_told_its_name() {
    // Thirteenth set, task 25 (1.5B): told of `tomllib`, it imported it and called `toml`.
    let code = "import tomllib; print(toml.load('pyproject.toml')['project']['version'])";
    let failed = "Traceback (most recent call last):\nNameError: name 'toml' is not defined\n";
    assert_eq!(imported_like(code, "toml"), Some("tomllib"));
    assert_eq!(
        failure_hint(code, failed).unwrap().text,
        "`toml` is not defined: your code imported `tomllib`, so call it by that name (`tomllib.` where it wrote `toml.`)."
    );
    // A name that is no module, or an import of another name: nothing of this.
    assert_eq!(imported_like("import os\nprint(total)", "total"), None);
    assert_eq!(
        imported_like("import json\nprint(js.loads('1'))", "js"),
        None
    );
}

#[test]
fn lines_of_the_file_copied_into_the_code_are_no_reading_of_it() {
    // Thirteenth set, task 26 (1.5B): access.log's lines written into a list, with the hint's
    // line numbers, and 1 counted.
    let here = tempfile::tempdir().unwrap();
    let log = "10.0.0.1 - - [05/Dec/2026:10:00:00 +0000] \"GET / HTTP/1.1\" 200 512\n10.0.0.2 - - [05/Dec/2026:10:00:01 +0000] \"GET /missing HTTP/1.1\" 404 512\n";
    std::fs::write(here.path().join("access.log"), log).unwrap();
    let request = "How many requests in access.log returned status 404?";
    let code = "access_log = [\n    \"10.0.0.1 - - [05/Dec/2026:10:00:00 +0000] \\\"GET / HTTP/1.1\\\" 200 512\",\n    \"2: 10.0.0.2 - - [05/Dec/2026:10:00:01 +0000] \\\"GET /missing HTTP/1.1\\\" 404 512\",\n]\nprint(sum(l.split()[8] == '404' for l in access_log))";
    assert_eq!(copied_lines(request, code, here.path()), Some("access.log"));
    let h = runs(request, &[(code, "1\n")]);
    let call = h.call("c1").cloned().unwrap();
    let hint = uncomputed_hint(&h, &call, "1\n", here.path()).unwrap();
    assert!(
        hint.text
            .contains("your code wrote lines of `access.log` into itself"),
        "{}",
        hint.text
    );
    // Code that reads the file, or short strings: nothing.
    let reads = "lines = open('access.log').read().splitlines()\nprint(sum(l.split()[8] == '404' for l in lines))";
    assert_eq!(copied_lines(request, reads, here.path()), None);
    assert_eq!(copied_lines(request, "print('404')", here.path()), None);
}

#[test]
fn another_days_number_compared_for_a_weekday_is_told_the_right_one() {
    // Fourteenth set, task 18 (0.5B): Tuesdays counted with `weekday() == 2`.
    let request = "How many Tuesdays are there in 2027? Use code.";
    let code = "tuesdays = [d for d in dates if d.weekday() == 2]\nprint(len(tuesdays))";
    assert_eq!(
        weekday_mismatched(request, code),
        Some(("Tuesday", 1, "weekday", 2))
    );
    let hint = uncomputed(request, code, "52\n").unwrap();
    assert!(
        hint.text.contains("your code compared `.weekday()` with 2, which is Wednesday: `.weekday()` gives Tuesday as 1."),
        "{}",
        hint.text
    );
    assert_eq!(
        weekday_mismatched(request, "print(sum(d.isoweekday() == 3 for d in dates))"),
        Some(("Tuesday", 2, "isoweekday", 3))
    );
    // The right number, or no day counted: nothing.
    assert_eq!(
        weekday_mismatched(request, "print(sum(d.weekday() == 1 for d in dates))"),
        None
    );
    assert_eq!(
        weekday_mismatched(request, "print(sum(d.isoweekday() == 2 for d in dates))"),
        None
    );
    assert_eq!(
        weekday_mismatched(
            "What day of the week is 2026-12-25?",
            "print(d.weekday() == 4)"
        ),
        None
    );
}

#[test]
fn the_clock_read_for_a_given_year_begins_the_fresh_reply_with_it() {
    // Fourteenth set, task 20 (0.5B): February's year from `datetime.now()`, told three
    // times, until its time ran out.
    let request = "How many days are there in February 2028? Use code.";
    let code = "from datetime import datetime\nyear = datetime.now().year\nprint(29 if year % 4 == 0 else 28)";
    let told = "28\n\n(That is not the answer yet: my request is about 2028, and your code took the date from the clock.)";
    let h = runs_ending(request, &[(code, told)], true);
    assert_eq!(
        retry_start(&h).map(|(start, _)| start).as_deref(),
        Some("```python\nimport calendar\nimport datetime\nyear = 2028\nmonth = 2\n")
    );
    let yearly = runs_ending(
        "How many days are in the year 2100? Use code.",
        &[("import datetime\nprint(datetime.date.today().year)", told)],
        true,
    );
    assert_eq!(
        retry_start(&yearly).map(|(start, _)| start).as_deref(),
        Some("```python\nimport calendar\nimport datetime\nyear = 2100\n")
    );
    // Code that writes the year begins nothing of this.
    let written = "import calendar\nprint(calendar.monthrange(2028, 2)[1])";
    assert_eq!(
        retry_start(&runs_ending(request, &[(written, "29\n")], true)),
        None
    );
}

#[test]
fn a_yaml_key_looked_for_under_another_key_is_told_its_place() {
    // Fourteenth set, task 24 (0.5B): `settings['app']['port']`, KeyError, then an answer
    // that the file should get a port, with the file in a ```yaml block.
    let here = tempfile::tempdir().unwrap();
    std::fs::write(
        here.path().join("settings.yaml"),
        "app:\n  name: shop\n  debug: true\nserver:\n  port: 9090\n  host: 0.0.0.0\n",
    )
    .unwrap();
    let code = "import yaml\nwith open('settings.yaml') as f:\n    settings = yaml.safe_load(f)\nprint(settings['app']['port'])";
    let failed = "Traceback (most recent call last):\nKeyError: 'port'\n";
    assert_eq!(
        run_hint("python", code, failed, true, here.path())
            .unwrap()
            .text,
        "In `settings.yaml`, `port` is under `server` (line 5): reach it as `settings['server']['port']`."
    );
    // A key at the top looked for under another is told it is at the top (seventeenth set,
    // task 24, 1.5B).
    let nested = "import yaml\nsettings = yaml.safe_load(open('settings.yaml'))\nprint(settings['app']['server'])";
    assert_eq!(
        yaml_key_path(nested, "server", here.path()).as_deref(),
        Some(
            "In `settings.yaml`, `server` is a key of the top level (line 4), under no other: reach it as `settings['server']`."
        )
    );
    // A key in several places is told each of them (thirty-second set, task 18, 1.5B: told
    // only of the `lint` job's steps, it counted them for the `build` job's).
    std::fs::write(
        here.path().join("ci.yml"),
        "name: ci\njobs:\n  lint:\n    runs-on: ubuntu-latest\n    steps:\n      - run: make lint\n  build:\n    runs-on: ubuntu-latest\n    steps:\n      - run: make\n      - run: make test\n",
    )
    .unwrap();
    let jobs = "import yaml\nwith open('ci.yml') as f:\n    config = yaml.safe_load(f)\nprint(len(config['steps']))";
    assert_eq!(
        run_hint("python", jobs, "KeyError: 'steps'\n", true, here.path())
            .unwrap()
            .text,
        "In `ci.yml`, `steps` is in 2 places: under `lint` (line 5), `config['jobs']['lint']['steps']`; under `build` (line 9), `config['jobs']['build']['steps']`. Reach the one my request is about."
    );
    // A key at the top indexed from the top, or none such: nothing of this.
    assert_eq!(yaml_key_path(code, "app", here.path()), None);
    assert_eq!(yaml_key_path(code, "timeout", here.path()), None);
    // The answer in words after it, with the file as it would have it, is asked for code.
    let h = runs_ending(
        "What port does settings.yaml set for the server?",
        &[(code, failed)],
        true,
    );
    let answer = "The file has no `port` key. Add one:\n```yaml\napp:\n  port: 8080\n```\nThen it prints:\n```\nport 8080\n```";
    assert!(failed_run_answer_nudge(&h, answer).is_some());
}

#[test]
fn a_file_read_whole_with_open_and_looped_goes_by_characters() {
    // Fourteenth set, task 27 (0.5B): `for word in text` over `open('words.txt').read()`
    // counted the letters b, 4.
    let code = "text = open('words.txt').read()\ncount = 0\nfor word in text:\n    if word.startswith('b'):\n        count += 1\nprint(count)";
    assert_eq!(read_as_one_string(code), Some(true));
    let hint = run_hint(
        "python",
        code,
        "4\n",
        false,
        Path::new("/nonexistent-folder"),
    )
    .unwrap();
    assert!(hint.undone);
    assert!(hint.text.starts_with(ONE_STRING), "{}", hint.text);
    // Split at once or later: its items are words or lines.
    assert_eq!(
        read_as_one_string("words = open('words.txt').read().split()\nprint(len(words))"),
        None
    );
    assert_eq!(
        read_as_one_string("text = open('words.txt').read()\nfor w in text.split():\n    print(w)"),
        None
    );
}

#[test]
fn code_that_printed_nothing_has_its_last_value_printed_whatever_its_name() {
    // Fourteenth set, task 29 (0.5B): the count in a `result` dict, nothing printed, and
    // "The code printed nothing." said back three times.
    let request = "How many .csv files are in the data folder?";
    let code = "import os\nfiles = os.listdir('data')\ncsv_files_count = sum(1 for f in files if f.endswith('.csv'))\nresult = {\"name\": \"count_csv_files\", \"arguments\": {\"csv_files_count\": csv_files_count}}";
    let silent = format!("\n({SILENT_RUN})");
    let h = runs(request, &[(code, silent.as_str())]);
    assert_eq!(
        print_unprinted(&h, "").map(|(p, _)| p).as_deref(),
        Some("print(result)")
    );
    // Code that printed something: only a value named after the request.
    let h = runs(request, &[(code, "done\n")]);
    assert_eq!(print_unprinted(&h, ""), None);
}

#[test]
fn the_characters_of_a_text_read_whole_are_no_answer_where_none_are_asked() {
    // Fourteenth set, task 22 (1.5B): `len(computer.files.read('inventory.csv'))`, 32,
    // answered as the total count.
    let code =
        "inventory = computer.files.read('inventory.csv')\ncount = len(inventory)\nprint(count)";
    let output = format!("32\n\n({ONE_STRING})");
    let hint = uncomputed("What is the total count in inventory.csv?", code, &output).unwrap();
    assert!(hint.undone);
    assert!(
        hint.text
            .contains("counted the characters of the text read whole"),
        "{}",
        hint.text
    );
    // Asked about characters: the length stands.
    assert!(uncomputed("How many characters long is inventory.csv?", code, &output).is_none());
}

#[test]
fn a_yaml_key_that_heads_others_is_no_key_left_unlooked() {
    // Fourteenth set, task 24 (1.5B): its right 9090 was sent back for never looking for
    // `server`, the key above `port`.
    let here = tempfile::tempdir().unwrap();
    std::fs::write(
        here.path().join("settings.yaml"),
        "app:\n  name: shop\nserver:\n  port: 9090\n",
    )
    .unwrap();
    let request = "What port does settings.yaml set for the server?";
    let code = "for line in open('settings.yaml'):\n    if 'port' in line:\n        print(line.split(': ')[1])";
    assert_eq!(key_unlooked(request, code, here.path()), None);
    let indexed = "text = open('settings.yaml').read()\nprint(text.splitlines()[3].split(': ')[1])";
    assert_eq!(key_unlooked(request, indexed, here.path()), None);
    assert_eq!(
        request_keys(request, "server:\n  port: 9090\n"),
        vec![("port".to_string(), 1)]
    );
}

#[test]
fn a_count_of_none_said_in_words_uses_a_printed_zero() {
    // Fourteenth set, task 29 (1.5B): "There are no .csv files in the data folder." after
    // its code printed 0 was told twice that it did not use it.
    assert!(answer_uses(
        "There are no .csv files in the data folder.",
        "0\n"
    ));
    assert!(answer_uses("None of the lines match.", "0"));
    assert!(!answer_uses(
        "There are no .csv files in the data folder.",
        "2\n"
    ));
    assert!(!answer_uses("There are 3 files.", "0\n"));
}

#[test]
fn a_path_elsewhere_to_a_name_of_the_working_folder_is_told_the_one_here() {
    // Fourteenth set, task 29 (1.5B): `os.listdir("/tmp/oi-bench-task/data")`, a folder one
    // level up, 0 .csv files.
    let top = tempfile::tempdir().unwrap();
    let work = top.path().join("work");
    std::fs::create_dir_all(work.join("data")).unwrap();
    std::fs::create_dir_all(top.path().join("data")).unwrap();
    let up = top.path().join("data").display().to_string();
    let code =
        format!("import os\nprint(len([f for f in os.listdir('{up}') if f.endswith('.csv')]))");
    let (path, name, here) = path_elsewhere(&code, &work).unwrap();
    assert_eq!((path.as_str(), name.as_str()), (up.as_str(), "data"));
    assert_eq!(here, work.join("data").display().to_string());
    // The path here, a relative name, or a path to something not here: nothing.
    let right = format!(
        "import os\nprint(os.listdir('{}'))",
        work.join("data").display()
    );
    assert_eq!(path_elsewhere(&right, &work), None);
    assert_eq!(
        path_elsewhere("import os\nprint(os.listdir('data'))", &work),
        None
    );
    assert_eq!(
        path_elsewhere("print(open('/etc/hostname').read())", &work),
        None
    );
    // Sent back after the hint, it runs with the name here (sixteenth set, task 32).
    let request = "How many .csv files are in the data folder?";
    let h = runs(request, &[(&code, "0\n")]);
    let hint = uncomputed_hint(&h, &h.call("c1").cloned().unwrap(), "0\n", &work).unwrap();
    let mut shown = "0\n".to_string();
    hint.append_to(&mut shown);
    let told = runs_ending(request, &[(&code, &shown)], true);
    let (mended, says) = mended_elsewhere(&told, Some(&run(&code)), &work).unwrap();
    assert_eq!(mended, code.replace(&up, "data"));
    assert!(says.contains("running it with `data`"), "{says}");
    assert_eq!(mended_elsewhere(&told, Some(&run("print(1)")), &work), None);
}

#[test]
fn the_file_the_request_makes_read_before_it_is_made_is_told_to_be_written() {
    // Fourteenth set, task 31 (1.5B): nums.txt read first, told not to make up names.
    let request = "Write the numbers 1 to 10 into nums.txt, one per line, then tell me the sum of the numbers in nums.txt.";
    let code = "with open('nums.txt') as f: print(sum(map(int, f)))";
    let output = "Traceback (most recent call last):\nFileNotFoundError: [Errno 2] No such file or directory: 'nums.txt'\n\n(`nums.txt` does not exist. The working directory (/w) holds: nothing. Use what is there; do not make up file names.)";
    let h = runs_ending(request, &[(code, output)], true);
    let call = h.call("c1").cloned().unwrap();
    let told = unmade_file_read(&h, &call, output).unwrap();
    assert!(told.contains("FileNotFoundError"), "{told}");
    assert!(!told.contains("do not make up file names"), "{told}");
    assert!(told.ends_with("(`nums.txt` is not there yet: my request asks you to make it first. Write it, `with open('nums.txt', 'w') as f: f.write(...)`, then read it back and do the rest of my request (Write the numbers 1 to 10 into nums.txt, one per line, then tell me the sum of the numbers in nums.txt.).)"), "{told}");
    // A request that makes no file, or another file missing: the run's own hint stands.
    let h = runs_ending(
        "What is the sum of the numbers in nums.txt?",
        &[(code, output)],
        true,
    );
    assert_eq!(
        unmade_file_read(&h, &h.call("c1").cloned().unwrap(), output),
        None
    );
}

#[test]
fn an_answer_that_says_what_was_printed_gets_no_other_value_printed() {
    // Fourteenth set, task 20 (0.5B): 29 printed and answered, then `day = 1` printed by the
    // engine and the answer pushed to 1.
    let request = "How many days are there in February 2028? Use code.";
    let code = "import calendar\nyear = 2028\nmonth = 2\nday = 1\nprint(calendar.monthrange(year, month)[1])";
    let h = runs(request, &[(code, "29\n")]);
    assert_eq!(print_unprinted(&h, "February 2028 has 29 days."), None);
    // Nor is a literal the code only set (`day = 1`) printed after another answer: it holds
    // nothing computed (the answer's 30 against the printed 29 is another check's).
    assert_eq!(print_unprinted(&h, "It has 30 days."), None);
    let computed = code.replace("day = 1", "day = calendar.monthrange(year, month)[0]");
    let h = runs(request, &[(&computed, "29\n")]);
    assert!(print_unprinted(&h, "It has 30 days.").is_some());
    // One value of several said: the value named after the request is still printed
    // (twelfth set, task 23: the total said for the average).
    let request = "What is the average price of the books in books.json?";
    let code = "import json\ndata = json.load(open('books.json'))\ntotal_price = sum(b['price'] for b in data)\naverage_price = total_price / len(data)\nresult = {'total_price': total_price, 'num_books': len(data)}\nprint(json.dumps(result))";
    let h = runs(
        request,
        &[(code, "{\"total_price\": 30.0, \"num_books\": 3}\n")],
    );
    assert_eq!(
        print_unprinted(&h, "The average price is 30.0.")
            .map(|(p, _)| p)
            .as_deref(),
        Some("print(average_price)")
    );
}

#[test]
fn a_print_of_what_earlier_code_computed_is_judged_with_that_code() {
    // Fourteenth set, task 29 (0.5B): the engine printed `result`, and its one line was told
    // it never looked for `.csv`.
    let request = "How many .csv files are in the data folder?";
    let count = "import os\nfiles = os.listdir('data')\nresult = {'count': sum(f.endswith('.csv') for f in files)}";
    let silent = format!("\n({SILENT_RUN})");
    let h = runs(
        request,
        &[
            (count, silent.as_str()),
            ("print(result)", "{'count': 2}\n"),
        ],
    );
    let call = h.call("c2").cloned().unwrap();
    let hint = uncomputed_hint(
        &h,
        &call,
        "{'count': 2}\n",
        Path::new("/nonexistent-folder"),
    );
    assert!(
        hint.as_ref()
            .is_none_or(|h| !h.text.contains("did not look for `.csv`")),
        "{hint:?}"
    );
    // Code that computes for itself is judged alone.
    let all = "import os\nprint(len(os.listdir('data')))";
    let h = runs(request, &[(count, silent.as_str()), (all, "3\n")]);
    let call = h.call("c2").cloned().unwrap();
    assert!(
        uncomputed_hint(&h, &call, "3\n", Path::new("/nonexistent-folder"))
            .is_some_and(|h| h.text.contains("did not look for `.csv`"))
    );
}

#[test]
fn a_count_of_digits_with_a_fraction_is_told_to_count_the_text() {
    // Twelfth set, task 11 (0.5B): `math.log10(2 ** 100)`, 30.10299956639812, said as the
    // digits.
    let request = "How many digits does 2 to the power of 100 have? Use code.";
    let printed = "The number 1267650600228229401496703205376 to the power of 30.10299956639812 has 30.10299956639812 digits.\n";
    assert_eq!(
        digits_as_fraction(request, printed),
        Some("30.10299956639812")
    );
    let hint = uncomputed(request, "import math\nprint(math.log10(2 ** 100))", printed).unwrap();
    assert!(
        hint.text.contains("a count of digits is a whole number"),
        "{}",
        hint.text
    );
    // A whole count, or another request: nothing.
    assert_eq!(digits_as_fraction(request, "31\n"), None);
    assert_eq!(digits_as_fraction(request, "31.0\n"), None);
    assert_eq!(digits_as_fraction("What is log10 of 2?", "0.301\n"), None);
}

#[test]
fn a_syntax_error_that_quotes_a_missing_module_message_needs_no_module() {
    let request = "What is the name of the youngest person in people.csv?";
    let one_line = "import pandas as pd; try: y = 1; except ModuleNotFoundError: print('ModuleNotFoundError: No module named 'pandas')";
    let quoted = format!(
        "  File \"<cell 2>\", line 1\n    {one_line}\n        ^\nSyntaxError: unterminated string literal (detected at line 1)\n"
    );
    assert_eq!(missing_module(&quoted), None);
    let h = runs_marked(request, &[(one_line, quoted.as_str(), true)]);
    assert_eq!(install_missing(&h, &run(one_line)), None);
    // The exception's own line still names it.
    let missing = "Traceback (most recent call last):\n  File \"<cell 1>\", line 1, in <module>\n    import pandas as pd\nModuleNotFoundError: No module named 'pandas'\n";
    assert_eq!(missing_module(missing), Some("pandas"));
    let h = runs_marked(request, &[("import pandas as pd", missing, true)]);
    assert!(install_missing(&h, &run("import pandas as pd")).is_some());
    // So for a NameError.
    assert_eq!(
        missing_name(
            "    print('NameError: name 'x' is not defined')\nSyntaxError: invalid syntax\n"
        ),
        None
    );
    assert_eq!(
        missing_name(
            "Traceback (most recent call last):\nNameError: name 'orders' is not defined\n"
        ),
        Some("orders")
    );
}

#[test]
fn failed_code_runs_again_once_a_later_piece_gives_the_name_it_lacked() {
    let request = "How many orders in orders.json have a total above 50?";
    let count = "result = 0\nfor order in orders:\n    if order['total'] > 50:\n        result += 1\nprint(result)";
    let load = "orders = json.load(open('orders.json'))";
    let no_orders = "Traceback (most recent call last):\nNameError: name 'orders' is not defined\n";
    let no_json = "Traceback (most recent call last):\nNameError: name 'json' is not defined\n";
    let silent = format!("\n({SILENT_RUN})");
    let h = runs_marked(
        request,
        &[
            (count, no_orders, true),
            (load, no_json, true),
            ("import json", silent.as_str(), false),
        ],
    );
    // An answer, or the piece sent again: the failed code runs, and the code it needed first.
    for next in [None, Some(run("import json"))] {
        let (code, says) = rerun_after_fragment(&h, next.as_ref()).unwrap();
        assert_eq!(code, format!("{load}\n{count}"));
        assert!(says.contains("gave `json`"), "{says}");
    }
    // Other code the model asks for runs as it is.
    assert_eq!(rerun_after_fragment(&h, Some(&run("print(2)"))), None);
    // Not when the last run printed, failed, or gave another name; nor once the code ran again.
    for last in [
        ("import json\nprint(1)", "1\n", false),
        ("import csv", silent.as_str(), false),
        ("import jsn", "ModuleNotFoundError", true),
    ] {
        let h = runs_marked(request, &[(load, no_json, true), last]);
        assert_eq!(rerun_after_fragment(&h, None), None, "{last:?}");
    }
    let ran = runs_marked(
        request,
        &[
            (load, no_json, true),
            ("import json", silent.as_str(), false),
            (load, silent.as_str(), false),
        ],
    );
    assert_eq!(rerun_after_fragment(&ran, None), None);
    // Code that writes a file is not run twice.
    let append = "with open('log.txt', 'a') as f:\n    f.write(json.dumps({}))";
    let writes = runs_marked(
        request,
        &[
            (append, no_json, true),
            ("import json", silent.as_str(), false),
        ],
    );
    assert_eq!(rerun_after_fragment(&writes, None), None);
    assert_eq!(
        defined_names(
            "import pandas as pd, os.path\nfrom math import sqrt as root, pi\nx, y = 1, 2\ndef f(a):\n    z = 3\nif a == b: pass\nwith open('o.json') as f:\n    orders = json.load(f)"
        ),
        vec!["pd", "os", "root", "pi", "x", "y", "f", "orders"]
    );
}

#[test]
fn a_literal_the_code_only_set_is_not_printed_as_its_result() {
    let request = "What is the product of the numbers from 1 to 7? Use code.";
    let silent = format!("\n({SILENT_RUN})");
    let set_only = runs(request, &[("product = 1", silent.as_str())]);
    assert_eq!(print_unprinted(&set_only, "The product is 504."), None);
    // Computed after it was set, it is printed.
    let computed = "import math\nproduct = 1\nproduct = math.prod(range(1, 8))";
    let h = runs(request, &[(computed, silent.as_str())]);
    assert_eq!(
        print_unprinted(&h, "The product is 504.").map(|(c, _)| c),
        Some("print(product)".into())
    );
    assert!(literal_only("product = 1\nname = 'x'", "product"));
    assert!(literal_only("names = []", "names"));
    assert!(!literal_only("product = 1\nproduct *= 7", "product"));
    assert!(!literal_only(
        "product = 1\nfor product in range(3): pass",
        "product"
    ));
    assert!(!literal_only(
        "product = 1\nproduct, other = 2, 3",
        "product"
    ));
    assert!(!literal_only("product = math.prod(range(1, 8))", "product"));
    assert!(!literal_only("x = 1", "product"));
}

#[test]
fn a_count_kept_by_a_limit_the_code_never_compares_with_is_told_the_limit() {
    let request = "How many lines of todo.txt are longer than 10 characters?";
    let code = "lines = 0\nwith open('todo.txt', 'r') as file:\n    for line in file:\n        lines += len(line)\nprint(lines)";
    assert_eq!(
        unused_limit(request, code),
        Some((
            "longer than 10".into(),
            "len(line.rstrip('\\n')) > 10".into()
        ))
    );
    let hint = uncomputed(request, code, "60\n").unwrap();
    assert!(hint.undone);
    assert!(
        hint.text.contains("keeps only what is longer than 10"),
        "{}",
        hint.text
    );
    // Compared with it, or with the number beside it, it stands.
    assert_eq!(
        unused_limit(
            request,
            "print(sum(len(l.rstrip()) > 10 for l in open('todo.txt')))"
        ),
        None
    );
    assert_eq!(
        unused_limit(
            request,
            "print(sum(len(l) >= 11 for l in open('todo.txt')))"
        ),
        None
    );
    assert_eq!(
        unused_limit(
            "How many orders have a total of at least 50?",
            "print(len(orders))"
        )
        .map(|(_, t)| t),
        Some("value >= 50".into())
    );
    assert_eq!(
        unused_limit("How many files are smaller than 100 bytes?", "print(3)").map(|(_, t)| t),
        Some("value < 100".into())
    );
    // No limit in the request, nothing to tell; a comment is no comparison.
    assert_eq!(
        unused_limit("How many lines does todo.txt have?", "print(4)"),
        None
    );
    assert!(unused_limit(request, "# longer than 10\nprint(5)").is_some());
}

#[test]
fn words_written_on_one_line_where_one_per_line_is_asked_are_not_done() {
    let here = tempfile::tempdir().unwrap();
    let request = "Write the words red, green and blue into colors.txt, one per line, then tell me how many lines colors.txt has.";
    let write = "with open('colors.txt', 'w') as f: f.write('red green blue')";
    let silent = format!("\n({SILENT_RUN})");
    let h = runs(request, &[(write, silent.as_str())]);
    let call = h.call("c1").cloned().unwrap();
    std::fs::write(here.path().join("colors.txt"), "red green blue").unwrap();
    let said = unsplit_file_output(&h, &call, here.path()).unwrap();
    assert!(
        said.contains("`colors.txt` holds `red green blue` on one line, and my request asks for one per line. Write each on its own line, `f.write('red\\ngreen\\nblue\\n')`"),
        "{said}"
    );
    // Not taken for the first part done.
    assert_eq!(made_file_rest(request, write, here.path()), None);
    assert_eq!(made_file_output(&h, &call, &silent, here.path()), None);
    // One per line, it is done.
    std::fs::write(here.path().join("colors.txt"), "red\ngreen\nblue\n").unwrap();
    assert_eq!(unsplit_file_output(&h, &call, here.path()), None);
    let said = made_file_output(&h, &call, &silent, here.path()).unwrap();
    assert!(said.contains("It made `colors.txt`"), "{said}");
    // A request that asks for no lines takes one line as it is.
    std::fs::write(here.path().join("colors.txt"), "red green blue").unwrap();
    assert_eq!(
        unsplit_lines(
            "Write red green blue into colors.txt.",
            "colors.txt",
            here.path()
        ),
        None
    );
}

#[test]
fn a_search_for_a_word_the_file_writes_shorter_is_told_its_short_form() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(
        dir.path().join("app.log"),
        "2026-12-01 [INFO] start\n2026-12-01 [WARN] disk at 80%\n2026-12-02 [WARN] slow reply\n",
    )
    .unwrap();
    let request = "How many lines in app.log are warnings?";
    let code = "import re\nwith open('app.log', 'r') as file:\n    content = file.read()\n    warnings = re.findall(r'Warning: disk at \\d+%', content)\n    print(f\"Number of warnings: {len(warnings)}\")";
    let printed = "Number of warnings: 0\n";
    let hint = uncomputed_in(request, code, printed, dir.path()).unwrap();
    assert!(
        hint.text.contains("`app.log` writes it shorter, `WARN`, as in `2026-12-01 [WARN] disk at 80%`: search for `WARN`."),
        "{}",
        hint.text
    );
    assert_eq!(written_shorter("Error", code, dir.path()), None);
    // Two letters are no short form.
    std::fs::write(dir.path().join("app.log"), "wa 1\n").unwrap();
    assert_eq!(written_shorter("Warning", code, dir.path()), None);
}

#[test]
fn one_column_given_a_row_axis_is_told_and_mended() {
    let request = "How many rows of people.csv have no email?";
    let code = "import pandas as pd\ndf = pd.read_csv('people.csv')\nno_email_count = df[df['email'].isnull().any(axis=1)].shape[0]\nprint(no_email_count)";
    let output =
        "Traceback (most recent call last):\nValueError: No axis named 1 for object type Series\n";
    let hint = failed_python(code, output).unwrap();
    assert!(
        hint.text.contains("Write `no_email_count = df[df['email'].isnull()].shape[0]`, not `no_email_count = df[df['email'].isnull().any(axis=1)].shape[0]`."),
        "{}",
        hint.text
    );
    let mut shown = output.to_string();
    hint.append_to(&mut shown);
    let h = runs_ending(request, &[(code, &shown)], true);
    let (mended, says) = mended_series_axis(&h, Some(&run(code))).unwrap();
    assert_eq!(mended, code.replace(".any(axis=1)", ""));
    assert!(says.contains("without it"), "{says}");
    assert_eq!(
        without_row_axis("print(df['a'].sum(axis=1))").as_deref(),
        Some("print(df['a'].sum())")
    );
    assert_eq!(without_row_axis("print(df['a'].sum())"), None);
    // Another failure is not this one.
    let other = runs_ending(request, &[(code, "KeyError: 'email'\n")], true);
    assert_eq!(mended_series_axis(&other, Some(&run(code))), None);
}

#[test]
fn a_count_of_subfolders_too_from_one_folder_listed_is_told_to_walk() {
    let request = "How many files are in the docs folder, counting its subfolders?";
    let code = "import os\n\ndef count_files_in_docs():\n    docs_path = \"/tmp/w/docs\"\n    return len([f for f in os.listdir(docs_path) if os.path.isfile(os.path.join(docs_path, f))])\n\nprint(count_files_in_docs())";
    assert_eq!(
        shallow_listing(request, code),
        Some(("os.listdir(docs_path)".into(), "os.walk(docs_path)".into()))
    );
    let hint = uncomputed(request, code, "2\n").unwrap();
    assert!(hint.undone);
    assert!(
        hint.text
            .contains("`os.listdir(docs_path)` looks in one folder only"),
        "{}",
        hint.text
    );
    assert_eq!(
        shallow_listing(request, "import glob\nprint(len(glob.glob('docs/*')))").map(|(_, w)| w),
        Some("os.walk(\"docs\")".into())
    );
    // A walk, a recursive glob, or a request about one folder: nothing to tell.
    assert_eq!(
        shallow_listing(
            request,
            "import os\nprint(sum(len(f) for _, _, f in os.walk('docs')))"
        ),
        None
    );
    assert_eq!(
        shallow_listing(
            request,
            "import glob\nprint(len(glob.glob('docs/**/*', recursive=True)))"
        ),
        None
    );
    assert_eq!(
        shallow_listing("How many files are in the docs folder?", code),
        None
    );
    // Twenty-second set, task 33 (0.5B): the top folders alone, for nested ones too.
    let nested = "How many subfolders are there under this folder, nested ones included?";
    let top = "import os\nprint(sum(1 for e in os.listdir('.') if os.path.isdir(e)))";
    assert_eq!(
        shallow_listing(nested, top),
        Some(("os.listdir('.')".into(), "os.walk('.')".into()))
    );
    assert_eq!(
        shallow_listing("How many subfolders are there under this folder?", top),
        None
    );
}

#[test]
fn a_count_printed_with_a_fraction_from_a_sum_is_no_count() {
    let request = "How many orders in orders.json have a total above 50?";
    let code = "import json\nwith open('orders.json') as f:\n    orders = json.load(f)\nprint(sum(o['total'] for o in orders if o['total'] > 50))";
    assert_eq!(
        fraction_for_count(request, code, "246.25\n"),
        Some("246.25")
    );
    let hint = uncomputed(request, code, "246.25\n").unwrap();
    assert!(
        hint.text.contains("printed 246.25, which is no count"),
        "{}",
        hint.text
    );
    // A whole number, a request without a file, or no sum: nothing to tell.
    assert_eq!(fraction_for_count(request, code, "3\n"), None);
    assert_eq!(
        fraction_for_count(
            "How many hours does hours.csv log in all?",
            "print(sum(hours))",
            "12.5\n"
        ),
        None
    );
    assert_eq!(
        fraction_for_count(
            "How many hours are 150 minutes? Use code.",
            "print(sum([150]) / 60)",
            "2.5\n"
        ),
        None
    );
    assert_eq!(
        fraction_for_count(request, "print(len(orders) / 2)", "2.5\n"),
        None
    );
}

#[test]
fn rows_with_a_value_kept_for_rows_with_none_are_told_to_keep_the_empty_ones() {
    let request = "How many rows of people.csv have no email?";
    let code = "import csv\nwith open('people.csv') as file:\n    reader = csv.reader(file)\n    header = next(reader)\n    filtered_rows = [row for row in reader if row[1] != '']\nprint(f\"Number of rows with no email: {len(filtered_rows)}\")";
    assert_eq!(
        kept_filled(request, code),
        Some(("row[1] != ''".into(), "row[1] == ''".into()))
    );
    let printed = "Number of rows with no email: 2\n";
    let hint = uncomputed(request, code, printed).unwrap();
    assert!(hint.undone);
    assert!(
        hint.text
            .contains("keep those where it is empty, `row[1] == ''`"),
        "{}",
        hint.text
    );
    assert_eq!(
        kept_filled(
            "Which rows have an empty name?",
            "rows = [r for r in rows if r['name'].strip() != \"\"]"
        )
        .map(|(_, w)| w),
        Some("r['name'].strip() == \"\"".into())
    );
    // A request about filled values, a test for empty, or the filled ones taken from all: fine.
    assert_eq!(
        kept_filled("How many rows of people.csv have an email?", code),
        None
    );
    // The empty ones left out, as the code did (twenty-seventh set, task 17, 1.5B).
    for leaving_out in [
        "What is the average of the score column in results.csv, ignoring empty cells?",
        "Sum the amount column of a.csv, skipping blank rows.",
        "How many rows of people.csv are there, excluding those with no email?",
        "Count the lines of notes.txt, not counting empty ones.",
    ] {
        assert_eq!(kept_filled(leaving_out, code), None, "{leaving_out}");
    }
    assert_eq!(
        kept_filled(request, "print(sum(1 for r in rows if r[1] == ''))"),
        None
    );
    assert_eq!(
        kept_filled(
            request,
            "print(len(rows) - len([r for r in rows if r[1] != '']))"
        ),
        None
    );
}

#[test]
fn code_that_printed_nothing_sent_back_earlier_does_not_stop_the_answer_asked_afresh() {
    let request = "What is the product of the numbers from 1 to 7? Use code.";
    let silent = format!("\n({SILENT_RUN})");
    let code = "product = 1\nfor i in range(1, 8):\n    product *= i\nprint(product)";
    let mut h = runs(
        request,
        &[("product = 1", silent.as_str()), (code, "5040\n")],
    );
    for item in after_answer(format!(
        "{RAN_AGAIN} {SILENT_AGAIN}; running it again prints nothing again. Write code that does the rest of my request ({request}) and prints the answer."
    )) {
        h.push(item);
    }
    let quote = repeated_run_nudge(&h, &run(code), Path::new("/nonexistent-folder")).unwrap();
    assert!(quote.contains(REPEATED), "{quote}");
    for item in after_answer(quote) {
        h.push(item);
    }
    let answer = fresh_answer(&h).unwrap();
    assert_eq!(answer.start.as_deref(), Some("The answer is 5040."));
    // Told that code which worked changes nothing run again, it is not asked afresh.
    let told = repeated_run_nudge(&h, &run(code), Path::new("/nonexistent-folder")).unwrap();
    assert!(
        told.contains(RAN_AGAIN) && !told.contains(SILENT_AGAIN),
        "{told}"
    );
    for item in after_answer(told) {
        h.push(item);
    }
    assert!(fresh_answer(&h).is_none());
}

#[test]
fn a_traceback_said_back_after_code_that_worked_is_no_answer() {
    let request = "How many rows of people.csv have no email?";
    let failed = "Traceback (most recent call last):\n  File \"<cell 2>\", line 7, in <module>\n    no_email_count = df[df['email'].isnull().any(axis=1)].shape[0]\nValueError: No axis named 1 for object type Series\n";
    let printed = "{'name': 'no_email_count', 'arguments': {'type': 'integer', 'value': 3}}\n";
    let h = runs_marked(
        request,
        &[
            (
                "no_email_count = df[df['email'].isnull().any(axis=1)].shape[0]",
                failed,
                true,
            ),
            (
                "no_email_count = df[df['email'].isnull()].shape[0]\nprint({'name': 'no_email_count', 'arguments': {'type': 'integer', 'value': no_email_count}})",
                printed,
                false,
            ),
        ],
    );
    let said = "The above exception was the direct cause of the following exception:\n\nTraceback (most recent call last):\n  File \"<cell 2>\", line 7, in <module>\n    no_email_count = df[df['email'].isnull().any(axis=1)].shape[0]\nValueError: No axis named 1 for object type Series";
    let nudge = unused_output_nudge(&h, said).unwrap();
    assert!(
        nudge.contains("the error of earlier code said back"),
        "{nudge}"
    );
    assert!(nudge.contains("'value': 3"), "{nudge}");
    // An answer that uses the value stands, and so does an error line the run printed.
    assert_eq!(unused_output_nudge(&h, "3 rows have no email."), None);
    let log = runs(
        "What is the last line of app.log?",
        &[(
            "print(open('app.log').read().splitlines()[-1])",
            "KeyError: 'user'\n",
        )],
    );
    assert_eq!(unused_output_nudge(&log, "KeyError: 'user'"), None);
}

#[test]
fn a_word_compared_in_another_column_of_a_csv_is_told_its_column() {
    let here = tempfile::tempdir().unwrap();
    std::fs::write(
        here.path().join("expenses.csv"),
        "date,category,amount\n2026-11-01,food,12.50\n2026-11-02,rent,800\n2026-11-03,food,7.25\n",
    )
    .unwrap();
    let code = "import csv\nwith open('expenses.csv') as file:\n    reader = csv.reader(file)\n    next(reader)\n    total_amount = 0\n    for row in reader:\n        if row[2] == 'food':\n            total_amount += float(row[3])\n    print(total_amount)";
    assert_eq!(
        compared_column(code, "food", here.path(), "expenses.csv"),
        Some(WrongColumn {
            row: "row".into(),
            compared: 2,
            compared_is: "the `amount` column".into(),
            held: 1,
            held_name: "category".into(),
            quote: '\'',
        })
    );
    let hint = run_hint("python", code, "0\n", false, here.path()).unwrap();
    assert!(
        hint.text.contains("Your code compares `row[2]`, the `amount` column; `food` is in column 1, `category`. Compare `row[1] == 'food'`"),
        "{}",
        hint.text
    );
    // The right column, or past the last one.
    assert_eq!(
        compared_column(
            &code.replace("row[2]", "row[1]"),
            "food",
            here.path(),
            "expenses.csv"
        ),
        None
    );
    assert_eq!(
        compared_column(
            &code.replace("row[2]", "row[5]"),
            "food",
            here.path(),
            "expenses.csv"
        )
        .map(|c| c.compared_is),
        Some("past the last column".into())
    );
}

#[test]
fn a_search_copied_from_one_line_with_words_the_request_lacks_is_told_to_search_its_words() {
    let here = tempfile::tempdir().unwrap();
    std::fs::write(
        here.path().join("server.log"),
        "10.0.0.1 GET /index 200\n10.0.0.2 POST /login 200\n10.0.0.3 GET /about 200\n",
    )
    .unwrap();
    let request = "How many lines in server.log are GET requests with status 200?";
    let code = "import re\nwith open('server.log', 'r') as file:\n    lines = file.readlines()\ncount = 0\nfor line in lines:\n    if re.search(r'GET /index 200', line):\n        count += 1\nprint(count)";
    assert_eq!(
        narrowed_search(request, code, here.path()),
        Some(("GET /index 200", "server.log", "index", vec!["GET", "200"]))
    );
    let hint = uncomputed_in(request, code, "1\n", here.path()).unwrap();
    assert!(
        hint.text.contains("`index` in it is not in my request: it finds that line alone. Search for what my request asks, `GET` and `200`, each on its own: `'GET' in line and '200' in line`."),
        "{}",
        hint.text
    );
    // Written as a regex, the same (the 1.5B model's, told of the first).
    let pattern = code.replace("GET /index 200", "GET\\s+\\/index\\s+200");
    assert_eq!(
        narrowed_search(request, &pattern, here.path()).map(|(_, _, unasked, _)| unasked),
        Some("index")
    );
    // The request's words alone, or a string several lines hold, or no count asked: fine.
    let own = code.replace("GET /index 200", "GET");
    assert_eq!(narrowed_search(request, &own, here.path()), None);
    let shared = code.replace("GET /index 200", "GET /");
    assert_eq!(narrowed_search(request, &shared, here.path()), None);
    assert_eq!(
        narrowed_search(
            "Which line of server.log is a GET with status 200?",
            code,
            here.path()
        ),
        None
    );
}

#[test]
fn counts_printed_for_how_many_different_are_told_to_count_the_entries() {
    let request = "How many unique words are in text.txt, ignoring case?";
    let code = "import re\nfrom collections import Counter\nwith open('text.txt') as file:\n    text = file.read()\nwords = re.findall(r'\\b\\w+\\b', text.lower())\nunique_words = Counter(words)\nprint(unique_words)";
    let printed = "Counter({'the': 3, 'cat': 2, 'saw': 2, 'dog': 2, 'a': 1})\n";
    assert_eq!(
        counts_for_distinct(request, code, printed),
        Some((5, "unique_words"))
    );
    let hint = uncomputed(request, code, printed).unwrap();
    assert!(hint.undone);
    assert!(
        hint.text.contains("`print(len(unique_words))`"),
        "{}",
        hint.text
    );
    // A count printed, a request for how many times, or one entry: fine.
    assert_eq!(
        counts_for_distinct(request, "print(len(set(words)))", "5\n"),
        None
    );
    assert_eq!(
        counts_for_distinct(
            "How many times does 'the' appear in text.txt?",
            code,
            printed
        ),
        None
    );
    assert_eq!(counts_for_distinct(request, code, "{'the': 3}\n"), None);
}

#[test]
fn empty_files_counted_without_their_sizes_are_told_how_empty_is_tested() {
    let request = "How many empty files are in this folder?";
    let code = "import os\ndef count_empty_files(folder):\n    empty_files = 0\n    for root, dirs, files in os.walk(folder):\n        for file in files:\n            if not os.path.isfile(os.path.join(root, file)):\n                empty_files += 1\n    return empty_files\nempty_files = count_empty_files('.')\nprint(f\"The number of empty files in the folder is: {empty_files}\")";
    assert!(sizes_unlooked(request, code));
    let printed = "The number of empty files in the folder is: 0\n";
    let hint = uncomputed(request, code, printed).unwrap();
    assert!(
        hint.text.contains("`os.path.getsize(path) == 0`"),
        "{}",
        hint.text
    );
    assert!(!sizes_unlooked(
        request,
        &code.replace("not os.path.isfile", "0 == os.path.getsize")
    ));
    assert!(!sizes_unlooked("How many files are in this folder?", code));
    // Files of a kind that are empty, through subfolders (thirtieth set, task 31).
    assert!(sizes_unlooked(
        "How many .py files in this folder and its subfolders are empty?",
        &code.replace("isfile", "exists")
    ));
    // A count that never moved is told so, not that the code wrote its number.
    assert_eq!(
        counter_unmoved(code, "0"),
        Some(("empty_files", "empty_files += 1"))
    );
    assert_eq!(counter_unmoved("total = 0\nprint(total)", "0"), None);
}

#[test]
fn whole_lines_of_digits_for_lines_that_start_with_a_number_are_told_the_first_character() {
    let request = "How many lines of notes.txt start with a number?";
    let code = "notes = computer.files.read('notes.txt')\nlines = notes.split('\\n')\nkept = [line for line in lines if line.strip().isdigit()]\nprint(len(kept))";
    assert!(digit_start_missed(request, code).is_some());
    let hint = uncomputed(request, code, "0\n").unwrap();
    assert!(hint.text.contains("`.isdigit()` of a whole line is true only when the line is all digits, and my request asks for the lines that start with a number, any number: test the first character, `line[:1].isdigit()`."), "{}", hint.text);
    // One digit tested is told so (sixteenth set, task 28, after the hint).
    let zero = code.replace("line.strip().isdigit()", "line.startswith('0')");
    assert_eq!(
        digit_start_missed(request, &zero).as_deref(),
        Some("`startswith('0')` keeps only the lines that start with 0")
    );
    assert_eq!(
        digit_start_missed(
            request,
            &code.replace("line.strip().isdigit()", "line[:1].isdigit()")
        ),
        None
    );
    assert_eq!(
        digit_start_missed("How many lines of notes.txt are numbers?", code),
        None
    );
}

#[test]
fn days_of_a_year_printed_as_neither_365_nor_366_are_told_how_to_count_them() {
    let request = "How many days are there in the year 2100? Use code.";
    assert_eq!(year_days_missed(request, "1\n"), Some(2100));
    let code = "import datetime\nprint(datetime.date(2100, 1, 1).timetuple().tm_yday)";
    let hint = uncomputed(request, code, "1\n").unwrap();
    assert!(
        hint.text
            .contains("`(datetime.date(2101, 1, 1) - datetime.date(2100, 1, 1)).days`"),
        "{}",
        hint.text
    );
    assert_eq!(year_days_missed(request, "365\n"), None);
    assert_eq!(
        year_days_missed("How many days are in February 2028?", "29\n"),
        None
    );
}

#[test]
fn a_number_the_request_adds_that_the_code_never_used_is_told() {
    let request = "What is 15 percent of 80, plus 8? Use code.";
    let code = "def calculate():\n    percentage = (15 / 100) * 80\n    return percentage\nprint(calculate())";
    assert_eq!(
        unused_operand(request, code),
        Some(("plus 8".into(), "8".into()))
    );
    let hint = uncomputed(request, code, "12.0\n").unwrap();
    assert!(
        hint.text
            .contains("my request says `plus 8`, and your code never used 8"),
        "{}",
        hint.text
    );
    assert_eq!(unused_operand(request, "print(0.15 * 80 + 8)"), None);
    assert_eq!(
        unused_operand("What is 4321 minus 1234? Use code.", "print(4321 - 1234)"),
        None
    );
    assert_eq!(
        unused_operand("What is 2 to the power of 20?", "print(7)"),
        None
    );
    // A percent added is used as its rate or its factor (twenty-sixth set, task 2, 1.5B).
    let vat = "What is 9.99 plus 20 percent VAT, rounded to cents? Use code.";
    for code in [
        "amount = 9.99\nvat_rate = 0.20\nprint(round(amount + amount * vat_rate, 2))",
        "print(round(9.99 * 1.2, 2))",
        "print(round(9.99 * (1 + 20 / 100), 2))",
    ] {
        assert_eq!(unused_operand(vat, code), None, "{code}");
        assert_eq!(uncomputed(vat, code, "11.99\n"), None, "{code}");
    }
    assert_eq!(
        unused_operand("What is 9.99 plus 20% VAT? Use code.", "print(9.99 * 1.2)"),
        None
    );
    // Not a percent: 0.2 is not 20.
    assert_eq!(
        unused_operand("What is 9.99 plus 20? Use code.", "print(9.99 + 0.2)"),
        Some(("plus 20".into(), "20".into()))
    );
}

#[test]
fn the_largest_value_printed_for_who_is_mended_to_its_key() {
    let request = "Who has the highest score in scores.json?";
    let code = "import json\nwith open('scores.json') as file:\n    scores = json.load(file)\nhighest_score = max(scores.values())\nprint(f\"The highest score is: {highest_score}\")";
    let printed = "The highest score is: 95\n";
    let hint = uncomputed(request, code, printed).unwrap();
    assert!(
        hint.text
            .contains("`max(scores, key=scores.get)` gives the key"),
        "{}",
        hint.text
    );
    let mut shown = printed.to_string();
    hint.append_to(&mut shown);
    let told = runs_ending(request, &[(code, &shown)], true);
    let (mended, says) = mended_who_max(&told, Some(&run(code))).unwrap();
    assert_eq!(
        mended,
        code.replace("max(scores.values())", "max(scores, key=scores.get)")
    );
    assert!(
        says.contains("running it with `max(scores, key=scores.get)`"),
        "{says}"
    );
    assert_eq!(value_max("print(max(nums))"), None);
}

#[test]
fn a_search_copied_from_one_line_sent_back_runs_testing_the_request_words() {
    let here = tempfile::tempdir().unwrap();
    std::fs::write(
        here.path().join("server.log"),
        "10.0.0.1 GET /index 200\n10.0.0.2 POST /login 200\n10.0.0.3 GET /about 200\n",
    )
    .unwrap();
    let request = "How many lines in server.log are GET requests with status 200?";
    let code = "import re\nwith open('server.log', 'r') as file:\n    lines = file.readlines()\ncount = 0\nfor line in lines:\n    if re.search(r'GET /index 200', line):\n        count += 1\nprint(count)";
    let hint = uncomputed_in(request, code, "1\n", here.path()).unwrap();
    let mut shown = "1\n".to_string();
    hint.append_to(&mut shown);
    let told = runs_ending(request, &[(code, &shown)], true);
    let (mended, says) = mended_narrowed(&told, Some(&run(code)), here.path()).unwrap();
    assert_eq!(
        mended,
        code.replace(
            "re.search(r'GET /index 200', line)",
            "('GET' in line and '200' in line)"
        )
    );
    assert!(
        says.contains("testing `'GET' in line and '200' in line`"),
        "{says}"
    );
    let plain = code.replace(
        "re.search(r'GET /index 200', line)",
        "'GET /index 200' in line",
    );
    let hint = uncomputed_in(request, &plain, "1\n", here.path()).unwrap();
    let mut shown = "1\n".to_string();
    hint.append_to(&mut shown);
    let told = runs_ending(request, &[(&plain, &shown)], true);
    let (mended, _) = mended_narrowed(&told, None, here.path()).unwrap();
    assert!(
        mended.contains("if ('GET' in line and '200' in line):"),
        "{mended}"
    );
}

#[test]
fn a_percentage_never_divided_by_100_is_told_how_it_is_taken() {
    let request = "What is 40 percent of 250, minus 15? Use code.";
    assert_eq!(
        percent_unscaled(request, "40 * 250 - 15"),
        Some(("40", "250"))
    );
    let hint = uncomputed(request, "print(40 * 250 - 15)", "9985\n").unwrap();
    assert!(hint.undone);
    assert!(
        hint.text
            .contains("40 percent of 250 is 250 * 40 / 100, and your code never divided by 100"),
        "{}",
        hint.text
    );
    for fine in [
        "print(250 * 40 / 100 - 15)",
        "print(0.4 * 250 - 15)",
        "print(250 * 0.40 - 15)",
    ] {
        assert_eq!(percent_unscaled(request, fine), None, "{fine}");
    }
    assert_eq!(
        percent_unscaled("What is 250 minus 15?", "print(250 - 15)"),
        None
    );
}

#[test]
fn four_decimal_places_asked_are_decimals_asked() {
    assert_eq!(
        decimals_asked("What is the square root of 3, rounded to 4 decimal places?"),
        Some(4)
    );
    assert_eq!(decimals_asked("Round it to five decimal places."), Some(5));
    assert_eq!(decimals_asked("to the nearest thousandth"), Some(3));
    assert_eq!(decimals_asked("to 2 decimals"), Some(2));
    assert_eq!(decimals_asked("What is 22 divided by 7?"), None);
}

#[test]
fn an_answer_that_says_the_one_word_printed_gets_no_value_printed() {
    // Seventeenth set, task 22 (0.5B): `nuts` printed and said, then `lowest_stock`, 35,
    // printed by the engine and said in its stead.
    let request = "Which item in stock.csv has the lowest stock?";
    let code = "import csv\nlowest_stock = float('inf')\nlowest_item = None\nfor row in csv.reader(open('stock.csv')):\n    if int(row[1]) < lowest_stock:\n        lowest_stock = int(row[1])\n        lowest_item = row[0]\nprint(lowest_item)";
    let h = runs(request, &[(code, "nuts\n")]);
    assert_eq!(
        print_unprinted(&h, "The item with the lowest stock is nuts."),
        None
    );
    // "Which item" asks for an item: `lowest_stock`, what it is chosen by, is not printed in
    // its stead whatever the answer says (thirty-second set, task 16).
    assert_eq!(
        print_unprinted(&h, "The item with the lowest stock is bolts."),
        None
    );
}

#[test]
fn a_yaml_mapping_printed_for_a_key_under_it_is_told_the_index() {
    let here = tempfile::tempdir().unwrap();
    std::fs::write(
        here.path().join("config.yaml"),
        "app:\n  debug: false\ndatabase:\n  name: shopdb\n  port: 5432\n",
    )
    .unwrap();
    let request = "What is the name of the database in config.yaml?";
    let code = "import yaml\nwith open('config.yaml', 'r') as file:\n    config = yaml.safe_load(file)\nprint(config['database'])";
    let printed = "{'name': 'shopdb', 'port': 5432}\n";
    let hint = uncomputed_in(request, code, printed, here.path()).unwrap();
    assert!(
        hint.text.contains("In `config.yaml`, `name` is under `database` (line 4): reach it as `config['database']['name']`."),
        "{}",
        hint.text
    );
}

#[test]
fn the_length_of_a_csv_reader_is_told_to_make_a_list() {
    let code = "import csv\nreader = csv.reader(open('menu.csv'))\nprint(len(reader))";
    let output = "Traceback (most recent call last):\nTypeError: object of type '_csv.reader' has no len()\n";
    let hint = failed_python(code, output).unwrap();
    assert!(hint.text.contains("`rows = list(reader)`"), "{}", hint.text);
}

#[test]
fn lines_measured_for_words_are_told_to_split_them() {
    let request = "How many words in essay.txt have more than 6 letters?";
    let code = "with open('essay.txt') as file:\n    lines = file.readlines()\ncount = 0\nfor line in lines:\n    if len(line) > 6:\n        count += 1\nprint(count)";
    assert!(words_unsplit(request, code));
    let hint = uncomputed(request, code, "1\n").unwrap();
    assert!(hint.text.contains("`line.split()`"), "{}", hint.text);
    assert!(!words_unsplit(
        request,
        &code.replace("len(line) > 6", "len(line.split()) > 6")
    ));
    assert!(!words_unsplit(
        "How many words are in 'a b c'? Use code.",
        "print(3)"
    ));
}

#[test]
fn eighteenth_set_arithmetic_slips_are_told() {
    // A number of a listed product left out, and a group the request puts in parentheses.
    let hint = uncomputed(
        "What is the product of 6, 13 and 17, minus 250? Use code.",
        "6 * 13 - 250",
        "-172\n",
    )
    .unwrap();
    assert!(hint.undone);
    assert!(
        hint.text.contains("the product of 6, 13 and 17") && hint.text.contains("never used 17"),
        "{}",
        hint.text
    );
    assert_eq!(
        uncomputed(
            "What is the product of 6, 13 and 17, minus 250? Use code.",
            "print(6 * 13 * 17 - 250)",
            "1076\n"
        ),
        None
    );
    assert_eq!(
        unused_operand(
            "What is the average of 7, 13, 22 and 30?",
            "from statistics import mean\nprint(mean([7, 13, 22, 30]))"
        ),
        None
    );
    let hint = uncomputed(
        "What is (987 - 123) times 4? Use code.",
        "987 - 123 * 4",
        "495\n",
    )
    .unwrap();
    assert!(
        hint.text.contains("puts `987 - 123` in parentheses")
            && hint.text.contains("`(987 - 123)`"),
        "{}",
        hint.text
    );
    for right in [
        "print((987 - 123) * 4)",
        "d = 987-123\nprint(d * 4)",
        "print(4 * (987 -123))",
    ] {
        assert_eq!(
            ungrouped("What is (987 - 123) times 4? Use code.", right),
            None,
            "{right}"
        );
    }
    // Numbers not written at all are another slip's to tell.
    assert_eq!(
        ungrouped("What is (987 - 123) times 4?", "print(864 * 4)"),
        None
    );
    // A number given a name and never used.
    let code = "import math\ndef lcm(a, b):\n    return abs(a * b) // math.gcd(a, b)\n\na = 8\nb = 14\nc = 20\n\nlcm_value = lcm(a, b)\nprint(lcm_value)";
    let hint = uncomputed(
        "What is the least common multiple of 8, 14 and 20? Use code.",
        code,
        "56\n",
    )
    .unwrap();
    assert!(
        hint.text.contains("sets `c = 20` and never uses `c`"),
        "{}",
        hint.text
    );
    let used = code.replace("lcm(a, b)\n", "lcm(lcm(a, b), c)\n");
    assert_eq!(
        unread_number(
            "What is the least common multiple of 8, 14 and 20? Use code.",
            &used
        ),
        None
    );
    // A name of a number the request does not give is the code's own.
    assert_eq!(
        unread_number("What is 6 times 7?", "limit = 100\nprint(6 * 7)"),
        None
    );
}

#[test]
fn an_answer_that_writes_another_list_than_the_one_printed_is_sent_back() {
    let h = runs(
        "What are the words of 'pear apple fig' in alphabetical order? Use code.",
        &[(
            "words = ['pear', 'apple', 'fig']\nwords.sort()\nprint(words)",
            "['apple', 'fig', 'pear']\n",
        )],
    );
    let nudge = unused_output_nudge(
        &h,
        "The words of 'pear apple fig' in alphabetical order are ['fig', 'pear', 'apple'].",
    )
    .unwrap();
    assert!(
        nudge.contains("Your answer says ['fig', 'pear', 'apple'], but your code printed ['apple', 'fig', 'pear']"),
        "{nudge}"
    );
    assert_eq!(
        unused_output_nudge(&h, "In alphabetical order: [\"apple\", \"fig\", \"pear\"]."),
        None
    );
    assert_eq!(
        unused_output_nudge(&h, "They are apple, fig and pear."),
        None
    );
}

#[test]
fn a_datetime_never_imported_is_told_by_how_the_code_uses_it_and_pip_of_it_is_no_install() {
    assert_eq!(
        import_for("datetime", "d = datetime(2026, 2, 13)").as_deref(),
        Some("from datetime import datetime")
    );
    assert_eq!(
        import_for("datetime", "d = datetime.date(2026, 2, 13)").as_deref(),
        Some("import datetime")
    );
    assert_eq!(
        import_for("date", "d = date(2026, 2, 13)").as_deref(),
        Some("from datetime import date")
    );
    // A variable read before it is set is no import.
    assert_eq!(import_for("date", "print(date)"), None);
    let dir = tempfile::tempdir().unwrap();
    let out = run_hint(
        "python",
        "first = datetime(2026, 1, 1)",
        "Traceback (most recent call last):\nNameError: name 'datetime' is not defined\n",
        true,
        dir.path(),
    )
    .unwrap();
    assert!(
        out.text.contains("add `from datetime import datetime`"),
        "{}",
        out.text
    );
    let hint = uncomputed_shell(
        "How many Fridays fall on the 13th of a month in 2026? Use code.",
        "pip install datetime",
        "Successfully installed datetime-6.0\n",
    )
    .unwrap();
    assert!(hint.undone);
    assert!(
        hint.text.contains("`datetime` comes with Python")
            && hint.text.contains("`from datetime import datetime`"),
        "{}",
        hint.text
    );
    assert!(uncomputed_shell("Plot it.", "pip install -q json", "").is_some());
    assert_eq!(standard_installed("pip install pandas"), None);
}

/// [`uncomputed`] for a shell command: the request, then the call (its result not yet in).
fn uncomputed_shell(request: &str, code: &str, output: &str) -> Option<RunHint> {
    uncomputed_shell_in(request, code, output, Path::new("/nonexistent-folder"))
}

fn uncomputed_shell_in(request: &str, code: &str, output: &str, cwd: &Path) -> Option<RunHint> {
    let mut call = run(code);
    call.action = ToolAction::RunCode {
        language: "shell".into(),
        code: code.into(),
    };
    let mut h = History::default();
    h.push(HistoryItem::User {
        items: vec![InputItem::text(request)],
    });
    h.push(HistoryItem::Assistant {
        text: String::new(),
        reasoning: String::new(),
        calls: vec![call.clone()],
        interrupted: false,
    });
    uncomputed_hint(&h, &call, output, cwd)
}

#[test]
fn eighteenth_set_file_slips_are_told() {
    let here = tempfile::tempdir().unwrap();
    let team = r#"{"members": [{"name": "ivy", "role": "admin"}, {"name": "jon", "role": "dev"}, {"name": "kim", "role": "admin"}]}"#;
    std::fs::write(here.path().join("team.json"), team).unwrap();
    let request = "How many people in team.json have the role admin?";
    let code = "import json\nwith open('team.json') as file:\n    data = json.load(file)\nprint(len(data['members']) - data['members'].count('admin'))";
    let hint = uncomputed_in(request, code, "3\n", here.path()).unwrap();
    assert!(
        hint.text
            .contains("`admin` is a value of the key `role` in `team.json`"),
        "{}",
        hint.text
    );
    let right = "import json\ndata = json.load(open('team.json'))\nprint(sum(1 for m in data['members'] if m['role'] == 'admin'))";
    assert_eq!(json_value_key(request, right, here.path()), None);
    // Different things counted each as often as they come.
    let request = "How many different paths were requested in access.log?";
    let code = "import re\npaths = re.findall(r'GET (\\S+)', open('access.log').read())\nprint(len(paths))";
    assert!(distinct_uncounted(request, code));
    assert!(!distinct_uncounted(
        request,
        &code.replace("len(paths)", "len(set(paths))")
    ));
    assert!(!distinct_uncounted(
        request,
        "print(len({l.split()[1] for l in open('access.log')}))"
    ));
    assert!(!distinct_uncounted("How many paths were requested?", code));
    // Lines tested for their end with their newline.
    let code = "with open('notes.txt') as file:\n    lines = file.readlines()\nprint(sum(1 for line in lines if line.endswith('?')))";
    assert!(newline_kept_for_end(code));
    let hint = uncomputed(
        "How many lines in notes.txt end with a question mark?",
        code,
        "0\n",
    )
    .unwrap();
    assert!(
        hint.text.contains("keeps its `\\n` at the end"),
        "{}",
        hint.text
    );
    assert!(!newline_kept_for_end(
        &code.replace("line.endswith", "line.rstrip().endswith")
    ));
    assert!(!newline_kept_for_end(
        "lines = open('n.txt').read().splitlines()\nprint(sum(l.endswith('?') for l in lines))"
    ));
    // Files compared by their lines, and no line counted.
    let code = "import os\nlogs = [f for f in os.listdir('.') if f.endswith('.log')]\nprint(max(logs, key=os.path.getmtime))";
    assert!(lines_uncounted(
        "Which .log file in this folder has the most lines?",
        code
    ));
    assert!(!lines_uncounted(
        "Which .log file in this folder has the most lines?",
        "import os\nlogs = [f for f in os.listdir('.') if f.endswith('.log')]\nprint(max(logs, key=lambda f: len(open(f).readlines())))"
    ));
    assert!(!lines_uncounted("Which .log file is the largest?", code));
}

#[test]
fn a_file_the_request_makes_is_asked_for_and_empty_files_made_are_no_sizes() {
    let here = tempfile::tempdir().unwrap();
    std::fs::create_dir(here.path().join("build")).unwrap();
    let request = "Create a folder named build with an empty file out.txt in it, then tell me how many files the build folder has.";
    let code = "import os\nos.makedirs('build')\nprint(os.listdir('build'))";
    let hint = uncomputed_in(request, code, "[]\n", here.path()).unwrap();
    assert!(
        hint.text
            .contains("`build/out.txt` is not there: your code did not create it"),
        "{}",
        hint.text
    );
    assert!(!sizes_unlooked(request, code));
    assert!(sizes_unlooked(
        "How many empty files are in this folder?",
        "import os\nprint(len(os.listdir('.')))"
    ));
}

#[test]
fn a_function_of_no_parameters_never_called_is_called() {
    let dir = tempfile::tempdir().unwrap();
    let code = "def shortest_word():\n    with open('words.txt') as file:\n        words = file.read().split()\n    print(min(words, key=len))";
    let out = run_hint("python", code, "", false, dir.path()).unwrap();
    let output = format!("\n({})", out.text);
    let h = runs_ending(
        "What is the shortest word in words.txt?",
        &[(code, &output)],
        true,
    );
    let (mended, says) = mended_call(&h, Some(&run(code))).unwrap();
    assert_eq!(mended, format!("{code}\nshortest_word()"));
    assert!(says.contains("calling it"), "{says}");
    let returns = "def shortest_word():\n    return min(open('words.txt').read().split(), key=len)";
    let output = output.clone();
    let h = runs_ending(
        "What is the shortest word in words.txt?",
        &[(returns, &output)],
        true,
    );
    assert_eq!(
        mended_call(&h, None).unwrap().0,
        format!("{returns}\nprint(shortest_word())")
    );
}

#[test]
fn a_word_counted_as_whole_items_of_a_list_of_lines_is_explained() {
    let here = tempfile::tempdir().unwrap();
    std::fs::write(here.path().join("pets.txt"), "cat and dog\nmy cat sleeps\n").unwrap();
    let code = "with open('pets.txt', 'r') as file:\n    pets = file.readlines()\ndog_count = pets.count('dog')\nprint(dog_count)";
    let out = run_hint("python", code, "0\n", false, here.path()).unwrap();
    assert!(
        out.text
            .contains("`pets.count('dog')` counts the items of `pets` that are exactly `'dog'`")
            && out.text.contains("sum(line.count('dog') for line in pets)"),
        "{}",
        out.text
    );
    assert_eq!(
        lines_list_counted(
            "text = open('pets.txt').read()\nprint(text.count('dog'))",
            "dog"
        ),
        None
    );
}

#[test]
fn letters_shifted_from_a_capital_a_in_lower_case_text_are_told() {
    let code = "def rot13(text):\n    return ''.join([chr((ord(c) - 65 + 13) % 26 + 65) if c.isalpha() else c for c in text])\n\nprint(rot13('world'))";
    let hint = uncomputed(
        "What is the ROT13 of the word 'world'? Use code.",
        code,
        "PHKEW\n",
    )
    .unwrap();
    assert!(
        hint.text.contains("counting from 65")
            && hint.text.contains("codecs.encode(text, 'rot13')"),
        "{}",
        hint.text
    );
    let both = code.replace(
        "chr((ord(c) - 65 + 13) % 26 + 65) if c.isalpha()",
        "chr((ord(c) - 97 + 13) % 26 + 97) if c.islower()",
    );
    assert!(!upper_shift_only(
        "What is the ROT13 of the word 'world'? Use code.",
        &both
    ));
    assert!(!upper_shift_only(
        "What is the ROT13 of the word 'WORLD'? Use code.",
        code
    ));
}

#[test]
fn a_section_asked_of_an_ini_file_whose_name_holds_it_is_still_looked_for() {
    // Eighteenth set, task 24 (1.5B): `server.ini` and the printed words hold `server`.
    let here = tempfile::tempdir().unwrap();
    std::fs::write(
        here.path().join("server.ini"),
        "[client]\nport = 7000\ntimeout = 5\n\n[server]\nhost = 0.0.0.0\nport = 8443\n",
    )
    .unwrap();
    let request = "Which port does the server section of server.ini set?";
    let code = "config = {}\nsection = None\nfor line in open('server.ini'):\n    line = line.strip()\n    if line.startswith('['):\n        section = line[1:-1]\n        config[section] = {}\n    elif '=' in line:\n        k, v = line.split(' = ')\n        config[section][k] = v\nport = config.get('client', {}).get('port')\nprint(f'The server port is: {port}')";
    let hint = uncomputed_in(request, code, "The server port is: 7000\n", here.path()).unwrap();
    assert!(
        hint.text.contains("`[server]` section of `server.ini`"),
        "{}",
        hint.text
    );
    let right = "import configparser\nc = configparser.ConfigParser()\nc.read('server.ini')\nprint(c['server']['port'])";
    assert_eq!(section_unread(request, right, here.path()), None);
    // A section the request does not name, only the file's name.
    assert_eq!(
        section_unread("Which port does server.ini set?", code, here.path()),
        None
    );
}

#[test]
fn a_long_listing_counted_by_its_lines_is_told_of_its_total_line() {
    let hint = uncomputed_shell(
        "Create a folder named build with an empty file out.txt in it, then tell me how many files the build folder has.",
        "mkdir -p build && touch build/out.txt && echo $(ls -l build | wc -l)",
        "2\n",
    )
    .unwrap();
    assert!(hint.undone);
    assert!(
        hint.text.contains("`ls -l` writes a `total` line"),
        "{}",
        hint.text
    );
    assert!(long_listing_counted("ls -la build/ | wc -l"));
    assert!(!long_listing_counted("ls build | wc -l"));
    assert!(!long_listing_counted("ls -l build | tail -n +2 | wc -l"));
    assert!(!long_listing_counted("ls -1 build | wc -l"));
}

#[test]
fn the_request_printed_back_on_a_line_of_its_own_is_no_output() {
    // Eighteenth set, task 24 (0.5B): the request, then the other section's port.
    let here = tempfile::tempdir().unwrap();
    std::fs::write(
        here.path().join("server.ini"),
        "[client]\nport = 7000\ntimeout = 5\n\n[server]\nhost = 0.0.0.0\nport = 8443\n",
    )
    .unwrap();
    let request = "Which port does the server section of server.ini set?";
    let code = "import configparser\n\nconfig = configparser.ConfigParser()\nconfig.read('server.ini')\n\nprint(\"Which port does the server section of server.ini set?\")\nprint(config['client']['port'])";
    let hint = uncomputed_in(request, code, &format!("{request}\n7000\n"), here.path()).unwrap();
    assert!(
        hint.text.contains("`[server]` section of `server.ini`"),
        "{}",
        hint.text
    );
}

#[test]
fn data_of_its_own_where_the_requests_json_file_is_is_told_then_read_from_the_file() {
    let here = tempfile::tempdir().unwrap();
    std::fs::write(
        here.path().join("team.json"),
        r#"{"members": [{"name": "ivy", "role": "admin"}, {"name": "jon", "role": "dev"}, {"name": "kim", "role": "admin"}]}"#,
    )
    .unwrap();
    let request = "How many people in team.json have the role admin?";
    let code = "def count_admins(team):\n    admin_count = 0\n    for member in team['members']:\n        if member['role'] == 'admin':\n            admin_count += 1\n    return admin_count\n\n# Example usage:\nteam_json = {\n    'members': [\n        {'name': 'Alice', 'role': 'admin'},\n        {'name': 'Bob', 'role': 'user'}\n    ]\n}\n\nprint(f\"Number of admins: {count_admins(team_json)}\")";
    let hint = uncomputed_in(request, code, "Number of admins: 1\n", here.path()).unwrap();
    assert!(hint.undone);
    assert!(
        hint.text
            .contains("That is not the answer yet: your code never opened `team.json`"),
        "{}",
        hint.text
    );
    let output = format!("Number of admins: 1\n({})", hint.text);
    let h = runs_ending(request, &[(code, &output)], true);
    let (mended, says) = mended_made_up(&h, Some(&run(code)), here.path()).unwrap();
    assert!(mended.starts_with("import json\n"), "{mended}");
    assert!(
        mended.contains("team_json = json.load(open('team.json'))\n\nprint("),
        "{mended}"
    );
    assert!(!mended.contains("'Alice'"), "{mended}");
    assert!(says.contains("`team_json` read from `team.json`"), "{says}");
    assert!(mended_made_up(&h, None, here.path()).is_some());
    // A literal of another shape (a list where the file is a mapping) is left alone.
    let listed = code.replace("team_json = {\n    'members': [\n        {'name': 'Alice', 'role': 'admin'},\n        {'name': 'Bob', 'role': 'user'}\n    ]\n}", "team_json = [1, 2]");
    let h = runs_ending(request, &[(&listed, &output)], true);
    assert_eq!(mended_made_up(&h, Some(&run(&listed)), here.path()), None);
    // Code that read the file gets no such hint.
    let read = "import json\ndata = json.load(open('team.json'))\nprint(sum(1 for m in data['members'] if m['role'] == 'admin'))";
    assert_eq!(uncomputed_in(request, read, "2\n", here.path()), None);
}

#[test]
fn a_field_of_log_lines_that_holds_another_kind_than_asked_is_told_the_one_that_does() {
    let here = tempfile::tempdir().unwrap();
    std::fs::write(
        here.path().join("access.log"),
        "GET /a 200\nGET /b 404\nPOST /c 500\nGET /a 200\n",
    )
    .unwrap();
    let request = "How many different paths were requested in access.log?";
    let code = "with open('access.log') as file:\n    lines = file.readlines()\n    unique_paths = set()\n    for line in lines:\n        words = line.split()\n        unique_paths.add(words[0])\n    print(len(unique_paths))";
    let hint = uncomputed_in(request, code, "2\n", here.path()).unwrap();
    assert!(
        hint.text.contains("`words[0]` takes field 0 of each line of `access.log` (`GET`, `POST`, …), which holds no paths: the paths are field 1 (`/a`, `/b`, …), `line.split()[1]`."),
        "{}",
        hint.text
    );
    let right = code.replace("words[0]", "words[1]");
    assert_eq!(field_of_other_kind(request, &right, here.path()), None);
    assert!(
        field_of_other_kind(
            request,
            "print(len({l.split()[2] for l in open('access.log')}))",
            here.path()
        )
        .is_some()
    );
    // A request about no such kind.
    assert_eq!(
        field_of_other_kind(
            "How many different methods are in access.log?",
            code,
            here.path()
        ),
        None
    );
}

#[test]
fn a_file_name_tested_for_its_end_is_no_line_read_with_its_newline() {
    // Eighteenth set, task 30 (1.5B): `filename.endswith('.log')` over `os.listdir`.
    let code = "import os\nfor filename in os.listdir('.'):\n    if filename.endswith('.log'):\n        with open(filename) as file:\n            n = len(file.readlines())\n        print(filename, n)";
    assert!(!newline_kept_for_end(code));
    assert!(newline_kept_for_end(
        "with open('n.txt') as f:\n    print(sum(1 for line in f if line.endswith('?')))"
    ));
    assert!(newline_kept_for_end(
        "lines = open('n.txt').readlines()\nn = 0\nfor l in lines:\n    if l.endswith('?'):\n        n += 1\nprint(n)"
    ));
}

#[test]
fn a_number_of_the_request_the_code_never_used_and_a_binary_number_written_as_decimal_are_told() {
    // Nineteenth set, task 3 (0.5B): combinations of three items, 10 never used.
    let code = "def choose_3_items_from_10():\n    import itertools\n    return len(list(itertools.combinations([1, 2, 3], 3)))\n\nprint(choose_3_items_from_10())";
    let hint = uncomputed(
        "In how many ways can 3 items be chosen from 10? Use code.",
        code,
        "1\n",
    )
    .unwrap();
    assert!(hint.undone);
    assert!(
        hint.text
            .contains("my request gives 10, and your code never used it"),
        "{}",
        hint.text
    );
    // Range bounds, percentages as fractions, dates a part at a time, digits in a format, words
    // with digits in them: all used.
    for (request, code) in [
        (
            "What is the sum of the even numbers from 1 to 50? Use code.",
            "print(sum(range(2, 51, 2)))",
        ),
        (
            "What does 1000 grow to at 5 percent interest a year for 3 years?",
            "print(round(1000 * 1.05 ** 3, 2))",
        ),
        (
            "How many days after 2027-09-01 is 2027-12-25? Use code.",
            "from datetime import date\nprint((date(2027, 12, 25) - date(2027, 9, 1)).days)",
        ),
        (
            "What is the number 7 written as a 3-digit string padded with zeros?",
            "print(f'{7:03d}')",
        ),
        (
            "What are the first 6 characters of the md5 hex digest of the text oi?",
            "import hashlib\nprint(hashlib.md5(b'oi').hexdigest()[:6])",
        ),
        (
            "In how many ways can 3 items be chosen from 10? Use code.",
            "import math\nprint(math.comb(10, 3))",
        ),
    ] {
        assert_eq!(request_number_unused(request, code), None, "{request}");
    }
    // A request about a file is another check's.
    assert_eq!(
        request_number_unused("How many rows of data.csv are over 30?", "print(3)"),
        None
    );
    // A binary number written as a decimal literal.
    let hint = uncomputed(
        "What is the binary number 11011 times 3, in decimal? Use code.",
        "11011 * 3",
        "33033\n",
    )
    .unwrap();
    assert!(hint.text.contains("write it as `0b11011`"), "{}", hint.text);
    for right in [
        "print(0b11011 * 3)",
        "print(int('11011', 2) * 3)",
        "n = int(\"11011\", 2)\nprint(n * 3)",
    ] {
        assert_eq!(
            base_literal_as_decimal(
                "What is the binary number 11011 times 3, in decimal?",
                right
            ),
            None,
            "{right}"
        );
    }
    assert_eq!(
        base_literal_as_decimal("What is 11011 times 3?", "print(11011 * 3)"),
        None
    );
}

#[test]
fn a_number_read_in_the_base_it_should_be_written_in_is_told() {
    // Twenty-second set, task 6 (0.5B): `int("511", 8)`, 329.
    let request = "What is the octal representation of 511? Use code.";
    let code = "# Convert octal to decimal\noctal_number = \"511\"\ndecimal_number = int(octal_number, 8)\nprint(decimal_number)";
    let hint = uncomputed(request, code, "329\n").unwrap();
    assert!(hint.undone);
    assert!(
        hint.text
            .contains("`int(octal_number, 8)` reads the digits 511 as a number written in octal")
            && hint.text.contains("print `format(511, 'o')`"),
        "{}",
        hint.text
    );
    for (request, code, how) in [
        (
            "What is 45 in binary? Use code.",
            "print(int('45', 2))",
            "format(45, 'b')",
        ),
        (
            "Write 3054 in hexadecimal.",
            "print(int(str(3054), 16))",
            "format(3054, 'x')",
        ),
        (
            "What is 1000 written in base 7?",
            "n = 1000\nprint(int(n, base=7))",
            "numpy.base_repr(1000, 7)",
        ),
    ] {
        assert_eq!(base_read_backwards(request, code).unwrap().3, how, "{code}");
    }
    // Reading a number given in that base is the right way; writing it too.
    for (request, code) in [
        (
            "What is the binary number 11011 in decimal?",
            "print(int('11011', 2))",
        ),
        (
            "What is the octal number 777 in base 10?",
            "print(int('777', 8))",
        ),
        (
            "Convert the hexadecimal ff to decimal.",
            "print(int('ff', 16))",
        ),
        (request, "print(oct(511))"),
        (request, "print(format(511, 'o'))"),
        // Another number than the request's, or another base.
        (request, "print(int('17', 8))"),
        (request, "print(int('511', 10))"),
    ] {
        assert_eq!(base_read_backwards(request, code), None, "{request} {code}");
    }
}

#[test]
fn none_printed_from_a_function_is_no_answer() {
    // Twenty-second set, task 8 (0.5B): a search that stopped at 1000, None answered.
    let request = "What is the smallest number above 1000 that 17 divides exactly? Use code.";
    let code = "def find_smallest_divisor(n):\n    for i in range(n + 1, 1001):\n        if n % i == 0:\n            return i\n    return None\n\nresult = find_smallest_divisor(17)\nprint(result)";
    let hint = uncomputed(request, code, "None\n").unwrap();
    assert!(hint.undone);
    assert!(
        hint.text
            .contains("`None` is what a function gives when it returns no value")
            && hint
                .text
                .contains("Your loop goes through `range(n + 1, 1001)`"),
        "{}",
        hint.text
    );
    // No loop: said without one; a value, or None from no function: not this check's.
    let bare = "def f():\n    x = 3\nprint(f())";
    assert_eq!(none_returned(bare, "None\n"), Some(None));
    assert_eq!(none_returned(code, "1003\n"), None);
    assert_eq!(none_returned("print(None)", "None\n"), None);
}

#[test]
fn a_temperature_converted_without_its_32_is_told() {
    // Twenty-second set, task 10 (0.5B): `88 * 5 / 9`.
    let request = "What is 88 degrees Fahrenheit in Celsius, rounded to 1 decimal? Use code.";
    let hint = uncomputed(request, "print(88 * 5 / 9)", "48.888888888888886\n").unwrap();
    assert!(hint.undone);
    assert!(
        hint.text.contains(
            "never takes 32 off or adds it: Celsius = (Fahrenheit - 32) * 5 / 9, here `(88 - 32) * 5 / 9`."
        ),
        "{}",
        hint.text
    );
    assert!(
        temperature_offset_missed(
            "What is 30 Celsius in Fahrenheit?",
            "print(30 * 9 / 5)",
            "54\n"
        )
        .unwrap()
        .contains("Fahrenheit = Celsius * 9 / 5 + 32, here `30 * 9 / 5 + 32`")
    );
    // Told, the model took 32 off after multiplying: `88 * 5 / 9 - 32`, 16.9.
    let after =
        temperature_offset_missed(request, "print(round(88 * 5 / 9 - 32, 1))", "16.9\n").unwrap();
    assert!(
        after.contains("your code printed 16.9, which that formula does not give"),
        "{after}"
    );
    for right in ["31.1", "31.11111111111111", "31"] {
        assert_eq!(
            temperature_offset_missed(request, "print(round((88 - 32) * 5 / 9, 1))", right),
            None,
            "{right}"
        );
    }
    assert_eq!(
        temperature_offset_missed(
            "What is 30 Celsius in Kelvin?",
            "print(30 + 273.15)",
            "303.15"
        ),
        None
    );
}

#[test]
fn whole_addresses_taken_for_domains_are_told() {
    // Twenty-second set, task 21 (0.5B): whole addresses in the set, 5 for 3 domains.
    let here = tempfile::tempdir().unwrap();
    std::fs::write(
        here.path().join("contacts.csv"),
        "name,email\nana,ana@mail.org\nbo,bo@work.com\ncy,cy@mail.org\n",
    )
    .unwrap();
    let request = "How many unique email domains are in contacts.csv?";
    let code = "import re\nunique = set()\nfor line in open('contacts.csv'):\n    m = re.search(r'[\\w.]+@[\\w.]+', line)\n    if m:\n        unique.add(m.group())\nprint(len(unique))";
    let hint = uncomputed_in(request, code, "3\n", here.path()).unwrap();
    assert!(hint.undone);
    assert!(
        hint.text
            .contains("a domain is the part of an address after its `@`"),
        "{}",
        hint.text
    );
    for right in [
        "print(len({l.split(',')[1].split('@')[1] for l in open('contacts.csv').read().splitlines()[1:]}))",
        "import re\nprint(len(set(re.findall(r'@([\\w.]+)', open('contacts.csv').read()))))",
        "print(len({e.partition('@')[2] for e in emails}))",
    ] {
        assert!(
            !addresses_for_domains(request, right, here.path()),
            "{right}"
        );
    }
    assert!(!addresses_for_domains(
        "Which domain does the url in links.txt point to?",
        code,
        here.path()
    ));
    // Sites with no address are domains already.
    std::fs::write(here.path().join("sites.txt"), "a.org\nb.com\na.org\n").unwrap();
    assert!(!addresses_for_domains(
        "How many distinct domains are in sites.txt?",
        "print(len(set(open('sites.txt').read().split())))",
        here.path()
    ));
}

#[test]
fn a_file_printed_as_it_is_for_something_worked_out_from_it_is_told() {
    // Twenty-second set, task 24 (0.5B): poem.txt printed, the shortest line's word answered.
    let here = tempfile::tempdir().unwrap();
    let poem = "the sea is calm\nwhispering pines along the quiet ridge\nstars\n";
    std::fs::write(here.path().join("poem.txt"), poem).unwrap();
    let request = "What is the first word of the longest line in poem.txt?";
    let code = "with open('poem.txt', 'r') as file: print(file.read())";
    let hint = uncomputed_in(request, code, &format!("{poem}\n"), here.path()).unwrap();
    assert!(hint.undone);
    assert!(
        hint.text.contains("your code printed `poem.txt` as it is"),
        "{}",
        hint.text
    );
    // Asked to show it, or a part of it printed: not this check's.
    assert_eq!(
        file_printed_whole("Show me poem.txt.", poem, here.path()),
        None
    );
    assert_eq!(
        file_printed_whole("Which lines of poem.txt have an e?", poem, here.path()),
        None
    );
    assert_eq!(
        file_printed_whole(
            request,
            "whispering pines along the quiet ridge\n",
            here.path()
        ),
        None
    );
}

#[test]
fn a_list_given_to_a_regular_expression_is_told_then_joined() {
    // Twenty-second set, task 25 (0.5B): `re.findall(r'(\d+)', lines)` of `readlines()`.
    let here = tempfile::tempdir().unwrap();
    std::fs::write(
        here.path().join("expenses.txt"),
        "paid 12 for lunch\nthen 30 for books\nand 8 for the bus\n",
    )
    .unwrap();
    let request = "What is the sum of all the numbers that appear in expenses.txt?";
    let code = "import re\n\nwith open('expenses.txt', 'r') as file:\n    lines = file.readlines()\n\nnumbers = [int(num) for num in re.findall(r'(\\d+)', lines)]\nprint(sum(numbers))";
    let failed = "Traceback (most recent call last):\n  File \"<cell 2>\", line 6, in <module>\n    numbers = [int(num) for num in re.findall(r'(\\d+)', lines)]\nTypeError: expected string or bytes-like object, got 'list'\n";
    let hint = run_hint("python", code, failed, true, here.path()).unwrap();
    assert!(
        hint.text
            .contains("`re.findall` searches one string, and `lines` is a list"),
        "{}",
        hint.text
    );
    let out = format!("{failed}\n({})", hint.text);
    let h = runs_ending(request, &[(code, &out)], true);
    let (mended, says) = mended_list_searched(&h, Some(&run(code))).unwrap();
    assert!(
        mended.contains(r"re.findall(r'(\d+)', '\n'.join(lines))"),
        "{mended}"
    );
    assert!(
        says.contains("gives `re.findall` the list `lines`"),
        "{says}"
    );
    let ran = std::process::Command::new("python3")
        .args(["-c", &mended])
        .current_dir(here.path())
        .output()
        .unwrap();
    assert_eq!(String::from_utf8_lossy(&ran.stdout).trim(), "50", "{ran:?}");
    // Another failure, or a string searched: none.
    assert_eq!(
        list_searched(code, "TypeError: 'int' object is not iterable"),
        None
    );
    assert_eq!(
        list_searched(
            "print(re.findall(r'x', text))",
            "expected string or bytes-like object, got 'list'"
        ),
        Some(("findall".to_string(), "text".to_string()))
    );
}

#[test]
fn a_file_read_and_never_used_is_told() {
    // Twenty-second set, task 31 (0.5B): inventory.json loaded, made-up counts multiplied.
    let here = tempfile::tempdir().unwrap();
    std::fs::write(
        here.path().join("inventory.json"),
        r#"{"bolts": 140, "nuts": 95, "washers": 210, "screws": 60}"#,
    )
    .unwrap();
    let request = "How many items are in stock altogether according to inventory.json?";
    let code = "import json\n\nwith open('inventory.json') as file:\n    inventory = json.load(file)\n\ndef total_items(bolts, nuts, screws, washers):\n    return bolts * nuts * screws * washers\n\nresult = total_items(bolts=10, nuts=5, screws=3, washers=2)\nprint(result)";
    let hint = uncomputed_in(request, code, "300\n", here.path()).unwrap();
    assert!(hint.undone);
    assert!(
        hint.text.contains(
            "your code read `inventory.json` into `inventory` and never used `inventory` after"
        ),
        "{}",
        hint.text
    );
    for used in [
        "import json\ninventory = json.load(open('inventory.json'))\nprint(sum(inventory.values()))",
        "import json\nwith open('inventory.json') as f:\n    data = json.load(f)\ndef total(d):\n    return sum(d.values())\nprint(total(data))",
        "text = open('inventory.json').read()\nprint(text.count(':'))",
        "import json\ndef total():\n    return sum(stock.values())\nstock = json.load(open('inventory.json'))\nprint(total())",
    ] {
        assert_eq!(read_unused(request, used), None, "{used}");
    }
    // A file the request does not name: not this check's.
    assert_eq!(read_unused("What is 2 + 2?", code), None);
}

#[test]
fn a_newline_counted_where_the_request_leaves_it_out_is_told() {
    // Twenty-second set, task 28 (0.5B): `len(file.read())`, 15 for `keep it simple`.
    let request = "How many characters does motto.txt have, not counting the newline?";
    let code = "with open('motto.txt', 'r') as file:\n    print(len(file.read()))";
    let hint = uncomputed(request, code, "15\n").unwrap();
    assert!(hint.undone);
    assert!(
        hint.text
            .contains("`.read()` keeps the newline at the end of the file")
            && hint.text.contains("`len(text.rstrip('\\n'))`"),
        "{}",
        hint.text
    );
    assert!(!newline_counted(
        request,
        "print(len(open('motto.txt').read().strip()))"
    ));
    assert!(!newline_counted(
        "How many characters does motto.txt have?",
        code
    ));
}

#[test]
fn numbers_of_a_file_compared_as_text_are_told() {
    // Twenty-second set, task 23 (1.5B): the lines sorted as text, 8 for the second largest.
    let here = tempfile::tempdir().unwrap();
    std::fs::write(
        here.path().join("values.txt"),
        "42\n17\n99\n63\n99\n8\n75\n",
    )
    .unwrap();
    let request = "What is the second largest distinct number in values.txt?";
    let code = "values = computer.files.read('values.txt').splitlines()\nunique_values = list(set(values))\nprint(sorted(unique_values, reverse=True)[1])";
    let hint = uncomputed_in(request, code, "8\n", here.path()).unwrap();
    assert!(hint.undone);
    assert!(
        hint.text
            .contains("your code compared the numbers of `values.txt` as text"),
        "{}",
        hint.text
    );
    for converted in [
        "values = [int(v) for v in open('values.txt').read().split()]\nprint(sorted(set(values))[-2])",
        "values = open('values.txt').read().split()\nprint(sorted(set(values), key=int)[-2])",
    ] {
        assert_eq!(
            numbers_compared_as_text(request, converted, here.path()),
            None,
            "{converted}"
        );
    }
    // Numbers all of one length compare alike as text.
    std::fs::write(here.path().join("values.txt"), "42\n17\n99\n").unwrap();
    assert_eq!(numbers_compared_as_text(request, code, here.path()), None);
}

#[test]
fn the_lines_of_the_file_read_counted_for_the_file_written_are_told() {
    // Twenty-second set, task 26 (1.5B): open.txt written, todo.txt's 5 lines printed.
    let here = tempfile::tempdir().unwrap();
    std::fs::write(
        here.path().join("todo.txt"),
        "- call mom\n+ bought bread\n- fix the bike\n- pay rent\n+ sent mail\n",
    )
    .unwrap();
    std::fs::write(
        here.path().join("open.txt"),
        "- call mom\n- fix the bike\n- pay rent\n",
    )
    .unwrap();
    let request = "Write the lines of todo.txt that start with '-' into open.txt. How many lines does open.txt have?";
    let code = "with open('todo.txt') as f:\n    lines = f.readlines()\nopen('open.txt', 'w').write(''.join(l for l in lines if l.startswith('-')))\nprint(len(lines))";
    let hint = uncomputed_in(request, code, "5\n", here.path()).unwrap();
    assert!(hint.undone);
    assert!(
        hint.text.contains(
            "5 is how many lines `todo.txt` has, and my request asks how many `open.txt` has"
        ),
        "{}",
        hint.text
    );
    assert_eq!(other_file_counted(request, "3\n", here.path()), None);
    assert_eq!(other_file_counted(request, "4\n", here.path()), None);
}

#[test]
fn a_sum_whose_signs_alternate_taken_as_a_plain_sum_is_told() {
    // Twenty-second set, task 20 (both models): `sum(range(1, 100))`, 4950.
    let request = "What is 1 - 2 + 3 - 4 + ... + 99? Use code.";
    let hint = uncomputed(request, "print(sum(range(1, 100)))", "4950\n").unwrap();
    assert!(hint.undone);
    assert!(
        hint.text.contains("my request adds and takes away in turn"),
        "{}",
        hint.text
    );
    assert!(!alternation_missed(
        request,
        "print(sum(n if n % 2 else -n for n in range(1, 100)))"
    ));
    assert!(!alternation_missed(
        "What is 1 + 2 + 3 + ... + 99?",
        "print(sum(range(1, 100)))"
    ));
    assert!(alternation_missed(
        "What is 10 + 9 - 8 + 7?",
        "print(10 + 9 + 8 + 7)"
    ));
}

#[test]
fn a_table_filter_that_keeps_no_row_is_told_the_columns_values() {
    // Twenty-second set, task 30 (0.5B): rain.csv's months filtered for `Rain`.
    let here = tempfile::tempdir().unwrap();
    std::fs::write(
        here.path().join("rain.csv"),
        "month,mm\njan,48\nfeb,35\nmar,62\napr,57\nmay,41\njun,30\n",
    )
    .unwrap();
    let code = "import pandas as pd\ndf = pd.read_csv('rain.csv')\nrain_df = df[df['month'] == 'Rain']\nprint(rain_df['month'].iloc[len(rain_df) - 1])";
    let failed = "Traceback (most recent call last):\nIndexError: single positional indexer is out-of-bounds\n";
    let hint = run_hint("python", code, failed, true, here.path()).unwrap();
    assert!(
        hint.text.starts_with("`df[df['month'] == 'Rain']` keeps no row: no row of `rain.csv` has `Rain` in `month`, whose values are `jan`, `feb`, `mar`, `apr`, `may`…"),
        "{}",
        hint.text
    );
    // pandas not there yet: its install is what is told first.
    let missing =
        "Traceback (most recent call last):\nModuleNotFoundError: No module named 'pandas'\n";
    let hint = run_hint("python", code, missing, true, here.path()).unwrap();
    assert!(!hint.text.contains("keeps no row"), "{}", hint.text);
    let held = code.replace("'Rain'", "'mar'");
    assert_eq!(empty_table_filter(&held, here.path()), None);
    assert_eq!(
        empty_table_filter("x = a[b['month'] == 'Rain']", here.path()),
        None
    );
}

#[test]
fn a_date_format_that_does_not_fit_is_told_one_that_does() {
    // Twenty-second set, task 27 (1.5B): the years of people.json parsed as whole dates.
    let failed = "Traceback (most recent call last):\n  File \"<cell 2>\", line 9, in <listcomp>\nValueError: time data '1988' does not match format '%Y-%m-%d'\n";
    let hint = run_hint(
        "python",
        "x",
        failed,
        true,
        Path::new("/nonexistent-folder"),
    )
    .unwrap();
    assert!(
        hint.text
            .contains("`'1988'` is a year alone: compare or compute with `int('1988')`"),
        "{}",
        hint.text
    );
    let said = |data: &str, format: &str| {
        date_format_mismatch(&format!(
            "ValueError: time data '{data}' does not match format '{format}'"
        ))
        .unwrap()
    };
    assert!(said("2027-03-01 08:00", "%Y-%m-%d").ends_with("`'%Y-%m-%d %H:%M'`."));
    assert!(said("03/01/2027", "%Y-%m-%d").ends_with("one `%` code for each part of it."));
    let int = "TypeError: strptime() argument 1 must be str, not int\n";
    let hint = run_hint("python", "x", int, true, Path::new("/nonexistent-folder")).unwrap();
    assert!(
        hint.text.contains("your code gave it a number"),
        "{}",
        hint.text
    );
}

#[test]
fn days_printed_for_hours_are_told() {
    // Twenty-second set, task 19 (0.5B): the days of February 2028 for its hours.
    let request = "How many hours does February 2028 have? Use code.";
    let code = "import calendar\nprint(calendar.monthrange(2028, 2)[1])";
    let hint = uncomputed(request, code, "29\n").unwrap();
    assert!(hint.undone);
    assert!(
        hint.text
            .contains("29 is a count of days, and my request asks for hours: a day has 24 hours"),
        "{}",
        hint.text
    );
    assert_eq!(days_for_units(request, "696\n"), None);
    assert_eq!(
        days_for_units("How many hours are in 29 days?", "29\n"),
        None
    );
    assert_eq!(
        days_for_units("How many minutes does a leap year have?", "366\n"),
        Some(("minute", 1440))
    );
}

#[test]
fn repeated_values_kept_for_distinct_ones_are_told() {
    // Twenty-second set, task 23 (1.5B): 99 twice, and 99 printed for the second largest.
    let request = "What is the second largest distinct number in values.txt?";
    let code = "values = open('values.txt').read().splitlines()\nnums = [int(v) for v in values]\nprint(sorted(nums, reverse=True)[1])";
    let hint = uncomputed(request, code, "99\n").unwrap();
    assert!(hint.undone);
    assert!(
        hint.text
            .contains("my request asks about distinct values, and your code kept repeated ones"),
        "{}",
        hint.text
    );
    for kept in [
        "print(sorted(set(nums))[-2])",
        "seen = []\nfor n in nums:\n    if n not in seen:\n        seen.append(n)",
        "print(len({w.lower() for w in words}))",
        "from collections import Counter\nprint(len(Counter(words)))",
    ] {
        assert_eq!(distinct_unkept(request, kept), None, "{kept}");
    }
    assert_eq!(
        distinct_unkept("What is the second largest number?", code),
        None
    );
}

#[test]
fn the_first_one_taken_for_the_last_is_told() {
    // Twenty-first set, task 31 (0.5B, after the file printed whole): `split()[0]`, `buy`.
    let request = "What is the last word of notes.txt?";
    let code = "print(open('notes.txt').read().split()[0])";
    let hint = uncomputed(request, code, "buy\n").unwrap();
    assert!(hint.undone);
    assert!(
        hint.text
            .contains("asks for the last one, and your code took `[0]`, the first: take `[-1]`"),
        "{}",
        hint.text
    );
    // After the file printed whole, too.
    let both = "print(open('notes.txt').read())\nprint(open('notes.txt').read().split()[0])";
    let hint = uncomputed(request, both, "buy milk\nfinish the report\nbuy\n").unwrap();
    assert!(
        hint.text.contains("your code took `[0]`, the first"),
        "{}",
        hint.text
    );
    assert_eq!(
        first_for_last("What is the first line of a.txt?", "print(lines[-1])"),
        Some(("first", "[-1]", "[0]"))
    );
    assert_eq!(
        first_for_last(request, "print(open('notes.txt').read().split()[-1])"),
        None
    );
    assert_eq!(
        first_for_last("What is the sum of the first and last number?", code),
        None
    );
}

#[test]
fn a_digit_sum_printed_for_a_digital_root_is_told() {
    // Twenty-second set, task 1 (0.5B): the digits of 987654321 summed once, 45.
    let request = "What is the digital root of 987654321? Use code.";
    let code = "def digital_root(n):\n    s = 0\n    while n > 0:\n        s += n % 10\n        n //= 10\n    return s\nprint(digital_root(987654321))";
    let hint = uncomputed(request, code, "45\n").unwrap();
    assert!(
        hint.text
            .contains("a digital root is a single digit, and 45 has 2 digits"),
        "{}",
        hint.text
    );
    assert_eq!(digital_root_unfinished(request, "9\n"), None);
    assert_eq!(
        digital_root_unfinished("What is the digit sum of 987654321?", "45\n"),
        None
    );
}

#[test]
fn a_none_printed_under_a_value_is_no_line_of_the_output() {
    // Nineteenth set, task 10 (0.5B): today's date, then the `None` its function returned.
    let code = "from datetime import datetime\ndef last_day():\n    print(datetime.now().strftime('%Y-%m-%d'))\nprint(last_day())";
    let hint = uncomputed(
        "What is the last day of February 2027? Use code and answer as YYYY-MM-DD.",
        code,
        "2026-12-05\nNone\n",
    )
    .unwrap();
    assert!(
        hint.text.contains("took the date from the clock"),
        "{}",
        hint.text
    );
}

#[test]
fn an_address_printed_is_used_only_when_the_answer_says_it_whole() {
    let h = runs(
        "What is the email of the user named bob in users.json?",
        &[(
            "import json\nfor u in json.load(open('users.json')):\n    if u['name'] == 'bob':\n        print(u['email'])",
            "bob@y.net\n",
        )],
    );
    let nudge = unused_output_nudge(&h, "Bob's email is `bob@example.com`.").unwrap();
    assert!(nudge.contains("bob@y.net"), "{nudge}");
    assert_eq!(unused_output_nudge(&h, "Bob's email is bob@y.net."), None);
}

#[test]
fn the_first_character_of_an_empty_line_is_explained() {
    let dir = tempfile::tempdir().unwrap();
    let code = "with open('story.txt') as file:\n    content = file.read()\nprint(sum(1 for line in content.split('\\n') if line[0].isupper()))";
    let out = run_hint(
        "python",
        code,
        "Traceback (most recent call last):\nIndexError: string index out of range\n",
        true,
        dir.path(),
    )
    .unwrap();
    assert!(
        out.text.contains("`line[0]` fails on an empty string")
            && out.text.contains("`line[:1].isupper()`"),
        "{}",
        out.text
    );
    assert_eq!(first_char_taken("rows = [1]\nprint(rows[0])"), None);
}

#[test]
fn a_sequence_in_steps_counted_by_a_range_of_ones_is_told_its_step() {
    let request = "What is the sum of 10, 20, 30 and so on up to 100? Use code.";
    let hint = uncomputed(request, "sum(range(10, 101))", "5005\n").unwrap();
    assert!(
        hint.text.contains("in steps of 10, and your code's `range(10, 101)` counts in steps of 1: give it the step, `range(10, 101, 10)`"),
        "{}",
        hint.text
    );
    assert_eq!(
        range_without_step(request, "print(sum(range(10, 101, 10)))"),
        None
    );
    assert_eq!(
        range_without_step(
            "What is the sum of 1, 2, 3 and so on up to 100?",
            "print(sum(range(1, 101)))"
        ),
        None
    );
}

#[test]
fn a_word_compared_in_another_case_than_the_file_writes_it_is_told() {
    let here = tempfile::tempdir().unwrap();
    std::fs::write(
        here.path().join("users.json"),
        r#"[{"name": "amy", "email": "amy@x.org"}, {"name": "bob", "email": "bob@y.net"}]"#,
    )
    .unwrap();
    let code = "import json\nwith open('users.json', 'r') as file:\n    users = json.load(file)\nfor user in users:\n    if user['name'] == 'Bob':\n        print(user['email'])\n        break";
    let out = run_hint("python", code, "", false, here.path()).unwrap();
    assert!(
        out.text.contains("`users.json` writes `bob`, not `Bob`") && out.undone,
        "{}",
        out.text
    );
    assert_eq!(
        compared_in_other_case(&code.replace("'Bob'", "'bob'"), here.path()),
        None
    );
    // A sequence's examples are not numbers to use.
    assert_eq!(
        request_number_unused(
            "What is the sum of 10, 20, 30 and so on up to 100? Use code.",
            "print(sum(range(10, 101, 10)))"
        ),
        None
    );
}

#[test]
fn a_question_about_a_subfolder_answered_with_nothing_run_asks_for_code() {
    assert!(about_the_folder("Which subfolder holds the largest file?"));
    assert!(about_the_folder("Which folder here has the most files?"));
    assert!(!about_the_folder("What is a subfolder?"));
    assert!(!about_the_folder("Is it here already?"));
    let here = tempfile::tempdir().unwrap();
    let h = runs("Which subfolder holds the largest file?", &[]);
    let nudge = no_run_nudge(
        &h,
        "The largest file in the `/tmp/work` directory is `file.txt`, which is 12 bytes.",
        here.path(),
        "",
    )
    .unwrap();
    assert!(
        nudge.contains("you answered without looking in the folder"),
        "{nudge}"
    );
}

#[test]
fn a_number_written_into_a_word_of_the_request_is_no_number_to_use() {
    // Twentieth set, task 3 (1.5B): `math.log10(5000)` told it never used the 10 of "base-10".
    assert_eq!(
        request_number_unused(
            "What is the base-10 logarithm of 5000, rounded to 3 decimals? Use code.",
            "import math\nprint(round(math.log10(5000), 3))"
        ),
        None
    );
    assert_eq!(
        request_number_unused("What is 7% of 250? Use code.", "print(250 * 0.07)"),
        None
    );
    assert_eq!(
        request_number_unused("What is 7% of 250? Use code.", "print(7 * 25)").as_deref(),
        Some("250")
    );
}

#[test]
fn the_values_a_filter_compares_added_up_for_how_many_are_told_to_be_counted() {
    let request = "How many orders in shop.json have a total above 100?";
    let code = "import json\nwith open('shop.json', 'r') as file:\n    data = json.load(file)\ntotal_orders = sum(order['total'] for order in data['shop']['orders'] if order['total'] > 100)\nprint(total_orders)";
    let hint = uncomputed(request, code, "420\n").unwrap();
    assert!(
        hint.text
            .contains("added up `order['total']` of those it kept")
            && hint
                .text
                .contains("`sum(1 for ... if order['total'] > 100)`"),
        "{}",
        hint.text
    );
    let counted = code.replace("sum(order['total'] for", "sum(1 for");
    assert_eq!(filtered_values_summed(request, &counted), None);
    // A total asked, or a sum of another value than the one compared, is the code's to add.
    assert_eq!(
        filtered_values_summed("What is the total of the orders above 100?", code),
        None
    );
    assert_eq!(
        filtered_values_summed(
            "How many units of the north region were sold?",
            "print(sum(int(r['units']) for r in rows if r['region'] == 'north'))"
        ),
        None
    );
}

#[test]
fn twenty_third_set_slips_of_the_small_model_are_told_precisely() {
    // A date printed for "the last Friday" that is not a Friday, or not the last one.
    let request = "What is the date of the last Friday of November 2027? Use code.";
    const FRIDAY: &str =
        "d = date(2027, 11, 30)\nwhile d.weekday() != 4:\n    d -= timedelta(days=1)\nprint(d)";
    let monday = uncomputed(request, FRIDAY, "2027-11-15\n").unwrap();
    assert!(
        monday.text.contains("2027-11-15, which is a Monday") && monday.undone,
        "{}",
        monday.text
    );
    assert!(
        monday.text.contains("For the last Friday of the month: `d = datetime.date(2027, 11, 30)`, then `while d.weekday() != 4: d -= datetime.timedelta(days=1)`"),
        "{}",
        monday.text
    );
    let earlier = uncomputed(request, FRIDAY, "2027-11-19\n").unwrap();
    assert!(
        earlier
            .text
            .contains("2027-11-26 is a later Friday of November"),
        "{}",
        earlier.text
    );
    assert_eq!(uncomputed(request, FRIDAY, "2027-11-26\n"), None);
    let first = "What is the date of the first Monday of March 2027? Use code.";
    let later = uncomputed(first, FRIDAY, "2027-03-08\n").unwrap();
    assert!(
        later.text.contains("2027-03-01 is an earlier Monday"),
        "{}",
        later.text
    );
    assert_eq!(uncomputed(first, FRIDAY, "2027-03-01\n"), None);
    // A date asked without a day of the week named is not this.
    assert_eq!(
        uncomputed(
            "What date is 100 days after 2027-02-10? Use code.",
            "print(date(2027, 2, 10) + timedelta(days=100))",
            "2027-05-21\n"
        ),
        None
    );

    // The day of the month printed for the day of the year.
    let request = "Which day of the year is 2027-09-30? Use code.";
    let day = "from datetime import datetime\ndate = datetime(2027, 9, 30)\nprint(date.day)";
    let told = uncomputed(request, day, "30\n").unwrap();
    assert!(told.text.contains("tm_yday"), "{}", told.text);
    let yday = "from datetime import datetime\ndate = datetime(2027, 9, 30)\nprint(date.timetuple().tm_yday)";
    assert_eq!(uncomputed(request, yday, "273\n"), None);
    assert_eq!(
        uncomputed(
            "What day of the month is 2027-09-30? Use code.",
            day,
            "30\n"
        ),
        None
    );

    // A circle's diameter squared for its area.
    let request = "What is the area of a circle with diameter 7, rounded to 2 decimals? Use code.";
    let squared =
        "import math\ndiameter = 7\narea = math.pi * diameter ** 2\nprint(round(area, 2))";
    let told = uncomputed(request, squared, "153.94\n").unwrap();
    assert!(told.text.contains("(diameter / 2) ** 2"), "{}", told.text);
    let halved = "import math\nradius = 7 / 2\nprint(round(math.pi * radius ** 2, 2))";
    assert_eq!(uncomputed(request, halved, "38.48\n"), None);

    // Proper divisors from 2, 1 left out.
    let request = "What is the sum of the proper divisors of 220? Use code.";
    let from_two = "n = 220\nprint(sum(i for i in range(2, n) if n % i == 0))";
    let told = uncomputed(request, from_two, "283\n").unwrap();
    assert!(told.text.contains("1 included"), "{}", told.text);
    let from_one = "n = 220\nprint(sum(i for i in range(1, n) if n % i == 0))";
    assert_eq!(uncomputed(request, from_one, "284\n"), None);
    let root = "import math\nn = 220\ns = 0\nfor i in range(1, int(math.sqrt(n)) + 1):\n    if n % i == 0:\n        s += i\nprint(s)";
    let told = uncomputed(request, root, "33\n").unwrap();
    assert!(told.text.contains("`n // i`"), "{}", told.text);
    let paired = "import math\nn = 220\ns = 0\nfor i in range(1, int(math.sqrt(n)) + 1):\n    if n % i == 0:\n        s += i + n // i\nprint(s - n)";
    assert_eq!(uncomputed(request, paired, "284\n"), None);
    let added = "n = 220\ntotal = 1\nfor i in range(2, n):\n    if n % i == 0:\n        total += i\nprint(total)";
    assert_eq!(uncomputed(request, added, "284\n"), None);

    // A word printed where a count is asked.
    let request = "How many letters does the longest word in 'extraordinary things happen quietly' have? Use code.";
    let word = "words = 'extraordinary things happen quietly'.split()\nprint(max(words, key=len))";
    let told = uncomputed(request, word, "extraordinary\n").unwrap();
    assert!(
        told.text
            .contains("printed `extraordinary`, which is no number"),
        "{}",
        told.text
    );
    let counted =
        "words = 'extraordinary things happen quietly'.split()\nprint(len(max(words, key=len)))";
    assert_eq!(uncomputed(request, counted, "13\n"), None);

    // The days left in a year counted to the clock: the year's last day is named.
    let request = "How many days are left in 2027 after 2027-10-15? Use code.";
    let clock =
        "from datetime import datetime\nprint((datetime(2027, 10, 15) - datetime.now()).days)";
    let told = uncomputed(request, clock, "312\n").unwrap();
    assert!(told.text.contains("`date(2027, 12, 31)`"), "{}", told.text);
    let other = uncomputed(
        "How many days lie between 2027-01-01 and 2027-10-15? Use code.",
        clock,
        "312\n",
    )
    .unwrap();
    assert!(!other.text.contains("12, 31"), "{}", other.text);

    // `e` of e to the power 3 comes from math.
    let here = Path::new("/nonexistent-folder");
    let failed = "Traceback (most recent call last):\n  File \"<cell 1>\", line 1, in <module>\n    e**3\nNameError: name 'e' is not defined\n";
    let hint = run_hint("python", "e**3", failed, true, here).unwrap();
    assert!(hint.text.contains("`from math import e`"), "{}", hint.text);

    // A folder "under this one" is looked for in the folder.
    let dir = tempfile::tempdir().unwrap();
    let h = asked("Which folder under this one is nested the deepest? Answer with its name.");
    let nudge = no_run_nudge(&h, "Desktop", dir.path(), "").unwrap();
    assert!(nudge.contains("without looking in the folder"), "{nudge}");
    assert_eq!(
        no_run_nudge(
            &asked("Which folder do people keep photos in?"),
            "Pictures",
            dir.path(),
            ""
        ),
        None
    );
}

#[test]
fn a_file_written_then_a_question_of_its_own_is_told_the_question_is_left() {
    let here = tempfile::tempdir().unwrap();
    std::fs::write(here.path().join("names.txt"), "Zoe\nadam\n").unwrap();
    let request = "Sort the names in names.txt alphabetically, ignoring case, and write them to sorted.txt. Which name comes first?";
    let write = "with open('names.txt') as f:\n    names = f.readlines()\nsorted_names = sorted(names, key=str.lower)\nwith open('sorted.txt', 'w') as f:\n    f.writelines(sorted_names)";
    let silent = format!("\n({SILENT_RUN})");
    let h = runs(request, &[(write, silent.as_str())]);
    let call = h.call("c1").cloned().unwrap();
    assert_eq!(made_file_output(&h, &call, &silent, here.path()), None);
    std::fs::write(here.path().join("sorted.txt"), "adam\nZoe\n").unwrap();
    assert_eq!(
        made_file_output(&h, &call, &silent, here.path()).as_deref(),
        Some(
            "\n(The code printed nothing. It made `sorted.txt`; the rest of my request is still to do: Which name comes first? Write the code for that, which prints the answer.)"
        )
    );
    // Asked as a request of its own, the question is of the file made.
    let hinted = made_file_output(&h, &call, &silent, here.path()).unwrap();
    let made = runs(request, &[(write, hinted.as_str())]);
    let view = rest_as_request(&made, here.path()).unwrap();
    let [HistoryItem::User { items }] = view.items() else {
        panic!("{:?}", view.items());
    };
    assert_eq!(
        request_text(items),
        "The file sorted.txt is in the working directory. Which name comes first in sorted.txt? Write the code, which prints the answer."
    );
    // With nothing asked after the file, nothing is left.
    let only = runs(
        "Sort the names in names.txt and write them to sorted.txt.",
        &[(write, silent.as_str())],
    );
    let call = only.call("c1").cloned().unwrap();
    assert_eq!(made_file_output(&only, &call, &silent, here.path()), None);
}

#[test]
fn a_value_computed_and_a_tool_call_printed_in_its_place_is_printed_by_the_engine() {
    let code = "number = 1000\nbinary_representation = bin(number)[2:]\n\
                number_of_ones = binary_representation.count('1')\n\
                result = {\"name\": \"count_ones\", \"arguments\": {\"number\": number}}\nprint(result)";
    let h = runs(
        "How many 1 bits does 1000 have in binary? Use code.",
        &[(
            code,
            "{'name': 'count_ones', 'arguments': {'number': 1000}}\n",
        )],
    );
    let (print, _) = print_unprinted(
        &h,
        "The number of 1 bits in the binary representation of the number 1000 is 4.",
    )
    .unwrap();
    assert_eq!(print, "print(number_of_ones)");
    // A plain value printed and said stands.
    let plain = runs(
        "How many 1 bits does 1000 have in binary? Use code.",
        &[("n = bin(1000).count('1')\nprint(n)", "6\n")],
    );
    assert_eq!(print_unprinted(&plain, "It has 6."), None);
}

#[test]
fn a_json_object_looped_as_its_list_is_named_by_its_own_name_and_sent_back_runs_over_the_list() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(
        dir.path().join("chores.json"),
        r#"{"chores": [{"task": "wash car", "who": "sam"}, {"task": "cook", "who": "ria"}]}"#,
    )
    .unwrap();
    let code = "import json\nwith open('chores.json', 'r') as file:\n    chores = json.load(file)\n\
                sam = [item for item in chores if item['who'] == 'sam']\nprint(len(sam))";
    let out = "Traceback (most recent call last):\n    sam = [item for item in chores if item['who'] == 'sam']\n\
               TypeError: string indices must be integers, not 'str'";
    let hint = run_hint("python", code, out, true, dir.path()).unwrap();
    assert!(
        hint.text.contains("loop over `chores['chores']`"),
        "{}",
        hint.text
    );
    let mut output = out.to_string();
    hint.append_to(&mut output);
    let h = runs_ending(
        "How many chores in chores.json are assigned to sam?",
        &[(code, &output)],
        true,
    );
    let (mended, says) = mended_dict_looped(&h, Some(&run(code)), dir.path()).unwrap();
    assert_eq!(
        mended,
        "import json\nwith open('chores.json', 'r') as file:\n    chores = json.load(file)\n\
         sam = [item for item in chores['chores'] if item['who'] == 'sam']\nprint(len(sam))"
    );
    assert!(
        says.contains("running it over `chores['chores']`"),
        "{says}"
    );
    // An object with two lists: which one is not known, no mend.
    std::fs::write(dir.path().join("chores.json"), r#"{"a": [1], "b": [2]}"#).unwrap();
    assert_eq!(mended_dict_looped(&h, Some(&run(code)), dir.path()), None);
}

#[test]
fn an_answer_begun_with_a_value_printed_in_a_tool_calls_dressing_takes_the_value() {
    assert_eq!(
        answer_start(r#"{"name": "median", "arguments": 10.0}"#).as_deref(),
        Some("The answer is 10.0.")
    );
    assert_eq!(
        answer_start("{'name': 'count', 'arguments': {'count': 3}}").as_deref(),
        Some("The answer is 3.")
    );
    // A dict of its own is the value printed.
    assert_eq!(
        answer_start("{'apples': 3, 'pears': 2}").as_deref(),
        Some("The answer is {'apples': 3, 'pears': 2}.")
    );
    assert_eq!(answer_start("42").as_deref(), Some("The answer is 42."));
    // A labelled value is begun with the value.
    assert_eq!(
        answer_start("The average score is: 78.2").as_deref(),
        Some("The answer is 78.2.")
    );
    assert_eq!(
        answer_start("10:30").as_deref(),
        Some("The answer is 10:30.")
    );
}

#[test]
fn twenty_third_set_slips_of_the_larger_model_are_told_precisely() {
    // Euler's number left out.
    let request = "What is e raised to the power 3, rounded to 2 decimals? Use code.";
    let two = "import math\nresult = round(math.pow(2, 3), 2)\nprint(result)";
    let told = uncomputed(request, two, "8.0\n").unwrap();
    assert!(told.text.contains("`math.e ** 3`"), "{}", told.text);
    let used = "import math\nprint(round(math.exp(3), 2))";
    assert_eq!(uncomputed(request, used, "20.09\n"), None);
    let imported = "from math import e\nprint(round(e ** 3, 2))";
    assert_eq!(uncomputed(request, imported, "20.09\n"), None);
    assert_eq!(
        uncomputed("What is 2 to the power 3? Use code.", two, "8.0\n"),
        None
    );

    // The folder itself printed for one under it.
    let request = "Which folder under this one is nested the deepest? Answer with its name.";
    let walk = "import os\nprint(max(os.walk('.'), key=len)[0])";
    let told = uncomputed(request, walk, ".\n").unwrap();
    assert!(
        told.text.contains("this folder itself") && told.text.contains("root.count(os.sep)"),
        "{}",
        told.text
    );
    assert_eq!(uncomputed(request, walk, "archive\n"), None);
    // Looked for in the top folder only: the steps to the deepest.
    let listed = "import os\nfiles = os.listdir('.')\nprint(max(files, key=os.path.getsize))";
    let told = uncomputed(request, listed, "src\n").unwrap();
    assert!(
        told.text.contains("key=lambda r: r.count(os.sep))"),
        "{}",
        told.text
    );

    // Blank lines counted with the empty string after the last newline.
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(
        dir.path().join("essay.txt"),
        "First.\n\nSecond.\nStill.\n\n\nThird.\n",
    )
    .unwrap();
    let request = "How many blank lines are in essay.txt?";
    let code = "with open('essay.txt') as f:\n    content = f.read()\nlines = content.split('\\n')\n\
                print(sum(1 for line in lines if line.strip() == ''))";
    let told = uncomputed_in(request, code, "4\n", dir.path()).unwrap();
    assert!(told.text.contains("one too many"), "{}", told.text);
    assert_eq!(uncomputed_in(request, code, "3\n", dir.path()), None);

    // A JSON file printed whole for something worked out from it.
    std::fs::write(
        dir.path().join("cities.json"),
        r#"[{"city": "Lyon", "population": 522000}, {"city": "Porto", "population": 232000}]"#,
    )
    .unwrap();
    let request = "Which city in cities.json has the fewest people?";
    let read = "print(computer.files.read(path=\"cities.json\"))";
    let printed = "[{\"city\": \"Lyon\", \"population\": 522000}, {\"city\": \"Porto\", \"population\": 232000}]\n";
    let told = uncomputed_in(request, read, printed, dir.path()).unwrap();
    assert!(
        told.text.contains("printed `cities.json` as it is"),
        "{}",
        told.text
    );
    assert_eq!(
        uncomputed_in(request, "print(min_city)", "Porto\n", dir.path()),
        None
    );
}

#[test]
fn the_whole_texts_length_divided_by_its_words_is_no_average_word_length() {
    let request = "What is the average word length in sentence.txt, rounded to 2 decimals?";
    let whole = "with open('sentence.txt', 'r') as file:\n    content = file.read()\nwords = content.split()\n\
                 print(round(len(content) / len(words), 2))";
    let told = uncomputed(request, whole, "5.8\n").unwrap();
    assert!(
        told.text.contains("`len(content)` counts every character"),
        "{}",
        told.text
    );
    let words = "with open('sentence.txt', 'r') as file:\n    content = file.read()\nwords = content.split()\n\
                 print(round(sum(len(w) for w in words) / len(words), 2))";
    assert_eq!(uncomputed(request, words, "4.8\n"), None);
    // A request about the text's characters is not this.
    assert_eq!(
        uncomputed(
            "How many characters per line does sentence.txt have?",
            whole,
            "5.8\n"
        ),
        None
    );
}

#[test]
fn folders_counted_by_the_roots_of_a_walk_are_told_the_folder_itself_is_one_of_them() {
    let dir = tempfile::tempdir().unwrap();
    for folder in ["notes/old", "pics/2026/jan"] {
        std::fs::create_dir_all(dir.path().join(folder)).unwrap();
    }
    let request = "How many subfolders are there under this folder, nested ones included?";
    let code = "import os\ncount = 0\nfor root, dirs, files in os.walk('.'):\n    count += 1\nprint(count)";
    let told = uncomputed_in(request, code, "6\n", dir.path()).unwrap();
    assert!(told.text.contains("one too many"), "{}", told.text);
    // The right count, or a count by other means, is not this.
    assert_eq!(uncomputed_in(request, code, "5\n", dir.path()), None);
    let listed = runs(
        request,
        &[("print(len(glob.glob('**/', recursive=True)))", "6\n")],
    );
    let call = listed.call("c1").cloned().unwrap();
    assert_eq!(uncomputed_hint(&listed, &call, "6\n", dir.path()), None);
}

#[test]
fn a_function_called_that_nothing_defines_is_told_to_be_written_in_python() {
    let here = Path::new("/nonexistent-folder");
    let code = "import json\ncities = json.loads(computer.files.read('cities.json'))\n\
                low = min(cities, key=lambda x: x['population'])\nprint(get(low, 'city'))";
    let out = "Traceback (most recent call last):\n  File \"<cell 1>\", line 4, in <module>\n    print(get(low, 'city'))\nNameError: name 'get' is not defined\n";
    let hint = run_hint("python", code, out, true, here).unwrap();
    assert!(
        hint.text.contains("`get` is no function here"),
        "{}",
        hint.text
    );
    // A name that is no call, or one the code defines, is not this.
    let read = "print(total)";
    let out = "Traceback (most recent call last):\n    print(total)\nNameError: name 'total' is not defined\n";
    assert!(
        run_hint("python", read, out, true, here)
            .is_none_or(|h| !h.text.contains("no function here"))
    );
}

#[test]
fn the_days_left_in_a_year_counted_to_the_clock_and_sent_back_run_to_its_last_day() {
    let request = "How many days are left in 2027 after 2027-10-15? Use code.";
    let code = "from datetime import datetime\ncurrent_date = datetime.now()\ntarget = datetime(2027, 10, 15)\nprint((current_date - target).days)";
    let told = uncomputed(request, code, "-313\n").unwrap();
    let mut output = "-313\n".to_string();
    told.append_to(&mut output);
    let h = runs_ending(request, &[(code, &output)], true);
    let (mended, says) = mended_year_end(&h, Some(&run(code))).unwrap();
    assert_eq!(
        mended,
        "from datetime import datetime\ncurrent_date = datetime(2027, 12, 31)\ntarget = datetime(2027, 10, 15)\nprint((current_date - target).days)"
    );
    assert!(says.contains("days left in 2027"), "{says}");
    // A request about today keeps its clock.
    let today = "How many days are left in 2027 from today?";
    let h = runs_ending(today, &[(code, &output)], true);
    assert_eq!(mended_year_end(&h, Some(&run(code))), None);
    // A count below zero is told to subtract the other way round.
    let backwards =
        "from datetime import date\nprint((date(2027, 10, 15) - date(2027, 12, 31)).days)";
    let told = uncomputed(request, backwards, "-77\n").unwrap();
    assert!(told.text.contains("below zero"), "{}", told.text);
    assert!(
        uncomputed(
            "How many degrees Celsius is 5 degrees Fahrenheit? Use code.",
            "print((5 - 32) * 5 / 9)",
            "-15.0\n"
        )
        .is_none_or(|h| !h.text.contains("below zero"))
    );
}

#[test]
fn a_time_difference_taken_for_a_date_is_told_its_days() {
    let here = Path::new("/nonexistent-folder");
    let code = "from datetime import date\ndays_left = date(2027, 12, 31) - date(2027, 10, 15)\nprint(days_left.strftime('%d'))";
    let out = "Traceback (most recent call last):\n    print(days_left.strftime('%d'))\nAttributeError: 'datetime.timedelta' object has no attribute 'strftime'\n";
    let hint = run_hint("python", code, out, true, here).unwrap();
    assert!(
        hint.text
            .contains("no `.strftime`: its whole days are `.days`"),
        "{}",
        hint.text
    );
}

#[test]
fn a_count_of_none_from_a_comparison_in_another_case_is_told_the_files_spelling() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(
        dir.path().join("chores.json"),
        r#"{"chores": [{"task": "wash car", "who": "sam"}, {"task": "cook", "who": "ria"}]}"#,
    )
    .unwrap();
    let code = "import json\nchores = json.load(open('chores.json'))\n\
                n = sum(1 for c in chores['chores'] if c['who'] == 'Sam')\nprint(f'Number of chores assigned to Sam: {n}')";
    let hint = run_hint(
        "python",
        code,
        "Number of chores assigned to Sam: 0\n",
        false,
        dir.path(),
    )
    .unwrap();
    assert!(
        hint.text
            .contains("The code found none: `chores.json` writes `sam`, not `Sam`")
            && hint.undone,
        "{}",
        hint.text
    );
    // A count that found some is left alone.
    assert_eq!(
        run_hint(
            "python",
            code,
            "Number of chores assigned to Sam: 2\n",
            false,
            dir.path()
        ),
        None
    );
}

#[test]
fn a_bound_not_passed_and_a_weekday_never_read_are_told() {
    let request = "What is the smallest number above 1000 that 17 divides exactly? Use code.";
    let code = "n = 1000\nwhile n % 17:\n    n += 1\nprint(n)";
    let told = uncomputed(
        request,
        code,
        "The smallest number above 1000 that 17 divides exactly is: 1000\n",
    )
    .unwrap();
    assert!(
        told.text
            .contains("a number above 1000, and 1000 is not above it: start from 1001"),
        "{}",
        told.text
    );
    assert_eq!(uncomputed(request, code, "1003\n"), None);
    let below = "What is the largest prime below 100? Use code.";
    let kept =
        "print(max(n for n in range(2, 101) if n <= 100 and all(n % d for d in range(2, n))))";
    let told = uncomputed(below, kept, "100\n").unwrap();
    assert!(told.text.contains("start from 99"), "{}", told.text);
    assert_eq!(uncomputed(below, kept, "97\n"), None);

    // A weekday set and never read is no weekday asked.
    let request = "How many Friday the 13ths are there in 2027? Use code.";
    let unread = "import datetime\nday_of_week = datetime.datetime(2027, 12, 13).weekday()\ncount = 0\n\
                  for month in range(1, 13):\n    count += 1\nprint(count)";
    let told = uncomputed(request, unread, "12\n").unwrap();
    assert!(
        told.text.contains("never asked which day of the week"),
        "{}",
        told.text
    );
    let read = "import datetime\ncount = 0\nfor month in range(1, 13):\n    \
                d = datetime.date(2027, month, 13).weekday()\n    if d == 4:\n        count += 1\nprint(count)";
    assert_eq!(uncomputed(request, read, "1\n"), None);
}

#[test]
fn counts_multiplied_for_a_total_and_a_walk_counted_in_a_sentence_are_told() {
    let request = "How many items are in stock altogether according to inventory.json?";
    let code = "import json\ninventory = json.load(open('inventory.json'))\n\
                print('Total items:', inventory['bolts'] * inventory['nuts'] * inventory['screws'])";
    let told = uncomputed(request, code, "Total items: 798000\n").unwrap();
    assert!(
        told.text.contains("altogether is their sum"),
        "{}",
        told.text
    );
    let added = "import json\ninventory = json.load(open('inventory.json'))\nprint(sum(inventory.values()))";
    assert_eq!(uncomputed(request, added, "505\n"), None);

    let dir = tempfile::tempdir().unwrap();
    for folder in ["notes/old", "pics/2026/jan"] {
        std::fs::create_dir_all(dir.path().join(folder)).unwrap();
    }
    let request = "How many subfolders are there under this folder, nested ones included?";
    let walk = "import os\ncount = 0\nfor root, dirs, files in os.walk('.'):\n    count += 1\nprint(f'The number of subfolders is: {count}')";
    let said = "The number of subfolders is: 6\n";
    let told = uncomputed_in(request, walk, said, dir.path()).unwrap();
    assert!(told.text.contains("one too many"), "{}", told.text);
}

#[test]
fn a_miss_searched_for_names_the_word_the_code_compared_not_a_joining_word() {
    let here = tempfile::tempdir().unwrap();
    std::fs::write(
        here.path().join("auth.log"),
        "Failed password for root from 10.0.0.1\nAccepted password for ana\nFailed password for root from 10.0.0.2\n",
    )
    .unwrap();
    // Twenty-fourth set, task 28 (0.5B): told `for` was missed, which every line holds.
    let code = "lines = open('auth.log').readlines()\nn = 0\nfor line in lines:\n    parts = line.split()\n    if parts[0] == \"root\":\n        n += 1\nprint(f\"Number of failed logins for root: {n}\")";
    let hint = missed_words(code, "Number of failed logins for root: 0\n", here.path()).unwrap();
    assert!(hint.contains("does hold `root`"), "{hint}");
    assert!(hint.contains("line.split()[3] == 'root'"), "{hint}");
    assert!(!hint.contains("`for`"), "{hint}");
}

#[test]
fn the_engines_install_is_no_try_at_the_answer() {
    let request = "How many rows of sales.csv have a quantity of at least 10?";
    let install = "import importlib, subprocess, sys\npip_run = subprocess.run([sys.executable, \"-m\", \"pip\", \"install\", \"-q\", \"pandas\"], capture_output=True, text=True)\nprint(\"pandas is installed now.\")";
    assert!(uncomputed(request, install, "pandas is installed now.\n").is_none());
    // The model's own count that never compares still is told.
    let count = "import csv\nrows = list(csv.DictReader(open('sales.csv')))\nprint(len(rows))";
    assert!(uncomputed(request, count, "5\n").is_some());
}

#[test]
fn a_file_name_in_quotes_is_no_file_written_as_python() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("counts.txt"), "3\n").unwrap();
    std::fs::write(dir.path().join("app.env"), "A=1\n").unwrap();
    // Twenty-fourth set, task 30: `max(counts)` failed where `'counts.txt'` was quoted.
    let quoted =
        "path = 'counts.txt'\nwith open(path, 'w') as f:\n    f.write('3')\nprint(max(counts))";
    assert_eq!(file_as_name(quoted, "counts", dir.path()), None);
    assert_eq!(
        file_as_name("print(app.env)", "app", dir.path()).as_deref(),
        Some("app.env")
    );
    assert_eq!(
        file_as_name("x = 1\ncounts.txt", "counts", dir.path()).as_deref(),
        Some("counts.txt")
    );
}

#[test]
fn folders_directly_inside_are_not_sent_to_walk_the_subfolders() {
    let code = "import os\nprint(len(os.listdir('.')))";
    // Twenty-fourth set, task 25: "not counting nested ones" was read as counting them.
    for request in [
        "How many folders are directly inside this folder, not counting nested ones?",
        "How many top-level folders are here?",
        "How many files are in this folder, not including subfolders?",
    ] {
        assert_eq!(shallow_listing(request, code), None, "{request}");
    }
    assert!(shallow_listing("How many files are here, nested ones included?", code).is_some());
    assert!(
        shallow_listing(
            "How many .py files are in this folder and its subfolders?",
            code
        )
        .is_some()
    );
}

#[test]
fn a_time_span_past_midnight_is_told_to_add_a_day() {
    let code = "from datetime import datetime\nstart = datetime.strptime('22:50', '%H:%M')\nend = datetime.strptime('01:20', '%H:%M')\nprint((end - start).total_seconds() // 60)";
    // Twenty-fourth set, task 6: told to swap them, which gives 1290.
    for request in [
        "How many minutes pass from 22:50 to 01:20 the next day? Use code.",
        "How many minutes are there from 22:50 to 01:20? Use code.",
    ] {
        let hint = uncomputed(request, code, "-1290.0\n").unwrap();
        assert!(
            hint.text.contains("end time is on the next day"),
            "{}",
            hint.text
        );
        assert!(hint.text.contains("timedelta(days=1)"), "{}", hint.text);
    }
    assert!(!past_midnight(
        "How many minutes are there from 08:40 to 17:15?"
    ));
}

#[test]
fn a_year_span_counted_at_365_days_each_is_told_its_leap_year() {
    let request = "How many days do the years 2024 to 2027 have together? Use code.";
    let code = "total = 0\nfor year in range(2024, 2028):\n    total += 365\nprint(total)";
    // Twenty-fourth set, task 18.
    let hint = uncomputed(request, code, "1460\n").unwrap();
    assert!(hint.text.contains("2024 is a leap year"), "{}", hint.text);
    assert_eq!(leap_year_missed(request, code), Some(2024));
    let checked = "import calendar\nprint(sum(366 if calendar.isleap(y) else 365 for y in range(2024, 2028)))";
    assert_eq!(leap_year_missed(request, checked), None);
    assert_eq!(
        leap_year_missed(
            "How many days do the years 2025 to 2027 have? Use code.",
            code
        ),
        None
    );
}

#[test]
fn dates_subtracted_as_text_are_told_to_become_dates() {
    let dir = tempfile::tempdir().unwrap();
    let code = "import csv\nrows = list(csv.reader(open('events.csv')))[1:]\ndates = sorted(r[0] for r in rows)\nprint(dates[-1] - dates[0])";
    let output = "Traceback (most recent call last):\n  File \"<cell 1>\", line 4, in <module>\nTypeError: unsupported operand type(s) for -: 'str' and 'str'\n";
    // Twenty-fourth set, task 31: told to use float, then int, on dates.
    let hint = run_hint("python", code, output, true, dir.path()).unwrap();
    assert!(hint.text.contains("date.fromisoformat"), "{}", hint.text);
    let prices =
        "import csv\nrows = list(csv.reader(open('s.csv')))\nprint(rows[1][1] - rows[1][2])";
    let hint = run_hint("python", prices, output, true, dir.path()).unwrap();
    assert!(hint.text.contains("float("), "{}", hint.text);
}

#[test]
fn a_range_of_letters_written_as_text_is_told_to_be_written_out() {
    let request = "How many 4-letter codes can be made from the letters A to F without repeating a letter? Use code.";
    let code = "from itertools import permutations\ncodes = [''.join(p) for p in permutations('A-F', 4)]\nprint(codes)";
    // Twenty-fourth set, task 20.
    let hint = uncomputed(request, code, "[]\n").unwrap();
    assert!(
        hint.text.contains("`'A-F'` is the three characters"),
        "{}",
        hint.text
    );
    assert!(hint.text.contains("'ABCDEF'"), "{}", hint.text);
    assert!(letter_range_as_text("re.findall('[A-F]', s)").is_none());
    assert!(letter_range_as_text("print(list('a-b'))").is_none());
    let loop_range = letter_range_as_text("for c in 'a-z':\n    pass").unwrap();
    assert_eq!(loop_range.literal, "'a-z'");
    assert_eq!(loop_range.written, "abcdefghijklmnopqrstuvwxyz");
    assert!(letter_range_as_text("print('Grades A-F:', n)").is_none());
}

#[test]
fn numbers_of_so_many_digits_taken_from_another_range_are_told_theirs() {
    let request = "What do the two-digit prime numbers add up to? Use code.";
    let code = "def is_prime(n):\n    return all(n % k for k in range(2, n))\nprint(sum(n for n in range(20, 100) if is_prime(n)))";
    // Twenty-fourth set, task 2.
    let hint = uncomputed(request, code, "983\n").unwrap();
    assert!(hint.text.contains("run from 10 to 99"), "{}", hint.text);
    assert!(hint.text.contains("range(10, 100)"), "{}", hint.text);
    let right = code.replace("range(20, 100)", "range(10, 100)");
    assert_eq!(digits_range_wrong(request, &right), None);
    assert_eq!(
        digits_range_wrong(
            "How many three-digit numbers are palindromes?",
            "print(len([n for n in range(100, 1000)]))"
        ),
        None
    );
    assert!(
        digits_range_wrong(
            "How many three-digit numbers are palindromes?",
            "range(100, 999)"
        )
        .is_some()
    );
}

#[test]
fn letters_counted_with_not_in_their_set_are_told_so() {
    let request = "How many consonants are in 'Hello Wonderful World'? Use code.";
    let code = "consonants = set('bcdfghjklmnpqrstvwxyz')\ncount = 0\nfor ch in 'Hello Wonderful World':\n    if ch not in consonants:\n        count += 1\nprint(count)";
    // Twenty-fourth set, task 3.
    let hint = uncomputed(request, code, "11\n").unwrap();
    assert!(hint.text.contains("`not in consonants`"), "{}", hint.text);
    let vowels =
        "vowels = 'aeiou'\nprint(sum(1 for c in s if c.lower() not in vowels and c.isalpha()))";
    assert_eq!(kind_counted_inverted(request, vowels), None);
}

#[test]
fn roman_numerals_only_added_are_told_to_take_away() {
    let request =
        "What is the Roman numeral XLIV plus the Roman numeral LXXVIII, as a number? Use code.";
    let code = "values = {'I': 1, 'V': 5, 'X': 10, 'L': 50, 'C': 100}\ndef to_int(r):\n    return sum(values[c] for c in r)\nprint(to_int('XLIV') + to_int('LXXVIII'))";
    // Twenty-fourth set, task 4.
    let hint = uncomputed(request, code, "158\n").unwrap();
    assert!(hint.text.contains("`XLIV` is 44"), "{}", hint.text);
    let right = "values = {'I': 1, 'V': 5, 'X': 10, 'L': 50}\ndef to_int(r):\n    t = 0\n    for a, b in zip(r, r[1:] + ' '):\n        t += -values[a] if b != ' ' and values[a] < values[b] else values[a]\n    return t";
    assert_eq!(roman_only_added(request, right), None);
    assert_eq!(roman_only_added("What is LXXVIII plus XX?", code), None);
}

#[test]
fn an_answer_naming_another_line_than_the_most_is_asked_again() {
    let request = "Which .md file in this folder has the most lines? Answer with its name.";
    let printed = "Number of lines in notes.md: 5\nNumber of lines in guide.md: 7\nNumber of lines in big.txt: 20\nNumber of lines in a.md: 3\n";
    let code = "import os\nfor f in os.listdir('.'):\n    print(f'Number of lines in {f}: {len(open(f).readlines())}')";
    let h = runs(request, &[(code, printed)]);
    // Twenty-fourth set, task 33.
    let nudge = unused_output_nudge(
        &h,
        "The .md file in this folder has the most lines: notes.md.",
    )
    .unwrap();
    assert!(
        nudge.contains("`guide.md` has more (7, against 5)"),
        "{nudge}"
    );
    assert_eq!(
        unused_output_nudge(&h, "The .md file with the most lines is guide.md."),
        None
    );
    assert!(
        listed_extreme_missed(
            "Which file has the fewest lines?",
            "It is notes.md.",
            printed
        )
        .is_some_and(|(_, best, ..)| best == "`a.md`")
    );
    assert_eq!(
        listed_extreme_missed("How many lines do they have?", "notes.md", printed),
        None
    );
}

#[test]
fn an_answer_with_the_value_a_printed_call_dressing_holds_stands() {
    let request = "What is the total cost of everything in cart.json (price times quantity)?";
    let code = "import json\ndef calculate_total_cost(cart_json):\n    cart = json.loads(cart_json)\n    total_cost = sum(i['price'] * i['quantity'] for i in cart)\n    return {'name': 'total_cost', 'arguments': {'total_cost': total_cost}}\ncart_json = '''[{\"price\": 1.5, \"quantity\": 4}]'''\ntext = open('cart.json').read()\nresult = calculate_total_cost(text)\nprint(result)";
    let printed = "{'name': 'total_cost', 'arguments': {'total_cost': 42.5}}\n";
    let h = runs(request, &[(code, printed)]);
    // Twenty-fourth set, task 22: the engine printed the made-up `cart_json` in its stead.
    assert_eq!(print_unprinted(&h, "The answer is 42.5."), None);
}

#[test]
fn the_1_5b_models_slips_with_digits_years_and_letters_are_told() {
    // Twenty-fourth set, task 2: a list of primes by hand, one-digit ones in it.
    let request = "What do the two-digit prime numbers add up to? Use code.";
    let listed =
        "primes = [2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41, 43, 47]\nprint(sum(primes))";
    let hint = uncomputed(request, listed, "328\n").unwrap();
    assert!(
        hint.text.contains("hold 2, 3, 5, 7, which are not"),
        "{}",
        hint.text
    );
    assert_eq!(
        digits_listed_wrong(request, "primes = [11, 13, 17, 19, 23]\nprint(sum(primes))"),
        None
    );
    // Task 18: 31 December minus 1 January, a day short each year.
    let request = "How many days do the years 2024 to 2027 have together? Use code.";
    let short = "from datetime import datetime\nprint(sum((datetime(year, 12, 31) - datetime(year, 1, 1)).days for year in range(2024, 2028)))";
    let hint = uncomputed(request, short, "1457\n").unwrap();
    assert!(
        hint.text.contains("one day short of the year"),
        "{}",
        hint.text
    );
    assert_eq!(
        year_days_short(request, &short.replace(".days", ".days + 1")),
        None
    );
    // Task 20: the letters A to F taken as 5.
    let request = "How many 4-letter codes can be made from the letters A to F without repeating a letter? Use code.";
    let five = "n = 5\nk = 4\nprint(n * (n - 1) * (n - 2) * (n - 3))";
    let hint = uncomputed(request, five, "120\n").unwrap();
    assert!(
        hint.text
            .contains("the letters from A to F are 6, A, B, C, D, E, F"),
        "{}",
        hint.text
    );
    assert_eq!(
        letters_miscounted(request, "import math\nprint(math.perm(6, 4))"),
        None
    );
    assert_eq!(
        letters_miscounted(
            request,
            "from itertools import permutations\nprint(len(list(permutations('ABCDEF', 4))))"
        ),
        None
    );
}

#[test]
fn a_bound_in_a_names_digits_is_no_comparison() {
    // Twenty-fourth set, task 21 (1.5B): `num_rows_with_quantity_at_least_10` compared nothing.
    let request = "How many rows of sales.csv have a quantity of at least 10?";
    let code = "rows = open('sales.csv').read().splitlines()\nnum_rows_with_quantity_at_least_10 = len(rows)\nprint(num_rows_with_quantity_at_least_10)";
    assert!(unused_limit(request, code).is_some_and(|(_, test)| test == "value >= 10"));
    assert_eq!(
        unused_limit(request, "print(sum(1 for r in rows if int(r[1]) >= 10))"),
        None
    );
}

#[test]
fn a_function_looped_over_by_its_name_is_told_to_loop_over_the_text() {
    let dir = tempfile::tempdir().unwrap();
    // Twenty-fourth set, task 17 (0.5B).
    let code = "def abc(): return ''.join([chr((ord(c) - ord('a') + 3) % 26 + ord('a')) for c in abc])\nprint(abc())";
    let output =
        "Traceback (most recent call last):\nTypeError: 'function' object is not iterable\n";
    let hint = run_hint("python", code, output, true, dir.path()).unwrap();
    assert!(hint.text.contains("`for c in 'abc'`"), "{}", hint.text);
    assert_eq!(
        function_looped("def f(xs):\n    return [x for x in xs]"),
        None
    );
}

#[test]
fn every_column_of_a_row_converted_is_told_to_leave_the_text_one_out() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(
        dir.path().join("scores.csv"),
        "name,math,art,music\nana,70,85,90\nben,95,60,80\n",
    )
    .unwrap();
    // Twenty-fourth set, task 29 (1.5B).
    let code = "import csv\nwith open('scores.csv') as f:\n    for row in csv.DictReader(f):\n        total = sum(float(row[column]) for column in row)\n        print(total)";
    let output = "Traceback (most recent call last):\nValueError: could not convert string to float: 'ana'\n";
    let hint = run_hint("python", code, output, true, dir.path()).unwrap();
    assert!(
        hint.text.contains("`ana` is in the column `name`"),
        "{}",
        hint.text
    );
    assert!(hint.text.contains("if c != 'name'"), "{}", hint.text);
    let one =
        "import csv\nfor row in csv.DictReader(open('scores.csv')):\n    print(float(row['name']))";
    assert_eq!(every_column_converted(one, "ana", dir.path()), None);
}

#[test]
fn a_span_past_midnight_sent_back_runs_with_a_day_added_before_the_subtraction() {
    let request = "How many minutes pass from 22:50 to 01:20 the next day? Use code.";
    // Twenty-fourth set, task 6 (0.5B): the day added after the subtraction.
    let code = "from datetime import datetime\nstart_time = datetime.strptime(\"22:50\", \"%H:%M\")\nend_time = datetime.strptime(\"01:20\", \"%H:%M\")\ndifference = end_time - start_time\nminutes = difference.total_seconds() // 60\nend_time += timedelta(days=1)\nprint(minutes)";
    let told = uncomputed(request, code, "-1290.0\n").unwrap();
    let mut output = "-1290.0\n".to_string();
    told.append_to(&mut output);
    let h = runs_ending(request, &[(code, &output)], true);
    let (mended, says) = mended_past_midnight(&h, Some(&run(code))).unwrap();
    assert_eq!(
        mended,
        "from datetime import timedelta\nfrom datetime import datetime\nstart_time = datetime.strptime(\"22:50\", \"%H:%M\")\nend_time = datetime.strptime(\"01:20\", \"%H:%M\")\nend_time += timedelta(days=1)\ndifference = end_time - start_time\nminutes = difference.total_seconds() // 60\nprint(minutes)"
    );
    assert!(says.contains("a day added to `end_time`"), "{says}");
    // Without that hint, nothing is mended.
    let h = runs_ending(request, &[(code, "-1290.0\n")], true);
    assert_eq!(mended_past_midnight(&h, Some(&run(code))), None);
}

#[test]
fn a_year_span_ending_on_the_last_years_first_day_is_told_it_left_that_year_out() {
    let request = "How many days do the years 2024 to 2027 have together? Use code.";
    // Twenty-fourth set, task 18 (0.5B, a second run).
    let code = "import datetime\ndef days_in_years(start_year, end_year):\n    start_date = datetime.date(start_year, 1, 1)\n    end_date = datetime.date(end_year, 1, 1)\n    return (end_date - start_date).days\nprint(days_in_years(2024, 2027))";
    assert_eq!(last_year_left_out(request, code), Some((2024, 2027)));
    let literal =
        "import datetime\nprint((datetime.date(2027, 1, 1) - datetime.date(2024, 1, 1)).days)";
    let hint = uncomputed(request, literal, "1096\n").unwrap();
    assert!(
        hint.text.contains("leaves 2027 itself out"),
        "{}",
        hint.text
    );
    assert!(hint.text.contains("date(2028, 1, 1)"), "{}", hint.text);
    let right =
        "import datetime\nprint((datetime.date(2028, 1, 1) - datetime.date(2024, 1, 1)).days)";
    assert_eq!(last_year_left_out(request, right), None);
}

#[test]
fn a_range_of_letters_as_text_sent_back_runs_written_out() {
    let request = "How many 4-letter codes can be made from the letters A to F without repeating a letter? Use code.";
    let code = "from itertools import permutations\ncodes = [''.join(p) for p in permutations('A-F', 4)]\nprint(len(codes))";
    let told = uncomputed(request, code, "0\n").unwrap();
    let mut output = "0\n".to_string();
    told.append_to(&mut output);
    let h = runs_ending(request, &[(code, &output)], true);
    // Twenty-fourth set, task 20 (0.5B).
    let (mended, says) = mended_letter_range(&h, Some(&run(code))).unwrap();
    assert_eq!(
        mended,
        "from itertools import permutations\ncodes = [''.join(p) for p in permutations('ABCDEF', 4)]\nprint(len(codes))"
    );
    assert!(says.contains("from A to F"), "{says}");
    let h = runs_ending(request, &[(code, "0\n")], true);
    assert_eq!(mended_letter_range(&h, Some(&run(code))), None);
}

#[test]
fn lines_counted_by_one_of_two_words_asked_are_told_the_other() {
    let here = tempfile::tempdir().unwrap();
    std::fs::write(
        here.path().join("auth.log"),
        "Failed password for root from 10.0.0.1\nAccepted password for ana\nFailed password for root from 10.0.0.2\nFailed password for bob\nAccepted password for root\n",
    )
    .unwrap();
    // Twenty-fourth set, task 28 (0.5B): every `Failed` line counted, 4.
    let request = "How many failed logins for root does auth.log record?";
    let code =
        "n = 0\nfor line in open('auth.log'):\n    if 'Failed' in line:\n        n += 1\nprint(n)";
    let (searched, unsearched, file) = word_left_unsearched(request, code, here.path()).unwrap();
    assert_eq!(
        (searched.as_str(), unsearched.as_str(), file.as_str()),
        ("Failed", "root", "auth.log")
    );
    let both = "print(sum(1 for l in open('auth.log') if 'Failed' in l and 'root' in l))";
    assert_eq!(word_left_unsearched(request, both, here.path()), None);
}

#[test]
fn rows_counted_with_no_comparison_after_failed_tries_are_told_the_bound() {
    let here = tempfile::tempdir().unwrap();
    std::fs::write(
        here.path().join("sales.csv"),
        "item,quantity\npen,12\nbook,3\nmug,10\nlamp,7\ncable,25\n",
    )
    .unwrap();
    // Twenty-fourth set, task 21 (1.5B), its third run.
    let request = "How many rows of sales.csv have a quantity of at least 10?";
    let code = "# Read the sales.csv file\nsales_data = computer.files.read('sales.csv')\n\n# Split each line into its parts and convert only the numbers\nfiltered_rows = [row.split(',') for row in sales_data.splitlines() if row.strip() and row.split(',')[1].strip()]\n\n# Count the number of rows that meet the condition\nnum_rows_with_quantity_at_least_10 = len(filtered_rows)\n\n# Print the result\nprint(f\"Number of rows with quantity of at least 10: {num_rows_with_quantity_at_least_10}\")";
    let hint = uncomputed_in(
        request,
        code,
        "Number of rows with quantity of at least 10: 6\n",
        here.path(),
    )
    .unwrap();
    assert!(hint.text.contains("value >= 10"), "{}", hint.text);
}

#[test]
fn arrangements_of_a_length_with_no_length_given_are_told_it() {
    let request = "How many 4-letter codes can be made from the letters A to F without repeating a letter? Use code.";
    // Twenty-fourth set, task 20 (1.5B): 720, every arrangement of the six letters.
    let code =
        "import itertools\nletters = 'ABCDEF'\nprint(len(list(itertools.permutations(letters))))";
    let hint = uncomputed(request, code, "720\n").unwrap();
    assert!(
        hint.text.contains("`permutations(letters, 4)`"),
        "{}",
        hint.text
    );
    assert_eq!(
        arrangement_length_missing(request, "print(len(list(permutations('ABCDEF', 4))))"),
        None
    );
}

#[test]
fn a_count_below_zero_sent_back_runs_subtracted_the_other_way() {
    let request = "How many days are left in 2027 after 2027-10-15? Use code.";
    // Twenty-third set, task 20 (0.5B, session 39): the engine's run to the year's end
    // printed -77, and the model sent its code back.
    let code = "from datetime import datetime\ndate = datetime(2027, 10, 15)\ndays_left = (date - datetime(2027, 12, 31)).days\nprint(days_left)";
    let told = uncomputed(request, code, "-77\n").unwrap();
    assert!(told.text.contains("below zero"), "{}", told.text);
    let mut output = "-77\n".to_string();
    told.append_to(&mut output);
    let h = runs_ending(request, &[(code, &output)], true);
    let (mended, says) = mended_backwards(&h, Some(&run(code))).unwrap();
    assert_eq!(
        mended,
        "from datetime import datetime\ndate = datetime(2027, 10, 15)\ndays_left = (datetime(2027, 12, 31) - date).days\nprint(days_left)"
    );
    assert!(says.contains("the other way round"), "{says}");
    // Two subtractions: which one is not known.
    let two = "a = x - y\nb = y - z\nprint(a - b)";
    let h = runs_ending(request, &[(two, &output)], true);
    assert_eq!(mended_backwards(&h, Some(&run(two))), None);
}

#[test]
fn a_list_trimmed_for_how_many_is_told_it_did_not_count() {
    let request = "How many 4-letter codes can be made from the letters A to F without repeating a letter? Use code.";
    let code = "from itertools import permutations\nprint([''.join(p) for p in permutations('ABCDEF', 4)])";
    // Twenty-fourth set, task 20: the trim line's number was taken for a count.
    let printed = format!(
        "['ABCD', 'ABCE', 'ABCF'{}'FEDB', 'FEDC']\n",
        oi_exec::trim_marker(81)
    );
    let hint = uncomputed(request, code, &printed).unwrap();
    assert!(hint.text.contains("it did not count"), "{}", hint.text);
}

#[test]
fn lines_counted_by_one_word_sent_back_run_testing_both() {
    let here = tempfile::tempdir().unwrap();
    std::fs::write(
        here.path().join("auth.log"),
        "Failed password for root from 10.0.0.1\nAccepted password for ana\nFailed password for bob\nAccepted password for root\n",
    )
    .unwrap();
    let request = "How many failed logins for root does auth.log record?";
    let code =
        "n = 0\nfor line in open('auth.log'):\n    if 'Failed' in line:\n        n += 1\nprint(n)";
    let told = uncomputed_in(request, code, "2\n", here.path()).unwrap();
    let mut output = "2\n".to_string();
    told.append_to(&mut output);
    let h = runs_ending(request, &[(code, &output)], true);
    // Twenty-fourth set, task 28 (0.5B).
    let (mended, _) = mended_word_added(&h, Some(&run(code)), here.path()).unwrap();
    assert_eq!(
        mended,
        "n = 0\nfor line in open('auth.log'):\n    if 'Failed' in line and 'root' in line:\n        n += 1\nprint(n)"
    );
}

#[test]
fn a_header_read_as_a_date_is_told_to_be_skipped() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(
        dir.path().join("events.csv"),
        "date,event\n2027-03-14,launch\n2027-01-05,kickoff\n",
    )
    .unwrap();
    // Twenty-fourth set, task 31 (0.5B).
    let code = "from datetime import datetime\nlines = open('events.csv').read().splitlines()\ndates = [datetime.strptime(l.split(',')[0], '%Y-%m-%d') for l in lines]\nprint((max(dates) - min(dates)).days)";
    let output = "Traceback (most recent call last):\nValueError: time data 'date' does not match format '%Y-%m-%d'\n";
    let hint = run_hint("python", code, output, true, dir.path()).unwrap();
    assert!(
        hint.text.contains("header of `events.csv`"),
        "{}",
        hint.text
    );
    let other = "ValueError: time data '14/03/2027' does not match format '%Y-%m-%d'\n";
    assert!(
        run_hint("python", code, other, true, dir.path())
            .is_some_and(|h| !h.text.contains("header"))
    );
}

#[test]
fn a_set_of_vowels_missing_the_texts_own_is_told_which() {
    let request =
        "How many words in 'an old owl sat in every empty oak tree' start with a vowel? Use code.";
    let code = "import re\nsentence = \"an old owl sat in every empty oak tree\"\npattern = r'\\b[aAEIOU]\\w*\\b'\nprint(len(re.findall(pattern, sentence)))";
    // Twenty-fifth set, task 3.
    let hint = uncomputed(request, code, "1\n").unwrap();
    assert!(hint.undone);
    assert!(
        hint.text.contains("`aAEIOU` leaves out e, i, o") && hint.text.contains("'aeiou'"),
        "{}",
        hint.text
    );
    // All five in the text's case, or a text folded to the case of the set, is no such set;
    // nor is a set the request's words never ask about.
    for right in [
        code.replace("[aAEIOU]", "[aeiouAEIOU]"),
        code.replace("[aAEIOU]", "[AEIOU]")
            .replace("sentence))", "sentence.upper()))"),
        code.replace("pattern, sentence", "pattern, sentence, re.I"),
    ] {
        assert_eq!(vowels_left_out(request, &right), None, "{right}");
    }
    let lowered = "vowels = 'aeio'\nprint(sum(1 for w in s.split() if w[0].lower() in vowels))";
    assert!(vowels_left_out("How many vowels are in 'up'?", lowered).is_some());
    assert_eq!(
        vowels_left_out("How many words are in 'up'?", lowered),
        None
    );
}

#[test]
fn a_digit_tested_once_per_number_is_told_to_count_it() {
    let request =
        "How many times does the digit 7 appear when writing the numbers from 1 to 100? Use code.";
    let code = "count = 0\nfor number in range(1, 101):\n    if '7' in str(number):\n        count += 1\nprint(count)";
    // Twenty-fifth set, task 14.
    let hint = uncomputed(request, code, "19\n").unwrap();
    assert!(hint.text.contains("str(n).count('7')"), "{}", hint.text);
    let counted = "print(sum(str(n).count('7') for n in range(1, 101)))";
    assert_eq!(digit_counted_once(request, counted), None);
    assert_eq!(
        digit_counted_once("How many numbers from 1 to 100 contain the digit 7?", code),
        None
    );
}

#[test]
fn a_start_tested_with_its_leading_spaces_is_told_to_strip_them() {
    let request = "How many lines of script.py start with #, not counting leading spaces?";
    let code =
        "with open('script.py') as f:\n    print(sum(1 for line in f if line.startswith('#')))";
    // Twenty-fifth set, task 23.
    assert_eq!(
        leading_spaces_kept(request, code),
        Some("line.startswith('#')")
    );
    let stripped = code.replace("line.startswith", "line.lstrip().startswith");
    assert_eq!(leading_spaces_kept(request, &stripped), None);
    assert_eq!(
        leading_spaces_kept("How many lines of script.py start with #?", code),
        None
    );
}

#[test]
fn rows_compared_one_by_one_for_a_total_per_name_are_told_to_add_them_up() {
    let here = tempfile::tempdir().unwrap();
    std::fs::write(
        here.path().join("sessions.csv"),
        "user,minutes\nana,30\nbo,45\nana,25\ncy,50\nbo,20\n",
    )
    .unwrap();
    let request = "Which user in sessions.csv spent the most minutes in total?";
    let code = "import csv\nwith open('sessions.csv') as f:\n    reader = csv.reader(f)\n    next(reader)\n    best, who = 0, None\n    for row in reader:\n        if int(row[1]) > best:\n            best, who = int(row[1]), row[0]\nprint(who)";
    // Twenty-fifth set, task 27.
    let hint = uncomputed_in(request, code, "cy\n", here.path()).unwrap();
    assert!(
        hint.text.contains("`ana` is on 2 rows of `sessions.csv`")
            && hint.text.contains("totals.get(name, 0)"),
        "{}",
        hint.text
    );
    let grouped = code.replace("best, who = 0, None", "totals = {}");
    assert_eq!(totals_not_grouped(request, &grouped, here.path()), None);
    let single = "Which user in sessions.csv had the longest session?";
    assert_eq!(totals_not_grouped(single, code, here.path()), None);
    std::fs::write(
        here.path().join("sessions.csv"),
        "user,minutes\nana,30\nbo,45\n",
    )
    .unwrap();
    assert_eq!(totals_not_grouped(request, code, here.path()), None);
}

#[test]
fn one_value_of_a_formula_for_a_sum_of_the_first_n_is_told_to_add_them_up() {
    let request = "What do the first 10 triangular numbers add up to? Use code.";
    let code = "def sum_of_triangular_numbers(n):\n    return n * (n + 1) // 2\nprint(sum_of_triangular_numbers(10))";
    // Twenty-fifth set, task 12.
    let hint = uncomputed(request, code, "55\n").unwrap();
    assert!(
        hint.text.contains("first 10 of them") && hint.text.contains("range(1, 11)"),
        "{}",
        hint.text
    );
    let summed = "print(sum(k * (k + 1) // 2 for k in range(1, 11)))";
    assert_eq!(first_n_not_summed(request, summed), None);
    assert_eq!(
        first_n_not_summed("What is the 10th triangular number?", code),
        None
    );
}

#[test]
fn copies_side_by_side_where_the_request_separates_them_are_told_to_join() {
    let request = "How many characters long is 'hello world' repeated 7 times with a space between the copies? Use code.";
    let code = "string = 'hello world'\nrepeated = string * 7\nprint(len(repeated))";
    // Twenty-fifth set, task 20.
    let hint = uncomputed(request, code, "77\n").unwrap();
    assert!(
        hint.text.contains("`string * 7`") && hint.text.contains("' '.join([text] * 7)"),
        "{}",
        hint.text
    );
    let joined = "print(len(' '.join(['hello world'] * 7)))";
    assert_eq!(copies_side_by_side(request, joined), None);
    // The spaces added on their own (the 1.5B model's right 83).
    let added = "print(len('hello world' * 7 + ' ' * 6))";
    assert_eq!(copies_side_by_side(request, added), None);
    let counted = "text = 'hello world'\nprint(len(text * 7) + (7 - 1))";
    assert_eq!(copies_side_by_side(request, counted), None);
    // One space after them all is no space between them (the 1.5B model's 78).
    let one = "result = \"hello world\" * 7 + \" \"\nprint(len(result))";
    assert!(copies_side_by_side(request, one).is_some());
    assert_eq!(
        copies_side_by_side("How long is 'ab' repeated 7 times?", code),
        None
    );
}

#[test]
fn kilometres_per_hour_divided_by_the_hour_alone_are_told_the_metres() {
    let request = "What is 90 km/h in metres per second? Use code.";
    let code = "km_per_h = 90\ns_per_h = 3600\nprint(km_per_h / s_per_h)";
    // Twenty-fifth set, task 9.
    let hint = uncomputed(request, code, "0.025\n").unwrap();
    assert!(hint.text.contains("`* 1000 / 3600`"), "{}", hint.text);
    assert!(!speed_metres_missed(request, "print(90 * 1000 / 3600)"));
    assert!(!speed_metres_missed(request, "print(90 / 3.6)"));
    assert!(!speed_metres_missed("What is 90 minutes in seconds?", code));
}

#[test]
fn a_clocks_hour_hand_left_at_the_full_hour_is_told_it_moves() {
    let request = "What angle in degrees do the hands of a clock make at 10:10? Use code.";
    let code = "angle = 30 + (10 / 12) * 6\nprint(angle)";
    // Twenty-fifth set, task 7.
    let hint = uncomputed(request, code, "35.0\n").unwrap();
    assert!(
        hint.text.contains("`10 * 30 + 10 * 0.5`") && hint.text.contains("`10 * 6`"),
        "{}",
        hint.text
    );
    let moving = "h, m = 10, 10\nd = abs(h * 30 + m * 0.5 - m * 6)\nprint(min(d, 360 - d))";
    assert_eq!(hour_hand_unmoved(request, moving), None);
    assert_eq!(
        hour_hand_unmoved("What angle do the hands of a clock make at 3:00?", code),
        None
    );
}

#[test]
fn two_values_printed_for_their_difference_are_told_to_subtract() {
    let request = "What is the difference between the highest and the lowest price in prices.json?";
    let code = "import json\nwith open('prices.json') as f:\n    data = json.load(f)\nhighest = max(data.values())\nlowest = min(data.values())\nprint(f\"highest {highest}, lowest {lowest}\")";
    // Twenty-fifth set, task 32.
    let hint = uncomputed(request, code, "highest 3.5, lowest 0.8\n").unwrap();
    assert!(hint.text.contains("`highest - lowest`"), "{}", hint.text);
    // On two lines, as the 0.5B model printed them.
    let hint = uncomputed(
        request,
        code,
        "The highest price is 3.5.\nThe lowest price is 0.8.\n",
    )
    .unwrap();
    assert!(hint.text.contains("`highest - lowest`"), "{}", hint.text);
    let subtracted = code.replace("print(f", "print(highest - lowest)\nprint(f");
    assert!(!difference_not_taken(request, &subtracted));
    // A minus sign in a printed label is no subtraction.
    let labelled = code.replace("highest {highest}", "high-low {highest}");
    assert!(difference_not_taken(request, &labelled));
    assert!(!difference_not_taken(
        "What is the highest price in prices.json?",
        code
    ));
}

#[test]
fn values_printed_for_their_product_are_told_to_multiply_them() {
    let request = "What do the first five prime numbers multiply to? Use code.";
    let code = "primes = [2, 3, 5, 7, 11]\nprint(primes)";
    // Twenty-fifth set, task 2.
    let hint = uncomputed(request, code, "[2, 3, 5, 7, 11]\n").unwrap();
    assert!(hint.text.contains("`math.prod(...)`"), "{}", hint.text);
    assert_eq!(listed_for_product(request, "2310"), None);
    assert_eq!(
        listed_for_product("What are the first five prime numbers?", "[2, 3, 5, 7, 11]"),
        None
    );
}

#[test]
fn the_clocks_time_taken_for_a_time_the_request_gives_is_told_to_write_it() {
    let request = "What angle in degrees do the hands of a clock make at 10:10? Use code.";
    let code = "import datetime\nnow = datetime.datetime.now()\nhour, minute = now.hour, now.minute\nh = (hour % 12) * 30 + minute / 2\nm = minute * 6\nd = abs(h - m)\nprint(min(d, 360 - d))";
    // Twenty-fifth set, task 7 (1.5B).
    assert_eq!(
        clock_for_asked_time(request, code),
        Some(("10:10".to_string(), "now()"))
    );
    let hint = uncomputed(request, code, "32.5\n").unwrap();
    assert!(hint.text.contains("about 10:10"), "{}", hint.text);
    let written = code.replace("now.hour, now.minute", "10, 10");
    assert_eq!(clock_for_asked_time(request, &written), None);
    assert_eq!(clock_for_asked_time("What time is it now?", code), None);
}

#[test]
fn numbers_added_for_the_sum_of_their_digits_are_told_to_take_the_digits() {
    let request = "What is the sum of all the digits of all the numbers from 1 to 100? Use code.";
    let code = "i = 1\ntotal = 0\nwhile i <= 100:\n    total += i\n    i += 1\nprint(total)";
    // Twenty-fifth set, task 11 (1.5B).
    let hint = uncomputed(request, code, "5050\n").unwrap();
    assert!(hint.text.contains("for d in str(n)"), "{}", hint.text);
    let digits = "print(sum(int(d) for n in range(1, 101) for d in str(n)))";
    assert!(!digits_not_taken(request, digits));
    assert!(!digits_not_taken(
        "What is the sum of the numbers from 1 to 100?",
        code
    ));
}

#[test]
fn a_comprehension_using_a_later_fors_name_is_told_the_order_and_sent_back_runs_swapped() {
    let request = "What is the sum of all the digits of all the numbers from 1 to 100? Use code.";
    let code = "sum_of_digits = sum(int(digit) for digit in str(i) for i in range(1, 101))\nprint(sum_of_digits)";
    let failed = "Traceback (most recent call last):\n  File \"<cell 1>\", line 1, in <module>\nNameError: name 'i' is not defined\n";
    // Twenty-fifth set, task 11 (1.5B).
    let told = run_hint("python", code, failed, true, Path::new("/nonexistent")).unwrap();
    assert!(
        told.text.contains(
            "`for digit in str(i)` uses `i`, which the `for i in range(1, 101)` after it gives"
        ),
        "{}",
        told.text
    );
    let Reordered { mended, .. } = comprehension_out_of_order(code, failed).unwrap();
    assert_eq!(
        mended,
        "sum_of_digits = sum(int(digit) for i in range(1, 101) for digit in str(i))\nprint(sum_of_digits)"
    );
    // With a condition after it, the condition stays last.
    let filtered = "print([d for d in str(n) for n in range(10) if n % 2])";
    let Reordered { mended, .. } =
        comprehension_out_of_order(filtered, "NameError: name 'n' is not defined").unwrap();
    assert_eq!(
        mended,
        "print([d for n in range(10) for d in str(n) if n % 2])"
    );
    // A name no later `for` gives is another failure.
    assert!(
        comprehension_out_of_order(
            "print([x for x in y])",
            "NameError: name 'y' is not defined"
        )
        .is_none()
    );
    // Sent back unchanged, the engine runs it mended.
    let h = runs_ending(request, &[(code, failed)], true);
    let (ran, says) = mended_comprehension(&h, Some(&run(code))).unwrap();
    assert!(
        ran.contains("for i in range(1, 101) for digit in str(i)"),
        "{ran}"
    );
    assert!(says.contains("two `for`s swapped"), "{says}");
    assert_eq!(mended_comprehension(&h, Some(&run("print(1)"))), None);
}

#[test]
fn a_header_converted_from_lines_split_by_hand_is_skipped_when_sent_back() {
    let here = tempfile::tempdir().unwrap();
    std::fs::write(here.path().join("temps.csv"), "day,temp\nmon,18\ntue,22\n").unwrap();
    let request = "On how many days in temps.csv was the temperature above 20?";
    let code = "with open('temps.csv') as file:\n    lines = file.readlines()\n\ndata = []\nfor line in lines:\n    row = line.strip().split(',')\n    data.append(row)\n\nprint(sum(1 for row in data if float(row[1]) > 20))";
    // Twenty-fifth set, task 21 (1.5B).
    assert_eq!(
        lines_skipped_first(code).unwrap(),
        code.replace("for line in lines:", "for line in lines[1:]:")
    );
    let out = "Traceback (most recent call last):\nValueError: could not convert string to float: 'temp'\n";
    let hint = run_hint("python", code, out, true, here.path()).unwrap();
    assert!(hint.text.contains(HEADER_FIRST), "{}", hint.text);
    let mut output = out.to_string();
    hint.append_to(&mut output);
    let h = runs_ending(request, &[(code, &output)], true);
    let (mended, _) = mended_header(&h, Some(&run(code)), here.path()).unwrap();
    assert!(mended.contains("for line in lines[1:]:"), "{mended}");
    // A loop over a list the file was not read into is left alone.
    assert_eq!(
        lines_skipped_first("rows = [1, 2]\nfor r in rows:\n    print(r)"),
        None
    );
}

#[test]
fn whole_lines_compared_with_a_word_they_hold_among_others_are_told_so() {
    let here = tempfile::tempdir().unwrap();
    std::fs::write(
        here.path().join("weather.txt"),
        "mon rain\ntue rain\nwed sun\nthu rain\n",
    )
    .unwrap();
    let request = "What is the longest run of rainy days in a row in weather.txt?";
    let code = "lines = open('weather.txt').read().split('\\n')\ncurrent_streak = 0\nmax_streak = 0\nfor line in lines:\n    if line.strip() == \"rain\":\n        current_streak += 1\n        max_streak = max(max_streak, current_streak)\n    else:\n        current_streak = 0\nprint(f\"The longest run is {max_streak} days.\")";
    // Twenty-fifth set, task 30 (1.5B).
    let hint = uncomputed_in(request, code, "The longest run is 0 days.\n", here.path()).unwrap();
    assert!(hint.undone);
    assert!(
        hint.text
            .contains("no line of `weather.txt` is just `rain`: they read like `mon rain`")
            && hint.text.contains("`'rain' in line`"),
        "{}",
        hint.text
    );
    // Lines that are the word itself are compared rightly.
    std::fs::write(here.path().join("weather.txt"), "rain\nsun\n").unwrap();
    assert_eq!(unmatched_search(code, here.path()), None);
}

#[test]
fn a_true_or_false_for_each_row_for_how_many_is_told_to_count_them() {
    let request = "How many rows of orders.csv repeat an earlier row exactly?";
    let code = "import pandas as pd\ndf = pd.read_csv('orders.csv')\nprint(df.duplicated(subset='id', keep='first'))";
    let printed =
        "0    False\n1    False\n2     True\n3    False\n4     True\n5     True\ndtype: bool\n";
    // Twenty-fifth set, task 33.
    let hint = uncomputed(request, code, printed).unwrap();
    assert!(hint.text.contains("`.sum()` of it"), "{}", hint.text);
    assert!(!bools_for_count(request, "3\n"));
    assert!(!bools_for_count(
        "Which rows of orders.csv repeat an earlier row?",
        printed
    ));
}

#[test]
fn a_set_of_vowels_told_it_misses_some_and_sent_back_runs_with_all_ten() {
    let request =
        "How many words in 'an old owl sat in every empty oak tree' start with a vowel? Use code.";
    let code = "import re\nsentence = \"an old owl sat in every empty oak tree\"\nprint(len(re.findall(r'\\b[aAEIOU]\\w*\\b', sentence)))";
    let told = uncomputed(request, code, "1\n").unwrap();
    let mut output = "1\n".to_string();
    told.append_to(&mut output);
    let h = runs_ending(request, &[(code, &output)], true);
    let (mended, says) = mended_vowels(&h, Some(&run(code))).unwrap();
    assert!(mended.contains(r"r'\b[aeiouAEIOU]\w*\b'"), "{mended}");
    assert!(says.contains("leaves out e, i, o"), "{says}");
    assert_eq!(mended_vowels(&h, Some(&run("print(7)"))), None);
}

#[test]
fn copies_told_they_sit_side_by_side_and_sent_back_run_joined_by_a_space() {
    let request = "How many characters long is 'hello world' repeated 7 times with a space between the copies? Use code.";
    let code = "string = 'hello world'\nrepeated = string * 7\nprint(len(repeated))";
    let told = uncomputed(request, code, "77\n").unwrap();
    let mut output = "77\n".to_string();
    told.append_to(&mut output);
    let h = runs_ending(request, &[(code, &output)], true);
    let (mended, _) = mended_copies(&h, Some(&run(code))).unwrap();
    assert_eq!(
        mended,
        "string = 'hello world'\nrepeated = ' '.join([string] * 7)\nprint(len(repeated))"
    );
}

#[test]
fn a_digit_told_it_is_tested_once_and_sent_back_runs_counted() {
    let request =
        "How many times does the digit 7 appear when writing the numbers from 1 to 100? Use code.";
    let code = "def count_sevens():\n    count = 0\n    for number in range(1, 101):\n        if '7' in str(number):\n            count += 1\n    return count\nprint(count_sevens())";
    let told = uncomputed(request, code, "19\n").unwrap();
    let mut output = "19\n".to_string();
    told.append_to(&mut output);
    let h = runs_ending(request, &[(code, &output)], true);
    let (mended, says) = mended_digit_count(&h, Some(&run(code))).unwrap();
    assert_eq!(
        mended,
        "def count_sevens():\n    count = 0\n    for number in range(1, 101):\n        count += str(number).count('7')\n    return count\nprint(count_sevens())"
    );
    assert!(says.contains("adding up the 7s"), "{says}");
    assert_eq!(
        digit_appearances_counted("print(sum(1 for n in range(1, 101) if '7' in str(n)))", '7')
            .unwrap(),
        "print(sum(str(n).count('7') for n in range(1, 101)))"
    );
    assert_eq!(digit_appearances_counted("print(1)", '7'), None);
}

#[test]
fn a_time_in_another_city_from_a_guessed_difference_is_told_the_zones() {
    // Twenty-sixth set, task 7 (0.5B): `time_difference = 2` between London and Tokyo.
    let request = "What time is it in Tokyo when it is 14:00 in London on 2027-01-10? Answer as HH:MM. Use code.";
    let code = "london_time = 1400\ntime_difference = 2\nprint(london_time + time_difference)";
    let hint = uncomputed(request, code, "1402\n").unwrap();
    assert!(hint.undone);
    assert!(
        hint.text.contains(
            "`tzinfo=ZoneInfo('Europe/London')` is `.astimezone(ZoneInfo('Asia/Tokyo'))`"
        ),
        "{}",
        hint.text
    );
    // The time given first, the place asked last.
    assert_eq!(
        zones_guessed(
            "When it is 9 am in New York, what time is it in Paris? Use code.",
            code
        ),
        Some(("America/New_York", "Europe/Paris"))
    );
    // Zones asked: nothing to say; nor with one city, nor a city inside a word.
    let zoned = "from zoneinfo import ZoneInfo\nfrom datetime import datetime\nt = datetime(2027, 1, 10, 14, 0, tzinfo=ZoneInfo('Europe/London'))\nprint(t.astimezone(ZoneInfo('Asia/Tokyo')).strftime('%H:%M'))";
    assert_eq!(zones_guessed(request, zoned), None);
    assert_eq!(
        zones_guessed("What time is it in Tokyo at 14:00 plus 3 hours?", code),
        None
    );
    assert_eq!(
        zones_guessed("How long does chrome take at 14:00 in London?", code),
        None
    );
}

#[test]
fn a_speed_in_bits_for_a_size_in_bytes_without_an_eight_is_told() {
    // Twenty-sixth set, task 6 (0.5B): 2.4 GB divided by 50 megabits per second as they are.
    let request = "How long does it take to download 2.4 GB at 50 megabits per second, in minutes rounded to one decimal? Use code.";
    let code = "total_size_gb = 2.4\ndownload_speed_mb = 50\nprint(round(total_size_gb / download_speed_mb, 1))";
    let hint = uncomputed(request, code, "0.0\n").unwrap();
    assert!(hint.undone);
    assert!(
        hint.text
            .contains("a speed in bits (50 megabits per second) and a size in bytes"),
        "{}",
        hint.text
    );
    assert_eq!(
        bits_for_bytes("Download 700 MB at 20 Mbps: how many seconds?", code),
        Some("20 Mbps")
    );
    // The eight is there: nothing to say; nor with no size in bytes.
    let right = "print(round(2.4e9 * 8 / 50e6 / 60, 1))";
    assert_eq!(bits_for_bytes(request, right), None);
    assert_eq!(
        bits_for_bytes(
            "How many megabits per second is 3 times 50 megabits per second?",
            code
        ),
        None
    );
}

#[test]
fn a_rounding_to_fewer_decimals_than_asked_is_told() {
    // Twenty-sixth set, task 2 (0.5B): `:.0f` for "rounded to cents".
    let request = "What is 9.99 plus 20 percent VAT, rounded to cents? Use code.";
    let code = "result = 9.99 + (20 / 100) * 9.99\nprint(f\"{result:.0f}\")";
    let hint = uncomputed(request, code, "12\n").unwrap();
    assert!(hint.undone);
    assert!(
        hint.text
            .contains("asks for 2 decimals, and your code's `:.0f` keeps 0"),
        "{}",
        hint.text
    );
    let rounded = "print(round(9.99 * 1.2))";
    assert_eq!(
        fewer_decimals_kept(request, rounded, "12"),
        Some(("round(9.99 * 1.2)".to_string(), 0, 2))
    );
    let one = "print(round(max(1.0, 9.99 * 1.2), 1))";
    assert_eq!(
        fewer_decimals_kept(request, one, "12.0"),
        Some(("round(max(1.0, 9.99 * 1.2), 1)".to_string(), 1, 2))
    );
    // Rounded as asked (a value that ends in a zero prints shorter), or nothing asked.
    assert_eq!(
        fewer_decimals_kept(request, "print(round(12.5, 2))", "12.5"),
        None
    );
    assert_eq!(
        fewer_decimals_kept(request, "print(f'{x:.2f}')", "12"),
        None
    );
    assert_eq!(
        fewer_decimals_kept("What is 9.99 plus 20 percent? Use code.", code, "12"),
        None
    );
    assert_eq!(
        decimals_asked("the total, rounded to the nearest cent"),
        Some(2)
    );
    assert_eq!(decimals_asked("What is $3.50 in cents?"), None);
}

#[test]
fn a_none_from_an_except_that_hides_the_error_is_told() {
    // Twenty-sixth set, task 12 (0.5B): a socket sent to localhost, its error turned into None.
    let request = "What is the IPv4 address 192.168.1.10 as a 32-bit integer? Use code.";
    let code = "import socket\ndef ipv4_to_int(ip):\n    try:\n        s = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)\n        return int(s.recvfrom(1024)[0])\n    except Exception as e:\n        return None\nprint(f\"The IPv4 address 192.168.1.10 as a 32-bit integer is {ipv4_to_int('192.168.1.10')}\")";
    let hint = uncomputed(
        request,
        code,
        "The IPv4 address 192.168.1.10 as a 32-bit integer is None\n",
    )
    .unwrap();
    assert!(hint.undone);
    assert!(
        hint.text
            .contains("because `except Exception as e:` returned None in place of an error"),
        "{}",
        hint.text
    );
    // A value printed, or an except that says its error: nothing to say.
    assert_eq!(error_hidden(code, "3232235786"), None);
    let said = "try:\n    x = f()\nexcept ValueError as e:\n    print(e)\nprint(x)";
    assert_eq!(error_hidden(said, "None"), None);
}

#[test]
fn a_weekday_asked_of_a_files_dates_never_named_is_told_how() {
    // Twenty-sixth set, task 29 (0.5B): each line's first word, the year, taken for its day.
    let here = tempfile::tempdir().unwrap();
    std::fs::write(
        here.path().join("visits.txt"),
        "2026-11-02\n2026-11-09\n2026-11-04\n",
    )
    .unwrap();
    std::fs::write(
        here.path().join("days.txt"),
        "2026-11-02 Monday\n2026-11-04 Wednesday\n",
    )
    .unwrap();
    let request = "Which weekday comes up most often among the dates in visits.txt?";
    let code = "import re\nweekday_counts = {}\nfor line in open('visits.txt'):\n    w = re.search(r'\\b\\w+\\b', line).group()\n    weekday_counts[w] = weekday_counts.get(w, 0) + 1\nprint(max(weekday_counts, key=weekday_counts.get))";
    let hint = uncomputed_in(request, code, "2026\n", here.path()).unwrap();
    assert!(hint.undone);
    assert!(
        hint.text.contains("the lines of `visits.txt` hold dates (`2026-11-02`) that do not name their day of the week"),
        "{}",
        hint.text
    );
    let asked = "import datetime, collections\nc = collections.Counter(datetime.date.fromisoformat(l.strip()).strftime('%A') for l in open('visits.txt'))\nprint(c.most_common(1)[0][0])";
    assert_eq!(
        file_dates_weekday_unasked(request, asked, here.path()),
        None
    );
    // Days named in the file: the code may read them as they are.
    let named = "Which weekday comes up most often in days.txt?";
    assert_eq!(file_dates_weekday_unasked(named, code, here.path()), None);
}

#[test]
fn a_mark_counted_by_its_start_where_a_line_has_it_after_code_is_told() {
    // Twenty-sixth set, task 23 (0.5B): `line.strip().startswith('# TODO')` missed the TODO
    // after `return 1`.
    let here = tempfile::tempdir().unwrap();
    std::fs::write(
        here.path().join("app.py"),
        "# TODO: add tests\ndef f():\n    return 1  # TODO handle errors\n",
    )
    .unwrap();
    std::fs::write(
        here.path().join("util.py"),
        "# TODO: remove this print\nprint(1)\n",
    )
    .unwrap();
    let request = "How many TODO comments are there in the .py files of this folder?";
    let code = "import os\ncount = 0\nfor root, dirs, files in os.walk('.'):\n    for file in files:\n        if file.endswith('.py'):\n            for line in open(os.path.join(root, file)):\n                if line.strip().startswith('# TODO'):\n                    count += 1\nprint(count)";
    let hint = uncomputed_in(request, code, "2\n", here.path()).unwrap();
    assert!(hint.undone);
    assert!(
        hint.text.contains("`.startswith('# TODO')` misses `# TODO` written after other text on a line (`app.py`: `return 1  # TODO handle errors`)"),
        "{}",
        hint.text
    );
    // Lines that start with it asked, or a mark of no letters: nothing to say.
    let starting = "How many lines of the .py files start with # TODO?";
    assert_eq!(mark_after_text(starting, code, here.path()), None);
    let both = code.replace(
        "if line.strip().startswith('# TODO'):",
        "if line.strip().startswith('# TODO') or '# TODO' in line:",
    );
    assert_eq!(mark_after_text(request, &both, here.path()), None);
    // The 1.5B model counted every comment line: told that it never looks for TODO, though
    // its function's name says it.
    let comments = code
        .replace("'# TODO'", "'#'")
        .replace("count = 0", "def count_todo_comments(): pass\ncount = 0");
    let hint = uncomputed_in(request, &comments, "4\n", here.path()).unwrap();
    assert!(
        hint.text
            .contains("my request counts `TODO`, and your code never looks for it")
            && hint.text.contains("(`app.py`: `# TODO: add tests`)"),
        "{}",
        hint.text
    );
    let hashes = code.replace("'# TODO'", "'#'");
    assert_eq!(mark_after_text(request, &hashes, here.path()), None);
}

#[test]
fn versions_printed_whole_or_compared_as_text_are_told_how_they_compare() {
    // Twenty-sixth set, task 20 (0.5B): versions.txt printed, 1.2.15 answered by eye.
    let here = tempfile::tempdir().unwrap();
    std::fs::write(
        here.path().join("versions.txt"),
        "1.9.7\n1.10.2\n1.2.15\n0.12.0\n",
    )
    .unwrap();
    std::fs::write(here.path().join("names.txt"), "ann\nbob\ncy\n").unwrap();
    let request = "What is the newest version in versions.txt?";
    let shown = "print(open('versions.txt').read())";
    let hint = uncomputed_in(
        request,
        shown,
        "1.9.7\n1.10.2\n1.2.15\n0.12.0\n\n",
        here.path(),
    )
    .unwrap();
    assert!(hint.undone);
    assert!(
        hint.text
            .contains("your code printed `versions.txt` as it is")
            && hint.text.contains("'1.9.7' > '1.10.2'"),
        "{}",
        hint.text
    );
    let longest = "Which name in names.txt is the longest?";
    let hint = uncomputed_in(
        longest,
        "print(open('names.txt').read())",
        "ann\nbob\ncy\n",
        here.path(),
    )
    .unwrap();
    assert!(
        hint.text.contains("printed `names.txt` as it is") && !hint.text.contains("versions"),
        "{}",
        hint.text
    );
    // max() of the text: the wrong one printed.
    let text_max = "print(max(open('versions.txt').read().split()))";
    let hint = uncomputed_in(request, text_max, "1.9.7\n", here.path()).unwrap();
    assert!(hint.text.contains("'1.9.7' > '1.10.2'"), "{}", hint.text);
    assert_eq!(
        versions_as_text(request, text_max, "1.10.2", here.path()),
        None
    );
    let parts = "v = open('versions.txt').read().split()\nprint(max(v, key=lambda s: tuple(map(int, s.split('.')))))";
    assert_eq!(versions_as_text(request, parts, "1.9.7", here.path()), None);
    // Split, but the first parts compared as text: the wrong one (twenty-sixth set, task 20,
    // 1.5B).
    let first_parts = "versions = open('versions.txt').read().splitlines()\nprint(max(versions, key=lambda line: line.split('.')[0]))";
    assert_eq!(
        versions_as_text(request, first_parts, "1.9.7\n", here.path()).as_deref(),
        Some("versions.txt")
    );
    // A version converted whole fails with its value: told to convert each part.
    let whole =
        "versions = open('versions.txt').read().splitlines()\nprint(max(versions, key=int))";
    let failed = "Traceback (most recent call last):\n  File \"<cell 3>\", line 2, in <module>\nValueError: invalid literal for int() with base 10: '1.9.7'\n";
    let told = run_hint("python", whole, failed, true, here.path()).unwrap();
    assert!(
        told.text.contains("`1.9.7` is a version")
            && told.text.contains("tuple(int(p) for p in v.split('.'))"),
        "{}",
        told.text
    );
    let as_float = "Traceback (most recent call last):\nValueError: could not convert string to float: '1.10.2'\n";
    assert!(
        run_hint("python", "float(v)", as_float, true, here.path())
            .unwrap()
            .text
            .contains("`1.10.2` is a version")
    );
    // Two parts are a float, and a word is no version.
    let word = "Traceback (most recent call last):\nValueError: invalid literal for int() with base 10: 'qty'\n";
    assert!(
        !run_hint("python", "int(v)", word, true, here.path())
            .is_some_and(|h| h.text.contains("is a version"))
    );
    // A file printed for a question that is not after one of its lines.
    assert_eq!(
        file_printed_whole(
            "What does versions.txt hold?",
            "1.9.7\n1.10.2\n1.2.15\n0.12.0",
            here.path()
        ),
        None
    );
}

#[test]
fn functions_and_links_counted_as_all_lines_are_told_what_they_are() {
    // Twenty-sixth set, tasks 31 and 30 (0.5B): every line of tools.py and of page.html
    // counted, one more from a split at each newline.
    let here = tempfile::tempdir().unwrap();
    std::fs::write(
        here.path().join("tools.py"),
        "import math\n\ndef area(r):\n    return math.pi * r * r\n\ndef main():\n    print(area(2))\n",
    )
    .unwrap();
    std::fs::write(
        here.path().join("page.html"),
        "<html><body>\n<a href=\"/home\">Home</a> <a href=\"/about\">About</a>\n</body></html>\n",
    )
    .unwrap();
    let code = "content = open('tools.py').read()\nprint(len(content.split('\\n')))";
    let hint = uncomputed_in(
        "How many functions does tools.py define?",
        code,
        "8\n",
        here.path(),
    )
    .unwrap();
    assert!(
        hint.text.contains("counted the lines of `tools.py` (7)")
            && hint
                .text
                .contains("Count only the functions: the lines that start with `def `"),
        "{}",
        hint.text
    );
    let code = "content = open('page.html').read()\nprint(len(content.split('\\n')))";
    let hint = uncomputed_in(
        "How many links does page.html contain?",
        code,
        "4\n",
        here.path(),
    )
    .unwrap();
    assert!(
        hint.text.contains("Count only the links: its `<a ` tags"),
        "{}",
        hint.text
    );
    assert_eq!(counted_as("notes.txt", "links"), None);
}

#[test]
fn a_texts_bytes_from_getsizeof_and_accents_deleted_with_their_letters_are_told() {
    // Twenty-sixth set, tasks 5 and 8 (1.5B): `sys.getsizeof` for the bytes of a text in
    // UTF-8, and é deleted from 'résumé'.
    let request = "How many bytes does the text 'naïve café' take in UTF-8? Use code.";
    let code = "import sys\ntext = 'naïve café'\nprint(sys.getsizeof(text))";
    let hint = uncomputed(request, code, "83\n").unwrap();
    assert!(
        hint.text
            .contains("`sys.getsizeof` is the size of the Python object"),
        "{}",
        hint.text
    );
    assert!(!object_size_for_bytes(
        request,
        "print(len('naïve café'.encode('utf-8')))"
    ));
    assert!(!object_size_for_bytes(
        "How big is this list in memory?",
        code
    ));
    let request = "What is the word 'résumé' written without its accents? Use code.";
    let code = "import re\ntext = \"résumé\"\nprint(re.sub(r'[éèêë]', '', text))";
    let hint = uncomputed(request, code, "rsum\n").unwrap();
    assert!(
        hint.text.contains("`unicodedata.normalize('NFD', text)`"),
        "{}",
        hint.text
    );
    // Right, however it was done (unicodedata, `.replace('é', 'e')`): nothing to say.
    assert!(!accents_deleted(request, "resume"));
    assert!(!accents_deleted(request, "The word is resume"));
    // Letters deleted with their accents (`.replace('é', '')`), or left in place
    // (`unicodedata.category(c)` of letters never taken apart from their accents).
    assert!(accents_deleted(request, "rsum"));
    assert!(accents_deleted(request, "résumé"));
    assert!(!accents_deleted(
        "What is 'résumé' in upper case?",
        "RÉSUMÉ"
    ));
}

#[test]
fn a_time_with_colons_or_a_split_list_converted_whole_is_told_to_split() {
    // Twenty-sixth set, task 27 (0.5B): `int(duration.split(':'))`, then `int(duration)`
    // of `4:30`.
    let code = "import csv\ntotal = 0\nfor row in csv.DictReader(open('calls.csv')):\n    duration = row['duration']\n    total += int(duration.split(':')) * 60\nprint(total)";
    let output = "Traceback (most recent call last):\n  File \"<cell 1>\", line 5, in <module>\nTypeError: int() argument must be a string, a bytes-like object or a real number, not 'list'\n";
    let hint = failure_hint(code, output).unwrap();
    assert!(
        hint.text
            .contains("`int(duration.split(':'))` gives `int()` the whole list")
            && hint.text.contains("`parts = duration.split(':')`"),
        "{}",
        hint.text
    );
    let code = "import csv\ntotal = 0\nfor row in csv.DictReader(open('calls.csv')):\n    total += int(row['duration'])\nprint(total)";
    let output = "Traceback (most recent call last):\n  File \"<cell 2>\", line 4, in <module>\nValueError: invalid literal for int() with base 10: '4:30'\n";
    let hint = failure_hint(code, output).unwrap();
    assert!(
        hint.text
            .contains("`'4:30'` is two numbers written with a colon"),
        "{}",
        hint.text
    );
    let hms = "ValueError: invalid literal for int() with base 10: '1:02:03'\n";
    assert!(
        colon_time_converted(hms)
            .unwrap()
            .contains("`h, m, s = value.split(':')`")
    );
    assert_eq!(
        colon_time_converted("ValueError: invalid literal for int() with base 10: 'qty'\n"),
        None
    );
}

#[test]
fn a_size_changed_by_the_wrong_steps_between_units_is_told_the_steps() {
    // Twenty-sixth set, task 16 (1.5B): 1.5 GiB multiplied by 1024 twice.
    let request = "What is 1.5 GiB in MiB? Use code.";
    let hint = uncomputed(request, "print(1.5 * 1024 * 1024)", "1572864.0\n").unwrap();
    assert!(hint.undone);
    assert!(
        hint.text.contains("from GiB to MiB is one step of 1024")
            && hint.text.contains("`size * 1024 ** 1`"),
        "{}",
        hint.text
    );
    assert_eq!(byte_units_off(request, "1536.0"), None);
    assert_eq!(byte_units_off("What is 2 GB in MB?", "2000"), None);
    assert_eq!(byte_units_off("What is 2 GB in MB?", "2048"), None);
    assert_eq!(
        byte_units_off("What is 3072 KiB in GiB?", "3"),
        Some(BytesOff {
            from: "KiB".to_string(),
            to: "GiB".to_string(),
            steps: -2,
            binary: true,
        })
    );
    // A decimal unit is told it may be either base.
    let hint = uncomputed(
        "What is 3 MB in kB? Use code.",
        "print(3 / 1000)",
        "0.003\n",
    )
    .unwrap();
    assert!(
        hint.text
            .contains("from MB to kB is one step of 1024 (or 1000, as my request means it)")
            && hint.text.contains("`size * 1024 ** 1`"),
        "{}",
        hint.text
    );
    assert_eq!(byte_units_off("How many MB is 5 apples?", "5"), None);
}

#[test]
fn a_count_of_those_with_no_x_that_counts_those_with_it_is_told() {
    // Twenty-sixth set, task 21 (0.5B): the `<img>` tags with `alt="…"` counted for those
    // with none.
    let request = "How many images in gallery.html have no alt text?";
    let code = "import re\ncontent = open('gallery.html').read()\nimage_tags = re.findall(r'<img[^>]*alt=\"[^\"]*\"', content)\nprint(len(image_tags))";
    let hint = uncomputed(request, code, "3\n").unwrap();
    assert!(hint.undone);
    assert!(
        hint.text.contains("my request counts those with no alt, and your code counts those that have it (`<img[^>]*alt=\"[^\"]*\"`)"),
        "{}",
        hint.text
    );
    let negated = "import re\ntags = re.findall(r'<img[^>]*>', open('gallery.html').read())\nprint(sum(1 for t in tags if 'alt=' not in t))";
    assert_eq!(absence_counted_as_presence(request, negated, "2"), None);
    let less = "import re\nt = open('gallery.html').read()\nprint(len(re.findall('<img', t)) - len(re.findall('alt=', t)))";
    assert_eq!(absence_counted_as_presence(request, less, "2"), None);
    assert_eq!(
        absence_counted_as_presence("How many images have alt text?", code, "3"),
        None
    );
}

#[test]
fn tags_looked_for_in_a_page_read_as_text_are_told_to_read_the_markup() {
    // Twenty-sixth set, task 30 (1.5B): `computer.files.read("page.html")` has no tags left.
    let request = "How many links does page.html contain?";
    let code = "import re\nfile_content = computer.files.read(\"page.html\")\nlinks = re.findall(r'<a[^>]*>', file_content)\nprint(f\"Number of links: {len(links)}\")";
    let hint = uncomputed(request, code, "Number of links: 0\n").unwrap();
    assert!(hint.undone);
    assert!(
        hint.text.contains("looks for tags (`<a[^>]*>`): read the page's markup itself, `html = open('page.html').read()`"),
        "{}",
        hint.text
    );
    let opened = code.replace(
        "computer.files.read(\"page.html\")",
        "open('page.html').read()",
    );
    assert_eq!(tags_sought_in_text(&opened), None);
    let words = "text = computer.files.read('page.html')\nprint(text.count('login'))";
    assert_eq!(tags_sought_in_text(words), None);
}

#[test]
fn a_made_up_tools_plain_arguments_begin_the_next_reply_as_variables() {
    // Twenty-sixth set, task 2 (0.5B): `calculate_vat` with its amount and rate, twice, then
    // as a Python dict that printed itself.
    let request = "What is 9.99 plus 20 percent VAT in EUR, rounded to cents? Use code.";
    let call = "```json\n{\n  \"name\": \"calculate_vat\",\n  \"arguments\": {\n    \"amount\": 9.99,\n    \"vat_percentage\": 20,\n    \"currency\": \"EUR\",\n    \"total\": 11.99,\n    \"rounded\": true,\n    \"type\": \"object\"\n  }\n}\n```";
    let unknown =
        "There is no tool named `calculate_vat`, so nothing ran. The tools here are: `execute`.";
    let mut h = runs(request, &[]);
    for id in ["c1", "c2"] {
        for item in corrected(call, id, unknown) {
            h.push(item);
        }
    }
    let stuck = stuck_view(&h, Path::new("/nonexistent-folder")).unwrap();
    // What the request gives, not what the model made up (`total`) nor schema words.
    assert_eq!(
        stuck.code_start.as_deref(),
        Some("```python\namount = 9.99\ncurrency = \"EUR\"\nvat_percentage = 20\n")
    );
    // Arguments that are no values of the request, or none: the block alone.
    let hex = "What is the text hi as hexadecimal bytes? Use code.";
    assert_eq!(
        arguments_as_variables(
            "{\"name\": \"hi\", \"arguments\": {\"hex_bytes\": \"0x48\"}}",
            hex
        ),
        None
    );
    assert_eq!(
        arguments_as_variables(
            "{\"name\": \"versions.txt\", \"arguments\": {\"type\": \"object\", \"properties\": {}}}",
            request
        ),
        None
    );
    assert_eq!(
        arguments_as_variables("{\"name\": \"résumé\", \"arguments\": {}}", request),
        None
    );
    assert_eq!(arguments_as_variables("The answer is 12.", request), None);
}

#[test]
fn text_of_several_lines_opened_as_a_path_is_told_to_open_the_file_here() {
    // Twenty-sixth set, task 27 (0.5B): rows of its own in `calls_csv`, then `open(calls_csv)`.
    let here = tempfile::tempdir().unwrap();
    std::fs::write(here.path().join("calls.csv"), "caller,duration\nana,4:30\n").unwrap();
    let code = "calls_csv = \"\"\"\ncaller,duration\nAlice,123\n\"\"\"\nwith open(calls_csv) as f:\n    print(f.read())";
    let output = "Traceback (most recent call last):\n  File \"<cell 1>\", line 4, in <module>\nFileNotFoundError: [Errno 2] No such file or directory: '\\ncaller,duration\\nAlice,123\\n'\n";
    let hint = run_hint("python", code, output, true, here.path()).unwrap();
    assert!(
        hint.text
            .contains("`open()` was given text of several lines, not a file's name")
            && hint.text.contains("calls.csv"),
        "{}",
        hint.text
    );
    // A made-up name is told as before.
    let named = "FileNotFoundError: [Errno 2] No such file or directory: 'data.csv'\n";
    let hint = run_hint("python", "open('data.csv')", named, true, here.path()).unwrap();
    assert!(
        hint.text.contains("`data.csv` does not exist"),
        "{}",
        hint.text
    );
}

#[test]
fn answers_in_words_told_twice_to_read_the_file_begin_as_code_that_reads_it() {
    // Twenty-sixth set, task 31 (1.5B): it answered "3" for the functions of tools.py four
    // times, told each time to write code that reads it.
    let request = "How many functions does tools.py define?";
    let mut h = runs(
        request,
        &[(
            "import tools\nprint(tools.__doc__)",
            "r=2: area 12.57\nNone\n",
        )],
    );
    let reply = "There are 3 functions defined in tools.py.";
    let unread = format!(
        "{FILE_UNREAD} tools.py. Write Python code in a ```python block that reads tools.py and prints what my request needs: {request}"
    );
    let still = format!(
        "{FILE_STILL_UNREAD} tools.py: it used data of its own. tools.py begins:\n```\nimport math\n```\nWrite Python code in a ```python block that starts with `text = open('tools.py').read()`, works on `text`, and prints what my request needs: {request}"
    );
    for item in corrected(reply, "c3", &unread) {
        h.push(item);
    }
    // One correction is no streak.
    assert_eq!(stuck_view(&h, Path::new("/nonexistent-folder")), None);
    for item in corrected(reply, "c4", &still) {
        h.push(item);
    }
    let stuck = stuck_view(&h, Path::new("/nonexistent-folder")).unwrap();
    assert_eq!(
        stuck.code_start.as_deref(),
        Some("```python\ntext = open('tools.py').read()\n")
    );
    assert_eq!(stuck.answer_start, None);
    // Told without a line spelled out: a Python block all the same.
    let mut plain = runs(request, &[("import tools\nprint(tools.__doc__)", "None\n")]);
    for id in ["c3", "c4"] {
        for item in corrected(reply, id, &unread) {
            plain.push(item);
        }
    }
    assert_eq!(
        stuck_view(&plain, Path::new("/nonexistent-folder"))
            .unwrap()
            .code_start
            .as_deref(),
        Some(CODE_FIRST)
    );
    // Replies that held code were not answers in words: no start is given for them.
    let mut coded = runs(request, &[("import tools\nprint(tools.__doc__)", "None\n")]);
    for id in ["c3", "c4"] {
        for item in corrected(
            "```python\nimport tools\nprint(len(dir(tools)))\n```",
            id,
            &unread,
        ) {
            coded.push(item);
        }
    }
    assert_eq!(
        stuck_view(&coded, Path::new("/nonexistent-folder"))
            .unwrap()
            .code_start,
        None
    );
    // Nor for corrections that ask for no code (an answer that dropped what the code printed).
    let mut dropped = runs(request, &[("print(3)", "3\n")]);
    let told = format!("{NUDGE_START}\n3\n\n{UNUSED} Now tell me the answer in one sentence.");
    for id in ["c3", "c4"] {
        for item in corrected("Sure.", id, &told) {
            dropped.push(item);
        }
    }
    assert_eq!(
        stuck_view(&dropped, Path::new("/nonexistent-folder"))
            .unwrap()
            .code_start,
        None
    );
}

#[test]
fn a_spelled_out_first_line_is_taken_from_the_correction() {
    assert_eq!(
        spelled_start("Write code that starts with `x = 1`, then prints x").as_deref(),
        Some("x = 1\n")
    );
    assert_eq!(spelled_start("Write code that prints x"), None);
    assert_eq!(spelled_start("starts with ``"), None);
    assert_eq!(spelled_start("starts with `a\nb`"), None);
}

#[test]
fn dates_counted_as_text_sent_back_run_with_their_weekdays() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(
        dir.path().join("visits.txt"),
        "2026-11-02\n2026-11-09\n2026-11-04\n2026-11-16\n",
    )
    .unwrap();
    let request = "Which weekday comes up most often among the dates in visits.txt?";
    // Twenty-sixth set, task 29 (1.5B): each line's first word, the year, counted.
    let code = "import re\nfrom collections import Counter\nwith open('visits.txt', 'r') as file:\n    dates = file.readlines()\ndays_of_week = [re.search(r'\\b\\w+\\b', date).group() for date in dates]\nweekday_counts = Counter(days_of_week)\nprint(weekday_counts.most_common(1)[0][0])";
    let told = uncomputed_in(request, code, "2026\n", dir.path()).unwrap();
    assert!(told.text.contains(WEEKDAY_UNASKED), "{}", told.text);
    let mut output = "2026\n".to_string();
    told.append_to(&mut output);
    let h = runs_ending(request, &[(code, &output)], true);
    let (mended, says) = mended_weekday(&h, Some(&run(code))).unwrap();
    assert!(
        mended.starts_with("import datetime\nimport re\n")
            && mended.contains("days_of_week = [datetime.date.fromisoformat(re.search(r'\\d{4}-\\d{2}-\\d{2}', date).group()).strftime('%A') for date in dates]"),
        "{mended}"
    );
    assert!(says.contains("weekday"), "{says}");
    // The mended code asks each date's day: no longer told.
    assert_eq!(
        uncomputed_in(request, &mended, "Monday\n", dir.path()),
        None
    );
    // An index in the counted value is part of it.
    let split = "lines = open('visits.txt').read().splitlines()\nfrom collections import Counter\nprint(Counter([l.split('-')[0] for l in lines]).most_common(1))";
    let h = runs_ending(request, &[(split, &output)], true);
    let (mended, _) = mended_weekday(&h, Some(&run(split))).unwrap();
    assert!(mended.contains("Counter([datetime.date.fromisoformat(re.search(r'\\d{4}-\\d{2}-\\d{2}', l).group()).strftime('%A') for l in lines])"), "{mended}");
    // Two comprehensions: which one holds the dates is not known.
    let two = "a = [x for x in open('visits.txt')]\nb = [y[:4] for y in a]\nprint(b)";
    let h = runs_ending(request, &[(two, &output)], true);
    assert_eq!(mended_weekday(&h, Some(&run(two))), None);
}

#[test]
fn a_count_of_what_is_needed_rounded_down_is_told_to_round_up() {
    // Twenty-seventh set, task 13 (0.5B): `356 // 25` printed 14.
    let request = "How many pages does a list of 356 items need at 25 items per page? Use code.";
    let code = "items = 356\nitems_per_page = 25\npages = items // items_per_page\nprint(pages)";
    assert_eq!(
        rounded_down_for_needed(request, code, "14\n"),
        Some(Leftover {
            total: 356,
            per: 25,
            whole: 14,
            rest: 6
        })
    );
    let hint = uncomputed(request, code, "14\n").unwrap();
    assert!(hint.undone);
    assert!(
        hint.text
            .contains("14 of 25 hold 350 of the 356, and the 6 left over need one more")
            && hint.text.contains("math.ceil(356 / 25)"),
        "{}",
        hint.text
    );
    // Rounded up: right.
    let up = "import math\nprint(math.ceil(356 / 25))";
    assert_eq!(rounded_down_for_needed(request, up, "15\n"), None);
    assert_eq!(uncomputed(request, up, "15\n"), None);
    assert_eq!(
        rounded_down_for_needed(request, "print(-(-356 // 25))", "15\n"),
        None
    );
    // Nothing left over, or a question of what fits (rounded down is right there).
    assert_eq!(
        rounded_down_for_needed(
            "How many boxes of 25 are needed for 350 items? Use code.",
            "print(350 // 25)",
            "14\n"
        ),
        None
    );
    assert_eq!(
        rounded_down_for_needed(
            "How many boxes of 25 can 356 items fill? Use code.",
            "print(356 // 25)",
            "14\n"
        ),
        None
    );
}

#[test]
fn an_xml_search_of_the_roots_children_that_found_nothing_is_told_to_search_deeper() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(
        dir.path().join("feed.xml"),
        "<?xml version=\"1.0\"?>\n<rss version=\"2.0\">\n  <channel>\n    <title>News</title>\n    <item><title>A</title></item>\n    <item><title>B</title></item>\n    <item><title>C</title></item>\n  </channel>\n</rss>\n",
    )
    .unwrap();
    std::fs::write(
        dir.path().join("flat.xml"),
        "<items>\n  <note>two</note>\n  <br/>\n  <item>A</item>\n  <item>B</item>\n</items>\n",
    )
    .unwrap();
    // Twenty-seventh set, task 21 (0.5B).
    let request = "How many <item> elements does feed.xml have?";
    let code = "import xml.etree.ElementTree as ET\ntree = ET.parse('feed.xml')\nroot = tree.getroot()\nitem_count = len(root.findall('item'))\nprint(f\"Number of <item> elements: {item_count}\")";
    let hint = uncomputed_in(request, code, "Number of <item> elements: 0\n", dir.path()).unwrap();
    assert!(hint.undone);
    assert!(
        hint.text
            .contains("`.findall('item')` looks only at the direct children")
            && hint.text.contains("the `<item>` of `feed.xml` sit deeper")
            && hint.text.contains("root.findall('.//item')"),
        "{}",
        hint.text
    );
    // Searched at any depth: right.
    let deep = code.replace("findall('item')", "findall('.//item')");
    assert_eq!(children_searched(request, &deep, "3\n", dir.path()), None);
    // Found some: not nothing.
    assert_eq!(
        children_searched(request, code, "Number of <item> elements: 3\n", dir.path()),
        None
    );
    // The root's own children: the search was right where it looked.
    let flat = "How many <item> elements does flat.xml have?";
    assert_eq!(
        children_searched(
            flat,
            "import xml.etree.ElementTree as ET\nprint(len(ET.parse('flat.xml').getroot().findall('item')))",
            "0\n",
            dir.path()
        ),
        None
    );
}

#[test]
fn the_longest_lines_length_for_its_number_is_told() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(
        dir.path().join("essay.txt"),
        "Cities grow.\nPeople move to them for work.\nRents rise.\nSome leave again when the noise and the cost become too much.\nOthers stay.\n",
    )
    .unwrap();
    // Twenty-seventh set, task 27 (0.5B): `max(len(line) for line in lines)` of readlines().
    let request = "Which line number of essay.txt is the longest?";
    let code = "with open('essay.txt') as f:\n    lines = f.readlines()\n    print(max(len(line) for line in lines))";
    let hint = uncomputed_in(request, code, "62\n", dir.path()).unwrap();
    assert!(hint.undone);
    assert!(
        hint.text
            .contains("62 is how long the longest line of `essay.txt` is")
            && !hint.text.contains("line 4"),
        "{}",
        hint.text
    );
    assert_eq!(
        length_for_line_number(request, "61\n", dir.path()),
        Some(("essay.txt".into(), 61))
    );
    // The number, alone or with the length beside it: right.
    assert_eq!(length_for_line_number(request, "4\n", dir.path()), None);
    assert_eq!(
        length_for_line_number(request, "Line 4 (61 characters)\n", dir.path()),
        None
    );
    // Asked for the length: no line number asked.
    assert_eq!(
        length_for_line_number(
            "How long is the longest line of essay.txt?",
            "61\n",
            dir.path()
        ),
        None
    );
}

#[test]
fn an_example_of_how_things_are_written_searched_as_itself_is_told_its_pattern() {
    // Twenty-seventh set, task 24 (0.5B).
    let request = "How many phone numbers in phones.txt are not written as 555-123-4567?";
    let code = "import re\nlines = open('phones.txt').readlines()\ncount = 0\nfor line in lines:\n    if re.search(r'\\b555-123-4567\\b', line):\n        count += 1\nprint(count)";
    assert_eq!(
        example_searched(request, code),
        Some(("555-123-4567".into(), r"\d{3}\-\d{3}\-\d{4}".into()))
    );
    assert_eq!(
        example_searched(
            "Which dates in log.txt are in the format 2026-01-31?",
            "print('2026-01-31' in text)"
        ),
        Some(("2026-01-31".into(), r"\d{4}\-\d{2}\-\d{2}".into()))
    );
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(
        dir.path().join("phones.txt"),
        "555-123-4567\n(555) 987-6543\n555.222.3333\n",
    )
    .unwrap();
    let hint = uncomputed_in(request, code, "1\n", dir.path()).unwrap();
    assert!(
        hint.text
            .contains("`555-123-4567` in my request is an example")
            && hint
                .text
                .contains(r"re.fullmatch(r'\d{3}\-\d{3}\-\d{4}', line.strip())"),
        "{}",
        hint.text
    );
    // A pattern tested: right; and an example of words is no shape.
    let fixed = "import re\nprint(sum(1 for l in open('phones.txt') if not re.fullmatch(r'\\d{3}-\\d{3}-\\d{4}', l.strip())))";
    assert_eq!(example_searched(request, fixed), None);
    assert_eq!(
        example_searched(
            "How many names are written as John Smith?",
            "print('John Smith' in t)"
        ),
        None
    );
}

#[test]
fn a_settings_file_read_as_json_for_the_key_of_a_value_is_told_to_find_that_value() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(
        dir.path().join("config.yaml"),
        "name: shop\ndebug: false\nhttp_port: 8080\nadmin_port: 9090\n",
    )
    .unwrap();
    // Twenty-seventh set, task 15 (0.5B).
    let request = "Which key in config.yaml has the value 8080?";
    let code = "import json\nwith open('config.yaml') as file:\n    config = json.load(file)\nprint(config)";
    let failed = "Traceback (most recent call last):\njson.decoder.JSONDecodeError: Expecting value: line 1 column 1 (char 0)\n";
    let told = json_of_other(request, code, failed, dir.path()).unwrap();
    assert!(
        told.contains("`config.yaml` is YAML, not JSON")
            && told
                .contains("find the line whose value, after its `=` or `:`, is 8080 (`lines[2]`)")
            && !told.contains("http_port"),
        "{told}"
    );
    // A key asked for: its line, as before.
    let told = json_of_other(
        "What is admin_port in config.yaml?",
        code,
        failed,
        dir.path(),
    )
    .unwrap();
    assert!(told.contains("`admin_port` is set on `lines[3]`"), "{told}");
}

#[test]
fn blank_lines_kept_where_the_request_leaves_them_out_are_told() {
    // Twenty-seventh set, task 22 (1.5B).
    let request = "How many lines of .gitignore are patterns, not comments or blank lines?";
    let code = "with open('.gitignore', 'r') as file:\n    content = file.read()\nlines = content.split('\\n')\nfiltered_lines = [line for line in lines if not line.strip() and not line.startswith('#')]\nprint(len(filtered_lines))";
    assert_eq!(
        blank_kept(request, code),
        Some(("if not line.strip()".into(), "if line.strip()".into()))
    );
    let hint = uncomputed(request, code, "3\n").unwrap();
    assert!(hint.undone);
    assert!(
        hint.text
            .contains("your code's `if not line.strip()` keeps only the blank ones")
            && hint.text.contains("`if line.strip()`"),
        "{}",
        hint.text
    );
    for other in [
        "How many non-empty lines does notes.txt have?",
        "Count the lines of a.txt, ignoring blank lines.",
    ] {
        assert!(blank_kept(other, code).is_some(), "{other}");
    }
    // Blank lines asked for, skipped with `continue`, or kept with text: fine.
    assert_eq!(
        blank_kept("How many blank lines does a.txt have?", code),
        None
    );
    assert_eq!(
        blank_kept("How many lines of a.txt have no text?", code),
        None
    );
    assert_eq!(
        blank_kept(
            request,
            "n = 0\nfor line in open('.gitignore'):\n    if not line.strip():\n        continue\n    n += 1\nprint(n)"
        ),
        None
    );
    assert_eq!(
        blank_kept(
            request,
            "print(len([l for l in open('.gitignore') if l.strip() and not l.startswith('#')]))"
        ),
        None
    );
}

#[test]
fn a_count_of_what_it_takes_printed_with_a_fraction_is_told_to_round_up() {
    // Twenty-seventh set, task 3 (1.5B): `(2000 - 150) / 150` printed 12.33.
    let request =
        "If I save 150 a month, how many months does it take to have at least 2000? Use code.";
    let code = "initial_amount = 150\ntarget_amount = 2000\nmonths_required = (target_amount - initial_amount) / initial_amount\nprint(f\"It will take {months_required:.2f} months to have at least 2000.\")";
    let printed = "It will take 12.33 months to have at least 2000.\n";
    assert_eq!(
        fraction_for_needed(request, code, printed),
        Some(("12.33".into(), 2000, 150))
    );
    let hint = uncomputed(request, code, printed).unwrap();
    assert!(hint.undone);
    assert!(
        hint.text
            .contains("your code printed 12.33, which is no count")
            && hint.text.contains("`math.ceil(2000 / 150)`"),
        "{}",
        hint.text
    );
    // Rounded up, or a whole number printed: not this hint.
    assert_eq!(
        fraction_for_needed(request, "import math\nprint(math.ceil(2000 / 150))", "14\n"),
        None
    );
    assert_eq!(
        fraction_for_needed(request, "print(2000 // 150 + 1)", "14\n"),
        None
    );
    // Not how many, or numbers that divide: nothing to round.
    assert_eq!(
        fraction_for_needed(
            "If I save 150 a month, what share of 2000 is saved after 8 months? Use code.",
            "print(150 * 8 / 2000)",
            "0.6\n"
        ),
        None
    );
    assert_eq!(
        fraction_for_needed(
            "How many hours are needed to drive 300 km at 80 km an hour? Use code.",
            "print(300 / 80)",
            "3.75\n"
        ),
        None
    );
    assert_eq!(
        fraction_for_needed(
            "How many months does it take to save at least 3000 at 150 a month? Use code.",
            "print(3000 / 150)",
            "20.0\n"
        ),
        None
    );
}

#[test]
fn a_given_text_written_down_and_printed_back_is_told_it_computed_nothing() {
    // Twenty-seventh set, task 7 (0.5B).
    let request = "What is the hex colour code of rgb(255, 165, 0)? Use code.";
    let code = "rgb = \"255, 165, 0\"\nprint(rgb)";
    assert_eq!(
        given_echoed(request, code, "255, 165, 0\n"),
        Some("255, 165, 0".into())
    );
    let hint = uncomputed(request, code, "255, 165, 0\n").unwrap();
    assert!(hint.undone);
    assert!(
        hint.text
            .contains("`255, 165, 0` is what my request gives, and your code only wrote it down and printed it back"),
        "{}",
        hint.text
    );
    assert_eq!(
        given_echoed(request, "print('255, 165, 0')", "255, 165, 0\n"),
        Some("255, 165, 0".into())
    );
    // Computed from it, or printed something the request does not hold: not this.
    assert_eq!(
        given_echoed(
            request,
            "r, g, b = 255, 165, 0\nprint('#{:02X}{:02X}{:02X}'.format(r, g, b))",
            "#FFA500\n"
        ),
        None
    );
    assert_eq!(
        given_echoed(
            "Is 'level' a palindrome? Use code.",
            "w = 'level'\nprint(w if w == w[::-1] else 'no')",
            "level\n"
        ),
        None
    );
    assert_eq!(given_echoed(request, "x = 3\nprint(x)", "3\n"), None);
}

#[test]
fn a_time_asked_in_twelve_hour_form_printed_without_its_time_is_told() {
    // Twenty-seventh set, task 9 (0.5B): only "PM" printed.
    let request = "What is 18:45 in 12-hour time with AM or PM? Use code.";
    assert_eq!(twelve_hour_unprinted(request, "PM\n"), Some("18:45".into()));
    let code = "def is_pm(time):\n    hours, minutes = time.split(':')\n    hours = int(hours)\n    return 'PM' if hours >= 12 else 'AM'\nprint(is_pm('18:45'))";
    let hint = uncomputed(request, code, "PM\n").unwrap();
    assert!(hint.undone);
    assert!(
        hint.text.contains("your code printed no time")
            && hint
                .text
                .contains("strptime('18:45', '%H:%M').strftime('%I:%M %p')"),
        "{}",
        hint.text
    );
    // A time printed, or no 12-hour time asked: not this.
    assert_eq!(twelve_hour_unprinted(request, "06:45 PM\n"), None);
    assert_eq!(twelve_hour_unprinted(request, "6:45 PM\n"), None);
    assert_eq!(
        twelve_hour_unprinted(
            "How many minutes are there from 9:15 to 18:45? Use code.",
            "570\n"
        ),
        None
    );
}

#[test]
fn how_the_answer_is_rounded_is_no_number_left_unused() {
    // Twenty-seventh set, task 2 (0.5B): `{ounces:.2f}` was told it never used 2.
    let request = "What is 250 grams in ounces, rounded to 2 decimals? Use code.";
    let code = "grams = 250\nounces = grams * 0.035274\nprint(f\"{grams} grams is equal to {ounces:.2f} ounces.\")";
    assert_eq!(request_number_unused(request, code), None);
    for rounded in [
        "What is 7 divided by 3, rounded to 4 decimal places? Use code.",
        "What is 7 divided by 3 to 5 significant figures? Use code.",
        "What is 7 divided by 3, rounded to 6? Use code.",
    ] {
        assert_eq!(
            request_number_unused(rounded, "print(f'{7 / 3:.9f}')"),
            None,
            "{rounded}"
        );
    }
    // A number computed with is still looked for.
    assert_eq!(
        request_number_unused(request, "print(f'{0.035274:.2f}')"),
        Some("250".into())
    );
}

#[test]
fn two_files_still_unread_are_each_opened_into_a_name_of_their_own() {
    // Twenty-seventh set, task 29 (0.5B).
    let here = tempfile::tempdir().unwrap();
    std::fs::write(here.path().join("team_a.txt"), "Alice\nBruno\nCarla\n").unwrap();
    std::fs::write(here.path().join("team_b.txt"), "Farah\nChen\nCarla\n").unwrap();
    let request = "Which name appears in both team_a.txt and team_b.txt?";
    let made_up = runs(
        request,
        &[("print('Alice')\nprint('Bruno')", "Alice\nBruno\n")],
    );
    let nudge = unread_file_nudge(&made_up, here.path()).unwrap();
    let mut asked = made_up.clone();
    for item in after_answer(nudge) {
        asked.push(item);
    }
    let again = unread_file_nudge(&asked, here.path()).unwrap();
    assert!(
        again.contains("starts with `team_a = open('team_a.txt').read(); team_b = open('team_b.txt').read()`, works on `team_a` and `team_b`,"),
        "{again}"
    );
    assert_eq!(
        spelled_start(&again).as_deref(),
        Some("team_a = open('team_a.txt').read(); team_b = open('team_b.txt').read()\n")
    );
    // Names that would clash or are Python's own: each file's text is not named after it.
    assert_eq!(file_text_names(&["data.csv", "data.txt"]), None);
    assert_eq!(file_text_names(&["list.txt", "b.txt"]), None);
    assert_eq!(file_text_names(&["2024.txt", "b.txt"]), None);
    assert_eq!(
        file_text_names(&["Team-A.txt", "notes.md"]),
        Some(vec!["team_a".to_string(), "notes".to_string()])
    );
}

#[test]
fn rows_taken_from_a_slice_of_a_text_read_whole_are_told_it_is_one_string() {
    // Twenty-seventh set, task 28 (1.5B).
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(
        dir.path().join("meetings.csv"),
        "title,start,end\nStandup,09:00,09:15\nReview,10:30,11:45\n",
    )
    .unwrap();
    let code = "from datetime import datetime\nmeetings = computer.files.read('meetings.csv')\nstart_times = [datetime.strptime(row[1], '%Y-%m-%d %H:%M:%S') for row in meetings[1:]]\nprint(start_times)";
    assert_eq!(read_as_one_string(code), Some(true));
    let failed = "Traceback (most recent call last):\n  File \"<cell 1>\", line 3, in <module>\nIndexError: string index out of range\n";
    let hint = run_hint("python", code, failed, true, dir.path()).unwrap();
    assert!(hint.text.starts_with(ONE_STRING), "{}", hint.text);
    assert!(hint.text.contains("meetings.csv"), "{}", hint.text);
    // Split into lines first: its items are lines.
    let split = code.replace(
        "for row in meetings[1:]",
        "for row in meetings.splitlines()[1:]",
    );
    assert_ne!(read_as_one_string(&split), Some(true));
}

#[test]
fn a_log_lines_date_parsed_with_its_times_format_is_told_to_take_the_time_too() {
    // Twenty-seventh set, task 32 (1.5B).
    let code = "import datetime\nlines = computer.files.read('server.log').split('\\n')\nkept = [l for l in lines if datetime.datetime.strptime(l.split()[0], '%Y-%m-%d %H:%M:%S') >= datetime.datetime(2026, 11, 30, 10, 0)]\nprint(len(kept))";
    let failed = "Traceback (most recent call last):\nValueError: time data '2026-11-30' does not match format '%Y-%m-%d %H:%M:%S'\n";
    assert_eq!(
        date_without_its_time(code, failed),
        Some(("2026-11-30".into(), "%Y-%m-%d %H:%M:%S".into()))
    );
    let dir = tempfile::tempdir().unwrap();
    let hint = run_hint("python", code, failed, true, dir.path()).unwrap();
    assert!(
        hint.text.contains("`'2026-11-30'` is the date alone")
            && hint
                .text
                .contains("`' '.join(line.split()[:2])`, with `'%Y-%m-%d %H:%M:%S'`"),
        "{}",
        hint.text
    );
    // A date format for a date, or the date not taken as a first field: the general hint.
    assert_eq!(
        date_without_its_time(
            code,
            "ValueError: time data '2026-11-30' does not match format '%d/%m/%Y'\n"
        ),
        None
    );
    assert_eq!(
        date_without_its_time(
            "d = datetime.datetime.strptime(row['day'], '%Y-%m-%d %H:%M')",
            failed
        ),
        None
    );
}

#[test]
fn a_length_asked_and_a_word_printed_is_told_to_print_its_length() {
    // Twenty-eighth set, task 2 (0.5B).
    let request =
        "How long is the longest word in 'Pack my box with five dozen liquor jugs'? Use code.";
    let code =
        "words = 'Pack my box with five dozen liquor jugs'.split()\nprint(max(words, key=len))";
    assert!(length_unprinted(request, "liquor\n"));
    let hint = uncomputed(request, code, "liquor\n").unwrap();
    assert!(hint.undone);
    assert!(
        hint.text
            .contains("print how many characters it has, `len(...)`"),
        "{}",
        hint.text
    );
    // Its length printed, or a time asked: not this.
    assert!(!length_unprinted(request, "6\n"));
    assert!(!length_unprinted(
        "How long is the drive from Lisbon to Porto at 100 km/h for 313 km? Use code.",
        "three hours\n"
    ));
}

#[test]
fn an_hourly_rate_multiplied_by_minutes_is_told_to_use_hours() {
    // Twenty-eighth set, task 7 (0.5B): 135 minutes times 28.
    let request = "How much does 2 hours 15 minutes of work cost at 28 per hour? Use code.";
    let code = "def cost_of_work(hours, minutes, rate):\n    total_minutes = hours * 60 + minutes\n    cost = total_minutes * rate\n    print(cost)\ncost_of_work(2, 15, 28)";
    assert!(hourly_rate_by_minutes(request, code));
    let hint = uncomputed(request, code, "3780\n").unwrap();
    assert!(hint.undone);
    assert!(
        hint.text.contains("multiplied it by minutes"),
        "{}",
        hint.text
    );
    // Back into hours: right.
    let right = "total_minutes = 2 * 60 + 15\nprint(total_minutes / 60 * 28)";
    assert!(!hourly_rate_by_minutes(request, right));
    assert_eq!(uncomputed(request, right, "63.0\n"), None);
    // No rate per hour: not this.
    assert!(!hourly_rate_by_minutes(
        "How many minutes are 2 hours 15 minutes? Use code.",
        "print(2 * 60 + 15)"
    ));
}

#[test]
fn a_harmonic_or_geometric_mean_miscomputed_is_told_pythons_own() {
    // Twenty-eighth set, task 6 (0.5B): 2400 for the harmonic mean of 40 and 60.
    let request = "What is the harmonic mean of 40 and 60? Use code.";
    assert_eq!(
        mean_miscomputed(request, "2400\n"),
        Some(("harmonic", "statistics.harmonic_mean([40, 60])".into()))
    );
    let hint = uncomputed(request, "print(40 * 60)", "2400\n").unwrap();
    assert!(hint.undone);
    assert!(
        hint.text.contains("not the harmonic mean")
            && hint.text.contains("statistics.harmonic_mean([40, 60])"),
        "{}",
        hint.text
    );
    // Right, however it was rounded.
    for right in ["48\n", "48.0\n", "47.99999999999999\n"] {
        assert_eq!(mean_miscomputed(request, right), None, "{right}");
    }
    let geometric = "What is the geometric mean of 2 and 32? Use code.";
    assert_eq!(mean_miscomputed(geometric, "8.0\n"), None);
    assert_eq!(
        mean_miscomputed(geometric, "17.0\n").map(|(k, _)| k),
        Some("geometric")
    );
    // No such mean asked.
    assert_eq!(
        mean_miscomputed("What is the mean of 2 and 32? Use code.", "17\n"),
        None
    );
}

#[test]
fn tax_included_in_a_price_taken_as_added_is_told_how_it_is_inside() {
    // Twenty-eighth set, task 9 (0.5B): 59.50 × 0.19.
    let request =
        "How much VAT is included in a price of 59.50 at 19% VAT, rounded to cents? Use code.";
    let code = "price = 59.50\nvat_rate = 0.19\nvat = price * vat_rate\nprint(round(vat, 2))";
    assert_eq!(included_tax_added(request, code), Some("19".into()));
    let hint = uncomputed(request, code, "11.3\n").unwrap();
    assert!(hint.undone);
    assert!(
        hint.text.contains("price × 19 / (100 + 19)"),
        "{}",
        hint.text
    );
    assert_eq!(
        included_tax_added(request, "price = 59.50\nprint(round(price * 19 / 100, 2))"),
        Some("19".into())
    );
    // Taken out of the gross price: right.
    for right in [
        "print(round(59.50 - 59.50 / 1.19, 2))",
        "print(round(59.50 * 19 / 119, 2))",
        "rate = 0.19\nprint(round(59.50 * rate / (1 + rate), 2))",
    ] {
        assert_eq!(included_tax_added(request, right), None, "{right}");
    }
    // Tax on top: not this.
    assert_eq!(
        included_tax_added("What is 59.50 plus 19% VAT? Use code.", code),
        None
    );
}

#[test]
fn the_clock_read_for_a_given_date_is_told_the_date_and_begins_the_reply_with_it() {
    // Twenty-eighth set, task 8 (0.5B): told to write 2027, it began from 2032-02-28.
    let request = "What is the first Friday after 2027-02-28? Use code.";
    let code = "import datetime\nd = datetime.date.today()\nprint(d + datetime.timedelta(days=(4 - d.weekday()) % 7))";
    let hint = uncomputed(request, code, "2026-12-11\n").unwrap();
    assert!(
        hint.text
            .contains("my request gives its dates (2027-02-28)")
            && !hint.text.contains("write 2027 into the code"),
        "{}",
        hint.text
    );
    let h = runs_ending(
        request,
        &[(code, &format!("2026-12-11\n\n({})", hint.text))],
        true,
    );
    assert_eq!(
        retry_start(&h).map(|(start, _)| start).as_deref(),
        Some("```python\nimport datetime\nday = datetime.date(2027, 2, 28)\n")
    );
}

#[test]
fn a_growth_rate_without_its_root_is_told_how_a_compound_rate_grows() {
    // Twenty-eighth set, task 12 (0.5B): the growth raised to the 4th power.
    let request = "What is the compound annual growth rate from 100 to 150 over 4 years, as a percentage rounded to 2 decimals? Use code.";
    let code = "initial_value = 100\nfinal_value = 150\ngrowth_rate = ((final_value - initial_value) / initial_value) ** 4\nprint(round(growth_rate, 2))";
    assert!(growth_rate_unrooted(request, code));
    let hint = uncomputed(request, code, "0.06\n").unwrap();
    assert!(
        hint.text.contains("`(end / start) ** (1 / years) - 1`"),
        "{}",
        hint.text
    );
    for right in [
        "print(round(((150 / 100) ** (1 / 4) - 1) * 100, 2))",
        "print(round((pow(150 / 100, 1 / 4) - 1) * 100, 2))",
        "print(round((1.5 ** 0.25 - 1) * 100, 2))",
    ] {
        assert!(!growth_rate_unrooted(request, right), "{right}");
    }
    assert!(!growth_rate_unrooted(
        "What is 100 grown by 5% for 4 years? Use code.",
        code
    ));
}

#[test]
fn what_is_needed_rounded_to_the_nearest_is_told_to_round_up() {
    // Twenty-eighth set, task 10 (0.5B): `round(81 / 8)`.
    let request =
        "How many pizzas of 8 slices are needed for 27 people who each eat 3 slices? Use code.";
    let code = "total = 27 * 3\npizzas = round(total / 8)\nprint(pizzas)";
    assert!(needed_rounded_to_nearest(request, code, "10\n"));
    let hint = uncomputed(request, code, "10\n").unwrap();
    assert!(hint.undone);
    assert!(
        hint.text.contains("`math.ceil(...)` of the division"),
        "{}",
        hint.text
    );
    // Rounded up, two numbers that divide, or nothing needed: not this.
    assert!(!needed_rounded_to_nearest(
        request,
        "import math\nprint(math.ceil(27 * 3 / 8))",
        "11\n"
    ));
    assert!(!needed_rounded_to_nearest(
        "How many boxes of 8 are needed for 80 cups? Use code.",
        "print(round(80 / 8))",
        "10\n"
    ));
    assert!(!needed_rounded_to_nearest(
        "How many slices do 27 people eat at 3 each, shared by 8? Use code.",
        code,
        "10\n"
    ));
}

#[test]
fn whole_lines_of_a_file_looked_for_are_told_what_the_lines_share() {
    // Twenty-eighth set, task 17 (0.5B).
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(
        dir.path().join("results.txt"),
        "test_login PASSED\ntest_logout PASSED\ntest_signup FAILED\ntest_cart PASSED\ntest_checkout FAILED\n",
    )
    .unwrap();
    let request = "What percentage of the tests in results.txt passed, rounded to one decimal?";
    let code = "with open('results.txt') as f:\n    lines = f.readlines()\npassed = sum(1 for l in lines if l.strip().startswith('test_login PASSED') or l.strip().startswith('test_logout PASSED'))\nprint(f'{passed / len(lines) * 100:.1f}%')";
    assert_eq!(
        whole_lines_searched(request, code, dir.path()),
        Some((
            "test_login PASSED".into(),
            "results.txt".into(),
            "PASSED".into()
        ))
    );
    let hint = uncomputed_in(request, code, "40.0%\n", dir.path()).unwrap();
    assert!(hint.undone);
    assert!(hint.text.contains("`'PASSED' in line`"), "{}", hint.text);
    // The word itself looked for: right.
    let right = "lines = open('results.txt').read().splitlines()\nprint(round(sum('PASSED' in l for l in lines) / len(lines) * 100, 1))";
    assert_eq!(whole_lines_searched(request, right, dir.path()), None);
}

#[test]
fn a_setting_read_from_its_commented_default_is_told_to_skip_comments() {
    // Twenty-eighth set, task 27 (0.5B).
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(
        dir.path().join("postgresql.conf"),
        "# PostgreSQL configuration\n#max_connections = 100\nport = 5432\nmax_connections = 250\t\t# (change requires restart)\n",
    )
    .unwrap();
    let request = "What is max_connections set to in postgresql.conf?";
    assert_eq!(
        commented_setting_read(request, "max_connections set to 100\n", dir.path()),
        Some((
            "#max_connections = 100".into(),
            "postgresql.conf".into(),
            "max_connections".into()
        ))
    );
    let code = "import re\ntext = open('postgresql.conf').read()\nm = re.search(r'max_connections = (\\d+)', text)\nprint(f'max_connections set to {m.group(1)}')";
    let hint = uncomputed_in(request, code, "max_connections set to 100\n", dir.path()).unwrap();
    assert!(hint.undone);
    assert!(
        hint.text
            .contains("a line that starts with `#` sets nothing")
            && hint
                .text
                .contains("re.search(r'^max_connections\\s*=\\s*(\\S+)', text, re.M)"),
        "{}",
        hint.text
    );
    // The set value printed: right.
    assert_eq!(commented_setting_read(request, "250\n", dir.path()), None);
    assert_eq!(
        uncomputed_in(request, code, "max_connections set to 250\n", dir.path()),
        None
    );
}

#[test]
fn a_dotfiles_variant_is_a_file_name() {
    // Twenty-eighth set, task 33 (0.5B): nothing saw .env.example as named.
    assert_eq!(
        named_files("Which variable in .env.example has no value?"),
        vec![".env.example"]
    );
    assert_eq!(
        named_files("Compare .env.local with .env."),
        vec![".env.local", ".env"]
    );
    // Not a sentence's words joined by a dot.
    assert!(named_files("It is the .env.whatever-it-is file").is_empty());
}

#[test]
fn a_hash_inside_a_string_is_no_comment() {
    let code = "import re\ncontent = open('CHANGELOG.md').read()\nheadings = re.findall(r'# (.+)', content)  # the headings\ntitle = \"\"\"a # b\nc # d\"\"\" # gone\nprint(max(headings))";
    let bare = uncommented(code);
    assert!(bare.contains("re.findall(r'# (.+)', content)"), "{bare}");
    assert!(!bare.contains("the headings"), "{bare}");
    assert!(bare.contains("c # d\"\"\""), "{bare}");
    assert!(!bare.contains("gone"), "{bare}");
    // An escaped quote does not close the string; a quote left open ends with its line.
    let escaped = uncommented("s = 'it\\'s # here' # not\nt = 'open # x\nu = 1 # comment");
    assert!(escaped.contains("'it\\'s # here'"), "{escaped}");
    assert!(!escaped.contains("not"), "{escaped}");
    assert!(escaped.contains("u = 1 \n"), "{escaped}");
    // The 1.5B model's code used `content`: it is not told it never did.
    let here = tempfile::tempdir().unwrap();
    std::fs::write(
        here.path().join("CHANGELOG.md"),
        "# Changelog\n\n## 2.10.0 - 2026-11-20\n- Dark mode\n\n## 2.9.3 - 2026-10-02\n",
    )
    .unwrap();
    let code = "import re\nwith open('CHANGELOG.md', 'r') as file:\n    content = file.read()\nheadings = re.findall(r'# (.+)', content)\nnewest_version = max(headings, key=lambda x: x.split()[0])\nprint(newest_version)";
    let request = "What is the newest version listed in the headings of CHANGELOG.md?";
    let hint = uncomputed_in(request, code, "Changelog\n", here.path());
    assert!(
        !hint.is_some_and(|h| h.text.contains("never used `content`")),
        "told it never used content"
    );
}

#[test]
fn a_value_compared_in_another_case_comes_before_a_missed_date() {
    let here = tempfile::tempdir().unwrap();
    std::fs::write(
        here.path().join("tasks.csv"),
        "task,due,done\nInvoice March,2026-11-20,yes\nRenew domain,2026-11-28,no\nTax form,2026-12-01,no\n",
    )
    .unwrap();
    let code = "import csv\nfrom datetime import datetime\nwith open('tasks.csv', mode='r') as file:\n    tasks = list(csv.DictReader(file))\noverdue = [t for t in tasks if datetime.strptime(t['due'], '%Y-%m-%d') < datetime.strptime('2026-12-01', '%Y-%m-%d') and t['done'] == 'No']\nprint(len(overdue))";
    let hint = run_hint("python", code, "0\n", false, here.path()).unwrap();
    assert!(
        hint.text.contains("`tasks.csv` writes `no`, not `No`"),
        "{}",
        hint.text
    );
    assert!(hint.undone);
}

#[test]
fn values_compared_and_added_up_are_no_count_of_all_lines() {
    let here = tempfile::tempdir().unwrap();
    std::fs::write(
        here.path().join("rsvp.csv"),
        "name,answer,guests\nAna,yes,2\nBen,no,0\nCleo,yes,1\nDev,maybe,3\nEli,yes,4\nFay,no,2\n",
    )
    .unwrap();
    let request = "How many guests in total said yes in rsvp.csv?";
    let code = "import csv\nwith open('rsvp.csv', mode='r', encoding='utf-8') as file:\n    data = list(csv.DictReader(file))\nyes_rows = [row for row in data if row['answer'] == 'yes']\ntotal_guests = sum(int(row['guests']) for row in yes_rows)\nprint(f\"Total guests who said yes: {total_guests}\")";
    assert_eq!(
        all_lines_counted(request, code, "Total guests who said yes: 7\n", here.path()),
        None
    );
    // Lines counted whole are still told.
    let counted = "with open('rsvp.csv') as f:\n    print(len(f.readlines()))";
    assert!(all_lines_counted(request, counted, "7\n", here.path()).is_some());
}

#[test]
fn an_indexed_csv_reader_is_told_to_take_its_header_with_next() {
    let code = "import csv\nwith open('data.csv') as file:\n    reader = csv.reader(file)\n    next(reader)\n    i = reader[0].index('email')";
    let output = "Traceback (most recent call last):\n  File \"<cell 1>\", line 5, in <module>\nTypeError: '_csv.reader' object is not subscriptable\n";
    let hint = failed_python(code, output).unwrap();
    assert!(
        hint.text.contains("`header = next(reader)`"),
        "{}",
        hint.text
    );
    let dict =
        "Traceback (most recent call last):\nTypeError: 'DictReader' object is not subscriptable\n";
    let hint = failed_python(code, dict).unwrap();
    assert!(hint.text.contains("cannot be indexed"), "{}", hint.text);
}

#[test]
fn a_division_by_lines_split_at_newlines_counts_the_empty_last_one() {
    let here = tempfile::tempdir().unwrap();
    std::fs::write(
        here.path().join("results.txt"),
        "test_login PASSED\ntest_logout PASSED\ntest_signup FAILED\ntest_cart PASSED\ntest_checkout FAILED\ntest_search PASSED\ntest_profile PASSED\n",
    )
    .unwrap();
    let request = "What percentage of the tests in results.txt passed, rounded to one decimal?";
    let code = "results = computer.files.read(\"results.txt\")\nlines = results.split(\"\\n\")\npassed = sum(1 for line in lines if line.endswith(\" PASSED\"))\ntotal_lines = len(lines)\npercentage = (passed / total_lines) * 100\nprint(f\"{round(percentage, 1)}% passed\")";
    let hint = uncomputed_in(request, code, "62.5% passed\n", here.path()).unwrap();
    assert!(
        hint.text.contains("your code divides by `len(lines)`, one line too many: `results.txt` ends with a newline, so `split(\"\\n\")` leaves an empty string"),
        "{}",
        hint.text
    );
    // Divided by `len()` itself, the average of characters per line.
    let average = "content = open('results.txt').read()\nlines = content.split('\\n')\nprint(round(sum(len(l) for l in lines) / len(lines), 1))";
    assert!(trailing_empty_divided(average, here.path()).is_some());
    // Not when the empty string is dropped, the lines are split otherwise, or nothing divides.
    for fine in [
        "lines = open('results.txt').read().split('\\n')\nlines = [l for l in lines if l]\nprint(1 / len(lines))",
        "lines = open('results.txt').read().split('\\n')\nlines.pop()\nprint(1 / len(lines))",
        "lines = open('results.txt').read().splitlines()\nprint(1 / len(lines))",
        "lines = open('results.txt').read().strip().split('\\n')\nprint(1 / len(lines))",
        "lines = open('results.txt').read().split('\\n')\nprint(len(lines) / 2)",
        "lines = open('results.txt').read().split('\\n')\nlength = len(lines)\nprint(1 / lengths)",
    ] {
        assert_eq!(trailing_empty_divided(fine, here.path()), None, "{fine}");
    }
    // Nor for a file with no newline at its end.
    std::fs::write(here.path().join("results.txt"), "a PASSED\nb FAILED").unwrap();
    assert_eq!(trailing_empty_divided(average, here.path()), None);
}

#[test]
fn a_weekday_hint_reaches_the_date_where_the_line_holds_it() {
    let here = tempfile::tempdir().unwrap();
    std::fs::write(
        here.path().join("daily.csv"),
        "date,amount\n2026-11-02,120\n2026-11-03,95\n",
    )
    .unwrap();
    std::fs::write(here.path().join("visits.txt"), "2026-11-02\n2026-11-03\n").unwrap();
    std::fs::write(
        here.path().join("log.txt"),
        "120 2026-11-02 ok\n95 2026-11-03 ok\n",
    )
    .unwrap();
    let request = "Which weekday had the highest sales in daily.csv?";
    let dict = "import csv\nrows = list(csv.DictReader(open('daily.csv')))\nfor row in rows:\n    weekday = row['date'].split()[0]";
    assert_eq!(
        file_dates_weekday_unasked(request, dict, here.path()).map(|f| f.2),
        Some("row['date']".to_string())
    );
    let plain = "for line in open('daily.csv'):\n    day = line[:10]";
    assert_eq!(
        file_dates_weekday_unasked(request, plain, here.path()).map(|f| f.2),
        Some("line.split(',')[0]".to_string())
    );
    let whole = "Which weekday has the most visits in visits.txt?";
    assert_eq!(
        file_dates_weekday_unasked(whole, plain, here.path()).map(|f| f.2),
        Some("line.strip()".to_string())
    );
    let spaced = "Which weekday is most common in log.txt?";
    assert_eq!(
        file_dates_weekday_unasked(spaced, plain, here.path()).map(|f| f.2),
        Some("line.split()[1]".to_string())
    );
    let weekend = "What is the average amount on weekend days in daily.csv?";
    assert!(file_dates_weekday_unasked(weekend, dict, here.path()).is_some());
    let hint = uncomputed_in(request, dict, "2026-11-04\n", here.path()).unwrap();
    assert!(
        hint.text
            .contains("`datetime.date.fromisoformat(row['date']).strftime('%A')`"),
        "{}",
        hint.text
    );
}

#[test]
fn a_whole_time_printed_for_an_hour_is_told_to_group_by_the_hour() {
    let request = "Which hour of the day has the most entries in events.log?";
    let code = "import re\nlog = computer.files.read('events.log')\nhours = re.findall(r'\\d{2}:\\d{2}:\\d{2}', log)\nprint(max(set(hours), key=hours.count))";
    assert_eq!(
        whole_time_for_hour(request, "The hour with the most entries is 08:15:02\n"),
        Some(("08:15:02".to_string(), false))
    );
    assert_eq!(
        whole_time_for_hour(request, "The hour with the most entries is 2026-11-30.\n"),
        Some(("2026-11-30".to_string(), true))
    );
    let hint = uncomputed(
        request,
        code,
        "The hour with the most entries is 08:15:02\n",
    )
    .unwrap();
    assert!(
        hint.text.contains("Group the entries by their hour alone"),
        "{}",
        hint.text
    );
    // An hour printed as an hour, or a request about minutes, is left alone.
    assert_eq!(whole_time_for_hour(request, "09:00\n"), None);
    assert_eq!(
        whole_time_for_hour(request, "Hour 14 (on 2026-11-30)\n"),
        None
    );
    assert_eq!(
        whole_time_for_hour(request, "The busiest hour is 9.\n"),
        None
    );
    assert_eq!(
        whole_time_for_hour(
            "Which hour and minute is the busiest in events.log?",
            "08:15\n"
        ),
        None
    );
    assert_eq!(
        whole_time_for_hour("What time is it in Tokyo?", "08:15\n"),
        None
    );
}

#[test]
fn three_digit_hex_colours_left_out_of_a_six_digit_pattern_are_told() {
    let here = tempfile::tempdir().unwrap();
    std::fs::write(
        here.path().join("style.css"),
        "body { color: #333; background: #fafafa; }\na { color: #0066cc; }\n",
    )
    .unwrap();
    let request = "How many hex colour codes are in style.css?";
    let six = "import re\ncss = open('style.css').read()\nprint(len(re.findall(r'#[0-9a-fA-F]{6}', css)))";
    assert_eq!(
        short_hex_missed(request, six, here.path()),
        Some(("#333".to_string(), "style.css".to_string()))
    );
    let hint = uncomputed_in(request, six, "2\n", here.path()).unwrap();
    assert!(
        hint.text.contains("(`#333` in `style.css`)"),
        "{}",
        hint.text
    );
    let both = "import re\ncss = open('style.css').read()\nprint(len(re.findall(r'#(?:[0-9a-fA-F]{6}|[0-9a-fA-F]{3})\\b', css)))";
    assert_eq!(short_hex_missed(request, both, here.path()), None);
    // Only six-digit colours in the file: nothing to say.
    std::fs::write(here.path().join("style.css"), "a { color: #0066cc; }\n").unwrap();
    assert_eq!(short_hex_missed(request, six, here.path()), None);
}

#[test]
fn a_doubled_word_in_two_cases_is_told_to_compare_lowercased() {
    let here = tempfile::tempdir().unwrap();
    std::fs::write(
        here.path().join("notes.txt"),
        "We went to the the market.\nIt was was busy.\nAnd and that was all.\n",
    )
    .unwrap();
    let request =
        "How many times does a word repeat right after itself in notes.txt (like 'the the')?";
    let code = "import re\nnotes = computer.files.read('notes.txt')\nprint(len(re.findall(r'\\b(\\w+)\\b \\1', notes)))";
    assert_eq!(
        doubled_in_other_case(request, code, here.path()),
        Some(("And and".to_string(), "notes.txt".to_string()))
    );
    let hint = uncomputed_in(request, code, "2\n", here.path()).unwrap();
    assert!(hint.text.contains("(`And and`)"), "{}", hint.text);
    let caseless = "import re\nnotes = computer.files.read('notes.txt')\nprint(len(re.findall(r'\\b(\\w+) \\1\\b', notes, re.IGNORECASE)))";
    assert_eq!(doubled_in_other_case(request, caseless, here.path()), None);
}

#[test]
fn an_edit_distance_beyond_its_bounds_is_told_how_to_build_the_table() {
    let request = "What is the Levenshtein distance between 'kitten' and 'sitting'? Use code.";
    assert_eq!(edit_distance_out_of_bounds(request, "9\n"), Some((9, 1, 7)));
    assert_eq!(edit_distance_out_of_bounds(request, "0\n"), Some((0, 1, 7)));
    assert_eq!(edit_distance_out_of_bounds(request, "3\n"), None);
    assert_eq!(edit_distance_out_of_bounds(request, "5\n"), None);
    let code = "def lev(a, b):\n    return 9\nprint(lev('kitten', 'sitting'))";
    let hint = uncomputed(request, code, "9\n").unwrap();
    assert!(
        hint.text
            .contains("at least 1 (their lengths' difference) and at most 7"),
        "{}",
        hint.text
    );
    assert!(!hint.text.contains(" 3 "), "{}", hint.text);
}

#[test]
fn an_amount_rounded_to_cents_times_100_is_told_to_round_the_amount() {
    let request =
        "How much VAT is included in a price of 59.50 at 19% VAT, rounded to cents? Use code.";
    let code = "price = 59.50\nvat_rate = 0.19\nvat_amount = price / (1 + vat_rate) * vat_rate\nrounded = round(vat_amount * 100, 2)  # cents\nprint(rounded)";
    assert_eq!(
        cents_multiplied(request, code),
        Some((
            "round(vat_amount * 100, 2)".to_string(),
            "vat_amount".to_string()
        ))
    );
    let hint = uncomputed(request, code, "950.0\n").unwrap();
    assert!(
        hint.text
            .contains("round the amount, `round(vat_amount, 2)`"),
        "{}",
        hint.text
    );
    // Divided back, or a request with no cents: nothing to say.
    let back = "x = 9.4956\nprint(round(x * 100) / 100)";
    assert_eq!(cents_multiplied(request, back), None);
    assert_eq!(
        cents_multiplied("What is 19% of 59.50, as a percentage?", code),
        None
    );
}

#[test]
fn a_digit_asked_and_none_printed_is_told_to_try_each() {
    let request =
        "What digit must be appended to 7992739871 for it to pass the Luhn check? Use code.";
    let code = "number = 7992739871\nprint(f\"The number {number} is not valid according to the Luhn check.\")";
    let printed = "The number 7992739871 is not valid according to the Luhn check.\n";
    assert!(digit_unprinted(request, printed));
    let hint = uncomputed(request, code, printed).unwrap();
    assert!(hint.text.contains("`for d in range(10):`"), "{}", hint.text);
    assert!(!digit_unprinted(request, "3\n"));
    assert!(!digit_unprinted(request, "Append 3 to 7992739871.\n"));
    assert!(!digit_unprinted(
        "What is the sum of the digits of 7992739871? Use code.",
        printed
    ));
}

#[test]
fn a_geometric_sequence_without_its_ratio_is_told_the_ratio() {
    let request = "What is the 10th term of the geometric sequence 3, 6, 12, ...? Use code.";
    let code = "def geometric_sequence_term(a, r, n):\n    return a * r ** (n - 1)\nterm_10 = geometric_sequence_term(3, 6, 10)\nprint(term_10)";
    assert_eq!(
        geometric_ratio_unused(request, code),
        Some(("3".to_string(), "6".to_string(), "2".to_string()))
    );
    let hint = uncomputed(request, code, "30233088\n").unwrap();
    assert!(hint.text.contains("6 / 3 = 2"), "{}", hint.text);
    assert!(!hint.text.contains("1536"), "{}", hint.text);
    for fine in [
        "print(3 * 2 ** 9)",
        "seq = [3, 6, 12]\nr = seq[1] / seq[0]\nprint(seq[0] * r ** 9)",
    ] {
        assert_eq!(geometric_ratio_unused(request, fine), None, "{fine}");
    }
    // Not a geometric sequence's terms: nothing to say.
    assert_eq!(
        geometric_ratio_unused(
            "What is the 10th term of the geometric sequence 3, 6, 10? Use code.",
            code
        ),
        None
    );
}

#[test]
fn an_answer_that_again_says_its_own_value_is_asked_a_second_time_then_begun() {
    // Twenty-ninth set, task 7 (0.5B): its code printed 20, it answered 10, was told to answer
    // with 20, and answered 10 again.
    let request = "What is the smallest whole number n for which 2 to the power n is more than one million? Use code.";
    let mut h = runs(
        request,
        &[(
            "n = 10\nwhile 2 ** n <= 1_000_000:\n    n += 1\nprint(n)",
            "20\n",
        )],
    );
    let first = unused_output_nudge(&h, "The smallest whole number n is 10.").unwrap();
    assert!(
        first.contains("Your answer says 10, but your code printed 20."),
        "{first}"
    );
    for item in corrected("The smallest whole number n is 10.", "c2", &first) {
        h.push(item);
    }
    let second = unused_output_nudge(&h, "It is n = 10.").unwrap();
    assert!(second.contains(ANSWER_WITH), "{second}");
    // A second time only for a value of its own: an answer with no value is not asked again.
    assert_eq!(unused_output_nudge(&h, "Done."), None);
    for item in corrected("It is n = 10.", "c3", &second) {
        h.push(item);
    }
    // Told twice: its next answer is begun with the value, and a third time is not asked.
    assert_eq!(
        stuck_view(&h, Path::new("/nonexistent-folder"))
            .and_then(|s| s.answer_start)
            .as_deref(),
        Some("The answer is 20.")
    );
    assert_eq!(unused_output_nudge(&h, "It is 10."), None);
}

#[test]
fn a_prime_asked_and_a_composite_printed_is_told_its_divisor() {
    let request = "What is the next prime number after 1000? Use code.";
    assert_eq!(not_prime_printed(request, "1001\n"), Some((1001, 7)));
    let hint = uncomputed(request, "print(next_prime(1000))", "1001\n").unwrap();
    assert!(
        hint.text.contains("1001 is not prime: it is 7 × 143"),
        "{}",
        hint.text
    );
    assert!(!hint.text.contains("1009"), "{}", hint.text);
    assert_eq!(not_prime_printed(request, "1009\n"), None);
    assert_eq!(
        not_prime_printed(request, "The next prime after 1000 is 1009.\n"),
        None
    );
    // A count, a sum, or a request about something else made of primes: left alone.
    assert_eq!(
        not_prime_printed("How many prime numbers are below 500? Use code.", "95\n"),
        None
    );
    assert_eq!(
        not_prime_printed("What is the sum of the primes below 20? Use code.", "77\n"),
        None
    );
    assert_eq!(
        not_prime_printed("What is 1000 + 1? Use code.", "1001\n"),
        None
    );
}

#[test]
fn a_total_in_the_unit_given_where_a_larger_one_is_asked_is_told_to_divide() {
    let request = "What is the total length in hours of the videos in videos.json, whose durations are in seconds? Round to 2 decimals.";
    let code = "import json\nvideos = json.load(open('videos.json'))\nprint(round(sum(v['duration'] for v in videos), 2))";
    assert_eq!(
        time_unit_unconverted(request, code),
        Some(("seconds", "hours", 3600))
    );
    let hint = uncomputed(request, code, "9000\n").unwrap();
    assert!(
        hint.text
            .contains("One hour is 3600 seconds: divide the total in seconds by 3600."),
        "{}",
        hint.text
    );
    for fine in [
        "print(round(sum(v['duration'] for v in videos) / 3600, 2))",
        "print(round(sum(v['duration'] for v in videos) / 60 / 60, 2))",
        "import datetime\nprint(datetime.timedelta(seconds=9000).total_seconds() / 3600)",
    ] {
        assert_eq!(time_unit_unconverted(request, fine), None, "{fine}");
    }
    // The unit given is the one asked: nothing to convert.
    assert_eq!(
        time_unit_unconverted(
            "What is the total length in seconds of the videos in videos.json?",
            code
        ),
        None
    );
}

#[test]
fn a_value_printed_in_another_unit_than_the_one_asked_is_told_to_convert_it() {
    // The 0.5B model's own code for the two pumps (thirty-fifth set, task 2).
    let request = "One pump empties a pool in 6 hours and a second pump empties it in 10 hours. How many minutes do the two take working together? Use code.";
    let code = "work_rate_pump1 = 1 / 6\nwork_rate_pump2 = 1 / 10\ncombined_work_rate = work_rate_pump1 + work_rate_pump2\ntime_to_empty = 1 / combined_work_rate\nprint(f\"Time to empty the pool together: {time_to_empty} hours\")";
    let out = "Time to empty the pool together: 3.75 hours\n";
    assert_eq!(
        other_unit_printed(request, out.trim()),
        Some(OtherUnit {
            asked: "minutes".into(),
            printed: "hours".into(),
            shown: "3.75 hours".into(),
            factor: "60".into(),
            multiply: true,
        })
    );
    let twice = "print(f\"Time to empty the pool together: {time_to_empty} hours\")\n".repeat(2);
    let hint = uncomputed(request, &format!("{code}\n{twice}"), &out.repeat(2)).unwrap();
    assert!(hint.undone);
    assert!(
        hint.text.contains("my request asks for minutes, and your code printed hours (`3.75 hours`). Turn it into minutes in the code that computes it (one hour is 60 minutes: multiply by 60)"),
        "{}",
        hint.text
    );
    // On one line, before the hint of a factor missing from the code.
    let once = uncomputed(request, code, out).unwrap();
    assert!(once.text.contains("multiply by 60"), "{}", once.text);
    // The other way round, and short forms: metres asked, millimetres... kilometres printed.
    let walked = other_unit_printed(
        "How many metres does she walk in a week at 2.5 km a day? Use code.",
        "Total: 17.5 km",
    )
    .unwrap();
    assert_eq!((walked.factor.as_str(), walked.multiply), ("1000", true));
    let small =
        other_unit_printed("How many hours is 90 minutes? Use code.", "5400 seconds").unwrap();
    assert_eq!((small.factor.as_str(), small.multiply), ("3600", false));
    assert!(small.shown == "5400 seconds");
    for (request, printed) in [
        // The unit asked is printed too, or printed alone, or only the request's own numbers
        // in the other unit.
        (request, "3.75 hours = 225.0 minutes"),
        (request, "225.0"),
        (request, "Pump 1: 6 hours, pump 2: 10 hours\n225.0"),
        // Spelled otherwise, the same unit.
        (
            "How many litres of water must be added? Use code.",
            "Add 6.0 liters",
        ),
        // A rate is not the quantity, nor is a unit of another kind.
        (
            "How many kilometres does the train travel in 2 hours? Use code.",
            "Speed 80 km/h",
        ),
        (
            "How many kilometres does the train travel in 2 hours? Use code.",
            "160.0 minutes",
        ),
        // The data's unit is said, not asked.
        (
            "What is the total of durations.txt, whose durations are in seconds?",
            "12 minutes",
        ),
        // A timedelta has its own hint.
        (
            "How many hours are between 2027-03-01 08:00 and 2027-03-03 20:30?",
            "2 days, 12:30:00",
        ),
        // Nothing asked in a unit.
        ("How many files are in build? Use code.", "3 days"),
    ] {
        assert_eq!(
            other_unit_printed(request, printed),
            None,
            "{request} / {printed}"
        );
    }
}

#[test]
fn a_check_digit_that_is_no_digit_is_told_the_standards_way() {
    let request =
        "What is the check digit of the EAN-13 barcode that starts with 400638133393? Use code.";
    let printed = "The check digit of the EAN-13 barcode is: 11\n";
    let (n, digit, how) = check_digit_wrong(request, printed).unwrap();
    assert_eq!((n.as_str(), digit), ("11", false));
    assert!(how.contains("`(10 - total % 10) % 10`"), "{how}");
    let hint = uncomputed(request, "print(10 - (int(ean[-1]) - 4))", printed).unwrap();
    assert!(
        hint.text
            .contains("a check digit is one digit, 0 to 9, and your code printed 11"),
        "{}",
        hint.text
    );
    // The right digit of each standard passes; another digit is told it fails the check.
    assert_eq!(check_digit_wrong(request, "The check digit is 1.\n"), None);
    let unweighted = "The check digit of the EAN-13 barcode 400638133393 is 4.\n";
    assert_eq!(
        check_digit_wrong(request, unweighted).map(|c| c.1),
        Some(true)
    );
    let hint = uncomputed(request, "print(4)", unweighted).unwrap();
    assert!(
        hint.text
            .contains("with 4 as its check digit the number fails that very check"),
        "{}",
        hint.text
    );
    let isbn = "What is the ISBN-10 check digit for the first nine digits 030640615? Use code.";
    assert!(check_digit_wrong(isbn, "12\n").is_some_and(|(_, _, how)| how.contains("% 11")));
    assert_eq!(check_digit_wrong(isbn, "2\n"), None);
    assert!(check_digit_wrong(isbn, "5\n").is_some());
    let luhn = "What digit must be appended to 7992739871 for it to pass the Luhn check? Use code.";
    let luhn_check = "What is the Luhn check digit of 7992739871? Use code.";
    assert_eq!(check_digit_wrong(luhn_check, "3\n"), None);
    assert!(check_digit_wrong(luhn_check, "7\n").is_some());
    // A digit asked for a standard's check is checked too.
    assert!(check_digit_wrong(luhn, "The digit is 4.\n").is_some_and(|c| c.1));
    assert_eq!(check_digit_wrong(luhn, "The digit is 3.\n"), None);
}

#[test]
fn a_checklist_counted_by_the_other_mark_or_from_the_start_is_told() {
    let here = tempfile::tempdir().unwrap();
    std::fs::write(
        here.path().join("todo.md"),
        "# Release\n\n- [x] Write changelog\n- [ ] Tag the release\n- [ ] Publish packages\n  - [ ] crates.io\n  - [X] npm\n",
    )
    .unwrap();
    let request = "How many unchecked items are in todo.md?";
    let checked = "lines = open('todo.md').readlines()\nprint(sum(1 for line in lines if line.startswith('- [x]')))";
    let said = checkbox_miscounted(request, checked, here.path()).unwrap();
    assert!(said.contains("an unchecked item is `- [ ]`"), "{said}");
    let hint = uncomputed_in(request, checked, "1\n", here.path()).unwrap();
    assert!(hint.text.contains("looked for `[x]`"), "{}", hint.text);
    let from_start = "lines = open('todo.md').readlines()\nprint(sum(1 for line in lines if line.startswith('- [ ]')))";
    let said = checkbox_miscounted(request, from_start, here.path()).unwrap();
    assert!(said.contains("(`  - [ ] crates.io`)"), "{said}");
    let right = "lines = open('todo.md').readlines()\nprint(sum(1 for line in lines if line.strip().startswith('- [ ]')))";
    assert_eq!(checkbox_miscounted(request, right, here.path()), None);
    let done = "How many checked items are in todo.md?";
    assert!(
        checkbox_miscounted(done, from_start, here.path())
            .is_some_and(|s| s.contains("the mark of an unchecked one"))
    );
}

#[test]
fn all_of_them_printed_for_the_most_common_one_is_told_to_count() {
    let request = "What is the most common file extension in paths.txt?";
    let code = "with open('paths.txt') as file:\n    lines = file.readlines()\nfile_extensions = set()\nfor line in lines:\n    file_extensions.add(line.strip().split()[-1])\nprint('The most common file extension in paths.txt is:', file_extensions)";
    let printed = "The most common file extension in paths.txt is: {'backup.tar.gz', 'src/main.py', 'README.md', 'docs/api.md'}\n";
    assert!(most_common_uncounted(request, code, printed));
    let hint = uncomputed(request, code, printed).unwrap();
    assert!(
        hint.text.contains("`os.path.splitext(path)[1]`"),
        "{}",
        hint.text
    );
    assert!(
        hint.text.contains("`.most_common(1)[0][0]`"),
        "{}",
        hint.text
    );
    // Counted, or one printed, or counts printed (a dict): left to other checks.
    let counted = "from collections import Counter\nprint(Counter(e for e in exts))";
    assert!(!most_common_uncounted(request, counted, printed));
    assert!(!most_common_uncounted(request, code, "py\n"));
    assert!(!most_common_uncounted(
        request,
        code,
        "{'py': 4, 'md': 3, 'cfg': 1}\n"
    ));
}

#[test]
fn different_ones_counted_for_those_that_repeat_are_told_to_count_each() {
    let request = "How many customers in orders.csv ordered more than once?";
    let code = "import csv\nunique_customers = set()\nfor row in csv.reader(open('orders.csv')):\n    unique_customers.add(row[1])\nprint(len(unique_customers))";
    assert!(repeats_uncounted(request, code));
    let hint = uncomputed(request, code, "6\n").unwrap();
    assert!(
        hint.text.contains("`collections.Counter(values)`"),
        "{}",
        hint.text
    );
    let counted = "from collections import Counter\nimport csv\nc = Counter(r['customer'] for r in csv.DictReader(open('orders.csv')))\nprint(len([k for k, v in c.items() if v > 1]))";
    assert!(!repeats_uncounted(request, counted));
    // Counter imported and never called counts nothing (the same task's re-run).
    assert!(repeats_uncounted(
        request,
        &format!("from collections import Counter\n{code}")
    ));
    assert!(!repeats_uncounted(
        "How many different customers are in orders.csv?",
        code
    ));
}

#[test]
fn an_average_compared_with_but_never_computed_is_told() {
    let request = "How many employees in staff.csv earn more than the average salary?";
    let code = "import csv\nwith open('staff.csv') as file:\n    reader = csv.reader(file)\n    next(reader)\n    total_employees = 0\n    average_salary = 0\n    for row in reader:\n        salary = float(row[2])\n        if salary > average_salary:\n            total_employees += 1\nprint(total_employees)";
    assert_eq!(
        average_left_unset(request, code),
        Some(("average_salary".to_string(), "0".to_string()))
    );
    let hint = uncomputed(request, code, "7\n").unwrap();
    assert!(
        hint.text
            .contains("your code's `average_salary` stays 0, never computed"),
        "{}",
        hint.text
    );
    let computed = "import csv\nrows = list(csv.DictReader(open('staff.csv')))\naverage = 0\nsalaries = [float(r['salary']) for r in rows]\naverage = sum(salaries) / len(salaries)\nprint(sum(1 for s in salaries if s > average))";
    assert_eq!(average_left_unset(request, computed), None);
    let added = "average = 0\nfor s in salaries:\n    average += s\naverage /= n\nprint(average)";
    assert_eq!(average_left_unset(request, added), None);
}

#[test]
fn empty_cells_counted_as_empty_rows_are_told_to_look_in_each_row() {
    let request = "How many empty cells are there in grid.csv?";
    let code = "import csv\nwith open('grid.csv', 'r') as file:\n    reader = csv.reader(file)\n    empty_cells = sum(1 for row in reader if not row)\n    print(empty_cells)";
    assert_eq!(
        empty_cells_as_rows(request, code).as_deref(),
        Some("not row")
    );
    let hint = uncomputed(request, code, "0\n").unwrap();
    assert!(
        hint.text
            .contains("`sum(cell.strip() == '' for row in rows for cell in row)`"),
        "{}",
        hint.text
    );
    let cells = "import csv\nrows = list(csv.reader(open('grid.csv')))[1:]\nprint(sum(c == '' for row in rows for c in row))";
    assert_eq!(empty_cells_as_rows(request, cells), None);
    assert_eq!(
        empty_cells_as_rows("How many empty rows are in grid.csv?", code),
        None
    );
}

#[test]
fn a_share_asked_and_nothing_divided_is_told_the_quotient() {
    let request = "Which user in quota.csv has used the largest share of their limit?";
    let code = "import csv\nreader = csv.reader(open('quota.csv'))\nnext(reader)\nbest, who = 0, None\nfor row in reader:\n    if int(row[1]) > best:\n        best, who = int(row[1]), row[0]\nprint(who)";
    assert_eq!(
        share_undivided(request, code).as_deref(),
        Some("their limit")
    );
    let hint = uncomputed(request, code, "dev\n").unwrap();
    assert!(
        hint.text.contains("a share of their limit, a quotient"),
        "{}",
        hint.text
    );
    let divided = "import csv\nrows = list(csv.DictReader(open('quota.csv')))\nprint(max(rows, key=lambda r: int(r['used_gb']) / int(r['limit_gb']))['user'])";
    assert_eq!(share_undivided(request, divided), None);
}

#[test]
fn a_number_that_begins_a_longer_one_is_told_to_compare_the_whole_field() {
    let here = tempfile::tempdir().unwrap();
    std::fs::write(
        here.path().join("hosts.txt"),
        "127.0.0.1\tlocalhost\n10.0.0.5\tbackup.lan\n10.0.0.50\tprinter.lan\n",
    )
    .unwrap();
    let code = "with open('hosts.txt') as file:\n    for line in file:\n        if line.startswith('10.0.0.5'):\n            print(line.strip())";
    let both = "10.0.0.5\tbackup.lan\n10.0.0.50\tprinter.lan\n";
    assert_eq!(
        prefix_of_longer_number(code, both, here.path()),
        Some((
            "10.0.0.5".to_string(),
            "10.0.0.50".to_string(),
            "hosts.txt".to_string()
        ))
    );
    let hint = uncomputed_in(
        "Which host name in hosts.txt points to 10.0.0.5?",
        code,
        "10.0.0.5\tbackup.lan\n10.0.0.50\tprinter.lan\n",
        here.path(),
    )
    .unwrap();
    assert!(
        hint.text.contains("`line.split()[0] == '10.0.0.5'`"),
        "{}",
        hint.text
    );
    let whole = "with open('hosts.txt') as file:\n    for line in file:\n        if line.startswith('10.0.0.5\\t'):\n            print(line.split()[1])";
    assert_eq!(
        prefix_of_longer_number(whole, "backup.lan\n", here.path()),
        None
    );
    // Only the host name of the longer one printed: its line was taken all the same.
    assert!(prefix_of_longer_number(code, "backup.lan\nprinter.lan\n", here.path()).is_some());
    // The first line alone (`next(…)`): nothing of the longer one's line was taken (the 0.5B
    // model was told otherwise; twenty-ninth set, task 31's re-run).
    let first = "hosts = open('hosts.txt').readlines()\nprint(next((l for l in hosts if l.startswith('10.0.0.5')), None))";
    assert_eq!(
        prefix_of_longer_number(first, "10.0.0.5\tbackup.lan\n\n", here.path()),
        None
    );
    assert!(
        uncomputed_in(
            "Which host name in hosts.txt points to 10.0.0.5?",
            first,
            "10.0.0.5\tbackup.lan\n\n",
            here.path(),
        )
        .is_none_or(|h| !h.text.contains("took that line too"))
    );
}

#[test]
fn words_of_a_subtitle_file_counted_with_its_timings_are_told() {
    let request = "How many words are spoken in total in captions.srt?";
    let code = "import re\nlines = open('captions.srt').readlines()\nprint(sum(len(re.findall(r'\\b\\w+\\b', l)) for l in lines))";
    assert_eq!(
        subtitle_timings_counted(request, code).as_deref(),
        Some("captions.srt")
    );
    let hint = uncomputed(request, code, "41\n").unwrap();
    assert!(hint.text.contains("lines holding `-->`"), "{}", hint.text);
    let skipping = "lines = open('captions.srt').read().splitlines()\nprint(sum(len(l.split()) for l in lines if l.strip() and not l.strip().isdigit() and '-->' not in l))";
    assert_eq!(subtitle_timings_counted(request, skipping), None);
    // A function named for the format skips nothing.
    let named = "import re\ndef count_words_in_srt(caption_file):\n    with open(caption_file) as file:\n        lines = file.readlines()\n    return sum(len(re.findall(r'\\b\\w+\\b', l)) for l in lines)\nprint(count_words_in_srt('captions.srt'))";
    assert_eq!(
        subtitle_timings_counted(request, named).as_deref(),
        Some("captions.srt")
    );
    let parsed = "import srt\nsubs = list(srt.parse(open('captions.srt').read()))\nprint(sum(len(s.content.split()) for s in subs))";
    assert_eq!(subtitle_timings_counted(request, parsed), None);
}

#[test]
fn numpy_missing_is_told_the_plain_python_of_its_calls() {
    let code = "import numpy as np\nvector1 = np.array([2, -1, 3])\nvector2 = np.array([4, 6, 5])\nprint(np.dot(vector1, vector2))";
    let output = "Traceback (most recent call last):\n  File \"<cell 1>\", line 1, in <module>\n    import numpy as np\nModuleNotFoundError: No module named 'numpy'\n";
    let hint = failed_python(code, output).unwrap();
    assert!(
        hint.text
            .contains("In plain Python, `np.dot(…)` is `sum(x * y for x, y in zip(a, b))`."),
        "{}",
        hint.text
    );
    let pandas =
        "Traceback (most recent call last):\nModuleNotFoundError: No module named 'pandas'\n";
    let hint = failed_python(
        "import pandas as pd\nprint(pd.read_csv('a.csv').mean())",
        pandas,
    )
    .unwrap();
    assert!(!hint.text.contains("In plain Python"), "{}", hint.text);
}

#[test]
fn counts_of_one_kept_for_those_that_repeat_are_told_more_than_one() {
    let request = "How many customers in orders.csv ordered more than once?";
    let code = "counts = {}\nfor c in customers:\n    counts[c] = counts.get(c, 0) + 1\nonce = [c for c, count in counts.items() if count == 1]\nprint(len(once))";
    assert_eq!(
        once_kept_for_repeats(request, code).as_deref(),
        Some("count == 1")
    );
    let hint = uncomputed(request, code, "2\n").unwrap();
    assert!(
        hint.text.contains("kept those counted once (`count == 1`)"),
        "{}",
        hint.text
    );
    let right = "print(len([c for c, count in counts.items() if count > 1]))";
    assert_eq!(once_kept_for_repeats(request, right), None);
    assert_eq!(
        once_kept_for_repeats("How many customers ordered once?", code),
        None
    );
}

#[test]
fn functions_measured_by_their_def_lines_are_told_to_measure_bodies() {
    let request = "Which function in utils.py has the most lines?";
    let code = "with open('utils.py', 'r') as file:\n    lines = file.readlines()\ncounts = {}\nfor line in lines:\n    if line.strip().startswith('def '):\n        name = line.split('(')[0].split(' ')[1]\n        counts[name] = counts.get(name, 0) + 1\nprint(max(counts, key=counts.get))";
    assert_eq!(
        function_lines_uncounted(request, code).as_deref(),
        Some("utils.py")
    );
    let hint = uncomputed(request, code, "slugify\n").unwrap();
    assert!(
        hint.text.contains("`f.end_lineno - f.lineno + 1`"),
        "{}",
        hint.text
    );
    let measured = "import ast\ntext = open('utils.py').read()\nprint(max((f for f in ast.parse(text).body if isinstance(f, ast.FunctionDef)), key=lambda f: f.end_lineno - f.lineno).name)";
    assert_eq!(function_lines_uncounted(request, measured), None);
    assert_eq!(
        function_lines_uncounted("How many functions does utils.py define?", code),
        None
    );
}

#[test]
fn a_division_by_rows_with_the_header_among_them_is_told() {
    let here = tempfile::tempdir().unwrap();
    std::fs::write(
        here.path().join("survey.csv"),
        "respondent,q1,q2,q3\n1,yes,no,yes\n2,no,yes,yes\n3,yes,yes,no\n",
    )
    .unwrap();
    let request = "What percentage of the people in survey.csv answered yes to q2?";
    let code = "import csv\nwith open('survey.csv', mode='r', encoding='utf-8') as file:\n    reader = csv.reader(file)\n    data = list(reader)\nyes = [row for row in data if row[2] == 'yes']\ntotal_rows = len(data)\nprint(f\"{len(yes) / total_rows * 100:.2f}%\")";
    assert_eq!(
        header_in_total(code, here.path()),
        Some((
            "data".to_string(),
            "survey.csv".to_string(),
            "respondent,q1,q2,q3".to_string()
        ))
    );
    let hint = uncomputed_in(request, code, "50.00%\n", here.path()).unwrap();
    assert!(
        hint.text
            .contains("which counts `survey.csv`'s header row (`respondent,q1,q2,q3`)"),
        "{}",
        hint.text
    );
    for fine in [
        "import csv\nwith open('survey.csv') as file:\n    reader = csv.reader(file)\n    next(reader)\n    data = list(reader)\nprint(1 / len(data))",
        "import csv\ndata = list(csv.reader(open('survey.csv')))\nrows = data[1:]\nprint(1 / len(rows))",
        "import csv\ndata = list(csv.reader(open('survey.csv')))\nprint(len(data))",
    ] {
        assert_eq!(header_in_total(fine, here.path()), None, "{fine}");
    }
}

#[test]
fn a_dotted_address_compared_with_whole_lines_is_told_its_field() {
    let here = tempfile::tempdir().unwrap();
    std::fs::write(
        here.path().join("hosts.txt"),
        "127.0.0.1\tlocalhost\n10.0.0.4\tdb.lan\n10.0.0.5\tbackup.lan\n10.0.0.50\tprinter.lan\n",
    )
    .unwrap();
    let code = "with open('hosts.txt', 'r') as file:\n    lines = file.readlines()\nfor line in lines:\n    if line.strip() == '10.0.0.5':\n        print(line.split()[1])\n        break\nelse:\n    print('No host name found that points to 10.0.0.5.')";
    let hint = run_hint(
        "python",
        code,
        "No host name found that points to 10.0.0.5.\n",
        false,
        here.path(),
    )
    .unwrap();
    assert!(
        hint.text.contains("`hosts.txt` does hold `10.0.0.5`"),
        "{}",
        hint.text
    );
    assert!(
        hint.text.contains("`line.split()[0] == '10.0.0.5'`"),
        "{}",
        hint.text
    );
}

#[test]
fn kinds_a_column_tells_apart_left_unread_are_told_the_column() {
    let here = tempfile::tempdir().unwrap();
    std::fs::write(
        here.path().join("ledger.csv"),
        "date,type,amount\n2026-11-01,credit,2500.00\n2026-11-03,debit,820.50\n2026-11-10,debit,64.20\n2026-11-15,credit,300.00\n",
    )
    .unwrap();
    let request = "What is the net balance of ledger.csv, credits minus debits?";
    let code = "import csv\nwith open('ledger.csv', newline='') as file:\n    amounts = [float(row['amount']) for row in csv.DictReader(file)]\nprint(sum(amounts) - sum([a * -1 for a in amounts]))";
    assert_eq!(
        kinds_column_unread(request, code, here.path()),
        Some((
            "ledger.csv".to_string(),
            "type".to_string(),
            "credits and debits".to_string(),
            "credit".to_string()
        ))
    );
    let hint = uncomputed_in(request, code, "7369.4\n", here.path()).unwrap();
    assert!(
        hint.text.contains("`row['type'] == 'credit'`"),
        "{}",
        hint.text
    );
    let read = "import csv\nrows = list(csv.DictReader(open('ledger.csv')))\nprint(sum(float(r['amount']) if r['type'] == 'credit' else -float(r['amount']) for r in rows))";
    assert_eq!(kinds_column_unread(request, read, here.path()), None);
}

#[test]
fn an_answer_that_gives_back_the_requests_own_value_is_asked_for_what_stands_beside_it() {
    let request = "Which host name in hosts.txt points to 10.0.0.5?";
    let code = "for line in open('hosts.txt'):\n    if line.split()[0] == '10.0.0.5':\n        print('The host name in hosts.txt that points to 10.0.0.5 is:', line.strip())";
    let printed = "The host name in hosts.txt that points to 10.0.0.5 is: 10.0.0.5\tbackup.lan\n";
    let h = runs(request, &[(code, printed)]);
    let answer = "The host name in `hosts.txt` that points to `10.0.0.5` is `10.0.0.5`.";
    assert_eq!(
        asked_value_said_back(request, answer, printed).as_deref(),
        Some("10.0.0.5")
    );
    let nudge = unused_output_nudge(&h, answer).unwrap();
    assert!(nudge.contains("gives back 10.0.0.5"), "{nudge}");
    assert!(!nudge.contains("is backup.lan"), "{nudge}");
    assert_eq!(
        unused_output_nudge(
            &h,
            "The host name in `hosts.txt` that points to `10.0.0.5` is `backup.lan`."
        ),
        None
    );
    // The request's number is the answer where nothing else stands beside it.
    let alone = "10.0.0.5\n";
    assert_eq!(asked_value_said_back(request, answer, alone), None);
    // A value of the answer's own is no value given back.
    assert_eq!(
        asked_value_said_back("What is 12 times 12?", "12 times 12 is 144.", "144\n"),
        None
    );
    assert_eq!(
        asked_value_said_back(
            "Which port does nginx in ports.txt listen on?",
            "The port is 8080.",
            "nginx 8080\n"
        ),
        None
    );
}

#[test]
fn a_row_label_looked_up_as_a_column_is_told_loc() {
    let here = tempfile::tempdir().unwrap();
    std::fs::write(
        here.path().join("steps.csv"),
        "date,steps\n2026-11-01,6200\n2026-11-02,8100\n",
    )
    .unwrap();
    let code = "import pandas as pd\nsteps_df = pd.read_csv('steps.csv')\nsteps_df['step_difference'] = steps_df['steps'].diff()\nmax_increase_day = steps_df[steps_df['step_difference'].idxmax()]['date']\nprint(max_increase_day)";
    let output = "Traceback (most recent call last):\n  File \"<cell 1>\", line 4, in <module>\nKeyError: 5\n";
    assert_eq!(
        label_as_column(code, output),
        Some((
            "steps_df[steps_df['step_difference'].idxmax()]",
            "steps_df",
            "steps_df['step_difference'].idxmax()"
        ))
    );
    let hint = run_hint("python", code, output, true, here.path()).unwrap();
    assert!(
        hint.text
            .contains("`steps_df.loc[steps_df['step_difference'].idxmax()]`"),
        "{}",
        hint.text
    );
    // Its own new column is no unknown one (it was told so; twenty-ninth set, task 19).
    assert!(!hint.text.contains("is not a column"), "{}", hint.text);
    assert_eq!(unknown_csv_key(code, here.path()), None);
    // `.loc` already, or a key the error names: not this hint.
    let loc = code.replace("steps_df[steps_df[", "steps_df.loc[steps_df[");
    assert_eq!(label_as_column(&loc, output), None);
    assert_eq!(label_as_column(code, "KeyError: 'date'\n"), None);
}

#[test]
fn a_number_with_a_unit_after_it_is_told_its_field_and_how_to_strip_it() {
    let head = "GET /api/items 120ms\nGET /api/items 95ms\nPOST /api/orders 340ms";
    let how = unit_field(head).unwrap();
    assert!(how.contains("field 2 (`line.split()[2]`)"), "{how}");
    assert!(how.contains("removesuffix('ms')"), "{how}");
    assert!(!how.contains("120"), "{how}");
    let here = tempfile::tempdir().unwrap();
    std::fs::write(
        here.path().join("latency.txt"),
        format!("{head}\nGET /health 12ms\n"),
    )
    .unwrap();
    let code = "with open('latency.txt') as f:\n    times = [float(l.split()[1]) for l in f]\nprint(sorted(times)[len(times) // 2])";
    let output = "Traceback (most recent call last):\nValueError: could not convert string to float: '/api/items'\n";
    let hint = run_hint("python", code, output, true, here.path()).unwrap();
    assert!(hint.text.contains("`line.split()[2]`"), "{}", hint.text);
    // Units that differ, or lines of other shapes: not this.
    assert_eq!(unit_field("a 1ms\nb 2s"), None);
    assert_eq!(unit_field("a 1ms\nb c 2ms"), None);
    assert_eq!(unit_field("a 1\nb 2"), None);
}

#[test]
fn a_number_that_is_no_catalan_number_is_told_their_formula() {
    let request = "What is the 12th Catalan number? Use code.";
    let fib = "def catalan(n):\n    if n <= 1:\n        return 1\n    return catalan(n-1) + catalan(n-2)\n\nprint(catalan(12))";
    assert_eq!(
        not_catalan_printed(request, "233\n").as_deref(),
        Some("233")
    );
    let hint = uncomputed(request, fib, "233\n").unwrap();
    assert!(
        hint.text.contains("233 is no Catalan number"),
        "{}",
        hint.text
    );
    assert!(
        hint.text.contains("math.comb(2 * n, n) // (n + 1)"),
        "{}",
        hint.text
    );
    assert!(!hint.text.contains("208012"), "{}", hint.text);
    // Catalan numbers, whichever one is meant, are not told.
    assert_eq!(not_catalan_printed(request, "208012\n"), None);
    assert_eq!(not_catalan_printed(request, "58786\n"), None);
    assert_eq!(
        not_catalan_printed("What is the 12th Fibonacci number?", "144\n"),
        None
    );
}

#[test]
fn a_csv_read_whole_and_taken_by_column_is_told_dict_reader() {
    let here = tempfile::tempdir().unwrap();
    std::fs::write(
        here.path().join("staff.csv"),
        "name,dept,salary\nAna,eng,72000\nBen,ops,48000\n",
    )
    .unwrap();
    let code = "import computer.files\nstaff = computer.files.read('staff.csv')\ntotal_salary = sum(row['salary'] for row in staff)\nprint(total_salary)";
    assert_eq!(
        csv_text_as_rows(code, here.path()),
        Some(("staff.csv".to_string(), "salary".to_string()))
    );
    let output = "Traceback (most recent call last):\nTypeError: string indices must be integers, not 'str'\n";
    let hint = run_hint("python", code, output, true, here.path()).unwrap();
    assert!(
        hint.text
            .contains("`rows = list(csv.DictReader(open('staff.csv')))`"),
        "{}",
        hint.text
    );
    // Rows read by DictReader already, or a column the file lacks: not this.
    let dict = "import csv\nstaff = csv.DictReader(open('staff.csv'))\nprint(sum(row['salary'] for row in staff))";
    assert_eq!(csv_text_as_rows(dict, here.path()), None);
    let other = code.replace("'salary'", "'pay'");
    assert_eq!(csv_text_as_rows(&other, here.path()), None);
}

#[test]
fn random_draws_for_a_count_are_told_to_count_every_case() {
    let request =
        "How many 5-card hands from a 52-card deck have all five cards of the same suit? Use code.";
    let code = "import random\ndeck = [random.choice(range(52)) for _ in range(5)]\nprint(len(set(c // 13 for c in deck)) == 1)";
    assert!(random_for_count(request, code));
    let hint = uncomputed(request, code, "1\n").unwrap();
    assert!(hint.text.contains("`math.comb(n, k)`"), "{}", hint.text);
    assert!(!random_for_count(
        "Simulate 1000 rolls of two dice: how many times is the sum 7?",
        "import random\nprint(sum(random.randint(1, 6) + random.randint(1, 6) == 7 for _ in range(1000)))"
    ));
    assert!(!random_for_count(
        request,
        "import math\nprint(4 * math.comb(13, 5))"
    ));
}

#[test]
fn an_earlier_wrong_result_taken_up_as_data_is_told_to_start_from_the_request() {
    let request =
        "An item costs 59.50 with 19% tax included. What is its price before tax? Use code.";
    let first = "item_price = 59.50\ntax_rate = 0.19\nprint(item_price + item_price * tax_rate)";
    let told =
        "70.805\n\n(That is not the answer yet: the price in my request already includes the tax.)";
    let again = "item_price = 70.805\ntax_rate = 0.19\nprint(item_price + item_price * tax_rate)";
    let h = runs_marked(
        request,
        &[(first, told, true), (again, "84.25795000000001\n", false)],
    );
    let call = h.call("c2").cloned().unwrap();
    let hint = uncomputed_hint(
        &h,
        &call,
        "84.25795000000001\n",
        Path::new("/nonexistent-folder"),
    )
    .unwrap();
    assert!(hint.undone);
    assert!(
        hint.text
            .contains("`70.805` in your code is what your earlier code printed"),
        "{}",
        hint.text
    );
    assert!(hint.text.contains("(59.50, 19)"), "{}", hint.text);
    // The request's own numbers, or an earlier result that was not told wrong: not this.
    let (_, turn) = h.last_turn().unwrap();
    assert_eq!(wrong_result_reused(&h, turn, request, first), None);
    let fine = runs_marked(
        request,
        &[
            (first, "70.805\n", false),
            (again, "84.25795000000001\n", false),
        ],
    );
    let (_, turn) = fine.last_turn().unwrap();
    assert_eq!(wrong_result_reused(&fine, turn, request, again), None);
}

#[test]
fn python_warnings_in_the_output_are_no_values_of_it() {
    let output = "{'name': 'average_temp', 'arguments': {'code': 'average_temp = 4.00'}}\n<cell 3>:10: Pandas4Warning: Series.dt.dayofweek is deprecated.\n  weekend_days = df[df['date'].dt.dayofweek < 5]\n";
    assert_eq!(
        without_warnings(output),
        "{'name': 'average_temp', 'arguments': {'code': 'average_temp = 4.00'}}"
    );
    assert_eq!(without_warnings("1\n2\n"), "1\n2\n");
    assert_eq!(
        without_warnings("/usr/lib/x.py:4: DeprecationWarning: old\n  import imp\n42\n"),
        "42"
    );
}

#[test]
fn the_first_odd_numbers_cut_short_by_their_range_are_told() {
    let request = "What is the sum of the squares of the first 15 odd numbers? Use code.";
    let code = "total = 0\nfor i in range(1, 16, 2):\n    total += i ** 2\nprint(total)";
    let (written, n, kind, fix) = first_odd_cut_short(request, code).unwrap();
    assert_eq!((written.as_str(), n, kind), ("range(1, 16, 2)", 15, "odd"));
    assert_eq!(fix, "range(1, 1 + 2 * 15, 2)");
    let hint = uncomputed(request, code, "680\n").unwrap();
    assert!(hint.text.contains("fewer than 15 of them"), "{}", hint.text);
    assert_eq!(
        first_odd_cut_short(request, &code.replace("range(1, 16, 2)", "range(1, 30, 2)")),
        None
    );
}

#[test]
fn an_alternating_sum_signed_by_the_digits_value_is_told_to_sign_by_place() {
    let request = "What is the alternating sum of the digits of 918273645 (the first minus the second plus the third, and so on)? Use code.";
    let code = "s = 0\nfor d in '918273645':\n    if int(d) % 2 != 0:\n        s += int(d)\n    else:\n        s -= int(d)\nprint(s)";
    assert!(alternating_by_value(request, code));
    let hint = uncomputed(request, code, "5\n").unwrap();
    assert!(hint.text.contains("by its place"), "{}", hint.text);
    let placed =
        "print(sum(int(d) * (1 if i % 2 == 0 else -1) for i, d in enumerate('918273645')))";
    assert!(!alternating_by_value(request, placed));
}

#[test]
fn a_whole_line_compared_with_one_of_its_fields_is_told_the_field() {
    let here = tempfile::tempdir().unwrap();
    std::fs::write(
        here.path().join("hosts.txt"),
        "127.0.0.1\tlocalhost\n# 10.0.0.5\told-nas\n10.0.0.5\tbackup.lan\n10.0.0.50\tprinter.lan\n",
    )
    .unwrap();
    // Twenty-ninth set, task 31 (1.5B).
    let request = "Which host name in hosts.txt points to 10.0.0.5?";
    let code = "with open('hosts.txt', 'r') as file:\n    lines = file.readlines()\nfor line in lines:\n    if line.strip() == '10.0.0.5':\n        host_name = line.split()[1]\n        print(f\"The host name that points to 10.0.0.5 is: {host_name}\")\n        break\nelse:\n    print(\"No host name found that points to 10.0.0.5.\")";
    let hint = uncomputed_in(
        request,
        code,
        "No host name found that points to 10.0.0.5.\n",
        here.path(),
    )
    .unwrap();
    assert!(hint.undone);
    assert!(
        hint.text.contains("`line.split()[0] == '10.0.0.5'`"),
        "{}",
        hint.text
    );
}

#[test]
fn a_pattern_anchored_over_a_whole_text_without_re_m_is_told() {
    let request = "How many keys in config.env have an empty value?";
    let code = "import re\nwith open('config.env') as file:\n    content = file.read()\nkeys = re.findall(r'^\\w+', content)\nprint(sum(1 for k in keys if k == ''))";
    assert_eq!(
        anchored_without_multiline(code).as_deref(),
        Some("r'^\\w+'")
    );
    let hint = uncomputed(request, code, "0\n").unwrap();
    assert!(hint.text.contains("pass `re.M`"), "{}", hint.text);
    assert_eq!(
        anchored_without_multiline(&code.replace("content)", "content, re.M)")),
        None
    );
}

#[test]
fn a_label_printed_with_nothing_after_it_is_told_nothing_matched() {
    let request = "Which URL path in access.log got the most 404 responses?";
    let code = "import re\nbest = ''\nfor line in open('access.log'):\n    m = re.match(r'GET /(\\w+)', line)\n    if m:\n        best = m.group(1)\nprint('The URL path with the most 404 responses is:', best)";
    let hint = uncomputed(
        request,
        code,
        "The URL path with the most 404 responses is: \n",
    )
    .unwrap();
    assert!(hint.text.contains("with nothing after it"), "{}", hint.text);
    assert!(hint.text.contains("`re.search`"), "{}", hint.text);
    assert!(
        uncomputed(
            request,
            code,
            "The URL path with the most 404 responses is: /old-page\n"
        )
        .is_none_or(|h| !h.text.contains("with nothing after it"))
    );
}

#[test]
fn a_column_of_dates_and_times_compared_with_a_time_alone_is_told_its_time_part() {
    let here = tempfile::tempdir().unwrap();
    std::fs::write(
        here.path().join("events.csv"),
        "timestamp,event\n2026-12-01 08:45:00,login\n2026-12-01 09:10:00,upload\n",
    )
    .unwrap();
    let request = "How many events in events.csv happened between 09:00 and 12:00?";
    let code = "import pandas as pd\nevents_df = pd.read_csv('events.csv')\nprint(len(events_df[(events_df['timestamp'] >= '09:00') & (events_df['timestamp'] <= '12:00')]))";
    assert_eq!(
        time_compared_with_datetime(code, here.path()),
        Some((
            "timestamp".into(),
            "09:00".into(),
            "2026-12-01 08:45:00".into()
        ))
    );
    let hint = uncomputed_in(request, code, "0\n", here.path()).unwrap();
    assert!(
        hint.text.contains("`[11:16]` of it (`'08:45'`)"),
        "{}",
        hint.text
    );
    let parts = "import csv\nrows = list(csv.DictReader(open('events.csv')))\nprint(sum('09:00' <= r['timestamp'][11:16] <= '12:00' for r in rows))";
    assert_eq!(time_compared_with_datetime(parts, here.path()), None);
}

#[test]
fn a_number_printed_for_who_is_told_to_keep_each_lines_name_with_it() {
    let here = tempfile::tempdir().unwrap();
    std::fs::write(
        here.path().join("scores.txt"),
        "mia: 88\nleo: 95\nzoe: 91\n",
    )
    .unwrap();
    let request = "Who has the second highest score in scores.txt?";
    let code = "with open('scores.txt') as f:\n    scores = [int(l.split()[1]) for l in f]\nscores.sort(reverse=True)\nprint(scores[1])";
    let how = names_kept_how(code, here.path()).unwrap();
    assert!(
        how.contains("`pairs = sorted((float(line.split(':')[1]), line.split(':')[0].strip()) for line in open('scores.txt') if line.strip())`"),
        "{how}"
    );
    let hint = uncomputed_in(request, code, "91\n", here.path()).unwrap();
    assert!(
        hint.text.contains("Keep each number with its line's name"),
        "{}",
        hint.text
    );
    std::fs::write(here.path().join("plain.txt"), "ada 3\nbob 5\n").unwrap();
    assert!(
        names_kept_how("print(open('plain.txt').read())", here.path())
            .unwrap()
            .contains("(float(line.split()[1]), line.split()[0])")
    );
}

#[test]
fn bullet_points_asked_and_never_looked_at_are_told_how_to_count_them() {
    let request = "Which heading in notes.md has the most bullet points under it?";
    let code = "import re\ncontent = open('notes.md').read()\nprint('The heading with the most bullet points is:', max(re.findall(r'# (.+)', content), key=len))";
    assert!(bullets_uncounted(request, code));
    let hint = uncomputed(request, code, "Groceries\n").unwrap();
    assert!(
        hint.text.contains("`counts[heading] += 1`"),
        "{}",
        hint.text
    );
    let counted = "counts = {}\nheading = None\nfor line in open('notes.md'):\n    if line.startswith('## '):\n        heading = line[3:].strip()\n        counts[heading] = 0\n    elif line.startswith('- ') and heading:\n        counts[heading] += 1\nprint(max(counts, key=counts.get))";
    assert!(!bullets_uncounted(request, counted));
}

#[test]
fn a_density_asked_and_nothing_divided_is_told_how() {
    let here = tempfile::tempdir().unwrap();
    std::fs::write(
        here.path().join("cities.tsv"),
        "city\tpopulation\tarea_km2\nAlba\t120000\t60\nDune\t900000\t820\n",
    )
    .unwrap();
    let request = "Which city in cities.tsv has the highest population density?";
    let code = "import pandas as pd\ndf = pd.read_csv('cities.tsv', sep='\\t')\nprint(df.sort_values(by='population', ascending=False).iloc[0]['city'])";
    assert_eq!(
        density_undivided(request, code, here.path()).as_deref(),
        Some("`population / area_km2`")
    );
    let hint = uncomputed_in(request, code, "Dune\n", here.path()).unwrap();
    assert!(
        hint.text.contains("`population / area_km2`"),
        "{}",
        hint.text
    );
    // Whatever it printed: a pandas row (the same task's re-run).
    let row = "city            Dune\npopulation    900000\narea_km2         820\nName: 3, dtype: object\n";
    let hint = uncomputed_in(request, code, row, here.path()).unwrap();
    assert!(
        hint.text.contains("`population / area_km2`"),
        "{}",
        hint.text
    );
    let divided = "import csv\nrows = list(csv.DictReader(open('cities.tsv'), delimiter='\\t'))\nprint(max(rows, key=lambda r: int(r['population']) / int(r['area_km2']))['city'])";
    assert_eq!(density_undivided(request, divided, here.path()), None);
}

#[test]
fn anagrams_never_compared_with_the_words_letters_are_told_how() {
    let request = "How many words in words.txt are anagrams of listen?";
    let code = "words = open('words.txt').read().splitlines()\nprint(len([w for w in words if sorted(w) == sorted(w[::-1])]))";
    assert_eq!(anagram_uncompared(request, code).as_deref(), Some("listen"));
    let here = tempfile::tempdir().unwrap();
    std::fs::write(here.path().join("words.txt"), "silent\nenlist\nstone\n").unwrap();
    let hint = uncomputed_in(request, code, "3\n", here.path()).unwrap();
    assert!(
        hint.text.contains("`sorted(w) == sorted('listen')`"),
        "{}",
        hint.text
    );
    let right = "target = 'listen'\nwords = open('words.txt').read().split()\nprint(sum(sorted(w) == sorted(target) and w != target for w in words))";
    assert_eq!(anagram_uncompared(request, right), None);
    assert_eq!(
        anagram_uncompared(
            request,
            "print(sum(sorted(w) == sorted('listen') for w in open('words.txt').read().split()))"
        ),
        None
    );
}

#[test]
fn junit_times_taken_from_the_suite_or_left_in_seconds_are_told() {
    let here = tempfile::tempdir().unwrap();
    std::fs::write(
        here.path().join("junit.xml"),
        "<testsuite name=\"api\" time=\"1.25\">\n  <testcase name=\"a\" time=\"0.250\"/>\n  <testcase name=\"b\" time=\"0.950\"/>\n</testsuite>\n",
    )
    .unwrap();
    let request = "What is the total time in milliseconds of the test cases in junit.xml?";
    let code = "import re\ncontent = open('junit.xml').read()\nm = re.search(r'time=\"(\\d+\\.\\d+)\"', content)\nprint(float(m.group(1)))";
    let said = junit_times_misread(request, code, here.path()).unwrap();
    assert!(said.contains("`<testsuite>`'s own total"), "{said}");
    assert!(said.contains("multiply the total by 1000"), "{said}");
    let hint = uncomputed_in(request, code, "1.25\n", here.path()).unwrap();
    assert!(
        hint.text
            .contains("re.findall(r'<testcase[^>]*time=\"([\\d.]+)\"', text)"),
        "{}",
        hint.text
    );
    let right = "import re\ntext = open('junit.xml').read()\nprint(sum(float(t) for t in re.findall(r'<testcase[^>]*time=\"([\\d.]+)\"', text)) * 1000)";
    assert_eq!(junit_times_misread(request, right, here.path()), None);
}

#[test]
fn another_languages_comment_mark_is_told_the_files_own() {
    let request = "How many lines of main.go are comments?";
    let code = "count = 0\nfor line in open('main.go'):\n    if line.startswith('#'):\n        count += 1\nprint(count)";
    assert_eq!(
        comment_mark_wrong(request, code),
        Some(("main.go".to_string(), "#", "//"))
    );
    let hint = uncomputed(request, code, "0\n").unwrap();
    assert!(
        hint.text.contains("starts with `//`, not `#`"),
        "{}",
        hint.text
    );
    let right = code.replace("'#'", "'//'");
    assert_eq!(comment_mark_wrong(request, &right), None);
    let none = "print(sum(1 for l in open('main.go') if not l.strip().startswith('func')))";
    assert_eq!(
        comment_mark_wrong(request, none),
        Some(("main.go".to_string(), "", "//"))
    );
    assert_eq!(
        comment_mark_wrong("How many lines of setup.py are comments?", code),
        None
    );
}

#[test]
fn the_first_odd_numbers_never_made_are_told_their_form() {
    let request = "What is the sum of the squares of the first 15 odd numbers? Use code.";
    let code = "n = 15\nsum_of_squares = 0\nfor i in range(1, n + 1):\n    sum_of_squares += i ** 2\nprint(sum_of_squares)";
    assert_eq!(
        odd_numbers_unmade(request, code),
        Some((15, "odd", "2 * k - 1"))
    );
    let hint = uncomputed(request, code, "1240\n").unwrap();
    assert!(
        hint.text.contains("the k-th odd number is `2 * k - 1`"),
        "{}",
        hint.text
    );
    assert_eq!(
        odd_numbers_unmade(
            request,
            "print(sum((2 * k - 1) ** 2 for k in range(1, 16)))"
        ),
        None
    );
}

#[test]
fn a_column_read_by_an_earlier_block_of_the_turn_is_used() {
    let here = tempfile::tempdir().unwrap();
    std::fs::write(
        here.path().join("inventory.csv"),
        "item,category,quantity,unit_price\nhammer,tools,4,12.50\nbrush,paint,12,2.40\n",
    )
    .unwrap();
    let request = "What is the total value (quantity times unit price) of the items in the tools category of inventory.csv?";
    let read = "import csv\nwith open('inventory.csv') as f:\n    r = csv.reader(f)\n    next(r)\n    items = [{'item': row[0], 'category': row[1], 'quantity': int(row[2]), 'unit_price': float(row[3])} for row in r]\ntools = [i for i in items if i['category'] == 'tools']\ntotal_value = sum(i['quantity'] * i['unit_price'] for i in tools)";
    let h = runs(request, &[(read, "\n"), ("print(total_value)", "50.0\n")]);
    let call = h.call("c2").cloned().unwrap();
    let hint = uncomputed_hint(&h, &call, "50.0\n", here.path());
    assert!(
        hint.as_ref()
            .is_none_or(|h| !h.text.contains("`item` column")),
        "{hint:?}"
    );
}

#[test]
fn a_number_answered_for_who_where_the_name_was_printed_is_asked_for_the_name() {
    let request = "Who has the second highest score in scores.txt?";
    let h = runs(
        request,
        &[(
            "print(pairs[-2][1] + ': ' + str(pairs[-2][0]))",
            "noa: 93\n",
        )],
    );
    let nudge = unused_output_nudge(
        &h,
        "The second highest score in the `scores.txt` file is 93.",
    )
    .unwrap();
    assert!(nudge.ends_with("with noa."), "{nudge}");
    assert_eq!(
        unused_output_nudge(&h, "Noa has the second highest score, 93."),
        None
    );
    assert_eq!(
        who_unsaid(
            "What is the second highest score in scores.txt?",
            "It is 93.",
            "noa: 93\n"
        ),
        None
    );
}

#[test]
fn a_phrase_of_the_request_printed_back_is_told_nothing_was_computed() {
    let request = "Shift each letter of the word python 3 places forward in the alphabet. What word do you get? Use code.";
    assert!(request_phrase_printed(request, "python 3\n"));
    let hint = uncomputed(request, "word = 'python'\nprint(word, 3)", "python 3\n").unwrap();
    assert!(
        hint.text.contains("words of my request as they stand"),
        "{}",
        hint.text
    );
    assert!(!request_phrase_printed(request, "sbwkrq\n"));
    assert!(!request_phrase_printed(
        "What are the first two words of 'hello big world'?",
        "hello big\n"
    ));
    assert!(!request_phrase_printed(
        "Print 'room 42' with code.",
        "room 42\n"
    ));
}

#[test]
fn a_range_that_holds_as_many_numbers_as_the_request_gives_uses_it() {
    let request = "What is the sum of the squares of the first 15 odd numbers? Use code.";
    assert_eq!(
        request_number_unused(request, "print(sum([i**2 for i in range(1, 31, 2)]))"),
        None
    );
    assert_eq!(
        request_number_unused(request, "print(sum([i**2 for i in range(1, 41, 2)]))").as_deref(),
        Some("15")
    );
}

#[test]
fn a_price_before_tax_above_the_price_with_it_is_told() {
    let request =
        "An item costs 59.50 with 19% tax included. What is its price before tax? Use code.";
    assert_eq!(
        net_above_gross(request, "5000.0\n"),
        Some(("5000.0".to_string(), "59.50".to_string()))
    );
    let hint = uncomputed(request, "print((59.50 / 1.19) * 100)", "5000.0\n").unwrap();
    assert!(
        hint.text
            .contains("less than the price with the tax in it, 59.50"),
        "{}",
        hint.text
    );
    assert_eq!(net_above_gross(request, "50.0\n"), None);
}

#[test]
fn a_remainder_tested_other_than_the_one_asked_is_told() {
    let request = "What is the smallest positive number that leaves a remainder of 1 when divided by 2, 3, 4, 5 or 6 and is divisible by 7? Use code.";
    let code = "def f():\n    for number in range(1, 10**9):\n        if number % 2 == 0 and number % 3 == 0 and number % 4 == 0 and number % 5 == 0 and number % 6 == 0 and number % 7 == 0:\n            return number\nprint(f())";
    let hint = uncomputed(request, code, "420\n").unwrap();
    assert!(
        hint.text.contains(
            "divided by 2, 3, 4, 5 or 6, and your code tests `% 2 == 0`, a remainder of 0"
        ) && hint.text.contains("`number % 2 == 1`"),
        "{}",
        hint.text
    );
    let right = "n = 7\nwhile not all(n % d == 1 for d in (2, 3, 4, 5, 6)):\n    n += 7\nprint(n)";
    assert_eq!(remainder_slip(request, right), None);
    let written_out = code.replace(
        "% 2 == 0 and number % 3 == 0",
        "% 2 == 1 and number % 3 == 1",
    );
    assert_eq!(remainder_slip(request, &written_out), None);
    // Divisible by 7 is a remainder of 0 by a number the remainder is not asked for.
    assert_eq!(
        remainder_slip(
            "Which number leaves a remainder of 2 when divided by 5?",
            "print([n for n in range(20) if n % 7 == 0])"
        ),
        None
    );
}

#[test]
fn a_number_of_digits_never_measured_is_told() {
    let request = "What is the first Fibonacci number that has 10 digits? Use code.";
    let code = "count = 0\nn = 0\nwhile True:\n    n += 1\n    if is_fib(n):\n        count += 1\n        if count == 10:\n            break\nprint(n)";
    assert_eq!(digits_unmeasured(request, code), Some(10));
    let hint = uncomputed(request, code, "89\n").unwrap();
    assert!(hint.text.contains("`len(str(n)) == 10`"), "{}", hint.text);
    for measured in [
        "a, b = 1, 1\nwhile len(str(a)) < 10:\n    a, b = b, a + b\nprint(a)",
        "a, b = 1, 1\nwhile a < 10**9:\n    a, b = b, a + b\nprint(a)",
        "a, b = 1, 1\nwhile a < 1_000_000_000:\n    a, b = b, a + b\nprint(a)",
    ] {
        assert_eq!(digits_unmeasured(request, measured), None, "{measured}");
    }
    assert_eq!(
        digits_unmeasured("How many 4-digit numbers are even?", code),
        None
    );
}

#[test]
fn coin_change_that_leaves_a_coin_out_or_counts_orders_is_told() {
    let request = "In how many ways can you make change for a dollar with pennies, nickels, dimes and quarters? Use code.";
    let orders = "ways = [0] * 101\nways[0] = 1\nfor i in range(1, 101):\n    if i >= 25:\n        ways[i] += ways[i - 25]\n    if i >= 10:\n        ways[i] += ways[i - 10]\n    if i >= 5:\n        ways[i] += ways[i - 5]\n    ways[i] += ways[i - 1]\nprint(ways[100])";
    let hint = uncomputed(request, orders, "8437020668201\n").unwrap();
    assert!(
        hint.text.contains("loop over the coins outside"),
        "{}",
        hint.text
    );
    let no_quarter = orders.replace("    if i >= 25:\n        ways[i] += ways[i - 25]\n", "");
    let told = coin_change_slip(request, &no_quarter).unwrap();
    assert!(
        told.contains("never used quarters (25 cents)")
            && told.contains("`coins = [1, 5, 10, 25]`"),
        "{told}"
    );
    let right = "coins = [1, 5, 10, 25]\nways = [1] + [0] * 100\nfor coin in coins:\n    for amount in range(coin, 101):\n        ways[amount] += ways[amount - coin]\nprint(ways[100])";
    assert_eq!(coin_change_slip(request, right), None);
    let nested = "count = 0\nfor q in range(5):\n    for d in range(11):\n        for n in range(21):\n            if 25 * q + 10 * d + 5 * n <= 100:\n                count += 1\nprint(count)";
    assert_eq!(coin_change_slip(request, nested), None);
}

#[test]
fn a_sequence_of_n_terms_counted_by_a_range_of_ones_is_told_a_range_of_n() {
    let request = "What is the sum of the first 50 terms of 3, 7, 11, 15 and so on? Use code.";
    let code = "sum = 0\nfor i in range(3, 15):\n    sum += i\nprint(sum)";
    let hint = uncomputed(request, code, "102\n").unwrap();
    assert!(
        hint.text.contains("counts 3, 7, 11, 15 and so on")
            && hint.text.contains("`range(3, 3 + 4 * 50, 4)`")
            && !hint.text.contains("range(3, 15, 4)"),
        "{}",
        hint.text
    );
    assert_eq!(terms_asked(request), Some(50));
    assert_eq!(terms_asked("What is 10, 20, 30 and so on up to 100?"), None);
}

#[test]
fn a_first_digit_that_takes_zero_is_told_to_start_at_one() {
    let request =
        "How many 4-digit numbers have digits that strictly increase from left to right? Use code.";
    let code = "count = 0\nfor a in range(10):\n    for b in range(a + 1, 10):\n        for c in range(b + 1, 10):\n            for d in range(c + 1, 10):\n                count += 1\nprint(count)";
    let hint = uncomputed(request, code, "210\n").unwrap();
    assert!(
        hint.text.contains("`for a in range(1, 10)`"),
        "{}",
        hint.text
    );
    assert_eq!(
        leading_digit_zero(request, &code.replace("range(10)", "range(1, 10)")),
        None
    );
    let tested = code.replace(
        "    for b in",
        "    if a == 0:\n        continue\n    for b in",
    );
    assert_eq!(leading_digit_zero(request, &tested), None);
    assert_eq!(leading_digit_zero("How many digits are even?", code), None);
}

#[test]
fn non_negative_integers_up_to_their_sum_told_their_range_ends_before_it() {
    let request = "How many solutions does x + y + z = 10 have in non-negative integers? Use code.";
    let code = "s = []\nfor x in range(10):\n    for y in range(10):\n        z = 10 - x - y\n        if z >= 0:\n            s.append((x, y, z))\nprint(len(s))";
    let hint = uncomputed(request, code, "64\n").unwrap();
    assert!(
        hint.text
            .contains("`range(10)` stops at 9: take `range(11)`"),
        "{}",
        hint.text
    );
    assert_eq!(
        sum_bound_left_out(request, &code.replace("range(10)", "range(11)")),
        None
    );
    assert_eq!(
        sum_bound_left_out(
            "How many solutions does x + y = 10 have in positive integers?",
            code
        ),
        None
    );
}

#[test]
fn an_answer_worked_by_hand_is_asked_for_its_steps_as_code_and_the_second_time_otherwise() {
    let dir = tempfile::tempdir().unwrap();
    let request = "How many diagonals does a 12-sided polygon have? Use code.";
    let worked = "The formula is:\n\\[\n\\text{Number of diagonals} = \\frac{n(n-3)}{2}\n\\]\nSo \\(\\frac{12 \\times 9}{2} = 54\\).";
    let mut h = asked(request);
    let first = no_run_nudge(&h, worked, dir.path(), "").unwrap();
    assert!(
        first.contains("you worked it out by hand") && first.contains(request),
        "{first}"
    );
    let plain = no_run_nudge(&h, "It has 54 diagonals.", dir.path(), "").unwrap();
    assert!(plain.contains("without running any"), "{plain}");
    for item in corrected(worked, "c1", &first) {
        h.push(item);
    }
    let second = no_run_nudge(&h, worked, dir.path(), "").unwrap();
    assert!(
        second.contains("still no code ran") && second.contains("only a ```python block"),
        "{second}"
    );
    assert_ne!(first, second);
    for item in corrected(worked, "c2", &second) {
        h.push(item);
    }
    assert_eq!(no_run_nudge(&h, worked, dir.path(), ""), None);
    // Lines of arithmetic that end in a number are working too; one is not.
    assert!(worked_by_hand(
        "3x + 6 = 138\n3x = 132\nx = 132 / 3 = 44\n44 + 4 = 48"
    ));
    assert!(!worked_by_hand("The answer is 2 + 2 = 4."));
}

#[test]
fn links_to_other_websites_counted_with_the_pages_own_are_told_to_test_http() {
    let request = "How many links in page.html point to other websites?";
    let code = "import re\ncontent = open('page.html').read()\nlinks = re.findall(r'<a href=\"(.*?)\">', content)\nprint(f\"Number of links: {len(links)}\")";
    let here = tempfile::tempdir().unwrap();
    std::fs::write(
        here.path().join("page.html"),
        "<a href=\"/\">Home</a> <a href=\"https://python.org\">Python</a>\n",
    )
    .unwrap();
    let hint = uncomputed_in(request, code, "Number of links: 9\n", here.path()).unwrap();
    assert!(
        hint.text
            .contains("`href.startswith(('http://', 'https://'))`"),
        "{}",
        hint.text
    );
    let right = code.replace("len(links)", "sum(l.startswith('http') for l in links)");
    assert!(!external_links_unfiltered(request, &right));
    assert!(!external_links_unfiltered(
        "How many links does page.html contain?",
        code
    ));
}

#[test]
fn a_pattern_that_names_one_lines_value_is_told_the_lines_it_passes_over() {
    let here = tempfile::tempdir().unwrap();
    std::fs::write(
        here.path().join("api.log"),
        "GET /users 200 120ms\nPOST /users 201 340ms\nGET /orders 500 1000ms\nGET /health 200 4ms\n",
    )
    .unwrap();
    let request = "What is the average response time of the GET requests in api.log, in ms?";
    let code = "import re\ntotal = 0\ncount = 0\nfor entry in open('api.log'):\n    match = re.search(r'GET /users (\\d+) (\\d+)ms', entry)\n    if match:\n        total += int(match.group(2))\n        count += 1\nprint(f\"Average response time: {total / count}ms\")";
    assert_eq!(
        pattern_names_one_line(request, code, here.path()),
        Some((
            "api.log".to_string(),
            "/users".to_string(),
            "GET /orders 500 1000ms".to_string()
        ))
    );
    let hint = uncomputed_in(
        request,
        code,
        "Average response time: 120.0ms\n",
        here.path(),
    )
    .unwrap();
    assert!(
        hint.text.contains("your pattern names `/users`"),
        "{}",
        hint.text
    );
    let any_path = code.replace("GET /users", "GET \\S+");
    assert_eq!(
        pattern_names_one_line(request, &any_path, here.path()),
        None
    );
    // A word the request names is meant.
    let asked = "What is the average response time of GET /users in api.log?";
    assert_eq!(pattern_names_one_line(asked, code, here.path()), None);
}

#[test]
fn words_taken_by_length_with_no_length_measured_are_told_the_test() {
    let request = "What is the most common word of more than four letters in story.txt?";
    let code = "import re\nfrom collections import Counter\nwords = re.findall(r'\\b\\w+\\b', open('story.txt').read().lower())\nw, n = Counter(words).most_common(1)[0]\nprint(f\"The most common word of more than four letters is '{w}' with a count of {n}.\")";
    assert_eq!(
        word_length_untested(request, code),
        Some((
            "more than four letters".to_string(),
            "len(word) > 4".to_string()
        ))
    );
    let here = tempfile::tempdir().unwrap();
    std::fs::write(
        here.path().join("story.txt"),
        "the gardener and the roses\n",
    )
    .unwrap();
    let hint = uncomputed_in(
        request,
        code,
        "The most common word of more than four letters is 'the' with a count of 8.\n",
        here.path(),
    )
    .unwrap();
    assert!(hint.text.contains("`len(word) > 4`"), "{}", hint.text);
    let right = code.replace("Counter(words)", "Counter(x for x in words if len(x) > 4)");
    assert_eq!(word_length_untested(request, &right), None);
    assert_eq!(
        word_length_untested("How many words have at least 6 characters?", code),
        Some((
            "at least 6 characters".to_string(),
            "len(word) >= 6".to_string()
        ))
    );
    assert_eq!(
        word_length_untested("What is the most common word?", code),
        None
    );
}

#[test]
fn sentences_taken_as_lines_are_told_where_a_sentence_ends() {
    let request = "How many words are in the longest sentence of essay.txt?";
    let code = "essay = open('essay.txt').read()\nlongest = max(essay.split('\\n'), key=len)\nprint(len(longest.split()))";
    assert!(sentences_unsplit(request, code));
    let here = tempfile::tempdir().unwrap();
    std::fs::write(
        here.path().join("essay.txt"),
        "Cities grow. They grow fast!\n",
    )
    .unwrap();
    let hint = uncomputed_in(request, code, "40\n", here.path()).unwrap();
    assert!(
        hint.text.contains("re.split(r'(?<=[.!?])\\s+'"),
        "{}",
        hint.text
    );
    let right = "import re\ntext = open('essay.txt').read()\nparts = re.split(r'(?<=[.!?])\\s+', text)\nprint(max(len(p.split()) for p in parts))";
    assert!(!sentences_unsplit(request, right));
    assert!(!sentences_unsplit("How many lines are in essay.txt?", code));
}

#[test]
fn a_file_named_without_an_extension_is_read_before_an_answer() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("ssh_config"), "Host prod\n    User mira\n").unwrap();
    let request = "Which user does the ssh config in ssh_config use for the host prod?";
    assert_eq!(bare_files_in(request, dir.path()), vec!["ssh_config"]);
    let nudge = no_run_nudge(&asked(request), "It uses root.", dir.path(), "").unwrap();
    assert!(nudge.contains("without reading ssh_config"), "{nudge}");
    // A word that names no file here is none.
    assert!(bare_files_in("Which user does the host use?", dir.path()).is_empty());
}

#[test]
fn rows_with_gaps_counted_by_column_are_told_to_count_rows() {
    let request = "How many rows of data.csv have at least one missing value?";
    let code = "import pandas as pd\ndf = pd.read_csv('data.csv')\nmissing = df.isnull().sum()\nprint(missing[missing > 0])";
    assert!(rows_with_gaps_counted_by_column(request, code));
    let hint = uncomputed(
        request,
        code,
        "name    1\nage     1\ncity    1\ndtype: int64\n",
    )
    .unwrap();
    assert!(
        hint.text.contains("`df.isnull().any(axis=1).sum()`"),
        "{}",
        hint.text
    );
    let right =
        "import pandas as pd\ndf = pd.read_csv('data.csv')\nprint(df.isnull().any(axis=1).sum())";
    assert!(!rows_with_gaps_counted_by_column(request, right));
    assert!(!rows_with_gaps_counted_by_column(
        "How many values are missing in each column of data.csv?",
        code
    ));
    // A pandas Series' last line is no labelled value to begin an answer with.
    assert_eq!(answer_start("name    1\nage     1\ndtype: int64"), None);
}

#[test]
fn a_pattern_whose_text_the_file_never_holds_is_told_so() {
    let here = tempfile::tempdir().unwrap();
    std::fs::write(
        here.path().join("feed.xml"),
        "<item><title>Spring</title><pubDate>Fri, 20 Mar 2026 12:00:00 GMT</pubDate></item>\n",
    )
    .unwrap();
    let code = "import re\nfeed = open('feed.xml').read()\nmatch = re.search(r'Published in (\\d{4})', feed)\nprint(match.group(1) if match else 'No items published in 2026 found in the feed.xml file.')";
    assert_eq!(
        pattern_text_absent(code, here.path()),
        Some(("feed.xml".to_string(), "Published in".to_string()))
    );
    let hint = uncomputed_in(
        "How many items in feed.xml were published in 2026?",
        code,
        "No items published in 2026 found in the feed.xml file.\n",
        here.path(),
    )
    .unwrap();
    assert!(
        hint.text.contains("looks for `Published in`"),
        "{}",
        hint.text
    );
    let held = code.replace("Published in (\\d{4})", "<pubDate>[^<]*(\\d{4})");
    assert_eq!(pattern_text_absent(&held, here.path()), None);
    assert_eq!(
        literal_runs(r"<pubDate>\w+, (\d+) items? in\s+(\d{4})\.txt"),
        vec!["<pubDate>", "item", ".txt"]
    );
}

#[test]
fn a_total_of_priced_items_without_their_quantity_is_told_it() {
    let here = tempfile::tempdir().unwrap();
    std::fs::write(
        here.path().join("invoice.json"),
        "{\"lines\": [{\"item\": \"widget\", \"qty\": 3, \"price\": 12.5}, {\"item\": \"case\", \"qty\": 2, \"price\": 15.0}]}\n",
    )
    .unwrap();
    let request = "What is the total of invoice.json's line items after a 10% discount?";
    let code = "import json\ninvoice = json.load(open('invoice.json'))\ntotal = 0\nfor line in invoice['lines']:\n    total += line['price'] * 0.9\nprint(total)";
    assert_eq!(
        quantity_left_out(request, code, here.path()),
        Some((
            "invoice.json".to_string(),
            "qty".to_string(),
            "price".to_string()
        ))
    );
    let hint = uncomputed_in(request, code, "62.775\n", here.path()).unwrap();
    assert!(
        hint.text.contains("your code never used `qty`"),
        "{}",
        hint.text
    );
    let right = code.replace("line['price'] * 0.9", "line['qty'] * line['price'] * 0.9");
    assert_eq!(quantity_left_out(request, &right, here.path()), None);
    assert_eq!(
        quantity_left_out(
            "What is the most expensive item in invoice.json?",
            code,
            here.path()
        ),
        None
    );
}

#[test]
fn a_value_to_filter_by_is_told_as_the_file_writes_it() {
    let here = tempfile::tempdir().unwrap();
    std::fs::write(
        here.path().join("flights.csv"),
        "flight,origin,destination,delay_min\nAA10,JFK,LAX,25\nBA117,LHR,JFK,40\nDL402,JFK,ATL,0\n",
    )
    .unwrap();
    let request = "What is the average delay in minutes of the flights leaving JFK in flights.csv?";
    let code = "import csv\nrows = list(csv.reader(open('flights.csv')))[1:]\nprint(sum(int(r[3]) for r in rows) / len(rows))";
    assert_eq!(
        value_unfiltered(request, code, here.path()),
        Some((
            "JFK".into(),
            "origin".into(),
            "flights.csv".into(),
            vec!["JFK".into()]
        ))
    );
}

#[test]
fn the_first_n_terms_taken_by_a_range_of_another_length_are_told_a_range_of_n() {
    let request = "What is the sum of the first 50 terms of 3, 7, 11, 15 and so on? Use code.";
    let code = "sum_of_terms = sum(range(3, 51, 4))\nprint(sum_of_terms)";
    let hint = uncomputed(request, code, "300\n").unwrap();
    assert!(
        hint.text.contains("`range(3, 51, 4)` holds 12 numbers")
            && hint.text.contains("`range(3, 3 + 4 * 50, 4)` holds 50"),
        "{}",
        hint.text
    );
    assert_eq!(
        terms_cut_short(request, "print(sum(range(3, 203, 4)))"),
        None
    );
}

#[test]
fn a_toml_file_read_by_configparser_is_told_tomllib() {
    let here = tempfile::tempdir().unwrap();
    std::fs::write(
        here.path().join("poetry.lock"),
        "[[package]]\nname = \"certifi\"\nversion = \"2026.1.4\"\n\n[[package]]\nname = \"requests\"\nversion = \"2.32.5\"\n",
    )
    .unwrap();
    let request = "Which version of requests does poetry.lock pin?";
    let code = "import configparser\nconfig = configparser.ConfigParser()\nconfig.read('poetry.lock')\nprint(config['requests']['version'])";
    let failed = "Traceback (most recent call last):\nconfigparser.DuplicateSectionError: While reading from 'poetry.lock' [line  6]: section '[package]' already exists\n";
    let h = runs_ending(request, &[(code, failed)], true);
    let call = h.call("c1").cloned().unwrap();
    let hint = failed_run_file_hint(&h, &call, failed, here.path()).unwrap();
    assert!(
        hint.text.contains("`poetry.lock` is TOML, not an INI file")
            && hint
                .text
                .contains("`data = tomllib.load(open('poetry.lock', 'rb'))`")
            && hint
                .text
                .contains("`data['package']` is the list of its `[[package]]` tables"),
        "{}",
        hint.text
    );
    // An INI file's own errors are not a TOML file's.
    std::fs::write(here.path().join("app.ini"), "[a]\nx = 1\n[a]\ny = 2\n").unwrap();
    let ini = code.replace("poetry.lock", "app.ini");
    let h = runs_ending(request, &[(&ini, failed)], true);
    let call = h.call("c1").cloned().unwrap();
    assert!(
        failed_run_file_hint(&h, &call, failed, here.path())
            .is_none_or(|h| !h.text.contains("TOML"))
    );
}

#[test]
fn a_float_zero_from_a_name_compared_in_another_case_is_told_the_files_spelling() {
    let here = tempfile::tempdir().unwrap();
    std::fs::write(
        here.path().join("timesheet.csv"),
        "name,date,start,end\nbob,2026-11-02,09:00,17:30\nann,2026-11-02,08:00,12:00\n",
    )
    .unwrap();
    let code = "import csv\ntotal = 0.0\nfor row in csv.DictReader(open('timesheet.csv')):\n    if row['name'] == 'Bob':\n        total += 1\nprint(f'Total hours worked by Bob: {total:.2f} hours')";
    let out = run_hint(
        "python",
        code,
        "Total hours worked by Bob: 0.00 hours\n",
        false,
        here.path(),
    )
    .unwrap();
    assert!(
        out.text.contains("`timesheet.csv` writes `bob`, not `Bob`"),
        "{}",
        out.text
    );
}

#[test]
fn two_answers_worked_by_hand_keep_their_steps_in_view_when_asked_afresh() {
    let dir = tempfile::tempdir().unwrap();
    let request = "How many diagonals does a 12-sided polygon have? Use code.";
    let worked = "The formula is:\n\\[\n\\text{Number of diagonals} = \\frac{n(n-3)}{2}\n\\]\nFor \\( n = 12 \\):\n\\[ \\frac{12 \\times 9}{2} = 54 \\]";
    let mut h = asked(request);
    let first = no_run_nudge(&h, worked, dir.path(), "").unwrap();
    for item in corrected(worked, "c1", &first) {
        h.push(item);
    }
    let second = no_run_nudge(&h, worked, dir.path(), "").unwrap();
    for item in corrected(worked, "c2", &second) {
        h.push(item);
    }
    let stuck = stuck_view(&h, Path::new("/nonexistent-folder")).unwrap();
    assert_eq!(stuck.code_start.as_deref(), Some(CODE_FIRST));
    let [HistoryItem::User { items }] = stuck.view.items() else {
        panic!("{:?}", stuck.view.items());
    };
    let said = items
        .iter()
        .filter_map(|i| match i {
            InputItem::Text { text } => Some(text.as_str()),
            _ => None,
        })
        .collect::<String>();
    assert!(
        said.contains("worked it out by hand, with these steps:")
            && said.contains("\\text{Number of diagonals} = \\frac{n(n-3)}{2}")
            && said.contains("\\[ \\frac{12 \\times 9}{2} = 54 \\]"),
        "{said}"
    );
}

#[test]
fn negations_of_an_ignore_file_never_looked_for_are_told_the_bang() {
    let request = "How many patterns in .gitignore are negations?";
    let code = "import re\nprint(sum(1 for line in open('.gitignore') if re.search(r'^#', line)))";
    assert!(negations_untested(request, code));
    let hint = uncomputed(request, code, "4\n").unwrap();
    assert!(
        hint.text.contains("`line.startswith('!')`"),
        "{}",
        hint.text
    );
    assert!(!negations_untested(
        request,
        "print(sum(1 for l in open('.gitignore') if l.startswith('!')))"
    ));
    assert!(!negations_untested(
        "How many lines does .gitignore have?",
        code
    ));
}

#[test]
fn a_list_used_only_by_its_first_two_items_is_told_to_take_them_all() {
    let request = "What is the least common multiple of the numbers 1 to 15? Use code.";
    let code = "import math\n\n# Define the numbers of the request\nnumbers = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15]\n\nlcm = abs(numbers[0] * numbers[1]) // math.gcd(numbers[0], numbers[1])\n\nprint(lcm)";
    let hint = uncomputed(request, code, "2\n").unwrap();
    assert!(
        hint.text.contains("a list of 15 numbers, `numbers`, and uses only `numbers[0]` and `numbers[1]`: the other 13")
            && hint.text.contains("`math.lcm(*numbers)`"),
        "{}",
        hint.text
    );
    assert_eq!(
        list_used_by_two_items("nums = list(range(1, 16))\nprint(nums[0] + nums[1])"),
        Some(("nums".to_string(), 15))
    );
    // A loop over the list, or the list given whole, takes every item.
    for right in [
        code.replace(
            "print(lcm)",
            "for x in numbers:\n    lcm = lcm * x // math.gcd(lcm, x)\nprint(lcm)",
        ),
        code.replace("print(lcm)", "print(math.lcm(*numbers))"),
        "pair = [3, 4, 5]\nprint(pair[0])".to_string(),
        "pair = [3, 4]\nprint(pair[0] * pair[1])".to_string(),
    ] {
        assert_eq!(list_used_by_two_items(&right), None, "{right}");
    }
}

#[test]
fn dice_rolled_over_other_faces_than_one_to_six_are_told_range_1_7() {
    let request = "When you roll two dice, in how many of the 36 outcomes is the sum a prime number? Use code.";
    let code = "def is_prime(n):\n    return n > 1 and all(n % d for d in range(2, n))\n\ncount = 0\nfor die1 in range(1, 4):\n    for die2 in range(1, 4):\n        if is_prime(die1 + die2):\n            count += 1\nprint(count)";
    let hint = uncomputed(request, code, "5\n").unwrap();
    assert!(
        hint.text
            .contains("a die shows 1 to 6, and your code's `range(1, 4)` is no die's faces")
            && hint.text.contains("`for a in range(1, 7):`"),
        "{}",
        hint.text
    );
    // The sums 1 to 36 taken for the 36 rolls are no die's faces either.
    let sums =
        "count = 0\nfor i in range(1, 37):\n    if is_prime(i):\n        count += 1\nprint(count)";
    assert_eq!(
        die_faces_missed(request, sums),
        Some(Some("range(1, 37)".to_string()))
    );
    let right = code.replace("range(1, 4)", "range(1, 7)");
    assert_eq!(die_faces_missed(request, &right), None);
    assert_eq!(
        die_faces_missed("How many people died in 1900 in deaths.csv?", code),
        None
    );
}

#[test]
fn the_first_n_primes_taken_as_those_up_to_n_are_told_to_count_them() {
    let request = "What is the mean of the first 20 prime numbers? Use code.";
    let code = "def is_prime(n):\n    return n > 1 and all(n % d for d in range(2, n))\n\ntotal = 0\nfor i in range(2, 21):\n    if is_prime(i):\n        total += i\nprint(total / 20)";
    let hint = uncomputed(request, code, "3.85\n").unwrap();
    assert!(
        hint.text
            .contains("\"first 20 prime numbers\" are the first 20 found")
            && hint.text.contains("`while len(found) < 20:`"),
        "{}",
        hint.text
    );
    let right = "primes = []\nk = 2\nwhile len(primes) < 20:\n    if all(k % d for d in range(2, k)):\n        primes.append(k)\n    k += 1\nprint(sum(primes) / 20)";
    assert_eq!(first_found_uncounted(request, right), None);
    assert_eq!(
        first_found_uncounted("What is the mean of the primes below 20? Use code.", code),
        None
    );
}

#[test]
fn a_first_crossing_solved_as_an_equation_is_told_to_step_until_it_passes() {
    let request = "A town of 1200 people grows by 5% a year. After how many whole years does it first have more than 2000 people? Use code.";
    let code = "import sympy as sp\nP0, r, t = sp.symbols('P0 r t')\nsolution = sp.solve(1200 * (1 + 0.05)**t - 2000, t)\nprint([s for s in solution if s.is_real and s > 0])";
    let hint = uncomputed(request, code, "[]\n").unwrap();
    assert!(
        hint.text
            .contains("after how many years an amount that changes each year first passes a limit")
            && hint.text.contains("`while amount <= limit:`"),
        "{}",
        hint.text
    );
    let looped =
        "p, years = 1200, 0\nwhile p <= 2000:\n    p *= 1.05\n    years += 1\nprint(years)";
    assert_eq!(first_crossing_unlooped(request, looped), None);
    let logs = "import math\nprint(math.ceil(math.log(2000 / 1200) / math.log(1.05)))";
    assert_eq!(first_crossing_unlooped(request, logs), None);
    assert_eq!(
        first_crossing_unlooped(
            "How many years are there between 1990 and 2026? Use code.",
            code
        ),
        None
    );
}

#[test]
fn two_teams_of_the_same_size_counted_by_comb_alone_are_told_each_split_counts_twice() {
    let request = "In how many ways can 10 people be split into two teams of 5? Use code.";
    let code =
        "from math import comb\n\nn = 10\nk = 5\nnum_ways = comb(n, k)\nprint(f\"{num_ways}\")";
    let hint = uncomputed(request, code, "252\n").unwrap();
    assert!(
        hint.text.contains(
            "`comb` counts each split into two teams of the same size twice. Divide it by 2."
        ),
        "{}",
        hint.text
    );
    assert!(!equal_halves_counted_twice(
        request,
        "from math import comb\nprint(comb(10, 5) // 2)"
    ));
    // Teams of other sizes are no halves; a committee is one team.
    assert!(!equal_halves_counted_twice(
        "In how many ways can 10 people be split into two teams of 3 and 7? Use code.",
        code
    ));
    assert!(!equal_halves_counted_twice(
        "In how many ways can a committee of 5 be chosen from 10 people? Use code.",
        code
    ));
}

#[test]
fn two_lists_printed_for_how_many_are_one_or_the_other_are_told_to_count_either() {
    let request =
        "How many whole numbers from 1 to 500 are perfect squares or perfect cubes? Use code.";
    let code = "squares = [n for n in range(1, 501) if round(n ** 0.5) ** 2 == n]\ncubes = [n for n in range(1, 501) if round(n ** (1/3)) ** 3 == n]\nprint((squares, cubes))";
    let printed = "([1, 4, 9, 16, 25], [1, 8, 27, 64, 125])\n";
    let hint = uncomputed(request, code, printed).unwrap();
    assert!(
        hint.text.contains("printed the two lists themselves")
            && hint.text.contains("`len(set(first) | set(second))`"),
        "{}",
        hint.text
    );
    assert!(two_lists_for_either(request, "[1, 4, 9] [1, 8, 27]"));
    assert!(!two_lists_for_either(request, "27"));
    assert!(!two_lists_for_either(
        "Which numbers from 1 to 50 are squares or cubes?",
        printed
    ));
}

#[test]
fn an_answer_that_names_a_printed_word_or_a_which_kind_is_not_undone_by_printing_what_it_was_chosen_by()
 {
    let request = "Which product in products.json has the lowest price among those in stock?";
    let code = "import json\nwith open('products.json') as f:\n    products = json.load(f)\nlowest_price_product = None\nlowest_price = float('inf')\nfor product in products['products']:\n    if product['in_stock'] and product['price'] < lowest_price:\n        lowest_price = product['price']\n        lowest_price_product = product\nprint(json.dumps(lowest_price_product, indent=4))";
    let printed = "{\n    \"name\": \"pen set\",\n    \"price\": 5.0,\n    \"in_stock\": true\n}\n";
    let h = runs(request, &[(code, printed)]);
    assert_eq!(
        print_unprinted(
            &h,
            "The output shows that the pen set is priced at $5.0 and is in stock."
        ),
        None
    );
    // Even with no word of the output in the answer, a price is not the product asked for.
    assert_eq!(
        print_unprinted(&h, "The product is the cheapest one."),
        None
    );
    assert_eq!(asked_kind(request), Some("product"));
    assert_eq!(asked_kind("Which of the files is largest?"), None);
    // What the request asks about is still printed when the kind is in its name.
    let kept = code.replace(
        "print(json.dumps(lowest_price_product, indent=4))",
        "print(len(products))",
    );
    let (print, _) = print_unprinted(
        &runs(request, &[(&kept, "6\n")]),
        "The stapler is cheapest.",
    )
    .unwrap();
    assert_eq!(print, "print(lowest_price_product)");
}

#[test]
fn a_value_compared_in_one_case_where_the_file_writes_two_is_told_to_compare_in_one() {
    let here = tempfile::tempdir().unwrap();
    std::fs::write(
        here.path().join("orders.csv"),
        "order_id,customer,country,qty,unit_price\n1001,maple co,Canada,3,20.00\n1003,north ltd,canada,2,45.00\n1005,rio sa,Brazil,10,3.00\n",
    )
    .unwrap();
    let request = "What is the total revenue of the orders shipped to Canada in orders.csv?";
    let code = "import pandas as pd\norders = pd.read_csv('orders.csv')\ncanada = orders[orders['country'] == 'Canada']\nprint((canada['unit_price'] * canada['qty']).sum())";
    let hint = uncomputed_in(request, code, "60.0\n", here.path()).unwrap();
    assert!(
        hint.text
            .contains("`orders.csv` writes `Canada` also as `canada`")
            && hint.text.contains("`.str.lower() == 'canada'`"),
        "{}",
        hint.text
    );
    let right = code
        .replace("orders['country'] ==", "orders['country'].str.lower() ==")
        .replace("'Canada'", "'canada'");
    assert_eq!(compared_in_one_case(&right, here.path()), None);
    // A value the file writes one way only, or a word inside a longer field, is no such slip.
    let brazil = code.replace("Canada", "Brazil");
    assert_eq!(compared_in_one_case(&brazil, here.path()), None);
    std::fs::write(
        here.path().join("orders.csv"),
        "id,country,note\n1,Canada,from canada post\n",
    )
    .unwrap();
    assert_eq!(compared_in_one_case(code, here.path()), None);
}

#[test]
fn lines_kept_after_a_time_of_day_with_no_time_looked_at_are_told_where_the_time_is() {
    let here = tempfile::tempdir().unwrap();
    std::fs::write(
        here.path().join("app.log"),
        "2026-11-30 09:14:02 INFO start\n2026-11-30 10:02:45 ERROR disk slow\n2026-11-30 12:30:10 ERROR timeout\n",
    )
    .unwrap();
    let request = "How many ERROR lines in app.log were logged after noon?";
    let code = "print('Number of ERROR lines logged after noon:', len([line for line in open('app.log').read().split('\\n') if 'ERROR' in line]))";
    let hint = uncomputed_in(
        request,
        code,
        "Number of ERROR lines logged after noon: 2\n",
        here.path(),
    )
    .unwrap();
    assert!(
        hint.text.contains("only what happened after 12:00, and your code never looked at a time: each line of `app.log` gives one (`2026-11-30 09:14:02 INFO start`)")
            && hint.text.contains("`> '12:00'`"),
        "{}",
        hint.text
    );
    assert_eq!(
        time_of_day_unfiltered("How many lines of app.log came before 9:30?", code),
        Some(("09:30".to_string(), false))
    );
    assert_eq!(
        time_of_day_unfiltered("How many lines were logged after 3 pm?", code),
        Some(("15:00".to_string(), true))
    );
    let right = code.replace(
        "if 'ERROR' in line",
        "if 'ERROR' in line and line.split()[1] > '12:00'",
    );
    assert_eq!(time_of_day_unfiltered(request, &right), None);
    assert_eq!(
        time_of_day_unfiltered("How many ERROR lines are in app.log?", code),
        None
    );
}

#[test]
fn a_file_of_the_same_name_read_outside_the_folder_is_told_to_open_the_folders_own() {
    let here = tempfile::tempdir().unwrap();
    std::fs::write(
        here.path().join("passwd"),
        "root:x:0:0:root:/root:/bin/bash\n",
    )
    .unwrap();
    std::fs::write(here.path().join(".bashrc"), "alias ll='ls -la'\n").unwrap();
    let request = "How many users in passwd have bash as their login shell?";
    let code = "with open('/etc/passwd', 'r') as file:\n    lines = file.read().splitlines()\nprint(len(lines))";
    let hint = uncomputed_in(request, code, "20\n", here.path()).unwrap();
    assert!(
        hint.text.contains(
            "your code reads `/etc/passwd`, and my request is about the `passwd` of this folder"
        ) && hint.text.contains("`open('passwd')`"),
        "{}",
        hint.text
    );
    let home = "import os\nwith open(os.path.expanduser(\"~/.bashrc\")) as f:\n    print(len(f.read().split('\\n')))";
    assert_eq!(
        other_copy_read("How many aliases does .bashrc define?", home, here.path()),
        Some(("~/.bashrc".to_string(), ".bashrc".to_string()))
    );
    // The folder's own file, by its name or by its whole path, is the one asked about.
    let whole = format!(
        "print(open('{}').read())",
        here.path().join("passwd").display()
    );
    for right in ["print(open('passwd').read())", whole.as_str()] {
        assert_eq!(
            other_copy_read(request, right, here.path()),
            None,
            "{right}"
        );
    }
    assert_eq!(
        other_copy_read("How many users does this machine have?", code, here.path()),
        None
    );
}

#[test]
fn a_file_run_as_a_program_is_told_to_read_it() {
    let here = tempfile::tempdir().unwrap();
    std::fs::write(here.path().join("hosts"), "192.168.1.21\tapi.local\n").unwrap();
    let request = "Which IP address does the hosts file map api.local to?";
    let code = "import subprocess\noutput = subprocess.check_output(['hosts', '-n', 'api.local'])\nprint(output)";
    let failed = "Traceback (most recent call last):\nFileNotFoundError: [Errno 2] No such file or directory: 'hosts'\n";
    let h = runs_ending(request, &[(code, failed)], true);
    let call = h.call("c1").cloned().unwrap();
    let hint = failed_run_file_hint(&h, &call, failed, here.path()).unwrap();
    assert!(
        hint.text
            .contains("`hosts` is a file of this folder, not a program to run")
            && hint
                .text
                .contains("`lines = open('hosts').read().splitlines()`"),
        "{}",
        hint.text
    );
    // A file that is not here, or one opened (not run), is not this.
    assert_eq!(
        file_run_as_program(
            &code.replace("hosts", "nowhere"),
            &failed.replace("hosts", "nowhere"),
            here.path()
        ),
        None
    );
    assert_eq!(
        file_run_as_program(
            "import subprocess\nprint(open('hosts').read())",
            failed,
            here.path()
        ),
        None
    );
}

#[test]
fn the_first_match_taken_for_the_last_is_told_to_take_the_last_of_all() {
    let request = "How long, in seconds, is the last subtitle in movie.srt shown?";
    let code = "import re\ntext = open('movie.srt').read()\nm = re.search(r'(\\d\\d:\\d\\d:\\d\\d,\\d+) --> (\\d\\d:\\d\\d:\\d\\d,\\d+)', text)\nprint(m.group(1), m.group(2))";
    let hint = uncomputed(request, code, "00:00:01,000 00:00:03,500\n").unwrap();
    assert!(
        hint.text
            .contains("`re.search` finds the first match, and my request asks for the last"),
        "{}",
        hint.text
    );
    assert!(!first_match_for_last(
        request,
        &code.replace("re.search(", "re.findall(")
    ));
    assert!(!first_match_for_last(
        "How many commits were made last week?",
        code
    ));
    assert!(!first_match_for_last(
        "What are the first and last subtitles?",
        code
    ));
}

#[test]
fn a_cube_tested_through_a_cut_down_float_root_is_told_to_round_it() {
    let request =
        "How many whole numbers from 1 to 500 are perfect squares or perfect cubes? Use code.";
    let code = "count = 0\nfor i in range(1, 501):\n    if int(i**0.5)**2 == i or int(i**0.3)**3 == i:\n        count += 1\nprint(count)";
    let hint = uncomputed(request, code, "22\n").unwrap();
    assert!(
        hint.text.contains("`int(i**0.3)` is no exact cube root")
            && hint.text.contains("`round(n ** (1 / 3)) ** 3 == n`"),
        "{}",
        hint.text
    );
    assert_eq!(
        cube_root_slip(
            request,
            "print(sum(1 for n in range(1, 501) if int(n ** (1/3)) ** 3 == n))"
        ),
        Some("int(n ** (1/3))".to_string())
    );
    assert_eq!(
        cube_root_slip(
            request,
            "print(sum(1 for n in range(1, 501) if round(n ** (1/3)) ** 3 == n))"
        ),
        None
    );
    assert_eq!(
        cube_root_slip("How many perfect squares are below 500?", code),
        None
    );
}

#[test]
fn a_number_that_names_the_whole_the_code_goes_through_is_no_number_left_out() {
    let request = "When you roll two dice, in how many of the 36 outcomes is the sum a prime number? Use code.";
    let code = "count = 0\nfor i in range(1, 7):\n    for j in range(1, 7):\n        if i + j in (2, 3, 5, 7, 11):\n            count += 1\nprint(count)";
    assert_eq!(request_number_unused(request, code), None);
    assert_eq!(
        request_number_unused("How many of all 52 cards are red? Use code.", "print(26)"),
        None
    );
    // A number the computation takes is still told when left out.
    assert_eq!(
        request_number_unused(
            "What is 36 divided by the 4 seasons? Use code.",
            "print(9 * 1)"
        ),
        Some("36".to_string())
    );
}

#[test]
fn a_count_until_a_bound_is_passed_is_not_told_to_pass_the_bound_itself() {
    let request = "A town of 1200 people grows by 5% a year. After how many whole years does it first have more than 2000 people? Use code.";
    assert_eq!(
        bound_not_passed(
            request,
            "The town first has more than 2000 people after 11 whole years."
        ),
        None
    );
    // The number asked for itself still has to pass it.
    assert!(
        bound_not_passed(
            "What is the first prime number greater than 2000? Use code.",
            "1999"
        )
        .is_some()
    );
    // A bound on a count of something else (thirty-fifth set, task 11, the 1.5B model's right
    // 70 told to start from 101).
    assert_eq!(
        bound_not_passed(
            "What is the smallest n for which n factorial has more than 100 digits? Use code.",
            "The smallest n for which n! has more than 100 digits is 70."
        ),
        None
    );
    assert!(
        bound_not_passed(
            "What is the smallest number above 1000 that 17 divides? Use code.",
            "1000"
        )
        .is_some()
    );
}

#[test]
fn fence_lines_counted_for_code_blocks_are_told_each_block_has_two() {
    let request = "How many fenced code blocks does README.md contain?";
    let code = "lines = open('README.md').read().splitlines()\nprint(sum(1 for l in lines if l.startswith('```')))";
    let hint = uncomputed(request, code, "8\n").unwrap();
    assert!(
        hint.text
            .contains("each fenced code block has two ``` lines"),
        "{}",
        hint.text
    );
    for right in [
        code.replace(")))", ")) // 2)"),
        "import re\nprint(len(re.findall(r'```.*?```', open('README.md').read(), re.S)))"
            .to_string(),
    ] {
        assert!(!fences_counted_twice(request, &right), "{right}");
    }
    assert!(!fences_counted_twice(
        "How many lines of README.md start with ```?",
        code
    ));
}

#[test]
fn a_value_compared_whole_that_the_file_holds_only_at_the_end_of_paths_is_told_endswith() {
    let here = tempfile::tempdir().unwrap();
    std::fs::write(
        here.path().join("passwd"),
        "root:x:0:0:root:/root:/bin/bash\nben:x:1001:1001:Ben:/home/ben:/usr/bin/zsh\ncleo:x:1003:1003:Cleo:/home/cleo:/usr/bin/bash\n",
    )
    .unwrap();
    let request = "How many users in passwd have bash as their login shell?";
    let code = "count = 0\nfor line in open('passwd'):\n    fields = line.strip().split(':')\n    if fields[6] == 'bash':\n        count += 1\nprint(count)";
    let hint = uncomputed_in(request, code, "0\n", here.path()).unwrap();
    assert!(
        hint.text
            .contains("`passwd` never holds `bash` alone: it ends longer fields (`/bin/bash`)")
            && hint.text.contains("`.endswith('bash')`"),
        "{}",
        hint.text
    );
    assert_eq!(
        compared_whole_held_in_part(&code.replace("== 'bash'", "== '/bin/bash'"), here.path()),
        None
    );
    assert_eq!(
        compared_whole_held_in_part(&code.replace("'bash'", "'root'"), here.path()),
        None
    );
}

#[test]
fn a_field_taken_by_its_place_is_looked_for_in_that_column_alone() {
    // The set's own trap: a user named `bash` whose shell is `/bin/sh`. The 1.5B model's
    // `parts[6] == "bash"` was told only that its count never moved (thirty-second set, 27).
    let here = tempfile::tempdir().unwrap();
    std::fs::write(
        here.path().join("passwd"),
        "root:x:0:0:root:/root:/bin/bash\nbash:x:1002:1002:Bash:/home/bash:/bin/sh\ncleo:x:1003:1003:Cleo:/home/cleo:/usr/bin/bash\n",
    )
    .unwrap();
    let request = "How many users in passwd have bash as their login shell?";
    let code = "passwd_output = execute(\"shell\", \"cat passwd\")\nlines = passwd_output.split(\"\\n\")\nbash_users_count = 0\nfor line in lines:\n    parts = line.split(\":\")\n    if len(parts) >= 6 and parts[6] == \"bash\":\n        bash_users_count += 1\nprint(bash_users_count)";
    let hint = uncomputed_in(request, code, "0\n", here.path()).unwrap();
    assert!(
        hint.text
            .contains("`passwd` never holds `bash` alone: it ends longer fields (`/bin/bash`)"),
        "{}",
        hint.text
    );
    // The last field counted from the end is the same column.
    assert!(compared_whole_held_in_part(&code.replace("[6]", "[-1]"), here.path()).is_some());
    // The user's own name is in its column: no slip there.
    assert_eq!(
        compared_whole_held_in_part(&code.replace("[6]", "[0]"), here.path()),
        None
    );
}

#[test]
fn a_search_for_the_requests_word_that_found_none_is_undone_when_none_cannot_answer() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(
        dir.path().join("CHANGELOG.md"),
        "# Changelog\n\n## [Unreleased]\n- new\n\n## [2.10.0] - 2026-10-02\n- faster\n",
    )
    .unwrap();
    let code = "print(sum(1 for line in open('CHANGELOG.md') if 'version' in line))";
    let ran = |request: &str| {
        let h = runs(request, &[(code, "0\n")]);
        let call = h.call("c1").cloned().unwrap();
        uncomputed_hint(&h, &call, "0\n", dir.path())
    };
    let hint = ran("What is the latest released version in CHANGELOG.md?").unwrap();
    assert!(
        hint.undone && hint.text.contains("No file your code read holds `version`"),
        "{}",
        hint.text
    );
    // Asked how many, none may be the answer.
    let asked = ran("How many lines of CHANGELOG.md mention version?").unwrap();
    assert!(!asked.undone, "{}", asked.text);
}

#[test]
fn lines_that_give_a_time_of_day_are_told_how_to_take_it() {
    assert_eq!(
        timed_lines("08:00:00 boot\n08:00:05 listening\n08:01:35 request /"),
        Some("Each line gives a time of day among its words: take the time alone, `t = line.split()[0]`, then its parts, `h, m, s = map(int, t.split(':'))`; in seconds it is `h * 3600 + m * 60 + s`.".to_string())
    );
    assert!(
        timed_lines("2026-11-30 09:14:02 INFO start\n2026-11-30 10:02:45 ERROR disk slow")
            .unwrap()
            .contains("`t = line.split()[1]`")
    );
    assert_eq!(timed_lines("name,start\nbob,09:00"), None);
    assert_eq!(timed_lines("08:00 boot\nno time here"), None);
}

#[test]
fn whole_lines_compared_with_a_time_are_told_to_take_the_time_alone() {
    let here = tempfile::tempdir().unwrap();
    std::fs::write(
        here.path().join("app.log"),
        "2026-11-30 09:14:02 INFO start\n2026-11-30 12:30:10 ERROR timeout\n",
    )
    .unwrap();
    let request = "How many ERROR lines in app.log were logged after noon?";
    let code = "with open('app.log') as file:\n    lines = file.readlines()\n    noon = '12:00:00'\n    print(sum(1 for line in lines if line.strip() > noon and 'ERROR' in line))";
    let hint = uncomputed_in(request, code, "6\n", here.path()).unwrap();
    assert!(
        hint.text.contains(
            "each line of `app.log` begins with something else (`2026-11-30 09:14:02 INFO start`)"
        ) && hint.text.contains("`line.split()[1]`"),
        "{}",
        hint.text
    );
    let right = code.replace("line.strip() > noon", "line.split()[1] > noon");
    assert_eq!(whole_line_compared_with_time(&right, here.path()), None);
}

#[test]
fn a_path_inside_a_command_is_a_copy_read_from_elsewhere_too() {
    let here = tempfile::tempdir().unwrap();
    std::fs::write(
        here.path().join("passwd"),
        "root:x:0:0:root:/root:/bin/bash\n",
    )
    .unwrap();
    let code = "out = execute(\"shell\", \"cat /etc/passwd\")\nprint(len(out.split('\\n')))";
    assert_eq!(
        other_copy_read(
            "How many users in passwd have bash as their login shell?",
            code,
            here.path()
        ),
        Some(("/etc/passwd".to_string(), "passwd".to_string()))
    );
}

#[test]
fn a_file_too_large_to_read_after_each_run_is_not_read() {
    let here = tempfile::tempdir().unwrap();
    let path = here.path().join("big.log");
    std::fs::write(&path, "a\n").unwrap();
    assert_eq!(small_file_text(&path).as_deref(), Some("a\n"));
    let file = std::fs::OpenOptions::new().write(true).open(&path).unwrap();
    file.set_len((8 << 20) + 1).unwrap();
    assert_eq!(small_file_text(&path), None);
    assert_eq!(small_file_text(&here.path().join("none.log")), None);
}

#[test]
fn a_crontab_schedule_is_told_to_compare_its_fields_and_a_regex_of_its_stars_to_escape_them() {
    // Thirty-second set, task 13 (1.5B): `line.strip() == '0 * * * *'` was told to test
    // `'0 * * * *' in line`, which takes `30 * * * *` too; then `re.findall(r'0 * * * *', …)`
    // counted 6 for 3.
    let here = tempfile::tempdir().unwrap();
    std::fs::write(
        here.path().join("crontab.txt"),
        "# m h dom mon dow command\n0 * * * * /usr/local/bin/rotate-logs\n*/15 * * * * /opt/app/poll.sh\n30 * * * * /opt/app/sync.sh\n0 0 * * * /opt/app/backup.sh\n",
    )
    .unwrap();
    let whole = "lines = open('crontab.txt').read().split('\\n')\ncount = sum(1 for line in lines if line.strip() == '0 * * * *')\nprint(count)";
    assert_eq!(
        unmatched_search(whole, here.path()).as_deref(),
        Some(
            "Your code compares whole lines with `'0 * * * *'`, and no line of `crontab.txt` is just `0 * * * *`: they read like `0 * * * * /usr/local/bin/rotate-logs`. Compare its fields: `line.split()[:5] == '0 * * * *'.split()`, for `'0 * * * *' in line` takes `30 * * * * /opt/app/sync.sh` too."
        )
    );
    let request = "How many jobs in crontab.txt run exactly once an hour?";
    let stars =
        "import re\ntext = open('crontab.txt').read()\nprint(len(re.findall(r'0 * * * *', text)))";
    let hint = uncomputed_in(request, stars, "6\n", here.path()).unwrap();
    assert!(
        hint.text
            .contains("so `0 * * * *` is no search for the stars `crontab.txt` writes")
            && hint.text.contains(r"Escape each star (`0 \* \* \* \*`)"),
        "{}",
        hint.text
    );
    // Escaped stars, or a pattern that is no piece of the file: nothing of this.
    assert_eq!(
        regex_star_as_text(
            &stars.replace("r'0 * * * *'", r"r'0 \* \* \* \*'"),
            here.path()
        ),
        None
    );
    assert_eq!(
        regex_star_as_text(&stars.replace("0 * * * *", r"\d+ *x *"), here.path()),
        None
    );
}

#[test]
fn an_answer_that_says_only_the_requests_numbers_printed_back_drops_the_output() {
    // Thirty-third set, task 7 (1.5B): the code printed `Total flour required for 7 people:
    // 525.0 grams` and the answer said "you need 75 g", its 7 taken for the output's.
    let request = "A recipe for 4 people needs 300 g of flour. How many grams of flour does it need for 7 people? Use code.";
    let h = runs(
        request,
        &[(
            "print(f\"Total flour required for {new_people} people: {total} grams\")",
            "Total flour required for 7 people: 525.0 grams\n",
        )],
    );
    let nudge = unused_output_nudge(
        &h,
        "The recipe for 4 people needs 300 g of flour. To make 7 people, you need 75 g of flour.",
    )
    .unwrap();
    assert!(nudge.contains("525.0"), "{nudge}");
    assert_eq!(
        unused_output_nudge(&h, "For 7 people it needs 525 g of flour."),
        None
    );
    // A count of none printed beside the request's number, said in words.
    let none = runs(
        "How many numbers from 1 to 50 are divisible by 97? Use code.",
        &[("print(count)", "0\n")],
    );
    assert_eq!(
        unused_output_nudge(&none, "There are no such numbers from 1 to 50."),
        None
    );
}

#[test]
fn an_exact_probability_drawn_at_random_and_a_common_factor_never_taken_are_told() {
    // Thirty-third set, task 3 (1.5B): 10000 random draws of six flips printed 0.3054.
    let request = "What is the probability of getting exactly 3 heads in 6 fair coin flips? Give it as a decimal. Use code.";
    let code = "import random\ncount = 0\nfor _ in range(10000):\n    heads = sum(random.randint(0, 1) for _ in range(6))\n    if heads == 3:\n        count += 1\nprint(count / 10000)";
    let hint = uncomputed(request, code, "0.3054\n").unwrap();
    assert!(
        hint.text
            .contains("an exact probability, and your code draws at random"),
        "{}",
        hint.text
    );
    assert_eq!(
        uncomputed(
            "Estimate by simulation the probability of 3 heads in 6 flips. Use code.",
            code,
            "0.3054\n"
        )
        .map(|h| h.text.contains("draws at random")),
        None
    );
    // Thirty-third set, task 8 (1.5B): "no common factor with 50 other than 1" taken as not
    // divisible by 50.
    let request = "How many of the numbers from 1 to 50 have no common factor with 50 other than 1? Use code.";
    let code =
        "count = 0\nfor i in range(1, 51):\n    if i % 50 != 0:\n        count += 1\nprint(count)";
    let hint = uncomputed(request, code, "49\n").unwrap();
    assert!(
        hint.text.contains("`math.gcd(n, 50) == 1`"),
        "{}",
        hint.text
    );
    let right = "import math\nprint(sum(1 for i in range(1, 51) if math.gcd(i, 50) == 1))";
    assert!(common_factor_untaken(request, right).is_none());
}

#[test]
fn a_string_compared_in_a_column_that_never_holds_it_is_told_the_column_that_does() {
    // Thirty-third set, task 15 (1.5B): `order[3] == 'cancelled'` where column 3 is `total`;
    // told of the file's `Cancelled`, it printed 0% twice.
    let here = tempfile::tempdir().unwrap();
    std::fs::write(
        here.path().join("orders.csv"),
        "order_id,customer,status,total\n1001,ana,shipped,10.50\n1002,ben,cancelled,13.50\n1003,cho,Cancelled,16.50\n",
    )
    .unwrap();
    let request = "What share of the orders in orders.csv were cancelled, as a percentage?";
    let code = "import csv\nwith open('orders.csv') as file:\n    reader = csv.reader(file)\n    next(reader)\n    orders = list(reader)\ncancelled = sum(1 for order in orders if order[3] == 'cancelled')\nprint(f'Percentage of cancelled orders: {cancelled / len(orders) * 100:.2f}%')";
    let hint = uncomputed_in(
        request,
        code,
        "Percentage of cancelled orders: 0.00%\n",
        here.path(),
    )
    .unwrap();
    assert!(
        hint.text.contains("`order[3]` takes a column of `orders.csv` (`total`) that never holds `cancelled`: it is in column 2 (`status`), so compare `order[2]`."),
        "{}",
        hint.text
    );
    // Lowered first, the same; the right column is told only of the case.
    assert!(
        compared_in_other_column(&code.replace("order[3]", "order[3].lower()"), here.path())
            .is_some()
    );
    assert!(compared_in_other_column(&code.replace("order[3]", "order[2]"), here.path()).is_none());
    assert!(compared_in_one_case(&code.replace("order[3]", "order[2]"), here.path()).is_some());
}

#[test]
fn a_line_commented_out_is_no_mark_written_after_other_text() {
    // Thirty-third set, task 21 (1.5B): told that `.startswith("Disallow:")` misses
    // `# Disallow: /old/`, which no robot reads.
    let here = tempfile::tempdir().unwrap();
    std::fs::write(
        here.path().join("robots.txt"),
        "User-agent: *\nDisallow: /admin/\n# Disallow: /old/\nDisallow: /search\n",
    )
    .unwrap();
    let request = "How many paths does robots.txt disallow for all user agents?";
    let code = "count = 0\nfor line in open('robots.txt'):\n    if line.startswith(\"Disallow:\"):\n        count += 1\nprint(count)";
    assert_eq!(mark_after_text(request, code, here.path()), None);
    std::fs::write(
        here.path().join("robots.txt"),
        "User-agent: *\nDisallow: /admin/\nCrawl-delay: 5 Disallow: /later/\n",
    )
    .unwrap();
    assert!(mark_after_text(request, code, here.path()).is_some());
}

#[test]
fn an_xml_search_by_a_bare_tag_in_a_namespaced_file_is_told_the_full_name() {
    // Thirty-third set, task 22 (1.5B): `root.findall('url')` of a sitemap with a default
    // namespace found nothing, then `.//lastmod` too.
    let here = tempfile::tempdir().unwrap();
    std::fs::write(
        here.path().join("sitemap.xml"),
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n  <url>\n    <loc>https://example.com/</loc>\n    <lastmod>2026-01-05</lastmod>\n  </url>\n</urlset>\n",
    )
    .unwrap();
    let request = "How many URLs in sitemap.xml were last modified in 2026?";
    let code = "import xml.etree.ElementTree as ET\nroot = ET.parse('sitemap.xml').getroot()\ncount = 0\nfor lastmod in root.findall('.//lastmod'):\n    if lastmod.text.startswith('2026'):\n        count += 1\nprint(count)";
    let hint = uncomputed_in(request, code, "0\n", here.path()).unwrap();
    assert!(
        hint.text
            .contains("`root.iter('{http://www.sitemaps.org/schemas/sitemap/0.9}lastmod')`"),
        "{}",
        hint.text
    );
    let named = code.replace(
        "'.//lastmod'",
        "'.//{http://www.sitemaps.org/schemas/sitemap/0.9}lastmod'",
    );
    assert_eq!(namespace_unnamed(request, &named, "0\n", here.path()), None);
    assert_eq!(namespace_unnamed(request, code, "1\n", here.path()), None);
}

#[test]
fn a_column_compared_with_a_value_it_never_holds_is_told_its_values() {
    // Thirty-third set, task 23 (1.5B): deposits and withdrawals of a bank.csv whose types are
    // credit and debit; it printed the starting balance.
    let here = tempfile::tempdir().unwrap();
    std::fs::write(
        here.path().join("bank.csv"),
        "date,description,type,amount\n2026-11-01,Salary,credit,2500.00\n2026-11-02,Rent,debit,1200.00\n2026-11-12,Refund,credit,40.50\n",
    )
    .unwrap();
    let request = "What is the balance after all the transactions in bank.csv, starting from 1000?";
    let code = "import csv\nbalance = 1000\nfor t in csv.DictReader(open('bank.csv')):\n    if t['type'] == 'deposit':\n        balance += float(t['amount'])\n    elif t['type'] == 'withdrawal':\n        balance -= float(t['amount'])\nprint(f'Final balance: {balance}')";
    let hint = uncomputed_in(request, code, "Final balance: 1000\n", here.path()).unwrap();
    assert!(
        hint.text.contains("the `type` column of `bank.csv` never holds `deposit`, so your `== 'deposit'` matches no row: its values are `credit`, `debit`."),
        "{}",
        hint.text
    );
    // Both of the code's words are told the column's word of their kind (the model compared
    // with `deposit` and `withdrawal` again when told only the values).
    assert!(
        hint.text.contains("Compare with `'credit'` where your code has `'deposit'` and `'debit'` where it has `'withdrawal'`."),
        "{}",
        hint.text
    );
    let right = code
        .replace("'deposit'", "'credit'")
        .replace("'withdrawal'", "'debit'");
    assert_eq!(keyed_value_absent(&right, here.path()), None);
    // Words of no known kind: the column's values, and the request to choose.
    let other = code
        .replace("'deposit'", "'salary'")
        .replace("'withdrawal'", "'rent'");
    let hint = uncomputed_in(request, &other, "Final balance: 1000\n", here.path()).unwrap();
    assert!(
        hint.text
            .contains("its values are `credit`, `debit`. Compare with the one my request means."),
        "{}",
        hint.text
    );
    assert_eq!(
        money_kinds_renamed("Deposits", &["credit".to_string(), "debit".to_string()], ""),
        Some("`'credit'` where your code has `'Deposits'`".to_string())
    );
    assert_eq!(
        money_kinds_renamed("income", &["in".to_string(), "incoming".to_string()], ""),
        None
    );
}

#[test]
fn several_yaml_documents_read_as_one_are_told_safe_load_all() {
    // Thirty-third set, task 24 (1.5B): `yaml.safe_load` of a Kubernetes file, four times.
    let here = tempfile::tempdir().unwrap();
    let code = "import yaml\ndata = yaml.safe_load(computer.files.read('deploy.yaml'))\nprint(data['spec']['replicas'])";
    let failed = "Traceback (most recent call last):\nyaml.composer.ComposerError: expected a single document in the stream\n";
    let hint = run_hint("python", code, failed, true, here.path()).unwrap();
    assert!(
        hint.text
            .starts_with("`deploy.yaml` holds several YAML documents")
            && hint
                .text
                .contains("`docs = list(yaml.safe_load_all(text))`"),
        "{}",
        hint.text
    );
}

#[test]
fn lines_of_a_file_copied_into_a_triple_quoted_text_are_told_to_read_the_file() {
    // Thirty-third set, task 14 (1.5B): two lines of server.log, shown with the request, in
    // `"""…"""`, averaged to 100.0.
    let here = tempfile::tempdir().unwrap();
    std::fs::write(
        here.path().join("server.log"),
        "2026-11-30T10:00:00 INFO GET /api/users 200 took 120ms\n2026-11-30T10:00:02 INFO GET /api/orders 200 took 80ms\n2026-11-30T10:00:09 WARN GET /api/report 200 took 1.5s\n",
    )
    .unwrap();
    let request = "What is the average duration in milliseconds of the requests in server.log?";
    let code = "import re\nserver_log = \"\"\"\n2026-11-30T10:00:00 INFO GET /api/users 200 took 120ms\n2026-11-30T10:00:02 INFO GET /api/orders 200 took 80ms\n\"\"\"\nd = [int(m) for m in re.findall(r'took (\\d+)ms', server_log)]\nprint(sum(d) / len(d))";
    assert_eq!(copied_lines(request, code, here.path()), Some("server.log"));
}

#[test]
fn a_files_lines_counted_in_all_for_a_count_of_things_in_it_are_told() {
    // Thirty-third set, task 19 (1.5B): `cat nginx.conf | wc -l`, then "31 server blocks".
    let here = tempfile::tempdir().unwrap();
    std::fs::write(
        here.path().join("nginx.conf"),
        "server {\n    listen 443 ssl;\n}\nserver {\n    listen 80;\n}\n",
    )
    .unwrap();
    let request = "How many server blocks in nginx.conf listen on port 443?";
    assert_eq!(
        whole_file_counted(request, "cat nginx.conf | wc -l", "6\n", here.path()),
        Some(("nginx.conf".to_string(), 6))
    );
    // Lines picked first, a count of lines asked, or another number: nothing of this.
    assert_eq!(
        whole_file_counted(
            request,
            "grep -c 'listen 443' nginx.conf | wc -l",
            "6\n",
            here.path()
        ),
        None
    );
    assert_eq!(
        whole_file_counted(
            "How many lines does nginx.conf have?",
            "wc -l nginx.conf",
            "6 nginx.conf\n",
            here.path()
        ),
        None
    );
    assert_eq!(
        whole_file_counted(request, "wc -l nginx.conf", "5\n", here.path()),
        None
    );
}

#[test]
fn a_commented_line_picked_by_its_word_is_told_to_be_skipped() {
    // Thirty-second set, task 31 (1.5B): `line.split()[0]` of `# 10.0.0.9 api.local` printed `#`.
    let here = tempfile::tempdir().unwrap();
    std::fs::write(
        here.path().join("hosts"),
        "127.0.0.1 localhost\n# 10.0.0.9 api.local\n192.168.1.21 api.local\n",
    )
    .unwrap();
    let request = "Which IP address does the hosts file map api.local to?";
    let code = "hosts_content = computer.files.read(\"hosts\")\nfor line in hosts_content.split(\"\\n\"):\n    if \"api.local\" in line:\n        print(f\"The IP address for api.local is: {line.split()[0]}\")\n        break";
    let hint = uncomputed_in(
        request,
        code,
        "The IP address for api.local is: #\n",
        here.path(),
    )
    .unwrap();
    assert!(
        hint.text.contains("the first line of `hosts` that holds `api.local` is commented out (`# 10.0.0.9 api.local`)"),
        "{}",
        hint.text
    );
    let skipping = code.replace(
        "    if \"api.local\" in line:",
        "    if line.startswith('#'):\n        continue\n    if \"api.local\" in line:",
    );
    assert_eq!(commented_line_taken(&skipping, here.path()), None);
}

#[test]
fn an_unreleased_heading_printed_for_a_released_version_is_told() {
    // Thirty-second set, task 32 (1.5B): `re.search(r'## \[(.*?)\]', content)` printed
    // `Unreleased`, and it was the answer.
    let request = "What is the latest released version in CHANGELOG.md?";
    let code = "import re\ncontent = open('CHANGELOG.md').read()\nprint(re.search(r'## \\[(.*?)\\]', content).group(1))";
    let hint = uncomputed(request, code, "Unreleased\n").unwrap();
    assert!(
        hint.text
            .contains("`Unreleased` heads the changes not released yet"),
        "{}",
        hint.text
    );
    assert!(!unreleased_for_release(request, "2.10.0\n"));
    assert!(!unreleased_for_release(
        "What does the Unreleased section of CHANGELOG.md add?",
        "Unreleased\n"
    ));
}

#[test]
fn a_rectangle_side_guessed_by_a_formula_and_a_combination_of_one_value_are_told() {
    // Thirty-second set, task 3 (1.5B): `(perimeter + 2 * area) / 4`, 87.5.
    let request = "A rectangle has a perimeter of 50 and an area of 150. What is the length of its longer side? Use code.";
    let code = "perimeter = 50\narea = 150\nlength = (perimeter + 2 * area) / 4\nprint(length)";
    let hint = uncomputed(request, code, "87.5\n").unwrap();
    assert!(
        hint.text
            .contains("a rectangle's two sides add up to half its perimeter"),
        "{}",
        hint.text
    );
    assert!(!rectangle_sides_guessed(
        request,
        "import math\np, a = 50, 150\nprint((p / 2 + math.sqrt((p / 2) ** 2 - 4 * a)) / 2)"
    ));
    // Thirty-second set, task 7 (1.5B): `all(card == 13 for card in hand)` over 5-card hands.
    let request = "How many 5-card hands from a standard deck contain all four aces? Use code.";
    let code = "from itertools import combinations\ndeck = list(range(1, 53))\ndef has_all_aces(hand):\n    return all(card == 13 for card in hand)\nprint(sum(1 for hand in combinations(deck, 5) if has_all_aces(hand)))";
    let hint = uncomputed(request, code, "0\n").unwrap();
    assert!(
        hint.text.contains(
            "`all(card == 13 for card in hand)` asks every item of `hand` to be that one same value"
        ),
        "{}",
        hint.text
    );
    assert_eq!(
        all_items_one_value("print(all(x == 1 for x in values))"),
        None
    );
}

#[test]
fn the_times_of_a_logs_lines_are_told_only_to_code_about_time() {
    // Thirty-third set, task 27 (1.5B): counting distinct users of logins.log, it was told how
    // to take each line's time, and counted distinct login seconds.
    let here = tempfile::tempdir().unwrap();
    std::fs::write(
        here.path().join("logins.log"),
        "2026-11-29 23:58:10 login user=ana\n2026-11-30 00:02:11 login user=ben\n",
    )
    .unwrap();
    let users = "import csv\nlogins = []\nfor row in csv.reader(open('logins.log')):\n    logins.append(row[1])\nprint(len(set(logins)))";
    let heads = text_heads(users, here.path()).unwrap();
    assert!(!heads.contains("time of day"), "{heads}");
    let gaps = "times = [line.split()[0] for line in open('logins.log')]\nprint(max_gap(times))";
    assert!(
        text_heads(gaps, here.path())
            .unwrap()
            .contains("time of day")
    );
}

#[test]
fn json_with_comments_and_properties_read_from_the_environment_are_told_how_to_read_them() {
    // Thirty-third set, task 29 (1.5B): tsconfig.json's comments made `json.load` fail, and it
    // was told the file was text.
    let here = tempfile::tempdir().unwrap();
    std::fs::write(
        here.path().join("tsconfig.json"),
        "{\n  // Base options\n  \"compilerOptions\": {\n    \"target\": \"ES2022\",\n  },\n}\n",
    )
    .unwrap();
    let request = "What target does tsconfig.json set in its compilerOptions?";
    let code = "import json\nwith open('tsconfig.json') as f:\n    print(json.load(f)['compilerOptions']['target'])";
    let said = json_of_other(request, code, "json.decoder.JSONDecodeError: Expecting property name enclosed in double quotes: line 2 column 3 (char 4)\n", here.path()).unwrap();
    assert!(
        said.starts_with("`tsconfig.json` is JSON with comments (`// Base options`)")
            && said.contains(r"`text = re.sub(r',(\s*[}\]])', r'\1', text)`"),
        "{said}"
    );
    // Thirty-third set, task 30 (1.5B): `os.getenv('db.url')` for app.properties.
    std::fs::write(
        here.path().join("app.properties"),
        "db.url=jdbc:postgresql://db.internal:5432/app\n",
    )
    .unwrap();
    let request = "What is the value of db.url in app.properties?";
    assert_eq!(
        environment_for_file(
            request,
            "import os; print(os.getenv('db.url'))",
            here.path()
        )
        .as_deref(),
        Some("app.properties")
    );
}

#[test]
fn a_semicolon_table_read_with_commas_is_told_its_separator_and_decimal_commas() {
    // Thirty-third set, task 33 (1.5B): `row['amount']` of a DictReader over `date;payee;amount`.
    let here = tempfile::tempdir().unwrap();
    std::fs::write(
        here.path().join("payments.csv"),
        "date;payee;amount\n2026-11-02;Stadtwerke;84,50\n2026-11-05;Miete;1.150,00\n",
    )
    .unwrap();
    let code = "import csv\ntotal = 0\nwith open('payments.csv', newline='') as file:\n    for row in csv.DictReader(file):\n        total += float(row['amount'])\nprint(total)";
    let failed = "Traceback (most recent call last):\nKeyError: 'amount'\n";
    let hint = run_hint("python", code, failed, true, here.path()).unwrap();
    assert_eq!(
        hint.text,
        "`payments.csv` separates its columns with `;`, not commas, so each line was read as one column named by the whole header: read it with `csv.DictReader(f, delimiter=';')` (pandas: `pd.read_csv('payments.csv', sep=';')`). Its numbers write decimals with a comma (`84,50`): turn each into a float with `float(v.replace('.', '').replace(',', '.'))`."
    );
    let told = code.replace(
        "csv.DictReader(file)",
        "csv.DictReader(file, delimiter=';')",
    );
    assert_eq!(other_separator_table(&told, "amount", here.path()), None);
}

#[test]
fn one_address_looked_for_where_the_request_names_a_domain_is_told() {
    // Thirty-third set, task 32 (1.5B): `startswith('alice@example.com')`, then
    // `^From: Alice <alice@example.com>`, for mails from any example.com address.
    let request = "How many emails in inbox.mbox were sent from an example.com address?";
    let code = "import mailbox\ncount = 0\nfor message in mailbox.mbox('inbox.mbox'):\n    if message['From'].startswith('alice@example.com'):\n        count += 1\nprint(count)";
    let hint = uncomputed(request, code, "0\n").unwrap();
    assert!(
        hint.text.contains("my request is about every `example.com` address, and your code looks for one of them, `alice@example.com`"),
        "{}",
        hint.text
    );
    assert_eq!(
        one_address_for_domain(
            request,
            "import re\nprint(len(re.findall(r'^From: .*<[^>]*@example\\.com>', open('inbox.mbox').read(), re.M)))"
        ),
        None
    );
    assert!(
        one_address_for_domain(request, "pattern = r'^From: Alice <alice@example.com>'").is_some()
    );
    assert_eq!(
        one_address_for_domain("How many mails did alice@example.com send?", code),
        None
    );
}

#[test]
fn an_access_log_pattern_with_numeric_months_that_matches_no_line_is_told() {
    // Thirty-third set, task 13 (0.5B): `\d{2}/\d{2}/\d{4}` for `30/Nov/2026`, then `None`
    // printed for the busiest client, and answered.
    let here = tempfile::tempdir().unwrap();
    std::fs::write(
        here.path().join("access.log"),
        "10.0.0.5 - - [30/Nov/2026:10:00:00 +0000] \"GET / HTTP/1.1\" 200 512 \"-\" \"curl/8.5\"\n10.0.0.7 - - [30/Nov/2026:10:01:00 +0000] \"GET /about HTTP/1.1\" 200 513 \"-\" \"curl/8.5\"\n",
    )
    .unwrap();
    let request = "Which IP address made the most requests in access.log?";
    let code = "import re\nwith open('access.log', 'r') as file:\n    lines = file.readlines()\nip_count = {}\nfor line in lines:\n    match = re.match(r'(\\d+\\.\\d+\\.\\d+\\.\\d+) - - \\[(\\d{2}/\\d{2}/\\d{4}:\\d{2}:\\d{2}) +0000] \"GET / HTTP/1.1\" (\\d+) (\\d+) \"-\" \"curl/8.5\"', line)\n    if match:\n        ip = match.group(1)\n        ip_count[ip] = ip_count.get(ip, 0) + 1\nmax_ip = None\nfor ip, count in ip_count.items():\n    max_ip = ip\nprint(f\"The IP address that made the most requests is: {max_ip}\")";
    let hint = uncomputed_in(
        request,
        code,
        "The IP address that made the most requests is: None\n",
        here.path(),
    )
    .unwrap();
    assert!(
        hint.text.contains("no line of `access.log` matches it"),
        "{}",
        hint.text
    );
}

#[test]
fn a_price_before_a_discount_taken_forward_is_told_to_divide() {
    // Thirty-third set, task 5 (0.5B): `40 - 40 * 0.20`, 32.0, for the price before a 20%
    // discount that left 40.
    let request =
        "A shirt costs 40 after a 20% discount. What was its price before the discount? Use code.";
    let code = "original_price = 40\ndiscount_amount = original_price * 0.20\nprint(original_price - discount_amount)";
    let hint = uncomputed(request, code, "32.0\n").unwrap();
    assert!(
        hint.text
            .contains("so divide: `price_after / (1 - 20 / 100)`"),
        "{}",
        hint.text
    );
    assert_eq!(percent_taken_forward(request, "print(40 / 0.8)"), None);
    assert_eq!(
        percent_taken_forward(
            "A shirt costs 40. What does it cost after a 20% discount? Use code.",
            code
        ),
        None
    );
}

#[test]
fn a_sentence_that_nothing_was_found_is_undone_where_none_cannot_answer() {
    // Thirty-third set, task 14 (1.5B): "No requests found in server.log." for an average
    // duration; it was asked to answer with that.
    let here = tempfile::tempdir().unwrap();
    std::fs::write(
        here.path().join("server.log"),
        "2026-11-30T10:00:00 INFO GET /api/users 200 took 120ms\n2026-11-30T10:00:02 INFO GET /api/orders 200 took 80ms\n",
    )
    .unwrap();
    let request = "What is the average duration in milliseconds of the requests in server.log?";
    let code = "lines = open('server.log').read().splitlines()\ndurations = []\nfor line in lines:\n    parts = line.split()\n    if len(parts) == 4 and parts[3].endswith('took'):\n        durations.append(int(parts[3].split('took ')[1].rstrip('ms')))\nif durations:\n    print(sum(durations) / len(durations))\nelse:\n    print('No requests found in server.log.')";
    let hint = uncomputed_in(
        request,
        code,
        "No requests found in server.log.\n",
        here.path(),
    )
    .unwrap();
    assert!(hint.undone);
    assert!(
        hint.text
            .contains("your code printed that it found nothing"),
        "{}",
        hint.text
    );
    assert!(none_can_answer("How many requests in server.log failed?"));
    assert!(!none_can_answer(request));
}

#[test]
fn a_year_tested_at_the_end_of_dates_that_begin_with_it_is_told_startswith() {
    // Thirty-third set, task 22 (1.5B, after the namespace hint): `lastmod.endswith('2026')`.
    let here = tempfile::tempdir().unwrap();
    std::fs::write(
        here.path().join("sitemap.xml"),
        "<urlset>\n  <url><lastmod>2026-01-05</lastmod></url>\n  <url><lastmod>2025-12-31</lastmod></url>\n</urlset>\n",
    )
    .unwrap();
    let request = "How many URLs in sitemap.xml were last modified in 2026?";
    let code = "import xml.etree.ElementTree as ET\nroot = ET.fromstring(computer.files.read('sitemap.xml'))\ncount = 0\nfor lastmod in root.iter('lastmod'):\n    if lastmod.text.endswith('2026'):\n        count += 1\nprint(count)";
    let hint = uncomputed_in(request, code, "0\n", here.path()).unwrap();
    assert!(
        hint.text.contains("the dates of `sitemap.xml` begin with the year (`2026-01-05`), so `.endswith('2026')` matches none of them"),
        "{}",
        hint.text
    );
    std::fs::write(
        here.path().join("sitemap.xml"),
        "<d>05/01/2026</d>\n<d>2026-01-05</d>\n",
    )
    .unwrap();
    assert_eq!(year_tested_at_end(code, here.path()), None);
}

#[test]
fn amounts_in_and_out_added_alike_are_told_the_column_that_tells_them_apart() {
    // Thirty-third set, task 23 (1.5B): every amount of bank.csv added to 1000, 5185.75.
    let here = tempfile::tempdir().unwrap();
    std::fs::write(
        here.path().join("bank.csv"),
        "date,description,type,amount\n2026-11-01,Salary,credit,2500.00\n2026-11-02,Rent,debit,1200.00\n",
    )
    .unwrap();
    let request = "What is the balance after all the transactions in bank.csv, starting from 1000?";
    let code = "with open('bank.csv') as file:\n    lines = file.read().splitlines()\nbalance = 1000\nfor line in lines[1:]:\n    parts = line.split(',')\n    balance += float(parts[3])\nprint(balance)";
    let hint = uncomputed_in(request, code, "4700.0\n", here.path()).unwrap();
    assert!(
        hint.text.contains("the `type` column of `bank.csv` says whether each amount comes in or goes out (`credit`, `debit`)"),
        "{}",
        hint.text
    );
    let signed = code.replace(
        "    balance += float(parts[3])",
        "    sign = 1 if parts[2] == 'credit' else -1\n    balance += sign * float(parts[3])",
    );
    assert_eq!(direction_unread(&signed, here.path()), None);
}

#[test]
fn a_pattern_that_takes_one_unit_is_told_the_lines_written_in_another() {
    let here = tempfile::tempdir().unwrap();
    std::fs::write(
        here.path().join("server.log"),
        "10:00:00 GET /api/users 200 took 120ms\n10:00:05 INFO cache warmed\n10:00:09 GET /api/report 200 took 1.5s\n10:00:12 POST /api/orders 201 took 300ms\n",
    )
    .unwrap();
    let request = "What is the average duration in milliseconds of the requests in server.log?";
    let code = "import re\ndurations = []\nfor line in open('server.log'):\n    match = re.search(r'took (\\d+)ms', line)\n    if match:\n        durations.append(int(match.group(1)))\nprint(f\"The average duration is {sum(durations) / len(durations):.2f} milliseconds.\")";
    assert_eq!(
        unit_fixed_in_pattern(code, here.path()),
        Some((
            "server.log".to_string(),
            "took (\\d+)ms".to_string(),
            1,
            "took 1.5s".to_string()
        ))
    );
    let hint = uncomputed_in(
        request,
        code,
        "The average duration is 210.00 milliseconds.\n",
        here.path(),
    )
    .unwrap();
    assert!(
        hint.text
            .contains("your pattern `took (\\d+)ms` passes over a line of `server.log` that write")
            && hint.text.contains("such as `took 1.5s`")
            && !hint.text.contains("1500"),
        "{}",
        hint.text
    );
    // Not a raw string: the pattern's backslashes are doubled.
    let plain = code.replace("r'took (\\d+)ms'", "'took (\\\\d+)ms'");
    assert!(unit_fixed_in_pattern(&plain, here.path()).is_some());
    // A decimal in the unit the pattern takes is passed over too.
    std::fs::write(
        here.path().join("server.log"),
        "took 120ms\ntook 12.5ms\ntook 300ms\n",
    )
    .unwrap();
    assert_eq!(
        unit_fixed_in_pattern(code, here.path()).map(|f| f.3),
        Some("took 12.5ms".to_string())
    );
    // Every line written as the pattern takes it, or another pattern of the code taking the
    // others: nothing passed over.
    std::fs::write(
        here.path().join("server.log"),
        "took 120ms\ntook 300ms\nidle\n",
    )
    .unwrap();
    assert_eq!(unit_fixed_in_pattern(code, here.path()), None);
    std::fs::write(here.path().join("server.log"), "took 120ms\ntook 1.5s\n").unwrap();
    let both = code.replace(
        "    if match:",
        "    seconds = re.search(r'took ([\\d.]+)s', line)\n    if match:",
    );
    assert_eq!(unit_fixed_in_pattern(&both, here.path()), None);
    let any_unit = code.replace("(\\d+)ms", "([\\d.]+)(ms|s)");
    assert_eq!(unit_fixed_in_pattern(&any_unit, here.path()), None);
}

#[test]
fn a_table_reader_over_lines_with_no_comma_is_told_each_row_is_one_field() {
    let here = tempfile::tempdir().unwrap();
    std::fs::write(
        here.path().join("logins.log"),
        "2026-11-29 23:58:10 login user=ana\n2026-11-30 00:02:11 login user=ben\n2026-11-30 08:16:00 logout user=ben\n",
    )
    .unwrap();
    let code = "import csv\nlogins = []\nwith open('logins.log', 'r') as file:\n    reader = csv.reader(file)\n    for row in reader:\n        if len(row) > 1:\n            logins.append(row[1])\nprint(len(set(logins)))";
    let told = unmatched_search(code, here.path()).unwrap();
    assert!(
        told.contains("with `csv.reader`, which splits each line at `,` (its default), and no line of `logins.log` holds `,`"),
        "{told}"
    );
    let request = "How many distinct users logged in on 2026-11-30 according to logins.log?";
    let hint = uncomputed_in(request, code, "0\n", here.path()).unwrap();
    assert!(
        hint.text.contains("each row is one whole line"),
        "{}",
        hint.text
    );
    // The IndexError of `row[1]` without the guard is told so too.
    let unguarded = code.replace(
        "        if len(row) > 1:\n            logins",
        "        logins",
    );
    let failed = run_hint(
        "python",
        &unguarded,
        "Traceback (most recent call last):\n  File \"<cell 2>\", line 6, in <module>\n    logins.append(row[1])\nIndexError: list index out of range\n",
        true,
        here.path(),
    )
    .unwrap();
    assert!(
        failed.text.contains("each row is one whole line"),
        "{}",
        failed.text
    );
    // A delimiter given that the lines hold, or pandas told its separator: nothing to say.
    let spaced = code.replace("csv.reader(file)", "csv.reader(file, delimiter=' ')");
    assert_eq!(unmatched_search(&spaced, here.path()), None);
    let tabbed = code.replace("csv.reader(file)", "csv.reader(file, delimiter='\\t')");
    assert!(
        unmatched_search(&tabbed, here.path())
            .unwrap()
            .contains("splits each line at `\\t`, and")
    );
    let pandas = "import pandas as pd\nlogins = pd.read_csv('logins.log', sep=r'\\s+')\nprint(logins[3].nunique())";
    assert_eq!(unmatched_search(pandas, here.path()), None);
    // A table with commas read so is fine.
    std::fs::write(
        here.path().join("logins.log"),
        "when,user\n2026-11-30,ana\n",
    )
    .unwrap();
    assert_eq!(unmatched_search(code, here.path()), None);
}

#[test]
fn a_properties_file_read_whole_and_looped_over_is_told_it_goes_by_character() {
    // Thirty-third set, task 30 (1.5B): `for line in app_properties` over the text of
    // app.properties found no line; it was told of a commented-out line, skipped `#`
    // characters, and answered a value no run printed.
    let here = tempfile::tempdir().unwrap();
    std::fs::write(
        here.path().join("app.properties"),
        "# Database\n#db.url=jdbc:postgresql://old-host:5432/app\ndb.url=jdbc:postgresql://db.internal:5432/app\n",
    )
    .unwrap();
    let code = "import computer.files\napp_properties = computer.files.read(\"app.properties\")\ndb_url_line = next((line for line in app_properties if \"db.url\" in line), None)\nif db_url_line:\n    print(db_url_line.split(\"=\")[1].strip())\nelse:\n    print(\"The db.url line was not found in app.properties.\")";
    let hint = run_hint(
        "python",
        code,
        "The db.url line was not found in app.properties.\n",
        false,
        here.path(),
    )
    .unwrap();
    assert_eq!(hint.text, ONE_STRING);
    assert!(hint.undone);
    for name in [
        "fstab.conf",
        "de.po",
        "refs.bib",
        "paper.tex",
        "app.service",
        "x.patch",
    ] {
        assert!(plain_text(name), "{name}");
    }
    assert!(!plain_text("report.pdf"));
}

#[test]
fn a_missing_file_named_inside_a_file_that_is_here_is_told_to_read_that_one() {
    // Thirty-third set, task 31 (1.5B): `src/app.py`, named by changes.patch, opened and
    // written until the time ran out.
    let here = tempfile::tempdir().unwrap();
    std::fs::write(
        here.path().join("changes.patch"),
        "--- a/src/app.py\n+++ b/src/app.py\n@@ -1,2 +1,3 @@\n import os\n+import sys\n",
    )
    .unwrap();
    std::fs::write(here.path().join("notes.txt"), "nothing about it\n").unwrap();
    let code = "with open('src/app.py') as f:\n    print(len(f.readlines()))";
    let failed = "Traceback (most recent call last):\n  File \"<cell 4>\", line 1, in <module>\nFileNotFoundError: [Errno 2] No such file or directory: 'src/app.py'\n";
    let hint = run_hint("python", code, failed, true, here.path()).unwrap();
    assert!(
        hint.text.contains("Use what is there; do not make up file names. `src/app.py` is only named inside `changes.patch`: what my request needs is in `changes.patch` itself, so read that."),
        "{}",
        hint.text
    );
    // A name no file here holds: only the listing.
    let other = failed.replace("src/app.py", "data.csv");
    let hint = run_hint("python", code, &other, true, here.path()).unwrap();
    assert!(
        hint.text.ends_with("do not make up file names."),
        "{}",
        hint.text
    );
}

#[test]
fn a_json_value_in_a_list_of_objects_of_each_item_is_told_that_path() {
    // Thirty-third set, task 28 (1.5B): issues whose `labels` are objects with a `name`; told
    // `item['name'] == 'bug'`, it ran that and got 0.
    let here = tempfile::tempdir().unwrap();
    let issues = r#"[{"number": 1, "state": "open", "labels": [{"name": "bug"}]}, {"number": 2, "state": "closed", "labels": [{"name": "bug"}, {"name": "ui"}]}, {"number": 3, "state": "open", "labels": [{"name": "question"}]}]"#;
    std::fs::write(here.path().join("issues.json"), issues).unwrap();
    let request = "How many open issues in issues.json have the label bug?";
    let code = "import json\nwith open('issues.json') as f:\n    issues = json.load(f)\nprint(sum(1 for i in issues if i['state'] == 'open' and 'bug' in i['labels']))";
    assert_eq!(
        json_value_key(request, code, here.path()),
        Some((
            "bug".to_string(),
            "name".to_string(),
            "issues.json".to_string(),
            Some("labels".to_string())
        ))
    );
    let hint = uncomputed_in(request, code, "0\n", here.path()).unwrap();
    assert!(
        hint.text.contains("`bug` is a value of the key `name` of the objects in each item's `labels` list in `issues.json`")
            && hint.text.contains("any(x['name'] == 'bug' for x in item['labels'])"),
        "{}",
        hint.text
    );
    // The same list under a top-level key: the items are that list's, a key of their own.
    let wrapped = format!(r#"{{"issues": {issues}}}"#);
    std::fs::write(here.path().join("issues.json"), wrapped).unwrap();
    assert_eq!(
        json_value_key(request, code, here.path()).and_then(|f| f.3),
        Some("labels".to_string())
    );
    let flat = r#"{"issues": [{"state": "open", "label": "bug"}]}"#;
    std::fs::write(here.path().join("issues.json"), flat).unwrap();
    assert_eq!(
        json_value_key(request, code, here.path()),
        Some((
            "bug".to_string(),
            "label".to_string(),
            "issues.json".to_string(),
            None
        ))
    );
}

#[test]
fn a_loop_whose_target_moves_with_its_value_is_told_to_keep_the_target() {
    // Thirty-fourth set, task 7 (1.5B): 12103 years for money to double at 6%.
    let request = "How many whole years does it take for money to double at 6% interest compounded once a year? Use code.";
    let code = "initial_amount = 100\ninterest_rate = 0.06\nyears = 0\nwhile initial_amount < 2 * initial_amount:\n    initial_amount *= (1 + interest_rate)\n    years += 1\n\nprint(years)";
    assert_eq!(
        moving_target(code),
        Some((
            "initial_amount < 2 * initial_amount".to_string(),
            "initial_amount".to_string()
        ))
    );
    let hint = uncomputed(request, code, "12103\n").unwrap();
    assert!(
        hint.text.contains("your loop's test `initial_amount < 2 * initial_amount` has `initial_amount` on both sides")
            && !hint.text.contains("12103 "),
        "{}",
        hint.text
    );
    let right = "amount = 100\ntarget = 2 * amount\nyears = 0\nwhile amount < target:\n    amount *= 1.06\n    years += 1\nprint(years)";
    assert_eq!(moving_target(right), None);
    // The same name on both sides that the loop never changes, or a test of another name.
    let fixed = "n = 10\ni = 0\nwhile i < n * n:\n    i += 1\nprint(i)";
    assert_eq!(moving_target(fixed), None);
    let other = "a = 1\nb = 100\nwhile a < b - a:\n    b -= 1\nprint(b)";
    assert_eq!(moving_target(other), None);
}

#[test]
fn ordered_nested_ranges_and_combinations_keep_one_of_each() {
    let request = "How many different triangles with whole-number side lengths have a perimeter of 24? Use code.";
    let code = "count = 0\nfor a in range(1, 12):\n    for b in range(a, 12):\n        c = 24 - a - b\n        if b <= c and a + b > c:\n            count += 1\nprint(count)";
    assert!(!distinct_uncounted(request, code));
    let combos = "from itertools import combinations_with_replacement as cwr\nprint(sum(1 for t in cwr(range(1, 23), 3) if sum(t) == 24 and t[0] + t[1] > t[2]))";
    assert!(!distinct_uncounted(request, combos));
    let every_order = "count = 0\nfor a in range(1, 23):\n    for b in range(1, 23):\n        c = 24 - a - b\n        if c > 0 and a + b > c and a + c > b and b + c > a:\n            count += 1\nprint(count)";
    assert!(distinct_uncounted(request, every_order));
}

#[test]
fn the_systems_file_read_for_the_working_folders_is_told_to_read_that_one() {
    // Thirty-fourth set, task 14 (1.5B): `/etc/fstab` read for the fstab it was given.
    let here = tempfile::tempdir().unwrap();
    std::fs::write(
        here.path().join("fstab"),
        "UUID=5a5a /mnt/backup ext4 defaults,noauto 0 2\n",
    )
    .unwrap();
    let request = "How many file systems in fstab are not mounted automatically at boot?";
    let code = "grep -v '^#' /etc/fstab | wc -l";
    assert_eq!(
        other_copy_read(request, code, here.path()),
        Some(("/etc/fstab".to_string(), "fstab".to_string()))
    );
    let hint = uncomputed_shell_in(request, code, "0\n", here.path()).unwrap();
    assert!(
        hint.text.contains("your code reads `/etc/fstab`, and my request is about the `fstab` of this folder, another file: read it by its name here, `fstab`."),
        "{}",
        hint.text
    );
    // The working folder's own file, by its name or its full path: nothing to say.
    assert_eq!(
        other_copy_read(request, "grep -c noauto fstab", here.path()),
        None
    );
    let full = format!("grep -c noauto {}/fstab", here.path().display());
    assert_eq!(other_copy_read(request, &full, here.path()), None);
    assert_eq!(
        other_copy_read(request, "cat /etc/hosts", here.path()),
        None
    );
    // A file with a long kind is a file's name.
    assert_eq!(
        named_files("How long does app.service wait?"),
        vec!["app.service"]
    );
    assert_eq!(
        named_files("What URL does .gitmodules give?"),
        vec![".gitmodules"]
    );
}

#[test]
fn a_unit_file_never_read_is_told_to_read_it() {
    // Thirty-fourth set, task 16 (1.5B): `time.sleep(5)` and "restarted after 5 seconds" for
    // app.service, which it never read; nothing took `app.service` for a file.
    let here = tempfile::tempdir().unwrap();
    std::fs::write(
        here.path().join("app.service"),
        "[Service]\nExecStart=/usr/local/bin/shop-api\n# RestartSec=1\nRestart=on-failure\nRestartSec=10s\n",
    )
    .unwrap();
    let request = "How many seconds does app.service wait before it restarts the service?";
    let code = "import time\n\n# Simulate the service restart delay\ntime.sleep(5)  # 5 seconds\n\nprint(\"Service restarted after 5 seconds.\")";
    let made_up = runs(request, &[(code, "Service restarted after 5 seconds.\n")]);
    let nudge = unread_file_nudge(&made_up, here.path()).unwrap();
    assert!(
        nudge.starts_with("Your code did not read app.service."),
        "{nudge}"
    );
}

#[test]
fn a_csv_with_a_byte_order_mark_is_told_to_open_with_utf_8_sig() {
    // Thirty-fourth set, task 19 (1.5B): `row['customer']` of an Excel export, four times.
    let here = tempfile::tempdir().unwrap();
    std::fs::write(
        here.path().join("export.csv"),
        "\u{feff}customer,country,spend\nHolm AB,SE,1200.50\nOkafor Ltd,NG,2310.75\n",
    )
    .unwrap();
    let code = "import csv\nwith open('export.csv') as f:\n    rows = list(csv.DictReader(f))\nprint(max(rows, key=lambda r: float(r['spend']))['customer'])";
    let failed = "Traceback (most recent call last):\n  File \"<cell 1>\", line 4, in <module>\nKeyError: 'customer'\n";
    let hint = run_hint("python", code, failed, true, here.path()).unwrap();
    assert!(
        hint.text
            .starts_with("`export.csv` begins with a byte order mark (`\\ufeff`")
            && hint
                .text
                .contains("`open('export.csv', encoding='utf-8-sig')`")
            && !hint.text.contains('\u{feff}'),
        "{}",
        hint.text
    );
    let right = code.replace(
        "open('export.csv')",
        "open('export.csv', encoding='utf-8-sig')",
    );
    assert_eq!(unknown_csv_key(&right, here.path()), None);
    // Another key missing is told the columns, the mark written out.
    let other = code.replace("['customer']", "['name']");
    let hint = run_hint(
        "python",
        &other,
        &failed.replace("customer", "name"),
        true,
        here.path(),
    )
    .unwrap();
    assert!(
        hint.text.contains(
            "its columns are `\\ufeffcustomer`, `country`, `spend`. Use one of those names."
        ),
        "{}",
        hint.text
    );
}

#[test]
fn a_namespaced_element_with_attributes_searched_bare_is_told_its_full_name() {
    // Thirty-fourth set, task 21 (1.5B): `root.findall('.//trkpt')` of a GPX file, 0, untold.
    let here = tempfile::tempdir().unwrap();
    std::fs::write(
        here.path().join("route.gpx"),
        "<?xml version=\"1.0\"?>\n<gpx version=\"1.1\" xmlns=\"http://www.topografix.com/GPX/1/1\">\n  <trk><trkseg>\n    <trkpt lat=\"46.55\" lon=\"8.55\"><ele>1980</ele></trkpt>\n  </trkseg></trk>\n</gpx>\n",
    )
    .unwrap();
    let request = "How many track points does route.gpx record?";
    let code = "import xml.etree.ElementTree as ET\nroot = ET.parse('route.gpx').getroot()\nprint(len(root.findall('.//trkpt')))";
    assert_eq!(
        namespace_unnamed(request, code, "0", here.path()),
        Some((
            "trkpt".to_string(),
            "route.gpx".to_string(),
            "http://www.topografix.com/GPX/1/1".to_string()
        ))
    );
    let hint = uncomputed_in(request, code, "0\n", here.path()).unwrap();
    assert!(
        hint.text
            .contains("`root.iter('{http://www.topografix.com/GPX/1/1}trkpt')`"),
        "{}",
        hint.text
    );
}

#[test]
fn a_command_counted_by_a_lines_start_is_told_to_compare_the_first_word() {
    // Thirty-fourth set, task 29 (1.5B): its `line.startswith("git")` was told to become
    // `'git' in line`, which took `echo git`.
    let here = tempfile::tempdir().unwrap();
    std::fs::write(
        here.path().join("history.txt"),
        "git status\ngitk --all\nls -la\n git push origin main\necho git\ngit log --oneline\n",
    )
    .unwrap();
    let request = "How many git commands did I run according to history.txt?";
    let code = "lines = open('history.txt').read().splitlines()\nprint(f\"You ran {sum(1 for line in lines if line.startswith('git'))} Git commands.\")";
    let hint = uncomputed_in(request, code, "You ran 3 Git commands.\n", here.path()).unwrap();
    assert!(
        hint.text.contains("it misses `git` after spaces and takes other commands whose name begins with `git` (`history.txt`: `gitk --all`)")
            && hint.text.contains("`line.split()[0] == 'git'`")
            && !hint.text.contains("'git' in line"),
        "{}",
        hint.text
    );
    let right = code.replace(
        "line.startswith('git')",
        "line.split() and line.split()[0] == 'git'",
    );
    assert_eq!(command_word_untested(request, &right, here.path()), None);
    // A word counted wherever it stands is still told so.
    let mentions = "How many lines of history.txt mention git?";
    assert!(mark_after_text(mentions, code, here.path()).is_some());
    assert_eq!(command_word_untested(mentions, code, here.path()), None);
}

#[test]
fn a_labelled_line_other_than_the_one_asked_about_is_told_the_label() {
    // Thirty-fourth set, task 17 (1.5B): MemTotal read for the memory available.
    let here = tempfile::tempdir().unwrap();
    std::fs::write(
        here.path().join("meminfo.txt"),
        "MemTotal:        8048576 kB\nMemFree:         1048576 kB\nMemAvailable:    3145728 kB\nBuffers:          204800 kB\n",
    )
    .unwrap();
    let request = "How much memory is available, in MiB, according to meminfo.txt?";
    let code = "for line in open('meminfo.txt'):\n    if line.startswith('MemTotal'):\n        print(int(line.split()[1]) // 1024)\n        break";
    assert_eq!(
        other_label_asked(request, code, here.path()),
        Some((
            "MemTotal".to_string(),
            "available".to_string(),
            "MemAvailable".to_string(),
            "meminfo.txt".to_string()
        ))
    );
    let hint = uncomputed_in(request, code, "7860\n", here.path()).unwrap();
    assert!(
        hint.text.contains("your code takes the `MemTotal` line of `meminfo.txt`, and my request asks about `available`: the line for it is `MemAvailable`."),
        "{}",
        hint.text
    );
    let right = code.replace("'MemTotal'", "'MemAvailable:'");
    assert_eq!(other_label_asked(request, &right, here.path()), None);
    // Two labels that hold the word: no one to tell.
    let free = "How much memory is free according to meminfo.txt?";
    std::fs::write(
        here.path().join("meminfo.txt"),
        "MemTotal: 8 kB\nMemFree: 1 kB\nSwapFree: 2 kB\n",
    )
    .unwrap();
    assert_eq!(other_label_asked(free, code, here.path()), None);
}

#[test]
fn a_character_no_parser_took_from_a_text_read_whole_is_told_it_is_one_string() {
    // Thirty-fourth set, task 27 (1.5B): `for line in ips` over ips.txt read whole.
    let here = tempfile::tempdir().unwrap();
    std::fs::write(here.path().join("ips.txt"), "192.168.1.5\n192.168.10.7\n").unwrap();
    let code = "import ipaddress\nips = computer.files.read('ips.txt')\ncount = 0\nfor line in ips:\n    ip = line.strip()\n    if ipaddress.ip_address(ip) in ipaddress.ip_network('192.168.1.0/24'):\n        count += 1\nprint(count)";
    let failed = "Traceback (most recent call last):\n  File \"<cell 1>\", line 6, in <module>\nValueError: '1' does not appear to be an IPv4 or IPv6 address\n";
    let hint = run_hint("python", code, failed, true, here.path()).unwrap();
    assert!(hint.text.starts_with(ONE_STRING), "{}", hint.text);
    assert!(unparsed_character(failed));
    assert!(!unparsed_character(
        "ValueError: '10.0.0' does not appear to be an IPv4 or IPv6 address\n"
    ));
}

#[test]
fn a_value_written_several_ways_is_told_to_compare_stripped_and_in_lower_case() {
    // Thirty-fourth set, task 28 (1.5B): told `Groceries`, one of four spellings.
    let here = tempfile::tempdir().unwrap();
    std::fs::write(
        here.path().join("budget.csv"),
        "date,category,amount\n2026-11-01,Groceries,54.20\n2026-11-02,Rent,900.00\n2026-11-03,groceries,23.15\n2026-11-08, Groceries ,41.65\n2026-11-12,GROCERIES,18.00\n",
    )
    .unwrap();
    let request = "How much was spent on groceries according to budget.csv?";
    let code = "import csv\ntotal = 0\nfor row in csv.DictReader(open('budget.csv')):\n    total += float(row['amount'])\nprint(f'Total spent on groceries: ${total:.2f}')";
    let hint = uncomputed_in(
        request,
        code,
        "Total spent on groceries: $1037.00\n",
        here.path(),
    )
    .unwrap();
    assert!(
        hint.text.contains("holds in only some rows and writes several ways (`Groceries`, `groceries`, ` Groceries `, `GROCERIES`)")
            && hint.text.contains("`row['category'].strip().lower() == 'groceries'`"),
        "{}",
        hint.text
    );
}

#[test]
fn a_notebooks_cells_counted_whole_are_told_the_cell_type_key() {
    // Thirty-fourth set, task 30 (0.5B): `len(data['cells'])`, 7, for its code cells.
    let here = tempfile::tempdir().unwrap();
    let notebook = r##"{"cells": [{"cell_type": "markdown", "source": ["# Sales"]}, {"cell_type": "code", "source": ["df.head()"]}, {"cell_type": "raw", "source": ["x"]}, {"cell_type": "code", "source": ["df.plot()"]}], "nbformat": 4}"##;
    std::fs::write(here.path().join("analysis.ipynb"), notebook).unwrap();
    let request = "How many code cells does analysis.ipynb have?";
    let code = "import json\nwith open('analysis.ipynb') as f:\n    data = json.load(f)\nprint(f\"The analysis.ipynb file has {len(data['cells'])} code cells.\")";
    let hint = uncomputed_in(
        request,
        code,
        "The analysis.ipynb file has 4 code cells.\n",
        here.path(),
    )
    .unwrap();
    assert!(
        hint.text
            .contains("`code` is a value of the key `cell_type` in `analysis.ipynb`"),
        "{}",
        hint.text
    );
}

#[test]
fn the_systems_copy_read_is_told_before_how_the_code_searched_it() {
    // Thirty-fourth set, task 14 (0.5B): told first of `^` without `re.M`.
    let here = tempfile::tempdir().unwrap();
    std::fs::write(
        here.path().join("fstab"),
        "UUID=5a5a /mnt/backup ext4 defaults,noauto 0 2\n",
    )
    .unwrap();
    let request = "How many file systems in fstab are not mounted automatically at boot?";
    let code = "import re\nwith open('/etc/fstab', 'r') as file:\n    content = file.read()\nprint(len(re.findall(r'^[^#]', content)))";
    let hint = uncomputed_in(request, code, "0\n", here.path()).unwrap();
    assert!(
        hint.text.contains("your code reads `/etc/fstab`, and my request is about the `fstab` of this folder, another file: open it by its name here, `open('fstab')`."),
        "{}",
        hint.text
    );
}

#[test]
fn lines_of_a_label_a_number_and_a_unit_are_told_which_field_to_convert() {
    // Thirty-fourth set, task 17 (1.5B): `int(line.split()[2])` of meminfo, `kB`, three times.
    let here = tempfile::tempdir().unwrap();
    std::fs::write(
        here.path().join("meminfo.txt"),
        "MemTotal:        8048576 kB\nMemFree:         1048576 kB\nMemAvailable:    3145728 kB\n",
    )
    .unwrap();
    let code = "for line in open('meminfo.txt'):\n    if line.startswith('MemAvailable'):\n        print(int(line.split()[2]) // 1024)";
    let failed = "Traceback (most recent call last):\n  File \"<cell 1>\", line 3, in <module>\nValueError: invalid literal for int() with base 10: 'kB'\n";
    let hint = run_hint("python", code, failed, true, here.path()).unwrap();
    assert!(
        hint.text.contains("The number of each line is field 1 (`line.split()[1]`), and field 2 is its unit, `kB`: convert field 1 alone, `float(line.split()[1])`."),
        "{}",
        hint.text
    );
    assert_eq!(separate_unit_field("a 1 kB\nb 2 MB\n"), None);
}

#[test]
fn a_value_written_with_spaces_around_it_is_told_to_strip_before_comparing() {
    // Thirty-fourth set, task 28 (1.5B): `row.lower().split(',')[1] == 'groceries'` left out
    // ` Groceries `.
    let here = tempfile::tempdir().unwrap();
    std::fs::write(
        here.path().join("budget.csv"),
        "date,category,amount\n2026-11-01,Groceries,54.20\n2026-11-03,groceries,23.15\n2026-11-08, Groceries ,41.65\n",
    )
    .unwrap();
    let request = "How much was spent on groceries according to budget.csv?";
    let code = "lines = computer.files.read('budget.csv').splitlines()\nrows = [r for r in lines if r.lower().split(',')[1] == 'groceries']\nprint(sum(float(r.split(',')[2]) for r in rows))";
    let hint = uncomputed_in(request, code, "77.35\n", here.path()).unwrap();
    assert!(
        hint.text.contains(
            "`budget.csv` writes `groceries` also with spaces around it, `' Groceries '`"
        ) && hint.text.contains("`.strip().lower() == 'groceries'`"),
        "{}",
        hint.text
    );
    let right = code.replace("r.lower().split(',')[1]", "r.split(',')[1].strip().lower()");
    assert_eq!(compared_in_one_case(&right, here.path()), None);
    // Neither folded nor stripped: both said.
    let plain = code.replace("r.lower().split(',')[1]", "r.split(',')[1]");
    let hint = uncomputed_in(request, &plain, "23.15\n", here.path()).unwrap();
    assert!(
        hint.text
            .contains("also with spaces around it and in other cases"),
        "{}",
        hint.text
    );
}

#[test]
fn whole_lines_taken_as_rows_of_one_field_are_told_whatever_printed() {
    // Thirty-third set, task 27 (1.5B, re-run): `row[0]` of `csv.reader` over logins.log, each
    // whole line, 9 distinct users; and changes.patch's `src/app.py` missing as the kernel
    // writes it, a full path.
    let here = tempfile::tempdir().unwrap();
    std::fs::write(
        here.path().join("logins.log"),
        "2026-11-30 00:02:11 login user=ben\n2026-11-30 08:15:00 login user=ana\n",
    )
    .unwrap();
    let request = "How many distinct users logged in on 2026-11-30 according to logins.log?";
    let code = "import csv\nlogins = []\nwith open('logins.log', 'r') as file:\n    for row in csv.reader(file):\n        logins.append(row[0])\nprint(len(set(logins)))";
    let hint = uncomputed_in(request, code, "2\n", here.path()).unwrap();
    assert!(
        hint.text.contains("your code reads `logins.log` with `csv.reader`, which splits each line at `,` (its default)"),
        "{}",
        hint.text
    );
    std::fs::write(
        here.path().join("changes.patch"),
        "+++ b/src/app.py\n+import sys\n",
    )
    .unwrap();
    let missing = format!(
        "computer.ComputerError: cannot read {}/src/app.py: No such file or directory (os error 2)\n",
        here.path().display()
    );
    let hint = run_hint(
        "python",
        "print(computer.files.read('src/app.py'))",
        &missing,
        true,
        here.path(),
    )
    .unwrap();
    assert!(
        hint.text
            .contains("`src/app.py` is only named inside `changes.patch`"),
        "{}",
        hint.text
    );
}

#[test]
fn a_kind_the_request_leaves_out_counted_in_is_told() {
    // Thirty-fourth set, task 24 (1.5B): subsections counted with the sections, 9.
    let request = "How many sections, not counting subsections, does paper.tex have?";
    let code = "content = computer.files.read(\"paper.tex\")\nsection_count = 0\nfor line in content.split(\"\\n\"):\n    if line.strip().startswith(\"\\\\section{\"):\n        section_count += 1\n    elif line.strip().startswith(\"\\\\subsection{\"):\n        section_count += 1\nprint(f\"The number of sections in paper.tex is: {section_count}\")";
    assert_eq!(
        excluded_counted(request, code),
        Some(("subsections".to_string(), "\\\\subsection{".to_string()))
    );
    let hint = uncomputed(request, code, "The number of sections in paper.tex is: 9\n").unwrap();
    assert!(
        hint.text
            .contains("my request leaves subsections out, and your code counts them too"),
        "{}",
        hint.text
    );
    let right = "content = open('paper.tex').read()\nprint(sum(1 for l in content.splitlines() if l.startswith('\\\\section{')))";
    assert_eq!(excluded_counted(request, right), None);
    let skipped = code.replace(
        "    elif line.strip().startswith(\"\\\\subsection{\"):\n        section_count += 1",
        "    elif line.strip().startswith(\"\\\\subsection{\"):\n        continue",
    );
    assert_eq!(excluded_counted(request, &skipped), None);
    assert_eq!(
        excluded_counted("How many sections does paper.tex have?", code),
        None
    ); // Counted apart and added (its next try, 10), or counted apart and taken away.
    let added = "import re\ncontent = open('paper.tex').read()\nsection_count = len(re.findall(r'\\\\section{.*?}', content))\nsubsection_count = len(re.findall(r'\\\\subsection{.*?}', content))\nprint(section_count + subsection_count)";
    assert!(excluded_counted(request, added).is_some());
    let taken = added.replace(
        "section_count + subsection_count",
        "section_count - subsection_count",
    );
    assert_eq!(excluded_counted(request, &taken), None);
}

#[test]
fn robots_rules_for_all_agents_taken_from_every_group_are_told_the_star_group() {
    // Thirty-third set, task 21 (1.5B): every `Disallow:` line counted, 8 for 5.
    let here = tempfile::tempdir().unwrap();
    std::fs::write(
        here.path().join("robots.txt"),
        "User-agent: Googlebot\nDisallow: /tmp/\n\nUser-agent: *\nDisallow: /admin/\nDisallow: /cart/\n\nUser-agent: BadBot\nDisallow: /\n",
    )
    .unwrap();
    let request = "How many paths does robots.txt disallow for all user agents?";
    let code = "lines = open('robots.txt').read().split('\\n')\nprint(sum(1 for line in lines if line.startswith('Disallow:')))";
    let hint = uncomputed_in(request, code, "4\n", here.path()).unwrap();
    assert!(
        hint.text
            .contains("the rules for all user agents are the group under `User-agent: *`"),
        "{}",
        hint.text
    );
    let grouped = "agent = None\nn = 0\nfor line in open('robots.txt'):\n    if line.startswith('User-agent:'):\n        agent = line.split(':', 1)[1].strip()\n    elif agent == '*' and line.startswith('Disallow:'):\n        n += 1\nprint(n)";
    assert_eq!(robots_groups_ignored(request, grouped, here.path()), None);
    assert_eq!(
        robots_groups_ignored(
            "How many paths does robots.txt disallow?",
            code,
            here.path()
        ),
        None
    );
}

#[test]
fn a_whole_line_the_code_finds_its_place_by_is_no_search_for_lines_like_it() {
    // Thirty-third set, task 21 (1.5B): `text.find('User-agent: *')` to take the `*` group was
    // told to keep every line that holds `User-agent:`.
    let here = tempfile::tempdir().unwrap();
    std::fs::write(
        here.path().join("robots.txt"),
        "User-agent: Googlebot\nDisallow: /tmp/\n\nUser-agent: *\nDisallow: /admin/\nDisallow: /cart/\n\nUser-agent: BadBot\nDisallow: /\n",
    )
    .unwrap();
    let request = "How many paths does robots.txt disallow for all user agents?";
    let code = "text = open('robots.txt').read()\nstart = text.find('User-agent: *')\nend = text.find('User-agent:', start + 1)\nprint(text[start:end].count('Disallow: /'))";
    assert_eq!(whole_lines_searched(request, code, here.path()), None);
    let filtered = "lines = open('robots.txt').read().splitlines()\nprint(len([l for l in lines if l == 'User-agent: *']))";
    assert!(whole_lines_searched(request, filtered, here.path()).is_some());
}

#[test]
fn a_diff_read_for_its_added_lines_without_a_look_at_their_marks_is_told() {
    // Thirty-third set, task 31 (1.5B): every line of changes.patch counted as added, 22 for 5.
    let here = tempfile::tempdir().unwrap();
    std::fs::write(
        here.path().join("changes.patch"),
        "diff --git a/src/app.py b/src/app.py\nindex 1111111..2222222 100644\n--- a/src/app.py\n+++ b/src/app.py\n@@ -1,5 +1,8 @@\n import os\n+import sys\n \n def main():\n-    print(\"hi\")\n+    print(\"hello\")\n+\n+    return 0\n \n",
    )
    .unwrap();
    let request = "How many lines does changes.patch add?";
    let code = "import computer.files\n\n# Read the changes.patch file\nchanges_content = computer.files.read(\"changes.patch\")\n\n# Count the number of lines\nnum_lines = len(changes_content.splitlines())\n\n# Print the result\nprint(f\"The changes.patch file adds {num_lines} lines.\")";
    assert_eq!(
        diff_marks_unread(request, code, here.path()),
        Some(("changes.patch".to_string(), false))
    );
    let hint = uncomputed_in(
        request,
        code,
        "The changes.patch file adds 14 lines.\n",
        here.path(),
    )
    .unwrap();
    assert!(
        hint.text
            .contains("`changes.patch` is a unified diff: each line it adds starts with `+`"),
        "{}",
        hint.text
    );
    assert!(
        hint.text
            .contains("line.startswith('+') and not line.startswith('+++')")
    );
    // In the shell, told in the shell.
    let shell = uncomputed_shell_in(
        request,
        "wc -l changes.patch",
        "14 changes.patch\n",
        here.path(),
    )
    .unwrap();
    assert!(
        shell
            .text
            .contains("`grep '^+' changes.patch | grep -vc '^+++'`"),
        "{}",
        shell.text
    );
    // Asked for removed lines, the other mark.
    let removed = diff_marks_unread(
        "How many lines does changes.patch remove?",
        code,
        here.path(),
    );
    assert_eq!(removed, Some(("changes.patch".to_string(), true)));
    // Code that looks at the marks, in Python or the shell, is not told.
    let marked = "lines = open('changes.patch').read().splitlines()\nprint(sum(1 for l in lines if l.startswith('+') and not l.startswith('+++')))";
    assert_eq!(diff_marks_unread(request, marked, here.path()), None);
    let grep = "grep -c '^+[^+]' changes.patch";
    assert_eq!(diff_marks_unread(request, grep, here.path()), None);
    // A request about all its lines, or a file that is no diff, is not told.
    assert_eq!(
        diff_marks_unread("How many lines does changes.patch have?", code, here.path()),
        None
    );
    std::fs::write(here.path().join("notes.txt"), "add milk\n+ eggs\n").unwrap();
    let notes = "print(len(open('notes.txt').read().splitlines()))";
    assert_eq!(
        diff_marks_unread("How many lines did I add to notes.txt?", notes, here.path()),
        None
    );
}

#[test]
fn triangles_counted_once_by_ordered_loops_are_not_told_to_keep_one_of_each() {
    // Thirty-fourth set, task 9 (1.5B): `for b in range(a, …)` counts each triangle once; the
    // run's 5 came from the loop's bound, and the told "keep one of each" was no help.
    let request = "How many different triangles with whole-number side lengths have a perimeter of 24? Use code.";
    let code = "def count_triangles_with_perimeter(perimeter):\n    count = 0\n    for a in range(1, perimeter // 2):\n        for b in range(a, (perimeter - a) // 2):\n            c = perimeter - a - b\n            if a + b > c and a + c > b and b + c > a:\n                count += 1\n    return count\n\nresult = count_triangles_with_perimeter(24)\nprint(result)";
    assert_eq!(distinct_unkept(request, code), None);
    let hint = uncomputed(request, code, "5\n");
    assert!(
        hint.as_ref()
            .is_none_or(|h| !h.text.contains("kept repeated ones")),
        "{hint:?}"
    );
    // Values read and never made one of each are still told.
    let repeated =
        "values = [int(x) for x in open('values.txt').read().split()]\nprint(len(values))";
    assert_eq!(
        distinct_unkept("How many different values does values.txt hold?", repeated),
        Some("different")
    );
}

#[test]
fn a_deck_joined_from_ranks_and_suits_is_told_to_pair_them() {
    // Thirty-fourth set, task 4 (1.5B): `combinations(ranks + suits, 5)`, 0 hands with two aces.
    let request = "In how many ways can a 5-card poker hand hold exactly two aces? Use code.";
    let code = "from itertools import combinations\n\n# Define the ranks of the cards\nranks = ['2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K', 'A']\n\n# Define the suits of the cards\nsuits = ['Hearts', 'Diamonds', 'Clubs', 'Spades']\n\n# Generate all possible 5-card hands\nall_hands = list(combinations(ranks + suits, 5))\n\n# Count the number of hands with exactly two aces\naces_count = sum(1 for hand in all_hands if 'A' in hand and hand.count('A') == 2)\n\nprint(aces_count)";
    assert_eq!(deck_unpaired(code), Some("ranks + suits".to_string()));
    let hint = uncomputed(request, code, "0\n").unwrap();
    assert!(
        hint.text
            .contains("`ranks + suits` is one list of ranks followed by suits, not a deck"),
        "{}",
        hint.text
    );
    let paired = "from itertools import product, combinations\nranks = '23456789TJQKA'\nsuits = 'hdcs'\ndeck = list(product(ranks, suits))\nprint(sum(1 for h in combinations(deck, 5) if sum(c[0] == 'A' for c in h) == 2))";
    assert_eq!(deck_unpaired(paired), None);
    let comprehension = "ranks = '23456789TJQKA'\nsuits = 'hdcs'\ndeck = [r + s for r in ranks for s in suits]\nprint(len(deck))";
    assert_eq!(deck_unpaired(comprehension), None);
    assert_eq!(deck_unpaired("total = price + tax\nprint(total)"), None);
}

#[test]
fn an_ini_section_looked_up_by_a_value_it_holds_is_told_to_find_it_by_that_value() {
    // Thirty-fourth set, task 13 (1.5B): `config['submodule "vendor/json"']` of .gitmodules.
    let here = tempfile::tempdir().unwrap();
    std::fs::write(
        here.path().join(".gitmodules"),
        "[submodule \"vendor/json-schema\"]\n\tpath = vendor/json-schema\n\turl = https://github.com/example/json-schema.git\n[submodule \"json\"]\n\tpath = vendor/json\n\turl = https://github.com/nlohmann/json.git\n",
    )
    .unwrap();
    let code = "import configparser\n\n# Read the .gitmodules file\nconfig = configparser.ConfigParser()\nconfig.read('.gitmodules')\n\nurl = config['submodule \"vendor/json\"']['url']\n\nprint(url)";
    let out = "Traceback (most recent call last):\n  File \"<cell 1>\", line 8, in <module>\n    raise KeyError(key)\nKeyError: 'submodule \"vendor/json\"'\n";
    let told = run_hint("python", code, out, true, here.path()).unwrap();
    assert!(
        told.text.contains("`.gitmodules` has no section `[submodule \"vendor/json\"]`: `vendor/json` is the `path` of the section `[submodule \"json\"]`"),
        "{}",
        told.text
    );
    assert!(told.text.contains("config[s].get('path') == 'vendor/json'"));
    // A key that names a section, or one no value of the file is in, is not told so.
    assert_eq!(
        section_named_by_value(code, "submodule \"json\"", here.path()),
        None
    );
    assert_eq!(
        section_named_by_value(code, "submodule \"docs\"", here.path()),
        None
    );
}

#[test]
fn file_systems_left_unmounted_at_boot_counted_without_noauto_are_told_it() {
    // Thirty-fourth set, task 14 (1.5B): `grep -v '^#' …/fstab | wc -l`, 7 for 2.
    let here = tempfile::tempdir().unwrap();
    std::fs::write(
        here.path().join("fstab"),
        "# <file system> <mount point> <type> <options> <dump> <pass>\nUUID=3f1c / ext4 errors=remount-ro 0 1\n# UUID=9d0e /mnt/old ext4 noauto 0 2\nUUID=5a5a /mnt/backup ext4 defaults,noauto 0 2\n/dev/sr0 /media/cdrom udf user,noauto 0 0\n",
    )
    .unwrap();
    let request = "How many file systems in fstab are not mounted automatically at boot?";
    let code = "grep -v '^#' fstab | wc -l";
    let hint = uncomputed_shell_in(request, code, "3\n", here.path()).unwrap();
    assert!(
        hint.text
            .contains("a file system of `fstab` is left unmounted at boot when its options, the fourth field, hold `noauto`"),
        "{}",
        hint.text
    );
    assert_eq!(
        noauto_untested(request, "grep -v '^#' fstab | grep -c noauto", here.path()),
        None
    );
    assert_eq!(
        noauto_untested("How many lines does fstab have?", code, here.path()),
        None
    );
}

#[test]
fn a_column_name_searched_on_each_row_is_told_it_names_a_column() {
    // Thirty-fourth set, task 20 (1.5B): `'Qty: ' in line` over report.txt, a fixed-width
    // table, told to search for `Qty` and sent back until its time ran out.
    let here = tempfile::tempdir().unwrap();
    std::fs::write(
        here.path().join("report.txt"),
        "Item            Qty   Price\n---------------------------\nBlue pen         12    1.20\nRed pen           8    1.20\nNotebook A5       5    3.50\n",
    )
    .unwrap();
    let request = "What is the total quantity of all the items in report.txt?";
    let code = "import computer.files\ncontent = computer.files.read('report.txt')\nquantity_values = []\nfor line in content.split('\\n'):\n    if 'Qty: ' in line:\n        quantity_values.append(int(line.split('Qty: ')[1]))\nprint(f\"Total quantity of all items: {sum(quantity_values)}\")";
    assert_eq!(
        column_head_searched("Qty: ", code, here.path()),
        Some((
            "report.txt".to_string(),
            "Qty".to_string(),
            "Item            Qty   Price".to_string(),
            2
        ))
    );
    let hint = uncomputed_in(
        request,
        code,
        "Total quantity of all items: 0\n",
        here.path(),
    )
    .unwrap();
    assert!(
        hint.text
            .contains("`Qty` is written only in `report.txt`'s header line")
            && hint.text.contains("`line.split()[-2]`")
            && !hint.text.contains("search for `Qty`"),
        "{}",
        hint.text
    );
    // A word that rows hold too is no column's name: still told how the file writes it.
    std::fs::write(
        here.path().join("app.log"),
        "[WARN] disk at 91%\n[INFO] ok\n[WARN] disk at 95%\n",
    )
    .unwrap();
    let log = "n = sum(1 for l in open('app.log') if 'Warning' in l)\nprint(n)";
    assert_eq!(column_head_searched("Warning", log, here.path()), None);
}

#[test]
fn the_text_after_a_label_indexed_as_a_whole_line_is_told_its_number_field() {
    // Thirty-fourth set, task 17 (1.5B): `text.split('MemTotal:')[1].split()[1]` is `kB`.
    let here = tempfile::tempdir().unwrap();
    std::fs::write(
        here.path().join("meminfo.txt"),
        "MemTotal:        8048576 kB\nMemFree:         1048576 kB\nMemAvailable:    3145728 kB\n",
    )
    .unwrap();
    let code = "text = open('meminfo.txt').read()\nmem_total = float(text.split('MemTotal:')[1].split()[1]) // 1024\nprint(mem_total)";
    let out = "Traceback (most recent call last):\n  File \"<cell 3>\", line 2, in <module>\nValueError: could not convert string to float: 'kB'\n";
    let told = run_hint("python", code, out, true, here.path()).unwrap();
    assert!(
        told.text.contains("`.split('MemTotal:')[1]` is the text after `MemTotal:`, which goes on `8048576 kB`: the label is no longer in it, so the number is field 0 of it, `.split('MemTotal:')[1].split()[0]`"),
        "{}",
        told.text
    );
    // Field 0 taken is right: nothing to tell of it.
    let right = code.replace(".split()[1]", ".split()[0]");
    assert_eq!(label_split_index(&right, "kB", here.path()), None);
}

#[test]
fn a_table_of_whitespace_columns_is_told_each_column_s_field() {
    // Thirty-fourth set, task 18 (1.5B): df.txt's `Size` converted for the fullest mount point.
    let head = "Filesystem      Size  Used Avail Use% Mounted on\n/dev/vda1        50G   43G  6.5G  87% /\n/dev/vda15      124M   42M   82M  34% /boot/efi";
    let told = whitespace_columns(head).unwrap();
    assert!(
        told.contains("`Filesystem` is field 0, `Size` is field 1, `Used` is field 2, `Avail` is field 3, `Use%` is field 4, `Mounted on` is field 5"),
        "{told}"
    );
    assert!(told.contains("float(field.rstrip('%'))"), "{told}");
    // Rows of plain numbers: no word of units.
    let plain = whitespace_columns("name score age\nana 82 31\nben 77 45").unwrap();
    assert!(
        plain.contains("`age` is field 2") && !plain.contains("unit"),
        "{plain}"
    );
    // Lines that are no table: none.
    assert_eq!(
        whitespace_columns("MemTotal:  8048576 kB\nMemFree:  1048576 kB"),
        None
    );
    assert_eq!(
        whitespace_columns("Item  Qty  Price\nBlue pen  12  1.20\nStapler  1  7.90"),
        None
    );
    assert_eq!(
        whitespace_columns("the quick brown fox\njumps over the dog"),
        None
    );
}

#[test]
fn a_printed_name_that_says_the_request_as_well_stands_against_an_unused_one() {
    // Thirty-fifth set, task 6 (1.5B): `water_needed` printed, the engine printed the unused
    // `initial_salt` (salt is in the request too), and the model answered with it.
    let request = "How many litres of water must be added to 10 litres of a 40% salt solution to make it a 25% solution? Use code.";
    let code = "initial_volume = 10\ninitial_concentration = 0.40\ndesired_concentration = 0.25\ninitial_salt = initial_volume * initial_concentration\nwater_needed = (desired_concentration - initial_concentration) * initial_volume\nprint(f\"{water_needed} litres of water must be added to make the solution a 25% salt solution.\")";
    let h = runs(
        request,
        &[(
            code,
            "-1.5000000000000002 litres of water must be added to make the solution a 25% salt solution.\n",
        )],
    );
    assert_eq!(print_unprinted(&h, "-1.5 litres"), None);
    assert_eq!(printed_names(code), vec!["water_needed"]);
}

#[test]
fn lines_that_are_no_comment_counted_for_a_kind_the_request_names_are_told_the_word() {
    // Thirty-fifth set, task 16 (1.5B): the 6 lines of authorized_keys that are no comment
    // counted for its 3 ed25519 keys.
    let here = tempfile::tempdir().unwrap();
    std::fs::write(
        here.path().join("authorized_keys"),
        "# keys for the deploy user\nssh-ed25519 AAAAC3 ana@laptop\nssh-rsa AAAAB3 ben-old\nfrom=\"10.0.0.0/8\" ssh-ed25519 AAAAC3 ci@runner\n# ssh-ed25519 AAAAC3 revoked\necdsa-sha2-nistp256 AAAAE2 cho@phone\nssh-ed25519 AAAAC3 backup\nssh-rsa AAAAB3 dan\n",
    )
    .unwrap();
    let request = "How many ed25519 keys can log in according to authorized_keys?";
    let code = "import computer.files\nauthorized_keys_content = computer.files.read('authorized_keys')\nlines = authorized_keys_content.split('\\n')\nnum_keys = len([line for line in lines if line.strip() and not line.strip().startswith('#')])\nprint(num_keys)";
    assert_eq!(
        word_unsearched(request, code, "6", here.path()),
        Some(("ed25519".to_string(), "authorized_keys".to_string(), 3, 6))
    );
    // Its re-run's code kept the empty piece after the last newline: 6 for the 5 keys of a
    // file without the last line.
    let other = tempfile::tempdir().unwrap();
    std::fs::write(
        other.path().join("authorized_keys"),
        "# keys\nssh-ed25519 AAAAC3 ana\nssh-rsa AAAAB3 ben\nssh-ed25519 AAAAC3 ci\n# ssh-ed25519 AAAAC3 old\necdsa-sha2-nistp256 AAAAE2 cho\nssh-ed25519 AAAAC3 backup\n",
    )
    .unwrap();
    let kept = "text = open('authorized_keys').read()\nlines = text.split('\\n')\nprint(len([l for l in lines if not l.strip().startswith('#')]))";
    assert_eq!(
        word_unsearched(
            "How many ed25519 keys can log in according to authorized_keys?",
            kept,
            "6",
            other.path()
        ),
        Some(("ed25519".to_string(), "authorized_keys".to_string(), 3, 5))
    );
    let searched = code.replace("line.strip() and", "'ssh-ed25519' in line and");
    assert_eq!(word_unsearched(request, &searched, "3", here.path()), None);
}

#[test]
fn a_yaml_block_key_counted_as_one_line_is_told_to_count_the_keys_under_it() {
    // Thirty-fifth set, task 22 (1.5B): `lines.count('jobs:')`, 1 job for 3.
    let here = tempfile::tempdir().unwrap();
    std::fs::create_dir_all(here.path().join(".github/workflows")).unwrap();
    std::fs::write(
        here.path().join(".github/workflows/ci.yml"),
        "name: CI\non:\n  push:\n    branches: [main]\n\njobs:\n  lint:\n    runs-on: ubuntu-latest\n    steps:\n      - run: cargo clippy\n  test:\n    runs-on: ubuntu-latest\n  # docs:\n  #   runs-on: ubuntu-latest\n  release:\n    needs: [lint, test]\n    runs-on: ubuntu-latest\n",
    )
    .unwrap();
    let request = "How many jobs does the workflow in .github/workflows/ci.yml define?";
    let code = "import computer.files\ntext = computer.files.read('.github/workflows/ci.yml')\nlines = text.splitlines()\njob_count = lines.count('jobs:')\nprint(f\"The workflow in .github/workflows/ci.yml defines {job_count} jobs.\")";
    let out = "The workflow in .github/workflows/ci.yml defines 1 jobs.";
    assert_eq!(
        block_key_counted(request, code, out, here.path()),
        Some((".github/workflows/ci.yml".to_string(), "jobs".to_string()))
    );
    let hint = uncomputed_in(request, code, &format!("{out}\n"), here.path()).unwrap();
    assert!(
        hint.text.contains("`jobs:` is one key of `.github/workflows/ci.yml`, and the jobs are the keys indented under it"),
        "{}",
        hint.text
    );
    // Loaded as JSON, it is told to load it as YAML and count the keys under `jobs:` (the
    // 0.5B model, told to take what follows the key's `:`, answered 30).
    let as_json = "import json\nwith open('.github/workflows/ci.yml') as f:\n    data = json.load(f)\nprint(len(data['jobs']))";
    let failed = "Traceback (most recent call last):\njson.decoder.JSONDecodeError: Expecting value: line 1 column 1 (char 0)\n";
    let told = json_of_other(request, as_json, failed, here.path()).unwrap();
    assert!(
        told.contains("is YAML, not JSON") && told.contains("count them, `len(data['jobs'])`"),
        "{told}"
    );
    // Loaded as YAML, or a count other than 1: not this.
    let loaded =
        "import yaml\nprint(len(yaml.safe_load(open('.github/workflows/ci.yml'))['jobs']))";
    assert_eq!(block_key_counted(request, loaded, "1", here.path()), None);
    assert_eq!(block_key_counted(request, code, "3", here.path()), None);
}

#[test]
fn the_shell_s_own_history_listed_for_a_history_file_is_told_to_read_the_file() {
    // Thirty-fifth set, task 24 (1.5B): `history | grep '30 November 2026' | wc -l`, 0.
    let here = tempfile::tempdir().unwrap();
    std::fs::write(
        here.path().join(".zsh_history"),
        ": 1764460800:0;git push\n: 1764493920:0;make test\n",
    )
    .unwrap();
    let request = "How many commands in .zsh_history did I run on 30 November 2026 (UTC)?";
    let code = "history | grep '30 November 2026' | wc -l";
    let hint = uncomputed_shell_in(request, code, "0\n", here.path()).unwrap();
    assert!(
        hint.text
            .contains("your code ran the shell's own `history`")
            && hint.text.contains("`cat .zsh_history`"),
        "{}",
        hint.text
    );
    assert_eq!(
        own_history_listed(request, "grep -c ';' .zsh_history", here.path()),
        None
    );
    assert_eq!(
        own_history_listed("How many commands did I run today?", code, here.path()),
        None
    );
}

#[test]
fn a_test_of_a_value_against_itself_is_told_it_never_changes() {
    // Thirty-fifth set, task 10 (0.5B): `bin(n)[2:] == bin(n)[2:]`, 108 for 10.
    let request = "How many positive numbers below a thousand are palindromes both in decimal and in binary? Use code.";
    let code = "def is_palindrome(n):\n    return str(n) == str(n)[::-1]\n\ndef is_palindrome_in_binary(n):\n    return bin(n)[2:] == bin(n)[2:]\n\ncount = 0\nfor i in range(1, 1000):\n    if is_palindrome(i) and is_palindrome_in_binary(i):\n        count += 1\nprint(count)";
    assert_eq!(
        compared_with_itself(code),
        Some("bin(n)[2:] == bin(n)[2:]".to_string())
    );
    let hint = uncomputed(request, code, "108\n").unwrap();
    assert!(
        hint.text
            .contains("your test `bin(n)[2:] == bin(n)[2:]` compares a value with itself"),
        "{}",
        hint.text
    );
    assert_eq!(
        compared_with_itself("if a == b:\n    print(a)\nx = y == z"),
        None
    );
    assert_eq!(compared_with_itself("ok = s == s[::-1]"), None);
}

#[test]
fn the_name_a_loop_tests_given_after_it_is_told_it_is_always_the_bound() {
    // Thirty-fifth set, task 1 (0.5B): its Collatz function returned `n`, 1.
    let request = "Starting from 27, how many steps does the Collatz sequence (halve an even number, triple an odd one and add 1) take to reach 1? Use code.";
    let code = "def collatz_sequence(n):\n    while n != 1:\n        if n % 2 == 0:\n            n = n // 2\n        else:\n            n = 3 * n + 1\n    return n\n\nresult = collatz_sequence(27)\nprint(result)";
    assert_eq!(
        loop_end_returned(code, "1"),
        Some(("while n != 1".to_string(), "n".to_string(), "1".to_string()))
    );
    let hint = uncomputed(request, code, "1\n").unwrap();
    assert!(
        hint.text
            .contains("your loop `while n != 1:` ends only when `n` is 1"),
        "{}",
        hint.text
    );
    let counted = code.replace("    return n", "    return steps");
    assert_eq!(loop_end_returned(&counted, "111"), None);
}

#[test]
fn fasta_records_measured_whole_are_told_to_join_their_sequence_lines() {
    // Thirty-fifth set, task 13 (1.5B): `len(seq)` of each record split at `>`, 6 for 3.
    let here = tempfile::tempdir().unwrap();
    std::fs::write(
        here.path().join("seqs.fa"),
        ">seq1 short\nACGTACGTAC\n>seq2 length=45 (estimated)\nACGTACGTACGTACGTACGTACGTACGTACGTACGTACGT\nACGTACGTACGTACGTACGTACGTACGTACGTACGTACGT\n",
    )
    .unwrap();
    let request = "How many sequences in seqs.fa are longer than 50 bases?";
    let code = "import computer.files\nseqs_content = computer.files.read(\"seqs.fa\")\nsequences = seqs_content.split(\">\")\ncount = 0\nfor seq in sequences:\n    if len(seq) > 50:\n        count += 1\nprint(count)";
    assert_eq!(
        fasta_records_unjoined(code, here.path()),
        Some("seqs.fa".to_string())
    );
    let hint = uncomputed_in(request, code, "1\n", here.path()).unwrap();
    assert!(
        hint.text
            .contains("each record of `seqs.fa` split at `>` starts with its header line"),
        "{}",
        hint.text
    );
    let joined = code.replace("len(seq)", "len(''.join(seq.splitlines()[1:]))");
    assert_eq!(fasta_records_unjoined(&joined, here.path()), None);
}
