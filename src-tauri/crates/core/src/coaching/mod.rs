//! What the harness adds for a model that slips: a precise hint after a run that computed
//! nothing, and one more request when an answer leaves out what the code printed. Small local
//! models need both (measured with `tests/bench/local_tasks.py`); a capable model never
//! triggers them, because it never makes these slips.

use std::path::Path;

use oi_protocol::{CallOrigin, ToolAction, ToolCall};

use crate::history::{History, HistoryItem};

/// What a run that slipped is told.
#[derive(Debug, Clone, PartialEq)]
pub struct RunHint {
    pub text: String,
    /// The run computed nothing the request could use (a function defined and never called):
    /// it goes back to the model as a failed run, to fix and run again, not as an output to
    /// answer from (the 0.5B model answered with the hint itself).
    pub undone: bool,
}

impl RunHint {
    /// What the model sees of the run: its output, then the hint in parentheses on a line of
    /// its own ([`split_hint`] takes them apart again).
    pub fn append_to(&self, output: &mut String) {
        output.push_str(&format!("\n({})", self.text));
    }
}

/// A run's output as the model saw it, split into what the run printed and the hint that
/// [`RunHint::append_to`] put after it, when there is one.
fn split_hint(output: &str) -> (&str, Option<&str>) {
    let trimmed = output.trim_end();
    match trimmed.rfind("\n(") {
        Some(at) if trimmed.ends_with(')') => (&trimmed[..at], Some(trimmed[at..].trim())),
        _ => (trimmed, None),
    }
}

/// A hint appended to what the model sees of a run, when the run shows a slip a hint fixes.
pub fn run_hint(
    language: &str,
    code: &str,
    output: &str,
    is_error: bool,
    cwd: &Path,
) -> Option<RunHint> {
    if oi_exec::canonical_language(language) != Some(oi_exec::Language::Python) {
        return None;
    }
    let hint = |text: &str, undone| {
        Some(RunHint {
            text: text.to_string(),
            undone,
        })
    };
    // `with computer.files.read(…) as f`, a failure or caught and printed (the 0.5B model
    // wrapped it in `try` and printed the error and a count of 0).
    if output.contains(NOT_A_CONTEXT) && read_as_file(code).is_some() {
        return hint(
            "`computer.files.read()` returns the text itself (a string), not an open file, so it cannot follow `with`. Write `text = computer.files.read(path)` and use `text.splitlines()` for its lines, or open a plain text file with `with open(path) as f:`.",
            !is_error,
        );
    }
    if is_error {
        if output.contains("'return' outside function") {
            return hint(
                "`return` works only inside a function. At the top level, print the value instead: `print(value)`.",
                false,
            );
        }
        if output.contains(LEADING_ZEROS)
            && let Some(mended) = without_leading_zeros(code)
            && let Some((was, is)) = code.lines().zip(mended.lines()).find(|(a, b)| a != b)
        {
            return hint(
                &format!(
                    "Python 3 does not take a whole number written with a leading zero: write `{}`, not `{}`.",
                    is.trim(),
                    was.trim()
                ),
                false,
            );
        }
        if let Some((spaced, joined)) = spaced_name(code, output) {
            return hint(
                &format!(
                    "`{spaced}` is not a name: a name cannot hold a space. Write `{joined}` everywhere it is used."
                ),
                false,
            );
        }
        if output.contains("SyntaxError") && compound_after_semicolon(code) {
            return hint(
                "`with`, `for`, `if`, `while`, `def` and `try` cannot follow `;` on one line. Write each statement on its own line, with its body indented below it.",
                false,
            );
        }
        if let Some(part) = unknown_computer_part(output) {
            return hint(
                &format!(
                    "`computer.{part}` does not exist. `computer` is ready without an import, with {}. Remove `import computer.{part}`; a file here opens with `open(path)` too.",
                    COMPUTER_PARTS
                        .iter()
                        .map(|p| format!("`computer.{p}`"))
                        .collect::<Vec<_>>()
                        .join(", ")
                ),
                false,
            );
        }
        if let Some(text) = kept_elsewhere(output) {
            return hint(&text, false);
        }
        // A file read after its `with` block closed it (the 1.5B model looped over a
        // `csv.reader` below the block, and sent that back).
        if output.contains("I/O operation on closed file") {
            return hint(
                "The file closed at the end of its `with` block, so nothing can read it after: do all the reading inside the block (indented under `with`), or keep the rows in a list there (`rows = list(reader)`) and use the list after it.",
                false,
            );
        }
        // A number taken for an object (the 0.5B model wrote `zlib.crc32(data).value`).
        if let Some((kind, attribute)) = number_attribute(output) {
            return hint(
                &format!(
                    "That value is already a number (`{kind}`), and a number has no `.{attribute}`: use the value itself."
                ),
                false,
            );
        }
        if output.contains("a bytes-like object is required, not 'str'")
            || output.contains("Strings must be encoded before hashing")
        {
            return hint(
                "That function takes bytes, not a string: pass `text.encode()` (a string literal as `b'hello'`).",
                false,
            );
        }
        if let Some(module) = missing_module(output) {
            return hint(
                &format!(
                    "`{module}` is not installed in this Python. Do it with the standard library instead (csv, json, statistics, collections, pathlib), or install it first (`pip install {module}`) if it is needed."
                ),
                false,
            );
        }
        if output.contains(EMPTY_PATH) {
            return hint(
                &format!(
                    "`''` is an empty path: it names no file or folder. The working folder is `'.'` ({}), as in `os.listdir('.')`.",
                    cwd.display()
                ),
                false,
            );
        }
        if let Some((given, name)) = missing_file_here(output, cwd) {
            return hint(
                &format!(
                    "`{given}` does not exist, but `{name}` {FILE_IS_HERE} ({}): open it as `'{name}'`.",
                    cwd.display()
                ),
                false,
            );
        }
        // A kind of document that is no kind (the 1.5B model looked for `kind="job"` to read
        // jobs.log, which was in its working directory, until its time ran out).
        if output.contains("no document kind")
            && code.contains("computer.files.find(")
            && let Some((_, listed)) = folder_listing(cwd)
        {
            return hint(
                &format!(
                    "`computer.files.find` looks for the person's documents by kind (pdf, docx, xlsx, text…), not for other things. The working directory ({}) holds: {listed}. Open a file there by its name, `open('name')`.",
                    cwd.display()
                ),
                false,
            );
        }
        if let Some((given, listed)) = missing_file_listed(output, cwd) {
            return hint(
                &format!(
                    "`{given}` does not exist. The working directory ({}) holds: {listed}. Use what is there; do not make up file names.",
                    cwd.display()
                ),
                false,
            );
        }
        // A JSON file read with `computer.files.read`, whose text was taken for its data (the
        // 1.5B model's `settings.get('cache')` of it failed four times, unexplained).
        if (output.contains("AttributeError: 'str' object has no attribute")
            || output.contains("string indices must be integers"))
            && code.contains("computer.files.read(")
            && let Some(name) = named_files(code)
                .into_iter()
                .find(|n| n.ends_with(".json") && cwd.join(n).is_file())
        {
            let shape = json_shapes(code, cwd, false, None)
                .map(|s| format!(" {s}"))
                .unwrap_or_default();
            return hint(
                &format!(
                    "`computer.files.read` returns a file's text as one string, not its data. Parse JSON with the `json` module: `data = json.load(open('{name}'))`.{shape}"
                ),
                false,
            );
        }
        let looped_a_dict = output.contains("string indices must be integers")
            || output.contains("list indices must be integers or slices, not str");
        // Objects where the code wanted numbers (the 1.5B model's `sum(data.values())` of a
        // JSON object whose values are objects, sent back until its time ran out).
        // (A list of objects added up has its own hint, with the key to add, below.)
        let added_objects = output.contains("TypeError: unsupported operand type(s)")
            && (output.contains("'dict'") || output.contains("'list'"))
            && summed_objects(code, cwd).is_none();
        if (looped_a_dict || added_objects || output.contains("KeyError: "))
            && let Some(text) = json_shapes(code, cwd, looped_a_dict, missing_key(output))
        {
            return hint(&text, false);
        }
        // A plain text file's lines taken for records (the 1.5B model took `x['temp']` of
        // temps.txt's `monday 21` lines, twice).
        if output.contains("string indices must be integers")
            && let Some(text) = text_heads(code, cwd)
        {
            return hint(
                &format!(
                    "Your code took a string for a record: `text['name']` works on a dict, and the text of a file and its lines are strings. Split each line into its parts (`line.split()`).\n{text}"
                ),
                false,
            );
        }
        if output.contains("KeyError: ")
            && let Some((file, key, columns)) = unknown_csv_key(code, cwd)
        {
            return hint(
                &format!(
                    "{} Use one of those names.",
                    unknown_key_says(&file, &key, &columns)
                ),
                false,
            );
        }
        if output.contains("TypeError: unsupported operand type(s) for +: 'int' and 'dict'")
            && let Some((_, expr, key, keys)) = summed_objects(code, cwd)
        {
            return hint(
                &format!(
                    "`sum({expr})` {ADDS_OBJECTS} with the keys {keys}: add one value of each, `sum(item['{key}'] for item in {expr})`."
                ),
                false,
            );
        }
        // A value where the code expected another (a price parsed as an int, a name as a
        // number, a column that is not there): the 1.5B model guessed a CSV's column order.
        let wrong_value = output.contains("ValueError: invalid literal for int()")
            || output.contains("ValueError: could not convert string to float")
            || output.contains("IndexError: list index out of range");
        // One character that would not convert, from a text read whole and looped over: the
        // loop went character by character (the 1.5B model's `float(t) for t in temps` failed
        // on 'm' of `monday 21`, then it skipped a line a run until the bench's time ran out).
        // Or rows of one character, out of range past the first (the 1.5B model's
        // `csv.reader(text)` of expenses.csv read whole: told its columns, it swapped indexes
        // until its time ran out).
        let one_char = unconverted(output).is_some_and(|t| t.chars().count() == 1)
            && read_as_one_string(code).is_some();
        let short_rows = output.contains("IndexError: list index out of range")
            && read_as_one_string(code) == Some(true);
        if (one_char || short_rows)
            && let Some(text) = text_heads(code, cwd)
        {
            return hint(&format!("{ONE_STRING}\n{text}"), false);
        }
        // A column past the last one, taken for a column the file has by name (the 0.5B
        // model took `cost = float(row[3])` where `cost` is `row[2]`).
        if output.contains("IndexError: list index out of range")
            && let Some(text) = column_mixed_up(code, cwd)
        {
            return hint(&text, false);
        }
        if wrong_value && let Some(text) = text_heads(code, cwd) {
            // A separator no line holds, or a pattern none matches: each line stayed whole,
            // or nothing was found (the 0.5B model split `ann: 82` at `,`).
            let text = match unmatched_search(code, cwd) {
                Some(why) => format!("{why}\n{text}"),
                None => text,
            };
            // The header row converted (the 0.5B model, told the columns, changed the index
            // it converted from `cost` to `qty` to `item` until the bench's time ran out).
            return match header_skip_hint(code, output, cwd) {
                Some(header) => hint(&format!("{text}\n{header}"), false),
                None => hint(&text, false),
            };
        }
        // Nothing collected from a file it read: what the code looked for is not there (the
        // 0.5B model searched temps.txt's `monday 21` lines for `\d{2}:\d{2}`).
        let collected_nothing = output.contains("arg is an empty sequence")
            || output.contains("requires at least one data point");
        if collected_nothing && let Some(text) = text_heads(code, cwd) {
            return hint(
                &format!(
                    "Your code collected nothing from the file (an empty list), so there was nothing to compare: what it looked for is not in it.\n{text}"
                ),
                false,
            );
        }
        if let Some((function, keyword)) = unexpected_keyword(output)
            && without_keyword(code, function, keyword).is_some()
        {
            return hint(
                &format!(
                    "`{function}()` has no parameter `{keyword}`: pass the value by position, `{function}(value)`, not `{function}({keyword}=value)`."
                ),
                false,
            );
        }
        if output.contains("AttributeError: 'Files' object has no attribute") {
            return hint(
                "`computer.files` has only `read(path, pages=None)` and `find(kind=None, modified_within=None, folder=None, name=None)`. For anything else use Python's standard library: `os.listdir(folder)`, `os.path.exists(path)`, `os.path.getsize(path)`, `open(path).read()`.",
                false,
            );
        }
        if let Some(name) = shadowed_builtin(code, output) {
            return hint(
                &format!(
                    "`{name}` is no longer Python's built-in function: a run assigned `{name} = …`, and variables stay set between runs. Start the code with `del {name}` to get the built-in back, and give the result another name (`total`, `result`)."
                ),
                false,
            );
        }
        if output.contains("name 'execute' is not defined") {
            return hint(
                "`execute` is the tool that runs code, not a Python function. Write only the Python code itself.",
                false,
            );
        }
        if let Some((name, import)) = missing_name(output).and_then(|n| Some((n, import_for(n)?))) {
            return hint(
                &format!(
                    "`{name}` comes from Python's standard library: add `{import}` at the top."
                ),
                false,
            );
        }
        if let Some((name, start)) = unset_counter(code, output) {
            return hint(
                &format!(
                    "`{name} +=` adds to `{name}`, which has no value yet. Give it its first value before the loop: `{name} = {start}`."
                ),
                false,
            );
        }
        return None;
    }
    if let Some(name) = searched_file_name(code, cwd) {
        return hint(
            &format!(
                "`'{name}'` in your code is the file's name, so it searched or counted the letters of that name, not the file. Read the file first, `text = open('{name}').read()`, and work on `text`."
            ),
            true,
        );
    }
    if let Some(text) = missed_words(code, output, cwd) {
        return hint(&text, true);
    }
    // A run that said the file it read is empty, when it is not: its filter kept nothing
    // (the 1.5B model kept only lines that are all digits of `monday 21` lines, and answered
    // that temps.txt is empty).
    if let Some(heads) = said_empty(code, output, cwd) {
        return hint(
            &format!(
                "The file is not empty: your code kept none of its lines, so what it looked for is not what they hold.\n{heads}"
            ),
            true,
        );
    }
    if let Some(text) = column_mixed_up(code, cwd) {
        return hint(&text, true);
    }
    // A plain text read whole and taken item by item: characters, where the code meant lines
    // or numbers. The largest character, or a loop that found nothing, is never what the
    // request needed (the run goes back as undone); a length may be (its characters).
    if let Some(items) = read_as_one_string(code)
        && output.trim().lines().count() <= 2
    {
        return hint(ONE_STRING, items || output.trim().is_empty());
    }
    if !output.trim().is_empty() {
        return None;
    }
    let defined = top_level_functions(code);
    let uncalled: Vec<&str> = defined
        .iter()
        .copied()
        .filter(|name| !called_at_top_level(code, name))
        .collect();
    if let Some(first) = uncalled.first()
        && uncalled.len() == defined.len()
    {
        return hint(
            &format!(
                "The code defined `{first}` but never called it, so nothing was computed. Call it and print what it returns: `print({first}(...))`."
            ),
            true,
        );
    }
    hint(SILENT_RUN, false)
}

/// The hint for a plain text file read whole and taken item by item ([`read_as_one_string`]).
const ONE_STRING: &str = "`computer.files.read` returns the whole text as one string, so `len()`, `max()`, `min()`, `csv.reader()` and loops over it go character by character. Use `.splitlines()` for its lines, `.split()` for its words, and `int()` or `float()` for its numbers.";

/// The hint for a run that printed nothing, when nothing more precise applies.
const SILENT_RUN: &str =
    "The code printed nothing. Print the values you need to see: `print(result)`.";

/// When code wrote the file a request creates and printed nothing, and the request asks more
/// after it ("…, then tell me its size in bytes"): that file and the rest to do.
fn made_file_rest<'r>(request: &'r str, code: &str, cwd: &Path) -> Option<(&'r str, &'r str)> {
    let deletes = asks_to_delete(request);
    if !asks_to_create(request) && !asks_to_change(request) && !deletes {
        return None;
    }
    // The file made or changed is there now; the one deleted is gone.
    let file = named_files(request).into_iter().find(|file| {
        code.contains(file)
            && if deletes {
                !cwd.join(file).exists()
            } else {
                cwd.join(file).is_file()
            }
    })?;
    let lower = request.to_lowercase();
    let at = lower.rfind(" then ")?;
    let rest = request[at + " then ".len()..].trim();
    (!rest.is_empty() && at > lower.find(&file.to_lowercase())?).then_some((file, rest))
}

/// What the model is told when its code made the file the request creates and the request
/// asks more after it: "It made `hello.txt`; the rest of my request is still to do: tell me its
/// size in bytes."
fn made_and_left(request: &str, code: &str, cwd: &Path) -> Option<String> {
    let (file, rest) = made_file_rest(request, code, cwd)?;
    let rest = rest.trim_end_matches(['.', '!', '?']);
    Some(if asks_to_create(request) {
        format!("It made `{file}`; the rest of my request is still to do: {rest}.")
    } else if asks_to_delete(request) && !cwd.join(file).exists() {
        format!(
            "It did that part (`{file}` is gone now); the rest of my request is still to do: {rest}."
        )
    } else {
        format!(
            "It did that part (`{file}` is there now); the rest of my request is still to do: {rest}."
        )
    })
}

/// Whether a request asks for a file to be deleted (`Delete tmp.log, then tell me how many
/// files are left`: the 0.5B model ran `rm tmp.log`, which printed nothing, and answered that
/// the output was empty).
fn asks_to_delete(request: &str) -> bool {
    words_in(&request.to_lowercase()).any(|w| matches!(w, "delete" | "remove" | "erase"))
}

/// Whether a request asks for a file to be changed, moved or copied (`Rename old.txt to
/// new.txt, then…`, `Append the line done to list.txt`). The 0.5B model renamed the file,
/// was told to print values, and sent the rename back until the corrections ran out.
fn asks_to_change(request: &str) -> bool {
    words_in(&request.to_lowercase()).any(|w| {
        matches!(
            w,
            "rename" | "move" | "copy" | "append" | "add" | "replace" | "edit" | "change"
        )
    })
}

/// What the model sees of a Python run that printed nothing after it wrote the file the
/// request creates, when the request asks more after it: in place of the bare hint to print
/// values, that the file is made and what is left to do (the 0.5B model, told to print its
/// values, sent the code that wrote hello.txt back three times; its size was never asked).
pub fn made_file_output(
    history: &History,
    call: &ToolCall,
    output: &str,
    cwd: &Path,
) -> Option<String> {
    let ToolAction::RunCode { language, code } = &call.action else {
        return None;
    };
    // Python's silent run has its hint; a shell's has none (`rm tmp.log`).
    let silent_hint = match oi_exec::canonical_language(language) {
        Some(oi_exec::Language::Python) => Some(format!("({SILENT_RUN})")),
        Some(oi_exec::Language::Shell) => None,
        _ => return None,
    };
    let (printed, hint) = split_hint(output);
    if !printed.trim().is_empty() || hint.map(str::to_string) != silent_hint {
        return None;
    }
    let (asked, _) = history.last_turn()?;
    let left = made_and_left(&request_text(asked), code, cwd)?;
    Some(format!(
        "\n(The code printed nothing. {left} Write the code for that, which prints the answer.)"
    ))
}

/// What the hint for a path that is not there says when a file of its name is here.
const FILE_IS_HERE: &str = "is here, in the working directory";

/// How Python says it was given the empty path for a file or folder.
const EMPTY_PATH: &str = "No such file or directory: ''";

/// The path a `FileNotFoundError` names, and the file of that name in the working directory,
/// when there is one (the 0.5B model wrote a path it made up for `app.log`).
fn missing_file_here(output: &str, cwd: &Path) -> Option<(String, String)> {
    let given = missing_path(output)?;
    let name = Path::new(given).file_name()?.to_str()?;
    (name != given && cwd.join(name).is_file()).then(|| (given.to_string(), name.to_string()))
}

/// The path a `FileNotFoundError` (or `computer.files.read`) names as not there.
fn missing_path(output: &str) -> Option<&str> {
    if let Some(rest) = output
        .split("FileNotFoundError: [Errno 2] No such file or directory: '")
        .nth(1)
    {
        rest.split('\'').next()
    } else {
        // `computer.files.read` of a path that is not there.
        let rest = output.split("ComputerError: cannot read ").nth(1)?;
        rest.split(": No such file or directory").next()
    }
}

/// The path a run found missing, and what the working directory does hold (its first files
/// by name), when no file of that name is there: the 0.5B model made up `notes.txt` for "How
/// many .txt files are in this folder?" and read it three times.
fn missing_file_listed(output: &str, cwd: &Path) -> Option<(String, String)> {
    let given = missing_path(output)?;
    let (names, listed) = folder_listing(cwd)?;
    // A name that is here after all (the code ran elsewhere, after `os.chdir`): no made-up name.
    let name = Path::new(given).file_name()?.to_str()?;
    if names.iter().any(|n| n == name) {
        return None;
    }
    Some((given.to_string(), listed))
}

/// The names in `folder` (folders with a `/`), sorted, and as a hint lists them (the first
/// twelve, then how many more).
fn folder_listing(folder: &Path) -> Option<(Vec<String>, String)> {
    let mut names: Vec<String> = std::fs::read_dir(folder)
        .ok()?
        .flatten()
        .map(|e| {
            let name = e.file_name().to_string_lossy().into_owned();
            if e.path().is_dir() {
                format!("{name}/")
            } else {
                name
            }
        })
        .filter(|n| !n.starts_with('.'))
        .collect();
    names.sort();
    let listed = match names.len() {
        0 => "nothing".to_string(),
        n if n > 12 => format!("{}, and {} more", names[..12].join(", "), n - 12),
        _ => names.join(", "),
    };
    Some((names, listed))
}

/// What the JSON files the code names hold, at the top, for a model that indexed a dict's key
/// as if it were an item (`for d in data: d['age']` over `{"team": [...]}`, `looped`) or asked
/// for a key the file does not have (`data['members']`).
fn json_shapes(code: &str, cwd: &Path, looped: bool, missing: Option<&str>) -> Option<String> {
    let mut said = Vec::new();
    let mut seen = Vec::new();
    for name in named_files(code) {
        // Once each, however often the code names it.
        if !name.ends_with(".json") || seen.contains(&name) {
            continue;
        }
        seen.push(name);
        let path = cwd.join(name);
        let Some(value) = std::fs::read_to_string(&path)
            .ok()
            .and_then(|t| serde_json::from_str::<serde_json::Value>(&t).ok())
        else {
            continue;
        };
        let mut text = format!("{name} holds {}", json_shape(&value, true));
        if let serde_json::Value::Object(map) = &value
            && looped
        {
            text.push_str(". Looping over a dict gives its keys (strings), not its items");
            let lists: Vec<&String> = map
                .iter()
                .filter(|(_, v)| v.is_array())
                .map(|(k, _)| k)
                .collect();
            if let [only] = lists.as_slice() {
                text.push_str(&format!(": loop over `data['{only}']`"));
            }
        }
        // A key the object does not have, taken where its one list is: which to write
        // instead (the 0.5B model, told the keys, sent `team_data['data']` back until its
        // corrections ran out).
        if let serde_json::Value::Object(map) = &value
            && let Some(key) = missing.filter(|key| !map.contains_key(*key))
            && let [only] = map
                .iter()
                .filter(|(_, v)| v.is_array())
                .map(|(k, _)| k)
                .collect::<Vec<_>>()
                .as_slice()
            && let Some((taken, written)) = indexed_by(code, key)
        {
            text.push_str(&format!(
                ". It has no key `{key}`: where your code has `{written}`, write `{taken}['{only}']`"
            ));
        }
        if let Some(key) = missing
            && let Some((parent, taken, written)) = nested_key(&value, code, key)
        {
            text.push_str(&format!(
                ". `{key}` is not at its top but in `{parent}`: where your code has `{written}`, write `{taken}['{parent}']['{key}']`"
            ));
        }
        said.push(text);
    }
    (!said.is_empty()).then(|| format!("{}.", said.join("; ")))
}

/// When `key`, missing at the top of a JSON object, is a key of exactly one object inside it
/// (`port` in `{"server": {"port": 8080}, …}`): that object's key, and the name and index the
/// code took `key` with (`config`, `config['port']`). The 0.5B model, told the keys, sent
/// `config['port']` back.
fn nested_key<'c>(
    value: &serde_json::Value,
    code: &'c str,
    key: &str,
) -> Option<(String, &'c str, &'c str)> {
    let serde_json::Value::Object(map) = value else {
        return None;
    };
    if map.contains_key(key) {
        return None;
    }
    let holders: Vec<&String> = map
        .iter()
        .filter(|(_, v)| v.as_object().is_some_and(|inner| inner.contains_key(key)))
        .map(|(k, _)| k)
        .collect();
    let [parent] = holders.as_slice() else {
        return None;
    };
    let (taken, written) = indexed_by(code, key)?;
    Some(((*parent).clone(), taken, written))
}

/// When the model sends back unchanged, or answers after, Python code that failed on a JSON
/// key that is one level down ([`nested_key`]): that code taking it there, and a line for the
/// events.
pub fn mended_nested_key<'h>(
    history: &'h History,
    next: Option<&'h ToolCall>,
    cwd: &Path,
) -> Option<(String, String)> {
    let (code, output, how) = python_failed_again(history, next)?;
    let key = missing_key(split_hint(output).0)?;
    named_files(code)
        .into_iter()
        .filter(|name| name.ends_with(".json"))
        .find_map(|name| {
            let text = std::fs::read_to_string(cwd.join(name)).ok()?;
            let value = serde_json::from_str::<serde_json::Value>(&text).ok()?;
            let (parent, taken, written) = nested_key(&value, code, key)?;
            let nested = format!("{taken}['{parent}']['{key}']");
            Some((
                code.replace(written, &nested),
                format!(
                    "the model's code takes `{key}` from the top of {name}, where it is under `{parent}`, and {how}: running it with `{nested}`"
                ),
            ))
        })
}

/// The key a `KeyError` names (`KeyError: 'data'`).
fn missing_key(output: &str) -> Option<&str> {
    let rest = output.rsplit("KeyError: ").next()?;
    let quote = rest.chars().next().filter(|c| *c == '\'' || *c == '"')?;
    rest[1..].split(quote).next().filter(|key| !key.is_empty())
}

/// The name the code first indexes with `key`, and that index as the code writes it
/// (`team_data` and `team_data["data"]`).
fn indexed_by<'c>(code: &'c str, key: &str) -> Option<(&'c str, &'c str)> {
    let (at, len) = [format!("['{key}']"), format!("[\"{key}\"]")]
        .iter()
        .filter_map(|index| Some((code.find(index.as_str())?, index.len())))
        .min()?;
    let before = &code[..at];
    let start = before
        .rfind(|c: char| !(c.is_alphanumeric() || c == '_'))
        .map_or(0, |i| i + 1);
    let name = &before[start..];
    (!name.is_empty() && !name.starts_with(|c: char| c.is_ascii_digit()))
        .then_some((name, &code[start..at + len]))
}

/// Whether `name` is a plain text file (not a document for `computer.files.read` to render).
fn plain_text(name: &str) -> bool {
    [".txt", ".csv", ".tsv", ".log", ".md", ".dat"]
        .iter()
        .any(|ext| name.ends_with(ext))
}

/// Plain text files the code names and the working directory holds, with their first lines:
/// the code can then use the columns where they are.
fn text_heads(code: &str, cwd: &Path) -> Option<String> {
    let mut said = Vec::new();
    // A file the code names twice, by its name and by a path, is shown once.
    let mut seen = Vec::new();
    for name in named_files(code) {
        let path = cwd.join(name);
        let real = std::fs::canonicalize(&path).unwrap_or(path);
        if !plain_text(name) || seen.contains(&real) {
            continue;
        }
        let Ok(text) = std::fs::read_to_string(&real) else {
            continue;
        };
        seen.push(real);
        let head: Vec<String> = text
            .lines()
            .take(3)
            .map(|l| l.chars().take(120).collect::<String>())
            .collect();
        if !head.is_empty() {
            said.push((name, head.join("\n")));
        }
    }
    let parts: Vec<String> = said
        .iter()
        .map(|(name, head)| {
            let shown = format!("`{name}` begins:\n```\n{head}\n```");
            match csv_columns(head) {
                Some(columns) => format!(
                    "{shown}\n{HEADER_FIRST} by index, the columns are {columns}. \
                     Use each column for what it holds, and convert only its numbers."
                ),
                None => match separated_numbers(head) {
                    Some((split, between)) => format!(
                        "{shown}\n{SEVERAL_NUMBERS} separated by {between}: split each line \
                         (`line.{split}`) and convert each part."
                    ),
                    None => match labelled_numbers(head) {
                        Some(how) => format!("{shown}\n{how}"),
                        None => {
                            format!("{shown}\nLook at what each line holds before converting it.")
                        }
                    },
                },
            }
        })
        .collect();
    (!parts.is_empty()).then(|| parts.join("\n"))
}

/// What the hint that shows a CSV file's first lines says of its header.
const HEADER_FIRST: &str = "Its first line is the header;";

/// The text a `ValueError` could not convert to a number (`qty` of `invalid literal for
/// int() with base 10: 'qty'` or `could not convert string to float: 'qty'`).
fn unconverted(output: &str) -> Option<&str> {
    let line = output
        .lines()
        .rev()
        .find(|l| l.starts_with("ValueError: "))?;
    let (_, rest) = line.split_once(": '")?;
    rest.strip_suffix('\'')
}

/// A line that makes a `csv.reader` and names it: its indent and the name.
static READER_MADE: std::sync::LazyLock<Option<regex::Regex>> = std::sync::LazyLock::new(|| {
    regex::Regex::new(r"(?m)^([ \t]*)([A-Za-z_]\w*)\s*=\s*csv\.reader\([^\n]*\)[ \t]*$").ok()
});
/// A `for row in csv.reader(…):` line: its indent, the row's name, and what it reads.
static READER_LOOPED: std::sync::LazyLock<Option<regex::Regex>> = std::sync::LazyLock::new(|| {
    regex::Regex::new(r"(?m)^([ \t]*)for\s+(\w+)\s+in\s+csv\.reader\(([^\n]*)\)\s*:[ \t]*$").ok()
});

/// When a run failed converting a column name of a CSV file here that the code names (its
/// header row, converted as data): the file and that name.
fn converted_header<'c>(code: &'c str, output: &str, cwd: &Path) -> Option<(&'c str, String)> {
    let value = unconverted(output)?.to_lowercase();
    let file = named_files(code)
        .into_iter()
        .find(|name| csv_header(cwd, name).is_some_and(|h| h.contains(&value)))?;
    Some((file, value))
}

/// What the hint says when the run converted the header row ([`converted_header`]): which
/// value, and the line that skips the header, named after the code's own reader.
fn header_skip_hint(code: &str, output: &str, cwd: &Path) -> Option<String> {
    let (_, value) = converted_header(code, output, cwd)?;
    let reader = READER_MADE
        .as_ref()
        .and_then(|re| re.captures(code))
        .map_or("reader".to_string(), |c| c[2].to_string());
    Some(format!(
        "`'{value}'` is a column name of that header: your code converted the header row itself. Skip it once, before the loop: `next({reader})`."
    ))
}

/// When the model asks to run again, unchanged, Python code that failed converting a column
/// name of a CSV file here to a number (its header row: the hint showed the header), or answers
/// without fixing it: that code with the header skipped, `next(…)` after the line that makes the
/// `csv.reader`, for the engine to run in the model's stead, and a line for the events. The
/// 0.5B model converted `'qty'` of `item,qty,cost` with `int(row[1])` and sent it back, then
/// wrote the same loop with `float`, until its corrections ran out.
pub fn mended_header<'h>(
    history: &'h History,
    next: Option<&'h ToolCall>,
    cwd: &Path,
) -> Option<(String, String)> {
    let (code, output, how) = python_failed_again(history, next)?;
    if !split_hint(output).1?.contains(HEADER_FIRST) {
        return None;
    }
    let (file, value) = converted_header(code, output, cwd)?;
    let mended = if let Some(made) = READER_MADE.as_ref()?.captures(code) {
        let (indent, reader) = (&made[1], &made[2]);
        if code.contains(&format!("next({reader})")) {
            return None;
        }
        let line = made.get(0)?;
        format!(
            "{}\n{indent}next({reader}){}",
            &code[..line.end()],
            &code[line.end()..]
        )
    } else {
        let looped = READER_LOOPED.as_ref()?.captures(code)?;
        let (indent, row, opened) = (&looped[1], &looped[2], &looped[3]);
        let line = looped.get(0)?;
        format!(
            "{}{indent}rows_read = csv.reader({opened})\n{indent}next(rows_read)\n{indent}for {row} in rows_read:{}",
            &code[..line.start()],
            &code[line.end()..]
        )
    };
    Some((
        mended,
        format!(
            "the model's code converts `{value}`, a column name of the header of {file}, to a number, and {how}: running it with the header row skipped"
        ),
    ))
}

/// What the hint for a file whose lines hold several numbers each says.
const SEVERAL_NUMBERS: &str = "A line holds several numbers,";

/// When the model asks to run again, unchanged, Python code that failed converting a whole
/// line of several numbers (the hint said to split it), or answers without fixing it: that code
/// with the file's lines read as its numbers, one by one, for the engine to run in the model's
/// stead, and a line for the events. The 0.5B model, told to split `5, 12, 9, 31, 2, 19`, sent
/// `int(line.strip())` over `file.readlines()` back three times, sampled warmer each time.
pub fn mended_split<'h>(
    history: &'h History,
    next: Option<&'h ToolCall>,
) -> Option<(String, String)> {
    static LINES: std::sync::LazyLock<Option<regex::Regex>> = std::sync::LazyLock::new(|| {
        regex::Regex::new(
            r#"\.(?:readlines\(\)|read\(\)\.splitlines\(\)|read\(\)\.split\(\s*['"]\\n['"]\s*\))"#,
        )
        .ok()
    });
    let (code, output, how) = python_failed_again(history, next)?;
    if !split_hint(output).1?.contains(SEVERAL_NUMBERS) || unconverted(output).is_none() {
        return None;
    }
    let lines = LINES.as_ref()?;
    let read = lines.find(code)?.as_str().to_string();
    let mended = lines.replace_all(code, ".read().replace(',', ' ').replace(';', ' ').split()");
    Some((
        mended.into_owned(),
        format!(
            "the model's code converts whole lines of several numbers, and {how}: running it with what `{read}` gave read as the numbers one by one"
        ),
    ))
}

/// When the first line of a file's head holds several numbers with a separator between them
/// (`5, 12, 9, 31, 2, 19`): the call that splits such a line and the separator, as said in a
/// hint. The 0.5B model converted the whole line with `int(line)`, then caught the ValueError
/// and printed `inf`, the start of its search for the smallest.
fn separated_numbers(head: &str) -> Option<(&'static str, &'static str)> {
    let line = head.lines().next()?.trim();
    [
        (',', "split(',')", "commas"),
        (';', "split(';')", "semicolons"),
        ('\t', "split('\\t')", "tabs"),
        (' ', "split()", "spaces"),
    ]
    .into_iter()
    .find(|(sep, _, _)| {
        let parts: Vec<&str> = line
            .split(*sep)
            .map(str::trim)
            .filter(|p| !p.is_empty())
            .collect();
        parts.len() > 1 && parts.iter().all(|p| p.parse::<f64>().is_ok())
    })
    .map(|(_, split, between)| (split, between))
}

/// When each of a text's first lines is a name, a separator and a number (`ann: 82`, `eggs 12`,
/// `x=3`): how to split such a line, as said in a hint. The 0.5B model converted `ann: 82`
/// whole with `float(line.strip())`, was shown the lines and told to look at what each holds,
/// and sent the same code back.
fn labelled_numbers(head: &str) -> Option<String> {
    let lines: Vec<&str> = head
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty())
        .collect();
    if lines.is_empty() {
        return None;
    }
    [
        (':', "split(':')", "`:`"),
        ('=', "split('=')", "`=`"),
        (',', "split(',')", "`,`"),
        ('\t', "split('\\t')", "a tab"),
        (' ', "rsplit(maxsplit=1)", "a space"),
    ]
    .into_iter()
    .find(|(sep, _, _)| {
        lines.iter().all(|l| {
            let parts = if *sep == ' ' {
                l.rsplit_once(' ')
            } else {
                l.split_once(*sep)
            };
            parts.is_some_and(|(name, number)| {
                name.chars().any(char::is_alphabetic) && number.trim().parse::<f64>().is_ok()
            })
        })
    })
    .map(|(_, split, shown)| {
        format!(
            "Each line holds a name, then {shown}, then a number: split each line (`name, value = line.{split}`) and convert only the number (`float(value)`)."
        )
    })
}

/// A run that read a plain text file here and said it found nothing ("No WARN lines found"),
/// although a word of that claim is in the file: the code's search missed it (the 0.5B model
/// matched `WARN: (.+)` against lines that read `2026-11-02 WARN slow`). The lines that hold
/// the word, for the code to match what they really say.
fn missed_words(code: &str, output: &str, cwd: &Path) -> Option<String> {
    let claim = output.trim();
    if claim.is_empty() || claim.lines().count() > 3 {
        return None;
    }
    let lower = claim.to_lowercase();
    let opens = [
        "no ",
        "none",
        "nothing",
        "0 ",
        "there are no ",
        "there is no ",
        "there were no ",
        "there are 0 ",
    ];
    let says = [
        "not found",
        "no match",
        "found no ",
        "found 0 ",
        "0 lines",
        "0 matches",
        "no lines",
        "no results",
        "not any",
    ];
    // A count of none, said last ("Number of ERROR lines: 0", after `line.startswith("ERROR")`
    // over lines that begin with a date), or a total of none ("Total spent on food: $0.00",
    // after `row[0] == 'Food'` over rows whose category is `food`).
    let counted_none = claim.lines().count() == 1
        && lower
            .trim_end_matches(['.', '!'])
            .split_whitespace()
            .last()
            .is_some_and(|w| {
                let number = w.trim_start_matches(|c: char| !c.is_ascii_digit());
                w == "0" || (number.len() < w.len() && number.parse::<f64>() == Ok(0.0))
            })
        && lower.split_whitespace().count() > 1;
    // A bare count of none: the words searched for are the code's own (`re.findall(r'^ERROR',
    // text)` over lines that begin with a date printed "0").
    // So is an empty list with it (`print(errors)` then `print(len(errors))`: "[]" and "0").
    let bare_zero = claim.lines().all(bare_none);
    let nothing = counted_none
        || bare_zero
        || opens.iter().any(|w| lower.starts_with(w))
        || says.iter().any(|w| lower.contains(w));
    if !nothing {
        return None;
    }
    let files: Vec<&str> = named_files(code)
        .into_iter()
        .filter(|n| plain_text(n))
        .collect();
    // The claim's own words, less the file names and the words any such claim has.
    const COMMON: [&str; 22] = [
        "no", "not", "none", "found", "nothing", "any", "line", "lines", "file", "files", "match",
        "matches", "matching", "entries", "entry", "results", "in", "the", "with", "were", "was",
        "there",
    ];
    let searched: Vec<&str> = if bare_zero {
        string_literals(code)
            .into_iter()
            .flat_map(words_in)
            .collect()
    } else {
        words_in(claim).collect()
    };
    let words: Vec<&str> = searched
        .into_iter()
        .filter(|w| w.chars().count() >= 3 && !COMMON.contains(&w.to_lowercase().as_str()))
        .filter(|w| !files.iter().any(|f| f.contains(w)))
        .collect();
    files.into_iter().find_map(|name| {
        // As written; else in another case, as the file writes it (the 0.5B model searched
        // `Disk usage` in a log that says `disk`).
        let (word, lines, spelled) = words
            .iter()
            .find_map(|word| Some((word.to_string(), lines_holding(cwd, name, word)?, None)))
            .or_else(|| {
                words.iter().find_map(|word| {
                    let (found, lines) = lines_holding_any_case(cwd, name, word)?;
                    Some((found, lines, Some(word)))
                })
            })?;
        let case = spelled
            .map(|given| format!(" It is written `{word}` there, not `{given}`."))
            .unwrap_or_default();
        Some(format!(
            "`{name}` does hold `{word}{SEARCH_MISSED}{case} These lines have it:\n```\n{lines}\n```\nMatch what they really say (look at the spaces and punctuation around `{word}`), then run the code again."
        ))
    })
}

/// A run that printed a bare count of none ("0", "[]") after searching a plain text file here
/// for words that file does not hold in any case: the first such word, and the file's first
/// lines. The 1.5B model counted the distinct users of events.log from the lines that hold
/// `User: `, and its lines read `alice login`.
fn absent_words<'c>(
    code: &'c str,
    output: &str,
    cwd: &Path,
    request: &str,
) -> Option<(&'c str, String)> {
    let bare_zero = !output.trim().is_empty() && output.trim().lines().all(bare_none);
    // Or one line whose only number is a zero ("Total spent on food: $0.00"), besides the
    // request's own ("Number of rows from April 2026: 0"): then the words of the code's
    // prints are no search, and only the other lines' strings are looked at.
    if !says_none(output, request) {
        return None;
    }
    let files: Vec<&str> = named_files(code)
        .into_iter()
        .filter(|n| plain_text(n) && cwd.join(n).is_file())
        .collect();
    let texts: Vec<String> = files
        .iter()
        .filter_map(|n| std::fs::read_to_string(cwd.join(n)).ok())
        .map(|t| t.to_lowercase())
        .collect();
    if texts.is_empty() {
        return None;
    }
    let searched: Vec<&str> = if bare_zero {
        string_literals(code)
    } else {
        code.lines()
            .filter(|l| !l.contains("print("))
            .flat_map(string_literals)
            .collect()
    };
    // An encoding or an error mode is no search.
    let no_search = |w: &str| {
        let w = w.trim().to_lowercase();
        ["utf", "ascii", "latin", "strict", "ignore", "replace"]
            .iter()
            .any(|s| w.starts_with(s))
    };
    let absent: Vec<&str> = searched
        .iter()
        .copied()
        .flat_map(words_in)
        .filter(|w| w.chars().count() >= 3 && !files.iter().any(|f| f.contains(w)))
        .filter(|w| !no_search(w))
        .filter(|w| !texts.iter().any(|t| t.contains(&w.to_lowercase())))
        .collect();
    if let Some(word) = absent.first() {
        return Some((word, text_heads(code, cwd)?));
    }
    // A string searched for whole, with its punctuation (`line.startswith('Food:')` in a CSV
    // whose lines hold `food,`: the 0.5B model's total of food was $0.00).
    let whole = searched.into_iter().find(|l| {
        let l = l.trim();
        l.chars().count() >= 3
            && !no_search(l)
            && l.chars().any(|c| c.is_ascii_punctuation())
            && !l.chars().any(|c| matches!(c, '%' | '{' | '\\' | '/' | '.'))
            && !texts.iter().any(|t| t.contains(&l.to_lowercase()))
    });
    Some((whole?, text_heads(code, cwd)?))
}

/// Whether a run's short output says it found nothing: a bare zero or empty value ("0", "[]",
/// "None"), or one line whose only number is a zero besides the request's own ("Total time in
/// seconds: 0").
fn says_none(output: &str, request: &str) -> bool {
    let output = output.trim();
    if output.is_empty() {
        return false;
    }
    if output.lines().all(bare_none) {
        return true;
    }
    let asked = numbers_in(request);
    let numbers: Vec<&str> = numbers_in(output)
        .into_iter()
        .filter(|n| !asked.contains(n))
        .collect();
    output.lines().count() == 1
        && !numbers.is_empty()
        && numbers.iter().all(|n| n.parse::<f64>() == Ok(0.0))
}

/// Whether a line of output is a bare value of none: `0`, an empty container or string, `None`.
fn bare_none(line: &str) -> bool {
    matches!(
        line.trim(),
        "0" | "[]" | "{}" | "()" | "set()" | "''" | "\"\"" | "None"
    )
}

/// A search in the code that can find nothing in the plain text files it names here: a
/// regular expression (`re.search(r'…', line)`) that matches no line of them, or a separator
/// (`line.split(',')`) that no line holds. What to tell the model of it. The 0.5B model looked
/// for `\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}` in jobs.log, whose lines read `job1 took 12s`,
/// and printed a total of 0 seconds; it split `ann: 82` lines at `,` and found no score.
fn unmatched_search(code: &str, cwd: &Path) -> Option<String> {
    static SEARCH: std::sync::LazyLock<Option<regex::Regex>> = std::sync::LazyLock::new(|| {
        regex::Regex::new(
            r#"\bre\.(?:search|findall|finditer|match|fullmatch|compile)\(\s*([rR]?)(?:'([^'\n]*)'|"([^"\n]*)")([^\n]*)"#,
        )
        .ok()
    });
    static SEARCH_BY_NAME: std::sync::LazyLock<Option<regex::Regex>> = std::sync::LazyLock::new(
        || {
            regex::Regex::new(
                r"\bre\.(?:search|findall|finditer|match|fullmatch|compile)\(\s*([A-Za-z_]\w*)\s*[,)]([^\n]*)",
            )
            .ok()
        },
    );
    static SPLIT: std::sync::LazyLock<Option<regex::Regex>> = std::sync::LazyLock::new(|| {
        regex::Regex::new(r#"\.split\(\s*(?:'([^'\n]+)'|"([^"\n]+)")\s*\)"#).ok()
    });
    let mut names = Vec::new();
    let mut texts = Vec::new();
    // A file the code names twice, by its name and by a path, is said once.
    let mut seen = Vec::new();
    for name in named_files(code) {
        let path = cwd.join(name);
        let real = std::fs::canonicalize(&path).unwrap_or(path);
        if !plain_text(name) || seen.contains(&real) {
            continue;
        }
        if let Ok(text) = std::fs::read_to_string(&real)
            && !text.trim().is_empty()
        {
            seen.push(real);
            names.push(name);
            texts.push(text);
        }
    }
    if texts.is_empty() {
        return None;
    }
    let files = names
        .iter()
        .map(|n| format!("`{n}`"))
        .collect::<Vec<_>>()
        .join(" or ");
    // Each pattern as written, whether raw, and the rest of its call's line (for its flags):
    // given in the call, or through a name set to it (`time_pattern = r'…'`, then
    // `re.findall(time_pattern, content)`: the 1.5B model's).
    let mut patterns: Vec<(&str, bool, &str)> = Vec::new();
    for found in SEARCH.as_ref()?.captures_iter(code) {
        if let Some(written) = found.get(2).or_else(|| found.get(3)) {
            let raw = found.get(1).is_some_and(|m| !m.as_str().is_empty());
            patterns.push((
                written.as_str(),
                raw,
                found.get(4).map_or("", |m| m.as_str()),
            ));
        }
    }
    for found in SEARCH_BY_NAME.as_ref()?.captures_iter(code) {
        let (Some(name), Some(rest)) = (found.get(1), found.get(2)) else {
            continue;
        };
        let set = format!(
            r#"(?m)^\s*{}\s*=\s*([rR]?)(?:'([^'\n]*)'|"([^"\n]*)")\s*(?:#.*)?$"#,
            regex::escape(name.as_str())
        );
        if let Some(value) = regex::Regex::new(&set)
            .ok()
            .and_then(|re| re.captures(code))
            && let Some(written) = value.get(2).or_else(|| value.get(3))
        {
            let raw = value.get(1).is_some_and(|m| !m.as_str().is_empty());
            patterns.push((written.as_str(), raw, rest.as_str()));
        }
    }
    for (written, raw, rest) in patterns {
        if written.trim().is_empty() {
            continue;
        }
        let pattern = if raw {
            written.to_string()
        } else {
            written.replace("\\\\", "\\")
        };
        let flags = if rest.contains("re.I") || rest.contains("IGNORECASE") {
            "(?i)"
        } else {
            ""
        };
        // A pattern this engine does not read (a look-behind, a back-reference) is left alone.
        let Ok(re) = regex::Regex::new(&format!("{flags}{pattern}")) else {
            continue;
        };
        if texts
            .iter()
            .all(|t| !re.is_match(t) && !t.lines().any(|l| re.is_match(l)))
        {
            return Some(format!(
                "Your code searches for `{written}`, and no line of {files} matches it: the lines are not written that way, so the search found nothing."
            ));
        }
    }
    for found in SPLIT.as_ref()?.captures_iter(code) {
        let Some(written) = found.get(1).or_else(|| found.get(2)).map(|m| m.as_str()) else {
            continue;
        };
        let separator = written.replace("\\n", "\n").replace("\\t", "\t");
        if separator.trim().is_empty() || separator.contains('\\') {
            continue;
        }
        if texts.iter().all(|t| !t.contains(&separator)) {
            return Some(format!(
                "Your code splits at `'{written}'`, and no line of {files} holds `{written}`: each line stays whole, in one part."
            ));
        }
    }
    None
}

/// Words of the request that the code does not write and that the data lines (below the
/// first) of a plain text file the code names hold as whole words, in any case: how the file
/// writes what the request asks about. The 0.5B model summed the salaries of `Engineering`
/// for "the eng department", in a file whose rows say `eng`.
fn kept_request_words(request: &str, code: &str, cwd: &Path) -> Option<(String, String)> {
    const COMMON: [&str; 16] = [
        "the", "a", "an", "in", "of", "is", "are", "what", "which", "how", "many", "much", "to",
        "and", "or", "for",
    ];
    let lower = code.to_lowercase();
    named_files(code)
        .into_iter()
        .filter(|n| plain_text(n))
        .find_map(|name| {
            let text = std::fs::read_to_string(cwd.join(name)).ok()?;
            let held: Vec<String> = text
                .lines()
                .skip(1)
                .flat_map(words_in)
                .map(str::to_lowercase)
                .collect();
            let mut words: Vec<String> = Vec::new();
            for word in words_in(request).map(str::to_lowercase) {
                if word.chars().count() >= 2
                    && word.chars().any(char::is_alphabetic)
                    && !COMMON.contains(&word.as_str())
                    && !name.to_lowercase().contains(&word)
                    && !words_in(&lower).any(|w| w == word)
                    && held.contains(&word)
                    && !words.contains(&word)
                {
                    words.push(word);
                }
            }
            let words = words
                .iter()
                .map(|w| format!("`{w}`"))
                .collect::<Vec<_>>()
                .join(", ");
            (!words.is_empty()).then(|| (words, name.to_string()))
        })
}

/// When a run's short output says a file or a list is empty and a plain text file the code
/// names here has text: that file's first lines ([`text_heads`]).
fn said_empty(code: &str, output: &str, cwd: &Path) -> Option<String> {
    let said = output.trim().to_lowercase();
    if said.is_empty() || said.lines().count() > 2 || !said.contains("empty") {
        return None;
    }
    let holds_text = named_files(code).into_iter().any(|name| {
        plain_text(name)
            && std::fs::read_to_string(cwd.join(name)).is_ok_and(|t| !t.trim().is_empty())
    });
    holds_text.then(|| text_heads(code, cwd)).flatten()
}

/// The lines of `name` that hold `word` in another case, with the word as the file writes it.
fn lines_holding_any_case(cwd: &Path, name: &str, word: &str) -> Option<(String, String)> {
    let text = std::fs::read_to_string(cwd.join(name)).ok()?;
    let found = text
        .lines()
        .flat_map(words_in)
        .find(|w| w.to_lowercase() == word.to_lowercase())?
        .to_string();
    let lines = lines_holding(cwd, name, &found)?;
    Some((found, lines))
}

/// The text of each one-line string literal in `code` (`'ERROR'`, `r"^WARN"`).
fn string_literals(code: &str) -> Vec<&str> {
    static LITERAL: std::sync::LazyLock<Option<regex::Regex>> =
        std::sync::LazyLock::new(|| regex::Regex::new(r#"'([^'\n]*)'|"([^"\n]*)""#).ok());
    let Some(literal) = LITERAL.as_ref() else {
        return Vec::new();
    };
    literal
        .captures_iter(code)
        .filter_map(|c| c.get(1).or_else(|| c.get(2)))
        .map(|m| m.as_str())
        .collect()
}

/// A file of the working folder whose name the code searched, split or counted as if it were
/// the file's text: `re.findall(r'disk', 'app.log')`, `'poem.txt'.split()`, `len('poem.txt')`
/// (the 0.5B model printed "0" lines mentioning disk, from the name).
fn searched_file_name<'c>(code: &'c str, cwd: &Path) -> Option<&'c str> {
    named_files(code)
        .into_iter()
        .filter(|name| cwd.join(name).is_file())
        .find(|name| {
            let name = regex::escape(name);
            let literal = format!(r#"(?:'{name}'|"{name}")"#);
            let pattern = format!(
                r"re\.\w+\([^\n]*?,\s*r?{literal}|{literal}\s*\.\s*(?:count|split|splitlines|find|index|lower|upper|startswith|endswith|strip)\(|\blen\(\s*{literal}\s*\)|\bin\s+{literal}"
            );
            regex::Regex::new(&pattern).is_ok_and(|re| re.is_match(code))
        })
}

/// The words of `text` as a claim and a file's lines are compared (`2026-11-02`, `app_log`).
fn words_in(text: &str) -> impl Iterator<Item = &str> {
    text.split(|c: char| !(c.is_alphanumeric() || c == '_' || c == '-'))
}

/// A CSV column the code took by another column's index: the file, the variable named as one
/// of the header's columns, the line that sets it, the rows' name, the index it took, the one
/// it meant, and the column it took (`price = float(row[1])` where `row[1]` is `units` and
/// `price` is `row[2]`). The 1.5B model guessed the column order and answered with the region
/// of the most units.
struct MixedColumn<'c> {
    file: &'c str,
    variable: &'c str,
    line: &'c str,
    rows: &'c str,
    taken: usize,
    meant: usize,
    /// `None` when the index is past the last column (an IndexError).
    taken_column: Option<String>,
}

/// [`MixedColumn`] of the first such line of `code`, over a CSV file here it names.
fn mixed_column<'c>(code: &'c str, cwd: &Path) -> Option<MixedColumn<'c>> {
    static TAKEN: std::sync::LazyLock<Option<regex::Regex>> = std::sync::LazyLock::new(|| {
        regex::Regex::new(r"(?m)^\s*([A-Za-z_]\w*)\s*=[^=\n][^\n]*?\b(\w+)\[(\d+)\][^\n]*").ok()
    });
    let taken = TAKEN.as_ref()?;
    for file in named_files(code) {
        let Some(header) = csv_header(cwd, file) else {
            continue;
        };
        for found in taken.captures_iter(code) {
            let variable = found.get(1)?.as_str();
            let name = variable.to_lowercase();
            let Some(meant) = header
                .iter()
                .position(|h| *h == name)
                .or_else(|| header.iter().position(|h| names_column(&name, h)))
            else {
                continue;
            };
            let Ok(index) = found[3].parse::<usize>() else {
                continue;
            };
            if index == meant {
                continue;
            }
            return Some(MixedColumn {
                file,
                variable,
                line: found.get(0)?.as_str().trim(),
                rows: found.get(2)?.as_str(),
                taken: index,
                meant,
                taken_column: header.get(index).cloned(),
            });
        }
    }
    None
}

/// Whether a variable's name (lowercased) names a column other than as written: its plural
/// or singular (`names`, `student`), or the full word the column abbreviates (`departments`
/// for `dept`, `amount` for `amt`: the same first two letters, and the column's letters in
/// order). The 1.5B model counted the distinct `departments` of staff.csv from its `salary`
/// column.
fn names_column(variable: &str, column: &str) -> bool {
    if column.chars().count() < 3 || !column.chars().all(char::is_alphanumeric) {
        return false;
    }
    if variable.strip_suffix('s') == Some(column) || column.strip_suffix('s') == Some(variable) {
        return true;
    }
    let mut letters = variable.chars();
    variable
        .get(..2)
        .is_some_and(|start| column.starts_with(start))
        && column.chars().all(|c| letters.any(|v| v == c))
}

/// What the hint for [`MixedColumn`] says of how the indexes count.
const FROM_ZERO: &str = "(indexes count from 0)";

/// The hint for a CSV column taken by another's index: which index holds which column, said
/// as indexes (the 1.5B model, told "column 1 is `units` and `price` is column 2", counted
/// from 1 and sent `row[1]` back as the second column until the bench's time ran out).
fn column_mixed_up(code: &str, cwd: &Path) -> Option<String> {
    let MixedColumn {
        file,
        variable,
        line,
        rows,
        taken,
        meant,
        taken_column,
    } = mixed_column(code, cwd)?;
    Some(match taken_column {
        Some(taken_column) => format!(
            "In `{file}`, `{rows}[{taken}]` is the `{taken_column}` column and `{rows}[{meant}]` is `{variable}` {FROM_ZERO}: `{line}` takes the {taken_column} column as `{variable}`. Use `{rows}[{meant}]` for `{variable}`, then run the code again."
        ),
        None => format!(
            "In `{file}`, there is no `{rows}[{taken}]`, and `{rows}[{meant}]` is `{variable}` {FROM_ZERO}: `{line}` takes a column past the last one. Use `{rows}[{meant}]` for `{variable}`, then run the code again."
        ),
    })
}

/// When the model asks to run again, unchanged, Python code that took a CSV column by another
/// column's index (the hint said which), or answers without fixing it: that code with the
/// index of the column it named, on that line, for the engine to run in the model's stead, and
/// a line for the events.
pub fn mended_column<'h>(
    history: &'h History,
    next: Option<&'h ToolCall>,
    cwd: &Path,
) -> Option<(String, String)> {
    let (code, output, how) = python_failed_again(history, next)?;
    if !split_hint(output).1?.contains(FROM_ZERO) {
        return None;
    }
    let found = mixed_column(code, cwd)?;
    let fixed = found.line.replacen(
        &format!("{}[{}]", found.rows, found.taken),
        &format!("{}[{}]", found.rows, found.meant),
        1,
    );
    Some((
        code.replacen(found.line, &fixed, 1),
        format!(
            "the model's code takes `{}` from `{}[{}]`, {} of {}, and {how}: running it with `{}[{}]`",
            found.variable,
            found.rows,
            found.taken,
            found
                .taken_column
                .map_or("past the last column".to_string(), |c| format!(
                    "the {c} column"
                )),
            found.file,
            found.rows,
            found.meant
        ),
    ))
}

/// A column of a CSV file here that the request names (`price` of "Which region in
/// sales.csv has the highest price?") and the code neither names nor takes by index: the 1.5B
/// model answered with the region that has the most rows. The file and the column.
fn unused_column<'r>(request: &'r str, code: &str, cwd: &Path) -> Option<(&'r str, String)> {
    static BY_INDEX: std::sync::LazyLock<Option<regex::Regex>> = std::sync::LazyLock::new(|| {
        regex::Regex::new(r"\[\s*-?\d+\s*\]|\.iloc\b|\.values\b|\bzip\(").ok()
    });
    if BY_INDEX.as_ref()?.is_match(code) {
        return None;
    }
    let asked: Vec<String> = words_in(&request.to_lowercase())
        .map(str::to_string)
        .collect();
    let code = code.to_lowercase();
    named_files(request).into_iter().find_map(|name| {
        let column = csv_header(cwd, name)?.into_iter().find(|column| {
            let plural = format!("{column}s");
            asked.iter().any(|w| w == column || *w == plural) && !code.contains(column.as_str())
        })?;
        Some((name, column))
    })
}

/// A key the code takes from the rows of a CSV file it reads by name (`csv.DictReader`,
/// `pandas.read_csv`) that is not one of the file's columns: the file, the key and the
/// columns as the header writes them. The 1.5B model took `grade['art_score']` from
/// grades.csv, whose columns are `student`, `math`, `art`, and printed that it had none.
fn unknown_csv_key(code: &str, cwd: &Path) -> Option<(String, String, Vec<String>)> {
    static KEY: std::sync::LazyLock<Option<regex::Regex>> = std::sync::LazyLock::new(|| {
        // pandas' `groupby('department')` and `sort_values('salary')` take columns too.
        regex::Regex::new(
            r#"(?:\[\s*|\.get\(\s*|\.groupby\(\s*(?:by\s*=\s*)?|\.sort_values\(\s*(?:by\s*=\s*)?)['"]([^'"\n]+)['"]"#,
        )
        .ok()
    });
    if !(code.contains("DictReader") || code.contains("read_csv")) {
        return None;
    }
    let keys: Vec<&str> = KEY
        .as_ref()?
        .captures_iter(code)
        .filter_map(|c| Some(c.get(1)?.as_str()))
        .collect();
    named_files(code).into_iter().find_map(|name| {
        // The header as written (`csv_header` lowercases it), when the file has one.
        let (columns, _) = csv_file(cwd, name)?;
        let key = keys.iter().find(|k| !columns.iter().any(|c| c == *k))?;
        Some((name.to_string(), (*key).to_string(), columns))
    })
}

/// A key the code takes (`book['published']`, `.get('published')`) from a JSON file it reads
/// by name that no object in the file has, when the code does not set it itself: the file, the
/// key and the file's shape. The 1.5B model, its `book['published']` guarded by
/// `'published' in book`, printed 0 books before 2000 from books.json, whose year is `year`.
fn unknown_json_key(code: &str, cwd: &Path) -> Option<(String, String, String)> {
    static KEY: std::sync::LazyLock<Option<regex::Regex>> = std::sync::LazyLock::new(|| {
        // A subscript of a name, a call or another subscript, not a list written out
        // (`names = ['ada', 'tom']`).
        regex::Regex::new(r#"(?:[\w)\]]\[\s*|\.get\(\s*)['"]([^'"\n]+)['"]\s*\]?\s*(\S?\S?)"#).ok()
    });
    fn keys_of(value: &serde_json::Value, keys: &mut std::collections::HashSet<String>) {
        match value {
            serde_json::Value::Object(map) => {
                for (key, inner) in map {
                    keys.insert(key.clone());
                    keys_of(inner, keys);
                }
            }
            serde_json::Value::Array(items) => items.iter().for_each(|i| keys_of(i, keys)),
            _ => {}
        }
    }
    let lookups: Vec<(&str, bool)> = KEY
        .as_ref()?
        .captures_iter(code)
        .filter_map(|c| {
            let key = c.get(1)?.as_str();
            // A key the code sets (`totals['food'] = 0`, `+=`) or writes in a dict of its own.
            let after = c.get(2).map_or("", |m| m.as_str());
            let set = (after.starts_with('=') && after != "==")
                || (after.len() == 2
                    && after.ends_with('=')
                    && !after.starts_with(['=', '!', '<', '>']))
                || code.contains(&format!("'{key}':"))
                || code.contains(&format!("\"{key}\":"));
            Some((key, set))
        })
        .collect();
    let taken: Vec<&str> = lookups
        .iter()
        .filter(|(key, _)| !lookups.iter().any(|(k, set)| *set && k == key))
        .map(|(key, _)| *key)
        .collect();
    named_files(code).into_iter().find_map(|name| {
        if !name.ends_with(".json") {
            return None;
        }
        let text = std::fs::read_to_string(cwd.join(name)).ok()?;
        let value: serde_json::Value = serde_json::from_str(&text).ok()?;
        let mut keys = std::collections::HashSet::new();
        keys_of(&value, &mut keys);
        let key = taken
            .iter()
            .find(|k| !keys.is_empty() && !keys.contains(**k))?;
        Some((
            name.to_string(),
            (*key).to_string(),
            json_shape(&value, true),
        ))
    })
}

/// A CSV column the code converts to a number by index (`float(row[1])`) that holds no
/// number in any row: the file, what the code wrote, the column's name, and the columns that
/// do hold numbers. The 1.5B model guarded `float(row[1])` of expenses.csv with
/// `row[1].isdigit()`, and `row[1]` is `category`: it added nothing and printed $0.00.
fn unnumbered_column(code: &str, cwd: &Path) -> Option<(String, String, String, Vec<String>)> {
    static CONVERTED: std::sync::LazyLock<Option<regex::Regex>> = std::sync::LazyLock::new(|| {
        regex::Regex::new(r"(?:float|int)\(\s*(\w+\[(\d+)\])\s*\)").ok()
    });
    let converted: Vec<(&str, usize)> = CONVERTED
        .as_ref()?
        .captures_iter(code)
        .filter_map(|c| Some((c.get(1)?.as_str(), c.get(2)?.as_str().parse().ok()?)))
        .collect();
    if converted.is_empty() {
        return None;
    }
    named_files(code).into_iter().find_map(|name| {
        let (header, text) = csv_file(cwd, name)?;
        let rows: Vec<Vec<&str>> = text
            .lines()
            .skip(1)
            .filter(|l| !l.trim().is_empty())
            .map(|l| l.split(',').map(str::trim).collect())
            .collect();
        let numeric = |i: usize| {
            rows.iter()
                .any(|r| r.get(i).is_some_and(|v| v.parse::<f64>().is_ok()))
        };
        let (written, index) = converted
            .iter()
            .find(|(_, i)| *i < header.len() && !numeric(*i))?;
        let numbers: Vec<String> = (0..header.len())
            .filter(|i| numeric(*i))
            .map(|i| format!("{i} `{}`", header[i]))
            .collect();
        Some((
            name.to_string(),
            (*written).to_string(),
            header[*index].clone(),
            numbers,
        ))
    })
}

/// What is said of a key that is not a column ([`unknown_csv_key`]).
fn unknown_key_says(file: &str, key: &str, columns: &[String]) -> String {
    let names: Vec<String> = columns.iter().map(|c| format!("`{c}`")).collect();
    format!(
        "`{key}` is not a column of `{file}`: its columns are {}.",
        names.join(", ")
    )
}

/// The columns of the CSV file `name` here, lowercased, when its first line names them
/// ([`csv_columns`]).
fn csv_header(cwd: &Path, name: &str) -> Option<Vec<String>> {
    let (header, _) = csv_file(cwd, name)?;
    Some(header.iter().map(|h| h.to_lowercase()).collect())
}

/// The CSV file `name` here, when its first line names its columns ([`csv_columns`]): its
/// header as written, and its whole text.
fn csv_file(cwd: &Path, name: &str) -> Option<(Vec<String>, String)> {
    if !name.ends_with(".csv") {
        return None;
    }
    let text = std::fs::read_to_string(cwd.join(name)).ok()?;
    let head: String = text.lines().take(2).collect::<Vec<_>>().join("\n");
    csv_columns(&head)?;
    let header = text
        .lines()
        .next()?
        .split(',')
        .map(|h| h.trim().to_string())
        .collect();
    Some((header, text))
}

/// A CSV header's columns by index (`0 region, 1 units, 2 price`), when the first line is
/// names and the next has as many fields.
fn csv_columns(head: &str) -> Option<String> {
    let mut lines = head.lines();
    let header: Vec<&str> = lines.next()?.split(',').map(str::trim).collect();
    let first: Vec<&str> = lines.next()?.split(',').collect();
    let names = header
        .iter()
        .all(|h| !h.is_empty() && h.parse::<f64>().is_err());
    (header.len() > 1 && header.len() == first.len() && names).then(|| {
        header
            .iter()
            .enumerate()
            .map(|(i, h)| format!("{i} `{h}`"))
            .collect::<Vec<_>>()
            .join(", ")
    })
}

/// Code that read a plain text file with `computer.files.read` and took its length, largest
/// or smallest item, or looped over it, as if it were a list of lines or numbers (the 1.5B
/// model answered "61 lines" for a file of 4, and "9" as the largest of its numbers): `None`
/// when it did not, `Some(true)` when it took items (not only the length).
fn read_as_one_string(code: &str) -> Option<bool> {
    if !named_files(code).into_iter().any(plain_text) {
        return None;
    }
    // The names the text was read into (`text = computer.files.read('poem.txt')`).
    static READ_INTO: std::sync::LazyLock<Option<regex::Regex>> = std::sync::LazyLock::new(|| {
        regex::Regex::new(r"(?m)^\s*([A-Za-z_]\w*)\s*=\s*computer\.files\.read\((.*)$").ok()
    });
    let read_into = READ_INTO.as_ref()?;
    let mut items = false;
    let mut measured = false;
    // Not a name that holds the text already split (`computer.files.read(p).splitlines()`),
    // or split later (`text.split()`): its items are lines or words (the 1.5B model's right
    // answer was sent back as undone).
    let whole = read_into.captures_iter(code).filter(|c| {
        let chained = c.get(2).is_some_and(|rest| rest.as_str().contains(")."));
        let split_later = c.get(1).is_some_and(|name| {
            let name = name.as_str();
            code.contains(&format!("{name}.split"))
                || code.contains(&format!("{name}.strip().split"))
        });
        !chained && !split_later
    });
    for name in whole.filter_map(|c| c.get(1)) {
        // A name that says what the code took the text for (`poem_lines`): its length is
        // never what was meant (the 1.5B model answered "61 lines" from it).
        let lower = name.as_str().to_lowercase();
        let meant_items = ["line", "word", "number", "row", "item", "value"]
            .iter()
            .any(|w| lower.contains(w));
        let name = regex::escape(name.as_str());
        let taken = regex::Regex::new(&format!(
            r"\bfor\s+\w+\s+in\s+{name}\s*(?::|\bif\b|[\])}}])|\b(?:max|min|sorted|set|csv\.reader|csv\.DictReader)\(\s*{name}\s*[,)]"
        ))
        .ok()?;
        let length = regex::Regex::new(&format!(r"\blen\(\s*{name}\s*\)")).ok()?;
        items |= taken.is_match(code) || (meant_items && length.is_match(code));
        measured |= length.is_match(code);
    }
    (items || measured).then_some(items)
}

/// A value's shape in a few words: its kind, an object's keys, a list's length and items.
/// Keys in sorted order: serde_json keeps the file's order only when some crate of the build
/// asks it to, and the hint must read the same in every build.
pub(crate) fn json_shape(value: &serde_json::Value, deep: bool) -> String {
    use serde_json::Value;
    fn sorted(map: &serde_json::Map<String, Value>) -> Vec<(&String, &Value)> {
        let mut entries: Vec<(&String, &Value)> = map.iter().collect();
        entries.sort_by(|a, b| a.0.cmp(b.0));
        entries.truncate(8);
        entries
    }
    let keys = |map: &serde_json::Map<String, Value>| {
        sorted(map)
            .iter()
            .map(|(k, _)| format!("`{k}`"))
            .collect::<Vec<_>>()
            .join(", ")
    };
    match value {
        Value::Object(map) if deep => {
            let parts: Vec<String> = sorted(map)
                .iter()
                .map(|(k, v)| format!("`{k}` ({})", json_shape(v, false)))
                .collect();
            format!("an object (dict) with the keys {}", parts.join(", "))
        }
        Value::Object(map) => format!("an object with the keys {}", keys(map)),
        Value::Array(items) => match items.first() {
            Some(Value::Object(first)) => format!(
                "a list of {} objects with the keys {}",
                items.len(),
                keys(first)
            ),
            _ => format!("a list of {} values", items.len()),
        },
        Value::String(_) => "a string".into(),
        Value::Number(_) => "a number".into(),
        Value::Bool(_) => "true or false".into(),
        Value::Null => "null".into(),
    }
}

/// The first line of `output` that is an absolute path (as `computer.files.find` prints), and
/// when `rich`, the first that is not a plain text file if there is one: "the report I
/// downloaded" is the PDF, not the shopping list saved after it.
fn first_document(output: &str, rich: bool) -> Option<&str> {
    let mut paths = output
        .lines()
        .map(str::trim)
        .filter(|l| l.starts_with('/') && !l.contains(['\'', '[', ']', '(']));
    let first = paths.clone().next();
    let plain = |path: &str| {
        oi_documents::DocumentKind::from_extension(Path::new(path))
            .is_none_or(|k| k == oi_documents::DocumentKind::Text)
    };
    if rich {
        paths.find(|p| !plain(p)).or(first)
    } else {
        first
    }
}

/// Words by which a request asks for a plain text file.
const TEXT_WORDS: &[&str] = &[
    "txt", "text", "notes", "note", "markdown", "md", "csv", "log",
];

/// Each run of code in `turn`: its code, its output and whether it failed.
fn code_runs<'a>(
    history: &'a History,
    turn: &'a [HistoryItem],
) -> impl Iterator<Item = (&'a str, &'a str, bool)> + 'a {
    turn.iter().filter_map(|item| {
        let HistoryItem::ToolResult {
            call_id,
            output,
            is_error,
            ..
        } = item
        else {
            return None;
        };
        match history.call(call_id).map(|c| &c.action) {
            Some(ToolAction::RunCode { code, .. }) => {
                Some((code.as_str(), output.as_str(), *is_error))
            }
            _ => None,
        }
    })
}

/// Whether this turn already ran `code` (surrounding whitespace aside).
pub fn ran_this_turn(history: &History, code: &str) -> bool {
    history.last_turn().is_some_and(|(_, turn)| {
        code_runs(history, turn).any(|(ran, _, _)| ran.trim() == code.trim())
    })
}

/// `text` as a Python string literal (a JSON string is one).
fn python_string(text: &str) -> String {
    serde_json::Value::from(text).to_string()
}

/// Words of a request about what a document says, not only where it is.
const ABOUT_CONTENT: &[&str] = &[
    "summar",
    "read",
    "what is in",
    "what's in",
    "what does",
    "say",
    "content",
    "explain",
    "quote",
    "extract",
    "describe",
    "main point",
    "key point",
    "gist",
    "tl;dr",
    "tell me about",
    "is about",
    "it about",
    "about?",
];

/// Whether a (lowercased) request is about what a document says: a word that starts with one
/// of [`ABOUT_CONTENT`]'s words ("summarize", "says"; not "already"), or one of its phrases.
fn about_content(request: &str) -> bool {
    let words: Vec<&str> = request
        .split(|c: char| !c.is_alphanumeric())
        .filter(|w| !w.is_empty())
        .collect();
    ABOUT_CONTENT.iter().any(|w| {
        if w.chars().all(char::is_alphanumeric) {
            words.iter().any(|word| word.starts_with(w))
        } else {
            request.contains(w)
        }
    })
}

/// How recently a request says its document came ("the PDF I downloaded last week"), as
/// `computer.files.find`'s `modified_within`: generous, since the newest comes first anyway.
const WHEN: &[(&str, &str)] = &[
    ("today", "24h"),
    ("this morning", "24h"),
    ("yesterday", "48h"),
    ("this week", "7d"),
    ("past week", "7d"),
    ("few days", "7d"),
    ("couple of days", "7d"),
    ("days ago", "14d"),
    ("last week", "14d"),
    ("this month", "31d"),
    ("past month", "31d"),
    ("last month", "62d"),
];

/// Words that put a document among the person's own (`find`'s default folders), not here.
const WHERE: &[&str] = &[
    "download",
    "desktop",
    "documents folder",
    "my documents",
    "newest",
    "latest",
    "recent",
    "on my computer",
];

/// The document kind a request names, as `find`'s `kind` ("pdf", "docx"…), or "" when it names
/// a document without a kind ("the report I downloaded"); `None` when it names none.
fn requested_kind(request: &str) -> Option<&'static str> {
    let words = || request.split(|c: char| !c.is_alphanumeric());
    let kind = words().find_map(|word| {
        Some(match word {
            "pdf" | "pdfs" => "pdf",
            "docx" | "word" => "docx",
            "odt" => "odt",
            "xlsx" | "excel" => "xlsx",
            "ods" => "ods",
            "xls" => "xls",
            "pptx" | "powerpoint" | "presentation" | "slides" => "pptx",
            "epub" | "ebook" => "epub",
            _ => return None,
        })
    });
    kind.or_else(|| {
        words()
            .any(|word| {
                matches!(
                    word,
                    "document"
                        | "documents"
                        | "doc"
                        | "file"
                        | "report"
                        | "paper"
                        | "article"
                        | "spreadsheet"
                )
            })
            .then_some("")
    })
}

/// When the request is about what one of the person's documents says ("what does the PDF I
/// downloaded this week say?") and no code looked for it with `computer.files.find`, and the
/// turn would end (`answering`: the 0.5B model made its content up) or the model's last code
/// failed (it listed `./Downloads`, then ran the same failing code ten times): the code that
/// finds it, for the engine to run in the model's stead (as a call of its own, through the
/// gate), and a line for the events. What it finds is then read as above.
pub fn unfound_document(
    history: &History,
    cwd: &Path,
    answering: bool,
) -> Option<(String, String)> {
    let (asked, turn) = history.last_turn()?;
    let last_failed = turn
        .iter()
        .rev()
        .find_map(|item| match item {
            HistoryItem::ToolResult { is_error, .. } => Some(*is_error),
            _ => None,
        })
        .unwrap_or(false);
    if !answering && !last_failed {
        return None;
    }
    let request = request_text(asked);
    let lower = request.to_lowercase();
    if !about_content(&lower) {
        return None;
    }
    let kind = requested_kind(&lower)?;
    let within = WHEN
        .iter()
        .find(|(w, _)| lower.contains(w))
        .map(|(_, a)| *a);
    let elsewhere = within.is_some() || WHERE.iter().any(|w| lower.contains(w));
    // A file the request names, or (said without where or when) a document of that kind here:
    // the model's business, not the person's folders.
    let here = named_files(&request)
        .into_iter()
        .any(|name| cwd.join(name).is_file())
        || (!elsewhere && !kind.is_empty() && folder_has_kind(cwd, kind));
    // Neither where, when nor a kind: too vague to look in the person's folders.
    if here || (!elsewhere && kind.is_empty()) {
        return None;
    }
    // Code that looked and got an answer (a read of a made-up path that failed does not count).
    let looked = code_runs(history, turn).any(|(code, _, is_error)| {
        !is_error
            && (code.contains("computer.files.find(") || code.contains("computer.files.read("))
    });
    if looked {
        return None;
    }
    let mut arguments = Vec::new();
    if !kind.is_empty() {
        arguments.push(format!("kind={}", python_string(kind)));
    }
    if let Some(age) = within {
        arguments.push(format!("modified_within={}", python_string(age)));
    }
    let arguments = arguments.join(", ");
    Some((
        format!(
            "found = computer.files.find({arguments})\n\
             print(\"\\n\".join(found) if found else \"No such document in Downloads, Desktop or Documents.\")"
        ),
        if answering {
            format!(
                "the model answered about a document of the person's that no code looked for: \
                 finding it (computer.files.find({arguments}))"
            )
        } else {
            format!(
                "the model's code failed, and none looked for the person's document with \
                 computer.files.find: finding it (computer.files.find({arguments})) instead of \
                 the model's next call"
            )
        },
    ))
}

/// Whether `folder` (not below it) holds a file with `kind`'s extension.
fn folder_has_kind(folder: &Path, kind: &str) -> bool {
    std::fs::read_dir(folder).is_ok_and(|entries| {
        entries.flatten().any(|e| {
            e.path()
                .extension()
                .and_then(|x| x.to_str())
                .is_some_and(|x| x.eq_ignore_ascii_case(kind))
        })
    })
}

/// When the turn would end after code found documents (`computer.files.find`) that no code
/// then read, although the request is about what one says ("find the PDF … and summarize
/// it"): the code that reads the first one, for the engine to run in the model's stead (as a
/// call of its own, through the gate), and a line for the events. The 0.5B model answered
/// with the file's name, and did the same again when asked to read it.
pub fn unread_document(history: &History) -> Option<(String, String)> {
    let (asked, turn) = history.last_turn()?;
    let request = request_text(asked).to_lowercase();
    if !about_content(&request) {
        return None;
    }
    let text_wanted = TEXT_WORDS.iter().any(|w| {
        request
            .split(|c: char| !c.is_alphanumeric())
            .any(|word| word == *w)
    });
    let mut found = None;
    for (code, output, is_error) in code_runs(history, turn) {
        if code.contains("computer.files.read(") {
            found = None;
        } else if !is_error && code.contains("computer.files.find(") {
            found = first_document(output, !text_wanted).or(found);
        }
    }
    let path = found?;
    Some((
        format!("print(computer.files.read({}))", python_string(path)),
        format!(
            "the model answered without reading {path}, which its code found, and the request \
             is about what it says: reading it"
        ),
    ))
}

/// When code failed for want of a module, the model then installed it, and now answers or
/// asks to install it again instead of running its code: that code, for the engine to run
/// again in the model's stead (a call of its own, through the gate), and a line for the
/// events. `next` is the call the model asks for (`None`: it answered). The 0.5B model
/// installed pandas, then repeated its advice to install it until the corrections ran out.
pub fn rerun_after_install(history: &History, next: Option<&ToolCall>) -> Option<(String, String)> {
    if next.is_some_and(|call| repeated_last_run(history, call).is_none()) {
        return None;
    }
    let (_, turn) = history.last_turn()?;
    let mut failed: Option<(&str, &str)> = None;
    let mut installed = None;
    // Code that failed the same way after an install: not run again (the install did not
    // reach this Python), or the model and the engine would take turns until the limit.
    let mut failed_after_install = Vec::new();
    for (code, output, is_error) in code_runs(history, turn) {
        if let Some((module, _)) = failed
            && !is_error
            && (installs(code, module) || pip_package(module).is_some_and(|p| installs(code, p)))
        {
            installed = failed;
        } else if is_error && let Some(module) = missing_module(output) {
            if installed.is_some_and(|(_, before)| before == code) {
                failed_after_install.push(code);
            }
            failed = Some((module, code));
            installed = None;
        } else if installed.is_some_and(|(_, before)| before == code) {
            // Run again since: the model is past it.
            installed = None;
            failed = None;
        }
    }
    let (module, code) = installed?;
    if failed_after_install.contains(&code) {
        return None;
    }
    Some((
        code.to_string(),
        format!(
            "`{module}` is installed now, and the model did not run again the code that needed it: running it"
        ),
    ))
}

/// Python code that just failed and that the model did not fix: `next` asks to run it again
/// unchanged, or is `None` when the model answered right after the failure instead (the
/// 0.5B model answered by saying the traceback back). Its code, the run's output, and how
/// the model left it, for the events.
fn python_failed_again<'h>(
    history: &'h History,
    next: Option<&'h ToolCall>,
) -> Option<(&'h String, &'h str, &'static str)> {
    let (call, output, how) = match next {
        Some(call) => {
            let (_, _, output, true) = repeated_last_run(history, call)? else {
                return None;
            };
            (call, output, "it asked to run it again unchanged")
        }
        None => {
            let (_, turn) = history.last_turn()?;
            let HistoryItem::ToolResult {
                call_id,
                tool_name,
                output,
                is_error: true,
                ..
            } = turn.last()?
            else {
                return None;
            };
            if tool_name == crate::profile::FORMAT_ERROR {
                return None;
            }
            (
                history.call(call_id)?,
                output.as_str(),
                "it answered without fixing it",
            )
        }
    };
    let ToolAction::RunCode { language, code } = &call.action else {
        return None;
    };
    (oi_exec::canonical_language(language) == Some(oi_exec::Language::Python))
        .then_some((code, output, how))
}

/// When the model asks to run again, unchanged, Python code that just failed opening a path
/// that is not there although a file of that name is in the working folder (the hint said
/// so): that code with the path mended, for the engine to run in the model's stead (a call
/// of its own, through the gate), and a line for the events. The 0.5B model opened
/// `/tmp/…/app.log` (the folder above its own) three times after the hint.
pub fn mended_path<'h>(
    history: &'h History,
    next: Option<&'h ToolCall>,
    cwd: &Path,
) -> Option<(String, String)> {
    let (code, output, how) = python_failed_again(history, next)?;
    if output.contains(EMPTY_PATH) {
        // The folder listed as `''` (the 1.5B model's `os.listdir("")`) is the working one.
        let mut mended = code.clone();
        for function in ["listdir", "scandir", "walk"] {
            for quote in ['\'', '"'] {
                mended = mended.replace(
                    &format!("{function}({quote}{quote})"),
                    &format!("{function}('.')"),
                );
            }
        }
        return (mended != *code).then(|| {
            (
                mended,
                format!(
                    "the model's code listed the empty path '', which is no folder, and {how}: \
                     running it with '.', the working folder"
                ),
            )
        });
    }
    let (given, name) = missing_file_here(output, cwd)?;
    let mut mended = code.clone();
    for quote in ['\'', '"'] {
        mended = mended.replace(
            &format!("{quote}{given}{quote}"),
            &format!("{quote}{name}{quote}"),
        );
    }
    (mended != *code).then(|| {
        (
            mended,
            format!(
                "the model's code failed opening {given}, which is not there, and {how}: \
                 running it with {name}, the file of that name in the working folder"
            ),
        )
    })
}

/// When the model asks to run again, unchanged, Python code that just failed for want of a
/// module it was told to install or do without: the code that installs it with this Python's
/// pip, for the engine to run in the model's stead (a call of its own, through the gate:
/// the person sees the install and may deny it), and a line for the events. Once per module
/// and turn; [`rerun_after_install`] then runs the code again if the model does not. The
/// 0.5B model sent its pandas code back three times after the hint.
pub fn install_missing(history: &History, call: &ToolCall) -> Option<(String, String)> {
    let (_, turn, output, true) = repeated_last_run(history, call)? else {
        return None;
    };
    let module = missing_module(output)?;
    let package = pip_package(module)?;
    if code_runs(history, turn).any(|(code, _, _)| installs(code, package)) {
        return None;
    }
    Some((
        // pip's own log (downloads, sizes, warnings) is kept out of the output: the 0.5B model
        // answered "12.4 MB" from it. Its last lines are the error when it fails.
        format!(
            "import importlib, subprocess, sys\n\
             pip_run = subprocess.run([sys.executable, \"-m\", \"pip\", \"install\", \"-q\", \"--disable-pip-version-check\", \"--no-warn-script-location\", \"{package}\"], capture_output=True, text=True)\n\
             importlib.invalidate_caches()\n\
             if pip_run.returncode != 0:\n    \
                 raise RuntimeError(\"pip could not install {package}:\\n\" + \"\\n\".join((pip_run.stderr or pip_run.stdout).strip().splitlines()[-5:]))\n\
             print(\"{package} is installed now.\")"
        ),
        format!(
            "the model's code needs `{module}`, which is not installed, and it asked to run it again unchanged: installing {package} with pip"
        ),
    ))
}

/// A built-in function the code calls after the session made its name a value
/// (`sum = sum(numbers)` run twice: the second time `sum` is the first run's number).
fn shadowed_builtin(code: &str, output: &str) -> Option<&'static str> {
    const BUILTINS: [&str; 24] = [
        "sum", "max", "min", "len", "list", "str", "int", "float", "dict", "set", "sorted",
        "round", "abs", "input", "open", "type", "range", "map", "filter", "zip", "tuple", "pow",
        "format", "reversed",
    ];
    if !(output.contains("TypeError: '") && output.contains("' object is not callable")) {
        return None;
    }
    let calls = |text: &str, name: &str| {
        text.match_indices(name).any(|(at, _)| {
            let before = text[..at].chars().next_back();
            !before.is_some_and(|c| c.is_alphanumeric() || c == '_' || c == '.')
                && text[at + name.len()..].trim_start().starts_with('(')
        })
    };
    let assigns = |name: &str| {
        code.lines().any(|line| {
            line.trim_start().strip_prefix(name).is_some_and(|rest| {
                let rest = rest.trim_start();
                rest.starts_with('=') && !rest.starts_with("==") || rest.starts_with("+=")
            })
        })
    };
    // Assigned in this code, or called on the line the traceback shows (an earlier run
    // assigned it).
    BUILTINS
        .iter()
        .find(|n| calls(code, n) && (assigns(n) || calls(output, n)))
        .copied()
}

/// The name a `NameError` says is not defined.
fn missing_name(output: &str) -> Option<&str> {
    let rest = output.split("NameError: name '").nth(1)?;
    rest.split('\'').next().filter(|n| !n.is_empty())
}

/// Functions of Python's standard library a small model looks for in another module, where
/// each is kept and how it is called, beyond [`FROM_MODULES`] (whose names are called plainly):
/// the 0.5B model called `hashlib.crc32()` three times.
const HOMES: &[(&str, &str, &str)] = &[
    ("crc32", "zlib", "zlib.crc32(text.encode())"),
    ("adler32", "zlib", "zlib.adler32(text.encode())"),
    (
        "b64encode",
        "base64",
        "base64.b64encode(text.encode()).decode()",
    ),
    ("b64decode", "base64", "base64.b64decode(data).decode()"),
    ("md5", "hashlib", "hashlib.md5(text.encode()).hexdigest()"),
    ("sha1", "hashlib", "hashlib.sha1(text.encode()).hexdigest()"),
    (
        "sha256",
        "hashlib",
        "hashlib.sha256(text.encode()).hexdigest()",
    ),
    (
        "sha512",
        "hashlib",
        "hashlib.sha512(text.encode()).hexdigest()",
    ),
    (
        "Counter",
        "collections",
        "collections.Counter(items).most_common(1)",
    ),
    ("timedelta", "datetime", "datetime.timedelta(days=n)"),
    ("isleap", "calendar", "calendar.isleap(year)"),
    (
        "monthrange",
        "calendar",
        "calendar.monthrange(year, month)[1]",
    ),
    ("listdir", "os", "os.listdir('.')"),
    ("getsize", "os.path", "os.path.getsize(path)"),
    ("copy", "shutil", "shutil.copy(source, destination)"),
    ("copyfile", "shutil", "shutil.copyfile(source, destination)"),
    ("copytree", "shutil", "shutil.copytree(source, destination)"),
    ("move", "shutil", "shutil.move(source, destination)"),
    ("rmtree", "shutil", "shutil.rmtree(folder)"),
    ("hexlify", "binascii", "binascii.hexlify(data).decode()"),
];

/// The hint for `AttributeError: module 'hashlib' has no attribute 'crc32'` when the function
/// is one of [`HOMES`]: the module that has it, and how it is called.
fn kept_elsewhere(output: &str) -> Option<String> {
    let rest = output.split("AttributeError: module '").nth(1)?;
    let (module, rest) = rest.split_once('\'')?;
    let name = rest
        .strip_prefix(" has no attribute '")?
        .split('\'')
        .next()?;
    // A call shown as it is written, else the module that has the name, from the imports'
    // table (`statistics.mean(...)`).
    let (home, call) = HOMES
        .iter()
        .find(|(n, _, _)| *n == name)
        .map(|(_, home, call)| (*home, (*call).to_string()))
        .or_else(|| {
            let (home, _) = FROM_MODULES
                .iter()
                .find(|(_, names)| names.contains(&name))?;
            Some((*home, format!("{home}.{name}(...)")))
        })?;
    if home == module {
        return None;
    }
    let import = home.split('.').next()?;
    Some(format!(
        "`{module}` has no `{name}`: it is in `{home}`. Write `import {import}`, then `{call}`."
    ))
}

/// The kind and attribute of `AttributeError: 'int' object has no attribute 'value'`, for a
/// number.
fn number_attribute(output: &str) -> Option<(&str, &str)> {
    let rest = output.split("AttributeError: '").nth(1)?;
    let (kind, rest) = rest.split_once('\'')?;
    let attribute = rest
        .strip_prefix(" object has no attribute '")?
        .split('\'')
        .next()?;
    matches!(kind, "int" | "float").then_some((kind, attribute))
}

/// Well-known functions of standard modules, by module: what `import_for` and
/// `kept_elsewhere` know of where a name lives.
const FROM_MODULES: &[(&str, &[&str])] = &[
    (
        "statistics",
        &[
            "mean",
            "median",
            "mode",
            "stdev",
            "variance",
            "pstdev",
            "pvariance",
            "fmean",
            "median_low",
            "median_high",
        ],
    ),
    (
        "math",
        &[
            "sqrt",
            "gcd",
            "lcm",
            "factorial",
            "floor",
            "ceil",
            "log",
            "log10",
            "log2",
            "exp",
            "pi",
            "comb",
            "perm",
            "isqrt",
            "prod",
        ],
    ),
    (
        "collections",
        &[
            "Counter",
            "defaultdict",
            "deque",
            "OrderedDict",
            "namedtuple",
        ],
    ),
    ("functools", &["reduce"]),
    ("pathlib", &["Path"]),
    ("decimal", &["Decimal"]),
    ("fractions", &["Fraction"]),
];

/// The import that defines `name`, for a standard module or a well-known function of one
/// that code used without importing it (`median`, `sqrt`, `Counter`, `json`).
fn import_for(name: &str) -> Option<String> {
    const MODULES: &[&str] = &[
        "math",
        "os",
        "sys",
        "json",
        "re",
        "random",
        "statistics",
        "collections",
        "itertools",
        "functools",
        "hashlib",
        "csv",
        "pathlib",
        "string",
        "time",
        "glob",
        "shutil",
        "decimal",
        "fractions",
        "calendar",
        "textwrap",
        "subprocess",
        "zlib",
        "base64",
        "binascii",
        "heapq",
        "bisect",
        "operator",
        "struct",
        "uuid",
        "unicodedata",
    ];
    if MODULES.contains(&name) {
        return Some(format!("import {name}"));
    }
    FROM_MODULES
        .iter()
        .find(|(_, names)| names.contains(&name))
        .map(|(module, _)| format!("from {module} import {name}"))
}

/// When the model asks to run again, unchanged, Python code that just failed on a name it
/// never imported from the standard library (the hint said which): that code with the import
/// added at its top, for the engine to run in the model's stead (a call of its own, through
/// the gate), and a line for the events. The 0.5B model called `median` three times.
pub fn mended_import<'h>(
    history: &'h History,
    next: Option<&'h ToolCall>,
) -> Option<(String, String)> {
    let (code, output, how) = python_failed_again(history, next)?;
    let name = missing_name(output)?;
    let import = import_for(name)?;
    Some((
        format!("{import}\n{code}"),
        format!(
            "the model's code uses `{name}` without importing it, and {how}: running it with `{import}` added"
        ),
    ))
}

/// The name a `NameError` names when the code adds to it (`count += 1`) and never gives it a
/// first value, and the value it starts from (`0`, `''`, `[]`, after what is added). The 0.5B
/// model counted matching lines with `count += 1` and no `count = 0`, and sent that back.
fn unset_counter<'o>(code: &str, output: &'o str) -> Option<(&'o str, &'static str)> {
    let name = missing_name(output)?;
    let mut added = None;
    for line in code.lines() {
        let line = line.trim_start();
        let Some(rest) = line.strip_prefix(name) else {
            continue;
        };
        let rest = rest.trim_start();
        if let Some(value) = rest.strip_prefix("+=").or_else(|| rest.strip_prefix("-=")) {
            added = added.or(Some(value.trim_start()));
        } else if rest.starts_with('=') && !rest.starts_with("==") {
            // Given a value somewhere: the failure is about order, not a missing start.
            return None;
        }
    }
    let bound = |prefix: &str| {
        code.lines()
            .any(|l| l.trim_start().starts_with(&format!("{prefix}{name}")))
    };
    if bound("for ") || bound("def ") || bound("global ") || code.contains("from __future__") {
        return None;
    }
    let start = match added?.chars().next()? {
        c if c.is_ascii_digit() || c == '.' => "0",
        '\'' | '"' => "''",
        '[' => "[]",
        _ => return None,
    };
    Some((name, start))
}

/// When the model asks to run again, unchanged, Python code that failed adding to a name it
/// never gave a first value (the hint said which): that code with the first value set at its
/// top, for the engine to run in the model's stead, and a line for the events.
pub fn mended_counter<'h>(
    history: &'h History,
    next: Option<&'h ToolCall>,
) -> Option<(String, String)> {
    let (code, output, how) = python_failed_again(history, next)?;
    let (name, start) = unset_counter(code, output)?;
    Some((
        format!("{name} = {start}\n{code}"),
        format!(
            "the model's code adds to `{name}`, which it never set, and {how}: running it with `{name} = {start}` first"
        ),
    ))
}

/// When the model asks to run again, unchanged, Python code whose search for a word of a file
/// here found nothing because it looked for the word only at the start of each line
/// (`line.startswith('ERROR')`, `r'^ERROR'`, `re.match`) where the file's lines begin with a
/// date (the hint showed them): that code looking for the word anywhere in the line, for the
/// engine to run in the model's stead, and a line for the events. The 0.5B model sent
/// `line.startswith('ERROR')` back in three bench runs until its corrections ran out.
pub fn mended_search<'h>(
    history: &'h History,
    next: Option<&'h ToolCall>,
) -> Option<(String, String)> {
    let (code, output, how) = python_failed_again(history, next)?;
    let word = hinted_word(output, SEARCH_MISSED)?;
    let mended = anywhere_in_line(code, word)?;
    Some((
        mended,
        format!(
            "the model's code looks for `{word}` only at the start of each line, where the file's lines hold it further on, and {how}: running it with the search anywhere in the line"
        ),
    ))
}

/// The word a run's hint names right before `marker` (`` `ERROR` `` in "`app.log` does hold
/// `ERROR`, so your code's search missed it.").
fn hinted_word<'o>(output: &'o str, marker: &str) -> Option<&'o str> {
    let (before, _) = split_hint(output).1?.split_once(marker)?;
    before.rsplit('`').next()
}

/// What the hint for a search that missed a word the file holds says after the word.
const SEARCH_MISSED: &str = "`, so your code's search missed it.";

/// `code` with its searches for `word` at the start of a line made searches anywhere in it:
/// `x.startswith('word')` (or `'^word'`) as `('word' in x)`, a pattern `^word` as `word`, and
/// `re.match` of a pattern with the word as `re.search`. `None` when the code has none.
fn anywhere_in_line(code: &str, word: &str) -> Option<String> {
    let w = regex::escape(word);
    let starts = regex::Regex::new(&format!(
        r#"([A-Za-z_]\w*(?:\.\w+(?:\(\))?|\[[^\]\n]*\])*)\.startswith\(\s*(?:'\^?{w}'|"\^?{w}")\s*\)"#
    ))
    .ok()?;
    let mended = starts.replace_all(code, format!("('{word}' in $1)").as_str());
    let anchored = regex::Regex::new(&format!(r#"(['"])\^{w}"#)).ok()?;
    let mended = anchored.replace_all(&mended, format!("${{1}}{word}").as_str());
    let matched = regex::Regex::new(&format!(r#"\bre\.match\((\s*r?['"][^'"\n]*{w})"#)).ok()?;
    let mended = matched.replace_all(&mended, "re.search($1");
    (mended != code).then(|| mended.into_owned())
}

/// When the model asks to run again, unchanged, Python code that printed the match of a regex
/// that is only a word of the request (`re.search(r'WARN', text)` for "On which date does
/// app.log have a WARN line?"; the hint said so), or answers without fixing it: that code with
/// the pattern matching the whole line the word is on, for the engine to run in the model's
/// stead, and a line for the events. The 0.5B model sent that search back until its
/// corrections ran out.
pub fn mended_match<'h>(
    history: &'h History,
    next: Option<&'h ToolCall>,
) -> Option<(String, String)> {
    let (code, output, how) = python_failed_again(history, next)?;
    let word = hinted_word(output, REQUEST_WORD)?;
    let mended = whole_line_pattern(code, word)?;
    Some((
        mended,
        format!(
            "the model's code prints what its search for `{word}` matched, the word itself, and {how}: running it with the search matching the whole line"
        ),
    ))
}

/// What the hint for a word of the request printed back says after the word.
const REQUEST_WORD: &str = "` is a word of my request itself, not what it asks for.";

/// `code` with its regex searches that are only `word` (`re.search(r'WARN', text)`) made to
/// match the whole line the word is on (`re.search(r'.*WARN.*', text)`; `re.match`, which
/// looks only at the start, as `re.search`). `None` when it has none.
fn whole_line_pattern(code: &str, word: &str) -> Option<String> {
    let search = regex::Regex::new(&format!(
        r#"\bre\.(search|match|findall|finditer)\(\s*(r?)(['"]){}(['"])"#,
        regex::escape(word)
    ))
    .ok()?;
    let mended = search.replace_all(code, |caps: &regex::Captures| {
        let function = if &caps[1] == "match" {
            "search"
        } else {
            &caps[1]
        };
        format!(
            "re.{function}({}{}.*{word}.*{}",
            &caps[2], &caps[3], &caps[4]
        )
    });
    (mended != code).then(|| mended.into_owned())
}

/// How Python says a value cannot follow `with`.
const NOT_A_CONTEXT: &str = "object does not support the context manager protocol";

/// `with computer.files.read(path, …) as f:` in `code`, a plain text file's path (a literal
/// with such a name, or any expression when the code names no other kind of file): that
/// `with` clause as written, and the path.
fn read_as_file(code: &str) -> Option<(&str, &str)> {
    static WITH: std::sync::LazyLock<Option<regex::Regex>> = std::sync::LazyLock::new(|| {
        regex::Regex::new(
            r"with\s+computer\.files\.read\(\s*([^,()\n]+?)\s*(?:,[^()\n]*)?\)\s+as\b",
        )
        .ok()
    });
    let caps = WITH.as_ref()?.captures(code)?;
    let path = caps.get(1)?.as_str();
    let files = named_files(code);
    let plain = match path.trim_matches(['\'', '"']) {
        quoted if quoted != path => plain_text(quoted),
        _ => !files.is_empty() && files.iter().all(|name| plain_text(name)),
    };
    plain.then_some((caps.get(0)?.as_str(), path))
}

/// When the model asks to run again, unchanged, Python code that put `computer.files.read`
/// after `with` for a plain text file (the hint said it returns the text), or answers without
/// fixing it: that code opening the file with `open`, for the engine to run in the model's
/// stead, and a line for the events.
pub fn mended_read_as_file<'h>(
    history: &'h History,
    next: Option<&'h ToolCall>,
) -> Option<(String, String)> {
    let (code, output, how) = python_failed_again(history, next)?;
    if !output.contains(NOT_A_CONTEXT) {
        return None;
    }
    let (clause, path) = read_as_file(code)?;
    Some((
        code.replacen(clause, &format!("with open({path}) as"), 1),
        format!(
            "the model's code puts `computer.files.read` after `with`, which returns the text, not a file, and {how}: running it with `open({path})`"
        ),
    ))
}

/// What the hint for `sum()` of a JSON file's objects says they are.
const ADDS_OBJECTS: &str = "adds whole objects (dicts)";

/// A `sum(x)` in `code` over a list of objects of a JSON file it names (`team_data['team']`,
/// or the file's top when it is such a list, `sum(data)`), whose objects have one key with a
/// number: that `sum(…)` as written, `x`, that key, and the objects' keys as the hint lists
/// them. The 0.5B model wrote `sum(team_data['team'])` for the average age of the team.
fn summed_objects<'c>(code: &'c str, cwd: &Path) -> Option<(&'c str, &'c str, String, String)> {
    static SUM: std::sync::LazyLock<Option<regex::Regex>> = std::sync::LazyLock::new(|| {
        regex::Regex::new(r#"\bsum\(\s*([A-Za-z_]\w*)((?:\[\s*['"][^'"\n]+['"]\s*\])*)\s*\)"#).ok()
    });
    let caps = SUM.as_ref()?.captures(code)?;
    let path: Vec<&str> = caps[2]
        .split(']')
        .filter_map(|index| {
            let index = index.trim().trim_start_matches('[').trim();
            let index = index.trim_matches(['\'', '"']);
            (!index.is_empty()).then_some(index)
        })
        .collect();
    let items = named_files(code)
        .into_iter()
        .filter(|name| name.ends_with(".json"))
        .find_map(|name| {
            let value: serde_json::Value =
                serde_json::from_str(&std::fs::read_to_string(cwd.join(name)).ok()?).ok()?;
            let mut at = &value;
            for key in &path {
                at = at.get(key)?;
            }
            at.as_array().cloned()
        })?;
    let serde_json::Value::Object(first) = items.first()? else {
        return None;
    };
    let numeric: Vec<&String> = first
        .iter()
        .filter(|(_, v)| v.is_number())
        .map(|(k, _)| k)
        .collect();
    let [key] = numeric.as_slice() else {
        return None;
    };
    let mut keys: Vec<String> = first.keys().map(|k| format!("`{k}`")).collect();
    keys.sort();
    let whole = caps.get(0)?.as_str();
    let expr = whole["sum(".len()..whole.len() - 1].trim();
    Some((whole, expr, key.to_string(), keys.join(", ")))
}

/// When the model asks to run again, unchanged, Python code that failed summing a JSON file's
/// objects (the hint said which key to add), or answers without fixing it: that code adding
/// that key of each, for the engine to run in the model's stead, and a line for the events.
pub fn mended_sum<'h>(
    history: &'h History,
    next: Option<&'h ToolCall>,
    cwd: &Path,
) -> Option<(String, String)> {
    let (code, output, how) = python_failed_again(history, next)?;
    if !split_hint(output).1?.contains(ADDS_OBJECTS) {
        return None;
    }
    let (whole, expr, key, _) = summed_objects(code, cwd)?;
    let mended = code.replacen(whole, &format!("sum(item['{key}'] for item in {expr})"), 1);
    (mended != *code).then(|| {
        (
            mended,
            format!(
                "the model's code adds whole objects with `sum({expr})`, and {how}: running it adding their `{key}`"
            ),
        )
    })
}

/// A counter's start given where it sets the count back: inside the loop that adds to it, in
/// the same block and before the adding (`count = 0` then `count += 1` under the `if` of a
/// `for`: each pass starts it again, so it ends at one pass's worth), or after that loop and
/// before it is used (the model's "fix" for a NameError: the kernel kept the name from the
/// earlier run, so the loop counted and the start then set it back). Its name, that value,
/// the line, and whether it is after the loop. The 0.5B model printed 1 for 2 lines, and 0
/// for 3. A start in an outer loop with the adding in an inner one (a count per row) is left
/// alone.
fn misplaced_start(code: &str) -> Option<(&str, &str, usize, bool)> {
    static START: std::sync::LazyLock<Option<regex::Regex>> = std::sync::LazyLock::new(|| {
        regex::Regex::new(r"^(\s*)([A-Za-z_]\w*)\s*=\s*(0|0\.0|''|\x22\x22|\[\])\s*(#.*)?$").ok()
    });
    let start = START.as_ref()?;
    let lines: Vec<&str> = code.lines().collect();
    let indent = |line: &str| line.len() - line.trim_start().len();
    let blank = |line: &str| line.trim().is_empty() || line.trim_start().starts_with('#');
    let loop_head = |line: &str| {
        let head = line.trim_start();
        head.starts_with("for ") || head.starts_with("while ")
    };
    let adds = |line: &str, name: &str| {
        line.trim_start()
            .strip_prefix(name)
            .is_some_and(|rest| rest.trim_start().starts_with("+="))
    };
    for (at, line) in lines.iter().enumerate() {
        let Some(caps) = start.captures(line) else {
            continue;
        };
        let (depth, name, value) = (caps[1].len(), caps.get(2)?.as_str(), caps.get(3)?.as_str());
        // The block it is in, and whether a loop holds that block.
        let mut looped = false;
        let mut outer = depth;
        for above in lines[..at].iter().rev().filter(|l| !blank(l)) {
            if indent(above) < outer {
                outer = indent(above);
                if loop_head(above) {
                    looped = true;
                    break;
                }
                let head = above.trim_start();
                if head.starts_with("def ") || head.starts_with("class ") {
                    break;
                }
            }
        }
        // Added to later in the same block, before the block ends.
        let added_after = lines[at + 1..]
            .iter()
            .filter(|l| !blank(l))
            .take_while(|l| indent(l) >= depth)
            .any(|l| indent(l) == depth && adds(l, name));
        if looped && added_after {
            return Some((name, value, at, false));
        }
        // Added to before, deeper, in a loop that ended above it, with no start before that;
        // then used.
        let Some(added) = lines[..at]
            .iter()
            .position(|l| indent(l) > depth && adds(l, name))
        else {
            continue;
        };
        let in_loop = lines[..added]
            .iter()
            .any(|l| loop_head(l) && indent(l) >= depth && indent(l) < indent(lines[added]));
        let started = lines[..added]
            .iter()
            .any(|l| start.captures(l).is_some_and(|c| &c[2] == name));
        let used = lines[at + 1..].iter().any(|l| l.contains(name));
        if in_loop && !started && used {
            return Some((name, value, at, true));
        }
    }
    None
}

/// Whether the request asks for an average ("the average age", "the mean") and the code adds
/// values up without dividing or taking a mean (the 0.5B model printed the ages' sum, 110).
fn undivided_average(request: &str, code: &str) -> bool {
    let lower = request.to_lowercase();
    let asks = words_in(&lower).any(|w| w == "average" || w == "mean");
    // Not the slashes of a path in a string (`open('/tmp/…/team.json')`).
    static STRING: std::sync::LazyLock<Option<regex::Regex>> =
        std::sync::LazyLock::new(|| regex::Regex::new(r#"'[^'\n]*'|"[^"\n]*""#).ok());
    let Some(string) = STRING.as_ref() else {
        return false;
    };
    let code = string.replace_all(code, "''");
    let divides = code.contains('/')
        || ["mean(", "average(", "mean()", "fmean("]
            .iter()
            .any(|f| code.contains(f));
    asks && code.contains("sum(") && !divides
}

/// How the hint for a counter's misplaced start ends, naming it.
fn start_once(name: &str, start: &str) -> String {
    format!("Set `{name} = {start}` once, before the loop.")
}

/// When the model asks to run again, unchanged, Python code that set its counter back inside
/// or after its loop (the hint said so), or answers without fixing it: that code with the
/// counter set once before it, for the engine to run in the model's stead, and a line for the
/// events.
pub fn mended_reset<'h>(
    history: &'h History,
    next: Option<&'h ToolCall>,
) -> Option<(String, String)> {
    let (code, output, how) = python_failed_again(history, next)?;
    let (_, hint) = split_hint(output);
    let (name, start, at, after) = misplaced_start(code)?;
    if !hint?.contains(&start_once(name, start)) {
        return None;
    }
    let rest: Vec<&str> = code
        .lines()
        .enumerate()
        .filter(|(i, _)| *i != at)
        .map(|(_, l)| l)
        .collect();
    let place = if after { "after" } else { "inside" };
    Some((
        format!("{name} = {start}\n{}", rest.join("\n")),
        format!(
            "the model's code sets `{name}` back to {start} {place} its loop, and {how}: running it with `{name} = {start}` once, before the loop"
        ),
    ))
}

/// The function and the keyword of `TypeError: f() got an unexpected keyword argument 'k'`.
fn unexpected_keyword(output: &str) -> Option<(&str, &str)> {
    let line = output.lines().rev().find(|l| {
        l.starts_with("TypeError: ") && l.contains("() got an unexpected keyword argument '")
    })?;
    let rest = line.strip_prefix("TypeError: ")?;
    let (function, rest) = rest.split_once("() got an unexpected keyword argument '")?;
    let keyword = rest.strip_suffix('\'')?;
    // `statistics.median` is reported as `median`; a method as `Class.method`.
    let function = function.rsplit('.').next()?;
    let word = |w: &str| !w.is_empty() && w.chars().all(|c| c.is_alphanumeric() || c == '_');
    (word(function) && word(keyword)).then_some((function, keyword))
}

/// `f(k=` written as `f(` in `code`: the value passed without the keyword `f` does not take.
fn without_keyword(code: &str, function: &str, keyword: &str) -> Option<String> {
    let call = regex::Regex::new(&format!(
        r"\b{}\(\s*{}\s*=\s*",
        regex::escape(function),
        regex::escape(keyword)
    ))
    .ok()?;
    let mended = call.replace_all(code, format!("{function}(").as_str());
    (mended != code).then(|| mended.into_owned())
}

/// When the model asks to run again, unchanged, Python code that just failed passing a
/// keyword the function does not take, as its first argument (`median(numbers=[…])`): that
/// code with the value passed by position, for the engine to run in the model's stead (a call
/// of its own, through the gate), and a line for the events. The 0.5B model sent
/// `median(numbers=[…])` back three times after the TypeError.
pub fn mended_keyword<'h>(
    history: &'h History,
    next: Option<&'h ToolCall>,
) -> Option<(String, String)> {
    let (code, output, how) = python_failed_again(history, next)?;
    let (function, keyword) = unexpected_keyword(output)?;
    let mended = without_keyword(code, function, keyword)?;
    Some((
        mended,
        format!(
            "the model's code passes `{keyword}=` to `{function}()`, which takes no such keyword, and {how}: running it with the value passed by position"
        ),
    ))
}

/// The package on PyPI that provides the import `module`, for the well-known ones only: an
/// import name is often not its package's name, and a package of that name may be another's
/// (`serial` is not pyserial, `jwt` not PyJWT), so the engine installs nothing it does not
/// know. `None` for others (the run's hint still tells the model how).
fn pip_package(module: &str) -> Option<&'static str> {
    const KNOWN: &[(&str, &str)] = &[
        ("pandas", "pandas"),
        ("numpy", "numpy"),
        ("scipy", "scipy"),
        ("matplotlib", "matplotlib"),
        ("seaborn", "seaborn"),
        ("plotly", "plotly"),
        ("sympy", "sympy"),
        ("networkx", "networkx"),
        ("statsmodels", "statsmodels"),
        ("requests", "requests"),
        ("openpyxl", "openpyxl"),
        ("xlrd", "xlrd"),
        ("tabulate", "tabulate"),
        ("lxml", "lxml"),
        ("pypdf", "pypdf"),
        ("reportlab", "reportlab"),
        ("tqdm", "tqdm"),
        ("psutil", "psutil"),
        ("pytz", "pytz"),
        ("markdown", "markdown"),
        ("cv2", "opencv-python"),
        ("PIL", "pillow"),
        ("sklearn", "scikit-learn"),
        ("yaml", "pyyaml"),
        ("bs4", "beautifulsoup4"),
        ("docx", "python-docx"),
        ("pptx", "python-pptx"),
        ("dateutil", "python-dateutil"),
        ("fitz", "pymupdf"),
        ("dotenv", "python-dotenv"),
        ("serial", "pyserial"),
        ("jwt", "PyJWT"),
        ("Crypto", "pycryptodome"),
    ];
    KNOWN
        .iter()
        .find(|(import, _)| *import == module)
        .map(|(_, package)| *package)
}

/// Whether `code` (shell or Python) installs `module` with pip.
fn installs(code: &str, module: &str) -> bool {
    code.lines().any(|line| {
        pip_install(line)
            && line
                .split(|c: char| !(c.is_alphanumeric() || c == '_' || c == '-'))
                .any(|word| word.eq_ignore_ascii_case(module))
    })
}

/// Names of functions defined at the top level of `code`.
fn top_level_functions(code: &str) -> Vec<&str> {
    code.lines()
        .filter_map(|l| {
            let rest = l
                .strip_prefix("def ")
                .or_else(|| l.strip_prefix("async def "))?;
            let name = rest.split('(').next()?.trim();
            (!name.is_empty() && name.chars().all(|c| c.is_alphanumeric() || c == '_'))
                .then_some(name)
        })
        .collect()
}

/// Whether a top-level statement (not the definition, not its body) calls `name`.
fn called_at_top_level(code: &str, name: &str) -> bool {
    let call = format!("{name}(");
    code.lines().any(|l| {
        let top = !l.starts_with(char::is_whitespace);
        let definition = l.starts_with("def ") || l.starts_with("async def ");
        top && !definition && contains_word_call(l, &call)
    })
}

fn contains_word_call(line: &str, call: &str) -> bool {
    line.match_indices(call).any(|(i, _)| {
        line[..i]
            .chars()
            .next_back()
            .is_none_or(|c| !(c.is_alphanumeric() || c == '_' || c == '.'))
    })
}

/// The call and output of the turn's last real result (the harness's own corrections do not
/// count), when it succeeded.
fn last_success(turn: &[HistoryItem]) -> Option<(&str, &str)> {
    match last_result(turn)? {
        (call_id, output, false) => Some((call_id, output)),
        _ => None,
    }
}

/// The turn's last real result (the harness's own corrections do not count): its call, what
/// the model saw of it, and whether it failed.
fn last_result(turn: &[HistoryItem]) -> Option<(&str, &str, bool)> {
    turn.iter().rev().find_map(|i| match i {
        HistoryItem::ToolResult {
            call_id,
            tool_name,
            output,
            is_error,
            ..
        } if tool_name != crate::profile::FORMAT_ERROR => {
            Some((call_id.as_str(), output.as_str(), *is_error))
        }
        _ => None,
    })
}

/// Longest run output that counts as a value to quote back.
const SHORT_OUTPUT: usize = 400;

/// `call` (a correction) marked as replacing the answer it follows.
pub fn superseding(mut call: ToolCall, answer: &str) -> ToolCall {
    if let Some(arguments) = call.arguments.as_object_mut() {
        arguments.insert(
            crate::profile::SUPERSEDES_ANSWER.into(),
            serde_json::Value::Bool(true),
        );
        // The answer is kept with the call that set it aside, out of the model's view: the
        // same answer said again is then known for a repeat ([`repeated_reply_nudge`]).
        arguments.insert(SET_ASIDE.into(), answer.trim().into());
    }
    call.action = crate::profile::action_for(&call.name, &call.arguments);
    call
}

/// The argument of a correction that holds the answer it set aside.
const SET_ASIDE: &str = "set_aside";

/// The text of an answer as the model is shown it again: none when the calls that came with
/// it hold a correction that set it aside (the live turn and a resume's rebuild both ask here).
pub fn answer_shown(text: String, calls: &[ToolCall]) -> String {
    // A correction, or a run of the engine's own in place of the answer.
    let set_aside = calls
        .iter()
        .any(|c| c.arguments[crate::profile::SUPERSEDES_ANSWER] == true);
    if set_aside { String::new() } else { text }
}

/// When the model's answer, with no number in it, says back three words in a row of the
/// harness's corrections this turn, or is mostly a correction said back (numbers and all), or
/// says a line of the system prompt back, and its last run printed one number: the message that
/// quotes that output and asks for the answer, after which it is asked afresh with only the
/// request and that value in view ([`fresh_answer`]). The 0.5B model, told "Your answer did
/// not use it.", answered "The code you provided does not use it.", and that ended the turn.
/// Once per turn.
pub fn parroted_answer_nudge(history: &History, answer: &str, system: &str) -> Option<String> {
    let (asked, turn) = history.last_turn()?;
    if already_nudged(turn, PARROTED) {
        return None;
    }
    // What the last run printed, when it is one value: a number, or a word or two on one line
    // (`0b101101`, `Friday`).
    let printed = last_success(turn)
        .map(|(_, output)| split_hint(output).0.trim())
        .filter(|printed| {
            printed.len() <= SHORT_OUTPUT
                && printed.chars().any(char::is_alphanumeric)
                && (numbers_in(printed).len() == 1
                    || (printed.lines().count() == 1
                        && (1..=2).contains(&printed.split_whitespace().count())))
        });
    let nudge = printed.map(|printed| format!(
        "{PARROTED} {NUDGE_START}\n{printed}\n\n{REPEATED} it would print the same. Now tell me the answer to my question in one sentence, with the value from that output."
    ));
    // A line of the system prompt said back (the 0.5B model said its line about documents
    // after its code printed "There are 3 files in this folder.").
    if echoes(answer, system) {
        return nudge;
    }
    let words = |text: &str| -> Vec<String> {
        words_in(text)
            .filter(|w| !w.is_empty())
            .map(str::to_lowercase)
            .collect()
    };
    // Three words in a row of the corrections that are not the request's own (the
    // corrections quote the request, and an answer may well say "a prime number" of it).
    let said = words(answer);
    let request = words(&request_text(asked));
    let theirs: Vec<String> = turn
        .iter()
        .filter_map(|i| match i {
            HistoryItem::ToolResult {
                tool_name, output, ..
            } if tool_name == crate::profile::FORMAT_ERROR => Some(words(output)),
            _ => None,
        })
        .flat_map(|words| {
            words
                .windows(3)
                .map(|three| three.join(" "))
                .collect::<Vec<_>>()
        })
        .collect();
    let in_request = |three: &[String]| request.windows(3).any(|r| r == three);
    let echoed = said
        .windows(3)
        .filter(|three| theirs.contains(&three.join(" ")) && !in_request(three))
        .count();
    // An answer with a number may take it from the output and a phrase from the corrections;
    // one that is the corrections said back (and the request they quote), with hardly a word of
    // its own, is no answer, numbers and all: the 0.5B model, told "Before running your code
    // you said 29, but it printed 30: one of the two is wrong. Check your code…", said those
    // sentences back. Two thirds of its three-word runs not its own is mostly. Nor are the
    // system prompt's words its own (the 0.5B model, its code failed, answered "To run other
    // code, you can write the code in a fenced block that names its language…").
    // Nor the hints after the runs' outputs (the 0.5B model said back the hint that its search
    // missed `login`, the lines it quoted and all).
    let hints: Vec<&str> = turn
        .iter()
        .filter_map(|i| match i {
            HistoryItem::ToolResult {
                tool_name, output, ..
            } if tool_name != crate::profile::FORMAT_ERROR => split_hint(output).1,
            _ => None,
        })
        .collect();
    let harness: Vec<String> = std::iter::once(system)
        .chain(hints.iter().copied())
        .flat_map(|text| {
            words(text)
                .windows(3)
                .map(|three| three.join(" "))
                .collect::<Vec<_>>()
        })
        .collect();
    let own = said
        .windows(3)
        .filter(|three| {
            let three_words = three.join(" ");
            !theirs.contains(&three_words) && !harness.contains(&three_words) && !in_request(three)
        })
        .count();
    let windows = said.len().saturating_sub(2);
    // The request said back, word for word, is no answer either (the 0.5B model, asked
    // afresh for the answer with the request and the value in view, said the request).
    let request_said = windows >= 3 && said.windows(3).all(in_request);
    // A short one made only of the corrections' words is one too: the 0.5B model, told "Your
    // code printed: 0b101101. Your answer did not use it.", answered those two sentences.
    let whole = windows >= 3 && own == 0 && echoed > 0;
    // Mostly: of the runs of words not the request's, a third or fewer its own. An answer
    // that says the request back with its value ("The total time in seconds of the jobs in
    // jobs.log is 0.") is an answer (the 1.5B model's was taken for a parrot).
    let asked_back = said.windows(3).filter(|three| in_request(three)).count();
    let rest = windows - asked_back;
    let mostly = (rest >= 10 && own * 3 <= rest) || whole;
    let numbered = answer.chars().any(|c| c.is_ascii_digit());
    if !((echoed > 0 && !numbered) || mostly || request_said) {
        return None;
    }
    // With no one value to quote, an answer that is a correction said back whole is told so,
    // with the last correction again (the 0.5B model, told its code printed nothing, said that
    // back, and it ended the turn as the answer); a reply corrected twice is then asked afresh
    // ([`stuck_view`]). Not a correction that quotes a run: that has views of its own.
    nudge.or_else(|| {
        let last = turn.iter().rev().find_map(|i| match i {
            HistoryItem::ToolResult {
                tool_name, output, ..
            } if tool_name == crate::profile::FORMAT_ERROR => Some(output.as_str()),
            HistoryItem::ToolResult { output, .. } => split_hint(output)
                .1
                .map(|hint| hint.trim_start_matches('(').trim_end_matches(')')),
            _ => None,
        })?;
        // Nor three phrases of the corrections in an answer with no value (the 0.5B model,
        // told its code's totals were not its answer, said "you can run the code that prints
        // the answer to my request").
        ((mostly || echoed >= 3 || request_said) && !last.contains(REPEATED))
            .then(|| format!("{PARROTED} {last}"))
    })
}

/// Whether the turn's last item is [`parroted_answer_nudge`]'s message.
pub fn parroted_last(history: &History) -> bool {
    history.last_turn().is_some_and(|(_, turn)| {
        matches!(turn.last(), Some(HistoryItem::ToolResult { tool_name, output, .. })
            if tool_name == crate::profile::FORMAT_ERROR && output.starts_with(PARROTED))
    })
}

/// When the model's final answer in this turn leaves out what its last successful run printed
/// (a short output: a value, a line or two), the message that asks it once more, quoting the
/// output. `None` when the answer uses it, when there is nothing to quote, or when the turn
/// already asked.
pub fn unused_output_nudge(history: &History, answer: &str) -> Option<String> {
    let (asked, turn) = history.last_turn()?;
    if already_nudged(turn, UNUSED) || already_nudged(turn, ONE_ROW) {
        return None;
    }
    // The last real result of this turn (the harness's own corrections do not count): a
    // successful run of code the model wrote as text.
    let (call_id, output) = last_success(turn)?;
    // A document's text is no value to quote: its page numbers are not the answer.
    let ran_code_as_text = history.call(call_id).is_some_and(|c| {
        c.origin == CallOrigin::Text
            && matches!(&c.action, ToolAction::RunCode { code, .. } if !code.contains("computer.files.read("))
    });
    let value = output.trim();
    if !ran_code_as_text || value.is_empty() || value.len() > SHORT_OUTPUT {
        return None;
    }
    if !crate::profile::text_calls::fenced_blocks(answer, true).is_empty() {
        // An answer with code in it is doing something else (code this profile does not run).
        return None;
    }
    let request = request_text(asked);
    let code = match history.call(call_id).map(|c| &c.action) {
        Some(ToolAction::RunCode { code, .. }) => code.as_str(),
        _ => "",
    };
    if answer_uses(answer, value) {
        // One row's value where the request asks for their sum or average (the 0.5B model
        // printed four products and answered with the first).
        return one_value_of(&request, code, value).map(|how| {
            format!(
                "{NUDGE_START}\n{value}\n\n{ONE_ROW}{how} Run code that prints the answer to my request ({request}), then tell me the value it prints."
            )
        });
    }
    // A number the answer gives that neither the output nor the request holds was worked out
    // without code (the 0.5B model printed four products and answered with a made-up sum).
    let asked_norm = normalized(&request);
    let asked_numbers = numbers_in(&asked_norm);
    let answer_norm = normalized(answer);
    let printed_numbers = !numbers_in(&normalized(value)).is_empty();
    let made_up = numbers_in(&answer_norm)
        .into_iter()
        .find(|n| !asked_numbers.iter().any(|r| same_number(n, r)))
        .filter(|_| printed_numbers);
    // One value printed is the answer. Several lines (a table, a column, a list) are not
    // yet the one the request asks for: code that prints it (the 0.5B model printed a
    // pandas column of products and answered that it had printed their sum).
    let one_value = value.lines().count() == 1 && value.split_whitespace().count() <= 3;
    // An answer that names one of several labelled values printed took it from the output (the
    // 0.5B model printed the counts of four items and answered "eggs", the largest, and was
    // told it had not used the output). Not a word of the request: "lines" is no label.
    let asked_words: Vec<String> = words_in(&asked_norm).map(str::to_string).collect();
    let named_label = words_in(value)
        .filter(|w| w.chars().count() >= 3 && w.chars().all(char::is_alphabetic))
        .map(str::to_lowercase)
        .filter(|w| !asked_words.contains(w))
        .any(|w| words_in(&answer_norm).any(|a| a == w));
    if made_up.is_none() && !one_value && printed_numbers && named_label {
        return None;
    }
    match made_up {
        // The answer is what the model said the code would print, and the code printed
        // something else: one of the two is wrong, and the harness cannot tell which (the
        // 0.5B model said the 20th Fibonacci number is 6765, rightly, then ran a loop that
        // stopped one short and printed 4181; told to answer with 4181, it did).
        Some(n) if one_value && foretold(history, call_id, n) => Some(format!(
            "{NUDGE_START}\n{value}\n\n{UNUSED} Before running your code you said {n}, but it printed {value}: one of the two is wrong. Check your code against my request ({request}) step by step. If the code has a mistake, write the corrected code in a ```python block. If the code is right, answer with {value}."
        )),
        Some(n) if one_value => Some(format!(
            "{NUDGE_START}\n{value}\n\n{UNUSED} Your answer says {n}, but your code printed {value}. Answer my question again in one sentence, with {value}."
        )),
        Some(n) => {
            let how = one_value_of(&request, code, value).unwrap_or_default();
            Some(format!(
                "{NUDGE_START}\n{value}\n\n{UNUSED} Your answer says {n}, which your code did not print: do not work it out yourself.{how} Run code that prints the answer to my request ({request}), then tell me the value it prints."
            ))
        }
        None if one_value || !printed_numbers => Some(format!(
            "{NUDGE_START}\n{value}\n\n{UNUSED} Now tell me the answer to my question in one sentence, with the value from that output."
        )),
        None => {
            let how = one_value_of(&request, code, value).unwrap_or_default();
            Some(format!(
                "{NUDGE_START}\n{value}\n\n{UNUSED}{how} Run code that prints the answer to my request ({request}), then tell me the value it prints."
            ))
        }
    }
}

/// Whether the model said `number` in the words around the code of `call_id` (outside its
/// code), before it ran: what it expected the code to print.
fn foretold(history: &History, call_id: &str, number: &str) -> bool {
    let said = history.items().iter().rev().find_map(|i| match i {
        HistoryItem::Assistant { text, calls, .. } => calls
            .iter()
            .find(|c| c.call_id == call_id)
            .map(|call| (text.as_str(), call)),
        _ => None,
    });
    let Some((text, call)) = said else {
        return false;
    };
    let mut words = normalized(text);
    let mut code: Vec<String> = crate::profile::text_calls::fenced_blocks(text, true)
        .into_iter()
        .map(|block| block.body)
        .collect();
    if let ToolAction::RunCode { code: run, .. } = &call.action {
        // Written as a JSON call, the code stands in the text escaped.
        code.push(serde_json::Value::from(run.as_str()).to_string());
        code.push(run.clone());
    }
    for code in code {
        words = words.replace(&normalized(&code), " ");
    }
    numbers_in(&words).iter().any(|n| same_number(n, number))
}

/// When a run printed a column of numbers (one per row, or a list) and the request asks for
/// their total or average: a sentence that says so and how, with the name the code printed.
/// The 0.5B model printed `df['units'] * df['price']` per row for "the sum of units times
/// price over all rows", and ran it again three times.
fn one_value_of(request: &str, code: &str, printed: &str) -> Option<String> {
    let (what, example) = rows_total(request, code, printed)?;
    Some(format!(
        " {ONE_PER_ROW}, and my request asks for one value: {what}. Compute it in code, like `{example}`."
    ))
}

/// What [`one_value_of`] asks for (`their sum`) and the code that computes it from the name
/// the code printed (`print(total.sum())`).
fn rows_total(request: &str, code: &str, printed: &str) -> Option<(&'static str, String)> {
    let lower = request.to_lowercase();
    let asks = |w: &str| words_in(&lower).any(|x| x == w);
    let total = if asks("sum") || asks("total") {
        true
    } else if asks("average") || asks("mean") {
        false
    } else {
        return None;
    };
    let rows = printed
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with("dtype:") && !l.starts_with("Name:"))
        .count();
    let list = printed.trim().starts_with('[') && printed.matches(',').count() >= 2;
    if rows < 2 && !list {
        return None;
    }
    // The name the code printed last, `print(name)`.
    let name = code.lines().rev().find_map(|l| {
        let inner = l.trim().strip_prefix("print(")?.strip_suffix(')')?.trim();
        (!inner.is_empty() && inner.chars().all(|c| c.is_alphanumeric() || c == '_'))
            .then_some(inner)
    })?;
    // A list has no `.sum()`; a pandas column has both.
    Some(match (total, list) {
        (true, true) => ("their sum", format!("print(sum({name}))")),
        (true, false) => ("their sum", format!("print({name}.sum())")),
        (false, true) => ("their average", format!("print(sum({name}) / len({name}))")),
        (false, false) => ("their average", format!("print({name}.mean())")),
    })
}

/// When the model answers right after Python code that worked, and that code computed a
/// value named after what the request asks (`average_age` for "the average age") and then
/// neither printed nor used it: code that prints it, for the engine to run in the model's
/// stead (the kernel still holds the value; a call of its own, through the gate), and a line
/// for the events. The 0.5B model computed `average_age`, printed the total and the count,
/// and answered with the total. Once per value.
pub fn print_unprinted(history: &History) -> Option<(String, String)> {
    let (asked, turn) = history.last_turn()?;
    let (call_id, _) = last_success(turn)?;
    let call = history.call(call_id)?;
    let ToolAction::RunCode { language, code } = &call.action else {
        return None;
    };
    if call.origin != CallOrigin::Text
        || oi_exec::canonical_language(language) != Some(oi_exec::Language::Python)
    {
        return None;
    }
    let request = request_text(asked).to_lowercase();
    let asked_words: Vec<&str> = words_in(&request).filter(|w| w.len() >= 3).collect();
    let about_the_request = |name: &str| {
        name.to_lowercase()
            .split('_')
            .filter(|w| w.len() >= 3)
            .any(|part| {
                asked_words
                    .iter()
                    .any(|w| w.starts_with(part) || part.starts_with(*w))
            })
    };
    let name = unused_values(code)
        .into_iter()
        .rev()
        .find(|name| about_the_request(name))?;
    let print = format!("print({name})");
    let printed_before = code_runs(history, turn).any(|(c, _, _)| c.trim() == print);
    (!printed_before).then(|| {
        (
            print,
            format!(
                "the model's code computed `{name}`, which is what the request asks about, and never printed it: printing it"
            ),
        )
    })
}

/// When the model was told that its code printed one value per row where the request asks for
/// their sum or average, and shown the code that computes it ([`one_value_of`]), and then
/// answers anyway or sends the same code back: that code, for the engine to run in the
/// model's stead (the kernel still holds the column; a call of its own, through the gate), and
/// a line for the events. The 0.5B model answered with the first row again, word for word, or
/// ran its column code again twice. Once per turn.
pub fn total_of_rows(history: &History, next: Option<&ToolCall>) -> Option<(String, String)> {
    if let Some(call) = next
        && repeated_last_run(history, call).is_none()
    {
        return None;
    }
    let (asked, turn) = history.last_turn()?;
    let told = turn.iter().any(|i| {
        matches!(i, HistoryItem::ToolResult { tool_name, output, .. }
            if tool_name == crate::profile::FORMAT_ERROR && output.contains(ONE_PER_ROW))
    });
    // The code it was shown, from the column run it was shown for (still the last that worked).
    let (call_id, printed) = last_success(turn).filter(|_| told)?;
    let Some(ToolAction::RunCode { code, .. }) = history.call(call_id).map(|c| &c.action) else {
        return None;
    };
    let (_, example) = rows_total(&request_text(asked), code, printed)?;
    let ran_before = code_runs(history, turn).any(|(c, _, _)| c.trim() == example);
    let how = if next.is_some() {
        "sent the same code back"
    } else {
        "answered"
    };
    (!ran_before).then(|| {
        let says = format!(
            "the model {how} where the request asks for one value of its code's rows, as it was shown: running `{example}`"
        );
        (example, says)
    })
}

/// A line of Python with its string literals left out, but an f-string's `{…}` parts kept:
/// `"name": "average_age"` does not read `average_age`, `f"{average_age}"` does.
fn without_strings(line: &str) -> String {
    let mut out = String::new();
    let mut chars = line.chars();
    let mut prev: Option<char> = None;
    while let Some(c) = chars.next() {
        if c != '"' && c != '\'' {
            out.push(c);
            prev = Some(c);
            continue;
        }
        let formatted = prev.is_some_and(|p| p == 'f' || p == 'F');
        let mut depth = 0;
        while let Some(inner) = chars.next() {
            match inner {
                '\\' => {
                    chars.next();
                }
                '{' if formatted => {
                    depth += 1;
                    out.push(' ');
                }
                '}' if formatted && depth > 0 => {
                    depth -= 1;
                    out.push(' ');
                }
                q if q == c && depth == 0 => break,
                other if depth > 0 => out.push(other),
                _ => {}
            }
        }
        out.push(' ');
        prev = None;
    }
    out
}

/// Names the code gives a value at the top level (not inside a function) that no later line
/// reads, in the order they are assigned.
fn unused_values(code: &str) -> Vec<&str> {
    let lines: Vec<&str> = code.lines().collect();
    let mut in_function: Option<usize> = None;
    let mut unused = Vec::new();
    for (at, line) in lines.iter().enumerate() {
        let indent = line.len() - line.trim_start().len();
        let text = line.trim_start();
        if text.is_empty() || text.starts_with('#') {
            continue;
        }
        if in_function.is_some_and(|d| indent > d) {
            continue;
        }
        in_function = None;
        if text.starts_with("def ") || text.starts_with("async def ") || text.starts_with("class ")
        {
            in_function = Some(indent);
            continue;
        }
        let name_end = text
            .find(|c: char| !(c.is_alphanumeric() || c == '_'))
            .unwrap_or(text.len());
        let (name, rest) = text.split_at(name_end);
        let rest = rest.trim_start();
        let assigns = rest.starts_with('=') && !rest.starts_with("==");
        if !assigns || name.is_empty() || name.starts_with(|c: char| c.is_ascii_digit()) {
            continue;
        }
        let read_later = lines[at + 1..]
            .iter()
            .any(|later| words_in(&without_strings(later)).any(|w| w == name));
        if !read_later && !unused.contains(&name) {
            unused.push(name);
        }
    }
    unused
}

/// When the model answers with a value (a number, or words in quotes, that the request does
/// not hold), with the hint that followed, or with anything while the request is not done yet,
/// after its last run printed nothing: the message that asks for code that prints it. The 1.5B
/// model computed `result = s[::-1]`, printed nothing, and answered with a reversal of "Hello,
/// World!"; another looped over a text's characters, found nothing, and answered with today's
/// date. Once per turn.
pub fn unprinted_answer_nudge(history: &History, answer: &str, cwd: &Path) -> Option<String> {
    let (asked, turn) = history.last_turn()?;
    if already_nudged(turn, PRINTED_NOTHING) {
        return None;
    }
    let (call_id, output) = last_success(turn)?;
    let ran_code_as_text = history.call(call_id).is_some_and(|c| {
        c.origin == CallOrigin::Text && matches!(c.action, ToolAction::RunCode { .. })
    });
    let printed = output.trim();
    let nothing = printed.is_empty() || printed.starts_with("(The code printed nothing.");
    if !ran_code_as_text
        || !nothing
        || !crate::profile::text_calls::fenced_blocks(answer, true).is_empty()
    {
        return None;
    }
    let request = request_text(asked);
    let request_norm = normalized(&request);
    let answer_norm = normalized(answer);
    let asked_numbers = numbers_in(&request_norm);
    let new_number = numbers_in(&answer_norm)
        .iter()
        .any(|n| !asked_numbers.iter().any(|r| same_number(n, r)));
    let new_quote = quoted(answer).iter().any(|q| !request.contains(q.as_str()));
    // The hint after the run said back as the answer (the 0.5B model answered "The code
    // printed nothing. It made `hello.txt`; the rest of my request is still to do: …").
    let hint_said = echoes(answer, output);
    // Nor is anything said while the request is not done yet: the file it creates made, what
    // it asks after that still to do (the 0.5B model answered "The code printed the answer.").
    let left = match &history.call(call_id)?.action {
        ToolAction::RunCode { code, .. } => made_and_left(&request, code, cwd),
        _ => None,
    };
    (new_number || new_quote || hint_said || left.is_some()).then(|| match left {
        Some(left) => format!(
            "{PRINTED_NOTHING} {left} Run code that does it and prints the answer with `print(...)`, then tell me what it prints."
        ),
        None => format!(
            "{PRINTED_NOTHING} Run code that prints the answer to my request ({request}) with `print(...)`, then tell me what it prints."
        ),
    })
}

/// When a run of Python code the model wrote worked, but its output cannot be the answer: it
/// printed only words the request itself holds (the 0.5B model printed the match `WARN` for "On
/// which date does app.log have a WARN line?"), a number the code wrote rather than computed
/// (`print(12)` for a file's size), or the request is about a string (`the string stressed`)
/// that the code never used (it reversed "Hello World"). The run goes back undone, a failure to
/// fix, so that code sent back unchanged is asked for afresh. It needs the request, so the turn
/// adds it as it records the run; the other run hints need only the run ([`run_hint`]).
pub fn uncomputed_hint(
    history: &History,
    call: &ToolCall,
    output: &str,
    cwd: &Path,
) -> Option<RunHint> {
    let ToolAction::RunCode { language, code } = &call.action else {
        return None;
    };
    let language = oi_exec::canonical_language(language);
    let shell = language == Some(oi_exec::Language::Shell);
    if call.origin != CallOrigin::Text || (language != Some(oi_exec::Language::Python) && !shell) {
        return None;
    }
    let (printed, hint) = split_hint(output);
    let value = printed.trim();
    let (asked, turn) = history.last_turn()?;
    let request = request_text(asked);
    if hint.is_none()
        && !shell
        && let Some(start) = unreached_start(value)
    {
        return Some(RunHint {
            text: format!(
                "{NOT_COMPUTED} `{start}` is the value your code's search started from: no value it read was compared with it, so it found nothing. Look at what the data holds, then write code that computes the answer to my request ({request}) and prints it."
            ),
            undone: true,
        });
    }
    // `ls -l`'s first line counted as the files (the 0.5B model answered that 8 files were
    // left, from `total 8`).
    if hint.is_none()
        && shell
        && let Some(blocks) = value
            .lines()
            .next()
            .and_then(|l| l.strip_prefix("total "))
            .filter(|n| n.trim().parse::<u64>().is_ok())
        && code.contains("ls")
    {
        return Some(RunHint {
            text: format!(
                "`total {blocks}` is the disk space `ls -l` counts, in blocks, not how many files there are: count the lines below it."
            ),
            undone: false,
        });
    }
    if hint.is_none()
        && !shell
        && let Some((word, file)) = word_of_every_line(&request, code, value, cwd)
    {
        return Some(RunHint {
            text: format!(
                "{NOT_COMPUTED} `{word}` is in every line of `{file}`, so it tells none of them apart: it is not which one my request asks for. Take the part of the line that differs from line to line. Write code that computes the answer to my request ({request}) and prints it."
            ),
            undone: true,
        });
    }
    if hint.is_some() || value.is_empty() || value.lines().count() > 1 || installs_packages(code) {
        return None;
    }
    // A count of none from a search for what the file does not hold: undone when the word
    // searched is the code's own, not the request's (whose count of none may be the answer).
    if let Some((word, heads)) = absent_words(code, value, cwd, &request) {
        let months = month_as_number(word, &heads)
            .map(|(date, month)| format!("\nIts dates are written in numbers (`{date}`): {word} is month `{month}` there."))
            .unwrap_or_default();
        let kept = kept_request_words(&request, code, cwd)
            .map(|(words, name)| format!("\nMy request's {words} is written so in `{name}`."))
            .unwrap_or_default();
        let text = format!(
            "No file your code read holds `{word}`, in any case: its search found nothing because it looked for what is not there.\n{heads}{months}{kept}"
        );
        // A month the file writes as a number is no answer of none either (the 1.5B model,
        // told only that no line holds `April`, answered that no row is from April).
        let asked_for = words_in(&request).any(|w| w.eq_ignore_ascii_case(word));
        return Some(if asked_for && months.is_empty() {
            RunHint {
                text,
                undone: false,
            }
        } else {
            RunHint {
                text: format!(
                    "{NOT_COMPUTED} {text}\nWrite code that computes the answer to my request ({request}) and prints it."
                ),
                undone: true,
            }
        });
    }
    // The same from a pattern no line matches, or a separator no line holds: the code's
    // own, so the run is undone.
    // Code that reads no file printed what an earlier run of the turn computed from one
    // (`print(average_score)`, after code that split `ann: 82` lines at `,`): that code too.
    let searched = if named_files(code).is_empty() {
        code_runs(history, turn)
            .filter(|(_, _, failed)| !failed)
            .map(|(earlier, _, _)| earlier)
            .chain(std::iter::once(code.as_str()))
            .collect::<Vec<_>>()
            .join("\n")
    } else {
        code.clone()
    };
    if !shell
        && says_none(value, &request)
        && let Some(why) = unmatched_search(&searched, cwd)
        && let Some(heads) = text_heads(&searched, cwd)
    {
        return Some(RunHint {
            text: format!(
                "{NOT_COMPUTED} {why}\n{heads}\nWrite code that computes the answer to my request ({request}) and prints it."
            ),
            undone: true,
        });
    }
    // Lines that mention a word, counted by code without it: the file's lines, all of them
    // (the 0.5B model ran `grep -o "disk" app.log` and `wc -l app.log`, and answered 7).
    // Shell gets only this check: its outputs carry names and columns beside the value.
    if let Some(word) = searched_word(&request)
        && !code.to_lowercase().contains(&word.to_lowercase())
        && named_files(&request)
            .into_iter()
            .any(|name| plain_text(name) && mentions(cwd, name, word))
        && !wrote_earlier(history, turn)
    {
        return Some(RunHint {
            text: format!(
                "{NOT_COMPUTED} my request counts the lines that mention `{word}`, and your code did not look for `{word}`. Write code that computes the answer to my request ({request}) and prints it."
            ),
            undone: true,
        });
    }
    // Files of a kind counted by code that never names the kind: the folder's files, all of
    // them (the 1.5B model answered 4 `.txt` files from `len(os.listdir(...))`).
    if let Some(extension) = asked_extension(&request)
        && !code.to_lowercase().contains(&extension.to_lowercase())
    {
        return Some(RunHint {
            text: format!(
                "{NOT_COMPUTED} my request is about `.{extension}` files, and your code did not look for `.{extension}`: it took every file. Write code that computes the answer to my request ({request}) and prints it."
            ),
            undone: true,
        });
    }
    if shell {
        return None;
    }
    if let Some(file) = uncreated_file(&request, code, cwd) {
        return Some(RunHint {
            text: format!(
                "{NOT_COMPUTED} `{file}` is not there: your code did not create it. Write code that creates it, `with open('{file}', 'w') as f: f.write(...)`, then does the rest of my request ({request}) and prints the answer."
            ),
            undone: true,
        });
    }
    if let Some(text) = more_decimals_than_asked(&request, value) {
        return Some(RunHint {
            text,
            undone: false,
        });
    }
    if let [n] = numbers_in(value).as_slice()
        && let Some(clean) = float_noise(n)
    {
        return Some(RunHint {
            text: format!(
                "{n} is {clean} with a floating-point rounding error in its last digits: the value is {clean}."
            ),
            undone: false,
        });
    }
    let why = clock_for_asked_year(&request, code)
        .map(|(year, clock)| {
            format!("my request is about {year}, and your code took the date from the clock (`{clock}`), which is not in {year}: write {year} into the code.")
        })
        .or_else(|| {
            all_lines_counted(&request, code, value, cwd).map(|(noun, file, lines)| {
                format!("my request counts {noun}, and your code counted the lines of `{file}` ({lines}), all of them, whatever they hold. Count only the lines that are {noun}.")
            })
        })
        .or_else(|| {
            time_factor_missed(&request, code).map(|(asked, given, factor, how)| {
                let made = if how.contains('×') { format!(" ({how})") } else { String::new() };
                format!("a {given} is {factor} {asked}s{made}, and no numbers of your code make {factor}: it did not convert {given}s to {asked}s.")
            })
        })
        .or_else(|| {
            moved_for_copy(&request, code, cwd).map(|(file, call)| {
                format!("my request asks for a copy, and your code moved the file (`{call}`): `{file}` is not there any more. Put it back where it was, then copy it (`shutil.copy(source, destination)`) and do the rest of my request.")
            })
        })
        .or_else(|| {
            percent_missed(&request, value).map(|(rate, base, want)| {
                format!("{rate} percent of {base} is {base} × {rate} / 100 = {want}, and your code printed something else: compute `{base} * {rate} / 100`.")
            })
        })
        .or_else(|| {
            listed_for_count(&request, value).map(|n| {
                format!("my request asks how many, and your code printed the {n} values themselves, not how many there are: print `len(...)` of them.")
            })
        })
        .or_else(|| {
            letters_for_words(&request, value).map(|text| {
                format!("your code reversed the letters of '{text}'; my request asks for its words in reverse order: `' '.join(text.split()[::-1])`.")
            })
        })
        .or_else(|| {
            clock_for_dated_request(&request, code).map(|(date, clock)| {
                format!("my request gives its dates ({date}) and asks nothing about today, and your code took today's date from the clock (`{clock}`): use only the dates my request gives.")
            })
        })
        .or_else(|| {
            note_in_literal(&request, code).map(|(text, note)| {
                format!("your code's text is `{text} ({note})`, and `({note})` is my note about the text, not part of it: the text is `{text}`.")
            })
        })
        .or_else(|| {
            folders_untold(&request, code).then(|| {
                "my request is about folders, and `os.listdir` lists files and folders alike: your code did not tell them apart (`os.path.isdir(name)` is true for a folder).".to_string()
            })
        })
        .or_else(|| {
            unread_made_file(&request, code, cwd, value).map(|file| {
                format!("your code wrote `{file}` and printed a number it did not take from it: it never read `{file}` back. Read `{file}` as it is now and compute the answer from what it holds.")
            })
        })
        .or_else(|| {
            unused_parameter(code).map(|(function, parameter)| {
                format!("`{function}` never uses its parameter `{parameter}`: it gives the same whatever `{parameter}` it is called with. Use `{parameter}` in it.")
            })
        })
        .or_else(|| request_word_printed(&request, value)
        .map(|word| {
            // The lines of the file the code read that hold the word: what the request
            // asks is on them (the 0.5B model printed the match `WARN`, not its line's date).
            let lines = named_files(code)
                .into_iter()
                .filter(|name| plain_text(name))
                .find_map(|name| Some((name, lines_holding(cwd, name, word)?)));
            match lines {
                Some((name, lines)) => format!(
                    "`{word}{REQUEST_WORD} These lines of `{name}`{HAVE_IT}{lines}\n```\nTake from them what my request asks."
                ),
                None => format!("`{word}{REQUEST_WORD}"),
            }
        }))
        .or_else(|| {
            misplaced_start(code).map(|(name, start, _, after)| {
                let why = if after {
                    format!("`{name} = {start}` comes after the loop that adds to it, so it sets the count back before it is printed.")
                } else {
                    format!("`{name} = {start}` is inside the loop, right before `{name} +=`: each pass starts it again, so it never counts past one pass.")
                };
                format!("{why} {}", start_once(name, start))
            })
        })
        .or_else(|| {
            lines_for_times(&request, code, cwd).map(|(text, line)| {
                format!("my request asks how many times `{text}` appears, and {COUNTED_LINES} `{line}`s that hold it: one holding it twice counted once. Add up `{line}.count('{text}')` instead.")
            })
        })
        .or_else(|| {
            undivided_average(&request, code).then(|| {
                "my request asks for an average, and your code only added the values up: divide the sum by how many there are (`total / len(values)`).".to_string()
            })
        })
        .or_else(|| {
            literal_printed(&request, code, value)
                .map(|n| format!("{n} is a number your code wrote itself: it did not compute it."))
        })
        .or_else(|| {
            text_printed(&request, code, value)
                .map(|t| format!("`{t}` is text your code wrote itself and printed as it is: it did not compute it."))
        })
        .or_else(|| {
            // The subject may have gone into an earlier step of the turn (the text written
            // to a file whose size this run printed).
            let used = code_runs(history, turn).any(|(earlier, _, failed)| {
                !failed && subject_unused(&request, earlier).is_none()
            });
            (!used).then(|| subject_unused(&request, code)).flatten().map(|subject| {
                format!("my request is about `{subject}`, and your code did not use it.")
            })
        })
        .or_else(|| {
            unknown_csv_key(code, cwd).map(|(file, key, columns)| {
                format!("{} Use one of those names.", unknown_key_says(&file, &key, &columns))
            })
        })
        .or_else(|| {
            unnumbered_column(code, cwd).map(|(file, written, column, numbers)| {
                let numbers = if numbers.is_empty() {
                    String::new()
                } else {
                    format!(" The columns with numbers are {}.", numbers.join(", "))
                };
                format!("`{written}` is the `{column}` column of `{file}`, and it holds no number in any row: your code converted none of it.{numbers}")
            })
        })
        .or_else(|| {
            unknown_json_key(code, cwd).map(|(file, key, shape)| {
                format!("`{key}` is not a key of `{file}`, so your code found nothing under it: it holds {shape}. Use one of those keys.")
            })
        })
        .or_else(|| {
            unused_column(&request, code, cwd).map(|(file, column)| {
                format!("my request is about the `{column}` column of `{file}`, and your code did not use it.")
            })
        })
        .or_else(|| {
            number_for_who(&request, value).map(|number| {
                format!(
                    "my request asks who, and {number} is a number, not who it is: print the name that goes with it."
                )
            })
        })?;
    Some(RunHint {
        text: format!(
            "{NOT_COMPUTED} {why} Write code that computes the answer to my request ({request}) and prints it."
        ),
        undone: true,
    })
}

/// When the request asks how many times something appears and the code counted the lines (or
/// words) that hold it, with no `.count(`: the text searched and the loop's name. The 0.5B
/// model counted the `a`s of banana with `if 'a' in line: count += 1`, and printed 1.
fn lines_for_times<'c>(request: &str, code: &'c str, cwd: &Path) -> Option<(&'c str, &'c str)> {
    static HOLDS: std::sync::LazyLock<Option<regex::Regex>> = std::sync::LazyLock::new(|| {
        regex::Regex::new(r#"(?m)^\s*if\s+(?:'([^'\n]+)'|"([^"\n]+)")\s+in\s+([A-Za-z_]\w*)\s*:"#)
            .ok()
    });
    if !request.to_lowercase().contains("how many times") || code.contains(".count(") {
        return None;
    }
    if !code.contains("+= 1") {
        return None;
    }
    let found = HOLDS.as_ref()?.captures(code)?;
    let text = found.get(1).or_else(|| found.get(2))?.as_str();
    // Where the files it read are here, only when a line of them holds it more than once
    // (the lines of story.txt that mention cat each hold one: counting them is right).
    let held: Vec<String> = named_files(code)
        .into_iter()
        .filter(|n| plain_text(n))
        .filter_map(|n| std::fs::read_to_string(cwd.join(n)).ok())
        .collect();
    if !held.is_empty()
        && !held
            .iter()
            .flat_map(|t| t.lines())
            .any(|l| l.matches(text).count() > 1)
    {
        return None;
    }
    Some((text, found.get(3)?.as_str()))
}

/// A year the request is about (`2100` of "How many days are in the year 2100?", `2028` of
/// "February 2028", `2026` of "2026-12-25") that the code does not write, when it reads the
/// clock instead: the year and the clock's call. The 0.5B model counted the days of the year
/// 2100 with `datetime.date.today().year`, and those of February 2028 from today's month.
fn clock_for_asked_year<'r>(request: &'r str, code: &str) -> Option<(&'r str, &'static str)> {
    static YEAR: std::sync::LazyLock<Option<regex::Regex>> =
        std::sync::LazyLock::new(|| regex::Regex::new(r"\b(1[6-9]\d\d|2\d\d\d)\b").ok());
    let clock = ["today()", "now()", "time.time()", "localtime("]
        .into_iter()
        .find(|clock| code.contains(clock))?;
    let year = YEAR
        .as_ref()?
        .find_iter(request)
        .map(|m| m.as_str())
        .find(|year| !code.contains(year))?;
    Some((year, clock))
}

/// When the request asks which or who and a line of the run's short output ends in one word
/// (after any `:`) that every line of a plain text file the code read holds: that word and the
/// file. Such a word names no line. The 0.5B model matched `(\w+)\s+(\d+)s` in `job3 took 30s`
/// and printed that the job that took longest is `took`.
fn word_of_every_line(
    request: &str,
    code: &str,
    value: &str,
    cwd: &Path,
) -> Option<(String, String)> {
    let lower = request.to_lowercase();
    if !(lower.starts_with("which ") || lower.starts_with("who ")) || value.lines().count() > 3 {
        return None;
    }
    let said: Vec<&str> = value
        .lines()
        .filter_map(|l| {
            let last = l.rsplit(':').next()?.trim();
            let last = last.trim_matches(|c: char| !c.is_alphanumeric());
            (!last.is_empty() && last.chars().all(char::is_alphabetic)).then_some(last)
        })
        .collect();
    named_files(code)
        .into_iter()
        .filter(|n| plain_text(n))
        .find_map(|name| {
            let text = std::fs::read_to_string(cwd.join(name)).ok()?;
            let lines: Vec<&str> = text.lines().filter(|l| !l.trim().is_empty()).collect();
            if lines.len() < 3 {
                return None;
            }
            let word = said.iter().find(|w| {
                lines
                    .iter()
                    .all(|l| words_in(l).any(|x| x.eq_ignore_ascii_case(w)))
            })?;
            Some((word.to_string(), name.to_string()))
        })
}

/// When the request counts things of a file that are not its lines ("How many headings does
/// guide.md have?") and the code, with no condition, printed the number of its lines (or one
/// more, from a split at each newline): the things asked, the file and its lines. The 0.5B
/// model printed `len(content.split('\n'))`, 8, for the 4 headings of a 7-line file.
fn all_lines_counted<'r>(
    request: &'r str,
    code: &str,
    value: &str,
    cwd: &Path,
) -> Option<(&'r str, String, usize)> {
    static ASKED: std::sync::LazyLock<Option<regex::Regex>> =
        std::sync::LazyLock::new(|| regex::Regex::new(r"(?i)\bhow many (\w+)").ok());
    const LINES: [&str; 12] = [
        "lines",
        "line",
        "rows",
        "entries",
        "records",
        "characters",
        "chars",
        "words",
        "bytes",
        "files",
        "times",
        "letters",
    ];
    let noun = ASKED.as_ref()?.captures(request)?.get(1)?.as_str();
    // Lines that are empty or blank are lines; distinct things are counted from a set.
    let lower = noun.to_lowercase();
    if LINES.contains(&lower.as_str())
        || matches!(
            lower.as_str(),
            "distinct" | "different" | "unique" | "empty" | "blank" | "non" | "nonempty"
        )
    {
        return None;
    }
    // What looks at a line's content (not `if not os.path.exists(path)`).
    let chosen = [
        "startswith",
        "endswith",
        "re.",
        "filter(",
        ".count(",
        " in line",
        " in l ",
        "if line",
        "if l.",
        "if l[",
        "'#'",
        "\"#\"",
    ];
    if chosen.iter().any(|w| code.contains(w)) {
        return None;
    }
    let numbers = numbers_in(value);
    let [n] = numbers.as_slice() else {
        return None;
    };
    let n: usize = n.parse().ok()?;
    named_files(request)
        .into_iter()
        .filter(|name| plain_text(name) && code.contains(name))
        .find_map(|name| {
            let lines = std::fs::read_to_string(cwd.join(name))
                .ok()?
                .lines()
                .count();
            (lines > 1 && (n == lines || n == lines + 1)).then(|| (noun, name.to_string(), lines))
        })
}

/// Units of time from the smallest, each with how many of the one before it make it.
const TIME_UNITS: [(&str, f64); 5] = [
    ("second", 1.0),
    ("minute", 60.0),
    ("hour", 60.0),
    ("day", 24.0),
    ("week", 7.0),
];

/// When the request asks how many of a unit of time are in an amount of a larger one ("How
/// many minutes are in 2.5 days?") and no numbers of the code multiply to the factor between
/// them (`days * 24` for minutes): the unit asked, the unit given, the factor and how it is
/// made (`24 × 60`). Code that leaves it to `timedelta` is trusted. The 0.5B model printed 60.0
/// minutes for 2.5 days.
fn time_factor_missed(request: &str, code: &str) -> Option<(String, String, String, String)> {
    static ASKED: std::sync::LazyLock<Option<regex::Regex>> = std::sync::LazyLock::new(|| {
        regex::Regex::new(r"(?i)\bhow many (second|minute|hour|day|week)s\b").ok()
    });
    static GIVEN: std::sync::LazyLock<Option<regex::Regex>> = std::sync::LazyLock::new(|| {
        regex::Regex::new(r"(?i)\b\d+(?:\.\d+)?\s+(second|minute|hour|day|week)s?\b").ok()
    });
    if ["timedelta", "total_seconds", "datetime", "relativedelta"]
        .iter()
        .any(|w| code.contains(w))
    {
        return None;
    }
    let rank = |unit: &str| {
        TIME_UNITS
            .iter()
            .position(|(u, _)| u.eq_ignore_ascii_case(unit))
    };
    let asked = ASKED
        .as_ref()?
        .captures(request)?
        .get(1)?
        .as_str()
        .to_lowercase();
    let given = GIVEN
        .as_ref()?
        .captures_iter(request)
        .filter_map(|c| Some(c.get(1)?.as_str().to_lowercase()))
        .filter(|u| rank(u) > rank(&asked))
        .max_by_key(|u| rank(u))?;
    let (low, high) = (rank(&asked)?, rank(&given)?);
    let steps: Vec<f64> = TIME_UNITS[low + 1..=high].iter().map(|(_, f)| *f).collect();
    let factor: f64 = steps.iter().product();
    let asked_numbers: Vec<f64> = numbers_in(request)
        .into_iter()
        .filter_map(|n| n.parse().ok())
        .collect();
    let literals: Vec<f64> = code
        .lines()
        .map(|l| without_strings(l.split('#').next().unwrap_or("")))
        .flat_map(|l| {
            numbers_in(&l)
                .into_iter()
                .filter_map(|n| n.parse::<f64>().ok())
                .collect::<Vec<_>>()
        })
        .filter(|n| *n > 1.0 && !asked_numbers.contains(n))
        .take(12)
        .collect();
    let made = (0u32..(1 << literals.len())).any(|mask| {
        let product: f64 = literals
            .iter()
            .enumerate()
            .filter(|(i, _)| mask & (1 << i) != 0)
            .map(|(_, n)| n)
            .product();
        mask != 0 && (product - factor).abs() < 1e-9
    });
    if made {
        return None;
    }
    let how = steps
        .iter()
        .rev()
        .map(|f| format!("{f}"))
        .collect::<Vec<_>>()
        .join(" × ");
    Some((asked, given, format!("{factor}"), how))
}

/// When the request asks for a percentage of a number ("18 percent of 1250", "7% of 3250")
/// and nothing else, and the run printed one number that is not it, at any rounding: the two
/// numbers as the request writes them and the value. The 0.5B model computed 18 percent of
/// 1250 as `18 / 1250 * 100` and answered 1.44.
fn percent_missed<'r>(request: &'r str, value: &str) -> Option<(&'r str, &'r str, f64)> {
    static PERCENT: std::sync::LazyLock<Option<regex::Regex>> = std::sync::LazyLock::new(|| {
        regex::Regex::new(r"(?i)\b(\d+(?:\.\d+)?)\s*(?:%|percent)\s+of\s+(\d+(?:\.\d+)?)\b").ok()
    });
    let found = PERCENT.as_ref()?.captures(request)?;
    let (rate, base) = (found.get(1)?.as_str(), found.get(2)?.as_str());
    let lower = request.to_lowercase();
    // A percentage taken off, added or compared is another computation.
    let other = [
        "plus", "minus", "after", "increase", "decrease", "discount", "off ", "more", "less",
        "than", "add", "subtract", "tax", "remain", "left",
    ];
    if other.iter().any(|w| lower.contains(w)) || numbers_in(request).len() > 3 {
        return None;
    }
    let printed = numbers_in(value);
    let [printed] = printed.as_slice() else {
        return None;
    };
    let printed: f64 = printed.parse().ok()?;
    let want = rate.parse::<f64>().ok()? * base.parse::<f64>().ok()? / 100.0;
    let near = (0..=6).any(|d| {
        let scale = 10f64.powi(d);
        ((want * scale).round() / scale - printed).abs() < 1e-9 * want.abs().max(1.0)
    });
    (!near).then_some((rate, base, want))
}

/// When the request asks to copy a file and the code moved it instead (`os.rename`,
/// `shutil.move`, `mv`), so that a file the request names is gone: that file and the call.
/// The 1.5B model copied a.txt to b.txt with `os.rename('a.txt', 'b.txt')`, then counted
/// one file.
fn moved_for_copy<'r>(request: &'r str, code: &str, cwd: &Path) -> Option<(&'r str, &'static str)> {
    let lower = request.to_lowercase();
    let asked_copy = words_in(&lower).any(|w| w == "copy");
    let asked_move = words_in(&lower).any(|w| matches!(w, "move" | "rename" | "moved" | "renamed"));
    if !asked_copy || asked_move {
        return None;
    }
    let call = [
        "os.rename(",
        "shutil.move(",
        "os.replace(",
        "Path.rename(",
        ".rename(",
        "mv ",
    ]
    .into_iter()
    .find(|c| code.contains(c))?;
    let gone = named_files(request)
        .into_iter()
        .find(|name| !cwd.join(name).exists())?;
    Some((gone, call.trim_end_matches('(').trim()))
}

/// The values of a one-line Python list or set printed whole (`[2000, 2004, 2008]`), when it
/// holds at least two: how many there are. None for a dict or anything else.
fn printed_collection(value: &str) -> Option<usize> {
    let value = value.trim();
    let inner = value
        .strip_prefix('[')
        .and_then(|v| v.strip_suffix(']'))
        .or_else(|| value.strip_prefix('{').and_then(|v| v.strip_suffix('}')))?;
    let (mut depth, mut quote, mut count) = (0i32, None::<char>, 1usize);
    for c in inner.chars() {
        match (quote, c) {
            (Some(q), c) if c == q => quote = None,
            (Some(_), _) => {}
            (None, '\'' | '"') => quote = Some(c),
            (None, '[' | '(' | '{') => depth += 1,
            (None, ']' | ')' | '}') => depth -= 1,
            (None, ',') if depth == 0 => count += 1,
            (None, ':') if depth == 0 => return None,
            _ => {}
        }
    }
    (count >= 2 && !inner.trim().is_empty()).then_some(count)
}

/// When the request asks how many (not how many of each) and the run printed the values
/// themselves as one list: how many it holds. The 0.5B model printed the 25 leap years from
/// 2000 to 2100, then answered 12.
fn listed_for_count(request: &str, value: &str) -> Option<usize> {
    let lower = request.to_lowercase();
    if !lower.contains("how many")
        || [" each", " per ", "every"]
            .iter()
            .any(|w| lower.contains(w))
    {
        return None;
    }
    printed_collection(value)
}

/// When the request asks for a text's words in reverse order and the run printed one of the
/// request's quoted texts with its letters reversed (`text[::-1]`): that text. The 0.5B model
/// printed `tas tac eht` for the words of 'the cat sat' in reverse order.
fn letters_for_words(request: &str, value: &str) -> Option<String> {
    let lower = request.to_lowercase();
    if !lower.contains("word") || !lower.contains("revers") {
        return None;
    }
    let printed = value.trim().trim_matches(['\'', '"']);
    let mut texts = quoted(request);
    texts.extend(request.split('\'').skip(1).step_by(2).map(str::to_string));
    texts.into_iter().find(|t| {
        t.split_whitespace().count() > 1 && t.chars().rev().collect::<String>() == printed
    })
}

/// A date the request gives (`2026-12-05`) when it asks nothing about today, and the clock's
/// call the code reads anyway: the 1.5B model counted the days of 2026 after 2026-12-05 up to
/// `datetime.now()`, and answered 0.
fn clock_for_dated_request<'r>(request: &'r str, code: &str) -> Option<(&'r str, &'static str)> {
    static DATE: std::sync::LazyLock<Option<regex::Regex>> =
        std::sync::LazyLock::new(|| regex::Regex::new(r"\b\d{4}-\d{2}-\d{2}\b").ok());
    static NOW: std::sync::LazyLock<Option<regex::Regex>> = std::sync::LazyLock::new(|| {
        regex::Regex::new(
            r"(?i)\b(?:today|now|current|currently|ago|yesterday|tomorrow|tonight|(?:this|last|next) (?:year|month|week))\b",
        )
        .ok()
    });
    if NOW.as_ref()?.is_match(request) {
        return None;
    }
    let clock = ["today()", "now()", "time.time()", "localtime("]
        .into_iter()
        .find(|clock| code.contains(clock))?;
    let date = DATE.as_ref()?.find(request)?.as_str();
    Some((date, clock))
}

/// A word of the request and the note in parentheses after it (`openai` and `no newline` of
/// "the text openai (no newline)"), when the code wrote them together in a string: the 0.5B
/// model hashed "openai (no newline)".
fn note_in_literal<'r>(request: &'r str, code: &str) -> Option<(&'r str, &'r str)> {
    static NOTE: std::sync::LazyLock<Option<regex::Regex>> =
        std::sync::LazyLock::new(|| regex::Regex::new(r"(\S+) \(([^()]+)\)").ok());
    NOTE.as_ref()?.captures_iter(request).find_map(|caps| {
        let (text, note) = (caps.get(1)?.as_str(), caps.get(2)?.as_str());
        ['"', '\'']
            .iter()
            .any(|q| code.contains(&format!("{q}{text} ({note}){q}")))
            .then_some((text, note))
    })
}

/// Whether a request about folders (`How many subfolders…`, `which directories…`) got code that
/// listed a folder with `os.listdir` and never told files from folders: the 0.5B model counted
/// the three folders and the file as four subfolders.
fn folders_untold(request: &str, code: &str) -> bool {
    let about_folders = words_in(&request.to_lowercase()).any(|w| {
        matches!(
            w,
            "subfolder"
                | "subfolders"
                | "folders"
                | "directories"
                | "subdirectories"
                | "subdirectory"
                | "dirs"
        )
    });
    about_folders
        && code.contains("listdir(")
        && ![
            "isdir", "is_dir", "isfile", "is_file", "walk(", "scandir", "glob",
        ]
        .iter()
        .any(|told| code.contains(told))
}

/// The file the request makes or changes and then asks about (`…into nums.csv…, then tell me
/// how many lines nums.csv has`) when the code that wrote it printed a number without reading
/// it back. The 0.5B model wrote a header and three rows and printed `len(data)`, 3.
fn unread_made_file<'r>(request: &'r str, code: &str, cwd: &Path, value: &str) -> Option<&'r str> {
    let (file, rest) = made_file_rest(request, code, cwd)?;
    if !rest.to_lowercase().contains(&file.to_lowercase()) || numbers_in(value).is_empty() {
        return None;
    }
    static WRITES: std::sync::LazyLock<Option<regex::Regex>> = std::sync::LazyLock::new(|| {
        regex::Regex::new(r#"open\([^)]*,\s*(?:mode\s*=\s*)?["'][^"']*[wax]"#).ok()
    });
    // A name that holds the path may read it on lines that do not name it: no telling.
    let named = regex::Regex::new(&format!(
        r#"\w\s*=\s*(?:\w+\()?["']{}["']"#,
        regex::escape(file)
    ))
    .ok()?;
    if named.is_match(code) {
        return None;
    }
    // A line that names the file and reads it: opened without a mode that writes, its size or
    // text asked, a shell count (a print that only names it reads nothing).
    let reads = code.lines().any(|line| {
        let writes = WRITES.as_ref().is_some_and(|w| w.is_match(line));
        line.contains(file)
            && (line.contains("read")
                || (!writes
                    && ["getsize", "stat(", "wc ", "exists", "open("]
                        .iter()
                        .any(|r| line.contains(r))))
    });
    (!reads).then_some(file)
}

/// Whether `code` uses the name `name` itself, not an attribute of that name (`date.year`).
fn names_in(code: &str, name: &str) -> bool {
    let word = |c: char| c.is_alphanumeric() || c == '_';
    code.match_indices(name).any(|(at, _)| {
        let before = code[..at].chars().next_back();
        let after = code[at + name.len()..].chars().next();
        !before.is_some_and(|c| word(c) || c == '.') && !after.is_some_and(word)
    })
}

/// A function of the code that never uses one of its parameters although the code calls it
/// with arguments: the function and the parameter. The 0.5B model's `days_in_year(year)`
/// read today's date, and `days_in_year(2100)` printed 2026.
fn unused_parameter(code: &str) -> Option<(&str, &str)> {
    static DEF: std::sync::LazyLock<Option<regex::Regex>> = std::sync::LazyLock::new(|| {
        regex::Regex::new(r"^(\s*)def\s+([A-Za-z_]\w*)\s*\(([^()]*)\)\s*(?:->[^:]*)?:(.*)$").ok()
    });
    let indent = |line: &str| line.len() - line.trim_start().len();
    let lines: Vec<&str> = code.lines().collect();
    lines.iter().enumerate().find_map(|(at, line)| {
        let caps = DEF.as_ref()?.captures(line)?;
        let (margin, function) = (caps.get(1)?.as_str().len(), caps.get(2)?.as_str());
        let body: Vec<&str> = std::iter::once(caps.get(4)?.as_str())
            .chain(
                lines[at + 1..]
                    .iter()
                    .take_while(|l| l.trim().is_empty() || indent(l) > margin)
                    .copied(),
            )
            .map(|l| l.split('#').next().unwrap_or(""))
            .collect();
        let body = body.join("\n");
        // Called with arguments somewhere past its definition.
        let call = format!("{function}(");
        let called = lines
            .iter()
            .enumerate()
            .filter(|(i, _)| *i != at)
            .any(|(_, l)| {
                l.split(&call)
                    .skip(1)
                    .any(|after| !after.trim_start().starts_with(')'))
            });
        if !called {
            return None;
        }
        caps.get(3)?.as_str().split(',').find_map(|parameter| {
            let name = parameter.split([':', '=']).next()?.trim();
            let plain = !name.is_empty()
                && !name.starts_with(['*', '_'])
                && !matches!(name, "self" | "cls");
            (plain && !names_in(&body, name)).then_some((function, name))
        })
    })
}

/// When `word` names a month (`April`, `apr`) and `text` writes dates as numbers
/// (`2026-03-02`): the first such date and the month's number (`04`). The 1.5B model compared
/// expenses.csv's dates with `'April 2026'`, was told no line holds `April`, and answered none.
fn month_as_number<'t>(word: &str, text: &'t str) -> Option<(&'t str, String)> {
    const MONTHS: [&str; 12] = [
        "january",
        "february",
        "march",
        "april",
        "may",
        "june",
        "july",
        "august",
        "september",
        "october",
        "november",
        "december",
    ];
    static DATE: std::sync::LazyLock<Option<regex::Regex>> =
        std::sync::LazyLock::new(|| regex::Regex::new(r"\b\d{4}-\d{2}-\d{2}\b").ok());
    let lower = word.to_lowercase();
    let at = MONTHS
        .iter()
        .position(|m| *m == lower || (lower.len() == 3 && m.starts_with(&lower)))?;
    let date = DATE.as_ref()?.find(text)?.as_str();
    Some((date, format!("{:02}", at + 1)))
}

/// The start of a search for the smallest or largest (`inf`, `-inf`) or a `nan`, printed as
/// the last line's value: nothing the code read was compared. The 0.5B model caught the
/// ValueError of each line it could not convert and printed "The smallest number in values.txt
/// is: inf".
fn unreached_start(value: &str) -> Option<&str> {
    let last = value.lines().last()?;
    words_in(last).find(|w| {
        matches!(
            w.to_lowercase().as_str(),
            "inf" | "-inf" | "nan" | "infinity" | "-infinity"
        )
    })
}

/// The file a request asks to create (`Create a file hello.txt containing…`, `write the sum
/// to total.txt`) when it is not in the working folder and the code never named it. The 0.5B
/// model printed the text meant for hello.txt and answered with its length.
fn uncreated_file<'r>(request: &'r str, code: &str, cwd: &Path) -> Option<&'r str> {
    if !asks_to_create(request) {
        return None;
    }
    named_files(request)
        .into_iter()
        .find(|file| !code.contains(file) && !cwd.join(file).exists())
}

/// Whether a request asks for a file to be made (`Create a file…`, `write the sum to…`).
fn asks_to_create(request: &str) -> bool {
    words_in(&request.to_lowercase()).any(|w| matches!(w, "create" | "write" | "save" | "make"))
}

/// Whether a request that asks who (not among choices it gives) got a lone number printed (the
/// 1.5B model printed the oldest age, 45, for "Who is the oldest person in team.json?").
fn number_for_who<'v>(request: &str, value: &'v str) -> Option<&'v str> {
    let lower = request.to_lowercase();
    let asks_who =
        lower.starts_with("who ") || lower.contains(". who ") || lower.contains("? who ");
    if !asks_who || lower.contains(" or ") {
        return None;
    }
    if value.parse::<f64>().is_ok() {
        return Some(value);
    }
    // Or a number in words of the request ("The lowest score in scores.txt is: 67.0": the
    // 0.5B model's, for "Who has the lowest score in scores.txt?").
    let numbers = numbers_in(value);
    let [number] = numbers.as_slice() else {
        return None;
    };
    let asked: Vec<String> = words_in(&lower).map(str::to_string).collect();
    words_in(value)
        .filter(|w| w.chars().any(char::is_alphabetic) && !w.chars().any(|c| c.is_ascii_digit()))
        .all(|w| {
            let w = w.to_lowercase();
            asked.contains(&w) || matches!(w.as_str(), "is" | "was" | "are" | "of" | "with" | "a")
        })
        .then_some(*number)
}

/// How many digits a number is written with after its point (`37.78`: 2).
fn decimal_places(number: &str) -> usize {
    number.split_once('.').map_or(0, |(_, d)| d.len())
}

/// How many decimals the request asks for ("rounded to one decimal", "two decimal places", "the
/// nearest tenth").
fn decimals_asked(request: &str) -> Option<usize> {
    static DECIMALS: std::sync::LazyLock<Option<regex::Regex>> = std::sync::LazyLock::new(|| {
        regex::Regex::new(r"(?i)\b(one|1|two|2|three|3)\s+decimal|\bnearest (tenth|hundredth)").ok()
    });
    let caps = DECIMALS.as_ref()?.captures(request)?;
    let asked = caps.get(1).or_else(|| caps.get(2))?.as_str().to_lowercase();
    Some(match asked.as_str() {
        "one" | "1" | "tenth" => 1,
        "two" | "2" | "hundredth" => 2,
        _ => 3,
    })
}

/// When the request asks for a number of decimals, the turn's last run printed one number with
/// more, and the answer gives it with more decimals than asked too (the 0.5B model, told that
/// 37.77777777777778 has 14 decimals where 1 was asked, answered 37.78): the message that says
/// what it is rounded as asked, and asks for the answer again. Once per turn.
pub fn unrounded_answer_nudge(history: &History, answer: &str) -> Option<String> {
    let (asked, turn) = history.last_turn()?;
    if already_nudged(turn, UNROUNDED) {
        return None;
    }
    let request = request_text(asked);
    let (_, output) = last_success(turn)?;
    let (printed, _) = split_hint(output);
    let numbers = numbers_in(printed.trim());
    let [value] = numbers.as_slice() else {
        return None;
    };
    let value = *value;
    // A float's rounding error said as the answer (the 0.5B model answered that the cube
    // root of 19683 is "approximately 26.999999999999996").
    let Some(decimals) = decimals_asked(&request) else {
        let clean = float_noise(value)?;
        let normalized_answer = normalized(answer);
        let said = numbers_in(&normalized_answer);
        if said.contains(&clean.as_str()) || !said.contains(&value) {
            return None;
        }
        return Some(format!(
            "{value} is {clean} with a floating-point rounding error in its last digits, and {UNROUNDED} the value is {clean}. Answer my question again in one sentence, with {clean}."
        ));
    };
    if decimal_places(value) <= decimals {
        return None;
    }
    let rounded = format!("{:.decimals$}", value.parse::<f64>().ok()?);
    let normalized_answer = normalized(answer);
    let said = numbers_in(&normalized_answer);
    if said.contains(&rounded.as_str()) {
        return None;
    }
    said.into_iter()
        .find(|n| decimal_places(n) > decimals && same_number(n, value))?;
    let unit = if decimals == 1 { "decimal" } else { "decimals" };
    // Neither the answer's own number nor "Your code printed" is said back: the 0.5B model,
    // told "Your code printed: …, and your answer says 37.78", answered "Your code printed 37.78."
    Some(format!(
        "Rounded to {decimals} {unit}, {UNROUNDED} {value} is {rounded}. Answer my question again in one sentence, with {rounded}."
    ))
}

/// A number that is a shorter one but for a float's rounding error in its last digits
/// (`26.999999999999996`, `0.30000000000000004`): that shorter number (`27`, `0.3`).
fn float_noise(number: &str) -> Option<String> {
    if decimal_places(number) < 10 {
        return None;
    }
    let x = number.parse::<f64>().ok()?;
    (0..=6usize).find_map(|d| {
        let scale = 10f64.powi(i32::try_from(d).ok()?);
        let r = (x * scale).round() / scale;
        ((x - r).abs() < 1e-9 * x.abs().max(1.0)).then(|| format!("{r:.d$}"))
    })
}

/// When the request asks for a number of decimals ("rounded to one decimal", "two decimal
/// places", "the nearest tenth") and the one number printed has more: a hint that says so and
/// how to round (the 0.5B model answered 37.78 where 37.8 was asked).
fn more_decimals_than_asked(request: &str, value: &str) -> Option<String> {
    let asked = decimals_asked(request)?;
    let numbers = numbers_in(value);
    let [n] = numbers.as_slice() else {
        return None;
    };
    let has = decimal_places(n);
    let unit = if asked == 1 { "decimal" } else { "decimals" };
    (has > asked).then(|| {
        format!(
            "My request asks for {asked} {unit}, and {n} has {has}: round it, in the code (`print(round(value, {asked}))`) or in your answer."
        )
    })
}

/// When the model answers right after a run that [`uncomputed_hint`] sent back as not the
/// answer yet: the message that asks once more for code, with why (the answer is set aside).
pub fn uncomputed_output_nudge(history: &History, answer: &str) -> Option<String> {
    let (_, turn) = history.last_turn()?;
    // Its own ask, not the run's hint quoted in another correction (told its code would fail
    // the same way, the 0.5B model answered today's date for the date of app.log's WARN line).
    if already_nudged(turn, UNCOMPUTED_ASK)
        || !crate::profile::text_calls::fenced_blocks(answer, true).is_empty()
    {
        return None;
    }
    let (_, output, _) = last_result(turn)?;
    let (printed, hint) = split_hint(output);
    let hint = hint?.trim_start_matches('(').trim_end_matches(')');
    if from_shown_lines(hint, answer) {
        return None;
    }
    hint.starts_with(NOT_COMPUTED).then(|| {
        format!(
            "{NUDGE_START}\n{}\n\n{hint} {UNCOMPUTED_ASK}",
            printed.trim()
        )
    })
}

/// Whether the answer holds a number or date of the file lines a hint showed ("These lines of
/// `app.log` have it: 3: 2026-11-02 WARN slow"): the engine read them from the file, so an answer
/// taken from them is read, not made up (the 0.5B model, shown that line, answered 2026-11-02,
/// and was sent back to write code until its corrections ran out).
fn from_shown_lines(hint: &str, answer: &str) -> bool {
    let Some(block) = hint
        .split_once(HAVE_IT)
        .and_then(|(_, rest)| rest.split_once("\n```"))
        .map(|(block, _)| block)
    else {
        return false;
    };
    // Each line is shown after its number ("3: "), which is not the file's.
    let shown: Vec<&str> = block
        .lines()
        .flat_map(|line| numbers_in(line.split_once(": ").map_or(line, |(_, text)| text)))
        .collect();
    numbers_in(answer).iter().any(|n| shown.contains(n))
}

/// Whether a request (in lower case) offers things to choose from: "a or b", "which of",
/// "either", or words listed ("pear, apple, fig and kiwi … Which one comes last?").
fn offers_choice(lower: &str) -> bool {
    static LISTED: std::sync::LazyLock<Option<regex::Regex>> = std::sync::LazyLock::new(|| {
        regex::Regex::new(r"\b\w+, \w+(?:, \w+)*,? (?:and|or) \w+\b").ok()
    });
    lower.contains(" or ")
        || lower.contains("which of")
        || lower.contains("either")
        || LISTED.as_ref().is_some_and(|r| r.is_match(lower))
}

/// What the hint for a request word printed back says before the lines of the file that hold it.
const HAVE_IT: &str = " have it:\n```\n";

/// A one-line output that only says back words of the request (`WARN`, or the question and
/// then `WARN`: the 0.5B model printed the match for "On which date does app.log have a WARN
/// line?"), when the request is a question with no choice in it ("a.txt or b.txt?" is answered
/// with one of its own words). Numbers and yes/no answers are left alone: "the median of 91,
/// 23, 57" is one of them.
fn request_word_printed<'v>(request: &str, value: &'v str) -> Option<&'v str> {
    let lower = request.to_lowercase();
    let choice = offers_choice(&lower);
    let words: Vec<&str> = words_in(value).filter(|w| !w.is_empty()).collect();
    let plain = !words.is_empty()
        && words
            .iter()
            .all(|w| w.chars().any(char::is_alphabetic) && !w.chars().any(|c| c.is_ascii_digit()));
    let answer_word = words.iter().any(|w| {
        matches!(
            w.to_lowercase().as_str(),
            "yes" | "no" | "true" | "false" | "none"
        )
    });
    // Words the request gives as content to work on (quoted, in a file name or a path, the
    // string it is about) may well be the answer: "the extension of report.pdf", "the first
    // word of 'hello world'".
    let mut content: Vec<String> = quoted(request);
    content.extend(request.split('\'').skip(1).step_by(2).map(str::to_string));
    content.extend(
        request
            .split_whitespace()
            .filter(|t| {
                t.trim_end_matches(['.', '?', '!', ','])
                    .contains(['.', '/'])
            })
            .map(str::to_string),
    );
    content.extend(request_subject(request).map(str::to_string));
    let given = |w: &str| {
        content
            .iter()
            .any(|c| words_in(c).any(|x| x.eq_ignore_ascii_case(w)))
    };
    // Every word from the request, and the last (the value, after any words of the question
    // said back) none of its content.
    let said_back = words
        .iter()
        .all(|w| words_in(request).any(|r| r.eq_ignore_ascii_case(w)))
        && words.last().is_some_and(|w| !given(w));
    (plain && !answer_word && !choice && said_back).then(|| *words.last().unwrap_or(&value))
}

/// The number a one-value output printed, when the code wrote it as it is in a `print(...)`
/// or in the assignment of a name (`size = 12`) or a function's `return 366`, and the request
/// does not hold it: a value worked out without code (the 0.5B model printed a file's size it
/// made up, and the days of the year 2100 from `def days_in_2100(): return 366`).
fn literal_printed<'v>(request: &str, code: &str, value: &'v str) -> Option<&'v str> {
    let numbers = numbers_in(value);
    let [n] = numbers.as_slice() else {
        return None;
    };
    let asked = normalized(request);
    if numbers_in(&asked).iter().any(|r| same_number(n, r)) {
        return None;
    }
    // As written, or as a literal in another base that has its value (`print(0x140)`: the
    // 1.5B model printed 320 for 200 in hexadecimal).
    static BASED: std::sync::LazyLock<Option<regex::Regex>> = std::sync::LazyLock::new(|| {
        regex::Regex::new(r"\b0(?:[xX][0-9a-fA-F]+|[oO][0-7]+|[bB][01]+)\b").ok()
    });
    let mut spellings = vec![regex::escape(n)];
    if let Ok(value) = n.parse::<u64>() {
        spellings.extend(
            BASED
                .as_ref()?
                .find_iter(code)
                .map(|m| m.as_str())
                .filter(|lit| {
                    let radix = match lit.as_bytes()[1].to_ascii_lowercase() {
                        b'x' => 16,
                        b'o' => 8,
                        _ => 2,
                    };
                    u64::from_str_radix(&lit[2..], radix) == Ok(value)
                })
                .map(regex::escape),
        );
    }
    let escaped = format!("(?:{})", spellings.join("|"));
    // The number alone in a print's parentheses (beside strings, not inside a computation),
    // or assigned alone to a name.
    let pattern = format!(
        r#"(?m)^\s*(?:print\((?:\s*(?:"[^"]*"|'[^']*')\s*,)*\s*{escaped}\s*(?:,\s*(?:"[^"]*"|'[^']*')\s*)*\)|[A-Za-z_]\w*\s*=\s*{escaped}|return\s+{escaped})\s*(?:#.*)?$"#
    );
    regex::Regex::new(&pattern)
        .ok()?
        .is_match(code)
        .then_some(*n)
}

/// The one line a run printed, when the code printed it as a string literal at its top level
/// (`print('hello')`): nothing computed it. The 0.5B model printed `hello` for "the word
/// hello in uppercase, reversed", and answered that it was printed in uppercase.
fn text_printed<'v>(request: &str, code: &str, value: &'v str) -> Option<&'v str> {
    let value = value.trim();
    if value.is_empty() || value.lines().count() > 1 {
        return None;
    }
    // Only a word the request gives to work on with code, printed as it was given: not a
    // choice it offers ("a.txt or b.txt", yes or no), nor text a request asks to print.
    let lower = request.to_lowercase();
    let choice = offers_choice(&lower);
    let given = words_in(request).any(|w| w.eq_ignore_ascii_case(value));
    if choice || !given || !asks_for_code(request) {
        return None;
    }
    code.lines()
        .map(str::trim_end)
        .any(|l| {
            [format!("print('{value}')"), format!("print(\"{value}\")")].contains(&l.to_string())
        })
        .then_some(value)
}

/// The string a request is about (`the string stressed`, `the word encyclopedia`, `the text
/// hello`).
fn request_subject(request: &str) -> Option<&str> {
    static SUBJECT: std::sync::LazyLock<Option<regex::Regex>> = std::sync::LazyLock::new(|| {
        regex::Regex::new(r#"(?i)\bthe (?:string|word|text|phrase) ["'`“]?([\w-]+)"#).ok()
    });
    Some(SUBJECT.as_ref()?.captures(request)?.get(1)?.as_str())
}

/// The word a request counts the lines of (`disk` of "How many lines of app.log mention
/// disk?", `ERROR` of "lines that contain ERROR").
fn searched_word(request: &str) -> Option<&str> {
    static WORD: std::sync::LazyLock<Option<regex::Regex>> = std::sync::LazyLock::new(|| {
        regex::Regex::new(
            r#"(?i)\blines?\b(?:[^.?!]|\.\S)*?\b(?:mention(?:s|ing)?|contain(?:s|ing)?|say(?:s|ing)?|match(?:es|ing)?|with|ha(?:ve|s|ving))\s+(?:the\s+(?:word|text|string)\s+)?["'`“]?([\w-]+)"#,
        )
        .ok()
    });
    let word = WORD.as_ref()?.captures(request)?.get(1)?.as_str();
    let function_word = matches!(
        word.to_lowercase().as_str(),
        "a" | "an"
            | "the"
            | "any"
            | "no"
            | "it"
            | "them"
            | "more"
            | "less"
            | "fewer"
            | "at"
            | "only"
            | "exactly"
            | "over"
            | "under"
            | "than"
    );
    (!function_word).then_some(word)
}

/// Whether the file `name` here holds `word` as a word, in any case (the word a request
/// counts the lines of is one the file has).
fn mentions(cwd: &Path, name: &str, word: &str) -> bool {
    let word = word.to_lowercase();
    std::fs::read_to_string(cwd.join(name))
        .is_ok_and(|text| words_in(&text.to_lowercase()).any(|w| w == word))
}

/// Whether code installs packages (the engine's pip install, the model's `pip install x`): a
/// step toward the request, whose output is no answer to check (the engine's "pandas is
/// installed now." went back as not using the request's CSV column).
fn installs_packages(code: &str) -> bool {
    code.lines().any(|line| {
        pip_install(line)
            || (line.contains("install") && (line.contains("apt-get") || line.contains("npm")))
    })
}

/// Whether a line of code runs pip's install (`pip install x`, the engine's
/// `subprocess.run([sys.executable, "-m", "pip", "install", …])`).
fn pip_install(line: &str) -> bool {
    line.contains("pip") && line.contains("install")
}

/// The extension of the files a request is about (`txt` of "How many .txt files are in this
/// folder?").
fn asked_extension(request: &str) -> Option<&str> {
    static KIND: std::sync::LazyLock<Option<regex::Regex>> = std::sync::LazyLock::new(|| {
        regex::Regex::new(r"(?i)(?:^|[\s(`'\x22])\.([a-z0-9]{1,5})\s+files?\b").ok()
    });
    Some(KIND.as_ref()?.captures(request)?.get(1)?.as_str())
}

/// Whether a run of the turn that worked wrote a file (the text a later run measures).
fn wrote_earlier(history: &History, turn: &[HistoryItem]) -> bool {
    code_runs(history, turn).any(|(code, _, failed)| {
        !failed
            && [
                "'w'",
                "\"w\"",
                "'a'",
                "\"a\"",
                ".write(",
                "write_text(",
                " > ",
                ">>",
            ]
            .iter()
            .any(|w| code.contains(w))
    })
}

/// Up to three lines of the file `name` here that hold `word` (as a word), numbered.
fn lines_holding(cwd: &Path, name: &str, word: &str) -> Option<String> {
    let text = std::fs::read_to_string(cwd.join(name)).ok()?;
    let lines: Vec<String> = text
        .lines()
        .enumerate()
        .filter(|(_, line)| words_in(line).any(|w| w == word))
        .take(3)
        .map(|(i, line)| format!("{}: {}", i + 1, line.chars().take(120).collect::<String>()))
        .collect();
    (!lines.is_empty()).then(|| lines.join("\n"))
}

/// The string a request is about, when the code does not hold it.
fn subject_unused<'r>(request: &'r str, code: &str) -> Option<&'r str> {
    request_subject(request).filter(|subject| !code.contains(subject))
}

/// The one value a request gives a function of one parameter, as Python: the string it is
/// about (`'stressed'`), else its one ordinal (`20` of "the 20th Fibonacci number"), else its
/// one number (`17` of "17 factorial").
fn request_argument(request: &str) -> Option<String> {
    if let Some(subject) = request_subject(request) {
        return Some(python_string(subject));
    }
    static ORDINAL: std::sync::LazyLock<Option<regex::Regex>> =
        std::sync::LazyLock::new(|| regex::Regex::new(r"(?i)\b(\d+)(?:st|nd|rd|th)\b").ok());
    let ordinals: Vec<&str> = ORDINAL
        .as_ref()?
        .captures_iter(request)
        .filter_map(|c| Some(c.get(1)?.as_str()))
        .collect();
    if let [one] = ordinals.as_slice() {
        return Some((*one).to_string());
    }
    let asked = normalized(request);
    match numbers_in(&asked).as_slice() {
        [one] => Some((*one).to_string()),
        _ => None,
    }
}

/// The parameters of the function `name` as the code defines it (`def name(a, b=2):`).
fn parameters_of<'c>(code: &'c str, name: &str) -> Option<Vec<&'c str>> {
    let start = code.find(&format!("def {name}("))? + name.len() + 5;
    let inside = code[start..].split(')').next()?;
    Some(
        inside
            .split(',')
            .map(str::trim)
            .filter(|p| !p.is_empty() && *p != "self")
            .collect(),
    )
}

/// When Python code that defined a function of one parameter and never called it (its hint
/// said so) is sent back unchanged, or answered instead of fixed, and the request gives that
/// one value: the code with a call that prints the result, for the engine to run in the
/// model's stead (a call of its own, through the gate), and a line for the events. The 0.5B
/// model sent `def reverseString(s): return s[::-1]` back three times for "Reverse the string
/// stressed".
pub fn mended_call<'h>(
    history: &'h History,
    next: Option<&'h ToolCall>,
) -> Option<(String, String)> {
    let (code, output, how) = python_failed_again(history, next)?;
    let name = output
        .split("The code defined `")
        .nth(1)?
        .split('`')
        .next()?;
    let [_] = parameters_of(code, name)?.as_slice() else {
        return None;
    };
    let (asked, _) = history.last_turn()?;
    let argument = request_argument(&request_text(asked))?;
    Some((
        format!("{}\nprint({name}({argument}))", code.trim_end()),
        format!(
            "the model's code defines `{name}` and never calls it, and {how}: calling it with {argument}, from the request"
        ),
    ))
}

/// Words in double quotes or backticks.
fn quoted(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    for mark in ['"', '`', '“'] {
        let close = if mark == '“' { '”' } else { mark };
        let mut rest = text;
        while let Some(start) = rest.find(mark) {
            let after = &rest[start + mark.len_utf8()..];
            let Some(end) = after.find(close) else { break };
            let inner = after[..end].trim();
            if !inner.is_empty() {
                out.push(inner.to_string());
            }
            rest = &after[end + close.len_utf8()..];
        }
    }
    out
}

/// Longest part of a document quoted back when an answer left out what it says.
const DOCUMENT_QUOTE: usize = 800;

/// When the model's final answer to a request about what a document says uses nothing of the
/// text its last run read (`computer.files.read`): the message that asks once more, quoting
/// the start of that text. The 0.5B model, shown a report's two pages, answered again with
/// the report's file name, which it had said before the text was read.
pub fn unused_document_nudge(history: &History, answer: &str) -> Option<String> {
    let (asked, turn) = history.last_turn()?;
    let request = request_text(asked);
    if already_nudged(turn, UNSAID) || !about_content(&request.to_lowercase()) {
        return None;
    }
    let (call_id, output) = last_success(turn)?;
    let read = history.call(call_id).is_some_and(|c| {
        matches!(&c.action, ToolAction::RunCode { code, .. } if code.contains("computer.files.read("))
    });
    if !read {
        return None;
    }
    // The header names the file and its parts; its words and the request's
    // ("harbour-report.pdf", "summarize the report") say nothing of what the text says.
    let (head, body) = oi_documents::parse_rendered(output)?;
    let words = |s: &str| -> std::collections::BTreeSet<String> {
        s.split(|c: char| !c.is_alphanumeric())
            .filter(|w| w.chars().count() >= 4)
            .map(str::to_lowercase)
            .collect()
    };
    let text = body.join("\n");
    let known = &words(head) | &words(&request);
    let said = &words(&text) - &known;
    if said.is_empty() || !said.is_disjoint(&words(answer)) {
        return None;
    }
    Some(document_quoted(head, &text, UNSAID, &request))
}

/// The message that quotes the start of a read document's text (its header line `head` and
/// `text`, as [`oi_documents::parse_rendered`] takes them apart) and asks for the answer to
/// `request` from it, after `why`.
fn document_quoted(head: &str, text: &str, why: &str, request: &str) -> String {
    let mut quote: String = text.trim().chars().take(DOCUMENT_QUOTE).collect();
    if quote.len() < text.trim().len() {
        quote.push('…');
    }
    format!(
        "{DOCUMENT_START} {head}:\n{quote}\n\n{why} Now answer my request ({request}) from that text, in two or three sentences of your own."
    )
}

/// When the model asks to run again exactly the code that just ran and worked, the message
/// that answers instead of another run:
/// - a short output is quoted, once per turn, and the answer asked for (the 0.5B model re-ran
///   `2 ** 40` until the turn ran out);
/// - past that (a long output, none, or a model that repeats after the quote) it is told to
///   take the next step toward the request, each time it repeats, so the turn's limit on
///   corrections in a row ends such a loop (the 0.5B model ran `pip install pandas` nine times,
///   and a short count fourteen times after the quote, until the bench's time ran out).
pub fn repeated_run_nudge(history: &History, call: &ToolCall, cwd: &Path) -> Option<String> {
    let (asked, turn, output, false) = repeated_last_run(history, call)? else {
        return None;
    };
    let request = request_text(asked);
    // A document read again would say the same: its text is quoted, once, and the answer
    // asked for (the 0.5B model, shown a report's text, wrote the code that read it again
    // until the corrections ran out).
    let reads = matches!(&call.action, ToolAction::RunCode { code, .. } if code.contains("computer.files.read("));
    let quoted = reads && already_nudged(turn, READ_AGAIN);
    if reads
        && !quoted
        && let Some((head, body)) = oi_documents::parse_rendered(output)
    {
        return Some(document_quoted(
            head,
            &body.join("\n"),
            READ_AGAIN,
            &request,
        ));
    }
    // What the code printed, without the harness's hint after it: the hint is no output
    // to quote (the 0.5B model, quoted "(The code printed nothing. …)", answered "12").
    let value = split_hint(output).0.trim();
    if value.is_empty() {
        // What is left, when the code made the file the request creates.
        let left =
            code_written_as_text(call).and_then(|(_, code)| made_and_left(&request, code, cwd));
        return Some(match left {
            Some(left) => format!(
                "{RAN_AGAIN} {SILENT_AGAIN}; running it again prints nothing again. {left} Write code for that, which prints the answer."
            ),
            None => format!(
                "{RAN_AGAIN} {SILENT_AGAIN}; running it again prints nothing again. Write code that does the rest of my request ({request}) and prints the answer."
            ),
        });
    }
    // The run sent back, or the turn's last run of the model's, was said not to be the answer
    // yet: quoting this output and asking for the answer would say the opposite (the 0.5B
    // model, told its code did not use the `art` column, sent it back, was told to answer from
    // its output, and answered from it). Not a run of the engine's in place of an answer: the
    // engine's `print(header)` was undone, and the code sent back after it, which had printed
    // 6, was told the same.
    let last_run = turn.iter().rev().find_map(|i| match i {
        HistoryItem::ToolResult {
            call_id,
            tool_name,
            output,
            ..
        } if tool_name != crate::profile::FORMAT_ERROR => Some((call_id, output.as_str())),
        _ => None,
    });
    let the_models = |call_id: &str| {
        history
            .call(call_id)
            .is_some_and(|c| c.arguments[crate::profile::SUPERSEDES_ANSWER] != true)
    };
    let judged = std::iter::once(output)
        .chain(
            last_run
                .filter(|(call_id, _)| the_models(call_id))
                .map(|(_, output)| output),
        )
        .find(|output| output.contains(NOT_COMPUTED));
    if let Some(output) = judged
        && let Some(at) = output.find(NOT_COMPUTED)
    {
        let why = output[at..].trim_end().trim_end_matches(')');
        return Some(format!("{RAN_AGAIN} it would print the same. {why}"));
    }
    let short = value.len() <= SHORT_OUTPUT;
    if short && !quoted && !already_nudged(turn, REPEATED) {
        return Some(format!(
            "{NUDGE_START}\n{value}\n\n{REPEATED} it would print the same. Now tell me the answer to my question in one sentence, with the value from that output."
        ));
    }
    Some(format!(
        "{RAN_AGAIN} it ran already and worked (its output is above); running it again changes nothing. Take the next step toward my request ({request}): run other code, or answer me in plain words."
    ))
}

/// Whether every one of `calls` runs again exactly code that ran this turn.
pub fn all_ran_this_turn(history: &History, calls: &[ToolCall]) -> bool {
    !calls.is_empty()
        && calls
            .iter()
            .all(|c| repeated_last_run(history, c).is_some())
}

/// When `call` runs again exactly the code of the turn's last run (past the corrections
/// since): the turn's request and items, that run's output, and whether it failed.
fn repeated_last_run<'h>(
    history: &'h History,
    call: &ToolCall,
) -> Option<(
    &'h [oi_protocol::InputItem],
    &'h [HistoryItem],
    &'h str,
    bool,
)> {
    let (language, code) = code_written_as_text(call)?;
    let (asked, turn) = history.last_turn()?;
    let (call_id, output, is_error) = last_result(turn)?;
    if ran_the_same(history, call_id, language, code) {
        return Some((asked, turn, output, is_error));
    }
    // Code that ran earlier in the turn, sent back after other code ran since: two codes in
    // turn are a loop too (the 0.5B model alternated a count that printed "0" and one that
    // printed "[]" and "0", twenty runs, until the bench's time ran out).
    turn.iter().rev().find_map(|i| match i {
        HistoryItem::ToolResult {
            call_id,
            tool_name,
            output,
            is_error,
            ..
        } if tool_name != crate::profile::FORMAT_ERROR
            && ran_the_same(history, call_id, language, code) =>
        {
            Some((asked, turn, output.as_str(), *is_error))
        }
        _ => None,
    })
}

/// When the model asks to run again exactly the code whose run just failed, the message that
/// says so instead of another identical failure (Qwen2.5-Coder-1.5B re-ran
/// `os.listdir('poem.txt')` eleven times until the bench's time ran out). Asked again while the
/// model keeps repeating it: the turn's limit on corrections in a row ends such a loop.
pub fn repeated_failure_nudge(history: &History, call: &ToolCall) -> Option<String> {
    let (_, _, output, true) = repeated_last_run(history, call)? else {
        return None;
    };
    let error = failure_in(output)?;
    // A run that worked and was sent back as not the answer yet did not fail: it printed what
    // is no answer (it read "and it failed with: (That is not the answer yet: …)").
    if exception_line(output).is_none()
        && split_hint(output)
            .1
            .is_some_and(|h| h.contains(NOT_COMPUTED))
    {
        return Some(format!(
            "{FAILED_AGAIN} it printed:\n{error}\n\nIt would print the same. Change the code so that it computes what my request asks, then run it."
        ));
    }
    Some(format!(
        "{FAILED_AGAIN} it failed with:\n{error}\n\nIt would fail the same way. Change the code so that this error cannot happen, then run it."
    ))
}

/// What a failed run's output says went wrong: a traceback's exception line (the hint after
/// it may run over lines) and that hint, or else the last line it printed with the hint that
/// followed.
fn failure_in(output: &str) -> Option<String> {
    // A run sent back as undone without an exception: its last printed line and the hint
    // that followed it, whole (its last line alone reads as an error of its own).
    let (printed, hint) = split_hint(output);
    let last_printed = || {
        printed
            .lines()
            .rev()
            .find(|l| !l.trim().is_empty() && !l.starts_with("(exit code"))
            .map(str::trim)
    };
    Some(match exception_line(output) {
        // With the hint that explained it (the 0.5B model, its `KeyError: 'data'` said
        // again without the file's keys, sent the same code back until the turn ended).
        Some(line) => match hint {
            Some(hint) if !hint.contains(line) => format!("{line}\n{hint}"),
            _ => line.to_string(),
        },
        None => match (last_printed(), hint) {
            (Some(line), Some(hint)) => format!("{line}\n{hint}"),
            (None, Some(hint)) => hint.to_string(),
            (line, None) => line?.to_string(),
        },
    })
}

/// The last line of a traceback that names the exception (`KeyError: 'data'`).
fn exception_line(output: &str) -> Option<&str> {
    output
        .lines()
        .rev()
        .find(|l| {
            l.split_once(": ").is_some_and(|(name, _)| {
                !name.contains(' ') && (name.ends_with("Error") || name.ends_with("Exception"))
            })
        })
        .map(str::trim)
}

/// When the model answers in words right after its code failed with an exception, no run
/// having worked since: the message that says nothing answers the request yet and asks for
/// code that cannot fail that way (the 0.5B model, its `team_data['data']` failed with a
/// KeyError, answered with how to fix the file). Once per turn.
pub fn failed_run_answer_nudge(history: &History, answer: &str) -> Option<String> {
    let (asked, turn) = history.last_turn()?;
    if already_nudged(turn, FAILED_ANSWER)
        || !crate::profile::text_calls::fenced_blocks(answer, true).is_empty()
    {
        return None;
    }
    let (call_id, output, true) = last_result(turn)? else {
        return None;
    };
    let ran_code = history
        .call(call_id)
        .is_some_and(|c| matches!(c.action, ToolAction::RunCode { .. }));
    // A mistake in the code, which other code does not make; not what the machine lacks (no
    // display, no file, no network), which an answer in words may rightly say.
    const CODE_MISTAKES: [&str; 10] = [
        "KeyError",
        "IndexError",
        "NameError",
        "TypeError",
        "ValueError",
        "AttributeError",
        "SyntaxError",
        "IndentationError",
        "UnboundLocalError",
        "ZeroDivisionError",
    ];
    // A file opened by a path where it is not, when the hint named where it is, is a
    // mistake too (the 0.5B model answered today's date for a date app.log holds).
    let misplaced = |line: &str| {
        line.starts_with("FileNotFoundError")
            && split_hint(output)
                .1
                .is_some_and(|hint| hint.contains(FILE_IS_HERE))
    };
    let error = exception_line(output).filter(|line| {
        ran_code && (CODE_MISTAKES.iter().any(|e| line.starts_with(e)) || misplaced(line))
    })?;
    // An answer from an earlier run of the turn that worked is an answer.
    if code_runs(history, turn).any(|(_, printed, failed)| {
        let printed = split_hint(printed).0.trim();
        !failed && !printed.is_empty() && answer_uses(answer, printed)
    }) {
        return None;
    }
    let (_, hint) = split_hint(output);
    let hint = hint.map(|h| format!("\n{h}")).unwrap_or_default();
    let request = request_text(asked);
    Some(format!(
        "{FAILED_ANSWER} it failed with:\n{error}{hint}\n\nSo nothing answers my request yet. Write new Python code in a ```python block that cannot fail that way and prints the answer to my request ({request})."
    ))
}

/// The temperature for the next request when the turn's last item is a correction of code
/// that failed and was asked for again unchanged: at temperature 0 a model shown the same conversation gives the
/// same reply, and the 0.5B model, told its code failed the same way, sent the same code back
/// until the corrections ran out (`sum = sum(numbers)`, a `return` outside a function, a
/// regex that missed). From the second repeat on its reply is sampled, warmer each time, so
/// that it can write something else. `None` when the turn's last item is anything else.
fn resample_temperature(history: &History) -> Option<f32> {
    let (_, turn) = history.last_turn()?;
    let is_repeat = |i: &HistoryItem| {
        matches!(i, HistoryItem::ToolResult { tool_name, output, .. }
            if tool_name == crate::profile::FORMAT_ERROR && output.contains(FAILED_AGAIN))
    };
    if !turn.last().is_some_and(is_repeat) {
        return None;
    }
    // The first time, asked afresh (`fresh_attempt`) is change enough: sampled, the 0.5B
    // model wrote worse code (Ruby's `return 0` for a count of log lines).
    const WARMER: [f32; 3] = [0.0, 0.7, 0.9];
    let repeats = turn.iter().filter(|i| is_repeat(i)).count();
    Some(WARMER[repeats.clamp(1, WARMER.len()) - 1])
}

/// The conversation as the model is shown it when it asked to run again the code that just
/// failed (the turn's last item is that correction): the failed tries are left out, and the
/// failure is said after the request (or after the turn's last run that worked). A small model copies code it
/// sees: the 0.5B model, shown its code beside the correction, sent it back unchanged even
/// sampled warm (`return` outside a function three times at temperatures 0, 0.7 and 0.9).
/// The history itself (the log, the events) keeps every try. With it, the temperature to ask
/// at ([`resample_temperature`]).
pub fn fresh_attempt(history: &History) -> Option<(History, f32)> {
    let temperature = resample_temperature(history)?;
    let (asked, turn) = history.last_turn()?;
    let output = turn.iter().rev().find_map(|i| match i {
        HistoryItem::ToolResult {
            tool_name,
            output,
            is_error: true,
            ..
        } if tool_name != crate::profile::FORMAT_ERROR => Some(output.as_str()),
        _ => None,
    })?;
    let error = failure_in(output)?;
    let (_, hint) = split_hint(output);
    let hint = hint
        .filter(|h| !error.contains(*h))
        .map(|h| format!("\n{h}"))
        .unwrap_or_default();
    let said = format!(
        "\n\n(A first try at this failed with:\n{error}{hint}\nWrite new code that cannot fail that way.)"
    );
    Some((kept_and_said(history, turn, asked, said), temperature))
}

/// A view of the history whose turn (`turn`, asked by `asked`) keeps what it found out, its
/// items up to its last run that worked (a document the engine read, a listing), and not the
/// tries after it, with `said` after them as a message of the person's. When nothing worked
/// yet: the request itself with `said` after it. The 0.5B model, asked afresh without the
/// report's text, went back to looking for the report.
fn kept_and_said(
    history: &History,
    turn: &[HistoryItem],
    asked: &[oi_protocol::InputItem],
    said: String,
) -> History {
    let kept = turn
        .iter()
        .rposition(|i| {
            matches!(i, HistoryItem::ToolResult { tool_name, is_error: false, .. }
                if tool_name != crate::profile::FORMAT_ERROR)
        })
        .map_or(0, |at| at + 1);
    if kept == 0 {
        return asked_again(history, turn, asked, said);
    }
    // Everything before the turn, its request, and its items up to that run.
    let start = history.items().len() - turn.len();
    let mut fresh = History::default();
    for item in &history.items()[..start + kept] {
        fresh.push(item.clone());
    }
    fresh.push(HistoryItem::User {
        items: vec![oi_protocol::InputItem::text(said.trim_start())],
    });
    fresh
}

/// When the model, told that code it sent again had run and printed nothing, is to be asked
/// once more: the view the next request is rendered from instead of the history. It holds the
/// conversation before this turn, then the request with that code and what is left to do after
/// it, and not the turn's calls: the 0.5B model wrote hello.txt as asked, then sent that code
/// back, its calls to a tool it named `hello.txt` in view, until the corrections ran out (the
/// file's size, the rest of the request, never printed). Once per turn.
pub fn fresh_after_silence(history: &History, cwd: &Path) -> Option<History> {
    let (asked, turn) = history.last_turn()?;
    let HistoryItem::ToolResult {
        tool_name, output, ..
    } = turn.last()?
    else {
        return None;
    };
    let silences = turn
        .iter()
        .filter(|i| {
            matches!(i, HistoryItem::ToolResult { tool_name, output, .. }
                if tool_name == crate::profile::FORMAT_ERROR && output.contains(SILENT_AGAIN))
        })
        .count();
    if tool_name != crate::profile::FORMAT_ERROR || !output.contains(SILENT_AGAIN) || silences > 1 {
        return None;
    }
    let (call_id, _, false) = last_result(turn)? else {
        return None;
    };
    let ToolAction::RunCode { code, .. } = &history.call(call_id)?.action else {
        return None;
    };
    let rest = made_and_left(&request_text(asked), code, cwd)
        .map(|left| format!(" {left}"))
        .unwrap_or_default();
    Some(asked_again(
        history,
        turn,
        asked,
        format!(
            "\n\n(This code ran already and printed nothing:\n```python\n{}\n```\nDo not run it again.{rest} Write the code for the rest of my request, which prints the answer.)",
            code.trim()
        ),
    ))
}

/// When the run just made was Python that wrote the file the request creates and printed
/// nothing, and the request asks more after it: a view whose last message is that rest as a
/// request of its own, the file said to be here, and not the turn's request or calls. The 0.5B
/// model, the whole request and its own write in view, sent that write back, as JSON calls to
/// a tool it named `hello.txt`, whatever it was told; asked "The file hello.txt is in the
/// working directory. Tell me its size in bytes.", it wrote `os.path.getsize('hello.txt')`.
pub fn rest_as_request(history: &History, cwd: &Path) -> Option<History> {
    let (asked, turn) = history.last_turn()?;
    if !matches!(turn.last()?, HistoryItem::ToolResult { tool_name, .. } if tool_name != crate::profile::FORMAT_ERROR)
    {
        return None;
    }
    let (call_id, output, false) = last_result(turn)? else {
        return None;
    };
    let ToolAction::RunCode { language, code } = &history.call(call_id)?.action else {
        return None;
    };
    if oi_exec::canonical_language(language) != Some(oi_exec::Language::Python)
        || !split_hint(output).0.trim().is_empty()
    {
        return None;
    }
    let request = request_text(asked);
    let (file, rest) = made_file_rest(&request, code, cwd)?;
    let rest = rest.trim_end_matches(['.', '!', '?']);
    let mut chars = rest.chars();
    let first = chars.next()?;
    let mut view = before_turn(history, turn);
    view.push(HistoryItem::User {
        items: vec![oi_protocol::InputItem::text(format!(
            "The file {file} is in the working directory. {}{}. Write the code, which prints the answer.",
            first.to_uppercase(),
            chars.as_str()
        ))],
    });
    Some(view)
}

/// The conversation before the turn whose items are `turn`, without its request.
fn before_turn(history: &History, turn: &[HistoryItem]) -> History {
    let start = history.items().len() - turn.len();
    let mut view = History::default();
    // The turn's request is the item before `turn`.
    for item in &history.items()[..start - 1] {
        view.push(item.clone());
    }
    view
}

/// A view of the history without the turn's items (the conversation before it stays), whose
/// last message is the turn's request `asked` with `said` after it.
fn asked_again(
    history: &History,
    turn: &[HistoryItem],
    asked: &[oi_protocol::InputItem],
    said: String,
) -> History {
    let mut view = before_turn(history, turn);
    let mut items = asked.to_vec();
    items.push(oi_protocol::InputItem::text(said));
    view.push(HistoryItem::User { items });
    view
}

/// When the model's reply, taken for its answer, is word for word one of its replies this turn
/// that the harness corrected: that correction again, said to be the second time. The 0.5B
/// model, told "Nothing ran: you answered without looking in the folder…" for its reply
/// "OK\n1", replied "OK\n1" again, and that ended the turn as its answer (the first correction
/// is asked once a turn). Once per turn; the next request then comes from [`stuck_view`].
pub fn repeated_reply_nudge(history: &History, answer: &str) -> Option<String> {
    let (_, whole_turn) = history.last_turn()?;
    let answer = answer.trim();
    if answer.is_empty() || already_nudged(whole_turn, SAME_REPLY) {
        return None;
    }
    // Only replies since the turn's last run: a run since may have made the reply true (the
    // 0.5B model's "The port is 8080." was corrected for reading nothing; said again after a
    // run printed 8080, it was the answer).
    let since = whole_turn
        .iter()
        .rposition(|i| {
            matches!(i, HistoryItem::ToolResult { tool_name, .. }
                if tool_name != crate::profile::FORMAT_ERROR)
        })
        .map_or(0, |at| at + 1);
    let turn = &whole_turn[since..];
    turn.iter().find_map(|item| match item {
        // An answer set aside is not in the history's text, but with its correction (the
        // 0.5B model's line about `books.json.find(…)`, set aside for leaving out what its
        // code printed, said again word for word ended the turn as its answer).
        HistoryItem::Assistant { text, calls, .. }
            if text.trim() == answer || calls.iter().any(|c| c.arguments[SET_ASIDE] == answer) =>
        {
            let call = calls
                .iter()
                .find(|c| c.name == crate::profile::FORMAT_ERROR)?;
            let correction = turn.iter().find_map(|i| match i {
                HistoryItem::ToolResult {
                    call_id, output, ..
                } if *call_id == call.call_id => Some(output.as_str()),
                _ => None,
            })?;
            Some(format!("{SAME_REPLY} {correction}"))
        }
        _ => None,
    })
}

/// The temperature [`stuck_view`] samples at when the model's last two corrected replies, or
/// the corrections of them, are the same: at temperature 0 it gave them word for word.
const STUCK_TEMPERATURE: f32 = 0.7;

/// When the model's last two replies in a row were both corrected (a call to a tool that does
/// not exist, a reply that fell into a loop, the same reply again; not code or a read asked for
/// again, which have views of their own) and no other view applies:
/// the view the next request is rendered from, and the temperature to ask at. The view holds
/// what the turn found out (its items up to its last run, as [`fresh_attempt`] keeps them),
/// then the last correction as a message of the person's, and not the corrected replies: the
/// 0.5B model, its reply and the correction in view, wrote that reply again word for word (a
/// tool it named `average`, with values it made up, three times; the same loop about 2^100
/// twice), until the corrections ran out. The turn's limit on corrections in a row still
/// holds; it leaves one more try after the first reply asked this way.
pub fn stuck_view(history: &History) -> Option<(History, f32)> {
    let (asked, turn) = history.last_turn()?;
    // The corrections in a row at the turn's end, last first, with the replies they corrected.
    let mut corrected: Vec<(&str, &str)> = Vec::new();
    let mut pending: Vec<&str> = Vec::new();
    for item in turn.iter().rev() {
        match item {
            HistoryItem::ToolResult {
                tool_name, output, ..
            } if tool_name == crate::profile::FORMAT_ERROR => pending.push(output),
            HistoryItem::Assistant { text, .. } => {
                corrected.extend(pending.drain(..).map(|o| (text.trim(), o)));
            }
            _ => break,
        }
    }
    // Code or a read asked for again has corrections and views of its own.
    let asked_again = |c: &str| {
        [REPEATED, FAILED_AGAIN, RAN_AGAIN, SILENT_AGAIN, READ_AGAIN]
            .iter()
            .any(|m| c.contains(m))
    };
    if corrected.len() < 2 || corrected[..2].iter().any(|(_, c)| asked_again(c)) {
        return None;
    }
    let (last_reply, last) = corrected[0];
    let (earlier_reply, earlier) = corrected[1];
    let correction = last.strip_prefix(SAME_REPLY).map_or(last, str::trim_start);
    let earlier = earlier
        .strip_prefix(SAME_REPLY)
        .map_or(earlier, str::trim_start);
    let same = (!last_reply.is_empty() && last_reply == earlier_reply) || correction == earlier;
    let temperature = if same { STUCK_TEMPERATURE } else { 0.0 };
    // Calls that ran nothing are not said again with their JSON example: the 0.5B model,
    // shown it, sent `{"name": "done", …}` a third time, warm.
    let said = if correction.starts_with(crate::profile::UNKNOWN_TOOL)
        || correction.starts_with(crate::profile::UNREADABLE_CALL)
    {
        "\n\n(Your first replies to this were tool calls that ran nothing. Write Python code in a ```python block that does it and prints the answer.)".to_string()
    } else {
        format!("\n\n(Your first replies to this were not usable. {correction})")
    };
    Some((kept_and_said(history, turn, asked, said), temperature))
}

/// The system prompt of the request [`fresh_answer`]'s view is rendered for: the profile's,
/// which asks for code and offers tools, is what the model kept answering with code.
pub const ANSWER_ONLY: &str = "You tell the person the answer to their request in one plain \
sentence, from what their code printed. The code already ran: you write no code and call no tools.";

/// When the model, shown what its code printed and asked for the answer, asked to run that
/// same code again: the view the next request is rendered from instead of the history. It holds
/// the conversation before this turn, then the request with what the code printed after it, and
/// not the turn's calls: the 0.5B model, its own code written as JSON calls four times in view,
/// sent it back a fifth time after the quote and a sixth after being told it changed nothing,
/// until the corrections ran out (165.0 printed, never said). Asked once per turn.
pub fn fresh_answer(history: &History) -> Option<History> {
    let (asked, turn) = history.last_turn()?;
    let HistoryItem::ToolResult {
        tool_name, output, ..
    } = turn.last()?
    else {
        return None;
    };
    if tool_name != crate::profile::FORMAT_ERROR || !output.contains(REPEATED) {
        return None;
    }
    if !output.starts_with(PARROTED)
        && turn.iter().any(|i| {
            matches!(i, HistoryItem::ToolResult { tool_name, output, .. }
            if tool_name == crate::profile::FORMAT_ERROR && output.contains(RAN_AGAIN))
        })
    {
        return None;
    }
    let (_, printed, false) = last_result(turn)? else {
        return None;
    };
    let printed = split_hint(printed).0.trim();
    if printed.is_empty() || printed.len() > SHORT_OUTPUT {
        return None;
    }
    Some(asked_again(
        history,
        turn,
        asked,
        format!(
            "\n\n(The code for this already ran, and it printed:\n{printed}\nDo not run code again: \
             answer my request in one sentence, with the value it printed.)"
        ),
    ))
}

/// A compound statement written after `;` (`import json; with open(f) as h: …`), which Python
/// refuses: weak models squeeze code onto one line when they write it inside JSON.
fn compound_after_semicolon(code: &str) -> bool {
    const COMPOUND: [&str; 7] = ["with ", "for ", "if ", "while ", "def ", "try:", "class "];
    code.lines().any(|line| {
        line.split(';')
            .skip(1)
            .any(|part| COMPOUND.iter().any(|k| part.trim_start().starts_with(k)))
    })
}

/// The parts of the kernel's `computer` that import as modules (python_kernel.py).
const COMPUTER_PARTS: [&str; 5] = ["files", "display", "mouse", "keyboard", "clipboard"];

/// The part of `computer` a failed import named that it does not have (`system` of
/// `No module named 'computer.system'; 'computer' is not a package`).
fn unknown_computer_part(output: &str) -> Option<&str> {
    let rest = output
        .split("ModuleNotFoundError: No module named 'computer.")
        .nth(1)?;
    let part = rest.split(['\'', '.']).next()?;
    (!part.is_empty() && !COMPUTER_PARTS.contains(&part)).then_some(part)
}

/// When the model asks to run again, unchanged, Python code that failed importing a part of
/// `computer` that does not exist (the hint said so), or answers without fixing it: that code
/// without the lines that import it, for the engine to run in the model's stead, and a line for
/// the events. The 1.5B model wrote `import computer.system` above code that never used it, and
/// sent it back until the bench's time ran out.
pub fn mended_computer_import<'h>(
    history: &'h History,
    next: Option<&'h ToolCall>,
) -> Option<(String, String)> {
    let (code, output, how) = python_failed_again(history, next)?;
    let part = unknown_computer_part(output)?;
    let imports = regex::Regex::new(&format!(
        r"^\s*(?:import\s+computer\.{0}\b.*|from\s+computer\.{0}\s+import\b.*)$",
        regex::escape(part)
    ))
    .ok()?;
    let kept: Vec<&str> = code.lines().filter(|l| !imports.is_match(l)).collect();
    if kept.len() == code.lines().count() {
        return None;
    }
    Some((
        kept.join("\n"),
        format!(
            "the model's code imports `computer.{part}`, which does not exist, and {how}: running it without that import"
        ),
    ))
}

/// The name with a space in it that a `SyntaxError` stopped at (`days_in February = 29`), and
/// that name joined with `_`: an assignment to two words. The 0.5B model named a variable
/// `days_in February` and sent that code back twice.
fn spaced_name(code: &str, output: &str) -> Option<(String, String)> {
    const KEYWORDS: &[&str] = &[
        "and", "as", "assert", "async", "await", "break", "case", "class", "continue", "def",
        "del", "elif", "else", "except", "finally", "for", "from", "global", "if", "import", "in",
        "is", "lambda", "match", "nonlocal", "not", "or", "pass", "print", "raise", "return",
        "try", "while", "with", "yield",
    ];
    static SPACED: std::sync::LazyLock<Option<regex::Regex>> = std::sync::LazyLock::new(|| {
        regex::Regex::new(r"^\s*([A-Za-z_]\w*) ([A-Za-z_]\w*)\s*(?:[-+*/]?=)[^=]").ok()
    });
    if !output.contains("SyntaxError: invalid syntax") {
        return None;
    }
    // The line the error shows, which the code holds.
    let shown = output
        .lines()
        .map(str::trim)
        .find(|l| !l.is_empty() && !l.starts_with("File ") && code.contains(*l))?;
    let caps = SPACED.as_ref()?.captures(shown)?;
    let (first, second) = (caps.get(1)?.as_str(), caps.get(2)?.as_str());
    if KEYWORDS.contains(&first) || KEYWORDS.contains(&second) {
        return None;
    }
    Some((format!("{first} {second}"), format!("{first}_{second}")))
}

/// When the model sends back unchanged, or answers after, Python code that failed on a name
/// with a space in it ([`spaced_name`]): that code with the name joined everywhere, and a line
/// for the events.
pub fn mended_spaced_name<'h>(
    history: &'h History,
    next: Option<&'h ToolCall>,
) -> Option<(String, String)> {
    let (code, output, how) = python_failed_again(history, next)?;
    let (spaced, joined) = spaced_name(code, output)?;
    let every = regex::Regex::new(&format!(r"\b{}\b", regex::escape(&spaced))).ok()?;
    Some((
        every.replace_all(code, joined.as_str()).into_owned(),
        format!(
            "the model's code names a variable `{spaced}`, with a space, and {how}: running it with `{joined}`"
        ),
    ))
}

/// When the model sends back unchanged the code that was sent back as undone for holding the
/// request's note in its text ("openai (no newline)"; [`note_in_literal`]): that code with the
/// note taken out of the text, for the engine to run in the model's stead, and a line for the
/// events. The 0.5B model sent it back after the hint.
pub fn mended_note<'h>(
    history: &'h History,
    next: Option<&'h ToolCall>,
) -> Option<(String, String)> {
    let (code, output, how) = python_failed_again(history, next)?;
    if !output.contains(NOT_COMPUTED) {
        return None;
    }
    let (asked, _) = history.last_turn()?;
    let request = request_text(asked);
    let (text, note) = note_in_literal(&request, code)?;
    let mut mended = code.clone();
    for quote in ['"', '\''] {
        mended = mended.replace(
            &format!("{quote}{text} ({note}){quote}"),
            &format!("{quote}{text}{quote}"),
        );
    }
    (mended != *code).then(|| {
        (
            mended,
            format!(
                "the model's code took my note `({note})` into the text `{text}`, and {how}: running it with the text `{text}` alone"
            ),
        )
    })
}

/// What the hint for lines counted where a request asks how many times says of the code.
const COUNTED_LINES: &str = "your code counted the";

/// How Python refuses a whole number written with a leading zero (`datetime.date(2026, 12, 05)`).
const LEADING_ZEROS: &str = "leading zeros in decimal integer literals are not permitted";

/// `code` with each whole number written with leading zeros (`05`, outside strings and
/// comments) written without them (`5`), when it has any. The 0.5B model wrote
/// `datetime.datetime(2026, 12, 05)` and sent it back after the SyntaxError.
fn without_leading_zeros(code: &str) -> Option<String> {
    let chars: Vec<char> = code.chars().collect();
    let mut out = String::with_capacity(code.len());
    let mut quote: Option<char> = None;
    let mut comment = false;
    let mut changed = false;
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        if c == '\n' {
            quote = None;
            comment = false;
        } else if comment {
        } else if let Some(q) = quote {
            if c == '\\' && i + 1 < chars.len() {
                out.push(c);
                out.push(chars[i + 1]);
                i += 2;
                continue;
            }
            if c == q {
                quote = None;
            }
        } else if c == '#' {
            comment = true;
        } else if c == '\'' || c == '"' {
            quote = Some(c);
        } else if c.is_ascii_digit()
            && (i == 0 || !(chars[i - 1].is_alphanumeric() || matches!(chars[i - 1], '_' | '.')))
        {
            let end = (i..chars.len())
                .find(|&j| !chars[j].is_ascii_digit())
                .unwrap_or(chars.len());
            let digits: String = chars[i..end].iter().collect();
            let plain = chars
                .get(end)
                .is_none_or(|n| !(n.is_alphanumeric() || matches!(n, '_' | '.')));
            if plain && digits.len() > 1 && digits.starts_with('0') {
                let trimmed = digits.trim_start_matches('0');
                out.push_str(if trimmed.is_empty() { "0" } else { trimmed });
                changed = true;
            } else {
                out.push_str(&digits);
            }
            i = end;
            continue;
        }
        out.push(c);
        i += 1;
    }
    changed.then_some(out)
}

/// When the model asks to run again, unchanged, Python code that Python refused for a number
/// written with a leading zero (the hint said how to write it), or answers after it: that
/// code with the numbers written plainly, for the engine to run in the model's stead.
pub fn mended_leading_zeros<'h>(
    history: &'h History,
    next: Option<&'h ToolCall>,
) -> Option<(String, String)> {
    let (code, output, how) = python_failed_again(history, next)?;
    if !output.contains(LEADING_ZEROS) {
        return None;
    }
    Some((
        without_leading_zeros(code)?,
        format!(
            "the model's code writes a whole number with a leading zero (`05`), which Python 3 refuses, and {how}: running it with those numbers written without it"
        ),
    ))
}

/// When the model asks to run again, unchanged, Python code that counted the lines holding a
/// text where the request asks how many times it appears (the hint said so), or answers after
/// it: that code adding up each line's count of it, for the engine to run in the model's
/// stead. The 0.5B model sent `if 'a' in line: count += 1` back after the hint.
pub fn mended_times<'h>(
    history: &'h History,
    next: Option<&'h ToolCall>,
    cwd: &Path,
) -> Option<(String, String)> {
    let (code, output, how) = python_failed_again(history, next)?;
    let (asked, _) = history.last_turn()?;
    let request = request_text(asked);
    if !output.contains(COUNTED_LINES) {
        return None;
    }
    let (text, _) = lines_for_times(&request, code, cwd)?;
    let pattern = format!(
        r#"if\s+(['"]){}['"]\s+in\s+([A-Za-z_]\w*)\s*:[ \t]*\n[ \t]*([A-Za-z_]\w*)\s*\+=\s*1\b"#,
        regex::escape(text)
    );
    let re = regex::Regex::new(&pattern).ok()?;
    let found = re.captures(code)?;
    let (line, counter) = (found.get(2)?.as_str(), found.get(3)?.as_str());
    let quote = found.get(1)?.as_str();
    let mended = re
        .replace(
            code,
            format!("{counter} += {line}.count({quote}{text}{quote})").as_str(),
        )
        .into_owned();
    Some((
        mended,
        format!(
            "the model's code counts the lines that hold `{text}` where my request asks how many times it appears, and {how}: running it adding up `{line}.count({quote}{text}{quote})`"
        ),
    ))
}

/// When the model asks to run again, unchanged, Python code that failed for a `return` at
/// its top level (the hint said to print instead), or answers after it: that code with the
/// one top-level `return value` made `returned = value` and printed at the end. The 0.5B
/// model sent a top-level `return total_stock` back after the hint.
pub fn mended_return<'h>(
    history: &'h History,
    next: Option<&'h ToolCall>,
) -> Option<(String, String)> {
    let (code, output, how) = python_failed_again(history, next)?;
    if !output.contains("'return' outside function") {
        return None;
    }
    let returns: Vec<&str> = code.lines().filter(|l| l.starts_with("return ")).collect();
    let [line] = returns.as_slice() else {
        return None;
    };
    let value = line["return ".len()..].trim();
    if value.is_empty() {
        return None;
    }
    let mended = code.replacen(line, &format!("returned = {value}"), 1);
    Some((
        format!("{}\nprint(returned)", mended.trim_end()),
        format!(
            "the model's code returns a value outside any function, and {how}: running it with that value printed instead"
        ),
    ))
}

/// The package an `import` could not find (`ModuleNotFoundError: No module named 'pandas'`),
/// by its top-level name. Not `computer`'s parts: those are the kernel's own.
fn missing_module(output: &str) -> Option<&str> {
    let rest = output
        .split("ModuleNotFoundError: No module named '")
        .nth(1)?;
    let name = rest.split('\'').next()?;
    let top = name.split('.').next()?;
    (!top.is_empty() && top != "computer").then_some(top)
}

/// The language and code of a run the model wrote as text (the slips coached here are a
/// weak model's; a model that calls tools natively does not repeat itself this way).
fn code_written_as_text(call: &ToolCall) -> Option<(&str, &str)> {
    match &call.action {
        ToolAction::RunCode { language, code } if call.origin == CallOrigin::Text => {
            Some((language, code))
        }
        _ => None,
    }
}

/// `call` with its code replaced by the Python `code` (what the engine ran in its stead).
pub fn as_python_call(call: &ToolCall, code: String) -> ToolCall {
    ToolCall {
        action: ToolAction::RunCode {
            language: "python".into(),
            code,
        },
        ..call.clone()
    }
}

/// Whether the call `call_id` ran this very code (surrounding whitespace aside).
fn ran_the_same(history: &History, call_id: &str, language: &str, code: &str) -> bool {
    history.call(call_id).is_some_and(|c| {
        matches!(&c.action, ToolAction::RunCode { language: l, code: k }
            if l == language && k.trim() == code.trim())
    })
}

/// How the nudges that quote an output start.
const NUDGE_START: &str = "Your code printed:";
const NOTHING_RAN: &str = "Nothing ran:";

/// What each nudge says, so a turn asks each one once.
const UNUSED: &str = "Your answer did not use it.";
const PRINTED_NOTHING: &str = "Your code printed nothing, so your answer did not come from it.";
const REPEATED: &str = "You asked to run the same code again;";
const FAILED_AGAIN: &str = "You asked to run the same code again, and";
const RAN_AGAIN: &str = "You asked to run the same code again:";
const SILENT_AGAIN: &str = "it ran already and printed nothing";
const DOCUMENT_START: &str = "Your code read";
const UNSAID: &str = "Your answer did not say what it says.";
const READ_AGAIN: &str = "You asked to read it again; it would say the same.";
const FILE_UNREAD: &str = "Your code did not read";
const FILE_UNMADE: &str = "Your code did not create";
const FILE_STILL_UNREAD: &str = "Your code still did not read";
const NOT_COMPUTED: &str = "That is not the answer yet:";
const UNCOMPUTED_ASK: &str = "Then tell me the value it prints.";
const ONE_ROW: &str = "Your answer took one of those values.";
const ONE_PER_ROW: &str = "Your code printed one value per row";
const UNROUNDED: &str = "as my request asks,";
const FAILED_ANSWER: &str = "Your last code did not work:";
const PARROTED: &str = "Those are my words said back, not the answer.";
const SAME_REPLY: &str = "You sent the same reply again, and it is still not an answer:";

fn already_nudged(turn: &[HistoryItem], marker: &str) -> bool {
    turn.iter().any(|i| {
        matches!(i, HistoryItem::ToolResult { tool_name, output, .. }
            if tool_name == crate::profile::FORMAT_ERROR && output.contains(marker))
    })
}

/// Whether the answer starts with a line of the system prompt said back (the 0.5B model
/// answered "How many files are in this folder?" with the prompt's line about documents).
fn echoes(answer: &str, system: &str) -> bool {
    let first = answer.trim().lines().next().unwrap_or_default().trim();
    let first = first.strip_prefix("- ").unwrap_or(first);
    let start: String = first.chars().take(60).collect();
    start.chars().count() >= 30 && system.contains(&start)
}

/// When a turn ends with no code run at all although the answer needed it, the message that
/// asks once for code: the answer holds code in a language nothing here runs (`sql`), or the
/// request names a file in the working folder that no code has read.
pub fn no_run_nudge(history: &History, answer: &str, cwd: &Path, system: &str) -> Option<String> {
    let (asked, turn) = history.last_turn()?;
    // The harness's own corrections are no run: the 0.5B model, its reply cut where it looped
    // ("…is 1000000000…"), answered "The largest number in numbers.txt is 10." with nothing run.
    if already_nudged(turn, NOTHING_RAN)
        || turn.iter().any(|i| {
            matches!(i, HistoryItem::ToolResult { tool_name, .. }
                if tool_name != crate::profile::FORMAT_ERROR)
        })
    {
        return None;
    }
    let request = request_text(asked);
    if echoes(answer, system) {
        return Some(format!(
            "{NOTHING_RAN} you said my instructions back instead of answering. Write Python code in a ```python block that computes the answer and prints it, for my request: {request}"
        ));
    }
    // A block that holds only a value is an answer shown as code, not code meant to run: the
    // 0.5B model answered "What is 200 written in hexadecimal? Use code." with ```python 200```.
    let languages: Vec<String> = crate::profile::text_calls::fenced_blocks(answer, true)
        .into_iter()
        .filter(|b| !crate::profile::text_calls::is_bare_value(&b.body))
        .map(|b| b.lang)
        .collect();
    if languages
        .iter()
        .any(|l| oi_exec::canonical_language(l).is_some())
    {
        // Code the model meant to run (cut off, or in a fence the profile does not take).
        return None;
    }
    let foreign = languages.into_iter().find(|l| !l.is_empty());
    if let Some(lang) = foreign {
        return Some(format!(
            "{NOTHING_RAN} `{lang}` is not a language that runs here. Write Python code in a ```python block that computes the answer and prints it, for my request: {request}"
        ));
    }
    if let Some(file) = named_files(&request)
        .into_iter()
        .find(|name| cwd.join(name).is_file())
    {
        return Some(format!(
            "{NOTHING_RAN} you answered without reading {file}. Write Python code in a ```python block that reads {file} and prints what my request needs: {request}"
        ));
    }
    if about_the_folder(&request) {
        return Some(format!(
            "{NOTHING_RAN} you answered without looking in the folder. Write Python code in a ```python block that lists it (`os.listdir('.')`) and prints what my request needs: {request}"
        ));
    }
    asks_for_code(&request).then(|| {
        format!(
            "{NOTHING_RAN} my request asks you to use code, and you answered without running any. Write Python code in a ```python block that computes the answer and prints it, for my request: {request}"
        )
    })
}

/// When the turn would end with an answer although no code read the file in the working
/// folder that the request names, or made the file it asks for: the message that asks once
/// for code that reads or makes it. The 0.5B model, asked for the sum of the numbers in
/// numbers.txt, summed a list it made up; asked to create hello.txt and tell its size, it
/// printed the text and answered with a size.
pub fn unread_file_nudge(history: &History, cwd: &Path) -> Option<String> {
    let (asked, turn) = history.last_turn()?;
    let told = already_nudged(turn, FILE_UNREAD);
    if already_nudged(turn, FILE_STILL_UNREAD) || already_nudged(turn, FILE_UNMADE) {
        return None;
    }
    let runs: Vec<&str> = code_runs(history, turn).map(|(code, _, _)| code).collect();
    if runs.is_empty() {
        // Nothing ran at all: `no_run_nudge` asks.
        return None;
    }
    let request = request_text(asked);
    let lower = request.to_lowercase();
    let makes = ["create", "write", "save", "make"].iter().any(|w| {
        lower
            .split(|c: char| !c.is_alphanumeric())
            .any(|word| word == *w)
    });
    let untouched = |name: &&str| {
        let base = name.rsplit('/').next().unwrap_or(name);
        !runs.iter().any(|code| code.contains(base))
    };
    let files = named_files(&request);
    if let Some(file) = files
        .iter()
        .copied()
        .filter(untouched)
        .find(|name| cwd.join(name).is_file())
    {
        if !told {
            return Some(format!(
                "{FILE_UNREAD} {file}. Write Python code in a ```python block that reads {file} and prints what my request needs: {request}"
            ));
        }
        // Told once, the code still made its data up (the 0.5B model summed `[1, 2, 3, 4,
        // 5]` twice for numbers.txt): the file's first lines show it is real and what it
        // holds, and the code that opens it is spelled out.
        let head = plain_text(file)
            .then(|| std::fs::read_to_string(cwd.join(file)).ok())
            .flatten()
            .map(|text| {
                let lines: Vec<String> = text
                    .lines()
                    .take(5)
                    .map(|l| l.chars().take(120).collect())
                    .collect();
                format!(" {file} begins:\n```\n{}\n```\n", lines.join("\n"))
            })
            .unwrap_or_else(|| " ".to_string());
        return Some(format!(
            "{FILE_STILL_UNREAD} {file}: it used data of its own.{head}Write Python code in a ```python block that starts with `text = open('{file}').read()`, works on `text`, and prints what my request needs: {request}"
        ));
    }
    if told {
        return None;
    }
    let file = files
        .iter()
        .copied()
        .filter(untouched)
        .find(|name| makes && !cwd.join(name).exists())?;
    Some(format!(
        "{FILE_UNMADE} {file}. Write Python code in a ```python block that creates {file} as my request says and prints what it needs: {request}"
    ))
}

/// Whether the request asks about what the working folder holds ("How many files are in this
/// folder?"): the 0.5B model answered it from the folder's name in the system prompt.
fn about_the_folder(request: &str) -> bool {
    let lower = request.to_lowercase();
    let words: Vec<&str> = lower.split(|c: char| !c.is_alphanumeric()).collect();
    let place = words.windows(2).any(|w| {
        matches!(w[0], "this" | "the" | "current" | "working")
            && matches!(w[1], "folder" | "directory")
    });
    place
        && words.iter().any(|w| {
            matches!(
                *w,
                "files"
                    | "file"
                    | "folders"
                    | "subfolders"
                    | "contains"
                    | "holds"
                    | "many"
                    | "largest"
                    | "newest"
                    | "biggest"
            )
        })
}

/// Whether the person asked for the answer to come from code ("Check with code", "Use code").
fn asks_for_code(request: &str) -> bool {
    let lower = request.to_lowercase();
    [
        "with code",
        "use code",
        "using code",
        "run code",
        "in code",
        "with python",
        "use python",
        "using python",
    ]
    .iter()
    .any(|p| lower.contains(p))
}

/// Words of `text` that look like file names (`poem.txt`, `data/sales.csv`).
pub(crate) fn named_files(text: &str) -> Vec<&str> {
    text.split(|c: char| c.is_whitespace() || "`'\",;:?!()".contains(c))
        .map(|w| w.trim_end_matches('.'))
        // Not the kernel's `computer.files.read`, which reads like a file name.
        .filter(|w| !w.starts_with("computer."))
        .filter(|w| {
            let Some((stem, ext)) = w.rsplit_once('.') else {
                return false;
            };
            !stem.is_empty()
                && (2..=5).contains(&ext.len())
                && ext.chars().all(|c| c.is_ascii_alphanumeric())
                && ext.chars().any(|c| c.is_ascii_alphabetic())
        })
        .collect()
}

/// Whether `answer` carries `output`'s value: one of its numbers, or its last line's words.
fn answer_uses(answer: &str, output: &str) -> bool {
    let answer = normalized(answer);
    let output = normalized(output);
    let printed = numbers_in(&output);
    if !printed.is_empty() {
        // A number of the answer that is one of them (`165` for `165.0`, `3.14` for
        // `3.14159`), not one that only holds its digits (`120` beside a printed `1`).
        let said = numbers_in(&answer);
        return printed
            .iter()
            .any(|p| said.iter().any(|a| same_number(a, p)));
    }
    let last = output
        .lines()
        .rev()
        .find(|l| !l.trim().is_empty())
        .unwrap_or("");
    let words: Vec<&str> = last
        .split(|c: char| !c.is_alphanumeric())
        .filter(|w| w.len() > 2)
        .collect();
    // Python's booleans are answered in words ("yes", "it is prime").
    if matches!(last.trim(), "true" | "false") {
        return true;
    }
    words.is_empty() || words.iter().any(|w| answer.contains(w))
}

/// `text` lowercased, without thousands separators (`1,234` is `1234`).
fn normalized(text: &str) -> String {
    text.to_lowercase().replace(',', "")
}

/// Numbers standing alone in `text` (`42`, `-3.5`, `2024-01-05`): not the digits inside a
/// name (`r1`, `page2.pdf`).
fn numbers_in(text: &str) -> Vec<&str> {
    text.split(|c: char| !(c.is_alphanumeric() || c == '.' || c == '-'))
        .map(|n| n.trim_matches(|c| c == '.' || c == '-'))
        .filter(|n| {
            n.chars().any(|c| c.is_ascii_digit())
                && n.chars()
                    .all(|c| c.is_ascii_digit() || c == '.' || c == '-')
        })
        .collect()
}

/// Whether the answer's number `said` is the printed `printed`, as written or rounded to the
/// digits the answer gives.
fn same_number(said: &str, printed: &str) -> bool {
    if said == printed {
        return true;
    }
    let (Ok(a), Ok(p)) = (said.parse::<f64>(), printed.parse::<f64>()) else {
        return false;
    };
    let decimals = decimal_places(said);
    let Ok(decimals) = i32::try_from(decimals) else {
        return false;
    };
    (a - p).abs() <= 0.5 * 10f64.powi(-decimals) + 1e-9 * p.abs().max(1.0)
}

/// The words of the person's message, on one line.
pub(crate) fn request_text(items: &[oi_protocol::InputItem]) -> String {
    let words: Vec<&str> = items
        .iter()
        .filter_map(|i| match i {
            oi_protocol::InputItem::Text { text } => Some(text.as_str()),
            _ => None,
        })
        .flat_map(str::split_whitespace)
        .collect();
    words.join(" ")
}

#[cfg(test)]
mod tests {
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
        let hint =
            uncomputed_hint(&h, &h.call("c1").cloned().unwrap(), printed, dir.path()).unwrap();
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
            misplaced_start(
                "n = 0\nfor x in a:\n    n += 1\nn = 0\nfor x in b:\n    n += 1\nprint(n)"
            ),
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
            hint.text
                .ends_with("It has no key `members`: where your code has `data['members']`, write `data['team']`."),
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
            hint.text
                .starts_with("`computer.files.read` returns the whole text as one string"),
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
            hint.undone && hint.text.starts_with("`computer.files.read` returns"),
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
        let out = "Traceback (most recent call last):\nTypeError: string indices must be integers, not 'str'";
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
            run_hint("python", crc, out, true, dir.path())
                .is_none_or(|h| !h.text.contains("it is in"))
        );
        let out = "AttributeError: module 'zlib' has no attribute 'crc32'";
        assert!(
            run_hint("python", crc, out, true, dir.path())
                .is_none_or(|h| !h.text.contains("it is in"))
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
        let out = "Traceback (most recent call last):\nValueError: could not convert string to float: 'm'";
        let hint = run_hint("python", chars, out, true, dir.path()).unwrap();
        assert!(
            hint.text
                .starts_with("`computer.files.read` returns the whole text as one string")
                && hint.text.contains("`temps.txt` begins:"),
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
        let json_call = r#"{"name": "execute", "arguments": {"language": "python", "code": "print(6765 - 2584)"}}"#;
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
        let nudge =
            unused_output_nudge(&h, "The code printed the sum of units times price.").unwrap();
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
        let hinted =
            "\n(The code printed nothing. Print the values you need to see: `print(result)`.)";
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
            ran("print('hi there')", "hi there\n")
                .is_none_or(|h| !h.text.contains("did not create"))
        );
        assert_eq!(
            uncreated_file(
                "How many lines does poem.txt have?",
                "print(4)",
                Path::new("/nonexistent-folder")
            ),
            None
        );
    }

    #[test]
    fn a_count_without_the_word_the_lines_mention_and_a_match_printed_from_a_file_here_are_explained()
     {
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
        let nudge = unprinted_answer_nudge(&h, hinted.trim().trim_matches(['(', ')']), here.path())
            .unwrap();
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
        let request =
            "Convert 100 degrees Fahrenheit to Celsius with code, rounded to one decimal.";
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
        let request =
            "Convert 100 degrees Fahrenheit to Celsius with code, rounded to one decimal.";
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
            nudge.contains("about `stressed`")
                && nudge.ends_with("Then tell me the value it prints."),
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
            let hint =
                run_hint("python", "print(open(p).read())", &output, true, dir.path()).unwrap();
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
        let beside =
            "FileNotFoundError: [Errno 2] No such file or directory: '/elsewhere/notes.txt'\n";
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
        let text = "report.pdf (PDF, 2 pages)\n--- page 1 ---\nCover.\n--- page 2 ---\nIt opens on Tuesday.\n";
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
                nudge.starts_with(
                    "Your code read /d/harbour-report.pdf (PDF, 2 pages):\nHarbour works"
                ),
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
        let find =
            |request: &str| unfound_document(&asked(request), here.path(), true).map(|f| f.0);
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
                .starts_with(
                    "found = computer.files.find(kind=\"docx\", modified_within=\"14d\")\n"
                )
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
        vec![
            HistoryItem::Assistant {
                text: "Done.".into(),
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
            repeated_run_nudge(&h, &run("print(2**40)\n"), Path::new("/nonexistent-folder"))
                .unwrap();
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
        let back = repeated_run_nudge(&two, &run("print(2**40)"), Path::new("/nonexistent-folder"))
            .unwrap();
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
        let hinted =
            "\n(The code printed nothing. Print the values you need to see: `print(result)`.)";
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
        let hinted =
            "\n(The code printed nothing. Print the values you need to see: `print(result)`.)";
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
            said.contains(&format!("This code ran already and printed nothing: ```python {write} ``` Do not run it again.")),
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
        let view = fresh_answer(&asked).unwrap();
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
        let view = fresh_answer(&quoted).unwrap();
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
        let failed_install =
            runs_marked(request, &[(code, missing, true), (install, "ERROR", true)]);
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
        let again =
            repeated_run_nudge(&asked, &run(code), Path::new("/nonexistent-folder")).unwrap();
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
        let nudge =
            repeated_run_nudge(&h, &run(install), Path::new("/nonexistent-folder")).unwrap();
        assert!(nudge.contains("ran already and worked"), "{nudge}");
        assert!(nudge.contains(request), "{nudge}");
        assert!(!nudge.contains("Collecting"), "{nudge}");
        // Each time it repeats (the turn's limit on corrections in a row ends the loop).
        let mut asked = h.clone();
        for item in after_answer(nudge) {
            asked.push(item);
        }
        assert!(
            repeated_run_nudge(&asked, &run(install), Path::new("/nonexistent-folder")).is_some()
        );
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
            texts[1].contains(
                "failed with:\nSyntaxError: 'return' outside function\n(`return` works only"
            ),
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
        let (print, says) = print_unprinted(&h).unwrap();
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
        assert_eq!(print_unprinted(&printed), None);
        // A value the request does not ask about, one read later, or one inside a function
        // (not the kernel's) is not this.
        assert_eq!(
            print_unprinted(&runs("How many teams?", &[(code, "{}\n")])),
            None
        );
        let used = "average_age = 110 / 3\nprint(round(average_age, 1))";
        assert_eq!(print_unprinted(&runs(request, &[(used, "36.7\n")])), None);
        let local =
            "def f(ages):\n    average_age = sum(ages) / len(ages)\n    return 0\nprint(f([1]))";
        assert_eq!(print_unprinted(&runs(request, &[(local, "0\n")])), None);
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
        assert_eq!(stuck_view(&h), None);
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
        let (view, temperature) = stuck_view(&h).unwrap();
        assert_eq!(temperature, STUCK_TEMPERATURE);
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
        assert_eq!(stuck_view(&other).map(|(_, t)| t), Some(0.0));
        // Calls that ran nothing, twice: asked for a python block, without their JSON example.
        let unknown = "There is no tool named `done`, so nothing ran. The tools here are: `execute`. To work something out, … like {\"name\":\"execute\",…}";
        let mut calls = runs(request, &[]);
        for id in ["c1", "c2"] {
            for item in corrected("{\"name\": \"done\"}", id, unknown) {
                calls.push(item);
            }
        }
        let (view, temperature) = stuck_view(&calls).unwrap();
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
        assert_eq!(stuck_view(&worked), None);
        for item in corrected("OK", "c3", told) {
            worked.push(item);
        }
        let (view, _) = stuck_view(&worked).unwrap();
        assert_eq!(view.items()[..3], worked.items()[..3]);
        assert_eq!(view.items().len(), 4);
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
                made.replace("reader = csv.reader(f)\n", "reader = csv.reader(f)\n    next(reader)\n"),
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
            assert!(says.contains("converts `qty`, a column name of the header of inventory.csv"), "{says}");
            // Code that skips the header already, or a value that is no column name: nothing.
            let skipped = runs_ending(request, &[(want.as_str(), &output)], true);
            assert_eq!(mended_header(&skipped, Some(&run(&want)), here.path()), None);
            let other = output.replace("'qty'", "'12 units'");
            let h = runs_ending(request, &[(code, &other)], true);
            assert_eq!(mended_header(&h, Some(&run(code)), here.path()), None);
        }
    }

    #[test]
    fn a_part_of_computer_that_does_not_exist_is_named_then_its_import_dropped() {
        let code = "import computer.files\nimport computer.system\nfrom computer.system import logs\ntext = computer.files.read('server.log')\nprint(len(text.splitlines()))";
        let out = "Traceback (most recent call last):\nModuleNotFoundError: No module named 'computer.system'; 'computer' is not a package";
        let hint = run_hint("python", code, out, true, Path::new("/nonexistent-folder")).unwrap();
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
        let hint = run_hint("python", code, out, true, Path::new("/nonexistent-folder")).unwrap();
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
        let nudge =
            repeated_run_nudge(&engines, &run(code), Path::new("/nonexistent-folder")).unwrap();
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
        let code = "import datetime\nyear = datetime.date.today().year\nprint(366 if year % 4 == 0 else 365)";
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
    }

    #[test]
    fn a_function_that_never_uses_its_parameter_goes_back_as_undone() {
        // Fourth set, task 17: the year given, and today's year returned.
        let code = "import datetime\n\ndef days_in_year(year):\n    # Get the current date\n    current_date = datetime.date.today()\n    days_in_year = current_date.year\n    return days_in_year\n\ndays = days_in_year(2100)\nprint(days)";
        assert_eq!(unused_parameter(code), Some(("days_in_year", "year")));
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
        ] {
            assert_eq!(unused_parameter(fine), None, "{fine}");
        }
        assert_eq!(
            unused_parameter("def add(a, b):\n    return a + a\nprint(add(1, 2))"),
            Some(("add", "b"))
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
            hint.text.contains("`published` is not a key of `books.json`, so your code found nothing under it: it holds a list of 1 objects with the keys `meta`, `title`, `year`."),
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
        assert!(
            unused_output_nudge(&h, "The item with the largest count is in the list.").is_some()
        );
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
        let out = "Traceback (most recent call last):\nAttributeError: 'str' object has no attribute 'get'";
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
        let hint =
            uncomputed_hint(&h, &call, "Number of lines in nums.csv: 3\n", here.path()).unwrap();
        assert!(hint.undone);
        assert!(
            hint.text.contains(
                "your code wrote `nums.csv` and printed a number it did not take from it"
            ),
            "{}",
            hint.text
        );
        // Read back (opened to read, its lines read), or its path in a name: not this.
        for read in [
            format!("{code}\nwith open('nums.csv') as f:\n    print(len(f.readlines()))"),
            format!("{code}\nprint(len(open('nums.csv').readlines()))"),
            "path = 'nums.csv'\nwith open(path, 'w') as f:\n    f.write('n\\n10\\n20\\n30\\n')\nprint(len(open(path).readlines()))".to_string(),
        ] {
            assert_eq!(unread_made_file(request, &read, here.path(), "4"), None, "{read}");
        }
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
        assert!(
            unmatched_search("re.findall(r'JOB', open('jobs.log').read())", here.path()).is_some()
        );
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
        let hint = run_hint("python", code, out, true, Path::new("/nonexistent-folder")).unwrap();
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
        let out = "Traceback (most recent call last):\n  File \"<cell 2>\", line 3\nKeyError: 'department'";
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
            nudge.starts_with("You asked to run the same code again, and it printed:\n1\n(That is not the answer yet:"),
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
        let code =
            "print([y for y in range(2000, 2101) if y % 4 == 0 and (y % 100 or y % 400 == 0)])";
        let hint = uncomputed(request, code, "[2000, 2004, 2008, 2012]\n").unwrap();
        assert!(hint.undone);
        assert!(
            hint.text.contains("printed the 4 values themselves"),
            "{}",
            hint.text
        );
        assert_eq!(printed_collection("['a, b', 'c']"), Some(2));
        assert_eq!(printed_collection("{'x', 'y', 'z'}"), Some(3));
        assert_eq!(printed_collection("[(1, 2), (3, 4)]"), Some(2));
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
        let request =
            "What is the sentence 'the cat sat' with its words in reverse order? Use code.";
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
        let request = "Sort the words pear, apple, fig and kiwi alphabetically with code. Which one comes last?";
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
}
