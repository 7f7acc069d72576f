/**
 * README.md's output blocks are what the tool prints now. scripts/readme generates every block from
 * real `pi-delegate` runs in a temporary scene (a scripted model, no network, no key) and this test
 * compares each with the README's; `npm run readme -- --write` refreshes them. The controls show the
 * comparison can fail: a block edited by one word, a line added, a column taken away are all caught,
 * while a masked value (a duration) may differ.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import type { ExtensionAPI } from "@earendil-works/pi-coding-agent";
import { beforeAll, describe, expect, it } from "vitest";
import { current } from "../../index.ts";
import { BLOCKS } from "../../scripts/readme/blocks.ts";
import { type BlockCheck, checkDocument, checkReadme } from "../../scripts/readme/check.ts";
import { excerpt } from "../../scripts/readme/compare.ts";
import { cliText, type Generation, generateBlocks } from "../../scripts/readme/generate.ts";
import { readBlocks, writeBlocks } from "../../scripts/readme/markers.ts";
import { place, placeholders } from "../../scripts/readme/normalise.ts";
import type { Generated } from "../../scripts/readme/types.ts";
import piDelegate from "../../src/pi/extension.ts";
import { namesOf } from "../../src/request/table.ts";
import { SETTING_KEYS } from "../../src/settings/schema.ts";

const REPO = resolve(import.meta.dirname, "../..");

/** Whether the command runs this clone's build (bin/pi-delegate.cjs's test, on dist/sources.json). */
function builtFromSources(): boolean {
	try {
		return current(REPO, JSON.parse(readFileSync(join(REPO, "dist/sources.json"), "utf8")));
	} catch {
		return false;
	}
}
const README = readFileSync(join(REPO, "README.md"), "utf8");

/** The README from `heading` to the next heading of its level. */
function sectionOf(heading: string, text = README): string {
	const start = text.indexOf(`\n${heading}\n`);
	if (start < 0) throw new Error(`README.md has no ${heading}`);
	const end = text.indexOf("\n## ", start + heading.length + 1);
	return text.slice(start, end < 0 ? undefined : end);
}

/** The fields of a task call (defined in its schema or not) its section does not name (as `name` or `name: …`). */
function unnamedParams(text: string): string[] {
	const section = sectionOf("## In Pi: the task tool", text);
	return namesOf("task").filter((field) => !new RegExp(`\`${field}[\`:]`).test(section));
}

/** The settings keys the Settings section does not name. */
function unnamedKeys(text: string): string[] {
	const section = sectionOf("## Settings", text);
	return SETTING_KEYS.filter((key) => !section.includes(`\`${key}\``));
}

/** The names the extension registers, caught by a stand-in for Pi that ignores everything else. */
function registrations(): { commands: Set<string>; tools: Set<string> } {
	const commands = new Set<string>();
	const tools = new Set<string>();
	const ignore = () => undefined;
	const pi = new Proxy(
		{
			registerCommand: (name: string) => commands.add(name),
			registerTool: (tool: { name: string }) => tools.add(tool.name),
		},
		{ get: (target, key) => (key in target ? target[key as keyof typeof target] : ignore) },
	);
	piDelegate(pi as unknown as ExtensionAPI);
	return { commands, tools };
}

let generation: Generation;
let checks: Map<string, BlockCheck>;

let generating: Promise<void> | undefined;

/** Generates the blocks once for the describes that need them (the others run without the runs). */
function generateOnce(): void {
	beforeAll(async () => {
		generating ??= generateBlocks(REPO).then((made) => {
			generation = made;
			const docs = [...new Set(made.blocks.map((b) => b.doc))];
			const all = docs.flatMap((doc) => checkDocument(doc, readFileSync(join(REPO, doc), "utf8"), made.blocks));
			checks = new Map(all.map((c) => [c.name, c]));
		});
		await generating;
	}, 420_000);
}

const fresh = (name: string): Generated => {
	const block = generation.blocks.find((b) => b.name === name);
	if (!block) throw new Error(`no block ${name}`);
	return block;
};

/** The README with one block's content replaced. */
const withBlock = (name: string, content: string) => writeBlocks(README, new Map([[name, content]]));

describe("the generated blocks of README.md and docs/", () => {
	generateOnce();
	for (const spec of BLOCKS) {
		it(`${spec.name}: what the tool prints now`, (ctx) => {
			const check = checks.get(spec.name);
			if (check?.skipped) ctx.skip(check.skipped);
			// From a clone whose build is older than its sources, doctor adds a row saying so.
			if (spec.kind === "doctor" && !builtFromSources())
				ctx.skip("the build is older than the sources: run `npm run build` (npm test does)");
			expect(check?.problems.join("\n\n"), "run `npm run readme -- --write` to refresh").toBe("");
		});
	}

	it("has no block that nothing generates", () => {
		const orphans = [...checks.values()].filter((c) => !BLOCKS.some((b) => b.name === c.name));
		expect(orphans.flatMap((c) => c.problems)).toEqual([]);
	});

	it("has every benchmark figure in bench/results/*.json", () => {
		expect(generation.missing).toEqual([]);
	});
});

describe("docs/", () => {
	it("shows no command's output that is not a generated block", () => {
		const pasted: string[] = [];
		for (const name of readdirSync(join(REPO, "docs")).filter((f) => f.endsWith(".md"))) {
			const lines = readFileSync(join(REPO, "docs", name), "utf8").split("\n");
			let inBlock = false;
			for (const [i, line] of lines.entries()) {
				if (line.startsWith("<!-- block: ")) inBlock = true;
				if (line === "<!-- /block -->") inBlock = false;
				// A fence whose first line is a prompt is a command and what it printed.
				if (line.startsWith("```") && lines[i + 1]?.startsWith("$ ") && !inBlock) pasted.push(`docs/${name}:${i + 1}`);
			}
		}
		expect(pasted, "put each in <!-- block: NAME --> … <!-- /block --> (scripts/readme/blocks.ts)").toEqual([]);
	});
});

describe("the check can fail (controls)", () => {
	generateOnce();
	const generated = (name: string) => {
		const block = fresh(name);
		if (block.skipped) throw new Error(`${name} was not generated here: ${block.skipped}`);
		return block;
	};
	const problems = (name: string, content: string) =>
		checkReadme(withBlock(name, content), [generated(name)])
			.filter((c) => c.name === name)
			.flatMap((c) => c.problems);

	it("the fresh blocks pass against themselves", () => {
		for (const name of ["run-fail", "spend", "help"]) expect(problems(name, generated(name).content)).toEqual([]);
	});

	it("catches a block edited by one word", () => {
		const edited = generated("run-fail").content.replace("watched, not writable", "watched, not changeable");
		expect(problems("run-fail", edited).join("\n")).toMatch(/differs:\n {2}README: .*not changeable/);
	});

	it("catches a line added, and a line gone", () => {
		const lines = generated("spend").content.split("\n");
		const added = [
			...lines.slice(0, 3),
			"review-c                task      10   4.6k  4.3k   400  $0.0246  48%          —",
			...lines.slice(3),
		];
		expect(problems("spend", added.join("\n")).join("\n")).toMatch(/line 4 differs/);
		const gone = lines.filter((line) => !line.startsWith("fork-gone"));
		expect(problems("spend", gone.join("\n"))).not.toEqual([]);
	});

	it("catches a missing column", () => {
		const dropped = generated("run-fail")
			.content.split("\n")
			.map((line) => line.replace(/ {2}(writable|watched) {2,}/, "  "))
			.join("\n");
		expect(problems("run-fail", dropped).join("\n")).toMatch(/app {2}1 {2}✓/);
	});

	it("catches a changed word in a block compared word by word (doctor)", () => {
		const edited = generated("doctor").content.replace("Fix what failed", "Fix what broke");
		expect(problems("doctor", edited).join("\n")).toMatch(/word \d+ differs/);
	});

	it("lets a masked value differ, and only that", () => {
		const slower = generated("run-fail").content.replace(/elapsed {2}\d+\.\d s/, "elapsed  99.9 s");
		expect(problems("run-fail", slower)).toEqual([]);
		const moreTurns = generated("run-fail").content.replace(/ · 3 turns/, " · 4 turns");
		expect(problems("run-fail", moreTurns)).not.toEqual([]);
	});
});

describe("the rules the blocks are made with", () => {
	const rules = placeholders({
		bases: ["/tmp/pi-delegate-eAbC123", "/tmp/pi-delegate-eXyZ789"],
		homes: ["/tmp/pi-delegate-eAbC123/home"],
		repo: "/work/some/clone",
		tmp: "/tmp",
	});

	it("refuse a placeholder that would shift a table's columns, and allow one in its last column", () => {
		const table = ["root                  access", "────────────────────  ──────", "/work/some/clone/app  watched"];
		expect(() => place(table.join("\n"), rules, "control")).toThrow(/would shift the columns/);
		const last = ["access  root", "──────  ────────────────────", "watched /work/some/clone/app"];
		expect(place(last.join("\n"), rules, "control")).toContain("~/pi-delegate/app");
	});

	it("keep the examples' paths and the stamps the length they had", () => {
		const line = "/tmp/pi-delegate-eAbC123/app  /tmp/pi-delegate-eAbC123/home/.pi/runs/20261201T134310Z-x";
		expect(place(line, rules, "control")).toBe("/tmp/pi-delegate-example/app  ~/.pi/runs/YYYYMMDDTHHMMSSZ-x");
		expect(place("/tmp/pi-delegate-eXyZ789/lib", rules, "control")).toBe("/tmp/pi-delegate-example/lib");
	});

	it("fail an excerpt whose line is no longer printed", () => {
		expect(() => excerpt("a\nb\nc", [{ from: /^b$/ }, { from: /^z$/ }])).toThrow(/no line matches \/\^z\$\//);
		expect(excerpt("a\nb\nc\nd", [{ from: /^b$/, to: /^c$/ }])).toBe("…\nb\nc\n…");
	});

	it("find every block's markers, and refuse a block that is not closed", () => {
		expect(readBlocks(README).map((b) => b.name)).toEqual(BLOCKS.filter((b) => !b.doc).map((b) => b.name));
		for (const doc of new Set(BLOCKS.flatMap((b) => b.doc ?? []))) {
			const text = readFileSync(join(REPO, doc), "utf8");
			expect(readBlocks(text, doc).map((b) => b.name)).toEqual(BLOCKS.filter((b) => b.doc === doc).map((b) => b.name));
		}
		expect(() => readBlocks("<!-- block: x -->\ntext\n")).toThrow(/block "x" is not closed/);
	});
});

describe("README.md's hand-written parts that code can hold to account", () => {
	it("names every field of the task spec in its spec table", async () => {
		const schema = JSON.parse(await cliText(["schema"])) as { properties: Record<string, unknown> };
		const table = README.slice(README.indexOf("## The task spec"));
		for (const field of Object.keys(schema.properties)) expect(table).toContain(`| \`${field}\``);
	});

	it("names every parameter of the task tool", () => {
		expect(unnamedParams(README)).toEqual([]);
		// The control: a parameter misspelt in the README is reported.
		expect(unnamedParams(README.replaceAll("`git_writes`", "`git-writes`"))).toEqual(["git_writes"]);
	});

	it("names every key of the settings", () => {
		expect(unnamedKeys(README)).toEqual([]);
		expect(unnamedKeys(README.replaceAll("`delegationRule`", "`delegation rule`"))).toEqual(["delegationRule"]);
	});

	it("lists exactly the commands and tools the extension registers", () => {
		const registered = registrations();
		const table = sectionOf("## In Pi: the task tool")
			.split("\n")
			.filter((line) => line.startsWith("| `/"));
		const listed = new Set(table.flatMap((row) => [...row.matchAll(/`\/([\w-]+)/g)].map((m) => m[1] ?? "")));
		expect([...listed].sort()).toEqual([...registered.commands].sort());
		for (const tool of registered.tools) expect(README).toContain(`\`${tool}\` tool`);
	});

	it("gives `npm ci && npm test` as the test command, which is what CI runs", () => {
		expect(README).toContain("npm ci && npm test");
		const ci = readFileSync(join(REPO, ".ci/run"), "utf8").split("\n");
		expect(ci).toContain("npm ci");
		expect(ci).toContain("npm test");
	});
});
