/**
 * gitPatch against the real `git apply`: for every kind of change, the patch laid onto a tree
 * holding every `before` (in plain patch mode, as pi-delegate applies it) must give a tree equal
 * byte for byte to every `after` — content, executable bit, symlink targets, and absence — and
 * `git apply -R` must give the before back. Where git itself can write the same patch (plain text
 * between two folders), ours must equal `git diff --no-index`'s.
 */
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { encode85 } from "../../../src/run/workspace/base85.ts";
import { quotePath } from "../../../src/run/workspace/git-quote.ts";
import { type FileChange, gitPatch, patchStats } from "../../../src/run/workspace/patch.ts";
import {
	bytes,
	link,
	plainApply,
	plainGitEnv,
	readTree,
	shown,
	type Tree,
	text,
	writeTree,
} from "../../support/patch-tree.ts";
import { tempDir } from "../../support/temp.ts";

const lines = (count: number, at = 0) => Array.from({ length: count }, (_, i) => `line ${i + at}\n`).join("");
/** 1 MB of text: 20,000 lines of 52 bytes. */
const MEGABYTE = Array.from({ length: 20_000 }, (_, i) => `${String(i).padStart(8, "0")} ${"x".repeat(42)}\n`).join("");
const KEEP: Tree = { "keep.txt": text("unchanged\n"), "dir/keep": text("also unchanged\n") };

/** Each case: the changes, and (optionally) folders that must be gone afterwards. */
const CASES: Record<string, { changes: FileChange[]; gone?: string[] }> = {
	"a modified text file": {
		changes: [
			{
				path: "a.txt",
				before: text(lines(40)),
				after: text(lines(40).replace("line 7\n", "seven\n").replace("line 30\n", "")),
			},
		],
	},
	"a new file": { changes: [{ path: "new.txt", after: text("one\ntwo\n") }] },
	"a new executable file": { changes: [{ path: "run.sh", after: text("#!/bin/sh\necho hi\n", true) }] },
	"a new file in a new directory": { changes: [{ path: "x/y/z/new.txt", after: text("deep\n") }] },
	"a deleted file": { changes: [{ path: "gone.txt", before: text("bye\nbye\n") }] },
	"a deleted directory's files": {
		changes: [
			{ path: "old/a.txt", before: text("a\n") },
			{ path: "old/sub/b.bin", before: bytes([0, 1, 2]) },
			{ path: "old/sub/c", before: text("") },
		],
		gone: ["old"],
	},
	"a mode change only": { changes: [{ path: "tool", before: text("x\n"), after: text("x\n", true) }] },
	"a mode change with an edit": { changes: [{ path: "tool", before: text("x\n", true), after: text("y\n") }] },
	"a file that becomes a symlink": { changes: [{ path: "t", before: text("target\n"), after: link("keep.txt") }] },
	"a symlink that becomes a file": { changes: [{ path: "t", before: link("keep.txt"), after: text("now a file\n") }] },
	"symlinks added, retargeted, deleted": {
		changes: [
			{ path: "l1", after: link("../outside") },
			{ path: "l2", before: link("a"), after: link("b c") },
			{ path: "l3", before: link("dir/keep") },
		],
	},
	"empty files added, deleted, filled, emptied": {
		changes: [
			{ path: "e1", after: text("") },
			{ path: "e2", before: text("") },
			{ path: "e3", before: text(""), after: text("filled\n") },
			{ path: "e4", before: text("to empty\n"), after: text("") },
		],
	},
	"files without a trailing newline": {
		changes: [
			{ path: "n1", before: text("a\nb"), after: text("a\nc") },
			{ path: "n2", before: text("a\nb"), after: text("a\nb\n") },
			{ path: "n3", before: text("a\nb\n"), after: text("a\nb") },
			{ path: "n4", after: text("no newline") },
		],
	},
	"a file whose content is only a newline": {
		changes: [
			{ path: "nl", before: text("\n"), after: text("\n\n") },
			{ path: "nl2", after: text("\n") },
		],
	},
	"CRLF content": {
		changes: [
			{ path: "dos.txt", before: text("a\r\nb\r\nc\r\n"), after: text("a\r\nB\r\nc\r\n") },
			{ path: "mixed", before: text("a\r\nb\n"), after: text("a\nb\r\n\r") },
		],
	},
	"a byte-order mark and a lone CR": {
		changes: [{ path: "bom", before: text("\uFEFFa\rb\n"), after: text("\uFEFFa\rc\n") }],
	},
	"a modified binary file": {
		changes: [
			{
				path: "b.bin",
				before: bytes([0, 1, 2, 3]),
				after: bytes(Array.from({ length: 5000 }, (_, i) => (i * 7919) % 256)),
			},
		],
	},
	"binary files added and deleted": {
		changes: [
			{ path: "new.bin", after: bytes(Array.from({ length: 300 }, (_, i) => (i * 31) % 256)) },
			{ path: "gone.bin", before: bytes([0, 0, 0]) },
		],
	},
	"content that is not UTF-8, or has a NUL late": {
		changes: [
			{ path: "latin1", before: bytes([0x63, 0x61, 0x66, 0xe9, 0x0a]), after: bytes([0x63, 0x61, 0x66, 0xe8, 0x0a]) },
			{ path: "late-nul", before: text(`${"a\n".repeat(5000)}`), after: text(`${"a\n".repeat(5000)}\0\n`) },
		],
	},
	"text that becomes binary": { changes: [{ path: "t2b", before: text("plain\n"), after: bytes([0, 1]) }] },
	"names with a space, a quote, a newline and non-ASCII": {
		changes: [
			{ path: "with space.txt", before: text("a\n"), after: text("b\n") },
			{ path: 'quote"d', after: text("q\n") },
			{ path: "new\nline", after: text("n\n") },
			{ path: "tab\tand\\back", after: text("t\n") },
			{ path: "ünï cödé/é.txt", after: text("u\n") },
			{ path: "space dir/a b", before: text("x\n") },
		],
	},
	"a 1 MB text file with one line changed": {
		changes: [{ path: "big.txt", before: text(MEGABYTE), after: text(MEGABYTE.replace("00012345 x", "00012345 y")) }],
	},
	"a 1 MB text file with a line changed every 20 lines (past Myers' edit limit)": {
		changes: [
			{ path: "big.txt", before: text(MEGABYTE), after: text(MEGABYTE.replace(/^(\d{6}[02468]0) x/gm, "$1 y")) },
		],
	},
	"a rename plus an edit elsewhere": {
		changes: [
			{ path: "z/old name.txt", before: text("moved\n") },
			{ path: "a/new name.txt", after: text("moved\n") },
			{ path: "m.txt", before: text("1\n"), after: text("2\n") },
		],
	},
	"a file replaced by a directory": {
		changes: [
			{ path: "f", before: text("file\n") },
			{ path: "f/inner", after: text("inner\n") },
		],
	},
	"a directory replaced by a file": {
		changes: [
			{ path: "d/inner", before: text("inner\n") },
			{ path: "d/sub/x", before: text("x\n") },
			{ path: "d", after: text("now a file\n") },
		],
	},
	"lines that look like patch syntax": {
		changes: [
			{
				path: "tricky.txt",
				before: text("-- a\n++ b\ndiff --git a/x b/x\n@@ -1 +1 @@\n\\ No newline at end of file\n"),
				after: text("--- a\n+++ b\ndiff --git a/y b/y\n@@ -1 +1 @@\n\\ No newline at end of file\n \n"),
			},
		],
	},
	"a file rewritten from end to end": {
		changes: [{ path: "r.txt", before: text(lines(3000)), after: text(lines(3000, 5000)) }],
	},
};

const treeOf = (changes: FileChange[], side: "before" | "after"): Tree => {
	const tree: Tree = { ...KEEP };
	for (const change of changes) if (change[side]) tree[change.path] = change[side];
	return tree;
};

describe("gitPatch applied by git apply", () => {
	for (const [name, { changes, gone = [] }] of Object.entries(CASES)) {
		it(`gives the after tree exactly, and -R the before: ${name}`, () => {
			const root = tempDir();
			writeTree(root, treeOf(changes, "before"));
			const patch = gitPatch(changes);
			const forward = plainApply(root, patch);
			expect(forward.stderr).toBe("");
			expect(forward.code).toBe(0);
			expect(shown(readTree(root))).toEqual(shown(treeOf(changes, "after")));
			for (const folder of gone) expect(existsSync(join(root, folder)), folder).toBe(false);
			const back = plainApply(root, patch, "-R");
			expect(back.code, back.stderr).toBe(0);
			expect(shown(readTree(root))).toEqual(shown(treeOf(changes, "before")));
		});
	}

	it("is refused whole by git apply when one file no longer matches, leaving the tree as it was", () => {
		const root = tempDir();
		const changes = CASES["a modified text file"]!.changes.concat(CASES["binary files added and deleted"]!.changes);
		const before = treeOf(changes, "before");
		writeTree(root, { ...before, "a.txt": text(lines(40).replace("line 8", "edited meanwhile")) });
		const result = plainApply(root, gitPatch(changes));
		expect(result.code).not.toBe(0);
		expect(result.stderr).toContain("a.txt");
		expect(shown(readTree(root))).toEqual(
			shown({ ...before, "a.txt": text(lines(40).replace("line 8", "edited meanwhile")) }),
		);
	});
});

/** `git diff --no-index` between two folders, with each name's folder prefix taken out. */
function gitsOwn(changes: FileChange[]): string {
	const dir = tempDir();
	writeTree(join(dir, "before"), treeOf(changes, "before"));
	writeTree(join(dir, "after"), treeOf(changes, "after"));
	const out = spawnSync("git", ["diff", "--no-index", "--binary", "--full-index", "before", "after"], {
		cwd: dir,
		env: plainGitEnv(),
		encoding: "utf8",
	});
	return out.stdout.replace(/(\b[ab]\/|^rename (?:from|to) "?)(?:before|after)\//gm, "$1");
}

describe("gitPatch beside git's own", () => {
	// Comparable wherever git writes the same thing: text, modes, symlinks, type changes, exact
	// renames, and binary literals of an added or deleted file (git deflates at level 1 too). Not a
	// modified binary file, which git writes as a delta when that is smaller (we always write
	// literals), nor empty files, which git pairs as renames of each other (we do not).
	const comparable = [
		"a modified text file",
		"a new file",
		"a deleted file",
		"files without a trailing newline",
		"CRLF content",
		"a mode change with an edit",
		"binary files added and deleted",
		"a file that becomes a symlink",
		"symlinks added, retargeted, deleted",
		"a rename plus an edit elsewhere",
		"a file whose content is only a newline",
		"a mode change only",
		"a 1 MB text file with one line changed",
		"names with a space, a quote, a newline and non-ASCII",
	];
	for (const name of comparable) {
		it(`writes what git diff --binary --no-index writes: ${name}`, () => {
			const { changes } = CASES[name]!;
			expect(gitPatch(changes)).toBe(gitsOwn(changes));
		});
	}
});

describe("patch details", () => {
	it("quotes a name exactly as git does", () => {
		expect(quotePath("plain name.txt")).toBe("plain name.txt");
		expect(quotePath('a"b\\c\td\ne\x7f\x01é')).toBe('"a\\"b\\\\c\\td\\ne\\177\\001\\303\\251"');
	});

	it("encodes base85 with git's alphabet, the last group zero-padded", () => {
		expect(encode85(Uint8Array.from([0, 0, 0, 0]))).toBe("00000");
		expect(encode85(Uint8Array.from([0xff, 0xff, 0xff, 0xff]))).toBe("|NsC0");
		expect(encode85(Uint8Array.from([0x78, 0x01, 0x03]))).toBe("cmV?d");
	});

	it("writes nothing for unchanged files, and pairs each deletion with at most one addition", () => {
		expect(gitPatch([{ path: "same", before: text("x\n"), after: text("x\n") }])).toBe("");
		const changes: FileChange[] = [
			{ path: "old", before: text("same\n") },
			{ path: "copy1", after: text("same\n") },
			{ path: "copy2", after: text("same\n") },
			{ path: "mode-differs", after: text("same\n", true) },
		];
		const patch = gitPatch(changes);
		expect(patch).toContain("rename from old\nrename to copy1\n");
		expect(patch).toContain("diff --git a/copy2 b/copy2\nnew file mode 100644\n");
		expect(patchStats(changes)).toEqual({ added: 2, modified: 0, deleted: 0, renamed: 1 });
	});

	it("writes scattered edits of a large file as hunks, not as one rewrite of the whole file", () => {
		const { changes } = CASES["a 1 MB text file with a line changed every 20 lines (past Myers' edit limit)"]!;
		const patch = gitPatch(changes);
		expect(patch.match(/^@@ /gm)).toHaveLength(1000);
		expect(patch.length).toBeLessThan(MEGABYTE.length / 2);
	});

	it("counts a type change as one modified file", () => {
		const changes = [...CASES["a file that becomes a symlink"]!.changes, ...CASES["a deleted file"]!.changes];
		expect(patchStats(changes)).toEqual({ added: 0, modified: 1, deleted: 1, renamed: 0 });
	});
});
