// Open Interpreter's JavaScript kernel driver (embedded in oi-exec, run with `node -e`).
// Reads one JSON request a line, {"code": ..., "marker": ...}, from stdin, runs the code as
// a script in this global context (so var, let, const, function and class declarations
// persist), prints the completion value with util.inspect unless it is undefined (a
// promise is awaited first), then writes "MARKER:<0|1>\n" on stdout and "MARKER" on stderr.
'use strict';
// Everything lives in this function: top-level `let`/`const` of a script share the global
// lexical scope with the code it runs, and would collide with the person's names.
(() => {
const vm = require('vm');
const util = require('util');
const path = require('path');
const readline = require('readline');
const { createRequire } = require('module');

globalThis.require = createRequire(path.join(process.cwd(), '__oi_kernel__.js'));

function describe(error) {
  return error && error.stack ? error.stack : util.inspect(error);
}

// Errors of callbacks that outlive their block must not end the kernel.
process.on('uncaughtException', (error) => process.stderr.write(describe(error) + '\n'));
process.on('unhandledRejection', (error) => process.stderr.write(describe(error) + '\n'));

let count = 0;
async function run(request) {
  count += 1;
  let ok = true;
  try {
    let value = vm.runInThisContext(request.code, { filename: `cell${count}.js` });
    if (value !== null && typeof value === 'object' && typeof value.then === 'function') {
      value = await value;
    }
    if (value !== undefined) {
      process.stdout.write(util.inspect(value) + '\n');
    }
  } catch (error) {
    ok = false;
    process.stderr.write(describe(error) + '\n');
  }
  process.stdout.write(`${request.marker}:${ok ? 0 : 1}\n`);
  process.stderr.write(request.marker);
}

const control = readline.createInterface({ input: process.stdin, terminal: false });
let queue = Promise.resolve();
control.on('line', (line) => {
  if (!line.trim()) return;
  const request = JSON.parse(line);
  queue = queue.then(() => run(request));
});
control.on('close', () => queue.then(() => process.exit(0)));
})();
