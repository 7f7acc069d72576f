/**
 * Parses one agent file's text into a definition, reporting every problem in it at once. Pure: the
 * loader reads the file and passes its text, where it came from, and the tools a child could have.
 *
 * Two layers, as for task specs: the shape of each key's value (schema.ts), then what the values
 * mean together — tool names mapped and narrowed, thinking levels given once, the body present when
 * the role replaces the base prompt. Keys of other tools are honoured, ignored or refused (keys.ts);
 * an unknown key is an error, since a misspelt restriction that was dropped would let the child do
 * more than its author wrote.
 */

import type { ThinkingLevel } from "@earendil-works/pi-agent-core";
import { createModeRegistry, lookupMode } from "../context/modes.ts";
import type { ContextFields } from "../context/primitives.ts";
import type { Problem } from "../problems.ts";
import type { Strategy } from "../request/choices.ts";
import { isRecord } from "../values.ts";
import { contextOf, isSkillsSwitch, SKILLS_SWITCH_ON } from "./context-fields.ts";
import {
	AGENT_NAME,
	type AgentDefinition,
	type AgentNote,
	type AgentSource,
	type IgnoredKey,
	isThinkingLevel,
} from "./definition.ts";
import { readFrontmatter } from "./frontmatter.ts";
import { recoveredNote } from "./frontmatter-recover.ts";
import { classifyKey, type HonouredKey, isMetadataKey, type NativeKey, RECOVERY_KEYS } from "./keys.ts";
import { callableName, nameFromFile } from "./name.ts";
import { layPermission } from "./opencode/permission.ts";
import type { PathPlaces } from "./permissions/path-policy.ts";
import type { KeyProblem } from "./restrict.ts";
import { shapeProblem } from "./schema.ts";
import { agentTools } from "./tool-fields.ts";
import { namesTool, PI_BUILTIN_TOOLS } from "./tools.ts";

export interface ParseOptions {
	/** Every tool a child could be given (Pi's built-ins when absent): a foreign tool of that name is kept. */
	availableTools?: readonly string[];
	/**
	 * Rules under the file's own, merged as OpenCode merges a file onto its own agent of that name
	 * (opencode/merge.ts `OPENCODE_AGENT_LIMITS`): the file's entries win where both speak.
	 */
	beneath?: { permission: Readonly<Record<string, unknown>>; tools?: Readonly<Record<string, unknown>>; why: string };
	/** Where OpenCode's path patterns start; absent, at the working directory, `~` unexpanded. */
	places?: PathPlaces;
}

export interface ParsedAgentFile {
	/** The definition, when the file has no problems. */
	definition?: AgentDefinition;
	/** The name the file claims (or its file name): even a broken file shadows this name. */
	name: string;
	/** True when the file turns itself off (OpenCode's `disable: true`, OpenCode 2's `disabled: true`). */
	disabled: boolean;
	problems: Problem[];
}

export type Values = Partial<Record<NativeKey | HonouredKey, unknown>>;

function unknownKey(key: string, value: unknown): KeyProblem {
	const kind = classifyKey(key);
	if (kind.kind === "unknown" && kind.body) {
		return {
			path: [key],
			code: "unknown_key",
			value,
			message: `unknown key "${key}": the role is the file's body, not a frontmatter key`,
			fix: "move the text below the closing --- line",
		};
	}
	const near = kind.kind === "unknown" ? kind.near : undefined;
	const why =
		"unknown keys are refused so that a misspelt setting (say, a tool restriction) never falls back to a default";
	return {
		path: [key],
		code: "unknown_key",
		value,
		message: `unknown key "${key}"${near === undefined ? "" : ` (did you mean "${near}"?)`}`,
		fix:
			near === undefined
				? `remove it (${why}); docs/agents.md lists the keys accepted`
				: `rename it to "${near}"; ${why}`,
	};
}

/** Sorts each key into values to interpret, ignored keys, or problems. */
function sortKeys(fields: Record<string, unknown>, problems: KeyProblem[], ignored: IgnoredKey[]): Values {
	const values: Values = {};
	for (const [key, value] of Object.entries(fields)) {
		const kind = classifyKey(key);
		if (kind.kind === "ignored") ignored.push({ key, value, why: kind.why });
		else if (kind.kind === "refused")
			problems.push({
				path: [key],
				code: "unavailable",
				value,
				message: `cannot be honoured: ${kind.why}`,
				fix: kind.fix,
			});
		else if (kind.kind === "unknown" && isMetadataKey(key, value, namesTool))
			ignored.push({ key, value, why: "not a key pi-delegate knows; it names no tool and no restriction" });
		else if (kind.kind === "unknown") problems.push(unknownKey(key, value));
		else if (value === null) {
			problems.push({
				path: [key],
				code: "required",
				value,
				message: `${key} has no value`,
				fix:
					key === "skills"
						? "write [] for no skills, or remove the key to follow the mode"
						: "give it a value or remove the key",
			});
		} else if (isSkillsSwitch(kind.key, value)) {
			if (value === true) ignored.push({ key, value, why: SKILLS_SWITCH_ON });
			else values[kind.key] = [];
		} else if (key === "mode" && typeof value === "string" && lookupMode(createModeRegistry(), value)) {
			problems.push({
				path: [key],
				code: "unknown_key",
				value,
				message: `unknown key "mode" for a context mode (did you mean "contextMode"?)`,
				fix: 'rename it to "contextMode"; OpenCode\'s mode: takes primary, subagent or all',
			});
		} else {
			const bad = shapeProblem(kind.key, value);
			if (bad) problems.push(bad);
			else values[kind.key] = value;
		}
	}
	return values;
}

/**
 * `thinking`, Claude Code's `effort` and OpenCode's `variant` and `reasoningEffort` all set one level;
 * two different ones are a problem.
 */
function thinkingOf(values: Values, problems: KeyProblem[], ignored: IgnoredKey[]): ThinkingLevel | undefined {
	const given: Array<[string, ThinkingLevel]> = [];
	if (isThinkingLevel(values.thinking)) given.push(["thinking", values.thinking]);
	if (isThinkingLevel(values.effort)) given.push(["effort", values.effort]);
	for (const key of ["variant", "reasoningEffort"] as const) {
		const value = values[key];
		if (isThinkingLevel(value)) given.push([key, value]);
		else if (value !== undefined)
			ignored.push({ key, value, why: "not a thinking level; OpenCode's value has no Pi meaning" });
	}
	if (new Set(given.map(([, level]) => level)).size > 1) {
		problems.push({
			path: [],
			code: "conflict",
			value: Object.fromEntries(given),
			message: `${given.map(([key]) => key).join(" and ")} set different thinking levels`,
			fix: "keep one of them",
		});
	}
	return given[0]?.[1];
}

/**
 * Whether the file's own settings install the role as the whole base prompt: an explicit
 * `systemPromptMode: replace`, or a built-in mode that does. (A project mode is not known here; the
 * prompt stage handles an empty role under it.)
 */
function selectsReplace(context: ContextFields): boolean {
	if (context.systemPromptMode !== undefined) return context.systemPromptMode === "replace";
	if (context.contextMode === undefined) return false;
	return lookupMode(createModeRegistry(), context.contextMode)?.mode.primitives.systemPromptMode === "replace";
}

/** The rules that look at the file as a whole: a usable name, a description, a role where one is needed. */
function wholeFileProblems(
	fields: Record<string, unknown>,
	fileName: string,
	body: string,
	context: ContextFields,
): KeyProblem[] {
	const problems: KeyProblem[] = [];
	if (fields.name === undefined && !AGENT_NAME.test(fileName)) {
		problems.push({
			path: ["name"],
			code: "invalid_value",
			value: fileName,
			message: `no name is given and the file name "${fileName}" is not a valid agent name`,
			fix: "add name: with letters, digits, '.', '_' or '-', or rename the file",
		});
	}
	const { description } = fields;
	if (description === undefined || (typeof description === "string" && description.trim() === "")) {
		const missing = description === undefined;
		problems.push({
			path: ["description"],
			code: missing ? "required" : "too_small",
			value: description,
			message: `${missing ? "missing" : "is blank"}; the parent chooses agents by their description`,
			fix: `${missing ? "add description: with" : "write"} one line saying what the agent is for`,
		});
	}
	if (body === "" && selectsReplace(context)) {
		problems.push({
			path: ["(body)"],
			code: "required",
			value: "",
			message: "the body (the role) is empty, but this agent replaces the base prompt with its role",
			fix: "write the role below the frontmatter, or use systemPromptMode: append",
		});
	}
	return problems;
}

/** The rules under the file's own: permission blocks merge, and a tools map merges into the file's map. */
function layBeneath(values: Values, beneath: NonNullable<ParseOptions["beneath"]>): void {
	values.permission = layPermission(beneath.permission, values.permission);
	const own = values.tools;
	// A tools list says exactly what the agent gets; only a map merges.
	if (beneath.tools === undefined || (own !== undefined && !isRecord(own))) return;
	values.tools = { ...beneath.tools, ...own };
}

/** A problem with a rule laid under the file (not written in it) says where the rule comes from. */
function laidProblem(problem: KeyProblem, fields: Record<string, unknown>, options: ParseOptions, at: string): Problem {
	const [key, rule] = problem.path;
	const own = fields.permission;
	const written = typeof own === "string" || (isRecord(own) && Object.hasOwn(own, String(rule)));
	if (!options.beneath || key !== "permission" || typeof rule !== "string" || written)
		return { source: at, ...problem };
	return { source: at, ...problem, fix: `${problem.fix}; this file does not write the rule: ${options.beneath.why}` };
}

/** The problem of a frontmatter that parsed to a scalar or a list. */
function notKeyLines(data: unknown, label: string): Problem {
	return {
		source: label,
		path: [],
		code: "invalid_type",
		value: data,
		message: "the frontmatter must be a set of key: value lines",
		fix: "write keys such as name:, description:, tools: between the --- lines",
	};
}

/** Parses an agent file. `source` says where it came from; its label prefixes every problem path. */
export function parseAgentFile(text: string, source: AgentSource, options: ParseOptions = {}): ParsedAgentFile {
	const front = readFrontmatter(text, source.label, RECOVERY_KEYS);
	const fileName = nameFromFile(source.file);
	if (front.problems.length > 0) return { name: fileName, disabled: false, problems: front.problems };
	const data: unknown = front.present ? (front.data ?? {}) : {};
	if (typeof data !== "object" || data === null || Array.isArray(data))
		return { name: fileName, disabled: false, problems: [notKeyLines(data, source.label)] };
	const written = callableName((data as Record<string, unknown>).name);
	const fields = { ...(data as Record<string, unknown>), ...(written.note && { name: written.name }) };
	const problems: KeyProblem[] = [];
	const ignoredKeys: IgnoredKey[] = [];
	const values = sortKeys(fields, problems, ignoredKeys);
	if (values.mode !== undefined)
		ignoredKeys.push({ key: "mode", value: values.mode, why: "OpenCode's agent mode; every agent here is a child" });
	if (options.beneath) layBeneath(values, options.beneath);
	const thinking = thinkingOf(values, problems, ignoredKeys);
	const context = contextOf(values, problems);
	const places = options.places ?? { cwd: "", root: "", home: "" };
	const tools = agentTools(values, options.availableTools ?? PI_BUILTIN_TOOLS, places);
	problems.push(...tools.problems, ...wholeFileProblems(fields, fileName, front.body, context));
	const name = typeof values.name === "string" ? values.name : fileName;
	const disabled = values.disable === true || values.disabled === true || values.enabled === false;
	const located = problems.map((problem) => laidProblem(problem, fields, options, source.label));
	if (located.length > 0) return { name, disabled, problems: located };
	const notes: AgentNote[] = [
		...(written.note ? [written.note] : []),
		...front.recovered.map(recoveredNote),
		...tools.notes,
		...(options.beneath ? [{ key: "permission", message: options.beneath.why }] : []),
	];
	const model = typeof values.model === "string" ? values.model.trim() : undefined;
	if (model?.toLowerCase() === "inherit") notes.push({ key: "model", message: "inherit: the parent's model" });
	const definition: AgentDefinition = {
		name,
		description: String(values.description).trim(),
		role: front.body,
		context,
		nameFromFile: fields.name === undefined,
		notes,
		ignoredKeys,
		source,
		...(tools.tools && { tools: tools.tools }),
		...(tools.commands && { commands: tools.commands }),
		...(tools.paths && { paths: tools.paths }),
		...(model !== undefined && model.toLowerCase() !== "inherit" && { model }),
		...(thinking && { thinking }),
		...(values.inheritPrompt !== undefined && { inheritPrompt: values.inheritPrompt as Strategy }),
		...(typeof values.deliverable === "string" &&
			values.deliverable.trim() !== "" && {
				deliverable: values.deliverable.trim(),
			}),
		...(Array.isArray(values.accept) && { accept: values.accept as string[] }),
	};
	return { definition, name, disabled, problems: [] };
}
