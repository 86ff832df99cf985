// Runs a Python file in Pyodide under Node: the browser's own Python, for a build step of
// scripts/build_site.py that must use its version (compiling the wheels to its bytecode).
//
//     node site/run_in_pyodide.mjs PYODIDE_DIR WORK_DIR SCRIPT.py
//
// PYODIDE_DIR holds the npm package pyodide (the pinned runtime); WORK_DIR is mounted at /build
// in Python's file system, where the script reads and writes. Nothing is fetched from the
// network: the script uses the standard library only.
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";

const [pyodideDir, work, script] = process.argv.slice(2);
if (!script) {
  console.error("usage: node run_in_pyodide.mjs PYODIDE_DIR WORK_DIR SCRIPT.py");
  process.exit(2);
}
const { loadPyodide } = await import(pathToFileURL(resolve(pyodideDir, "pyodide.mjs")).href);
// A fixed hash seed: the same sources give the same bytecode, build after build.
const pyodide = await loadPyodide({ indexURL: resolve(pyodideDir) + "/", env: { PYTHONHASHSEED: "0" } });
pyodide.FS.mkdirTree("/build");
pyodide.FS.mount(pyodide.FS.filesystems.NODEFS, { root: resolve(work) }, "/build");
try {
  await pyodide.runPythonAsync(readFileSync(script, "utf8"));
  pyodide.runPython("import sys; sys.stdout.flush(); sys.stderr.flush()");
} catch (error) {
  console.error(String(error));
  process.exit(1);
}
