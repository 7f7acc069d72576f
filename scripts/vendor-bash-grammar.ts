/**
 * Copies bash's grammar, compiled to WebAssembly, from the tree-sitter-bash devDependency to
 * src/agents/permissions/shell/, where the package ships it (src/agents/permissions/shell/grammar.ts says why it is vendored).
 * Run after changing tree-sitter-bash's version: test/agents/permissions/shell/grammar.test.ts fails on a stale copy.
 */
import { copyFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";

const from = createRequire(import.meta.url).resolve("tree-sitter-bash/tree-sitter-bash.wasm");
copyFileSync(from, join(import.meta.dirname, "..", "src", "agents", "permissions", "shell", "tree-sitter-bash.wasm"));
