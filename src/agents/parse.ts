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
import { type AgentFormat, ownToolReads } from "./frontmatter-readers.ts";
import { recoveredNote } from "./frontmatter-recover.ts";
import { classifyKey, isMetadataKey, type KeyValues, RECOVERY_KEYS } from "./keys.ts";
import { type Beneath, laidFields, laidProblem, layBeneath } from "./laid.ts";
import { callableName, nameFromFile } from "./name.ts";
import { modeOf, NO_DESCRIPTION } from "./opencode/agent-mode.ts";
import type { PathPlaces } from "./permissions/path-policy.ts";
import type { KeyProblem } from "./restrict.ts";
import { shapeProblem } from "./schema.ts";
import { agentTools } from "./tool-fields.ts";
import { namesTool, PI_BUILTIN_TOOLS } from "./tools.ts";
import { unknownKey } from "./unknown-key.ts";

export interface ParseOptions {
	/** Every tool a child could be given (Pi's built-ins when absent): a foreign tool of that name is kept. */
	availableTools?: readonly string[];
	/**
	 * Rules under the file's own, merged as OpenCode merges a file onto its own agent of that name
	 * (opencode/merge.ts `OPENCODE_AGENT_LIMITS`): the file's entries win where both speak.
	 */
	beneath?: Beneath;
	/** The tool the file is written for, from its folder: what it reads leniently (frontmatter-readers.ts). */
	format?: AgentFormat;
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
	/** True for OpenCode's `mode: primary`: the agent is not offered as a child (opencode/agent-mode.ts). */
	primary?: true;
	problems: Problem[];
}

type Values = KeyValues;

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
	format?: AgentFormat,
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
	// OpenCode loads an agent without one (opencode/agent-mode.ts); Claude Code and Pi's packages skip it.
	if (format !== "opencode" && blank(description)) {
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

const blank = (value: unknown) => value === undefined || (typeof value === "string" && value.trim() === "");

/** The definition of a file without problems. */
function definitionOf(
	values: Values,
	base: Pick<AgentDefinition, "name" | "role" | "context" | "nameFromFile" | "notes" | "ignoredKeys" | "source">,
	tools: ReturnType<typeof agentTools>,
	thinking: ThinkingLevel | undefined,
): AgentDefinition {
	const model = typeof values.model === "string" ? values.model.trim() : undefined;
	if (model?.toLowerCase() === "inherit") base.notes.push({ key: "model", message: "inherit: the parent's model" });
	return {
		...base,
		description: blank(values.description) ? "" : String(values.description).trim(),
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
		...(isDepth(values.delegate) && { delegate: { depth: values.delegate.depth } }),
	};
}

const isDepth = (value: unknown): value is { depth: number } =>
	typeof value === "object" && value !== null && Number.isInteger((value as { depth?: unknown }).depth);

/** Parses an agent file. `source` says where it came from; its label prefixes every problem path. */
export function parseAgentFile(text: string, source: AgentSource, options: ParseOptions = {}): ParsedAgentFile {
	const front = readFrontmatter(text, source.label, RECOVERY_KEYS);
	const fileName = nameFromFile(source.file);
	if (front.problems.length > 0) return { name: fileName, disabled: false, problems: front.problems };
	const data: unknown = front.present ? (front.data ?? {}) : {};
	if (typeof data !== "object" || data === null || Array.isArray(data))
		return { name: fileName, disabled: false, problems: [notKeyLines(data, source.label)] };
	const written = callableName((data as Record<string, unknown>).name);
	const own = { ...(data as Record<string, unknown>), ...(written.note && { name: written.name }) };
	const laid = laidFields(own, options.beneath);
	const fields: Record<string, unknown> = { ...laid.fields, ...own };
	const problems: KeyProblem[] = [];
	const ignoredKeys: IgnoredKey[] = [];
	const values = sortKeys(fields, problems, ignoredKeys);
	const mode = modeOf(values.mode);
	if (mode.ignored) ignoredKeys.push(mode.ignored);
	if (options.beneath) layBeneath(values, options.beneath);
	const thinking = thinkingOf(values, problems, ignoredKeys);
	const context = contextOf(values, problems);
	const places = options.places ?? { cwd: "", root: "", home: "" };
	const tools = agentTools(values, options.availableTools ?? PI_BUILTIN_TOOLS, places);
	problems.push(...tools.problems, ...wholeFileProblems(fields, fileName, front.body, context, options.format));
	const name = typeof values.name === "string" ? values.name : fileName;
	const disabled = values.disable === true || values.disabled === true || values.enabled === false;
	const located = problems.map((problem) => laidProblem(problem, own, options, source.label));
	if (located.length > 0) return { name, disabled, problems: located };
	const notes: AgentNote[] = [
		...(written.note ? [written.note] : []),
		// Only where the tool the file is written for fails on it too (frontmatter-readers.ts).
		...(ownToolReads(options.format, front.block ?? []) ? [] : front.recovered.map(recoveredNote)),
		...tools.notes,
		...(options.beneath ? [{ key: "permission", message: options.beneath.why }] : []),
		...laid.notes,
		...(blank(fields.description) ? [NO_DESCRIPTION] : []),
	];
	const base = { name, role: front.body, context, nameFromFile: fields.name === undefined, notes, ignoredKeys, source };
	const definition = definitionOf(values, base, tools, thinking);
	return { definition, name, disabled, ...(mode.primary && { primary: true as const }), problems: [] };
}
