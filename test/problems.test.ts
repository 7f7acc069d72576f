/**
 * Where a problem is, for a person: one convention, in one place (src/problems.ts). Every renderer
 * goes through formatPath, so these cases are what every report, table and JSON `at` field reads.
 */
import { describe, expect, it } from "vitest";
import {
	formatPath,
	formatProblems,
	formatSegments,
	inside,
	nestProblem,
	type Problem,
	problemJson,
	problemReplacer,
	samePlace,
	sourceAt,
} from "../src/problems.ts";

const problem = (over: Partial<Problem> = {}): Problem => ({
	path: ["write_allowed", 1],
	code: "invalid_value",
	value: "/x",
	message: "is not one of the roots",
	fix: "add it to roots",
	...over,
});

describe("sourceAt: a position in a file", () => {
	it("reads file:line:column, file:line, or the file alone", () => {
		expect(sourceAt(".pi/settings.json", { line: 4, column: 5 })).toBe(".pi/settings.json:4:5");
		expect(sourceAt(".pi/agents/reviewer.md", { line: 1 })).toBe(".pi/agents/reviewer.md:1");
		expect(sourceAt(".pi/agents/reviewer.md", { line: 2, column: undefined })).toBe(".pi/agents/reviewer.md:2");
		expect(sourceAt("spec.json")).toBe("spec.json");
	});

	it("puts the position before the key path, the form terminals turn into a link", () => {
		const at = { source: sourceAt(".pi/settings.json", { line: 3, column: 5 }), path: ["pi-delegate", "runner"] };
		expect(formatPath(at)).toBe(".pi/settings.json:3:5: pi-delegate.runner");
	});
});

describe("formatPath", () => {
	it("names a place inside the input a caller gave by its path alone, (root) for the whole of it", () => {
		expect(formatPath(problem())).toBe("write_allowed[1]");
		expect(formatPath(problem({ path: ["context", "files", 0] }))).toBe("context.files[0]");
		expect(formatPath(problem({ path: [] }))).toBe("(root)");
	});

	it("names a whole input by its source alone", () => {
		expect(formatPath(problem({ source: "--model", path: [] }))).toBe("--model");
		expect(formatPath(problem({ source: ".pi/settings.json:1:18", path: [] }))).toBe(".pi/settings.json:1:18");
	});

	it("joins a source and a path with a colon, and a flag's index directly", () => {
		expect(formatPath(problem({ source: ".pi/agents/reviewer.md", path: ["tools", 1] }))).toBe(
			".pi/agents/reviewer.md: tools[1]",
		);
		expect(formatPath(problem({ source: "--exclude", path: [1] }))).toBe("--exclude[1]");
		expect(formatPath(problem({ source: "--tools", path: ["x"] }))).toBe("--tools: x");
	});

	it("treats an empty source as none", () => {
		expect(formatPath(problem({ source: "", path: ["goal"] }))).toBe("goal");
		expect(formatPath(problem({ source: "", path: [] }))).toBe("(root)");
	});
});

describe("odd keys format as a JavaScript accessor would write them", () => {
	it.each([
		[["contextModes", "my mode"], 'contextModes["my mode"]'],
		[["a.b"], '["a.b"]'],
		[["files", "a.b", 2], 'files["a.b"][2]'],
		[["ünïcode"], '["ünïcode"]'],
		[["x", "日本"], 'x["日本"]'],
		[["write-allowed"], '["write-allowed"]'],
		[["2fast"], '["2fast"]'],
		[['quote"d'], '["quote\\"d"]'],
		[[""], '[""]'],
		[[0, "a"], "[0].a"],
		[["_private", "$x"], '_private["$x"]'],
	])("%j reads %s", (path, shown) => {
		expect(formatSegments(path)).toBe(shown);
		expect(formatPath({ path })).toBe(shown);
	});

	it("writes the keys of a named file as the file writes them: dashes and leading digits plain", () => {
		const source = "~/.pi/agent/settings.json";
		expect(formatPath({ source, path: ["pi-delegate", "contextModes", "lean-builder"] })).toBe(
			`${source}: pi-delegate.contextModes.lean-builder`,
		);
		expect(formatPath({ source, path: ["pi-delegate", "effortProfiles", "2fast"] })).toBe(
			`${source}: pi-delegate.effortProfiles.2fast`,
		);
		// A key of digits alone would read as an index after a dot: it stays quoted.
		expect(formatPath({ source, path: ["pi-delegate", "contextModes", "42"] })).toBe(
			`${source}: pi-delegate.contextModes["42"]`,
		);
		expect(formatPath({ source, path: ["pi-delegate", "contextModes", "my mode"] })).toBe(
			`${source}: pi-delegate.contextModes["my mode"]`,
		);
	});

	it("leaves a script's call and a file's keyless part as written", () => {
		expect(formatSegments(["agent(3)", "options", "effort"])).toBe("agent(3).options.effort");
		expect(formatSegments(["parallel()", 1])).toBe("parallel()[1]");
		expect(formatPath({ source: ".pi/agents/a.md", path: ["(body)"] })).toBe(".pi/agents/a.md: (body)");
	});
});

describe("places", () => {
	it("goes further inside a place, keeping its source", () => {
		const place = inside({ source: "a.md", path: ["tools"] }, 1);
		expect(place).toEqual({ source: "a.md", path: ["tools", 1] });
		expect(inside({ path: [] }, "goal")).toEqual({ path: ["goal"] });
	});

	it("nests a problem under a parent, the parent's source winning", () => {
		const nested = nestProblem(problem(), { path: ["tasks", 2] });
		expect(formatPath(nested)).toBe("tasks[2].write_allowed[1]");
		expect(nested.source).toBeUndefined();
		expect(nestProblem(problem({ source: "a.md" }), { path: ["x"] }).source).toBe("a.md");
		expect(nestProblem(problem({ source: "a.md" }), { source: "b.md", path: [] }).source).toBe("b.md");
	});

	it("compares places by source and every segment, a number never equal to its digits", () => {
		expect(samePlace({ path: ["a", 1] }, { path: ["a", 1] })).toBe(true);
		expect(samePlace({ path: ["a", 1] }, { path: ["a", "1"] })).toBe(false);
		expect(samePlace({ path: ["a"] }, { path: ["a", 1] })).toBe(false);
		expect(samePlace({ source: "x", path: [] }, { path: [] })).toBe(false);
	});
});

describe("at the edge", () => {
	it("formats a list with the display place, the value and the fix", () => {
		const text = formatProblems([problem({ source: ".pi/agents/a.md:2", path: ["tools", 0] })]);
		expect(text).toBe(
			'  ✗ .pi/agents/a.md:2: tools[0]: is not one of the roots\n      value: "/x"\n      fix:   add it to roots',
		);
	});

	it("prints a problem in JSON with its structured place, its code and its display place", () => {
		expect(problemJson(problem({ source: "--model", path: [] }))).toEqual({
			code: "invalid_value",
			at: "--model",
			source: "--model",
			path: [],
			value: "/x",
			message: "is not one of the roots",
			fix: "add it to roots",
		});
		const doc = JSON.parse(JSON.stringify({ deep: { problems: [problem()] }, other: { path: [] } }, problemReplacer));
		expect(doc.deep.problems[0]).toMatchObject({ at: "write_allowed[1]", path: ["write_allowed", 1] });
		expect(doc.deep.problems[0]).not.toHaveProperty("source");
		expect(problemJson(problem())).not.toHaveProperty("kind");
		// A verdict's problem keeps the name older readers test, beside its code.
		expect(problemJson(problem({ code: "budget" }))).toMatchObject({ code: "budget", kind: "budget" });
		expect(problemJson(problem({ code: "sandbox" }))).toMatchObject({ code: "sandbox", kind: "boundary" });
		// Only a Problem is rewritten: an object that merely has a path is left as it is.
		expect(doc.other).toEqual({ path: [] });
	});
});
