/**
 * What a user would call damage to a watched repository, or to a watched directory's metadata,
 * is a change, with the sandbox off (PI_DELEGATE_BWRAP=off: every machine without bubblewrap),
 * where a child's bash can do it: loose objects, packs and reflogs deleted, an object or pack
 * rewritten in place, an alternate object store added or emptied; a directory's owner, mode,
 * attribute flags or extended attributes changed, and a recently written file's owner. Each case
 * is seen at the library level (snapshot → damage → snapshot → diff) and fails a run on both
 * runners. What git's own writes do (a commit, a touched object that is still whole) is not.
 */
import { execFileSync, spawnSync } from "node:child_process";
import {
	chmodSync,
	closeSync,
	openSync,
	readdirSync,
	readSync,
	rmSync,
	statSync,
	utimesSync,
	writeFileSync,
	writeSync,
} from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { judgeChanges } from "../../src/boundary/judge.ts";
import type { Change } from "../../src/boundary/types.ts";
import { deltaOf, git, gitRepo, NOTHING_RACY, tempDir, write } from "../boundary/helpers.ts";
import { RUNNERS } from "../support/both-runners.ts";
import { envelope, submitTurn } from "../support/child.ts";
import { runWorkspace } from "../support/cli-run.ts";

// Read once per process, before anything probes: every run of this file has the sandbox off.
process.env.PI_DELEGATE_BWRAP = "off";

const root = process.getuid?.() === 0;
const python = spawnSync("python3", ["--version"]).status === 0;
/** Directories made immutable, made mutable again at the end so they can be removed. */
const immutable: string[] = [];
afterAll(() => {
	for (const dir of immutable) spawnSync("chattr", ["-i", dir]);
});

/** A watched repository: two commits, a subdirectory, the first commit's objects packed. */
function watchedRepo(): string {
	const repo = gitRepo({ "a.txt": "a\n", "sub/b.txt": "b\n" }, "watched");
	git(repo, "gc", "-q");
	write(repo, { "a.txt": "a2\n" });
	git(repo, "commit", "-qam", "second");
	return repo;
}

const looseDirs = (repo: string) =>
	readdirSync(join(repo, ".git/objects")).filter((name) => /^[0-9a-f]{2}$/.test(name));
const packs = (repo: string) =>
	readdirSync(join(repo, ".git/objects/pack")).map((name) => join(repo, ".git/objects/pack", name));
const firstLoose = (repo: string) => {
	const dir = join(repo, ".git/objects", looseDirs(repo)[0]!);
	return join(dir, readdirSync(dir)[0]!);
};

/** Rewrites one byte in the middle of `file`, in place (same inode, same size). */
function flipByte(file: string): void {
	const fd = openSync(file, "r+");
	try {
		const at = Math.floor(statSync(file).size / 2);
		const byte = Buffer.alloc(1);
		readSync(fd, byte, 0, 1, at);
		writeSync(fd, Buffer.from([byte[0]! ^ 0xff]), 0, 1, at);
	} finally {
		closeSync(fd);
	}
}

/** Sets an extended attribute (Node has no call for it). */
const setXattr = (path: string) =>
	execFileSync("python3", ["-c", "import os,sys; os.setxattr(sys.argv[1], 'user.pi', b'x')", path]);

/** The changes of one repository root after `damage`, each with the judgement of a watched-only root. */
async function damaged(repo: string, damage: () => void): Promise<Change[]> {
	const { changes } = await deltaOf([repo], damage, NOTHING_RACY);
	expect(judgeChanges(changes, []).violations).toEqual(changes);
	return changes;
}

const lines = (changes: readonly Change[]) => changes.map((c) => `${c.kind} ${c.path}: ${c.detail}`);

describe("repository damage is a change (library: snapshot → damage → snapshot → diff)", () => {
	it("every loose object directory deleted", async () => {
		const repo = watchedRepo();
		const changes = await damaged(repo, () => {
			for (const dir of looseDirs(repo)) rmSync(join(repo, ".git/objects", dir), { recursive: true });
		});
		expect(lines(changes).join("\n")).toMatch(/git-file \.git\/objects\/[0-9a-f]{2}: directory deleted/);
	});

	it("the packs deleted", async () => {
		const repo = watchedRepo();
		const changes = await damaged(repo, () => {
			for (const pack of packs(repo)) rmSync(pack);
		});
		expect(lines(changes).join("\n")).toMatch(/\.git\/objects\/pack\/pack-[0-9a-f]+\.pack: file deleted/);
	});

	it("the reflogs deleted, or one cut short", async () => {
		const repo = watchedRepo();
		const gone = await damaged(repo, () => rmSync(join(repo, ".git/logs"), { recursive: true }));
		expect(lines(gone)).toContain("git-file .git/logs/HEAD: file deleted");
		const other = watchedRepo();
		const cut = await damaged(other, () => writeFileSync(join(other, ".git/logs/HEAD"), ""));
		expect(lines(cut).join("\n")).toMatch(/\.git\/logs\/HEAD: size \d+ → 0/);
	});

	it("a loose object rewritten in place, its mtime put back or not", async () => {
		const repo = watchedRepo();
		const object = firstLoose(repo);
		const { mtime } = statSync(object);
		const restored = await damaged(repo, () => {
			chmodSync(object, 0o644);
			flipByte(object);
			chmodSync(object, 0o444);
			utimesSync(object, mtime, mtime);
		});
		expect(restored.some((c) => object.endsWith(c.path.slice(4)))).toBe(true);
		const other = watchedRepo();
		const again = firstLoose(other);
		const touched = await damaged(other, () => {
			chmodSync(again, 0o644);
			flipByte(again);
			chmodSync(again, 0o444);
		});
		expect(lines(touched).join("\n")).toMatch(/rewritten in place/);
	});

	it("a pack rewritten in place", async () => {
		const repo = watchedRepo();
		const pack = packs(repo).find((p) => p.endsWith(".pack"))!;
		const changes = await damaged(repo, () => {
			chmodSync(pack, 0o644);
			flipByte(pack);
		});
		expect(lines(changes).join("\n")).toMatch(/\.pack: (touched or rewritten in place|mode)/);
	});

	it("an alternate object store added, and one the repository borrows from emptied", async () => {
		const repo = watchedRepo();
		const added = await damaged(repo, () =>
			writeFileSync(join(repo, ".git/objects/info/alternates"), `${tempDir("elsewhere")}\n`),
		);
		expect(lines(added)).toContain("git-file .git/objects/info/alternates: file added");
		const lender = watchedRepo();
		const borrower = join(tempDir("borrower"), "clone");
		execFileSync("git", ["clone", "-q", "--shared", lender, borrower]);
		const emptied = await damaged(borrower, () => {
			for (const dir of looseDirs(lender)) rmSync(join(lender, ".git/objects", dir), { recursive: true });
		});
		expect(lines(emptied).join("\n")).toMatch(/\.git\/objects\/info\/alternates\[0\]\/[0-9a-f]{2}: directory deleted/);
	});

	it.skipIf(!root)("the object store's directories chowned, chmodded or made immutable", async () => {
		const repo = watchedRepo();
		const dir = join(repo, ".git/objects", looseDirs(repo)[0]!);
		const chown = await damaged(repo, () => execFileSync("chown", ["nobody", dir]));
		expect(lines(chown).join("\n")).toMatch(/owner 0:0 → \d+:0/);
		const chmod = await damaged(repo, () => chmodSync(dir, 0o700));
		expect(lines(chmod).join("\n")).toMatch(/mode 755 → 700/);
		immutable.push(dir);
		const chattr = await damaged(repo, () => execFileSync("chattr", ["+i", dir]));
		expect(lines(chattr).join("\n")).toMatch(/attributes changed/);
	});
});

describe("a directory's and a file's metadata is a change (library)", () => {
	it.skipIf(!root)("a directory chowned, or made immutable (chattr +i)", async () => {
		const tree = tempDir("meta");
		write(tree, { "dir/f.txt": "f\n" });
		const dir = join(tree, "dir");
		const chown = await damaged(tree, () => execFileSync("chown", ["nobody:nogroup", dir]));
		expect(lines(chown)).toEqual([expect.stringMatching(/^mode dir: owner 0:0 → \d+:\d+$/)]);
		immutable.push(dir);
		const chattr = await damaged(tree, () => execFileSync("chattr", ["+i", dir]));
		expect(lines(chattr)).toEqual([expect.stringMatching(/^mode dir: attributes changed/)]);
	});

	it.skipIf(!python)("an extended attribute set on a directory", async () => {
		const tree = tempDir("meta");
		write(tree, { "dir/f.txt": "f\n" });
		const changes = await damaged(tree, () => setXattr(join(tree, "dir")));
		expect(lines(changes)).toEqual([expect.stringMatching(/^mode dir: attributes changed/)]);
	});

	it.skipIf(!root)("a file written a moment before the snapshot, then chowned", async () => {
		const tree = tempDir("meta");
		write(tree, { "new.txt": "n\n" });
		// Recently written: hashed, so its content is proven and a bare ctime move is not a change.
		const { changes } = await deltaOf([tree], () => {
			execFileSync("chown", ["nobody", join(tree, "new.txt")]);
		});
		expect(lines(changes)).toEqual([expect.stringMatching(/^mode new\.txt: owner 0:0 → \d+:0$/)]);
	});
});

describe("what git's own writes do is not damage", () => {
	it("a commit and a touched but whole object and pack: HEAD, the branch, the file and the index, nothing more", async () => {
		const repo = watchedRepo();
		const pack = packs(repo).find((p) => p.endsWith(".pack"))!;
		const object = firstLoose(repo);
		const { changes } = await deltaOf([repo], () => {
			const now = new Date();
			utimesSync(pack, now, now);
			utimesSync(object, now, now);
			write(repo, { "c.txt": "c\n" });
			git(repo, "add", "c.txt");
			git(repo, "commit", "-qm", "third");
		});
		expect(changes.map((c) => `${c.kind} ${c.path}`)).toEqual([
			"head .git/HEAD",
			"ref .git/refs/heads/main",
			"added c.txt",
			"index c.txt",
		]);
	});
});

for (const runner of RUNNERS) {
	describe(`${runner} runner, sandbox off: a child's bash damages a watched-only root`, () => {
		it.each([
			["deletes the object store and the reflogs", "rm -rf .git/objects/?? .git/objects/pack/* .git/logs"],
			[
				"rewrites a pack in place",
				"f=$(ls .git/objects/pack/*.pack); chmod u+w $f; printf 'XXXX' | dd of=$f bs=1 seek=100 conv=notrunc 2>/dev/null",
			],
			[
				"changes a directory's extended attributes, or its owner",
				root ? "chown nobody sub" : "python3 -c \"import os; os.setxattr('sub','user.pi',b'x')\"",
			],
		])("%s: FAIL", async (_label, damage) => {
			const repo = watchedRepo();
			const writable = tempDir("writable");
			const command = `cd ${repo} && ${damage}`;
			const ws = runWorkspace({
				turns: [
					{ tools: [{ name: "bash", args: { command } }] },
					submitTurn(envelope([`${repo}/a.txt:1`, `cmd: ${command}`])),
				],
			});
			const spec = ws.spec({
				read_only: false,
				roots: [writable, repo],
				write_allowed: [writable],
				context: { commands: [command] },
			});
			if (runner === "in-process") process.env.PI_DELEGATE_SCRIPT = join(ws.agentDir, "scripted.json");
			const out = await ws.run(spec, ["--runner", runner]).finally(() => delete process.env.PI_DELEGATE_SCRIPT);
			expect(out.stderr).not.toMatch(/internal error/);
			expect(out.stdout).toMatch(/^FAIL/);
			expect(out.stdout).toMatch(/boundary violation: (git-file|mode)/);
			expect(out.code).toBe(1);
		});
	});
}
