import { describe, expect, it } from "vitest";
import { formatPath } from "../../src/problems.ts";
import { validateSettingsText } from "../../src/settings/section.ts";
import type { SettingsFileRef } from "../../src/settings/types.ts";

const REF: SettingsFileRef = { scope: "project", file: "/p/.pi/settings.json", label: ".pi/settings.json" };
const LEAN = { inheritProjectContext: false, inheritMainRules: false, inheritSkills: true, systemPromptMode: "append" };

/** Validates a file holding `section` under "pi-delegate", pretty-printed as people write it. */
function check(section: Record<string, unknown>) {
	return validateSettingsText(JSON.stringify({ theme: "dark", "pi-delegate": section }, null, 2), REF);
}

/** The one problem a section has. */
function only(section: Record<string, unknown>) {
	const { problems } = check(section);
	expect(problems, JSON.stringify(problems)).toHaveLength(1);
	return problems[0]!;
}

describe("validateSettingsText: every key", () => {
	it("accepts a section that sets every key, and keeps every value", () => {
		const section = {
			contextModes: { lean: { ...LEAN, description: "no AGENTS.md" } },
			effortProfiles: { fast: "anthropic/claude-haiku-4-5", deep: { model: "a/b", thinking: "high" } },
			runsDir: "~/runs",
			runner: "subprocess",
			providerExtensions: ["./provider.ts"],
			sandbox: "off",
			delegationRule: false,
		};
		const { section: read, problems } = check(section);
		expect(problems).toEqual([]);
		expect(read.status).toBe("read");
		expect(read.values).toEqual(section);
	});

	it.each([
		["contextModes", 5, "contextModes must be an object of modes by name"],
		["effortProfiles", "anthropic/x", "must be an object mapping an effort"],
		["runsDir", 5, "must be a directory path (a string), not an integer"],
		["runsDir", ["a"], "must be a directory path (a string), not a list"],
		["runner", 3, 'must be "in-process" or "subprocess", not an integer'],
		["providerExtensions", { a: 1 }, "must be a list of extension file paths, not an object"],
		["sandbox", 1, 'must be "enforce" or "off", not an integer'],
		["delegationRule", "no", "must be true or false (unquoted), not a string"],
		["delegationRule", 0, "must be true or false (unquoted), not an integer"],
		["backgroundLimit", 0, "must be a whole number from 1 to 64, not 0"],
		["backgroundLimit", 2.5, "must be a whole number from 1 to 64, not 2.5"],
		["backgroundLimit", "4", "must be a whole number from 1 to 64, not a string"],
	])("refuses a wrong type for %s (%j), naming the file, line, column and key", (key, value, words) => {
		const problem = only({ [key]: value });
		expect(formatPath(problem)).toBe(`.pi/settings.json:4:5: pi-delegate.${key}`);
		expect(problem.value).toEqual(value);
		expect(problem.message).toContain(words);
		expect(problem.fix).not.toBe("");
		expect(check({ [key]: value }).section.values).toEqual({});
	});

	it('refuses "runsDir": 5 and an empty runsDir, which does not mean the default', () => {
		expect(only({ runsDir: 5 }).message).toBe("must be a directory path (a string), not an integer");
		const empty = only({ runsDir: " " });
		expect(empty.message).toContain("does not mean the default");
		expect(empty.fix).toContain("remove the key");
	});

	it('refuses "runner": "nosuch", and suggests the runner a typo meant', () => {
		expect(only({ runner: "nosuch" })).toMatchObject({
			source: ".pi/settings.json:4:5",
			path: ["pi-delegate", "runner"],
			value: "nosuch",
			message: '"nosuch" is not a runner',
		});
		expect(only({ runner: "subproces" }).message).toContain('(did you mean "subprocess"?)');
		expect(only({ runner: "in_process" }).message).toContain('(did you mean "in-process"?)');
	});

	it("refuses a provider extension path that is not a list, or an entry that is not a path", () => {
		expect(only({ providerExtensions: "./p.ts" }).fix).toBe('write it as a list: "providerExtensions": ["./p.ts"]');
		const { problems } = check({ providerExtensions: ["./ok.ts", 7, ""] });
		expect(problems.map((p) => [formatPath(p), p.value])).toEqual([
			[".pi/settings.json:6:7: pi-delegate.providerExtensions[1]", 7],
			[".pi/settings.json:7:7: pi-delegate.providerExtensions[2]", ""],
		]);
	});

	it('turns the sandbox off only with the word "off": false, "OFF" and a near miss are refused', () => {
		const off = only({ sandbox: false });
		expect(off.message).toContain('only the word "off" turns the sandbox off');
		expect(only({ sandbox: "of" }).message).toContain('(did you mean "off"?)');
		expect(only({ sandbox: "OFF" }).message).toContain('(did you mean "off"?)');
		expect(check({ sandbox: "OFF" }).section.values).toEqual({});
		expect(check({ sandbox: "off" }).section.values).toEqual({ sandbox: "off" });
	});

	it("refuses null for every key: removing the key is the one way to ask for the default", () => {
		for (const key of [
			"contextModes",
			"effortProfiles",
			"runsDir",
			"runner",
			"providerExtensions",
			"sandbox",
			"delegationRule",
		]) {
			const problem = only({ [key]: null });
			expect(formatPath(problem)).toBe(`.pi/settings.json:4:5: pi-delegate.${key}`);
			expect(problem.message).toContain("null does not mean");
			expect(problem.fix).toContain("remove the key");
		}
	});
});

describe("validateSettingsText: unknown keys and values", () => {
	it("refuses an unknown setting, with a did-you-mean and the line and column of the key", () => {
		const problem = only({ runner: "subprocess", contextMods: { lean: LEAN } });
		expect(formatPath(problem)).toBe(".pi/settings.json:5:5: pi-delegate.contextMods");
		expect(problem.message).toContain('unknown setting "contextMods" (did you mean "contextModes"?)');
		expect(problem.fix).toBe('rename it to "contextModes"');
	});

	it("lists the settings when an unknown one is near none of them", () => {
		const problem = only({ auditDir: "x" });
		expect(problem.message).not.toContain("did you mean");
		expect(problem.fix).toContain(
			"contextModes, effortProfiles, runsDir, runner, providerExtensions, sandbox, apply, delegationRule",
		);
	});

	it('refuses "__proto__" as an unknown setting, without touching any prototype', () => {
		const { section, problems } = validateSettingsText('{"pi-delegate": {"__proto__": {"runner": "subprocess"}}}', REF);
		expect(problems.map((p) => formatPath(p))).toEqual([".pi/settings.json:1:18: pi-delegate.__proto__"]);
		expect(section.values).toEqual({});
		expect(Object.getPrototypeOf(section.values)).toBe(Object.prototype);
	});

	it("suggests the near value or key inside modes and profiles", () => {
		const { problems } = check({
			contextModes: { lean: { ...LEAN, systemPromptMode: "apend" } },
			effortProfiles: { fsat: "a/b", deep: { model: "a/b", thinking: "hihg" }, balanced: { modle: "a/b" } },
		});
		expect(problems.map((p) => [formatPath(p).replace(/^\S+ /, ""), p.message])).toEqual([
			["pi-delegate.contextModes.lean.systemPromptMode", 'not a valid systemPromptMode (did you mean "append"?)'],
			["pi-delegate.effortProfiles.fsat", '"fsat" is not an effort (did you mean "fast"?)'],
			[
				"pi-delegate.effortProfiles.deep",
				'"thinking" must be one of off, minimal, low, medium, high, xhigh, max (did you mean "high"?)',
			],
			[
				"pi-delegate.effortProfiles.balanced",
				'unknown key "modle" (did you mean "model"?); an effort profile has only "model" and "thinking"',
			],
		]);
	});
});

describe("validateSettingsText: modes and profiles", () => {
	it("keeps the context-mode rules: the full set of primitives, built-in names reserved", () => {
		const { inheritSkills: _, ...partial } = LEAN;
		const { section, problems } = check({ contextModes: { lean: partial, focused: LEAN, ok: LEAN } });
		expect(problems.map((p) => [formatPath(p), p.message.slice(0, 40)])).toEqual([
			[
				".pi/settings.json:5:7: pi-delegate.contextModes.lean.inheritSkills",
				"missing; a mode must set all four primit",
			],
			[".pi/settings.json:10:7: pi-delegate.contextModes.focused", '"focused" is the name of a built-in mode'],
		]);
		expect(section.values).toEqual({ contextModes: { ok: LEAN } });
	});

	it('keeps the effort-profile rules: "provider/id" or { model, thinking }', () => {
		const { section, problems } = check({
			effortProfiles: { fast: "no-slash", deep: { thinking: "high" }, balanced: "a/b" },
		});
		expect(problems.map((p) => formatPath(p))).toEqual([
			".pi/settings.json:5:7: pi-delegate.effortProfiles.fast",
			".pi/settings.json:6:7: pi-delegate.effortProfiles.deep",
		]);
		expect(problems[0]?.message).toBe(
			'must be "provider/model-id" or { "model": "provider/model-id", "thinking": "<level>" }',
		);
		expect(section.values).toEqual({ effortProfiles: { balanced: "a/b" } });
	});
});

describe("validateSettingsText: the whole file", () => {
	it("reports every problem of a section at once, in the order of the file", () => {
		const { problems } = check({ runsDir: 5, runner: "nosuch", sandboxx: "off", delegationRule: "yes" });
		expect(problems.map((p) => formatPath(p))).toEqual([
			".pi/settings.json:4:5: pi-delegate.runsDir",
			".pi/settings.json:5:5: pi-delegate.runner",
			".pi/settings.json:6:5: pi-delegate.sandboxx",
			".pi/settings.json:7:5: pi-delegate.delegationRule",
		]);
	});

	it("refuses a setting given twice in the section, with both lines; Pi's own duplicates are not ours", () => {
		const text =
			'{\n  "theme": "a",\n  "theme": "b",\n  "pi-delegate": {\n    "sandbox": "enforce",\n    "sandbox": "off"\n  }\n}';
		const { problems } = validateSettingsText(text, REF);
		expect(problems).toHaveLength(1);
		expect(problems[0]).toMatchObject({
			source: ".pi/settings.json:6:5",
			path: ["pi-delegate", "sandbox"],
			value: "off",
		});
		expect(problems[0]?.message).toContain("appears twice in one object (lines 5 and 6)");
	});

	it("refuses our section given twice, since JSON would silently drop the first", () => {
		const text = '{"pi-delegate": {"sandbox": "enforce"}, "pi-delegate": {}}';
		expect(validateSettingsText(text, REF).problems.map((p) => formatPath(p))).toEqual([
			".pi/settings.json:1:41: pi-delegate",
		]);
	});

	it("names the position of a syntax error in a CRLF file after a byte-order mark", () => {
		const text = '\uFEFF{\r\n  "pi-delegate": {\r\n    "runner": "subprocess",\r\n  }\r\n}';
		const { section, problems } = validateSettingsText(text, REF);
		expect(section.status).toBe("invalid");
		expect(problems.map((p) => [formatPath(p), p.message])).toEqual([
			[".pi/settings.json:4:3", "not valid JSON at line 4, column 3: trailing comma before }"],
		]);
	});

	it("records where each kept setting, mode and profile is written", () => {
		const { section } = check({ runner: "subprocess", contextModes: { lean: LEAN }, effortProfiles: { fast: "a/b" } });
		expect(section.positions).toEqual({
			runner: { line: 4, column: 5 },
			contextModes: { line: 5, column: 5 },
			"contextModes.lean": { line: 6, column: 7 },
			effortProfiles: { line: 13, column: 5 },
			"effortProfiles.fast": { line: 14, column: 7 },
		});
	});
});
