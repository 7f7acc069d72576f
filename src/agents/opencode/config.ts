/**
 * Agents defined in an OpenCode config file rather than a Markdown file: `opencode.json` or
 * `opencode.jsonc`, under `agent` (OpenCode 1: the role in `prompt`, `disable: true`) or `agents`
 * (OpenCode 2: the role in `system`, `disabled: true`). An entry holds the keys a Markdown agent's
 * frontmatter holds, so each becomes the text of an agent file — its keys as frontmatter (JSON is
 * YAML), its role as the body — and is parsed, checked and listed like any other: the same keys are
 * honoured, ignored or refused, and a problem names the entry.
 *
 * A role may include a file (`{file:./prompts/review.md}`, relative to the config file) and the
 * environment (`{env:NAME}`), as OpenCode substitutes them. An entry named like one of OpenCode's
 * own agents (`build`, `plan`, `general`, `explore`, …) with no role of its own overrides that
 * agent's model or permissions; its role is OpenCode's, which pi-delegate does not have, so it is
 * left out and listed as something else.
 */
import { dirname, isAbsolute, join, resolve } from "node:path";
import { readJson } from "../../json/read.ts";
import type { Problem } from "../../problems.ts";
import { readRegularTextSync } from "../../read-input.ts";
import { isRecord } from "../../values.ts";
import type { AgentFileText } from "../catalog.ts";
import type { AgentScope } from "../definition.ts";
import { entryFields } from "./entry.ts";
import { type ConfigSettings, OPENCODE_AGENT_LIMITS, openCodeLimits } from "./merge.ts";

/** What one config file holds: agent texts, problems with the file or an entry, entries left out. */
export interface ConfigAgents {
	files: AgentFileText[];
	problems: Problem[];
	notAgents: Array<{ label: string; reason: string }>;
	/** Entries that only tune OpenCode's own agents: merged under a Markdown agent of that name. */
	tuning: ConfigSettings[];
	/** The file's top-level `permission`, which OpenCode applies to every agent under the agent's own. */
	permission?: string | Record<string, unknown>;
}

/** OpenCode's own agents, including its hidden system agents. */
const OPENCODE_AGENTS = ["build", "plan", "general", "explore", "compaction", "title", "summary"];

/** The config files of a project directory or of OpenCode's config folder, in OpenCode's order. */
export function openCodeConfigFiles(dir: string): string[] {
	return [join(dir, "opencode.jsonc"), join(dir, "opencode.json")];
}

/** JSONC's comments blanked out (same length, line breaks kept), so positions still point into the file. */
export function blankComments(text: string): string {
	let out = "";
	let i = 0;
	while (i < text.length) {
		const c = text[i];
		if (c === '"') {
			let j = i + 1;
			while (j < text.length && text[j] !== '"') j += text[j] === "\\" ? 2 : 1;
			out += text.slice(i, j + 1);
			i = j + 1;
		} else if (c === "/" && text[i + 1] === "/") {
			const end = text.indexOf("\n", i);
			const stop = end === -1 ? text.length : end;
			out += " ".repeat(stop - i);
			i = stop;
		} else if (c === "/" && text[i + 1] === "*") {
			const end = text.indexOf("*/", i + 2);
			const stop = end === -1 ? text.length : end + 2;
			out += text.slice(i, stop).replace(/[^\n]/g, " ");
			i = stop;
		} else {
			out += c;
			i++;
		}
	}
	return out;
}

interface Where {
	file: string;
	label: string;
	home: string;
	env: Readonly<Record<string, string | undefined>>;
}

/** The role with `{file:…}` and `{env:…}` substituted; a file that cannot be read is a problem. */
function substitute(role: string, at: Where, entry: string, key: string): { text: string; problem?: Problem } {
	let problem: Problem | undefined;
	const text = role
		.replace(/\{env:([^}]+)\}/g, (_, name: string) => at.env[name.trim()] ?? "")
		.replace(/\{file:([^}]+)\}/g, (whole, written: string) => {
			const path = written.trim().replace(/^~(?=\/|$)/, at.home);
			const full = isAbsolute(path) ? path : resolve(dirname(at.file), path);
			try {
				return readRegularTextSync(full).trim();
			} catch (error) {
				problem ??= {
					source: `${at.label}#${entry}`,
					path: [key],
					code: "unreadable",
					value: whole,
					message: `cannot read the file the role includes: ${error instanceof Error ? error.message : String(error)}`,
					fix: "correct the path (relative to the config file), or write the role inline",
				};
				return "";
			}
		});
	return problem ? { text, problem } : { text };
}

/** One entry as the text of an agent file: its keys as frontmatter, its role as the body. */
function entryText(name: string, entry: Record<string, unknown>, role: string): string {
	const { prompt: _prompt, system: _system, ...keys } = entry;
	const fields: Record<string, unknown> = { name, ...keys };
	const front = Object.entries(fields).map(([key, value]) => `${JSON.stringify(key)}: ${JSON.stringify(value)}`);
	return ["---", ...front, "---", role, ""].join("\n");
}

function fileProblem(at: Where, message: string, fix: string, line?: number, column?: number): Problem {
	const place = line === undefined ? at.label : `${at.label}:${line}${column === undefined ? "" : `:${column}`}`;
	return { source: place, path: [], code: "invalid_syntax", value: undefined, message, fix };
}

/** Reads the agents of one OpenCode config file; a file that does not exist holds none. */
export function readOpenCodeConfig(file: string, scope: AgentScope, where: Omit<Where, "file">): ConfigAgents {
	const at = { ...where, file };
	const out: ConfigAgents = { files: [], problems: [], notAgents: [], tuning: [] };
	let text: string;
	try {
		text = readRegularTextSync(file);
	} catch (error) {
		const code = (error as NodeJS.ErrnoException).code;
		if (code !== "ENOENT" && code !== "ENOTDIR" && code !== "EISDIR") {
			out.problems.push(fileProblem(at, `cannot read the OpenCode config: ${String(error)}`, "make it readable"));
		}
		return out;
	}
	// OpenCode reads JSONC in either file: comments and a comma before `}` or `]` are its syntax, and
	// neither can change what a value means.
	const read = readJson(blankComments(text), { trailingCommas: "allow" });
	if (!read.ok) {
		const { line, column, reason, hint } = read.error;
		out.problems.push(fileProblem(at, `not valid JSON: ${reason}`, hint, line, column));
		return out;
	}
	for (const duplicate of read.duplicates) {
		const [section, name] = duplicate.path;
		if ((section !== "agent" && section !== "agents") || duplicate.path.length !== 2) continue;
		const { line, column } = duplicate.again;
		const message = `the agent "${String(name)}" is defined twice in "${section}"; OpenCode would keep the last`;
		out.problems.push(fileProblem(at, message, "keep one of them", line, column));
	}
	if (!isRecord(read.value)) return out;
	const shared = read.value.permission;
	if (typeof shared === "string" || isRecord(shared)) out.permission = shared;
	else if (shared !== undefined)
		out.problems.push(
			fileProblem(at, '"permission" must be an action or a map of them', 'write "permission": { "bash": "ask" }'),
		);
	for (const key of ["agent", "agents"] as const) {
		const section = read.value[key];
		if (section === undefined) continue;
		if (!isRecord(section)) {
			out.problems.push(
				fileProblem(at, `"${key}" must map agent names to their settings`, `write "${key}": { "reviewer": { … } }`),
			);
			continue;
		}
		for (const [name, entry] of Object.entries(section)) readEntry(name, entry, scope, at, out);
	}
	return out;
}

function readEntry(name: string, entry: unknown, scope: AgentScope, at: Where, out: ConfigAgents): void {
	const label = `${at.label}#${name}`;
	if (!isRecord(entry)) {
		out.problems.push({
			source: label,
			path: [],
			code: "invalid_type",
			value: entry,
			message: "an agent entry must be an object of settings",
			fix: `write "${name}": { "description": "…", "prompt": "…" }`,
		});
		return;
	}
	const key = entry.system !== undefined ? "system" : "prompt";
	const written = entry[key];
	if (written === undefined && OPENCODE_AGENTS.includes(name)) {
		out.notAgents.push({ label, reason: "settings for OpenCode's own agent of that name" });
		const settings = { permission: entry.permission, tools: entry.tools, fields: entryFields(entry) };
		out.tuning.push({ name, scope, label, settings });
		return;
	}
	const base = { scope, file: `${at.file}#${name}`, label, place: at.label, name };
	if (written !== undefined && typeof written !== "string") {
		const readProblem: Problem = {
			source: label,
			path: [key],
			code: "invalid_type",
			value: written,
			message: "the role must be text",
			fix: `write "${key}": "You review…", or "{file:./prompts/${name}.md}"`,
		};
		out.files.push({ ...base, text: "", readProblem });
		return;
	}
	const role = typeof written === "string" ? substitute(written, at, name, key) : { text: "" };
	// A role that could not be read leaves the agent unusable, never running with part of it.
	const limits = OPENCODE_AGENT_LIMITS[name];
	out.files.push({
		...base,
		opencode: true,
		settings: { permission: entry.permission, tools: entry.tools, fields: entryFields(entry) },
		...(limits && { beneath: openCodeLimits(name, limits) }),
		text: entryText(name, entry, role.text),
		...(role.problem && { readProblem: role.problem }),
	});
}
