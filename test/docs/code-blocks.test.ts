/**
 * Every TypeScript block in README.md and docs/ that imports the package is compiled against the
 * package's real exports, so an example can never name something src/index.ts does not export, or
 * call it with arguments it does not take.
 */
import { execFileSync } from "node:child_process";
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { tempDir } from "../support/temp.ts";

const ROOT = resolve(import.meta.dirname, "../..");
const TSC = join(ROOT, "node_modules/.bin/tsc");

interface Block {
	file: string;
	line: number;
	code: string;
}

/** The ```ts blocks of a Markdown text that import "pi-delegate", with the line each starts on. */
function packageBlocks(file: string, text: string): Block[] {
	const blocks: Block[] = [];
	const lines = text.split("\n");
	for (let i = 0; i < lines.length; i++) {
		if (!/^```(ts|typescript)\s*$/.test(lines[i] ?? "")) continue;
		const start = i + 1;
		let end = start;
		while (end < lines.length && !(lines[end] ?? "").startsWith("```")) end++;
		const code = lines.slice(start, end).join("\n");
		if (/from\s+"pi-delegate"/.test(code)) blocks.push({ file, line: start + 1, code });
		i = end;
	}
	return blocks;
}

/** Compiles the blocks as modules that see "pi-delegate" as src/index.ts; returns tsc's complaints. */
function compile(blocks: readonly Block[]): string {
	const dir = tempDir("pi-delegate-doc-blocks-");
	const names = blocks.map((block, i) => {
		const name = `block-${i}.ts`;
		writeFileSync(join(dir, name), `// ${block.file}:${block.line}\n${block.code}\nexport {};\n`);
		return name;
	});
	const config = {
		extends: join(ROOT, "tsconfig.json"),
		compilerOptions: {
			paths: { "pi-delegate": [join(ROOT, "src/index.ts")] },
			types: ["node"],
			typeRoots: [join(ROOT, "node_modules/@types")],
		},
		include: names,
	};
	writeFileSync(join(dir, "tsconfig.json"), JSON.stringify(config));
	writeFileSync(join(dir, "package.json"), JSON.stringify({ type: "module" }));
	try {
		execFileSync(TSC, ["-p", join(dir, "tsconfig.json"), "--noEmit"], { cwd: dir, encoding: "utf8" });
		return "";
	} catch (error) {
		return String((error as { stdout?: string }).stdout ?? error);
	}
}

const markdown = [
	"README.md",
	...readdirSync(join(ROOT, "docs"))
		.filter((f) => f.endsWith(".md"))
		.map((f) => `docs/${f}`),
];
const blocks = markdown.flatMap((file) => packageBlocks(file, readFileSync(join(ROOT, file), "utf8")));

describe("code blocks that import the package", () => {
	it("are found (docs/preview.md has one)", () => {
		expect(blocks.map((b) => b.file)).toContain("docs/preview.md");
	});

	it("compile against the real exports", () => {
		expect(compile(blocks)).toBe("");
	});

	it("would fail on a name the package does not export (control)", () => {
		const bad = [{ file: "control.md", line: 1, code: 'import { childTools } from "pi-delegate";\nchildTools([]);' }];
		expect(compile(bad)).toMatch(/childTools/);
	});
});
