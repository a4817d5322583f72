//! The JavaScript kernel: `node` running an embedded driver (drivers/node_kernel.js) that
//! evaluates each block as a script in the kernel's global context with `vm`, so
//! declarations persist, and shows the block's completion value.

use crate::kernel::KernelSpec;
use crate::language::Language;
use crate::python::json_request;

const DRIVER: &str = include_str!("drivers/node_kernel.js");

pub(crate) fn spec() -> KernelSpec {
    KernelSpec {
        language: Language::JavaScript,
        args: vec!["-e".into(), DRIVER.into()],
        env: &[("NODE_DISABLE_COLORS", "1")],
        encode: json_request,
        uses_scratch: false,
    }
}
