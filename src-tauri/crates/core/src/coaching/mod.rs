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
        // A function looped over as if it were the text of its name (the 0.5B model's
        // `def abc(): … for c in abc`, for "'abc' with each letter shifted"; twenty-fourth
        // set, task 17).
        if output.contains("'function' object is not iterable")
            && let Some(name) = function_looped(code)
        {
            return hint(
                &format!(
                    "`{name}` in your code is the function itself, not the text `'{name}'`: loop over the text in quotes, `for c in '{name}'`, or over a value the function returns, `{name}()`."
                ),
                false,
            );
        }
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
        // A number with decimals given to `int()` (the 0.5B model's `int(row[3])` of `40.00`
        // was answered with the file's header, and it sent the same code back three times).
        if let Some(value) = decimal_for_int(output)
            && let Some(mended) = float_for_int(code, output)
            && let Some((_, is)) = code.lines().zip(mended.lines()).find(|(a, b)| a != b)
        {
            return hint(
                &format!(
                    "`int()` does not read `'{value}'`: it is a number with a decimal point. Convert it with `float()`: `{}`.",
                    is.trim()
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
        // A date format that does not fit the text (the 1.5B model parsed the years of
        // people.json, `1988`, with `'%Y-%m-%d'` until its time ran out; twenty-second set,
        // task 27).
        // The header of a table read as a date: its first line is no row (the 0.5B model's
        // `strptime` of `date`, events.csv's header; twenty-fourth set, task 31).
        if let Some((field, file)) = header_as_date(code, output, cwd) {
            return hint(
                &format!(
                    "`'{field}'` is no date: it is the header of `{file}`, its first line, which names the columns. Skip that line and read the rows after it (`lines[1:]`, or `next(reader)` before the loop)."
                ),
                false,
            );
        }
        if let Some((field, format)) = date_without_its_time(code, output) {
            return hint(
                &format!(
                    "`'{field}'` is the date alone: `.split()[0]` took the first field of the line, and its time is the next one, `.split()[1]`. Parse the two together, `' '.join(line.split()[:2])`, with `'{format}'`."
                ),
                false,
            );
        }
        if let Some(text) = date_format_mismatch(output) {
            return hint(&text, false);
        }
        if output.contains("strptime() argument 1 must be str, not int") {
            return hint(
                "`strptime` reads a date written as text, and your code gave it a number (an `int`): the value is a number already (a year alone, say), so compare or compute with it as it is, without `strptime`.",
                false,
            );
        }
        // Once the code got as far as the filter: not before an import or a syntax error.
        if !nothing_ran(output)
            && !output.contains("ImportError")
            && let Some(text) = empty_table_filter(code, cwd)
        {
            return hint(&text, false);
        }
        if let Some((call, name)) = list_searched(code, output) {
            return hint(
                &format!(
                    "`re.{call}` searches one string, and `{name}` is a list (of lines): search each line in a loop, `for line in {name}:`, or the whole text, `'\\n'.join({name})`."
                ),
                false,
            );
        }
        // The 1.5B model skipped the header with `next(reader)`, then looked for `email` in
        // `reader[0]` (twenty-eighth set, task 19).
        if [
            "'_csv.reader' object is not subscriptable",
            "'DictReader' object is not subscriptable",
        ]
        .iter()
        .any(|e| output.contains(e))
        {
            return hint(
                "A `csv.reader` reads rows one by one and cannot be indexed (`reader[0]`). Its first row, the column names, is `header = next(reader)`, taken before any other row; or make it a list first, `rows = list(reader)`, and `rows[0]` is the header.",
                false,
            );
        }
        if output.contains("object of type '_csv.reader' has no len()") {
            return hint(
                "A `csv.reader` reads rows one by one and has no `len()`. Make it a list first, `rows = list(reader)`, then use `len(rows)`, or count the rows as the loop reads them.",
                false,
            );
        }
        if output.contains(SERIES_AXIS)
            && let Some(mended) = without_row_axis(code)
            && let Some((was, is)) = code.lines().zip(mended.lines()).find(|(a, b)| a != b)
        {
            return hint(
                &format!(
                    "One column of a table (a Series) has no `axis=1`: it is one value per row already. Write `{}`, not `{}`.",
                    is.trim(),
                    was.trim()
                ),
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
        // A time difference taken for a date (the 0.5B model printed `days_left.strftime('%d')`
        // for the days left in 2027, and sent it back; twenty-third set, task 20).
        if let Some(attribute) = output
            .split("AttributeError: 'datetime.timedelta' object has no attribute '")
            .nth(1)
            .and_then(|rest| rest.split('\'').next())
        {
            return hint(
                &format!(
                    "That value is a time difference (`timedelta`), not a date, and it has no `.{attribute}`: its whole days are `.days`, and `.total_seconds()` gives all of it in seconds."
                ),
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
        // TOML read with the `toml` package: the standard library has its reader (the 1.5B
        // model, told to use the standard library, printed `csv.__version__` for
        // pyproject.toml's version).
        if missing_module(output).is_some_and(|m| m == "toml" || m == "tomli") {
            return hint(
                "`toml` is not installed in this Python, and the standard library reads TOML (Python 3.11 and later): `import tomllib` and `data = tomllib.load(open(path, 'rb'))`, a dict of its sections. Or read the file's lines as text and take what follows the key's `=`.",
                false,
            );
        }
        if let Some(module) = missing_module(output) {
            return hint(
                &format!(
                    "`{module}` is not installed in this Python. Do it with the standard library instead (csv, json, statistics, collections, pathlib), or install it first (`pip install {module}`) if it is needed.{}",
                    numpy_in_plain_python(module, code)
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
        // Dates given to `range()` (the 1.5B model's `for date in range(start_date,
        // end_date)` to count the Mondays of 2027, sent back unchanged).
        if (output.contains("'datetime.datetime' object cannot be interpreted as an integer")
            || output.contains("'datetime.date' object cannot be interpreted as an integer"))
            && code.contains("range(")
        {
            return hint(
                "`range()` counts whole numbers, not dates. Step through the dates a day at a time instead: `day = start` then `while day < end:` … `day += timedelta(days=1)` (`from datetime import timedelta`).",
                false,
            );
        }
        if let Some((given, name)) = unread_config_path(code, cwd) {
            return hint(
                &format!(
                    "`{given}` does not exist, so `.read('{given}')` read nothing (configparser skips a missing file without a word) and the sections your code asked for are not there. `{name}` {FILE_IS_HERE} ({}): read it as `'{name}'`.",
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
        // Text of several lines opened as a file's name: the 0.5B model wrote rows of its
        // own into `calls_csv` and passed them to `open()` (twenty-sixth set, task 27).
        if missing_path(output).is_some_and(|given| given.contains("\\n"))
            && let Some((_, listed)) = folder_listing(cwd)
        {
            return hint(
                &format!(
                    "`open()` was given text of several lines, not a file's name: your code wrote data of its own and opened it as a path. The working directory ({}) holds: {listed}. Open the file there by its name, `open('name')`, and work on what it holds, not on data you write.",
                    cwd.display()
                ),
                false,
            );
        }
        if let Some((given, listed)) = missing_file_listed(output, cwd) {
            // A name only written inside a file that is here (a patch's `+++ b/src/app.py`):
            // the 1.5B model opened, then wrote, the patched file until its time ran out
            // (thirty-third set, task 31).
            let inside = match named_inside(&given, cwd) {
                Some((named, holder)) => format!(
                    " `{named}` is only named inside `{holder}`: what my request needs is in `{holder}` itself, so read that."
                ),
                None => String::new(),
            };
            return hint(
                &format!(
                    "`{given}` does not exist. The working directory ({}) holds: {listed}. Use what is there; do not make up file names.{inside}",
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
        // Or compared with a number (the 1.5B model's `product['stock'] < least`, `stock` an
        // object of two counts, until its time ran out).
        let added_objects = (output.contains("TypeError: unsupported operand type(s)")
            || output.contains("not supported between instances of"))
            && (output.contains("'dict'") || output.contains("'list'"))
            && summed_objects(code, cwd).is_none();
        if (looped_a_dict || added_objects || output.contains("KeyError: "))
            && let Some(text) = json_shapes(code, cwd, looped_a_dict, missing_key(output))
        {
            return hint(&text, false);
        }
        // A CSV file's text taken for its rows by column name: the 0.5B model's
        // `staff = computer.files.read('staff.csv')`, then `row['salary'] for row in staff`,
        // told to split lines, ran it again (twenty-ninth set, task 23).
        if output.contains("string indices must be integers")
            && let Some((file, column)) = csv_text_as_rows(code, cwd)
        {
            return hint(
                &format!(
                    "`{file}` read whole is one string, its text, and a string has no `['{column}']`: read its rows with `rows = list(csv.DictReader(open('{file}')))`, each a dict by column name, and convert each number you use, `float(row['{column}'])`."
                ),
                false,
            );
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
        // A table of `;` (or tab, `|`) columns read with the csv module's commas: the 1.5B
        // model's `row['amount']` of payments.csv, whose one column was `date;payee;amount`
        // (thirty-third set, task 33).
        if let Some(key) = missing_key(output)
            && let Some(text) = other_separator_table(code, key, cwd)
        {
            return hint(&text, false);
        }
        // Several YAML documents read as one (a Kubernetes file's Deployment, Service…, each
        // after `---`): the 1.5B model ran `yaml.safe_load` on deploy.yaml four times
        // (thirty-third set, task 24).
        if output.contains("expected a single document in the stream") {
            let file = named_files(code)
                .into_iter()
                .find(|n| n.ends_with(".yaml") || n.ends_with(".yml"))
                .map_or_else(|| "The file".to_string(), |n| format!("`{n}`"));
            return hint(
                &format!(
                    "{file} holds several YAML documents, each after a `---` line, and `yaml.safe_load` reads one: read them all with `docs = list(yaml.safe_load_all(text))`, then take the one my request is about by its fields (`doc['kind']`, `doc['metadata']['name']`)."
                ),
                false,
            );
        }
        // A YAML key looked for under another key than its own (the 0.5B model's
        // `settings['app']['port']` of a settings.yaml whose port is the server's).
        if let Some(text) = missing_key(output).and_then(|key| yaml_key_path(code, key, cwd)) {
            return hint(&text, false);
        }
        // A section of an INI-style file looked up by a value one of its sections holds (the
        // 1.5B model's `config['submodule "vendor/json"']` of .gitmodules, whose section of that
        // path is `submodule "json"`; thirty-fourth set, task 13).
        if let Some(text) =
            missing_key(output).and_then(|key| section_named_by_value(code, key, cwd))
        {
            return hint(&text, false);
        }
        // A row label looked up as a column: `df[df['diff'].idxmax()]` is `KeyError: 5` (the
        // 1.5B model was told its own new column was none of the file's, and ran it again
        // until its time ran out; twenty-ninth set, task 19).
        if let Some((written, name, inner)) = label_as_column(code, output) {
            return hint(
                &format!(
                    "`{written}` looks up a column by that name: `idxmax()` and `idxmin()` give a row's label, and a row is taken by its label with `.loc`, `{name}.loc[{inner}]`."
                ),
                false,
            );
        }
        // The key the error names, not another one the code reads.
        if output.contains("KeyError: ")
            && let Some((file, key, columns)) = unknown_csv_key(code, cwd)
            && missing_key(output) == Some(key.as_str())
        {
            return hint(&unknown_key_says(&file, &key, &columns), false);
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
        // A column of dates read as text (the 0.5B model's `df['date'].dt.strftime('%m')`
        // of a `pd.read_csv` table, sent back as it was).
        if output.contains("Can only use .dt accessor with datetimelike values") {
            static DATES: std::sync::LazyLock<Option<regex::Regex>> =
                std::sync::LazyLock::new(|| regex::Regex::new(r"(\w+\[[^\[\]\n]+\])\.dt\b").ok());
            let column = DATES
                .as_ref()
                .and_then(|re| re.captures(code))
                .map_or_else(|| "df['date']".to_string(), |c| c[1].to_string());
            return hint(
                &format!(
                    "`{column}` holds text, not dates: `pd.read_csv` leaves dates as text. Convert the column first, `{column} = pd.to_datetime({column})`, then use `.dt`."
                ),
                false,
            );
        }
        // Fields of a table used in arithmetic as they were read, as text (the 0.5B model's
        // `row[1] * row[2]` of sales.csv: "can't multiply sequence by non-int of type 'str'").
        if let Some(text) = text_column_in_arithmetic(code, output, cwd)
            .or_else(|| text_fields_in_arithmetic(code, output))
        {
            return hint(&text, false);
        }
        // Every column of a row converted, the text column among them (the 1.5B model's
        // `sum(float(row[c]) for c in row)` over scores.csv failed on the name `ana`, and it
        // skipped the row of ana until its time ran out; twenty-fourth set, task 29).
        if let Some(value) = unconverted(output)
            && let Some((column, name)) = every_column_converted(code, value, cwd)
        {
            return hint(
                &format!(
                    "`{value}` is in the column `{column}`, which holds text, and your code converts every column of the row: leave that one out, `sum(float(row[c]) for c in row if c != '{column}')`, and keep `row['{column}']` for the {name}."
                ),
                false,
            );
        }
        // A time of minutes and seconds converted whole, `int('4:30')`, or its parts' list,
        // `int(duration.split(':'))` (the 0.5B model, over the durations of calls.csv, mended
        // the one into the other; twenty-sixth set, task 27).
        if let Some(text) =
            colon_time_converted(output).or_else(|| split_list_converted(code, output))
        {
            return hint(&text, false);
        }
        // A version of three parts or more converted as a number (the 1.5B model's
        // `max(versions, key=int)` failed on '1.9.7', and it then compared the versions' first
        // parts as text; twenty-sixth set, task 20).
        if let Some(version) =
            unconverted(output).filter(|v| version_parts(v).is_some_and(|parts| parts.len() > 2))
        {
            return hint(
                &format!(
                    "`{version}` is a version, numbers joined by dots, and no `int()` or `float()` takes it whole. Convert each part, `tuple(int(p) for p in v.split('.'))`: the newest is `max(versions, key=lambda v: tuple(int(p) for p in v.split('.')))`."
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
        // (Or a character no parser took: `ipaddress.ip_address` of `1`, the 1.5B model's loop
        // over ips.txt read whole; thirty-fourth set, task 27.)
        let one_char = (unconverted(output).is_some_and(|t| t.chars().count() == 1)
            || unparsed_character(output))
            && read_as_one_string(code).is_some();
        // Or a column of such a row, a character (the 1.5B model's `row[1] for row in
        // meetings[1:]` of `computer.files.read('meetings.csv')`; twenty-seventh set, task 28).
        let short_rows = (output.contains("IndexError: list index out of range")
            || output.contains("IndexError: string index out of range"))
            && read_as_one_string(code) == Some(true);
        if (one_char || short_rows)
            && let Some(text) = text_heads(code, cwd)
        {
            return hint(&format!("{ONE_STRING}\n{text}"), false);
        }
        // An infinity to start a search for the smallest date from: a number, which no date
        // compares with (the 1.5B model's `earliest_date = float('inf')`, then `date <
        // earliest_date`; it mended the error into others until its time ran out; twenty-first
        // set, task 22).
        if let Some(kind) = compared_with_infinity(code, output) {
            return hint(
                &format!(
                    "`float('inf')` is a number, and your values are `{kind}`: Python compares no `{kind}` with a number. Take `min(...)` or `max(...)` of all the values instead (`earliest = min(dates)`), or start from the first value rather than from `float('inf')`."
                ),
                false,
            );
        }
        // The first character of an empty string: the 0.5B model tested `line[0].isupper()` of
        // `content.split('\n')`, whose last item is empty (nineteenth set, task 28).
        if output.contains("IndexError: string index out of range")
            && let Some(name) = first_char_taken(code)
        {
            return hint(
                &format!(
                    "`{name}[0]` fails on an empty string, and some `{name}` is empty (a blank line, or the empty piece after the last `\\n` of a text split at `\\n`). Take `{name}[:1]` instead (`{name}[:1].isupper()`), or skip the empty ones (`if {name}`)."
                ),
                false,
            );
        }
        // An empty line converted (the 0.5B model's `int(line.strip())` over numbers.txt,
        // which has blank lines; told to look at what each line holds, it kept the lines as
        // strings and printed the largest of them by the alphabet, '8').
        if unconverted(output) == Some("")
            && let Some((name, blank)) = blank_lines_read(code, cwd)
        {
            return hint(
                &format!(
                    "`{name}` has empty lines ({blank}), and an empty line is no number. Skip them as you convert: `[int(line) for line in lines if line.strip()]`."
                ),
                false,
            );
        }
        // A column past the last one, taken for a column the file has by name (the 0.5B
        // model took `cost = float(row[3])` where `cost` is `row[2]`).
        if output.contains("IndexError: list index out of range")
            && let Some(text) = column_mixed_up(code, cwd)
        {
            return hint(&text, false);
        }
        // The text after a label split again and indexed as a whole line would be (the 1.5B
        // model's `text.split('MemTotal:')[1].split()[1]` of meminfo.txt, `kB`, told which
        // field of a line is the number and sent back three times; thirty-fourth set, task 17).
        if let Some(value) = unconverted(output)
            && let Some(text) = label_split_index(code, value, cwd)
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
        // A file's name written as Python (`print(app.env)`): the 0.5B model ran it twice.
        if let Some(file) = missing_name(output).and_then(|n| file_as_name(code, n, cwd)) {
            return hint(
                &format!(
                    "`{file}` is a file in the working folder, not a name in Python: write its name in quotes and read it, `text = open('{file}').read()`, then work on `text`."
                ),
                false,
            );
        }
        // A module used by another name than the one imported (the 1.5B model imported
        // `tomllib`, as told, and called `toml.load`).
        if let Some((name, module)) =
            missing_name(output).and_then(|n| Some((n, imported_like(code, n)?)))
        {
            return hint(
                &format!(
                    "`{name}` is not defined: your code imported `{module}`, so call it by that name (`{module}.` where it wrote `{name}.`)."
                ),
                false,
            );
        }
        if let Some((name, import)) =
            missing_name(output).and_then(|n| Some((n, import_for(n, code)?)))
        {
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
        // The 1.5B model wrote `sum(int(digit) for digit in str(i) for i in range(1, 101))`
        // and sent it back unchanged (twenty-fifth set, task 11).
        if let Some(Reordered {
            uses, gives, name, ..
        }) = comprehension_out_of_order(code, output)
        {
            return hint(
                &format!(
                    "`{uses}` uses `{name}`, which the `{gives}` after it gives: the `for`s of a comprehension run from left to right, so write `{gives}` first, then `{uses}`."
                ),
                false,
            );
        }
        // A function called that nothing defines: the 1.5B model listed made-up tools
        // (`json_parse`, `get`) before its code and called them (twenty-third set, task 22).
        if let Some(name) = missing_name(output).filter(|n| called_undefined(code, n)) {
            return hint(
                &format!(
                    "`{name}` is no function here: nothing defines it, and Python has none of that name. Write what it does with Python itself (`json.loads(text)`, `data[key]`, `min(items, key=...)`), or define it first with `def {name}(...):`."
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
    // A count of none because a value compared with `==` is in another case in the file (the
    // 1.5B model counted the chores of "Sam" in a file that writes "sam", printed 0, and
    // answered that there are none; twenty-third set, task 33). Before the words missed: the
    // 1.5B model's `task['done'] == 'No'` over a file of `no` was told its date was missed
    // (twenty-eighth set, task 28).
    // A zero written as a float too: the 1.5B model's `row['name'] == 'Bob'` printed "Total
    // hours worked by Bob: 0.00 hours" for a file of `bob` (thirty-first set, task 33).
    if matches!(numbers_in(output.trim()).as_slice(), [n] if n.parse::<f64>().is_ok_and(|v| v == 0.0))
        && let Some((written, spelled, file)) = compared_in_other_case(code, cwd)
    {
        return hint(
            &format!(
                "The code found none: `{file}` writes `{spelled}`, not `{written}`, and `==` tells upper and lower case apart, so nothing matched. Compare with `'{spelled}'`, or lower both sides (`x.lower() == '{}'`).",
                spelled.to_lowercase()
            ),
            true,
        );
    }
    // A plain text read whole and taken item by item: characters, where the code meant lines
    // or numbers. The largest character, or a loop that found nothing, is never what the
    // request needed (the run goes back as undone); a length may be (its characters). Told
    // before a word the search missed: no character holds a word, and that is why it missed,
    // not how the lines are written (the 1.5B model's `line for line in app_properties if
    // "db.url" in line`; thirty-third set, task 30).
    if let Some(items) = read_as_one_string(code)
        && output.trim().lines().count() <= 2
    {
        return hint(ONE_STRING, items || output.trim().is_empty());
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
    if let Some((written, spelled, file)) = compared_in_other_case(code, cwd) {
        return hint(
            &format!(
                "The code printed nothing: `{file}` writes `{spelled}`, not `{written}`, and `==` tells upper and lower case apart, so nothing matched. Compare with `'{spelled}'`, or lower both sides (`x.lower() == '{}'`).",
                spelled.to_lowercase()
            ),
            true,
        );
    }
    hint(SILENT_RUN, false)
}

/// The strings `code` compares with `==` (`== 'Bob'`, `'Bob' ==`) that hold at least
/// `letters` letters.
fn compared_strings(code: &str, letters: usize) -> Vec<&str> {
    static COMPARED: std::sync::LazyLock<Option<regex::Regex>> = std::sync::LazyLock::new(|| {
        regex::Regex::new(r#"==\s*(?:'([^'\n]+)'|"([^"\n]+)")|(?:'([^'\n]+)'|"([^"\n]+)")\s*=="#)
            .ok()
    });
    let Some(compared) = COMPARED.as_ref() else {
        return Vec::new();
    };
    compared
        .captures_iter(code)
        .filter_map(|c| (1..=4).find_map(|i| c.get(i)).map(|m| m.as_str()))
        .filter(|l| l.chars().filter(|c| c.is_alphabetic()).count() >= letters)
        .collect()
}

/// A string the code compares with `==` (`user['name'] == 'Bob'`) that a file it reads holds
/// only in another case (`bob`): that string, the file's spelling and the file. The 1.5B model
/// looked for `'Bob'` in users.json, printed nothing, then answered with an address it made up
/// (nineteenth set, task 23).
fn compared_in_other_case(code: &str, cwd: &Path) -> Option<(String, String, String)> {
    let bare = uncommented(code);
    let compared = compared_strings(&bare, 1);
    named_files(code).into_iter().find_map(|name| {
        let text = small_file_text(&cwd.join(name))?;
        let lower = text.to_lowercase();
        compared.iter().find_map(|literal| {
            if text.contains(literal) || !literal.is_ascii() || !text.is_ascii() {
                return None;
            }
            let at = lower.find(&literal.to_lowercase())?;
            let spelled = &text[at..at + literal.len()];
            Some((literal.to_string(), spelled.to_string(), name.to_string()))
        })
    })
}

/// The hint for a plain text file read whole and taken item by item ([`read_as_one_string`]).
const ONE_STRING: &str = "`computer.files.read` and a file's `.read()` return the whole text as one string, so `len()`, `max()`, `min()`, `csv.reader()` and loops over it go character by character. Use `.splitlines()` for its lines, `.split()` for its words, and `int()` or `float()` for its numbers.";

/// The hint for a run that printed nothing, when nothing more precise applies.
const SILENT_RUN: &str =
    "The code printed nothing. Print the values you need to see: `print(result)`.";

/// What a request's first part did to a folder: the files of one extension deleted or moved
/// ("Delete every .tmp file in this folder, then tell me how many files are left"), when the
/// code names that extension and none of those files is left in the folder.
struct FolderChange<'r> {
    /// "deleted" or "moved".
    done: &'static str,
    /// The extension, with its dot (`.tmp`).
    extension: String,
    /// What the request asks after its first part.
    rest: &'r str,
}

/// The [`FolderChange`] a request asks for and the code made, if it did.
fn folder_change<'r>(request: &'r str, code: &str, cwd: &Path) -> Option<FolderChange<'r>> {
    let lower = request.to_lowercase();
    let at = lower.find(" then ")?;
    let first = &lower[..at];
    let done = if ["delete", "remove", "erase"]
        .iter()
        .any(|w| first.contains(w))
    {
        "deleted"
    } else if first.contains("move") {
        "moved"
    } else {
        return None;
    };
    let extension = format!(".{}", asked_extension(first)?);
    if !uncommented(code).to_lowercase().contains(&extension) {
        return None;
    }
    let left = std::fs::read_dir(cwd)
        .ok()?
        .filter_map(|e| e.ok()?.file_name().into_string().ok())
        .any(|n| n.to_lowercase().ends_with(&extension));
    let rest = request[at + " then ".len()..].trim();
    (!left && !rest.is_empty()).then_some(FolderChange {
        done,
        extension,
        rest,
    })
}

/// When the request's first part deleted or moved files of one extension ([`folder_change`]):
/// what is done, and the rest. The 0.5B model deleted the .tmp files, printed nothing, and
/// said so twice.
fn folder_change_rest<'r>(request: &'r str, code: &str, cwd: &Path) -> Option<(String, &'r str)> {
    let c = folder_change(request, code, cwd)?;
    Some((
        format!("Every {} file is {} already.", c.extension, c.done),
        c.rest,
    ))
}

/// When code wrote the file a request creates and printed nothing, and the request asks more
/// after it ("…, then tell me its size in bytes"): that file and the rest to do.
fn made_file_rest<'r>(request: &'r str, code: &str, cwd: &Path) -> Option<(&'r str, &'r str)> {
    let deletes = asks_to_delete(request);
    if !asks_to_create(request) && !asks_to_change(request) && !deletes {
        return None;
    }
    // The file made or changed is there now, and the code wrote it (a file that was there
    // before is no sign: the 0.5B model only read tasks.txt, and was told it had appended to
    // it); the one deleted is gone.
    // The file the code opens for writing by its name, if it names one that way: not the one it
    // read ("Sort the names in names.txt … and write them to sorted.txt").
    let named = named_files(request);
    let by_name: Vec<&str> = named
        .iter()
        .copied()
        .filter(|file| {
            ["w", "a", "x"].iter().any(|mode| {
                code.contains(&format!("'{file}', '{mode}"))
                    || code.contains(&format!("\"{file}\", \"{mode}"))
            })
        })
        .collect();
    let candidates = if by_name.is_empty() { named } else { by_name };
    let file = candidates.into_iter().find(|file| {
        code.contains(file)
            && if deletes {
                !cwd.join(file).exists()
            } else {
                cwd.join(file).is_file()
                    && writes_file(code, file)
                    && unsplit_lines(request, file, cwd).is_none()
            }
    })?;
    let lower = request.to_lowercase();
    let named_at = lower.find(&file.to_lowercase())?;
    // The rest after "then", or a sentence of its own after the file's ("…, and write them to
    // sorted.txt. Which name comes first?": the 0.5B model wrote sorted.txt, printed nothing,
    // and said "The code printed nothing." until its corrections ran out; twenty-third set,
    // task 28).
    let rest = match lower.rfind(" then ") {
        Some(at) if at > named_at => request[at + " then ".len()..].trim(),
        _ => {
            let after = named_at + file.len();
            let end = request[after..].find(". ").map(|at| after + at + 2)?;
            request[end..].trim()
        }
    };
    (!rest.is_empty()).then_some((file, rest))
}

/// Whether `code` (Python or shell) writes, moves or copies files, or redirects output into
/// `file` ([`writes_files`], or `>` into the file itself).
fn writes_file(code: &str, file: &str) -> bool {
    let bare = uncommented(code);
    let redirected = [">", "> ", ">'", "> '", ">\"", "> \""]
        .iter()
        .any(|r| bare.contains(&format!("{r}{file}")));
    redirected || writes_files(code)
}

/// Whether `code` (Python or shell) writes, moves or copies files: a write or an `open` for
/// writing, a rename, a copy, a move, `touch`, `sed -i`, `tee`, `>>`, or `>` into a name
/// with an extension.
fn writes_files(code: &str) -> bool {
    static WRITES: std::sync::LazyLock<Option<regex::Regex>> = std::sync::LazyLock::new(|| {
        regex::Regex::new(
            r#"(?x)
            \.write(lines|_text|_bytes)?\(
            | \bopen\([^)\n]*,\s*(mode\s*=\s*)?[rbf]?['"][rbt]*[wax+]
            | \b(os|shutil|Path\([^)\n]*\))\.(rename|replace|move|copy\w*|touch)\(
            | (^|[;&|]\s*|\n\s*)(mv|cp|touch|tee|install)\s
            | \bsed\s+-i
            | >>
            | >\s*['"]?[\w./-]*[A-Za-z][\w./-]*\.[A-Za-z]\w*"#,
        )
        .ok()
    });
    WRITES
        .as_ref()
        .is_some_and(|re| re.is_match(&uncommented(code)))
}

/// What the model is told when its code made the file the request creates and the request
/// asks more after it: "It made `hello.txt`; the rest of my request is still to do: tell me its
/// size in bytes."
fn made_and_left(request: &str, code: &str, cwd: &Path) -> Option<String> {
    let (file, rest) = made_file_rest(request, code, cwd)?;
    // A question is kept as asked ("Which name comes first?").
    let end = if rest.ends_with('?') { "?" } else { "." };
    let rest = rest.trim_end_matches(['.', '!', '?']);
    Some(if asks_to_create(request) {
        format!("It made `{file}`; the rest of my request is still to do: {rest}{end}")
    } else if asks_to_delete(request) && !cwd.join(file).exists() {
        format!(
            "It did that part (`{file}` is gone now); the rest of my request is still to do: {rest}{end}"
        )
    } else {
        format!(
            "It did that part (`{file}` is there now); the rest of my request is still to do: {rest}{end}"
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

/// What the model sees of a Python run that wrote the file the request makes with its items
/// on one line where the request asks for one per line ([`unsplit_lines`]), in place of what
/// it printed: the run is undone, a failure to fix.
pub fn unsplit_file_output(history: &History, call: &ToolCall, cwd: &Path) -> Option<String> {
    let ToolAction::RunCode { language, code } = &call.action else {
        return None;
    };
    if oi_exec::canonical_language(language) != Some(oi_exec::Language::Python) {
        return None;
    }
    let (asked, _) = history.last_turn()?;
    let request = request_text(asked);
    let (file, line, write) = named_files(&request)
        .into_iter()
        .filter(|file| code.contains(file) && writes_file(code, file))
        .find_map(|file| unsplit_lines(&request, file, cwd))?;
    Some(format!(
        "(That is not done yet: `{file}` holds `{line}` on one line, and my request asks for one per line. Write each on its own line, `{write}`, then do the rest of my request ({request}).)"
    ))
}

/// When the request asks for items one per line and `file`, here, holds them all on one line:
/// the file's name, that line, and code that writes them one per line. The 0.5B model wrote
/// `f.write('red green blue')` for "the words red, green and blue … one per line", was told
/// it had made colors.txt, and counted 1 line (fifteenth set, task 31).
fn unsplit_lines<'f>(
    request: &str,
    file: &'f str,
    cwd: &Path,
) -> Option<(&'f str, String, String)> {
    let lower = request.to_lowercase();
    let asked = [
        "one per line",
        "one on each line",
        "each on its own line",
        "one a line",
        "one to a line",
    ]
    .iter()
    .any(|w| lower.contains(w));
    if !asked {
        return None;
    }
    let text = std::fs::read_to_string(cwd.join(file)).ok()?;
    let mut lines = text.lines().filter(|l| !l.trim().is_empty());
    let line = lines.next()?.trim();
    if lines.next().is_some() {
        return None;
    }
    let items: Vec<&str> = line
        .split(|c: char| c.is_whitespace() || c == ',' || c == ';')
        .filter(|i| !i.is_empty())
        .collect();
    if items.len() < 2 {
        return None;
    }
    let write = if items.len() <= 12 {
        let joined: String = items.iter().map(|i| format!("{i}\\n")).collect();
        format!("f.write('{joined}')")
    } else {
        format!("f.write('\\n'.join({line:?}.split()) + '\\n')")
    };
    Some((file, line.to_string(), write))
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

/// A path configparser's `.read()` is given that is not there, when a file of its name is in
/// the working folder: the path and the name. configparser skips a missing file without a
/// word, so the code fails later on a section that is not there (the 0.5B model read
/// `/tmp/oi-bench-task/config.ini`, the folder above its own, and failed on `KeyError:
/// 'server'`).
fn unread_config_path(code: &str, cwd: &Path) -> Option<(String, String)> {
    static READ: std::sync::LazyLock<Option<regex::Regex>> = std::sync::LazyLock::new(|| {
        regex::Regex::new(r#"\.read\(\s*['"]([^'"\n]+)['"]\s*\)"#).ok()
    });
    if !code.contains("configparser") {
        return None;
    }
    READ.as_ref()?.captures_iter(code).find_map(|caps| {
        let given = caps.get(1)?.as_str();
        let name = Path::new(given).file_name()?.to_str()?;
        (!cwd.join(given).exists() && name != given && cwd.join(name).is_file())
            .then(|| (given.to_string(), name.to_string()))
    })
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
                let loaded = json_loaded_name(code).unwrap_or("data");
                text.push_str(&format!(": loop over `{loaded}['{only}']`"));
            }
        }
        // A list indexed by a key (the 0.5B model's `inventory['stock']['store']` of a list of
        // products): each object is taken in a loop.
        if let serde_json::Value::Array(items) = &value
            && looped
            && let Some(serde_json::Value::Object(first)) = items.first()
            && let Some(key) = first.keys().find(|k| {
                code.contains(&format!("['{k}']")) || code.contains(&format!("[\"{k}\"]"))
            })
        {
            let loaded = json_loaded_name(code).unwrap_or("data");
            text.push_str(&format!(
                ". A list is taken by position, not by key: loop over its objects, `for item in {loaded}:`, and take `item['{key}']` of each"
            ));
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

/// The name the code gives what it loads from JSON: `chores` of `chores = json.load(file)`.
fn json_loaded_name(code: &str) -> Option<&str> {
    static LOADED: std::sync::LazyLock<Option<regex::Regex>> =
        std::sync::LazyLock::new(|| regex::Regex::new(r"(\w+)\s*=\s*json\.loads?\(").ok());
    LOADED
        .as_ref()?
        .captures(code)
        .and_then(|c| c.get(1))
        .map(|m| m.as_str())
}

/// When the model sends back unchanged, or answers after, Python code that failed looping over
/// a JSON file's object as if it were its list (`TypeError: string indices must be integers`),
/// and the object has one list: that code looping over the list, and a line for the events.
/// The 0.5B model, told to loop over `chores['chores']`, sent `for item in chores` back until
/// its time ran out (twenty-third set, task 33).
pub fn mended_dict_looped<'h>(
    history: &'h History,
    next: Option<&'h ToolCall>,
    cwd: &Path,
) -> Option<(String, String)> {
    let (code, output, how) = python_failed_again(history, next)?;
    if !split_hint(output)
        .0
        .contains("TypeError: string indices must be integers")
    {
        return None;
    }
    let loaded = json_loaded_name(code)?;
    let name = named_files(code)
        .into_iter()
        .find(|name| name.ends_with(".json"))?;
    let text = std::fs::read_to_string(cwd.join(Path::new(name).file_name()?)).ok()?;
    let serde_json::Value::Object(map) = serde_json::from_str::<serde_json::Value>(&text).ok()?
    else {
        return None;
    };
    let lists: Vec<&String> = map
        .iter()
        .filter(|(_, v)| v.is_array())
        .map(|(k, _)| k)
        .collect();
    let [only] = lists.as_slice() else {
        return None;
    };
    // `in chores` of a loop or a comprehension, not `in chores[...]` nor `in chores_list`.
    let looped =
        regex::Regex::new(&format!(r"\bin\s+{}\b(\s*[\[.(])?", regex::escape(loaded))).ok()?;
    let list = format!("{loaded}['{only}']");
    let mut changed = false;
    let mended = looped.replace_all(code, |c: &regex::Captures| {
        if c.get(1).is_some() {
            c[0].to_string()
        } else {
            changed = true;
            format!("in {list}")
        }
    });
    changed.then(|| {
        (
            mended.into_owned(),
            format!(
                "the model's code loops over the object {name} holds as if it were its list, and {how}: running it over `{list}`"
            ),
        )
    })
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

/// When `key`, which a `KeyError` names, is no section of the INI-style file the code reads
/// (`[section]` heads, `name = value` lines) and holds the value one of its sections gives a
/// name (`submodule "vendor/json"`, where the file's `[submodule "json"]` has `path =
/// vendor/json`): what to tell. The 1.5B model looked up .gitmodules' submodule by its path,
/// then took the section of another path that starts the same (thirty-fourth set, task 13).
fn section_named_by_value(code: &str, key: &str, cwd: &Path) -> Option<String> {
    let (file, text) = file_the_code_reads(&uncommented(code), cwd)?;
    let mut section: Option<&str> = None;
    // (section, name, value) of each `name = value` line under a section.
    let mut pairs: Vec<(&str, &str, &str)> = Vec::new();
    let mut sections: Vec<&str> = Vec::new();
    for line in text.lines().map(str::trim) {
        if let Some(head) = line.strip_prefix('[').and_then(|l| l.strip_suffix(']')) {
            section = Some(head.trim());
            sections.push(head.trim());
        } else if let (Some(current), Some((name, value))) = (section, line.split_once('='))
            && !line.starts_with(['#', ';'])
        {
            pairs.push((current, name.trim(), value.trim()));
        }
    }
    if sections.is_empty() || sections.contains(&key.trim()) {
        return None;
    }
    // The longest value the key holds whole: `vendor/json`, not a value it only starts.
    let (owner, name, value) = pairs
        .into_iter()
        .filter(|(_, _, v)| v.chars().count() >= 3)
        .filter(|(_, _, v)| {
            key.match_indices(v).any(|(at, _)| {
                let after = key[at + v.len()..].chars().next();
                let before = key[..at].chars().next_back();
                !after.is_some_and(|c| c.is_alphanumeric() || "-_./".contains(c))
                    && !before.is_some_and(|c| c.is_alphanumeric() || "-_./".contains(c))
            })
        })
        .max_by_key(|(_, _, v)| v.len())?;
    Some(format!(
        "`{file}` has no section `[{key}]`: `{value}` is the `{name}` of the section `[{owner}]`, a value inside it, not its name. Find the section by that value, `next(s for s in config.sections() if config[s].get('{name}') == '{value}')`, then take what my request asks from it."
    ))
}

/// When `key`, which a `KeyError` names, is a key of a YAML file the code read, nested under
/// other keys: where it is, and the index that reaches it on the code's own name (fourteenth
/// set, task 24: `settings['app']['port']` where settings.yaml's `port` is under `server`,
/// and the 0.5B model answered that the file should get a port of its own).
fn yaml_key_path(code: &str, key: &str, cwd: &Path) -> Option<String> {
    let file = named_files(code)
        .into_iter()
        .find(|n| n.ends_with(".yaml") || n.ends_with(".yml"))?;
    let text = std::fs::read_to_string(cwd.join(file)).ok()?;
    let lines: Vec<&str> = text.lines().collect();
    let indent = |l: &str| l.len() - l.trim_start().len();
    fn key_of(l: &str) -> Option<&str> {
        let t = l.trim();
        if t.starts_with('-') || t.starts_with('#') {
            return None;
        }
        t.split_once(':')
            .map(|(k, _)| k.trim().trim_matches(['"', '\'']))
    }
    // The keys above a line, each less indented than the last, down to the key itself; None
    // when a list item is among them.
    let path_at = |at: usize| -> Option<Vec<&str>> {
        let mut path = vec![key];
        let mut level = indent(lines[at]);
        for l in lines[..at].iter().rev() {
            if l.trim().is_empty() || indent(l) >= level {
                continue;
            }
            if l.trim_start().starts_with('-') {
                return None;
            }
            path.push(key_of(l)?);
            level = indent(l);
            if level == 0 {
                break;
            }
        }
        path.reverse();
        Some(path)
    };
    let places: Vec<(usize, Vec<&str>)> = lines
        .iter()
        .enumerate()
        .filter(|(_, l)| key_of(l) == Some(key))
        .filter_map(|(at, _)| path_at(at).map(|path| (at, path)))
        .collect();
    let (at, path) = places.first()?.clone();
    // The name the code's index chain to the key starts from (`settings` of
    // `settings['app']['port']`).
    let chain = regex::Regex::new(&format!(
        r#"([A-Za-z_]\w*)(?:\[[^\]\n]+\])*\[['"]{}['"]\]"#,
        regex::escape(key)
    ))
    .ok()?;
    // A key of the top level the code looked for under another (the 1.5B model's
    // `config_data['app']['database']`, `database:` heading config.yaml's lines; seventeenth
    // set, task 24).
    if places.len() == 1 && path.len() < 2 {
        let under = regex::Regex::new(&format!(
            r#"([A-Za-z_]\w*)(?:\[[^\]\n]+\])+\[['"]{}['"]\]"#,
            regex::escape(key)
        ))
        .ok()?;
        let name = under.captures(code)?.get(1)?.as_str();
        return Some(format!(
            "In `{file}`, `{key}` is a key of the top level (line {}), under no other: reach it as `{name}['{key}']`.",
            at + 1
        ));
    }
    // Or the name the file was loaded into (`config = yaml.safe_load(file)`).
    let loaded = regex::Regex::new(r"([A-Za-z_]\w*)\s*=\s*yaml\.(?:safe_)?load\(").ok()?;
    let name = chain
        .captures(code)
        .or_else(|| loaded.captures(code))
        .and_then(|c| c.get(1))
        .map_or("data", |m| m.as_str());
    let index = |path: &[&str]| -> String { path.iter().map(|k| format!("['{k}']")).collect() };
    let parent = |path: &[&str]| -> String {
        path.len()
            .checked_sub(2)
            .map_or("the top", |i| path[i])
            .to_string()
    };
    if places.len() == 1 {
        return Some(format!(
            "In `{file}`, `{key}` is under `{}` (line {}): reach it as `{name}{}`.",
            parent(&path),
            at + 1,
            index(&path)
        ));
    }
    // A key in several places (the `steps` of each job of a CI file): each of them, for the
    // model to take the one the request is about. The 1.5B model, told only of the first
    // (`lint`), counted its steps for the `build` job's (thirty-second set, task 18).
    let each: Vec<String> = places
        .iter()
        .map(|(at, path)| {
            format!(
                "under `{}` (line {}), `{name}{}`",
                parent(path),
                at + 1,
                index(path)
            )
        })
        .collect();
    Some(format!(
        "In `{file}`, `{key}` is in {} places: {}. Reach the one my request is about.",
        places.len(),
        each.join("; ")
    ))
}

/// When a run failed with a `KeyError` of a number and the code indexes a table by an
/// `idxmax()` or `idxmin()` (`steps_df[steps_df['diff'].idxmax()]`): that index as written,
/// the table's name and what it was indexed with.
fn label_as_column<'c>(code: &'c str, output: &str) -> Option<(&'c str, &'c str, &'c str)> {
    static INDEXED: std::sync::LazyLock<Option<regex::Regex>> = std::sync::LazyLock::new(|| {
        regex::Regex::new(r"(\w+)\[([^\[\]\n]*(?:\[[^\[\]\n]*\])?\.idx(?:max|min)\(\))\]").ok()
    });
    let number = output
        .rsplit("KeyError: ")
        .next()
        .filter(|_| output.contains("KeyError: "))?
        .lines()
        .next()?
        .trim();
    if number.is_empty() || !number.chars().all(|c| c.is_ascii_digit() || c == '-') {
        return None;
    }
    INDEXED.as_ref()?.captures_iter(code).find_map(|c| {
        let name = c.get(1)?.as_str();
        (!matches!(name, "loc" | "iloc" | "at")).then_some((
            c.get(0)?.as_str(),
            name,
            c.get(2)?.as_str(),
        ))
    })
}

/// When each line of `head` splits at whitespace into the same number of fields, and one
/// field holds a number with the same unit after it on every line (`120ms` of `GET /api/items
/// 120ms`): where it is and how to convert it. The 1.5B model converted `line.split()[1]`, the
/// path, of latency.txt, and was told only to look at the lines (twenty-ninth set, task 28).
fn unit_field(head: &str) -> Option<String> {
    let rows: Vec<Vec<&str>> = head
        .lines()
        .map(|l| l.split_whitespace().collect())
        .collect();
    let width = rows.first()?.len();
    if width < 2 || rows.iter().any(|r| r.len() != width) {
        return None;
    }
    let split = |field: &str| -> Option<(String, String)> {
        let digits = field.trim_end_matches(|c: char| c.is_ascii_alphabetic() || c == '%');
        let unit = &field[digits.len()..];
        (!unit.is_empty() && !digits.is_empty() && digits.parse::<f64>().is_ok())
            .then(|| (digits.to_string(), unit.to_string()))
    };
    (0..width).find_map(|i| {
        let units: Vec<String> = rows
            .iter()
            .map(|r| split(r[i]).map(|(_, unit)| unit))
            .collect::<Option<_>>()?;
        let unit = units.first()?;
        units.iter().all(|u| u == unit).then(|| {
            format!(
                "The number of each line is field {i} (`line.split()[{i}]`), with `{unit}` written after it: take that field and strip the unit before converting, `float(line.split()[{i}].removesuffix('{unit}'))`."
            )
        })
    })
}

/// When the code takes the text after a label and indexes its fields as a line's
/// (`text.split('MemTotal:')[1].split()[1]`), and the field it took is `value`, what it could
/// not convert, where a number is a field before it: what to tell.
fn label_split_index(code: &str, value: &str, cwd: &Path) -> Option<String> {
    static AFTER_LABEL: std::sync::LazyLock<Option<regex::Regex>> =
        std::sync::LazyLock::new(|| {
            regex::Regex::new(r#"\.split\((?:'([^'\n]+)'|"([^"\n]+)")\)\[1\]\.split\(\)\[(\d+)\]"#)
                .ok()
        });
    let bare = uncommented(code);
    let (_, text) = file_the_code_reads(&bare, cwd)?;
    AFTER_LABEL.as_ref()?.captures_iter(&bare).find_map(|c| {
        let label = c.get(1).or_else(|| c.get(2))?.as_str();
        let taken: usize = c[3].parse().ok()?;
        let fields: Vec<&str> = text.split_once(label)?.1.split_whitespace().collect();
        if fields.get(taken) != Some(&value) {
            return None;
        }
        let number = fields[..taken].iter().position(|f| f.parse::<f64>().is_ok())?;
        let shown = fields[..=taken].join(" ");
        Some(format!(
            "`.split('{label}')[1]` is the text after `{label}`, which goes on `{shown}`: the label is no longer in it, so the number is field {number} of it, `.split('{label}')[1].split()[{number}]`, and field {taken} is `{value}`."
        ))
    })
}

/// Lines whose number is one whitespace field and its unit the next, the same in every line
/// (meminfo's `MemTotal:        8048576 kB`): which field to convert, said. The 1.5B model
/// converted field 2, `kB`, three times (thirty-fourth set, task 17).
fn separate_unit_field(head: &str) -> Option<String> {
    let rows: Vec<Vec<&str>> = head
        .lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| l.split_whitespace().collect())
        .collect();
    let width = rows.first()?.len();
    if width < 3 || rows.iter().any(|r| r.len() != width) {
        return None;
    }
    (0..width - 1).find_map(|i| {
        let unit = rows.first()?[i + 1];
        let fits = unit.chars().all(|c| c.is_alphabetic() || c == '/')
            && rows
                .iter()
                .all(|r| r[i].parse::<f64>().is_ok() && r[i + 1] == unit);
        fits.then(|| {
            format!(
                "The number of each line is field {i} (`line.split()[{i}]`), and field {} is its unit, `{unit}`: convert field {i} alone, `float(line.split()[{i}])`.",
                i + 1
            )
        })
    })
}

/// When the code reads a CSV file whole (`computer.files.read('staff.csv')`, `.read()`) and
/// takes one of its columns by name with a subscript (`row['salary']`): the file and that
/// column.
fn csv_text_as_rows(code: &str, cwd: &Path) -> Option<(String, String)> {
    if code.contains("DictReader") || code.contains("read_csv") {
        return None;
    }
    named_files(code).into_iter().find_map(|name| {
        let (header, _) = csv_file(cwd, name)?;
        let whole = code.contains(&format!("files.read('{name}')"))
            || code.contains(&format!("files.read(\"{name}\")"))
            || read_as_one_string(code).is_some();
        if !whole {
            return None;
        }
        let column = header
            .iter()
            .find(|h| code.contains(&format!("['{h}']")) || code.contains(&format!("[\"{h}\"]")))?;
        Some((name.to_string(), column.clone()))
    })
}

/// The key a `KeyError` names (`KeyError: 'data'`).
fn missing_key(output: &str) -> Option<&str> {
    let rest = output.rsplit("KeyError: ").next()?;
    let quote = rest.chars().next().filter(|c| *c == '\'' || *c == '"')?;
    rest[1..].split(quote).next().filter(|key| !key.is_empty())
}

/// When a key the code looked up is a column of a table file it reads whose columns are
/// separated by another character than a comma, and the code never says so: what to tell,
/// with how to read decimals written with a comma (`84,50`, `1.150,00`) when the table does.
fn other_separator_table(code: &str, key: &str, cwd: &Path) -> Option<String> {
    let bare = uncommented(code);
    if bare.contains("delimiter") || bare.contains("sep=") {
        return None;
    }
    named_files(&bare).into_iter().find_map(|name| {
        let text = small_file_text(&cwd.join(name))?;
        let head: String = text.lines().take(3).collect::<Vec<_>>().join("\n");
        let separator = column_separator(&head, &[';', '\t', '|'])?;
        let header: Vec<&str> = text.lines().next()?.split(separator).map(str::trim).collect();
        if !header.contains(&key) {
            return None;
        }
        let shown = if separator == '\t' { "\\t".to_string() } else { separator.to_string() };
        let comma_decimal = |cell: &str| {
            let cell = cell.trim();
            cell.contains(',')
                && cell
                    .chars()
                    .all(|c| c.is_ascii_digit() || c == ',' || c == '.' || c == '-')
                && cell.rsplit_once(',').is_some_and(|(_, d)| !d.is_empty() && d.len() <= 2)
        };
        let decimals = text
            .lines()
            .skip(1)
            .flat_map(|l| l.split(separator))
            .find(|c| comma_decimal(c))
            .map(|c| {
                format!(
                    " Its numbers write decimals with a comma (`{}`): turn each into a float with `float(v.replace('.', '').replace(',', '.'))`.",
                    c.trim()
                )
            })
            .unwrap_or_default();
        Some(format!(
            "`{name}` separates its columns with `{shown}`, not commas, so each line was read as one column named by the whole header: read it with `csv.DictReader(f, delimiter='{shown}')` (pandas: `pd.read_csv('{name}', sep='{shown}')`).{decimals}"
        ))
    })
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

/// A file of the working folder whose text names `given`, a path that is not there: the path as
/// that file names it, and the file.
fn named_inside(given: &str, cwd: &Path) -> Option<(String, String)> {
    if given.trim().is_empty() || given.contains('\n') {
        return None;
    }
    // A path of the working folder as the kernel writes it (`/…/work/src/app.py`: the 1.5B
    // model's `computer.files.read('src/app.py')`) is named inside as `src/app.py`.
    let here = std::fs::canonicalize(cwd).unwrap_or_else(|_| cwd.to_path_buf());
    let given = [cwd, here.as_path()]
        .iter()
        .find_map(|dir| Path::new(given).strip_prefix(dir).ok())
        .and_then(Path::to_str)
        .unwrap_or(given);
    let mut names: Vec<String> = std::fs::read_dir(cwd)
        .ok()?
        .flatten()
        .filter(|e| e.file_type().is_ok_and(|t| t.is_file()))
        .filter_map(|e| e.file_name().into_string().ok())
        // Text files of lines only: no document or image is read for it.
        .filter(|name| plain_text(name))
        .collect();
    names.sort();
    names
        .into_iter()
        .find(|name| small_file_text(&cwd.join(name)).is_some_and(|text| text.contains(given)))
        .map(|name| (given.to_string(), name))
}

/// Whether `name` is a plain text file of lines (not a document for `computer.files.read` to
/// render): data, configuration, logs and the line-based formats of tools (a `.properties`
/// file read whole and looped over went character by character untold: the 1.5B model was
/// told of a commented-out line instead; thirty-third set, task 30).
fn plain_text(name: &str) -> bool {
    [
        ".txt",
        ".csv",
        ".tsv",
        ".log",
        ".md",
        ".dat",
        ".yaml",
        ".yml",
        ".ini",
        ".cfg",
        ".conf",
        ".toml",
        ".env",
        ".properties",
        ".service",
        ".po",
        ".bib",
        ".tex",
        ".srt",
        ".vtt",
        ".ics",
        ".vcf",
        ".mbox",
        ".patch",
        ".diff",
        ".sql",
        ".rst",
        ".gitmodules",
        ".gitconfig",
        ".editorconfig",
        ".gitignore",
        ".fa",
        ".fasta",
        ".pgn",
        ".org",
        ".dot",
        ".gv",
        ".gcode",
        ".tf",
        ".ofx",
        ".eml",
        ".m3u",
        ".lrc",
        ".ldif",
        "_history",
    ]
    .iter()
    .any(|ext| name.ends_with(ext))
        // Files of a system's own, named without an extension.
        || [
            "authorized_keys",
            "known_hosts",
            "sshd_config",
            "ssh_config",
            "CODEOWNERS",
            "fstab",
            "crontab",
            "hosts",
            "passwd",
        ]
        .contains(&name.rsplit('/').next().unwrap_or(name))
}

/// Plain text files the code names and the working directory holds, with their first lines:
/// the code can then use the columns where they are.
fn text_heads(code: &str, cwd: &Path) -> Option<String> {
    let said: Vec<(&str, String)> = plain_texts_named(code, cwd)
        .into_iter()
        .map(|(name, text)| {
            let head: Vec<String> = text
                .lines()
                .take(3)
                .map(|l| l.chars().take(120).collect::<String>())
                .collect();
            (name, head.join("\n"))
        })
        .collect();
    let parts: Vec<String> = said
        .iter()
        .map(|(name, head)| {
            let shown = format!("`{name}` begins:\n```\n{head}\n```");
            // Fields in quotes that hold commas (the 1.5B model split `"Widget, small",4.5`
            // at every comma until its time ran out).
            let quotes = if quoted_commas(head) {
                " Some fields are in quotes and hold commas, which `line.split(',')` cuts apart: \
                 read the rows with `csv.reader`, which keeps each quoted field whole, and skip \
                 the header with `next(reader)`."
            } else {
                ""
            };
            if let Some(columns) = markdown_columns(head) {
                return format!(
                    "{shown}\nIt is a markdown table. {}",
                    markdown_cells(&columns)
                );
            }
            match csv_columns(head) {
                Some(columns) => format!(
                    "{shown}\n{HEADER_FIRST} by index, the columns are {columns}. \
                     Use each column for what it holds, and convert only its numbers.{quotes}"
                ),
                None => match separated_numbers(head) {
                    Some((split, between)) => format!(
                        "{shown}\n{SEVERAL_NUMBERS} separated by {between}: split each line \
                         (`line.{split}`) and convert each part."
                    ),
                    None => match whitespace_columns(head)
                        .or_else(|| labelled_numbers(head))
                        .or_else(|| unit_field(head))
                        .or_else(|| separate_unit_field(head))
                        .or_else(|| timed_lines(head).filter(|_| about_time(code)))
                    {
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

/// Whether code works with times (a clock, seconds, a gap): the lines' times are told only to
/// such code. The 1.5B model, told how to take the time of each line of logins.log while it
/// counted users, counted distinct login seconds (thirty-third set, task 27).
fn about_time(code: &str) -> bool {
    let lower = uncommented(code).to_lowercase();
    [
        "time", "second", "minute", "hour", "gap", "duration", "strptime", "delta", "clock",
        "elapsed", "noon", "':'",
    ]
    .iter()
    .any(|w| lower.contains(w))
}

/// How to take the time of day of lines that each give one among their words (`08:00:05
/// listening`, `2026-11-30 09:14:02 INFO start`), when every line of `head` does, at the same
/// place. The 1.5B model split `08:00:05 listening` at its colons and converted `05 listening`
/// until its time ran out (thirty-second set, task 33).
fn timed_lines(head: &str) -> Option<String> {
    static CLOCK: std::sync::LazyLock<Option<regex::Regex>> =
        std::sync::LazyLock::new(|| regex::Regex::new(r"^\d{1,2}:\d{2}(:\d{2})?(\.\d+)?$").ok());
    let clock = CLOCK.as_ref()?;
    let lines: Vec<&str> = head.lines().filter(|l| !l.trim().is_empty()).collect();
    let first = lines.first()?;
    let at = first.split_whitespace().position(|w| clock.is_match(w))?;
    let seconds = clock
        .captures(first.split_whitespace().nth(at)?)?
        .get(1)
        .is_some();
    if first.split_whitespace().count() < 2
        || !lines.iter().all(|l| {
            l.split_whitespace()
                .nth(at)
                .is_some_and(|w| clock.is_match(w))
        })
    {
        return None;
    }
    let (parts, total) = if seconds {
        ("h, m, s", "h * 3600 + m * 60 + s")
    } else {
        ("h, m", "h * 60 + m")
    };
    let unit = if seconds { "seconds" } else { "minutes" };
    Some(format!(
        "Each line gives a time of day among its words: take the time alone, `t = line.split()[{at}]`, then its parts, `{parts} = map(int, t.split(':'))`; in {unit} it is `{total}`."
    ))
}

/// A plain text file of this folder that the code names and that has blank lines: its name
/// and where they are ("lines 3 and 6").
fn blank_lines_read<'c>(code: &'c str, cwd: &Path) -> Option<(&'c str, String)> {
    named_files(code)
        .into_iter()
        .filter(|name| plain_text(name))
        .find_map(|name| {
            let text = std::fs::read_to_string(cwd.join(name)).ok()?;
            let blank: Vec<String> = text
                .lines()
                .enumerate()
                .filter(|(_, l)| l.trim().is_empty())
                .map(|(i, _)| (i + 1).to_string())
                .collect();
            let said = match blank.as_slice() {
                [] => return None,
                [one] => format!("line {one}"),
                [rest @ .., last] => format!("lines {} and {last}", rest.join(", ")),
            };
            Some((name, said))
        })
}

/// The columns of a markdown table (`| Day | Hours |` over `|-----|-------|`) when the text
/// begins with one.
pub(crate) fn markdown_columns(text: &str) -> Option<Vec<String>> {
    let mut lines = text.lines().map(str::trim).filter(|l| !l.is_empty());
    let (header, rule) = (lines.next()?, lines.next()?);
    let is_row = |l: &str| l.len() > 1 && l.starts_with('|') && l.ends_with('|');
    let ruled = rule.contains('-') && rule.chars().all(|c| matches!(c, '|' | '-' | ':' | ' '));
    if !is_row(header) || !is_row(rule) || !ruled {
        return None;
    }
    let cells: Vec<&str> = header[1..header.len() - 1]
        .split('|')
        .map(str::trim)
        .collect();
    cells
        .iter()
        .all(|c| !c.is_empty())
        .then(|| cells.iter().map(|c| c.to_string()).collect())
}

/// How to split a markdown table's row, and its cells by index then. The 1.5B model took
/// `line.split('|')[2]` for the third column, `Task`, not seeing the empty cell before `|`.
pub(crate) fn markdown_cells(columns: &[String]) -> String {
    let cells: Vec<String> = columns
        .iter()
        .enumerate()
        .map(|(i, c)| format!("{i} `{c}`"))
        .collect();
    format!(
        "`line.split('|')` puts an empty cell before the first `|`: split a row with `cells = [c.strip() for c in line.strip().strip('|').split('|')]`, and then, by index, the cells are {}. Skip the header and the rule.",
        cells.join(", ")
    )
}

/// When a run failed converting a time written with colons (`'4:30'`, `'1:02:03'`) to a
/// number: what to say.
fn colon_time_converted(output: &str) -> Option<String> {
    static CLOCK: std::sync::LazyLock<Option<regex::Regex>> =
        std::sync::LazyLock::new(|| regex::Regex::new(r"^\d{1,3}(:\d{2}){1,2}$").ok());
    let value = unconverted(output)?;
    if !CLOCK.as_ref()?.is_match(value) {
        return None;
    }
    Some(if value.matches(':').count() == 2 {
        format!(
            "`'{value}'` is hours, minutes and seconds written with colons, not one number: split it at `:` and convert each part, `h, m, s = value.split(':')`, then `int(h) * 3600 + int(m) * 60 + int(s)` seconds."
        )
    } else {
        format!(
            "`'{value}'` is two numbers written with a colon (minutes and seconds, or hours and minutes), not one: split it at `:` and convert each part, `m, s = value.split(':')`, then `int(m) * 60 + int(s)` seconds (or `int(m) + int(s) / 60` minutes)."
        )
    })
}

/// When a run failed giving `int()` (`float()`) the list a `.split` made: what to say.
fn split_list_converted(code: &str, output: &str) -> Option<String> {
    static WHOLE: std::sync::LazyLock<Option<regex::Regex>> = std::sync::LazyLock::new(|| {
        regex::Regex::new(r"\b(int|float)\(\s*([\w.\[\]'\x22]+)\.split\(([^()]*)\)\s*\)").ok()
    });
    if !output
        .lines()
        .any(|l| l.starts_with("TypeError:") && l.ends_with("not 'list'"))
    {
        return None;
    }
    let caps = WHOLE.as_ref()?.captures(code)?;
    let (call, name, sep) = (&caps[1], &caps[2], &caps[3]);
    Some(format!(
        "`{call}({name}.split({sep}))` gives `{call}()` the whole list `.split` makes, and it converts one value: take the parts apart first, `parts = {name}.split({sep})`, then convert each, `{call}(parts[0])`, `{call}(parts[1])`."
    ))
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

/// Whether the run's last error quotes one character as what it could not take
/// (`ValueError: '1' does not appear to be an IPv4 or IPv6 address`).
fn unparsed_character(output: &str) -> bool {
    output
        .lines()
        .rev()
        .find(|l| l.contains("Error: "))
        .and_then(|l| l.split_once("Error: '"))
        .is_some_and(|(_, rest)| {
            let mut chars = rest.chars();
            chars.next().is_some() && chars.next() == Some('\'')
        })
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

/// `code` with the first row of its `csv.reader` skipped: `next(…)` after the line that makes
/// the reader, or a reader made and skipped before a loop over `csv.reader(…)`. None when the
/// reader is skipped already.
fn header_skipped(code: &str) -> Option<String> {
    if let Some(made) = READER_MADE.as_ref()?.captures(code) {
        let (indent, reader) = (&made[1], &made[2]);
        if code.contains(&format!("next({reader})")) {
            return None;
        }
        let line = made.get(0)?;
        Some(format!(
            "{}\n{indent}next({reader}){}",
            &code[..line.end()],
            &code[line.end()..]
        ))
    } else if let Some(looped) = READER_LOOPED.as_ref()?.captures(code) {
        let (indent, row, opened) = (&looped[1], &looped[2], &looped[3]);
        let line = looped.get(0)?;
        Some(format!(
            "{}{indent}rows_read = csv.reader({opened})\n{indent}next(rows_read)\n{indent}for {row} in rows_read:{}",
            &code[..line.start()],
            &code[line.end()..]
        ))
    } else {
        lines_skipped_first(code)
    }
}

/// `code` with its loop over the file's lines read into a list (`lines = f.readlines()`,
/// `.read().splitlines()`) started from the second: `for line in lines[1:]:`. The 1.5B model
/// split each line of temps.csv at its commas and converted `row[1]`, `temp` of the header
/// among them (twenty-fifth set, task 21).
fn lines_skipped_first(code: &str) -> Option<String> {
    static LOOP: std::sync::LazyLock<Option<regex::Regex>> = std::sync::LazyLock::new(|| {
        regex::Regex::new(r"(?m)^(\s*for\s+\w+\s+in\s+)([A-Za-z_]\w*)(\s*:)").ok()
    });
    LOOP.as_ref()?.captures_iter(code).find_map(|caps| {
        let name = caps.get(2)?.as_str();
        let read = regex::Regex::new(&format!(
            r#"(?m)^\s*{}\s*=\s*[^\n]*(?:\.readlines\(\)|\.splitlines\(\)|\.split\(\s*['"]\\n['"]\s*\))\s*$"#,
            regex::escape(name)
        ))
        .ok()?;
        if !read.is_match(code) {
            return None;
        }
        let whole = caps.get(0)?;
        Some(format!(
            "{}{}{name}[1:]{}{}",
            &code[..whole.start()],
            &caps[1],
            &caps[3],
            &code[whole.end()..]
        ))
    })
}

/// Python that converts a column of the rows of a `csv.reader` to numbers (`float(row[1])`)
/// over the one CSV file of the working folder it names, whose first line is a header, and
/// never skips that row: the code with the header skipped before the loop
/// ([`header_skipped`]), and what it changed. The header converted is the 0.5B model's most
/// common failure on a table: told after the `ValueError`, it rewrote the loop each time
/// instead of skipping the row, until its time ran out (ninth set, task 22). Code that deals
/// with the first row itself (`next`, a slice, `line_num`, `continue`, `try`, `enumerate`, a
/// comparison with a column name) is left as written.
pub fn mended_header_first(code: &str, cwd: &Path) -> Option<(String, String)> {
    static CONVERTS: std::sync::LazyLock<Option<regex::Regex>> = std::sync::LazyLock::new(|| {
        regex::Regex::new(r"\b(?:float|int)\(\s*\w+\[\s*\d+\s*\]").ok()
    });
    if !CONVERTS.as_ref()?.is_match(code)
        || [
            "next(",
            "__next__",
            "[1:]",
            "islice",
            "line_num",
            "continue",
            "try:",
            "enumerate(",
            "DictReader",
            "pandas",
        ]
        .iter()
        .any(|w| code.contains(w))
    {
        return None;
    }
    let (file, text) = only_file(code, cwd)?;
    let sep = separator_of(&text).unwrap_or(',');
    let header: Vec<String> = header_fields(text.lines().next()?, sep)?
        .iter()
        .map(|h| h.to_lowercase())
        .collect();
    if header.len() < 2 {
        return None;
    }
    // A column name the code compares a row with: it knows the header is there.
    let lower = code.to_lowercase();
    if header
        .iter()
        .any(|h| lower.contains(&format!("'{h}'")) || lower.contains(&format!("\"{h}\"")))
    {
        return None;
    }
    let mended = header_skipped(code)?;
    Some((
        mended,
        format!("the first line of `{file}` is its header, not numbers: its reader skips it first"),
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
    let mended = header_skipped(code)?;
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

/// When a text's first line names whitespace-separated columns (no number in it) and the lines
/// under it are rows of as many fields, numbers among them (df's `Filesystem Size Used Avail
/// Use% Mounted on`, its last name two words): each column's field, as said in a hint. The
/// 1.5B model converted df.txt's `Size`, `50G`, for the fullest mount point, and was shown the
/// lines and told to look at what each holds until its time ran out (thirty-fourth set, task
/// 18).
fn whitespace_columns(head: &str) -> Option<String> {
    let mut lines = head.lines().filter(|l| !l.trim().is_empty());
    let names: Vec<&str> = lines.next()?.split_whitespace().collect();
    let rows: Vec<Vec<&str>> = lines.map(|l| l.split_whitespace().collect()).collect();
    let width = rows.first()?.len();
    let numeric = |f: &str| {
        f.trim_end_matches(|c: char| c.is_ascii_alphabetic() || c == '%')
            .parse::<f64>()
            .is_ok()
    };
    if names.len() < 3
        || names.iter().any(|n| numeric(n))
        || rows.iter().any(|r| r.len() != width)
        || !rows.iter().all(|r| r.iter().any(|f| numeric(f)))
    {
        return None;
    }
    // One name more than fields: the last column's name is two words (`Mounted on`).
    let columns: Vec<String> = if names.len() == width {
        names.iter().map(|n| (*n).to_string()).collect()
    } else if names.len() == width + 1 {
        let mut c: Vec<String> = names[..width - 1]
            .iter()
            .map(|n| (*n).to_string())
            .collect();
        c.push(names[width - 1..].join(" "));
        c
    } else {
        return None;
    };
    let said: Vec<String> = columns
        .iter()
        .enumerate()
        .map(|(i, c)| format!("`{c}` is field {i}"))
        .collect();
    let units = rows
        .iter()
        .flatten()
        .any(|f| numeric(f) && f.parse::<f64>().is_err());
    let strip = if units {
        " A number written with a unit or `%` after it (`50G`, `87%`) is converted once that is stripped, `float(field.rstrip('%'))`; sizes of different units (`M`, `G`) are compared only once converted to one unit."
    } else {
        ""
    };
    Some(format!(
        "Its first line names the columns and each line under it is a row: {} (`line.split()`). Skip the header line and take the column my request is about.{strip}",
        said.join(", ")
    ))
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

/// A date (`2026-03`, `2026-03-02`) that the code searches for and `text` does not hold, while
/// it holds that month in another year: the date searched and the first one held.
fn date_in_another_year<'c>(code: &'c str, text: &str) -> Option<(&'c str, String)> {
    static DATE: std::sync::LazyLock<Option<regex::Regex>> =
        std::sync::LazyLock::new(|| regex::Regex::new(r"^(\d{4})-(\d{2})(-\d{2})?-?$").ok());
    static HELD: std::sync::LazyLock<Option<regex::Regex>> =
        std::sync::LazyLock::new(|| regex::Regex::new(r"\b(\d{4})-(\d{2})(-\d{2})?\b").ok());
    string_literals(code).into_iter().find_map(|literal| {
        let c = DATE.as_ref()?.captures(literal)?;
        let (year, month) = (c.get(1)?.as_str(), c.get(2)?.as_str());
        let day = c.get(3).map(|d| d.as_str());
        if text.contains(literal.trim_end_matches('-')) {
            return None;
        }
        HELD.as_ref()?
            .captures_iter(text)
            .find_map(|h| {
                let same = h.get(2)?.as_str() == month
                    && h.get(1)?.as_str() != year
                    && day.is_none_or(|d| h.get(3).is_some_and(|hd| hd.as_str() == d));
                same.then(|| h.get(0).map(|m| m.as_str().to_string()))?
            })
            .map(|held| (literal, held))
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
    // A date searched in a year the file does not have (the 1.5B model took this year from
    // the system prompt's date: `startswith('2026-03')` over ledger.csv's 2027 rows, for
    // "rows dated in March"; twenty-first set, task 27).
    if let Some(said) = files.iter().find_map(|name| {
        let text = std::fs::read_to_string(cwd.join(name)).ok()?;
        let (searched, held) = date_in_another_year(code, &text)?;
        Some(format!(
            "`{searched}` is nowhere in `{name}`: its dates in that month are of another year (`{held}`). Search for the dates the file has, then run the code again."
        ))
    }) {
        return Some(said);
    }
    // The claim's own words, less the file names and the words any such claim has.
    // Nor words that join others: the claim "Number of failed logins for root: 0" named `for`,
    // which auth.log holds on every line, where the code compared `root` (twenty-fourth set,
    // task 28).
    const COMMON: [&str; 36] = [
        "no", "not", "none", "found", "nothing", "any", "line", "lines", "file", "files", "match",
        "matches", "matching", "entries", "entry", "results", "in", "the", "with", "were", "was",
        "there", "for", "and", "from", "that", "this", "are", "number", "count", "total", "of",
        "has", "have", "had", "its",
    ];
    // The words the code itself compares come first: they are what its search missed.
    // A literal of dotted parts is searched whole as well (`line.strip() == '10.0.0.5'`: its
    // parts are too short to search; the 1.5B model found no host for 10.0.0.5, twenty-ninth
    // set, task 31).
    let literal_words = string_literals(code).into_iter().flat_map(|literal| {
        let whole =
            (literal.contains('.') && !literal.contains(char::is_whitespace)).then_some(literal);
        whole.into_iter().chain(words_in(literal))
    });
    let searched: Vec<&str> = if bare_zero {
        literal_words.collect()
    } else {
        let said: Vec<&str> = words_in(claim).collect();
        literal_words
            .filter(|w| {
                said.iter().any(|s| s.eq_ignore_ascii_case(w))
                    || (w.contains('.') && claim.contains(w))
            })
            .chain(said.iter().copied())
            .collect()
    };
    let words: Vec<&str> = searched
        .into_iter()
        .filter(|w| w.chars().count() >= 3 && !COMMON.contains(&w.to_lowercase().as_str()))
        .filter(|w| !files.iter().any(|f| f.contains(w)))
        .collect();
    files.into_iter().find_map(|name| {
        // As written; else in another case, as the file writes it (the 0.5B model searched
        // `Disk usage` in a log that says `disk`).
        // A column's name, on a table's first line only, is no value searched for (the claim
        // "The total of the amount column in March is: 0" named `amount`, ledger.csv's header).
        let table = [".csv", ".tsv"].iter().any(|e| name.ends_with(e));
        let beyond_header = |lines: &String| !(table && lines.lines().all(|l| l.starts_with("1: ")));
        let (word, lines, spelled) = words
            .iter()
            .find_map(|word| {
                let lines = lines_holding(cwd, name, word).filter(beyond_header)?;
                Some((word.to_string(), lines, None))
            })
            .or_else(|| {
                words.iter().find_map(|word| {
                    let (found, lines) = lines_holding_any_case(cwd, name, word)?;
                    beyond_header(&lines).then_some((found, lines, Some(word)))
                })
            })?;
        let case = spelled
            .map(|given| format!(" It is written `{word}` there, not `{given}`."))
            .unwrap_or_default();
        let text = std::fs::read_to_string(cwd.join(name)).ok()?;
        let field = own_field(&text, &word)
            .map(|i| format!(" In them `{word}` is a field of its own: compare that field, `line.split()[{i}] == '{word}'`."))
            .unwrap_or_default();
        let absent = words_beside(code, &word, &text)
            .map(|other| format!(" `{other}` is nowhere in `{name}`: leave it out of the search."))
            .unwrap_or_default();
        // Counted as whole items of a list of lines: what `.count` counts there.
        if let Some(list) = lines_list_counted(code, &word) {
            return Some(format!(
                "`{name}` does hold `{word}{SEARCH_MISSED} These lines have it:\n```\n{lines}\n```\n`{list}.count('{word}')` counts the items of `{list}` that are exactly `'{word}'`, and its items are whole lines: count in each line, `sum(line.count('{word}') for line in {list})`, then run the code again."
            ));
        }
        // Compared in another column: what to compare instead of the spacing.
        if let Some(column) = compared_column(code, &word, cwd, name) {
            let WrongColumn { row, compared, compared_is, held, held_name, quote } = column;
            return Some(format!(
                "`{name}` does hold `{word}{SEARCH_MISSED} These lines have it:\n```\n{lines}\n```\nYour code compares `{row}[{compared}]`, {compared_is}; `{word}` is in column {held}, `{held_name}`. Compare `{row}[{held}] == {quote}{word}{quote}`, then run the code again."
            ));
        }
        Some(format!(
            "`{name}` does hold `{word}{SEARCH_MISSED}{case} These lines have it:\n```\n{lines}\n```\nMatch what they really say (look at the spaces and punctuation around `{word}`), then run the code again.{absent}{field}"
        ))
    })
}

/// The name of a list of a file's lines (`readlines()`, `splitlines()`, `split('\n')`) whose
/// `.count(word)` the code takes: that counts the lines that are exactly the word. The 0.5B
/// model counted `pets.count('dog')` of pets.txt's lines, 0 (eighteenth set, task 32).
fn lines_list_counted<'c>(code: &'c str, word: &str) -> Option<&'c str> {
    let counted = regex::Regex::new(&format!(
        r#"\b([A-Za-z_]\w*)\.count\(\s*['"]{}['"]\s*\)"#,
        regex::escape(word)
    ))
    .ok()?;
    counted.captures_iter(code).find_map(|c| {
        let list = c.get(1)?.as_str();
        let assigned = regex::Regex::new(&format!(
            r#"\b{}\s*=\s*[^\n]*(?:readlines\(|splitlines\(|split\(\s*['"]\\n['"]\s*\))"#,
            regex::escape(list)
        ))
        .ok()?;
        assigned.is_match(code).then_some(list)
    })
}

/// A CSV row's field compared with a word that another column holds: [`compared_column`].
#[derive(Debug, PartialEq)]
struct WrongColumn {
    /// The row's name in the code (`row`).
    row: String,
    /// The index compared, and what it is (`the `amount` column`).
    compared: usize,
    compared_is: String,
    /// The index of the column that holds the word, and its name.
    held: usize,
    held_name: String,
    /// The quote the code wrote the word with.
    quote: char,
}

/// When the code compares a row's field by index with `word` (`row[2] == 'food'`) and the CSV
/// file `name` holds that word, as a whole field, in another column: that column and the one
/// compared. The 0.5B model summed the food rows of `date,category,amount` with
/// `row[2] == 'food'`, printed 0, and was told only to look at the spacing around `food`
/// (sixteenth set, task 22).
fn compared_column(code: &str, word: &str, cwd: &Path, name: &str) -> Option<WrongColumn> {
    let (header, text) = csv_file(cwd, name)?;
    let pattern = format!(
        r#"\b([A-Za-z_]\w*)\[(\d+)\]\s*==\s*(['"]){}['"]"#,
        regex::escape(word)
    );
    let found = regex::Regex::new(&pattern).ok()?.captures(code)?;
    let row = found.get(1)?.as_str().to_string();
    let compared: usize = found.get(2)?.as_str().parse().ok()?;
    let quote = found.get(3)?.as_str().chars().next()?;
    let mut held = None;
    for line in text.lines().skip(1) {
        let Some(at) = line.split(',').position(|f| f.trim() == word) else {
            continue;
        };
        if held.is_some_and(|h| h != at) {
            return None;
        }
        held = Some(at);
    }
    let held = held.filter(|h| *h != compared)?;
    Some(WrongColumn {
        row,
        compared_is: header.get(compared).map_or_else(
            || "past the last column".to_string(),
            |h| format!("the `{h}` column"),
        ),
        compared,
        held_name: header.get(held)?.clone(),
        held,
        quote,
    })
}

/// Where `word` is a whole field of every line of `text` that holds it as a word, split at
/// whitespace, at the same index: that index (`404` of an access log's lines is field 8).
fn own_field(text: &str, word: &str) -> Option<usize> {
    let mut at = None;
    // A dotted word (`10.0.0.5`) is no word of `words_in`: a field equal to it counts too.
    let holds = |l: &str| words_in(l).any(|w| w == word) || l.split_whitespace().any(|f| f == word);
    for line in text.lines().filter(|l| holds(l)) {
        let i = line.split_whitespace().position(|f| f == word)?;
        if at.is_some_and(|a| a != i) {
            return None;
        }
        at = Some(i);
    }
    at
}

/// A word the code searched for beside `word`, in the same string, that `text` nowhere holds
/// in any case: the 1.5B model searched access.log for `status 404`, the request's words,
/// in lines that say `404` alone (thirteenth set, task 26).
/// A printed sentence is no search: the 0.5B model's `print(f"Number of requests with a 500
/// status: {n}")` had `Number` told as a word of its search (twenty-second set, task 32).
fn words_beside<'c>(code: &'c str, word: &str, text: &str) -> Option<&'c str> {
    let lower = text.to_lowercase();
    let printed = |s: &str| {
        let at = (s.as_ptr() as usize).saturating_sub(code.as_ptr() as usize);
        let start = code[..at.min(code.len())].rfind('\n').map_or(0, |i| i + 1);
        code[start..].trim_start().starts_with("print(")
    };
    string_literals(code)
        .into_iter()
        .filter(|s| !printed(s))
        .filter(|s| words_in(s).any(|w| w == word))
        .flat_map(words_in)
        .find(|w| {
            w.chars().count() >= 3
                && w.chars().all(char::is_alphabetic)
                && !lower.contains(&w.to_lowercase())
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
    // A mark searched for that no file holds (`text.count('*')` in notes.md, whose bullets
    // are `- `: the 1.5B model said there were no bullet points).
    let mark = searched.iter().copied().find(|l| {
        (1..=2).contains(&l.chars().count())
            && l.chars().all(|c| c.is_ascii_punctuation())
            && [".count(", ".startswith(", ".endswith(", ".find(", ".index("]
                .iter()
                .any(|call| {
                    code.contains(&format!("{call}'{l}'"))
                        || code.contains(&format!("{call}\"{l}\""))
                })
            && !texts.iter().any(|t| t.contains(*l))
    });
    if let Some(mark) = mark {
        return Some((mark, text_heads(code, cwd)?));
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
    // Or one line that says it found nothing, in words ("Database port not found in
    // settings.yaml": the 1.5B model looked for `database_port` in a file that nests `port`
    // under `database:`, and answered that no port is set).
    let lower = output.to_lowercase();
    // "No host name found …" too (the 1.5B model; twenty-ninth set, task 31).
    let said_none = numbers.is_empty()
        && ([
            "not found",
            "no match",
            "does not exist",
            "doesn't exist",
            "could not find",
            "couldn't find",
            "nothing found",
        ]
        .iter()
        .any(|w| lower.contains(w))
            || lower.starts_with("no ") && lower.contains(" found")
            // A labelled `None` ("The IP address that made the most requests is: None": the
            // 0.5B model's pattern matched no line of access.log; thirty-third set, task 13).
            || [": none", " is none", "= none"]
                .iter()
                .any(|w| lower.trim_end_matches('.').ends_with(w)));
    output.lines().count() == 1
        && (said_none
            || (!numbers.is_empty() && numbers.iter().all(|n| n.parse::<f64>() == Ok(0.0))))
}

/// Whether none (nothing found) may answer the request: a count, or a question of yes or no.
fn none_can_answer(request: &str) -> bool {
    let lower = request.to_lowercase();
    lower.contains("how many")
        || [
            "is ", "are ", "does ", "do ", "has ", "have ", "was ", "were ", "did ",
        ]
        .iter()
        .any(|w| lower.trim_start().starts_with(w))
}

/// Whether a line of output is a bare value of none: `0`, an empty container or string, `None`.
fn bare_none(line: &str) -> bool {
    matches!(
        line.trim(),
        "0" | "[]" | "{}" | "()" | "set()" | "''" | "\"\"" | "None"
    )
}

/// A table reader that splits at commas (or at the `delimiter` it is given) over the texts of
/// `files`, none of whose lines holds that separator: each row is one whole line. What to tell.
/// The 1.5B model read logins.log's `2026-11-30 08:15:00 login user=ana` lines with
/// `csv.reader`, took `row[1]`, was shown the lines, skipped the rows of one field and printed 0
/// users (thirty-third set, task 27); in a later run it took `row[0]`, each whole line, and
/// printed 9 distinct users, untold.
fn table_reader_unsplit(code: &str, texts: &[String], files: &str) -> Option<String> {
    if texts.is_empty() {
        return None;
    }
    for found in TABLE_READER.as_ref()?.captures_iter(code) {
        let (Some(reader), Some(rest)) = (found.get(1), found.get(2)) else {
            continue;
        };
        let given = DELIMITER_ARG
            .as_ref()?
            .captures(rest.as_str())
            .and_then(|d| d.get(1).or_else(|| d.get(2)))
            .map(|m| m.as_str());
        let written = given.unwrap_or(",");
        let separator = written.replace("\\t", "\t");
        if separator.is_empty() || separator.contains('\\') {
            continue;
        }
        if texts.iter().all(|t| !t.contains(&separator)) {
            let how = if given.is_some() {
                ""
            } else {
                " (its default)"
            };
            return Some(format!(
                "Your code reads {files} with `{}`, which splits each line at `{written}`{how}, and no line of {files} holds `{written}`: each row is one whole line, in one field. Split each line at what separates its fields instead.",
                reader.as_str()
            ));
        }
    }
    None
}

/// Plain text files the code names that hold more than blank space, read once each (a file
/// named by its name and by a path counts once): their names and texts.
fn plain_texts_named<'c>(code: &'c str, cwd: &Path) -> Vec<(&'c str, String)> {
    let mut found = Vec::new();
    let mut seen = Vec::new();
    for name in named_files(code) {
        let path = cwd.join(name);
        let real = std::fs::canonicalize(&path).unwrap_or(path);
        if !plain_text(name) || seen.contains(&real) {
            continue;
        }
        if let Some(text) = small_file_text(&real)
            && !text.trim().is_empty()
        {
            seen.push(real);
            found.push((name, text));
        }
    }
    found
}

/// The names of [`plain_texts_named`]'s files, as a sentence says them (`` `a.log` or `b.log` ``),
/// and their texts.
fn files_and_texts(found: Vec<(&str, String)>) -> (String, Vec<String>) {
    let names: Vec<String> = found.iter().map(|(n, _)| format!("`{n}`")).collect();
    (
        names.join(" or "),
        found.into_iter().map(|(_, t)| t).collect(),
    )
}

/// A test of how a text begins with a string written out (`line.startswith('Disallow:')`):
/// the string in group 1 or 2.
static STARTS_WITH: std::sync::LazyLock<Option<regex::Regex>> = std::sync::LazyLock::new(|| {
    regex::Regex::new(r#"\.startswith\(\s*(?:'([^'\n]+)'|"([^"\n]+)")\s*\)"#).ok()
});

/// A table reader's call (`csv.reader(`, `csv.DictReader(`, pandas' `read_csv(`): the
/// reader in group 1, the rest of its line in group 2.
static TABLE_READER: std::sync::LazyLock<Option<regex::Regex>> = std::sync::LazyLock::new(|| {
    regex::Regex::new(r"\b(csv\.reader|csv\.DictReader|read_csv)\(([^\n]*)").ok()
});

/// A table reader's separator given by name (`delimiter=';'`, `sep='\t'`, raw or not): its
/// text in group 1 or 2.
static DELIMITER_ARG: std::sync::LazyLock<Option<regex::Regex>> = std::sync::LazyLock::new(|| {
    regex::Regex::new(r#"\b(?:delimiter|sep)\s*=\s*[rR]?(?:'([^'\n]+)'|"([^"\n]+)")"#).ok()
});

/// A `.split('…')` with the separator written (its text in group 1 or 2).
static SPLIT_CALL: std::sync::LazyLock<Option<regex::Regex>> = std::sync::LazyLock::new(|| {
    regex::Regex::new(r#"\.split\(\s*(?:'([^'\n]+)'|"([^"\n]+)")\s*\)"#).ok()
});

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
    let (files, texts) = files_and_texts(plain_texts_named(code, cwd));
    if texts.is_empty() {
        return None;
    }
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
    for found in SPLIT_CALL.as_ref()?.captures_iter(code) {
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
    if let Some(told) = table_reader_unsplit(code, &texts, &files) {
        return Some(told);
    }
    // A whole line compared with a word that lines only hold among others (the 1.5B model
    // tested `line.strip() == "rain"` on lines that read `mon rain`; twenty-fifth set, task 30).
    static EQUALS: std::sync::LazyLock<Option<regex::Regex>> = std::sync::LazyLock::new(|| {
        regex::Regex::new(
            r#"\b\w*line\w*(?:\.(?:strip|rstrip|lower)\(\))*\s*==\s*(?:'([^'\n]+)'|"([^"\n]+)")"#,
        )
        .ok()
    });
    for found in EQUALS.as_ref()?.captures_iter(code) {
        let Some(word) = found.get(1).or_else(|| found.get(2)).map(|m| m.as_str()) else {
            continue;
        };
        let folded = found.get(0).is_some_and(|m| m.as_str().contains("lower()"));
        let fold = |l: &str| {
            if folded {
                l.trim().to_lowercase()
            } else {
                l.trim().to_string()
            }
        };
        let lines = || texts.iter().flat_map(|t| t.lines());
        if lines().any(|l| fold(l) == word) {
            continue;
        }
        if let Some(example) = lines().find(|l| fold(l).contains(word)) {
            // A field of its own (an address of /etc/hosts' `10.0.0.5 backup.lan`): that
            // field compared, for `in` would take `10.0.0.50` too (the 1.5B model's
            // `line.strip() == '10.0.0.5'` found no host; twenty-ninth set, task 31).
            let field = lines()
                .filter(|l| !l.trim_start().starts_with('#'))
                .find_map(|l| l.split_whitespace().position(|f| fold(f) == word));
            // Words of several fields (a crontab's `0 * * * *`) that other lines hold inside
            // longer fields (`30 * * * *`): those fields compared, for `in` takes the others
            // too (the 1.5B model was told `'0 * * * *' in line`; thirty-second set, task 13).
            let tokens: Vec<String> = word.split_whitespace().map(str::to_string).collect();
            let aligned = |l: &str| {
                let fields: Vec<String> = fold(l).split_whitespace().map(str::to_string).collect();
                fields
                    .windows(tokens.len())
                    .position(|w| w == tokens.as_slice())
            };
            let data = || lines().filter(|l| !l.trim_start().starts_with('#'));
            let inside = data().find(|l| fold(l).contains(word) && aligned(l).is_none());
            let places: Vec<usize> = data().filter_map(aligned).collect();
            let test = match (field, inside, places.first()) {
                (Some(i), _, _) if word.contains(|c: char| c.is_ascii_digit()) => {
                    format!("Compare the field that holds it: `line.split()[{i}] == '{word}'`.")
                }
                (_, Some(other), Some(&at))
                    if tokens.len() > 1 && places.iter().all(|p| *p == at) =>
                {
                    let (from, to) = (at, at + tokens.len());
                    let range = if from == 0 {
                        format!("[:{to}]")
                    } else {
                        format!("[{from}:{to}]")
                    };
                    format!(
                        "Compare its fields: `line.split(){range} == '{word}'.split()`, for `'{word}' in line` takes `{}` too.",
                        other.trim()
                    )
                }
                _ => format!("Test whether a line holds it: `'{word}' in line`."),
            };
            return Some(format!(
                "Your code compares whole lines with `'{word}'`, and no line of {files} is just `{word}`: they read like `{}`. {test}",
                example.trim()
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
    // A count of empty lines says nothing of the file being empty (the 1.5B model's right
    // "Number of empty lines: 3" was undone until its time ran out).
    let counted = numbers_in(&said)
        .iter()
        .any(|n| n.parse::<f64>().is_ok_and(|v| v != 0.0));
    // Nor do empty things in it ("The column with the most empty cells is: phone", the
    // 0.5B model's right answer, was undone as if it said the file is empty).
    let things = said.split("empty").skip(1).any(|after| {
        words_in(after).find(|w| !w.is_empty()).is_some_and(|w| {
            [
                "line", "lines", "cell", "cells", "row", "rows", "field", "fields", "value",
                "values", "column", "columns", "entry", "entries", "string", "strings",
            ]
            .contains(&w)
        })
    });
    if counted || things {
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
        // A subscript of a name, a call or another subscript, not a list written out: the
        // 1.5B model's `weekend_days = ['Saturday', 'Sunday']` was told `Saturday` is no
        // column (twenty-ninth set, task 18).
        regex::Regex::new(
            r#"(?:[\w)\]]\[\s*|\.get\(\s*|\.groupby\(\s*(?:by\s*=\s*)?|\.sort_values\(\s*(?:by\s*=\s*)?)['"]([^'"\n]+)['"]"#,
        )
        .ok()
    });
    if !(code.contains("DictReader") || code.contains("read_csv")) {
        return None;
    }
    // Not a column the code makes itself (`df['step_difference'] = df['steps'].diff()`).
    let made = |key: &str| {
        [format!("['{key}']"), format!("[\"{key}\"]")]
            .iter()
            .any(|index| {
                code.match_indices(index.as_str()).any(|(at, _)| {
                    let after = code[at + index.len()..].trim_start();
                    after.starts_with('=') && !after.starts_with("==")
                })
            })
    };
    let keys: Vec<&str> = KEY
        .as_ref()?
        .captures_iter(code)
        .filter_map(|c| Some(c.get(1)?.as_str()))
        .filter(|key| !made(key))
        .collect();
    named_files(code).into_iter().find_map(|name| {
        // The header as written (`csv_header` lowercases it), when the file has one.
        let (mut columns, _) = csv_file(cwd, name)?;
        // Read without its byte order mark, the file's first column is named as it looks.
        if code.to_lowercase().replace('_', "-").contains("utf-8-sig")
            && let Some(first) = columns.first_mut()
        {
            *first = first.trim_start_matches('\u{feff}').to_string();
        }
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
        let rows = csv_rows(&text);
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
///
/// A file that begins with a byte order mark (Excel's exports do) is read with the mark in its
/// first column's name, `\ufeffcustomer`, which looks like `customer`: the 1.5B model was told
/// the columns, invisibly marked, and asked for `customer` four times until its time ran out
/// (thirty-fourth set, task 19).
fn unknown_key_says(file: &str, key: &str, columns: &[String]) -> String {
    const MARK: char = '\u{feff}';
    if columns
        .first()
        .is_some_and(|c| c.trim_start_matches(MARK) == key && c.starts_with(MARK))
    {
        return format!(
            "`{file}` begins with a byte order mark (`\\ufeff`, an invisible mark some programs write first), and read as plain UTF-8 it stays in the first column's name, `'\\ufeff{key}'`, so there is no `{key}`. Open the file with `encoding='utf-8-sig'`, which drops the mark: `open('{file}', encoding='utf-8-sig')`."
        );
    }
    let names: Vec<String> = columns
        .iter()
        .map(|c| format!("`{}`", c.replace(MARK, "\\ufeff")))
        .collect();
    format!(
        "`{key}` is not a column of `{file}`: its columns are {}. Use one of those names.",
        names.join(", ")
    )
}

/// The rows of a CSV text of [`csv_file`] below its header, each split at its commas and
/// trimmed; blank lines left out.
fn csv_rows(text: &str) -> Vec<Vec<&str>> {
    text.lines()
        .skip(1)
        .filter(|l| !l.trim().is_empty())
        .map(|l| l.split(',').map(str::trim).collect())
        .collect()
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
    // Its rows are split at commas by those who read it here.
    if table_separator(&head) != ',' {
        return None;
    }
    csv_columns(&head)?;
    let header = text
        .lines()
        .next()?
        .split(',')
        .map(|h| h.trim().to_string())
        .collect();
    Some((header, text))
}

/// What a table's columns are separated by: a comma, unless its first lines split alike at
/// a tab, `;` or `|` ([`column_separator`]).
fn table_separator(text: &str) -> char {
    column_separator(text, &[',', '\t', ';', '|']).unwrap_or(',')
}

/// The fields of a table's first line split at `sep`, trimmed, when they are a header: each
/// names a column (none is empty or a number: `ann,82` is a row).
pub(crate) fn header_fields(line: &str, sep: char) -> Option<Vec<&str>> {
    let fields: Vec<&str> = line.split(sep).map(str::trim).collect();
    fields
        .iter()
        .all(|f| !f.is_empty() && f.parse::<f64>().is_err())
        .then_some(fields)
}

/// The fields of a CSV line, a comma inside double quotes kept in its field
/// (`"Widget, small",4.5` is two).
fn quoted_fields(line: &str) -> Vec<String> {
    let mut fields = vec![String::new()];
    let mut quoted = false;
    for c in line.chars() {
        match c {
            '"' => quoted = !quoted,
            ',' if !quoted => fields.push(String::new()),
            c => fields.last_mut().into_iter().for_each(|f| f.push(c)),
        }
    }
    fields
}

/// Whether a CSV text holds a field in quotes with a comma in it, which `line.split(',')`
/// cuts apart.
fn quoted_commas(text: &str) -> bool {
    text.lines()
        .take(50)
        .any(|l| quoted_fields(l).iter().any(|f| f.contains(',')))
}

/// A CSV header's columns by index (`0 region, 1 units, 2 price`), when the first line is
/// names and the next has as many fields.
fn csv_columns(head: &str) -> Option<String> {
    let sep = table_separator(head);
    let mut lines = head.lines();
    let header = header_fields(lines.next()?, sep)?;
    let second = lines.next()?;
    let fields = if sep == ',' {
        quoted_fields(second).len()
    } else {
        second.split(sep).count()
    };
    (header.len() > 1 && header.len() == fields).then(|| {
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
    // The names the text was read into (`text = computer.files.read('poem.txt')`, `text =
    // open('words.txt').read()`: the 0.5B model's `for word in text` counted the letters b,
    // fourteenth set, task 27).
    static READ_INTO: std::sync::LazyLock<Option<regex::Regex>> = std::sync::LazyLock::new(|| {
        regex::Regex::new(
            r"(?m)^\s*([A-Za-z_]\w*)\s*=\s*(?:computer\.files\.read\((.*)|open\([^\n]*?\)\.read\(\)(.*))$",
        )
        .ok()
    });
    let read_into = READ_INTO.as_ref()?;
    let mut items = false;
    let mut measured = false;
    // Not a name that holds the text already split (`computer.files.read(p).splitlines()`),
    // or split later (`text.split()`): its items are lines or words (the 1.5B model's right
    // answer was sent back as undone).
    let whole = read_into.captures_iter(code).filter(|c| {
        let chained = c.get(2).is_some_and(|rest| rest.as_str().contains(")."))
            || c.get(3)
                .is_some_and(|rest| rest.as_str().trim_start().starts_with('.'));
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
            r"\bfor\s+\w+\s+in\s+{name}\s*(?:\[[^\]\n]*\]\s*)?(?::|\bif\b|[\])}}])|\b(?:max|min|sorted|set|csv\.reader|csv\.DictReader)\(\s*{name}\s*[,)]"
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
        // Its values' kind when they share one: a dict of counts (`{"apple": 12, …}`) read as
        // its keys, the 1.5B model printed `len(items)`, 4, for the total count of fruits.
        Value::Object(map) => {
            let kind = |v: &Value| match v {
                Value::Number(_) => Some("a number"),
                Value::String(_) => Some("a string"),
                Value::Bool(_) => Some("true or false"),
                _ => None,
            };
            let first = map.values().next().and_then(kind);
            let each = first
                .filter(|k| map.len() > 1 && map.values().all(|v| kind(v) == Some(k)))
                .map(|k| format!(", each holding {k}"))
                .unwrap_or_default();
            format!("an object with the keys {}{each}", keys(map))
        }
        // A key whose value is itself an object or a list is said with its shape, where the
        // whole document's is (the 1.5B model added up `product['stock']`, an object of
        // `warehouse` and `store`, until its time ran out).
        Value::Array(items) => match items.first() {
            Some(Value::Object(first)) if deep => {
                let parts: Vec<String> = sorted(first)
                    .iter()
                    .map(|(k, v)| match v {
                        Value::Object(_) | Value::Array(_) => {
                            format!("`{k}` ({})", json_shape(v, false))
                        }
                        _ => format!("`{k}`"),
                    })
                    .collect();
                format!(
                    "a list of {} objects with the keys {}",
                    items.len(),
                    parts.join(", ")
                )
            }
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
    let (given, name) = missing_file_here(output, cwd).or_else(|| {
        output
            .contains("KeyError")
            .then(|| unread_config_path(code, cwd))
            .flatten()
    })?;
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

/// Names a piece of Python code gives outside its functions: what it imports (`json`, `pd` of
/// `import pandas as pd`, `sqrt` of `from math import sqrt`), assigns (`orders = …`, in a
/// `with` block too) or defines (`def total(`).
fn defined_names(code: &str) -> Vec<&str> {
    let mut names = Vec::new();
    let mut in_function: Option<usize> = None;
    for line in code.lines() {
        let indent = line.len() - line.trim_start().len();
        if line.trim().is_empty() || in_function.is_some_and(|d| indent > d) {
            continue;
        }
        in_function = None;
        let line = line.split('#').next().unwrap_or("").trim();
        if line.starts_with("def ") || line.starts_with("class ") {
            in_function = Some(indent);
        }
        if let Some(rest) = line.strip_prefix("import ") {
            for part in rest.split(',') {
                let part = part.trim();
                let name = match part.split_once(" as ") {
                    Some((_, alias)) => alias.trim(),
                    None => part.split('.').next().unwrap_or(""),
                };
                names.push(name);
            }
        } else if let Some((_, rest)) = line
            .strip_prefix("from ")
            .and_then(|r| r.split_once(" import "))
        {
            for part in rest.trim_matches(['(', ')', ' ']).split(',') {
                let part = part.trim();
                names.push(part.split_once(" as ").map_or(part, |(_, a)| a.trim()));
            }
        } else if let Some(rest) = line
            .strip_prefix("def ")
            .or_else(|| line.strip_prefix("class "))
        {
            names.push(rest.split(['(', ':']).next().unwrap_or("").trim());
        } else if let Some((left, right)) = line.split_once('=')
            && !right.starts_with('=')
            && !left.ends_with(['!', '<', '>', '+', '-', '*', '/', '%'])
        {
            names.extend(
                left.split(',').map(str::trim).filter(|n| {
                    !n.is_empty() && n.chars().all(|c| c.is_alphanumeric() || c == '_')
                }),
            );
        }
    }
    names.retain(|n| !n.is_empty());
    names
}

/// When the model's last run worked, printed nothing, and gave a name (`import json`) that
/// code failed on earlier in the turn (`NameError: name 'json' is not defined`), and the model
/// now answers or asks to run that last piece again: the failed code, for the engine to run in
/// the model's stead (the kernel keeps what the piece gave; a call of its own, through the
/// gate), and a line for the events. Failed code whose name that code gives in turn is run
/// after it. The 0.5B model, its count over `orders` failing, ran
/// `orders = json.load(open('orders.json'))` alone, which failed on `json`, then ran
/// `import json` alone, and said "The code printed nothing." until the corrections ran out
/// (fifteenth set, task 23). Code that writes files is not run again (a second append).
pub fn rerun_after_fragment(
    history: &History,
    next: Option<&ToolCall>,
) -> Option<(String, String)> {
    if next.is_some_and(|call| repeated_last_run(history, call).is_none()) {
        return None;
    }
    let (_, turn) = history.last_turn()?;
    let runs: Vec<(&str, &str, bool)> = code_runs(history, turn).collect();
    let (&(piece, output, failed), earlier) = runs.split_last()?;
    if failed || !split_hint(output).0.trim().is_empty() {
        return None;
    }
    let mut given = defined_names(piece);
    // The name the last piece gave that the latest failure lacked, for the events.
    let mut name = "";
    let mut chain: Vec<&str> = Vec::new();
    let mut searched = earlier.len();
    while let Some(at) = earlier[..searched]
        .iter()
        .rposition(|(code, output, failed)| {
            *failed
                && missing_name(output).is_some_and(|n| given.contains(&n))
                && !earlier[..]
                    .iter()
                    .any(|(c, _, f)| !f && c.trim() == code.trim())
        })
    {
        let code = earlier[at].0;
        if writes_files(code) || chain.contains(&code) {
            break;
        }
        if chain.is_empty() {
            name = missing_name(earlier[at].1).unwrap_or_default();
        }
        chain.push(code);
        given = defined_names(code);
        searched = at;
    }
    if chain.is_empty() {
        return None;
    }
    let code = chain.join("\n");
    if runs.iter().any(|(c, _, _)| c.trim() == code.trim()) {
        return None;
    }
    Some((
        code,
        format!(
            "the model's last code gave `{name}`, which its failed code needed, and it did not run that code again: running it"
        ),
    ))
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

/// The file of the working folder the code wrote as Python where `name` is not defined
/// (`app.env` of `print(app.env)`).
fn file_as_name(code: &str, name: &str, cwd: &Path) -> Option<String> {
    // Written as Python, not in quotes: the 0.5B model's `max(counts)` failed where the code
    // also wrote `'counts.txt'`, quoted as it should be (twenty-fourth set, task 30).
    let pattern = format!(
        r#"(?m)(?:^|[^'"/\w.]){}\.([A-Za-z0-9_]+)\b"#,
        regex::escape(name)
    );
    let re = regex::Regex::new(&pattern).ok()?;
    re.captures_iter(code)
        .map(|c| format!("{name}.{}", &c[1]))
        .find(|file| cwd.join(file).is_file())
}

/// A module the code imports whose name begins with `name` or is begun by it, when the code
/// uses `name.` as a module (`tomllib` imported, `toml.load` called).
fn imported_like<'c>(code: &'c str, name: &str) -> Option<&'c str> {
    if !code.contains(&format!("{name}.")) {
        return None;
    }
    code.lines()
        .filter_map(|l| l.trim_start().strip_prefix("import "))
        .flat_map(|l| l.split([',', ';']))
        .map(|m| m.split_whitespace().next().unwrap_or_default())
        .find(|m| {
            m != &name
                && m.len() >= 3
                && name.len() >= 3
                && (m.starts_with(name) || name.starts_with(*m))
        })
}

/// A module of Python's standard library a shell command installs with pip (`pip install
/// datetime`): the module and the import the code needs instead.
fn standard_installed(code: &str) -> Option<(&str, String)> {
    static INSTALL: std::sync::LazyLock<Option<regex::Regex>> = std::sync::LazyLock::new(|| {
        regex::Regex::new(r"\bpip3?\s+install\s+((?:-\S+\s+)*)([A-Za-z_][\w.]*)").ok()
    });
    let module = INSTALL.as_ref()?.captures(code)?.get(2)?.as_str();
    let import = import_for(module, "")?;
    (import == format!("import {module}") || module == "datetime").then_some((module, import))
}

/// Whether a shell command counts the lines of a long listing (`ls -l build | wc -l`), its
/// `total` line among them (not when a filter drops it, `grep`, `tail -n +2`).
fn long_listing_counted(code: &str) -> bool {
    static COUNTED: std::sync::LazyLock<Option<regex::Regex>> = std::sync::LazyLock::new(|| {
        regex::Regex::new(r"\bls\s+(?:-\w*\s+)*-\w*l\w*\b[^|;&\n]*\|\s*wc\s+-l\b").ok()
    });
    COUNTED.as_ref().is_some_and(|r| r.is_match(code))
}

/// The kind of the values a comparison with an infinity failed on (`datetime.datetime`), when
/// the code starts a search from `float('inf')` or `float('-inf')` and Python refused to compare
/// them: "'<' not supported between instances of 'datetime.datetime' and 'float'".
fn compared_with_infinity<'o>(code: &str, output: &'o str) -> Option<&'o str> {
    let infinite = [
        "float('inf')",
        "float(\"inf\")",
        "float('-inf')",
        "float(\"-inf\")",
        "math.inf",
    ]
    .iter()
    .any(|i| code.contains(i));
    if !infinite {
        return None;
    }
    let line = output.lines().find(|l| {
        l.starts_with("TypeError: '") && l.contains("' not supported between instances of '")
    })?;
    let (_, kinds) = line.split_once("between instances of ")?;
    let mut kinds = kinds.split(" and ").map(|k| k.trim().trim_matches('\''));
    let (first, second) = (kinds.next()?, kinds.next()?);
    match (first, second) {
        ("float", other) | (other, "float") if other != "float" && other != "int" => Some(other),
        _ => None,
    }
}

/// A name whose first character the code takes, `name[0]` (not a list's first item, `rows[0]`
/// of a name that ends in `s`, nor `sys.argv[0]`).
fn first_char_taken(code: &str) -> Option<&str> {
    static FIRST: std::sync::LazyLock<Option<regex::Regex>> =
        std::sync::LazyLock::new(|| regex::Regex::new(r"(?:^|[^\w.])([A-Za-z_]\w*)\[0\]").ok());
    let bare = uncommented(code);
    let name = FIRST
        .as_ref()?
        .captures_iter(&bare)
        .filter_map(|c| c.get(1))
        .map(|m| m.as_str())
        .find(|n| !n.ends_with('s') || matches!(*n, "s" | "words"))?;
    // The same name in `code` itself, for the lifetime.
    code.find(name).map(|at| &code[at..at + name.len()])
}

/// Whether `code` calls `name(…)` and neither defines, assigns nor imports it.
fn called_undefined(code: &str, name: &str) -> bool {
    let Ok(called) = regex::Regex::new(&format!(r"(?:^|[^\w.]){}\s*\(", regex::escape(name)))
    else {
        return false;
    };
    let Ok(given) = regex::Regex::new(&format!(
        r"(?m)\bdef\s+{n}\b|\bclass\s+{n}\b|^\s*{n}\s*=|\bimport\b[^\n]*\b{n}\b|\bas\s+{n}\b|\bfor\s+{n}\b",
        n = regex::escape(name)
    )) else {
        return false;
    };
    let bare = uncommented(code);
    called.is_match(&bare) && !given.is_match(&bare)
}

/// The name a `NameError` says is not defined.
fn missing_name(output: &str) -> Option<&str> {
    // The exception's own line, not code a SyntaxError quotes.
    let rest = output
        .lines()
        .find_map(|l| l.strip_prefix("NameError: name '"))?;
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
            // The 0.5B model wrote `e**3` for e to the power 3 (twenty-third set, task 10).
            "e",
            "tau",
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
/// that `code` used without importing it (`median`, `sqrt`, `Counter`, `json`). `datetime` is
/// both a module and its class: the class where the code calls it or its methods
/// (`datetime(2026, 2, 13)`, `datetime.strptime`), the module where it takes a class from it
/// (`datetime.date(…)`). The 0.5B model called `datetime(year, month, 1)` with no import, then
/// ran `pip install datetime` (eighteenth set, task 18).
fn import_for(name: &str, code: &str) -> Option<String> {
    if name == "datetime" {
        let module = [
            "datetime.date",
            "datetime.datetime",
            "datetime.timedelta",
            "datetime.time(",
        ]
        .iter()
        .any(|m| code.contains(m));
        return Some(if module {
            "import datetime".to_string()
        } else {
            "from datetime import datetime".to_string()
        });
    }
    // `date` only where the code calls it or its methods (a variable of that name may be
    // read before it is set).
    let called = |n: &str| {
        regex::Regex::new(&format!(r"(?:^|[^\w.]){n}\s*[(.]")).is_ok_and(|r| r.is_match(code))
    };
    if name == "timedelta" || (name == "date" && called("date")) {
        return Some(format!("from datetime import {name}"));
    }
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
    let import = import_for(name, code)?;
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

/// A comprehension whose `for` uses a name that a later `for` of it gives, as a `NameError`
/// for that name shows: the two clauses, the name, and the code with them swapped.
struct Reordered<'c> {
    uses: &'c str,
    gives: &'c str,
    name: &'c str,
    mended: String,
}

fn comprehension_out_of_order<'c>(code: &'c str, output: &'c str) -> Option<Reordered<'c>> {
    let name = missing_name(output)?;
    let gives_at = format!("for {name} in ");
    let mut offset = 0;
    for line in code.split_inclusive('\n') {
        let start = offset;
        offset += line.len();
        let Some(p2) = line.find(&gives_at) else {
            continue;
        };
        // The `for` before it whose iterable names `name`.
        let Some(p1) = line[..p2].rfind("for ") else {
            continue;
        };
        let first = &line[p1..p2];
        let iterable = first.split_once(" in ").map_or("", |(_, it)| it);
        let named = regex::Regex::new(&format!(r"\b{}\b", regex::escape(name)))
            .is_ok_and(|re| re.is_match(iterable));
        if !named {
            continue;
        }
        // The later clause runs to the bracket that closes the comprehension, or an `if`.
        let mut depth = 0i32;
        let mut end = line.trim_end().len();
        for (i, c) in line[p2..].char_indices() {
            let at = p2 + i;
            match c {
                '(' | '[' | '{' => depth += 1,
                ')' | ']' | '}' if depth == 0 => {
                    end = at;
                    break;
                }
                ')' | ']' | '}' => depth -= 1,
                ' ' if depth == 0 && line[at..].starts_with(" if ") => {
                    end = at;
                    break;
                }
                _ => {}
            }
        }
        let uses = first.trim_end();
        let gives = line[p2..end].trim_end();
        let mut mended = String::with_capacity(code.len() + 1);
        mended.push_str(&code[..start + p1]);
        mended.push_str(gives);
        mended.push(' ');
        mended.push_str(uses);
        mended.push_str(&code[start + p2 + gives.len()..]);
        return Some(Reordered {
            uses: &code[start + p1..start + p1 + uses.len()],
            gives: &code[start + p2..start + p2 + gives.len()],
            name,
            mended,
        });
    }
    None
}

/// When the model sends back, unchanged, Python code whose comprehension used a name before
/// its `for` gave it (the hint said so): that code with the two `for`s swapped, for the engine
/// to run in the model's stead, and a line for the events.
pub fn mended_comprehension<'h>(
    history: &'h History,
    next: Option<&'h ToolCall>,
) -> Option<(String, String)> {
    let (code, output, how) = python_failed_again(history, next)?;
    let Reordered { name, mended, .. } = comprehension_out_of_order(code, output)?;
    Some((
        mended,
        format!(
            "the model's comprehension uses `{name}` before the `for` that gives it, and {how}: running it with its two `for`s swapped"
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

/// When the request asks how many and the run printed two lines or more from a `print` inside
/// a `for` loop: how many lines it printed. The 0.5B model printed "…returned status 404: 1"
/// once per matching line of access.log, and answered 1 (thirteenth set, task 26).
fn printed_in_loop(request: &str, code: &str, value: &str) -> Option<usize> {
    if !request.to_lowercase().contains("how many") {
        return None;
    }
    let printed = value.lines().filter(|l| !l.trim().is_empty()).count();
    if printed < 2 {
        return None;
    }
    let indent = |l: &str| l.len() - l.trim_start().len();
    let bare = uncommented(code);
    let lines: Vec<&str> = bare.lines().filter(|l| !l.trim().is_empty()).collect();
    // Whether the line at `i` is in a `for` loop's body: a `for` among the blocks around it.
    let looped = |i: usize| {
        let mut level = indent(lines[i]);
        for l in lines[..i].iter().rev() {
            if indent(l) < level {
                if l.trim_start().starts_with("for ") {
                    return true;
                }
                level = indent(l);
            }
        }
        false
    };
    let prints: Vec<bool> = (0..lines.len())
        .filter(|&i| lines[i].trim_start().starts_with("print("))
        .map(looped)
        .collect();
    // A print after the loop may well print the count (items listed, then how many).
    (!prints.is_empty() && prints.iter().all(|&l| l)).then_some(printed)
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
    // A short answer that is a run of the harness's words, every one (the 0.5B model, its
    // copy printing nothing, answered "The code printed nothing." and the turn ended on it).
    let short_echo = windows < 3 && said.len() >= 3 && !numbered && {
        let ours: Vec<Vec<String>> = turn
            .iter()
            .filter_map(|i| match i {
                HistoryItem::ToolResult {
                    tool_name, output, ..
                } if tool_name == crate::profile::FORMAT_ERROR => Some(words(output)),
                HistoryItem::ToolResult { output, .. } => split_hint(output).1.map(words),
                _ => None,
            })
            .collect();
        ours.iter()
            .any(|w| w.windows(said.len()).any(|run| run == said.as_slice()))
            && !request
                .windows(said.len())
                .any(|run| run == said.as_slice())
    };
    if !((echoed > 0 && !numbered) || mostly || request_said || short_echo) {
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
        ((mostly || echoed >= 3 || request_said || short_echo) && !last.contains(REPEATED))
            .then(|| format!("{PARROTED} {last}"))
    })
}

/// Where a request asks which item has the most (least) of something, the code printed one
/// line per item with one number on it, and the answer names an item whose line is not the
/// extreme one: that item, the extreme one, their numbers, and "more" or "less". Items of
/// another kind than the request names (`.txt` where it asks which `.md` file) are left
/// out.
fn listed_extreme_missed(
    request: &str,
    answer: &str,
    printed: &str,
) -> Option<(String, String, String, String, &'static str)> {
    const MOST: [&str; 9] = [
        "most", "largest", "biggest", "longest", "highest", "greatest", "maximum", "more", "oldest",
    ];
    const LEAST: [&str; 8] = [
        "fewest", "least", "smallest", "shortest", "lowest", "minimum", "less", "youngest",
    ];
    let lower = request.trim_start().to_lowercase();
    if !["which", "what", "who"]
        .iter()
        .any(|w| lower.starts_with(w))
    {
        return None;
    }
    let most = words_in(&lower).any(|w| MOST.contains(&w));
    let least = words_in(&lower).any(|w| LEAST.contains(&w));
    if most == least {
        return None;
    }
    // The kind of item asked for, by its extension (".md file").
    let kind = asked_extension(request).map(|e| format!(".{}", e.to_lowercase()));
    let lines: Vec<(Vec<&str>, f64)> = printed
        .lines()
        .filter_map(|line| {
            let numbers = numbers_in(line);
            let [number] = numbers.as_slice() else {
                return None;
            };
            let n = number.parse::<f64>().ok()?;
            let words: Vec<&str> = line
                .split(|c: char| c.is_whitespace() || matches!(c, ':' | ',' | '=' | '\'' | '"'))
                .filter(|t| !t.is_empty())
                .filter(|w| w != number)
                .collect();
            Some((words, n))
        })
        .collect();
    if lines.len() < 2 || lines.len() != printed.lines().filter(|l| !l.trim().is_empty()).count() {
        return None;
    }
    // Each line's own name: the one word no other line has.
    let named: Vec<(&str, f64)> = lines
        .iter()
        .enumerate()
        .filter_map(|(i, (words, n))| {
            let own: Vec<&&str> = words
                .iter()
                .filter(|w| {
                    !lines
                        .iter()
                        .enumerate()
                        .any(|(j, (other, _))| j != i && other.contains(w))
                })
                .collect();
            match own.as_slice() {
                [one] => Some((**one, *n)),
                _ => None,
            }
        })
        .collect();
    if named.len() != lines.len() {
        return None;
    }
    let of_kind: Vec<&(&str, f64)> = named
        .iter()
        .filter(|(name, _)| {
            kind.as_ref()
                .is_none_or(|k| name.to_lowercase().ends_with(k.as_str()))
        })
        .collect();
    let best = of_kind.iter().copied().max_by(|a, b| {
        let order = a.1.total_cmp(&b.1);
        if most { order } else { order.reverse() }
    })?;
    let said_words: Vec<String> = answer
        .split(|c: char| c.is_whitespace() || matches!(c, ':' | ',' | '`' | '\'' | '"' | '*'))
        .map(|w| w.trim_end_matches(['.', '!', '?']).to_lowercase())
        .collect();
    let said: Vec<&&(&str, f64)> = of_kind
        .iter()
        .filter(|(name, _)| said_words.contains(&name.to_lowercase()))
        .collect();
    let [said] = said.as_slice() else {
        return None;
    };
    if said.0 == best.0 || said.1 == best.1 {
        return None;
    }
    let number = |n: f64| {
        if n.fract() == 0.0 {
            format!("{}", n as i64)
        } else {
            format!("{n}")
        }
    };
    Some((
        format!("`{}`", said.0),
        format!("`{}`", best.0),
        number(said.1),
        number(best.1),
        if most { "more" } else { "less" },
    ))
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
    let (_, turn) = history.last_turn()?;
    match times_nudged(turn, UNUSED) {
        0 => first_unused_output_nudge(history, answer),
        // Once more only where the answer again gives a value of its own for the one the code
        // printed: the 0.5B model, told to answer with 20, answered 10 again (twenty-ninth set,
        // task 7). Told twice, its next answer is begun with the value ([`stuck_view`]).
        1 => first_unused_output_nudge(history, answer).filter(|n| n.contains(ANSWER_WITH)),
        _ => None,
    }
}

/// What [`unused_output_nudge`] asks the first time.
fn first_unused_output_nudge(history: &History, answer: &str) -> Option<String> {
    let (asked, turn) = history.last_turn()?;
    if already_nudged(turn, ONE_ROW) {
        return None;
    }
    // The last real result of this turn (the harness's own corrections do not count): a
    // successful run of code the model wrote as text.
    let (call_id, output) = last_success(turn)?;
    // A run that printed nothing has only the harness's hint, which is no output to use (the
    // 0.5B model was told its answer did not use "(The code printed nothing. …)").
    if split_hint(output).0.trim().is_empty() {
        return None;
    }
    // A document's text is no value to quote: its page numbers are not the answer.
    let ran_code_as_text = history.call(call_id).is_some_and(|c| {
        c.origin == CallOrigin::Text
            && matches!(&c.action, ToolAction::RunCode { code, .. } if !code.contains("computer.files.read("))
    });
    let unwarned = without_warnings(output);
    let value = unwarned.trim();
    if !ran_code_as_text || value.is_empty() || value.len() > SHORT_OUTPUT {
        return None;
    }
    // A traceback said back after the code that worked is an earlier failure, not the answer,
    // whatever names of the output it quotes, and its indented lines are no code of the
    // answer's own (the 0.5B model's count printed `{'name': 'no_email_count', …, 'value':
    // 3}`, and it answered with the traceback of the run before, `no_email_count = …` in it;
    // fifteenth set, task 33). Not an error the run printed itself (a log's line asked for).
    let said_failure = answer.contains("Traceback (most recent call last)")
        || exception_line(answer).is_some_and(|line| !value.contains(line));
    if said_failure && !value.contains("Traceback (most recent call last)") {
        return Some(format!(
            "{NUDGE_START}\n{value}\n\n{UNUSED} Your answer is the error of earlier code said back; the code that ran last worked. Now tell me the answer to my question in one sentence, with the value from that output."
        ));
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
    // A list the answer writes that is not the list printed: the 0.5B model sorted `['pear',
    // 'apple', 'fig']`, printed `['apple', 'fig', 'pear']`, and answered with the order it had
    // foretold, `['fig', 'pear', 'apple']` (eighteenth set, task 13).
    if let Some(said) = other_list(answer, value) {
        return Some(format!(
            "{NUDGE_START}\n{value}\n\n{UNUSED} Your answer says {said}, but your code printed {value}. {ANSWER_WITH} {value}."
        ));
    }
    // Another line of a listing than the one with the most (least) the request asks which
    // of (the 0.5B model printed four files' line counts and named the second largest;
    // twenty-fourth set, task 33).
    if let Some((said, best, said_n, best_n, more)) = listed_extreme_missed(&request, answer, value)
    {
        return Some(format!(
            "{NUDGE_START}\n{value}\n\n{UNUSED} Your answer names {said}, and by that output {best} has {more} ({best_n}, against {said_n}). Answer my question again in one sentence, with the one it asks for."
        ));
    }
    // The request's own value given back as the answer, where the line the code printed holds
    // it and more: the 0.5B model printed `10.0.0.5 backup.lan` for the host name that points
    // to 10.0.0.5 and answered that it is `10.0.0.5` (twenty-ninth set, task 31).
    if let Some(said) = asked_value_said_back(&request, answer, value) {
        return Some(format!(
            "{NUDGE_START}\n{value}\n\n{UNUSED} Your answer gives back {said}, which my request gave you: what my request asks for is what your code printed beside it. Answer my question again in one sentence, with that."
        ));
    }
    // The printed value counts as used only where the answer says it, not where it copies
    // the request (the 0.5B model's "The median of the numbers 7, 3, 9, 1 and 5 is 6.",
    // its guess, after its code printed 5).
    // Who, asked, and the name printed beside the number left out of the answer: the 0.5B
    // model printed `noa: 93` and answered that the second highest score is 93 (thirtieth
    // set, task 20).
    if let Some(name) = who_unsaid(&request, answer, value) {
        return Some(format!(
            "{NUDGE_START}\n{value}\n\n{UNUSED} My request asks who, and your answer gives only the number; your code printed the name with it. {ANSWER_WITH} {name}."
        ));
    }
    // Numbers of the request printed back beside the result (`Total flour required for 7
    // people: 525.0 grams`) are no use of it: the 1.5B model answered "you need 75 g" with
    // its 7 (thirty-third set, task 7).
    let (asked_plain, value_plain) = (normalized(&request), normalized(value));
    let beyond = printed_beyond_request(&asked_plain, &value_plain);
    let only_asked_said = !beyond.is_empty()
        && clock_times(value).is_empty()
        && !answer_uses(answer, &beyond.join(" "));
    if !only_asked_said
        && answer_uses(answer, value)
        && answer_uses(&unechoed(answer, &request), value)
        || said_beside_asked(&request, answer, value)
    {
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
    // A labelled one too (`Number of requests with a 500 status: 2`), not a dict of several.
    let labelled_one = value.lines().count() == 1
        && value.matches(':').count() == 1
        && !value.contains(['{', '[', ','])
        && value
            .rsplit_once(':')
            .is_some_and(|(_, v)| (1..=3).contains(&v.split_whitespace().count()));
    let one_value =
        labelled_one || value.lines().count() == 1 && value.split_whitespace().count() <= 3;
    // An answer that names one of several labelled values printed took it from the output (the
    // 0.5B model printed the counts of four items and answered "eggs", the largest, and was
    // told it had not used the output). Not a word of the request: "lines" is no label. Nor
    // the label of one value: the 0.5B model printed "Number of requests with a 500 status:
    // 2" and answered "The code successfully counted the number of requests…", which named
    // no value (twenty-second set, task 32).
    let asked_words: Vec<String> = words_in(&asked_norm).map(str::to_string).collect();
    let named_label = !labelled_one
        && words_in(value)
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
            "{NUDGE_START}\n{value}\n\n{UNUSED} Your answer says {n}, but your code printed {value}. {ANSWER_WITH} {value}."
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

/// When the request asks who, the run printed one line of a name and a number (`noa: 93`), and
/// the answer says the number but not the name: the name.
fn who_unsaid(request: &str, answer: &str, printed: &str) -> Option<String> {
    let lower = request.trim_start().to_lowercase();
    if !lower.starts_with("who ") || printed.lines().count() != 1 {
        return None;
    }
    let fields = fields_of(printed);
    let number = fields.iter().find(|f| f.parse::<f64>().is_ok())?;
    let asked = fields_of(&lower);
    let names: Vec<&&str> = fields
        .iter()
        .filter(|f| {
            f.chars().count() >= 2
                && f.chars()
                    .all(|c| c.is_alphabetic() || c == '-' || c == '\'')
                && !asked.contains(&f.to_lowercase().as_str())
        })
        .collect();
    let [name] = names[..] else {
        return None;
    };
    let said = fields_of(answer);
    let answer_lower = answer.to_lowercase();
    (said.contains(number) && !answer_lower.contains(&name.to_lowercase()))
        .then(|| name.to_string())
}

/// A word or value as it stands in a sentence or a line, without the quotes, marks and
/// punctuation around it.
fn bare_field(t: &str) -> &str {
    t.trim_matches(|c: char| {
        c.is_whitespace()
            || matches!(
                c,
                '`' | '*' | '"' | '\'' | '.' | '!' | '?' | ',' | ':' | '(' | ')'
            )
    })
}

/// The fields of `t`: its words and values, split at spaces, tabs, commas, `=` and `;`.
fn fields_of(t: &str) -> Vec<&str> {
    t.split(|c: char| c.is_whitespace() || matches!(c, ',' | '=' | ';'))
        .map(bare_field)
        .filter(|f| !f.is_empty())
        .collect()
}

/// Each value of the request with a digit in it (`10.0.0.5`) that a printed line holds, with
/// the names that follow it on that line (or, where none does, the one just before it) that
/// the request lacks (`backup.lan`), lowercase, small words left out.
fn beside_asked(request: &str, printed: &str) -> Vec<(String, Vec<String>)> {
    const SMALL: [&str; 16] = [
        "is", "are", "was", "be", "the", "a", "an", "that", "to", "of", "in", "for", "and", "it",
        "at", "points",
    ];
    let asked: Vec<&str> = fields_of(request);
    let asked_lower: Vec<String> = asked.iter().map(|f| f.to_lowercase()).collect();
    // A name or value, not a word of the sentence: a capital, a dot, a digit (`backup.lan`,
    // `Alice`, `web-01`).
    let word = |f: &str| {
        let named = f.chars().any(|c| !c.is_ascii_lowercase());
        let f = f.to_lowercase();
        named
            && f.chars().count() >= 2
            && f.contains(char::is_alphabetic)
            && !asked_lower.contains(&f)
            && !SMALL.contains(&f.as_str())
    };
    let mut found = Vec::new();
    for line in printed.lines() {
        let here = fields_of(line);
        for (i, value) in here.iter().enumerate() {
            if value.len() < 2
                || !value.contains(|c: char| c.is_ascii_digit())
                || !asked.contains(value)
            {
                continue;
            }
            let mut beside: Vec<String> = here[i + 1..]
                .iter()
                .filter(|f| word(f))
                .map(|f| f.to_lowercase())
                .collect();
            if beside.is_empty() {
                beside.extend(
                    here[..i]
                        .last()
                        .filter(|f| word(f))
                        .map(|f| f.to_lowercase()),
                );
            }
            if !beside.is_empty() {
                found.push((value.to_string(), beside));
            }
        }
    }
    found
}

/// When the answer ends "… is X" where X is a value of the request with a digit in it
/// (`10.0.0.5`), and a line the code printed holds X beside a word the request and the answer
/// both lack (`backup.lan`): X.
fn asked_value_said_back(request: &str, answer: &str, printed: &str) -> Option<String> {
    let at = answer.to_lowercase().rfind(" is ")?;
    let said = bare_field(&answer[at + 4..]);
    if said.contains(char::is_whitespace) {
        return None;
    }
    let answered: Vec<String> = fields_of(answer).iter().map(|f| f.to_lowercase()).collect();
    beside_asked(request, printed)
        .into_iter()
        .any(|(value, beside)| value == said && !beside.iter().any(|b| answered.contains(b)))
        .then(|| said.to_string())
}

/// Whether the answer says a word the code printed beside a value of the request
/// (`backup.lan` of `10.0.0.5 backup.lan`): it used the output, though no number of it.
fn said_beside_asked(request: &str, answer: &str, printed: &str) -> bool {
    let answered: Vec<String> = fields_of(answer).iter().map(|f| f.to_lowercase()).collect();
    beside_asked(request, printed)
        .iter()
        .any(|(_, beside)| beside.iter().any(|b| answered.contains(b)))
}

/// A Python list of two items or more the answer writes (`['fig', 'pear', 'apple']`) where the
/// run printed one list on one line, and none of the answer's lists is that one: the first.
fn other_list<'a>(answer: &'a str, value: &str) -> Option<&'a str> {
    static LIST: std::sync::LazyLock<Option<regex::Regex>> =
        std::sync::LazyLock::new(|| regex::Regex::new(r"\[[^\[\]]*,[^\[\]]*\]").ok());
    let tight = |t: &str| -> String {
        t.chars()
            .filter(|c| !c.is_whitespace())
            .map(|c| if c == '"' { '\'' } else { c })
            .collect()
    };
    if value.lines().count() != 1 || !value.starts_with('[') || !value.ends_with(']') {
        return None;
    }
    let printed = tight(value);
    let lists: Vec<&str> = LIST
        .as_ref()?
        .find_iter(answer)
        .map(|m| m.as_str())
        .collect();
    if lists.iter().any(|l| tight(l) == printed) {
        return None;
    }
    lists.first().copied()
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

/// The name the code printed last, alone: `total` of `print(total)`.
fn printed_name(code: &str) -> Option<&str> {
    code.lines().rev().find_map(|l| {
        printed_on(l).filter(|inner| inner.chars().all(|c| c.is_alphanumeric() || c == '_'))
    })
}

/// The names a `print(…)` of the code prints, bare or in an f-string's braces
/// (`print(f"{water_needed} litres")`): names the code assigns.
fn printed_names(code: &str) -> Vec<&str> {
    static NAME: std::sync::LazyLock<Option<regex::Regex>> =
        std::sync::LazyLock::new(|| regex::Regex::new(r"[A-Za-z_]\w*").ok());
    let Some(name) = NAME.as_ref() else {
        return Vec::new();
    };
    let mut names: Vec<&str> = code
        .lines()
        .filter_map(|l| l.trim().strip_prefix("print("))
        .flat_map(|args| name.find_iter(args).map(|m| m.as_str()))
        .filter(|n| {
            code.lines().any(|l| {
                l.trim_start().strip_prefix(*n).is_some_and(|rest| {
                    let rest = rest.trim_start();
                    rest.starts_with('=') && !rest.starts_with("==")
                })
            })
        })
        .collect();
    names.sort_unstable();
    names.dedup();
    names
}

/// What a line `print(…)` prints, when it is the whole line: `end - start` of
/// `print(end - start)`.
fn printed_on(line: &str) -> Option<&str> {
    let inner = line
        .trim()
        .strip_prefix("print(")?
        .strip_suffix(')')?
        .trim();
    (!inner.is_empty()).then_some(inner)
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
    let name = printed_name(code)?;
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
pub fn print_unprinted(history: &History, answer: &str) -> Option<(String, String)> {
    let (asked, turn) = history.last_turn()?;
    let (call_id, output) = last_success(turn)?;
    // An answer that says the one value the run printed stands: the 0.5B model's `day = 1`,
    // beside its printed 29 days of February 2028, was printed, and its right answer undone
    // (fourteenth set, task 20). Not one value among several: the 0.5B model answered the
    // total of a printed `{"total_price": 30.0, "num_books": 3}`, and its `average_price`,
    // never printed, was the answer (twelfth set, task 23).
    // Nor one that says the one word printed (the 0.5B model printed `nuts`, the item of the
    // lowest stock, said so, and the engine printed `lowest_stock`, 35, in its stead;
    // seventeenth set, task 22).
    let printed = split_hint(output).0.trim();
    // A tool call's dressing printed (`{'name': 'count_ones', 'arguments': {'number': 1000}}`)
    // holds no value the code computed: the 0.5B model counted the 1 bits of 1000 into
    // `number_of_ones`, printed that dict, and answered 4 (twenty-third set, task 18).
    let call_printed = call_dressing(printed).is_some();
    if numbers_in(printed).len() <= 1
        && !printed.is_empty()
        && !printed.contains('\n')
        && !call_printed
        && answer_uses(answer, printed)
    {
        return None;
    }
    // Nor an answer that says a value the dressing holds that the request does not: the 0.5B
    // model's function returned `{'name': 'total_cost', 'arguments': {'total_cost': 42.5}}`,
    // it answered 42.5, and the engine printed its made-up `cart_json` in its stead
    // (twenty-fourth set, task 22).
    let asked_text = normalized(&request_text(asked));
    let asked_numbers = numbers_in(&asked_text);
    if call_printed
        && numbers_in(printed)
            .into_iter()
            .any(|n| !asked_numbers.iter().any(|a| same_number(a, n)) && answer_uses(answer, n))
    {
        return None;
    }
    // Nor an answer that names a word the run printed as a quoted value, one the request does
    // not hold: the 0.5B model printed the product of lowest price in stock as JSON, answered
    // "the pen set", and the engine printed its `lowest_price`, 5.0, in its stead
    // (thirty-second set, task 16).
    static QUOTED_VALUE: std::sync::LazyLock<Option<regex::Regex>> =
        std::sync::LazyLock::new(|| {
            regex::Regex::new(r#"(?m)(?:'([^'\n]+)'|"([^"\n]+)")\s*(?:[,}\]]|$)"#).ok()
        });
    let said = normalized(answer);
    let values: Vec<&str> = QUOTED_VALUE.as_ref().map_or_else(Vec::new, |q| {
        q.captures_iter(printed)
            .filter_map(|c| c.get(1).or(c.get(2)).map(|m| m.as_str()))
            .collect()
    });
    if !call_printed
        && values.into_iter().any(|v| {
            let v = normalized(v.trim());
            v.chars().filter(|c| c.is_alphabetic()).count() >= 2
                && !asked_text.contains(&v)
                && said.contains(&v)
        })
    {
        return None;
    }
    let call = history.call(call_id)?;
    let ToolAction::RunCode { language, code } = &call.action else {
        return None;
    };
    if call.origin != CallOrigin::Text
        || oi_exec::canonical_language(language) != Some(oi_exec::Language::Python)
    {
        return None;
    }
    // Code that printed nothing at all: its last value is what it meant to show, whatever
    // its name (the 0.5B model put its count in a `result` dict, printed nothing, and said
    // "The code printed nothing." three times; fourteenth set, task 29).
    let silent = split_hint(output).0.trim().is_empty();
    let request = request_text(asked).to_lowercase();
    let asked_words: Vec<&str> = words_in(&request).filter(|w| w.len() >= 3).collect();
    // How many parts of a name are words of the request (`average_age`: 2 for "the average
    // age").
    let request_parts = |name: &str| {
        name.to_lowercase()
            .split('_')
            .filter(|w| w.len() >= 3)
            .filter(|part| {
                asked_words
                    .iter()
                    .any(|w| w.starts_with(part) || part.starts_with(*w))
            })
            .count()
    };
    // A name the code printed that says the request as well stands (the 1.5B model printed
    // `water_needed` for the water to add, and the engine printed its unused `initial_salt`,
    // which took the answer's place; thirty-fifth set, task 6).
    let printed_best = printed_names(code)
        .into_iter()
        .map(&request_parts)
        .max()
        .unwrap_or(0);
    let about_the_request = |name: &str| {
        let parts = request_parts(name);
        parts > 0 && parts > printed_best
    };
    // A name only ever given a literal holds nothing computed: the 0.5B model's whole code was
    // `product = 1`, and the engine's `print(product)` pushed its answer to 1 (fifteenth set,
    // task 4).
    let unused: Vec<&str> = unused_values(code)
        .into_iter()
        .filter(|name| !literal_only(code, name) && !one_row_field(code, name))
        .collect();
    // "Which product…" asks for a product: `lowest_price` is what it is chosen by, not it.
    let kind = asked_kind(&request);
    let name = unused
        .iter()
        .rev()
        .filter(|name| {
            kind.is_none_or(|kind| name.to_lowercase().contains(kind.trim_end_matches('s')))
        })
        .find(|name| about_the_request(name))
        .or(unused.last().filter(|_| silent || call_printed))?;
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

/// What a request that begins "Which X" asks for, X (`product` for "Which product in
/// products.json has the lowest price…"): None for another request, or for "which of".
fn asked_kind(request: &str) -> Option<&str> {
    let mut words = words_in(request.trim_start()).filter(|w| !w.is_empty());
    (words.next()?.eq_ignore_ascii_case("which"))
        .then(|| words.next())
        .flatten()
        .filter(|w| w.len() >= 3 && !w.eq_ignore_ascii_case("of"))
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

/// Whether every line of `code` that gives `name` a value gives it a literal (`product = 1`,
/// `names = []`, `text = "hello"`): nothing computed it.
fn literal_only(code: &str, name: &str) -> bool {
    let literal = |rhs: &str| {
        let rhs = rhs.trim();
        rhs.parse::<f64>().is_ok()
            || matches!(
                rhs,
                "[]" | "{}" | "()" | "None" | "True" | "False" | "set()" | "''" | "\"\""
            )
            || (rhs.len() >= 2
                && (rhs.starts_with('"') && rhs.ends_with('"')
                    || rhs.starts_with('\'') && rhs.ends_with('\''))
                && !rhs[1..rhs.len() - 1].contains(['"', '\'']))
    };
    let mut given = false;
    for line in code.lines() {
        let text = line.trim_start();
        let Some(rest) = text.strip_prefix(name) else {
            continue;
        };
        let rest = rest.trim_start();
        if rest.starts_with("==") {
            continue;
        }
        if let Some(rhs) = rest.strip_prefix('=') {
            if !literal(rhs) {
                return false;
            }
            given = true;
        } else if rest.len() >= 2 && rest[1..].starts_with('=') && "+-*/%|&^".contains(&rest[..1])
            || rest.starts_with("//=")
            || rest.starts_with("**=")
        {
            return false;
        }
    }
    // Given in a loop's header, a `with … as`, or with others (`a, b = …`): not a literal.
    let names = |part: &str| words_in(part).any(|w| w == name);
    given
        && !code.lines().any(|l| {
            let l = l.trim_start();
            let target = if let Some(header) = l.strip_prefix("for ") {
                header.split(" in ").next().unwrap_or("")
            } else if l.starts_with("with ") {
                l.split(" as ").nth(1).unwrap_or("")
            } else {
                match l.split_once('=') {
                    Some((left, right)) if !right.starts_with('=') && left.contains(',') => left,
                    _ => "",
                }
            };
            names(target)
        })
}

/// Whether `name` is only ever given one field of a row inside a loop (`class_ = row[1]` under
/// `for row in reader:`): the row the loop ended on, no result of the code. The 0.5B model's
/// `class_`, beside the request's "class B", was printed as if it were the answer (nineteenth
/// set, task 33).
fn one_row_field(code: &str, name: &str) -> bool {
    let lines: Vec<&str> = code.lines().collect();
    let indent = |l: &str| l.len() - l.trim_start().len();
    let in_loop = |at: usize| {
        let mut depth = indent(lines[at]);
        lines[..at].iter().rev().any(|l| {
            if l.trim().is_empty() || indent(l) >= depth {
                return false;
            }
            depth = indent(l);
            l.trim_start().starts_with("for ")
        })
    };
    let field = |rhs: &str| {
        let rhs = rhs.trim();
        let rhs = rhs.strip_suffix(".strip()").unwrap_or(rhs);
        let Some((base, index)) = rhs.split_once('[') else {
            return false;
        };
        !base.is_empty()
            && base.chars().all(|c| c.is_alphanumeric() || c == '_')
            && index.ends_with(']')
            && !index[..index.len() - 1].contains(['[', ']', '('])
    };
    let mut given = false;
    for (at, line) in lines.iter().enumerate() {
        let Some(rest) = line.trim_start().strip_prefix(name) else {
            continue;
        };
        let rest = rest.trim_start();
        if rest.starts_with(|c: char| c.is_alphanumeric() || c == '_') || rest.starts_with("==") {
            continue;
        }
        match rest.strip_prefix('=') {
            Some(rhs) if field(rhs) && in_loop(at) => given = true,
            Some(_) => return false,
            None if rest.starts_with(['+', '-', '*', '/', '%', '|', '&', '^']) => return false,
            None => {}
        }
    }
    given
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
    // An install is no try at the answer (the engine's own `pip install pandas` was told it
    // never compared with the request's bound, which marked it failed, so the model's pandas
    // code was not run again once pandas was there; twenty-fourth set, task 21).
    if !shell && code.lines().any(pip_install) {
        return None;
    }
    let (printed, hint) = split_hint(output);
    let (asked, turn) = history.last_turn()?;
    let request = request_text(asked);
    // A range of letters written as text: `permutations('A-F', 4)` takes the three characters
    // A, - and F (the 0.5B model printed `[]` for the codes made of the letters A to F;
    // twenty-fourth set, task 20).
    if !shell
        && let Some(LetterRange {
            literal,
            from,
            to,
            written,
        }) = letter_range_as_text(code)
    {
        return Some(RunHint {
            text: format!(
                "{NOT_COMPUTED} `{literal}` {RANGE_AS_TEXT} `{from}`, `-` and `{to}`, not the characters from `{from}` to `{to}`: write them all out, `'{written}'`. Write code that computes the answer to my request ({request}) and prints it."
            ),
            undone: true,
        });
    }
    // The system's file of the same name read where the request's file is in the working
    // folder (the 1.5B model's `grep -v '^#' /etc/fstab | wc -l` for the fstab it was given
    // printed 0; thirty-fourth set, task 14).
    // Before any slip of how it reads the file (the 0.5B model was told first of `^` without
    // `re.M` in its search of `/etc/fstab`, then of the file, and went on with the regular
    // expression; thirty-fourth set, task 14).
    if hint.is_none()
        && let Some((path, name)) = other_copy_read(&request, code, cwd)
    {
        let how = if shell {
            format!("read it by its name here, `{name}`")
        } else {
            format!("open it by its name here, `open('{name}')`")
        };
        return Some(RunHint {
            text: format!(
                "{NOT_COMPUTED} your code reads `{path}`, and my request is about the `{name}` of this folder, another file: {how}. Write code that computes the answer to my request ({request}) and prints it."
            ),
            undone: true,
        });
    }
    // The shell's own history listed where the request names a history file (the 1.5B model's
    // `history | grep '30 November 2026' | wc -l` for .zsh_history printed 0; thirty-fifth
    // set, task 24).
    if hint.is_none()
        && shell
        && let Some(file) = own_history_listed(&request, code, cwd)
    {
        return Some(RunHint {
            text: format!(
                "{NOT_COMPUTED} your code ran the shell's own `history`, the commands of the shell that runs it, and my request is about the file `{file}` here, another list: read it, `cat {file}`, and look at how its lines are written before you search them. Write code that computes the answer to my request ({request}) and prints it."
            ),
            undone: true,
        });
    }
    // An earlier run's wrong result taken up as data: the 0.5B model, its 70.805 (59.50 plus
    // tax) told it was not the answer, set `item_price = 70.805` and added the tax again
    // (thirtieth set, task 4).
    if !shell
        && hint.is_none()
        && let Some(n) = wrong_result_reused(history, turn, &request, code)
    {
        let given = numbers_in(&request).join(", ");
        return Some(RunHint {
            text: format!(
                "{NOT_COMPUTED} `{n}` in your code is what your earlier code printed, and that was not the answer: start again from the numbers my request gives ({given}), and compute the answer from them. Write code that computes the answer to my request ({request}) and prints it."
            ),
            undone: true,
        });
    }
    // The request printed back on a line of its own is no output (told to print "what my
    // request needs: …", the 0.5B model printed the request, then `config['client']['port']`;
    // eighteenth set, task 24).
    // Nor is a `None` under a value, what a function that prints returned (the 0.5B model's
    // `print(show_date())` printed today's date, then `None`; nineteenth set, task 10).
    // Nor a library's warning, with the line of code it quotes (pandas' deprecation warning
    // under a printed dict was taken for a column of values; twenty-ninth set, task 18).
    let unwarned = without_warnings(printed);
    let several = unwarned.trim().lines().count() > 1;
    let unechoed: String = unwarned
        .lines()
        .filter(|l| l.trim() != request.trim() && !(several && l.trim() == "None"))
        .collect::<Vec<_>>()
        .join("\n");
    let value = unechoed.trim();
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
    // The length of a text read whole, its characters, where the request is not about
    // characters: told so by the run's own hint, which leaves a length standing, the 1.5B
    // model answered the 32 characters of inventory.csv as its total count (fourteenth set,
    // task 22).
    if hint == Some(format!("({ONE_STRING})").as_str())
        && !shell
        && read_as_one_string(code) == Some(false)
        && !["character", "letter", "byte", "long", "length", "size"]
            .iter()
            .any(|w| request.to_lowercase().contains(w))
    {
        return Some(RunHint {
            text: format!(
                "{NOT_COMPUTED} your code's `len()` counted the characters of the text read whole, and my request is not about characters: take what it asks from the text's lines (`text.splitlines()`) or words (`text.split()`). Write code that computes the answer to my request ({request}) and prints it."
            ),
            undone: true,
        });
    }
    // A file the request appends to, that no code of the turn wrote: what it printed is of
    // the file as it was (the 0.5B model read tasks.txt and was asked to count its lines,
    // the line to append never written).
    if hint.is_none()
        && let Some(file) = unappended_file(&request, history, turn, code)
    {
        // The line itself where the request says it (told only to append, the 0.5B model
        // appended the file's own lines again).
        let write = appended_line(&request).map_or_else(
            || "f.write(...)` (the line with its `\\n`)".to_string(),
            |line| format!("f.write('{line}\\n')`"),
        );
        return Some(RunHint {
            text: format!(
                "{NOT_COMPUTED} my request first appends to `{file}`, and no code of yours has written to it yet. Write code that appends it, `with open('{file}', 'a') as f: {write}, then does the rest of my request ({request}) and prints the answer."
            ),
            undone: true,
        });
    }
    // A module of Python's own installed with pip: the package of that name on PyPI is
    // another one, and the code that failed needs an import, not an install (the 0.5B model
    // ran `pip install datetime` after `NameError: name 'datetime' is not defined`, then
    // answered with pip's first line; eighteenth set, task 18).
    if shell && let Some((module, import)) = standard_installed(code) {
        return Some(RunHint {
            text: format!(
                "`{module}` comes with Python: there is nothing to install, and the package pip found under that name is another one. Your Python code needs `{import}` at its top: add it and run that code again."
            ),
            undone: true,
        });
    }
    // `ls -l` counted by `wc -l`: its `total` line is one more than the files (the 1.5B model
    // printed 2 for the one file of `build`; eighteenth set, task 31).
    if shell && long_listing_counted(code) {
        return Some(RunHint {
            text: format!(
                "{NOT_COMPUTED} `ls -l` writes a `total` line before the files, so `wc -l` counted one line more than there are files: count with `ls -A folder | wc -l`, one line a name. Write code that computes the answer to my request ({request}) and prints it."
            ),
            undone: true,
        });
    }
    // A file's lines counted in all for a count of some things in it: the 1.5B model ran `cat
    // nginx.conf | wc -l` and answered that 31 server blocks listen on port 443 (thirty-third
    // set, task 19).
    if shell && let Some((file, lines)) = whole_file_counted(&request, code, value, cwd) {
        return Some(RunHint {
            text: format!(
                "{NOT_COMPUTED} {lines} is how many lines `{file}` has in all, and my request counts only some things in it: your command took every line. Write code that computes the answer to my request ({request}) and prints it."
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
    // Slips told whatever the run printed (one value, lines or JSON): the environment read
    // for a .env file the request names (the 0.5B model printed `os.getenv('DB_PORT')`, None,
    // and answered 3306); a key the file sets that the code never looked for (the 1.5B model
    // split app.env at its first `=` and printed `demo` and `DB_HOST` for DB_PORT); items
    // kept by a yes-or-no key the request never names (the 0.5B model printed the active
    // users' ages as JSON).
    let whatever_printed = (hint.is_none() && !shell)
        .then(|| {
            environment_for_file(&request, code, cwd)
                .map(|file| {
                    format!(
                        "{ENVIRONMENT_NOT_FILE} `{file}`, a file: read the file and split each line at `=`, `{}`.",
                        env_file_dict(&file)
                    )
                })
                .or_else(|| {
                    key_unlooked(&request, code, cwd).map(|(key, file, i)| {
                        // Under another key of a YAML file, its index from the loaded name:
                        // the 0.5B model printed `config['database']`, the mapping, for the
                        // database's name (seventeenth set, task 24).
                        if let Some(path) = yaml_key_path(code, &key, cwd) {
                            return format!("my request asks about `{key}`, a key `{file}` sets, and your code never looked for `{key}`. {path}");
                        }
                        // Where: the 0.5B model took `split('\n')[1]` of a .env whose line 1
                        // is a comment, told only to find the line.
                        format!("my request asks about `{key}`, a key `{file}` sets, and your code never looked for `{key}`: find the line that starts with `{key}` (line {} of the file: `lines[{i}]` of `text.splitlines()`) and take what follows its `=` or `:`.", i + 1)
                    })
                })
                .or_else(|| {
                    boxes_unlooked(&request, code, cwd).map(|(file, mark)| {
                        format!("`{file}` marks each task with a checkbox, `- [x]` when it is done and `- [ ]` when it is not, and your code never looked for them: count the lines of `{file}` that start with `{mark}`.")
                    })
                })
                .or_else(|| {
                    shallow_listing(&request, code).map(|(listed, walk)| {
                        // The deepest folder, step by step (the 0.5B model, told only to walk,
                        // sent its `max(files, key=os.path.getsize)` back; twenty-third set,
                        // task 25).
                        let lower = request.to_lowercase();
                        if words_in(&lower).any(|w| w == "deepest") {
                            return format!("my request asks about the folders under this one at every depth, and `{listed}` looks in one folder only: every folder is a `root` of `{walk}`, and how deep it is, `root.count(os.sep)`. The deepest is `max((root for root, dirs, files in {walk}), key=lambda r: r.count(os.sep))`; print its name, `os.path.basename(...)` of it.");
                        }
                        format!("my request counts what is in the subfolders too, and `{listed}` looks in one folder only: walk the folder and all its subfolders with `{walk}` (`for root, dirs, files in {walk}:`).")
                    })
                })
                .or_else(|| {
                    fraction_for_count(&request, code, value).map(|printed| {
                        format!("my request asks how many, and your code printed {printed}, which is no count (a count has no fraction): its `sum(...)` added up the values. Count the items instead, `sum(1 for item in items if ...)` or `len([...])`.")
                    })
                })
                .or_else(|| {
                    blank_kept(&request, code).map(|(kept, wanted)| {
                        format!("my request leaves the blank lines out, and your code's `{kept}` keeps only the blank ones (a blank line stripped is '', which is false, so `not` of it is true): keep the lines with text, `{wanted}`.")
                    })
                })
                .or_else(|| {
                    kept_filled(&request, code).map(|(kept, wanted)| {
                        format!("my request asks about those with no value there, and your code kept those whose value is not empty (`{kept}`): keep those where it is empty, `{wanted}`.")
                    })
                })
                .or_else(|| {
                    percent_unscaled(&request, &with_earlier_code(history, turn, code)).map(|(rate, base)| {
                        format!("{rate} percent of {base} is {base} * {rate} / 100, and your code never divided by 100: write the percentage as `{base} * {rate} / 100`.")
                    })
                })
                .or_else(|| {
                    // With the turn's earlier code: `x = 6 * 7`, then `print(x)`.
                    unused_operand(&request, &with_earlier_code(history, turn, code)).map(|(said, number)| {
                        format!("my request says `{said}`, and your code never used {number}: it computed only part of what I asked. Write the whole computation.")
                    })
                })
                .or_else(|| {
                    unread_number(&request, code).map(|(name, number)| {
                        format!("your code sets `{name} = {number}` and never uses `{name}`: the {number} of my request is left out of what it computed. Write the whole computation, with every number my request gives.")
                    })
                })
                .or_else(|| {
                    base_literal_as_decimal(&request, code).map(|(digits, literal)| {
                        format!("`{digits}` in your code is a decimal number, and my request gives it in another base: write it as `{literal}` (or convert its text, `int('{digits}', base)`).")
                    })
                })
                .or_else(|| {
                    filtered_values_summed(&request, code).map(|(value, filter)| {
                        format!("my request asks how many, and your code added up `{value}` of those it kept: count them instead, one each, `sum(1 for ... if {filter})`.")
                    })
                })
                .or_else(|| {
                    range_without_step(&request, code).map(|(written, step, range)| {
                        // "The first 50 terms": a range that holds that many, not the code's
                        // end given a step (`range(3, 15, 4)` holds three).
                        let from = sequence_written(&request, &written);
                        let first = from.split(',').next().unwrap_or_default().trim();
                        match terms_asked(&request) {
                            Some(n) => format!("my request counts {from} and so on, in steps of {step}, and your code's `{range}` counts in steps of 1 and stops where you chose: the first {n} terms are `range({first}, {first} + {step} * {n}, {step})`."),
                            None => {
                                let stepped = format!("{}, {step})", range.trim_end_matches(')'));
                                format!("my request counts {written} and so on, in steps of {step}, and your code's `{range}` counts in steps of 1: give it the step, `{stepped}`.")
                            }
                        }
                    })
                })
                .or_else(|| {
                    ungrouped(&request, code).map(|group| {
                        let tight = group.split_whitespace().collect::<Vec<_>>().join(" ");
                        format!("my request puts `{tight}` in parentheses, so it is computed first, and your code never groups it: Python multiplies and divides before it adds and subtracts. Write `({tight})` in parentheses in your code, as my request does.")
                    })
                })
                .or_else(|| {
                    digit_start_missed(&request, code).map(|test| {
                        format!("{test}, and my request asks for the lines that start with a number, any number: test the first character, `line[:1].isdigit()`.")
                    })
                })
                .or_else(|| {
                    // Not a file of one word a line, whose lines are its words.
                    (words_unsplit(&request, &with_earlier_code(history, turn, code))
                        && !one_word_lines(&request, cwd))
                    .then(|| {
                        "my request asks about words, and your code never split the text into words: it measured or counted whole lines. Split each line into its words, `line.split()`, and test each word.".to_string()
                    })
                })
                .or_else(|| {
                    field_of_other_kind(&request, code, cwd).map(|f| {
                        format!("`{}` takes field {} of each line of `{}` ({}, …), which holds no {}: the {} are field {} ({}, …), `line.split()[{}]`.", f.expression, f.taken, f.file, f.taken_values, f.kind, f.kind, f.held, f.held_values, f.held)
                    })
                })
                .or_else(|| {
                    upper_shift_only(&request, code).then(|| {
                        let rot13 = if request.to_lowercase().contains("rot13") || request.to_lowercase().contains("rot-13") {
                            ", or let Python do it, `codecs.encode(text, 'rot13')`"
                        } else {
                            ""
                        };
                        format!("your code shifts letters counting from 65, the code of `A`, and the text is in lower case, whose letters start at 97 (`a`): shift lower-case letters from 97{rot13}.")
                    })
                })
                .or_else(|| {
                    // Data of its own where the request's file is: told now, not only once
                    // it answers (the 0.5B model counted the admins of its own `team_json`).
                    let runs: Vec<(&str, bool)> = code_runs(history, turn)
                        .map(|(earlier, _, _)| (earlier, true))
                        .chain([(code.as_str(), true)])
                        .collect();
                    // Lines of the file copied into the code are told as such below.
                    file_unread(&request, &runs, cwd)
                        .filter(|_| top_literal(code).is_some() && copied_lines(&request, code, cwd).is_none())
                        .map(|file| {
                            let said = made_up_data(file);
                            format!("y{}", said.strip_prefix('Y').unwrap_or(&said))
                        })
                })
                .or_else(|| {
                    json_value_key(&request, code, cwd).map(|(value, key, file, list)| match list {
                        // The 1.5B model was told `item['name'] == 'bug'` of issues whose
                        // `labels` are objects with a `name`, and ran it (thirty-third set,
                        // task 28).
                        Some(list) => format!("`{value}` is a value of the key `{key}` of the objects in each item's `{list}` list in `{file}`, and your code never looked at `{key}`: keep the items with such an object, `[item for item in items if any(x['{key}'] == '{value}' for x in item['{list}'])]`."),
                        None => format!("`{value}` is a value of the key `{key}` in `{file}`, and your code never looked at `{key}`: keep the items whose `{key}` is `{value}`, `[item for item in items if item['{key}'] == '{value}']`."),
                    })
                })
                .or_else(|| {
                    // Every line of the file counted is told more precisely below.
                    (distinct_uncounted(&request, &with_earlier_code(history, turn, code))
                        && all_lines_counted(&request, code, value, cwd).is_none())
                    .then(|| {
                        "my request asks how many different ones there are, and your code counted each as often as it comes, repeats too: keep one of each, `len(set(items))`.".to_string()
                    })
                })
                .or_else(|| {
                    newline_kept_for_end(code).then(|| {
                        "each line read from a file keeps its `\\n` at the end, so your code's `.endswith(...)` test is never true: strip the line first, `line.rstrip('\\n').endswith(...)`.".to_string()
                    })
                })
                .or_else(|| {
                    lines_uncounted(&request, code).then(|| {
                        "my request compares them by how many lines they have, and your code never counted a line: count each file's lines, `len(open(path).read().splitlines())`, and take the file with the most (or fewest).".to_string()
                    })
                })
                .or_else(|| {
                    sizes_unlooked(&request, code).then(|| {
                        "an empty file is one of 0 bytes, and your code never looked at the files' sizes: test `os.path.getsize(path) == 0` for each file.".to_string()
                    })
                })
                .or_else(|| {
                    counts_for_distinct(&request, code, value).map(|(entries, name)| {
                        format!("my request asks how many different ones there are, and your code printed each with its count ({entries} of them): the answer is how many there are, `print(len({name}))`.")
                    })
                })
                .or_else(|| {
                    word_left_unsearched(&request, code, cwd).map(|(searched, unsearched, file)| {
                        format!("my request counts only the lines of `{file}` with `{unsearched}` too, {LOOKS_ALONE} `{searched}` alone: test both in each line, `'{searched}' in line and '{unsearched}' in line`.")
                    })
                })
                .or_else(|| {
                    narrowed_search(&request, code, cwd).map(|(searched, file, unasked, asked)| {
                        let each = asked.iter().map(|w| format!("'{w}' in line")).collect::<Vec<_>>().join(" and ");
                        let asked = asked.iter().map(|w| format!("`{w}`")).collect::<Vec<_>>().join(" and ");
                        format!("your code searches for `{searched}`, copied from one line of `{file}`, and `{unasked}` in it is not in my request: it finds that line alone. Search for what my request asks, {asked}, each on its own: `{each}`.")
                    })
                })
                .or_else(|| {
                    unused_limit(&request, &with_earlier_code(history, turn, code)).map(|(said, test)| {
                        format!("my request keeps only what is {said}, and your code never compares with that number: keep each item with a test like `{test}`.")
                    })
                })
                .or_else(|| {
                    unasked_flag(&request, code).map(|(flag, test)| {
                        format!("your code kept only the items where `{flag}` is true (`{test}`), and my request does not ask about `{flag}`: leave that condition out and take every item.")
                    })
                })
        })
        .flatten();
    if let Some(why) = whatever_printed {
        return Some(RunHint {
            text: format!(
                "{NOT_COMPUTED} {why} Write code that computes the answer to my request ({request}) and prints it."
            ),
            undone: true,
        });
    }
    // A sum asked, and the values printed one a line: the 0.5B model printed the ASCII codes
    // of C, A and T, and answered the first, 67.
    let lower = request.to_lowercase();
    if hint.is_none()
        && !shell
        && (lower.contains("sum of") || lower.contains("total of"))
        && value.lines().count() > 1
        && value.lines().all(|l| l.trim().parse::<f64>().is_ok())
    {
        return Some(RunHint {
            text: format!(
                "{NOT_COMPUTED} my request asks for a sum, and your code printed the {} values one by one: add them up in code and print the total (`sum(...)`). Write code that computes the answer to my request ({request}) and prints it.",
                value.lines().count()
            ),
            undone: true,
        });
    }
    // A question of how many, answered by lines of text with no number: the 0.5B model
    // printed words.txt as it is for how many words it holds, then answered 3 and 4 by eye.
    // One word too: the 0.5B model printed the longest word, `extraordinary`, for how many
    // letters it has (twenty-third set, task 17).
    // Not the digits of the line that stands for output trimmed away (a mended run printed
    // 360 codes, trimmed, and its "[trimmed 81 characters of output]" held a number;
    // twenty-fourth set, task 20).
    // The marker's words around its count, as `oi_exec` writes them.
    let marker = oi_exec::trim_marker(0);
    let (marker_start, marker_end) = marker.trim().split_once('0').unwrap_or_default();
    let untrimmed: String = value
        .lines()
        .filter(|l| {
            marker_start.is_empty() || !(l.starts_with(marker_start) && l.ends_with(marker_end))
        })
        .collect::<Vec<_>>()
        .join("\n");
    if hint.is_none()
        && !value.is_empty()
        && request.trim_start().to_lowercase().starts_with("how many")
        && !untrimmed.chars().any(|c| c.is_ascii_digit())
        && !matches!(value.to_lowercase().as_str(), "none" | "zero" | "no")
    {
        let printed = if value.lines().count() > 1 {
            "lines of text with no number in them".to_string()
        } else {
            format!("`{value}`, which is no number")
        };
        return Some(RunHint {
            text: format!(
                "{NOT_COMPUTED} my request asks how many, and your code printed {printed}: it did not count. Count in code (`len(...)` of what it found) and print the count. Write code that computes the answer to my request ({request}) and prints it."
            ),
            undone: true,
        });
    }
    // Whatever it printed: files renamed with the old extension kept (the 0.5B model's
    // `txt_file + '.md'` made a.txt.md, and it printed what it renamed).
    if hint.is_none()
        && let Some((old, new, name)) = doubled_extension(&request, cwd)
    {
        let stem = &name[..name.len() - old.len() - new.len()];
        return Some(RunHint {
            text: format!(
                "{NOT_COMPUTED} my request renames the `{old}` files to end in `{new}` instead of `{old}`, and your code put `{new}` after `{old}`: `{name}` is there now. Give each such file its name without `{old}`, as `os.rename('{name}', '{stem}{new}')` does for this one, then do the rest of my request ({request})."
            ),
            undone: true,
        });
    }
    // A file printed as it is, for a request that asks something worked out from it (the 0.5B
    // model printed poem.txt for the first word of its longest line, and answered the first
    // word of its shortest; twenty-second set, task 24).
    if hint.is_none()
        && !shell
        && let Some(file) = file_printed_whole(&request, value, cwd)
    {
        // Version numbers, which do not compare as text (the 0.5B model printed versions.txt
        // and answered 1.2.15 for the newest; twenty-sixth set, task 20).
        let versions = std::fs::read_to_string(cwd.join(file))
            .is_ok_and(|text| version_lines(&text).is_some());
        let tip = if versions {
            format!(" {VERSIONS_AS_TEXT}")
        } else {
            String::new()
        };
        return Some(RunHint {
            text: format!(
                "{NOT_COMPUTED} your code printed `{file}` as it is, and my request asks for something worked out from it.{tip} Write code that reads `{file}`, computes the answer to my request ({request}) and prints only the answer."
            ),
            undone: true,
        });
    }
    // The first taken for the last, whatever else the run printed (the 0.5B model printed
    // notes.txt whole, then its first word, for its last; twenty-first set, task 31).
    if hint.is_none()
        && !shell
        && let Some((which, took, right)) = first_for_last(&request, code)
    {
        let other = if which == "last" { "first" } else { "last" };
        return Some(RunHint {
            text: format!(
                "{NOT_COMPUTED} my request asks for the {which} one, and your code took `{took}`, the {other}: take `{right}`. Write code that computes the answer to my request ({request}) and prints it."
            ),
            undone: true,
        });
    }
    // A count printed in its loop, once a pass (the 0.5B model printed "…status 404: 1" for
    // each 404 line, and answered 1).
    if hint.is_none()
        && let Some(n) = printed_in_loop(&request, code, value)
    {
        return Some(RunHint {
            text: format!(
                "{NOT_COMPUTED} my request asks for one count, and your code printed inside its loop, once for each pass ({n} lines of output): add 1 to a counter in the loop, `count += 1`, and print the counter once, after the loop (not indented). Write code that computes the answer to my request ({request}) and prints it."
            ),
            undone: true,
        });
    }
    // A number that begins a longer one, whose line was taken too: one line printed or
    // several (the 0.5B model printed both host lines for 10.0.0.5; twenty-ninth set, task 31).
    if hint.is_none()
        && !shell
        && let Some((prefix, longer, file)) = prefix_of_longer_number(code, printed, cwd)
    {
        return Some(RunHint {
            text: format!(
                "{NOT_COMPUTED} `{prefix}` also begins `{longer}` in `{file}`, so `startswith('{prefix}')` took that line too: compare the whole field, `line.split()[0] == '{prefix}'`. Write code that computes the answer to my request ({request}) and prints it."
            ),
            undone: true,
        });
    }
    // A pattern anchored with `^` over a whole text, without `re.M`: only the text's start is
    // tried (the 0.5B model's `re.findall(r'^\w+', content)` found config.env's first key
    // alone; thirtieth set, task 16).
    if hint.is_none()
        && !shell
        && let Some(pattern) = anchored_without_multiline(code)
    {
        return Some(RunHint {
            text: format!(
                "{NOT_COMPUTED} `^` in `{pattern}` matches only at the start of the whole text your code searched, not at each line's start, so it tried the first line alone: pass `re.M` (`re.findall({pattern}, text, re.M)`), or search line by line. Write code that computes the answer to my request ({request}) and prints it."
            ),
            undone: true,
        });
    }
    // A label printed with nothing after it: what the code found is empty (the 0.5B model's
    // `re.match(r'GET /(\w+)', line)` matched no line of access.log, whose lines begin with an
    // address, and it answered `404`; thirtieth set, task 14).
    if hint.is_none()
        && !shell
        && value.lines().count() == 1
        && value.trim_end().ends_with(':')
        && value.split_whitespace().count() >= 2
    {
        let matched = if uncommented(code).contains("re.match(") {
            " `re.match` tries the pattern only at the start of each line; `re.search` finds it anywhere in the line."
        } else {
            ""
        };
        return Some(RunHint {
            text: format!(
                "{NOT_COMPUTED} your code printed its label with nothing after it: what it found is empty, so nothing it looked for matched.{matched} Look at what the data holds, then write code that computes the answer to my request ({request}) and prints it."
            ),
            undone: true,
        });
    }
    // A column of dates and times compared as text with a time of day alone: the 0.5B model's
    // `events_df['timestamp'] >= '09:00'` compared the dates' digits, and counted 0 events
    // (thirtieth set, task 18).
    if hint.is_none()
        && !shell
        && let Some((column, time, sample)) = time_compared_with_datetime(code, cwd)
    {
        return Some(RunHint {
            text: format!(
                "{NOT_COMPUTED} `{column}` holds a date and a time (`{sample}`), and your code compared it as text with `'{time}'`, which compares the date's digits first: take the time part of each value, `[11:16]` of it (`'{}'`), and compare that with `'{time}'`. Write code that computes the answer to my request ({request}) and prints it.",
                sample.get(11..16).unwrap_or_default()
            ),
            undone: true,
        });
    }
    // A phrase of the request printed back as it stands (`python 3` of "Shift each letter of
    // the word python 3 places forward"): nothing computed, and no answer to ask for (the 1.5B
    // model was asked twice to answer with it, then began its answer with it; thirtieth set,
    // task 9).
    if hint.is_none() && !shell && request_phrase_printed(&request, value) {
        return Some(RunHint {
            text: format!(
                "{NOT_COMPUTED} your code printed `{value}`, words of my request as they stand: it computed nothing from them. Write code that computes the answer to my request ({request}) and prints it."
            ),
            undone: true,
        });
    }
    // A file's own format missed, in Python or the shell (the 1.5B model's `grep -v '^#' fstab
    // | wc -l` for the file systems not mounted at boot; thirty-fourth set, task 14).
    if hint.is_none()
        && let Some(why) = format_slip(&request, code, cwd, shell)
    {
        return Some(RunHint {
            text: format!(
                "{NOT_COMPUTED} {why} Write code that computes the answer to my request ({request}) and prints it."
            ),
            undone: true,
        });
    }
    // Slips of the code itself, whatever it printed (one value, lines or a table): the
    // thirtieth set's 0.5B runs printed a pandas row for a density, two lines of JUnit times.
    if hint.is_none()
        && !shell
        && let Some(why) = code_slip(&request, code, cwd)
    {
        return Some(RunHint {
            text: format!(
                "{NOT_COMPUTED} {why} Write code that computes the answer to my request ({request}) and prints it."
            ),
            undone: true,
        });
    }
    // Output of one line or several (the two values on lines of their own; a row each).
    let several_told = if !shell && hint.is_none() && !value.is_empty() {
        if difference_not_taken(&request, code) {
            Some(
                "my request asks for the difference between them, and your code subtracted nothing: print the one minus the other (`highest - lowest`).",
            )
        } else if bools_for_count(&request, value) {
            Some(
                "my request asks how many, and your code printed True or False for each row: which rows count, not how many. Print how many are True, `.sum()` of it.",
            )
        } else {
            None
        }
    } else {
        None
    };
    if let Some(why) = several_told {
        return Some(RunHint {
            text: format!(
                "{NOT_COMPUTED} {why} Write code that computes the answer to my request ({request}) and prints it."
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
        let shorter = column_head_searched(word, code, cwd)
            .map(|(name, head, header, from_end)| {
                format!(
                    "\n`{head}` is written only in `{name}`'s header line, `{header}`: it names a column, and each row under it holds its value in that column, with no `{head}` beside it. Take that field of each row, counted from the end since a name may hold spaces, `line.split()[-{from_end}]`, and skip the header and any `---` line."
                )
            })
            .or_else(|| {
                written_shorter(word, code, cwd).map(|(name, short, line)| {
                    format!(
                        "\n`{name}` writes it shorter, `{short}`, as in `{line}`: search for `{short}`."
                    )
                })
            })
            .unwrap_or_default();
        let text = format!(
            "No file your code read holds `{word}`, in any case: its search found nothing because it looked for what is not there.\n{heads}{months}{kept}{shorter}"
        );
        // A month the file writes as a number is no answer of none either (the 1.5B model,
        // told only that no line holds `April`, answered that no row is from April).
        let asked_for = words_in(&request).any(|w| w.eq_ignore_ascii_case(word));
        // Only a count or a yes or no may be answered by none: "What is the latest released
        // version in CHANGELOG.md?" is not, and the 1.5B model, asked for its answer after
        // `versions[-1] if versions else "No version found"`, answered "No version found"
        // (thirty-second set, task 32).
        return Some(
            if asked_for && months.is_empty() && none_can_answer(&request) {
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
            },
        );
    }
    // The same from a pattern no line matches, or a separator no line holds: the code's
    // own, so the run is undone.
    // Code that reads no file printed what an earlier run of the turn computed from one
    // (`print(average_score)`, after code that split `ann: 82` lines at `,`): that code too.
    let searched = if named_files(code).is_empty() {
        with_earlier_code(history, turn, code)
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
    // A sentence that the code found nothing, for a request that none cannot answer (not a
    // count, not a yes or no): its search missed what is there. The 1.5B model printed "No
    // requests found in server.log." for an average duration, and was asked to answer with
    // it (thirty-third set, task 14).
    if !shell
        && says_none(value, &request)
        && value.chars().any(char::is_alphabetic)
        && !value.chars().any(|c| c.is_ascii_digit())
        && !value.trim().eq_ignore_ascii_case("none")
        && !none_can_answer(&request)
        && let Some(heads) = text_heads(&searched, cwd)
    {
        return Some(RunHint {
            text: format!(
                "{NOT_COMPUTED} your code printed that it found nothing, and what my request asks for is there: your code's test missed it.\n{heads}\nWrite code that computes the answer to my request ({request}) and prints it."
            ),
            undone: true,
        });
    }
    // Code that only prints what earlier code of the turn computed is that code's (the
    // engine's `print(result)` after the 0.5B model's count of `.csv` files was told it never
    // looked for `.csv`; fourteenth set, task 29).
    let printing_only = code
        .lines()
        .filter(|l| !l.trim().is_empty())
        .all(|l| l.trim_start().starts_with("print("));
    let computed_by = if printing_only {
        with_earlier_code(history, turn, code)
    } else {
        code.clone()
    }
    .to_lowercase();
    // Lines that mention a word, counted by code without it: the file's lines, all of them
    // (the 0.5B model ran `grep -o "disk" app.log` and `wc -l app.log`, and answered 7).
    // Shell gets only this check: its outputs carry names and columns beside the value.
    if let Some(word) = searched_word(&request)
        && !computed_by.contains(&word.to_lowercase())
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
        && !computed_by.contains(&extension.to_lowercase())
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
    // Before the rounding: a wrong formula's value rounded is still wrong (the 0.5B model, told
    // to round `88 * 5 / 9`, answered 48.9).
    if let Some(why) = temperature_offset_missed(&request, code, value) {
        return Some(RunHint {
            text: format!(
                "{NOT_COMPUTED} {why} Write code that computes the answer to my request ({request}) and prints it."
            ),
            undone: true,
        });
    }
    // Also before the rounding: told to keep 2 decimals, the 1.5B model kept them of its
    // cents, `round(vat_amount * 100, 2)` (twenty-eighth set, task 9).
    if let Some((rounded, amount)) = cents_multiplied(&request, code) {
        return Some(RunHint {
            text: format!(
                "{NOT_COMPUTED} \"rounded to cents\" means the amount itself with 2 decimals (12.35), and your code's `{rounded}` turned it into a number of cents: round the amount, `round({amount}, 2)`. Write code that computes the answer to my request ({request}) and prints it."
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
    if let Some((written, kept, asked)) = fewer_decimals_kept(&request, code, value) {
        let unit = |n: usize| if n == 1 { "decimal" } else { "decimals" };
        return Some(RunHint {
            text: format!(
                "{NOT_COMPUTED} my request asks for {asked} {}, and your code's `{written}` keeps {kept}: round to {asked} (`:.{asked}f`, or `round(value, {asked})`). Write code that computes the answer to my request ({request}) and prints it.",
                unit(asked)
            ),
            undone: true,
        });
    }
    if let Some(Leftover {
        total,
        per,
        whole,
        rest,
    }) = rounded_down_for_needed(&request, code, value)
    {
        return Some(RunHint {
            text: format!(
                "{NOT_COMPUTED} {whole} of {per} hold {} of the {total}, and the {rest} left over need one more: what is needed is rounded up, `math.ceil({total} / {per})` (or `-(-{total} // {per})`). Write code that computes the answer to my request ({request}) and prints it.",
                whole * per
            ),
            undone: true,
        });
    }
    if let Some((printed, total, per)) = fraction_for_needed(&request, code, value) {
        return Some(RunHint {
            text: format!(
                "{NOT_COMPUTED} my request asks how many, and your code printed {printed}, which is no count: it takes whole ones, as many as reach {total} when each gives {per}, the last one too even if only part of it is used. That is {total} / {per} rounded up, `math.ceil({total} / {per})`, with nothing taken away first. Write code that computes the answer to my request ({request}) and prints it."
            ),
            undone: true,
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
    // A whole date given is said as a date, before its year alone (the 0.5B model, told to
    // write 2027 for "the first Friday after 2027-02-28", began from 2032-02-28; twenty-eighth
    // set, task 8).
    let dated = clock_for_dated_request(&request, code).map(|(date, clock)| {
        let end = year_end_asked(&request).map(|year| format!(" The days left in {year} run to its last day, `date({year}, 12, 31)`: subtract the date from it.")).unwrap_or_default();
        format!("my request gives its dates ({date}) and asks nothing about today, and your code took today's date from the clock (`{clock}`): use only the dates my request gives.{end}")
    });
    let why = dated
        .or_else(|| {
            clock_for_asked_year(&request, code).map(|(year, clock)| {
                format!("my request is about {year}, and your code took the date from the clock (`{clock}`), which is not in {year}: write {year} into the code.")
            })
        })
        .or_else(|| {
            all_lines_counted(&request, code, value, cwd).map(|(noun, file, lines, distinct)| {
                if distinct {
                    format!("my request counts {noun}, and your code counted the lines of `{file}` ({lines}), all of them, a repeated one as often as it is there. Count each different one once: `len(set(lines))` of the stripped lines.")
                } else {
                    let how = counted_as(&file, noun).map_or_else(
                        || format!("Count only the lines that are {noun}."),
                        |how| format!("Count only the {noun}: {how}."),
                    );
                    format!("my request counts {noun}, and your code counted the lines of `{file}` ({lines}), all of them, whatever they hold. {how}")
                }
            })
        })
        .or_else(|| {
            excluded_lines_counted(&request, code, value, cwd).map(|(left_out, file, lines, how)| {
                format!("my request leaves out {left_out}, and your code counted all {lines} lines of `{file}`: skip those lines as you count ({how}).")
            })
        })
        .or_else(|| {
            whole_time_for_hour(&request, value).map(|(printed, date)| {
                let took = if date {
                    format!("took the date (`{printed}`) for the hour: the time is another field, `HH:MM:SS`")
                } else {
                    format!("took whole times (`{printed}`), each one a group of its own")
                };
                format!("my request asks for an hour of the day, and your code {took}. Group the entries by their hour alone (the first two digits of the time, `time[:2]`, or a datetime's `.hour`), count each hour's, and print the hour.")
            })
        })
        .or_else(|| {
            short_hex_missed(&request, code, cwd).map(|(short, file)| {
                format!("a hex colour may have 3 digits as well as 6 (`{short}` in `{file}`), and your pattern takes only 6: `#(?:[0-9a-fA-F]{{6}}|[0-9a-fA-F]{{3}})\\b` takes both.")
            })
        })
        .or_else(|| {
            doubled_in_other_case(&request, code, cwd).map(|(pair, file)| {
                format!("`{file}` has a word doubled in two cases (`{pair}`), and your code tells upper and lower case apart, so it missed it: compare the words lowercased (`re.IGNORECASE`, or `.lower()` on both).")
            })
        })
        .or_else(|| {
            edit_distance_out_of_bounds(&request, value).map(|(n, least, most)| {
                format!("an edit distance between those two words is at least {least} (their lengths' difference) and at most {most} (the longer one's length), so {n} is wrong: the table is miscomputed. Build the whole table, `d = [[0] * (len(b) + 1) for _ in range(len(a) + 1)]`, with `d[i][0] = i` and `d[0][j] = j`; each `d[i][j]` is the least of `d[i-1][j] + 1`, `d[i][j-1] + 1` and `d[i-1][j-1] + (a[i-1] != b[j-1])`, and the distance is `d[len(a)][len(b)]`.")
            })
        })
        .or_else(|| {
            header_in_total(code, cwd).map(|(name, file, header)| {
                format!("your code divides by `len({name})`, which counts `{file}`'s header row (`{header}`) as one of them: leave the header out, `{name}[1:]` (or `next(reader)` before reading the rows), and divide by the rows that are left.")
            })
        })
        .or_else(|| {
            trailing_empty_divided(code, cwd).map(|(file, split, name)| {
                format!("your code divides by `len({name})`, one line too many: `{file}` ends with a newline, so `{split}` leaves an empty string after its last line, and `{name}` holds it. Split with `.splitlines()`, which leaves none.")
            })
        })
        .or_else(|| {
            trailing_empty_counted(code, value, cwd).map(|(file, split)| {
                format!("your count has one too many: `{file}` ends with a newline, so `{split}` leaves an empty string after its last line, and your code counted it. Split with `.splitlines()`, which leaves none.")
            })
        })
        .or_else(|| {
            time_factor_missed(&request, code).map(|TimeConversion { asked, given, factor, how, .. }| {
                let made = if how.contains('×') { format!(" ({how})") } else { String::new() };
                let article = if given == "hour" { "an" } else { "a" };
                format!("{article} {given} is {factor} {asked}s{made}, and no numbers of your code make {factor}: it did not convert {given}s to {asked}s.")
            })
        })
        .or_else(|| {
            folders_uncounted(&request, code, value, cwd).map(|most| {
                format!("those are the folders here, and my request asks which one holds the {most} files: count the files in each (`len(os.listdir(folder))`), then print the folder with the {most}.")
            })
        })
        .or_else(|| {
            blank_lines_missed(&request, code, value, cwd).map(|file| {
                format!("`readlines()`, and a file's lines as you loop over it, keep each line's `\\n`: a blank line is `'\\n'`, never `''`, and `{file}` does have blank lines. Count the lines that are empty once stripped: `sum(1 for line in lines if line.strip() == '')`.")
            })
        })
        .or_else(|| {
            line_for_word(&request, value, cwd).map(|(which, index)| {
                format!("my request asks for the {which} word, and your code printed a whole line: print its {which} word, `line.split()[{index}]`.")
            })
        })
        .or_else(|| {
            first_item_only(&request, code, cwd).map(|(file, key, items)| {
                format!("my request is about all {items} items of `{key}` in `{file}`, and your code took only the first one (`['{key}'][0]`). Go through every item (`for item in data['{key}']:`), then print the answer.")
            })
        })
        .or_else(|| {
            none_returned(code, value).map(|range| {
                let range = range
                    .map(|r| format!(" Your loop goes through `{r}`: check where it starts and where it stops against my request."))
                    .unwrap_or_default();
                format!("`None` is what a function gives when it returns no value: your code found nothing.{range}")
            })
        })
        .or_else(|| {
            base_read_backwards(&request, code).map(|(call, number, name, how)| {
                format!("`{call}` reads the digits {number} as a number written in {name} and gives its value in decimal: the other way round. My request asks for {number} written in {name}: print `{how}`.")
            })
        })
        .or_else(|| {
            distinct_unkept(&request, code).map(|word| {
                format!("my request asks about {word} values, and your code kept repeated ones: keep one of each first, `sorted(set(values))`, then take what my request asks.")
            })
        })
        .or_else(|| {
            days_for_units(&request, value).map(|(unit, per_day)| {
                format!("{value} is a count of days, and my request asks for {unit}s: a day has {per_day} {unit}s, so multiply the days by {per_day}.")
            })
        })
        .or_else(|| {
            digital_root_unfinished(&request, value).map(|n| {
                format!("a digital root is a single digit, and {n} has {} digits: sum the digits again, and again, until one digit is left (`while n >= 10: n = sum(int(d) for d in str(n))`).", n.len())
            })
        })
        .or_else(|| {
            timedelta_for_units(&request, code, value).map(|(unit, how)| {
                format!("{value} is a time difference in days and hours:minutes:seconds, and my request asks for it in {unit}s: `{how}` prints that.")
            })
        })
        .or_else(|| {
            fraction_for_percentage(&request, code, value).map(|(fraction, percent)| {
                format!("my request asks for a percentage, and {fraction} is a fraction of one: the percentage is that times 100, {percent}.")
            })
        })
        .or_else(|| {
            factor_alone(&request, value).map(|c| {
                format!("{value} is the {asked}s in one {given}, and my request asks about {quantity} {given}s: multiply by {quantity}.", asked = c.asked, given = c.given, quantity = c.quantity)
            })
        })
        .or_else(|| {
            moved_for_copy(&request, code, cwd).map(|(file, call)| {
                format!("my request asks for a copy, and your code moved the file (`{call}`): `{file}` is not there any more. Put it back where it was, then copy it (`shutil.copy(source, destination)`) and do the rest of my request.")
            })
        })
        .or_else(|| {
            block_key_counted(&request, code, value, cwd).map(|(file, key)| {
                format!("`{key}:` is one key of `{file}`, and the {key} are the keys indented under it, each ending with `:` (a line starting with `#` is a comment): count those, `len(yaml.safe_load(open('{file}'))['{key}'])`.")
            })
        })
        .or_else(|| {
            word_unsearched(&request, code, value, cwd).map(|(word, file, holding, lines)| {
                format!("your code counted all {lines} lines of `{file}`, and my request is about `{word}`, which only {holding} of them hold: your code never looked for `{word}`. Count the lines that hold it.")
            })
        })
        .or_else(|| {
            percent_missed(&request, value).map(|(rate, base, want)| {
                format!("{rate} percent of {base} is {base} × {rate} / 100 = {want}, and your code printed something else: compute `{base} * {rate} / 100`.")
            })
        })
        .or_else(|| {
            listed_for_count(&request, value).map(|n| {
                format!("my request asks how many, and your code printed the {n} {VALUES_THEMSELVES}, not how many there are: print `len(...)` of them.")
            })
        })
        .or_else(|| {
            two_lists_for_either(&request, value).then(|| {
                "my request asks how many are one or the other, and your code printed the two lists themselves: count the values that are in either list, each once, `len(set(first) | set(second))`, and print that.".to_string()
            })
        })
        .or_else(|| {
            alternation_missed(&request, code).then(|| {
                "my request adds and takes away in turn (+, -, +, -), and your code only adds: give every other number a minus sign, `sum(n if n % 2 else -n for n in ...)` for odd numbers added and even ones taken away.".to_string()
            })
        })
        .or_else(|| {
            other_file_counted(&request, value, cwd).map(|(asked, other)| {
                format!("{value} is how many lines `{other}` has, and my request asks how many `{asked}` has: count the lines of `{asked}` once it is written, `len(open('{asked}').read().splitlines())`.")
            })
        })
        .or_else(|| {
            numbers_compared_as_text(&request, code, cwd).map(|file| {
                format!("your code compared the numbers of `{file}` as text, and text compares character by character: `'8'` comes after `'75'`. Make each a number first, `[int(v) for v in values]` (or `float`), then sort or compare.")
            })
        })
        .or_else(|| {
            newline_counted(&request, code).then(|| {
                "`.read()` keeps the newline at the end of the file, and your code counted it, where my request leaves it out: count `len(text.rstrip('\\n'))`.".to_string()
            })
        })
        .or_else(|| {
            read_unused(&request, code).map(|(file, name)| {
                format!("your code read `{file}` into `{name}` and never used `{name}` after: what it printed came from values of its own. Compute the answer from `{name}`.")
            })
        })
        .or_else(|| {
            addresses_for_domains(&request, code, cwd).then(|| {
                "a domain is the part of an address after its `@`, and your code kept whole addresses: take `address.split('@')[1]` of each, then count or list those.".to_string()
            })
        })
        .or_else(|| {
            listed_for_sum(&request, value).map(|n| {
                format!("my request asks what they add up to, and your code printed the {n} {VALUES_THEMSELVES}, not their sum: print `sum(...)` of them.")
            })
        })
        .or_else(|| {
            bytes_for_hex(&request, value).map(|text| {
                format!("`{value}` is the text's bytes as Python shows them, not in hexadecimal: `'{text}'.encode().hex()` gives them in hexadecimal.")
            })
        })
        .or_else(|| {
            days_untaken(&request, code).then(|| {
                "my request asks how many days lie between its dates, and your code never took the days of their difference: subtract the two dates and print `.days` of the result, `(date(…) - date(…)).days`.".to_string()
            })
        })
        .or_else(|| {
            spaces_counted(&request, code).then(|| {
                "my request leaves the spaces out of the count, and your code counted the text with its spaces: count `len(text.replace(' ', ''))`.".to_string()
            })
        })
        .or_else(|| {
            case_unfolded(&request, code, cwd).map(|(word, file)| {
                let lower = word.to_lowercase();
                format!("my request counts `{word}` in any case, and your code looked for it only as it is written: `{file}` has it in other cases too. Compare in lowercase: `'{lower}' in line.lower()`.")
            })
        })
        .or_else(|| {
            weekday_mismatched(&request, code).map(|(day, n, call, k)| {
                format!("my request counts {day}s, and your code compared `.{call}()` with {k}, which is {other}: `.{call}()` gives {day} as {n}.", other = WEEKDAYS[if call == "isoweekday" { k - 1 } else { k }])
            })
        })
        .or_else(|| weekday_date_wrong(&request, value))
        .or_else(|| {
            multiplied_for_total(&request, code).then(|| {
                "my request asks how many there are altogether, and your code multiplied the counts: altogether is their sum, added up (`sum(data.values())` of a JSON object of counts).".to_string()
            })
        })
        .or_else(|| {
            bound_not_passed(&request, value).map(|(bound, word, printed, next)| {
                format!("my request asks for a number {word} {bound}, and {printed} is not {word} it: start from {next}.")
            })
        })
        .or_else(|| {
            roman_only_added(&request, code).map(|(numeral, value)| {
                format!("in a Roman numeral a smaller numeral before a larger one is taken away (`{numeral}` is {value}), and your code only adds them up: when a numeral's value is below the next one's, subtract it instead.")
            })
        })
        .or_else(|| {
            kind_counted_inverted(&request, code).map(|(kind, name)| {
                format!("my request counts {kind}, and your code counted the characters `not in {name}`: everything else (spaces, the other letters). Count those in it, with capitals too: `sum(1 for c in text if c.lower() in {name})`.")
            })
        })
        .or_else(|| {
            digits_not_taken(&request, code).then(|| {
                "my request adds up the digits of the numbers, and your code never took a number's digits: it added the numbers themselves. Add up each number's digits, `sum(int(d) for n in numbers for d in str(n))`.".to_string()
            })
        })
        .or_else(|| {
            listed_for_product(&request, value).map(|n| {
                format!("my request asks what they multiply to, and your code printed the {n} {VALUES_THEMSELVES}, not their product: print `math.prod(...)` of them (`import math`).")
            })
        })
        .or_else(|| {
            clock_for_asked_time(&request, code).map(|(time, clock)| {
                format!("my request is about {time}, and your code took the time from the clock (`{clock}`), which is another time: write {time}'s hour and minutes into the code.")
            })
        })
        .or_else(|| {
            vowels_left_out(&request, code).map(|(set, missing)| {
                format!("`{set}` leaves out {missing}, {VOWELS_LEFT_OUT} Compare in one case with all five, `c.lower() in 'aeiou'`.")
            })
        })
        .or_else(|| {
            digit_counted_once(&request, code).map(|d| {
                format!("`'{d}' in str(n)` {COUNTED_ONCE} ({d}{d} has two), and my request counts the digit's appearances: add up `str(n).count('{d}')` for each number.")
            })
        })
        .or_else(|| {
            leading_spaces_kept(&request, code).map(|test| {
                format!("`{test}` misses a line whose start comes after spaces, and my request does not count leading spaces: strip them first, `line.lstrip().startswith(...)`.")
            })
        })
        .or_else(|| {
            byte_units_off(&request, value).map(|off| {
                let times = off.steps.unsigned_abs();
                let (how, op) = if off.steps > 0 { ("multiply", "*") } else { ("divide", "/") };
                let base = if off.binary { "1024" } else { "1024 (or 1000, as my request means it)" };
                let each = if times == 1 { "one step".to_string() } else { format!("{times} steps") };
                format!("from {} to {} is {each} of {base}, and your value is not the size changed by that: {how} by {base} for each step, `size {op} 1024 ** {times}`.", off.from, off.to)
            })
        })
        .or_else(|| {
            absence_counted_as_presence(&request, code, value).map(|(thing, literal)| {
                format!("my request counts those with no {thing}, and your code counts those that have it (`{literal}`): count the ones where it is missing (all of them, less those that have it).")
            })
        })
        .or_else(|| {
            tags_sought_in_text(code).map(|(page, tag)| {
                format!("`computer.files.read` gives a page's text with its tags taken out, and your code looks for tags (`{tag}`): read the page's markup itself, `html = open('{page}').read()`, and search that.")
            })
        })
        .or_else(|| {
            object_size_for_bytes(&request, code).then(|| {
                "`sys.getsizeof` is the size of the Python object in memory, not the bytes of the text: encode it and count those, `len(text.encode('utf-8'))`.".to_string()
            })
        })
        .or_else(|| {
            accents_deleted(&request, value).then(|| {
                "a letter without its accent is still there (é is e), and your code never took the accents apart from the letters: `unicodedata.normalize('NFD', text)` splits each accented letter into the letter and its accent; keep what `unicodedata.combining(c)` says is no accent, `''.join(c for c in unicodedata.normalize('NFD', text) if not unicodedata.combining(c))`.".to_string()
            })
        })
        .or_else(|| {
            zones_guessed(&request, code).map(|(from, to)| {
                format!("my request asks the time in another time zone, and your code never asked one: the hours between the two places are their zones' to say (with summer time where it applies), not a number to guess. `from zoneinfo import ZoneInfo`; a time given with `tzinfo=ZoneInfo('{from}')` is `.astimezone(ZoneInfo('{to}'))` there.")
            })
        })
        .or_else(|| {
            bits_for_bytes(&request, code).map(|rate| {
                format!("my request gives a speed in bits ({rate}) and a size in bytes, and your code never turned one into the other: a byte is 8 bits, so multiply the bytes by 8 (or divide the bits by 8) before dividing, and give the time in the unit my request asks for.")
            })
        })
        .or_else(|| {
            error_hidden(code, value).map(|except| {
                format!("your code printed None because `{except}` returned None in place of an error, so what failed is hidden: take out the `try`/`except`, run it, and fix what the error says.")
            })
        })
        .or_else(|| {
            file_dates_weekday_unasked(&request, code, cwd).map(|(file, date, how)| {
                format!("the lines of `{file}` hold dates (`{date}`) {WEEKDAY_UNASKED}: name each one's day, `datetime.date.fromisoformat({how}).strftime('%A')`, and work with those names.")
            })
        })
        .or_else(|| {
            capital_mark_unsearched(&request, code, cwd).map(|(mark, file, line)| {
                format!("my request counts `{mark}`, and your code never looks for it: it counted whatever it found. Count only what holds `{mark}` (`{file}`: `{line}`), `'{mark}' in line`.")
            })
        })
        .or_else(|| {
            other_label_asked(&request, code, cwd).map(|(taken, word, other, file)| {
                format!("your code takes the `{taken}` line of `{file}`, and my request asks about `{word}`: the line for it is `{other}`.")
            })
        })
        .or_else(|| {
            command_word_untested(&request, code, cwd).map(|(test, mark, file, line)| {
                format!("`{test}` tests how a line begins, not which command it runs: it misses `{mark}` after spaces and takes other commands whose name begins with `{mark}` (`{file}`: `{line}`). Compare each line's first word: `line.split()[0] == '{mark}'` (for lines that are not empty).")
            })
        })
        .or_else(|| {
            mark_after_text(&request, code, cwd).map(|(test, mark, file, line)| {
                format!("`{test}` misses `{mark}` written after other text on a line (`{file}`: `{line}`), and my request counts it wherever it is: test `'{mark}' in line`.")
            })
        })
        .or_else(|| {
            versions_as_text(&request, code, value, cwd).map(|file| {
                format!("the version your code printed is not the one my request asks for among those of `{file}`. {VERSIONS_AS_TEXT}")
            })
        })
        .or_else(|| {
            length_for_line_number(&request, value, cwd).map(|(file, length)| {
                format!("{length} is how long the longest line of `{file}` is, and my request asks which line it is, its number (counted from 1): `max(range(len(lines)), key=lambda i: len(lines[i])) + 1`. Print that number.")
            })
        })
        .or_else(|| {
            commented_setting_read(&request, value, cwd).map(|(line, file, key)| {
                format!("your code's value comes from `{line}` in `{file}`, a comment: a line that starts with `#` sets nothing. The setting is the `{key}` line without `#`: skip comment lines (`if not line.lstrip().startswith('#')`), or search from a line's start, `re.search(r'^{key}\\s*=\\s*(\\S+)', text, re.M)`.")
            })
        })
        .or_else(|| {
            whole_lines_searched(&request, code, cwd).map(|(line, file, word)| {
                format!("`{line}` is one whole line of `{file}`, so your code found only the lines it names: the lines my request is about share `{word}`. Keep every line that holds it, `'{word}' in line`.")
            })
        })
        .or_else(|| {
            example_searched(&request, code).map(|(example, pattern)| {
                format!("`{example}` in my request is an example of how they are written, not the one to find: your code looked for `{example}` itself. Test each one against the pattern it shows, `re.fullmatch(r'{pattern}', line.strip())`.")
            })
        })
        .or_else(|| {
            namespace_unnamed(&request, code, value, cwd).map(|(tag, file, space)| {
                format!("`{file}` puts its elements in a namespace (`xmlns=\"{space}\"` on its root), so ElementTree names them `{{{space}}}{tag}`, and a search for `{tag}` alone finds none: search for the full name, `root.iter('{{{space}}}{tag}')`.")
            })
        })
        .or_else(|| {
            children_searched(&request, code, value, cwd).map(|(call, tag, file)| {
                format!("`{call}` looks only at the direct children of the element it is called on, and the `<{tag}>` of `{file}` sit deeper: find them at any depth, `root.findall('.//{tag}')` (or `root.iter('{tag}')`).")
            })
        })
        .or_else(|| {
            totals_not_grouped(&request, code, cwd).map(|(file, name, rows)| {
                format!("`{name}` is on {rows} rows of `{file}`, and my request adds up each one's rows: your code compared the rows one by one. Add them up per name in a dict first, `totals[name] = totals.get(name, 0) + value`, then print the name with the largest total.")
            })
        })
        .or_else(|| {
            first_n_not_summed(&request, code).map(|n| {
                format!("my request adds up the first {n} of them, and your code computed one value with a formula and added none up: compute each of the {n} in a loop and add them up, `sum(... for k in range(1, {}))`.", n + 1)
            })
        })
        .or_else(|| {
            copies_side_by_side(&request, code).map(|(copies, n)| {
                format!("`{copies}` {SIDE_BY_SIDE} join them, `' '.join([text] * {n})` for a space.")
            })
        })
        .or_else(|| {
            speed_metres_missed(&request, code).then(|| {
                "a kilometre is 1000 metres and an hour 3600 seconds, and your code never made metres of the kilometres: km/h to metres per second is `* 1000 / 3600` (divided by 3.6).".to_string()
            })
        })
        .or_else(|| {
            hour_hand_unmoved(&request, code).map(|(h, m)| {
                format!("the hour hand moves on as the minutes pass, half a degree a minute, and your code left it at the full hour: at {h}:{m:02} it is `{} * 30 + {m} * 0.5` degrees past 12, the minute hand `{m} * 6`; the angle is their difference (360 minus it when that is above 180).", h % 12)
            })
        })
        .or_else(|| {
            digits_range_wrong(&request, code).map(|(written, digits, from, to)| {
                format!("my request is about {digits}-digit numbers, which run from {from} to {}, and your code took `{written}`: take `range({from}, {to})`.", to - 1)
            })
        })
        .or_else(|| {
            digits_listed_wrong(&request, code).map(|(others, digits, from, to)| {
                format!("my request is about {digits}-digit numbers, from {from} to {}, and the numbers your code lists by hand hold {others}, which are not: compute them in code from `range({from}, {to})` instead of listing them.", to - 1)
            })
        })
        .or_else(|| {
            last_year_left_out(&request, code).map(|(first, last)| {
                format!("from 1 January {first} to 1 January {last} leaves {last} itself out, and my request counts its days too: end on the first day after it, `(date({}, 1, 1) - date({first}, 1, 1)).days`.", last + 1)
            })
        })
        .or_else(|| {
            year_days_short(&request, code).map(|short| {
                format!("`{short}` is one day short of the year: the days from 1 January to 31 December are the difference plus one. Take the next year's first day, `(date(year + 1, 1, 1) - date(year, 1, 1)).days`.")
            })
        })
        .or_else(|| {
            arrangement_length_missing(&request, code).map(|(call, items, n)| {
                format!("my request asks for arrangements of {n}, and `{call}` arranges all of them at once: pass the length, `permutations({items}, {n})`.")
            })
        })
        .or_else(|| {
            letters_miscounted(&request, code).map(|(from, to, written, n)| {
                format!("the letters from {from} to {to} are {n}, {written}, and your code never has {n} of them: take `'{}'` (or `len` of it) for the letters.", written.replace(", ", ""))
            })
        })
        .or_else(|| {
            leap_year_missed(&request, code).map(|leap| {
                format!("{leap} is a leap year, with 366 days, and your code gave every year 365: count each year's own days, `366 if calendar.isleap(year) else 365` (`import calendar`).")
            })
        })
        .or_else(|| {
            negative_count(&request, value).then(|| {
                if past_midnight(&request) {
                    // Two clock times of one day: the end is on the next one (the 0.5B model
                    // printed -1290.0 for 22:50 to 01:20 the next day, and the hint to swap them
                    // would give 1290; twenty-fourth set, task 6).
                    format!("my request asks how many, and {value} is below zero: {NEXT_DAY} Add a day to the end time before subtracting (`end += timedelta(days=1)`, `from datetime import timedelta`).")
                } else {
                    format!("my request asks how many, and {value} is below zero: {SUBTRACTED_BACKWARDS} Subtract the other way round (the later date minus the earlier one).")
                }
            })
        })
        .or_else(|| {
            text_length_per_word(&request, code).map(|text| {
                format!("`len({text})` counts every character of the text, its spaces and newline too, and my request asks for the length of the words: add up the words' own lengths, `sum(len(word) for word in words) / len(words)`.")
            })
        })
        .or_else(|| {
            euler_missed(&request, code).map(|power| {
                format!("the e of my request is Euler's number, 2.71828…, and your code never used it: `math.e ** {power}` (or `math.exp({power})`).")
            })
        })
        .or_else(|| {
            top_folder_printed(&request, value).map(|deepest| {
                let how = if deepest { " (each `root` is a folder; how deep it is, `root.count(os.sep)`)" } else { "" };
                format!("your code printed `{value}`, this folder itself, and my request asks about the folders under it: go through them with `os.walk('.')`{how}, and print the one my request asks for.")
            })
        })
        .or_else(|| {
            day_of_month_for_year(&request, code).then(|| {
                "my request asks for the day of the year, and your code printed `.day`, the day of the month: the day of the year is `date.timetuple().tm_yday` (or `int(date.strftime('%j'))`).".to_string()
            })
        })
        .or_else(|| {
            diameter_squared(&request, code).then(|| {
                "my request gives the circle's diameter, and your code squared it: a circle's area is π × radius², and the radius is half the diameter, `math.pi * (diameter / 2) ** 2`.".to_string()
            })
        })
        .or_else(|| {
            divisors_to_root(&request, code).then(|| {
                "your code looked for divisors only up to the square root, and kept only those: each divisor `i` found there has a partner above it, `n // i`. Go through every number below n instead, `range(1, n)` (or add `n // i` too, once, and not n itself where my request leaves it out).".to_string()
            })
        })
        .or_else(|| {
            one_left_out_of_divisors(&request, code).then(|| {
                "the proper divisors of a number are all its divisors smaller than itself, 1 included, and your code started from 2: go through `range(1, n)`.".to_string()
            })
        })
        .or_else(|| {
            weekday_unasked(&request, code).map(|asked| match asked {
                WeekdayAsked::Counted(day, n) => format!("my request counts {day}s, and your code never asked which day of the week a date is: go through every date it is about and count those whose `.weekday()` is {n} (it counts from Monday, 0, to Sunday, 6)."),
                WeekdayAsked::Named(day, n) => format!("my request is about a {day}, and your code never asked which day of the week a date is: a date's `.weekday()` says it, from Monday, 0, to Sunday, 6 ({day} is {n})."),
                WeekdayAsked::Which => "my request asks for a day of the week, and your code never asked which day of the week a date is: `datetime.date(year, month, day).strftime('%A')` names it.".to_string(),
            })
        })
        .or_else(|| {
            path_elsewhere(code, cwd).map(|(path, name, here)| {
                format!("your code read `{path}`, and the `{name}` my request is about {ELSEWHERE}, `{here}`: use the relative name `{name}`.")
            })
        })
        .or_else(|| {
            copied_lines(&request, code, cwd).map(|file| {
                format!("your code wrote lines of `{file}` into itself instead of reading the file, so it worked on what it copied, not on the file: read the file itself, `lines = open('{file}').read().splitlines()`.")
            })
        })
        .or_else(|| {
            deleted_counted(&request, code, cwd).map(|extension| {
                format!("your code counted the `{extension}` files, and my request deleted them: it asks how many files are left, every file the folder holds now, whatever its name (`os.path.isfile(name)` for each name of `os.listdir('.')`).")
            })
        })
        .or_else(|| {
            month_for_year(&request, code).map(|year| {
                format!("`calendar.monthrange(year, month)[1]` is the number of days of one month, and my request asks about the whole year {year}: count from its first day to the next year's, `(datetime.date({next}, 1, 1) - datetime.date({year}, 1, 1)).days`.", next = year + 1)
            })
        })
        .or_else(|| {
            sizes_uncompared(&request, code).map(|(which, pick)| {
                format!("my request asks for the {which} file, by size, and your code never took a file's size: `{pick}(files, key=os.path.getsize)` gives the {which} of `files`.")
            })
        })
        .or_else(|| {
            median_unsorted(&request, code).then(|| {
                format!("{NEVER_SORTED} it took the middle of them as given. Take the middle of `sorted(numbers)`, or use `statistics.median(numbers)`.")
            })
        })
        .or_else(|| {
            extension_count_missed(&request, value, cwd).map(|(extension, printed)| {
                format!("your code printed {printed}, which is not how many `.{extension}` files this folder holds now: it counted before the change, or other files. Count them as the folder is now: `len([f for f in os.listdir('.') if f.endswith('.{extension}')])`.")
            })
        })
        .or_else(|| {
            median_missed(&request, value).map(|count| {
                if count.is_multiple_of(2) {
                    format!("my request gives {count} numbers, an even count, so their median is the mean of the two in the middle once they are sorted, and your code printed something else: with `s = sorted(numbers)`, compute `(s[len(s) // 2 - 1] + s[len(s) // 2]) / 2`, or use `statistics.median(numbers)`.")
                } else {
                    format!("my request gives {count} numbers, so their median is the one in the middle once they are sorted, and your code printed something else: `sorted(numbers)[len(numbers) // 2]`, or `statistics.median(numbers)`.")
                }
            })
        })
        .or_else(|| {
            letters_for_words(&request, value).map(|text| {
                format!("your code reversed the letters of '{text}'; my request asks for its words in reverse order: `' '.join(text.split()[::-1])`.")
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
            walk_top_counted(&request, code, value, cwd).then(|| {
                "your count has one too many: `os.walk('.')` gives this folder itself as its first `root`, and my request counts the folders under it. Add up `len(dirs)` of each step instead.".to_string()
            })
        })
        .or_else(|| {
            unread_made_file(&request, code, cwd, value).map(|file| {
                format!("your code wrote `{file}` and printed a number it did not take from it: it never read `{file}` back. Read `{file}` as it is now and compute the answer from what it holds.")
            })
        })
        .or_else(|| {
            unused_parameter(&request, code).map(|(function, parameter)| {
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
            section_unread(&request, code, cwd).map(|(file, asked, read)| {
                let read = match read {
                    Some(read) => format!("your code read `[{read}]`"),
                    None => format!("your code never looked for that section, and `{file}` has others, which may set the same keys"),
                };
                format!("my request is about the `[{asked}]` section of `{file}`, and {read}: take the key from the `[{asked}]` section (`config['{asked}']` with configparser).")
            })
        })
        .or_else(|| {
            number_echoed(&request, code, value).map(|n| {
                format!("{n} is the number my request gives, and your code only wrote it down: it computed nothing from it.")
            })
        })
        .or_else(|| {
            given_echoed(&request, code, value).map(|given| {
                format!("`{given}` is what my request gives, and your code only wrote it down and printed it back: it computed nothing from it. Compute what my request asks from it, and print that.")
            })
        })
        .or_else(|| {
            twelve_hour_unprinted(&request, value).map(|time| {
                format!("my request asks for {time} in 12-hour time, its hour and minutes with AM or PM, and your code printed no time: print the whole time, `datetime.datetime.strptime('{time}', '%H:%M').strftime('%I:%M %p')`.")
            })
        })
        .or_else(|| {
            mean_miscomputed(&request, value).map(|(kind, call)| {
                format!("that is not the {kind} mean of the numbers my request gives: compute it with Python's own, `import statistics` and `print({call})`.")
            })
        })
        .or_else(|| {
            included_tax_added(&request, code).map(|rate| {
                format!("the price in my request already includes the tax: it is the net amount times (1 + {rate}/100), so the tax in it is price × {rate} / (100 + {rate}), not price × {rate} / 100.")
            })
        })
        .or_else(|| {
            growth_rate_unrooted(&request, code).then(|| {
                "a compound annual growth rate is the one yearly rate that grows the start into the end over the years: `(end / start) ** (1 / years) - 1`, times 100 for a percentage.".to_string()
            })
        })
        .or_else(|| {
            needed_rounded_to_nearest(&request, code, value).then(|| {
                "`round()` goes to the nearest whole number, down when the fraction is under a half, and then some are left without: what is needed is rounded up, `math.ceil(...)` of the division.".to_string()
            })
        })
        .or_else(|| checkbox_miscounted(&request, code, cwd))
        .or_else(|| {
            kinds_column_unread(&request, code, cwd).map(|(file, column, named, value)| {
                format!("my request names {named}, which `{file}` tells apart in its `{column}` column, and your code never looked at that column: decide what to do with each row by its `{column}` (`row['{column}'] == '{value}'`).")
            })
        })
        .or_else(|| {
            function_lines_uncounted(&request, code).map(|file| {
                format!("a function's lines run from its `def` to the next top-level line, and your code counted only the `def` lines of `{file}`: measure each function, `for f in ast.parse(text).body:` and, where `isinstance(f, ast.FunctionDef)`, `f.end_lineno - f.lineno + 1`.")
            })
        })
        .or_else(|| {
            share_undivided(&request, code).map(|of| {
                format!("my request asks for a share of {of}, a quotient (each one's amount divided by {of}), and your code divides nothing: compute that quotient for each row, then compare those.")
            })
        })

        .or_else(|| {
            subtitle_timings_counted(&request, code).map(|file| {
                format!("each block of `{file}` has a number line and a time line (`00:00:01,000 --> 00:00:03,500`) before its text, and your code counted their words too: count only the text lines, skipping blank lines, lines of digits alone, and lines holding `-->`.")
            })
        })
        .or_else(|| {
            empty_cells_as_rows(&request, code).map(|test| {
                format!("my request counts empty cells, and your code tested whole rows (`{test}`): a row is a list of its cells and is never empty while it has any. An empty cell is `''` in its row: count them over all rows, `sum(cell.strip() == '' for row in rows for cell in row)`, with the header row left out.")
            })
        })
        .or_else(|| {
            average_left_unset(&request, code).map(|(name, set)| {
                format!("my request compares each one with the average, and your code's `{name}` stays {set}, never computed: first compute the average of them all (their sum divided by how many there are), then compare each one with it.")
            })
        })
        .or_else(|| {
            repeats_uncounted(&request, code).then(|| {
                "my request counts those that appear more than once, and your code counted each different one once (a `set`), however often it appears: count how often each appears, `collections.Counter(values)`, and count those whose count is more than 1.".to_string()
            })
        })
        .or_else(|| {
            once_kept_for_repeats(&request, code).map(|test| {
                format!("my request counts those that appear more than once, and your code kept those counted once (`{test}`): keep those whose count is more than 1, `count > 1`.")
            })
        })
        .or_else(|| {
            most_common_uncounted(&request, code, value).then(|| {
                let extension = if request.to_lowercase().contains("extension") {
                    " Take each path's extension first, `os.path.splitext(path)[1]`."
                } else {
                    ""
                };
                format!("my request asks for the most common one, and your code printed them all, counting none.{extension} Count how often each one appears, `collections.Counter(items)`, and print the one counted most, `.most_common(1)[0][0]`.")
            })
        })
        .or_else(|| {
            time_unit_unconverted(&request, code).map(|(given, asked, factor)| {
                format!("my request asks for {asked}, and what it gives is in {given}: your code never turned one into the other. One {} is {factor} {given}: divide the total in {given} by {factor}.", asked.trim_end_matches('s'))
            })
        })
        .or_else(|| {
            check_digit_wrong(&request, value).map(|(n, digit, how)| {
                if digit {
                    format!("with {n} as its check digit the number fails that very check, so your code's formula is wrong. {how}")
                } else {
                    format!("a check digit is one digit, 0 to 9, and your code printed {n}: its formula is wrong. {how}")
                }
            })
        })
        .or_else(|| {
            not_prime_printed(&request, value).map(|(n, factor)| {
                format!("my request asks for a prime number, and {n} is not prime: it is {factor} × {}. Your code's test of a prime is wrong; test each candidate by trying every divisor from 2 up to its square root, `all(n % d for d in range(2, int(n ** 0.5) + 1))`.", n / factor)
            })
        })
        .or_else(|| random_for_count(&request, code).then(|| RANDOM_FOR_COUNT.to_string()))
        .or_else(|| {
            percent_taken_forward(&request, code).map(|(rate, change)| {
                let factor = if change == "up" { format!("(1 + {rate} / 100)") } else { format!("(1 - {rate} / 100)") };
                format!("my request gives the price after the {rate}% change and asks for the one before it, and your code applied the {rate}% to the price it gives: the price before is the one that, changed by {rate}%, gives it, so divide: `price_after / {factor}`.")
            })
        })
        .or_else(|| {
            unreleased_for_release(&request, value).then(|| {
                "`Unreleased` heads the changes not released yet, and my request asks for a released version: take the headings that are version numbers alone (`## [1.2.3]`), and the latest of them by their numbers, `max(versions, key=lambda v: tuple(map(int, v.split('.'))))`.".to_string()
            })
        })
        .or_else(|| {
            random_for_probability(&request, code).then(|| RANDOM_FOR_PROBABILITY.to_string())
        })
        .or_else(|| {
            common_factor_untaken(&request, code).map(|n| {
                format!("the numbers with no common factor with {n} but 1 are those whose greatest common divisor with it is 1, and your code never took one: test `math.gcd(n, {n}) == 1` for each.")
            })
        })
        .or_else(|| {
            net_above_gross(&request, value).map(|(printed, price)| {
                format!("a price before tax is less than the price with the tax in it, {price}, and your code printed {printed}: take the tax out by dividing, `price / (1 + rate / 100)`, and nothing else.")
            })
        })

        .or_else(|| {
            first_odd_cut_short(&request, code).map(|(written, n, kind, fix)| {
                format!("`{written}` takes the {kind} numbers below its end, fewer than {n} of them, and my request asks for the first {n}: `{fix}` takes {n}.")
            })
        })
        .or_else(|| {
            terms_cut_short(&request, code).map(|(written, len, n, fix)| {
                format!("`{written}` holds {len} numbers, and my request asks for the first {n} terms: `{fix}` holds {n}.")
            })
        })
        .or_else(|| {
            odd_numbers_unmade(&request, code).map(|(n, kind, form)| {
                format!("my request is about the first {n} {kind} numbers, and your code never made them (no step of 2, no `{form}`): the k-th {kind} number is `{form}`, for k = 1 to {n}.")
            })
        })
        .or_else(|| {
            alternating_by_value(&request, code).then(|| {
                "an alternating sum gives each digit its sign by its place (the first +, the second −, the third +, …), not by whether the digit is odd or even: `sum(int(d) * (1 if i % 2 == 0 else -1) for i, d in enumerate(digits))` over the digits as a string.".to_string()
            })
        })
        .or_else(|| {
            not_catalan_printed(&request, value).map(|n| {
                format!("{n} is no Catalan number: they run 1, 1, 2, 5, 14, 42, 132, …, each `math.comb(2 * n, n) // (n + 1)` for n = 0, 1, 2, …, not the sum of the two before (that makes Fibonacci numbers).")
            })
        })
        .or_else(|| {
            digit_unprinted(&request, value).then(|| {
                "my request asks which digit, and your code printed none (no number but my request's own): find it, trying each digit in turn (`for d in range(10):`), and print the one that does what my request asks.".to_string()
            })
        })
        .or_else(|| {
            geometric_ratio_unused(&request, code).map(|(first, second, ratio)| {
                format!("each term of a geometric sequence is the one before times its ratio, {second} / {first} = {ratio}, and your code never used that ratio: the nth term is `{first} * {ratio} ** (n - 1)`.")
            })
        })
        .or_else(|| {
            length_unprinted(&request, value).then(|| {
                "my request asks how long it is, a length, and your code printed no number: print how many characters it has, `len(...)` of it.".to_string()
            })
        })
        .or_else(|| {
            hourly_rate_by_minutes(&request, code).then(|| {
                "my request gives a rate per hour, and your code multiplied it by minutes: turn the time into hours first (`minutes / 60`, so 15 minutes is 0.25 hours), then multiply by the rate.".to_string()
            })
        })
        .or_else(|| {
            digits_for_count(&request, value).then(|| {
                "my request asks how many digits, and your code printed the number itself, not how many digits it has: print `len(str(...))` of it.".to_string()
            })
        })
        .or_else(|| {
            digits_as_fraction(&request, value).map(|v| {
                format!("a count of digits is a whole number, and your code printed {v}: count the characters of the number's text, `len(str(n))` (or `int(math.log10(n)) + 1`).")
            })
        })
        .or_else(|| {
            float_power(&request, code).map(|(call, exact)| {
                format!("`{call}` gives a float, which keeps about 16 digits and writes a large number with an exponent (`1.2676506002282294e+30`), so the text of it is not the number's digits: use the exact whole number, `{exact}`.")
            })
        })
        .or_else(|| {
            year_days_missed(&request, value).map(|year| {
                format!("a year has 365 or 366 days, and your code printed neither: count the days from January 1 of {year} to January 1 of the next year, `(datetime.date({}, 1, 1) - datetime.date({year}, 1, 1)).days`.", year + 1)
            })
        })
        .or_else(|| {
            literal_printed(&request, code, value).map(|n| match counter_unmoved(code, n) {
                Some((name, added)) => format!("{n} is where your code's count starts (`{name} = {n}`), and nothing was ever added to it: `{added}` never ran. Check what leads to it against what the data really holds."),
                None => format!("{n} is a number your code wrote itself: it did not compute it."),
            })
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
            // A number printed from code that never held the request's one number: it
            // worked on a number of its own.
            let used = code_runs(history, turn).any(|(earlier, _, failed)| {
                !failed && lone_number_unused(&request, earlier).is_none()
            });
            (!used && !numbers_in(value).is_empty())
                .then(|| lone_number_unused(&request, code))
                .flatten()
                .map(|n| format!("my request is about {n}, and your code did not use it: it worked on a number of its own."))
        })
        .or_else(|| {
            unknown_csv_key(code, cwd).map(|(file, key, columns)| {
                unknown_key_says(&file, &key, &columns)
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
            // With the turn's earlier code that worked: the engine's `print(total_value)` of
            // the 0.5B model's total was told it never used the `item` column its earlier
            // block had read (thirtieth set, task 17).
            unused_column(&request, &with_earlier_code(history, turn, code), cwd).map(|(file, column)| {
                format!("my request is about the `{column}` column of `{file}`, and your code did not use it.")
            })
        })
        .or_else(|| {
            number_for_who(&request, value).map(|number| {
                let how = value_max(code)
                    .map(|(call, _, key)| format!(" `{call}` gives the largest or smallest value itself; `{key}` gives the key it belongs to, the name."))
                    .or_else(|| names_kept_how(code, cwd))
                    .unwrap_or_default();
                format!(
                    "my request asks who, and {number} is a number, not who it is: print the name that goes with it.{how}"
                )
            })
        })
        // Last: a column converted wrong or never used says more first.
        .or_else(|| {
            value_unfiltered(&request, code, cwd).map(|(word, column, file, spellings)| {
                if spellings.len() > 1 {
                    let lower = word.to_lowercase();
                    let written = spellings.iter().map(|w| format!("`{w}`")).collect::<Vec<_>>().join(", ");
                    format!("my request is about `{lower}`, a value the `{column}` column of `{file}` holds in only some rows and writes several ways ({written}), and your code never looked for it: take only the rows whose `{column}`, stripped and in lower case, is `{lower}`, `row['{column}'].strip().lower() == '{lower}'`.")
                } else {
                    format!("my request is about `{word}`, a value the `{column}` column of `{file}` holds in only some rows, and your code never looked for it: take only the rows whose `{column}` is `{word}`.")
                }
            })
        })
        // Last of all: a number of the request never used, where nothing more precise is told.
        .or_else(|| {
            request_number_unused(&request, &with_earlier_code(history, turn, code)).map(|number| {
                format!("my request gives {number}, and your code never used it: it computed something other than what I asked. Write the whole computation, with every number my request gives.")
            })
        })?;
    // Once the files the request deletes or moves are gone, what is asked is the rest: the
    // 0.5B model, told its count of the deleted .tmp files was no answer "to my request
    // (Delete every .tmp file…, then…)", sent its deletion back until the corrections ran out
    // (twelfth set, task 33).
    let asked = folder_change_rest(&request, code, cwd).map_or(request.as_str(), |(_, rest)| rest);
    Some(RunHint {
        text: format!(
            "{NOT_COMPUTED} {why} Write code that computes the answer to my request ({asked}) and prints it."
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
    let clock = ["today()", "now()", "time.time()", "localtime("]
        .into_iter()
        .find(|clock| code.contains(clock))?;
    // A year the code only compares the clock's with (`today.year == 2028`) is not written
    // into it: the 1.5B model printed "February 2028 does not exist." from that test
    // (twenty-second set, task 19).
    // Nor is a year in a printed sentence ("February 2028 does not exist."), or in a comment.
    let unprinted: String = uncommented(code)
        .lines()
        .map(|l| {
            if l.trim_start().starts_with("print(") {
                without_strings(l) + "\n"
            } else {
                format!("{l}\n")
            }
        })
        .collect();
    let written = |year: &str| {
        let compared = regex::Regex::new(&format!(r"(?:[=!]=\s*{year}\b|\b{year}\s*[=!]=)"))
            .map(|r| r.find_iter(&unprinted).count())
            .unwrap_or(0);
        unprinted.matches(year).count() > compared
    };
    let year = YEAR
        .as_ref()?
        .find_iter(request)
        .map(|m| m.as_str())
        .find(|year| !written(year))?;
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
    // A word counted across the text may be in every line and still be the one asked for
    // (the 1.5B model's `cat`, rightly the most frequent word of story.txt, was undone).
    if lower.starts_with("which word") || lower.starts_with("which letter") {
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

/// Files of code or markup, whose lines a request counts things of ("How many functions does
/// tools.py define?").
fn marked_up(name: &str) -> bool {
    [".py", ".html", ".htm", ".xml", ".js", ".css", ".sh"]
        .iter()
        .any(|ext| name.ends_with(ext))
}

/// How the things a request counts are written in a file of their kind (the functions of a
/// .py file are its `def` lines, the links of a page its `<a` tags).
fn counted_as(file: &str, noun: &str) -> Option<&'static str> {
    let ext = file.rsplit_once('.')?.1.to_lowercase();
    let thing = noun.rsplit(' ').next()?.to_lowercase();
    Some(match (ext.as_str(), thing.as_str()) {
        ("py", "functions" | "function") => {
            "the lines that start with `def ` (after their indentation, `line.strip().startswith('def ')`)"
        }
        ("py", "classes" | "class") => "the lines that start with `class `",
        ("py", "imports" | "import") => "the lines that start with `import ` or `from `",
        ("js", "functions" | "function") => {
            "the `function ` declarations, `text.count('function ')`"
        }
        ("html" | "htm", "links" | "link" | "anchors") => "its `<a ` tags, `text.count('<a ')`",
        ("html" | "htm", "images" | "image" | "pictures") => {
            "its `<img` tags, `text.count('<img')`"
        }
        ("html" | "htm", "paragraphs") => "its `<p>` tags, `text.count('<p')`",
        ("html" | "htm", "headings" | "headers" | "titles") => {
            "its `<h1>` to `<h6>` tags, `len(re.findall(r'<h[1-6]', text))`"
        }
        ("md", "headings" | "headers" | "sections" | "titles") => "the lines that start with `#`",
        ("ini" | "cfg" | "toml", "sections") => "the lines that start with `[`",
        _ => return None,
    })
}

/// When the request counts things of a file that are not its lines ("How many headings does
/// guide.md have?") and the code, with no condition, printed the number of its lines (or one
/// more, from a split at each newline): the things asked, the file, its lines, and whether the
/// request asks for the different ones. The 0.5B model printed `len(content.split('\n'))`, 8,
/// for the 4 headings of a 7-line file.
fn all_lines_counted<'r>(
    request: &'r str,
    code: &str,
    value: &str,
    cwd: &Path,
) -> Option<(&'r str, String, usize, bool)> {
    static ASKED: std::sync::LazyLock<Option<regex::Regex>> = std::sync::LazyLock::new(|| {
        regex::Regex::new(
            r"(?i)\bhow many ((?:(empty|blank|non-?empty|distinct|different|unique) )?(\w+))",
        )
        .ok()
    });
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
    let asked = ASKED.as_ref()?.captures(request)?;
    let noun = asked.get(1)?.as_str();
    let kind = asked.get(2).map(|k| k.as_str().to_lowercase());
    let thing = asked.get(3)?.as_str().to_lowercase();
    // Lines are lines, unless the request asks for some of them (the empty ones) or for the
    // different ones (the 0.5B model printed `len(file.readlines())` for the 4 different
    // names of a 7-line names.txt, and `content.count('\n')` for its empty lines).
    if kind.is_none() && LINES.contains(&thing.as_str()) {
        return None;
    }
    let distinct = matches!(kind.as_deref(), Some("distinct" | "different" | "unique"));
    // What looks at a line's content (not `if not os.path.exists(path)`), or counts each
    // once; a count of newlines is a count of all lines.
    let bare = uncommented(code)
        .replace(".count('\\n')", "")
        .replace(".count(\"\\n\")", "");
    let chosen: &[&str] = if distinct {
        &[]
    } else {
        &[
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
            "if not l",
            "'#'",
            "\"#\"",
        ]
    };
    if (distinct && keeps_one_of_each(&bare)) || chosen.iter().any(|w| bare.contains(w)) {
        return None;
    }
    // Values compared or added up: no count of lines (the 1.5B model's right 7 guests, from
    // `row['answer'] == 'yes'` and `sum(int(row['guests']) …)`, was told it counted the 7
    // lines of rsvp.csv; twenty-eighth set, task 31).
    let weighed = bare.lines().filter(|l| !l.contains("__name__")).any(|l| {
        ["==", "!=", "sum(int(", "sum(float("]
            .iter()
            .any(|w| l.contains(w))
    });
    if !distinct && weighed {
        return None;
    }
    let numbers = numbers_in(value);
    let [n] = numbers.as_slice() else {
        return None;
    };
    let n: usize = n.parse().ok()?;
    named_files(request)
        .into_iter()
        .filter(|name| (plain_text(name) || marked_up(name)) && code.contains(name))
        .find_map(|name| {
            let lines = std::fs::read_to_string(cwd.join(name))
                .ok()?
                .lines()
                .count();
            (lines > 1 && (n == lines || n == lines + 1))
                .then(|| (noun, name.to_string(), lines, distinct))
        })
}

/// When the request asks how many of a thing that is a key of a YAML file the code read, a key
/// whose value is a block of keys (`jobs:` of a GitHub workflow), and the code, which never
/// loaded the YAML, printed 1: the file and the key. The 1.5B model counted the lines that are
/// `jobs:` and answered 1 (thirty-fifth set, task 22).
fn block_key_counted(
    request: &str,
    code: &str,
    value: &str,
    cwd: &Path,
) -> Option<(String, String)> {
    static ASKED: std::sync::LazyLock<Option<regex::Regex>> =
        std::sync::LazyLock::new(|| regex::Regex::new(r"(?i)\bhow many (\w+)").ok());
    let key = ASKED
        .as_ref()?
        .captures(request)?
        .get(1)?
        .as_str()
        .to_lowercase();
    if numbers_in(value).as_slice() != ["1"] {
        return None;
    }
    let bare = uncommented(code);
    if bare.contains("yaml.") {
        return None;
    }
    let (file, text) = named_files(&bare)
        .into_iter()
        .filter(|n| n.ends_with(".yml") || n.ends_with(".yaml"))
        .find_map(|n| Some((n.to_string(), small_file_text(&cwd.join(n))?)))?;
    let indent = |l: &str| l.len() - l.trim_start().len();
    let lines: Vec<&str> = text
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.trim_start().starts_with('#'))
        .collect();
    let at = lines
        .iter()
        .position(|l| l.trim().eq_ignore_ascii_case(&format!("{key}:")))?;
    let outer = indent(lines[at]);
    let inner = indent(lines.get(at + 1)?);
    if inner <= outer {
        return None;
    }
    let children = lines[at + 1..]
        .iter()
        .take_while(|l| indent(l) > outer)
        .filter(|l| {
            indent(l) == inner && l.trim_end().ends_with(':') && !l.trim_start().starts_with('-')
        })
        .count();
    (children >= 2).then_some((file, key))
}

/// When the request counts things of a file by a word ("How many contacts in contacts.txt have
/// a gmail address?") that at least two of the file's lines hold and at least one does not,
/// and the code, which never writes the word, printed the number of all its lines: the word,
/// the file, how many lines hold it and how many there are. The 0.5B model matched any mail
/// address and printed 5 for the 3 gmail contacts of a 5-line file.
fn word_unsearched(
    request: &str,
    code: &str,
    value: &str,
    cwd: &Path,
) -> Option<(String, String, usize, usize)> {
    const COMMON: [&str; 24] = [
        "many", "does", "have", "with", "that", "this", "there", "their", "which", "what", "lines",
        "line", "rows", "files", "file", "words", "from", "into", "than", "more", "less", "each",
        "were", "they",
    ];
    let lower = request.to_lowercase();
    if !lower.contains("how many") {
        return None;
    }
    let numbers = numbers_in(value);
    let [n] = numbers.as_slice() else {
        return None;
    };
    let n: usize = n.parse().ok()?;
    let code = code.to_lowercase();
    // Looked for: written in one of the code's strings, not only in a name or a comment
    // (`gmail_count`).
    let strings: Vec<String> = string_literals(&code)
        .into_iter()
        .map(str::to_string)
        .collect();
    let names = named_files(request);
    let stems: Vec<String> = names
        .iter()
        .flat_map(|name| words_in(name).map(str::to_lowercase).collect::<Vec<_>>())
        .collect();
    names
        .into_iter()
        .chain(bare_files_in(request, cwd))
        .filter(|name| plain_text(name) && code.contains(&name.to_lowercase()))
        .find_map(|name| {
            let text = small_file_text(&cwd.join(name))?.to_lowercase();
            let all: Vec<&str> = text.lines().filter(|l| !l.trim().is_empty()).collect();
            // All its lines, or all but its comments (the 1.5B model counted the 6 lines of
            // authorized_keys that are no comment for its 3 ed25519 keys; thirty-fifth set,
            // task 16).
            let uncommented: Vec<&str> = all
                .iter()
                .copied()
                .filter(|l| !l.trim_start().starts_with('#'))
                .collect();
            let lines = if n == all.len() { all } else { uncommented };
            if lines.len() < 3 || n != lines.len() {
                return None;
            }
            words_in(&lower)
                .filter(|w| {
                    w.len() >= 4
                        && w.chars().all(char::is_alphanumeric)
                        && w.chars().any(char::is_alphabetic)
                })
                .filter(|w| !COMMON.contains(w) && !stems.iter().any(|s| s == w))
                .filter(|w| !looked_for(&strings, w))
                .find_map(|w| {
                    let holding = lines.iter().filter(|l| l.contains(w)).count();
                    (holding >= 2 && holding < lines.len())
                        .then(|| (w.to_string(), name.to_string(), holding, lines.len()))
                })
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
/// them (`days * 24` for minutes): that conversion. Code that leaves it to `timedelta` is trusted. The 0.5B model printed 60.0
/// minutes for 2.5 days.
fn time_factor_missed(request: &str, code: &str) -> Option<TimeConversion> {
    if ["timedelta", "total_seconds", "datetime", "relativedelta"]
        .iter()
        .any(|w| code.contains(w))
    {
        return None;
    }
    let conversion = time_conversion(request)?;
    let factor = conversion.factor;
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
    (!made).then_some(conversion)
}

/// When the request asks which folder holds the most (fewest) files and the code printed the
/// folders here without counting anything in them: "most" or "fewest". The 0.5B model printed
/// `['src', 'img', 'docs']` and, told its answer did not use it, named the first (twenty-first
/// set, task 33).
fn folders_uncounted(request: &str, code: &str, value: &str, cwd: &Path) -> Option<&'static str> {
    let lower = request.to_lowercase();
    let about_folders = ["folder", "directory", "directories"]
        .iter()
        .any(|w| lower.contains(w));
    let most = if lower.contains("most files") {
        "most"
    } else if lower.contains("fewest files") || lower.contains("least files") {
        "fewest"
    } else {
        return None;
    };
    if !about_folders || code.contains("len(") || code.contains("count") {
        return None;
    }
    let names: Vec<&str> = value
        .split([',', '\n', '[', ']'])
        .map(|n| n.trim().trim_matches(['\'', '"']).trim_end_matches('/'))
        .filter(|n| !n.is_empty())
        .collect();
    (names.len() >= 2 && names.iter().all(|n| cwd.join(n).is_dir())).then_some(most)
}

/// When the request counts blank lines, the code compared lines that keep their `\n` with `''`
/// (`readlines().count('')`) and printed 0, and a file of the request has blank lines: that
/// file. The 1.5B model's, for draft.txt's three (twenty-first set, task 32).
fn blank_lines_missed<'r>(
    request: &'r str,
    code: &str,
    value: &str,
    cwd: &Path,
) -> Option<&'r str> {
    let lower = request.to_lowercase();
    let asks = lower.contains("blank line") || lower.contains("empty line");
    let empty_compared = [".count('')", ".count(\"\")", "== ''", "== \"\""]
        .iter()
        .any(|c| code.contains(c));
    let newline_gone = ["strip", "splitlines", "split('\\n')", "split(\"\\n\")"]
        .iter()
        .any(|c| code.contains(c));
    if !asks || !empty_compared || newline_gone || value.trim() != "0" {
        return None;
    }
    named_files(request).into_iter().find(|file| {
        std::fs::read_to_string(cwd.join(file))
            .is_ok_and(|text| text.lines().any(|l| l.trim().is_empty()))
    })
}

/// When the request asks for the first or last word (of a file, a line) and the code printed a
/// line of several words: which word, and its index. The 1.5B model printed notes.txt's last
/// line, `finish the report`, and answered "finish" for its last word (twenty-first set, task
/// 31). Not a sentence that ends in one word after its `:` (`The first word of the longest
/// line in poem.txt is: whispering`, the 0.5B model's right answer, twenty-second set, task
/// 24), nor, when the request names text files, a text that is none of their lines.
fn line_for_word(request: &str, value: &str, cwd: &Path) -> Option<(&'static str, &'static str)> {
    let lower = request.to_lowercase();
    let (which, index) = if lower.contains("last word") {
        ("last", "-1")
    } else if lower.contains("first word") {
        ("first", "0")
    } else {
        return None;
    };
    let value = value.trim();
    let after_colon = value.rsplit(':').next().unwrap_or(value);
    if after_colon.split_whitespace().count() < 2 {
        return None;
    }
    let texts: Vec<String> = named_files(request)
        .into_iter()
        .filter(|name| plain_text(name))
        .filter_map(|name| std::fs::read_to_string(cwd.join(name)).ok())
        .collect();
    if !texts.is_empty() && !texts.iter().any(|t| t.lines().any(|l| l.trim() == value)) {
        return None;
    }
    let words = value.split_whitespace().count();
    (!value.contains('\n') && (2..=20).contains(&words)).then_some((which, index))
}

/// When the request asks about all the items of a JSON file's list (how many, how many
/// distinct, a total) and the code took only the first item of that list (`data['posts'][0]`):
/// the file, the key and how many items its list holds. The 0.5B model counted the tags of
/// the first post for "How many distinct tags are in posts.json?" (twenty-first set, task 23).
fn first_item_only(request: &str, code: &str, cwd: &Path) -> Option<(String, String, usize)> {
    static FIRST: std::sync::LazyLock<Option<regex::Regex>> = std::sync::LazyLock::new(|| {
        regex::Regex::new(r#"\[\s*['"]([^'"\]]+)['"]\s*\]\s*\[\s*0\s*\]"#).ok()
    });
    let lower = request.to_lowercase();
    let about_all = [
        "how many",
        "distinct",
        "different",
        "total",
        "sum ",
        "average",
        "mean ",
        "every",
    ]
    .iter()
    .any(|w| lower.contains(w));
    if !about_all {
        return None;
    }
    let key = FIRST.as_ref()?.captures(code)?.get(1)?.as_str();
    named_files(request)
        .into_iter()
        .filter(|f| f.ends_with(".json"))
        .find_map(|file| {
            let text = std::fs::read_to_string(cwd.join(file)).ok()?;
            let value: serde_json::Value = serde_json::from_str(&text).ok()?;
            let items = value.get(key)?.as_array()?.len();
            (items >= 2).then(|| (file.to_string(), key.to_string(), items))
        })
}

/// When the request asks how many hours (minutes, seconds, days) lie between two times and the
/// code printed a `timedelta` as Python shows it (`2 days, 12:30:00`): the unit, and the line
/// that prints the difference in it. The 0.5B model answered with the timedelta for "How many
/// hours are between 2027-03-01 08:00 and 2027-03-03 20:30?" (twenty-first set, task 10).
fn timedelta_for_units(request: &str, code: &str, value: &str) -> Option<(&'static str, String)> {
    static SHOWN: std::sync::LazyLock<Option<regex::Regex>> = std::sync::LazyLock::new(|| {
        regex::Regex::new(r"^(?:-?\d+ days?, )?\d{1,2}:\d{2}:\d{2}(?:\.\d+)?$").ok()
    });
    if !SHOWN.as_ref()?.is_match(value.trim()) {
        return None;
    }
    let lower = request.to_lowercase();
    let (unit, per) = [
        ("second", ""),
        ("minute", " / 60"),
        ("hour", " / 3600"),
        ("day", " / 86400"),
    ]
    .into_iter()
    .find(|(unit, _)| lower.contains(&format!("how many {unit}s")))?;
    // What the code printed: a name as it is, an expression in brackets (`(end - start)`).
    let printed = code
        .lines()
        .rev()
        .find_map(|l| printed_on(l).filter(|inner| !inner.contains(['"', '\''])))?;
    let printed = if printed.chars().all(|c| c.is_alphanumeric() || c == '_') {
        printed.to_string()
    } else {
        format!("({printed})")
    };
    // Whole days are its `.days` (the 0.5B model printed `77 days, 0:00:00` for the days left
    // in 2027; twenty-third set, task 20).
    if unit == "day" {
        return Some((unit, format!("print({printed}.days)")));
    }
    Some((unit, format!("print({printed}.total_seconds(){per})")))
}

/// When the request asks what percentage something is and the one number printed is a fraction
/// of one, from code that never multiplies by 100: that fraction and the percentage it is. The
/// 0.5B model printed `0.75% of the tasks are done.` for three tasks of four (twenty-first set,
/// task 30).
fn fraction_for_percentage(request: &str, code: &str, value: &str) -> Option<(String, String)> {
    let lower = request.to_lowercase();
    let words: Vec<&str> = words_in(&lower).collect();
    let asks = words.contains(&"percentage")
        || words
            .windows(2)
            .any(|w| w[0] == "what" && w[1] == "percent");
    let numbers = numbers_in(value);
    let [n] = numbers.as_slice() else {
        return None;
    };
    let fraction: f64 = n.parse().ok()?;
    let a_fraction = fraction > 0.0 && fraction < 1.0;
    if !(asks && a_fraction) || code.contains("100") || code.contains("%}") {
        return None;
    }
    let percent = (fraction * 100.0 * 1e6).round() / 1e6;
    Some((n.to_string(), format!("{percent}")))
}

/// A request that asks how many of a smaller time unit are in a quantity of a larger one
/// ("How many minutes are in 5 days?").
#[derive(Debug, PartialEq)]
struct TimeConversion {
    /// The unit asked for, singular (`minute`).
    asked: String,
    /// The unit given, singular (`day`).
    given: String,
    /// How many of the one make the other (1440).
    factor: f64,
    /// The factor as the product of its steps, largest first (`24 × 60`).
    how: String,
    /// The quantity given, as the request writes it (`5`).
    quantity: String,
}

/// The conversion a request asks for, when it asks one.
fn time_conversion(request: &str) -> Option<TimeConversion> {
    static ASKED: std::sync::LazyLock<Option<regex::Regex>> = std::sync::LazyLock::new(|| {
        // Or "in seconds" (the 0.5B model's `hours * 60` for "What is 2.5 hours in seconds?";
        // twenty-first set, task 9).
        regex::Regex::new(
            r"(?i)\bhow many (second|minute|hour|day|week)s\b|\bin (second|minute|hour|day|week)s\b",
        )
        .ok()
    });
    static GIVEN: std::sync::LazyLock<Option<regex::Regex>> = std::sync::LazyLock::new(|| {
        regex::Regex::new(r"(?i)\b(\d+(?:\.\d+)?)\s+(second|minute|hour|day|week)s?\b").ok()
    });
    let rank = |unit: &str| {
        TIME_UNITS
            .iter()
            .position(|(u, _)| u.eq_ignore_ascii_case(unit))
    };
    let asked = ASKED.as_ref()?.captures(request)?;
    let asked = asked.get(1).or(asked.get(2))?.as_str().to_lowercase();
    let (quantity, given) = GIVEN
        .as_ref()?
        .captures_iter(request)
        .filter_map(|c| {
            Some((
                c.get(1)?.as_str().to_string(),
                c.get(2)?.as_str().to_lowercase(),
            ))
        })
        .filter(|(_, u)| rank(u) > rank(&asked))
        .max_by_key(|(_, u)| rank(u))?;
    let (low, high) = (rank(&asked)?, rank(&given)?);
    let steps: Vec<f64> = TIME_UNITS[low + 1..=high].iter().map(|(_, f)| *f).collect();
    let factor: f64 = steps.iter().product();
    let how = steps
        .iter()
        .rev()
        .map(|f| format!("{f}"))
        .collect::<Vec<_>>()
        .join(" × ");
    Some(TimeConversion {
        asked,
        given,
        factor,
        how,
        quantity,
    })
}

/// When the code printed only the factor of a time conversion the request asks for a
/// quantity of more than one of ("How many minutes are in 5 days?" printed 1440, the 0.5B
/// model's `print(minutes_per_day)`): the conversion.
fn factor_alone(request: &str, value: &str) -> Option<TimeConversion> {
    let conversion = time_conversion(request)?;
    let printed: f64 = value.trim().parse().ok()?;
    let quantity: f64 = conversion.quantity.parse().ok()?;
    ((printed - conversion.factor).abs() < 1e-9 && (quantity - 1.0).abs() > 1e-9)
        .then_some(conversion)
}

/// A percentage of a number as a request says it (`18 percent of 1250`, `7% of 3250`).
static PERCENT_OF: std::sync::LazyLock<Option<regex::Regex>> = std::sync::LazyLock::new(|| {
    regex::Regex::new(r"(?i)\b(\d+(?:\.\d+)?)\s*(?:%|percent)\s+of\s+(\d+(?:\.\d+)?)\b").ok()
});

/// When the request takes a percentage of a number and the code never divides by 100 nor
/// writes the rate as a fraction (`0.4`): the rate and the number. The 0.5B model computed
/// "40 percent of 250, minus 15" as `40 * 250 - 15` (seventeenth set, task 3).
fn percent_unscaled<'r>(request: &'r str, code: &str) -> Option<(&'r str, &'r str)> {
    let found = PERCENT_OF.as_ref()?.captures(request)?;
    let (rate, base) = (found.get(1)?.as_str(), found.get(2)?.as_str());
    let fraction = (rate.parse::<f64>().ok()? / 100.0).to_string();
    let bare = uncommented(code);
    let written = numbers_in(&bare);
    let scaled = written
        .iter()
        .any(|w| same_number(w, "100") || same_number(w, &fraction))
        || bare.contains('%');
    (!scaled).then_some((rate, base))
}

/// When the request asks for a percentage of a number ("18 percent of 1250", "7% of 3250")
/// and nothing else, and the run printed one number that is not it, at any rounding: the two
/// numbers as the request writes them and the value. The 0.5B model computed 18 percent of
/// 1250 as `18 / 1250 * 100` and answered 1.44.
fn percent_missed<'r>(request: &'r str, value: &str) -> Option<(&'r str, &'r str, f64)> {
    let found = PERCENT_OF.as_ref()?.captures(request)?;
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
    let want = rate.parse::<f64>().ok()? * base.parse::<f64>().ok()? / 100.0;
    // The value at the printed digits' rounding.
    (!same_number(printed, &want.to_string())).then_some((rate, base, want))
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

/// The values of a one-line Python list or set printed whole (`[2000, 2004, 2008]`), after a
/// label or not (`Numbers divisible by 7: [7, 14, …]`), when it holds at least two: how many
/// there are. None for a dict or anything else.
fn printed_collection(value: &str) -> Option<usize> {
    let value = value.trim();
    let value = match value.split_once(": [") {
        Some((label, _)) if !label.contains(['[', '{', '\'', '"']) => &value[label.len() + 2..],
        _ => value,
    };
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

/// When the request asks something worked out from a plain text file it names (the longest
/// line, how many, which…) and the run printed that file's whole text, of two lines or more:
/// the file.
fn file_printed_whole<'r>(request: &'r str, value: &str, cwd: &Path) -> Option<&'r str> {
    let lower = request.to_lowercase();
    let worked_out = [
        "longest",
        "shortest",
        "most",
        "least",
        "how many",
        "which",
        "first word",
        "last word",
        "average",
        "sum",
        "total",
        "count",
        "largest",
        "smallest",
        "newest",
        "latest",
        "oldest",
        "earliest",
        "highest",
        "lowest",
        "biggest",
        "greatest",
    ]
    .iter()
    .any(|w| lower.contains(w));
    // A request for lines themselves may have them all ("Which lines mention milk?").
    let lines_asked = [
        "which lines",
        "what lines",
        "the lines that",
        "lines which",
        "lines containing",
        "lines with",
    ]
    .iter()
    .any(|w| lower.contains(w));
    if !worked_out || lines_asked {
        return None;
    }
    // A JSON file printed whole, on one line or many (the 1.5B model printed cities.json
    // through `computer.files.read` and answered with its first city for the one with the
    // fewest people; twenty-third set, task 22).
    if let Ok(printed) = serde_json::from_str::<serde_json::Value>(value)
        && (printed.is_array() || printed.is_object())
        && let Some(file) = named_files(request).into_iter().find(|name| {
            name.ends_with(".json")
                && std::fs::read_to_string(cwd.join(name))
                    .ok()
                    .and_then(|t| serde_json::from_str::<serde_json::Value>(&t).ok())
                    .is_some_and(|held| held == printed)
        })
    {
        return Some(file);
    }
    let printed: Vec<&str> = value
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty())
        .collect();
    if printed.len() < 2 {
        return None;
    }
    named_files(request)
        .into_iter()
        .filter(|name| plain_text(name))
        .find(|name| {
            std::fs::read_to_string(cwd.join(name)).is_ok_and(|text| {
                let lines: Vec<&str> = text
                    .lines()
                    .map(str::trim)
                    .filter(|l| !l.is_empty())
                    .collect();
                lines == printed
            })
        })
}

/// When the request writes a sum whose signs alternate (`1 - 2 + 3 - 4 + ... + 99`) and the
/// code takes nothing away anywhere: the 1.5B model printed `sum(range(1, 100))`, 4950
/// (twenty-second set, task 20).
fn alternation_missed(request: &str, code: &str) -> bool {
    static ALTERNATING: std::sync::LazyLock<Option<regex::Regex>> =
        std::sync::LazyLock::new(|| {
            regex::Regex::new(r"\d\s*-\s*\d+\s*\+\s*\d+\s*-\s*\d|\d\s*\+\s*\d+\s*-\s*\d+\s*\+\s*\d")
                .ok()
        });
    let bare = uncommented(code);
    ALTERNATING.as_ref().is_some_and(|r| r.is_match(request))
        && !bare.contains('-')
        && !bare.contains("% 2")
        && !bare.contains("%2")
}

/// When the request asks how many lines a file has that it has the code write from another
/// file, and the run printed the other file's count of lines: the file asked about and the
/// other. The 1.5B model wrote the lines of todo.txt that start with `-` into open.txt and
/// printed `len(lines)`, todo.txt's 5 (twenty-second set, task 26).
fn other_file_counted(request: &str, value: &str, cwd: &Path) -> Option<(String, String)> {
    static ASKED: std::sync::LazyLock<Option<regex::Regex>> = std::sync::LazyLock::new(|| {
        regex::Regex::new(
            r"(?i)\bhow many lines (?:does|do|are (?:there )?in|in) `?([\w./-]+\.\w+)",
        )
        .ok()
    });
    let numbers = numbers_in(value);
    let [n] = numbers.as_slice() else {
        return None;
    };
    let n: usize = n.parse().ok()?;
    let asked = ASKED
        .as_ref()?
        .captures(request)?
        .get(1)?
        .as_str()
        .trim_end_matches('.');
    let lines = |name: &str| {
        std::fs::read_to_string(cwd.join(name))
            .ok()
            .map(|t| t.lines().count())
    };
    if lines(asked)? == n {
        return None;
    }
    let other = named_files(request)
        .into_iter()
        .find(|name| *name != asked && lines(name) == Some(n))?;
    Some((asked.to_string(), other.to_string()))
}

/// When the code sorts, or takes the largest or smallest of, the lines or words of a plain text
/// file of numbers that the request names, and never makes them numbers (`int()`,
/// `float()`): the file. Text compares by its characters, so `'8'` comes after `'75'`: the
/// 1.5B model printed 8 for the second largest distinct number of values.txt (twenty-second
/// set, task 23).
fn numbers_compared_as_text<'r>(request: &'r str, code: &str, cwd: &Path) -> Option<&'r str> {
    let bare = uncommented(code);
    let compares = ["sorted(", ".sort(", "max(", "min("]
        .iter()
        .any(|w| bare.contains(w));
    static CONVERTS: std::sync::LazyLock<Option<regex::Regex>> = std::sync::LazyLock::new(|| {
        regex::Regex::new(r"(?:^|[^\w.])(?:int|float|Decimal|eval|literal_eval)\(|\bjson\.load|map\(\s*(?:int|float)\b|\bkey\s*=\s*(?:int|float)\b").ok()
    });
    let converts = CONVERTS.as_ref().is_none_or(|r| r.is_match(&bare));
    if !compares || converts {
        return None;
    }
    named_files(request).into_iter().find(|name| {
        plain_text(name)
            && bare.contains(*name)
            && std::fs::read_to_string(cwd.join(name)).is_ok_and(|text| {
                let numbers: Vec<&str> = text.split_whitespace().collect();
                numbers.len() >= 2
                    && numbers.iter().all(|n| n.parse::<f64>().is_ok())
                    // Numbers of one length compare alike as text.
                    && numbers.iter().any(|n| n.len() != numbers[0].len())
            })
    })
}

/// When the request counts characters leaving out the newline and the code takes the length
/// of a file's text as `.read()` gives it, newline and all: the 0.5B model printed
/// `len(file.read())`, 15, for the 14 characters of `keep it simple` (twenty-second set, task 28).
fn newline_counted(request: &str, code: &str) -> bool {
    let lower = request.to_lowercase();
    let left_out = [
        "not counting",
        "without",
        "excluding",
        "not including",
        "except",
        "leaving out",
    ]
    .iter()
    .any(|w| {
        lower.contains(&format!("{w} the newline")) || lower.contains(&format!("{w} newline"))
    });
    let bare = uncommented(code);
    left_out
        && bare.contains("len(")
        && bare.contains(".read()")
        && ![
            "strip(",
            "replace(",
            "splitlines",
            "split(",
            "readline",
            "'\\n'",
            "\"\\n\"",
            "- 1",
            "-1",
        ]
        .iter()
        .any(|w| bare.contains(w))
}

/// When the code reads a file the request names into a name (`inventory = json.load(file)`,
/// `text = f.read()`) and never uses that name after: the file and the name. What it printed
/// came from values of its own: the 0.5B model loaded inventory.json, then multiplied the
/// made-up counts of its `total_items(bolts=10, nuts=5, …)` (twenty-second set, task 31).
fn read_unused(request: &str, code: &str) -> Option<(String, String)> {
    static READ: std::sync::LazyLock<Option<regex::Regex>> = std::sync::LazyLock::new(|| {
        regex::Regex::new(
            r"(?m)^[ \t]*([A-Za-z_]\w*)\s*=\s*(?:json\.loads?\(|yaml\.safe_load\(|list\(csv\.|csv\.(?:Dict)?[Rr]eader\(|pd\.read_\w+\(|[\w.]+\.read\(\)|[\w.]+\.readlines\(\)|open\()[^\n]*$",
        )
        .ok()
    });
    let files = named_files(request);
    let file = files.first()?;
    if !uncommented(code).contains(file) {
        return None;
    }
    // Without its strings: `open('inventory.json')` does not use `inventory`.
    let bare = without_strings(&uncommented(code));
    READ.as_ref()?.captures_iter(&bare).find_map(|c| {
        let (whole, name) = (c.get(0)?, c.get(1)?.as_str());
        // Used anywhere but its own line (a function above may use it when called below).
        let named = regex::Regex::new(&format!(r"\b{}\b", regex::escape(name))).ok()?;
        let elsewhere = named
            .find_iter(&bare)
            .any(|m| m.start() < whole.start() || m.start() >= whole.end());
        (!elsewhere).then(|| (file.to_string(), name.to_string()))
    })
}

/// When the request counts or lists email domains and the code never takes what follows an
/// address's `@`: the 0.5B model put whole addresses in its set of domains and printed 5 for
/// the 3 domains of contacts.csv (twenty-second set, task 21).
fn addresses_for_domains(request: &str, code: &str, cwd: &Path) -> bool {
    let lower = request.to_lowercase();
    let bare = uncommented(code);
    // Addresses, said so or in the file: a list of sites is domains already.
    let addresses = ["email", "e-mail", "address"]
        .iter()
        .any(|w| lower.contains(w))
        || named_files(request)
            .iter()
            .any(|f| std::fs::read_to_string(cwd.join(f)).is_ok_and(|t| t.contains('@')));
    addresses
        && lower.contains("domain")
        && !lower.contains("url")
        && !lower.contains("link")
        && ![
            "split('@')",
            "split(\"@\")",
            "partition('@')",
            "partition(\"@\")",
            "index('@')",
            "index(\"@\")",
            "find('@')",
            "find(\"@\")",
            "group(1)",
            "'@')[",
            "\"@\")[",
            "@(",
        ]
        .iter()
        .any(|w| bare.contains(w))
}

/// What the hints of [`listed_for_count`] and [`listed_for_sum`] say of the printed list.
const VALUES_THEMSELVES: &str = "values themselves";

/// When the model asks to run again, unchanged, Python code that printed a list's values where
/// the request asks how many or their sum (the hint said so), or answers after it: that code
/// with the list its last line prints (`print(nums)`, `print("Numbers:", nums)`) counted or
/// added up, for the engine to run in the model's stead.
pub fn mended_listed<'h>(
    history: &'h History,
    next: Option<&'h ToolCall>,
) -> Option<(String, String)> {
    static PRINTED: std::sync::LazyLock<Option<regex::Regex>> = std::sync::LazyLock::new(|| {
        regex::Regex::new(
            r#"^(\s*print\((?:\s*(?:"[^"\n]*"|'[^'\n]*')\s*,)*\s*)([A-Za-z_]\w*)(\s*\)\s*)$"#,
        )
        .ok()
    });
    let (code, output, how) = python_failed_again(history, next)?;
    let (_, hint) = split_hint(output);
    let hint = hint?;
    let (agg, what) = if hint.contains(&format!("{VALUES_THEMSELVES}, not their sum")) {
        ("sum", "added up")
    } else if hint.contains(&format!("{VALUES_THEMSELVES}, not how many there are")) {
        ("len", "counted")
    } else {
        return None;
    };
    let lines: Vec<&str> = code.lines().collect();
    let at = lines
        .iter()
        .rposition(|l| l.trim_start().starts_with("print("))?;
    let c = PRINTED.as_ref()?.captures(lines[at])?;
    let name = c.get(2)?.as_str();
    let mut mended: Vec<String> = lines.iter().map(|l| l.to_string()).collect();
    mended[at] = format!("{}{agg}({name}){}", &c[1], &c[3]);
    Some((
        mended.join("\n"),
        format!(
            "the model's code printed the values of `{name}` themselves, and {how}: running it with them {what}, `{agg}({name})`"
        ),
    ))
}

/// When the request asks what numbers add up to (their sum, their total) and the run printed
/// the numbers themselves as one list: how many it holds. The 0.5B model printed the 142
/// multiples of 7 up to 1000 for "What do the numbers from 1 to 1000 that 7 divides add up
/// to?" and answered with the list (twenty-second set, task 11).
fn listed_for_sum(request: &str, value: &str) -> Option<usize> {
    let asked = [
        "add up",
        "adds up",
        "sum of",
        "the sum",
        "total of",
        "the total",
    ];
    listed_for(request, value, &asked)
}

/// How many values the run printed as one list where the request asks what becomes of them
/// together (one of `asked`, "add up", "multiply to"), not of each.
fn listed_for(request: &str, value: &str, asked: &[&str]) -> Option<usize> {
    let lower = request.to_lowercase();
    let asked = asked.iter().any(|w| lower.contains(w));
    if !asked
        || [" each", " per ", "every"]
            .iter()
            .any(|w| lower.contains(w))
    {
        return None;
    }
    printed_collection(value)
}

/// Whether the request asks a count of days between two dates it gives and the code never
/// takes `.days` of anything: the 1.5B model answered "How many days old is someone born on
/// 2000-01-01 on 2026-12-05?" with the difference of the years, 26.
fn days_untaken(request: &str, code: &str) -> bool {
    let Some(date) = ISO_DATE.as_ref() else {
        return false;
    };
    let lower = request.to_lowercase();
    let code = uncommented(code);
    lower.contains("how many days")
        && date.find_iter(request).count() == 2
        && !lower.contains("week")
        && !code.contains(".days")
        && !code.contains("toordinal")
        && !code.contains("busday")
}

/// When the request asks for hexadecimal and the run printed a bytes literal (`b'hi'`): the
/// text in it. The 1.5B model printed `'hi'.encode()` for "the text hi as hexadecimal bytes".
fn bytes_for_hex(request: &str, value: &str) -> Option<String> {
    if !request.to_lowercase().contains("hex") {
        return None;
    }
    let inner = value
        .strip_prefix("b'")
        .and_then(|v| v.strip_suffix('\''))
        .or_else(|| value.strip_prefix("b\"").and_then(|v| v.strip_suffix('"')))?;
    (!inner.is_empty() && !inner.contains(['\\', '\'', '"'])).then(|| inner.to_string())
}

/// A key a settings file the request names sets (`DB_PORT=5433`, `port = 8443`, `port:
/// 8443`) that the request names as a word, when the code names the file and never looks
/// for the key (a sentence it prints is no search: the 1.5B model printed "The port set in
/// config.ini is: {port}" after taking the `host` line): the key as the file writes it, the
/// file, and the index of the line that sets it.
fn key_unlooked(request: &str, code: &str, cwd: &Path) -> Option<(String, String, usize)> {
    let strings: Vec<String> = string_literals(code)
        .into_iter()
        .map(str::to_lowercase)
        .collect();
    // Strings on lines that print nothing are searches, spaces and all (the 0.5B model's
    // `re.search(r'version = (\d+\.\d+\.\d+)', content)` looked for `version`).
    let searched: Vec<String> = code
        .lines()
        .filter(|l| !l.contains("print("))
        .flat_map(string_literals)
        .map(str::to_lowercase)
        .collect();
    named_files(request).into_iter().find_map(|name| {
        let base = name.rsplit('/').next().unwrap_or(name);
        if !is_settings_file(base) || !names_file(code, base, true) {
            return None;
        }
        let text = std::fs::read_to_string(cwd.join(name)).ok()?;
        // Another key of the file that the request describes, looked for: the 0.5B model's
        // `config['project']['requires-python']` for the Python version pyproject.toml
        // requires was told it never looked for `version` (thirtieth set, task 15).
        if described_key_looked(request, &strings, &text) {
            return None;
        }
        let asked_section = request_section(request, &text);
        request_keys(request, &text)
            .into_iter()
            .find(|(key, i)| {
                let lower = key.to_lowercase();
                // A key of another section than the one the request names is another
                // thing: "dependencies … pinned to an exact version" is not [package]'s
                // `version` (the 1.5B model, told so, read the package's version;
                // twenty-ninth set, task 32).
                if asked_section
                    .as_deref()
                    .is_some_and(|asked| section_at(&text, *i).is_some_and(|s| s != asked))
                {
                    return false;
                }
                // Its line taken by index is looked for too (the 1.5B model's
                // `splitlines()[4]` of settings.yaml's `  port: 9090`).
                !looked_for(&strings, &lower)
                    && !searched.iter().any(|s| s.contains(&lower))
                    && ![
                        "splitlines()",
                        "readlines()",
                        "lines",
                        "split('\\n')",
                        "split(\"\\n\")",
                    ]
                    .iter()
                    .any(|lines| code.contains(&format!("{lines}[{i}]")))
            })
            .map(|(key, i)| (key, name.to_string(), i))
    })
}

/// Whether one of the code's strings (`strings`, lowercase) is a key the settings file's `text`
/// sets whose every part (split at `-`, `_` and `.`) the request says, or says the stem of
/// (`requires-python` for "What Python version does pyproject.toml require").
fn described_key_looked(request: &str, strings: &[String], text: &str) -> bool {
    let lower = request.to_lowercase();
    let said: Vec<&str> = words_in(&lower).filter(|w| w.len() >= 3).collect();
    let described = |key: &str| {
        let parts: Vec<&str> = key
            .split(['-', '_', '.'])
            .filter(|p| !p.is_empty())
            .collect();
        parts.len() >= 2
            && parts.iter().all(|p| {
                said.iter().any(|w| {
                    *w == *p
                        || (w.len() >= 4 && p.len() >= 4 && (p.starts_with(w) || w.starts_with(p)))
                })
            })
    };
    text.lines().any(|line| {
        let line = line.trim();
        let Some(at) = line.find(['=', ':']) else {
            return false;
        };
        let key = line[..at].trim().trim_matches('"').to_lowercase();
        !key.is_empty() && described(&key) && strings.contains(&key)
    })
}

/// The `[section]` of a settings file's `text` that line `i` is in, lowercase.
fn section_at(text: &str, i: usize) -> Option<String> {
    text.lines()
        .take(i + 1)
        .filter_map(|l| {
            l.trim()
                .strip_prefix('[')
                .and_then(|r| r.strip_suffix(']'))
                .map(|name| name.trim().to_lowercase())
        })
        .last()
}

/// The `[section]` of a settings file's `text` whose name the request says as a word
/// (`dependencies` of Cargo.toml), lowercase.
fn request_section(request: &str, text: &str) -> Option<String> {
    let lower = request.to_lowercase();
    let said: Vec<&str> = words_in(&lower).collect();
    text.lines().find_map(|l| {
        let name = l
            .trim()
            .strip_prefix('[')?
            .strip_suffix(']')?
            .trim()
            .to_lowercase();
        said.contains(&name.as_str()).then_some(name)
    })
}

/// Whether a file's name is that of a settings file (`KEY=value` or `key: value` lines).
fn is_settings_file(base: &str) -> bool {
    [
        ".env",
        ".ini",
        ".cfg",
        ".conf",
        ".properties",
        ".toml",
        ".yaml",
        ".yml",
    ]
    .iter()
    .any(|e| base.ends_with(e))
}

/// The keys a settings file's `text` sets (`DB_PORT=5433`, `port = 8443`, `port: 8443`) that
/// the request names as words, each with the index of the line that sets it.
fn request_keys(request: &str, text: &str) -> Vec<(String, usize)> {
    let request = request.to_lowercase();
    let words: Vec<&str> = words_in(&request).filter(|w| w.len() >= 3).collect();
    text.lines()
        .enumerate()
        .filter_map(|(i, line)| {
            let line = line.trim();
            let at = line.find(['=', ':'])?;
            let key = line[..at].trim();
            // A key with no value of its own heads others (YAML's `server:` above its
            // `port: 9090`): the 1.5B model's right 9090 was sent back for never looking
            // for `server` (fourteenth set, task 24).
            (!key.is_empty()
                && !line[at + 1..].trim().is_empty()
                && !key.contains(char::is_whitespace)
                && words.contains(&key.to_lowercase().as_str()))
            .then(|| (key.to_string(), i))
        })
        .collect()
}

/// After `json.load` or `json.loads` failed to decode, the file the code read that is not
/// JSON: what it is and how to read it (its settings line when the request names a key it
/// sets). The 0.5B model read pyproject.toml with `json.load`, was told nothing of why it
/// failed, and went on guessing that the file was missing (thirteenth set, task 25).
fn json_of_other(request: &str, code: &str, output: &str, cwd: &Path) -> Option<String> {
    if !output.contains("JSONDecodeError") || !uncommented(code).contains("json.load") {
        return None;
    }
    let (name, text) = named_files(code).into_iter().find_map(|name| {
        let text = std::fs::read_to_string(cwd.join(name)).ok()?;
        serde_json::from_str::<serde_json::Value>(&text)
            .is_err()
            .then_some((name, text))
    })?;
    let base = name.rsplit('/').next().unwrap_or(name);
    let first = text.lines().find(|l| !l.trim().is_empty())?.trim();
    // JSON with comments (a tsconfig.json's `// …`, trailing commas): JSON once they are taken
    // out. The 1.5B model, told it was text, parsed its first line as JSON until its time ran
    // out (thirty-third set, task 29).
    let comment = text
        .lines()
        .map(str::trim)
        .find(|l| l.starts_with("//") || l.starts_with("/*"));
    if base.to_lowercase().ends_with(".json")
        && first.starts_with(['{', '['])
        && let Some(comment) = comment
    {
        return Some(format!(
            "`{name}` is JSON with comments (`{comment}`), which `json.load` refuses: take the comments and any comma before a closing bracket out of its text first, then load it: `text = re.sub(r'(?m)^\\s*//.*$|/\\*.*?\\*/', '', open('{name}').read(), flags=re.S)`, `text = re.sub(r',(\\s*[}}\\]])', r'\\1', text)`, `data = json.loads(text)`."
        ));
    }
    let kind = match base.rsplit_once('.').map(|(_, e)| e.to_lowercase()) {
        Some(e) if e == "toml" => "TOML",
        Some(e) if e == "yaml" || e == "yml" => "YAML",
        Some(e) if ["ini", "cfg", "conf"].contains(&e.as_str()) => "an INI file",
        Some(e) if e == "csv" || e == "tsv" => "a table",
        _ if is_settings_file(base) => "settings",
        _ => "text",
    };
    // The key of a value the request gives ("Which key in config.yaml has the value 8080?"):
    // the 0.5B model, told how to find a key's line, sent its `json.load` back.
    let given = numbers_in(request);
    let holder = text.lines().enumerate().find_map(|(i, line)| {
        let at = line.find(['=', ':'])?;
        let value = line[at + 1..].trim().trim_matches(['"', '\'']);
        given.contains(&value).then_some((i, value))
    });
    let how = if let Some((i, value)) = holder.filter(|_| is_settings_file(base)) {
        format!(
            "Read its lines as text, `lines = open('{name}').read().splitlines()`, and find the line whose value, after its `=` or `:`, is {value} (`lines[{i}]`): the key is what comes before the `=` or `:`."
        )
    } else if is_settings_file(base) {
        match request_keys(request, &text).first() {
            Some((key, i)) => format!(
                "Read its lines as text, `lines = open('{name}').read().splitlines()`: `{key}` is set on `lines[{i}]`; take what follows its `=` or `:`, without quotes."
            ),
            None => format!(
                "Read its lines as text, `lines = open('{name}').read().splitlines()`, find the line that starts with the key you need, and take what follows its `=` or `:`."
            ),
        }
    } else {
        format!("Read it as text: `lines = open('{name}').read().splitlines()`.")
    };
    Some(format!(
        "`{name}` is {kind}, not JSON (its first line is `{first}`), so `json.load` cannot read it. {how}"
    ))
}

/// After configparser failed on a TOML file the code read (a lock file's `[[package]]` tables
/// repeat, a `DuplicateSectionError`; values in quotes or lists parse wrong): what it is and
/// how to read it. The 0.5B model read poetry.lock with configparser three times (thirty-first
/// set, task 32).
fn toml_by_configparser(code: &str, output: &str, cwd: &Path) -> Option<String> {
    let error = split_hint(output).0;
    if !uncommented(code).contains("configparser")
        || !(error.contains("configparser.") || error.contains("SectionError"))
    {
        return None;
    }
    let (name, text) = named_files(code).into_iter().find_map(|name| {
        let text = std::fs::read_to_string(cwd.join(name)).ok()?;
        let toml = name.ends_with(".toml")
            || name.ends_with(".lock") && text.lines().any(|l| l.trim_start().starts_with("[["));
        toml.then_some((name, text))
    })?;
    let table = text
        .lines()
        .find_map(|l| l.trim().strip_prefix("[[")?.strip_suffix("]]"))
        .map(|t| format!(", and `data['{t}']` is the list of its `[[{t}]]` tables"))
        .unwrap_or_default();
    Some(format!(
        "`{name}` is TOML, not an INI file, so configparser cannot read it: read it with Python's own `tomllib`, `import tomllib` and `data = tomllib.load(open('{name}', 'rb'))`{table}."
    ))
}

/// Whether `text` is a markdown checklist: two or more of its lines are tasks with a checkbox
/// (`- [x] buy milk`, `* [ ] call bob`).
pub(crate) fn is_checklist(text: &str) -> bool {
    text.lines()
        .filter(|l| {
            let l = l.trim_start();
            let after = l
                .strip_prefix(['-', '*', '+'])
                .map(str::trim_start)
                .unwrap_or_default();
            ["[x]", "[X]", "[ ]"].iter().any(|b| after.starts_with(b))
        })
        .count()
        >= 2
}

/// When the request asks about the tasks of a checklist it names (done, or not done yet) and
/// the code read it without looking for a checkbox: the file, and the mark to count (`- [x]`
/// for done, `- [ ]` for not). The 0.5B model counted the lines that start with `#` (thirteenth
/// set, task 28) and compared `parts[0] == 'x'` (tenth set, task 26): 0 both times.
fn boxes_unlooked(request: &str, code: &str, cwd: &Path) -> Option<(String, &'static str)> {
    let lower = request.to_lowercase();
    let open = [
        "not done",
        "undone",
        "open",
        "unchecked",
        "left",
        "remaining",
        "pending",
        "unfinished",
        "not finished",
        "incomplete",
        "not complete",
        "still to do",
    ]
    .iter()
    .any(|w| lower.contains(w));
    let done = ["done", "finished", "complete", "checked", "ticked"]
        .iter()
        .any(|w| lower.contains(w));
    if !open && !done {
        return None;
    }
    let looked = code.replace('\\', "").to_lowercase();
    if looked.contains("[x]") || looked.contains("[ ]") {
        return None;
    }
    let file = named_files(request).into_iter().find(|name| {
        names_file(code, name.rsplit('/').next().unwrap_or(name), true)
            && std::fs::read_to_string(cwd.join(name)).is_ok_and(|t| is_checklist(&t))
    })?;
    Some((file.to_string(), if open { "- [ ]" } else { "- [x]" }))
}

/// What the hint of [`environment_for_file`] says.
const ENVIRONMENT_NOT_FILE: &str =
    "`os.getenv` and `os.environ` read the environment this code runs in, not";

/// A `.env` file of the working folder the request names when the code reads the process's
/// environment (`os.getenv`, `os.environ`) and never names the file: that file.
fn environment_for_file(request: &str, code: &str, cwd: &Path) -> Option<String> {
    if !code.contains("getenv(") && !code.contains("environ") {
        return None;
    }
    named_files(request)
        .into_iter()
        .find(|name| {
            let base = name.rsplit('/').next().unwrap_or(name);
            // Or a file of `key=value` lines of another kind (the 1.5B model printed
            // `os.getenv('db.url')`, None, for app.properties; thirty-third set, task 30).
            let settings = [".env", ".properties", ".ini", ".cfg", ".conf"];
            (settings.iter().any(|e| base.ends_with(e)) || base == ".env")
                && cwd.join(name).is_file()
                && !names_file(code, base, true)
        })
        .map(str::to_string)
}

/// Python that reads the `.env` file `file` into a dict of its keys.
fn env_file_dict(file: &str) -> String {
    format!("dict(line.strip().split('=', 1) for line in open('{file}') if '=' in line)")
}

/// When the model asks to run again, unchanged, Python code that read the environment for a
/// `.env` file (the hint said so), or answers after it: that code reading the file's keys
/// instead, for the engine to run in the model's stead.
pub fn mended_environment<'h>(
    history: &'h History,
    next: Option<&'h ToolCall>,
    cwd: &Path,
) -> Option<(String, String)> {
    static ENV_CALL: std::sync::LazyLock<Option<regex::Regex>> = std::sync::LazyLock::new(|| {
        regex::Regex::new(r"\bos\.(?:getenv|environ\.get)\(|\bos\.environ\[").ok()
    });
    let (code, output, how) = python_failed_again(history, next)?;
    if !output.contains(ENVIRONMENT_NOT_FILE) {
        return None;
    }
    let (asked, _) = history.last_turn()?;
    let file = environment_for_file(&request_text(asked), code, cwd)?;
    let env_call = ENV_CALL.as_ref()?;
    if !env_call.is_match(code) {
        return None;
    }
    let read = env_call.replace_all(code, |c: &regex::Captures| {
        if c[0].ends_with('[') {
            "env_file[".to_string()
        } else {
            "env_file.get(".to_string()
        }
    });
    Some((
        format!("env_file = {}\n{read}", env_file_dict(&file)),
        format!(
            "the model's code reads the environment for `{file}`, and {how}: running it with the keys read from `{file}`"
        ),
    ))
}

/// A word of the request that a column of a CSV file it names holds in some rows but not
/// all, when no string of the code holds it: the word, the column and the file. The 1.5B model
/// added up every order's `total` for "the total of the shipped orders in orders.csv" (125.5,
/// not 105), never looking for `shipped` in the `status` column.
///
/// With the value's spellings, when the file writes it several ways (`Groceries`, `groceries`,
/// ` Groceries `): told `Groceries` alone, the 1.5B model would match one of four rows
/// (thirty-fourth set, task 28).
fn value_unfiltered(
    request: &str,
    code: &str,
    cwd: &Path,
) -> Option<(String, String, String, Vec<String>)> {
    let lower = request.to_lowercase();
    let strings: Vec<String> = string_literals(code)
        .into_iter()
        .map(str::to_lowercase)
        .collect();
    named_files(request).into_iter().find_map(|name| {
        let (header, text) = csv_file(cwd, name)?;
        let rows: Vec<Vec<String>> = text
            .lines()
            .skip(1)
            .filter(|l| !l.trim().is_empty())
            .map(|l| l.split(',').map(str::to_string).collect())
            .collect();
        if rows.len() < 2 || !code.contains(name) {
            return None;
        }
        words_in(&lower)
            .filter(|w| w.len() >= 3 && w.chars().all(char::is_alphabetic))
            .filter(|w| !header.iter().any(|h| h.eq_ignore_ascii_case(w)))
            .filter(|w| !looked_for(&strings, w))
            .find_map(|w| {
                (0..header.len()).find_map(|column| {
                    let holding: Vec<&String> = rows
                        .iter()
                        .filter_map(|r| r.get(column).filter(|f| f.trim().to_lowercase() == w))
                        .collect();
                    // The value as the file writes it: told `jfk` where the file has `JFK`,
                    // the 0.5B model compared with 'jfk' and found no row (thirty-first set,
                    // task 30).
                    let first = holding.first()?;
                    let mut spellings: Vec<String> = Vec::new();
                    for f in &holding {
                        if !spellings.contains(f) {
                            spellings.push((*f).clone());
                        }
                    }
                    (holding.len() < rows.len()).then(|| {
                        (
                            first.trim().to_string(),
                            header[column].clone(),
                            name.to_string(),
                            spellings,
                        )
                    })
                })
            })
    })
}

/// Whether one of the code's strings (lowercased) looks for `word`: it is the word, or holds
/// it with no space. A sentence the code prints is no search: the 1.5B model's
/// `"Total of shipped orders: {total}"` added up every order.
fn looked_for(strings: &[String], word: &str) -> bool {
    strings
        .iter()
        .any(|s| s.trim() == word || (!s.contains(char::is_whitespace) && s.contains(word)))
}

/// When the request ends by asking how many files of one extension the folder has ("then tell
/// me how many .md files there are") and the run printed one count that is not how many the
/// folder holds now: the extension and the count printed. Both models renamed two `.txt`
/// files to `.md` beside a third `.md` and printed how many they renamed, 2.
fn extension_count_missed<'v>(
    request: &str,
    value: &'v str,
    cwd: &Path,
) -> Option<(String, &'v str)> {
    static ASKED: std::sync::LazyLock<Option<regex::Regex>> = std::sync::LazyLock::new(|| {
        regex::Regex::new(
            r"(?i)how many \.(\w+) files(?: are there| there are| are in (?:this|the) folder| does (?:this|the) folder (?:have|hold))( and (?:in )?its subfolders)?(?: now)?\s*[?.]?\s*$",
        )
        .ok()
    });
    let asked = ASKED.as_ref()?.captures(request.trim())?;
    let extension = asked.get(1)?.as_str().to_string();
    let deep = asked.get(2).is_some();
    let printed = numbers_in(value);
    let [printed] = printed.as_slice() else {
        return None;
    };
    let printed_count: usize = printed.parse().ok()?;
    let suffix = format!(".{}", extension.to_lowercase());
    let count = walkdir_count(cwd, deep, &suffix)?;
    (count != printed_count).then_some((extension, *printed))
}

/// How many files under `dir` (in it only, or in its subfolders too when `deep`) have names
/// ending with `suffix`, in any case; hidden and ignored files count too.
fn walkdir_count(dir: &Path, deep: bool, suffix: &str) -> Option<usize> {
    let walk = ignore::WalkBuilder::new(dir)
        .standard_filters(false)
        .max_depth(if deep { None } else { Some(1) })
        .build();
    let mut count = 0;
    for entry in walk {
        let entry = entry.ok()?;
        if entry.file_type().is_some_and(|t| t.is_file())
            && entry
                .file_name()
                .to_string_lossy()
                .to_lowercase()
                .ends_with(suffix)
        {
            count += 1;
        }
    }
    Some(count)
}

/// When the request asks for the median of numbers it lists and the run printed one number
/// that is not it: how many numbers there are. The 1.5B model sorted `[3, 19, 8, 27, 11, 5]`
/// and printed the upper one of the middle two, 11.
fn median_missed(request: &str, value: &str) -> Option<usize> {
    static LISTED: std::sync::LazyLock<Option<regex::Regex>> = std::sync::LazyLock::new(|| {
        regex::Regex::new(
            r"(?i)\bmedian of\s+(-?\d+(?:\.\d+)?(?:(?:\s*,\s*(?:and\s+)?|\s+and\s+)-?\d+(?:\.\d+)?)+)",
        )
        .ok()
    });
    let listed = LISTED.as_ref()?.captures(request)?;
    let mut numbers: Vec<f64> = numbers_in(listed.get(1)?.as_str())
        .into_iter()
        .filter_map(|n| n.parse().ok())
        .collect();
    if numbers.len() < 2 {
        return None;
    }
    numbers.sort_by(f64::total_cmp);
    let n = numbers.len();
    let median = if n.is_multiple_of(2) {
        (numbers[n / 2 - 1] + numbers[n / 2]) / 2.0
    } else {
        numbers[n / 2]
    };
    let printed = numbers_in(value);
    let [printed] = printed.as_slice() else {
        return None;
    };
    (!same_number(printed, &median.to_string())).then_some(n)
}

/// What the hint of [`median_unsorted`] says.
const NEVER_SORTED: &str =
    "a median is the middle of the numbers once they are sorted, and your code never sorted them:";

/// When the model asks to run again, unchanged, Python code that took a median of numbers it
/// never sorted (the hint said so), or answers after it: that code with the list of numbers it
/// wrote sorted right after it is made, for the engine to run in the model's stead. The 0.5B
/// model added `import statistics` and sent the same middle of `[3, 19, 8, 27, 11, 5]` back.
pub fn mended_median<'h>(
    history: &'h History,
    next: Option<&'h ToolCall>,
) -> Option<(String, String)> {
    static LIST: std::sync::LazyLock<Option<regex::Regex>> = std::sync::LazyLock::new(|| {
        regex::Regex::new(r"(?m)^([ \t]*)([A-Za-z_]\w*)\s*=\s*\[[^\]\n]*\][ \t]*$").ok()
    });
    let (code, output, how) = python_failed_again(history, next)?;
    if !output.contains(NEVER_SORTED) {
        return None;
    }
    let found = LIST.as_ref()?.captures_iter(code).find(|c| {
        let name = &c[2];
        code.contains(&format!("{name}[")) || code.contains(&format!("len({name})"))
    })?;
    let (whole, indent, name) = (found.get(0)?, &found[1], &found[2]);
    let mended = format!(
        "{}\n{indent}{name} = sorted({name}){}",
        &code[..whole.end()],
        &code[whole.end()..]
    );
    Some((
        mended,
        format!(
            "the model's code takes the middle of `{name}` without sorting it, and {how}: running it with `{name} = sorted({name})` after the list"
        ),
    ))
}

/// What the hint of [`first_item_only`] says, before the list's key.
const FIRST_ONLY: &str = "your code took only the first one (`['";

/// When the model asks to run again, unchanged, Python code that took a field of the first item
/// of a JSON list where the request is about all of them (the hint said so), or answers after
/// it: that code with the field taken from every item, for the engine to run in the model's
/// stead. Only where the code hands the field to something that takes many values (`set`,
/// `len`, `sum`, `max`, a loop…): a list field's values are joined into one list, a single
/// value's gathered. The 0.5B model, told three times that `set(data['posts'][0]['tags'])`
/// took only the first post, with the loop to write, sent it back each time, then guessed
/// (twenty-first set, task 23).
pub fn mended_first_item<'h>(
    history: &'h History,
    next: Option<&'h ToolCall>,
) -> Option<(String, String)> {
    static FIELD: std::sync::LazyLock<Option<regex::Regex>> = std::sync::LazyLock::new(|| {
        regex::Regex::new(
            r#"\b([A-Za-z_]\w*)\s*\[\s*['"]([^'"\]]+)['"]\s*\]\s*\[\s*0\s*\]\s*\[\s*['"](\w+)['"]\s*\]"#,
        )
        .ok()
    });
    let (code, output, how) = python_failed_again(history, next)?;
    let told = output.split(FIRST_ONLY).nth(1)?;
    let key = told.split('\'').next()?;
    let found = FIELD
        .as_ref()?
        .captures_iter(code)
        .find(|c| &c[2] == key && many_taken(code, c.get(0).map_or(0, |m| m.start())))?;
    let (whole, base, field) = (found.get(0)?.as_str(), &found[1], &found[3]);
    let all = format!(
        "[value for item in {base}['{key}'] for value in (item['{field}'] if isinstance(item['{field}'], list) else [item['{field}']])]"
    );
    Some((
        code.replace(whole, &all),
        format!(
            "the model's code takes `{field}` of the first item of `{key}` only where the request is about all of them, and {how}: running it with `{field}` of every item"
        ),
    ))
}

/// Whether the expression that starts at `at` in `code` is handed to something that takes
/// many values: a call such as `set(`, `len(` or `sum(` right before it, or a name it is given
/// to (`tags = …` alone on its line) that such a call or a loop (`in tags`) takes.
fn many_taken(code: &str, at: usize) -> bool {
    const TAKERS: [&str; 11] = [
        "set(", "len(", "sum(", "max(", "min(", "sorted(", "Counter(", "list(", "mean(", "median(",
        "fmean(",
    ];
    let before = code[..at].trim_end();
    if TAKERS.iter().any(|t| before.ends_with(t)) {
        return true;
    }
    let line = before.rsplit('\n').next().unwrap_or("");
    let Some(name) = line
        .trim()
        .strip_suffix('=')
        .map(str::trim)
        .filter(|n| !n.is_empty() && n.chars().all(|c| c.is_alphanumeric() || c == '_'))
    else {
        return false;
    };
    let after = &code[at..];
    TAKERS
        .iter()
        .any(|t| after.contains(&format!("{t}{name})")) || after.contains(&format!("{t}{name},")))
        || after.contains(&format!(" in {name}:"))
        || after.contains(&format!(" in {name})"))
        || after.contains(&format!(" in {name}]"))
        || after.contains(&format!(" in {name}}}"))
}

/// A date written as the request and files write them, `2026-12-05`.
static ISO_DATE: std::sync::LazyLock<Option<regex::Regex>> =
    std::sync::LazyLock::new(|| regex::Regex::new(r"\b\d{4}-\d{2}-\d{2}\b").ok());

/// `code` without its `#` comments, line by line (a `#` inside a string cuts it too, which
/// the checks that use this can bear).
fn uncommented(code: &str) -> String {
    // The quote a string was opened with, while inside it: a `#` there is text, not a comment
    // (`re.findall(r'# (.+)', content)` uses `content`; the 1.5B model was told it never did,
    // twenty-eighth set, task 21). Triple quotes go on over lines; one quote ends with its line.
    let mut open: Option<&str> = None;
    let mut out = String::with_capacity(code.len());
    for line in code.lines() {
        let mut rest = line;
        while let Some(c) = rest.chars().next() {
            let taken = match open {
                Some(quote) if rest.starts_with(quote) => {
                    open = None;
                    quote.len()
                }
                Some(_) if c == '\\' => 1 + rest[1..].chars().next().map_or(0, char::len_utf8),
                Some(_) => c.len_utf8(),
                None if c == '#' => break,
                None if c == '\'' || c == '"' => {
                    let quote = ["'''", "\"\"\"", "'", "\""]
                        .into_iter()
                        .find(|q| rest.starts_with(q))
                        .unwrap_or("'");
                    open = Some(quote);
                    quote.len()
                }
                None => c.len_utf8(),
            };
            out.push_str(&rest[..taken]);
            rest = &rest[taken..];
        }
        if open.is_some_and(|q| q.len() == 1) {
            open = None;
        }
        out.push('\n');
    }
    out
}

/// Whether the request asks for a median and the code never sorts: the 0.5B model took the
/// middle two of `[3, 19, 8, 27, 11, 5]` as given (`# Step 1: Sort the numbers` and no sort)
/// and answered 17.5.
fn median_unsorted(request: &str, code: &str) -> bool {
    let code = uncommented(code).to_lowercase();
    request.to_lowercase().contains("median")
        && ![
            "sort",
            "median(",
            "nsmallest",
            "quantile",
            "percentile",
            "heapq",
        ]
        .iter()
        .any(|w| code.contains(w))
}

/// When the request counts what the subfolders hold too (`counting its subfolders`,
/// `recursively`) and the code lists one folder (`os.listdir(docs_path)`) with no walk: that
/// listing and the walk to use (`os.walk(docs_path)`). The 1.5B model counted the two files of
/// docs/ for "the files in the docs folder, counting its subfolders" (fifteenth set, task 29);
/// the 0.5B model, the top folders alone for "How many subfolders are there under this folder,
/// nested ones included?" (twenty-second set, task 33).
fn shallow_listing(request: &str, code: &str) -> Option<(String, String)> {
    static LISTING: std::sync::LazyLock<Option<regex::Regex>> = std::sync::LazyLock::new(|| {
        regex::Regex::new(
            r"\b(os\.listdir|os\.scandir|glob\.glob)\(([^()\n]*(?:\([^()\n]*\)[^()\n]*)*)\)",
        )
        .ok()
    });
    // The subfolders as where to look (`counting its subfolders`, `and in subfolders`), not
    // as what is counted (`How many subfolders…`).
    static DEEP: std::sync::LazyLock<Option<regex::Regex>> = std::sync::LazyLock::new(|| {
        regex::Regex::new(
            r"(?i)\b(?:its|all|in|and|including|counting|the)\s+(?:sub-?folders?|sub-?directory|sub-?directories)\b|\brecursive(?:ly)?\b|\bnested\b|\bdeepest\b|\bat any depth\b",
        )
        .ok()
    });
    // Unless the request leaves them out ("directly inside this folder, not counting nested
    // ones": the 0.5B model was told to walk them; twenty-fourth set, task 25).
    static SHALLOW: std::sync::LazyLock<Option<regex::Regex>> = std::sync::LazyLock::new(|| {
        regex::Regex::new(
            r"(?i)\b(?:not|without|excluding|ignoring|leaving out)\s+(?:counting\s+|including\s+|looking in\s+)?(?:the\s+|any\s+)?(?:nested|sub-?folders?|sub-?director(?:y|ies))\b|\bdirectly\s+(?:in|inside|under|within)\b|\btop[- ]level\b",
        )
        .ok()
    });
    let deep = DEEP.as_ref()?.is_match(request) && !SHALLOW.as_ref()?.is_match(request);
    let bare = uncommented(code);
    if !deep || bare.contains("os.walk") || bare.contains("rglob") || bare.contains("**") {
        return None;
    }
    let found = LISTING.as_ref()?.captures(&bare)?;
    let (call, argument) = (found.get(1)?.as_str(), found.get(2)?.as_str().trim());
    let folder = if call == "glob.glob" {
        // `glob.glob('docs/*')`: the folder before the pattern.
        let inner = argument.trim_matches(['\'', '"']);
        let folder = inner.rsplit_once('/').map_or(".", |(f, _)| f);
        python_string(folder)
    } else if argument.is_empty() {
        "'.'".to_string()
    } else {
        argument.to_string()
    };
    Some((format!("{call}({argument})"), format!("os.walk({folder})")))
}

/// When a request asks how many of a file's items (`How many orders in orders.json have…`) and
/// the code printed one number with a fraction that its `sum(…)` made: that number. The 1.5B
/// model added up the totals above 50 and said there were 246.25 orders (fifteenth set, task
/// 23).
fn fraction_for_count<'v>(request: &str, code: &str, value: &'v str) -> Option<&'v str> {
    let lower = request.trim_start().to_lowercase();
    if !lower.starts_with("how many") || named_files(request).is_empty() || !code.contains("sum(") {
        return None;
    }
    // Not a quantity that comes in fractions ("How many hours does hours.csv log?").
    const MEASURES: [&str; 16] = [
        "hours", "minutes", "seconds", "days", "weeks", "years", "km", "miles", "meters", "kg",
        "pounds", "liters", "litres", "dollars", "euros", "points",
    ];
    if words_in(&lower)
        .nth(2)
        .is_some_and(|w| MEASURES.contains(&w))
    {
        return None;
    }
    let printed = numbers_in(value);
    let [printed] = printed.as_slice() else {
        return None;
    };
    let number: f64 = printed.parse().ok()?;
    (number.fract() != 0.0).then_some(*printed)
}

/// When the request asks about items with no value (`rows … have no email`, `without`,
/// `missing`, `empty`, `blank`) and the code keeps those whose value is not empty
/// (`row[1] != ''`), with no test for empty and no subtraction: that test and the one for empty
/// (`row[1] == ''`). The 1.5B model kept the rows with an email, printed "Number of rows with no
/// email: 2", and said so (fifteenth set, task 33).
fn kept_filled(request: &str, code: &str) -> Option<(String, String)> {
    static FILLED: std::sync::LazyLock<Option<regex::Regex>> = std::sync::LazyLock::new(|| {
        regex::Regex::new(r#"([\w.]+(?:\[[^\]\n]*\])*(?:\.strip\(\))?)\s*!=\s*(''|"")"#).ok()
    });
    let lower = request.to_lowercase();
    let asks_none =
        words_in(&lower).any(|w| matches!(w, "no" | "without" | "missing" | "empty" | "blank"));
    // "ignoring empty cells", "skipping blank lines": the empty ones are left out, as the code
    // did (the 1.5B model's right average was told to keep only the empty cells, and failed on
    // `float('')` until its time ran out; twenty-seventh set, task 17).
    let leaves_out = words_in(&lower).any(|w| {
        ["ignor", "skip", "exclud", "except", "disregard", "omit"]
            .iter()
            .any(|verb| w.starts_with(verb))
    }) || lower.contains("leaving out")
        || lower.contains("not counting");
    let bare = uncommented(code);
    if !asks_none
        || leaves_out
        || bare.contains("== ''")
        || bare.contains("== \"\"")
        || bare.contains(" - ")
    {
        return None;
    }
    let found = FILLED.as_ref()?.captures(&bare)?;
    let (value, quotes) = (found.get(1)?.as_str(), found.get(2)?.as_str());
    Some((
        found.get(0)?.as_str().to_string(),
        format!("{value} == {quotes}"),
    ))
}

/// When the request leaves blank lines out ("not comments or blank lines", "non-empty lines",
/// "ignoring blank lines") and the code's comprehension keeps only the blank ones
/// (`[line for line in lines if not line.strip() …]`): that test and the one that keeps lines
/// with text (`if line.strip()`). The 1.5B model counted .gitignore's blank lines as its
/// patterns (twenty-seventh set, task 22). `if not line.strip(): continue` skips them, rightly.
fn blank_kept(request: &str, code: &str) -> Option<(String, String)> {
    static KEPT: std::sync::LazyLock<Option<regex::Regex>> = std::sync::LazyLock::new(|| {
        regex::Regex::new(r"\bfor\s+(\w+)\s+in\b[^\n]*?\bif\s+not\s+(\w+)\.strip\(\)").ok()
    });
    let lower = request.to_lowercase();
    let words: Vec<&str> = words_in(&lower).collect();
    let left_out = words.iter().enumerate().any(|(i, w)| {
        matches!(*w, "blank" | "empty")
            && words[i.saturating_sub(4)..i].iter().any(|before| {
                matches!(
                    *before,
                    "not" | "non" | "excluding" | "ignoring" | "skipping" | "except" | "besides"
                )
            })
    }) || lower.contains("non-blank")
        || lower.contains("non-empty")
        || lower.contains("nonempty");
    if !left_out {
        return None;
    }
    let bare = uncommented(code);
    KEPT.as_ref()?.captures_iter(&bare).find_map(|c| {
        let (whole, item) = (c.get(0)?.as_str(), c.get(1)?.as_str());
        if item != c.get(2)?.as_str() {
            return None;
        }
        let kept = &whole[whole.rfind("if not")?..];
        Some((kept.to_string(), format!("if {item}.strip()")))
    })
}

/// A limit the request keeps items by (`longer than 10`, `above 50`, `at least 3`).
static LIMIT: std::sync::LazyLock<Option<regex::Regex>> = std::sync::LazyLock::new(|| {
    regex::Regex::new(
        r"(?i)\b(at least|at most|(?:longer|shorter|more|less|fewer|greater|larger|smaller|bigger|higher|lower) than|above|below|over|under)\s+(\d+(?:\.\d+)?)\b",
    )
    .ok()
});

/// When the request keeps items by a number (`longer than 10 characters`) that the code never
/// writes, nor the numbers beside it: the request's words (`longer than 10`) and a test that
/// keeps by it (`len(line.rstrip('\n')) > 10` when the request counts characters). The 0.5B
/// model added up the lengths of todo.txt's lines, 60, and said that many lines were longer
/// than 10 characters (fifteenth set, task 28).
fn unused_limit(request: &str, code: &str) -> Option<(String, String)> {
    let found = LIMIT.as_ref()?.captures(request)?;
    let (said, number) = (found.get(0)?.as_str(), found.get(2)?.as_str());
    // Numbers written as numbers, not the digits of a name (the 1.5B model's
    // `num_rows_with_quantity_at_least_10` compared nothing; twenty-fourth set, task 21).
    static NUMBER: std::sync::LazyLock<Option<regex::Regex>> =
        std::sync::LazyLock::new(|| regex::Regex::new(r"\b\d+(?:\.\d+)?\b").ok());
    // Nor those of a printed label ("Number of rows with quantity of at least 10: …").
    static LITERAL: std::sync::LazyLock<Option<regex::Regex>> =
        std::sync::LazyLock::new(|| regex::Regex::new(r#"'[^'\n]*'|"[^"\n]*""#).ok());
    let bare = uncommented(code);
    let bare = LITERAL.as_ref()?.replace_all(&bare, "''");
    let written = NUMBER
        .as_ref()?
        .find_iter(&bare)
        .filter_map(|n| n.as_str().parse::<f64>().ok())
        .collect::<Vec<_>>();
    let limit: f64 = number.parse().ok()?;
    if written.iter().any(|n| (n - limit).abs() <= 1.0) {
        return None;
    }
    let words = found.get(1)?.as_str().to_lowercase();
    let op = match words.as_str() {
        "at least" => ">=",
        "at most" => "<=",
        w if [
            "shorter", "less", "fewer", "smaller", "lower", "below", "under",
        ]
        .iter()
        .any(|x| w.starts_with(x)) =>
        {
            "<"
        }
        _ => ">",
    };
    let lower = request.to_lowercase();
    let measured = if lower.contains("character") || lower.contains("letter") {
        "len(line.rstrip('\\n'))"
    } else {
        "value"
    };
    Some((said.to_string(), format!("{measured} {op} {number}")))
}

/// A yes-or-no key the code keeps items by (`if user['active']:`, `if u.get("done") == True`)
/// that the request never names: the key and the test. The 0.5B model averaged the ages of
/// the active users only, for "the average age of the users in users.json", and said 34.67.
fn unasked_flag(request: &str, code: &str) -> Option<(String, String)> {
    static FLAG: std::sync::LazyLock<Option<regex::Regex>> = std::sync::LazyLock::new(|| {
        regex::Regex::new(
            r#"(?m)^[ 	]*(?:if|elif)\s+((?:not\s+)?[A-Za-z_]\w*(?:\[\s*['"]([A-Za-z_]\w*)['"]\s*\]|\.get\(\s*['"]([A-Za-z_]\w*)['"]\s*\))(?:\s*(?:==|is)\s*(?:True|False))?)\s*:"#,
        )
        .ok()
    });
    let words: Vec<String> = request
        .to_lowercase()
        .split(|c: char| !c.is_alphanumeric())
        .filter(|w| !w.is_empty())
        .map(str::to_string)
        .collect();
    FLAG.as_ref()?.captures_iter(code).find_map(|c| {
        let flag = c.get(2).or_else(|| c.get(3))?.as_str();
        let lower = flag.to_lowercase();
        // `is_active` is about `active`; `done` of "not done yet" is asked.
        let named = lower
            .split('_')
            .filter(|p| !p.is_empty() && *p != "is" && *p != "has")
            .any(|p| {
                words.iter().any(|w| {
                    w == p || w.starts_with(p) || p.starts_with(w.as_str()) && w.len() >= 4
                })
            });
        (!named).then(|| (flag.to_string(), c[1].trim().to_string()))
    })
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
    let date = ISO_DATE.as_ref()?.find(request)?.as_str();
    Some((date, clock))
}

/// When the request asks for the smallest number above a bound (the largest below one) and the
/// one number printed is not past it: the bound, the word, and where to start. The 0.5B model
/// printed 1000 for the smallest number above 1000 that 17 divides (twenty-second set, task 8).
fn bound_not_passed<'r, 'v>(
    request: &'r str,
    value: &'v str,
) -> Option<(&'r str, &'r str, &'v str, i64)> {
    static BOUND: std::sync::LazyLock<Option<regex::Regex>> = std::sync::LazyLock::new(|| {
        regex::Regex::new(
            r"(?i)\b(smallest|first|least|lowest|largest|biggest|greatest|highest|last)\b[^.?!]*?\b(above|over|greater than|more than|larger than|bigger than|below|under|less than|smaller than)\s+(-?\d+)\b(?:\s+([A-Za-z]+))?",
        )
        .ok()
    });
    // A request that asks how many (how long, when) counts something else until the bound
    // is passed: the 1.5B model's right 11 years, "after how many whole years does it first
    // have more than 2000 people", was told to start from 2001 (thirty-second set, task 9).
    let lower = request.to_lowercase();
    if ["how many", "how long", "when "]
        .iter()
        .any(|w| lower.contains(w))
    {
        return None;
    }
    let caps = BOUND.as_ref()?.captures(request)?;
    let word = caps.get(2)?.as_str();
    let bound_text = caps.get(3)?.as_str();
    let bound: i64 = bound_text.parse().ok()?;
    // A bound on a count of something else, not on the number asked ("the smallest n for which
    // n factorial has more than 100 digits": the 1.5B model's right 70 was told to start from
    // 101; thirty-fifth set, task 11).
    if let Some(next) = caps.get(4).map(|m| m.as_str().to_lowercase())
        && !matches!(
            next.as_str(),
            "that"
                | "which"
                | "whose"
                | "and"
                | "or"
                | "divisible"
                | "is"
                | "with"
                | "where"
                | "such"
                | "so"
                | "to"
                | "in"
                | "for"
                | "whereof"
                | "when"
                | "if"
                | "but"
        )
    {
        return None;
    }
    // One line, its last number (a sentence may say the request's numbers before it).
    if value.trim().lines().count() != 1 {
        return None;
    }
    let printed = *numbers_in(value).last()?;
    let n: f64 = printed.parse().ok()?;
    let upward = matches!(
        word.to_lowercase().as_str(),
        "above" | "over" | "greater than" | "more than" | "larger than" | "bigger than"
    );
    #[allow(clippy::cast_precision_loss)]
    let bound_f = bound as f64;
    if upward && n <= bound_f {
        Some((bound_text, word, printed, bound + 1))
    } else if !upward && n >= bound_f {
        Some((bound_text, word, printed, bound - 1))
    } else {
        None
    }
}

/// Whether the request asks for a total ("altogether", "in total") and the code multiplied
/// values it took by key, never adding: the 0.5B model printed `inventory["bolts"] *
/// inventory["nuts"] * …` for the items in stock altogether (twenty-second set, task 31).
fn multiplied_for_total(request: &str, code: &str) -> bool {
    static TIMES: std::sync::LazyLock<Option<regex::Regex>> =
        std::sync::LazyLock::new(|| regex::Regex::new(r"\]\s*\*\s*\w+\[").ok());
    let lower = request.to_lowercase();
    let bare = uncommented(code);
    ["altogether", "in total", "in all", "combined"]
        .iter()
        .any(|w| lower.contains(w))
        && !["price", "cost", "times", "product", "multipl"]
            .iter()
            .any(|w| lower.contains(w))
        && TIMES.as_ref().is_some_and(|t| t.is_match(&bare))
        && !bare.contains("sum(")
        && !bare.contains(" + ")
        && !bare.contains("+=")
}

/// Whether the request asks how many and the run printed one number below zero: the 0.5B model
/// printed -313 for the days left in 2027 after 2027-10-15 (twenty-third set, task 20).
/// A count of time only: "How many degrees is -5 °F in Celsius?" may well be below zero.
/// The first leap year of the years a request counts the days of ("How many days do the years
/// 2024 to 2027 have together?"), when the code gives each year 365 days and never looks for
/// a leap year (the 0.5B model printed 1460; twenty-fourth set, task 18).
fn leap_year_missed(request: &str, code: &str) -> Option<u32> {
    let lower = request.to_lowercase();
    if !words_in(&lower).any(|w| w == "days") {
        return None;
    }
    let years = years_in(request);
    let (first, last) = (*years.iter().min()?, *years.iter().max()?);
    let bare = uncommented(code);
    let literal_365 = regex::Regex::new(r"\b365\b").ok()?.is_match(&bare);
    let looks = [
        "366",
        "isleap",
        "% 4",
        "%4",
        "monthrange",
        "date(",
        "datetime(",
    ]
    .iter()
    .any(|w| bare.contains(w));
    if !literal_365 || looks {
        return None;
    }
    (first..=last).find(|y| (y % 4 == 0 && y % 100 != 0) || y % 400 == 0)
}

/// Where a request counts the lines of a text file (not a table) that have two of its words
/// ("failed logins for root" of auth.log), each on some lines of the file and not all, and
/// the code looks for one of them and never for the other: the one searched, the other, and
/// the file. The 0.5B model counted every `Failed` line, 4, for the failed logins for root
/// (twenty-fourth set, task 28).
fn word_left_unsearched(request: &str, code: &str, cwd: &Path) -> Option<(String, String, String)> {
    let lower = request.trim_start().to_lowercase();
    if !lower.starts_with("how many") {
        return None;
    }
    let literals: Vec<String> = string_literals(code)
        .into_iter()
        .map(str::to_lowercase)
        .collect();
    let searched = |w: &str| literals.iter().any(|l| l.contains(w));
    named_files(request)
        .into_iter()
        .filter(|f| plain_text(f) && ![".csv", ".tsv", ".json"].iter().any(|e| f.ends_with(e)))
        .find_map(|file| {
            let text = std::fs::read_to_string(cwd.join(file)).ok()?;
            let lines: Vec<Vec<String>> = text
                .lines()
                .filter(|l| !l.trim().is_empty())
                .map(|l| words_in(l).map(str::to_lowercase).collect())
                .collect();
            // Request words that pick some lines and not all, as the file writes them.
            let picking: Vec<&str> = words_in(&lower)
                .filter(|w| w.len() >= 3 && !file.to_lowercase().contains(w))
                .filter(|w| {
                    let on = lines.iter().filter(|l| l.iter().any(|x| x == w)).count();
                    on > 0 && on < lines.len()
                })
                .collect();
            let found = picking.iter().find(|w| searched(w))?;
            let missing = picking.iter().find(|w| !searched(w))?;
            // As the file writes them (`Failed`, not `failed`).
            let spelled = |w: &str| {
                words_in(&text)
                    .find(|x| x.eq_ignore_ascii_case(w))
                    .unwrap_or(w)
                    .to_string()
            };
            Some((spelled(found), spelled(missing), file.to_string()))
        })
}

/// What the hint for lines counted by one of two words asked says ([`word_left_unsearched`]).
const LOOKS_ALONE: &str = "and your code looks for";

/// When the model sends back, unchanged, Python code told that it looks for one of the two
/// words the lines it counts must have ([`LOOKS_ALONE`]), or answers after it, and the code
/// tests that word with `in`: that code with the other word tested beside it, for the
/// engine to run in the model's stead. The 0.5B model sent its `'Failed' in line` back
/// (twenty-fourth set, task 28).
pub fn mended_word_added<'h>(
    history: &'h History,
    next: Option<&'h ToolCall>,
    cwd: &Path,
) -> Option<(String, String)> {
    let (code, how, request) = told_and_sent_back_asked(history, next, LOOKS_ALONE)?;
    let (searched, unsearched, _) = word_left_unsearched(&request, code, cwd)?;
    let test = regex::Regex::new(&format!(
        r#"(['"]){}['"]\s+in\s+([A-Za-z_][\w.]*(?:\(\))?)"#,
        regex::escape(&searched)
    ))
    .ok()?;
    let c = test.captures(code)?;
    let (whole, quote, line) = (c.get(0)?.as_str(), c.get(1)?.as_str(), c.get(2)?.as_str());
    let mended = code.replacen(
        whole,
        &format!("{whole} and {quote}{unsearched}{quote} in {line}"),
        1,
    );
    Some((
        mended,
        format!(
            "the model's code counts the lines with `{searched}` where the request asks for those with `{unsearched}` too, and {how}: running it testing both"
        ),
    ))
}

/// What the hint for a range of letters written as text says of it ([`letter_range_as_text`]).
const RANGE_AS_TEXT: &str = "is the three characters";

/// What the hint for a set of vowels that misses some says of it ([`vowels_left_out`]).
const VOWELS_LEFT_OUT: &str =
    "and the text of my request has them: your code never counts those vowels.";

/// When the model sends back, unchanged, Python code told that its set of vowels misses some
/// ([`VOWELS_LEFT_OUT`]), or answers after it: that code with all ten in the set, for the
/// engine to run in the model's stead. The 0.5B model sent `r'\b[aAEIOU]\w*\b'` back
/// (twenty-fifth set, task 3).
pub fn mended_vowels<'h>(
    history: &'h History,
    next: Option<&'h ToolCall>,
) -> Option<(String, String)> {
    let (code, how, request) = told_and_sent_back_asked(history, next, VOWELS_LEFT_OUT)?;
    let (set, missing) = vowels_left_out(&request, code)?;
    let at = code.find(set)?;
    let mended = format!("{}aeiouAEIOU{}", &code[..at], &code[at + set.len()..]);
    Some((
        mended,
        format!(
            "the model's set of vowels `{set}` leaves out {missing}, and {how}: running it with all five in both cases"
        ),
    ))
}

/// What the hint for a digit tested once per number says of the test ([`digit_counted_once`]).
const COUNTED_ONCE: &str = "counts a number once however many of the digit it has";

/// When the model sends back, unchanged, Python code told that its `'7' in str(n)` counts a
/// number once ([`COUNTED_ONCE`]), or answers after it: that code adding up the digit's
/// appearances instead (`count += str(n).count('7')`, `sum(str(n).count('7') for n in …)`),
/// for the engine to run in the model's stead. The 0.5B model sent its
/// `if '7' in str(number): count += 1` back until its time ran out (twenty-fifth set, task
/// 14).
pub fn mended_digit_count<'h>(
    history: &'h History,
    next: Option<&'h ToolCall>,
) -> Option<(String, String)> {
    let (code, how, request) = told_and_sent_back_asked(history, next, COUNTED_ONCE)?;
    let digit = digit_counted_once(&request, code)?;
    let mended = digit_appearances_counted(code, digit)?;
    Some((
        mended,
        format!(
            "the model's code counts each number holding a {digit} once, and {how}: running it adding up the {digit}s of each number"
        ),
    ))
}

/// `code` with its test of whether a number holds `digit` made a count of it: an `if '7' in
/// str(n):` whose body is `count += 1` becomes `count += str(n).count('7')`, and `sum(1 for n
/// in … if '7' in str(n))` becomes `sum(str(n).count('7') for n in …)`.
fn digit_appearances_counted(code: &str, digit: char) -> Option<String> {
    let test = regex::Regex::new(&format!(
        r#"^(\s*)if\s+['"]{digit}['"]\s+in\s+(str\([^()\n]*\))\s*:\s*$"#
    ))
    .ok()?;
    let added = regex::Regex::new(r"^\s*([A-Za-z_]\w*)\s*\+=\s*1\s*$").ok()?;
    let lines: Vec<&str> = code.lines().collect();
    let mut out = Vec::with_capacity(lines.len());
    let mut mended = false;
    let mut i = 0;
    while i < lines.len() {
        if let (Some(t), Some(a)) = (
            test.captures(lines[i]),
            lines.get(i + 1).and_then(|l| added.captures(l)),
        ) {
            out.push(format!("{}{} += {}.count('{digit}')", &t[1], &a[1], &t[2]));
            mended = true;
            i += 2;
            continue;
        }
        out.push(lines[i].to_string());
        i += 1;
    }
    let mut text = out.join("\n");
    let summed = regex::Regex::new(&format!(
        r#"sum\(\s*1\s+for\s+([A-Za-z_]\w*)\s+in\s+([^\n]+?)\s+if\s+['"]{digit}['"]\s+in\s+str\(\s*([A-Za-z_]\w*)\s*\)\s*\)"#
    ))
    .ok()?;
    if let Some(c) = summed.captures(&text)
        && c[1] == c[3]
    {
        let whole = c.get(0)?.range();
        let replaced = format!(
            "sum(str({0}).count('{digit}') for {0} in {1})",
            &c[1], &c[2]
        );
        text.replace_range(whole, &replaced);
        mended = true;
    }
    mended.then_some(text)
}

/// What the hint for copies of a text put side by side says of them ([`copies_side_by_side`]).
const SIDE_BY_SIDE: &str = "puts the copies side by side with nothing between them, and my request puts something between them:";

/// When the model sends back, unchanged, Python code told that its `text * 7` puts the copies
/// side by side ([`SIDE_BY_SIDE`]) where the request puts a space between them, or answers
/// after it: that code with the copies joined by a space, for the engine to run in the
/// model's stead.
pub fn mended_copies<'h>(
    history: &'h History,
    next: Option<&'h ToolCall>,
) -> Option<(String, String)> {
    let (code, how, request) = told_and_sent_back_asked(history, next, SIDE_BY_SIDE)?;
    if !request.to_lowercase().contains("space") {
        return None;
    }
    let (copies, n) = copies_side_by_side(&request, code)?;
    let text = copies.rsplit_once('*')?.0.trim();
    let at = code.find(copies)?;
    let mended = format!(
        "{}' '.join([{text}] * {n}){}",
        &code[..at],
        &code[at + copies.len()..]
    );
    Some((
        mended,
        format!(
            "the model's code puts the copies of `{text}` side by side, where the request has a space between them, and {how}: running it with them joined by a space"
        ),
    ))
}

/// When the model sends back, unchanged, Python code told that its `'A-F'` is three
/// characters ([`RANGE_AS_TEXT`]), or answers after it: that code with the range written out
/// (`'ABCDEF'`), for the engine to run in the model's stead. The 0.5B model sent its
/// `permutations('A-F', 4)` back (twenty-fourth set, task 20).
pub fn mended_letter_range<'h>(
    history: &'h History,
    next: Option<&'h ToolCall>,
) -> Option<(String, String)> {
    let (code, how) = told_and_sent_back(history, next, RANGE_AS_TEXT)?;
    let LetterRange {
        literal,
        from,
        to,
        written,
    } = letter_range_as_text(code)?;
    let quote = &literal[..1];
    let mended = code.replace(literal, &format!("{quote}{written}{quote}"));
    Some((
        mended,
        format!(
            "the model's code takes `{literal}` for the characters from {from} to {to}, and {how}: running it with them written out"
        ),
    ))
}

/// A range of characters written as text (`'A-F'`): the literal as the code has it, quotes
/// and all, its two ends, and every character from one to the other (`ABCDEF`).
struct LetterRange<'c> {
    literal: &'c str,
    from: char,
    to: char,
    written: String,
}

/// A range of letters or digits written as a string that code takes character by character
/// (`'A-F'` given to `permutations`, looped over, listed): that literal, quotes and all, when
/// the range holds more than the two ends (not in a regular expression's brackets).
fn letter_range_as_text(code: &str) -> Option<LetterRange<'_>> {
    static RANGE: std::sync::LazyLock<Option<regex::Regex>> = std::sync::LazyLock::new(|| {
        regex::Regex::new(
            r#"(?:\b(?:permutations|combinations|combinations_with_replacement|product|list|set|len|sorted|enumerate)\(\s*|\bin\s+)('[A-Za-z0-9]-[A-Za-z0-9]'|"[A-Za-z0-9]-[A-Za-z0-9]")"#,
        )
        .ok()
    });
    let bare = uncommented(code);
    let found = RANGE
        .as_ref()?
        .captures(&bare)?
        .get(1)?
        .as_str()
        .to_string();
    let bytes = found.as_bytes();
    let (from, to) = (bytes[1], bytes[3]);
    let same_kind = (from.is_ascii_uppercase() && to.is_ascii_uppercase())
        || (from.is_ascii_lowercase() && to.is_ascii_lowercase())
        || (from.is_ascii_digit() && to.is_ascii_digit());
    if !same_kind || to <= from + 1 {
        return None;
    }
    let at = code.find(&found)?;
    Some(LetterRange {
        literal: &code[at..at + found.len()],
        from: char::from(from),
        to: char::from(to),
        written: (from..=to).map(char::from).collect(),
    })
}

/// A Roman numeral of the request that takes a numeral away (`XLIV`), and its value, when the
/// code adds up a table of the numerals' values and never compares one with the next. The
/// 0.5B model made XLIV + LXXVIII 158 (twenty-fourth set, task 4).
fn roman_only_added<'r>(request: &'r str, code: &str) -> Option<(&'r str, u32)> {
    let bare = uncommented(code);
    let table = ["'V': 5", "\"V\": 5", "'X': 10", "\"X\": 10"]
        .iter()
        .any(|w| bare.contains(w));
    if !table
        || bare.contains('<')
        || bare.contains('>')
        || bare.contains("-=")
        || bare.contains(" - ")
    {
        return None;
    }
    request
        .split(|c: char| !c.is_ascii_alphabetic())
        .filter(|w| w.len() >= 2 && w.chars().all(|c| "IVXLCDM".contains(c)))
        .find_map(|w| {
            let value = |c: char| match c {
                'I' => 1,
                'V' => 5,
                'X' => 10,
                'L' => 50,
                'C' => 100,
                'D' => 500,
                _ => 1000,
            };
            let values: Vec<u32> = w.chars().map(value).collect();
            let takes_away = values.windows(2).any(|p| p[0] < p[1]);
            let total = values.iter().enumerate().fold(0i64, |sum, (i, v)| {
                if values.get(i + 1).is_some_and(|next| next > v) {
                    sum - i64::from(*v)
                } else {
                    sum + i64::from(*v)
                }
            });
            takes_away.then_some((w, u32::try_from(total).ok()?))
        })
}

/// The kind of letters a request counts (vowels, consonants) and the name of the code's set
/// of them, when the code counts what is `not in` it. The 0.5B model counted 11
/// "consonants" in 'Hello Wonderful World' with `if char not in consonants` (twenty-fourth
/// set, task 3).
fn kind_counted_inverted<'c>(request: &str, code: &'c str) -> Option<(&'static str, &'c str)> {
    let lower = request.to_lowercase();
    let kind = ["consonants", "vowels"]
        .into_iter()
        .find(|k| lower.starts_with("how many") && words_in(&lower).any(|w| w == *k))?;
    static NOT_IN: std::sync::LazyLock<Option<regex::Regex>> =
        std::sync::LazyLock::new(|| regex::Regex::new(r"\bnot\s+in\s+([A-Za-z_]\w*)").ok());
    let bare = uncommented(code);
    let name = NOT_IN
        .as_ref()?
        .captures_iter(&bare)
        .filter_map(|c| c.get(1))
        .map(|m| m.as_str())
        .find(|n| n.to_lowercase().contains(&kind[..kind.len() - 1]))?;
    let at = code.find(name)?;
    Some((kind, &code[at..at + name.len()]))
}

/// A set of vowels written in the code (`'aeiou'`, `[aAEIOU]`) that misses some the
/// request's text has, in the case the code compares them: the set as written and the vowels
/// it misses. The 0.5B model found 1 word starting with a vowel in 'an old owl sat in every
/// empty oak tree' with `r'\b[aAEIOU]\w*\b'` (twenty-fifth set, task 3).
fn vowels_left_out<'c>(request: &str, code: &'c str) -> Option<(&'c str, String)> {
    const VOWELS: &str = "aeiouAEIOU";
    let lower = request.to_lowercase();
    if !words_in(&lower).any(|w| matches!(w, "vowel" | "vowels" | "consonant" | "consonants")) {
        return None;
    }
    let bare = uncommented(code);
    let ignores_case = ["re.I", "IGNORECASE", "(?i)"]
        .iter()
        .any(|w| bare.contains(w));
    let lowered = ["lower()", "casefold()"].iter().any(|w| bare.contains(w));
    let raised = bare.contains("upper()");
    // The text the request gives in single quotes; without one, only a text the code folds
    // to one case is known to need that case's five.
    let given: String = request
        .split('\'')
        .skip(1)
        .step_by(2)
        .collect::<Vec<_>>()
        .join(" ");
    let needed: Vec<char> = if lowered || raised || ignores_case {
        let text = if given.is_empty() {
            "aeiou".to_string()
        } else {
            given.to_lowercase()
        };
        let mut v: Vec<char> = "aeiou".chars().filter(|c| text.contains(*c)).collect();
        if raised && !lowered && !ignores_case {
            v = v.iter().map(char::to_ascii_uppercase).collect();
        }
        v
    } else {
        VOWELS.chars().filter(|c| given.contains(*c)).collect()
    };
    if needed.is_empty() {
        return None;
    }
    static CLASS: std::sync::LazyLock<Option<regex::Regex>> =
        std::sync::LazyLock::new(|| regex::Regex::new(r"\[([aeiouAEIOU]{3,})\]").ok());
    let classes = CLASS
        .as_ref()?
        .find_iter(&bare)
        .map(|m| m.as_str().to_string());
    let literals = string_literals(&bare)
        .into_iter()
        .filter(|l| l.len() >= 3 && l.chars().all(|c| VOWELS.contains(c)))
        .map(|l| format!("'{l}'"));
    classes.chain(literals).find_map(|written| {
        let has = |c: char| {
            if ignores_case {
                written.to_lowercase().contains(c.to_ascii_lowercase())
            } else {
                written.contains(c)
            }
        };
        let missing: Vec<String> = needed
            .iter()
            .filter(|c| !has(**c))
            .map(|c| c.to_string())
            .collect();
        if missing.is_empty() {
            return None;
        }
        let inner = written.trim_matches(|c| matches!(c, '\'' | '[' | ']'));
        let at = code.find(inner)?;
        Some((&code[at..at + inner.len()], missing.join(", ")))
    })
}

/// The digit a request counts the appearances of ("how many times does the digit 7
/// appear"), when the code tests whether each number has it (`'7' in str(n)`) and never
/// counts it: 77 then counts once. The 0.5B model printed 19 for the 7s from 1 to 100
/// (twenty-fifth set, task 14).
fn digit_counted_once(request: &str, code: &str) -> Option<char> {
    let lower = request.to_lowercase();
    if !lower.contains("how many times") {
        return None;
    }
    static DIGIT: std::sync::LazyLock<Option<regex::Regex>> =
        std::sync::LazyLock::new(|| regex::Regex::new(r"\bdigit\s+(\d)\b").ok());
    let digit = DIGIT
        .as_ref()?
        .captures(&lower)?
        .get(1)?
        .as_str()
        .chars()
        .next()?;
    let bare = uncommented(code);
    let tested = [format!("'{digit}' in "), format!("\"{digit}\" in ")]
        .iter()
        .any(|t| bare.contains(t.as_str()));
    (tested && !bare.contains(".count(")).then_some(digit)
}

/// The code's `startswith` test, when the request does not count the spaces before a line's
/// start ("not counting leading spaces") and the code never strips them. The 0.5B model
/// counted 2 lines starting with `#` where one more has spaces before it (twenty-fifth set,
/// task 23).
fn leading_spaces_kept<'c>(request: &str, code: &'c str) -> Option<&'c str> {
    let lower = request.to_lowercase();
    if ![
        "leading space",
        "leading whitespace",
        "indentation",
        "indented",
    ]
    .iter()
    .any(|w| lower.contains(w))
    {
        return None;
    }
    // Not `uncommented`: the `#` a request asks about is in the code's strings.
    if code.contains("strip(") || code.contains("re.") {
        return None;
    }
    static TEST: std::sync::LazyLock<Option<regex::Regex>> =
        std::sync::LazyLock::new(|| regex::Regex::new(r"\w+\.startswith\([^()\n]*\)").ok());
    TEST.as_ref()?.find(code).map(|m| m.as_str())
}

/// Where a request asks which name has the largest (smallest) total and its CSV file has a
/// name on several rows, while the code adds nothing up per name: the file, that name and
/// how many rows it has. The 0.5B model compared the rows of sessions.csv one by one and
/// named the user of the single longest session (twenty-fifth set, task 27).
fn totals_not_grouped(request: &str, code: &str, cwd: &Path) -> Option<(String, String, usize)> {
    let lower = request.to_lowercase();
    let asks_which = lower.starts_with("which") || lower.starts_with("who");
    let totals = lower.contains("in total") || lower.contains("altogether");
    if !asks_which || !totals {
        return None;
    }
    let bare = uncommented(code);
    let grouped = [
        "{}",
        "dict(",
        "defaultdict",
        "Counter",
        "groupby",
        ".get(",
        "setdefault",
        "pivot",
    ]
    .iter()
    .any(|w| bare.contains(w));
    if grouped {
        return None;
    }
    named_files(request).into_iter().find_map(|file| {
        let (_, text) = csv_file(cwd, file)?;
        let rows = csv_rows(&text);
        let width = rows.first()?.len();
        (0..width).find_map(|column| {
            let values: Vec<&str> = rows.iter().filter_map(|r| r.get(column).copied()).collect();
            if values.iter().any(|v| v.parse::<f64>().is_ok()) {
                return None;
            }
            values.iter().find_map(|v| {
                let n = values.iter().filter(|w| *w == v).count();
                (n > 1).then(|| (file.to_string(), (*v).to_string(), n))
            })
        })
    })
}

/// Where `word` starts in `lower` as a word of its own (not `rome` of `chrome`).
fn word_at(lower: &str, word: &str) -> Option<usize> {
    lower.match_indices(word).map(|(at, _)| at).find(|&at| {
        let before = lower[..at].chars().next_back();
        let after = lower[at + word.len()..].chars().next();
        !before.is_some_and(char::is_alphanumeric) && !after.is_some_and(char::is_alphanumeric)
    })
}

/// Cities a request may ask the time of, with their time zones.
const CITY_ZONES: [(&str, &str); 26] = [
    ("london", "Europe/London"),
    ("paris", "Europe/Paris"),
    ("berlin", "Europe/Berlin"),
    ("madrid", "Europe/Madrid"),
    ("rome", "Europe/Rome"),
    ("moscow", "Europe/Moscow"),
    ("new york", "America/New_York"),
    ("los angeles", "America/Los_Angeles"),
    ("san francisco", "America/Los_Angeles"),
    ("chicago", "America/Chicago"),
    ("denver", "America/Denver"),
    ("toronto", "America/Toronto"),
    ("mexico city", "America/Mexico_City"),
    ("sao paulo", "America/Sao_Paulo"),
    ("tokyo", "Asia/Tokyo"),
    ("seoul", "Asia/Seoul"),
    ("beijing", "Asia/Shanghai"),
    ("shanghai", "Asia/Shanghai"),
    ("hong kong", "Asia/Hong_Kong"),
    ("singapore", "Asia/Singapore"),
    ("mumbai", "Asia/Kolkata"),
    ("delhi", "Asia/Kolkata"),
    ("dubai", "Asia/Dubai"),
    ("sydney", "Australia/Sydney"),
    ("auckland", "Pacific/Auckland"),
    ("cairo", "Africa/Cairo"),
];

/// A time in one city asked for a time in another, where the code never asks a time zone:
/// the zone the request gives the time in, and the zone it asks about. The 0.5B model set
/// `time_difference = 2` between London and Tokyo (twenty-sixth set, task 7).
fn zones_guessed(request: &str, code: &str) -> Option<(&'static str, &'static str)> {
    static CLOCK: std::sync::LazyLock<Option<regex::Regex>> = std::sync::LazyLock::new(|| {
        regex::Regex::new(r"(?i)\b\d{1,2}(?::\d{2})?\s*(?:[ap]\.?m\b)?|\bnoon\b|\bmidnight\b").ok()
    });
    let lower = request.to_lowercase();
    if !lower.contains("time") {
        return None;
    }
    let mut found: Vec<(usize, &'static str)> = CITY_ZONES
        .iter()
        .filter_map(|(city, zone)| word_at(&lower, city).map(|at| (at, *zone)))
        .collect();
    found.sort_unstable();
    found.dedup_by_key(|(_, zone)| *zone);
    let [(first_at, first), (_, second)] = found.as_slice() else {
        return None;
    };
    let bare = uncommented(code).to_lowercase();
    if [
        "zoneinfo",
        "pytz",
        "tz",
        "dateutil",
        "pendulum",
        "utcoffset",
        "arrow",
    ]
    .iter()
    .any(|w| bare.contains(w))
    {
        return None;
    }
    // The time is given in the city written after it ("in Tokyo when it is 14:00 in
    // London"), or before it ("14:00 in London is what time in Tokyo?").
    let clock = CLOCK
        .as_ref()?
        .find_iter(&lower)
        .find(|m| {
            m.as_str().contains(':')
                || m.as_str().contains('m')
                || m.as_str().contains("noon")
                || m.as_str().contains("midnight")
        })?
        .start();
    Some(if clock < *first_at {
        (*first, *second)
    } else {
        (*second, *first)
    })
}

/// A rate in bits (megabits per second, Mbps) and a size in bytes (GB, megabytes) in the
/// request, where the code has no 8 to turn one into the other: the rate as the request writes
/// it. The 0.5B model divided 2.4 GB by 50 megabits per second as they are (twenty-sixth set,
/// task 6).
fn bits_for_bytes<'r>(request: &'r str, code: &str) -> Option<&'r str> {
    static RATE: std::sync::LazyLock<Option<regex::Regex>> = std::sync::LazyLock::new(|| {
        regex::Regex::new(
            r"(?i)\b\d+(?:\.\d+)?\s*(?:[kmgt]bps|[kmgt]bit/s|(?:kilo|mega|giga|tera)?bits?\s+(?:per|a|/)\s*s(?:ec(?:ond)?)?)\b",
        )
        .ok()
    });
    static SIZE: std::sync::LazyLock<Option<regex::Regex>> = std::sync::LazyLock::new(|| {
        regex::Regex::new(r"(?i)\b\d+(?:\.\d+)?\s*(?:[kmgt]i?b|(?:kilo|mega|giga|tera)?bytes?)\b")
            .ok()
    });
    let rate = RATE.as_ref()?.find(request)?.as_str();
    SIZE.as_ref()?.find(request)?;
    let bare = uncommented(code);
    let eights = numbers_in(&bare)
        .iter()
        .any(|n| n.parse::<f64>().is_ok_and(|v| v == 8.0 || v == 0.125));
    (!eights && !bare.contains("<< 3") && !bare.contains(">> 3")).then_some(rate)
}

/// The code's own rounding to fewer decimals than the request asks (`:.0f` for "rounded to
/// cents"), when the one number printed has fewer: what the code wrote and how many it keeps.
/// The 0.5B model printed `f"{result:.0f}"`, 12, for 9.99 plus 20 percent rounded to cents
/// (twenty-sixth set, task 2).
fn fewer_decimals_kept(request: &str, code: &str, value: &str) -> Option<(String, usize, usize)> {
    static FORMAT: std::sync::LazyLock<Option<regex::Regex>> =
        std::sync::LazyLock::new(|| regex::Regex::new(r":[,_]?\.(\d)f").ok());
    let asked = decimals_asked(request)?;
    let numbers = numbers_in(value);
    let [n] = numbers.as_slice() else {
        return None;
    };
    if decimal_places(n) >= asked {
        return None;
    }
    let bare = uncommented(code);
    if let Some(caps) = FORMAT.as_ref()?.captures(&bare)
        && let Ok(kept) = caps[1].parse::<usize>()
        && kept < asked
    {
        return Some((caps[0].to_string(), kept, asked));
    }
    // `round(x)` keeps none, `round(x, 1)` one; `round(f(a, b))`, whose comma is not its
    // own, is left alone.
    let mut from = 0;
    while let Some(found) = bare[from..].find("round(") {
        let at = from + found;
        let open = at + "round(".len();
        let close = closing_paren(&bare, open)?;
        let own = !bare[..at]
            .chars()
            .next_back()
            .is_some_and(|c| c.is_alphanumeric() || c == '_' || c == '.');
        let args = &bare[open..close];
        let kept = match args.rsplit_once(',') {
            None => Some(0),
            Some((head, digits)) if head.matches('(').count() == head.matches(')').count() => {
                digits.trim().parse::<usize>().ok()
            }
            Some(_) => None,
        };
        if own
            && let Some(kept) = kept
            && kept < asked
        {
            return Some((bare[at..=close].to_string(), kept, asked));
        }
        from = close;
    }
    None
}

/// An `except` that returns None, where the code printed None: the `except` line. The 0.5B
/// model's `except Exception as e: return None` hid a socket error, and it answered that the
/// address is None (twenty-sixth set, task 12).
fn error_hidden(code: &str, value: &str) -> Option<String> {
    static HIDES: std::sync::LazyLock<Option<regex::Regex>> = std::sync::LazyLock::new(|| {
        regex::Regex::new(
            r"(?m)^[ \t]*(except\b[^\n:]*:)[ \t]*(?:#[^\n]*)?\n?[ \t]*return(?: None)?[ \t]*$",
        )
        .ok()
    });
    if !words_in(value).any(|w| w == "None") {
        return None;
    }
    let bare = uncommented(code);
    Some(
        HIDES
            .as_ref()?
            .captures(&bare)?
            .get(1)?
            .as_str()
            .to_string(),
    )
}

/// A day of the week asked of the dates a file holds (`2026-11-02` lines, no day names), where
/// the code never asks a date's day: the file and its first date. The 0.5B model took each
/// line's first word, the year, for its day (twenty-sixth set, task 29).
fn file_dates_weekday_unasked(
    request: &str,
    code: &str,
    cwd: &Path,
) -> Option<(String, String, String)> {
    let lower = request.to_lowercase();
    // Weekend days too (the 1.5B model looked for `Saturday` in temps.csv's dates and divided
    // by none; twenty-ninth set, task 18).
    if !["weekday", "day of the week", "weekend"]
        .iter()
        .any(|w| lower.contains(w))
    {
        return None;
    }
    // The day asked of a date, not a name that says weekday (`weekday_counts`).
    let bare = uncommented(code).to_lowercase();
    if [
        ".weekday(",
        "isoweekday(",
        "strftime(",
        "calendar.",
        "day_name",
        "dayofweek",
        "%a",
    ]
    .iter()
    .any(|w| bare.contains(w))
    {
        return None;
    }
    named_files(request).into_iter().find_map(|name| {
        let text = std::fs::read_to_string(cwd.join(name)).ok()?;
        let low = text.to_lowercase();
        if WEEKDAYS.iter().any(|d| low.contains(&d.to_lowercase())) {
            return None;
        }
        let date = ISO_DATE.as_ref()?.find(&text)?.as_str().to_string();
        // Where a line's date is: the line itself, or a field of it (`2026-11-02,120` under
        // `date,amount`: the 1.5B model's `row['date']` was told `line.strip()`; twenty-eighth
        // set, task 16).
        let line = text.lines().find(|l| l.contains(&date))?.trim();
        let how = if line == date {
            "line.strip()".to_string()
        } else if line.contains(',') {
            let at = line.split(',').position(|f| f.trim() == date)?;
            let header = text
                .lines()
                .next()
                .filter(|h| !ISO_DATE.as_ref().is_some_and(|d| d.is_match(h)));
            match header.and_then(|h| h.split(',').nth(at)).map(str::trim) {
                Some(column) if bare.contains("dictreader") || bare.contains("row[") => {
                    format!("row['{column}']")
                }
                _ => format!("line.split(',')[{at}]"),
            }
        } else {
            let at = line.split_whitespace().position(|f| f == date)?;
            format!("line.split()[{at}]")
        };
        Some((name.to_string(), date, how))
    })
}

/// Where the code counts lines by how they start (`line.strip().startswith('# TODO')`) and a
/// line of the files the request is about holds the mark after other text (`return 1  # TODO
/// handle errors`), while the request says nothing of a start: the test, the mark, the file
/// and that line. The 0.5B model counted 2 of the 3 TODO comments of the .py files
/// (twenty-sixth set, task 23).
fn mark_after_text<'c>(
    request: &str,
    code: &'c str,
    cwd: &Path,
) -> Option<(&'c str, &'c str, String, String)> {
    let lower = request.to_lowercase();
    if ["start", "begin", "first"]
        .iter()
        .any(|w| lower.contains(w))
    {
        return None;
    }
    let caps = STARTS_WITH.as_ref()?.captures(code)?;
    let test = caps.get(0)?.as_str();
    let mark = caps.get(1).or_else(|| caps.get(2))?.as_str();
    // Looked for anywhere in a line as well: nothing missed.
    let anywhere = [
        format!("'{mark}' in"),
        format!("\"{mark}\" in"),
        ".count(".to_string(),
    ];
    if !mark.chars().any(char::is_alphabetic) || anywhere.iter().any(|w| code.contains(w.as_str()))
    {
        return None;
    }
    // A command counted (`git commands`): a line that holds it after other text (`echo git`)
    // runs another command ([`command_word_untested`] tells that case).
    if names_command(&lower, mark) {
        return None;
    }
    // A line commented out (`# Disallow: /old/`) is no line that holds the mark: the 1.5B model
    // was told to count it in robots.txt (thirty-third set, task 21).
    let (name, line) = line_in_files_asked(request, code, cwd, |l| {
        l.find(mark).is_some_and(|at| {
            let before = l[..at].trim_start();
            at > 0 && !["#", "//", ";", "--"].iter().any(|c| before.starts_with(c))
        })
    })?;
    Some((test, mark, name, line))
}

/// A labelled line the code picks (`line.startswith('MemTotal')`) whose label holds no word of
/// the request, where another label of the file does (`MemAvailable` for "How much memory is
/// available"): the code's label, the word, the other label and the file. The 1.5B model read
/// MemTotal from meminfo.txt (thirty-fourth set, task 17).
fn other_label_asked(
    request: &str,
    code: &str,
    cwd: &Path,
) -> Option<(String, String, String, String)> {
    static LABEL: std::sync::LazyLock<Option<regex::Regex>> = std::sync::LazyLock::new(|| {
        regex::Regex::new(r"(?m)^[ \t]*([A-Za-z_][\w.()-]*)[ \t]*[:=]").ok()
    });
    let bare = uncommented(code);
    let (file, text) = file_the_code_reads(&bare, cwd)?;
    let labels: Vec<&str> = LABEL
        .as_ref()?
        .captures_iter(&text)
        .filter_map(|c| Some(c.get(1)?.as_str()))
        .collect();
    if labels.len() < 2 {
        return None;
    }
    let lower = request.to_lowercase();
    let words: Vec<&str> = words_in(&lower)
        .filter(|w| w.chars().count() >= 4 && w.chars().all(char::is_alphabetic))
        .filter(|w| !file.to_lowercase().contains(w))
        .collect();
    let holds_word = |label: &str| {
        let label = label.to_lowercase();
        words.iter().copied().find(|w| label.contains(w))
    };
    string_literals(&bare).into_iter().find_map(|literal| {
        let taken = literal.trim_end_matches([':', '=']).trim();
        if !labels.contains(&taken) || holds_word(taken).is_some() {
            return None;
        }
        let mut others = labels
            .iter()
            .filter_map(|l| Some((*l, holds_word(l)?)))
            .filter(|(l, _)| *l != taken);
        let (other, word) = others.next()?;
        others.next().is_none().then(|| {
            (
                taken.to_string(),
                word.to_string(),
                other.to_string(),
                file.clone(),
            )
        })
    })
}

/// Whether the request counts commands of `mark`'s name ("git commands", "the docker
/// command").
fn names_command(lower_request: &str, mark: &str) -> bool {
    let mark = mark.trim().to_lowercase();
    !mark.is_empty()
        && !mark.contains(char::is_whitespace)
        && (lower_request.contains(&format!("{mark} command"))
            || lower_request.contains(&format!("command {mark}")))
}

/// A line's start tested for a command's name (`line.startswith("git")`) where the request
/// counts that command: lines that run it after spaces (` git push`) are missed, and lines
/// that run another command whose name begins so (`gitk --all`) are taken. The test, the name,
/// the file and such a line. The 1.5B model's right count of git commands in history.txt was
/// told to test `'git' in line` instead, which took `echo git` (thirty-fourth set, task 29).
fn command_word_untested<'c>(
    request: &str,
    code: &'c str,
    cwd: &Path,
) -> Option<(&'c str, &'c str, String, String)> {
    let lower = request.to_lowercase();
    if code.contains("split()[0]") {
        return None;
    }
    let (test, mark) = STARTS_WITH.as_ref()?.captures_iter(code).find_map(|caps| {
        let mark = caps.get(1).or_else(|| caps.get(2))?.as_str();
        names_command(&lower, mark).then_some((caps.get(0)?.as_str(), mark))
    })?;
    let (name, line) = line_in_files_asked(request, code, cwd, |l| {
        let first = l.split_whitespace().next().unwrap_or_default();
        (first == mark && !l.starts_with(mark)) || (first != mark && first.starts_with(mark))
    })?;
    Some((test, mark, name, line))
}

/// The files here a request is about: those it or the code names, and those of the kind it
/// names ("the .py files of this folder"), by name.
fn files_asked(request: &str, code: &str, cwd: &Path) -> Vec<String> {
    let mut names: Vec<String> = named_files(request)
        .into_iter()
        .chain(named_files(code))
        .map(str::to_string)
        .collect();
    if let Some(ext) = asked_extension(request)
        && let Ok(entries) = std::fs::read_dir(cwd)
    {
        let mut found: Vec<String> = entries
            .flatten()
            .filter_map(|e| e.file_name().into_string().ok())
            .filter(|n| n.ends_with(&format!(".{ext}")))
            .collect();
        found.sort();
        names.extend(found);
    }
    let mut once = Vec::new();
    for name in names {
        if !once.contains(&name) {
            once.push(name);
        }
    }
    once
}

/// The first of the files here a request is about ([`files_asked`]) with a line that `holds`:
/// the file and that line, trimmed.
fn line_in_files_asked(
    request: &str,
    code: &str,
    cwd: &Path,
    holds: impl Fn(&str) -> bool,
) -> Option<(String, String)> {
    files_asked(request, code, cwd)
        .into_iter()
        .find_map(|name| {
            let text = std::fs::read_to_string(cwd.join(&name)).ok()?;
            let line = text.lines().map(str::trim).find(|l| holds(l))?.to_string();
            Some((name, line))
        })
}

/// A mark in capitals the request counts (TODO, FIXME) that the files it is about hold and the
/// code never looks for: the mark, a file and a line of it that holds it. The 1.5B model
/// counted every comment line of the .py files for their TODO comments (twenty-sixth set,
/// task 23).
fn capital_mark_unsearched(
    request: &str,
    code: &str,
    cwd: &Path,
) -> Option<(String, String, String)> {
    if !request.to_lowercase().starts_with("how many") {
        return None;
    }
    let mark =
        words_in(request).find(|w| w.len() >= 3 && w.chars().all(|c| c.is_ascii_uppercase()))?;
    // Looked for in a string, not a name that says it (`count_todo_comments`).
    let lower_mark = mark.to_lowercase();
    if string_literals(code)
        .iter()
        .any(|l| l.to_lowercase().contains(&lower_mark))
    {
        return None;
    }
    let (name, line) = line_in_files_asked(request, code, cwd, |l| l.contains(mark))?;
    Some((mark.to_string(), name, line))
}

/// A version number's parts (`1.10.2`: 1, 10, 2); `None` for anything else.
fn version_parts(text: &str) -> Option<Vec<u64>> {
    let text = text.trim().trim_start_matches(['v', 'V']);
    text.split('.').map(|p| p.parse().ok()).collect()
}

/// The length of a file's longest line printed, where the request asks which line is the
/// longest by its number: the file and that length (not the line's number: the code is to
/// find it). The 0.5B model printed
/// `max(len(line) for line in lines)`, 91, for "Which line number of essay.txt is the
/// longest?" (twenty-seventh set, task 27).
fn length_for_line_number(request: &str, value: &str, cwd: &Path) -> Option<(String, usize)> {
    let lower = request.to_lowercase();
    if !lower.contains("line number") && !lower.contains("which line") {
        return None;
    }
    if !["longest", "shortest"].iter().any(|w| lower.contains(w)) {
        return None;
    }
    let printed: Vec<usize> = numbers_in(value)
        .into_iter()
        .filter_map(|n| n.parse().ok())
        .collect();
    named_files(request).into_iter().find_map(|name| {
        let text = std::fs::read_to_string(cwd.join(name)).ok()?;
        let lengths: Vec<usize> = text.lines().map(|l| l.chars().count()).collect();
        let pick = if lower.contains("shortest") {
            lengths.iter().copied().min()?
        } else {
            lengths.iter().copied().max()?
        };
        let number = lengths.iter().position(|&n| n == pick)? + 1;
        // The length, with its newline or without; never the number itself.
        let length = [pick, pick + 1]
            .into_iter()
            .find(|n| printed.contains(n) && *n != number)?;
        (!printed.contains(&number)).then(|| (name.to_string(), length))
    })
}

/// Where the request says how things are written by an example ("not written as
/// 555-123-4567", "in the format 2026-01-31") and the code looks for that example itself: the
/// example and the pattern it shows (digits `\d{3}`, letters `[A-Za-z]{3}`, the rest as it
/// is). The 0.5B model counted the lines holding `555-123-4567` (twenty-seventh set, task 24).
fn example_searched(request: &str, code: &str) -> Option<(String, String)> {
    static EXAMPLE: std::sync::LazyLock<Option<regex::Regex>> = std::sync::LazyLock::new(|| {
        regex::Regex::new(
            r"(?i)\b(?:written as|in the format|formatted as|in the form|of the form|like)\s+'?([A-Za-z0-9]+(?:[-./: ][A-Za-z0-9]+)+)'?",
        )
        .ok()
    });
    let example = EXAMPLE.as_ref()?.captures(request)?.get(1)?.as_str();
    // A shape of digits (a phone number, a date), not words.
    if !example.chars().any(|c| c.is_ascii_digit()) {
        return None;
    }
    let quoted = string_literals(code)
        .iter()
        .any(|literal| literal.contains(example));
    if !quoted {
        return None;
    }
    let mut pattern = String::new();
    let mut chars = example.chars().peekable();
    while let Some(c) = chars.next() {
        let (class, same): (&str, fn(char) -> bool) = if c.is_ascii_digit() {
            (r"\d", |c: char| c.is_ascii_digit())
        } else if c.is_ascii_alphabetic() {
            ("[A-Za-z]", |c: char| c.is_ascii_alphabetic())
        } else {
            pattern.push_str(&regex::escape(&c.to_string()));
            continue;
        };
        let mut n = 1;
        while chars.next_if(|&next| same(next)).is_some() {
            n += 1;
        }
        pattern.push_str(class);
        if n > 1 {
            pattern.push_str(&format!("{{{n}}}"));
        }
    }
    Some((example.to_string(), pattern))
}

/// Whether an XML search's output says it found nothing: empty, a 0, an empty list or `None`.
fn search_found_nothing(value: &str) -> bool {
    value.trim().is_empty()
        || numbers_in(value).contains(&"0")
        || value.contains("[]")
        || value.contains("None")
}

/// An XML search by a bare tag (`root.findall('.//lastmod')`) that found nothing, where a
/// file the request names puts its elements in a default namespace (`xmlns="…"`), so that
/// ElementTree names them `{…}lastmod`: the tag, the file and the namespace. The 1.5B model
/// counted no sitemap URL of 2026, told only to search at any depth (thirty-third set, task
/// 22).
fn namespace_unnamed(
    request: &str,
    code: &str,
    value: &str,
    cwd: &Path,
) -> Option<(String, String, String)> {
    static SEARCH: std::sync::LazyLock<Option<regex::Regex>> = std::sync::LazyLock::new(|| {
        regex::Regex::new(
            r#"\.(?:findall|find|iterfind|iter|findtext)\(\s*(?:'(?:\.//)?([A-Za-z_][\w-]*)'|"(?:\.//)?([A-Za-z_][\w-]*)")\s*\)"#,
        )
        .ok()
    });
    static SPACE: std::sync::LazyLock<Option<regex::Regex>> = std::sync::LazyLock::new(|| {
        regex::Regex::new(r#"<[A-Za-z_][\w:-]*[^>]*?\sxmlns\s*=\s*["']([^"']+)["']"#).ok()
    });
    let bare = uncommented(code);
    if !search_found_nothing(value) || bare.contains("namespaces") || bare.contains("{http") {
        return None;
    }
    SEARCH.as_ref()?.captures_iter(&bare).find_map(|c| {
        let tag = c.get(1).or_else(|| c.get(2))?.as_str();
        named_files(request).into_iter().find_map(|name| {
            let text = small_file_text(&cwd.join(name))?;
            let space = SPACE
                .as_ref()?
                .captures(&text)?
                .get(1)?
                .as_str()
                .to_string();
            // With attributes too (GPX's `<trkpt lat="…">`; the 1.5B model counted 0 track
            // points, untold; thirty-fourth set, task 21).
            [">", " ", "/"]
                .iter()
                .any(|after| text.contains(&format!("<{tag}{after}")))
                .then(|| (tag.to_string(), name.to_string(), space))
        })
    })
}

/// An XML search of an element's children alone (`root.findall('item')`) that found nothing,
/// where a file the request names has that tag deeper: the call, the tag and the file. The 0.5B model counted 0 `<item>` in an RSS feed, whose items are under
/// `<channel>` (twenty-seventh set, task 21).
fn children_searched(
    request: &str,
    code: &str,
    value: &str,
    cwd: &Path,
) -> Option<(String, String, String)> {
    static SEARCH: std::sync::LazyLock<Option<regex::Regex>> = std::sync::LazyLock::new(|| {
        regex::Regex::new(
            r#"\.(?:findall|find|iterfind)\(\s*(?:'([A-Za-z_][\w-]*)'|"([A-Za-z_][\w-]*)")\s*\)"#,
        )
        .ok()
    });
    if !search_found_nothing(value) {
        return None;
    }
    let bare = uncommented(code);
    SEARCH.as_ref()?.captures_iter(&bare).find_map(|c| {
        let call = c.get(0)?.as_str();
        let tag = c.get(1).or_else(|| c.get(2))?.as_str();
        named_files(request).into_iter().find_map(|name| {
            let text = std::fs::read_to_string(cwd.join(name)).ok()?;
            let found = text
                .match_indices(&format!("<{tag}"))
                .filter(|(at, _)| {
                    text[at + tag.len() + 1..]
                        .chars()
                        .next()
                        .is_some_and(|c| c == '>' || c == ' ' || c == '/')
                })
                .count();
            // How deep the first one sits: elements opened and not yet closed before it (the
            // root and one more at least, or the root's children would hold it).
            let first = text.find(&format!("<{tag}"))?;
            let mut depth = 0i32;
            for (at, _) in text[..first].match_indices('<') {
                let rest = &text[at + 1..first];
                let end = rest.find('>').unwrap_or(rest.len());
                if rest.starts_with('/') {
                    depth -= 1;
                } else if rest.starts_with(|c: char| c.is_ascii_alphabetic())
                    && !rest[..end].ends_with('/')
                {
                    depth += 1;
                }
            }
            (found > 0 && depth >= 2).then(|| (call.to_string(), tag.to_string(), name.to_string()))
        })
    })
}

/// A request that asks how many of something are needed, or how many it takes to reach at
/// least a total ("how many months does it take to have at least 2000", saving 150 a month), of
/// two whole numbers that do not divide, and code that rounds nothing up: the larger number and
/// the smaller.
fn needed_division(request: &str, code: &str) -> Option<(u64, u64)> {
    let lower = request.to_lowercase();
    let at_least = lower.contains("how many") && lower.contains("at least");
    if !(asks_needed(&lower) || at_least) || code.contains("ceil") {
        return None;
    }
    let (total, per) = whole_pair(request)?;
    (per > 0 && total % per != 0).then_some((total, per))
}

/// Whether a request (lowercased) asks how many of something are needed or required.
fn asks_needed(lower: &str) -> bool {
    lower.contains("how many")
        && words_in(lower).any(|w| ["need", "needs", "needed", "required"].contains(&w))
}

/// When the request gives exactly two whole numbers: the larger and the smaller.
fn whole_pair(request: &str) -> Option<(u64, u64)> {
    let given: Vec<u64> = numbers_in(request)
        .into_iter()
        .filter_map(|n| n.parse().ok())
        .collect();
    let [a, b] = given.as_slice() else {
        return None;
    };
    Some(((*a).max(*b), (*a).min(*b)))
}

/// How many it takes to reach at least a total, and the code printed a number with a fraction
/// (`12.33`), no count: what it printed, and the request's two numbers. The 1.5B model took the
/// 150 saved a month from the 2000 to reach and printed 12.33 months (twenty-seventh set, task
/// 3). Only "at least": what is needed may come in fractions ("how many hours are needed to
/// drive 300 km at 80 km/h", 3.75).
fn fraction_for_needed(request: &str, code: &str, value: &str) -> Option<(String, u64, u64)> {
    if !request.to_lowercase().contains("at least") {
        return None;
    }
    let (total, per) = needed_division(request, code)?;
    // What it computed, not the request's numbers it said again ("12.33 months to have at
    // least 2000").
    let printed: Vec<&str> = numbers_in(value)
        .into_iter()
        .filter(|n| !same_number(n, &total.to_string()) && !same_number(n, &per.to_string()))
        .collect();
    let [printed] = printed.as_slice() else {
        return None;
    };
    let fraction = printed.parse::<f64>().ok()?.fract() != 0.0;
    fraction.then(|| (printed.to_string(), total, per))
}

/// A setting the request names (`max_connections`) that a file it names sets on a line, and also
/// mentions on a comment line before it (`#max_connections = 100`), where the run printed the
/// comment's value: the comment line, the file and the setting. The 0.5B model's `re.search`
/// found postgresql.conf's commented default first (twenty-eighth set, task 27).
fn commented_setting_read(
    request: &str,
    value: &str,
    cwd: &Path,
) -> Option<(String, String, String)> {
    static SETTING: std::sync::LazyLock<Option<regex::Regex>> = std::sync::LazyLock::new(|| {
        regex::Regex::new(r"^\s*([#;]+)\s*([A-Za-z_][\w.-]*)\s*[=:]?\s*([^#\s]+)").ok()
    });
    let printed = numbers_in(value);
    named_files(request).into_iter().find_map(|file| {
        let text = std::fs::read_to_string(cwd.join(file)).ok()?;
        text.lines().find_map(|line| {
            let c = SETTING.as_ref()?.captures(line)?;
            let (key, commented) = (c.get(2)?.as_str(), c.get(3)?.as_str());
            let asked = words_in(request).any(|w| w == key);
            let set_elsewhere = text.lines().any(|other| {
                let other = other.trim_start();
                !other.starts_with(['#', ';'])
                    && other.strip_prefix(key).is_some_and(|rest| {
                        rest.trim_start().starts_with(['=', ':', ' ', '\t'])
                            && !rest.contains(commented)
                    })
            });
            let from_comment = printed.iter().any(|p| same_number(p, commented))
                || value.split_whitespace().any(|w| w == commented);
            (asked && set_elsewhere && from_comment)
                .then(|| (line.trim().to_string(), file.to_string(), key.to_string()))
        })
    })
}

/// A text the code looks for that is one whole line of a file the request names
/// (`'test_login PASSED'`), where a word of it is on other lines too (`PASSED`): the line, the
/// file and that word (the one on the most lines, not on all). The 0.5B model counted the two
/// passed tests the file's head showed, by their whole lines (twenty-eighth set, task 17).
fn whole_lines_searched(request: &str, code: &str, cwd: &Path) -> Option<(String, String, String)> {
    let bare = uncommented(code);
    let literals = string_literals(&bare);
    named_files(request).into_iter().find_map(|file| {
        let text = std::fs::read_to_string(cwd.join(file)).ok()?;
        let lines: Vec<&str> = text
            .lines()
            .map(str::trim)
            .filter(|l| !l.is_empty())
            .collect();
        // A line the code finds its place by (`text.find('User-agent: *')`, to take the
        // lines after it), or counts as a piece of text, is no search for lines like it: the 1.5B model, told so, counted
        // the `User-agent:` lines' rules instead (thirty-third set, task 21).
        let locates = |l: &str| {
            [
                ".find(",
                ".index(",
                ".split(",
                ".partition(",
                ".rfind(",
                ".count(",
            ]
            .iter()
            .any(|call| {
                bare.contains(&format!("{call}'{l}'")) || bare.contains(&format!("{call}\"{l}\""))
            })
        };
        let line = literals
            .iter()
            .map(|l| l.trim())
            .find(|l| l.contains(' ') && lines.contains(l) && !locates(l))?;
        let named = literals
            .iter()
            .filter(|l| lines.contains(&l.trim()))
            .count();
        let word = line
            .split_whitespace()
            .map(|w| {
                (
                    w,
                    lines
                        .iter()
                        .filter(|l| l.split_whitespace().any(|x| x == w))
                        .count(),
                )
            })
            .filter(|(_, on)| *on > named && *on < lines.len())
            .max_by_key(|(_, on)| *on)?
            .0;
        Some((line.to_string(), file.to_string(), word.to_string()))
    })
}

/// A division rounded down where the request asks how many are needed.
#[derive(Debug, PartialEq)]
struct Leftover {
    total: u64,
    per: u64,
    whole: u64,
    rest: u64,
}

/// How many containers are needed ("How many pages does a list of 356 items need at 25 items
/// per page?"), and the code printed the division rounded down (14), which leaves items out:
/// the request's two numbers and what is left over. The 0.5B model's `356 // 25` (twenty-
/// seventh set, task 13).
fn rounded_down_for_needed(request: &str, code: &str, value: &str) -> Option<Leftover> {
    let (total, per) = needed_division(request, code)?;
    let whole = total / per;
    let printed = numbers_in(value);
    let [printed] = printed.as_slice() else {
        return None;
    };
    let printed: f64 = printed.parse().ok()?;
    (printed == whole as f64).then_some(Leftover {
        total,
        per,
        whole,
        rest: total % per,
    })
}

/// The lines of a text that are all version numbers of two parts or more (`1.9.7`, `v2.0`),
/// sorted oldest first, with their parts; `None` when a line is something else or there are
/// none.
fn version_lines(text: &str) -> Option<Vec<(Vec<u64>, &str)>> {
    let mut versions: Vec<(Vec<u64>, &str)> = text
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty())
        .map(|l| version_parts(l).filter(|p| p.len() > 1).map(|p| (p, l)))
        .collect::<Option<_>>()?;
    versions.sort();
    (!versions.is_empty()).then_some(versions)
}

/// Versions compared as text: the request asks for the newest (oldest) version of a file whose
/// lines are version numbers, and the code printed another of them, with no split into
/// numbers: the file. As text `'1.9.7' > '1.10.2'`.
fn versions_as_text(request: &str, code: &str, value: &str, cwd: &Path) -> Option<String> {
    let lower = request.to_lowercase();
    if !lower.contains("version") {
        return None;
    }
    let oldest = ["oldest", "earliest", "lowest", "smallest"]
        .iter()
        .any(|w| lower.contains(w));
    let newest = ["newest", "latest", "highest", "largest", "most recent"]
        .iter()
        .any(|w| lower.contains(w));
    // Parts compared as numbers: right, or wrong some other way. Split but not converted, they
    // still compare as text (the 1.5B model's `key=lambda line: line.split('.')[0]`).
    let split = code.contains(".split('.')") || code.contains(".split(\".\")");
    let converted = code.contains("map(int")
        || code.match_indices("int(").any(|(at, _)| {
            !code[..at]
                .chars()
                .next_back()
                .is_some_and(|c| c.is_alphanumeric() || c == '_')
        });
    if oldest == newest || (split && converted) {
        return None;
    }
    named_files(request).into_iter().find_map(|name| {
        let text = std::fs::read_to_string(cwd.join(name)).ok()?;
        let versions = version_lines(&text)?;
        let (_, right) = if newest {
            versions.last()?
        } else {
            versions.first()?
        };
        let said = value.split_whitespace().any(|w| {
            w.trim_matches(|c: char| !c.is_ascii_digit()) == right.trim_start_matches(['v', 'V'])
        });
        let other = versions
            .iter()
            .any(|(_, v)| v != right && value.contains(v));
        (!said && other).then(|| name.to_string())
    })
}

/// A size converted between units of bytes ("1.5 GiB in MiB") to a value that is not the
/// size times the steps between them (1024 each for KiB, MiB…, 1000 or 1024 for kB, MB…):
/// the two units and the steps. The 1.5B model multiplied 1.5 GiB by 1024 twice (twenty-sixth
/// set, task 16).
fn byte_units_off(request: &str, value: &str) -> Option<BytesOff> {
    static ASKED: std::sync::LazyLock<Option<regex::Regex>> = std::sync::LazyLock::new(|| {
        regex::Regex::new(r"(?i)\b(\d+(?:\.\d+)?)\s*([kmgtp]i?b|bytes?)\s+(?:in|to|into|as)\s+([kmgtp]i?b|bytes)\b")
            .ok()
    });
    let caps = ASKED.as_ref()?.captures(request)?;
    let amount: f64 = caps[1].parse().ok()?;
    let step = |unit: &str| -> Option<i32> {
        let first = unit.to_lowercase().chars().next()?;
        Some(match first {
            'b' => 0,
            'k' => 1,
            'm' => 2,
            'g' => 3,
            't' => 4,
            'p' => 5,
            _ => return None,
        })
    };
    let (from, to) = (caps[2].to_string(), caps[3].to_string());
    let steps = step(&from)? - step(&to)?;
    if steps == 0 {
        return None;
    }
    let numbers = numbers_in(value);
    let [n] = numbers.as_slice() else {
        return None;
    };
    let n: f64 = n.parse().ok()?;
    let binary = from.to_lowercase().contains('i') || to.to_lowercase().contains('i');
    let bases: &[f64] = if binary { &[1024.0] } else { &[1000.0, 1024.0] };
    let right = bases.iter().any(|base| {
        let want = amount * base.powi(steps);
        (n - want).abs() <= want.abs() * 1e-6 + 0.5e-2
    });
    (!right).then_some(BytesOff {
        from,
        to,
        steps,
        binary,
    })
}

/// A size converted by the wrong steps ([`byte_units_off`]).
#[derive(Debug, PartialEq)]
struct BytesOff {
    from: String,
    to: String,
    /// Steps from the one unit to the other: more than 0 to a smaller unit.
    steps: i32,
    /// KiB, MiB…: 1024 a step (kB, MB… may mean 1000 or 1024).
    binary: bool,
}

/// A count of the things with no X ("How many images have no alt text?") where the code looks
/// for X and never negates anything: X and the code's literal that holds it. The 0.5B model
/// counted the `<img>` tags that have `alt="…"`, 3, for the 2 that have none (twenty-sixth set,
/// task 21).
fn absence_counted_as_presence<'c>(
    request: &str,
    code: &'c str,
    value: &str,
) -> Option<(String, &'c str)> {
    static NONE: std::sync::LazyLock<Option<regex::Regex>> = std::sync::LazyLock::new(|| {
        regex::Regex::new(r"(?i)\bhow many\b.*\b(?:(?:have|has|with|had)\s+no|without|lack(?:s|ing)?|missing)\s+(?:an?\s+|the\s+)?([a-z][\w-]*)").ok()
    });
    let thing = NONE.as_ref()?.captures(request)?[1].to_lowercase();
    if numbers_in(value).len() != 1 {
        return None;
    }
    let bare = uncommented(code);
    let negates = [
        "not ",
        "!=",
        "(?!",
        " - ",
        "-len",
        "== 0",
        "is None",
        "== ''",
        "== \"\"",
        "~",
        "isnull",
        "isna",
        "difference",
    ];
    if negates.iter().any(|n| bare.contains(n)) {
        return None;
    }
    let literal = string_literals(code)
        .into_iter()
        .find(|l| l.to_lowercase().contains(&thing))?;
    Some((thing, literal))
}

/// Tags looked for in a page read with `computer.files.read`, which gives its text with the
/// tags taken out: the page and the literal. The 1.5B model found no `<a` in page.html read
/// so, and answered that it has 0 links (twenty-sixth set, task 30).
fn tags_sought_in_text(code: &str) -> Option<(&str, &str)> {
    let bare = uncommented(code);
    if !bare.contains("computer.files.read(") {
        return None;
    }
    let page = named_files(code).into_iter().find(|n| {
        let n = n.to_lowercase();
        n.ends_with(".html") || n.ends_with(".htm") || n.ends_with(".xhtml")
    })?;
    let tag = string_literals(code).into_iter().find(|l| {
        l.char_indices().any(|(i, c)| {
            c == '<'
                && l[i + 1..]
                    .chars()
                    .next()
                    .is_some_and(|n| n.is_ascii_alphabetic() || n == '/')
        })
    })?;
    Some((page, tag))
}

/// A text's bytes asked, where the code measured the Python object (`sys.getsizeof`): the
/// 1.5B model printed 83 for the 12 bytes of 'naïve café' in UTF-8 (twenty-sixth set, task 5).
fn object_size_for_bytes(request: &str, code: &str) -> bool {
    let lower = request.to_lowercase();
    words_in(&lower).any(|w| w == "bytes" || w == "byte") && uncommented(code).contains("getsizeof")
}

/// Accents asked away, where the code printed fewer letters than the request's text has, or
/// an accented letter of it still: the 1.5B model deleted é from 'résumé' and printed `rsum`,
/// and once tested `unicodedata.category(c)` of letters never taken apart from their
/// accents, and printed `résumé` (twenty-sixth set, task 8).
fn accents_deleted(request: &str, value: &str) -> bool {
    let lower = request.to_lowercase();
    if !["accent", "diacritic"].iter().any(|w| lower.contains(w)) {
        return false;
    }
    let Some(text) = string_literals(request).into_iter().next() else {
        return false;
    };
    let letters = |t: &str| t.chars().filter(|c| c.is_alphabetic()).count();
    // Letters dropped with their accents, or accented letters of the text still there.
    let shorter = letters(value) < letters(text);
    let kept = value
        .chars()
        .any(|c| c.is_alphabetic() && !c.is_ascii() && text.contains(c));
    shorter || kept
}

/// How many the request adds up ("the first 10 triangular numbers add up to"), when the
/// code adds nothing up: no `sum`, no `+=`, no loop, one value from a formula. The 0.5B model
/// printed 55, the 10th triangular number, for the sum of the first 10 (twenty-fifth set,
/// task 12).
fn first_n_not_summed(request: &str, code: &str) -> Option<u64> {
    let lower = request.to_lowercase();
    if !(lower.contains("add up") || lower.contains("sum of") || lower.contains("total of")) {
        return None;
    }
    static FIRST: std::sync::LazyLock<Option<regex::Regex>> =
        std::sync::LazyLock::new(|| regex::Regex::new(r"\bfirst\s+(\d+)\s+\w").ok());
    let n: u64 = FIRST
        .as_ref()?
        .captures(&lower)?
        .get(1)?
        .as_str()
        .parse()
        .ok()?;
    let bare = uncommented(code);
    let adds = [
        "sum(",
        "+=",
        "for ",
        "while ",
        "reduce(",
        "accumulate",
        "cumsum",
    ]
    .iter()
    .any(|w| bare.contains(w));
    (n > 1 && !adds).then_some(n)
}

/// The code's copies of a text put side by side (`string * 7`), when the request puts
/// something between them ("repeated 7 times with a space between the copies") and the code
/// joins nothing: the expression and the count. The 0.5B model printed 77 for the 83
/// characters of 'hello world' repeated 7 times with spaces (twenty-fifth set, task 20).
fn copies_side_by_side<'c>(request: &str, code: &'c str) -> Option<(&'c str, String)> {
    let lower = request.to_lowercase();
    if !lower.contains("repeat") || !(lower.contains("between") || lower.contains("separated")) {
        return None;
    }
    let bare = uncommented(code);
    // Joined, or the spaces between added on their own: the 1.5B model's
    // `'hello world' * 7 + ' ' * 6` is the right 83 (twenty-fifth set, task 20, run again).
    // One space added after them all (`* 7 + " "`, 78) is still told.
    let spaced = ["' ' *", "\" \" *", "- 1)", "-1)"];
    if bare.contains(".join(") || spaced.iter().any(|w| bare.contains(w)) {
        return None;
    }
    static TIMES: std::sync::LazyLock<Option<regex::Regex>> = std::sync::LazyLock::new(|| {
        regex::Regex::new(r#"(?:[A-Za-z_]\w*|'[^'\n]*'|"[^"\n]*")\s*\*\s*(\d+)\b"#).ok()
    });
    let caps = TIMES.as_ref()?.captures(&bare)?;
    let found = caps.get(0)?.as_str();
    let n = caps.get(1)?.as_str().to_string();
    let at = code.find(found)?;
    Some((&code[at..at + found.len()], n))
}

/// Whether a request converts kilometres per hour to metres per second (or back) and the
/// code never makes 1000 metres of a kilometre (no 1000, no 3.6). The 0.5B model divided 90
/// by 3600 and printed 0.025 (twenty-fifth set, task 9).
fn speed_metres_missed(request: &str, code: &str) -> bool {
    let lower = request.to_lowercase();
    let kmh = ["km/h", "kilometres per hour", "kilometers per hour", "kph"]
        .iter()
        .any(|w| lower.contains(w));
    let ms = ["metres per second", "meters per second", "m/s"]
        .iter()
        .any(|w| lower.contains(w));
    let bare = uncommented(code);
    kmh && ms && !bare.contains("1000") && !bare.contains("3.6") && !bare.contains("1e3")
}

/// The hour and minutes of a request that asks the angle of a clock's hands at a time, when
/// the code leaves the hour hand where it stood at the full hour (nothing for its half a
/// degree a minute). The 0.5B model computed `30 + (10 / 12) * 6` for 10:10 (twenty-fifth
/// set, task 7).
fn hour_hand_unmoved(request: &str, code: &str) -> Option<(u32, u32)> {
    let lower = request.to_lowercase();
    if !lower.contains("clock") || !(lower.contains("angle") || lower.contains("degree")) {
        return None;
    }
    let (hour, minutes, _) = *clock_times(request).first()?;
    let bare = uncommented(code).replace(' ', "");
    let moves = ["0.5", "/2", "5.5", "/60", "11/2", "*30/60"]
        .iter()
        .any(|w| bare.contains(w));
    (!moves && minutes > 0).then_some((hour, minutes))
}

/// Whether a request asks for the difference between two values and the code subtracts
/// nothing (no `-`, no `abs`): it printed the two. The 0.5B model printed the highest and the
/// lowest price of prices.json and answered with both (twenty-fifth set, task 32).
fn difference_not_taken(request: &str, code: &str) -> bool {
    let lower = request.to_lowercase();
    if !lower.contains("difference between") {
        return false;
    }
    let bare: String = uncommented(code).lines().map(without_strings).collect();
    !bare.contains('-') && !bare.contains("abs(") && !bare.contains("diff") && !bare.contains("ptp")
}

/// How many values the code printed where the request asks what they multiply to. The 1.5B
/// model printed `[2, 3, 5, 7, 11]` for what the first five primes multiply to, then answered
/// 30 (twenty-fifth set, task 2).
fn listed_for_product(request: &str, value: &str) -> Option<usize> {
    let asked = [
        "multiply to",
        "multiplied together",
        "product of",
        "the product",
    ];
    listed_for(request, value, &asked)
}

/// A clock time a request asks about (`10:10`) and the code's call that takes the time of
/// day from the clock instead, when the code never writes the time's hour. The 1.5B model
/// computed the angle of a clock's hands at `datetime.now()`, 14:05, for 10:10, and sent the
/// same code back when told 10 was never used (twenty-fifth set, task 7).
fn clock_for_asked_time(request: &str, code: &str) -> Option<(String, &'static str)> {
    let clock = ["now()", "localtime(", "time.time()"]
        .into_iter()
        .find(|clock| code.contains(clock))?;
    let (hour, minutes, _) = *clock_times(request).first()?;
    let bare: String = uncommented(code).lines().map(without_strings).collect();
    let written = regex::Regex::new(&format!(r"\b0?{hour}\b")).is_ok_and(|re| re.is_match(&bare));
    (!written).then(|| (format!("{hour}:{minutes:02}"), clock))
}

/// Whether a request adds up the digits of numbers and the code never takes a number's
/// digits (no `str`, no `% 10`, no `divmod`). The 1.5B model added up the numbers from 1 to
/// 100 for the sum of their digits and answered 5050 (twenty-fifth set, task 11).
fn digits_not_taken(request: &str, code: &str) -> bool {
    let lower = request.to_lowercase();
    let adds = ["sum", "add up", "adds up", "total"]
        .iter()
        .any(|w| lower.contains(w));
    if !adds || !lower.contains("digits of") {
        return false;
    }
    let bare = uncommented(code).replace(' ', "");
    // A number written as a string of digits is looped over digit by digit.
    let digit_string = string_literals(code)
        .iter()
        .any(|s| s.len() >= 2 && s.chars().all(|c| c.is_ascii_digit()));
    !digit_string
        && !["str(", "%10", "divmod", "digit", "map(int"]
            .iter()
            .any(|w| bare.contains(w))
}

/// Whether a request asks how many and the code printed a pandas Series of True and False,
/// one for each row: which rows count, not how many. The 0.5B model printed
/// `df.duplicated(...)` for the rows of orders.csv that repeat an earlier one, then answered
/// that there are duplicates (twenty-fifth set, task 33).
fn bools_for_count(request: &str, value: &str) -> bool {
    let asks = request.to_lowercase().starts_with("how many");
    let lines: Vec<&str> = value
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty())
        .collect();
    let Some((last, rows)) = lines.split_last() else {
        return false;
    };
    asks && last.starts_with("dtype: bool")
        && !rows.is_empty()
        && rows
            .iter()
            .all(|l| l.ends_with("True") || l.ends_with("False") || l.starts_with("Name:"))
}

/// The number of digits a request's numbers have ("two-digit"), the word, and their range.
fn asked_digits(request: &str) -> Option<(&'static str, u64, u64)> {
    const DIGITS: [&str; 5] = ["two", "three", "four", "five", "six"];
    let lower = request.to_lowercase();
    let (n, word) = DIGITS.iter().enumerate().find_map(|(i, w)| {
        (lower.contains(&format!("{w}-digit")) || lower.contains(&format!("{}-digit", i + 2)))
            .then_some((i as u32 + 2, *w))
    })?;
    Some((word, 10u64.pow(n - 1), 10u64.pow(n)))
}

/// Where a request is about numbers of so many digits and the code lists numbers by hand
/// (four or more in one list) some of which have other digits: those, the digits' word and
/// the range. The 1.5B model added up its own list of primes, 2, 3, 5 and 7 among them, for
/// "the two-digit prime numbers" (twenty-fourth set, task 2).
fn digits_listed_wrong(request: &str, code: &str) -> Option<(String, &'static str, u64, u64)> {
    let (word, from, to) = asked_digits(request)?;
    static LIST: std::sync::LazyLock<Option<regex::Regex>> = std::sync::LazyLock::new(|| {
        regex::Regex::new(r"\[\s*\d+(?:\s*,\s*\d+){3,}\s*,?\s*\]").ok()
    });
    let bare = uncommented(code);
    LIST.as_ref()?.find_iter(&bare).find_map(|list| {
        let numbers: Vec<u64> = list
            .as_str()
            .split(|c: char| !c.is_ascii_digit())
            .filter_map(|n| n.parse().ok())
            .collect();
        let others: Vec<String> = numbers
            .iter()
            .filter(|n| !(from..to).contains(*n))
            .map(u64::to_string)
            .collect();
        // A list mostly of such numbers, with a few others: not a list of something else.
        let inside = numbers.len() - others.len();
        (!others.is_empty() && inside > others.len()).then(|| (others.join(", "), word, from, to))
    })
}

/// Where a request counts the days of the years from one to another ("the years 2024 to
/// 2027"), and the code ends on the first day of the last of them: the two years. The 0.5B
/// model printed 1096 from `date(2027, 1, 1) - date(2024, 1, 1)` (twenty-fourth set, task 18).
fn last_year_left_out(request: &str, code: &str) -> Option<(u32, u32)> {
    let lower = request.to_lowercase();
    if !words_in(&lower).any(|w| w == "days") || !lower.contains("years") {
        return None;
    }
    let years = years_in(request);
    let [first, last] = years.as_slice() else {
        return None;
    };
    if last <= first {
        return None;
    }
    let bare = uncommented(code);
    let ends_on = |year: u32| {
        regex::Regex::new(&format!(r"\(\s*{year}\s*,\s*1\s*,\s*1\s*\)"))
            .is_ok_and(|re| re.is_match(&bare))
    };
    // Or through a name for the last year (`date(end_year, 1, 1)`, called with 2027).
    let named_end = regex::Regex::new(r"\(\s*\w*(?:end|last|stop)\w*\s*,\s*1\s*,\s*1\s*\)")
        .is_ok_and(|re| re.is_match(&bare))
        && regex::Regex::new(&format!(r"\b{last}\b")).is_ok_and(|re| re.is_match(&bare));
    let counted_on = bare.contains(&format!("{}", last + 1))
        || bare.contains("+ 1")
        || bare.contains("+1")
        || bare.contains("12, 31");
    ((ends_on(*last) || named_end) && !counted_on).then_some((*first, *last))
}

/// Where a request counts the days of years, the code's difference from 1 January to 31
/// December of a year, which is one day short: as written. The 1.5B model made 2024 to 2027
/// 1457 days (twenty-fourth set, task 18).
fn year_days_short(request: &str, code: &str) -> Option<String> {
    let lower = request.to_lowercase();
    if !words_in(&lower).any(|w| w == "days") || YEAR.as_ref()?.find(request).is_none() {
        return None;
    }
    static SHORT: std::sync::LazyLock<Option<regex::Regex>> = std::sync::LazyLock::new(|| {
        regex::Regex::new(
            r"\(?\s*(?:datetime\.)?(?:date|datetime)\(\s*(\w+)\s*,\s*12\s*,\s*31\s*\)\s*-\s*(?:datetime\.)?(?:date|datetime)\(\s*(\w+)\s*,\s*1\s*,\s*1\s*\)\s*\)?",
        )
        .ok()
    });
    let bare = uncommented(code);
    let c = SHORT.as_ref()?.captures(&bare)?;
    if c[1] != c[2] || bare.contains("+ 1") || bare.contains("+1") {
        return None;
    }
    Some(c.get(0)?.as_str().trim().to_string())
}

/// Where a request asks for arrangements of a length ("4-letter codes") and the code's
/// `permutations(…)` is given no length: that call, what it arranges, and the length. The
/// 1.5B model printed 720, the arrangements of all six letters (twenty-fourth set, task 20).
fn arrangement_length_missing<'c>(request: &str, code: &'c str) -> Option<(&'c str, &'c str, u32)> {
    static LENGTH: std::sync::LazyLock<Option<regex::Regex>> = std::sync::LazyLock::new(|| {
        regex::Regex::new(r"(?i)\b(\d+)-(?:letter|digit|character|symbol)\b").ok()
    });
    static CALL: std::sync::LazyLock<Option<regex::Regex>> = std::sync::LazyLock::new(|| {
        regex::Regex::new(r"\bpermutations\(\s*([^(),\n]+?)\s*\)").ok()
    });
    let n: u32 = LENGTH.as_ref()?.captures(request)?[1].parse().ok()?;
    let c = CALL.as_ref()?.captures(code)?;
    Some((c.get(0)?.as_str(), c.get(1)?.as_str(), n))
}

/// Where a request is about the letters from one to another ("the letters A to F"), and the
/// code has neither their number nor them all: the two ends, the letters written out, and how
/// many they are. The 1.5B model took 5 for A to F (twenty-fourth set, task 20).
fn letters_miscounted(request: &str, code: &str) -> Option<(char, char, String, usize)> {
    static RANGE: std::sync::LazyLock<Option<regex::Regex>> = std::sync::LazyLock::new(|| {
        regex::Regex::new(r"\bletters\s+(?:from\s+)?([A-Za-z])\s+(?:to|through|-)\s+([A-Za-z])\b")
            .ok()
    });
    let c = RANGE.as_ref()?.captures(request)?;
    let (from, to) = (c[1].chars().next()?, c[2].chars().next()?);
    if !(from.is_ascii_uppercase() == to.is_ascii_uppercase() && to > from) {
        return None;
    }
    let letters: Vec<char> = (from..=to).collect();
    let n = letters.len();
    let bare = uncommented(code);
    let joined: String = letters.iter().collect();
    let has_count = regex::Regex::new(&format!(r"\b{n}\b"))
        .ok()?
        .is_match(&bare);
    let has_letters = bare.contains(&joined)
        || bare.contains(&joined.to_lowercase())
        || bare.contains("ascii_")
        || bare.contains("chr(")
        || bare.contains(&format!("'{}'", letters[n - 1]))
        || bare.contains(&format!("\"{}\"", letters[n - 1]));
    if has_count || has_letters {
        return None;
    }
    let written = letters
        .iter()
        .map(char::to_string)
        .collect::<Vec<_>>()
        .join(", ");
    Some((from, to, written, n))
}

/// Where code converts each column of a `csv.DictReader` row (`for c in row`) and the value
/// that would not convert is one of a text column of the CSV file it reads: that column's
/// name, and what it names ("name" for a column `name`, else "row's label").
fn every_column_converted(code: &str, value: &str, cwd: &Path) -> Option<(String, &'static str)> {
    static EACH: std::sync::LazyLock<Option<regex::Regex>> = std::sync::LazyLock::new(|| {
        regex::Regex::new(r"\b(?:float|int)\(\s*(\w+)\[\s*(\w+)\s*\]\s*\)\s+for\s+(\w+)\s+in\s+(\w+)(?:\.keys\(\))?\s*[)\]]").ok()
    });
    let bare = uncommented(code);
    let each = EACH
        .as_ref()?
        .captures_iter(&bare)
        .any(|c| c[1] == c[4] && c[2] == c[3]);
    if !each || !bare.contains("DictReader") {
        return None;
    }
    named_files(code).into_iter().find_map(|file| {
        let text = std::fs::read_to_string(cwd.join(file)).ok()?;
        let mut lines = text.lines();
        let header: Vec<&str> = lines.next()?.split(',').map(str::trim).collect();
        let at =
            lines.find_map(|l| l.split(',').map(str::trim).position(|field| field == value))?;
        let column = header.get(at)?.to_string();
        let what = if column == "name" {
            "name"
        } else {
            "row's label"
        };
        Some((column, what))
    })
}

/// A function the code defines and then loops over by its bare name (`for c in abc`).
fn function_looped(code: &str) -> Option<&str> {
    static LOOP: std::sync::LazyLock<Option<regex::Regex>> = std::sync::LazyLock::new(|| {
        regex::Regex::new(r"\bfor\s+\w+(?:\s*,\s*\w+)*\s+in\s+([A-Za-z_]\w*)\s*[:\])]").ok()
    });
    let functions = top_level_functions(code);
    LOOP.as_ref()?
        .captures_iter(code)
        .filter_map(|c| c.get(1))
        .map(|m| m.as_str())
        .find(|name| functions.contains(name))
}

/// The `range(…)` code took for the numbers of so many digits a request is about ("the
/// two-digit prime numbers") when it is not theirs: the range as written, the digits, and
/// the range's right ends. The 0.5B model added up the primes of `range(20, 100)`
/// (twenty-fourth set, task 2).
fn digits_range_wrong<'c>(
    request: &str,
    code: &'c str,
) -> Option<(&'c str, &'static str, u64, u64)> {
    let (word, from, to) = asked_digits(request)?;
    static RANGE: std::sync::LazyLock<Option<regex::Regex>> =
        std::sync::LazyLock::new(|| regex::Regex::new(r"\brange\(\s*(\d+)\s*,\s*(\d+)\s*\)").ok());
    let bare = uncommented(code);
    let c = RANGE.as_ref()?.captures(&bare)?;
    let (a, b) = (c[1].parse::<u64>().ok()?, c[2].parse::<u64>().ok()?);
    // Another range of numbers this size (its start or end off), not one of another size.
    let near = a >= from / 10 && a < to && b > from && b <= to * 10;
    if !near || (a, b) == (from, to) {
        return None;
    }
    let written = c.get(0)?.as_str();
    let at = code.find(written)?;
    Some((&code[at..at + written.len()], word, from, to))
}

/// Whether the request's time span runs past midnight: "the next day", "overnight", or two
/// clock times the second of which is earlier ("from 22:50 to 01:20").
fn past_midnight(request: &str) -> bool {
    static TIMES: std::sync::LazyLock<Option<regex::Regex>> =
        std::sync::LazyLock::new(|| regex::Regex::new(r"\b([01]?\d|2[0-3]):([0-5]\d)\b").ok());
    let lower = request.to_lowercase();
    if [
        "next day",
        "following day",
        "overnight",
        "past midnight",
        "after midnight",
    ]
    .iter()
    .any(|w| lower.contains(w))
    {
        return true;
    }
    let Some(times) = TIMES.as_ref() else {
        return false;
    };
    let minutes: Vec<u32> = times
        .captures_iter(request)
        .filter_map(|c| Some(c[1].parse::<u32>().ok()? * 60 + c[2].parse::<u32>().ok()?))
        .collect();
    matches!(minutes.as_slice(), [start, end] if end < start)
}

fn negative_count(request: &str, value: &str) -> bool {
    let lower = request.trim_start().to_lowercase();
    lower.starts_with("how many")
        && words_in(&lower).any(|w| {
            matches!(
                w,
                "days" | "weeks" | "months" | "years" | "hours" | "minutes" | "seconds"
            )
        })
        && value.trim().parse::<f64>().is_ok_and(|n| n < 0.0)
}

/// When the model sends back, unchanged, Python code that counted the days left in a year to
/// the clock after it was told to use the year's last day ([`year_end_asked`]): that code
/// with the clock's call made that day, and a line for the events. The 0.5B model sent its
/// `datetime.now()` back four times (twenty-third set, task 20).
pub fn mended_year_end<'h>(
    history: &'h History,
    next: Option<&'h ToolCall>,
) -> Option<(String, String)> {
    static CLOCK: std::sync::LazyLock<Option<regex::Regex>> = std::sync::LazyLock::new(|| {
        regex::Regex::new(r"\b((?:datetime\.)?(?:datetime|date))\.(?:now|today)\(\)").ok()
    });
    let (code, _, how) = python_failed_again(history, next)?;
    let (asked, _) = history.last_turn()?;
    let request = request_text(asked);
    let year = year_end_asked(&request)?;
    clock_for_dated_request(&request, code)?;
    let clock = CLOCK.as_ref()?;
    if !clock.is_match(code) {
        return None;
    }
    let mended = clock.replace_all(code, format!("${{1}}({year}, 12, 31)").as_str());
    Some((
        mended.into_owned(),
        format!(
            "the model's code counts the days left in {year} to the clock, and {how}: running it with the year's last day in the clock's place"
        ),
    ))
}

/// The code of the model's last Python run and how it left it, when it sends that code back
/// unchanged (or answers after it) and the run's hint says `marker`: what each engine-side
/// mend of a told slip starts from.
fn told_and_sent_back<'h>(
    history: &'h History,
    next: Option<&'h ToolCall>,
    marker: &str,
) -> Option<(&'h String, &'static str)> {
    let (code, output, how) = python_failed_again(history, next)?;
    split_hint(output)
        .1?
        .contains(marker)
        .then_some((code, how))
}

/// [`told_and_sent_back`], with the turn's request, for the mends that read it again.
fn told_and_sent_back_asked<'h>(
    history: &'h History,
    next: Option<&'h ToolCall>,
    marker: &str,
) -> Option<(&'h String, &'static str, String)> {
    let (code, how) = told_and_sent_back(history, next, marker)?;
    let (asked, _) = history.last_turn()?;
    Some((code, how, request_text(asked)))
}

/// What the hint for dates whose day of the week the code never asks says
/// ([`file_dates_weekday_unasked`]).
const WEEKDAY_UNASKED: &str =
    "that do not name their day of the week, and your code never asked one";

/// When the model sends back, unchanged, Python code told that it never asked the day of the
/// week of a file's dates ([`WEEKDAY_UNASKED`]), and the code has one list comprehension (the
/// values it counts): that code with each item's weekday in the comprehension's place, for
/// the engine to run in the model's stead. The 1.5B model sent its `[re.search(r'\b\w+\b',
/// date).group() for date in dates]`, the years, back until its time ran out (twenty-sixth
/// set, task 29).
pub fn mended_weekday<'h>(
    history: &'h History,
    next: Option<&'h ToolCall>,
) -> Option<(String, String)> {
    let (code, how) = told_and_sent_back(history, next, WEEKDAY_UNASKED)?;
    // `[EXPR for NAME in …]`, EXPR with an index at most one deep (`line.split()[0]`).
    static COMPREHENSION: std::sync::LazyLock<Option<regex::Regex>> =
        std::sync::LazyLock::new(|| {
            regex::Regex::new(
                r"\[\s*((?:[^\[\]\n]|\[[^\[\]\n]*\])+?)\s+for\s+([A-Za-z_]\w*)\s+in\s",
            )
            .ok()
        });
    let found: Vec<regex::Captures> = COMPREHENSION.as_ref()?.captures_iter(code).collect();
    let [one] = found.as_slice() else {
        return None;
    };
    let (expr, name) = (one.get(1)?, one.get(2)?.as_str());
    let day = format!(
        "datetime.date.fromisoformat(re.search(r'\\d{{4}}-\\d{{2}}-\\d{{2}}', {name}).group()).strftime('%A')"
    );
    let mended = format!(
        "import datetime\nimport re\n{}{day}{}",
        &code[..expr.start()],
        &code[expr.end()..]
    );
    Some((
        mended,
        format!(
            "the model's code counts the dates' own text, not their days of the week, and {how}: running it with each date's weekday, `{day}`"
        ),
    ))
}

/// What the hint for a count below zero says of the code's subtraction ([`negative_count`]).
const SUBTRACTED_BACKWARDS: &str = "your code took the later value from the earlier one.";

/// When the model sends back, unchanged, Python code told that its count is below zero
/// because it subtracted backwards ([`SUBTRACTED_BACKWARDS`]), or answers after it, and the
/// code has one subtraction of two values (`(date - datetime(2027, 12, 31)).days`, `end -
/// start`): that code with the two swapped, for the engine to run in the model's stead. The
/// 0.5B model sent its clock code back after the engine's run of it to the year's end printed
/// -77 (twenty-third set, task 20).
pub fn mended_backwards<'h>(
    history: &'h History,
    next: Option<&'h ToolCall>,
) -> Option<(String, String)> {
    let (code, how) = told_and_sent_back(history, next, SUBTRACTED_BACKWARDS)?;
    // A value: a name, with an attribute, an index or a call after it (`datetime(2027, 12,
    // 31)`, `d.date()`).
    const VALUE: &str = r"[A-Za-z_][\w.]*(?:\([^()\n]*\)|\[[^\[\]\n]*\])?";
    static SUBTRACTION: std::sync::LazyLock<Option<regex::Regex>> =
        std::sync::LazyLock::new(|| regex::Regex::new(&format!(r"({VALUE})\s+-\s+({VALUE})")).ok());
    let bare = uncommented(code);
    let found: Vec<regex::Captures> = SUBTRACTION.as_ref()?.captures_iter(&bare).collect();
    let [one] = found.as_slice() else {
        return None;
    };
    let (whole, later, earlier) = (
        one.get(0)?.as_str(),
        one.get(2)?.as_str(),
        one.get(1)?.as_str(),
    );
    if code.matches(whole).count() != 1 {
        return None;
    }
    let mended = code.replacen(whole, &format!("{later} - {earlier}"), 1);
    Some((
        mended,
        format!(
            "the model's code counts below zero, subtracting `{later}` from `{earlier}`, and {how}: running it with the subtraction the other way round"
        ),
    ))
}

/// What the hint for a time span past midnight says of the code's times ([`past_midnight`]).
const NEXT_DAY: &str =
    "the end time is on the next day, and your code took both times on the same day.";

/// When the model sends back, unchanged, Python code told that its span ends on the next day
/// ([`NEXT_DAY`]), or answers after it, and the code subtracts two times it made of clock
/// times (`strptime`, `datetime(…)`): that code with a day added to the later one before the
/// subtraction (and one added after it taken out), for the engine to run in the model's
/// stead. The 0.5B model added the day after subtracting, then wrote the same code again
/// (twenty-fourth set, task 6).
pub fn mended_past_midnight<'h>(
    history: &'h History,
    next: Option<&'h ToolCall>,
) -> Option<(String, String)> {
    let (code, how) = told_and_sent_back(history, next, NEXT_DAY)?;
    static SUBTRACTED: std::sync::LazyLock<Option<regex::Regex>> = std::sync::LazyLock::new(|| {
        regex::Regex::new(r"(?m)^([ \t]*)\w+\s*=\s*\(?\s*([A-Za-z_]\w*)\s*-\s*([A-Za-z_]\w*)\b")
            .ok()
    });
    let made = |name: &str| {
        regex::Regex::new(&format!(
            r"(?m)^[ \t]*{}\s*=\s*[^\n]*(?:strptime\(|datetime\(|combine\()",
            regex::escape(name)
        ))
        .is_ok_and(|re| re.is_match(code))
    };
    let c = SUBTRACTED
        .as_ref()?
        .captures_iter(code)
        .find(|c| made(&c[2]) && made(&c[3]))?;
    let (indent, later) = (c.get(1)?.as_str(), c.get(2)?.as_str());
    let line_start = c.get(0)?.start();
    let added = format!("{later} += timedelta(days=1)");
    let before: String = code[..line_start]
        .lines()
        .filter(|l| l.trim() != added)
        .map(|l| format!("{l}\n"))
        .collect();
    let after: String = code[line_start..]
        .lines()
        .filter(|l| l.trim() != added)
        .collect::<Vec<_>>()
        .join("\n");
    let mended = format!("from datetime import timedelta\n{before}{indent}{added}\n{after}");
    Some((
        mended,
        format!(
            "the model's code takes two clock times on the same day where the span ends on the next, and {how}: running it with a day added to `{later}` before the subtraction"
        ),
    ))
}

/// The year whose end a request counts to ("How many days are left in 2027 after
/// 2027-10-15?", "the rest of 2027", "until the end of 2027"): the 0.5B model counted them to
/// `datetime.now()` until its time ran out (twenty-third set, task 20).
fn year_end_asked(request: &str) -> Option<&str> {
    static END: std::sync::LazyLock<Option<regex::Regex>> = std::sync::LazyLock::new(|| {
        regex::Regex::new(
            r"(?i)\b(?:left|remaining|remain|rest|end)\s+(?:in|of)\s+(?:the\s+year\s+)?(\d{4})\b",
        )
        .ok()
    });
    END.as_ref()?
        .captures(request)
        .and_then(|c| c.get(1))
        .map(|m| m.as_str())
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

/// Whether a request that counts the folders under this one got a count from `os.walk` one
/// above how many there are, the folder itself counted among its roots: the 0.5B model printed
/// 6 for 5 nested subfolders (twenty-second set, task 33).
fn walk_top_counted(request: &str, code: &str, value: &str, cwd: &Path) -> bool {
    let lower = request.to_lowercase();
    let counts_folders = lower.starts_with("how many")
        && words_in(&lower).any(|w| {
            matches!(
                w,
                "subfolders" | "folders" | "directories" | "subdirectories"
            )
        });
    if !counts_folders || !uncommented(code).contains("os.walk(") {
        return false;
    }
    // A count alone, or said in a sentence (`The number of subfolders under … is: 6`).
    if value.trim().lines().count() != 1 {
        return false;
    }
    let Some(Ok(n)) = numbers_in(value).last().map(|n| n.parse::<usize>()) else {
        return false;
    };
    // Every folder under this one, hidden ones too, as `os.walk` gives them.
    let there = ignore::WalkBuilder::new(cwd)
        .standard_filters(false)
        .build()
        .flatten()
        .filter(|e| e.depth() > 0 && e.file_type().is_some_and(|t| t.is_dir()))
        .count();
    there > 0 && n == there + 1
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
    // How many lines it has, printed as it has them: right, read back or not (the 0.5B
    // model wrote greet.txt's five lines, printed 5, and was sent back until its
    // corrections ran out).
    let lines = std::fs::read_to_string(cwd.join(file))
        .ok()?
        .lines()
        .count();
    if rest.to_lowercase().contains("how many lines")
        && numbers_in(value).iter().any(|n| n.parse() == Ok(lines))
    {
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
/// read today's date, and `days_in_year(2100)` printed 2026. Not a function whose body holds
/// a number of the request, or one off it: the request's value is written into it (the 0.5B
/// model's `find_divisible_by_17(n)` searched from 1001 for "greater than 1000", printed the
/// right 1003, and was sent back to a wrong 0).
fn unused_parameter<'c>(request: &str, code: &'c str) -> Option<(&'c str, &'c str)> {
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
        // A stand-in for the tool itself (`def execute(language, code):` whose body does the
        // request's work and ignores `code`): what it printed is that work's (the 1.5B model
        // wrote colors.txt and printed its 3 lines this way, and was sent back; fifteenth set,
        // task 31).
        if function == "execute" {
            return None;
        }
        let asked: Vec<i64> = numbers_in(request)
            .into_iter()
            .filter_map(|n| n.parse().ok())
            .filter(|n: &i64| n.abs() >= 10)
            .collect();
        let built_in = numbers_in(&body)
            .into_iter()
            .filter_map(|n| n.parse::<i64>().ok())
            .any(|n| asked.iter().any(|a| (n - a).abs() <= 1));
        if built_in {
            return None;
        }
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

/// When no file the code read holds `word` (`Warning`), and one of them holds a word of three
/// letters or more that `word` begins with (`WARN`): that file, the word as it writes it, and
/// the first line that holds it. The 0.5B model searched app.log for `Warning: disk at \d+%`,
/// was told no line holds `Warning` and shown lines with `[WARN]`, and sent its search back
/// until the corrections ran out (fifteenth set, task 26).
fn written_shorter(word: &str, code: &str, cwd: &Path) -> Option<(String, String, String)> {
    let lower = word.to_lowercase();
    named_files(code)
        .into_iter()
        .filter(|n| plain_text(n))
        .find_map(|name| {
            let text = std::fs::read_to_string(cwd.join(name)).ok()?;
            text.lines().find_map(|line| {
                let short = words_in(line).find(|w| {
                    let w = w.to_lowercase();
                    w.chars().count() >= 3
                        && w.len() < lower.len()
                        && lower.starts_with(&w)
                        && w.chars().all(char::is_alphabetic)
                })?;
                Some((name.to_string(), short.to_string(), line.trim().to_string()))
            })
        })
}

/// When `word` (`Qty: `), searched on each line, is written (whole or shorter) only in the first
/// line of a file the code read, its header, and the lines under it are rows of that many
/// fields or more: the file, the word as the header writes it, the header and the field's place
/// from the end of a row. The 1.5B model searched report.txt's rows for `Qty: `, was told the
/// file writes it shorter and to search for `Qty`, and sent the same search back until its time
/// ran out (thirty-fourth set, task 20).
fn column_head_searched(
    word: &str,
    code: &str,
    cwd: &Path,
) -> Option<(String, String, String, usize)> {
    let lower = word
        .trim_matches(|c: char| !c.is_alphanumeric())
        .to_lowercase();
    named_files(code)
        .into_iter()
        .filter(|n| plain_text(n))
        .find_map(|name| {
            let text = small_file_text(&cwd.join(name))?;
            let mut lines = text.lines().filter(|l| !l.trim().is_empty());
            let header = lines.next()?;
            let fields: Vec<&str> = header.split_whitespace().collect();
            let at = fields.iter().position(|f| {
                let f = f.to_lowercase();
                f.chars().count() >= 3
                    && f.chars().all(char::is_alphabetic)
                    && lower.starts_with(&f)
            })?;
            let head = fields[at];
            let rows: Vec<&str> = lines
                .filter(|l| !l.trim().chars().all(|c| "-=+| ".contains(c)))
                .collect();
            let is_table = rows.len() >= 2
                && rows.iter().all(|r| {
                    r.split_whitespace().count() >= fields.len()
                        && !r.to_lowercase().contains(&head.to_lowercase())
                });
            is_table.then(|| {
                (
                    name.to_string(),
                    head.to_string(),
                    header.trim().to_string(),
                    fields.len() - at,
                )
            })
        })
}

/// When `word` names a month (`April`, `apr`) and `text` writes dates as numbers
/// (`2026-03-02`): the first such date and the month's number (`04`). The 1.5B model compared
/// expenses.csv's dates with `'April 2026'`, was told no line holds `April`, and answered none.
fn month_as_number<'t>(word: &str, text: &'t str) -> Option<(&'t str, String)> {
    let lower = word.to_lowercase();
    let at = MONTHS
        .iter()
        .position(|m| *m == lower || (lower.len() == 3 && m.starts_with(&lower)))?;
    let date = ISO_DATE.as_ref()?.find(text)?.as_str();
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
fn uncreated_file(request: &str, code: &str, cwd: &Path) -> Option<String> {
    if !asks_to_create(request) {
        return None;
    }
    named_files(request)
        .into_iter()
        .filter(|file| !code.contains(file))
        .map(|file| match folder_holding(request, file) {
            Some(folder) => format!("{folder}/{file}"),
            None => file.to_string(),
        })
        .find(|path| !cwd.join(path).exists())
}

/// The folder a request makes a file in: `build` of "Create a folder named build with an empty
/// file out.txt in it" (the hint had said `open('out.txt', 'w')`, at the top, for it).
fn folder_holding<'r>(request: &'r str, file: &str) -> Option<&'r str> {
    static FOLDER: std::sync::LazyLock<Option<regex::Regex>> = std::sync::LazyLock::new(|| {
        regex::Regex::new(
            r"(?i)\b(?:folder|directory)\s+(?:named\s+|called\s+)?([\w.-]+)\s+with\s+[^.?!]*?\s(\S+)\s+in\s+it\b",
        )
        .ok()
    });
    FOLDER
        .as_ref()?
        .captures_iter(request)
        .find(|c| c.get(2).is_some_and(|f| f.as_str() == file))
        .and_then(|c| c.get(1))
        .map(|folder| folder.as_str())
}

/// The file a request appends to (`Append the line done to tasks.txt, then…`) when no run of
/// the turn that worked, nor `code`, wrote to it ([`writes_file`]).
fn unappended_file<'r>(
    request: &'r str,
    history: &History,
    turn: &[HistoryItem],
    code: &str,
) -> Option<&'r str> {
    if !words_in(&request.to_lowercase()).any(|w| w == "append") {
        return None;
    }
    named_files(request).into_iter().find(|file| {
        !writes_file(code, file)
            && !code_runs(history, turn)
                .any(|(earlier, _, failed)| !failed && writes_file(earlier, file))
    })
}

/// The line a request appends, where it says it (`Append the line done to…`, `append the
/// text 'all good' to…`).
fn appended_line(request: &str) -> Option<&str> {
    static LINE: std::sync::LazyLock<Option<regex::Regex>> = std::sync::LazyLock::new(|| {
        regex::Regex::new(
            r#"(?i)\bappend (?:the (?:line|text|word) )?(?:'([^'\n]+)'|"([^"\n]+)"|(\w+) to\b)"#,
        )
        .ok()
    });
    let c = LINE.as_ref()?.captures(request)?;
    let line = c.get(1).or(c.get(2)).or(c.get(3))?.as_str();
    (!line.contains('\\')).then_some(line)
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
    // Its words the request's, joined or not (`highest_score`), or a call's dressing: the 0.5B
    // model printed `{'name': 'Highest Score', 'arguments': {'highest_score': 95}}` for "Who has
    // the highest score in scores.json?" (sixteenth set, task 25).
    let asked: Vec<String> = words_in(&lower).map(str::to_string).collect();
    words_in(value)
        .filter(|w| w.chars().any(char::is_alphabetic) && !w.chars().any(|c| c.is_ascii_digit()))
        .all(|w| {
            w.to_lowercase().split('_').all(|part| {
                asked.iter().any(|a| a == part)
                    || matches!(
                        part,
                        "is" | "was"
                            | "are"
                            | "of"
                            | "with"
                            | "a"
                            | "the"
                            | "name"
                            | "arguments"
                            | "result"
                            | "value"
                    )
            })
        })
        .then_some(*number)
}

/// How many digits a number is written with after its point (`37.78`: 2).
fn decimal_places(number: &str) -> usize {
    number.split_once('.').map_or(0, |(_, d)| d.len())
}

/// How many decimals the request asks for ("rounded to one decimal", "two decimal places", "the
/// nearest tenth", "rounded to cents").
fn decimals_asked(request: &str) -> Option<usize> {
    static DECIMALS: std::sync::LazyLock<Option<regex::Regex>> = std::sync::LazyLock::new(|| {
        regex::Regex::new(
            r"(?i)\b(one|two|three|four|five|six|[1-9])\s+decimal|\bnearest (tenth|hundredth|thousandth)|\b(?:round(?:ed)?|nearest)\s+(?:to\s+)?(?:the\s+)?(?:nearest\s+)?(cent)s?\b",
        )
        .ok()
    });
    let caps = DECIMALS.as_ref()?.captures(request)?;
    let asked = caps
        .get(1)
        .or_else(|| caps.get(2))
        .or_else(|| caps.get(3))?
        .as_str()
        .to_lowercase();
    // Four and more too: the 0.5B model said the square root of 3 "rounded to 4 decimal
    // places" as 1.7320508075688772 (seventeenth set, task 10).
    Some(match asked.as_str() {
        "one" | "tenth" => 1,
        "two" | "hundredth" | "cent" => 2,
        "three" | "thousandth" => 3,
        "four" => 4,
        "five" => 5,
        "six" => 6,
        digit => digit.parse().ok()?,
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
    // Not a value a branch chooses (`if year % 100 == 0:` … `return 365`): the condition
    // computed it (the 0.5B model's leap-year function returned the right 365 for 2100, was
    // told it wrote 365 itself, and answered 739825 from today's date; sixteenth set, task 20).
    let lines: Vec<&str> = code.lines().collect();
    let indent = |l: &str| l.len() - l.trim_start().len();
    let chosen = |at: usize| {
        lines[..at]
            .iter()
            .rev()
            .filter(|l| !l.trim().is_empty())
            .find(|l| indent(l) < indent(lines[at]))
            .is_some_and(|l| {
                let l = l.trim_start();
                l.starts_with("if ") || l.starts_with("elif ") || l.starts_with("else")
            })
    };
    let written = regex::Regex::new(&pattern).ok()?;
    lines
        .iter()
        .enumerate()
        .any(|(at, line)| written.is_match(line) && !chosen(at))
        .then_some(*n)
}

/// The name the code starts at `n` (`empty_files = 0`) and adds to under a condition
/// (`empty_files += 1`), when that is how `n` came to be printed: the count never moved. The
/// 0.5B model counted empty files with `if not os.path.isfile(...)`, printed 0, and was told it
/// wrote 0 itself (sixteenth set, task 29).
fn counter_unmoved<'c>(code: &'c str, n: &str) -> Option<(&'c str, &'c str)> {
    code.lines().find_map(|line| {
        let (name, start) = line.trim().split_once('=')?;
        let name = name.trim();
        if name.is_empty()
            || !name.chars().all(|c| c.is_alphanumeric() || c == '_')
            || !same_number(start.trim(), n)
        {
            return None;
        }
        let added = code
            .lines()
            .map(str::trim)
            .find(|l| l.starts_with(&format!("{name} +=")))?;
        Some((name, added))
    })
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
/// hello`, `the base64 text bGVtb24=`: the 0.5B model decoded a `b'base64'` of its own).
fn request_subject(request: &str) -> Option<&str> {
    static SUBJECT: std::sync::LazyLock<Option<regex::Regex>> = std::sync::LazyLock::new(|| {
        regex::Regex::new(
            r#"(?i)\bthe (?:(?:base64|hex|binary|encoded|json) )?(?:string|word|text|phrase) ["'`“]?([\w+/=-]*\w[\w+/=-]*)"#,
        )
        .ok()
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
    code_runs(history, turn).any(|(code, _, failed)| !failed && writes_files(code))
}

/// Up to three lines of the file `name` here that hold `word` (as a word), numbered.
fn lines_holding(cwd: &Path, name: &str, word: &str) -> Option<String> {
    let text = std::fs::read_to_string(cwd.join(name)).ok()?;
    let lines: Vec<String> = text
        .lines()
        .enumerate()
        // A dotted word (`10.0.0.5`) as a field of its own, which `words_in` splits.
        .filter(|(_, line)| {
            words_in(line).any(|w| w == word) || line.split_whitespace().any(|f| f == word)
        })
        .take(3)
        .map(|(i, line)| format!("{}: {}", i + 1, line.chars().take(120).collect::<String>()))
        .collect();
    (!lines.is_empty()).then(|| lines.join("\n"))
}

/// The string a request is about, when the code does not hold it.
fn subject_unused<'r>(request: &'r str, code: &str) -> Option<&'r str> {
    request_subject(request).filter(|subject| !code.contains(subject))
}

/// The one number of the request ([`lone_number`]) when the code holds neither it nor one
/// off it (`range(1, 361)` for 360's divisors).
fn lone_number_unused<'r>(request: &'r str, code: &str) -> Option<&'r str> {
    let (n, value) = lone_number(request)?;
    // Not in a comment ("# the binary representation of 1023" over a made-up one).
    let code = uncommented(code);
    let held = |v: u64| code.contains(&v.to_string());
    (!held(value) && !held(value + 1) && !held(value - 1)).then_some(n)
}

/// The one number of 100 or more a request gives, when it gives only one (a date's parts are
/// no such number), with its value: code that never holds it worked on a number of its own
/// (the 0.5B model counted the 1 bits of a `"10111111"` it wrote itself for "the binary form
/// of 1023", and printed 7).
fn lone_number(request: &str) -> Option<(&str, u64)> {
    let numbers: Vec<(&str, u64)> = request
        .split(|c: char| !(c.is_alphanumeric() || matches!(c, '.' | '-' | '/' | ':' | '_')))
        .map(|t| t.trim_end_matches('.'))
        .filter(|t| t.chars().all(|c| c.is_ascii_digit()))
        .filter_map(|t| Some((t, t.parse::<u64>().ok()?)))
        .filter(|(_, v)| *v >= 100)
        .collect();
    let [one] = numbers.as_slice() else {
        return None;
    };
    Some(*one)
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
/// stressed". A function of no parameters is called as it is (its result printed unless it
/// prints and returns nothing): the 0.5B model sent back `def shortest_word():`, which read
/// words.txt and printed the shortest (eighteenth set, task 27).
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
    let parameters = parameters_of(code, name)?;
    if parameters.is_empty() {
        let prints = code.contains("print(")
            && !code
                .lines()
                .any(|l| l.trim_start().starts_with("return ") && l.trim() != "return None");
        let call = if prints {
            format!("{name}()")
        } else {
            format!("print({name}())")
        };
        return Some((
            format!("{}\n{call}", code.trim_end()),
            format!("the model's code defines `{name}` and never calls it, and {how}: calling it"),
        ));
    }
    let [_] = parameters.as_slice() else {
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
    // Code in the answer, or a call, is doing something else; a block of the data as the
    // model would have it is not (the 0.5B model, its search of timesheet.md failed, answered
    // that a line should be added to the file, with the table in a ```markdown block).
    // An untagged block is code or a call only when it reads as one: the 0.5B model, its
    // `settings['app']['port']` failed, answered with the file as it would have it in a
    // ```yaml block and the output it expected in a bare one (fourteenth set, task 24).
    let coded = crate::profile::text_calls::fenced_blocks(answer, true)
        .iter()
        .any(|b| {
            let call_or_code = |body: &str| {
                body.contains("\"name\"")
                    || ["print(", "import ", "def ", "open("]
                        .iter()
                        .any(|w| body.contains(w))
            };
            (b.lang.is_empty() && call_or_code(&b.body))
                || b.lang == "json"
                || oi_exec::canonical_language(&b.lang).is_some()
        });
    if already_nudged(turn, FAILED_ANSWER) || coded {
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

/// Where the model is asked afresh ([`fresh_attempt`]) after a run that failed, the start of
/// its reply, with what the notice says of it: a Python block that names what the code
/// missed and the request gives.
/// - A time unit's factor it was told (`minutes_per_day = 24 * 60`). Told "a day is 1440
///   minutes (24 × 60)", the 0.5B model sent `minutes = days * 24` back three times (ninth set
///   task 2, eleventh set task 2).
/// - The dates a count of weekdays goes through ([`weekday_span`]): asked how many Saturdays
///   May 2027 has, the 0.5B model called `date.replace(weekday=6)` and subtracted made-up first
///   and last Saturdays until its time ran out (thirteenth set, task 18; twelfth, task 18).
pub fn retry_start(history: &History) -> Option<(String, &'static str)> {
    let (asked, turn) = history.last_turn()?;
    let (code, _, failed) = code_runs(history, turn).last()?;
    if !failed {
        return None;
    }
    let request = request_text(asked);
    if let Some(c) = time_factor_missed(&request, code) {
        return Some((
            format!(
                "{CODE_FIRST}{asked}s_per_{given} = {how}\n{given}s = {quantity}\n",
                asked = c.asked,
                given = c.given,
                how = c.how.replace(" × ", " * "),
                quantity = c.quantity
            ),
            "the model's reply is begun for it as a Python block that names the unit factor it missed",
        ));
    }
    if let Some((what, first, days)) = weekday_span(&request) {
        return Some((
            format!(
                "{CODE_FIRST}import datetime\n# every date of {what}\ndates = [datetime.date({}, {}, {}) + datetime.timedelta(days=i) for i in range({days})]\n",
                first.format("%Y"),
                first.format("%-m"),
                first.format("%-d"),
            ),
            "the model's reply is begun for it as a Python block that lists the dates its count of weekdays goes through",
        ));
    }
    // One month's days taken for a year's (the 0.5B model, told, sent
    // `calendar.monthrange(2100, 1)[1]` back until its time ran out; twelfth set, task 20).
    if let Some(year) = month_for_year(&request, code) {
        return Some((
            format!(
                "{CODE_FIRST}import datetime\nfirst_day = datetime.date({year}, 1, 1)\nnext_year_first_day = datetime.date({}, 1, 1)\n",
                year + 1
            ),
            "the model's reply is begun for it as a Python block that writes the first days of the year and the next",
        ));
    }
    // The clock read where the request gives a whole date: the date written (the 0.5B model,
    // begun with `year = 2027` for "the first Friday after 2027-02-28", started from
    // 2032-02-28; twenty-eighth set, task 8).
    if let Some((date, _)) = clock_for_dated_request(&request, code)
        && let Ok(day) = chrono::NaiveDate::parse_from_str(date, "%Y-%m-%d")
    {
        return Some((
            format!(
                "{CODE_FIRST}import datetime\nday = datetime.date({}, {}, {})\n",
                day.format("%Y"),
                day.format("%-m"),
                day.format("%-d")
            ),
            "the model's reply is begun for it as a Python block that writes the date its request gives",
        ));
    }
    // The clock read where the request gives its year (the 0.5B model, told three times,
    // took February's year from `datetime.now()` until its time ran out; fourteenth set,
    // task 20).
    let (year, _) = clock_for_asked_year(&request, code)?;
    let month = asked_month(&request)
        .map(|m| format!("month = {m}\n"))
        .unwrap_or_default();
    Some((
        format!("{CODE_FIRST}import calendar\nimport datetime\nyear = {year}\n{month}"),
        "the model's reply is begun for it as a Python block that writes the year its request gives",
    ))
}

/// The month a request names with its year (`February 2028`, `March of 2026`), by number.
fn asked_month(request: &str) -> Option<u32> {
    static MONTH: std::sync::LazyLock<Option<regex::Regex>> = std::sync::LazyLock::new(|| {
        regex::Regex::new(
            r"(?i)\b(january|february|march|april|may|june|july|august|september|october|november|december)(?:\s+of)?\s+\d{4}\b",
        )
        .ok()
    });
    let name = MONTH.as_ref()?.captures(request)?.get(1)?.as_str();
    Some(name.parse::<chrono::Month>().ok()?.number_from_month())
}

/// An absolute path the code writes whose last part names a file or folder of the working
/// folder, though the path is not that one: the path, the name, and where the name is. The
/// 1.5B model listed `/tmp/oi-bench-task/data`, a folder one level up, for "the data folder"
/// of its working folder, and counted 0 .csv files (fourteenth set, task 29).
fn path_elsewhere(code: &str, cwd: &Path) -> Option<(String, String, String)> {
    string_literals(code).into_iter().find_map(|literal| {
        let path = Path::new(literal.trim_end_matches('/'));
        if !path.is_absolute() {
            return None;
        }
        let name = path.file_name()?.to_str()?;
        let here = cwd.join(name);
        (here.exists() && path != here && !path.starts_with(cwd)).then(|| {
            (
                literal.to_string(),
                name.to_string(),
                here.display().to_string(),
            )
        })
    })
}

/// A plain text file the request names whose lines the code holds as strings of its own
/// (20 characters or more of one), when the code never names the file: the 1.5B model, shown
/// the lines of access.log that hold `404`, wrote them into a list, with the hint's line
/// numbers, and counted 1 (thirteenth set, task 26).
fn copied_lines<'r>(request: &'r str, code: &str, cwd: &Path) -> Option<&'r str> {
    // The lines of a triple-quoted text too: the 1.5B model wrote the two lines of server.log
    // it had been shown into `"""…"""` and averaged them (thirty-third set, task 14).
    static BLOCK: std::sync::LazyLock<Option<regex::Regex>> =
        std::sync::LazyLock::new(|| regex::Regex::new(r#"(?s)"""(.*?)"""|'''(.*?)'''"#).ok());
    let mut literals = string_literals(code);
    if let Some(block) = BLOCK.as_ref() {
        literals.extend(
            block
                .captures_iter(code)
                .filter_map(|c| c.get(1).or_else(|| c.get(2)))
                .flat_map(|m| m.as_str().lines()),
        );
    }
    named_files(request).into_iter().find(|name| {
        plain_text(name)
            && !names_file(code, name.rsplit('/').next().unwrap_or(name), true)
            && std::fs::read_to_string(cwd.join(name)).is_ok_and(|text| {
                literals.iter().any(|l| {
                    let l = l.trim().trim_end_matches('\\');
                    l.chars().count() >= 20 && text.contains(l)
                })
            })
    })
}

/// A number the request adds, takes away, multiplies or divides by (`plus 8`), or one of the
/// numbers it takes a product, sum, average or common multiple of ("the product of 6, 13 and
/// 17"), that the code never writes: the request's words and the number. The 0.5B model
/// computed 15 percent of 80, 12, for "15 percent of 80, plus 8" (sixteenth set, task 3), and
/// `6 * 13 - 250` for "the product of 6, 13 and 17, minus 250" (eighteenth set, task 4).
fn unused_operand(request: &str, code: &str) -> Option<(String, String)> {
    static LISTED: std::sync::LazyLock<Option<regex::Regex>> = std::sync::LazyLock::new(|| {
        regex::Regex::new(
            r"(?i)\b(?:product|sum|total|average|mean|median|least common multiple|lowest common multiple|lcm|greatest common divisor|greatest common factor|gcd|largest|smallest|maximum|minimum)\s+of\s+((?:the numbers\s+)?-?\d+(?:\.\d+)?(?:\s*,\s*-?\d+(?:\.\d+)?)*,?\s+and\s+-?\d+(?:\.\d+)?)\b",
        )
        .ok()
    });
    static OPERAND: std::sync::LazyLock<Option<regex::Regex>> = std::sync::LazyLock::new(|| {
        regex::Regex::new(
            r"(?i)\b(?:plus|minus|times|divided by|multiplied by|added to|subtracted from)\s+(\d+(?:\.\d+)?)\b",
        )
        .ok()
    });
    let bare = uncommented(code);
    let written: Vec<&str> = numbers_in(&bare);
    let unwritten = |n: &&str| !written.iter().any(|w| same_number(w, n));
    // "plus 20 percent" is used as the rate too, `0.20`, or the factor it grows by, `1.2`: the
    // 1.5B model's right `vat_rate = 0.20` was told it never used 20 (twenty-sixth set, task 2).
    let written_values: Vec<f64> = written.iter().filter_map(|w| w.parse().ok()).collect();
    let as_rate = |n: &str| {
        n.parse::<f64>()
            .is_ok_and(|n| rate_written(n, &written_values))
    };
    OPERAND
        .as_ref()?
        .captures_iter(request)
        .find_map(|c| {
            let number = c.get(1)?.as_str();
            let said = c.get(0)?.as_str().to_string();
            let after = request.get(c.get(0)?.end()..).unwrap_or_default();
            let percent =
                after.starts_with('%') || after.trim_start().to_lowercase().starts_with("percent");
            (unwritten(&number) && !(percent && as_rate(number)))
                .then(|| (said, number.to_string()))
        })
        .or_else(|| {
            LISTED.as_ref()?.captures_iter(request).find_map(|c| {
                let said = c.get(0)?.as_str();
                let number = numbers_in(c.get(1)?.as_str()).into_iter().find(unwritten)?;
                Some((said.to_string(), number.to_string()))
            })
        })
}

/// Whether N percent is written as a rate, `N / 100` (`0.20`), or as the factor it grows by,
/// `1 + N / 100` (`1.2`), among the numbers the code writes.
fn rate_written(n: f64, written: &[f64]) -> bool {
    let near = |v: f64| written.iter().any(|w| (w - v).abs() < 1e-9);
    near(n / 100.0) || near(1.0 + n / 100.0)
}

/// A number a request that asks for code and names no file gives (not one written into a word, `md5`, `13th`;
/// not 0 or 1) that the code never writes, as it is, one more or one less (a `range` bound), or
/// as a fraction of 100 where the request says percent: that number. The 0.5B model counted
/// `itertools.combinations([1, 2, 3], 3)` for "In how many ways can 3 items be chosen from 10?"
/// (nineteenth set, task 3).
fn request_number_unused(request: &str, code: &str) -> Option<String> {
    // Digits written as a number, or in a format (`03d`), not in a name (`from_10`, `md5`).
    static DIGITS: std::sync::LazyLock<Option<regex::Regex>> =
        std::sync::LazyLock::new(|| regex::Regex::new(r"(?:^|[^A-Za-z_\d.])(\d+(?:\.\d+)?)").ok());
    let lower = request.to_lowercase();
    // Asked to compute, of no file (a request that asks only yes or no may be answered by
    // code that prints the word).
    if !named_files(request).is_empty() || !lower.contains("use code") {
        return None;
    }
    // The terms of a sequence are examples a `range` makes ("10, 20, 30 and so on"): the 1.5B
    // model, its `range(10, 101, 10)` right, was told it never used 20.
    if ["and so on", "etc", "...", "…"]
        .iter()
        .any(|w| lower.contains(w))
    {
        return None;
    }
    let bare = uncommented(code);
    let written: Vec<f64> = DIGITS
        .as_ref()?
        .captures_iter(&bare)
        .filter_map(|c| c.get(1)?.as_str().parse().ok())
        .collect();
    let has = |n: f64| written.iter().any(|w| (w - n).abs() < 1e-9);
    // A range that holds that many numbers uses it: the 1.5B model's `range(1, 31, 2)`, the
    // first 15 odd numbers, was told it never used 15, and went wrong (thirtieth set, task 10).
    let counts: Vec<f64> = ranges_written(&bare).iter().map(|r| r.len as f64).collect();
    let has = |n: f64| has(n) || counts.iter().any(|c| (c - n).abs() < 1e-9);
    let tokens: Vec<&str> = lower
        .split(|c: char| c.is_whitespace() || ",;:?!()'\"/".contains(c))
        .map(|t| t.trim_end_matches('.'))
        .filter(|t| !t.is_empty())
        .collect();
    for (i, token) in tokens.iter().enumerate() {
        let (token, percent_sign) = match token.strip_suffix('%') {
            Some(t) => (t, true),
            None => (*token, false),
        };
        // A date is numbers a part at a time (`2027-09-01` is 2027, 9 and 1); a word with
        // digits in it is no number (`base-10`, `md5`, `13th`, `3-digit`).
        if !token
            .chars()
            .all(|c| c.is_ascii_digit() || c == '.' || c == '-')
        {
            continue;
        }
        let percent = percent_sign || tokens.get(i + 1) == Some(&"percent");
        // How the answer is rounded ("rounded to 2 decimals", "to 3 significant figures") is
        // no number to compute with: the rounding hints see to it. The 0.5B model's
        // `{ounces:.2f}` was told it never used 2 (twenty-seventh set, task 2).
        let next = tokens.get(i + 1).copied().unwrap_or_default();
        let rounding = ["decimal", "place", "dp", "significant", "digit"]
            .iter()
            .any(|w| next.starts_with(w))
            || (i >= 2 && tokens[i - 1] == "to" && tokens[i - 2].starts_with("round"));
        if rounding {
            continue;
        }
        // A number that names a whole the code goes through ("in how many of the 36
        // outcomes", "all 52 cards") describes it, and is no number to compute with: the 1.5B
        // model's right 15, from two dice of `range(1, 7)`, was told it never used 36, and it
        // ran until the time was up (thirty-second set, task 5).
        if i >= 1 && ["the", "all"].contains(&tokens[i - 1]) && next.ends_with('s') {
            continue;
        }
        for part in token.split('-').filter(|p| !p.is_empty()) {
            let Ok(n) = part.parse::<f64>() else {
                continue;
            };
            if n == 0.0 || n == 1.0 || has(n) || has(n + 1.0) || has(n - 1.0) {
                continue;
            }
            if percent && rate_written(n, &written) {
                continue;
            }
            return Some(part.to_string());
        }
    }
    None
}

/// A number the request calls binary, octal or hexadecimal ("the binary number 11011") that the
/// code writes as a decimal literal, never as `0b11011` or a string it converts: the number and
/// how Python writes it. The 0.5B model ran `11011 * 3` for "What is the binary number 11011
/// times 3, in decimal?" (nineteenth set, task 2).
fn base_literal_as_decimal(request: &str, code: &str) -> Option<(String, String)> {
    static BASED: std::sync::LazyLock<Option<regex::Regex>> = std::sync::LazyLock::new(|| {
        regex::Regex::new(r"(?i)\b(binary|octal|hexadecimal|hex)\s+(?:number\s+)?([0-9a-f]+)\b")
            .ok()
    });
    let c = BASED.as_ref()?.captures(request)?;
    let (base, digits) = (c.get(1)?.as_str().to_lowercase(), c.get(2)?.as_str());
    let prefix = match base.as_str() {
        "binary" => "0b",
        "octal" => "0o",
        _ => "0x",
    };
    let bare = uncommented(code);
    let as_decimal = regex::Regex::new(&format!(
        r#"(?:^|[^\w'"]){}(?:[^\w'"]|$)"#,
        regex::escape(digits)
    ))
    .is_ok_and(|r| r.is_match(&bare));
    let converted = bare.contains(&format!("'{digits}'"))
        || bare.contains(&format!("\"{digits}\""))
        || bare
            .to_lowercase()
            .contains(&format!("{prefix}{}", digits.to_lowercase()));
    (as_decimal && !converted).then(|| (digits.to_string(), format!("{prefix}{digits}")))
}

/// When the request asks for a number written in another base ("What is the octal
/// representation of 511?") and the code reads that number's digits as written in that base
/// (`int('511', 8)`), which goes the other way: the call, the number, the base's name and the
/// expression that writes the number in it. The 0.5B model printed 329 for 511 in octal
/// (twenty-second set, task 6).
fn base_read_backwards(request: &str, code: &str) -> Option<(String, String, String, String)> {
    static READ: std::sync::LazyLock<Option<regex::Regex>> = std::sync::LazyLock::new(|| {
        regex::Regex::new(
            r#"\bint\(\s*(?:['"](\w+)['"]|str\(\s*(\w+)\s*\)|(\w+))\s*,\s*(?:base\s*=\s*)?(\d+)\s*\)"#,
        )
        .ok()
    });
    static BASE_K: std::sync::LazyLock<Option<regex::Regex>> =
        std::sync::LazyLock::new(|| regex::Regex::new(r"\bbase[ -](\d+)\b").ok());
    let lower = request.to_lowercase();
    let (radix, name) = if lower.contains("octal") {
        (8, "octal".to_string())
    } else if lower.contains("binary") {
        (2, "binary".to_string())
    } else if lower.contains("hexadecimal") || lower.contains(" hex") {
        (16, "hexadecimal".to_string())
    } else {
        let k: u32 = BASE_K
            .as_ref()?
            .captures(&lower)?
            .get(1)?
            .as_str()
            .parse()
            .ok()?;
        (k, format!("base {k}"))
    };
    // A request that gives a number in that base and asks its value reads it that way.
    let reads = lower
        .split(|c: char| !c.is_alphanumeric())
        .any(|w| w == "decimal")
        || lower.contains("base 10")
        || lower.contains(&format!("{name} number"));
    if reads || !(2..=36).contains(&radix) || base_literal_as_decimal(request, code).is_some() {
        return None;
    }
    let said = normalized(request);
    let asked = numbers_in(&said);
    let bare = uncommented(code);
    READ.as_ref()?.captures_iter(&bare).find_map(|c| {
        if c.get(4)?.as_str().parse::<u32>().ok()? != radix {
            return None;
        }
        let read = (1..=3).find_map(|i| c.get(i))?.as_str();
        // The number itself, or a name given it (`octal_number = "511"`).
        let number = if read.chars().all(|ch| ch.is_ascii_digit()) {
            read.to_string()
        } else {
            let given = regex::Regex::new(&format!(
                r#"(?m)^\s*{}\s*=\s*['"]?(\d+)['"]?\s*$"#,
                regex::escape(read)
            ))
            .ok()?;
            given.captures(&bare)?.get(1)?.as_str().to_string()
        };
        if !asked.iter().any(|n| same_number(n, &number)) {
            return None;
        }
        let how = match radix {
            8 => format!("format({number}, 'o')"),
            2 => format!("format({number}, 'b')"),
            16 => format!("format({number}, 'x')"),
            _ => format!("numpy.base_repr({number}, {radix})"),
        };
        Some((c.get(0)?.as_str().to_string(), number, name.clone(), how))
    })
}

/// When the run printed only `None` from a function of the code: the first `range(…)` the code
/// loops over, if it has one. The function found nothing (or returns nothing): the 0.5B model
/// looked for "the smallest number above 1000 that 17 divides" with `for i in range(n + 1,
/// 1001): if n % i == 0`, printed None and answered it (twenty-second set, task 8).
fn none_returned(code: &str, value: &str) -> Option<Option<String>> {
    static RANGE: std::sync::LazyLock<Option<regex::Regex>> = std::sync::LazyLock::new(|| {
        regex::Regex::new(r"\bfor\s+\w+\s+in\s+(range\([^\n:]*\))\s*:").ok()
    });
    let bare = uncommented(code);
    if value.trim() != "None" || !bare.contains("def ") {
        return None;
    }
    Some(
        RANGE
            .as_ref()
            .and_then(|r| r.captures(&bare))
            .and_then(|c| c.get(1))
            .map(|m| m.as_str().to_string()),
    )
}

/// When the request converts between Fahrenheit and Celsius and the code never takes 32 off
/// or adds it: the formula the request needs. The 0.5B model ran `88 * 5 / 9` for 88 degrees
/// Fahrenheit in Celsius (twenty-second set, task 10).
/// Or, told so, takes 32 off in the wrong place: the printed value is not what the formula
/// gives for the request's temperature (`88 * 5 / 9 - 32`, 16.9). What to say: the formula,
/// with the request's number in it, and what the code did.
fn temperature_offset_missed(request: &str, code: &str, value: &str) -> Option<String> {
    let lower = request.to_lowercase();
    let (f, c) = (lower.find("fahrenheit")?, lower.find("celsius")?);
    // "F in Celsius" names Fahrenheit first; "C in Fahrenheit", Celsius.
    let to_celsius = f < c;
    // One temperature given (a number before its scale): with more, which one the printed
    // value is of is not known.
    static GIVEN: std::sync::LazyLock<Option<regex::Regex>> = std::sync::LazyLock::new(|| {
        regex::Regex::new(r"(-?\d+(?:\.\d+)?)\s*(?:degrees?\s+)?(?:°\s*)?(?:fahrenheit|celsius)\b")
            .ok()
    });
    let temperatures: Vec<&str> = GIVEN
        .as_ref()?
        .captures_iter(&lower)
        .filter_map(|c| c.get(1).map(|m| m.as_str()))
        .collect();
    let given = match temperatures.as_slice() {
        [n] => n.parse::<f64>().ok().map(|v| (n.to_string(), v)),
        _ => None,
    };
    let (formula, filled, right) = match (&given, to_celsius) {
        (Some((n, v)), true) => (
            "Celsius = (Fahrenheit - 32) * 5 / 9",
            format!(", here `({n} - 32) * 5 / 9`"),
            Some((v - 32.0) * 5.0 / 9.0),
        ),
        (Some((n, v)), false) => (
            "Fahrenheit = Celsius * 9 / 5 + 32",
            format!(", here `{n} * 9 / 5 + 32`"),
            Some(v * 9.0 / 5.0 + 32.0),
        ),
        (None, true) => ("Celsius = (Fahrenheit - 32) * 5 / 9", String::new(), None),
        (None, false) => ("Fahrenheit = Celsius * 9 / 5 + 32", String::new(), None),
    };
    if !uncommented(code).contains("32") {
        return Some(format!(
            "the two scales do not start at the same zero, and your code never takes 32 off or adds it: {formula}{filled}."
        ));
    }
    let numbers = numbers_in(value);
    let [printed] = numbers.as_slice() else {
        return None;
    };
    let (right, printed_value) = (right?, printed.parse::<f64>().ok()?);
    // Right as printed, or rounded to the digits it has.
    let step = 10f64.powi(-i32::try_from(decimal_places(printed)).ok()?);
    ((printed_value - right).abs() > step / 2.0 + 1e-9).then(|| {
        format!(
            "{formula}{filled}, and your code printed {printed}, which that formula does not give: take the 32 off (or add it) where the formula does."
        )
    })
}

/// When the request asks for the last word (line, item…) and the code takes the first one,
/// `[0]`, never `[-1]`, or the other way round: what is asked, what the code took and what
/// takes the one asked. The 0.5B model printed `read().split()[0]`, `buy`, for the last word
/// of notes.txt (twenty-first set, task 31).
fn first_for_last(request: &str, code: &str) -> Option<(&'static str, &'static str, &'static str)> {
    let lower = request.to_lowercase();
    let bare = uncommented(code);
    let asked = |which: &str| {
        [
            "word",
            "line",
            "item",
            "element",
            "number",
            "value",
            "character",
            "letter",
            "name",
        ]
        .iter()
        .any(|w| lower.contains(&format!("{which} {w}")))
    };
    // Both named ("the first and last number"): either may be right.
    let (first, last) = (asked("first"), asked("last"));
    let (says_first, says_last) = (lower.contains("first"), lower.contains("last"));
    if last && !says_first && bare.contains("[0]") && !bare.contains("[-1]") {
        Some(("last", "[0]", "[-1]"))
    } else if first && !says_last && bare.contains("[-1]") && !bare.contains("[0]") {
        Some(("first", "[-1]", "[0]"))
    } else {
        None
    }
}

/// When the request asks about distinct (unique, different) values and the code never keeps
/// one of each (`set(…)`, `{… for …}`, `Counter`, `not in`, `nunique`…): the word it asks
/// with. The 1.5B model took the second largest of values.txt's numbers, 99 twice, and printed
/// 99 (twenty-second set, task 23); its count of triangles, each once from ordered loops, was
/// told the same (thirty-fourth set, task 9), before both used [`keeps_one_of_each`].
fn distinct_unkept(request: &str, code: &str) -> Option<&'static str> {
    let lower = request.to_lowercase();
    // "different" counts ones only in "how many different" ("Is a different from b?").
    let word = ["distinct", "unique"]
        .into_iter()
        .find(|w| words_in(&lower).any(|x| x == *w))
        .or_else(|| lower.contains("how many different").then_some("different"))?;
    let kept = keeps_one_of_each(&uncommented(code));
    (!kept).then_some(word)
}

/// When the request asks how many hours (minutes, seconds) a month or a year has and the run
/// printed a count of days one of them has (28 to 31, 365, 366): the unit and how many of it
/// a day has. The 0.5B model printed 29 for the hours of February 2028 (twenty-second set,
/// task 19).
fn days_for_units(request: &str, value: &str) -> Option<(&'static str, u32)> {
    let lower = request.to_lowercase();
    let (unit, per_day) = [("hour", 24), ("minute", 1440), ("second", 86400)]
        .into_iter()
        .find(|(unit, _)| lower.contains(&format!("how many {unit}s")))?;
    let numbers = numbers_in(value);
    let [n] = numbers.as_slice() else {
        return None;
    };
    let days = matches!(*n, "28" | "29" | "30" | "31" | "365" | "366");
    let month_or_year = lower.contains("month")
        || lower.contains("year")
        || MONTHS.iter().any(|m| lower.contains(m));
    (days && month_or_year && !lower.contains("day")).then_some((unit, per_day))
}

/// When the request asks for a digital root and the run printed a number of more than one
/// digit: that number. The 0.5B model summed the digits of 987654321 once and printed 45
/// (twenty-second set, task 1).
fn digital_root_unfinished(request: &str, value: &str) -> Option<String> {
    if !request.to_lowercase().contains("digital root") {
        return None;
    }
    let numbers = numbers_in(value);
    let [n] = numbers.as_slice() else {
        return None;
    };
    (n.len() >= 2 && n.chars().all(|c| c.is_ascii_digit())).then(|| n.to_string())
}

/// A sequence the request counts in steps of more than one ("10, 20, 30 and so on up to
/// 100") where the code's `range` takes no step: the first numbers as written, the step and
/// the range. The 1.5B model summed `range(10, 101)`, 5005, for that sum of tens (nineteenth
/// set, task 5).
fn range_without_step(request: &str, code: &str) -> Option<(String, i64, String)> {
    static SEQUENCE: std::sync::LazyLock<Option<regex::Regex>> = std::sync::LazyLock::new(|| {
        regex::Regex::new(r"(?i)\b(\d+),\s*(\d+),\s*(\d+),?\s*(?:and so on|etc\.?|\.\.\.|…)").ok()
    });
    static TWO_BOUNDS: std::sync::LazyLock<Option<regex::Regex>> =
        std::sync::LazyLock::new(|| regex::Regex::new(r"\brange\(\s*[^,()]+,\s*[^,()]+\)").ok());
    let c = SEQUENCE.as_ref()?.captures(request)?;
    let [a, b, third] = [1, 2, 3].map(|i| c.get(i).and_then(|m| m.as_str().parse::<i64>().ok()));
    let (a, b, third) = (a?, b?, third?);
    let step = b - a;
    if step <= 1 || third - b != step {
        return None;
    }
    let bare = uncommented(code);
    let range = TWO_BOUNDS.as_ref()?.find(&bare)?.as_str().to_string();
    let written = format!("{a}, {b}, {third}");
    Some((written, step, range))
}

/// The sequence as the request writes it out, where `written` is its last three numbers
/// before "and so on" ("3, 7, 11, 15", not "7, 11, 15").
fn sequence_written<'a>(request: &'a str, written: &'a str) -> &'a str {
    let Some(at) = request.find(written) else {
        return written;
    };
    let end = at + written.len();
    let mut start = at;
    while let Some(prev) = request[..start].trim_end().strip_suffix(',') {
        let prev = prev.trim_end();
        let digits = prev.len() - prev.trim_end_matches(|c: char| c.is_ascii_digit()).len();
        if digits == 0 {
            break;
        }
        start = prev.len() - digits;
    }
    &request[start..end]
}

/// How many terms of a sequence the request takes ("the first 50 terms of 3, 7, 11…").
fn terms_asked(request: &str) -> Option<u64> {
    let lower = request.to_lowercase();
    let words: Vec<&str> = lower.split_whitespace().collect();
    words.windows(3).find_map(|w| {
        (w[0] == "first" && (w[2].starts_with("term") || w[2].starts_with("number")))
            .then(|| w[1].parse().ok())
            .flatten()
    })
}

/// For a request that asks how many, a `sum(...)` of the very value its filter compares
/// (`sum(o['total'] for o in orders if o['total'] > 100)`): that value and the filter. It added
/// up the values of what it kept where the request counts them: the 1.5B model printed 420 for
/// "How many orders in shop.json have a total above 100?" (twentieth set, task 23).
fn filtered_values_summed(request: &str, code: &str) -> Option<(String, String)> {
    static SUMMED: std::sync::LazyLock<Option<regex::Regex>> = std::sync::LazyLock::new(|| {
        regex::Regex::new(r"\bsum\(\s*([^()]+?(?:\([^()]*\))?[^()]*?)\s+for\s+\w+\s+in\s+[^\n]+?\s+if\s+([^\n]+?)\)").ok()
    });
    if !request.to_lowercase().trim_start().starts_with("how many") {
        return None;
    }
    let bare = uncommented(code);
    SUMMED.as_ref()?.captures_iter(&bare).find_map(|c| {
        let (value, filter) = (c.get(1)?.as_str().trim(), c.get(2)?.as_str().trim());
        let constant = value.parse::<f64>().is_ok() || value == "True";
        (!constant && filter.contains(value)).then(|| (value.to_string(), filter.to_string()))
    })
}

/// A number of the request the code gives a name (`c = 20`) and never uses again, nor writes
/// anywhere else: that line's name and the number. The 0.5B model set `a = 8`, `b = 14` and
/// `c = 20` for "the least common multiple of 8, 14 and 20" and printed `lcm(a, b)`, 56
/// (eighteenth set, task 11).
fn unread_number(request: &str, code: &str) -> Option<(String, String)> {
    static SET: std::sync::LazyLock<Option<regex::Regex>> = std::sync::LazyLock::new(|| {
        regex::Regex::new(r"(?m)^([A-Za-z_]\w*)\s*=\s*(-?\d+(?:\.\d+)?)\s*$").ok()
    });
    let bare = uncommented(code);
    let asked = numbers_in(request);
    SET.as_ref()?.captures_iter(&bare).find_map(|c| {
        let (name, number) = (c.get(1)?.as_str(), c.get(2)?.as_str());
        if !asked
            .iter()
            .any(|a| same_number(a, number) && same_number(number, a))
        {
            return None;
        }
        let used = regex::Regex::new(&format!(r"\b{}\b", regex::escape(name)))
            .is_ok_and(|r| r.find_iter(&bare).count() > 1);
        let written_again = numbers_in(&bare).iter().filter(|n| **n == number).count() > 1;
        (!used && !written_again).then(|| (name.to_string(), number.to_string()))
    })
}

/// A group the request writes in parentheses (`(987 - 123) times 4`) that the code computes
/// without them, its numbers written but never grouped, nor given a name of their own: the
/// group as the request writes it. The 0.5B model ran `987 - 123 * 4` (eighteenth set, task 1).
fn ungrouped(request: &str, code: &str) -> Option<String> {
    static GROUP: std::sync::LazyLock<Option<regex::Regex>> = std::sync::LazyLock::new(|| {
        regex::Regex::new(r"\(\s*(-?\d+(?:\.\d+)?\s*[-+*/]\s*-?\d+(?:\.\d+)?)\s*\)").ok()
    });
    static DIGITS: std::sync::LazyLock<Option<regex::Regex>> =
        std::sync::LazyLock::new(|| regex::Regex::new(r"\d+(?:\.\d+)?").ok());
    let bare: String = uncommented(code)
        .chars()
        .filter(|c| !c.is_whitespace())
        .collect();
    GROUP.as_ref()?.captures_iter(request).find_map(|c| {
        let group = c.get(1)?.as_str();
        let tight: String = group.chars().filter(|c| !c.is_whitespace()).collect();
        let digits = |t: &str| -> Vec<String> {
            DIGITS.as_ref().map_or_else(Vec::new, |r| {
                r.find_iter(t).map(|m| m.as_str().to_string()).collect()
            })
        };
        let written = digits(&bare);
        let attempted = digits(group).iter().all(|n| written.contains(n));
        let grouped = bare.contains(&format!("({tight})"))
            || uncommented(code).lines().any(|l| {
                l.split_once('=').is_some_and(|(_, rhs)| {
                    rhs.chars()
                        .filter(|c| !c.is_whitespace())
                        .collect::<String>()
                        == tight
                })
            });
        (attempted && !grouped).then(|| group.to_string())
    })
}

/// A `max(name.values())` (or `min`) the code takes of a mapping: that call, the mapping's name,
/// and the call that gives its key instead (`max(scores, key=scores.get)`).
fn value_max(code: &str) -> Option<(String, String, String)> {
    static OF_VALUES: std::sync::LazyLock<Option<regex::Regex>> = std::sync::LazyLock::new(|| {
        regex::Regex::new(r"\b(max|min)\(\s*([A-Za-z_]\w*)\.values\(\)\s*\)").ok()
    });
    let c = OF_VALUES.as_ref()?.captures(code)?;
    let (call, which, name) = (c.get(0)?.as_str(), c.get(1)?.as_str(), c.get(2)?.as_str());
    Some((
        call.to_string(),
        name.to_string(),
        format!("{which}({name}, key={name}.get)"),
    ))
}

/// How to keep each line's name with its number, for a text file the code names whose lines
/// are a name, a separator (`:`, `,` or spaces) and a number (`mia: 88`): the 0.5B model
/// sorted scores.txt's numbers alone and printed the second, 93, for who has the second
/// highest score (thirtieth set, task 20).
fn names_kept_how(code: &str, cwd: &Path) -> Option<String> {
    named_files(code).into_iter().find_map(|name| {
        if name.ends_with(".csv") || name.ends_with(".json") {
            return None;
        }
        let text = std::fs::read_to_string(cwd.join(name)).ok()?;
        let lines: Vec<&str> = text.lines().filter(|l| !l.trim().is_empty()).collect();
        let split = [":", ","].into_iter().find(|sep| {
            lines.len() >= 2
                && lines.iter().all(|l| {
                    l.split_once(sep).is_some_and(|(n, v)| {
                        !n.trim().is_empty() && v.trim().parse::<f64>().is_ok()
                    })
                })
        });
        let pair = match split {
            Some(sep) => {
                format!("(float(line.split('{sep}')[1]), line.split('{sep}')[0].strip())")
            }
            None => {
                let two = lines.len() >= 2
                    && lines.iter().all(|l| {
                        let f: Vec<&str> = l.split_whitespace().collect();
                        f.len() == 2 && f[1].parse::<f64>().is_ok()
                    });
                if !two {
                    return None;
                }
                "(float(line.split()[1]), line.split()[0])".to_string()
            }
        };
        Some(format!(
            " Keep each number with its line's name: `pairs = sorted({pair} for line in open('{name}') if line.strip())` holds `(value, name)` pairs, smallest value first: print the name, `[1]`, of the one my request asks for."
        ))
    })
}

/// When the model asks to run again, unchanged, Python code that printed a largest or smallest
/// value where the request asks who (the hint said so), or answers after it, and the code
/// took it as `max(name.values())`: that code with the key taken instead
/// (`max(name, key=name.get)`), for the engine to run in the model's stead. The 0.5B model
/// printed the highest score, 95, three times for "Who has the highest score in scores.json?"
/// (sixteenth set, task 25).
pub fn mended_who_max<'h>(
    history: &'h History,
    next: Option<&'h ToolCall>,
) -> Option<(String, String)> {
    let (code, output, how) = python_failed_again(history, next)?;
    if !output.contains("my request asks who, and ") {
        return None;
    }
    let (call, name, key) = value_max(code)?;
    Some((
        code.replace(&call, &key),
        format!(
            "the model's code takes the largest or smallest value of `{name}` where the request asks who, and {how}: running it with `{key}`"
        ),
    ))
}

/// When the request asks for the lines that start with a number (or digit) and the code tests
/// whole lines with `.isdigit()`, never a first character or field, or tests one digit
/// (`startswith('0')`): what that test does. The 1.5B model kept the lines of notes.txt for
/// which `line.strip().isdigit()`, none of `1 apples`, `2 pears`, `10 figs`; told so, it kept
/// those that `startswith('0')` (sixteenth set, task 28).
fn digit_start_missed(request: &str, code: &str) -> Option<String> {
    static ONE_DIGIT: std::sync::LazyLock<Option<regex::Regex>> = std::sync::LazyLock::new(|| {
        regex::Regex::new(r#"\.startswith\(\s*['"](\d)['"]\s*\)"#).ok()
    });
    let lower = request.to_lowercase();
    let asked = [
        "start with a",
        "starts with a",
        "begin with a",
        "begins with a",
    ]
    .iter()
    .any(|s| lower.contains(&format!("{s} number")) || lower.contains(&format!("{s} digit")));
    if !asked {
        return None;
    }
    let bare = uncommented(code);
    if let Some(c) = ONE_DIGIT.as_ref()?.captures(&bare) {
        return Some(format!(
            "`{}` keeps only the lines that start with {}",
            c.get(0)?.as_str().trim_start_matches('.'),
            c.get(1)?.as_str()
        ));
    }
    let first = [
        "[0]",
        "[:1]",
        "[0:1]",
        "re.match",
        "startswith",
        "^\\d",
        "^[0-9]",
        "lstrip",
    ];
    (bare.contains(".isdigit()") && !first.iter().any(|w| bare.contains(w))).then(|| {
        "`.isdigit()` of a whole line is true only when the line is all digits".to_string()
    })
}

/// The year a request asks the days of (`How many days are there in the year 2100?`), when the
/// run printed one number that is neither 365 nor 366. The 1.5B model printed the day of the
/// year of January 1, 1, and was pushed to answer it (sixteenth set, task 20).
fn year_days_missed(request: &str, value: &str) -> Option<i32> {
    let year = asked_year_days(request)?;
    let printed = numbers_in(value);
    let [printed] = printed.as_slice() else {
        return None;
    };
    (!same_number(printed, "365") && !same_number(printed, "366")).then_some(year)
}

/// Whether the request asks how many words of a file there are (`How many words in essay.txt
/// have more than 6 letters?`) and the code reads lines without ever splitting them into
/// words. The 0.5B model counted essay.txt's lines longer than 6 characters, 1 (seventeenth
/// set, task 28).
fn words_unsplit(request: &str, code: &str) -> bool {
    let lower = request.to_lowercase();
    let asked =
        lower.trim_start().starts_with("how many words") && !named_files(request).is_empty();
    let bare = uncommented(code);
    let splits = [
        ".split(",
        "re.findall",
        "re.split",
        "word_tokenize",
        "split()",
    ]
    .iter()
    .any(|w| bare.contains(w));
    // It measured or counted something (not a file printed as it is: another hint's).
    let counted = bare.contains("len(") || bare.contains("+= 1") || bare.contains(".count(");
    asked && !splits && counted
}

/// Whether every file the request names that is here holds one word a line (blank lines
/// aside): words.txt of `silent`, `enlist`, … (thirtieth set, task 28).
fn one_word_lines(request: &str, cwd: &Path) -> bool {
    let texts: Vec<String> = named_files(request)
        .into_iter()
        .filter_map(|name| std::fs::read_to_string(cwd.join(name)).ok())
        .collect();
    !texts.is_empty()
        && texts.iter().all(|t| {
            t.lines()
                .filter(|l| !l.trim().is_empty())
                .all(|l| l.split_whitespace().count() == 1)
        })
}

/// Whether the request asks about empty files and the code never looks at a file's size or
/// text (`getsize`, `st_size`, `.stat(`, `.read(`). The 0.5B model counted the paths that are
/// not files (sixteenth set, task 29).
fn sizes_unlooked(request: &str, code: &str) -> bool {
    let lower = request.to_lowercase();
    // A request that makes an empty file counts files, whatever their size (the 0.5B model
    // was told to look at sizes for "Create a folder named build with an empty file out.txt
    // in it", its file never made; eighteenth set, task 31).
    let makes = ["create", "make", "touch", "write", "add "]
        .iter()
        .any(|w| lower.contains(w));
    // "… .py files in this folder and its subfolders are empty" too (the 0.5B model tested
    // `os.path.exists`; thirtieth set, task 31).
    let empty_files = !makes
        && (lower.contains("empty file")
            || lower.contains("files are empty")
            || lower.contains("file")
                && (lower.contains(" are empty") || lower.contains(" is empty")));
    let bare = uncommented(code);
    empty_files
        && ![
            "getsize",
            "st_size",
            ".stat(",
            ".read(",
            "readlines",
            "os.stat",
        ]
        .iter()
        .any(|w| bare.contains(w))
}

/// A word of the request that a JSON file it names holds as the value of a key the request
/// does not name, and the code never looked for that key: the value, the key and the file.
/// The 0.5B model counted `data['members'].count('admin')` for "How many people in team.json
/// have the role admin?", where `admin` is each member's `role` (eighteenth set, task 23).
fn json_value_key(
    request: &str,
    code: &str,
    cwd: &Path,
) -> Option<(String, String, String, Option<String>)> {
    // Each key and string value, with the key of the list its object is in when that list is
    // itself in an item of a list (`labels` of `[{"labels": [{"name": "bug"}]}]`).
    fn pairs(
        v: &serde_json::Value,
        lists: usize,
        list: Option<&str>,
        out: &mut Vec<(String, String, Option<String>)>,
    ) {
        match v {
            serde_json::Value::Object(map) => {
                for (k, v) in map {
                    match v {
                        serde_json::Value::String(s) => out.push((
                            k.clone(),
                            s.clone(),
                            list.filter(|_| lists >= 2).map(str::to_string),
                        )),
                        serde_json::Value::Array(items) => {
                            items.iter().for_each(|i| pairs(i, lists + 1, Some(k), out));
                        }
                        _ => pairs(v, lists, None, out),
                    }
                }
            }
            serde_json::Value::Array(items) => {
                items.iter().for_each(|i| pairs(i, lists + 1, None, out));
            }
            _ => {}
        }
    }
    let lower = request.to_lowercase();
    let asked: Vec<&str> = words_in(&lower)
        .filter(|w| w.chars().count() >= 3)
        .collect();
    let looked =
        |key: &str| code.contains(&format!("'{key}'")) || code.contains(&format!("\"{key}\""));
    named_files(request)
        .into_iter()
        // A notebook is JSON too (the 0.5B model counted every cell of analysis.ipynb for
        // its code cells; thirty-fourth set, task 30).
        .filter(|n| {
            let n = n.to_lowercase();
            n.ends_with(".json") || n.ends_with(".ipynb")
        })
        .filter(|n| names_file(code, n, true))
        .find_map(|name| {
            let text = std::fs::read_to_string(cwd.join(name)).ok()?;
            let doc: serde_json::Value = serde_json::from_str(&text).ok()?;
            let mut found = Vec::new();
            pairs(&doc, 0, None, &mut found);
            found.into_iter().find_map(|(key, value, list)| {
                let v = value.to_lowercase();
                (asked.contains(&v.as_str()) && !looked(&key))
                    .then(|| (value, key, name.to_string(), list))
            })
        })
}

/// When the request asks about a kind of field a line holds (paths, IP addresses, emails, URLs,
/// dates, status codes) and the code takes a whitespace field of a text file's lines by an
/// index (`line.split()[0]`, or `words[0]` of `words = line.split()`) that holds no such thing,
/// where another field does in every line: the expression, the file, the kind, the index
/// taken, two of its values, the index that holds the kind and two of its values. The 0.5B
/// model counted the different `words[0]` of access.log, `GET` and `POST`, for "How many
/// different paths were requested in access.log?" (eighteenth set, task 26).
fn field_of_other_kind(request: &str, code: &str, cwd: &Path) -> Option<FieldOfOtherKind> {
    type Test = fn(&str) -> bool;
    const KINDS: &[(&str, &str, Test)] = &[
        ("path", "paths", |f| f.starts_with('/')),
        // Before "address": an email address is no IP address.
        ("email", "emails", |f| f.contains('@')),
        ("url", "URLs", |f| f.starts_with("http")),
        ("ip", "IP addresses", is_ipv4),
        ("address", "IP addresses", is_ipv4),
        ("date", "dates", |f| {
            f.len() >= 10
                && f.as_bytes()[..4].iter().all(u8::is_ascii_digit)
                && f.as_bytes()[4] == b'-'
        }),
        ("status", "status codes", |f| {
            f.len() == 3 && f.chars().all(|c| c.is_ascii_digit())
        }),
    ];
    let lower = request.to_lowercase();
    let words: Vec<&str> = words_in(&lower).collect();
    let (_, kind, test) = KINDS.iter().find(|(noun, _, _)| {
        words.iter().any(|w| {
            *w == *noun || w.strip_suffix('s') == Some(noun) || w.strip_suffix("es") == Some(noun)
        })
    })?;
    static SPLIT_INDEX: std::sync::LazyLock<Option<regex::Regex>> =
        std::sync::LazyLock::new(|| regex::Regex::new(r"\.split\(\)\[(\d+)\]").ok());
    static SPLIT_NAME: std::sync::LazyLock<Option<regex::Regex>> = std::sync::LazyLock::new(|| {
        regex::Regex::new(r"\b([A-Za-z_]\w*)\s*=\s*[\w.\[\]()']*\.split\(\)\s*$").ok()
    });
    let bare = uncommented(code);
    let (expression, taken) = SPLIT_INDEX
        .as_ref()?
        .captures(&bare)
        .and_then(|c| {
            Some((
                c.get(0)?.as_str().trim_start_matches('.').to_string(),
                c[1].parse::<usize>().ok()?,
            ))
        })
        .or_else(|| {
            bare.lines().find_map(|l| {
                let name = SPLIT_NAME
                    .as_ref()?
                    .captures(l.trim())?
                    .get(1)?
                    .as_str()
                    .to_string();
                let index =
                    regex::Regex::new(&format!(r"\b{}\[(\d+)\]", regex::escape(&name))).ok()?;
                let c = index.captures(&bare)?;
                Some((c.get(0)?.as_str().to_string(), c[1].parse::<usize>().ok()?))
            })
        })?;
    named_files(request)
        .into_iter()
        .filter(|name| plain_text(name) && names_file(code, name, true))
        .find_map(|name| {
            let text = std::fs::read_to_string(cwd.join(name)).ok()?;
            let rows: Vec<Vec<&str>> = text
                .lines()
                .map(|l| l.split_whitespace().collect::<Vec<_>>())
                .filter(|r| !r.is_empty())
                .collect();
            if rows.len() < 2 {
                return None;
            }
            let column = |i: usize| -> Option<Vec<&str>> {
                rows.iter().map(|r| r.get(i).copied()).collect()
            };
            let given = column(taken)?;
            if given.iter().any(|f| test(f)) {
                return None;
            }
            let width = rows.iter().map(Vec::len).min()?;
            let held =
                (0..width).find(|&i| column(i).is_some_and(|c| c.iter().all(|f| test(f))))?;
            let two = |c: Vec<&str>| {
                let mut seen: Vec<&str> = Vec::new();
                for f in c {
                    if !seen.contains(&f) && seen.len() < 2 {
                        seen.push(f);
                    }
                }
                seen.iter()
                    .map(|f| format!("`{f}`"))
                    .collect::<Vec<_>>()
                    .join(", ")
            };
            Some(FieldOfOtherKind {
                expression: expression.clone(),
                file: name.to_string(),
                kind: (*kind).to_string(),
                taken,
                taken_values: two(given),
                held,
                held_values: two(column(held)?),
            })
        })
}

/// Whether a field is an IPv4 address, four groups of digits (`10.0.0.1`).
fn is_ipv4(field: &str) -> bool {
    field.split('.').count() == 4
        && field
            .split('.')
            .all(|p| !p.is_empty() && p.chars().all(|c| c.is_ascii_digit()))
}

/// What [`field_of_other_kind`] finds.
#[derive(Debug, PartialEq)]
struct FieldOfOtherKind {
    expression: String,
    file: String,
    kind: String,
    taken: usize,
    taken_values: String,
    held: usize,
    held_values: String,
}

/// Whether the code shifts letters from `65` (`A`) and never handles lower case, where the
/// request's quoted text is in lower case: its letters start at 97. The 1.5B model computed the
/// ROT13 of 'world' as `chr((ord(c) - 65 + 13) % 26 + 65)` and printed `PHKEW` (eighteenth set,
/// task 16).
fn upper_shift_only(request: &str, code: &str) -> bool {
    let bare = uncommented(code);
    let shifts = bare.contains("ord(")
        && (bare.contains("65") || bare.contains("ord('A')") || bare.contains("ord(\"A\")"));
    let lower_handled = [
        "97",
        "ord('a')",
        "ord(\"a\")",
        "islower",
        "isupper",
        ".lower(",
        ".upper(",
        "ascii_lowercase",
        "'a'",
        "\"a\"",
    ]
    .iter()
    .any(|w| bare.contains(w));
    let lower_text = quoted(request)
        .into_iter()
        .chain(regex::Regex::new(r"'([^']+)'").into_iter().flat_map(|r| {
            r.captures_iter(request)
                .map(|c| c[1].to_string())
                .collect::<Vec<_>>()
        }))
        .any(|t| t.chars().any(|c| c.is_ascii_lowercase()));
    shifts && !lower_handled && lower_text
}

/// Whether the request asks how many different things there are (`unique`, `different`,
/// `distinct`) and the code counts each thing as often as it comes: nothing in it keeps one of
/// each (a set, a `Counter`, a dict, a `not in` test). The 0.5B model printed `len(paths)` of
/// a `re.findall` for "How many different paths were requested in access.log?" (eighteenth
/// set, task 26).
fn distinct_uncounted(request: &str, code: &str) -> bool {
    let lower = request.to_lowercase();
    let asked = lower.trim_start().starts_with("how many")
        && words_in(&lower).any(|w| matches!(w, "unique" | "different" | "distinct"));
    asked && !keeps_one_of_each(&uncommented(code))
}

/// Whether code keeps one of each thing it counts: a set (a comprehension too,
/// `{l.split()[1] for l in lines}`), a `Counter`, a dict, a `not in` test, pandas' `unique`,
/// the shell's `sort -u` or `uniq`; or, for things it makes rather than reads, combinations or
/// nested loops whose inner range starts at the outer one's value (`for b in range(a, …)`:
/// each triple once, `a <= b`; the 1.5B model's count of triangles was told it counted
/// repeats, and it dropped its triangle test; thirty-fourth set, task 9). Shared by
/// [`all_lines_counted`], [`distinct_uncounted`] and [`distinct_unkept`].
fn keeps_one_of_each(bare: &str) -> bool {
    static SET_COMPREHENSION: std::sync::LazyLock<Option<regex::Regex>> =
        std::sync::LazyLock::new(|| regex::Regex::new(r"\{[^{}]*\bfor\b[^{}]*\}").ok());
    static RANGE_LOOP: std::sync::LazyLock<Option<regex::Regex>> = std::sync::LazyLock::new(|| {
        regex::Regex::new(r"\bfor\s+([A-Za-z_]\w*)\s+in\s+range\(").ok()
    });
    let ordered = RANGE_LOOP.as_ref().is_some_and(|r| {
        r.captures_iter(bare).filter_map(|c| c.get(1)).any(|v| {
            let v = v.as_str();
            [",", " ", "+", ")"]
                .iter()
                .any(|after| bare.contains(&format!("range({v}{after}")))
        })
    });
    [
        "set(",
        "Counter",
        "unique",
        "dict",
        "not in",
        "{}",
        "groupby",
        "nunique",
        "fromkeys",
        "sort -u",
        "uniq",
        "combinations",
        "drop_duplicates",
    ]
    .iter()
    .any(|w| bare.contains(w))
        || SET_COMPREHENSION.as_ref().is_some_and(|r| r.is_match(bare))
        || ordered
}

/// Whether the code tests how lines end (`line.endswith('?')`) on lines read with their
/// newline (`readlines()`, or the file's lines in a loop) and never strips it: no such test is
/// ever true. The 0.5B model counted 0 lines of notes.txt that end with a question mark
/// (eighteenth set, task 28).
fn newline_kept_for_end(code: &str) -> bool {
    static LOOP: std::sync::LazyLock<Option<regex::Regex>> = std::sync::LazyLock::new(|| {
        regex::Regex::new(r"\bfor\s+([A-Za-z_]\w*)\s+in\s+([^:\n]+?)(?:\s+if\b[^:\n]*)?[:)\]]").ok()
    });
    static ENDS: std::sync::LazyLock<Option<regex::Regex>> =
        std::sync::LazyLock::new(|| regex::Regex::new(r"\b([A-Za-z_]\w*)\.endswith\(").ok());
    let bare = uncommented(code);
    if [
        "strip(",
        "splitlines",
        "split('\\n')",
        "split(\"\\n\")",
        "[:-1]",
    ]
    .iter()
    .any(|w| bare.contains(w))
    {
        return false;
    }
    // The names a loop binds to a file's lines: over `readlines()`, a list named for lines,
    // or the open file itself; not file names (`for filename in os.listdir(...)`).
    let line_names: Vec<&str> = LOOP
        .as_ref()
        .map(|r| {
            r.captures_iter(&bare)
                .filter(|c| {
                    let over = c.get(2).map_or("", |m| m.as_str()).trim();
                    over.contains("readlines")
                        || over.contains("lines")
                        || over.starts_with("open(")
                        || matches!(over, "f" | "file" | "fh" | "handle" | "infile")
                })
                .filter_map(|c| c.get(1).map(|m| m.as_str()))
                .collect()
        })
        .unwrap_or_default();
    ENDS.as_ref().is_some_and(|r| {
        r.captures_iter(&bare)
            .any(|c| c.get(1).is_some_and(|m| line_names.contains(&m.as_str())))
    })
}

/// Whether the request compares files or texts by their lines ("the most lines") and the code
/// never counted a line: it took the largest by something else. The 0.5B model took
/// `max(log_files, key=os.path.getmtime)` for "Which .log file in this folder has the most
/// lines?" (eighteenth set, task 30).
fn lines_uncounted(request: &str, code: &str) -> bool {
    let lower = request.to_lowercase();
    let asked = [
        "most lines",
        "fewest lines",
        "least lines",
        "more lines",
        "fewer lines",
    ]
    .iter()
    .any(|w| lower.contains(w));
    let bare = uncommented(code);
    asked
        && ![
            "readlines",
            "splitlines",
            "count('\\n')",
            "count(\"\\n\")",
            "wc -l",
            "sum(1 for",
            "for line in",
            "for l in",
            "split('\\n')",
            "split(\"\\n\")",
        ]
        .iter()
        .any(|w| bare.contains(w))
}

/// When a request asks how many different things there are (`unique`, `different`,
/// `distinct`) and the run printed a mapping of each to its count (a `Counter` or a dict of
/// numbers) by its name, `print(name)`: how many entries it has, and that name. The 0.5B
/// model printed `Counter({'the': 3, 'cat': 2, 'saw': 2, 'dog': 2, 'a': 1})` for the unique
/// words of text.txt, and said 3 (sixteenth set, task 27).
fn counts_for_distinct<'c>(request: &str, code: &'c str, value: &str) -> Option<(usize, &'c str)> {
    static ENTRY: std::sync::LazyLock<Option<regex::Regex>> = std::sync::LazyLock::new(|| {
        regex::Regex::new(r#"(?:'[^']*'|"[^"]*"|\w+):\s*-?\d+(?:\.\d+)?\s*[,}]"#).ok()
    });
    let lower = request.to_lowercase();
    let distinct = words_in(&lower).any(|w| matches!(w, "unique" | "different" | "distinct"));
    let value = value.trim();
    let mapping = value.starts_with('{') || value.starts_with("Counter({");
    if !lower.trim_start().starts_with("how many") || !distinct || !mapping || value.contains('\n')
    {
        return None;
    }
    let entries = ENTRY.as_ref()?.find_iter(value).count();
    let name = printed_name(code)?;
    (entries >= 2).then_some((entries, name))
}

/// When a request asks how many lines of a file the code names, and the code searches for a
/// string of several words copied from exactly one of its lines, some words the request's and
/// some not: that string, the file, the first word the request lacks, and the request's words
/// in it. The 0.5B model counted "GET requests with status 200" with
/// `re.search(r'GET /index 200', line)`, found the one line it was copied from, and said 1
/// (sixteenth set, task 26).
fn narrowed_search<'c>(
    request: &str,
    code: &'c str,
    cwd: &Path,
) -> Option<(&'c str, &'c str, &'c str, Vec<&'c str>)> {
    let lower = request.to_lowercase();
    if !lower.trim_start().starts_with("how many") {
        return None;
    }
    let asked: Vec<&str> = words_in(&lower).collect();
    let literals: Vec<&str> = code
        .lines()
        .filter(|l| !l.contains("print("))
        .flat_map(string_literals)
        .collect();
    named_files(code)
        .into_iter()
        .filter(|n| plain_text(n))
        .find_map(|file| {
            let text = std::fs::read_to_string(cwd.join(file)).ok()?;
            literals.iter().find_map(|literal| {
                // Its words, as a regex writes them too (`GET\s+\/index\s+200`: the 1.5B
                // model's, told of its `GET /index 200`); an escape's letter is none.
                let parts: Vec<&str> = words_in(literal)
                    .filter(|w| w.chars().count() >= 2)
                    .collect();
                let holds_all = |line: &str| parts.iter().all(|p| words_in(line).any(|w| w == *p));
                if parts.len() < 2 || text.lines().filter(|l| holds_all(l)).count() != 1 {
                    return None;
                }
                let (mine, theirs): (Vec<&str>, Vec<&str>) = parts
                    .iter()
                    .partition(|p| asked.contains(&p.to_lowercase().as_str()));
                let unasked = theirs.first()?;
                (!mine.is_empty()).then_some((*literal, file, *unasked, mine))
            })
        })
}

/// When the model asks to run again, unchanged, Python code whose search was copied from one
/// line of the file (the hint said so, [`narrowed_search`]), or answers after it: that code
/// with the search (`re.search(r'GET /index 200', line)`, `'GET /index 200' in line`) made a
/// test of the request's words in it (`('GET' in line and '200' in line)`), for the engine to
/// run in the model's stead. The 0.5B model sent its `GET /index 200` back until the bench's
/// time ran out (sixteenth set, task 26).
pub fn mended_narrowed<'h>(
    history: &'h History,
    next: Option<&'h ToolCall>,
    cwd: &Path,
) -> Option<(String, String)> {
    let (code, output, how) = python_failed_again(history, next)?;
    if !output.contains("copied from one line of") {
        return None;
    }
    let (asked, _) = history.last_turn()?;
    let (searched, _, _, words) = narrowed_search(&request_text(asked), code, cwd)?;
    let literal = regex::escape(searched);
    let pattern = format!(
        r#"re\.(?:search|match)\(\s*r?(['"]){literal}['"]\s*,\s*([A-Za-z_]\w*)\s*\)|(['"]){literal}['"]\s+in\s+([A-Za-z_]\w*)"#
    );
    let re = regex::Regex::new(&pattern).ok()?;
    let found = re.captures(code)?;
    let line = found.get(2).or_else(|| found.get(4))?.as_str();
    let quote = found.get(1).or_else(|| found.get(3))?.as_str();
    let test = words
        .iter()
        .map(|w| format!("{quote}{w}{quote} in {line}"))
        .collect::<Vec<_>>()
        .join(" and ");
    let mended = re
        .replace_all(code, format!("({test})").as_str())
        .into_owned();
    Some((
        mended,
        format!(
            "the model's code searches for `{searched}`, copied from one line of the file, and {how}: running it testing `{test}`"
        ),
    ))
}

/// The code of the turn's runs that worked, then `code`, as one text.
fn with_earlier_code(history: &History, turn: &[HistoryItem], code: &str) -> String {
    code_runs(history, turn)
        .filter(|(_, _, failed)| !failed)
        .map(|(earlier, _, _)| earlier)
        .chain(std::iter::once(code))
        .collect::<Vec<_>>()
        .join("\n")
}

/// When the request deletes the files of an extension, then asks how many files are left, and
/// code that deletes nothing counted the files of that extension, none of which is here now:
/// the extension. The 0.5B model deleted the .tmp files, was asked the rest, and counted the
/// .tmp files, 0 (twelfth set, task 33).
fn deleted_counted(request: &str, code: &str, cwd: &Path) -> Option<String> {
    let c = folder_change(request, code, cwd).filter(|c| c.done == "deleted")?;
    let rest = c.rest.to_lowercase();
    let bare = uncommented(code).to_lowercase();
    let deletes = ["remove(", "unlink(", "rmtree(", "rm "]
        .iter()
        .any(|w| bare.contains(w));
    (["left", "remain"].iter().any(|w| rest.contains(w)) && !deletes).then_some(c.extension)
}

/// When the request asks how many days a year has and the code took one month's days from
/// `calendar.monthrange` without going through the months: the year. The 0.5B model printed
/// `calendar.monthrange(2100, 1)[1]`, 31, for the days of 2100 (twelfth set, task 20).
fn month_for_year(request: &str, code: &str) -> Option<i32> {
    let bare = uncommented(code);
    if !bare.contains("monthrange(") || bare.contains("for ") || bare.contains("sum(") {
        return None;
    }
    asked_year_days(request)
}

/// The year whose days a request asks for (`How many days are there in the year 2100?`, `How
/// many days does 2028 have?`); not one month's (`days in March of 2026`), nor the days of a
/// year that come after a date.
fn asked_year_days(request: &str) -> Option<i32> {
    static YEAR: std::sync::LazyLock<Option<regex::Regex>> = std::sync::LazyLock::new(|| {
        regex::Regex::new(
            r"(?i)\bhow many days\b[^.?!]*?\b(?:in|of|does)\s+(?:the\s+year\s+)?(\d{4})(?:\s+have)?\s*(?:[?.!]|$)",
        )
        .ok()
    });
    let c = YEAR.as_ref()?.captures(request)?;
    asked_month(request)
        .is_none()
        .then(|| c[1].parse().ok())
        .flatten()
}

/// When the request asks how many of a day of the week a month or a year has ("How many
/// Saturdays are there in May 2027?", "How many Fridays are in 2026?"): that span as the
/// request says it, its first date and its number of days.
fn weekday_span(request: &str) -> Option<(String, chrono::NaiveDate, i64)> {
    static SPAN: std::sync::LazyLock<Option<regex::Regex>> = std::sync::LazyLock::new(|| {
        regex::Regex::new(
            r"(?i)\bhow many (?:mon|tues|wednes|thurs|fri|satur|sun)days\b.*?\b(?:in|of|during)\s+(?:the\s+(?:month|year)\s+(?:of\s+)?)?(?:(january|february|march|april|may|june|july|august|september|october|november|december)(?:\s+of)?\s+)?(\d{4})\b",
        )
        .ok()
    });
    let c = SPAN.as_ref()?.captures(request)?;
    let year: i32 = c.get(2)?.as_str().parse().ok()?;
    let (first, next, what) = match c.get(1) {
        Some(month) => {
            let name = month.as_str();
            let m = name.parse::<chrono::Month>().ok()?.number_from_month();
            let first = chrono::NaiveDate::from_ymd_opt(year, m, 1)?;
            let next = if m == 12 {
                chrono::NaiveDate::from_ymd_opt(year + 1, 1, 1)?
            } else {
                chrono::NaiveDate::from_ymd_opt(year, m + 1, 1)?
            };
            let mut title = name.to_lowercase();
            title[..1].make_ascii_uppercase();
            (first, next, format!("{title} {year}"))
        }
        None => (
            chrono::NaiveDate::from_ymd_opt(year, 1, 1)?,
            chrono::NaiveDate::from_ymd_opt(year + 1, 1, 1)?,
            year.to_string(),
        ),
    };
    Some((what, first, (next - first).num_days()))
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
    let (done, rest, made) = match made_file_rest(&request, code, cwd) {
        Some((file, rest)) => (
            format!("The file {file} is in the working directory."),
            rest,
            Some(file),
        ),
        None => {
            let (done, rest) = folder_change_rest(&request, code, cwd)?;
            (done, rest, None)
        }
    };
    let end = if rest.ends_with('?') { "?" } else { "." };
    let rest = rest.trim_end_matches(['.', '!', '?']);
    // A question that names nothing it is about is asked of the file made: alone, "Which name
    // comes first?" drew `print('marcus')` from the 0.5B model (twenty-third set, task 28).
    let lower = rest.to_lowercase();
    let of_file = match made {
        Some(file)
            if named_files(rest).is_empty()
                && !words_in(&lower)
                    .any(|w| matches!(w, "it" | "its" | "them" | "they" | "their")) =>
        {
            format!(" in {file}")
        }
        _ => String::new(),
    };
    let mut chars = rest.chars();
    let first = chars.next()?;
    let mut view = before_turn(history, turn);
    view.push(HistoryItem::User {
        items: vec![oi_protocol::InputItem::text(format!(
            "{done} {}{}{of_file}{end} Write the code, which prints the answer.",
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

/// How [`stuck_view`] asks the model afresh.
#[derive(Debug, Clone, PartialEq)]
pub struct Stuck {
    /// What the next request is rendered from.
    pub view: History,
    /// The temperature to sample at.
    pub temperature: f32,
    /// Both corrected replies ran nothing (a made-up tool, an unreadable call, an answer with
    /// no code), or both were answers in words told to write code: the start the reply is to
    /// have where the runtime continues a reply it is given the start of, a Python block
    /// ([`CODE_FIRST`]), with the line the correction spelled out ([`spelled_start`]), or the
    /// request's number when the last reply was a block of that number alone ([`echoed_given`]).
    pub code_start: Option<String>,
    /// The last correction said the answer did not use what the code printed, a value on one
    /// short line: the answer is to begin with it ([`answer_start`]) where the runtime continues
    /// a reply (the 1.5B model, asked afresh warm, said the "tsretse" it had guessed before
    /// its code printed `stressed`).
    pub answer_start: Option<String>,
}

/// The start of the reply [`Stuck::code_first`] asks for. The 0.5B model, shown how to write
/// code after two made-up tools, sent a third (`{"name": "hi", …}` for "What is the text hi
/// as hexadecimal bytes?") even sampled warm.
pub const CODE_FIRST: &str = "```python\n";

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
pub fn stuck_view(history: &History) -> Option<Stuck> {
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
    let ran_nothing = |c: &str| {
        [
            crate::profile::UNKNOWN_TOOL,
            crate::profile::UNREADABLE_CALL,
            NOTHING_RAN,
        ]
        .iter()
        .any(|m| c.starts_with(m))
    };
    let answer_start = (correction.starts_with(NUDGE_START) && correction.contains(UNUSED))
        .then(|| last_success(turn).and_then(|(_, output)| answer_start(split_hint(output).0)))
        .flatten();
    // Two answers in words, each told to write code (the 1.5B model answered "3" for the
    // functions of tools.py four times, told each time to write code that reads it): begun as
    // code too, with the line the correction spelled out when it gave one.
    let in_words = |reply: &str| !reply.contains("```") && !reply.contains('{');
    let told_to_code = answer_start.is_none()
        && in_words(last_reply)
        && in_words(earlier_reply)
        && correction.contains(WRITE_A_BLOCK);
    // A reply that fell into a loop ran nothing either, where the request wants code: the 0.5B
    // model worked compound interest out in LaTeX until it looped, three times, and never
    // wrote code (thirtieth set, task 8).
    let wants_code = {
        let request = request_text(asked);
        asks_for_code(&request) || !named_files(&request).is_empty()
    };
    let ran_nothing = |c: &str| ran_nothing(c) || (wants_code && c.starts_with(LOOPED));
    let code_start =
        ((ran_nothing(correction) && ran_nothing(earlier)) || told_to_code).then(|| {
            let request = request_text(asked);
            let given = spelled_start(correction)
                .or_else(|| echoed_given(last_reply, &request).map(|n| format!("n = {n}\n")))
                .or_else(|| arguments_as_variables(last_reply, &request))
                .unwrap_or_default();
            format!("{CODE_FIRST}{given}")
        });
    // Calls that ran nothing are not said again with their JSON example: the 0.5B model,
    // shown it, sent `{"name": "done", …}` a third time, warm.
    let said = if correction.starts_with(crate::profile::UNKNOWN_TOOL)
        || correction.starts_with(crate::profile::UNREADABLE_CALL)
    {
        "\n\n(Your first replies to this were tool calls that ran nothing. Write Python code in a ```python block that does it and prints the answer.)".to_string()
    } else if correction.starts_with(NOTHING_RAN) && worked_by_hand(last_reply) {
        // Its own working stays in view: asked afresh without it, the 0.5B model wrote
        // `print(12 * 11 - 6 * 5 + …)` for the diagonals it had worked out as n(n-3)/2
        // (thirty-first set, task 6).
        let steps: Vec<&str> = last_reply
            .lines()
            .map(str::trim)
            .filter(|l| l.contains('=') && l.chars().count() <= 160)
            .take(8)
            .collect();
        format!(
            "\n\n(Your first replies worked it out by hand, with these steps:\n{}\nWrite those same steps as Python code in a ```python block that computes the result and prints it.)",
            steps.join("\n")
        )
    } else {
        format!("\n\n(Your first replies to this were not usable. {correction})")
    };
    Some(Stuck {
        view: kept_and_said(history, turn, asked, said),
        temperature,
        code_start,
        answer_start,
    })
}

/// How the corrections that ask for code say it.
const WRITE_A_BLOCK: &str = "Write Python code in a ```python block";

/// The first line a correction spelled out for the code (`` starts with `text =
/// open('tools.py').read()` ``), as the line that begins it.
fn spelled_start(correction: &str) -> Option<String> {
    let (_, rest) = correction.split_once("starts with `")?;
    let (line, _) = rest.split_once('`')?;
    (!line.trim().is_empty() && !line.contains('\n')).then(|| format!("{line}\n"))
}

/// When a reply is a call to a tool that does not exist whose arguments are values the request
/// gives (`{"name": "calculate_vat", "arguments": {"amount": 9.99, "vat_percentage": 20}}`):
/// those values as Python variables, one a line (`amount = 9.99`). Begun with them, the reply is
/// code that works with them: the 0.5B model, asked afresh, sent its call a third time as a
/// Python dict, which printed itself (twenty-sixth set, task 2).
fn arguments_as_variables(reply: &str, request: &str) -> Option<String> {
    const NOT_NAMES: [&str; 12] = [
        "type",
        "properties",
        "description",
        "required",
        "name",
        "language",
        "code",
        "items",
        "default",
        "enum",
        "title",
        "format",
    ];
    let blocks = crate::profile::text_calls::fenced_blocks(reply, true);
    let text = blocks.first().map_or(reply, |b| b.body.as_str());
    let (start, end) = (text.find('{')?, text.rfind('}')?);
    let call: serde_json::Value = serde_json::from_str(text.get(start..=end)?).ok()?;
    let arguments = call
        .get("arguments")
        .or_else(|| call.get("parameters"))?
        .as_object()?;
    let given = numbers_in(request);
    let mut lines = String::new();
    // By name, whichever order the JSON map keeps.
    let mut arguments: Vec<_> = arguments.iter().collect();
    arguments.sort_by_key(|(key, _)| key.as_str());
    for (key, value) in arguments {
        let name_like = key
            .chars()
            .next()
            .is_some_and(|c| c.is_ascii_alphabetic() || c == '_')
            && key.chars().all(|c| c.is_ascii_alphanumeric() || c == '_');
        if !name_like || NOT_NAMES.contains(&key.as_str()) {
            continue;
        }
        // Only what the request gives: a value the model made up (`"hex_bytes": "0x48"` for
        // the text hi) would only be printed back.
        let literal = match value {
            serde_json::Value::Number(n) if given.contains(&n.to_string().as_str()) => {
                n.to_string()
            }
            // A JSON string is a Python string literal too.
            serde_json::Value::String(text)
                if !text.is_empty() && request.contains(text.as_str()) =>
            {
                value.to_string()
            }
            _ => continue,
        };
        lines.push_str(&format!("{key} = {literal}\n"));
    }
    (!lines.is_empty()).then_some(lines)
}

/// When a reply is a Python block of one number alone that the request gives (the 0.5B model
/// answered "What is 100 written in octal?" with a block of `100`, three times, begun as a
/// Python block twice): that number. Begun with it as a variable, the reply is code about it.
fn echoed_given<'r>(reply: &str, request: &'r str) -> Option<&'r str> {
    let blocks = crate::profile::text_calls::fenced_blocks(reply, true);
    let [block] = blocks.as_slice() else {
        return None;
    };
    let value = block.body.trim();
    if !crate::profile::text_calls::is_bare_value(value) {
        return None;
    }
    numbers_in(request)
        .into_iter()
        .find(|n| same_number(n, value))
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
pub fn fresh_answer(history: &History) -> Option<AnswerView> {
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
    // Once: not after the model was told that running code that worked again changes
    // nothing. Told so of code that printed nothing, it may still be asked: the 0.5B model ran
    // `product = 1`, sent it back, then computed 5040 and sent that code back until the
    // corrections ran out (fifteenth set, task 4).
    if !output.starts_with(PARROTED)
        && turn.iter().any(|i| {
            matches!(i, HistoryItem::ToolResult { tool_name, output, .. }
            if tool_name == crate::profile::FORMAT_ERROR
                && output.contains(RAN_AGAIN)
                && !output.contains(SILENT_AGAIN))
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
    // A value on one short line starts the answer where the runtime continues a reply it is
    // given the start of. The value ends the start, closed by a full stop (digits are tokens
    // of their own, and an open number could be continued), so the model's words follow it
    // and cannot come in its place: begun "The code printed stressed, so ", the 0.5B model went on
    // "desserts spelled backwards is desserts."
    let start = answer_start(printed);
    Some(AnswerView {
        view: asked_again(
            history,
            turn,
            asked,
            format!(
                "\n\n(The code for this already ran, and it printed:\n{printed}\nDo not run code again: \
                 answer my request in one sentence, with the value it printed.)"
            ),
        ),
        start,
    })
}

/// The start of an answer that ends with `printed`, a value on one short line.
fn answer_start(printed: &str) -> Option<String> {
    let dressed = call_dressed_value(printed);
    let printed = dressed.as_deref().unwrap_or(printed).trim();
    // A labelled value is begun with its value: begun "The answer is The average score is:
    // 78.2.", the 0.5B model's answer was that (twenty-second set, task 22).
    let printed = match printed.rsplit_once(": ") {
        // One line's label: not the last line of a pandas Series (`dtype: int64`), which
        // the 0.5B model's answer was begun with (thirty-first set, task 27).
        Some((label, value))
            if !label.contains(':')
                && !label.contains('\n')
                && label.split_whitespace().count() >= 2
                && (1..=3).contains(&value.split_whitespace().count()) =>
        {
            value.trim()
        }
        _ => printed,
    };
    (!printed.is_empty()
        && !printed.contains('\n')
        && printed.chars().count() <= ANSWER_START_VALUE)
        .then(|| format!("The answer is {printed}."))
}

/// The one value a tool call's dressing printed holds: `10.0` of `{"name": "median",
/// "arguments": 10.0}` (the 0.5B model's median; its answer was begun "The answer is {"name":
/// "median", "arguments": 10.0}.", and it was left at that; twenty-third set, task 7), or of
/// `{'name': 'count', 'arguments': {'count': 3}}`.
fn call_dressed_value(printed: &str) -> Option<String> {
    let dressing = call_dressing(printed)?;
    let mut arguments = &dressing;
    if let serde_json::Value::Object(inner) = arguments {
        let [(_, only)] = inner.iter().collect::<Vec<_>>()[..] else {
            return None;
        };
        arguments = only;
    }
    match arguments {
        serde_json::Value::Number(n) => Some(n.to_string()),
        serde_json::Value::String(text) => Some(text.clone()),
        _ => None,
    }
}

/// The arguments of a tool call's dressing printed as a value, `{"name": …, "arguments": …}`
/// as JSON or as Python prints a dict (single quotes): nothing the code computed is in the
/// dressing itself.
fn call_dressing(printed: &str) -> Option<serde_json::Value> {
    let printed = printed.trim();
    if !printed.starts_with('{') {
        return None;
    }
    let value = serde_json::from_str::<serde_json::Value>(printed)
        .or_else(|_| serde_json::from_str(&printed.replace('\'', "\"")))
        .ok()?;
    let serde_json::Value::Object(mut map) = value else {
        return None;
    };
    (map.len() == 2 && map.get("name").is_some_and(serde_json::Value::is_string))
        .then(|| map.remove("arguments"))
        .flatten()
}

/// The longest value [`AnswerView::start`] quotes.
const ANSWER_START_VALUE: usize = 60;

/// How [`fresh_answer`] asks for the answer.
#[derive(Debug, Clone, PartialEq)]
pub struct AnswerView {
    /// What the next request is rendered from.
    pub view: History,
    /// The start of the answer, ending with the value the code printed ("The answer is 9.5."),
    /// where the runtime continues a reply it is given the start of: the 0.5B model, asked
    /// afresh with only the request and the printed 9.5 in view, still said the 19 of its
    /// earlier reply.
    pub start: Option<String>,
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

/// The number with decimals a run gave to `int()` (`40.00` of `invalid literal for int() with
/// base 10: '40.00'`).
fn decimal_for_int(output: &str) -> Option<&str> {
    if !output.contains("invalid literal for int() with base 10") {
        return None;
    }
    let text = unconverted(output)?;
    let number = text.trim();
    (number.contains('.') && number.parse::<f64>().is_ok_and(f64::is_finite)).then_some(text)
}

/// The line of the model's code a Python traceback ends in (1-based): its last frame in the
/// code's own cell.
fn failed_line(output: &str) -> Option<usize> {
    static FRAME: std::sync::LazyLock<Option<regex::Regex>> =
        std::sync::LazyLock::new(|| regex::Regex::new(r#"File "<cell \d+>", line (\d+)"#).ok());
    let frame = FRAME.as_ref()?;
    frame
        .captures_iter(output)
        .last()
        .and_then(|c| c[1].parse().ok())
}

/// `code` with the `int(…)` calls of the line its run failed on made `float(…)`.
fn float_for_int(code: &str, output: &str) -> Option<String> {
    static INT_CALL: std::sync::LazyLock<Option<regex::Regex>> =
        std::sync::LazyLock::new(|| regex::Regex::new(r"\bint\(").ok());
    let int_call = INT_CALL.as_ref()?;
    let at = failed_line(output)?;
    let mut changed = false;
    let lines: Vec<String> = code
        .lines()
        .enumerate()
        .map(|(i, line)| {
            if i + 1 == at && int_call.is_match(line) {
                changed = true;
                int_call.replace_all(line, "float(").into_owned()
            } else {
                line.to_string()
            }
        })
        .collect();
    changed.then(|| lines.join("\n"))
}

/// How pandas says a column (a Series) was given `axis=1`.
const SERIES_AXIS: &str = "No axis named 1 for object type Series";

/// `code` with its `.any(axis=1)` / `.all(axis=1)` left out and any other `axis=1` argument
/// dropped, when it has one: on one column they fail. The 0.5B model counted the rows without
/// an email with `df[df['email'].isnull().any(axis=1)]` and sent it back three times (fifteenth
/// set, task 33).
fn without_row_axis(code: &str) -> Option<String> {
    static REDUCED: std::sync::LazyLock<Option<regex::Regex>> =
        std::sync::LazyLock::new(|| regex::Regex::new(r"\.(?:any|all)\(\s*axis\s*=\s*1\s*\)").ok());
    static ARGUMENT: std::sync::LazyLock<Option<regex::Regex>> =
        std::sync::LazyLock::new(|| regex::Regex::new(r"\s*,?\s*\baxis\s*=\s*1\b\s*,?").ok());
    let reduced = REDUCED.as_ref()?.replace_all(code, "");
    let mended = if reduced != code {
        reduced.into_owned()
    } else {
        ARGUMENT.as_ref()?.replace_all(code, "").into_owned()
    };
    (mended != code).then_some(mended)
}

/// What the hint for a path outside the working folder says after that path.
const ELSEWHERE: &str = "is the one in the working folder";

/// When the model asks to run again, unchanged, Python code that was told it read a path
/// outside the working folder where the request means a name in it (the hint said to use the
/// relative name), or answers after it: that code with the path written as the name, for the
/// engine to run in the model's stead. The 0.5B model sent `/tmp/oi-bench-task/archive` back
/// three times for "the archive folder" (sixteenth set, task 32).
pub fn mended_elsewhere<'h>(
    history: &'h History,
    next: Option<&'h ToolCall>,
    cwd: &Path,
) -> Option<(String, String)> {
    let (code, output, how) = python_failed_again(history, next)?;
    if !output.contains(ELSEWHERE) {
        return None;
    }
    let (path, name, _) = path_elsewhere(code, cwd)?;
    Some((
        code.replace(&path, &name),
        format!(
            "the model's code uses `{path}`, outside the working folder, for the `{name}` in it, and {how}: running it with `{name}`"
        ),
    ))
}

/// When the model asks to run again, unchanged, Python code that failed giving one column of
/// a table `axis=1` (the hint said to leave it out), or answers after it: that code without
/// it, for the engine to run in the model's stead.
pub fn mended_series_axis<'h>(
    history: &'h History,
    next: Option<&'h ToolCall>,
) -> Option<(String, String)> {
    let (code, output, how) = python_failed_again(history, next)?;
    if !output.contains(SERIES_AXIS) {
        return None;
    }
    Some((
        without_row_axis(code)?,
        format!(
            "the model's code gives one column of a table `axis=1`, and {how}: running it without it"
        ),
    ))
}

/// When the model asks to run again, unchanged, Python code that failed giving `int()` a
/// number with decimals (the hint said to use `float()`), or answers after it: that code with
/// `float()` on the line that failed, for the engine to run in the model's stead.
pub fn mended_decimal_int<'h>(
    history: &'h History,
    next: Option<&'h ToolCall>,
) -> Option<(String, String)> {
    let (code, output, how) = python_failed_again(history, next)?;
    let value = decimal_for_int(output)?;
    Some((
        float_for_int(code, output)?,
        format!(
            "the model's code gives `int()` `'{value}'`, a number with a decimal point, and {how}: running it with `float()` on the line that failed"
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

/// For numpy missing: the plain Python of each numpy call the code makes that has one, said
/// after the hint (" In plain Python, `np.dot(a, b)` is `sum(x * y for x, y in zip(a, b))`.").
/// Told to use the standard library, the 1.5B model replaced `np.dot` with `statistics.mean` of
/// the products (twenty-ninth set, task 1).
fn numpy_in_plain_python(module: &str, code: &str) -> String {
    const PLAIN: [(&str, &str); 12] = [
        ("dot(", "sum(x * y for x, y in zip(a, b))"),
        ("inner(", "sum(x * y for x, y in zip(a, b))"),
        ("linalg.norm(", "math.hypot(*v)"),
        ("mean(", "statistics.mean(values)"),
        ("median(", "statistics.median(values)"),
        ("std(", "statistics.pstdev(values)"),
        ("sum(", "sum(values)"),
        ("sqrt(", "math.sqrt(x)"),
        ("arccos(", "math.acos(x)"),
        ("degrees(", "math.degrees(x)"),
        ("prod(", "math.prod(values)"),
        ("cumsum(", "list(itertools.accumulate(values))"),
    ];
    if module != "numpy" {
        return String::new();
    }
    let bare = uncommented(code);
    let said: Vec<String> = PLAIN
        .iter()
        .filter(|(call, _)| {
            bare.contains(&format!("np.{call}")) || bare.contains(&format!("numpy.{call}"))
        })
        .map(|(call, plain)| format!("`np.{call}…)` is `{plain}`"))
        .collect();
    if said.is_empty() {
        return String::new();
    }
    format!(" In plain Python, {}.", said.join(", "))
}

/// The package an `import` could not find (`ModuleNotFoundError: No module named 'pandas'`),
/// by its top-level name. Not `computer`'s parts: those are the kernel's own.
fn missing_module(output: &str) -> Option<&str> {
    // The exception's own line, not the code a SyntaxError quotes: the 0.5B model's one-line
    // `except ModuleNotFoundError: print('ModuleNotFoundError: No module named 'pandas')`
    // failed to parse, and was taken for code that needs pandas (fifteenth set, task 25).
    let rest = output
        .lines()
        .find_map(|l| l.strip_prefix("ModuleNotFoundError: No module named '"))?;
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
/// How the engine's correction of a reply that fell into a loop begins.
const LOOPED: &str = "Your reply kept repeating";
const NOTHING_RAN: &str = "Nothing ran:";

/// What each nudge says, so a turn asks each one once.
const UNUSED: &str = "Your answer did not use it.";
/// How [`unused_output_nudge`] asks for the value printed, where the answer gave another.
const ANSWER_WITH: &str = "Answer my question again in one sentence, with";
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

/// How version numbers compare, for the hints that see them compared as text.
const VERSIONS_AS_TEXT: &str = "As text, versions do not compare as numbers (`'1.9.7' > '1.10.2'`): compare them part by part, `max(versions, key=lambda v: tuple(int(p) for p in v.split('.')))`.";
const UNCOMPUTED_ASK: &str = "Then tell me the value it prints.";
const ONE_ROW: &str = "Your answer took one of those values.";
const ONE_PER_ROW: &str = "Your code printed one value per row";
const UNROUNDED: &str = "as my request asks,";
const FAILED_ANSWER: &str = "Your last code did not work:";
const PARROTED: &str = "Those are my words said back, not the answer.";
const SAME_REPLY: &str = "You sent the same reply again, and it is still not an answer:";

fn already_nudged(turn: &[HistoryItem], marker: &str) -> bool {
    times_nudged(turn, marker) > 0
}

/// How many of the harness's corrections in `turn` hold `marker`.
fn times_nudged(turn: &[HistoryItem], marker: &str) -> usize {
    turn.iter()
        .filter(|i| {
            matches!(i, HistoryItem::ToolResult { tool_name, output, .. }
                if tool_name == crate::profile::FORMAT_ERROR && output.contains(marker))
        })
        .count()
}

/// Whether one of `runs` (code, and whether it is Python) names the file `name` (by its
/// base name).
fn read_by(name: &str, runs: &[(&str, bool)]) -> bool {
    let base = name.rsplit('/').next().unwrap_or(name);
    runs.iter()
        .any(|(code, python)| names_file(code, base, *python))
}

/// The first file the request names that the working folder holds and none of `runs` names,
/// nor holds whole: code that works on the file's whole text pasted into it worked on the
/// file's data, not data of its own (the 0.5B model counted the words of review.txt's one line
/// written into its code, printed the right word, was told its data was made up, and said the
/// correction back; twenty-second set, task 29).
fn file_unread<'r>(request: &'r str, runs: &[(&str, bool)], cwd: &Path) -> Option<&'r str> {
    named_files(request)
        .into_iter()
        .filter(|name| !read_by(name, runs) && !pasted_whole(name, runs, cwd))
        .find(|name| cwd.join(name).is_file())
}

/// Whether some run's code holds the whole text of the plain text file `name` (of 20
/// characters or more), spaces and line breaks aside.
fn pasted_whole(name: &str, runs: &[(&str, bool)], cwd: &Path) -> bool {
    let squash = |t: &str| t.split_whitespace().collect::<Vec<_>>().join(" ");
    let Ok(text) = std::fs::read_to_string(cwd.join(name)) else {
        return false;
    };
    let flat = squash(&text);
    plain_text(name)
        && flat.chars().count() >= 20
        && runs
            .iter()
            .any(|(code, _)| squash(&code.replace("\\n", "\n")).contains(&flat))
}

/// Whether a run's output is a failure that comes before any of its code ran: a syntax error,
/// or a module that is not there to import.
fn nothing_ran(output: &str) -> bool {
    let error = split_hint(output).0;
    ["SyntaxError:", "IndentationError:", "ModuleNotFoundError:"]
        .iter()
        .any(|e| error.contains(e))
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
/// asks for code (twice at most): the answer holds code in a language nothing here runs (`sql`), or the
/// request names a file in the working folder that no code has read.
pub fn no_run_nudge(history: &History, answer: &str, cwd: &Path, system: &str) -> Option<String> {
    let (asked, turn) = history.last_turn()?;
    // The harness's own corrections are no run: the 0.5B model, its reply cut where it looped
    // ("…is 1000000000…"), answered "The largest number in numbers.txt is 10." with nothing run.
    // Twice: the second time, the model's two corrected replies make the next one begin as
    // a Python block (`stuck_view`). Told once, the 0.5B model sent its made-up "2001 digits"
    // again word for word, and that ended the turn (twelfth set, task 11).
    if times_nudged(turn, NOTHING_RAN) >= 2
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
        .chain(bare_files_in(&request, cwd))
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
    if !asks_for_code(&request) {
        return None;
    }
    // Told the same words twice, the 0.5B model sent its worked answer back word for word
    // (thirty-first set, tasks 6, 8 and 9): the second time is told otherwise.
    if times_nudged(turn, NOTHING_RAN) == 1 {
        return Some(format!(
            "{NOTHING_RAN} still no code ran. Reply with only a ```python block, no words before or after it: code that computes the answer to my request and prints it. My request: {request}"
        ));
    }
    if worked_by_hand(answer) {
        return Some(format!(
            "{NOTHING_RAN} my request asks you to use code, and you worked it out by hand. Write those same steps as Python in a ```python block: set the numbers of my request, compute with the formula you used, and print the result. My request: {request}"
        ));
    }
    Some(format!(
        "{NOTHING_RAN} my request asks you to use code, and you answered without running any. Write Python code in a ```python block that computes the answer and prints it, for my request: {request}"
    ))
}

/// Whether an answer works its value out in writing: a formula in LaTeX (`\frac`, `\times`),
/// or lines of arithmetic that end in `= <number>`.
fn worked_by_hand(answer: &str) -> bool {
    let latex = ["\\frac", "\\times", "\\cdot", "\\binom", "\\sqrt"]
        .iter()
        .any(|m| answer.contains(m));
    let sums = answer
        .lines()
        .filter(|line| {
            line.rsplit_once('=').is_some_and(|(left, right)| {
                let right = right
                    .trim()
                    .trim_end_matches(['.', '\\', ']', ')', '$'])
                    .trim();
                left.chars().any(|c| "+-*/×÷".contains(c))
                    && !right.is_empty()
                    && right
                        .chars()
                        .all(|c| c.is_ascii_digit() || c == '.' || c == ',')
            })
        })
        .count();
    latex || sums >= 2
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
    // The code of each run, and whether it is Python's; not a run that failed before any of
    // it ran (the 1.5B model's `import toml` named pyproject.toml and failed at the import,
    // then it printed `csv.__version__` and answered with that).
    let runs: Vec<(&str, bool)> = turn
        .iter()
        .filter_map(|item| match item {
            HistoryItem::ToolResult {
                call_id, output, ..
            } if !nothing_ran(output) => match history.call(call_id).map(|c| &c.action) {
                Some(ToolAction::RunCode { language, code }) => Some((
                    code.as_str(),
                    oi_exec::canonical_language(language) == Some(oi_exec::Language::Python),
                )),
                _ => None,
            },
            _ => None,
        })
        .collect();
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
    let untouched = |name: &&str| !read_by(name, &runs);
    let files = named_files(&request);
    if let Some(file) = file_unread(&request, &runs, cwd) {
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
        // Two files or more compared ("which name appears in both team_a.txt and
        // team_b.txt"): each is opened into a name of its own (the 0.5B model opened team_b.txt
        // as told and compared it with team_a.txt's lines left in the kernel, with their line
        // ends; twenty-seventh set, task 29).
        let texts: Vec<&str> = files
            .iter()
            .copied()
            .filter(|f| plain_text(f) && cwd.join(f).is_file())
            .collect();
        let (start, names) = match file_text_names(&texts) {
            Some(names) if texts.len() > 1 && texts.contains(&file) => (
                texts
                    .iter()
                    .zip(&names)
                    .map(|(f, n)| format!("{n} = open('{f}').read()"))
                    .collect::<Vec<_>>()
                    .join("; "),
                names
                    .iter()
                    .map(|n| format!("`{n}`"))
                    .collect::<Vec<_>>()
                    .join(" and "),
            ),
            _ => (
                format!("text = open('{file}').read()"),
                "`text`".to_string(),
            ),
        };
        return Some(format!(
            "{FILE_STILL_UNREAD} {file}: it used data of its own.{head}Write Python code in a ```python block that starts with `{start}`, works on {names}, and prints what my request needs: {request}"
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

/// A Python name for each file's text, from its name without the extension (`team_a.txt` is
/// `team_a`); `None` when two would be the same, or one is no name or Python's own.
fn file_text_names(files: &[&str]) -> Option<Vec<String>> {
    const TAKEN: [&str; 12] = [
        "list", "dict", "set", "str", "input", "open", "print", "len", "sum", "max", "min", "id",
    ];
    const KEYWORDS: [&str; 35] = [
        "false", "none", "true", "and", "as", "assert", "async", "await", "break", "class",
        "continue", "def", "del", "elif", "else", "except", "finally", "for", "from", "global",
        "if", "import", "in", "is", "lambda", "nonlocal", "not", "or", "pass", "raise", "return",
        "try", "while", "with", "yield",
    ];
    let names: Vec<String> = files
        .iter()
        .map(|f| {
            let stem = Path::new(f).file_stem()?.to_str()?;
            let name: String = stem
                .chars()
                .map(|c| {
                    if c.is_ascii_alphanumeric() {
                        c.to_ascii_lowercase()
                    } else {
                        '_'
                    }
                })
                .collect();
            let usable = name.starts_with(|c: char| c.is_ascii_alphabetic())
                && !TAKEN.contains(&name.as_str())
                && !KEYWORDS.contains(&name.as_str());
            usable.then_some(name)
        })
        .collect::<Option<_>>()?;
    let distinct: std::collections::HashSet<&String> = names.iter().collect();
    (distinct.len() == names.len()).then_some(names)
}

/// Whether `code` names the file `base` as a path, not only in a sentence it prints: the 0.5B
/// model's `print(f"What is the value of DB_PORT in app.env? {db_port}")` after
/// `os.getenv('DB_PORT')` never read app.env. A text with a space in it is a sentence unless
/// it ends with the name (`'my notes/app.env'`). Python names a path in quotes only: the
/// 1.5B model's `print(app.env['DB_PORT'])` (a NameError) read nothing.
fn names_file(code: &str, base: &str, python: bool) -> bool {
    let path = |text: &str| {
        text.contains(base) && (!text.contains(char::is_whitespace) || text.trim().ends_with(base))
    };
    let literals = string_literals(code);
    if python {
        return literals.into_iter().any(path);
    }
    // Shell names it bare; only the sentences it prints are left out.
    literals
        .into_iter()
        .filter(|text| text.contains(char::is_whitespace) && !path(text))
        .fold(code.to_string(), |rest, sentence| {
            rest.replace(sentence, "")
        })
        .contains(base)
}

/// Whether the request asks about what the working folder holds ("How many files are in this
/// folder?"): the 0.5B model answered it from the folder's name in the system prompt.
fn about_the_folder(request: &str) -> bool {
    let lower = request.to_lowercase();
    let words: Vec<&str> = lower.split(|c: char| !c.is_alphanumeric()).collect();
    // A subfolder is of the working folder too (the 0.5B model answered "Which subfolder holds
    // the largest file?" with a file it made up, nothing run; twentieth set, task 30).
    // Or one "here" (the 0.5B model answered "Which folder here has the most files?" with
    // "The folder here has the most files."; twenty-first set, task 33).
    // Or one "under this one" (the 0.5B model answered "Which folder under this one is nested
    // the deepest?" with "Desktop", nothing run; twenty-third set, task 25).
    let under_this = words.windows(3).any(|w| {
        matches!(w[0], "folder" | "folders" | "directory" | "directories")
            && matches!(w[1], "under" | "in" | "inside" | "below" | "within")
            && matches!(w[2], "this" | "here")
    });
    let place = under_this
        || words.windows(2).any(|w| {
            matches!(w[0], "this" | "the" | "current" | "working")
                && matches!(w[1], "folder" | "directory")
                || matches!(
                    w[0],
                    "folder" | "folders" | "directory" | "directories" | "file" | "files"
                ) && w[1] == "here"
        })
        || words.iter().any(|w| {
            matches!(
                *w,
                "subfolder" | "subfolders" | "subdirectory" | "subdirectories"
            )
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
                    | "smallest"
                    | "oldest"
                    | "deepest"
                    | "nested"
                    | "empty"
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

/// The names of settings files that begin with a dot, which [`named_files`] takes as files
/// (the 0.5B model, never shown the shape of "the .env file", answered with a made-up value).
const DOTFILES: [&str; 15] = [
    ".env",
    ".gitmodules",
    ".gitignore",
    ".gitattributes",
    ".gitconfig",
    ".bashrc",
    ".bash_profile",
    ".zshrc",
    ".profile",
    ".npmrc",
    ".nvmrc",
    ".editorconfig",
    ".dockerignore",
    ".flake8",
    ".htaccess",
];

/// Files known by a name without an extension. The 0.5B model answered "What base image does
/// the final stage of the Dockerfile use?" without reading it, and nothing took "Dockerfile" for
/// a file to read (thirty-first set, task 20).
const BARE_FILES: [&str; 10] = [
    "Dockerfile",
    "Containerfile",
    "Makefile",
    "GNUmakefile",
    "Procfile",
    "Gemfile",
    "Jenkinsfile",
    "Vagrantfile",
    "Rakefile",
    "CODEOWNERS",
];

/// The words of `text` a file's name could be: split at spaces, quotes and punctuation, and
/// without a sentence's closing period.
fn file_words(text: &str) -> impl Iterator<Item = &str> {
    text.split(|c: char| c.is_whitespace() || "`'\",;:?!()".contains(c))
        .map(|w| w.trim_end_matches('.'))
}

/// Words of `text` that look like file names (`poem.txt`, `data/sales.csv`, `.env`,
/// `Dockerfile`).
pub(crate) fn named_files(text: &str) -> Vec<&str> {
    file_words(text)
        // Not the kernel's `computer.files.read`, which reads like a file name.
        .filter(|w| !w.starts_with("computer."))
        .filter(|w| {
            // A dotfile is a name of its own (`.env`), where `.txt` names a kind of file.
            if DOTFILES.contains(w) || BARE_FILES.contains(w) {
                return true;
            }
            // A dotfile's variants (`.env.example`, `.env.local`): the 0.5B model answered
            // "`X`" for .env.example, a file nothing saw as named (twenty-eighth set, task 33).
            if let Some((dotfile, variant)) = w.rsplit_once('.')
                && DOTFILES.contains(&dotfile)
                && (2..=12).contains(&variant.len())
                && variant
                    .chars()
                    .all(|c| c.is_ascii_alphanumeric() || c == '_')
            {
                return true;
            }
            let Some((stem, ext)) = w.rsplit_once('.') else {
                return false;
            };
            // A few longer kinds too (the 1.5B model's `os.getenv('db.url')` for
            // app.properties went untold; thirty-third set, task 30).
            !stem.is_empty()
                && ((2..=5).contains(&ext.len())
                    || [
                        "properties",
                        "gradle",
                        "markdown",
                        "service",
                        "socket",
                        "timer",
                        "desktop",
                    ]
                    .contains(&ext))
                && ext.chars().all(|c| c.is_ascii_alphanumeric())
                && ext.chars().any(|c| c.is_ascii_alphabetic())
        })
        .collect()
}

/// Words of `text` with no extension that name a file in `cwd` (`ssh_config`, `hosts`): the
/// 0.5B model answered "Which user does the ssh config in ssh_config use for the host prod?"
/// without reading it, and nothing took ssh_config for a file (thirty-first set, task 28).
pub(crate) fn bare_files_in<'a>(text: &'a str, cwd: &Path) -> Vec<&'a str> {
    file_words(text)
        .filter(|w| {
            w.chars().count() >= 3
                && !w.contains('.')
                && w.chars().any(|c| c.is_ascii_alphabetic())
                && w.chars()
                    .all(|c| c.is_ascii_alphanumeric() || "_-/".contains(c))
                && !named_files(w).contains(w)
                && cwd.join(w).is_file()
        })
        .collect()
}

/// `answer`, normalized, with the runs of three or more words it copies from `request`
/// blanked out: what it says of its own ("the median of 7, 3, 9, 1 and 5 is 6" keeps
/// "is 6").
fn unechoed(answer: &str, request: &str) -> String {
    static WORD: std::sync::LazyLock<Option<regex::Regex>> =
        std::sync::LazyLock::new(|| regex::Regex::new(r"[0-9]+(?:\.[0-9]+)?|[a-z']+").ok());
    let Some(word) = WORD.as_ref() else {
        return normalized(answer);
    };
    let (answer, request) = (normalized(answer), normalized(request));
    let said: Vec<regex::Match> = word.find_iter(&answer).collect();
    let asked: Vec<&str> = word.find_iter(&request).map(|m| m.as_str()).collect();
    let runs: std::collections::HashSet<Vec<&str>> =
        asked.windows(3).map(<[&str]>::to_vec).collect();
    let mut copied = vec![false; said.len()];
    for (i, three) in said.windows(3).enumerate() {
        let three: Vec<&str> = three.iter().map(|m| m.as_str()).collect();
        if runs.contains(&three) {
            copied[i..i + 3].fill(true);
        }
    }
    let mut own = answer.clone();
    for m in said.iter().zip(copied).filter(|(_, c)| *c).map(|(m, _)| m) {
        own.replace_range(m.range(), &" ".repeat(m.len()));
    }
    own
}

/// Whether `answer` carries `output`'s value: one of its numbers, or its last line's words.
fn answer_uses(answer: &str, output: &str) -> bool {
    let answer = normalized(answer);
    let output = normalized(output);
    // A time of day is said whole: the 0.5B model printed 03:15 and answered 20:15, which
    // holds its 15 (twenty-third set, task 19). An answer that gives no time may still say
    // the output otherwise (minutes worked out from it).
    let (printed_times, said_times) = (clock_times(&output), clock_times(&answer));
    if !printed_times.is_empty() && !said_times.is_empty() {
        return said_times.iter().any(|t| printed_times.contains(t));
    }
    let printed = numbers_in(&output);
    if !printed.is_empty() {
        // A number of the answer that is one of them (`165` for `165.0`, `3.14` for
        // `3.14159`), not one that only holds its digits (`120` beside a printed `1`).
        let said = numbers_in(&answer);
        // A count of none said in words ("There are no .csv files", "none of them") uses a
        // printed 0: the 1.5B model was told twice that its answer did not use it.
        let none_said = printed.iter().any(|p| same_number(p, "0"))
            && words_in(&answer).any(|w| matches!(w, "no" | "none" | "zero"));
        return none_said
            || printed
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
    // An address is said whole: the 0.5B model printed `bob@y.net` and answered
    // `bob@example.com` (nineteenth set, task 23).
    if let [token] = last.split_whitespace().collect::<Vec<_>>()[..]
        && token.contains('@')
    {
        return answer.contains(token.trim_matches(|c: char| !c.is_alphanumeric()));
    }
    words.is_empty() || words.iter().any(|w| answer.contains(w))
}

/// The times of day `text` writes (`03:15`, `3:15`, `19:30:05`), as hours, minutes and seconds.
fn clock_times(text: &str) -> Vec<(u32, u32, u32)> {
    static TIME: std::sync::LazyLock<Option<regex::Regex>> = std::sync::LazyLock::new(|| {
        regex::Regex::new(r"(?:^|[^\d:])(\d{1,2}):(\d{2})(?::(\d{2}))?(?:$|[^\d:])").ok()
    });
    let Some(time) = TIME.as_ref() else {
        return Vec::new();
    };
    time.captures_iter(text)
        .filter_map(|c| {
            let part = |i: usize| c.get(i).map_or(Some(0), |m| m.as_str().parse().ok());
            Some((part(1)?, part(2)?, part(3)?))
        })
        .collect()
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
mod tests;

/// The one file of the working folder the code names (however often), and its text.
fn only_file<'c>(code: &'c str, cwd: &Path) -> Option<(&'c str, String)> {
    let mut files: Vec<&str> = named_files(code)
        .into_iter()
        .filter(|n| cwd.join(n).is_file())
        .collect();
    files.sort_unstable();
    files.dedup();
    let [file] = files.as_slice() else {
        return None;
    };
    Some((file, std::fs::read_to_string(cwd.join(file)).ok()?))
}

/// The one character a table file separates its columns with when that is not a comma: a
/// tab, `;` or `|` as many times on each of its first lines, and no comma anywhere in it.
fn separator_of(text: &str) -> Option<char> {
    if text.contains(',') {
        return None;
    }
    column_separator(text, &['\t', ';', '|'])
}

/// The first of `separators` that splits a table's columns: on its first line, and as many
/// times on each of its first lines that are not blank. A table's head is said by its columns
/// ([`crate::request_files`]) and read with that separator ([`mend_table_reading`]).
pub(crate) fn column_separator(text: &str, separators: &[char]) -> Option<char> {
    let lines: Vec<&str> = text
        .lines()
        .filter(|l| !l.trim().is_empty())
        .take(TABLE_LINES)
        .collect();
    let first = lines.first()?;
    separators.iter().copied().find(|sep| {
        let n = first.matches(*sep).count();
        n >= 1 && lines.iter().all(|l| l.matches(*sep).count() == n)
    })
}

/// How many of a table's first lines [`column_separator`] compares.
const TABLE_LINES: usize = 6;

/// `sep` as a Python string literal.
fn python_char(sep: char) -> String {
    match sep {
        '\t' => "'\\t'".into(),
        other => format!("'{other}'"),
    }
}

/// Where the parenthesis opened just before `open` (an index into `code`) closes: quotes
/// and nested parentheses skipped.
fn closing_paren(code: &str, open: usize) -> Option<usize> {
    let mut depth = 1;
    let mut quote: Option<char> = None;
    for (i, c) in code[open..].char_indices() {
        match (quote, c) {
            (Some(q), c) if c == q => quote = None,
            (Some(_), _) => {}
            (None, '\'' | '"') => quote = Some(c),
            (None, '(') => depth += 1,
            (None, ')') => {
                depth -= 1;
                if depth == 0 {
                    return Some(open + i);
                }
            }
            _ => {}
        }
    }
    None
}

/// Python that reads, as if its columns were split at commas, the one table file of the
/// working folder it names whose columns are split by a tab, `;` or `|` (`scores.tsv` read
/// with `csv.reader(f)`): the code with the file's separator given to each reader that
/// names none (`csv.reader`, `csv.DictReader`, pandas' `read_csv`) and to each `.split(',')`,
/// and what it changed. The 0.5B model read a `.tsv` with `csv.reader`'s comma, shown its
/// tab-separated lines after the `IndexError` it failed with, and sent that back until its
/// time ran out.
pub fn mended_separator(code: &str, cwd: &Path) -> Option<(String, String)> {
    let (file, text) = only_file(code, cwd)?;
    let sep = separator_of(&text)?;
    let given = python_char(sep);
    let mut mended = code.to_string();
    let mut changed = Vec::new();
    for (reader, option) in [
        ("csv.reader(", "delimiter"),
        ("csv.DictReader(", "delimiter"),
        ("read_csv(", "sep"),
    ] {
        let mut from = 0;
        while let Some(at) = mended[from..].find(reader).map(|i| from + i) {
            let open = at + reader.len();
            let Some(close) = closing_paren(&mended, open) else {
                break;
            };
            let inside = &mended[open..close];
            if inside.contains("delimiter") || inside.contains("sep") || inside.trim().is_empty() {
                from = close;
                continue;
            }
            let added = format!(", {option}={given}");
            mended.insert_str(close, &added);
            from = close + added.len();
            let name = reader.trim_end_matches('(');
            if !changed.contains(&name) {
                changed.push(name);
            }
        }
    }
    for comma in [".split(',')", ".split(\",\")"] {
        if mended.contains(comma) {
            mended = mended.replace(comma, &format!(".split({given})"));
            changed.push(".split(',')");
        }
    }
    if changed.is_empty() {
        return None;
    }
    let what = match sep {
        '\t' => "tabs",
        ';' => "`;`",
        _ => "`|`",
    };
    let changed: Vec<String> = changed.iter().map(|c| format!("`{c}`")).collect();
    Some((
        mended,
        format!(
            "`{file}` separates its columns with {what}, not commas: {} read it with {given}",
            changed.join(", ")
        ),
    ))
}

/// `call`, when it is Python the model wrote as text that reads a table split by another
/// character than a comma as if by commas ([`mended_separator`]), or converts its header row
/// to numbers ([`mended_header_first`]), mended so before it runs; what changed, for the
/// session's events.
pub fn mend_table_reading(call: &mut ToolCall, cwd: &Path) -> Option<String> {
    let ToolAction::RunCode { language, code } = &call.action else {
        return None;
    };
    if call.origin != CallOrigin::Text
        || oi_exec::canonical_language(language) != Some(oi_exec::Language::Python)
    {
        return None;
    }
    let (mended, says) = match mended_separator(code, cwd) {
        Some((code, said)) => match mended_header_first(&code, cwd) {
            Some((code, also)) => (code, format!("{said}; {also}")),
            None => (code, said),
        },
        None => mended_header_first(code, cwd)?,
    };
    if let Some(args) = call.arguments.as_object_mut()
        && args.get("code").is_some_and(|c| c.is_string())
    {
        args.insert("code".into(), serde_json::Value::String(mended.clone()));
    }
    call.action = ToolAction::RunCode {
        language: language.clone(),
        code: mended,
    };
    Some(format!(
        "the model's Python is mended before it runs: {says}"
    ))
}

/// The months, lowercased, from January.
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

/// The years a request writes, in its order.
fn years_in(request: &str) -> Vec<u32> {
    YEAR.as_ref().map_or_else(Vec::new, |year| {
        year.find_iter(request)
            .filter_map(|m| m.as_str().parse().ok())
            .collect()
    })
}

/// A year written in a request (1600 to 2999).
static YEAR: std::sync::LazyLock<Option<regex::Regex>> =
    std::sync::LazyLock::new(|| regex::Regex::new(r"\b(1[6-9]\d\d|2\d\d\d)\b").ok());

/// The days of the week, from Monday (`date.weekday()` 0).
const WEEKDAYS: [&str; 7] = [
    "Monday",
    "Tuesday",
    "Wednesday",
    "Thursday",
    "Friday",
    "Saturday",
    "Sunday",
];

/// What a request asks about days of the week, for [`weekday_unasked`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum WeekdayAsked {
    /// How many of one day a span has ("How many Fridays are there in 2026?"): the day and its
    /// `weekday()`.
    Counted(&'static str, usize),
    /// A day named otherwise ("In which year does Christmas fall on a Sunday?").
    Named(&'static str, usize),
    /// Which day of the week a date is.
    Which,
}

/// A date the run printed that is not on the day of the week the request asks for ("the last
/// Friday of November 2027"), or not the last (first) such day of its month where the request
/// asks for that: what is wrong with it. The 0.5B model printed 2027-11-15, a Monday, for the
/// last Friday of November 2027 (twenty-third set, task 13).
fn weekday_date_wrong(request: &str, value: &str) -> Option<String> {
    use chrono::Datelike;
    static ASKED: std::sync::LazyLock<Option<regex::Regex>> = std::sync::LazyLock::new(|| {
        regex::Regex::new(
            r"(?i)\b(last|first|second|third|fourth|next|previous)\s+(monday|tuesday|wednesday|thursday|friday|saturday|sunday)\b",
        )
        .ok()
    });
    if !named_files(request).is_empty() {
        return None;
    }
    let found: Vec<regex::Captures> = ASKED.as_ref()?.captures_iter(request).collect();
    let [found] = &found[..] else {
        return None;
    };
    let which = found.get(1)?.as_str().to_lowercase();
    let day = found.get(2)?.as_str().to_lowercase();
    let n = WEEKDAYS.iter().position(|d| d.to_lowercase() == day)?;
    let dates: Vec<&str> = ISO_DATE
        .as_ref()?
        .find_iter(value)
        .map(|m| m.as_str())
        .collect();
    let [date] = dates[..] else {
        return None;
    };
    let printed = chrono::NaiveDate::parse_from_str(date, "%Y-%m-%d").ok()?;
    let actual = printed.weekday().num_days_from_monday() as usize;
    let name = WEEKDAYS[n];
    if actual != n {
        // With the month and year the request gives, the steps themselves (the 0.5B model,
        // told only that 2027-11-15 is a Monday, sent it back twice).
        let how = month_walk(request, &which, n)
            .map(|walk| format!(" For the {which} {name} of the month: {walk}."))
            .unwrap_or_default();
        return Some(format!(
            "your code printed {date}, which is a {}, and my request asks for a {name}: a date's `.weekday()` says its day of the week, from Monday, 0, to Sunday, 6 ({name} is {n}).{how}",
            WEEKDAYS[actual]
        ));
    }
    let week = chrono::Duration::days(7);
    let month = MONTHS[printed.month0() as usize];
    let month = format!("{}{}", month[..1].to_uppercase(), &month[1..]);
    match which.as_str() {
        "last" if (printed + week).month() == printed.month() => Some(format!(
            "your code printed {date}, and {} is a later {name} of {month}: my request asks for the last one. Start from the month's last day (`calendar.monthrange(year, month)[1]`) and go back a day at a time until `.weekday()` is {n}.",
            printed + week
        )),
        "first" if (printed - week).month() == printed.month() => Some(format!(
            "your code printed {date}, and {} is an earlier {name} of {month}: my request asks for the first one. Start from the month's first day and go forward a day at a time until `.weekday()` is {n}.",
            printed - week
        )),
        _ => None,
    }
}

/// When the request asks for the average length of words and the code divided the length of the
/// whole text read: the text's name. The 1.5B model divided `len(content)`, spaces and newline
/// in it, by the count of words (twenty-third set, task 32).
fn text_length_per_word<'c>(request: &str, code: &'c str) -> Option<&'c str> {
    static READ: std::sync::LazyLock<Option<regex::Regex>> = std::sync::LazyLock::new(|| {
        regex::Regex::new(r"(\w+)\s*=\s*[\w.]*\.read(?:_text)?\(\)").ok()
    });
    let lower = request.to_lowercase();
    let asked = [
        "word length",
        "length of the words",
        "length of a word",
        "letters per word",
        "characters per word",
    ]
    .iter()
    .any(|w| lower.contains(w));
    let bare = uncommented(code);
    if !asked || bare.contains("sum(") || bare.contains("map(len") {
        return None;
    }
    READ.as_ref()?
        .captures_iter(code)
        .filter_map(|c| c.get(1))
        .map(|m| m.as_str())
        .find(|text| bare.contains(&format!("len({text})")))
}

/// When the request raises e, Euler's number, to a power ("e raised to the power 3", "e to the
/// 3rd", "e**2") and the code never uses it: the power. The 1.5B model printed
/// `math.pow(2, 3)` (twenty-third set, task 10).
fn euler_missed(request: &str, code: &str) -> Option<String> {
    static RAISED: std::sync::LazyLock<Option<regex::Regex>> = std::sync::LazyLock::new(|| {
        regex::Regex::new(
            r"(?i)(?:^|[^\w'.])e\s*(?:raised\s+to\s+(?:the\s+)?(?:power\s+(?:of\s+)?)?|to\s+the\s+(?:power\s+(?:of\s+)?)?|\*\*\s*|\^\s*)(\d+(?:\.\d+)?)",
        )
        .ok()
    });
    static USED: std::sync::LazyLock<Option<regex::Regex>> = std::sync::LazyLock::new(|| {
        regex::Regex::new(r"\bmath\.e\b|\bexp\(|\bnp\.e\b|import[^\n]*\be\b|2\.718|\be\s*\*\*").ok()
    });
    let power = RAISED.as_ref()?.captures(request)?.get(1)?.as_str();
    (!USED.as_ref()?.is_match(&uncommented(code))).then(|| power.to_string())
}

/// When a request about the folders under this one got `.` printed, the folder itself: whether
/// it asks for the deepest. The 1.5B model compared each folder's count of subfolders with the
/// length of the name `.`, and printed `.` (twenty-third set, task 25).
fn top_folder_printed(request: &str, value: &str) -> Option<bool> {
    let lower = request.to_lowercase();
    let about = about_the_folder(request)
        && words_in(&lower).any(|w| {
            matches!(
                w,
                "folder" | "folders" | "subfolder" | "subfolders" | "directory" | "directories"
            )
        });
    (about && matches!(value, "." | "./")).then(|| {
        ["deepest", "nested", "deep"]
            .iter()
            .any(|w| words_in(&lower).any(|x| x == *w))
    })
}

/// The steps to the first or last day of the week `n` of the month and year the request names
/// ("the last Friday of November 2027"): from the month's last (first) day, a day at a time.
fn month_walk(request: &str, which: &str, n: usize) -> Option<String> {
    let lower = request.to_lowercase();
    let month = MONTHS
        .iter()
        .position(|m| words_in(&lower).any(|w| w == *m))?
        + 1;
    let year: i32 = YEAR.as_ref()?.find(request)?.as_str().parse().ok()?;
    let (start, step) = match which {
        "last" => {
            let next = if month == 12 {
                chrono::NaiveDate::from_ymd_opt(year + 1, 1, 1)?
            } else {
                chrono::NaiveDate::from_ymd_opt(year, u32::try_from(month).ok()? + 1, 1)?
            };
            let last = next.pred_opt()?;
            (
                format!(
                    "datetime.date({year}, {month}, {})",
                    chrono::Datelike::day(&last)
                ),
                "-=",
            )
        }
        "first" => (format!("datetime.date({year}, {month}, 1)"), "+="),
        _ => return None,
    };
    Some(format!(
        "`d = {start}`, then `while d.weekday() != {n}: d {step} datetime.timedelta(days=1)`, then `print(d)`"
    ))
}

/// Whether the request asks for the day of the year and the code took a date's `.day`, its
/// day of the month, without anything that counts the year's days: the 0.5B model printed 30
/// for 2027-09-30 (twenty-third set, task 8).
fn day_of_month_for_year(request: &str, code: &str) -> bool {
    static DAY: std::sync::LazyLock<Option<regex::Regex>> =
        std::sync::LazyLock::new(|| regex::Regex::new(r"\.day\b").ok());
    let bare = uncommented(code);
    request.to_lowercase().contains("day of the year")
        && DAY.as_ref().is_some_and(|d| d.is_match(&bare))
        && ![
            "tm_yday",
            "%j",
            "toordinal",
            "timedelta",
            ".days",
            "monthrange",
            " - ",
        ]
        .iter()
        .any(|w| bare.contains(w))
}

/// Whether the request gives a circle's diameter and asks its area, and the code squared a
/// value with π and never halved anything: the 0.5B model's `math.pi * diameter ** 2`
/// (twenty-third set, task 6).
fn diameter_squared(request: &str, code: &str) -> bool {
    let lower = request.to_lowercase();
    let bare = uncommented(code);
    lower.contains("diameter")
        && lower.contains("area")
        && bare.contains("pi")
        && (bare.contains("** 2") || bare.contains("**2") || bare.contains("pow("))
        && !["/ 2", "/2", "* 0.5", "*0.5", "radius", "// 2"]
            .iter()
            .any(|w| bare.contains(w))
}

/// Whether the request is about divisors and the code looked for them up to the square root
/// without their partners above it: the 0.5B model summed those of 220 below 15 and printed 33
/// (twenty-third set, task 2).
fn divisors_to_root(request: &str, code: &str) -> bool {
    static TO_ROOT: std::sync::LazyLock<Option<regex::Regex>> = std::sync::LazyLock::new(|| {
        regex::Regex::new(r"range\([^\n]*(?:sqrt\(|\*\*\s*0\.5|isqrt\()").ok()
    });
    let bare = uncommented(code);
    request.to_lowercase().contains("divisor")
        && TO_ROOT.as_ref().is_some_and(|r| r.is_match(&bare))
        && !bare.contains("//")
        && !bare.contains(" / i")
        && !bare.contains("/i")
}

/// Whether the request is about proper divisors and the code looked for them from 2, leaving
/// out 1: the 0.5B model summed those of 220 from `range(2, n)` and printed 283 (twenty-third
/// set, task 2).
fn one_left_out_of_divisors(request: &str, code: &str) -> bool {
    static FROM_TWO: std::sync::LazyLock<Option<regex::Regex>> =
        std::sync::LazyLock::new(|| regex::Regex::new(r"range\(\s*2\s*,").ok());
    request.to_lowercase().contains("proper divisor")
        && FROM_TWO
            .as_ref()
            .is_some_and(|r| r.is_match(&uncommented(code)))
        // Nor one that counts 1 apart (`total = 1`, `sum(...) + 1`).
        && !code.contains("+ 1")
        && !code
            .lines()
            .any(|l| l.trim_end().ends_with("= 1") && !l.contains("=="))
}

/// When the request is about a day of the week and the code never asks a date's day of the
/// week: what the request asks. The 0.5B model printed the days between 2026's first and last
/// date, 365, for the Fridays of 2026; it looked for a Christmas on a Sunday by testing leap
/// years (twenty-second set, task 15).
fn weekday_unasked(request: &str, code: &str) -> Option<WeekdayAsked> {
    static NAMED: std::sync::LazyLock<Option<regex::Regex>> = std::sync::LazyLock::new(|| {
        regex::Regex::new(
            r"(?i)\b(how many )?(monday|tuesday|wednesday|thursday|friday|saturday|sunday)(s)?\b",
        )
        .ok()
    });
    // A request about a file may look for a day's name in it ("the lines that mention Monday").
    if !named_files(request).is_empty() {
        return None;
    }
    let found = NAMED.as_ref()?.captures(request);
    let lower = request.to_lowercase();
    if found.is_none() && !lower.contains("day of the week") {
        return None;
    }
    // A calendar's day, of a year: "If today is Monday, what day is it in 10 days?" names
    // days with no date to ask.
    if !YEAR.as_ref()?.is_match(request) {
        return None;
    }
    let code = uncommented(code).to_lowercase();
    // A day of the week taken into a name that nothing reads again is not asked either: the
    // 0.5B model set `day_of_week = datetime.datetime(2027, 12, 13).weekday()`, then counted
    // the 13ths of every month (twenty-second set, task 7).
    let code = unread_weekdays(&code);
    if [
        "weekday",
        "strftime",
        "calendar",
        "day_name",
        "dayofweek",
        "%a",
    ]
    .iter()
    .any(|w| code.contains(w))
    {
        return None;
    }
    let Some(found) = found else {
        return Some(WeekdayAsked::Which);
    };
    let day = found.get(2)?.as_str().to_lowercase();
    let n = WEEKDAYS.iter().position(|d| d.to_lowercase() == day)?;
    Some(if found.get(1).is_some() && found.get(3).is_some() {
        WeekdayAsked::Counted(WEEKDAYS[n], n)
    } else {
        WeekdayAsked::Named(WEEKDAYS[n], n)
    })
}

/// `code` without its lines that only set a name to a date's `.weekday()` when that name is
/// never read again.
fn unread_weekdays(code: &str) -> String {
    static SET: std::sync::LazyLock<Option<regex::Regex>> = std::sync::LazyLock::new(|| {
        regex::Regex::new(r"^\s*([a-z_]\w*)\s*=[^=\n]*\.(?:iso)?weekday\(\)\s*$").ok()
    });
    let Some(set) = SET.as_ref() else {
        return code.to_string();
    };
    code.lines()
        .filter(|line| {
            let Some(name) = set.captures(line).and_then(|c| c.get(1)) else {
                return true;
            };
            words_in(code).filter(|w| *w == name.as_str()).count() > 1
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// When the request counts one day of the week and the code compares a date's `.weekday()`
/// (Monday 0) or `.isoweekday()` (Monday 1) with another day's number: the asked day, its
/// number as the code's call gives it, the call, and the number compared. The 0.5B model
/// counted Tuesdays with `weekday() == 2`, Wednesdays (fourteenth set, task 18; right by
/// chance, 2027 having 52 of each).
fn weekday_mismatched(
    request: &str,
    code: &str,
) -> Option<(&'static str, usize, &'static str, usize)> {
    static COMPARED: std::sync::LazyLock<Option<regex::Regex>> = std::sync::LazyLock::new(|| {
        regex::Regex::new(r"\.(isoweekday|weekday)\(\)\s*==\s*(\d)\b").ok()
    });
    let lower = request.to_lowercase();
    let asked = WEEKDAYS
        .iter()
        .position(|d| lower.contains(&format!("how many {}s", d.to_lowercase())))?;
    let bare = uncommented(code);
    let c = COMPARED.as_ref()?.captures(&bare)?;
    let (call, k) = match &c[1] {
        "isoweekday" => (
            "isoweekday",
            c[2].parse::<usize>().ok().filter(|k| (1..=7).contains(k))?,
        ),
        _ => ("weekday", c[2].parse::<usize>().ok().filter(|k| *k <= 6)?),
    };
    let n = if call == "isoweekday" {
        asked + 1
    } else {
        asked
    };
    (k != n).then_some((WEEKDAYS[asked], n, call, k))
}

/// When the request asks for the smallest or largest file and the code picked one without
/// taking any file's size (`min(os.listdir('.'))`, the first name in order): "smallest" or
/// "largest" and `min` or `max`. The 0.5B model answered `data.csv`, the first name.
fn sizes_uncompared(request: &str, code: &str) -> Option<(&'static str, &'static str)> {
    static ASKED: std::sync::LazyLock<Option<regex::Regex>> = std::sync::LazyLock::new(|| {
        regex::Regex::new(r"(?i)\b(smallest|largest|biggest)\b[^.?!]*\bfile|\bfile[^.?!]*\b(smallest|largest|biggest)\b").ok()
    });
    let asked = ASKED.as_ref()?.captures(request)?;
    let word = asked
        .get(1)
        .or_else(|| asked.get(2))?
        .as_str()
        .to_lowercase();
    let code = uncommented(code).to_lowercase();
    let picked = ["min(", "max(", "sort"].iter().any(|w| code.contains(w));
    if !picked || ["size", "stat", "len("].iter().any(|w| code.contains(w)) {
        return None;
    }
    Some(if word == "smallest" {
        ("smallest", "min")
    } else {
        ("largest", "max")
    })
}

/// Whether the request asks for a length without its spaces ("How many characters, not
/// counting spaces, are in …") and the code took a length and never touched a space: the
/// 0.5B model printed `len('open the door please')`, 20.
fn spaces_counted(request: &str, code: &str) -> bool {
    static ASKED: std::sync::LazyLock<Option<regex::Regex>> = std::sync::LazyLock::new(|| {
        regex::Regex::new(r"(?i)\b(?:not counting|without|excluding|ignoring|except(?: for)?|leaving out) (?:the )?(?:spaces|whitespace)\b").ok()
    });
    let code = uncommented(code);
    ASKED.as_ref().is_some_and(|re| re.is_match(request))
        && code.contains("len(")
        && ![
            "replace",
            "split",
            "isspace",
            "' '",
            "\" \"",
            "isalpha",
            "isalnum",
            "strip",
            "\\s",
            "whitespace",
        ]
        .iter()
        .any(|w| code.contains(w))
}

/// Whether the request takes a word in any case ("lines that mention timeout, in any case")
/// and the code looked for it only as written, never folding case, in a file here that holds
/// it in another case too: the word and the file. Both models counted `'timeout' in line`
/// over an app.log with `Timeout` and `TIMEOUT` lines (tenth set, task 29).
fn case_unfolded<'c>(request: &str, code: &'c str, cwd: &Path) -> Option<(&'c str, &'c str)> {
    static ASKED: std::sync::LazyLock<Option<regex::Regex>> = std::sync::LazyLock::new(|| {
        regex::Regex::new(r"(?i)\b(?:in any case|(?:ignoring|ignore|regardless of|whatever|no matter) (?:the |its )?(?:letter )?case|case[- ]?insensitive(?:ly)?|(?:upper|lower)(?: ?case)? or (?:upper|lower) ?case)\b").ok()
    });
    if !ASKED.as_ref().is_some_and(|re| re.is_match(request)) {
        return None;
    }
    let bare = uncommented(code);
    let folded = [
        "lower(",
        "upper(",
        "casefold(",
        "swapcase(",
        "re.I",
        "IGNORECASE",
        "(?i",
        "grep -i",
    ];
    if folded.iter().any(|w| bare.contains(w)) {
        return None;
    }
    let files: Vec<&str> = named_files(code)
        .into_iter()
        .filter(|name| plain_text(name))
        .collect();
    string_literals(code)
        .into_iter()
        .filter(|word| {
            word.chars().filter(|c| c.is_alphabetic()).count() >= 2
                && !files.iter().any(|f| f.contains(word))
        })
        .find_map(|word| {
            files.iter().find_map(|name| {
                let text = std::fs::read_to_string(cwd.join(name)).ok()?;
                let lower = word.to_lowercase();
                let written = text.lines().filter(|l| l.contains(word)).count();
                let any = text
                    .lines()
                    .filter(|l| l.to_lowercase().contains(&lower))
                    .count();
                (any > written).then_some((word, *name))
            })
        })
}

/// A pandas filter on a CSV file's column (`df[df['month'] == 'Rain']`) with a value that no
/// row of that column holds: what to tell, with values the column does hold. The 0.5B model
/// filtered rain.csv's months for `Rain`, took the last row of nothing, an IndexError, and
/// sent it back (twenty-second set, task 30).
fn empty_table_filter(code: &str, cwd: &Path) -> Option<String> {
    static FILTER: std::sync::LazyLock<Option<regex::Regex>> = std::sync::LazyLock::new(|| {
        regex::Regex::new(
            r#"(\w+)\[\s*(\w+)\[\s*['"]([^'"\]]+)['"]\s*\]\s*==\s*['"]([^'"\n]*)['"]\s*\]"#,
        )
        .ok()
    });
    let bare = uncommented(code);
    let c = FILTER
        .as_ref()?
        .captures_iter(&bare)
        .find(|c| c.get(1).map(|m| m.as_str()) == c.get(2).map(|m| m.as_str()))?;
    let (table, column, wanted) = (&c[1], &c[3], &c[4]);
    named_files(&bare).into_iter().find_map(|file| {
        let (header, text) = csv_file(cwd, file)?;
        let at = header.iter().position(|h| h == column)?;
        let values: Vec<&str> = csv_rows(&text)
            .iter()
            .filter_map(|row| row.get(at).copied())
            .filter(|v| !v.is_empty())
            .collect();
        if values.is_empty() || values.contains(&wanted) {
            return None;
        }
        let shown: Vec<String> = values.iter().take(5).map(|v| format!("`{v}`")).collect();
        Some(format!(
            "`{table}[{table}['{column}'] == '{wanted}']` keeps no row: no row of `{file}` has `{wanted}` in `{column}`, whose values are {}{}. Compare with a value the column holds, or leave the filter out if my request is about every row.",
            shown.join(", "),
            if values.len() > 5 { "…" } else { "" }
        ))
    })
}

/// Where `strptime` failed on a field of the first line of a table the code names: that
/// field and the file.
fn header_as_date<'c>(code: &'c str, output: &str, cwd: &Path) -> Option<(String, &'c str)> {
    static MISMATCH: std::sync::LazyLock<Option<regex::Regex>> = std::sync::LazyLock::new(|| {
        regex::Regex::new(r"time data '([^'\n]*)' does not match format").ok()
    });
    let field = MISMATCH.as_ref()?.captures(output)?.get(1)?.as_str().trim();
    named_files(code)
        .into_iter()
        .filter(|f| [".csv", ".tsv"].iter().any(|e| f.ends_with(e)))
        .find_map(|file| {
            let text = std::fs::read_to_string(cwd.join(file)).ok()?;
            let header = text.lines().next()?;
            header
                .split([',', '\t', ';'])
                .any(|h| h.trim() == field)
                .then(|| (field.to_string(), file))
        })
}

/// When `strptime` failed on a date alone (`'2026-11-30'`) with a format that has a time
/// (`'%Y-%m-%d %H:%M:%S'`), and the code took the first whitespace field of its text
/// (`line.split()[0]`): the date and the format. The 1.5B model parsed a log line's date with
/// its time's format, then was told to drop the time from the format and compared dates with
/// 10:00 until its time ran out (twenty-seventh set, task 32).
fn date_without_its_time(code: &str, output: &str) -> Option<(String, String)> {
    static MISMATCH: std::sync::LazyLock<Option<regex::Regex>> = std::sync::LazyLock::new(|| {
        regex::Regex::new(
            r"time data '(\d{4}-\d{2}-\d{2})' does not match format '([^'\n]*%H[^'\n]*)'",
        )
        .ok()
    });
    let c = MISMATCH.as_ref()?.captures(output)?;
    let first_field = uncommented(code).contains(".split()[0]");
    first_field.then(|| (c[1].to_string(), c[2].to_string()))
}

/// When a run failed because `strptime` was given text its format does not fit (`time data
/// '1988' does not match format '%Y-%m-%d'`): what to tell, with a format that fits the text
/// when its shape is a common one.
fn date_format_mismatch(output: &str) -> Option<String> {
    static MISMATCH: std::sync::LazyLock<Option<regex::Regex>> = std::sync::LazyLock::new(|| {
        regex::Regex::new(r"time data '([^'\n]*)' does not match format '([^'\n]*)'").ok()
    });
    let c = MISMATCH.as_ref()?.captures(output)?;
    let (text, format) = (c.get(1)?.as_str(), c.get(2)?.as_str());
    // The shapes of date text, each with the format that fits it; compiled once.
    static SHAPES: std::sync::LazyLock<Vec<(regex::Regex, &'static str)>> =
        std::sync::LazyLock::new(|| {
            [
                (r"^\d{4}$", "%Y"),
                (r"^\d{4}-\d{2}$", "%Y-%m"),
                (r"^\d{4}-\d{2}-\d{2}$", "%Y-%m-%d"),
                (r"^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$", "%Y-%m-%d %H:%M"),
                (
                    r"^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$",
                    "%Y-%m-%d %H:%M:%S",
                ),
                (
                    r"^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$",
                    "%Y-%m-%dT%H:%M:%S",
                ),
                (r"^\d{4}/\d{2}/\d{2}$", "%Y/%m/%d"),
                (r"^\d{2}:\d{2}$", "%H:%M"),
                (r"^\d{2}:\d{2}:\d{2}$", "%H:%M:%S"),
                (r"^\d{8}$", "%Y%m%d"),
            ]
            .into_iter()
            .filter_map(|(shape, format)| Some((regex::Regex::new(shape).ok()?, format)))
            .collect()
        });
    let fits = SHAPES
        .iter()
        .find(|(shape, _)| shape.is_match(text))
        .map(|(_, f)| *f)
        .filter(|f| *f != format);
    let mut said = format!(
        "`strptime` needs its format to fit the text exactly, and the text `'{text}'` does not fit `'{format}'`."
    );
    match fits {
        Some("%Y") => said.push_str(&format!(
            " `'{text}'` is a year alone: compare or compute with `int('{text}')`, or parse it with `'%Y'`."
        )),
        Some(f) => said.push_str(&format!(" Write the format as the text is: `'{f}'`.")),
        None => said.push_str(" Write the format as the text is, one `%` code for each part of it."),
    }
    Some(said)
}

/// When a run failed because a `re` function was given a list (`re.findall(r'\d+', lines)`,
/// `lines` from `readlines()`): the function and the list's name in the code. The 0.5B model
/// sent that call back twice, then rewrote its code into other errors until its time ran out
/// (twenty-second set, task 25).
fn list_searched(code: &str, output: &str) -> Option<(String, String)> {
    static CALL: std::sync::LazyLock<Option<regex::Regex>> = std::sync::LazyLock::new(|| {
        regex::Regex::new(
            r"\bre\.(findall|search|match|fullmatch|finditer|sub|split)\((?:[^()\n]|\([^()\n]*\))*?,\s*([A-Za-z_]\w*)\s*[,)]",
        )
        .ok()
    });
    if !output.contains("expected string or bytes-like object, got 'list'") {
        return None;
    }
    let c = CALL.as_ref()?.captures(code)?;
    Some((
        c.get(1)?.as_str().to_string(),
        c.get(2)?.as_str().to_string(),
    ))
}

/// When the model asks to run again, unchanged, Python code whose `re` function was given a
/// list (the hint said so), or answers after it: that code with the list's lines joined into
/// one text where the function takes it, for the engine to run in the model's stead.
pub fn mended_list_searched<'h>(
    history: &'h History,
    next: Option<&'h ToolCall>,
) -> Option<(String, String)> {
    let (code, output, how) = python_failed_again(history, next)?;
    let (call, name) = list_searched(code, output)?;
    let at = regex::Regex::new(&format!(
        r"(\bre\.{call}\((?:[^()\n]|\([^()\n]*\))*?,\s*){name}(\s*[,)])"
    ))
    .ok()?;
    let mended = at
        .replace(code, format!("${{1}}'\\n'.join({name})${{2}}"))
        .into_owned();
    (mended != *code).then(|| {
        (
            mended,
            format!(
                "the model's code gives `re.{call}` the list `{name}`, and {how}: running it with `'\\n'.join({name})`"
            ),
        )
    })
}

/// When a run failed on arithmetic with text and the failing line uses a variable the code
/// took from a table's field (`product = row[0]`) whose column holds words, not numbers: what
/// that column is and which columns hold numbers. The 0.5B model multiplied `product * qty *
/// unit_price` for the revenue of sales.csv; told to convert the fields, it converted `product`
/// too (`float('pen')`) and timed out (thirteenth set, task 21).
fn text_column_in_arithmetic(code: &str, output: &str, cwd: &Path) -> Option<String> {
    static TAKEN: std::sync::LazyLock<Option<regex::Regex>> = std::sync::LazyLock::new(|| {
        regex::Regex::new(r"(?m)^\s*([A-Za-z_]\w*)\s*=\s*(\w+\[(\d+)\])\s*(?:#.*)?$").ok()
    });
    let with_text = output.contains("can't multiply sequence by non-int")
        || (output.contains("TypeError: unsupported operand type(s)") && output.contains("'str'"))
        || output.contains("can only concatenate str (not");
    if !with_text {
        return None;
    }
    // The code's own line that failed: the one after the last frame of a cell.
    let lines: Vec<&str> = output.lines().collect();
    let frame = lines
        .iter()
        .rposition(|l| l.trim_start().starts_with("File \"<cell"))?;
    let failing = lines.get(frame + 1)?.trim();
    let used: Vec<&str> = failing
        .split(|c: char| !(c.is_alphanumeric() || c == '_'))
        .filter(|w| !w.is_empty())
        .collect();
    let bare = uncommented(code);
    let (name, field, index) = TAKEN.as_ref()?.captures_iter(&bare).find_map(|c| {
        let name = c.get(1)?.as_str();
        used.contains(&name)
            .then(|| {
                Some((
                    name.to_string(),
                    c[2].to_string(),
                    c[3].parse::<usize>().ok()?,
                ))
            })
            .flatten()
    })?;
    named_files(&bare).into_iter().find_map(|file| {
        let text = std::fs::read_to_string(cwd.join(file)).ok()?;
        let sep = column_separator(&text, &[',', '\t', ';', '|'])?;
        let mut rows = text.lines().filter(|l| !l.trim().is_empty());
        let header = header_fields(rows.next()?, sep)?;
        let first: Vec<&str> = rows.next()?.split(sep).map(str::trim).collect();
        let value = first.get(index)?;
        if value.parse::<f64>().is_ok() {
            return None;
        }
        let numbers: Vec<String> = first
            .iter()
            .enumerate()
            .filter(|(_, v)| v.parse::<f64>().is_ok())
            .filter_map(|(i, _)| Some(format!("{i} `{}`", header.get(i)?)))
            .collect();
        let numbers = match numbers.as_slice() {
            [] => return None,
            [one] => format!("the one column of numbers is {one}"),
            [rest @ .., last] => format!("the columns of numbers are {} and {last}", rest.join(", ")),
        };
        Some(format!(
            "`{name}` is `{field}`, the `{column}` column of `{file}`, which holds words like `{value}`, not numbers: leave it out of the arithmetic. By index, {numbers}; convert those, `float({row}[i])`.",
            column = header.get(index)?,
            row = field.split('[').next().unwrap_or("row"),
        ))
    })
}

/// When a run failed on arithmetic with text, in code that splits or reads a table's rows:
/// what to do, with the code's own fields converted (`float(row[1]) * float(row[2])`).
fn text_fields_in_arithmetic(code: &str, output: &str) -> Option<String> {
    static FIELDS: std::sync::LazyLock<Option<regex::Regex>> = std::sync::LazyLock::new(|| {
        regex::Regex::new(r"(\w+\[[^\[\]\n]+\])\s*([*/+-])\s*(\w+\[[^\[\]\n]+\])").ok()
    });
    let with_text = output.contains("can't multiply sequence by non-int")
        || (output.contains("TypeError: unsupported operand type(s)") && output.contains("'str'"))
        || output.contains("can only concatenate str (not")
        || output.contains("TypeError: must be real number, not str");
    let bare = uncommented(code);
    let table = ["csv.reader", "csv.DictReader", ".split("]
        .iter()
        .any(|w| bare.contains(w));
    if !with_text || !table {
        return None;
    }
    // Dates taken as text and subtracted: numbers would not do (the 0.5B model was told to
    // use `float`, then `int`, on `2027-03-14`; twenty-fourth set, task 31).
    if output.contains("for -: 'str' and 'str'") && bare.to_lowercase().contains("date") {
        return Some(
            "Dates read from a file are text (`'2027-03-14'`), and text cannot be subtracted. Turn each into a date first, `date.fromisoformat(text.strip())` (`from datetime import date`), then subtract them: `(latest - earliest).days`.".to_string(),
        );
    }
    let example = FIELDS
        .as_ref()
        .and_then(|re| re.captures(&bare))
        .filter(|c| !c[1].starts_with("float") && !c[1].starts_with("int"))
        .map(|c| format!("`float({}) {} float({})`", &c[1], &c[2], &c[3]))
        .unwrap_or_else(|| "`float(row[1]) * float(row[2])`".to_string());
    Some(format!(
        "Every field read from a table's line is text: `'10'`, not `10`. Convert the fields to numbers before the arithmetic, {example}."
    ))
}

/// A run that failed to open the file the request asks to make, before any code made it: the
/// run's output with the hint that the file is still to be written in place of the one that
/// says not to make up names. The 1.5B model read nums.txt for "Write the numbers 1 to 10
/// into nums.txt, …, then tell me the sum", was told `nums.txt` does not exist and to use what
/// is there, and went on without writing it (fourteenth set, task 31).
pub fn unmade_file_read(history: &History, call: &ToolCall, output: &str) -> Option<String> {
    let ToolAction::RunCode { code, .. } = &call.action else {
        return None;
    };
    let (asked, _) = history.last_turn()?;
    let request = request_text(asked);
    let given = missing_path(output)?;
    let name = Path::new(given).file_name()?.to_str()?;
    if !asks_to_create(&request)
        || !named_files(&request).contains(&name)
        || writes_file(code, name)
    {
        return None;
    }
    let (printed, _) = split_hint(output);
    Some(format!(
        "{printed}\n\n(`{name}` is not there yet: my request asks you to make it first. Write it, `with open('{name}', 'w') as f: f.write(...)`, then read it back and do the rest of my request ({request}).)"
    ))
}

/// After a run of Python that failed with no hint of its own, what the request's files tell
/// of it: a file read with `json.load` that is not JSON ([`json_of_other`]); or, when the
/// request names a file here that no code of the turn named, that the data the code worked on
/// was made up, and what to read instead. The 0.5B model wrote a `servers_json` of its own for
/// "How many servers in servers.json use port 443?", its loop failed on it, and it went on
/// with made-up data.
pub fn failed_run_file_hint(
    history: &History,
    call: &ToolCall,
    output: &str,
    cwd: &Path,
) -> Option<RunHint> {
    let ToolAction::RunCode { language, code } = &call.action else {
        return None;
    };
    if oi_exec::canonical_language(language) != Some(oi_exec::Language::Python)
        || split_hint(output).1.is_some()
    {
        return None;
    }
    let (asked, turn) = history.last_turn()?;
    let request = request_text(asked);
    if let Some(text) = json_of_other(&request, code, output, cwd)
        .or_else(|| toml_by_configparser(code, output, cwd))
        .or_else(|| file_run_as_program(code, output, cwd))
    {
        return Some(RunHint {
            text,
            undone: false,
        });
    }
    if random_for_count(&request, code) {
        return Some(RunHint {
            text: RANDOM_FOR_COUNT.to_string(),
            undone: false,
        });
    }
    let runs: Vec<(&str, bool)> = code_runs(history, turn)
        .map(|(earlier, _, _)| (earlier, true))
        .chain([(code.as_str(), true)])
        .collect();
    let file = file_unread(&request, &runs, cwd)?;
    Some(RunHint {
        text: made_up_data(file),
        undone: false,
    })
}

/// The hint for code that ran a file of the folder as a program (`subprocess.check_output(['hosts',
/// '-n', 'api.local'])`), which failed as a program that does not exist: the 0.5B model did so
/// for "Which IP address does the hosts file map api.local to?" (thirty-second set, task 31).
fn file_run_as_program(code: &str, output: &str, cwd: &Path) -> Option<String> {
    let bare = uncommented(code);
    if !["subprocess", "os.system", "os.popen"]
        .iter()
        .any(|w| bare.contains(w))
    {
        return None;
    }
    let (_, missing) = output.split_once("No such file or directory: '")?;
    let (name, _) = missing.split_once('\'')?;
    let program = [
        format!("['{name}'"),
        format!("[\"{name}\""),
        format!("system('{name}"),
        format!("system(\"{name}"),
        format!("popen('{name}"),
        format!("popen(\"{name}"),
    ];
    (cwd.join(name).is_file() && program.iter().any(|p| bare.contains(p.as_str()))).then(|| {
        format!("`{name}` is a file of this folder, not a program to run: read it as text, `lines = open('{name}').read().splitlines()`, and find in its lines what my request asks.")
    })
}

/// A perfect cube tested through a float cube root that `int` cuts down or that is no cube root
/// (`int(i**0.3)**3 == i`, `int(n ** (1/3)) ** 3 == n`): what the code wrote. The 1.5B model's
/// `int(i**0.3)` found no cube above 1 (thirty-second set, task 4); `int(64 ** (1/3))` is 3.
fn cube_root_slip(request: &str, code: &str) -> Option<String> {
    static ROOT: std::sync::LazyLock<Option<regex::Regex>> = std::sync::LazyLock::new(|| {
        regex::Regex::new(r"int\(\s*[\w\[\]]+\s*\*\*\s*\(?\s*(?:1\s*/\s*3|1\.0\s*/\s*3|0\.3\d*)\s*\)?\s*\)|[\w\[\]]+\s*\*\*\s*0\.3\d*").ok()
    });
    let lower = request.to_lowercase();
    if !lower.contains("cube") {
        return None;
    }
    let bare = uncommented(code);
    ROOT.as_ref()?.find(&bare).map(|m| m.as_str().to_string())
}

/// Whether the request counts fenced code blocks and the code counts the ``` lines, each block's
/// opening and closing fence alike: the 1.5B model printed 8 for the four blocks of README.md
/// (thirty-second set, task 26).
fn fences_counted_twice(request: &str, code: &str) -> bool {
    let lower = request.to_lowercase();
    let bare = uncommented(code).replace(' ', "");
    lower.contains("code block")
        && bare.contains("```")
        && ![
            "/2",
            "%2",
            "in_block",
            "inside",
            "notin_",
            "=not",
            ".*?```",
            "[\\s\\S]*?```",
            "opened",
        ]
        .iter()
        .any(|w| bare.contains(w))
}

/// Whether the request asks for the last of something and the code takes the first match of
/// a pattern (`re.search`), never all of them: the 0.5B model took the first subtitle of
/// movie.srt for "the last subtitle" (thirty-second set, task 28).
fn first_match_for_last(request: &str, code: &str) -> bool {
    let lower = request.to_lowercase();
    let bare = uncommented(code);
    words_in(&lower).any(|w| w == "last")
        && !words_in(&lower).any(|w| w == "first")
        && !lower.contains("at last")
        && !lower.contains("last week")
        && !lower.contains("last month")
        && !lower.contains("last year")
        && bare.contains("re.search(")
        && ![
            "findall", "finditer", "[-1]", "reversed", "rfind", "rsplit", "[::-1]", "re.split",
        ]
        .iter()
        .any(|w| bare.contains(w))
}

/// What the marker of [`made_up_data`] says: a run that never opened the request's file.
const MADE_UP: &str = "the file my request is about: the data it worked on is made up.";

/// The hint for code that never opened `file`, the request's file, and how to read it.
fn made_up_data(file: &str) -> String {
    let read = if file.ends_with(".json") {
        format!("data = json.load(open('{file}'))")
    } else if file.ends_with(".csv") {
        format!("rows = list(csv.reader(open('{file}')))")
    } else {
        format!("lines = open('{file}').read().splitlines()")
    };
    format!("Your code never opened `{file}`, {MADE_UP} Read the file itself: `{read}`.")
}

/// When the model asks to run again, unchanged, Python code that worked on data of its own
/// where the request's JSON file is (the hint said so), or answers after it, and the code sets
/// one name to a literal of the file's shape (its top-level keys quoted in it, or a list for a
/// list): that code with the literal replaced by the file's load, for the engine to run in the
/// model's stead, and a line for the events. The 0.5B model counted the admins of its own
/// `team_json = {'members': [...]}` three times (eighteenth set, task 23).
pub fn mended_made_up<'h>(
    history: &'h History,
    next: Option<&'h ToolCall>,
    cwd: &Path,
) -> Option<(String, String)> {
    let (code, output, how) = python_failed_again(history, next)?;
    if !split_hint(output).1?.contains(MADE_UP) {
        return None;
    }
    // The file derived as the hint did, not read back out of its words.
    let (asked, turn) = history.last_turn()?;
    let request = request_text(asked);
    let runs: Vec<(&str, bool)> = code_runs(history, turn)
        .map(|(earlier, _, _)| (earlier, true))
        .collect();
    let file = file_unread(&request, &runs, cwd).filter(|f| f.ends_with(".json"))?;
    let text = std::fs::read_to_string(cwd.join(file)).ok()?;
    let doc: serde_json::Value = serde_json::from_str(&text).ok()?;
    let (name, literal) = top_literal(code)?;
    let fits = match &doc {
        serde_json::Value::Object(map) => {
            literal.trim_start().starts_with('{')
                && map.keys().any(|k| {
                    literal.contains(&format!("'{k}'")) || literal.contains(&format!("\"{k}\""))
                })
        }
        serde_json::Value::Array(_) => literal.trim_start().starts_with('['),
        _ => false,
    };
    if !fits {
        return None;
    }
    let mended = code.replacen(
        &format!("{name} = {literal}"),
        &format!("{name} = json.load(open('{file}'))"),
        1,
    );
    (mended != *code).then(|| {
        (
            format!("import json\n{mended}"),
            format!(
                "the model's code worked on data of its own in `{name}` where the request is about `{file}`, and {how}: running it with `{name}` read from `{file}`"
            ),
        )
    })
}

/// The first name the code sets, at the top level, to a dict or list literal (over several
/// lines too), and that literal as written: `team = {...}`.
fn top_literal(code: &str) -> Option<(&str, &str)> {
    static START: std::sync::LazyLock<Option<regex::Regex>> =
        std::sync::LazyLock::new(|| regex::Regex::new(r"(?m)^([A-Za-z_]\w*) = ([\[{])").ok());
    let c = START.as_ref()?.captures(code)?;
    let name = c.get(1)?.as_str();
    let open = c.get(2)?;
    let (mut depth, mut quote) = (0i32, None::<char>);
    for (i, ch) in code[open.start()..].char_indices() {
        match (quote, ch) {
            (Some(q), c) if c == q => quote = None,
            (Some(_), _) => {}
            (None, '\'' | '"') => quote = Some(ch),
            (None, '[' | '{' | '(') => depth += 1,
            (None, ']' | '}' | ')') => {
                depth -= 1;
                if depth == 0 {
                    return Some((name, &code[open.start()..open.start() + i + 1]));
                }
            }
            _ => {}
        }
    }
    None
}

/// When the request renames files of one extension to another ("Rename every .txt file … to
/// end in .md instead") and the folder now holds a file whose name ends with both (`a.txt.md`,
/// from the 0.5B model's `txt_file + '.md'`): the two extensions and that file's name.
fn doubled_extension(request: &str, cwd: &Path) -> Option<(String, String, String)> {
    static EXTENSION: std::sync::LazyLock<Option<regex::Regex>> =
        std::sync::LazyLock::new(|| regex::Regex::new(r"(?:^|[\s`'(])(\.[A-Za-z0-9]{1,5})\b").ok());
    if !request.to_lowercase().contains("rename") {
        return None;
    }
    let mut extensions: Vec<String> = EXTENSION
        .as_ref()?
        .captures_iter(request)
        .map(|c| c[1].to_lowercase())
        .collect();
    extensions.dedup();
    let [old, new] = extensions.as_slice() else {
        return None;
    };
    let doubled = format!("{old}{new}");
    let mut names: Vec<String> = std::fs::read_dir(cwd)
        .ok()?
        .filter_map(|e| e.ok()?.file_name().into_string().ok())
        .filter(|n| n.to_lowercase().ends_with(&doubled) && n.len() > doubled.len())
        .collect();
    names.sort();
    let name = names.into_iter().next()?;
    Some((old.clone(), new.clone(), name))
}

/// When the request counts a file's lines leaving some out ("not counting blank lines and
/// comment lines") and the code printed the count of all its lines (or one more): what is left
/// out, the file, its lines, and how to tell such a line. The 1.5B model printed
/// `len(open('script.py').read().splitlines())`, 8, for 4 lines of code.
fn excluded_lines_counted<'r>(
    request: &'r str,
    code: &str,
    value: &str,
    cwd: &Path,
) -> Option<(&'r str, String, usize, String)> {
    static LEFT_OUT: std::sync::LazyLock<Option<regex::Regex>> = std::sync::LazyLock::new(|| {
        regex::Regex::new(r"(?i)\b(?:not counting|without|excluding|ignoring|leaving out|skipping|except(?: for)?)\s+((?:the\s+)?[^?.,;]*\blines?\b)").ok()
    });
    let left_out = LEFT_OUT.as_ref()?.captures(request)?.get(1)?.as_str();
    let lower = left_out.to_lowercase();
    let mut how = Vec::new();
    if lower.contains("blank") || lower.contains("empty") {
        how.push("a blank line is empty once stripped, `not line.strip()`");
    }
    if lower.contains("comment") {
        how.push("a comment line starts with `#` once stripped, `line.strip().startswith('#')`");
    }
    if how.is_empty() {
        return None;
    }
    let numbers = numbers_in(value);
    let [n] = numbers.as_slice() else {
        return None;
    };
    let n: usize = n.parse().ok()?;
    named_files(request)
        .into_iter()
        .filter(|name| code.contains(name))
        .find_map(|name| {
            let text = std::fs::read_to_string(cwd.join(name)).ok()?;
            let lines = text.lines().count();
            let kept = text
                .lines()
                .filter(|l| !l.trim().is_empty() && !l.trim().starts_with('#'))
                .count();
            (kept < lines && (n == lines || n == lines + 1))
                .then(|| (left_out, name.to_string(), lines, how.join("; ")))
        })
}

/// When the code split a file's text at each newline (`text.split('\n')`) and printed one
/// count that is one more than the same count without the empty string the file's last
/// newline leaves: the file and the split. The 1.5B model printed 5 for the 4 different names
/// of names.txt, `len(set(names.split('\n')))`.
fn trailing_empty_counted<'c>(
    code: &'c str,
    value: &str,
    cwd: &Path,
) -> Option<(&'c str, &'static str)> {
    let split = [".split('\\n')", ".split(\"\\n\")"]
        .into_iter()
        .find(|s| code.contains(s))?;
    let numbers = numbers_in(value);
    let [n] = numbers.as_slice() else {
        return None;
    };
    let n: usize = n.parse().ok()?;
    named_files(code)
        .into_iter()
        .filter(|name| plain_text(name))
        .find_map(|name| {
            let text = std::fs::read_to_string(cwd.join(name)).ok()?;
            if !text.ends_with('\n') {
                return None;
            }
            let lines: Vec<&str> = text.lines().collect();
            let distinct: std::collections::HashSet<&str> = lines.iter().copied().collect();
            let all = n == lines.len() + 1;
            let different = n == distinct.len() + 1 && !distinct.contains("");
            // Blank lines counted, the empty string after the last one among them (the 1.5B
            // model's `sum(1 for line in lines if line.strip() == '')` gave 4 for essay.txt's
            // 3; twenty-third set, task 23).
            let blank = n == lines.iter().filter(|l| l.trim().is_empty()).count() + 1
                && (code.contains(".strip() == ''")
                    || code.contains(".strip() == \"\"")
                    || code.contains("not line.strip()")
                    || code.contains("if not line"));
            (all || different || blank).then_some((name, split.trim_start_matches('.')))
        })
}

/// When the request asks for an amount rounded to cents and the code rounds it times 100
/// (`round(vat_amount * 100)`, `round(x * 100, 2)`), never dividing back: the call and the
/// amount. The 1.5B model printed 1130 and then 950.0 for a VAT of 9.50 (twenty-eighth set,
/// task 9).
fn cents_multiplied(request: &str, code: &str) -> Option<(String, String)> {
    static TIMES: std::sync::LazyLock<Option<regex::Regex>> = std::sync::LazyLock::new(|| {
        regex::Regex::new(r"round\(\s*([\w.\[\]']+)\s*\*\s*100\b[^\n()]*\)").ok()
    });
    let lower = request.to_lowercase();
    if !["to cents", "to the cent", "nearest cent"]
        .iter()
        .any(|w| lower.contains(w))
    {
        return None;
    }
    let bare = uncommented(code);
    if bare.replace(' ', "").contains("/100") {
        return None;
    }
    let found = TIMES.as_ref()?.captures(&bare)?;
    Some((found[0].to_string(), found[1].to_string()))
}

/// Whether the request asks which hour of the day (the busiest, the most entries) and the run
/// printed a whole time of day with its minutes (`08:15:02`), or a date and no time: what it
/// printed, and whether it is a date. The 1.5B model counted each whole timestamp of a log as
/// its own "hour", and in another run each line's date (twenty-eighth set, task 30).
fn whole_time_for_hour(request: &str, value: &str) -> Option<(String, bool)> {
    static TIME: std::sync::LazyLock<Option<regex::Regex>> =
        std::sync::LazyLock::new(|| regex::Regex::new(r"\b\d{1,2}:(\d{2})(?::(\d{2}))?\b").ok());
    let lower = request.to_lowercase();
    let asks_hour = ["which hour", "what hour", "busiest hour", "hour of the day"]
        .iter()
        .any(|w| lower.contains(w));
    if !asks_hour || lower.contains("minute") {
        return None;
    }
    // A date and no time: the date taken for the hour (the 1.5B model split a log line's
    // `2026-11-30 08:15:02` at its first `:`).
    // Nothing else printed beside it (an hour said with its day is fine).
    if let Some(date) = ISO_DATE.as_ref().and_then(|d| d.find(value))
        && !TIME.as_ref().is_some_and(|t| t.is_match(value))
        && numbers_in(&value.replace(date.as_str(), "")).is_empty()
    {
        return Some((date.as_str().to_string(), true));
    }
    let found = TIME.as_ref()?.captures(value)?;
    let past_hour = [found.get(1), found.get(2)]
        .into_iter()
        .flatten()
        .any(|m| m.as_str() != "00");
    past_hour.then(|| (found[0].to_string(), false))
}

/// When the request counts hex colours, the code's pattern takes six digits only (`{6}`), and
/// a file the request names holds a three-digit one (`#333`): that colour and the file. The
/// 1.5B model counted 4 of style.css's 5 colours (twenty-eighth set, task 32).
fn short_hex_missed(request: &str, code: &str, cwd: &Path) -> Option<(String, String)> {
    static SHORT: std::sync::LazyLock<Option<regex::Regex>> =
        std::sync::LazyLock::new(|| regex::Regex::new(r"#[0-9a-fA-F]{3}\b").ok());
    let bare = uncommented(code);
    if !request.to_lowercase().contains("hex") || !bare.contains("{6}") || bare.contains("{3") {
        return None;
    }
    named_files(request).into_iter().find_map(|file| {
        let text = std::fs::read_to_string(cwd.join(file)).ok()?;
        let short = SHORT.as_ref()?.find(&text)?.as_str().to_string();
        Some((short, file.to_string()))
    })
}

/// When the request counts words written twice in a row ("like 'the the'"), the code tells
/// upper and lower case apart, and a file the request names has such a pair in two cases (`And
/// and`): that pair and the file. The 1.5B model's `\b(\w+)\b \1` found 2 of notes.txt's 3
/// (twenty-eighth set, task 18).
fn doubled_in_other_case(request: &str, code: &str, cwd: &Path) -> Option<(String, String)> {
    let lower = request.to_lowercase();
    let doubled = [
        "right after itself",
        "twice in a row",
        "doubled",
        "repeated word",
        "repeat",
    ]
    .iter()
    .any(|w| lower.contains(w));
    let bare = uncommented(code).to_lowercase();
    let caseless = [
        "lower(",
        "upper(",
        "casefold(",
        "ignorecase",
        "re.i)",
        "re.i,",
        "(?i",
    ]
    .iter()
    .any(|w| bare.contains(w));
    if !doubled || caseless {
        return None;
    }
    named_files(request).into_iter().find_map(|file| {
        let text = std::fs::read_to_string(cwd.join(file)).ok()?;
        let words: Vec<&str> = text
            .split_whitespace()
            .map(|w| w.trim_matches(|c: char| !c.is_alphanumeric()))
            .collect();
        let (first, second) = words
            .windows(2)
            .map(|pair| (pair[0], pair[1]))
            .find(|(a, b)| !a.is_empty() && a != b && a.to_lowercase() == b.to_lowercase())?;
        Some((format!("{first} {second}"), file.to_string()))
    })
}

/// When the request asks the Levenshtein (edit) distance of two quoted words and the run
/// printed one whole number that no such distance can be (more than the longer word's length,
/// or less than the lengths' difference): that number, and the least and most it can be. The
/// 1.5B model's one-row table printed 9 for 'kitten' and 'sitting' (twenty-eighth set, task
/// 13).
fn edit_distance_out_of_bounds(request: &str, value: &str) -> Option<(usize, usize, usize)> {
    let lower = request.to_lowercase();
    if !(lower.contains("levenshtein") || lower.contains("edit distance")) {
        return None;
    }
    let words = string_literals(request);
    let [a, b] = words.as_slice() else {
        return None;
    };
    let (a, b) = (a.chars().count(), b.chars().count());
    let numbers = numbers_in(value);
    let [n] = numbers.as_slice() else {
        return None;
    };
    let n: usize = n.parse().ok()?;
    let (least, most) = (a.abs_diff(b), a.max(b));
    (n < least || n > most).then_some((n, least, most))
}

/// Whether code (uncommented) divides by `len(name)`, itself or through a name set to it
/// (`total = len(lines)`, then `/ total`).
fn divides_by_len(bare: &str, name: &str) -> bool {
    static SIZE: std::sync::LazyLock<Option<regex::Regex>> = std::sync::LazyLock::new(|| {
        regex::Regex::new(r"(?m)^[ \t]*(\w+)[ \t]*=[ \t]*len\((\w+)\)[ \t]*$").ok()
    });
    let tight = bare.replace(' ', "");
    let mut divisors = vec![format!("len({name})")];
    if let Some(re) = SIZE.as_ref() {
        divisors.extend(
            re.captures_iter(bare)
                .filter(|c| &c[2] == name)
                .map(|c| c[1].to_string()),
        );
    }
    divisors.iter().any(|d| {
        tight.match_indices(&format!("/{d}")).any(|(at, _)| {
            !tight[at + 1 + d.len()..].starts_with(|c: char| c.is_alphanumeric() || c == '_')
        })
    })
}

/// When the code reads a CSV file's rows into a list with `csv.reader`, header and all
/// (`data = list(reader)`), never leaves the header out, and divides by the list's `len()`:
/// the list's name, the file and its header line. The 1.5B model's share of yes answers was
/// 5 of 9, the header counted as a person (twenty-ninth set, task 24).
fn header_in_total(code: &str, cwd: &Path) -> Option<(String, String, String)> {
    static ROWS: std::sync::LazyLock<Option<regex::Regex>> = std::sync::LazyLock::new(|| {
        regex::Regex::new(
            r"(?m)^[ \t]*(\w+)[ \t]*=[ \t]*list\((?:\w+|csv\.reader\([^\n]*\))\)[ \t]*$",
        )
        .ok()
    });
    let bare = uncommented(code);
    if !bare.contains("csv.reader") || bare.contains("DictReader") || bare.contains("next(") {
        return None;
    }
    let name = ROWS.as_ref()?.captures(&bare)?[1].to_string();
    if bare.contains(&format!("{name}[1:]"))
        || bare.contains(&format!("{name}.pop(0)"))
        || !divides_by_len(&bare, &name)
    {
        return None;
    }
    named_files(code)
        .into_iter()
        .filter(|f| f.ends_with(".csv"))
        .find_map(|file| {
            let text = std::fs::read_to_string(cwd.join(file)).ok()?;
            let header = text.lines().next()?;
            let named = header.split(',').all(|f| {
                f.trim()
                    .starts_with(|c: char| c.is_alphabetic() || c == '_')
            });
            named.then(|| (name.clone(), file.to_string(), header.to_string()))
        })
}

/// When the code splits a file's text at `'\n'` into a name (`lines = content.split('\n')`)
/// and divides by its `len()`, where the file ends with a newline: the file, the split and the
/// name. The empty string after the last line is counted among the lines, and so the share or
/// the average is too small (the 1.5B model's 62.5% of 7 tests passed, and 16.2 characters
/// per line of a haiku; twenty-eighth set, tasks 17 and 25).
fn trailing_empty_divided(code: &str, cwd: &Path) -> Option<(String, &'static str, String)> {
    static SPLIT: std::sync::LazyLock<Option<regex::Regex>> = std::sync::LazyLock::new(|| {
        regex::Regex::new(r#"(?m)^[ \t]*(\w+)[ \t]*=[^\n]*\.split\((?:'\\n'|"\\n")\)[ \t]*$"#).ok()
    });
    let bare = uncommented(code);
    let found = SPLIT.as_ref()?.captures(&bare)?;
    // A text stripped first has no newline at its end to split at.
    if found[0].contains("strip()") {
        return None;
    }
    let name = found[1].to_string();
    let split = [".split('\\n')", ".split(\"\\n\")"]
        .into_iter()
        .find(|s| bare.contains(s))?
        .trim_start_matches('.');
    // Set once, and nothing taken off it after.
    let assigned = bare
        .lines()
        .filter(|l| {
            l.trim_start()
                .strip_prefix(name.as_str())
                .is_some_and(|rest| {
                    rest.trim_start().starts_with('=') && !rest.trim_start().starts_with("==")
                })
        })
        .count();
    let trimmed = [".pop(", "[:-1]", ".remove("]
        .iter()
        .any(|w| bare.contains(&format!("{name}{w}")))
        || bare.contains(&format!("del {name}["));
    if assigned != 1 || trimmed {
        return None;
    }
    if !divides_by_len(&bare, &name) {
        return None;
    }
    named_files(code)
        .into_iter()
        .filter(|file| plain_text(file))
        .find_map(|file| {
            let text = std::fs::read_to_string(cwd.join(file)).ok()?;
            text.ends_with('\n')
                .then(|| (file.to_string(), split, name.clone()))
        })
}

/// When the request names one section of a settings file the code reads ("the timeout in the
/// network section of app.ini") and the code names another of its sections, never that one:
/// the file, the section asked and the one read, if it named one. The 0.5B model printed
/// `config['server']['timeout']`; the 1.5B model took the first line holding `timeout`.
fn section_unread(
    request: &str,
    code: &str,
    cwd: &Path,
) -> Option<(String, String, Option<String>)> {
    // Strings the code searches or indexes with: not words it prints (`f"The server port is
    // {port}"`), nor a file's name (`'server.ini'` holds no look for `[server]`; the 1.5B model
    // printed `config.get('client', {}).get('port')` for "the server section of server.ini",
    // eighteenth set, task 24).
    let strings: Vec<String> = string_literals(code)
        .into_iter()
        .filter(|s| !s.contains(char::is_whitespace))
        .map(|s| {
            named_files(s)
                .into_iter()
                .fold(s.to_string(), |text, name| text.replace(name, " "))
        })
        .collect();
    let words: Vec<String> = words_in(
        &named_files(request)
            .into_iter()
            .fold(request.to_string(), |text, name| text.replace(name, " ")),
    )
    .map(str::to_lowercase)
    .collect();
    named_files(code)
        .into_iter()
        .filter(|name| {
            [".ini", ".cfg", ".conf", ".toml"]
                .iter()
                .any(|e| name.ends_with(e))
        })
        .find_map(|name| {
            let text = std::fs::read_to_string(cwd.join(name)).ok()?;
            let sections: Vec<&str> = text
                .lines()
                .filter_map(|l| l.trim().strip_prefix('[')?.strip_suffix(']'))
                .map(str::trim)
                .collect();
            let asked: Vec<&&str> = sections
                .iter()
                .filter(|s| words.contains(&s.to_lowercase()))
                .collect();
            let [asked] = asked.as_slice() else {
                return None;
            };
            let read = sections
                .iter()
                .find(|s| s != asked && strings.iter().any(|l| l == *s));
            // The asked section's name anywhere in the code's strings is a look for it.
            let looked = strings.iter().any(|s| s.contains(**asked));
            (!looked && sections.len() > 1).then(|| {
                (
                    name.to_string(),
                    asked.to_string(),
                    read.map(|r| r.to_string()),
                )
            })
        })
}

/// When the code only writes down a text the request gives and prints it back, and the run
/// printed just that text: the text. The 0.5B model ran `rgb = "255, 165, 0"` and `print(rgb)`
/// for "What is the hex colour code of rgb(255, 165, 0)?", then made up a colour code
/// (twenty-seventh set, task 7).
fn given_echoed(request: &str, code: &str, value: &str) -> Option<String> {
    static LITERAL: std::sync::LazyLock<Option<regex::Regex>> = std::sync::LazyLock::new(|| {
        regex::Regex::new(
            r#"^(?:\w+\s*=\s*(?:'[^'\n]*'|"[^"\n]*"|[\d.,\s()\[\]-]+)|print\(\s*(?:\w+|'[^'\n]*'|"[^"\n]*")\s*\))$"#,
        )
        .ok()
    });
    // Values given together (`255, 165, 0`), not a word that may be the answer itself
    // ("What is the extension of report.pdf?", `pdf`; "Answer yes or no").
    let printed = value.trim();
    if numbers_in(printed).len() < 2 || printed.contains('\n') || !request.contains(printed) {
        return None;
    }
    let bare = uncommented(code);
    let literal = LITERAL.as_ref()?;
    let only_written = bare
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty())
        .all(|l| literal.is_match(l));
    only_written.then(|| printed.to_string())
}

/// When the request asks for a time of day (`18:45`) in 12-hour time and the run printed no
/// time (`PM`): the time. The 0.5B model printed only whether 18:45 is AM or PM (twenty-seventh
/// set, task 9).
fn twelve_hour_unprinted(request: &str, value: &str) -> Option<String> {
    static TIME: std::sync::LazyLock<Option<regex::Regex>> =
        std::sync::LazyLock::new(|| regex::Regex::new(r"\b(\d{1,2}):(\d{2})\b").ok());
    let lower = request.to_lowercase();
    let twelve = lower.contains("12-hour") || lower.contains("12 hour");
    if !twelve || value.trim().is_empty() || TIME.as_ref()?.is_match(value) {
        return None;
    }
    let found = TIME.as_ref()?.captures(request)?;
    let hour: u32 = found.get(1)?.as_str().parse().ok()?;
    (hour < 24).then(|| found.get(0).map(|m| m.as_str().to_string()))?
}

/// When the code is only a number of the request, bare or printed, and the run printed it: that
/// number. The 0.5B model's call `{"name": "4095", "arguments": {"code": "4095"}}` ran and
/// echoed 4095, which it answered as 4095 in hexadecimal.
fn number_echoed<'v>(request: &str, code: &str, value: &'v str) -> Option<&'v str> {
    let numbers = numbers_in(value);
    let [n] = numbers.as_slice() else {
        return None;
    };
    // The request's only number: of several, the code may print the one it picks ("Who won,
    // player 1 or player 2?").
    let asked = normalized(request);
    let [given] = numbers_in(&asked)[..] else {
        return None;
    };
    if !same_number(n, given) {
        return None;
    }
    let bare = uncommented(code);
    let lines: Vec<&str> = bare
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty())
        .collect();
    let [line] = lines.as_slice() else {
        return None;
    };
    let inner = line
        .strip_prefix("print(")
        .and_then(|l| l.strip_suffix(')'))
        .unwrap_or(line)
        .trim();
    same_number(inner, n).then_some(*n)
}

/// When the request asks for the harmonic or geometric mean of the numbers it gives and the run
/// printed one number that is not it: the mean's kind and the `statistics` call that computes it
/// (`statistics.harmonic_mean([40, 60])`). The 0.5B model wrote `2 * a / (a + b)`, then a
/// product, and answered 2400 (twenty-eighth set, task 6). The value is only compared, never
/// said.
fn mean_miscomputed(request: &str, value: &str) -> Option<(&'static str, String)> {
    let lower = request.to_lowercase();
    let (kind, function) = if lower.contains("harmonic mean") {
        ("harmonic", "harmonic_mean")
    } else if lower.contains("geometric mean") {
        ("geometric", "geometric_mean")
    } else {
        return None;
    };
    let given: Vec<(&str, f64)> = numbers_in(request)
        .into_iter()
        .filter_map(|text| Some((text, text.parse::<f64>().ok()?)))
        .filter(|(_, n)| *n > 0.0)
        .collect();
    if given.len() < 2 {
        return None;
    }
    let count = given.len() as f64;
    let mean = match kind {
        "harmonic" => count / given.iter().map(|(_, n)| 1.0 / n).sum::<f64>(),
        _ => (given.iter().map(|(_, n)| n.ln()).sum::<f64>() / count).exp(),
    };
    let printed = numbers_in(value);
    let [printed] = printed.as_slice() else {
        return None;
    };
    let printed: f64 = printed.parse().ok()?;
    // Right to the rounding a person would write (48, 47.99999, 48.0).
    if (printed - mean).abs() <= 0.01_f64.max(mean.abs() * 1e-3) {
        return None;
    }
    let listed: Vec<&str> = given.iter().map(|(text, _)| *text).collect();
    Some((
        kind,
        format!("statistics.{function}([{}])", listed.join(", ")),
    ))
}

/// When the request asks for the tax included in a price ("How much VAT is included in a price of
/// 59.50 at 19% VAT?") and the code took the rate of the price as if the tax came on top, never
/// dividing by 1 + rate: the rate. The 0.5B model computed 59.50 × 0.19 (twenty-eighth set,
/// task 9).
fn included_tax_added(request: &str, code: &str) -> Option<String> {
    static RATE: std::sync::LazyLock<Option<regex::Regex>> = std::sync::LazyLock::new(|| {
        regex::Regex::new(r"(?i)\b(\d+(?:\.\d+)?)\s*(?:%|percent)").ok()
    });
    let lower = request.to_lowercase();
    let tax = words_in(&lower).any(|w| matches!(w, "vat" | "tax" | "gst"));
    if !tax || !lower.contains("includ") {
        return None;
    }
    let rate = RATE.as_ref()?.captures(request)?.get(1)?.as_str();
    let n: f64 = rate.parse().ok()?;
    let bare = uncommented(code).replace(' ', "");
    let written: Vec<f64> = numbers_in(&bare)
        .into_iter()
        .filter_map(|w| w.parse().ok())
        .collect();
    // The gross factor (1.19, 119, `1 + rate`) anywhere: taken out, rightly or not.
    let grossed = written
        .iter()
        .any(|w| (w - (1.0 + n / 100.0)).abs() < 1e-9 || (w - (100.0 + n)).abs() < 1e-9)
        || bare.contains("(1+")
        || bare.contains("(100+");
    let rated = rate_written(n, &written) || bare.contains("/100");
    (rated && !grossed).then(|| rate.to_string())
}

/// Whether the request asks for a compound annual growth rate and the code takes no root of the
/// growth (no `** (1 / years)`, no `pow(…, 1 / …)`). The 0.5B model raised the growth to the
/// 4th power (twenty-eighth set, task 12).
fn growth_rate_unrooted(request: &str, code: &str) -> bool {
    let lower = request.to_lowercase();
    if !(lower.contains("compound annual growth") || words_in(&lower).any(|w| w == "cagr")) {
        return false;
    }
    let bare = uncommented(code).replace(' ', "");
    let rooted = [
        "**(1/",
        "**(1.0/",
        "**(1./",
        ",1/",
        ",1.0/",
        "**0.",
        "**.",
        "math.exp(",
        "np.exp(",
    ]
    .iter()
    .any(|r| bare.contains(r));
    !rooted
}

/// Whether the request asks how many are needed, and the code rounded a division to the
/// nearest whole number (`round(81 / 8)`, 10, where 11 pizzas are needed), never up. The 0.5B
/// model's pizzas (twenty-eighth set, task 10).
fn needed_rounded_to_nearest(request: &str, code: &str, value: &str) -> bool {
    let bare = uncommented(code);
    let whole = matches!(numbers_in(value).as_slice(), [n] if !n.contains('.'));
    // Two numbers that divide: rounding is right either way.
    let exact = whole_pair(request).is_some_and(|(total, per)| per > 0 && total % per == 0);
    asks_needed(&request.to_lowercase())
        && whole
        && !exact
        && bare.contains("round(")
        && bare.contains('/')
        && !bare.contains("ceil")
        && !bare.contains("//")
}

/// When the request counts empty cells (fields) of a table and the code tests whole rows for
/// emptiness (`if not row`): that test. The 0.5B model printed 0 empty cells of grid.csv, whose
/// rows all have some (twenty-ninth set, task 26).
fn empty_cells_as_rows(request: &str, code: &str) -> Option<String> {
    let lower = request.to_lowercase();
    if !["empty cell", "blank cell", "empty field", "blank field"]
        .iter()
        .any(|w| lower.contains(w))
    {
        return None;
    }
    let bare = uncommented(code);
    ["not row", "len(row) == 0", "row == []", "not line.strip()"]
        .into_iter()
        .find(|t| bare.contains(t))
        .map(str::to_string)
}

/// When the request compares with an average ("earn more than the average salary") and the
/// code sets a name for it to a number (`average_salary = 0`) that nothing changes, computing
/// no sum or mean: that name and its number. The 0.5B model counted all 7 salaries as above an
/// average of 0 (twenty-ninth set, task 23).
fn average_left_unset(request: &str, code: &str) -> Option<(String, String)> {
    static SET: std::sync::LazyLock<Option<regex::Regex>> = std::sync::LazyLock::new(|| {
        regex::Regex::new(
            r"(?m)^[ \t]*(\w*(?:average|avg|mean)\w*)[ \t]*=[ \t]*(-?\d+(?:\.\d+)?)[ \t]*$",
        )
        .ok()
    });
    let lower = request.to_lowercase();
    let compares = [
        "than the average",
        "than average",
        "above the average",
        "above average",
        "below the average",
        "below average",
    ]
    .iter()
    .any(|w| lower.contains(w));
    if !compares {
        return None;
    }
    let bare = uncommented(code);
    let tight = bare.to_lowercase().replace(' ', "");
    if ["sum(", "mean(", "statistics", "/len(", "fmean("]
        .iter()
        .any(|w| tight.contains(w))
    {
        return None;
    }
    let found = SET.as_ref()?.captures(&bare)?;
    let name = &found[1];
    // Set once, and never added to or divided.
    let changed = bare
        .lines()
        .filter(|l| {
            let t = l.trim_start();
            t.starts_with(name)
                && t[name.len()..]
                    .trim_start()
                    .starts_with(['=', '+', '-', '*', '/'])
        })
        .count()
        > 1;
    (!changed).then(|| (name.to_string(), found[2].to_string()))
}

/// Whether a request (lowercased) counts what appears more than once.
fn asks_repeats(lower: &str) -> bool {
    [
        "more than once",
        "at least twice",
        "twice or more",
        "more than one time",
    ]
    .iter()
    .any(|w| lower.contains(w))
}

/// When the request counts what appears more than once and the code keeps the counts equal to
/// one (`if count == 1`): that test. The 1.5B model counted the customers who ordered once
/// (twenty-ninth set, task 17).
fn once_kept_for_repeats(request: &str, code: &str) -> Option<String> {
    static ONCE: std::sync::LazyLock<Option<regex::Regex>> =
        std::sync::LazyLock::new(|| regex::Regex::new(r"\b\w+\s*==\s*1\b").ok());
    let lower = request.to_lowercase();
    let repeats = asks_repeats(&lower);
    if !repeats {
        return None;
    }
    let bare = uncommented(code);
    Some(ONCE.as_ref()?.find(&bare)?.as_str().to_string())
}

/// When the request compares the lengths in lines of a Python file's functions ("Which function
/// in utils.py has the most lines?") and the code counts the `def` lines alone, measuring no
/// body: the file. The 1.5B model gave each function one line and named the first (twenty-ninth
/// set, task 21).
fn function_lines_uncounted(request: &str, code: &str) -> Option<String> {
    let lower = request.to_lowercase();
    if !lower.contains("function") || !words_in(&lower).any(|w| w == "lines" || w == "longest") {
        return None;
    }
    let file = named_files(request)
        .into_iter()
        .find(|f| f.ends_with(".py"))?;
    let bare = uncommented(code);
    let defs_only = bare.contains("startswith('def") || bare.contains("startswith(\"def");
    let measures = ["end_lineno", "ast.", "indent", "lstrip", "current"]
        .iter()
        .any(|w| bare.contains(w));
    (defs_only && !measures).then(|| file.to_string())
}

/// When the request names values of a CSV column of a few kinds ("credits minus debits", a
/// `type` column of `credit` and `debit`) and the code names neither the column nor any of its
/// values: the file, the column, the values named (as the request writes them) and one value.
/// The 1.5B model added and subtracted every amount, its type unread (twenty-ninth set, task
/// 30).
fn kinds_column_unread(
    request: &str,
    code: &str,
    cwd: &Path,
) -> Option<(String, String, String, String)> {
    let lower = request.to_lowercase();
    let asked: Vec<&str> = words_in(&lower).collect();
    let bare = uncommented(code).to_lowercase();
    named_files(request)
        .into_iter()
        .filter(|f| f.ends_with(".csv"))
        .find_map(|file| {
            let text = std::fs::read_to_string(cwd.join(file)).ok()?;
            let mut lines = text.lines();
            let header: Vec<&str> = lines.next()?.split(',').map(str::trim).collect();
            let rows: Vec<Vec<&str>> = lines
                .map(|l| l.split(',').map(str::trim).collect())
                .collect();
            header.iter().enumerate().find_map(|(i, column)| {
                let mut kinds: Vec<&str> = rows.iter().filter_map(|r| r.get(i).copied()).collect();
                kinds.sort_unstable();
                kinds.dedup();
                let few = (2..=4).contains(&kinds.len())
                    && kinds
                        .iter()
                        .all(|k| k.len() >= 3 && k.chars().all(char::is_alphabetic));
                if !few || rows.len() <= kinds.len() {
                    return None;
                }
                let named: Vec<&str> = asked
                    .iter()
                    .copied()
                    .filter(|w| {
                        kinds.iter().any(|k| {
                            let k = k.to_lowercase();
                            *w == k || *w == format!("{k}s")
                        })
                    })
                    .collect();
                let read = bare.contains(&column.to_lowercase())
                    || kinds.iter().any(|k| {
                        bare.contains(&format!("'{}'", k.to_lowercase()))
                            || bare.contains(&format!("\"{}\"", k.to_lowercase()))
                    });
                (named.len() >= 2 && !read).then(|| {
                    let value = kinds
                        .iter()
                        .find(|k| named.iter().any(|n| n.starts_with(&k.to_lowercase())))
                        .unwrap_or(&kinds[0]);
                    (
                        file.to_string(),
                        column.to_string(),
                        named.join(" and "),
                        value.to_string(),
                    )
                })
            })
        })
}

/// Whether the request counts what appears more than once ("customers who ordered more than
/// once") and the code gathers a `set` and counts nothing. The 0.5B model printed the number of
/// different customers (twenty-ninth set, task 17).
fn repeats_uncounted(request: &str, code: &str) -> bool {
    let lower = request.to_lowercase();
    let repeats = asks_repeats(&lower);
    let bare = uncommented(code).to_lowercase().replace(' ', "");
    // `Counter(` called, not imported alone: the 0.5B model added the import to its set of
    // customers and ran it again (twenty-ninth set, task 17's re-run).
    let counts = [
        "counter(",
        ".count(",
        "+=1",
        ".get(",
        "value_counts",
        ">1",
        ">=2",
        "duplicated",
        "groupby",
    ]
    .iter()
    .any(|w| bare.contains(w));
    repeats && bare.contains("set(") && !counts
}

/// Whether the request asks for the most common one ("the most common file extension") and the
/// run printed a collection of several (`{'src/main.py', 'README.md', …}`) from code that counts
/// nothing. The 0.5B model printed a set of the whole paths, then answered with one of them
/// (twenty-ninth set, task 16).
fn most_common_uncounted(request: &str, code: &str, value: &str) -> bool {
    let lower = request.to_lowercase();
    let asks = ["most common", "most often", "most frequent", "most used"]
        .iter()
        .any(|w| lower.contains(w));
    let bare = uncommented(code).to_lowercase().replace(' ', "");
    let counts = [
        "counter(",
        ".count(",
        "max(",
        "sort",
        "+=1",
        ".get(",
        "value_counts",
        "mode(",
    ]
    .iter()
    .any(|w| bare.contains(w));
    let collection = value.lines().any(|line| {
        let inner = line.find(['{', '[']).and_then(|at| {
            line[at + 1..]
                .rfind(['}', ']'])
                .map(|end| &line[at + 1..at + 1 + end])
        });
        inner.is_some_and(|items| items.split(',').count() >= 3 && !items.contains(':'))
    });
    asks && !counts && collection
}

/// When the request asks for a share of something ("the largest share of their limit") and
/// the code divides nothing: what the share is of. The 0.5B model compared the amounts used and
/// named the largest user, not the fullest (twenty-ninth set, task 29).
fn share_undivided(request: &str, code: &str) -> Option<String> {
    let lower = request.to_lowercase();
    let (_, rest) = ["share of ", "proportion of ", "fraction of "]
        .iter()
        .find_map(|w| lower.split_once(w))?;
    let of = rest
        .split(['?', '.', ',', ';'])
        .next()?
        .split(" in ")
        .next()?
        .trim();
    let bare = uncommented(code);
    if of.is_empty() || bare.contains('/') || bare.contains("div(") {
        return None;
    }
    Some(of.to_string())
}

/// When the request gives a price with tax included and asks for it before tax, and the run
/// printed one number above that price: the number printed and the price. The 1.5B model
/// divided by 1.19 and multiplied by 100, 5000.0 for 59.50 (thirtieth set, task 4).
fn net_above_gross(request: &str, value: &str) -> Option<(String, String)> {
    let lower = request.to_lowercase();
    let asks = [
        "before tax",
        "without tax",
        "excluding tax",
        "net price",
        "without the tax",
    ]
    .iter()
    .any(|w| lower.contains(w));
    if !asks || !lower.contains("included") && !lower.contains("including") {
        return None;
    }
    let [printed] = printed_beyond_request(request, value)[..] else {
        return None;
    };
    let price = numbers_in(request)
        .into_iter()
        .filter_map(|n| Some((n, n.parse::<f64>().ok()?)))
        .max_by(|a, b| a.1.total_cmp(&b.1))?;
    (printed.parse::<f64>().ok()? > price.1).then(|| (printed.to_string(), price.0.to_string()))
}

/// Whether the run printed one line of two words or more, one of them a word and one a number,
/// that stands in the request as it is (`python 3`), and that the request does not quote.
fn request_phrase_printed(request: &str, value: &str) -> bool {
    let value = value.trim();
    let tokens: Vec<&str> = value.split_whitespace().collect();
    if value.lines().count() != 1 || tokens.len() < 2 {
        return false;
    }
    let worded = tokens.iter().any(|t| t.chars().all(char::is_alphabetic));
    let numbered = tokens.iter().any(|t| t.chars().all(|c| c.is_ascii_digit()));
    let said: Vec<&str> = request
        .split_whitespace()
        .map(|w| w.trim_matches(|c: char| !c.is_alphanumeric()))
        .collect();
    let quoted = ["'", "\"", "`"]
        .iter()
        .any(|q| request.contains(&format!("{q}{value}{q}")));
    worded
        && numbered
        && !quoted
        && said.windows(tokens.len()).any(|w| {
            w.iter()
                .zip(&tokens)
                .all(|(a, b)| a.eq_ignore_ascii_case(b))
        })
}

/// A history file the request names (`.zsh_history`, `history.txt`) that the shell code never
/// names, where it runs the shell's `history` (or `fc -l`): the file.
fn own_history_listed(request: &str, code: &str, cwd: &Path) -> Option<String> {
    let bare = uncommented(code);
    let runs_history = bare.split(['|', ';', '&', '\n', '(', '`']).any(|part| {
        let mut words = part.split_whitespace();
        match words.next() {
            Some("history") => true,
            Some("fc") => words.next() == Some("-l"),
            _ => false,
        }
    });
    if !runs_history {
        return None;
    }
    file_words(request)
        .map(|w| w.trim_end_matches(['.', ',', '?', '!', ')']))
        .find(|w| {
            w.to_lowercase().contains("history") && !bare.contains(*w) && cwd.join(w).is_file()
        })
        .map(str::to_string)
}

/// What the code missed of a file's own format, in Python or the shell, whatever the run
/// printed: fstab's `noauto`, a diff's `+` and `-` marks; the fix is told in the code's language.
fn format_slip(request: &str, code: &str, cwd: &Path, shell: bool) -> Option<String> {
    noauto_untested(request, code, cwd)
        .map(|file| {
            let how = if shell {
                format!("`awk '$1 !~ /^#/ && $4 ~ /(^|,)noauto(,|$)/' {file} | wc -l`")
            } else {
                "`'noauto' in line.split()[3].split(',')`".to_string()
            };
            format!("a file system of `{file}` is left unmounted at boot when its options, the fourth field, hold `noauto`, and your code never looked for it (a line starting with `#` is a comment). Count the lines whose options hold it: {how}.")
        })
        .or_else(|| {
            diff_marks_unread(request, code, cwd).map(|(file, removes)| {
                let (mark, head, what) = if removes {
                    ('-', "---", "removes")
                } else {
                    ('+', "+++", "adds")
                };
                let how = if shell {
                    format!("`grep '^{mark}' {file} | grep -vc '^{head}'`")
                } else {
                    format!("`line.startswith('{mark}') and not line.startswith('{head}')`")
                };
                format!("`{file}` is a unified diff: each line it {what} starts with `{mark}`, while a `{head}` line names a file and the other lines are context or `@@` hunk heads, and your code never looked at a line's first character. Count only the lines with {how}.")
            })
        })
}

/// What is wrong in the code for the request, whatever the run printed: another language's
/// comment mark, JUnit's times misread, anagrams never compared, a density undivided, bullet
/// points never looked at.
fn code_slip(request: &str, code: &str, cwd: &Path) -> Option<String> {
    comment_mark_wrong(request, code)
        .map(|(file, wrong, right)| {
            let blocks = if right == "//" {
                ", and count the lines of each `/* … */` block too"
            } else {
                ""
            };
            let not = if wrong.is_empty() {
                ", and your code never tested a line for it".to_string()
            } else {
                format!(", not `{wrong}`, which starts no comment in that language")
            };
            format!("a comment line of `{file}` starts with `{right}`{not}: test `line.strip().startswith('{right}')`{blocks}.")
        })
        .or_else(|| junit_times_misread(request, code, cwd))
        .or_else(|| {
            anagram_uncompared(request, code).map(|word| {
                format!("a word is an anagram of {word} when it has the same letters as {word}, each as often: compare its sorted letters with those of {word}, `sorted(w) == sorted('{word}')` (a word is no anagram of itself).")
            })
        })
        .or_else(|| {
            density_undivided(request, code, cwd).map(|how| {
                format!("my request asks for a density, an amount per unit of area, and your code divided nothing: compute {how} for each row, then take the one my request asks for.")
            })
        })
        .or_else(|| {
            external_links_unfiltered(request, code).then(|| {
                "my request asks for the links to other websites, and your code never told them from the page's own links: a link to another website has an `href` that starts with `http://` or `https://`, so count only those, `href.startswith(('http://', 'https://'))`.".to_string()
            })
        })
        .or_else(|| {
            // The files are read only for code that reads a table.
            let bare = uncommented(code);
            TABLE_READER.as_ref()?.is_match(&bare).then_some(())?;
            let (files, texts) = files_and_texts(plain_texts_named(code, cwd));
            table_reader_unsplit(&bare, &texts, &files)
                .map(|told| format!("y{}", told.strip_prefix('Y').unwrap_or(&told)))
        })
        .or_else(|| {
            robots_groups_ignored(request, code, cwd).map(|file| {
                format!("`{file}` gives its rules in groups, each under its `User-agent:` line, and the rules for all user agents are the group under `User-agent: *`; your code never looked at those lines, so it took every group's. Take only the lines from `User-agent: *` to the next `User-agent:` line.")
            })
        })
        .or_else(|| {
            deck_unpaired(code).map(|joined| {
                format!("`{joined}` is one list of ranks followed by suits, not a deck: a card is a rank with a suit, so a deck is every pair of them, `[(r, s) for r in ranks for s in suits]` (52 cards). Take the hands from that deck, and tell a card's rank by `card[0]`.")
            })
        })
        .or_else(|| {
            excluded_counted(request, code).map(|(word, literal)| {
                format!("my request leaves {word} out, and your code counts them too (`{literal}`): drop that test, or skip what it matches.")
            })
        })
        .or_else(|| {
            moving_target(code).map(|(test, name)| {
                format!("your loop's test `{test}` has `{name}` on both sides, and the loop changes `{name}`: what it should reach moves with it, so the test never turns false until the number overflows. Keep the value to reach in a name of its own, set before the loop (`target = …`), and compare `{name}` with that.")
            })
        })
        .or_else(|| {
            unit_fixed_in_pattern(code, cwd).map(|(file, written, missed, example)| {
                let lines = if missed == 1 { "a line" } else { "lines" };
                format!("your pattern `{written}` passes over {lines} of `{file}` that write the value another way, such as `{example}`: take each value with its unit (`(\\d+(?:\\.\\d+)?)\\s*([a-zA-Z]+)`) and convert every one to the same unit, the one my request names if it names one, before you use them.")
            })
        })
        .or_else(|| {
            pattern_names_one_line(request, code, cwd).map(|(file, word, missed)| {
                format!("your pattern names `{word}`, which my request does not, so it passes over lines of `{file}` such as `{missed}`: put a pattern that takes any value in its place (`\\S+`).")
            })
        })
        .or_else(|| {
            word_length_untested(request, code).map(|(said, test)| {
                format!("my request takes only words of {said}, and your code never measured a word's length: keep the words with `{test}`.")
            })
        })
        .or_else(|| {
            sentences_unsplit(request, code).then(|| {
                "my request is about sentences, and your code never split the text at the end of a sentence: it took lines or the whole text. A sentence ends with `.`, `!` or `?`: split there, `re.split(r'(?<=[.!?])\\s+', text.strip())`.".to_string()
            })
        })
        .or_else(|| {
            rows_with_gaps_counted_by_column(request, code).then(|| {
                "my request asks how many rows have a missing value, and your code counted the missing values of each column (`.isnull().sum()`), where one row may miss several: count the rows that miss any, `df.isnull().any(axis=1).sum()`.".to_string()
            })
        })
        .or_else(|| {
            pattern_text_absent(code, cwd).map(|(file, text)| {
                format!("your pattern looks for `{text}`, which `{file}` never holds, so it matches nothing there: look at the file's lines as they are and write the pattern from them.")
            })
        })
        .or_else(|| {
            quantity_left_out(request, code, cwd).map(|(file, quantity, price)| {
                format!("each item of `{file}` has a `{quantity}` beside its `{price}`, and your code never used `{quantity}`: an item's total is its `{quantity}` times its `{price}`.")
            })
        })
        .or_else(|| {
            negations_untested(request, code).then(|| {
                "a negation in an ignore file is a pattern that starts with `!` (it takes a file back out of the ignored ones), and your code never looked for `!`: count the lines with `line.startswith('!')`.".to_string()
            })
        })
        .or_else(|| remainder_slip(request, code))
        .or_else(|| coin_change_slip(request, code))
        .or_else(|| {
            leading_digit_zero(request, code).map(|(digit, n)| {
                format!("a {n}-digit number does not start with 0, and your code's first digit `{digit}` takes 0 from `range(10)`: start it at 1, `for {digit} in range(1, 10)`.")
            })
        })
        .or_else(|| {
            sum_bound_left_out(request, code).map(|n| {
                format!("non-negative integers that add up to {n} can each be anything from 0 to {n}, and your code's `range({n})` stops at {}: take `range({})`.", n - 1, n + 1)
            })
        })
        .or_else(|| {
            digits_unmeasured(request, code).map(|n| {
                format!("my request asks for a number with {n} digits, and your code never counted a number's digits: `len(str(n)) == {n}` tells whether `n` has {n} digits.")
            })
        })
        .or_else(|| {
            bullets_uncounted(request, code).then(|| {
                "my request is about the bullet points under each heading, and your code never looked at a bullet point (a line that starts with `- ` or `* `): go through the lines in order, remember the heading you are under (a line that starts with `#`), and add 1 to that heading's count for each bullet line, `counts[heading] += 1`; then take the heading with the largest count.".to_string()
            })
        })
        .or_else(|| {
            list_used_by_two_items(code).map(|(name, len)| {
                format!("your code makes a list of {len} numbers, `{name}`, and uses only `{name}[0]` and `{name}[1]`: the other {} never enter what it computes. Take them all: carry the result through a loop over the list, `for x in {name}:`, or give the whole list to a function that takes many (`math.lcm(*{name})`, `math.gcd(*{name})`, `sum({name})`).", len - 2)
            })
        })
        .or_else(|| {
            die_faces_missed(request, code).map(|written| {
                let range = written
                    .map(|r| format!(", and your code's `{r}` is no die's faces"))
                    .unwrap_or_default();
                format!("a die shows 1 to 6{range}: roll each die over `range(1, 7)`, one loop for each die (`for a in range(1, 7):` then `for b in range(1, 7):`), and test what my request asks of each roll; two dice make 6 × 6 = 36 rolls.")
            })
        })
        .or_else(|| {
            first_found_uncounted(request, code).map(|(n, asked)| {
                format!("\"{asked}\" are the first {n} found, counting up from the smallest, not those up to {n}, and your code never counted how many it had found: keep a list, test one candidate after another, `while len(found) < {n}:`, append each that passes, then work with the {n} of them.")
            })
        })
        .or_else(|| {
            first_crossing_unlooped(request, code).map(|unit| {
                format!("my request asks after how many {unit} an amount that changes each {} first passes a limit, and your code never stepped through them: start from the amount my request gives and a count of 0, then `while amount <= limit:` change the amount by one {}'s change and add 1 to the count; print the count.", unit.trim_end_matches('s'), unit.trim_end_matches('s'))
            })
        })
        .or_else(|| {
            cube_root_slip(request, code).map(|written| {
                format!("`{written}` is no exact cube root: 0.3 is not 1/3, and a float root falls just under a whole number (`64 ** (1/3)` is 3.9999999999999996, which `int` makes 3). Test a cube with `round(n ** (1 / 3)) ** 3 == n`.")
            })
        })
        .or_else(|| {
            fences_counted_twice(request, code).then(|| {
                "each fenced code block has two ``` lines, the one that opens it and the one that closes it, and your code counted both: count the lines that start with ``` and halve that.".to_string()
            })
        })
        .or_else(|| {
            first_match_for_last(request, code).then(|| {
                "`re.search` finds the first match, and my request asks for the last: take them all, `re.findall(...)`, and the last of them, `[-1]`.".to_string()
            })
        })
        .or_else(|| {
            compared_in_other_column(code, cwd).map(|m| {
                let name = m.written.split('[').next().unwrap_or("row");
                let taken = m
                    .taken_heading
                    .map(|h| format!(" (`{h}`)"))
                    .unwrap_or_default();
                let other = m
                    .other_heading
                    .map(|h| format!(" (`{h}`)"))
                    .unwrap_or_default();
                format!("`{}` takes a column of `{}`{taken} that never holds `{}`: it is in column {}{other}, so compare `{name}[{}]`.", m.written, m.file, m.literal, m.other, m.other)
            })
        })
        .or_else(|| {
            keyed_value_absent(code, cwd).map(|(file, key, literal, values)| {
                let compare = match money_kinds_renamed(&literal, &values, code) {
                    Some(pairs) => format!("Compare with {pairs}."),
                    None => "Compare with the one my request means.".to_string(),
                };
                let values = values
                    .iter()
                    .map(|v| format!("`{v}`"))
                    .collect::<Vec<_>>()
                    .join(", ");
                format!("the `{key}` column of `{file}` never holds `{literal}`, so your `== '{literal}'` matches no row: its values are {values}. {compare}")
            })
        })
        .or_else(|| {
            compared_in_one_case(code, cwd).map(|(literal, other, file, folded)| {
                let lower = literal.to_lowercase();
                if other.trim() == other {
                    format!("`{file}` writes `{literal}` also as `{other}`, and your `== '{literal}'` passes over the rows written so: compare in one case, `.lower() == '{lower}'` (a pandas column: `.str.lower() == '{lower}'`).")
                } else if folded {
                    format!("`{file}` writes `{literal}` also with spaces around it, `'{other}'`, and your comparison passes over the rows written so: strip each value before you compare it, `.strip().lower() == '{lower}'` (a pandas column: `.str.strip().str.lower() == '{lower}'`).")
                } else {
                    format!("`{file}` writes `{literal}` also with spaces around it and in other cases, `'{other}'`, and your `== '{literal}'` passes over the rows written so: compare each value stripped and in one case, `.strip().lower() == '{lower}'` (a pandas column: `.str.strip().str.lower() == '{lower}'`).")
                }
            })
        })
        .or_else(|| {
            regex_star_as_text(code, cwd).map(|(written, file)| {
                let escaped = written.replace('*', r"\*");
                format!("in a regular expression `*` repeats what comes before it, so `{written}` is no search for the stars `{file}` writes: it matches text with no star in it at all. Escape each star (`{escaped}`), or compare the fields of each line (`line.split()`).")
            })
        })
        .or_else(|| {
            one_address_for_domain(request, code).map(|(address, domain)| {
                format!("my request is about every `{domain}` address, and your code looks for one of them, `{address}`: take each sender's address and test its domain, `address.split('@')[-1] == '{domain}'` (`.endswith('{domain}')` would take `not{domain}` too).")
            })
        })
        .or_else(|| {
            // The request's own words for them are told by `kinds_column_unread`.
            direction_unread(code, cwd)
                .filter(|_| kinds_column_unread(request, code, cwd).is_none())
                .map(|(file, column, values)| {
                format!("the `{column}` column of `{file}` says whether each amount comes in or goes out (`{}`), and your code never looked at it, so it added every amount: add those that come in and take away those that go out.", values.join("`, `"))
            })
        })
        .or_else(|| {
            year_tested_at_end(code, cwd).map(|(year, sample, file)| {
                format!("the dates of `{file}` begin with the year (`{sample}`), so `.endswith('{year}')` matches none of them: test `.startswith('{year}')`.")
            })
        })
        .or_else(|| {
            rectangle_sides_guessed(request, code).then(|| {
                "a rectangle's two sides add up to half its perimeter and multiply to its area, and your code never found two such numbers, it combined them in a formula of its own: try each side `a` with `b = perimeter / 2 - a` and keep the pair where `a * b == area` (or solve `x**2 - (perimeter / 2) * x + area == 0` with `math.sqrt`).".to_string()
            })
        })
        .or_else(|| {
            all_items_one_value(code).map(|(test, items)| {
                format!("`{test}` asks every item of `{items}` to be that one same value, which a combination of different items never is: count the items that are what my request asks for (`sum(1 for x in {items} if ...)`), or count the ways with `math.comb`.")
            })
        })
        .or_else(|| {
            commented_line_taken(code, cwd).map(|(file, word, line)| {
                format!("the first line of `{file}` that holds `{word}` is commented out (`{line}`), which nothing reads, and your code takes it like the others: skip the lines that start with `#` (`if line.strip().startswith('#'): continue`).")
            })
        })
        .or_else(|| {
            compared_whole_held_in_part(code, cwd).map(|(literal, holder, file)| {
                format!("`{file}` never holds `{literal}` alone: it ends longer fields (`{holder}`), so your `== '{literal}'` matches none of them. Test the end instead, `.endswith('{literal}')`.")
            })
        })
        .or_else(|| {
            whole_line_compared_with_time(code, cwd).map(|(file, line, at)| {
                format!("your code compares whole lines with a time, and each line of `{file}` begins with something else (`{line}`), so the comparison is about that: compare the time alone, `line.split()[{at}]`.")
            })
        })
        .or_else(|| {
            time_of_day_unfiltered(request, code).map(|(time, after)| {
                let (side, test) = if after { ("after", '>') } else { ("before", '<') };
                let example = file_the_code_reads(code, cwd)
                    .and_then(|(file, text)| {
                        let line = text.lines().find(|l| !clock_times(l).is_empty())?;
                        Some(format!(": each line of `{file}` gives one (`{}`)", line.trim()))
                    })
                    .unwrap_or_default();
                format!("my request keeps only what happened {side} {time}, and your code never looked at a time{example}. Take each line's time, `re.search(r'\\d\\d:\\d\\d', line).group()`, and keep the lines whose time is `{test} '{time}'` (times written so compare rightly as text).")
            })
        })
        .or_else(|| {
            equal_halves_counted_twice(request, code).then(|| {
                "choosing the people of one team fixes the other team too, and choosing those of the other team gives the same split again: `comb` counts each split into two teams of the same size twice. Divide it by 2.".to_string()
            })
        })
}

/// Whether the request asks for the links of a page that go to other websites ("point to
/// other websites", "external links") and the code never tests a link for `http`: the 0.5B
/// model counted all nine links of page.html, its own pages and a `mailto:` too (thirty-first
/// set, task 16).
fn external_links_unfiltered(request: &str, code: &str) -> bool {
    let lower = request.to_lowercase();
    let external = [
        "other website",
        "other site",
        "external",
        "outside",
        "another website",
    ]
    .iter()
    .any(|w| lower.contains(w));
    let bare = uncommented(code).to_lowercase();
    lower.contains("link")
        && external
        && (bare.contains("href") || bare.contains("<a") || bare.contains("find_all"))
        && !bare.contains("http")
        && !bare.contains("netloc")
}

/// A list of three numbers or more (`numbers = [1, 2, …, 15]`, `list(range(1, 16))`) that the
/// code uses only by its first two items (`numbers[0]`, `numbers[1]`): its name and how many it
/// holds. The 0.5B model listed 1 to 15 for their least common multiple and printed the one of
/// `numbers[0]` and `numbers[1]`, 2 (thirty-second set, task 1).
fn list_used_by_two_items(code: &str) -> Option<(String, u64)> {
    static LIST: std::sync::LazyLock<Option<regex::Regex>> = std::sync::LazyLock::new(|| {
        regex::Regex::new(
            r"(?m)^[ \t]*([A-Za-z_]\w*)\s*=\s*(?:\[([-\d.,\s]*)\]|list\(\s*range\(\s*(\d+)\s*,\s*(\d+)\s*\)\s*\))[ \t]*$",
        )
        .ok()
    });
    let bare = uncommented(code);
    LIST.as_ref()?.captures_iter(&bare).find_map(|c| {
        let name = c.get(1)?;
        let len = match (c.get(2), c.get(3), c.get(4)) {
            (Some(items), _, _) => items
                .as_str()
                .split(',')
                .filter(|i| !i.trim().is_empty())
                .count() as u64,
            (None, Some(start), Some(end)) => end
                .as_str()
                .parse::<u64>()
                .ok()?
                .saturating_sub(start.as_str().parse().ok()?),
            _ => return None,
        };
        let word = |c: Option<char>| c.is_some_and(|c| c.is_alphanumeric() || c == '_');
        let uses: Vec<&str> = bare
            .match_indices(name.as_str())
            .filter(|(at, _)| *at != name.start())
            .filter(|(at, _)| {
                let after = at + name.as_str().len();
                !word(bare[..*at].chars().next_back()) && !word(bare[after..].chars().next())
            })
            .map(|(at, _)| &bare[at + name.as_str().len()..])
            .collect();
        let first_two = |u: &&str| u.starts_with("[0]") || u.starts_with("[1]");
        (len >= 3
            && uses.iter().all(first_two)
            && uses.iter().any(|u| u.starts_with("[0]"))
            && uses.iter().any(|u| u.starts_with("[1]")))
        .then(|| (name.as_str().to_string(), len))
    })
}

/// Whether the request rolls dice and the code loops without ever taking a die's six faces
/// (`range(1, 7)`): the range it wrote instead, if one. The 0.5B model rolled two dice with
/// `range(1, 4)`, then counted the primes of `range(1, 37)` for "the 36 outcomes"
/// (thirty-second set, task 5).
fn die_faces_missed(request: &str, code: &str) -> Option<Option<String>> {
    let lower = request.to_lowercase();
    let dice = words_in(&lower).any(|w| matches!(w, "dice" | "die" | "dices"));
    let bare = uncommented(code);
    let tight = bare.replace(' ', "");
    let faces = [
        "range(1,7)",
        "[1,2,3,4,5,6]",
        "randint(1,6)",
        "(1,2,3,4,5,6)",
    ];
    if !dice || !tight.contains("for") || faces.iter().any(|f| tight.contains(f)) {
        return None;
    }
    Some(ranges_written(&bare).first().map(|r| r.written.to_string()))
}

/// N of a request about the first N of a kind of number that is found by testing each one
/// (primes, palindromes, perfect numbers…), when the code never counts how many it has found
/// (no `while`, no `len(`): it took those up to N, or up to a bound of its own. The 0.5B model
/// averaged the primes up to 20 for "the first 20 prime numbers", eight of them (thirty-second
/// set, task 6).
fn first_found_uncounted(request: &str, code: &str) -> Option<(u64, String)> {
    static ASKED: std::sync::LazyLock<Option<regex::Regex>> = std::sync::LazyLock::new(|| {
        regex::Regex::new(
            r"\bfirst (\d+) (prime|palindromic|palindrome|perfect|abundant|happy|semiprime)s?\b(?: (?:numbers?|squares?|integers?))?",
        )
        .ok()
    });
    let lower = request.to_lowercase();
    let asked = ASKED.as_ref()?.captures(&lower)?;
    let n: u64 = asked.get(1)?.as_str().parse().ok()?;
    let bare = uncommented(code);
    let counted = [
        "while",
        "len(",
        "islice",
        "nth",
        "sympy.prime(",
        "primerange",
        ".count(",
    ]
    .iter()
    .any(|w| bare.contains(w));
    let phrase = asked.get(0)?.as_str().to_string();
    (n >= 2 && !counted && bare.contains("for ")).then_some((n, phrase))
}

/// The unit a request counts in when it asks after how many of them a growing (or shrinking)
/// amount first passes a bound, when the code has no loop that steps until it does (`while`)
/// nor a logarithm: the 0.5B model solved `P0 * (1 + r)**t - 2000` with sympy and printed `[]`
/// for "after how many whole years does it first have more than 2000 people?"
/// (thirty-second set, task 9).
fn first_crossing_unlooped(request: &str, code: &str) -> Option<&'static str> {
    let lower = request.to_lowercase();
    let unit = [
        "years", "months", "weeks", "days", "hours", "steps", "rounds",
    ]
    .into_iter()
    .find(|u| {
        lower.contains(&format!("how many {u}")) || lower.contains(&format!("how many whole {u}"))
    })?;
    let crossing = [
        "first",
        "exceed",
        "more than",
        "at least",
        "reach",
        "double",
        "pass",
        "below",
        "less than",
    ]
    .iter()
    .any(|w| lower.contains(w));
    let bare = uncommented(code);
    let grows = lower.contains('%')
        || lower.contains("grow")
        || lower.contains("double")
        || lower.contains("interest");
    (crossing
        && grows
        && !bare.contains("while")
        && !bare.contains("log")
        && !bare.contains("break"))
    .then_some(unit)
}

/// Whether the request splits people into two teams (groups, halves) of the same size and the
/// code counts the ways to choose one of them, `comb(n, n / 2)`, never dividing by 2: each split
/// is counted twice, once for each team chosen. The 0.5B model printed `comb(10, 5)`, 252, for
/// two teams of 5 (thirty-second set, task 11).
fn equal_halves_counted_twice(request: &str, code: &str) -> bool {
    static TWO: std::sync::LazyLock<Option<regex::Regex>> = std::sync::LazyLock::new(|| {
        regex::Regex::new(r"\b(?:split|divided?|separated?|grouped|put)\b[^.?]*\binto two (?:equal )?(?:teams|groups|halves|sets)\b(?: of (\d+))?").ok()
    });
    let lower = request.to_lowercase();
    let Some(asked) = TWO.as_ref().and_then(|t| t.captures(&lower)) else {
        return false;
    };
    let bare = uncommented(code).replace(' ', "");
    let chose = bare.contains("comb(");
    let equal = match asked.get(1).and_then(|m| m.as_str().parse::<u64>().ok()) {
        Some(size) => numbers_in(request)
            .iter()
            .any(|n| n.parse::<u64>().is_ok_and(|n| n == 2 * size)),
        None => lower.contains("equal") || lower.contains("halves"),
    };
    chose && equal && !bare.contains("/2") && !bare.contains("//2") && !bare.contains("*0.5")
}

/// Whether the request asks how many are one thing or another and the run printed the two
/// lists themselves (`([1, 4, 9, …], [1, 8, 27, …])`): the 0.5B model printed the squares and the
/// cubes up to 500 for "how many … are perfect squares or perfect cubes", then answered with
/// the length of one (thirty-second set, task 4).
fn two_lists_for_either(request: &str, value: &str) -> bool {
    static TWO: std::sync::LazyLock<Option<regex::Regex>> = std::sync::LazyLock::new(|| {
        regex::Regex::new(r"^\(?\s*\[[^\[\]]*\]\s*,?\s*\[[^\[\]]*\]\s*\)?$").ok()
    });
    let lower = request.to_lowercase();
    lower.contains("how many")
        && lower.contains(" or ")
        && TWO.as_ref().is_some_and(|t| t.is_match(value.trim()))
}

/// A string the code compares with `==` (`df['country'] == 'Canada'`) that a file it reads
/// writes both so and in another case (`canada`), as a whole field: that string, the other
/// spelling and the file. The 0.5B model summed the orders of `'Canada'` and left out the row
/// of `canada` (thirty-second set, task 20); it took `'Engineering'` for a department written
/// `engineering` three times of four (task 14).
///
/// Or a field written with spaces around it (`, Groceries ,`), which no comparison takes
/// unstripped: the 1.5B model, told the other case, lowered the values and still left out
/// ` Groceries ` (thirty-fourth set, task 28). Then that spelling, with its spaces, and whether
/// the code compares in one case already.
fn compared_in_one_case(code: &str, cwd: &Path) -> Option<(String, String, String, bool)> {
    let bare = uncommented(code);
    let folded =
        bare.contains(".lower()") || bare.contains(".upper()") || bare.contains("casefold");
    let stripped = bare.contains(".strip()");
    let compared = compared_strings(&bare, 2);
    named_files(&bare).into_iter().find_map(|name| {
        let text = small_file_text(&cwd.join(name))?;
        let raw: Vec<&str> = text.split([',', '\t', ';', '|', '"', '\'', '\n']).collect();
        let fields: Vec<&str> = raw.iter().map(|f| f.trim()).collect();
        compared.iter().find_map(|literal| {
            if !fields.iter().any(|f| f.eq_ignore_ascii_case(literal)) {
                return None;
            }
            let padded = raw
                .iter()
                .find(|f| f.trim().eq_ignore_ascii_case(literal) && f.trim() != **f)
                .filter(|_| !stripped);
            let other = fields
                .iter()
                .find(|f| f.eq_ignore_ascii_case(literal) && *f != literal)
                .filter(|_| !folded);
            let spelling = padded.or(other)?;
            Some((
                literal.to_string(),
                spelling.to_string(),
                name.to_string(),
                folded,
            ))
        })
    })
}

/// A regular expression that is a piece of the file the code reads as it stands, stars and
/// all (`re.findall(r'0 * * * *', text)` of a crontab): the pattern and the file. Its `*`
/// repeats the space before it, so it matches the file's `0`s, not its stars: the 1.5B model
/// counted 6 hourly jobs of a crontab that has 3 (thirty-second set, task 13).
fn regex_star_as_text(code: &str, cwd: &Path) -> Option<(String, String)> {
    static SEARCH: std::sync::LazyLock<Option<regex::Regex>> = std::sync::LazyLock::new(|| {
        regex::Regex::new(
            r#"\bre\.(?:search|findall|finditer|match|fullmatch|compile|sub|split)\(\s*[rR]?(?:'([^'\n]+)'|"([^"\n]+)")"#,
        )
        .ok()
    });
    let bare = uncommented(code);
    let (file, text) = file_the_code_reads(&bare, cwd)?;
    SEARCH.as_ref()?.captures_iter(&bare).find_map(|found| {
        let written = found.get(1).or(found.get(2))?.as_str();
        (written.matches('*').count() >= 2 && !written.contains("\\*") && text.contains(written))
            .then(|| (written.to_string(), file.clone()))
    })
}

/// A string the code compares with `==` (`fields[6] == 'bash'`) that a file it reads never
/// holds as a whole field, only inside longer ones (`/bin/bash`): that string, one such field
/// and the file. The 1.5B model counted no user of `bash` in a passwd whose shells are paths
/// (thirty-second set, task 27).
fn compared_whole_held_in_part(code: &str, cwd: &Path) -> Option<(String, String, String)> {
    let bare = uncommented(code);
    let compared = compared_strings(&bare, 2);
    let indexed = indexed_comparisons(&bare);
    named_files(&bare)
        .into_iter()
        .chain(bare_files_in(&bare, cwd))
        .find_map(|name| {
            let text = small_file_text(&cwd.join(name))?;
            let separator = line_separator(&bare, name);
            let fields: Vec<&str> = text
                .split(|c: char| {
                    matches!(
                        c,
                        ',' | '\t' | ';' | '|' | '"' | '\'' | '\n' | ':' | ' ' | '='
                    )
                })
                .map(str::trim)
                .filter(|f| !f.is_empty())
                .collect();
            let ends = |f: &&str, literal: &str| {
                f.len() > literal.len()
                    && (f.ends_with(&format!("/{literal}")) || f.ends_with(&format!(".{literal}")))
            };
            compared.iter().find_map(|literal| {
                // A field the code takes by its place (`parts[6] == 'bash'` of lines split by
                // `':'`) is looked for in that column alone: a passwd may name a user `bash`
                // whose shell is `/bin/sh` (thirty-second set, task 27).
                if let Some(separator) = &separator
                    && let Some(column) = indexed
                        .iter()
                        .find(|(_, _, l)| l == literal)
                        .map(|(_, k, _)| *k)
                {
                    let cells = column_cells(&text, separator, column);
                    if cells.iter().any(|c| c.eq_ignore_ascii_case(literal)) {
                        return None;
                    }
                    let holder = cells.iter().find(|c| ends(c, literal))?;
                    return Some((literal.to_string(), holder.to_string(), name.to_string()));
                }
                if fields.iter().any(|f| f.eq_ignore_ascii_case(literal)) {
                    return None;
                }
                let holder = fields.iter().find(|f| ends(f, literal))?;
                Some((literal.to_string(), holder.to_string(), name.to_string()))
            })
        })
}

/// The comparisons of a field the code takes by its place with a string (`parts[6] ==
/// 'bash'`, `order[3].lower() == 'cancelled'`): the indexed name as written (`order[3]`), the
/// place and the string.
fn indexed_comparisons(bare: &str) -> Vec<(String, i64, String)> {
    static INDEXED: std::sync::LazyLock<Option<regex::Regex>> = std::sync::LazyLock::new(|| {
        regex::Regex::new(
            r#"\b(\w+\[(-?\d+)\])(?:\.(?:strip|lower|upper|rstrip|casefold)\(\))*\s*==\s*(?:'([^']+)'|"([^"]+)")"#,
        )
        .ok()
    });
    INDEXED.as_ref().map_or_else(Vec::new, |re| {
        re.captures_iter(bare)
            .filter_map(|c| {
                let k = c.get(2)?.as_str().parse().ok()?;
                let literal = c.get(3).or(c.get(4))?.as_str().to_string();
                Some((c.get(1)?.as_str().to_string(), k, literal))
            })
            .collect()
    })
}

/// The separator the code splits the lines of `file` by: the one `.split('…')` it writes (a
/// text split into lines aside), a csv reader's `delimiter`, or a comma where it reads a
/// `.csv` file with the csv module or splits nothing.
fn line_separator(bare: &str, file: &str) -> Option<String> {
    let separators: Vec<&str> = SPLIT_CALL.as_ref().map_or_else(Vec::new, |re| {
        re.captures_iter(bare)
            .filter_map(|c| c.get(1).or(c.get(2)).map(|m| m.as_str()))
            .filter(|sep| !matches!(*sep, r"\n" | r"\r\n"))
            .collect()
    });
    if let [separator] = separators[..] {
        return Some(separator.replace(r"\t", "\t"));
    }
    if let Some(written) = DELIMITER_ARG
        .as_ref()?
        .captures(bare)
        .and_then(|c| c.get(1).or(c.get(2)))
    {
        return Some(written.as_str().replace(r"\t", "\t"));
    }
    let csv = file.to_lowercase().ends_with(".csv");
    (separators.is_empty() && csv).then(|| ",".to_string())
}

/// The cells of column `k` (counted from the end when negative) of the lines of `text` split
/// at `separator`, blank lines and comments aside.
fn column_cells<'t>(text: &'t str, separator: &str, k: i64) -> Vec<&'t str> {
    text.lines()
        .filter(|l| !l.trim().is_empty() && !l.trim_start().starts_with('#'))
        .filter_map(|l| {
            let parts: Vec<&str> = l.split(separator).collect();
            let at = if k < 0 {
                parts.len().checked_sub(k.unsigned_abs() as usize)?
            } else {
                k as usize
            };
            parts.get(at).map(|c| c.trim().trim_matches('"'))
        })
        .collect()
}

/// What [`compared_in_other_column`] finds.
struct ColumnMixup {
    file: String,
    written: String,
    literal: String,
    other: i64,
    taken_heading: Option<String>,
    other_heading: Option<String>,
}

/// A field the code takes by its place and compares with a string (`order[3] ==
/// 'cancelled'`) where that column of the file never holds the string and another column
/// does: the file, the indexed name as written, the string, the other column's place and the
/// two columns' headings (when the first line is one). The 1.5B model compared orders.csv's
/// `total` with `cancelled`, was told of the file's `Cancelled`, and printed 0% twice
/// (thirty-third set, task 15).
fn compared_in_other_column(code: &str, cwd: &Path) -> Option<ColumnMixup> {
    let bare = uncommented(code);
    let indexed = indexed_comparisons(&bare);
    if indexed.is_empty() {
        return None;
    }
    named_files(&bare).into_iter().find_map(|name| {
        let text = small_file_text(&cwd.join(name))?;
        let separator = line_separator(&bare, name)?;
        let head: Vec<&str> = text
            .lines()
            .find(|l| !l.trim().is_empty() && !l.trim_start().starts_with('#'))?
            .split(separator.as_str())
            .map(|c| c.trim().trim_matches('"'))
            .collect();
        indexed.iter().find_map(|(written, k, literal)| {
            let holds = |cells: &[&str]| cells.iter().any(|c| c.eq_ignore_ascii_case(literal));
            if holds(&column_cells(&text, &separator, *k)) {
                return None;
            }
            let other = (0..head.len() as i64)
                .find(|j| j != k && holds(&column_cells(&text, &separator, *j)))?;
            // Headings: words, none of them the string itself.
            let named = !holds(&head) && head.iter().all(|h| h.parse::<f64>().is_err());
            let heading = |i: i64| {
                named
                    .then(|| usize::try_from(i).ok().and_then(|i| head.get(i)))
                    .flatten()
                    .map(|h| h.to_string())
            };
            Some(ColumnMixup {
                file: name.to_string(),
                written: written.clone(),
                literal: literal.clone(),
                other,
                taken_heading: heading(*k),
                other_heading: heading(other),
            })
        })
    })
}

/// A column of a CSV file the code reads, taken by its name and compared with a string
/// (`row['type'] == 'deposit'`, `df['type'] == 'deposit'`) that the column never holds in
/// any case, where it holds a few values (eight at most): the file, the column, the string
/// and those values. The 1.5B model added deposits and took withdrawals from a bank.csv whose
/// types are `credit` and `debit`, and printed the starting balance (thirty-third set, task
/// 23).
fn keyed_value_absent(code: &str, cwd: &Path) -> Option<(String, String, String, Vec<String>)> {
    static KEYED: std::sync::LazyLock<Option<regex::Regex>> = std::sync::LazyLock::new(|| {
        regex::Regex::new(
            r#"\b\w+\[\s*(?:'([^'\n]+)'|"([^"\n]+)")\s*\](?:\.str)?(?:\.(?:strip|lower|upper|casefold)\(\))*\s*==\s*(?:'([^'\n]*)'|"([^"\n]*)")"#,
        )
        .ok()
    });
    let bare = uncommented(code);
    let compared: Vec<(&str, &str)> = KEYED
        .as_ref()?
        .captures_iter(&bare)
        .filter_map(|c| {
            Some((
                c.get(1).or(c.get(2))?.as_str(),
                c.get(3).or(c.get(4))?.as_str(),
            ))
        })
        .collect();
    if compared.is_empty() {
        return None;
    }
    named_files(&bare).into_iter().find_map(|name| {
        let (header, text) = csv_file(cwd, name)?;
        let rows = csv_rows(&text);
        compared.iter().find_map(|(key, literal)| {
            let at = header.iter().position(|h| h == key)?;
            let values = distinct_cells(&rows, at)?;
            if values.iter().any(|v| v.eq_ignore_ascii_case(literal)) {
                return None;
            }
            let few = (1..=8).contains(&values.len())
                && values
                    .iter()
                    .all(|v| v.parse::<f64>().is_err() && !v.is_empty());
            few.then(|| {
                (
                    name.to_string(),
                    key.to_string(),
                    literal.to_string(),
                    values,
                )
            })
        })
    })
}

/// The values of column `at` of `rows`, each once, in the order they first come, without
/// quotes; None when a row is too short to have it.
fn distinct_cells(rows: &[Vec<&str>], at: usize) -> Option<Vec<String>> {
    let mut values: Vec<String> = Vec::new();
    for row in rows {
        let cell = row.get(at)?.trim_matches('"');
        if !values.iter().any(|v| v == cell) {
            values.push(cell.to_string());
        }
    }
    Some(values)
}

/// A shell command that counted every line of a file the request names (`wc -l file`, `cat
/// file | wc -l`, nothing to pick lines between them) and printed that count, where the
/// request counts something else than lines: the file and the count.
fn whole_file_counted(
    request: &str,
    code: &str,
    value: &str,
    cwd: &Path,
) -> Option<(String, usize)> {
    let lower = request.to_lowercase();
    if !lower.starts_with("how many") || words_in(&lower).any(|w| w.starts_with("line")) {
        return None;
    }
    let bare = uncommented(code);
    let picks = [
        "grep", "awk", "sed", "sort", "uniq", "cut", "head", "tail", "find", "jq",
    ];
    if !bare.contains("wc -l") || words_in(&bare).any(|w| picks.contains(&w)) {
        return None;
    }
    let [printed] = numbers_in(value)[..] else {
        return None;
    };
    let printed: usize = printed.parse().ok()?;
    named_files(request).into_iter().find_map(|name| {
        let text = small_file_text(&cwd.join(name))?;
        (bare.contains(name) && text.lines().count() == printed)
            .then(|| (name.to_string(), printed))
    })
}

/// A line the code picks by a word it holds (`if "api.local" in line:`) where the first
/// such line of the file it reads is commented out (`# 10.0.0.9 api.local`) and a later one is
/// not, and the code never skips comments: the file, the word and that line. The 1.5B model
/// printed `#` for the address of api.local (thirty-second set, task 31).
fn commented_line_taken(code: &str, cwd: &Path) -> Option<(String, String, String)> {
    static PICKED: std::sync::LazyLock<Option<regex::Regex>> = std::sync::LazyLock::new(|| {
        regex::Regex::new(r#"(?:'([^'\n]+)'|"([^"\n]+)")\s+in\s+\w*line\w*\b"#).ok()
    });
    let bare = uncommented(code);
    // A `#` left in the code is in a string: comments are looked at somehow.
    if bare.contains('#') {
        return None;
    }
    // By a name with no extension too (`hosts`, `passwd`).
    let (file, text) = named_files(&bare)
        .into_iter()
        .chain(bare_files_in(&bare, cwd))
        .find_map(|name| Some((name.to_string(), small_file_text(&cwd.join(name))?)))?;
    PICKED.as_ref()?.captures_iter(&bare).find_map(|c| {
        let word = c.get(1).or(c.get(2))?.as_str();
        let mut holding = text.lines().filter(|l| l.contains(word));
        let first = holding.next()?;
        let commented = first.trim_start().starts_with('#');
        let later = holding.any(|l| !l.trim_start().starts_with('#'));
        (commented && later).then(|| (file.clone(), word.to_string(), first.trim().to_string()))
    })
}

/// A mail address the code looks for (`'alice@example.com'`) at a domain the request names
/// alone ("sent from an example.com address"): the address and the domain. The 1.5B model
/// counted alice's mails, the first address of inbox.mbox it had been shown (thirty-third set,
/// task 32).
fn one_address_for_domain(request: &str, code: &str) -> Option<(String, String)> {
    static DOMAIN: std::sync::LazyLock<Option<regex::Regex>> = std::sync::LazyLock::new(|| {
        regex::Regex::new(
            r"(?:^|[^@\w.-])((?:[a-z0-9-]+\.)+(?:com|org|net|io|dev|edu|gov|de|uk|fr))\b",
        )
        .ok()
    });
    let lower = request.to_lowercase();
    let domain = DOMAIN
        .as_ref()?
        .captures(&lower)?
        .get(1)?
        .as_str()
        .to_string();
    let bare = uncommented(code);
    string_literals(&bare).into_iter().find_map(|literal| {
        let literal = literal.trim();
        let (user, at) = literal.rsplit_once('@')?;
        let user = user.rsplit(['<', ' ']).next().unwrap_or(user);
        (!user.is_empty()
            && at.trim_end_matches('>').eq_ignore_ascii_case(&domain)
            && !lower.contains(&literal.to_lowercase()))
        .then(|| (format!("{user}@{domain}"), domain.clone()))
    })
}

/// A CSV file the code reads with a column that tells amounts coming in from those going out
/// (`credit`/`debit`, `deposit`/`withdrawal`, `income`/`expense`, `in`/`out`), where the code
/// names neither that column nor its values: the file, the column and its values. The 1.5B
/// model added every amount of bank.csv to the starting balance (thirty-third set, task 23).
fn direction_unread(code: &str, cwd: &Path) -> Option<(String, String, Vec<String>)> {
    let bare = uncommented(code);
    let lower = bare.to_lowercase();
    named_files(&bare).into_iter().find_map(|name| {
        let (header, text) = csv_file(cwd, name)?;
        let rows = csv_rows(&text);
        header.iter().enumerate().find_map(|(i, column)| {
            let values = distinct_cells(&rows, i)?
                .into_iter()
                .map(|v| v.to_lowercase())
                .fold(Vec::new(), |mut seen: Vec<String>, v| {
                    if !seen.contains(&v) {
                        seen.push(v);
                    }
                    seen
                });
            // One value that comes in and one that goes out ([`money_side`]).
            let mut sides: Vec<Option<usize>> = values.iter().map(|v| money_side(v)).collect();
            sides.sort();
            let paired = sides == [Some(0), Some(1)];
            let read = lower.contains(&column.to_lowercase())
                || values.iter().any(|v| {
                    lower.contains(&format!("'{v}'")) || lower.contains(&format!("\"{v}\""))
                });
            (paired && !read).then(|| (name.to_string(), column.clone(), values))
        })
    })
}

/// A year the code tests at the end of a value (`lastmod.endswith('2026')`) where a file it
/// reads writes its dates year first (`2026-01-05`) and never ends one with it: the year, a
/// date and the file. The 1.5B model counted no sitemap URL of 2026 that way (thirty-third
/// set, task 22).
fn year_tested_at_end(code: &str, cwd: &Path) -> Option<(String, String, String)> {
    static ENDS: std::sync::LazyLock<Option<regex::Regex>> = std::sync::LazyLock::new(|| {
        regex::Regex::new(r#"\.endswith\(\s*(?:'((?:19|20)\d\d)'|"((?:19|20)\d\d)")\s*\)"#).ok()
    });
    let bare = uncommented(code);
    let year = ENDS
        .as_ref()?
        .captures(&bare)
        .and_then(|c| c.get(1).or(c.get(2)))?;
    let year = year.as_str();
    let first = regex::Regex::new(&format!(r"\b{year}-\d\d-\d\d(?:T[\d:]+)?")).ok()?;
    let last = regex::Regex::new(&format!(r"\d[/.-]{year}\b")).ok()?;
    named_files(&bare).into_iter().find_map(|name| {
        let text = small_file_text(&cwd.join(name))?;
        let sample = first.find(&text)?.as_str().to_string();
        (!last.is_match(&text)).then(|| (year.to_string(), sample, name.to_string()))
    })
}

/// Whether the request gives a rectangle's perimeter and area and asks for a side, and the
/// code neither tries sides nor solves for them (no loop, root or solver): the 1.5B model
/// printed `(perimeter + 2 * area) / 4`, 87.5 (thirty-second set, task 3).
fn rectangle_sides_guessed(request: &str, code: &str) -> bool {
    let lower = request.to_lowercase();
    let given = ["rectangle", "perimeter", "area"]
        .iter()
        .all(|w| lower.contains(w));
    let asks_side = ["side", "length", "width"]
        .iter()
        .any(|w| lower.contains(w));
    let bare = uncommented(code);
    let found = [
        "for ", "while ", "sqrt", "** 0.5", "**0.5", "**.5", "solve", "roots", "isqrt",
    ]
    .iter()
    .any(|w| bare.contains(w));
    given && asks_side && !found
}

/// A test that every item of a combination is one value (`all(card == 13 for card in
/// hand)`) in code that draws combinations: the test and the items' name. No combination of
/// different items passes it: the 1.5B model counted 0 hands with all four aces (thirty-second
/// set, task 7).
fn all_items_one_value(code: &str) -> Option<(String, String)> {
    static ALL: std::sync::LazyLock<Option<regex::Regex>> = std::sync::LazyLock::new(|| {
        regex::Regex::new(r"\ball\(\s*(\w+)\s*==\s*([\w'\x22]+)\s+for\s+(\w+)\s+in\s+(\w+)\s*\)")
            .ok()
    });
    let bare = uncommented(code);
    if !bare.contains("combinations") {
        return None;
    }
    ALL.as_ref()?.captures_iter(&bare).find_map(|c| {
        let (whole, item, bound, items) = (c.get(0)?, c.get(1)?, c.get(3)?, c.get(4)?);
        (item.as_str() == bound.as_str())
            .then(|| (whole.as_str().to_string(), items.as_str().to_string()))
    })
}

/// When the code compares whole lines with a time of day (`line.strip() > noon`, `noon` being
/// `'12:00:00'`) and the lines of the file it reads begin with something else, a date: the file,
/// its first line and the place of the time among its words. The 1.5B model counted every
/// ERROR line of app.log as after noon, since `2026-11-30 …` sorts after `12:00:00`
/// (thirty-second set, task 21).
fn whole_line_compared_with_time(code: &str, cwd: &Path) -> Option<(String, String, usize)> {
    static COMPARED: std::sync::LazyLock<Option<regex::Regex>> = std::sync::LazyLock::new(|| {
        regex::Regex::new(
            r"\bline(?:\.strip\(\))?\s*[<>]=?\s*\S|\S\s*[<>]=?\s*line(?:\.strip\(\))?\b",
        )
        .ok()
    });
    let bare = uncommented(code);
    if !COMPARED.as_ref()?.is_match(&bare) || clock_times(&bare).is_empty() {
        return None;
    }
    let (file, text) = file_the_code_reads(&bare, cwd)?;
    let first = text.lines().find(|l| !l.trim().is_empty())?;
    let at = first
        .split_whitespace()
        .position(|w| !clock_times(w).is_empty() && !w.contains('-'))?;
    (at > 0).then(|| (file, first.trim().to_string(), at))
}

/// The time of day a request keeps lines after or before ("after noon", "before 09:30"), as
/// the text a clock time of the file compares with (`12:00`), and whether after; None when the
/// code compares some time already (a clock time, an hour, a datetime). The 0.5B model counted
/// every ERROR line of app.log for "logged after noon" (thirty-second set, task 21).
fn time_of_day_unfiltered(request: &str, code: &str) -> Option<(String, bool)> {
    static AT: std::sync::LazyLock<Option<regex::Regex>> = std::sync::LazyLock::new(|| {
        regex::Regex::new(r"\b(after|before|since|until)\s+(noon|midday|midnight|(\d{1,2}):(\d{2})\b|(\d{1,2})\s*(am|pm)\b)").ok()
    });
    let lower = request.to_lowercase();
    let at = AT.as_ref()?.captures(&lower)?;
    let after = matches!(at.get(1)?.as_str(), "after" | "since");
    let time = match at.get(2)?.as_str() {
        "noon" | "midday" => "12:00".to_string(),
        "midnight" => "00:00".to_string(),
        _ => match (at.get(3), at.get(4), at.get(5), at.get(6)) {
            (Some(h), Some(m), _, _) => {
                format!("{:02}:{}", h.as_str().parse::<u32>().ok()?, m.as_str())
            }
            (_, _, Some(h), Some(half)) => {
                let h: u32 = h.as_str().parse().ok()?;
                let h = match (h % 12, half.as_str()) {
                    (h, "pm") => h + 12,
                    (h, _) => h,
                };
                format!("{h:02}:00")
            }
            _ => return None,
        },
    };
    let bare = uncommented(code);
    let timed = !clock_times(&bare).is_empty()
        || words_in(&bare).any(|w| w == "hour")
        || ["datetime", "strptime", "time("]
            .iter()
            .any(|w| bare.contains(w));
    (!timed).then_some((time, after))
}

/// A path the code reads outside the working folder (`/etc/passwd`, `~/.bashrc`) whose file
/// name is a file of the folder that the request names: that path and the name. The 0.5B model
/// counted the lines of the machine's `/etc/passwd` for "users in passwd", and those of the
/// home folder's `~/.bashrc` for ".bashrc" (thirty-second set, tasks 27 and 30).
fn other_copy_read(request: &str, code: &str, cwd: &Path) -> Option<(String, String)> {
    let bare = uncommented(code);
    let asked: Vec<&str> = named_files(request)
        .into_iter()
        .chain(bare_files_in(request, cwd))
        .filter(|name| cwd.join(name).is_file())
        .collect();
    if asked.is_empty() {
        return None;
    }
    let here = std::fs::canonicalize(cwd).unwrap_or_else(|_| cwd.to_path_buf());
    // A path may stand inside a command (`"cat /etc/passwd"`, run by the 1.5B model), or be
    // a shell command's word (`grep -v '^#' /etc/fstab`).
    let paths = string_literals(&bare)
        .into_iter()
        .flat_map(str::split_whitespace)
        .chain(
            bare.split_whitespace()
                .map(|w| w.trim_matches(|c: char| "'\"();,<>|".contains(c))),
        )
        .filter(|w| w.contains('/'));
    paths.into_iter().find_map(|path| {
        let (_, name) = path.rsplit_once('/')?;
        if !asked.contains(&name) {
            return None;
        }
        if !path.starts_with('~') {
            let full = cwd.join(path);
            let full = std::fs::canonicalize(&full).unwrap_or(full);
            if full.starts_with(&here) || full.starts_with(cwd) {
                return None;
            }
        }
        Some((path.to_string(), name.to_string()))
    })
}

/// The first file the code names that is in `cwd`, with its text.
fn file_the_code_reads(code: &str, cwd: &Path) -> Option<(String, String)> {
    named_files(code)
        .into_iter()
        .find_map(|name| Some((name.to_string(), small_file_text(&cwd.join(name))?)))
}

/// The text of a file small enough to look through after each run (8 MiB or less): the code
/// slips that read a whole file may each read it, and a large log is not worth reading so
/// again and again.
fn small_file_text(path: &Path) -> Option<String> {
    const MOST: u64 = 8 << 20;
    if std::fs::metadata(path).ok()?.len() > MOST {
        return None;
    }
    std::fs::read_to_string(path).ok()
}

/// A number the code's regular expression takes only with one unit written after it
/// (`took (\d+)ms`), where other lines of the file it reads hold the same words with the number
/// written another way (`took 1.5s`, `took 12.5ms`): the file, the pattern as written, how many
/// lines it passes over and one of them. The 1.5B model averaged server.log's `ms` durations and
/// left out its one in seconds, twice (thirty-third set, task 14).
fn unit_fixed_in_pattern(code: &str, cwd: &Path) -> Option<(String, String, usize, String)> {
    // A group of digits (`(\d+)`, `([0-9]+)`, `([\d.]+)`, `(\d+(?:\.\d+)?)`) and the letters
    // of a unit right after it.
    static NUMBER_THEN_UNIT: std::sync::LazyLock<Option<regex::Regex>> = std::sync::LazyLock::new(
        || {
            regex::Regex::new(
                r"\((?:\\d|\[0-9|\[\\d)(?:[^()]|\(\?:[^()]*\))*\)([A-Za-z]{1,5})(?:\\b)?(?:[^A-Za-z]|$)",
            )
            .ok()
        },
    );
    let bare = uncommented(code);
    if !bare.contains("re.") {
        return None;
    }
    let (file, text) = file_the_code_reads(&bare, cwd)?;
    let lines: Vec<&str> = text.lines().filter(|l| !l.trim().is_empty()).collect();
    string_literals(&bare).into_iter().find_map(|written| {
        let pattern = written.replace("\\\\", "\\");
        let found = NUMBER_THEN_UNIT.as_ref()?.captures(&pattern)?;
        let (whole, unit) = (found.get(0)?, found.get(1)?);
        let end = unit.end();
        let loose = format!(
            r"{}\d+(?:[.,]\d+)?\s*[A-Za-z]+\b{}",
            &pattern[..whole.start()],
            &pattern[end..]
        );
        let strict = regex::Regex::new(&pattern).ok()?;
        let loose = regex::Regex::new(&loose).ok()?;
        if !lines.iter().any(|l| strict.is_match(l)) {
            return None;
        }
        // Lines another pattern of the code takes (`took ([\d.]+)s` beside it) are not missed.
        let others: Vec<regex::Regex> = string_literals(&bare)
            .into_iter()
            .filter(|o| *o != written && (o.contains('\\') || o.contains('(')))
            .filter_map(|o| regex::Regex::new(&o.replace("\\\\", "\\")).ok())
            .collect();
        let missed: Vec<&str> = lines
            .iter()
            .filter(|l| !strict.is_match(l) && !others.iter().any(|o| o.is_match(l)))
            .filter_map(|l| loose.find(l).map(|m| m.as_str()))
            .collect();
        let example = missed.first()?.trim().to_string();
        Some((file.clone(), written.to_string(), missed.len(), example))
    })
}

/// Whether a word names money coming in (0: `credit`, `deposits`, `income`…) or going out (1:
/// `debit`, `withdrawal`, `expense`…), in any case and with a plural `s`.
fn money_side(word: &str) -> Option<usize> {
    const IN: [&str; 8] = [
        "deposit", "credit", "income", "in", "incoming", "inflow", "received", "revenue",
    ];
    const OUT: [&str; 8] = [
        "withdrawal",
        "debit",
        "expense",
        "out",
        "outgoing",
        "outflow",
        "payment",
        "spent",
    ];
    let word = word.trim().to_lowercase();
    let word = word
        .strip_suffix('s')
        .filter(|w| w.len() > 3)
        .unwrap_or(&word);
    if IN.contains(&word) {
        Some(0)
    } else if OUT.contains(&word) {
        Some(1)
    } else {
        None
    }
}

/// Money in and money out named one way in the code (`'deposit'`, `'withdrawal'`) and another
/// in the file's column (`credit`, `debit`): each of the code's words with the column's value of
/// the same kind, as a sentence's part. The 1.5B model, told that `type` holds `credit` and
/// `debit`, compared with `deposit` and `withdrawal` again (thirty-third set, task 23).
fn money_kinds_renamed(literal: &str, values: &[String], code: &str) -> Option<String> {
    let side = money_side;
    // The column's one value of each kind.
    let of_side = |s: usize| {
        let found: Vec<&String> = values.iter().filter(|v| side(v) == Some(s)).collect();
        (found.len() == 1).then(|| found[0].clone())
    };
    let bare = uncommented(code);
    let mut words = vec![literal.to_string()];
    for w in string_literals(&bare) {
        if side(w).is_some() && !values.iter().any(|v| v == w) && !words.iter().any(|x| x == w) {
            words.push(w.to_string());
        }
    }
    let pairs: Vec<String> = words
        .iter()
        .filter_map(|w| Some((of_side(side(w)?)?, w)))
        .enumerate()
        .map(|(i, (value, w))| {
            let whose = if i == 0 { "your code" } else { "it" };
            format!("`'{value}'` where {whose} has `'{w}'`")
        })
        .collect();
    (!pairs.is_empty()).then(|| pairs.join(" and "))
}

/// A `while` loop whose test has the same name on both sides (`amount < 2 * amount`), which the
/// loop changes: the value to reach moves with the value, so the test holds until the number
/// overflows (or never). The test as written and the name. The 1.5B model counted 12103 years
/// for money to double (thirty-fourth set, task 7).
fn moving_target(code: &str) -> Option<(String, String)> {
    static WHILE: std::sync::LazyLock<Option<regex::Regex>> = std::sync::LazyLock::new(|| {
        regex::Regex::new(r"(?m)^[ \t]*while\s+(.+?)\s*(<=|>=|<|>)\s*(.+?)\s*:[ \t]*$").ok()
    });
    static NAME: std::sync::LazyLock<Option<regex::Regex>> =
        std::sync::LazyLock::new(|| regex::Regex::new(r"[A-Za-z_][\w.]*").ok());
    let bare = uncommented(code);
    WHILE.as_ref()?.captures_iter(&bare).find_map(|c| {
        let (left, right) = (c.get(1)?, c.get(3)?);
        let after = &bare[c.get(0)?.end()..];
        let names = |side: &str| -> Vec<String> {
            NAME.as_ref()
                .map(|n| n.find_iter(side).map(|m| m.as_str().to_string()).collect())
                .unwrap_or_default()
        };
        let on_right = names(right.as_str());
        names(left.as_str())
            .into_iter()
            .filter(|n| on_right.contains(n))
            .find(|n| {
                let changed = format!(r"(?m)^[ \t]+{}\s*(?:[-+*/]=|=[^=])", regex::escape(n));
                regex::Regex::new(&changed).is_ok_and(|r| r.is_match(after))
            })
            .map(|n| {
                let test = format!("{} {} {}", left.as_str(), &c[2], right.as_str());
                (test, n)
            })
    })
}

/// An fstab asked which file systems are (not) mounted at boot, by code that never looks for
/// the `noauto` option: the file's name. The 1.5B model counted fstab's 7 lines that are no
/// comment for the 2 with `noauto` (thirty-fourth set, task 14).
fn noauto_untested(request: &str, code: &str, cwd: &Path) -> Option<String> {
    let lower = request.to_lowercase();
    if !["automatic", "at boot", "on boot", "noauto"]
        .iter()
        .any(|w| lower.contains(w))
    {
        return None;
    }
    if uncommented(code).contains("noauto") {
        return None;
    }
    words_in(request)
        .map(|w| w.trim_matches(|c: char| !c.is_alphanumeric() && c != '.' && c != '_'))
        .find(|w| w.ends_with("fstab") && cwd.join(w).is_file())
        .map(str::to_string)
}

/// A deck of cards made by joining the list of ranks and the list of suits (`ranks + suits`, 17
/// names) rather than pairing them: the joined expression. The 1.5B model took 5-card hands from
/// `combinations(ranks + suits, 5)`, found none with two aces and printed 0 (thirty-fourth set,
/// task 4).
fn deck_unpaired(code: &str) -> Option<String> {
    static JOINED: std::sync::LazyLock<Option<regex::Regex>> = std::sync::LazyLock::new(|| {
        regex::Regex::new(r"\b([A-Za-z_]\w*)\s*\+\s*([A-Za-z_]\w*)\b").ok()
    });
    let bare = uncommented(code);
    if bare.contains("product(") {
        return None;
    }
    JOINED.as_ref()?.captures_iter(&bare).find_map(|c| {
        let (a, b) = (c[1].to_lowercase(), c[2].to_lowercase());
        let kinds = (a.contains("rank") && b.contains("suit"))
            || (a.contains("suit") && b.contains("rank"));
        kinds.then(|| c[0].to_string())
    })
}

/// A unified diff the code reads for the lines it adds or removes, where the code never looks at
/// a line's first character: the file and whether the request asks for removed lines. The 1.5B
/// model counted all 22 lines of changes.patch as added (thirty-third set, task 31).
fn diff_marks_unread(request: &str, code: &str, cwd: &Path) -> Option<(String, bool)> {
    let lower = request.to_lowercase();
    let removes = ["remove", "delete", "drop"]
        .iter()
        .any(|w| lower.contains(w));
    let adds = lower
        .split(|c: char| !c.is_alphanumeric())
        .any(|w| matches!(w, "add" | "adds" | "added" | "adding" | "new"));
    if !lower.contains("line") || !(removes || adds) {
        return None;
    }
    let bare = uncommented(code);
    // A test of the first character: `startswith('+')`, `line[0] == '-'`, `grep '^+'`.
    let marked = string_literals(&bare)
        .iter()
        .any(|l| l.starts_with(['+', '-']) || l.starts_with("^+") || l.starts_with("^\\+"))
        || bare.contains("^+")
        || bare.contains("^\\+")
        || bare.contains("^-")
        || bare.contains("^[");
    if marked {
        return None;
    }
    let (file, text) = file_the_code_reads(&bare, cwd)?;
    let diff = text.lines().any(|l| l.starts_with("@@ "))
        && text
            .lines()
            .any(|l| l.starts_with("+++ ") || l.starts_with("--- "));
    diff.then_some((file, removes))
}

/// A kind the request leaves out ("sections, not counting subsections") that a test of the
/// code counts in (`elif line.strip().startswith("\\subsection{"): section_count += 1`): the
/// request's word and the code's string. The 1.5B model counted 9 sections of paper.tex, its
/// subsections with them (thirty-fourth set, task 24).
fn excluded_counted(request: &str, code: &str) -> Option<(String, String)> {
    static LEFT_OUT: std::sync::LazyLock<Option<regex::Regex>> = std::sync::LazyLock::new(|| {
        regex::Regex::new(
            r"(?i)\b(?:not counting|excluding|except(?: for)?|leaving out|without counting|apart from)\s+(?:the\s+|any\s+)?([a-z][a-z-]{3,})",
        )
        .ok()
    });
    let found = LEFT_OUT.as_ref()?.captures(request)?;
    let word = found.get(1)?.as_str().to_lowercase();
    let stem = word
        .strip_suffix("es")
        .filter(|s| s.ends_with(['s', 'x', 'h']))
        .or_else(|| word.strip_suffix('s'))
        .unwrap_or(&word)
        .to_string();
    let bare = uncommented(code);
    let counts = ["+= 1", "len(", "sum(", ".count("]
        .iter()
        .any(|w| bare.contains(w));
    if !counts {
        return None;
    }
    let lines: Vec<&str> = bare.lines().collect();
    lines.iter().enumerate().find_map(|(i, line)| {
        let trimmed = line.trim_start();
        // Or a count of its own added to the others (`subsection_count = len(re.findall(…))`,
        // then `section_count + subsection_count`: the 1.5B model's next try).
        let added = trimmed
            .split_once('=')
            .map(|(name, _)| name.trim())
            .filter(|name| {
                !name.is_empty() && name.chars().all(|c| c.is_alphanumeric() || c == '_')
            })
            .is_some_and(|name| {
                bare.contains(&format!("+ {name}"))
                    || bare.contains(&format!("{name} +"))
                    || bare.contains(&format!("+= {name}"))
            });
        let test = trimmed.starts_with("if ")
            || trimmed.starts_with("elif ")
            || line.contains(" if ")
            || added;
        // What the test does when it holds: skipping is leaving out.
        let then = lines.get(i + 1).map_or("", |l| l.trim());
        if !test
            || line.contains("not ")
            || line.contains("!=")
            || line.contains("continue")
            || (trimmed.ends_with(':') && ["continue", "pass", "break"].contains(&then))
        {
            return None;
        }
        string_literals(line)
            .into_iter()
            .find(|l| l.to_lowercase().contains(&stem))
            .map(|l| (word.clone(), l.to_string()))
    })
}

/// A robots.txt the request asks about for all user agents, whose rules stand in groups under
/// `User-agent:` lines, read by code that never looks at those lines: the file. The 1.5B model
/// counted every `Disallow:` line, Googlebot's and BadBot's too (thirty-third set, task 21).
fn robots_groups_ignored(request: &str, code: &str, cwd: &Path) -> Option<String> {
    let lower = request.to_lowercase();
    if ![
        "all user agents",
        "every user agent",
        "all user-agents",
        "all crawlers",
        "all bots",
    ]
    .iter()
    .any(|w| lower.contains(w))
    {
        return None;
    }
    let bare = uncommented(code).to_lowercase();
    if bare.contains("user-agent") || bare.contains("user_agent") {
        return None;
    }
    named_files(request)
        .into_iter()
        .chain(bare_files_in(request, cwd))
        .find(|name| {
            small_file_text(&cwd.join(name)).is_some_and(|text| {
                let agents = text
                    .lines()
                    .filter(|l| l.trim().to_lowercase().starts_with("user-agent:"))
                    .count();
                agents > 1
                    && text
                        .lines()
                        .any(|l| l.trim().eq_ignore_ascii_case("user-agent: *"))
            })
        })
        .map(str::to_string)
}

/// A word of the code's regular expression that the request never names and that leaves out
/// lines of the file it reads which hold the pattern's other words: the file, that word and
/// one line it passes over. The 0.5B model averaged the GET requests of api.log with
/// `GET /users (\d+) (\d+)ms`, the path of the first line, and took one of four (thirty-first
/// set, task 19).
fn pattern_names_one_line(
    request: &str,
    code: &str,
    cwd: &Path,
) -> Option<(String, String, String)> {
    let bare = uncommented(code);
    if !bare.contains("re.") {
        return None;
    }
    let lower = request.to_lowercase();
    let (file, text) = file_the_code_reads(&bare, cwd)?;
    let lines: Vec<&str> = text.lines().filter(|l| !l.trim().is_empty()).collect();
    let literal_word = |w: &&str| {
        w.chars().count() >= 2
            && !w.chars().any(|c| "\\()[]{}*+?|^$".contains(c))
            && w.chars().any(char::is_alphabetic)
    };
    string_literals(&bare)
        .into_iter()
        .filter(|p| p.contains('(') && p.contains('\\'))
        .find_map(|pattern| {
            let words: Vec<&str> = pattern.split_whitespace().filter(literal_word).collect();
            words.iter().find_map(|word| {
                if lower.contains(&word.to_lowercase()) {
                    return None;
                }
                let others: Vec<&&str> = words.iter().filter(|w| *w != word).collect();
                if others.is_empty() {
                    return None;
                }
                let split = |l: &str| l.split_whitespace().map(str::to_string).collect::<Vec<_>>();
                let holds = |l: &str, w: &str| split(l).iter().any(|t| t == w);
                let matched = lines.iter().any(|l| holds(l, word));
                let missed = lines
                    .iter()
                    .find(|l| !holds(l, word) && others.iter().all(|o| holds(l, o)))?;
                matched.then(|| (file.clone(), word.to_string(), missed.trim().to_string()))
            })
        })
}

/// When the request takes words by their length ("the most common word of more than four
/// letters") and the code never calls `len`: the request's words for it and the test. The
/// 0.5B model printed "the" (thirty-first set, task 21).
fn word_length_untested(request: &str, code: &str) -> Option<(String, String)> {
    let lower = request.to_lowercase();
    let words: Vec<&str> = lower
        .split(|c: char| !c.is_alphanumeric())
        .filter(|w| !w.is_empty())
        .collect();
    const NUMBER_WORDS: [&str; 11] = [
        "zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
    ];
    let number = |w: &str| {
        w.parse::<usize>()
            .ok()
            .or_else(|| NUMBER_WORDS.iter().position(|n| *n == w))
    };
    let (said, test) = words.windows(4).find_map(|w| {
        if !w[3].starts_with("letter") && !w[3].starts_with("character") {
            return None;
        }
        let n = number(w[2])?;
        let op = match (w[0], w[1]) {
            ("more", "than") | ("longer", "than") => ">",
            ("at", "least") => ">=",
            ("fewer" | "less", "than") | ("shorter", "than") => "<",
            ("at", "most") => "<=",
            _ => return None,
        };
        Some((w.join(" "), format!("len(word) {op} {n}")))
    })?;
    (!uncommented(code).contains("len(")).then_some((said, test))
}

/// Whether the request is about sentences and the code, which reads a file, never splits at
/// a sentence's end (`.`, `!`, `?`): the 0.5B model took the longest line of essay.txt, a
/// paragraph, for its longest sentence (thirty-first set, task 25).
fn sentences_unsplit(request: &str, code: &str) -> bool {
    let lower = request.to_lowercase();
    let bare = uncommented(code);
    let splits = [
        "[.!?",
        "[!.?",
        "[?.!",
        "[.?!",
        "'.'",
        "\".\"",
        "\\.",
        "sent_tokenize",
        "'!'",
        "'?'",
    ];
    // Not a file's name (`sentence.txt`).
    let sentences = lower
        .split_whitespace()
        .map(|w| w.trim_matches(|c: char| !c.is_alphanumeric()))
        .any(|w| w == "sentence" || w == "sentences");
    sentences
        && (bare.contains("open(") || bare.contains("read_text"))
        && !splits.iter().any(|s| bare.contains(s))
}

/// Whether the request asks how many rows miss a value and the code sums pandas' missing
/// values by column (`df.isnull().sum()`) and never takes a row's: the 0.5B model printed each
/// column's count (thirty-first set, task 27).
fn rows_with_gaps_counted_by_column(request: &str, code: &str) -> bool {
    let lower = request.to_lowercase();
    let bare = uncommented(code).replace(' ', "");
    lower.contains("row")
        && ["missing", "empty", "blank", "null"]
            .iter()
            .any(|w| lower.contains(w))
        && (bare.contains(".isnull().sum()") || bare.contains(".isna().sum()"))
        && !bare.contains("axis=1")
        && !bare.contains("dropna")
}

/// Text that a regular expression of the code must find and that the file it reads never
/// holds: the file and that text. The 0.5B model looked for `Published in (\d{4})` in an RSS
/// feed whose dates are `<pubDate>` elements and printed that none were found (thirty-first
/// set, task 31).
fn pattern_text_absent(code: &str, cwd: &Path) -> Option<(String, String)> {
    let bare = uncommented(code);
    if !bare.contains("re.") {
        return None;
    }
    let (file, text) = file_the_code_reads(&bare, cwd)?;
    let caseless = ["re.I", "IGNORECASE", ".lower()", ".upper()", "(?i)"]
        .iter()
        .any(|m| bare.contains(m));
    let held = |segment: &str| {
        if caseless {
            text.to_lowercase().contains(&segment.to_lowercase())
        } else {
            text.contains(segment)
        }
    };
    string_literals(&bare)
        .into_iter()
        .filter(|p| p.contains('(') && p.contains('\\'))
        .find_map(|pattern| {
            literal_runs(pattern)
                .into_iter()
                .find(|run| !held(run))
                .map(|run| (file.clone(), run))
        })
}

/// The runs of plain text a regular expression must match as written (`Published in ` of
/// `Published in (\d{4})`), four characters or more with a letter: not a class, a group's
/// syntax or an escape that stands for a kind of character, nor a character made optional.
fn literal_runs(pattern: &str) -> Vec<String> {
    let mut runs = Vec::new();
    let mut run = String::new();
    let mut chars = pattern.chars().peekable();
    let mut class = false;
    let end = |run: &mut String, runs: &mut Vec<String>| {
        let trimmed = run.trim();
        if trimmed.chars().count() >= 4 && trimmed.chars().any(char::is_alphabetic) {
            runs.push(trimmed.to_string());
        }
        run.clear();
    };
    while let Some(c) = chars.next() {
        if class {
            class = c != ']';
            continue;
        }
        match c {
            '\\' => match chars.next() {
                Some(e) if e.is_ascii_alphanumeric() => end(&mut run, &mut runs),
                Some(e) => run.push(e),
                None => {}
            },
            '[' => {
                class = true;
                end(&mut run, &mut runs);
            }
            '?' | '*' | '{' => {
                // The character before is optional: it is not text the match must hold.
                run.pop();
                end(&mut run, &mut runs);
            }
            '(' | ')' | '+' | '|' | '^' | '$' | '.' | '}' => end(&mut run, &mut runs),
            _ => run.push(c),
        }
    }
    end(&mut run, &mut runs);
    runs
}

/// When the request asks for a total or a value of items whose records hold a quantity beside
/// a price (`"qty": 3, "price": 12.5`, or a CSV's `qty,price` columns) and the code uses the
/// price and never the quantity: the file, the quantity's key and the price's. The 0.5B model
/// took 10% off each line's price of invoice.json and added the prices up (thirty-first set,
/// task 29).
fn quantity_left_out(request: &str, code: &str, cwd: &Path) -> Option<(String, String, String)> {
    static KEY: std::sync::LazyLock<Option<regex::Regex>> =
        std::sync::LazyLock::new(|| regex::Regex::new(r#""(\w+)"\s*:"#).ok());
    const QUANTITIES: [&str; 6] = [
        "qty",
        "quantity",
        "units",
        "count",
        "amount_ordered",
        "pieces",
    ];
    const PRICES: [&str; 5] = ["price", "unit_price", "cost", "unit_cost", "each"];
    let lower = request.to_lowercase();
    if !["total", "value", "worth", "revenue", "sum"]
        .iter()
        .any(|w| lower.contains(w))
    {
        return None;
    }
    let bare = uncommented(code);
    named_files(&bare).into_iter().find_map(|name| {
        let text = std::fs::read_to_string(cwd.join(name)).ok()?;
        let keys: Vec<String> = if name.ends_with(".json") {
            KEY.as_ref()?
                .captures_iter(&text)
                .filter_map(|c| c.get(1).map(|m| m.as_str().to_string()))
                .collect()
        } else if name.ends_with(".csv") {
            text.lines()
                .next()?
                .split(',')
                .map(|k| k.trim().to_string())
                .collect()
        } else {
            return None;
        };
        let find = |names: &[&str]| {
            keys.iter()
                .find(|k| names.contains(&k.to_lowercase().as_str()))
                .cloned()
        };
        let (quantity, price) = (find(&QUANTITIES)?, find(&PRICES)?);
        let used = |key: &str| {
            bare.contains(&format!("'{key}'"))
                || bare.contains(&format!("\"{key}\""))
                || bare.contains(&format!(".{key}"))
        };
        (used(&price) && !used(&quantity)).then(|| (name.to_string(), quantity, price))
    })
}

/// Whether the request asks about the negated patterns of an ignore file (`.gitignore`,
/// `.dockerignore`) and the code never looks for `!`: the 0.5B model counted the comment lines
/// (thirty-first set, task 15).
fn negations_untested(request: &str, code: &str) -> bool {
    let lower = request.to_lowercase();
    lower.contains("ignore")
        && (lower.contains("negat") || lower.contains("negated"))
        && !uncommented(code).contains('!')
}

/// When the request asks for a remainder when dividing by some numbers ("leaves a remainder of
/// 1 when divided by 2, 3, 4, 5 or 6") and the code tests another remainder by one of them
/// (`number % 2 == 0`) and never the asked one: what to say. The 0.5B model tested that the
/// number divided by each, remainder 0 (thirty-first set, task 2).
fn remainder_slip(request: &str, code: &str) -> Option<String> {
    let lower = request.to_lowercase();
    let at = lower.find("remainder of ")?;
    let rest = &lower[at + "remainder of ".len()..];
    let asked: String = rest.chars().take_while(char::is_ascii_digit).collect();
    let asked: u64 = asked.parse().ok()?;
    let divided = rest.split_once("divided by ")?.1;
    // To the end of the list: "2, 3, 4, 5 or 6 and is divisible by 7" ends before "and is".
    let clause = divided
        .match_indices(" and ")
        .find(|(at, _)| {
            !divided[at + 5..]
                .chars()
                .next()
                .is_some_and(|c| c.is_ascii_digit())
        })
        .map_or(divided.len(), |(at, _)| at);
    let until = divided[..clause].find(['.', '?', ';']).unwrap_or(clause);
    let divisors = numbers_in(&divided[..until]);
    if divisors.is_empty() {
        return None;
    }
    let bare = uncommented(code).replace(' ', "");
    let tested = |d: &str, r: u64| bare.contains(&format!("%{d}=={r}"));
    if divisors.iter().any(|d| tested(d, asked)) {
        return None;
    }
    let (d, r) = divisors.iter().find_map(|d| {
        (0..10)
            .find(|r| *r != asked && tested(d, *r))
            .map(|r| (*d, r))
    })?;
    Some(format!(
        "my request asks for a remainder of {asked} when the number is divided by {}, and your code tests `% {d} == {r}`, a remainder of {r}: test `number % {d} == {asked}` for each of them.",
        &divided[..until].trim()
    ))
}

/// When the request asks in how many ways coins make an amount ("make change for a dollar
/// with pennies, nickels, dimes and quarters") and the code leaves out a coin it names, or
/// adds each coin's ways inside the loop over amounts (`ways[i] += ways[i - 10]`, then
/// `ways[i - 5]`…), which counts 5 + 1 and 1 + 5 as two ways: what to say. The 0.5B model did
/// both and printed 8437020668201 (thirty-first set, task 4).
fn coin_change_slip(request: &str, code: &str) -> Option<String> {
    let lower = request.to_lowercase();
    if !(lower.contains("ways") || lower.contains("how many")) || !lower.contains("change") {
        return None;
    }
    const COINS: [(&str, &str, &str); 5] = [
        ("penn", "pennies", "1"),
        ("nickel", "nickels", "5"),
        ("dime", "dimes", "10"),
        ("quarter", "quarters", "25"),
        ("half", "half dollars", "50"),
    ];
    let named: Vec<(&str, &str)> = COINS
        .into_iter()
        .filter(|(stem, _, _)| lower.contains(stem))
        .map(|(_, name, value)| (name, value))
        .collect();
    if named.len() < 2 {
        return None;
    }
    let bare = uncommented(code);
    let literals: std::collections::HashSet<&str> = bare
        .split(|c: char| !c.is_ascii_digit())
        .filter(|n| !n.is_empty())
        .collect();
    let missing: Vec<String> = named
        .iter()
        .filter(|(_, value)| *value != "1" && !literals.contains(value))
        .map(|(name, value)| format!("{name} ({value} cents)"))
        .collect();
    if !missing.is_empty() {
        let values: Vec<&str> = named.iter().map(|(_, v)| *v).collect();
        return Some(format!(
            "my request names the coins to use, and your code never used {}: take every coin my request names, `coins = [{}]`.",
            missing.join(" or "),
            values.join(", ")
        ));
    }
    let inline = regex::Regex::new(r"\w+\[\s*\w+\s*-\s*(\d+)\s*\]").ok()?;
    let steps: std::collections::HashSet<&str> = inline
        .captures_iter(&bare)
        .filter_map(|c| c.get(1).map(|m| m.as_str()))
        .collect();
    (steps.len() >= 2).then(|| {
        "your code adds each coin's ways inside its loop over the amounts, so it counts the same coins in another order (5 + 1 and 1 + 5) as another way: loop over the coins outside and the amounts inside, `for coin in coins: for amount in range(coin, total + 1): ways[amount] += ways[amount - coin]`, so each mix of coins counts once.".to_string()
    })
}

/// When the request asks about N-digit numbers and the code makes their first digit with
/// `for a in range(10)`, which takes 0 (a number that starts with 0 has fewer digits): that
/// name and N. The 0.5B model counted 210 four-digit numbers with increasing digits, those
/// from 0 too (thirty-first set, task 11).
fn leading_digit_zero(request: &str, code: &str) -> Option<(String, u32)> {
    static FIRST_LOOP: std::sync::LazyLock<Option<regex::Regex>> = std::sync::LazyLock::new(|| {
        regex::Regex::new(r"\bfor\s+(\w+)\s+in\s+range\(\s*([^()]*)\)").ok()
    });
    let lower = request.to_lowercase();
    let n = lower.split_whitespace().find_map(|w| {
        let (n, rest) = w.split_once("-digit")?;
        rest.is_empty().then(|| n.parse::<u32>().ok()).flatten()
    })?;
    if n < 2 {
        return None;
    }
    let bare = uncommented(code);
    let first = FIRST_LOOP.as_ref()?.captures(&bare)?;
    let bounds = first.get(2)?.as_str().replace(' ', "");
    if bounds != "10" && bounds != "0,10" {
        return None;
    }
    let digit = first.get(1)?.as_str().to_string();
    // Its next digit nested in it (`range(a + 1, 10)`), and 0 never left out by a test.
    let squeezed = bare.replace(' ', "");
    let nested = squeezed.contains(&format!("range({digit}+1,"));
    let tested = [
        format!("{digit}==0"),
        format!("{digit}>0"),
        format!("{digit}!=0"),
    ]
    .iter()
    .any(|t| squeezed.contains(t.as_str()));
    (nested && !tested).then_some((digit, n))
}

/// When the request asks for non-negative integers that add up to N ("x + y + z = 10 in
/// non-negative integers") and the code's loops run over `range(N)`, which stops before N:
/// N. The 0.5B model counted 64 of the 66 (thirty-first set, task 10).
fn sum_bound_left_out(request: &str, code: &str) -> Option<i64> {
    static SUM_IS: std::sync::LazyLock<Option<regex::Regex>> =
        std::sync::LazyLock::new(|| regex::Regex::new(r"\w\s*=\s*(\d+)").ok());
    let lower = request.to_lowercase();
    if !(lower.contains("non-negative") || lower.contains("nonnegative")) {
        return None;
    }
    let n: i64 = SUM_IS
        .as_ref()?
        .captures(&lower)?
        .get(1)?
        .as_str()
        .parse()
        .ok()?;
    let bare = uncommented(code).replace(' ', "");
    (n >= 1
        && (bare.contains(&format!("range({n})")) || bare.contains(&format!("range(0,{n})")))
        && !bare.contains(&format!("range({})", n + 1))
        && !bare.contains(&format!("range({n}+1)")))
    .then_some(n)
}

/// The number of digits the request asks a number to have ("the first Fibonacci number that
/// has 10 digits"), when the code never measures a number's digits: no `len(str(…))`, no
/// power of ten, no `log10`, no bound written out. The 0.5B model counted to the tenth
/// Fibonacci number instead (thirty-first set, task 3).
fn digits_unmeasured(request: &str, code: &str) -> Option<u32> {
    let lower = request.to_lowercase();
    let words: Vec<&str> = words_in(&lower).filter(|w| !w.is_empty()).collect();
    let n = words.windows(3).find_map(|w| {
        let n: u32 = w[1].parse().ok()?;
        (matches!(w[0], "has" | "have" | "with") && w[2].starts_with("digit")).then_some(n)
    })?;
    if !(2..=30).contains(&n) {
        return None;
    }
    let bare = uncommented(code).replace([' ', '_'], "");
    let measures = [
        "len(str(",
        "len(repr(",
        "len(f\"",
        "len(f'",
        "10**",
        "log10",
        "len(digits",
        "e9",
        "e8",
    ];
    if measures.iter().any(|m| bare.contains(m)) {
        return None;
    }
    let low = format!("1{}", "0".repeat(n as usize - 1));
    let high = format!("{low}0");
    let digit_names = ["len(s)", "len(num", "len(n)", "len(x)", "len(number"];
    if bare.contains(&low) || bare.contains(&high) || digit_names.iter().any(|m| bare.contains(m)) {
        return None;
    }
    Some(n)
}

/// When the code reads a JUnit XML file (`<testcase … time="0.250"/>`) for a total time and
/// takes only the first `time` (the `<testsuite>`'s own, with `re.search`), or is asked for
/// milliseconds and never multiplies by 1000 (JUnit's times are seconds): what to say. The
/// 0.5B model printed the suite's 1.25 as milliseconds (thirtieth set, task 30).
fn junit_times_misread(request: &str, code: &str, cwd: &Path) -> Option<String> {
    let lower = request.to_lowercase();
    if !lower.contains("time") {
        return None;
    }
    let file = named_files(code).into_iter().find(|name| {
        name.ends_with(".xml")
            && std::fs::read_to_string(cwd.join(name))
                .is_ok_and(|t| t.contains("<testcase") && t.contains("time=\""))
    })?;
    let bare = uncommented(code).replace(' ', "");
    let first_only =
        bare.contains("re.search(") && !bare.contains("findall") && !bare.contains("finditer");
    let millis =
        lower.contains("millisecond") && !["1000", "1e3", "1_000"].iter().any(|w| bare.contains(w));
    let mut said = Vec::new();
    if first_only {
        said.push(format!("`re.search` finds only the first `time=` of `{file}`, which is the `<testsuite>`'s own total, not a test case's: take every test case's, `re.findall(r'<testcase[^>]*time=\"([\\d.]+)\"', text)`, and add them up."));
    }
    if millis {
        said.push("JUnit writes its times in seconds, and my request asks for milliseconds: multiply the total by 1000.".to_string());
    }
    (!said.is_empty()).then(|| said.join(" "))
}

/// When the request asks about anagrams of a word ("anagrams of listen") and the code never
/// sorts or counts that word's letters (`sorted('listen')`, or a name set to it): the word.
/// The 0.5B model compared each word's letters with its own reversed, which every word
/// matches (thirtieth set, task 28).
fn anagram_uncompared(request: &str, code: &str) -> Option<String> {
    let lower = request.to_lowercase();
    let (_, rest) = lower.split_once("anagram")?;
    let rest = rest.trim_start_matches('s').trim_start();
    let word: String = rest
        .strip_prefix("of ")?
        .trim_start()
        .trim_start_matches(['\'', '"', '`'])
        .chars()
        .take_while(|c| c.is_alphabetic())
        .collect();
    if word.len() < 2 {
        return None;
    }
    let bare = uncommented(code);
    let mut forms = vec![format!("'{word}'"), format!("\"{word}\"")];
    static NAMED: std::sync::LazyLock<Option<regex::Regex>> = std::sync::LazyLock::new(|| {
        regex::Regex::new(r#"(\w+)\s*=\s*(?:'([^'\n]*)'|"([^"\n]*)")"#).ok()
    });
    if let Some(named) = NAMED.as_ref() {
        for c in named.captures_iter(&bare) {
            let value = c.get(2).or_else(|| c.get(3)).map_or("", |m| m.as_str());
            if value.eq_ignore_ascii_case(&word)
                && let Some(name) = c.get(1)
            {
                forms.push(name.as_str().to_string());
            }
        }
    }
    let compared = forms.iter().any(|f| {
        ["sorted(", "Counter("]
            .iter()
            .any(|call| bare.contains(&format!("{call}{f}")))
    });
    (!compared).then_some(word)
}

/// When the request asks for a density (population density) and the code divides nothing:
/// how to compute it, with the columns of the request's table that hold the amount and the
/// area when it has them (`population / area_km2`). The 0.5B model sorted cities.tsv by
/// population for the highest population density (thirtieth set, task 26).
fn density_undivided(request: &str, code: &str, cwd: &Path) -> Option<String> {
    let lower = request.to_lowercase();
    if !lower.contains("density") {
        return None;
    }
    let bare = uncommented(code);
    let strings: Vec<&str> = string_literals(&bare);
    let mut unquoted = bare.clone();
    for s in strings {
        unquoted = unquoted.replace(s, "");
    }
    if unquoted.contains('/') || unquoted.contains("div(") {
        return None;
    }
    let columns = named_files(request).into_iter().find_map(|name| {
        let text = std::fs::read_to_string(cwd.join(name)).ok()?;
        let header: Vec<String> = text
            .lines()
            .next()?
            .split(['\t', ','])
            .map(|h| h.trim().to_string())
            .collect();
        let amount = header
            .iter()
            .find(|h| h.to_lowercase().starts_with("pop"))?;
        let area = header.iter().find(|h| h.to_lowercase().contains("area"))?;
        Some(format!("`{amount} / {area}`"))
    });
    Some(columns.unwrap_or_else(|| "the amount divided by the area".to_string()))
}

/// A `startswith` test of a number (`line.startswith('10.0.0.5')`) that a line of a file the
/// code names begins with and goes on with more digits (`10.0.0.50`): the number, that longer
/// one and the file. The 0.5B model printed two host lines for 10.0.0.5 (twenty-ninth set, task
/// 31). Only where the output holds a field of that longer number's line: `next(…)` took the
/// first line alone, and was told it had taken both (the same task's re-run).
fn prefix_of_longer_number(
    code: &str,
    printed: &str,
    cwd: &Path,
) -> Option<(String, String, String)> {
    static TEST: std::sync::LazyLock<Option<regex::Regex>> = std::sync::LazyLock::new(|| {
        regex::Regex::new(r#"\.startswith\(\s*(?:'([^'\n]*\d)'|"([^"\n]*\d)")\s*\)"#).ok()
    });
    let bare = uncommented(code);
    let prefixes: Vec<&str> = TEST
        .as_ref()?
        .captures_iter(&bare)
        .filter_map(|c| c.get(1).or_else(|| c.get(2)))
        .map(|m| m.as_str())
        .collect();
    named_files(code).into_iter().find_map(|file| {
        let text = std::fs::read_to_string(cwd.join(file)).ok()?;
        prefixes.iter().find_map(|prefix| {
            text.lines().find_map(|line| {
                let rest = line.strip_prefix(prefix)?;
                let taken = line.split_whitespace().any(|field| {
                    printed
                        .split(|c: char| c.is_whitespace() || c == ',' || c == '\'' || c == '"')
                        .any(|p| p == field)
                });
                (taken && rest.starts_with(|c: char| c.is_ascii_digit())).then(|| {
                    let longer = line.split_whitespace().next().unwrap_or(line);
                    (prefix.to_string(), longer.to_string(), file.to_string())
                })
            })
        })
    })
}

/// When the request counts the words of a subtitle file (`.srt`, `.vtt`) and the code skips
/// neither its number lines nor its time lines: the file. The 0.5B model counted 41 words of
/// captions.srt's 13 (twenty-ninth set, task 33).
fn subtitle_timings_counted(request: &str, code: &str) -> Option<String> {
    let lower = request.to_lowercase();
    if !lower.contains("word") {
        return None;
    }
    let file = named_files(request)
        .into_iter()
        .find(|f| f.ends_with(".srt") || f.ends_with(".vtt"))?;
    let bare = uncommented(code);
    // A subtitle library skips them too; not a name that says srt (`count_words_in_srt`, the
    // 0.5B model's function over every line; twenty-ninth set, task 33's re-run).
    let skips = [
        "-->",
        "isdigit",
        "isnumeric",
        r"\d",
        "import srt",
        "pysrt",
        "srt.parse",
        "webvtt",
    ]
    .iter()
    .any(|w| bare.to_lowercase().replace(file, "").contains(w));
    (!skips).then(|| file.to_string())
}

/// When the request counts a Markdown checklist's unchecked (or checked) items and the code
/// looks for the other mark, or tests how lines start where the file indents nested items
/// (`  - [ ] crates.io`): what to say. The 0.5B model counted `- [x]` lines for the unchecked
/// items of todo.md (twenty-ninth set, task 15).
fn checkbox_miscounted(request: &str, code: &str, cwd: &Path) -> Option<String> {
    let lower = request.to_lowercase();
    let unchecked = [
        "unchecked",
        "not checked",
        "not done",
        "open item",
        "incomplete",
        "unticked",
    ]
    .iter()
    .any(|w| lower.contains(w));
    let checked = !unchecked
        && ["checked", "ticked", "done", "completed"]
            .iter()
            .any(|w| words_in(&lower).any(|l| l == *w));
    if !unchecked && !checked {
        return None;
    }
    let bare = uncommented(code).to_lowercase();
    let (file, text) = named_files(request).into_iter().find_map(|file| {
        let text = std::fs::read_to_string(cwd.join(file)).ok()?;
        text.contains("[ ]").then_some((file, text))
    })?;
    let looks_for_x = bare.contains("[x]");
    let looks_for_open = bare.contains("[ ]");
    if unchecked && looks_for_x && !looks_for_open && !bare.contains("not ") {
        return Some(format!(
            "my request counts the unchecked items, and your code looked for `[x]`, the mark of a checked one: in `{file}` an unchecked item is `- [ ]`. Count the lines that hold `- [ ]`."
        ));
    }
    if checked && looks_for_open && !looks_for_x {
        return Some(format!(
            "my request counts the checked items, and your code looked for `[ ]`, the mark of an unchecked one: in `{file}` a checked item is `- [x]` (or `- [X]`)."
        ));
    }
    let nested = text
        .lines()
        .find(|l| l.starts_with([' ', '\t']) && l.trim_start().starts_with("- ["))?;
    let from_start = bare.contains(".startswith(") && !bare.contains("strip(");
    from_start.then(|| {
        format!(
            "`{file}` indents its nested items (`{}`), and your code tests how each line starts, so it missed them: strip each line first, `line.strip().startswith(...)`.",
            nested.trim_end()
        )
    })
}

/// When the request asks for a total in a larger unit of time than the one it gives ("the total
/// length in hours of the videos in videos.json, whose durations are in seconds") and the code
/// never divides by the factor between them: the unit given, the one asked and the factor.
/// The 0.5B model printed 9000 seconds for 2.5 hours (twenty-ninth set, task 14).
fn time_unit_unconverted(request: &str, code: &str) -> Option<(&'static str, &'static str, u32)> {
    const PAIRS: [(&str, &str, u32); 3] = [
        ("seconds", "hours", 3600),
        ("minutes", "hours", 60),
        ("seconds", "minutes", 60),
    ];
    let lower = request.to_lowercase();
    let bare = uncommented(code).replace(' ', "");
    if ["timedelta", "total_seconds", "divmod"]
        .iter()
        .any(|w| bare.contains(w))
    {
        return None;
    }
    PAIRS.into_iter().find(|(given, asked, factor)| {
        let gives = ["are in", "is in", "given in", "written in"]
            .iter()
            .any(|w| lower.contains(&format!("{w} {given}")));
        let asks = lower.contains(&format!("in {asked}"))
            && !["are in", "is in", "given in", "written in"]
                .iter()
                .any(|w| lower.contains(&format!("{w} {asked}")));
        let divided = [
            format!("/{factor}"),
            format!("*{factor}"),
            format!("//{factor}"),
        ]
        .iter()
        .any(|d| bare.contains(d.as_str()))
            || (*factor == 3600 && bare.contains("/60/60"));
        gives && asks && !divided
    })
}

/// When the request asks for a check digit and the run printed one number that is no digit
/// (11), or a digit with which the number fails the check of the standard the request names
/// (EAN-13, ISBN-10, Luhn): that number, whether it is a digit, and how the standard computes
/// it. The 0.5B model's `10 - (int(ean[-1]) - 4)` printed 11 for an EAN-13 barcode, the 1.5B
/// model's unweighted sum 4 (twenty-ninth set, task 12).
fn check_digit_wrong(request: &str, value: &str) -> Option<(String, bool, &'static str)> {
    let lower = request.to_lowercase();
    // Or a digit asked by a standard's check ("What digit must be appended to 7992739871 for it
    // to pass the Luhn check?": the 1.5B model printed 4).
    let digit_for_check = asks_digit(&lower)
        && ["luhn", "ean", "isbn", "barcode"]
            .iter()
            .any(|w| lower.contains(w));
    if !lower.contains("check digit") && !digit_for_check {
        return None;
    }
    let given = numbers_in(request);
    let [n] = printed_beyond_request(request, value)[..] else {
        return None;
    };
    let number: f64 = n.parse().ok()?;
    let digit = (0.0..=9.0).contains(&number) && number.fract() == 0.0;
    if digit && !check_fails(&lower, &given, number as u32) {
        return None;
    }
    let how = if lower.contains("ean") || lower.contains("upc") || lower.contains("barcode") {
        // In code too: told in words, the 0.5B model added the digits unweighted, twice
        // (twenty-ninth set, task 12's re-run).
        "Multiply the digits by 1 and 3 in turn from the left and add them up, `total = sum(int(d) * (3 if i % 2 else 1) for i, d in enumerate(digits))` over the digits as a string; the check digit is `(10 - total % 10) % 10`."
    } else if lower.contains("isbn") {
        "Multiply the nine digits by 10, 9, … 2 and add them up, `total = sum(int(d) * (10 - i) for i, d in enumerate(digits))` over the digits as a string; the check digit is `(11 - total % 11) % 11`, written X when it is 10."
    } else if lower.contains("luhn") {
        "From the right, double every second digit (less 9 when over 9) and add all the digits; the check digit is what makes the total a multiple of 10: try each digit, `for d in range(10):`, appended to the number, and keep the one whose total is."
    } else {
        "Compute it as the standard my request names does, ending with a remainder (`% 10`, or `% 11`)."
    };
    Some((n.to_string(), digit, how))
}

/// Whether `digit` appended to the one number of `given` (the request's) fails the check of the
/// standard the request (lowercased) names: EAN-13 for 12 digits, ISBN-10 for 9, Luhn. A
/// standard not named, or digits it does not fit, fail nothing.
fn check_fails(lower: &str, given: &[&str], digit: u32) -> bool {
    let Some(digits) = given
        .iter()
        .find(|g| g.len() >= 6 && g.chars().all(|c| c.is_ascii_digit()))
        .map(|g| {
            g.chars()
                .filter_map(|c| c.to_digit(10))
                .collect::<Vec<u32>>()
        })
    else {
        return false;
    };
    let ean = lower.contains("ean") || lower.contains("barcode");
    if ean && digits.len() == 12 {
        let total: u32 = digits
            .iter()
            .enumerate()
            .map(|(i, d)| if i % 2 == 0 { *d } else { d * 3 })
            .sum();
        return !(total + digit).is_multiple_of(10);
    }
    if lower.contains("isbn") && digits.len() == 9 {
        let total: u32 = digits.iter().zip((2..=10).rev()).map(|(d, w)| d * w).sum();
        return !(total + digit).is_multiple_of(11);
    }
    if lower.contains("luhn") {
        let total: u32 = digits
            .iter()
            .rev()
            .enumerate()
            .map(|(i, d)| {
                // With the check digit appended, the given number's last digit is doubled.
                if i % 2 == 0 {
                    let twice = d * 2;
                    if twice > 9 { twice - 9 } else { twice }
                } else {
                    *d
                }
            })
            .sum();
        return !(total + digit).is_multiple_of(10);
    }
    false
}

/// When the request asks for one prime number ("the next prime number after 1000", "the
/// largest prime below 100") and the run printed one whole number that is not prime: that
/// number and its least divisor. The 0.5B model's `next_prime(1000)` returned 1001, 7 × 143
/// (twenty-ninth set, task 9). Not a count, a sum or another figure made of primes.
fn not_prime_printed(request: &str, value: &str) -> Option<(u64, u64)> {
    let lower = request.to_lowercase();
    let figures = [
        "how many",
        "sum",
        "product",
        "count",
        "average",
        "mean",
        "total",
        "difference",
        "gap",
        "between",
        "digits",
        "factors",
    ];
    if !words_in(&lower).any(|w| w == "prime") || figures.iter().any(|f| lower.contains(f)) {
        return None;
    }
    let [n] = printed_beyond_request(request, value)[..] else {
        return None;
    };
    let n: u64 = n.parse().ok()?;
    if n < 4 {
        return None;
    }
    let factor = (2..)
        .take_while(|d| d * d <= n)
        .find(|d| n.is_multiple_of(*d))?;
    Some((n, factor))
}

/// Whether a request (lowercased) asks which digit.
fn asks_digit(lower: &str) -> bool {
    ["what digit", "which digit"]
        .iter()
        .any(|w| lower.trim_start().starts_with(w))
}

/// Whether the request asks which digit ("What digit must be appended to 7992739871 for it to
/// pass the Luhn check?") and the run printed no number but the request's own. The 0.5B model
/// checked the number as it is and printed that it is not valid (twenty-ninth set, task 2).
fn digit_unprinted(request: &str, value: &str) -> bool {
    let lower = request.trim_start().to_lowercase();
    if !asks_digit(&lower) || value.trim().is_empty() {
        return false;
    }
    printed_beyond_request(request, value).is_empty()
}

/// The numbers a run printed that are none of the request's own (`1001` of "The next prime
/// after 1000 is 1001"), as written, in order.
fn printed_beyond_request<'v>(request: &str, value: &'v str) -> Vec<&'v str> {
    let given = numbers_in(request);
    numbers_in(value)
        .into_iter()
        .filter(|n| !given.iter().any(|g| same_number(n, g)))
        .collect()
}

/// A number an earlier run of this turn printed, and was told was not the answer, that `code`
/// writes as a literal while the request gives numbers and writes none of its own: that
/// number.
fn wrong_result_reused<'h>(
    history: &'h History,
    turn: &'h [HistoryItem],
    request: &str,
    code: &str,
) -> Option<&'h str> {
    let given = numbers_in(request);
    if given.is_empty() {
        return None;
    }
    let bare = uncommented(code);
    let literals = numbers_in(&bare);
    code_runs(history, turn)
        .filter(|(_, output, failed)| *failed && output.contains(NOT_COMPUTED))
        .flat_map(|(_, output, _)| numbers_in(split_hint(output).0))
        .find(|n| {
            n.len() >= 3
                && !given.iter().any(|g| same_number(g, n))
                && literals.iter().any(|l| same_number(l, n))
        })
}

/// `text` without the warnings Python printed into it (`<cell 3>:10: Pandas4Warning: …` or
/// `/path/x.py:4: DeprecationWarning: …`), each with the indented line of code under it.
fn without_warnings(text: &str) -> String {
    static WARNING: std::sync::LazyLock<Option<regex::Regex>> = std::sync::LazyLock::new(|| {
        regex::Regex::new(r"^(?:<cell \d+>|[^\s:]+\.py):\d+: \w*Warning: ").ok()
    });
    let Some(warning) = WARNING.as_ref() else {
        return text.to_string();
    };
    let mut kept = Vec::new();
    let mut after_warning = false;
    for line in text.lines() {
        if warning.is_match(line) {
            after_warning = true;
            continue;
        }
        if after_warning && line.starts_with([' ', '\t']) {
            continue;
        }
        after_warning = false;
        kept.push(line);
    }
    if kept.len() == text.lines().count() {
        return text.to_string();
    }
    kept.join("\n")
}

/// When the request asks for the first N odd (or even) numbers and the code's `range(a, b,
/// 2)` holds fewer than N: that range as written, N, odd or even, and a range that holds N.
/// The 0.5B model summed the squares of `range(1, 16, 2)` for the first 15 odd numbers
/// (thirtieth set, task 10).
fn first_odd_cut_short(request: &str, code: &str) -> Option<(String, u64, &'static str, String)> {
    let (n, odd) = first_odd_or_even(request)?;
    let kind = if odd { "odd" } else { "even" };
    let bare = uncommented(code);
    ranges_written(&bare)
        .into_iter()
        .find(|r| r.step == 2 && r.len > 0 && r.len < n)
        .map(|r| {
            let start = r.start;
            (
                r.written.to_string(),
                n,
                kind,
                format!("range({start}, {start} + 2 * {n}, 2)"),
            )
        })
}

/// When the request takes the first N terms of a sequence and the code's stepped `range`
/// holds another number of them: that range, how many it holds, N and a range of N. The
/// 1.5B model summed `range(3, 51, 4)` for the first 50 terms of 3, 7, 11, 15… (thirty-first
/// set, task 9).
fn terms_cut_short(request: &str, code: &str) -> Option<(String, u64, u64, String)> {
    let n = terms_asked(request)?;
    let bare = uncommented(code);
    ranges_written(&bare)
        .into_iter()
        .find(|r| r.step > 1 && r.len > 0 && r.len != n)
        .map(|r| {
            let (start, step) = (r.start, r.step);
            (
                r.written.to_string(),
                r.len,
                n,
                format!("range({start}, {start} + {step} * {n}, {step})"),
            )
        })
}

/// N of a request that asks about the first N odd or even numbers ("the first 15 odd
/// numbers"), and whether they are odd.
fn first_odd_or_even(request: &str) -> Option<(u64, bool)> {
    static ASKED: std::sync::LazyLock<Option<regex::Regex>> = std::sync::LazyLock::new(|| {
        regex::Regex::new(
            r"\bfirst (\d+) (odd|even) (?:natural |positive |whole )?(?:numbers|integers)",
        )
        .ok()
    });
    let lower = request.to_lowercase();
    let asked = ASKED.as_ref()?.captures(&lower)?;
    Some((
        asked.get(1)?.as_str().parse().ok()?,
        asked.get(2)?.as_str() == "odd",
    ))
}

/// A `range(start, end)` or `range(start, end, step)` the code writes with whole numbers.
struct RangeWritten<'c> {
    written: &'c str,
    start: u64,
    step: u64,
    /// How many numbers it holds.
    len: u64,
}

/// The ranges of literal bounds `code` writes, in order.
fn ranges_written(code: &str) -> Vec<RangeWritten<'_>> {
    static RANGE: std::sync::LazyLock<Option<regex::Regex>> = std::sync::LazyLock::new(|| {
        regex::Regex::new(r"range\(\s*(\d+)\s*,\s*(\d+)\s*(?:,\s*(\d+)\s*)?\)").ok()
    });
    let Some(range) = RANGE.as_ref() else {
        return Vec::new();
    };
    range
        .captures_iter(code)
        .filter_map(|c| {
            let start: u64 = c.get(1)?.as_str().parse().ok()?;
            let end: u64 = c.get(2)?.as_str().parse().ok()?;
            let step: u64 = c.get(3).map_or(Some(1), |m| m.as_str().parse().ok())?;
            (step > 0).then(|| RangeWritten {
                written: c.get(0).map_or("", |m| m.as_str()),
                start,
                step,
                len: end.saturating_sub(start).div_ceil(step),
            })
        })
        .collect()
}

/// When the request asks about the first N odd (or even) numbers and the code never makes odd
/// or even numbers (no step of 2, no `% 2`, no `2 * k`): N, odd or even, and the k-th one's
/// form. The 0.5B model summed the squares of 1 to 15, twice (thirtieth set, task 10).
fn odd_numbers_unmade(request: &str, code: &str) -> Option<(u64, &'static str, &'static str)> {
    let (n, odd) = first_odd_or_even(request)?;
    let (kind, form) = if odd {
        ("odd", "2 * k - 1")
    } else {
        ("even", "2 * k")
    };
    // A power of 2 (`i ** 2`) makes no odd numbers.
    let bare = uncommented(code).replace(' ', "").replace("**", "^");
    let makes = [",2)", "%2", "2*", "*2", "+=2", "[::2]", "[1::2]"]
        .iter()
        .any(|w| bare.contains(w));
    (!makes).then_some((n, kind, form))
}

/// Whether the request asks for an alternating sum and the code signs the digits by their
/// value (`digit % 2`), never by their place (no `enumerate`, index or step): the 0.5B model
/// added the odd digits and took away the even ones (thirtieth set, task 7).
fn alternating_by_value(request: &str, code: &str) -> bool {
    let lower = request.to_lowercase();
    if !lower.contains("alternating") {
        return false;
    }
    let bare = uncommented(code).replace(' ', "");
    let by_place = [
        "enumerate(",
        "range(len(",
        "[::2]",
        "[1::2]",
        "[0::2]",
        "sign",
        "*=-1",
        "=-sign",
        "(-1)**",
    ]
    .iter()
    .any(|w| bare.contains(w));
    bare.contains("%2") && !by_place
}

/// A regular expression given to `re.findall` or `re.finditer` that begins with `^`, where the
/// code reads a file whole (`.read()`) and asks for no multi-line matching (`re.M`,
/// `re.MULTILINE`, `(?m)`) and loops over no lines: the pattern as written.
fn anchored_without_multiline(code: &str) -> Option<String> {
    static ANCHORED: std::sync::LazyLock<Option<regex::Regex>> = std::sync::LazyLock::new(|| {
        regex::Regex::new(r#"re\.(?:findall|finditer)\(\s*(r?(?:'\^[^'\n]*'|"\^[^"\n]*"))"#).ok()
    });
    let bare = uncommented(code);
    if !bare.contains(".read()")
        || [
            "re.M",
            "MULTILINE",
            "(?m)",
            "for line in",
            "splitlines",
            "readlines",
        ]
        .iter()
        .any(|w| bare.contains(w))
    {
        return None;
    }
    Some(
        ANCHORED
            .as_ref()?
            .captures(&bare)?
            .get(1)?
            .as_str()
            .to_string(),
    )
}

/// A CSV column the code compares (`>=`, `<=`, `>`, `<`) with a time of day written as text
/// (`'09:00'`), where the column holds dates with times (`2026-12-01 08:45:00`): the column,
/// the time and the column's first value.
fn time_compared_with_datetime(code: &str, cwd: &Path) -> Option<(String, String, String)> {
    static COMPARED: std::sync::LazyLock<Option<regex::Regex>> = std::sync::LazyLock::new(|| {
        regex::Regex::new(
            r#"\[\s*['"](\w+)['"]\s*\]\s*(?:>=|<=|>|<)\s*['"](\d{1,2}:\d{2}(?::\d{2})?)['"]"#,
        )
        .ok()
    });
    static STAMP: std::sync::LazyLock<Option<regex::Regex>> =
        std::sync::LazyLock::new(|| regex::Regex::new(r"^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}").ok());
    let bare = uncommented(code);
    let compared: Vec<(String, String)> = COMPARED
        .as_ref()?
        .captures_iter(&bare)
        .filter_map(|c| {
            Some((
                c.get(1)?.as_str().to_string(),
                c.get(2)?.as_str().to_string(),
            ))
        })
        .collect();
    if compared.is_empty() {
        return None;
    }
    named_files(code).into_iter().find_map(|name| {
        let (header, text) = csv_file(cwd, name)?;
        let rows = csv_rows(&text);
        compared.iter().find_map(|(column, time)| {
            let i = header.iter().position(|h| h == column)?;
            let sample = rows.first()?.get(i)?.to_string();
            STAMP
                .as_ref()?
                .is_match(&sample)
                .then(|| (column.clone(), time.clone(), sample))
        })
    })
}

/// When the request asks about the comments of a source file (`main.go`) and the code tests
/// lines for another language's comment mark (`startswith('#')`) and never for the file's own
/// (`//`): the file, the mark tested and the file's own. The 0.5B model counted the `#` lines
/// of main.go (thirtieth set, task 33).
fn comment_mark_wrong(request: &str, code: &str) -> Option<(String, &'static str, &'static str)> {
    let lower = request.to_lowercase();
    if !lower.contains("comment") {
        return None;
    }
    let (file, right) = named_files(request).into_iter().find_map(|f| {
        let ext = f.rsplit_once('.')?.1.to_lowercase();
        let mark = match ext.as_str() {
            "go" | "js" | "ts" | "java" | "c" | "h" | "cpp" | "cc" | "rs" | "cs" | "swift"
            | "kt" | "scala" | "dart" => "//",
            "py" | "sh" | "rb" | "yaml" | "yml" | "toml" | "r" | "pl" | "conf" | "ini" => "#",
            "sql" | "lua" | "hs" => "--",
            _ => return None,
        };
        Some((f.to_string(), mark))
    })?;
    let bare = uncommented(code);
    let tested: Vec<&'static str> = string_literals(&bare)
        .into_iter()
        .filter_map(|s| match s.trim() {
            "#" => Some("#"),
            "//" => Some("//"),
            "--" => Some("--"),
            _ => None,
        })
        .collect();
    // No mark tested at all is the same slip: the 0.5B model counted the lines that start
    // with neither `func` nor `return` (the same task's re-run).
    let wrong = tested.iter().find(|m| **m != right).copied().unwrap_or("");
    // No mark tested at all is told only of a language whose mark is not Python's: for `#`,
    // the hints on lines counted whole say more.
    if wrong.is_empty() && right == "#" {
        return None;
    }
    (!tested.contains(&right)).then_some((file, wrong, right))
}

/// Whether the request asks about bullet points (under headings) and the code never tests a
/// line for a bullet's mark: the 0.5B model printed notes.md's longest heading for the one with
/// the most bullet points (thirtieth set, task 22).
fn bullets_uncounted(request: &str, code: &str) -> bool {
    let lower = request.to_lowercase();
    if !lower.contains("bullet") {
        return false;
    }
    let bare = uncommented(code);
    // Not the word "bullet", which the model's printed sentence holds (the same task's
    // re-run).
    ![
        "'- ", "\"- ", "'-'", "\"-\"", "'* ", "'*'", "[-*]", "\\-", "[*-]",
    ]
    .iter()
    .any(|w| bare.contains(w))
}

/// What is said of random draws where the request asks how many ([`random_for_count`]).
const RANDOM_FOR_COUNT: &str = "my request asks for an exact number, and your code draws at random, which gives another guess each run: count every case instead, with `math.comb(n, k)` for the ways to choose k of n (`itertools.combinations` lists them).";

/// Whether the request asks how many (ways, hands, outcomes) and the code draws at random
/// (`random.choice`, `random.shuffle`…): the 0.5B model dealt five random cards for the
/// number of flush hands (thirtieth set, task 2). Not a request that asks for a simulation.
fn random_for_count(request: &str, code: &str) -> bool {
    let lower = request.to_lowercase();
    let counts = lower.contains("how many") || lower.contains("number of ways");
    let simulated = ["simulat", "random", "shuffle", "estimate"]
        .iter()
        .any(|w| lower.contains(w));
    counts && !simulated && uncommented(code).contains("random.")
}

/// When the request gives a price after a percent change ("costs 40 after a 20% discount")
/// and asks for the one before it, and the code divides nothing (it took the change off the
/// price given): the rate and whether the change was up or down. The 0.5B model printed
/// `40 - 40 * 0.20`, 32.0 (thirty-third set, task 5).
fn percent_taken_forward(request: &str, code: &str) -> Option<(String, &'static str)> {
    static AFTER: std::sync::LazyLock<Option<regex::Regex>> = std::sync::LazyLock::new(|| {
        regex::Regex::new(
            r"\bafter (?:an? )?(\d+(?:\.\d+)?)\s*(?:%|percent) (discount|off|reduction|cut|increase|tax|markup|raise|rise)",
        )
        .ok()
    });
    let lower = request.to_lowercase();
    let asks_before = ["before", "original", "at first", "used to"]
        .iter()
        .any(|w| lower.contains(w));
    let found = AFTER.as_ref()?.captures(&lower)?;
    let change = match found.get(2)?.as_str() {
        "discount" | "off" | "reduction" | "cut" => "down",
        _ => "up",
    };
    let bare = uncommented(code);
    let divides = bare.contains('/');
    let rate = found.get(1)?.as_str().to_string();
    (asks_before && !divides).then_some((rate, change))
}

/// Whether the run printed a changelog's `Unreleased` heading for a released version: the
/// 1.5B model took the first `## [...]` of a CHANGELOG.md, twice (thirty-second set, task 32).
fn unreleased_for_release(request: &str, value: &str) -> bool {
    let lower = request.to_lowercase();
    let asks = lower.contains("released") || lower.contains("latest release");
    asks && !lower.contains("unreleased")
        && words_in(value).any(|w| w.eq_ignore_ascii_case("unreleased"))
        && !value.chars().any(|c| c.is_ascii_digit())
}

/// What is said of random draws where the request asks for a probability
/// ([`random_for_probability`]).
const RANDOM_FOR_PROBABILITY: &str = "my request asks for an exact probability, and your code draws at random, which gives another estimate each run: list every outcome instead (`itertools.product('HT', repeat=6)` for six flips, `itertools.product(range(1, 7), repeat=2)` for two dice), and divide the number of those that count by the number of all.";

/// Whether the request asks for a probability (a chance) and the code draws at random: the
/// 1.5B model printed 0.3054 from 10000 draws of six flips for exactly 3 heads (thirty-third
/// set, task 3). Not a request that asks for a simulation.
fn random_for_probability(request: &str, code: &str) -> bool {
    let lower = request.to_lowercase();
    let chance = ["probability", "chance", "odds"]
        .iter()
        .any(|w| lower.contains(w));
    let simulated = ["simulat", "random", "shuffle", "estimate"]
        .iter()
        .any(|w| lower.contains(w));
    chance && !simulated && uncommented(code).contains("random.")
}

/// When the request asks for numbers with no common factor with one of its numbers but 1
/// (coprime, relatively prime to it) and the code takes no greatest common divisor: that
/// number. The 1.5B model counted those not divisible by 50 (thirty-third set, task 8).
fn common_factor_untaken(request: &str, code: &str) -> Option<String> {
    static ASKED: std::sync::LazyLock<Option<regex::Regex>> = std::sync::LazyLock::new(|| {
        regex::Regex::new(
            r"(?:common (?:factors?|divisors?) with|coprime (?:to|with)|relatively prime (?:to|with))\s+(\d+)",
        )
        .ok()
    });
    let lower = request.to_lowercase();
    let n = ASKED
        .as_ref()?
        .captures(&lower)?
        .get(1)?
        .as_str()
        .to_string();
    let bare = uncommented(code);
    (!bare.contains("gcd") && !bare.contains("totient") && !bare.contains("coprime")).then_some(n)
}

/// When the request asks for a Catalan number and the run printed one number of its own that
/// is none: that number. The 0.5B model summed the two numbers before, as for Fibonacci's, and
/// printed 233 for the 12th (thirtieth set, task 1).
fn not_catalan_printed(request: &str, value: &str) -> Option<String> {
    let lower = request.to_lowercase();
    if !words_in(&lower).any(|w| w == "catalan") {
        return None;
    }
    let [n] = printed_beyond_request(request, value)[..] else {
        return None;
    };
    let number: u128 = n.parse().ok()?;
    let mut catalan: u128 = 1;
    for k in 0..60u128 {
        if catalan >= number {
            break;
        }
        catalan = catalan * 2 * (2 * k + 1) / (k + 2);
    }
    (catalan != number).then(|| n.to_string())
}

/// When the request gives a geometric sequence's first terms ("3, 6, 12, ...") and the code
/// never divides and never writes their ratio: the first term, the second and the ratio. The
/// 0.5B model passed the second term, 6, as the ratio (twenty-ninth set, task 5).
fn geometric_ratio_unused(request: &str, code: &str) -> Option<(String, String, String)> {
    static TERMS: std::sync::LazyLock<Option<regex::Regex>> = std::sync::LazyLock::new(|| {
        regex::Regex::new(r"(-?\d+(?:\.\d+)?),\s*(-?\d+(?:\.\d+)?),\s*(-?\d+(?:\.\d+)?)").ok()
    });
    if !request.to_lowercase().contains("geometric") {
        return None;
    }
    let terms = TERMS.as_ref()?.captures(request)?;
    let (first, second, third) = (&terms[1], &terms[2], &terms[3]);
    let (a, b, c): (f64, f64, f64) = (
        first.parse().ok()?,
        second.parse().ok()?,
        third.parse().ok()?,
    );
    if a == 0.0 || b == 0.0 || (b / a - c / b).abs() > 1e-9 {
        return None;
    }
    let ratio = b / a;
    let ratio = if ratio.fract() == 0.0 {
        format!("{ratio:.0}")
    } else {
        format!("{ratio}")
    };
    let bare = uncommented(code);
    let used = bare.contains('/') || numbers_in(&bare).iter().any(|n| same_number(n, &ratio));
    (!used).then(|| (first.to_string(), second.to_string(), ratio))
}

/// Whether the request asks how long a word or text is ("How long is the longest word in …?")
/// and the run printed no number at all. The 0.5B model printed the longest word itself
/// (twenty-eighth set, task 2). Not a time ("how long does it take", "how long ago").
fn length_unprinted(request: &str, value: &str) -> bool {
    let lower = request.trim_start().to_lowercase();
    let texts = [
        "word", "name", "line", "text", "string", "sentence", "title",
    ];
    lower.starts_with("how long is")
        && words_in(&lower).any(|w| texts.iter().any(|t| w.starts_with(t)))
        && !value.trim().is_empty()
        && numbers_in(value).is_empty()
}

/// Whether the request gives a rate per hour and the code turned the time into minutes and
/// never back into hours (`total_minutes = hours * 60 + minutes`, `cost = total_minutes *
/// rate`). The 0.5B model charged 2 hours 15 minutes at 28 per hour as 3780 (twenty-eighth set,
/// task 7).
fn hourly_rate_by_minutes(request: &str, code: &str) -> bool {
    let lower = request.to_lowercase();
    let per_hour = ["per hour", "an hour", "/hour", "/h ", "hourly"]
        .iter()
        .any(|w| lower.contains(w));
    let bare = uncommented(code).replace(' ', "");
    per_hour
        && lower.contains("minute")
        && bare.contains("*60")
        && !bare.contains("/60")
        && !bare.contains("/60.")
}

/// Whether the request asks how many digits a number has and the run printed one whole number
/// of more digits than such a count has. The 0.5B model printed `pow(2, 100)` itself. (Its
/// count is not said: told "which has 31 digits", the model answered 31 with no code.)
fn digits_for_count(request: &str, value: &str) -> bool {
    let numbers = numbers_in(value);
    let [n] = numbers.as_slice() else {
        return false;
    };
    request.to_lowercase().contains("how many digits")
        && n.chars().all(|c| c.is_ascii_digit())
        && n.len() > 4
}

/// When the request asks how many digits and the last number the run printed has a
/// fraction: that number. The 0.5B model printed "The number 1267650600228229401496703205376
/// to the power of 30.10299956639812 has 30.10299956639812 digits.", from
/// `math.log10(2 ** 100)` (twelfth set, task 11).
fn digits_as_fraction<'v>(request: &str, value: &'v str) -> Option<&'v str> {
    let n = *numbers_in(value).last()?;
    (request.to_lowercase().contains("how many digits")
        && n.contains('.')
        && n.parse::<f64>().is_ok_and(|f| f.fract() != 0.0))
    .then_some(n)
}

/// When the request asks about the digits of a number and the code took a power with
/// `math.pow` (a float): the call and the whole-number power to use. The 1.5B model printed
/// `len(str(math.pow(2, 100)))`, 22, the length of `1.2676506002282294e+30` (twelfth set,
/// task 11).
fn float_power(request: &str, code: &str) -> Option<(String, String)> {
    static POW: std::sync::LazyLock<Option<regex::Regex>> = std::sync::LazyLock::new(|| {
        regex::Regex::new(r"math\.pow\(\s*(\w+)\s*,\s*(\w+)\s*\)").ok()
    });
    if !request.to_lowercase().contains("digit") {
        return None;
    }
    let bare = uncommented(code);
    let c = POW.as_ref()?.captures(&bare)?;
    Some((c[0].to_string(), format!("{} ** {}", &c[1], &c[2])))
}

/// What [`broken_call_answer_nudge`] adds after the reason a call could not be read.
const BROKEN_CALL_ANSWER: &str =
    "so nothing ran. Write the code itself in a ```python fenced block, not inside JSON,";

/// When the model's answer is a call written as JSON that does not parse (a fenced `json`
/// block or the whole reply, naming `"name"` and `"arguments"`), after code ran this turn: the
/// correction, once after each run. The profile leaves a broken call of an invented name to the
/// coaching, and with a run in the turn nothing else spoke: the 0.5B model's
/// `{"name": "sum_ascii_codes_of_letters_of_CAT", …"code": "… cat)}}`, its string never
/// closed, ended the turn as the answer.
pub fn broken_call_answer_nudge(history: &History, answer: &str) -> Option<String> {
    let (asked, turn) = history.last_turn()?;
    // Once since the last run: the 0.5B model, told, wrote a python block that failed, then
    // the same broken call again.
    let since_run = turn
        .iter()
        .rposition(|i| {
            matches!(i, HistoryItem::ToolResult { tool_name, .. }
                if tool_name != crate::profile::FORMAT_ERROR)
        })
        .map_or(turn, |at| &turn[at..]);
    if already_nudged(since_run, BROKEN_CALL_ANSWER) {
        return None;
    }
    let problem = crate::profile::text_calls::broken_call_of_any_name(answer)?;
    Some(format!(
        "{} ({problem}), {BROKEN_CALL_ANSWER} that computes the answer to my request ({}) and prints it.",
        crate::profile::UNREADABLE_CALL,
        request_text(asked)
    ))
}
