/** What of an OpenCode config entry lies under a Markdown agent of its name (merge.ts). */

/** A config entry's keys as they lie under a Markdown agent of its name: permission, tools, and the rest. */
export interface EntrySettings {
	permission?: unknown;
	tools?: unknown;
	/** Its other keys (model, description, mode, …), less the name and the role. */
	fields?: Record<string, unknown>;
}

/** The keys of a config entry that lie under a Markdown agent's own besides its permission and tools. */
export function entryFields(entry: Record<string, unknown>): Record<string, unknown> {
	const { prompt: _p, system: _s, permission: _perm, tools: _t, name: _n, ...fields } = entry;
	return fields;
}
