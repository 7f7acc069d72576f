/**
 * What pi-delegate adds to every request of the parent, in tokens as the provider receives it (a
 * tool as its name, description and input schema in JSON; the system prompt's sections as text),
 * counted with the emulator's tokenizer: the `task`, `fork` and `children` definitions, the
 * delegation rule, and the roster of the bundled agents. Each is paid on every request of the
 * parent's conversation, whether it delegates or not, so the figures are held here.
 */
import { describe, expect, it } from "vitest";
import { countTokens } from "../../bench/emulator/index.ts";
import { loadAgents } from "../../src/agents/load.ts";
import { agentRoster } from "../../src/agents/roster.ts";
import { DELEGATION_RULE, FORK_TOOL_DESCRIPTION } from "../../src/gate/rule.ts";
import { CHILDREN_TOOL_DESCRIPTION, ChildrenParamsSchema } from "../../src/pi/children-tool.ts";
import { ForkParamsSchema } from "../../src/pi/fork-tool.ts";
import { TaskParamsSchema } from "../../src/pi/task-params.ts";
import { TASK_TOOL_DESCRIPTION } from "../../src/pi/task-tool.ts";
import { tempDir } from "../support/temp.ts";

/** A tool as Pi sends it to Anthropic (pi-ai's anthropic-messages: `required` defaults to []). */
const definition = (name: string, description: string, schema: { properties: object; required?: readonly string[] }) =>
	countTokens(
		JSON.stringify({
			name,
			description,
			input_schema: { type: "object", properties: schema.properties, required: schema.required ?? [] },
		}),
	);

function parentPrefix() {
	const home = tempDir();
	const roster = agentRoster(loadAgents({ cwd: home, home, agentDir: home, projectTrusted: false }).agents.values());
	const parts = {
		task: definition("task", TASK_TOOL_DESCRIPTION, TaskParamsSchema),
		fork: definition("fork", FORK_TOOL_DESCRIPTION, ForkParamsSchema),
		children: definition("children", CHILDREN_TOOL_DESCRIPTION, ChildrenParamsSchema),
		// The rule and the roster follow the base prompt after a blank line each.
		rule: countTokens(`\n\n${DELEGATION_RULE}`),
		roster: countTokens(`\n\n${roster}`),
	};
	return { ...parts, total: Object.values(parts).reduce((a, b) => a + b, 0) };
}

describe("the prefix pi-delegate adds to every request of the parent", () => {
	it("holds every figure under its bound", () => {
		const added = parentPrefix();
		console.log(JSON.stringify(added));
		expect(added.total).toBeLessThanOrEqual(760);
		expect(added.task).toBeLessThanOrEqual(300);
		expect(added.fork).toBeLessThanOrEqual(100);
	});
});
