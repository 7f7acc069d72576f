/** The JSON contract of the gate: what `gate --json` prints matches it, for every corpus brief. */
import { Value } from "typebox/value";
import { describe, expect, it } from "vitest";
import { classifyBrief } from "../../src/gate/classify.ts";
import { proposeTask } from "../../src/gate/propose.ts";
import { GateOutputSchema } from "../../src/gate/schema.ts";
import { runCli } from "../support/cli.ts";
import { allBriefs } from "./corpus.ts";

/** Every property of every object in a schema, with its path. */
function properties(schema: unknown, path = ""): Array<[string, Record<string, unknown>]> {
	const node = schema as { properties?: Record<string, unknown>; items?: unknown; anyOf?: unknown[] };
	const out: Array<[string, Record<string, unknown>]> = [];
	for (const [key, value] of Object.entries(node.properties ?? {})) {
		out.push([`${path}${key}`, value as Record<string, unknown>], ...properties(value, `${path}${key}.`));
	}
	if (node.items) out.push(...properties(node.items, `${path}[].`));
	return out;
}

describe("GateOutputSchema", () => {
	it("describes every field", () => {
		const fields = properties(GateOutputSchema);
		expect(fields.length).toBeGreaterThan(10);
		for (const [path, schema] of fields) {
			if (path === "proposal" || path === "proposal.params") continue;
			expect(typeof schema.description, path).toBe("string");
		}
	});

	it("matches the decision and proposal of every corpus brief, as the command prints them", () => {
		for (const row of allBriefs()) {
			const decision = classifyBrief(row.brief);
			const output = JSON.parse(
				JSON.stringify({ ...decision, proposal: proposeTask(row.brief, { cwd: "/r", decision }) }),
			);
			expect(Value.Check(GateOutputSchema, output), row.id).toBe(true);
		}
	}, 180_000);

	it("matches what the command prints, and refuses a reason of another kind", async () => {
		const printed = JSON.parse((await runCli(["gate", "--json", "Fix a.ts; don't touch b.ts."])).stdout);
		expect(Value.Check(GateOutputSchema, printed)).toBe(true);
		printed.reasons[0].kind = "other";
		expect(Value.Check(GateOutputSchema, printed)).toBe(false);
	});
});
