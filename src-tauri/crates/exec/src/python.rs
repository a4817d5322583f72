//! The Python kernel: `python3 -u` running an embedded driver (drivers/python_kernel.py)
//! that executes JSON requests in one namespace and shows a final expression's value, with
//! classic Open Interpreter's `computer` object preloaded (drivers/python_computer.py).

use crate::kernel::{KernelSpec, Request};
use crate::language::Language;

/// The `computer` object's factory, then the driver that preloads it.
const DRIVER: &str = concat!(
    include_str!("drivers/python_computer.py"),
    "\n",
    include_str!("drivers/python_kernel.py")
);

pub(crate) fn spec() -> KernelSpec {
    KernelSpec {
        language: Language::Python,
        args: vec!["-u".into(), "-c".into(), DRIVER.into()],
        env: &[("PYTHONUNBUFFERED", "1"), ("PYTHONIOENCODING", "utf-8")],
        encode: json_request,
        uses_scratch: false,
    }
}

/// One line of JSON: `{"code": …, "marker": …}`. Shared with the JavaScript kernel.
pub(crate) fn json_request(request: &Request<'_>) -> std::io::Result<Vec<u8>> {
    let mut line = serde_json::to_vec(&serde_json::json!({
        "code": request.code,
        "marker": request.marker,
    }))?;
    line.push(b'\n');
    Ok(line)
}
