/**
 * Whether a task's child may delegate: the spec's `delegate`, else its agent file's, capped by the
 * `maxDelegateDepth` setting; a depth beyond it is refused naming the field, the value and the
 * setting (and the agent file, when the depth is its). A child that may delegate has the `task`
 * tool before `submit_result`; one that may not has none.
 */
import { describe, expect, it } from "vitest";
import { parseAgentFile } from "../../src/agents/parse.ts";
import { decideDelegate, withNestedTask } from "../../src/plan/delegate.ts";

const byDefault = { value: 2, origin: { kind: "default" as const } };
const source = { label: "lead.md", file: "/a/lead.md", scope: "project" } as const;

describe("decideDelegate", () => {
	it("is off unless asked for; depth 0 is off too", () => {
		expect(decideDelegate({}, byDefault)).toEqual({ problems: [] });
		expect(decideDelegate({ delegate: { depth: 0 } }, byDefault)).toEqual({ problems: [] });
	});

	it("takes the spec's depth up to the setting, and refuses one beyond it", () => {
		expect(decideDelegate({ delegate: { depth: 2 } }, byDefault)).toEqual({ delegate: { depth: 2 }, problems: [] });
		const [problem] = decideDelegate({ delegate: { depth: 3 } }, byDefault).problems;
		expect(problem).toMatchObject({ path: ["delegate", "depth"], code: "too_big", value: 3 });
		expect(problem?.message).toContain("maxDelegateDepth setting (2, the default)");
		const none = decideDelegate({ delegate: { depth: 1 } }, { ...byDefault, value: 0 }).problems[0];
		expect(none?.fix).toBe("remove delegate: the settings let no child delegate");
	});

	it("takes the agent's depth when the spec says nothing, naming the agent file when it is too deep", () => {
		const parsed = parseAgentFile("---\nname: lead\ndescription: d\ndelegate: { depth: 3 }\n---\nx\n", source);
		expect(parsed.problems).toEqual([]);
		const agent = parsed.definition!;
		expect(agent.delegate).toEqual({ depth: 3 });
		expect(decideDelegate({}, { ...byDefault, value: 3 }, agent)).toEqual({ delegate: { depth: 3 }, problems: [] });
		expect(decideDelegate({}, byDefault, agent).problems[0]).toMatchObject({ source: "lead.md" });
		// The spec's own word wins over the agent's.
		expect(decideDelegate({ delegate: { depth: 0 } }, byDefault, agent)).toEqual({ problems: [] });
	});

	it("refuses an agent file's delegate that is not { depth: N }, naming the field", () => {
		for (const bad of ["delegate: 2", "delegate: { depth: -1 }", "delegate: { depth: 1, more: 2 }"]) {
			const parsed = parseAgentFile(`---\nname: lead\ndescription: d\n${bad}\n---\nx\n`, source);
			expect(parsed.problems.map((p) => p.path)).toContainEqual(["delegate"]);
		}
	});
});

describe("withNestedTask", () => {
	it("puts task before submit_result only for a child that may delegate", () => {
		expect(withNestedTask(["read", "submit_result"], { depth: 1 })).toEqual(["read", "task", "submit_result"]);
		expect(withNestedTask(["read", "submit_result"], undefined)).toEqual(["read", "submit_result"]);
	});
});
