// Run pytest inside Pyodide under Node, against the INSTALLED engine wheel.
//
//   node tests/pyodide/run_pytest.mjs --wheel W.whl [--wheel ...] --tests DIR \
//        [--config pyproject.toml] [--check-import rules_engine] -- PYTEST_ARGS...
//
// The tests dir is mounted at /tests; the config (if given) is copied to
// /pyproject.toml so pytest's rootdir is "/" as in the repo. The source tree is
// never mounted, so `import rules_engine` can only find the wheel. Exits with
// pytest's return code (1 if the runner itself fails).
import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { parseArgs } from "node:util";

const here = path.dirname(fileURLToPath(import.meta.url));
const { values: opts, positionals: pytestArgs } = parseArgs({
  allowPositionals: true,
  options: {
    wheel: { type: "string", multiple: true, default: [] },
    tests: { type: "string" },
    config: { type: "string" },
    "check-import": { type: "string", default: "rules_engine" },
    "pyodide-dir": {
      type: "string",
      default: path.resolve(here, "../../site_build/node_modules/pyodide"),
    },
  },
});
if (!opts.tests) {
  console.error("run_pytest.mjs: --tests DIR is required");
  process.exit(2);
}

const { loadPyodide } = await import(
  pathToFileURL(path.join(opts["pyodide-dir"], "pyodide.mjs")).href
);
const t0 = performance.now();
const pyodide = await loadPyodide();
// Bytes as Python writes them (pytest's progress dots stay on one line); the default
// line-batched output would put each flushed dot on a line of its own.
// A copy is written: Node may still hold the bytes after write() returns.
const passOn = (stream) => ({ write: (bytes) => { stream.write(Buffer.from(bytes)); return bytes.length; } });
pyodide.setStdout(passOn(process.stdout));
pyodide.setStderr(passOn(process.stderr));
const wheels = opts.wheel.map((w) => path.resolve(w));
await pyodide.loadPackage(wheels, { messageCallback: () => {} });

pyodide.FS.mkdirTree("/tests");
pyodide.mountNodeFS("/tests", path.resolve(opts.tests));
if (opts.config) {
  // A Uint8Array, not a Node Buffer, is what the Emscripten FS wants.
  pyodide.FS.writeFile("/pyproject.toml", new Uint8Array(readFileSync(opts.config)));
}
const loadSeconds = ((performance.now() - t0) / 1000).toFixed(1);

pyodide.globals.set("check_import", opts["check-import"]);
pyodide.globals.set("pytest_args", pyodide.toPy(pytestArgs));
pyodide.globals.set("load_seconds", loadSeconds);
let rc;
try {
  rc = await pyodide.runPythonAsync(`
import importlib, os, sys
sys.dont_write_bytecode = True  # no __pycache__ written through the mount
os.chdir("/")
mod = importlib.import_module(check_import)
where = os.path.dirname(mod.__file__)
print(f"Pyodide: Python {sys.version.split()[0]} on {sys.platform}; loaded in {load_seconds} s")
print(f"{check_import} imported from {where}")
if "site-packages" not in where:
    raise SystemExit(f"{check_import} must come from the installed wheel, not {where}")
import pytest
int(pytest.main(list(pytest_args)))
`);
} catch (err) {
  console.error(`run_pytest.mjs: Python failed inside Pyodide:\n${err.message ?? err}`);
  process.exit(1);
}
process.exit(rc);
