/**
 * Landing a passed change on the real root (apply on-pass): each path ends as the copy had it, and
 * a replaced or deleted path is never seen empty on the way there by anyone else reading the root —
 * another `pi-delegate run` copying the same repository shares no lock with this one, and a gap
 * would reach its child as a deletion.
 */

import { lstatSync, mkdirSync, readdirSync, readFileSync, readlinkSync, symlinkSync, writeFileSync } from "node:fs";
import { lstat } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { currentOrigin, type Touched } from "../../../src/run/workspace/changes.ts";
import { land } from "../../../src/run/workspace/land.ts";
import type { FileState } from "../../../src/run/workspace/patch.ts";
import { tempDir } from "../../support/temp.ts";

const file = (text: string): FileState => ({ kind: "file", executable: false, bytes: Buffer.from(text) });

async function touched(real: string, after: FileState | undefined): Promise<Touched> {
	const stat = lstatSync(real, { throwIfNoEntry: false });
	const before: FileState | undefined = stat?.isSymbolicLink()
		? { kind: "symlink", target: readlinkSync(real) }
		: stat?.isFile()
			? file(readFileSync(real, "utf8"))
			: undefined;
	return { real, copy: real, before, after, origin: await currentOrigin(real) };
}

describe("landing a change on the real root", () => {
	it("never leaves a replaced file's path empty: a reader meanwhile sees the old file or the new", async () => {
		const root = tempDir("pi-delegate-land-");
		const real = join(root, "a.txt");
		writeFileSync(real, "one\n");
		let done = false;
		let reads = 0;
		let empty = 0;
		const reader = (async () => {
			while (!done) {
				if (!(await lstat(real).catch(() => undefined))) empty++;
				reads++;
			}
		})();
		for (let i = 0; i < 150; i++) {
			expect(await land([await touched(real, file(`${i}\n`))], [root])).toBeUndefined();
		}
		done = true;
		await reader;
		expect(readFileSync(real, "utf8")).toBe("149\n");
		expect(reads).toBeGreaterThan(150);
		expect(empty).toBe(0);
		// Nothing of the landings is left beside the file.
		expect(readdirSync(root)).toEqual(["a.txt"]);
	});

	it("replaces a link, deletes a file, puts a file where a directory was, and leaves nothing aside", async () => {
		const root = tempDir("pi-delegate-land-");
		symlinkSync("elsewhere", join(root, "link"));
		writeFileSync(join(root, "gone.txt"), "bye\n");
		mkdirSync(join(root, "was-dir"));
		const change = [
			await touched(join(root, "link"), { kind: "symlink", target: "a.txt" }),
			await touched(join(root, "gone.txt"), undefined),
			await touched(join(root, "was-dir"), file("now a file\n")),
			await touched(join(root, "new/deep.txt"), file("new\n")),
		];
		expect(await land(change, [root])).toBeUndefined();
		expect(readlinkSync(join(root, "link"))).toBe("a.txt");
		expect(readFileSync(join(root, "was-dir"), "utf8")).toBe("now a file\n");
		expect(readFileSync(join(root, "new/deep.txt"), "utf8")).toBe("new\n");
		expect(readdirSync(root).sort()).toEqual(["link", "new", "was-dir"]);
	});

	it("applies nothing when the real root changed a path since the copy, and says which", async () => {
		const root = tempDir("pi-delegate-land-");
		writeFileSync(join(root, "a.txt"), "one\n");
		writeFileSync(join(root, "b.txt"), "two\n");
		const change = [await touched(join(root, "a.txt"), file("A\n")), await touched(join(root, "b.txt"), file("B\n"))];
		writeFileSync(join(root, "b.txt"), "changed meanwhile, a longer line\n");
		expect(await land(change, [root])).toBe(`the real root changed ${join(root, "b.txt")} during the run`);
		expect(readFileSync(join(root, "a.txt"), "utf8")).toBe("one\n");
		expect(readdirSync(root).sort()).toEqual(["a.txt", "b.txt"]);
	});
});
