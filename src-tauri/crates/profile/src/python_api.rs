//! A tool call named after a function of Python's `computer` API, which the classic prompt
//! describes: a small model reads `computer.files.find(kind="pdf", modified_within="7d")` in
//! its instructions and calls `{"name": "find", "arguments": {"kind": "pdf", …}}` as if it
//! were a tool. When the arguments are that function's parameters, the call is the Python it
//! meant, and runs as such through `execute`.

use serde_json::{Map, Value};

/// One function of the API: the names a model calls it by, its parameters (required first).
struct Function {
    path: &'static str,
    names: &'static [&'static str],
    required: &'static [&'static str],
    optional: &'static [&'static str],
    /// Python that prints the call's result (`{call}` is the call).
    print: &'static str,
}

const FUNCTIONS: &[Function] = &[
    Function {
        path: "computer.files.find",
        names: &["find", "find_files", "files_find", "find_documents"],
        required: &[],
        optional: &["kind", "modified_within", "folder", "name"],
        print: "found = {call}\nprint(\"\\n\".join(found) if found else \"No such files.\")",
    },
    Function {
        path: "computer.files.read",
        names: &["read", "read_file", "files_read", "read_document"],
        required: &["path"],
        optional: &["pages"],
        print: "print({call})",
    },
];

/// The Python that carries out `name(arguments)` when it names an API function and its
/// arguments are that function's, with the function's path for the event that says so.
pub(super) fn as_python(name: &str, arguments: &Value) -> Option<(String, &'static str)> {
    let short = name.rsplit('.').next().unwrap_or(name);
    let function = FUNCTIONS
        .iter()
        .find(|f| f.names.contains(&short) || f.path == name)?;
    let given = arguments.as_object()?;
    let known = |k: &String| {
        function.required.contains(&k.as_str()) || function.optional.contains(&k.as_str())
    };
    if !given.keys().all(known) || !function.required.iter().all(|k| given.contains_key(*k)) {
        return None;
    }
    let call = format!("{}({})", function.path, keyword_arguments(function, given)?);
    Some((function.print.replace("{call}", &call), function.path))
}

/// `kind="pdf", modified_within="7d"`, in the function's order; `None` for a value Python
/// would not take as written (an object).
fn keyword_arguments(function: &Function, given: &Map<String, Value>) -> Option<String> {
    let mut out = Vec::new();
    for name in function.required.iter().chain(function.optional) {
        let Some(value) = given.get(*name) else {
            continue;
        };
        out.push(format!("{name}={}", python_literal(value)?));
    }
    Some(out.join(", "))
}

fn python_literal(value: &Value) -> Option<String> {
    Some(match value {
        Value::Null => "None".into(),
        Value::Bool(true) => "True".into(),
        Value::Bool(false) => "False".into(),
        // A JSON string or number is written the same in Python.
        Value::String(_) | Value::Number(_) => value.to_string(),
        Value::Array(items) => {
            let items: Option<Vec<String>> = items.iter().map(python_literal).collect();
            format!("[{}]", items?.join(", "))
        }
        Value::Object(_) => return None,
    })
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    #[test]
    fn an_api_function_called_as_a_tool_is_its_python() {
        let (code, path) =
            as_python("find", &json!({"kind": "pdf", "modified_within": "7d"})).unwrap();
        assert_eq!(path, "computer.files.find");
        assert_eq!(
            code,
            "found = computer.files.find(kind=\"pdf\", modified_within=\"7d\")\n\
             print(\"\\n\".join(found) if found else \"No such files.\")"
        );
        let (code, _) = as_python(
            "computer.files.read",
            &json!({"path": "/d/it's \"a\".pdf", "pages": null}),
        )
        .unwrap();
        assert_eq!(
            code,
            "print(computer.files.read(path=\"/d/it's \\\"a\\\".pdf\", pages=None))"
        );
        let (code, _) = as_python("read_file", &json!({"pages": 2, "path": "a.pdf"})).unwrap();
        assert_eq!(code, "print(computer.files.read(path=\"a.pdf\", pages=2))");
    }

    #[test]
    fn other_names_and_arguments_are_not_taken() {
        for (name, arguments) in [
            ("median", json!({"numbers": [1, 2]})),
            ("find", json!({"pattern": "*.pdf"})),
            ("read", json!({"pages": 2})),
            ("read", json!({"path": {"nested": 1}})),
            ("find", json!("pdf")),
        ] {
            assert_eq!(as_python(name, &arguments), None, "{name} {arguments}");
        }
    }
}
