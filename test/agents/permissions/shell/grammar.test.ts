/**
 * Bash's grammar as the package ships it: the vendored .wasm is the one of the tree-sitter-bash
 * version the devDependencies name (scripts/vendor-bash-grammar.ts copies it), and it loads and
 * reads a line. A failed load is refused at the check, not waved through.
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { loadShellGrammar } from "../../../../src/agents/permissions/shell/grammar.ts";
import type { SyntaxNode } from "../../../../src/agents/permissions/shell/syntax-node.ts";

const ROOT = join(import.meta.dirname, "..", "..", "..", "..");

describe("the vendored grammar", () => {
	it("is the devDependency's (run node scripts/vendor-bash-grammar.ts after updating tree-sitter-bash)", () => {
		const shipped = readFileSync(join(ROOT, "src", "agents", "permissions", "shell", "tree-sitter-bash.wasm"));
		const source = readFileSync(createRequire(import.meta.url).resolve("tree-sitter-bash/tree-sitter-bash.wasm"));
		expect(shipped.equals(source)).toBe(true);
	});

	it("loads once and reads a line into bash's tree", async () => {
		const grammar = await loadShellGrammar();
		expect(await loadShellGrammar()).toBe(grammar);
		const types = grammar.parse("git diff && rm x", (root: SyntaxNode) => root.children.map((child) => child.type));
		expect(types).toEqual(["list"]);
	});

	it("ships in the package: the file is among the package's files", () => {
		const pkg = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")) as {
			files: string[];
			dependencies: Record<string, string>;
		};
		expect(pkg.files).toContain("src");
		expect(pkg.dependencies["web-tree-sitter"]).toMatch(/^[0-9]+\.[0-9]+\.[0-9]+$/);
	});
});
