/**
 * The classes of batch 4's false blocks (test/fixtures/briefs/README.md, ninth round): terse
 * bullet briefs, long briefs of context and a deliverable, numbered plans, and briefs from the
 * middle of a task. Each fork blocked on the main branch; each twin still blocks.
 */
import { describe, it } from "vitest";
import { blocks, forks } from "./expect-gate.ts";

describe("batch 4's classes: structures of the agents' register", () => {
	it("reads an act word after a possessive as a noun, and a writer's act placed in time as no order", () => {
		forks("- symptom: errors doubled after Tuesday's release\n- want: which change did it");
		forks("Last look before I hit merge: skim the diff and tell me if anything is off.");
		blocks("Before I merge, fix the tests.");
		blocks("Merge it before I deploy.");
	});

	it("reads a label alone as naming what the clause after it asks, unless the label is a rule", () => {
		forks("- repo: billing\n- want: which of the two cron jobs double-charges, with evidence");
		blocks("- never: touch src/billing\n- want: which cron job double-charges");
	});

	it("reads a name in brackets with at most its kind as a name", () => {
		forks("We're about to ship the new importer (branch `feat/csv-v2`). What could go wrong?");
		forks("- PR #90 (fix/null-dates)\n- looking for: missing tests");
		blocks("Review the parser (fix `parse`).");
		blocks("Review the diff (commit src/a.ts).");
		blocks("Review the parser (and fix `parse` while you're there).");
	});

	it("reads third-person predicates going on from a subject, and participles, as statements", () => {
		forks("The watcher batches events, restarts the child, and sometimes leaves a socket open. Explain why.");
		forks("Core dumps (taken a minute apart) show the heap growing. Half the growth is in `Buffer`. What holds it?");
		blocks("Leave src/core alone and explain the watcher.");
		blocks("Acceptance:\n- removes the dead flags\n- keeps the tests green");
	});

	it("reads alternatives after a label of choice as weighed, not ordered", () => {
		forks("- decision: keep webpack or move to esbuild\n- give me a recommendation and the main risk");
		blocks("- todo: keep webpack or move to esbuild");
		blocks("- decision: move to esbuild");
	});

	it("reads how far the understanding should go as no order", () => {
		forks("- question: how does a job get from the API to the worker?\n- depth: enough to add a queue later");
		blocks("Add a queue for the mailer.");
	});

	it("reads a test's full name in code as a name, not a shell redirection", () => {
		forks("- failing: `test/cache.test.ts > evicts stale keys` (flaky)\n- ask: likely causes, ranked");
		blocks("Run `node scripts/gen.js > out.txt`.");
		blocks("`echo hi > notes.txt`");
	});

	it("reads a numbered plan under a label that goes on, then weighed, as the question's topic", () => {
		forks(
			"Here's my plan for the cache, numbered so you can refer to steps:\n1. move the store into src/cache/store.ts\n2. delete the old wrapper\nWhich step is riskiest, and what would you do differently?",
		);
		blocks(
			"Here's my plan for the cache:\n1. move the store into src/cache/store.ts\n2. delete the old wrapper\nPlease carry it out, step by step.",
		);
		blocks(
			"Here's my plan, numbered so you can refer to steps:\n1. move the store into src/cache/store.ts\n2. delete the old wrapper\nWhat would you do before you start?",
		);
	});

	it("reads 'why not' and a noun after a question as asking why the code chose as it did", () => {
		forks("What does `as const` do on line 12 of src/routes.ts, and why not a plain type annotation?");
		blocks("What does it do, and why not add a plain annotation?");
	});

	it("spares a part of the answer named by a phrase", () => {
		forks("Skim the diff and tell me if anything is off. No need for style comments.");
		blocks("Skim the diff. No need for tests.");
	});
});
