/**
 * Applies a passed child's change to the real roots, all files or none: every new file is first
 * written beside its place under a temporary name, and only once all of them are written is each
 * moved into place (a rename over the old file, atomic per file), the file it replaces kept under a
 * second name until the last one is in; any failure puts back what was replaced and removes what
 * was written. Just before, every touched path is checked once more to still be what the copy
 * started from: a file the real root changed meanwhile applies nothing.
 *
 * A replaced file is never absent meanwhile: another process copying the root (a second
 * `pi-delegate run` on the same repository, which shares no lock with this one) sees the old file or
 * the new one, never a gap it would take for a deletion.
 *
 * Landings in one process run one at a time (and a run holds its roots exclusively while it lands,
 * run/execute.ts), so two passed siblings apply in the order they finish; the bytes a landing
 * replaces are kept for the later one's changes.patch (changes.ts).
 */
import { randomBytes } from "node:crypto";
import { chmod, link, lstat, mkdir, rename, rm, rmdir, symlink, unlink, writeFile } from "node:fs/promises";
import { basename, dirname, join } from "node:path";
import { currentOrigin, rememberDisplaced, type Touched, unchanged } from "./changes.ts";
import type { FileState } from "./patch.ts";

let queue: Promise<unknown> = Promise.resolve();

/** Runs `work` after every landing before it in this process has ended. */
function serial<T>(work: () => Promise<T>): Promise<T> {
	const next = queue.then(work, work);
	queue = next.catch(() => {});
	return next;
}

const aside = (path: string) => join(dirname(path), `.${basename(path)}.pi-delegate-${randomBytes(6).toString("hex")}`);

/** Creates the missing directories above `path`, returning them deepest first (to remove on failure). */
async function makeParents(path: string): Promise<string[]> {
	const made: string[] = [];
	let dir = dirname(path);
	while (!(await lstat(dir).catch(() => undefined))) {
		made.push(dir);
		dir = dirname(dir);
	}
	for (const d of [...made].reverse()) await mkdir(d);
	return made;
}

async function writeState(path: string, state: FileState): Promise<void> {
	if (state.kind === "symlink") return symlink(state.target, path);
	await writeFile(path, state.bytes, { flag: "wx", mode: state.executable ? 0o755 : 0o644 });
	// The umask may have cut the mode: set it as the copy had it.
	await chmod(path, state.executable ? 0o755 : 0o644);
}

interface Step {
	real: string;
	/** The new content, written beside; undefined for a deletion. */
	staged: string | undefined;
	/** The replaced file's second name, once it has one. */
	kept: string | undefined;
	/** Whether `kept` is the replaced file moved away (a directory) rather than a second link to it. */
	moved: boolean;
	/** Whether the real path was changed: the staged file renamed in, or the old one removed. */
	placed: boolean;
}

/** Puts back everything a failed landing did, as far as it got. */
async function undo(steps: readonly Step[], made: readonly string[]): Promise<void> {
	for (const step of [...steps].reverse()) {
		if (step.staged && !step.placed) await unlink(step.staged).catch(() => {});
		if (step.placed && (step.moved || !step.kept) && step.staged) await unlink(step.real).catch(() => {});
		// A second link renamed back over the path restores the old file in one step.
		if (step.kept && (step.placed || step.moved)) await rename(step.kept, step.real).catch(() => {});
		else if (step.kept) await unlink(step.kept).catch(() => {});
	}
	for (const dir of made) await rmdir(dir).catch(() => {});
}

/** Removes directories a deletion left empty, up to the root, where the copy has none either. */
async function pruneEmpty(touched: readonly Touched[], roots: readonly string[]): Promise<void> {
	for (const t of touched) {
		if (t.after !== undefined) continue;
		let dir = dirname(t.real);
		let copyDir = dirname(t.copy);
		while (!roots.includes(dir) && !(await lstat(copyDir).catch(() => undefined))) {
			if (
				!(await rmdir(dir).then(
					() => true,
					() => false,
				))
			)
				break;
			dir = dirname(dir);
			copyDir = dirname(copyDir);
		}
	}
}

const yes = () => true;
const no = () => false;

/**
 * Puts one staged file in place of the real one, or removes the real one. A file or link being
 * replaced gets a second name first and the new one is renamed over it, so its path always holds
 * one of the two; a directory in the way can only be moved aside.
 */
async function place(step: Step): Promise<void> {
	const old = await lstat(step.real).catch(() => undefined);
	if (old) {
		step.kept = aside(step.real);
		// Where no second link can be made (a directory, a file system without them), only a move.
		const linked = !old.isDirectory() && (await link(step.real, step.kept).then(yes, no));
		step.moved = !linked;
		if (step.moved) await rename(step.real, step.kept);
	}
	if (step.staged) {
		await rename(step.staged, step.real);
		step.placed = true;
	} else if (old) {
		if (!step.moved) await unlink(step.real);
		step.placed = true;
	}
}

/** The touched paths the real root changed since they were copied; nothing is applied when there is one. */
async function stale(touched: readonly Touched[]): Promise<string[]> {
	const out: string[] = [];
	for (const t of touched) if (!unchanged(await currentOrigin(t.real), t.origin)) out.push(t.real);
	return out;
}

/**
 * Applies the touched paths to the real roots; undefined once all are in place, else why nothing
 * was (the real root as it was before).
 */
export function land(touched: readonly Touched[], roots: readonly string[]): Promise<string | undefined> {
	return serial(async () => {
		const changed = await stale(touched);
		if (changed.length > 0) return `the real root changed ${changed.join(", ")} during the run`;
		const steps: Step[] = [];
		const made: string[] = [];
		try {
			for (const t of touched) {
				made.push(...(await makeParents(t.real)));
				const staged = t.after ? aside(t.real) : undefined;
				if (staged && t.after) await writeState(staged, t.after);
				steps.push({ real: t.real, staged, kept: undefined, moved: false, placed: false });
			}
			for (const step of steps) await place(step);
		} catch (error) {
			await undo(steps, made);
			return `applying failed and nothing was applied: ${error instanceof Error ? error.message : String(error)}`;
		}
		for (const [i, step] of steps.entries()) {
			const t = touched[i] as Touched;
			if (t.origin && t.before?.kind === "file") rememberDisplaced(t.real, t.origin, t.before.bytes);
			if (step.kept) await rm(step.kept, { recursive: step.moved, force: true }).catch(() => {});
		}
		await pruneEmpty(touched, roots);
		return undefined;
	});
}
