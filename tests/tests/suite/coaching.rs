//! The harness carries a weak model through its slips, seen from the outside: `interpreter
//! exec --json -y` with a scripted model that writes its code as text (as small local models
//! do), and the engine's corrections in the events and in what the model is sent next.

use oi_product_tests::{Sandbox, exec_scripted, of_type, spawn_pty, tool_outputs};
use oi_test_support::{Script, ScriptedModelServer, ScriptedResponse};

fn python(code: &str) -> ScriptedResponse {
    ScriptedResponse::text(format!("```python\n{code}\n```"))
}

fn notices(events: &[serde_json::Value]) -> Vec<String> {
    of_type(events, "notice")
        .iter()
        .map(|e| e["msg"]["message"].as_str().unwrap_or_default().to_string())
        .collect()
}

/// Code that opened a path beside the file, sent back unchanged after the hint, runs with the
/// file's own name: the engine's call, through the gate, said in a notice.
#[test]
fn code_sent_back_unchanged_after_a_wrong_path_runs_mended() {
    let sb = Sandbox::new();
    std::fs::write(
        sb.work().join("app.log"),
        "2024-03-02 WARN disk almost full\n",
    )
    .unwrap();
    let wrong = "print(open('/nowhere/app.log').read())";
    let (server, events) = exec_scripted(
        &sb,
        vec![
            python(wrong),
            python(wrong),
            ScriptedResponse::text("The WARN line is from 2024-03-02."),
        ],
        "On which date does app.log have a WARN line?",
    );
    let outputs = tool_outputs(&events);
    assert_eq!(outputs.len(), 2, "{outputs:?}");
    assert!(outputs[0].contains("FileNotFoundError"), "{outputs:?}");
    assert!(
        outputs[1].contains("2024-03-02 WARN disk almost full"),
        "{outputs:?}"
    );
    let codes: Vec<String> = of_type(&events, "tool_call_proposed")
        .iter()
        .map(|e| {
            e["msg"]["call"]["arguments"]["code"]
                .as_str()
                .unwrap_or_default()
                .to_string()
        })
        .collect();
    assert_eq!(codes[1], "print(open('app.log').read())", "{codes:?}");
    assert!(
        notices(&events)
            .iter()
            .any(|n| n.contains("running it with app.log")),
        "{events:?}"
    );
    assert_eq!(server.model_requests().len(), 3);
}

/// An answer from code that never read the file the request names is sent back once, and
/// the model's next code reads it.
#[test]
fn an_answer_from_code_that_never_read_the_named_file_is_sent_back() {
    let sb = Sandbox::new();
    std::fs::write(sb.work().join("numbers.txt"), "4\n8\n15\n").unwrap();
    let (server, events) = exec_scripted(
        &sb,
        vec![
            python("print(sum([1, 2, 3, 4, 5]))"),
            ScriptedResponse::text("The sum of the numbers in numbers.txt is 15."),
            python("print(sum(int(l) for l in open('numbers.txt')))"),
            ScriptedResponse::text("The sum of the numbers in numbers.txt is 27."),
        ],
        "What is the sum of the numbers in numbers.txt?",
    );
    let outputs = tool_outputs(&events);
    assert!(outputs.iter().any(|o| o.trim() == "27"), "{outputs:?}");
    let requests = server.model_requests();
    assert_eq!(requests.len(), 4);
    // Told at the run itself, with the line that opens the file, and again at the answer.
    let second = serde_json::to_string(requests[1].messages()).unwrap();
    assert!(
        second.contains("Your code did not read numbers.txt: it printed data of its own. Write Python code that starts with `text = open('numbers.txt').read()`"),
        "{second}"
    );
    let third = serde_json::to_string(requests[2].messages()).unwrap();
    assert!(third.contains("did not read numbers.txt"), "{third}");
    let answers = of_type(&events, "assistant_message");
    assert_eq!(
        answers.last().unwrap()["msg"]["text"],
        "The sum of the numbers in numbers.txt is 27."
    );
}

/// "What is the greatest common divisor of 462 and 1071?": the code prints 21, the model
/// answers 19, is told so, and answers 21.
fn gcd_answered_19_then_21(sb: &Sandbox) -> (ScriptedModelServer, Vec<serde_json::Value>) {
    exec_scripted(
        sb,
        vec![
            python("import math\nprint(math.gcd(462, 1071))"),
            ScriptedResponse::text("The greatest common divisor of 462 and 1071 is 19."),
            ScriptedResponse::text("The greatest common divisor of 462 and 1071 is 21."),
        ],
        "What is the greatest common divisor of 462 and 1071?",
    )
}

/// An answer that ignored what its code printed is sent back with the value, and the model
/// is not shown that answer again (it said it again word for word); the person still saw it.
#[test]
fn an_answer_that_ignored_the_output_is_asked_again_without_it() {
    let sb = Sandbox::new();
    let (server, events) = gcd_answered_19_then_21(&sb);
    let requests = server.model_requests();
    assert_eq!(requests.len(), 3);
    let third = serde_json::to_string(requests[2].messages()).unwrap();
    assert!(
        third.contains("Your answer says 19, but your code printed 21."),
        "{third}"
    );
    assert!(!third.contains("is 19."), "{third}");
    let answers: Vec<String> = of_type(&events, "assistant_message")
        .iter()
        .map(|e| e["msg"]["text"].as_str().unwrap_or_default().to_string())
        .collect();
    assert!(answers.iter().any(|a| a.ends_with("is 19.")), "{answers:?}");
    assert!(answers.last().unwrap().ends_with("is 21."), "{answers:?}");
}

/// A resumed session rebuilds the conversation from its log: the answer a correction replaced
/// stays out of what the model is shown, as it was before the resume.
#[test]
fn an_answer_replaced_by_a_correction_stays_hidden_after_a_resume() {
    let sb = Sandbox::new();
    let (_, events) = gcd_answered_19_then_21(&sb);
    // The correction says, for the person, that the answer before it was set aside.
    let set_aside: Vec<&serde_json::Value> = of_type(&events, "tool_call_proposed")
        .into_iter()
        .filter(|e| e["msg"]["call"]["arguments"]["supersedes_answer"] == true)
        .collect();
    assert_eq!(set_aside.len(), 1, "{events:?}");
    assert!(
        set_aside[0]["msg"]["call"]["action"]["summary"]
            .as_str()
            .unwrap()
            .starts_with("Answer set aside"),
        "{:?}",
        set_aside[0]
    );
    let server =
        ScriptedModelServer::start_blocking(Script::new(vec![ScriptedResponse::text("Yes, 21.")]));
    let mut cmd = sb.command("interpreter");
    cmd.args(["--model", "openai/m", "--plain", "--resume"])
        .args(["--api_base", &format!("{}/v1", server.base_url())]);
    let mut p = spawn_pty(cmd);
    p.expect("resumed").unwrap();
    p.expect("> ").unwrap();
    p.send_line("Is that right?").unwrap();
    p.expect("Yes, 21.").unwrap();
    p.expect("> ").unwrap();
    p.send("\x04").unwrap();
    p.expect(expectrl::Eof).unwrap();
    let shown = serde_json::to_string(server.model_requests()[0].messages()).unwrap();
    assert!(
        shown.contains("Your answer says 19, but your code printed 21."),
        "{shown}"
    );
    assert!(shown.contains("is 21."), "{shown}");
    assert!(!shown.contains("is 19."), "{shown}");
}
