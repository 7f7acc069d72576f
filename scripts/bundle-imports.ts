/**
 * How a chunk of the extension's bundle reaches what Node must not load for it: Pi's packages and
 * typebox (Pi's loader binds them to the Pi that runs; Node would find another copy, or none) and
 * the TypeScript modules left in src/ (Node refuses to strip types under node_modules). Each goes
 * through the loader index.ts leaves on globalThis, which is Pi's loader (jiti).
 *
 * Why not have Pi's loader transform the chunks instead, as it transforms the sources: it transforms
 * with Babel, synchronously, in the thread that draws Pi's screen. Cold (a fresh machine, an update:
 * its cache empty) that took 0.2–1 s a chunk — the roster's chunk alone a second — and the first
 * prompt's hooks load a dozen of them: the screen froze for seconds before the prompt was echoed.
 * Every chunk is an .mjs file Node imports natively instead, and what needs Pi's loader is reached
 * so:
 *
 * - A static import becomes an import of a small generated module (`bound-<hash>.mjs`) that awaits
 *   the loader once (top-level await) and exports what the chunk imports by name, so the chunk keeps
 *   real import bindings. Its name is its content's hash, like every chunk's (a `/reload` after an
 *   update must find a new name to load new code).
 * - An `import("…")` of a literal specifier becomes `__piDelegateImport(specifier, import.meta.url)`,
 *   which hands the loader a chunk's file URL or a package's name (and falls back to Node's own
 *   `import()` without index.ts, as when a test imports the bundle itself). An `import()` of a
 *   computed specifier (a user's workflow script, by its file URL) stays Node's.
 */
import { createHash } from "node:crypto";
import { parseAst } from "rolldown/parseAst";

/** The key of the loader index.ts leaves on globalThis; the same words are in index.ts. */
export const LOADER_KEY = "pi-delegate.import";

/** Pi's packages and typebox, which Pi's loader binds to the Pi that runs (its aliases or virtual modules). */
export const piBound = (specifier: string) =>
	specifier.startsWith("@earendil-works/") || specifier === "typebox" || specifier.startsWith("typebox/");

/** What only Pi's loader may load for a chunk: Pi's packages, typebox, a TypeScript module left in src/. */
export const needsPisLoader = (specifier: string) => piBound(specifier) || specifier.endsWith(".ts");

/** The loader a chunk calls: Pi's, when index.ts left it, else Node's own `import()`. */
const LOADER = [
	"function __piDelegateImport(specifier, from) {",
	`\tconst load = globalThis[Symbol.for(${JSON.stringify(LOADER_KEY)})];`,
	'\tconst target = specifier.startsWith(".") ? new URL(specifier, from).href : specifier;',
	"\treturn load ? load(target) : import(target);",
	"}",
].join("\n");

interface Node {
	type?: string;
	start: number;
	end: number;
	source?: { type?: string; value?: unknown };
	specifiers?: Array<{ type: string; local: { name: string }; imported?: { name?: string; value?: string } }>;
}

function walk(node: unknown, visit: (n: Node) => void): void {
	if (Array.isArray(node)) {
		for (const item of node) walk(item, visit);
		return;
	}
	if (node === null || typeof node !== "object") return;
	visit(node as Node);
	for (const value of Object.values(node)) walk(value, visit);
}

/** The nodes to look at: the top level (static imports), and every node where an `import()` may be. */
function eachImport(code: string, file: string, visit: (n: Node) => void): void {
	const program = parseAst(code, { lang: "js" }, file) as unknown as { body: Node[] };
	if (/\bimport\s*\(/.test(code)) walk(program, visit);
	else for (const node of program.body) visit(node);
}

/** A generated module that loads `specifier` through the loader and exports it as one chunk imports it. */
export interface Bound {
	fileName: string;
	code: string;
}

/**
 * The generated module for one static import of `specifier`, and the import that replaces it.
 * Named imports stay named (real bindings); a default import reads the module's `default`; a
 * namespace import gets the module object itself.
 */
function boundImport(node: Node, specifier: string): { replacement: string; bound: Bound } {
	const names: string[] = [];
	const locals: string[] = [];
	let namespace = false;
	let defaulted = false;
	for (const s of node.specifiers ?? []) {
		if (s.type === "ImportNamespaceSpecifier") {
			namespace = true;
			locals.push(`__namespace as ${s.local.name}`);
		} else if (s.type === "ImportDefaultSpecifier") {
			defaulted = true;
			locals.push(`default as ${s.local.name}`);
		} else {
			const name = s.imported?.name ?? String(s.imported?.value);
			if (name === "default") defaulted = true;
			else names.push(name);
			locals.push(`${name} as ${s.local.name}`);
		}
	}
	const unique = [...new Set(names)].sort();
	const code = [
		LOADER,
		`const __module = await __piDelegateImport(${JSON.stringify(specifier)}, import.meta.url);`,
		...(unique.length > 0 ? [`export const { ${unique.join(", ")} } = __module;`] : []),
		...(defaulted ? ["export default __module.default;"] : []),
		...(namespace ? ["export { __module as __namespace };"] : []),
		"",
	].join("\n");
	const fileName = `bound-${createHash("sha256").update(code).digest("base64url").slice(0, 10)}.mjs`;
	const replacement =
		locals.length > 0 ? `import { ${locals.join(", ")} } from "./${fileName}";` : `import "./${fileName}";`;
	return { replacement, bound: { fileName, code } };
}

/**
 * A chunk's code with every static import and literal `import()` of what needs Pi's loader sent
 * through it; the generated modules it now imports are added to `bounds`. Null when nothing changed.
 */
export function throughPisLoader(code: string, file: string, bounds: Map<string, Bound>): string | null {
	const edits: Array<{ start: number; end: number; text: string }> = [];
	eachImport(code, file, (n) => {
		const specifier = n.source?.type === "Literal" && typeof n.source.value === "string" ? n.source.value : undefined;
		if (specifier === undefined) return;
		if (n.type === "ImportExpression") {
			edits.push({
				start: n.start,
				end: n.end,
				text: `__piDelegateImport(${JSON.stringify(specifier)}, import.meta.url)`,
			});
		} else if (n.type === "ImportDeclaration" && needsPisLoader(specifier)) {
			const { replacement, bound } = boundImport(n, specifier);
			bounds.set(bound.fileName, bound);
			edits.push({ start: n.start, end: n.end, text: replacement });
		} else if (
			(n.type === "ExportNamedDeclaration" || n.type === "ExportAllDeclaration") &&
			needsPisLoader(specifier)
		) {
			throw new Error(`${file}: re-exports ${specifier}, which the bundle cannot send through Pi's loader`);
		}
	});
	if (edits.length === 0) return null;
	edits.sort((a, b) => a.start - b.start);
	let out = "";
	let at = 0;
	for (const edit of edits) {
		out += code.slice(at, edit.start) + edit.text;
		at = edit.end;
	}
	const usesLoader = edits.some((e) => e.text.startsWith("__piDelegateImport("));
	return `${out}${code.slice(at)}${usesLoader ? `\n${LOADER}\n` : ""}`;
}
