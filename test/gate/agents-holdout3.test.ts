/**
 * The classes of holdout-agents3's false blocks (test/fixtures/briefs/README.md, ninth round, batch
 * 6): read-only briefs in the agents' register that blocked on the main branch, each with near twins
 * that must still block.
 */
import { describe, it } from "vitest";
import { blocks, forks } from "./expect-gate.ts";

describe("holdout-agents3's classes of false blocks", () => {
	it("reads following a flow through the code as reading, and following rules as an order", () => {
		forks("Trace how a job reaches the worker. Start at src/queue/add.ts and follow the retry chain.");
		forks("Follow the request path from the router down and list each function it passes through.");
		blocks("Follow the conventions in CONTRIBUTING.md.");
		blocks("Follow the plan in docs/plan.md and port the parser.");
	});

	it("reads using the records a run left as evidence, and using code as a change", () => {
		forks("Why did the image grow? Use `docker history` output in build-logs/ and the Dockerfile diff.");
		forks("Explain the red build. Use the CI logs in artifacts/ and the git log for that day.");
		blocks("Use the new logger in every module under src/jobs/.");
		blocks("Use the logs in artifacts/ to seed the fixtures in test/data/.");
	});

	it("reads a relative clause as describing the items found", () => {
		forks("- scope: packages/lexer\n- goal: list every exported function that has no test\n- output: a table");
		forks("Name each package in libs/ that has no owner in CODEOWNERS.");
		forks("Audit src/payments/. Call out any catch block that could hide a failed charge.");
		forks("Point out any migration that might delete rows it should keep.");
		blocks("Add a test for every exported function that has no test.");
		blocks("Find any retry in src/queue/ that could drop a message and rewrite it.");
		blocks("- goal: the parser must have no global state");
	});

	it("reads a heading that names a part of the reply as a label", () => {
		forks("## Goal\nFind out why the build is slow.\n\n## Output format\nA list of causes.");
		forks("## Question\nWho calls the v1 API?\n\n## Report layout\nA table.");
		blocks("## Goal\nFix the flaky upload test.\n\n## Output format\nA commit on this branch.");
		blocks("Format the output of the report command.");
	});

	it("reads 'including' and 'the ones only …' as widening the items asked for", () => {
		forks("List the flags the tool accepts, including the ones only parsed behind the experimental switch.");
		forks("Tabulate the status codes each handler returns, including those only reachable via thrown errors.");
		blocks("List every CLI flag the tool accepts; only look at src/cli/.");
		blocks("Update every handler, including the ones only reachable via thrown errors.");
	});

	it("reads the writer's own work in flight as context", () => {
		forks("In parallel with me fixing the parser: does the lexer ever emit an empty token?");
		forks("Alongside us rewriting the cache layer, check whether anything reads the TTL from the environment.");
		blocks("While I fix the importer, fix the tokenizer's empty-list case.");
		blocks("With me fixing the parser, you fix the lexer.");
	});

	it("reads a bare act noun closing a comma list of topics as a topic", () => {
		forks("Sketch, in your answer, a plan for the auth split. Cover data ownership, cutover, and rollback.");
		forks("Draft, in your reply, a migration plan for the sessions. Cover schema, dual-write window, and rollback.");
		blocks("Run the tests, lint, and deploy.");
		blocks("Write the upgrade script for Postgres 16, and add a rollback step.");
	});
});
