/**
 * CONTRIBUTING.md's rule for functions: none over 60 lines unless a comment just before it says why
 * it is kept as one ("Kept whole: …"). Every function counts — declarations, expressions, arrows
 * with a block body and methods, nested ones too — measured from its first line to its last.
 */
import { readFileSync } from "node:fs";
import { relative, resolve } from "node:path";
import { parseAst } from "rolldown/parseAst";
import { describe, expect, it } from "vitest";
import { tsFiles } from "./support/ts-files.ts";

const SRC = resolve(import.meta.dirname, "../src");
const LIMIT = 60;
const REASON = /Kept whole:/;

const files = (dir: string) => tsFiles(dir);

type Node = { type: string; start: number; end: number; [key: string]: unknown };

const isNode = (value: unknown): value is Node =>
	typeof value === "object" && value !== null && typeof (value as Node).type === "string";

const FUNCTIONS = new Set(["FunctionDeclaration", "FunctionExpression", "ArrowFunctionExpression"]);

/** Functions of `text` longer than the limit whose comment gives no reason: `line: name (n lines)`. */
function longFunctions(text: string): string[] {
	const lineAt = (offset: number) => text.slice(0, offset).split("\n").length;
	const found: string[] = [];
	// The statement or property a function stands in: its comment is the one before that.
	const visit = (node: Node, holder: Node, name: string) => {
		if (FUNCTIONS.has(node.type) && isNode(node.body) && node.body.type === "BlockStatement") {
			const lines = lineAt(node.end) - lineAt(node.start) + 1;
			const before = text.slice(Math.max(0, text.lastIndexOf("\n\n", holder.start)), holder.start);
			if (lines > LIMIT && !REASON.test(before)) found.push(`${lineAt(node.start)}: ${name} (${lines} lines)`);
		}
		for (const [key, value] of Object.entries(node)) {
			if (key === "start" || key === "end") continue;
			for (const child of Array.isArray(value) ? value : [value]) {
				if (!isNode(child)) continue;
				const named = (child as { id?: { name?: string }; key?: { name?: string } }).id?.name;
				const keyName = (child as { key?: { name?: string } }).key?.name;
				const statement = /Declaration|Statement|Property|MethodDefinition|ExportNamed|ExportDefault/.test(child.type);
				visit(child, statement ? child : holder, named ?? keyName ?? name);
			}
		}
	};
	const program = parseAst(text, { lang: "ts" }) as unknown as Node;
	visit(program, program, "(anonymous)");
	return found;
}

describe("function length", () => {
	it(`keeps every function of src/ within ${LIMIT} lines, or says why not`, () => {
		const long = files(SRC).flatMap((file) =>
			longFunctions(readFileSync(file, "utf8")).map((where) => `${relative(SRC, file)}:${where}`),
		);
		expect(long).toEqual([]);
	});

	it("would notice a long function, and accept one with its reason (control)", () => {
		const body = Array.from({ length: LIMIT }, (_, i) => `\tconst v${i} = ${i};`).join("\n");
		expect(longFunctions(`export function long(): void {\n${body}\n}\n`)).toEqual(["1: long (62 lines)"]);
		expect(longFunctions(`const f = () => {\n${body}\n};\n`)).toEqual(["1: f (62 lines)"]);
		expect(longFunctions(`/** Kept whole: one pass. */\nexport function long(): void {\n${body}\n}\n`)).toEqual([]);
		expect(longFunctions(`function short(): void {\n\treturn;\n}\n`)).toEqual([]);
	});
});
