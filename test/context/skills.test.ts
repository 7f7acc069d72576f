import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { loadSkillsFromDir, type Skill } from "@earendil-works/pi-coding-agent";
import { beforeAll, describe, expect, it } from "vitest";
import { selectSkills } from "../../src/context/skills.ts";
import { formatPath } from "../../src/problems.ts";
import { tempDir } from "../support/temp.ts";

/** Real Skill objects, loaded by Pi from a directory of SKILL.md files. */
let available: Skill[] = [];

beforeAll(() => {
	const dir = tempDir("pi-delegate-skills-");
	for (const name of ["langfuse", "release-notes", "sql-review"]) {
		mkdirSync(join(dir, name));
		writeFileSync(join(dir, name, "SKILL.md"), `---\nname: ${name}\ndescription: The ${name} skill.\n---\nBody.\n`);
	}
	available = loadSkillsFromDir({ dir, source: "test" }).skills;
	expect(available.map((s) => s.name).sort()).toEqual(["langfuse", "release-notes", "sql-review"]);
});

const names = (skills: readonly Skill[]) => skills.map((s) => s.name);

describe("selectSkills", () => {
	it("follows inheritSkills when there is no allowlist", () => {
		expect(selectSkills(available, { inheritSkills: true })).toMatchObject({ decidedBy: "inheritSkills" });
		expect(selectSkills(available, { inheritSkills: true }).skills).toEqual(available);
		expect(selectSkills(available, { inheritSkills: false }).skills).toEqual([]);
	});

	it("loads only the named subset, as the same objects Pi gave", () => {
		const picked = selectSkills(available, { inheritSkills: true, allowlist: ["sql-review"] });
		expect(names(picked.skills)).toEqual(["sql-review"]);
		expect(picked.skills[0]).toBe(available.find((s) => s.name === "sql-review"));
		expect(picked.decidedBy).toBe("allowlist");
	});

	it("keeps Pi's order, not the allowlist's, so sibling prompts stay identical", () => {
		const one = selectSkills(available, { inheritSkills: true, allowlist: ["sql-review", "langfuse"] });
		const two = selectSkills(available, { inheritSkills: true, allowlist: ["langfuse", "sql-review"] });
		expect(names(one.skills)).toEqual(names(two.skills));
		expect(names(one.skills)).toEqual(names(available).filter((n) => n !== "release-notes"));
	});

	it("treats [] as a fence: zero skills, even with inheritSkills true", () => {
		const fenced = selectSkills(available, { inheritSkills: true, allowlist: [] });
		expect(fenced.skills).toEqual([]);
		expect(fenced.decidedBy).toBe("allowlist");
		expect(fenced.warnings).toEqual([]);
	});

	it("wins over inheritSkills false", () => {
		expect(names(selectSkills(available, { inheritSkills: false, allowlist: ["langfuse"] }).skills)).toEqual([
			"langfuse",
		]);
	});

	it("wins over inheritSkills true (narrows, does not add to all)", () => {
		expect(names(selectSkills(available, { inheritSkills: true, allowlist: ["langfuse"] }).skills)).toEqual([
			"langfuse",
		]);
	});

	it("warns about each unknown name, suggests the near one, and skips it", () => {
		const picked = selectSkills(available, {
			inheritSkills: false,
			allowlist: ["langfuse", "langfusse", "nothing-like-it", "langfusse"],
			where: { source: ".pi/agents/scout.md", path: ["skills"] },
		});
		expect(names(picked.skills)).toEqual(["langfuse"]);
		expect(picked.warnings.map(formatPath)).toEqual([
			".pi/agents/scout.md: skills[1]",
			".pi/agents/scout.md: skills[2]",
		]);
		expect(picked.warnings[0]?.message).toContain('did you mean "langfuse"?');
		expect(picked.warnings[1]?.message).not.toContain("did you mean");
		expect(picked.warnings[1]?.fix).toContain("langfuse, release-notes, sql-review");
	});

	it("says so when there are no skills at all", () => {
		const picked = selectSkills([], { inheritSkills: true, allowlist: ["x"] });
		expect(picked.skills).toEqual([]);
		expect(picked.warnings[0]?.fix).toContain("no skills are available");
	});
});
