// Cargo's runner for wasm32-wasip1 in CI: runs one test binary under
// Node's WASI, with the test's arguments, its environment and the working
// directory (where proptest would keep a failure's seed), and exits with
// the test's own status.
import { readFile } from 'node:fs/promises';
import { cwd, env, exit, argv } from 'node:process';
import { WASI } from 'node:wasi';

const [file, ...args] = argv.slice(2);
const here = cwd();
const wasi = new WASI({
  version: 'preview1',
  args: [file, ...args],
  env,
  preopens: { [here]: here },
  returnOnExit: true,
});
const module = await WebAssembly.compile(await readFile(file));
const instance = await WebAssembly.instantiate(module, {
  wasi_snapshot_preview1: wasi.wasiImport,
});
exit(wasi.start(instance));
