/** The spec's sandbox, network and git_writes fields: defaults, and clear errors where authority is at stake. */
import { describe, expect, it } from "vitest";
import { validateSpec } from "../../src/spec/validate.ts";
import { REPO_ONLY } from "../support/spec-probe.ts";

const base = { id: "t", goal: "g", deliverable: "d", roots: ["/v/repo"], read_only: false, write_allowed: ["/v/repo"] };
const check = (fields: Record<string, unknown>) => validateSpec({ ...base, ...fields }, REPO_ONLY);

describe("sandbox fields", () => {
	it("default to no network and no git writes, and leave the sandbox to the setting and the machine", () => {
		const result = check({});
		if (!result.ok) throw new Error(JSON.stringify(result.problems));
		expect(result.spec).toMatchObject({ sandbox: undefined, network: false, git_writes: false });
		expect(result.defaulted).toEqual(expect.arrayContaining(["network", "git_writes"]));
		expect(result.defaulted).not.toContain("sandbox");
	});

	it("keep what the spec gives", () => {
		const result = check({ sandbox: "off", network: true, git_writes: true });
		if (!result.ok) throw new Error(JSON.stringify(result.problems));
		expect(result.spec).toMatchObject({ sandbox: "off", network: true, git_writes: true });
	});

	it("reject a misspelt mode with the near one, and a quoted boolean with its fix", () => {
		const result = check({ sandbox: "enforced", network: "false" });
		expect(result.ok).toBe(false);
		if (result.ok) return;
		const byPath = Object.fromEntries(result.problems.map((p) => [p.path, p]));
		expect(byPath.sandbox?.message).toBe('must be one of "enforce", "off"; did you mean "enforce"?');
		expect(byPath.network?.fix).toBe("write false without quotes");
	});

	it("point a near-miss key to the field, never accept it", () => {
		const result = check({ allow_network: true, gitWrites: true });
		expect(result.ok).toBe(false);
		if (result.ok) return;
		const fixes = result.problems.map((p) => p.fix).join("\n");
		expect(fixes).toContain('"network"');
		expect(fixes).toContain('"git_writes"');
	});
});
