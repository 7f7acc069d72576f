/**
 * Loads a workflow script: a .ts, .mts, .js or .mjs module whose default export is the workflow
 * function, and which may export `limits`. It is a plain dynamic `import()`, so no build step and
 * no loader of our own: from the command line Node's type stripping loads TypeScript (Node >= 22.18,
 * which Pi requires anyway) under the rule this package's sources follow — erasable syntax only, `import
 * type` for types; inside Pi the import goes through the loader Pi loaded this package with, which
 * accepts the same scripts. Calling Pi's jiti ourselves would tie the loader to a Pi internal and
 * make the command line and Pi load scripts differently.
 *
 * The module URL carries a digest of the file's text, so an edited script is loaded afresh in a
 * long-lived process (a Pi session) while an unchanged one is not loaded twice. Modules the script
 * imports itself are cached by Node as usual.
 */
import { createHash } from "node:crypto";
import { readFile, stat } from "node:fs/promises";
import { extname, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import type { PathSegment, Problem, ProblemCode } from "../problems.ts";
import type { ScriptFiles } from "./determinism.ts";
import { DEFAULT_LIMITS, type WorkflowFunction, type WorkflowLimits } from "./types.ts";

export const SCRIPT_EXTENSIONS = [".ts", ".mts", ".js", ".mjs"] as const;

export interface LoadedScript {
	/** The file as given (for messages) and its absolute path. */
	file: string;
	path: string;
	/** sha256 of the script's text, recorded in the journal. */
	hash: string;
	fn: WorkflowFunction;
	/** What the module exports as `limits`. */
	limits: Partial<WorkflowLimits>;
	/** The script's own source files, for the determinism guard. */
	files: ScriptFiles;
}

export type ScriptLoad = { ok: true; script: LoadedScript } | { ok: false; what: string; problems: Problem[] };

function refuse(code: ProblemCode, file: string, message: string, fix: string): ScriptLoad {
	return {
		ok: false,
		what: `cannot load the workflow ${file}`,
		problems: [{ source: "(file)", path: [], code, value: file, message, fix }],
	};
}

/** Checks a module's `limits` export: every field a positive number (concurrency a whole one). */
export function checkLimits(
	value: unknown,
	where: readonly PathSegment[],
): { limits: Partial<WorkflowLimits>; problems: Problem[] } {
	if (value === undefined) return { limits: {}, problems: [] };
	if (typeof value !== "object" || value === null || Array.isArray(value)) {
		return {
			limits: {},
			problems: [
				{
					path: where,
					code: "invalid_type",
					value,
					message: "must be an object",
					fix: "export const limits = { concurrency: 4, usd: 5, wall_s: 1800 }",
				},
			],
		};
	}
	const problems: Problem[] = [];
	const limits: Partial<WorkflowLimits> = {};
	for (const [key, given] of Object.entries(value)) {
		if (!(key in DEFAULT_LIMITS)) {
			problems.push({
				path: [...where, key],
				code: "unknown_key",
				value: given,
				message: `unknown limit "${key}"`,
				fix: "use concurrency, usd or wall_s",
			});
			continue;
		}
		const name = key as keyof WorkflowLimits;
		const whole = name === "concurrency";
		const ok = typeof given === "number" && Number.isFinite(given) && given > 0 && (!whole || Number.isInteger(given));
		if (ok) limits[name] = given;
		else {
			problems.push({
				path: [...where, key],
				code: typeof given === "number" ? "invalid_value" : "invalid_type",
				value: given,
				message: `must be a positive ${whole ? "whole " : ""}number`,
				fix: `give e.g. ${key}: ${DEFAULT_LIMITS[name]}`,
			});
		}
	}
	return { limits, problems };
}

export async function loadScript(file: string, cwd: string): Promise<ScriptLoad> {
	const path = resolve(cwd, file);
	const ext = extname(path);
	if (!(SCRIPT_EXTENSIONS as readonly string[]).includes(ext)) {
		return refuse(
			"invalid_value",
			file,
			`is not a script (${ext || "no extension"})`,
			`give a ${SCRIPT_EXTENSIONS.join(", ")} file`,
		);
	}
	let text: string;
	try {
		if (!(await stat(path)).isFile()) return refuse("invalid_value", file, "is not a file", "give the script's file");
		text = await readFile(path, "utf8");
	} catch {
		return refuse("not_found", file, "does not exist", "check the path (it is taken from the current directory)");
	}
	const hash = createHash("sha256").update(text).digest("hex");
	let module: Record<string, unknown>;
	try {
		module = (await import(`${pathToFileURL(path).href}?v=${hash.slice(0, 16)}`)) as Record<string, unknown>;
	} catch (error) {
		const message = error instanceof Error ? error.message.split("\n")[0] : String(error);
		return refuse(
			"invalid_syntax",
			file,
			`failed to load: ${message}`,
			"fix the script (TypeScript must use erasable syntax only)",
		);
	}
	const fn = module.default;
	if (typeof fn !== "function") {
		return refuse(
			"invalid_value",
			file,
			"has no default export function",
			"export default async function (wf, args) { … }",
		);
	}
	const limits = checkLimits(module.limits, ["limits"]);
	if (limits.problems.length > 0)
		return { ok: false, what: `the workflow ${file} exports bad limits`, problems: limits.problems };
	const files: ScriptFiles = (source) => source === path;
	return { ok: true, script: { file, path, hash, fn: fn as WorkflowFunction, limits: limits.limits, files } };
}
