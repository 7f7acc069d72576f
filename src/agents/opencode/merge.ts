/**
 * How OpenCode's own merges reach an OpenCode agent here: the limits of OpenCode's agent of the same
 * name, the top-level `permission` of its config files, and a config entry of the same name, each
 * laid under the file's own rules in OpenCode's order (the agent's limits, then the config's
 * permission, then the entry, then the file), so that no limit OpenCode would apply is lost.
 */
import { basename } from "node:path";
import { isRecord } from "../../values.ts";
import type { AgentFileText } from "../catalog.ts";
import type { AgentScope } from "../definition.ts";
import type { EntrySettings } from "./entry.ts";
import { layPermission } from "./permission.ts";

/** What of a config entry lies under a Markdown agent of its name: its permission and tools map. */
export interface ConfigSettings {
	name: string;
	scope: AgentScope;
	label: string;
	settings: EntrySettings;
}

/**
 * What OpenCode's own agents may not do, as permission blocks. A file or entry of that name is
 * merged onto the agent in OpenCode, so these lie under its own rules (permission.ts `layPermission`):
 * an `explore` or `plan` written to tune the model does not become an agent that may edit.
 */
export const OPENCODE_AGENT_LIMITS: Readonly<Record<string, Record<string, unknown>>> = {
	explore: { "*": "deny", read: "allow", grep: "allow", glob: "allow", list: "allow", bash: "allow" },
	plan: { edit: { "*": "deny", ".opencode/plans/*.md": "allow" } },
};

/** The rules of OpenCode's own agent `name`, to lie under a file or entry of that name. */
export function openCodeLimits(name: string, limits: Readonly<Record<string, unknown>>) {
	return {
		permission: limits,
		why: `OpenCode's own ${name} agent's rules lie under this file's, as OpenCode merges them`,
	};
}

/**
 * Lays the permission blocks of the config files read (`shared`, lowest first) under every OpenCode
 * agent's own rules and above OpenCode's own agent's limits, in OpenCode's order.
 */
export function withSharedPermission(
	files: AgentFileText[],
	shared: ReadonlyArray<{ permission: unknown; label: string }>,
) {
	if (shared.length === 0) return files;
	const permission = shared.reduce<unknown>((lower, upper) => layPermission(lower, upper.permission), {});
	const why = `the permission of ${shared.map((s) => s.label).join(" and ")} lies under this agent's, as OpenCode applies it`;
	return files.map((file) => {
		if (!file.opencode) return file;
		const under = file.beneath;
		const laid = layPermission(under?.permission ?? {}, permission) as Record<string, unknown>;
		return { ...file, beneath: { permission: laid, why: under ? `${under.why}; ${why}` : why } };
	});
}

/**
 * OpenCode merges a config entry and a Markdown agent of one name: it reads its config files first
 * and the Markdown of each folder after them, deep-merging by name (config/config.ts), so the file's
 * keys win where both speak and the entry's other keys — its model, its mode — stay. Here the file
 * wins the name (the listing says it hides the entry), and the entry's permission and tools map lie
 * under the file's own, its other keys under the file's (each with a note), so neither a limit nor
 * a model of the entry is lost.
 */
export function withConfigEntries(
	files: AgentFileText[],
	tuning: readonly ConfigSettings[],
): { files: AgentFileText[]; merged: Array<{ label: string; reason: string }> } {
	const entries = [...files.filter((f) => f.settings !== undefined), ...tuning] as ConfigSettings[];
	if (entries.length === 0) return { files, merged: [] };
	const markdown = files.filter((f) => f.opencode && f.settings === undefined);
	const nameOf = (file: AgentFileText) => basename(file.file, ".md");
	// OpenCode lays every config file's entry under the Markdown of its name, whichever folder it is in.
	const laid = files.map((file) => {
		if (!file.opencode || file.settings !== undefined) return file;
		const mine = entries.filter((e) => e.name === nameOf(file)).sort((a, b) => RANK[a.scope] - RANK[b.scope]);
		return mine.reduce(layEntry, file);
	});
	// An entry of a scope above every Markdown of its name would take the name here; OpenCode merges it.
	const absorbed = entries.filter((e) => {
		const named = markdown.filter((m) => nameOf(m) === e.name);
		return named.length > 0 && named.every((m) => RANK[m.scope] < RANK[e.scope]);
	});
	const merged = absorbed.map((e) => {
		const under = markdown.find((m) => nameOf(m) === e.name)?.label ?? "";
		return {
			label: e.label,
			reason: `merged under ${under}, as OpenCode merges a config entry under a Markdown agent`,
		};
	});
	const gone = new Set(absorbed.map((e) => e.label));
	return { files: laid.filter((f) => f.settings === undefined || !gone.has(f.label)), merged };
}

/** Lowest first: a project's entry is laid over the user's, both under the file. */
const RANK: Readonly<Record<AgentScope, number>> = { bundled: 0, user: 1, project: 2 };

/** One entry laid under a Markdown file: its permission and tools map under the file's, its other keys too. */
function layEntry(file: AgentFileText, entry: ConfigSettings): AgentFileText {
	const { permission, tools, fields } = entry.settings;
	const under = file.beneath;
	const why = `${entry.label}'s permission and tools lie under this file's, as OpenCode merges them`;
	const keys = fields && Object.keys(fields).length > 0;
	return {
		...file,
		beneath: {
			permission: layPermission(under?.permission ?? {}, permission ?? {}) as Record<string, unknown>,
			...((under?.tools || isRecord(tools)) && { tools: { ...under?.tools, ...(isRecord(tools) ? tools : {}) } }),
			...((under?.fields || keys) && { fields: { ...under?.fields, ...fields } }),
			...((under?.fieldsFrom || keys) && {
				fieldsFrom: [under?.fieldsFrom, keys ? entry.label : undefined].filter(Boolean).join(" and "),
			}),
			why: under ? `${under.why}; ${why}` : why,
		},
	};
}

/** The limits of OpenCode's own agent that a file of its name in an OpenCode folder is merged onto. */
export function openCodeBeneath(place: { opencode?: true }, file: string) {
	if (!place.opencode) return {};
	const name = basename(file, ".md");
	const limits = OPENCODE_AGENT_LIMITS[name];
	return { opencode: true as const, ...(limits && { beneath: openCodeLimits(name, limits) }) };
}
