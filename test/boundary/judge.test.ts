/** The judgement: a change is allowed exactly when its root is writable. */
import { describe, expect, it } from "vitest";
import { judgeChanges } from "../../src/boundary/judge.ts";
import type { Change } from "../../src/boundary/types.ts";

const change = (root: string, path = "f"): Change => ({ root, path, kind: "added", detail: "file, 1 bytes" });

describe("judgeChanges", () => {
	it("makes every change a violation when nothing is writable", () => {
		const { violations, allowed } = judgeChanges([change("/a"), change("/b")], []);
		expect(violations).toHaveLength(2);
		expect(allowed).toEqual([]);
	});

	it("allows changes in writable roots only, and ignores a trailing slash", () => {
		const { violations, allowed } = judgeChanges([change("/a"), change("/b"), change("/")], ["/a/", "/"]);
		expect(allowed.map((c) => c.root)).toEqual(["/a", "/"]);
		expect(violations.map((c) => c.root)).toEqual(["/b"]);
	});

	it("does not let a writable parent cover a watched child root", () => {
		const { violations } = judgeChanges([change("/repo/docs")], ["/repo"]);
		expect(violations).toHaveLength(1);
	});

	it("keeps a change seen through a watched root a violation when a nested writable root also sees it", () => {
		const { violations, allowed } = judgeChanges(
			[change("/repo", "docs/x"), change("/repo/docs", "x")],
			["/repo/docs"],
		);
		expect(violations.map((c) => c.path)).toEqual(["docs/x"]);
		expect(allowed.map((c) => c.path)).toEqual(["x"]);
	});
});
