/**
 * The counts CONTRIBUTING.md states, held: one request table (every tool's parameters generated
 * from it), one planner entry (the kinds' own planners are called by plan/plan.ts alone), one
 * execution (one exported execute function), one set of real ports. A second of any fails here,
 * naming the file and the line.
 */
import { readFileSync } from "node:fs";
import { relative, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { ChildrenParamsSchema } from "../src/pi/children-tool.ts";
import { REQUEST_FIELDS } from "../src/request/table.ts";
import { tsFiles } from "./support/ts-files.ts";

const SRC = resolve(import.meta.dirname, "../src");

type Source = { name: string; text: string };

const sources: Source[] = tsFiles(SRC).map((file) => ({ name: relative(SRC, file), text: readFileSync(file, "utf8") }));

const lineOf = (text: string, index: number) => text.slice(0, index).split("\n").length;

/** Exported functions named `execute…`: only the one execution may be one. */
function executors(files: readonly Source[]): string[] {
	return files.flatMap(({ name, text }) =>
		[...text.matchAll(/export\s+(?:async\s+)?function\s+(execute\w*)/g)]
			.filter((m) => !(name === "run/execute.ts" && m[1] === "executeChild"))
			.map((m) => `${name}:${lineOf(text, m.index)}: ${m[1]} (carry a plan out with executeChild)`),
	);
}

/** The kinds' own planners, imported anywhere but the one planner entry. */
function plannerImports(files: readonly Source[]): string[] {
	const kinds =
		/import\s*\{[^}]*\b(planTask|planFork|planUnchecked)\b[^}]*\}\s*from\s*"[^"]*plan\/(task|fork|unchecked)\.ts"/g;
	const local =
		/import\s*\{[^}]*\b(planTask|planFork|planUnchecked)\b[^}]*\}\s*from\s*"\.\/(task|fork|unchecked)\.ts"/g;
	return files.flatMap(({ name, text }) => {
		if (name === "plan/plan.ts") return [];
		const found = [...text.matchAll(kinds), ...(name.startsWith("plan/") ? [...text.matchAll(local)] : [])];
		return found.map((m) => `${name}:${lineOf(text, m.index)}: imports ${m[1]} (plan a child with planChild)`);
	});
}

/** Functions that build the execution's ports: only realPorts. */
function portSets(files: readonly Source[]): string[] {
	return files.flatMap(({ name, text }) =>
		[...text.matchAll(/function\s+(\w+)\([^)]*\)[^{]*:\s*ExecutionPorts\s*\{/gs)]
			.filter((m) => !(name === "run/ports.ts" && m[1] === "realPorts"))
			.map((m) => `${name}:${lineOf(text, m.index)}: ${m[1]} builds ExecutionPorts (use realPorts)`),
	);
}

/** A tool's `parameters:` that is not a schema generated from the request table. */
function handWrittenParameters(files: readonly Source[]): string[] {
	return files.flatMap(({ name, text }) =>
		[...text.matchAll(/\bparameters:\s*([A-Za-z_]\w*|\{)/g)]
			.filter((m) => {
				if (m[1] === "{") return true;
				const defined = new RegExp(`\\b${m[1]}\\s*=\\s*toolParameters\\(`);
				const imported = new RegExp(
					`import\\s*\\{[^}]*\\b${m[1]}\\b[^}]*\\}\\s*from\\s*"\\./(task|fork)-(params|tool)\\.ts"`,
				);
				return !defined.test(text) && !imported.test(text);
			})
			.map((m) => `${name}:${lineOf(text, m.index)}: parameters not generated from the request table (toolParameters)`),
	);
}

/** Only files that register a tool with Pi are checked for its parameters. */
const toolFiles = sources.filter(({ text }) => /\bregisterTool\(/.test(text) && /\bparameters:/.test(text));

describe("one pipeline", () => {
	it("has one execution: executeChild is the only exported execute function", () => {
		expect(executors(sources)).toEqual([]);
	});

	it("has one planner entry: the kinds' planners are called by plan/plan.ts alone", () => {
		expect(plannerImports(sources)).toEqual([]);
	});

	it("has one set of real ports: realPorts", () => {
		expect(portSets(sources)).toEqual([]);
	});

	it("generates the parameters of every tool it registers from the request table", () => {
		expect(toolFiles.map((f) => f.name).sort()).toEqual(["pi/children-tool.ts", "pi/fork-tool.ts", "pi/task-tool.ts"]);
		// The children tool acts on run ids and asks for no child: its parameters are its own, and hold
		// no field of a child request (a request field there would be a second way to ask for a child).
		const requests = toolFiles.filter((f) => f.name !== "pi/children-tool.ts");
		expect(handWrittenParameters(requests)).toEqual([]);
		const requestNames = new Set(REQUEST_FIELDS.map((f) => f.name));
		expect(Object.keys(ChildrenParamsSchema.properties).filter((name) => requestNames.has(name))).toEqual([]);
		// A tool's schema defined in a file of its own is the request table's too.
		const defined = sources
			.filter((f) => f.name.startsWith("pi/"))
			.flatMap(({ name, text }) =>
				[...text.matchAll(/export const (\w+ParamsSchema)\s*=\s*([^;\n]*)/g)].map((m) => `${name}: ${m[1]} = ${m[2]}`),
			);
		expect(defined).toEqual([
			"pi/children-tool.ts: ChildrenParamsSchema = {",
			'pi/fork-tool.ts: ForkParamsSchema = toolParameters("fork")',
			'pi/task-params.ts: TaskParamsSchema = toolParameters("task")',
		]);
	});

	it("would notice a second executor, a planner called around the entry, a port set and a hand-written schema (control)", () => {
		const bad: Source[] = [
			{ name: "run/plain.ts", text: "export async function executePlain(plan) {}\n" },
			{ name: "workflow/shell.ts", text: 'import { planTask } from "../plan/task.ts";\n' },
			{ name: "plan/preview.ts", text: 'import { planFork } from "./fork.ts";\n' },
			{
				name: "run/fork-ports.ts",
				text: "export function forkPorts(plan: ForkPlan): ExecutionPorts {\n\treturn {};\n}\n",
			},
			{ name: "pi/tool.ts", text: 'pi.registerTool({ parameters: { type: "object", properties: {} } });\n' },
			{ name: "pi/other.ts", text: 'const P = { type: "object" };\npi.registerTool({ parameters: P });\n' },
		];
		expect(executors(bad)).toEqual(["run/plain.ts:1: executePlain (carry a plan out with executeChild)"]);
		expect(plannerImports(bad)).toEqual([
			"workflow/shell.ts:1: imports planTask (plan a child with planChild)",
			"plan/preview.ts:1: imports planFork (plan a child with planChild)",
		]);
		expect(portSets(bad)).toEqual(["run/fork-ports.ts:1: forkPorts builds ExecutionPorts (use realPorts)"]);
		expect(handWrittenParameters(bad)).toEqual([
			"pi/tool.ts:1: parameters not generated from the request table (toolParameters)",
			"pi/other.ts:2: parameters not generated from the request table (toolParameters)",
		]);
	});
});
