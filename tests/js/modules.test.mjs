// Every module of the browser client parses as an ES module (a syntax error would only show
// in a browser otherwise), and the parts that need no DOM load in Node.
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import test from "node:test";
import { fileURLToPath } from "node:url";

const WEB = fileURLToPath(new URL("../../src/rumizi/web/", import.meta.url));

function modules(dir = WEB) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === "vendor" ? [] : modules(path);
    return name.endsWith(".js") ? [path] : [];
  });
}

test("every module parses as an ES module", () => {
  const files = modules();
  assert.ok(files.length > 30);
  for (const file of files)
    execFileSync(process.execPath, ["--input-type=module", "--check"], { input: readFileSync(file), stdio: ["pipe", "ignore", "pipe"] }, relative(WEB, file));
});

test("the store, the words and the game's context load without a DOM", async () => {
  for (const part of ["page/store.js", "page/ctx.js", "page/words.js", "page/games.js", "components/texts.js"])
    await import(new URL(`../../src/rumizi/web/${part}`, import.meta.url));
  assert.equal(typeof document, "undefined");
});
