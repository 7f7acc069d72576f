/**
 * An in-memory FileProbe over a Layout placed at an absolute directory: the verification cases run
 * against it in unit tests, and against a real directory in the selftest (src/envelope/probe.ts).
 */
import { basename, dirname, isAbsolute, join, resolve, sep } from "node:path";
import type { Layout } from "../../src/envelope/layout.ts";
import type { FileProbe } from "../../src/envelope/verify.ts";

/** FileProbe.lineCount's rule over a text, as the real probe counts a file. */
function countLines(text: string): number {
	if (text === "") return 0;
	const newlines = text.split("\n").length - 1;
	return text.endsWith("\n") ? newlines : newlines + 1;
}

type Entry = { kind: "file"; content: string } | { kind: "directory" } | { kind: "link"; target: string };

/** An in-memory FileProbe for `layout` placed at the absolute directory `base`. */
export function memoryProbe(base: string, layout: Layout): FileProbe {
	const entries = new Map<string, Entry>();
	const addDirs = (path: string) => {
		for (let d = path; ; d = dirname(d)) {
			if (!entries.has(d)) entries.set(d, { kind: "directory" });
			if (d === dirname(d)) return;
		}
	};
	addDirs(base);
	for (const d of layout.dirs ?? []) addDirs(join(base, d));
	for (const [path, content] of Object.entries(layout.files ?? {})) {
		addDirs(dirname(join(base, path)));
		entries.set(join(base, path), { kind: "file", content });
	}
	for (const [path, target] of Object.entries(layout.symlinks ?? {})) {
		const at = join(base, path);
		addDirs(dirname(at));
		entries.set(at, { kind: "link", target: isAbsolute(target) ? target : resolve(dirname(at), target) });
	}

	let looped = false;
	/** Resolves links component by component, as realpath(3) does; undefined when a component is missing. */
	const realPath = (path: string): string | undefined => {
		let pending = resolve(path).split(sep).filter(Boolean);
		let done: string = sep;
		looped = false;
		for (let hops = 0; pending.length > 0; ) {
			const next = join(done, pending[0]!);
			const entry = entries.get(next);
			if (!entry) return undefined;
			if (entry.kind === "link") {
				if (++hops > 40) {
					looped = true;
					return undefined;
				}
				pending = [...resolve(entry.target).split(sep).filter(Boolean), ...pending.slice(1)];
				done = sep;
				continue;
			}
			done = next;
			pending = pending.slice(1);
		}
		return done;
	};

	return {
		look(path) {
			const real = realPath(path);
			const entry = real === undefined ? undefined : entries.get(real);
			if (real === undefined || !entry || entry.kind === "link") return undefined;
			return { realPath: real, kind: entry.kind };
		},
		lineCount(real) {
			const entry = entries.get(real);
			return entry?.kind === "file" ? countLines(entry.content) : 0;
		},
		// The same words as nodeFileProbe for the cases a layout can hold: a loop, a dangling link.
		whyMissing(path) {
			if (realPath(path) === undefined && looped) return "is a symlink loop (too many levels of symbolic links)";
			const parent = realPath(dirname(resolve(path)));
			const entry = parent === undefined ? undefined : entries.get(join(parent, basename(path)));
			return entry?.kind === "link" ? "is a symlink whose target does not exist" : "does not exist";
		},
	};
}
