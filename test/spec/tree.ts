// biome-ignore-all lint/suspicious/noTemplateCurlyInString: ${TMP} is a placeholder filled at test time, not a template
/**
 * A real temporary directory tree for spec tests, and `${TMP}` placeholder filling. The tree:
 *   a/  b/  repo/{README.md, docs/{index.md, deep/}, src/, test/}  file.txt  link-a -> a  repo-link -> repo  deep-link -> repo/docs/deep
 */
import { mkdirSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { tempDir } from "../support/temp.ts";

export interface Tree {
	/** Real path of the tree's top directory. */
	tmp: string;
	/** Replaces every `${TMP}` in the text. */
	fill: (text: string) => string;
	remove: () => void;
}

export function makeTree(): Tree {
	const tmp = tempDir("pi-delegate-spec-");
	for (const dir of ["a", "b", "repo/docs/deep", "repo/src", "repo/test"])
		mkdirSync(join(tmp, dir), { recursive: true });
	writeFileSync(join(tmp, "file.txt"), "not a directory\n");
	writeFileSync(join(tmp, "repo", "README.md"), "# repo\n");
	writeFileSync(join(tmp, "repo", "docs", "index.md"), "teh docs\n");
	symlinkSync(join(tmp, "a"), join(tmp, "link-a"));
	symlinkSync(join(tmp, "repo"), join(tmp, "repo-link"));
	symlinkSync(join(tmp, "repo", "docs", "deep"), join(tmp, "deep-link"));
	return {
		tmp,
		fill: (text) => text.replaceAll("${TMP}", tmp),
		remove: () => rmSync(tmp, { recursive: true, force: true }),
	};
}
