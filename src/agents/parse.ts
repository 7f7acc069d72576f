/**
 * Parses one agent file's text into a definition, reporting every problem in it at once. Pure: the
 * loader reads the file and passes its text and where it came from.
 *
 * Unknown keys are errors, never ignored: a misspelled `allowed-tools:` that was silently dropped
 * would leave the agent with the default tool set — every tool — which is the opposite of what the
 * author wrote.
 */
import { basename, extname } from "node:path";
import { createModeRegistry, lookupMode } from "../context/modes.ts";
import type { ContextFields, PrimitiveName } from "../context/primitives.ts";
import type { Problem } from "../problems.ts";
import { closest } from "../suggest.ts";
import {
	AGENT_KEYS,
	AGENT_NAME,
	type AgentDefinition,
	type AgentKey,
	type AgentSource,
	FOREIGN_KEYS,
	INHERIT_PROMPT_STRATEGIES,
	THINKING_LEVELS,
} from "./definition.ts";
import { type Checked, checkChoice, checkNameList, checkPattern, checkPrimitive, checkString } from "./fields.ts";
import { readFrontmatter } from "./frontmatter.ts";

export interface ParsedAgentFile {
	/** The definition, when the file has no problems. */
	definition?: AgentDefinition;
	/** The name the file claims (or its file name): even a broken file shadows this name. */
	name: string;
	problems: Problem[];
}

const MODE_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;
const MODEL_REF = /^\S+$/;

function unknownKeyProblem(key: string, value: unknown, at: string): Problem {
	const squashed = key.toLowerCase().replace(/[-_.\s]/g, "");
	const mapped = FOREIGN_KEYS[squashed];
	const near = mapped ?? closest(key, AGENT_KEYS);
	const why = "unknown keys are refused so a misspelled setting (say, a tool list) never falls back to a default";
	if (near === "body") {
		return {
			path: at,
			value,
			message: `unknown key "${key}": the role is the file's body, not a frontmatter key`,
			fix: "move the text below the closing --- line",
		};
	}
	return {
		path: at,
		value,
		message: `unknown key "${key}"${near === undefined ? "" : ` (did you mean "${near}"?)`}`,
		fix:
			near === undefined
				? `remove it (${why}); known keys: ${AGENT_KEYS.join(", ")}`
				: `rename it to "${near}"; ${why}`,
	};
}

/** The file name without `.md`, which stands in for a missing `name`. */
export function nameFromFile(file: string): string {
	return basename(file, extname(file));
}

/** Parses an agent file. `source` says where it came from; its label prefixes every problem path. */
export function parseAgentFile(text: string, source: AgentSource): ParsedAgentFile {
	const front = readFrontmatter(text, source.label);
	const fileName = nameFromFile(source.file);
	const problems: Problem[] = [...front.problems];
	const at = (key: string) => `${source.label}: ${key}`;
	if (front.problems.length > 0) return { name: fileName, problems };
	const data: unknown = front.present ? (front.data ?? {}) : {};
	if (typeof data !== "object" || data === null || Array.isArray(data)) {
		problems.push({
			path: source.label,
			value: data,
			message: "the frontmatter must be a set of key: value lines",
			fix: "write keys such as name:, description:, tools: between the --- lines",
		});
		return { name: fileName, problems };
	}
	const fields = data as Record<string, unknown>;
	const values: Partial<Record<AgentKey, unknown>> = {};
	const take = <T>(key: AgentKey, checked: Checked<T>) => {
		if (checked.ok) values[key] = checked.value;
		else problems.push({ path: at(key), ...checked.problem });
	};
	for (const [key, value] of Object.entries(fields)) {
		if (!(AGENT_KEYS as readonly string[]).includes(key)) {
			problems.push(unknownKeyProblem(key, value, at(key)));
			continue;
		}
		const known = key as AgentKey;
		if (value === null) {
			problems.push({
				path: at(key),
				value,
				message: `${key} has no value`,
				fix:
					known === "skills"
						? "write [] for no skills, or remove the key to follow the mode"
						: "give it a value or remove the key",
			});
			continue;
		}
		switch (known) {
			case "name":
				take(
					known,
					checkPattern(
						value,
						AGENT_NAME,
						"name",
						"use letters, digits, '.', '_' or '-' (at most 64), e.g. name: code-reviewer",
					),
				);
				break;
			case "description":
				take(known, checkString(value, "description", "write one line saying what the agent is for"));
				break;
			case "tools":
			case "skills":
				take(known, checkNameList(value, known));
				break;
			case "model":
				take(
					known,
					checkPattern(
						value,
						MODEL_REF,
						"model",
						"write a model reference such as anthropic/claude-sonnet-4-5 (quote it if YAML reads it as a number)",
					),
				);
				break;
			case "thinking":
				take(known, checkChoice(value, THINKING_LEVELS, "thinking"));
				break;
			case "contextMode":
				take(
					known,
					checkPattern(
						value,
						MODE_NAME,
						"contextMode",
						"name a mode: focused, isolated, scoped, legacy, or one defined in settings",
					),
				);
				break;
			case "inheritPrompt":
				take(known, checkChoice(value, INHERIT_PROMPT_STRATEGIES, "inheritPrompt"));
				break;
			default:
				take(known, checkPrimitive(known as PrimitiveName, value));
		}
	}
	const name = typeof values.name === "string" ? values.name : fileName;
	if (fields.name === undefined && !AGENT_NAME.test(fileName)) {
		problems.push({
			path: at("name"),
			value: fileName,
			message: `no name is given and the file name "${fileName}" is not a valid agent name`,
			fix: "add name: with letters, digits, '.', '_' or '-', or rename the file",
		});
	}
	if (fields.description === undefined) {
		problems.push({
			path: at("description"),
			value: undefined,
			message: "missing; the parent chooses agents by their description",
			fix: "add description: with one line saying what the agent is for",
		});
	}
	if (front.body === "" && selectsReplace(values)) {
		problems.push({
			path: at("(body)"),
			value: "",
			message: "the body (the role) is empty, but this agent replaces the base prompt with its role",
			fix: "write the role below the frontmatter, or use systemPromptMode: append",
		});
	}
	if (problems.length > 0) return { name, problems };
	const context: ContextFields = {};
	if (values.contextMode !== undefined) context.contextMode = values.contextMode as string;
	for (const key of ["inheritProjectContext", "inheritMainRules", "inheritSkills"] as const) {
		if (values[key] !== undefined) context[key] = values[key] as boolean;
	}
	if (values.systemPromptMode !== undefined) {
		context.systemPromptMode = values.systemPromptMode as ContextFields["systemPromptMode"];
	}
	if (values.skills !== undefined) context.skills = values.skills as string[];
	const definition: AgentDefinition = {
		name,
		description: values.description as string,
		role: front.body,
		context,
		nameFromFile: fields.name === undefined,
		source,
	};
	if (values.tools !== undefined) definition.tools = values.tools as string[];
	if (values.model !== undefined) definition.model = values.model as string;
	if (values.thinking !== undefined) definition.thinking = values.thinking as AgentDefinition["thinking"];
	if (values.inheritPrompt !== undefined) {
		definition.inheritPrompt = values.inheritPrompt as AgentDefinition["inheritPrompt"];
	}
	return { definition, name, problems };
}

/**
 * Whether the file's own settings install the role as the whole base prompt: an explicit
 * `systemPromptMode: replace`, or a built-in mode that does. (A project mode is not known here; the
 * prompt stage handles an empty role under it.)
 */
function selectsReplace(values: Partial<Record<AgentKey, unknown>>): boolean {
	if (values.systemPromptMode !== undefined) return values.systemPromptMode === "replace";
	if (typeof values.contextMode !== "string") return false;
	return lookupMode(createModeRegistry(), values.contextMode)?.mode.primitives.systemPromptMode === "replace";
}
