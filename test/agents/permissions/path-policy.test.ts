/**
 * Claude Code's path rules as pi-delegate reads them: where each pattern starts (`//`, `~/`, `/`,
 * `./` or a bare name), gitignore's matching from there, and which tools a rule governs.
 */
import { describe, expect, it } from "vitest";
import { deniedPath, describePathRules, matchesPath, pathRule } from "../../../src/agents/permissions/path-policy.ts";

const places = { cwd: "/repo/pkg", root: "/repo", home: "/home/u" };
const read = (pattern: string) => pathRule(pattern, "read", `test ${pattern}`, places);

describe("pathRule", () => {
	it("starts each kind of pattern where Claude Code does", () => {
		expect(read("//etc/shadow")).toMatchObject({ base: "/", glob: "/etc/shadow" });
		expect(read("~/.ssh/**")).toMatchObject({ base: "/home/u", glob: "/.ssh/**" });
		expect(read("/secrets/**")).toMatchObject({ base: "/repo", glob: "/secrets/**" });
		expect(read("./.env")).toMatchObject({ base: "/repo/pkg", glob: "/.env" });
		expect(read(".env")).toMatchObject({ base: "/repo/pkg", glob: ".env" });
		expect(read("./")).toMatchObject({ base: "/repo/pkg", glob: "**" });
	});
});

describe("matchesPath", () => {
	it.each([
		["./.env", "/repo/pkg/.env", true],
		["./.env", "/repo/pkg/sub/.env", false],
		[".env", "/repo/pkg/sub/.env", true],
		[".env", "/repo/.env", false],
		["*.env", "/repo/pkg/a/prod.env", true],
		["/secrets/**", "/repo/secrets/k/key.pem", true],
		["/secrets/**", "/repo/pkg/secrets/key.pem", false],
		["secrets/", "/repo/pkg/secrets/a/b.txt", true],
		["~/.ssh/**", "/home/u/.ssh/id_ed25519", true],
		["~/.ssh/**", "/home/other/.ssh/id_ed25519", false],
		["//etc/shadow", "/etc/shadow", true],
		["src/**/*.key", "/repo/pkg/src/a/b.key", true],
		["src/**/*.key", "/repo/pkg/lib/src/b.key", false],
		["./.env", "/repo/pkg/.envrc", false],
		["./.env", "/repo/pkg/../pkg/.env", true],
	])("%s on %s: %s", (pattern, path, expected) => {
		expect(matchesPath(read(pattern), path)).toBe(expected);
	});
});

describe("deniedPath", () => {
	const rules = [read("./.env"), pathRule("/src/**", "edit", "test Edit(/src/**)", places)];

	it("refuses the tools of the rule's family only", () => {
		for (const tool of ["read", "grep", "find", "ls"]) expect(deniedPath(rules, tool, "/repo/pkg/.env")).toBe(rules[0]);
		expect(deniedPath(rules, "edit", "/repo/pkg/.env")).toBeUndefined();
		expect(deniedPath(rules, "write", "/repo/src/a.ts")).toBe(rules[1]);
		expect(deniedPath(rules, "read", "/repo/src/a.ts")).toBeUndefined();
		expect(deniedPath(rules, "bash", "/repo/pkg/.env")).toBeUndefined();
	});

	it("describes what each family refuses, on one line", () => {
		expect(describePathRules(rules, "read")).toBe(
			"read, grep, find and ls refuse ./.env (Claude Code's settings, checked at each call)",
		);
		expect(describePathRules(rules, "edit")).toBe(
			"edit and write refuse /src/** (Claude Code's settings, checked at each call)",
		);
		expect(describePathRules(rules, "read", ["read", "ls", "bash"])).toBe(
			"read and ls refuse ./.env (Claude Code's settings, checked at each call)",
		);
		expect(describePathRules(rules, "edit", ["read"])).toBeUndefined();
		expect(describePathRules([], "read")).toBeUndefined();
	});
});
