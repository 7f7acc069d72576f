/**
 * Golden files: expected outputs kept in the repository and compared byte for byte. They are
 * written only when UPDATE_GOLDEN=1 is set, so a change of output is always a reviewed diff,
 * never a silent rewrite; a missing golden file fails the test.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, relative } from "node:path";
import { expect } from "vitest";
import { REPO } from "./pi.ts";

export const UPDATING_GOLDEN = process.env.UPDATE_GOLDEN === "1";

export function expectGolden(file: string, actual: string): void {
	if (UPDATING_GOLDEN) {
		mkdirSync(dirname(file), { recursive: true });
		writeFileSync(file, actual);
		return;
	}
	const name = relative(REPO, file);
	if (!existsSync(file)) {
		throw new Error(`golden file ${name} is missing; create it with UPDATE_GOLDEN=1 and review it before committing`);
	}
	const expected = readFileSync(file);
	const got = Buffer.from(actual, "utf8");
	if (!got.equals(expected))
		expect(actual, `${name} (rerun with UPDATE_GOLDEN=1 if the change is intended)`).toBe(expected.toString("utf8"));
}
