/**
 * Why a run's patch no longer applies, in plain words, file by file, from what `git apply` wrote
 * to stderr. git speaks of a "working directory", of hunks and of the index; a person wants the
 * file, relative to the root, and what happened to it since the run. A line we have no words for is kept as git wrote it, so no reason is ever lost.
 * Pure.
 */

export interface ApplyReason {
	/** The file, relative to the base; undefined for a reason about the whole patch. */
	file: string | undefined;
	reason: string;
}

/** git's lines, each with the file it names and our words for it (undefined: read on). */
const RULES: ReadonlyArray<[RegExp, (m: RegExpExecArray) => [string, string | undefined]]> = [
	[/^error: patch failed: (.+):(\d+)$/, (m) => [m[1]!, `its lines near line ${m[2]} have changed since the run`]],
	[
		/^error: the patch applies to '(.+)' \([0-9a-f]+\), which does not match the current contents\.$/,
		(m) => [m[1]!, "its content has changed since the run"],
	],
	[/^error: (.+): patch does not apply$/, (m) => [m[1]!, undefined]],
	[
		/^error: (.+): already exists in working directory$/,
		(m) => [m[1]!, "the run created it, but a file of that name exists now"],
	],
	[
		/^error: (.+): No such file or directory$/,
		(m) => [m[1]!, "the run changed or deleted it, but it does not exist now"],
	],
	[
		/^error: affected file '(.+)' is beyond a symbolic link$/,
		(m) => [m[1]!, "a folder on its path is a symbolic link now, and nothing is written through one"],
	],
	[
		/^error: (.+): wrong type$/,
		(m) => [m[1]!, "it is another kind of file now (a file, a symlink or a folder) than the run saw"],
	],
	[
		/^error: new mode \((\d+)\) of (.+) does not match old mode \((\d+)\)$/,
		(m) => [m[2]!, "it is another kind of file now (a file, a symlink or a folder) than the run saw"],
	],
	[
		/^error: (.+): does not exist in index$/,
		(m) => [m[1]!, "the run changed or deleted it, but it does not exist now"],
	],
];

/** What git says before the file's own line, kept for it: "removal patch leaves file contents". */
const REMOVAL = /^error: removal patch leaves file contents$/;

/** `path` relative to `base` when it lies under it. */
const relativeTo = (base: string, path: string) => (path.startsWith(`${base}/`) ? path.slice(base.length + 1) : path);

/** Each file git refused, once, with why; then any line about the whole patch, as git wrote it. */
export function applyReasons(stderr: string, base: string): ApplyReason[] {
	const byFile = new Map<string, string>();
	const whole: string[] = [];
	let pending: string | undefined;
	for (const line of stderr.split("\n")) {
		if (line === "" || line.startsWith("warning: ") || !line.startsWith("error: ")) continue;
		if (REMOVAL.test(line)) {
			pending = "the run deleted it, but it holds content the run did not see";
			continue;
		}
		const rule = RULES.find(([pattern]) => pattern.test(line));
		if (!rule) {
			if (line !== "error: while searching for:") whole.push(line.slice("error: ".length));
			continue;
		}
		const [file, words] = rule[1](rule[0].exec(line)!);
		const reason = words ?? pending ?? "it has changed since the run";
		pending = undefined;
		if (!byFile.has(file)) byFile.set(file, reason);
	}
	const reasons: ApplyReason[] = [...byFile].map(([file, reason]) => ({ file: relativeTo(base, file), reason }));
	return [...reasons, ...whole.map((reason) => ({ file: undefined, reason }))];
}
