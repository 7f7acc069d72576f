/**
 * The shape of src/ as CONTRIBUTING.md states it: a folder per stage of the delegation flow, each
 * importing only from stages before it. A back-edge (a stage reaching into a later one), a sideways
 * edge between two folders of the same stage, an import cycle, or a file too long to read in one
 * sitting fails here, naming the files.
 */
import { readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { tsFiles } from "./support/ts-files.ts";

const SRC = resolve(import.meta.dirname, "../src");

/** The flow, in order: a module may import its own folder and any folder of an earlier stage. */
const STAGES: ReadonlyArray<readonly string[]> = [
	["format"],
	["problems.ts", "read-input.ts", "suggest.ts", "values.ts", "leftovers.ts"],
	["json", "schema-problems.ts"],
	["request"],
	["spec"],
	["context"],
	["settings"],
	["agents"],
	["boundary", "envelope"],
	["prompt", "gate", "meter"],
	["plan"],
	["host"],
	["run"],
	["selftest", "report", "workflow"],
	["doctor"],
	["pi", "cli", "index.ts"],
];

/**
 * run/ in its own order: the sandbox and containment, then what a run comes to (pure), the audit
 * record, what runs inside the child, the runners, and the execution itself (run/'s own files,
 * which may import any of them). Every folder may import run/types.ts, the stage's one types file.
 */
const RUN_PARTS: readonly string[] = ["sandbox", "outcome", "audit", "workspace", "child", "runners", "control"];
const RUN_TYPES = "run/types.ts";

const files = (dir: string) => tsFiles(dir);

/** The top-level folder (or file) of src/ a module belongs to. */
const unit = (file: string) => relative(SRC, file).split("/")[0] ?? "";
const stageOf = (name: string) => STAGES.findIndex((stage) => stage.includes(name));

/** Relative imports of a module, static and dynamic, as absolute paths. */
function importsOf(file: string): string[] {
	const text = readFileSync(file, "utf8");
	const found = [...text.matchAll(/(?:from|import)\s*\(?\s*"(\.{1,2}\/[^"]+)"/g)].map((m) => m[1] ?? "");
	return found.map((spec) => resolve(dirname(file), spec));
}

type Graph = ReadonlyMap<string, readonly string[]>;

/** The part of run/ a module of run/ belongs to: one of RUN_PARTS, or "" for run/'s own files. */
const runPart = (file: string) => {
	const parts = relative(SRC, file).split("/");
	return parts.length > 2 ? (parts[1] ?? "") : "";
};

/** An import inside run/ that goes against RUN_PARTS' order, or undefined. */
function wrongInRun(from: string, to: string): string | undefined {
	const [a, b] = [runPart(from), runPart(to)];
	if (a === b || a === "" || relative(SRC, to) === RUN_TYPES) return undefined;
	const edge = `${relative(SRC, from)} → ${relative(SRC, to)}`;
	if (b === "") return `${edge} (run/'s own files come last)`;
	if (RUN_PARTS.indexOf(b) < 0 || RUN_PARTS.indexOf(a) < 0) return `${edge} (a part of run/ not in RUN_PARTS)`;
	if (RUN_PARTS.indexOf(b) > RUN_PARTS.indexOf(a)) return `${edge} (a later part of run/)`;
	return undefined;
}

/** Imports into a later stage, or sideways between two folders of one stage. */
function wrongEdges(graph: Graph): string[] {
	const wrong: string[] = [];
	for (const [from, targets] of graph) {
		for (const to of targets) {
			const [a, b] = [unit(from), unit(to)];
			if (a === "run" && b === "run") {
				const inRun = wrongInRun(from, to);
				if (inRun) wrong.push(inRun);
			}
			if (a === b) continue;
			if (stageOf(b) > stageOf(a)) wrong.push(`${relative(SRC, from)} → ${relative(SRC, to)} (a later stage)`);
			else if (stageOf(b) === stageOf(a)) wrong.push(`${relative(SRC, from)} → ${relative(SRC, to)} (sideways)`);
		}
	}
	return wrong;
}

function cyclesOf(graph: Graph): string[] {
	const cycles: string[] = [];
	const state = new Map<string, "open" | "done">();
	const walk = (file: string, path: string[]) => {
		if (state.get(file) === "done") return;
		if (state.get(file) === "open") {
			cycles.push([...path.slice(path.indexOf(file)), file].map((f) => relative(SRC, f)).join(" → "));
			return;
		}
		state.set(file, "open");
		for (const to of graph.get(file) ?? []) walk(to, [...path, file]);
		state.set(file, "done");
	};
	for (const file of graph.keys()) walk(file, []);
	return cycles;
}

const modules = files(SRC);
const graph: Graph = new Map(modules.map((file) => [file, importsOf(file).filter((to) => to.startsWith(SRC))]));

describe("the layout of src/", () => {
	it("puts every folder in a stage", () => {
		const unplaced = [...new Set(modules.map(unit))].filter((name) => stageOf(name) < 0);
		expect(unplaced, "add the folder to STAGES and to CONTRIBUTING.md").toEqual([]);
	});

	it("has no import into a later stage, and none sideways between folders of one stage", () => {
		expect(wrongEdges(graph)).toEqual([]);
	});

	it("has no import cycle", () => {
		expect(cyclesOf(graph)).toEqual([]);
	});

	it("keeps every file short enough to read in one sitting (300 lines)", () => {
		const long = modules
			.map((file) => ({ file: relative(SRC, file), lines: readFileSync(file, "utf8").split("\n").length - 1 }))
			.filter((f) => f.lines > 300);
		expect(long).toEqual([]);
	});

	it("would notice a back-edge, a sideways edge and a cycle (control)", () => {
		const at = (path: string) => join(SRC, path);
		const bad: Graph = new Map([
			[at("spec/a.ts"), [at("run/b.ts")]],
			[at("pi/c.ts"), [at("cli/d.ts")]],
			[at("run/b.ts"), [at("run/e.ts")]],
			[at("run/e.ts"), [at("run/b.ts")]],
			[at("run/outcome/f.ts"), [at("run/child/g.ts"), at("run/types.ts"), at("run/sandbox/h.ts")]],
			[at("run/audit/i.ts"), [at("run/execute.ts")]],
		]);
		expect(wrongEdges(bad)).toEqual([
			"spec/a.ts → run/b.ts (a later stage)",
			"pi/c.ts → cli/d.ts (sideways)",
			"run/outcome/f.ts → run/child/g.ts (a later part of run/)",
			"run/audit/i.ts → run/execute.ts (run/'s own files come last)",
		]);
		expect(cyclesOf(bad)).toEqual(["run/b.ts → run/e.ts → run/b.ts"]);
	});
});
