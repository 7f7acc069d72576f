/**
 * Bash's grammar, loaded once per process on the first command a rule checks: tree-sitter's bash
 * grammar (tree-sitter-bash, compiled to WebAssembly) run by web-tree-sitter. This file is the one
 * I/O edge of the shell checks: it imports the runtime and reads the two .wasm files; the walk over
 * the tree (walk.ts) and every decision are pure.
 *
 * Why this parser: a rule that holds authority must see a command as bash will run it, and a
 * hand-written scanner (this package had one) misreads what it does not know — `$'\''` ends a
 * quote bash keeps open. tree-sitter-bash is the grammar editors and VS Code's terminal tools
 * read bash with, maintained with tree-sitter itself; web-tree-sitter is plain JavaScript and
 * WebAssembly, so it installs with `npm install --omit=dev` on any platform, with no build step and
 * no native compile, and loads in Node 22, through Pi's loader (jiti) and in a subprocess child's
 * extension alike. mvdan/sh, the stricter parser behind shfmt, was measured too: its maintained npm
 * build (sh-syntax) hands back no more of the tree than each statement's position, and the older
 * full build (mvdan-sh) is deprecated. tree-sitter recovers from errors instead of stopping, so
 * walk.ts refuses any tree that holds one, and any text the tree leaves out.
 *
 * The grammar's .wasm is vendored beside this file (src/agents/permissions/shell/tree-sitter-bash.wasm, from
 * the tree-sitter-bash package of the devDependencies: scripts/vendor-bash-grammar.ts copies it,
 * test/agents/permissions/shell/grammar.test.ts fails on a stale copy): the package itself would install a
 * native build script and twenty megabytes of prebuilt binaries for one file of 1.4 MB.
 *
 * Cost (bench/command-check.bench.ts): loading takes some 90–140 ms once per process, paid by the
 * first check or, where a policy exists, started as the child starts; a check then takes a few
 * milliseconds. Nothing loads when no rule holds a child's commands.
 */
import { access, readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import type { TreeCursor } from "web-tree-sitter";
import type { SyntaxNode } from "./syntax-node.ts";

export interface ShellGrammar {
	/** Parses `text`, hands its tree to `read`, and frees the tree. */
	parse<T>(text: string, read: (root: SyntaxNode) => T): T;
}

const GRAMMAR = "tree-sitter-bash.wasm";

/**
 * The check runs in the tool call, in the in-process runner on pi-delegate's own event loop: a line
 * whose tree is larger, or whose parse takes longer, is refused rather than read, so no line a
 * child writes holds the check (and the budget's timers) for long. A plain command has tens of
 * nodes; a here-document of any length is a handful.
 */
const MAX_NODES = 10_000;
const PARSE_MS = 1_000;

/**
 * The grammar's file: beside this module in src/, and found from the package's root by the
 * compiled copies (dist/, dist/ext/), which tsc writes without it.
 */
async function grammarFile(): Promise<string> {
	const here = dirname(fileURLToPath(import.meta.url));
	const candidates = [join(here, GRAMMAR)];
	for (let dir = here, up = 0; up < 6; up++, dir = dirname(dir)) {
		candidates.push(join(dir, "src", "agents", "permissions", "shell", GRAMMAR));
	}
	for (const candidate of candidates) {
		try {
			await access(candidate);
			return candidate;
		} catch {}
	}
	throw new Error(`${GRAMMAR} is missing beside ${here}`);
}

interface PlainNode extends SyntaxNode {
	children: PlainNode[];
}

/**
 * The tree as plain objects, read once with a cursor: each read of a web-tree-sitter node's
 * children crosses into WebAssembly and makes new objects, and the walk reads them many times.
 */
function plainTree(cursor: TreeCursor, text: string, hasError: boolean): PlainNode {
	const read = (): PlainNode => {
		const { nodeType, nodeIsNamed, nodeIsMissing, startIndex, endIndex } = cursor;
		const children: PlainNode[] = [];
		if (cursor.gotoFirstChild()) {
			do children.push(read());
			while (cursor.gotoNextSibling());
			cursor.gotoParent();
		}
		return {
			type: nodeType,
			isNamed: nodeIsNamed,
			isMissing: nodeIsMissing,
			// Only the root's is the whole tree's (from the tree itself); below it, the node's own.
			hasError: nodeIsMissing || nodeType === "ERROR" || children.some((child) => child.hasError),
			startIndex,
			endIndex,
			text: text.slice(startIndex, endIndex),
			childCount: children.length,
			children,
		};
	};
	const root = read();
	return { ...root, hasError: hasError || root.hasError };
}

async function load(): Promise<ShellGrammar> {
	const { Parser, Language } = await import("web-tree-sitter");
	const runtime = createRequire(import.meta.url).resolve("web-tree-sitter/web-tree-sitter.wasm");
	await Parser.init({ wasmBinary: await readFile(runtime) });
	const language = await Language.load(await readFile(await grammarFile()));
	const parser = new Parser();
	parser.setLanguage(language);
	return {
		parse(text, read) {
			const deadline = performance.now() + PARSE_MS;
			const tree = parser.parse(text, null, { progressCallback: () => performance.now() > deadline });
			if (tree === null) throw new Error(`reading it took longer than ${PARSE_MS} ms`);
			try {
				const parts = tree.rootNode.descendantCount;
				if (parts > MAX_NODES) throw new Error(`it has ${parts} parts, more than the ${MAX_NODES} the check reads`);
				return read(plainTree(tree.walk(), text, tree.rootNode.hasError));
			} finally {
				tree.delete();
			}
		},
	};
}

let loading: Promise<ShellGrammar> | undefined;

/** The grammar, loaded on the first call; a failed load is tried again by the next call. */
export function loadShellGrammar(): Promise<ShellGrammar> {
	loading ??= load().catch((error: unknown) => {
		loading = undefined;
		throw error;
	});
	return loading;
}
