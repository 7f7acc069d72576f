/**
 * The spend fixture (test/fixtures/spend): a parent session and a runs directory holding finished,
 * failed and crashed runs, a fork, an older task and a folder that is not a run. Paths inside the
 * records are written as @ROOT@; a test gets its own copy with them pointing at the copy.
 */
import { cpSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { REPO } from "../support/pi.ts";
import { tempDir } from "../support/temp.ts";

export const FIXTURE = join(REPO, "test/fixtures/spend");

function rewrite(dir: string, root: string): void {
	for (const name of readdirSync(dir)) {
		const path = join(dir, name);
		if (statSync(path).isDirectory()) rewrite(path, root);
		else writeFileSync(path, readFileSync(path, "utf8").replaceAll("@ROOT@", root));
	}
}

/** A fresh copy of the fixture: its root, the parent session file, the runs directory. */
export function spendFixture(): { root: string; session: string; runs: string } {
	const root = tempDir("pi-delegate-spend-");
	cpSync(FIXTURE, root, { recursive: true });
	rewrite(root, root);
	return { root, session: join(root, "session.jsonl"), runs: join(root, "runs") };
}

export const runDir = (runs: string, name: string) => join(runs, name);
