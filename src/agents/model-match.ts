/**
 * The matching steps behind model references (model-ref.ts): substrings of ids and names, Pi's pick
 * among them, and whether the matches are one model (its snapshots, or an id whose stem is the text)
 * or several. Pure.
 */

/** A model a runtime offers, as the resolver sees it. */
export interface ModelInfo {
	provider: string;
	id: string;
	name?: string;
}

export type Match =
	| { model: ModelInfo; how: string }
	/** `models`: the candidates are different models, not one model on several providers. */
	| { ambiguous: ModelInfo[]; noneUsable: boolean; models?: true }
	| undefined;

export const lower = (text: string) => text.toLowerCase();

const isUndated = (id: string) => id.endsWith("-latest") || !/-\d{8}$/.test(id);

/** Pi's pick among substring matches: undated ids first, then the greatest id. */
export function bestOf(matches: readonly ModelInfo[]): ModelInfo | undefined {
	const undated = matches.filter((m) => isUndated(m.id));
	return [...(undated.length > 0 ? undated : matches)].sort((a, b) => b.id.localeCompare(a.id))[0];
}

export const substring = (text: string, pool: readonly ModelInfo[]) =>
	pool.filter(
		(m) => lower(m.id).includes(lower(text)) || (m.name !== undefined && lower(m.name).includes(lower(text))),
	);

/** An id without its date stamp or `-latest`: the snapshots and the alias of one model share it. */
const modelOf = (id: string) => lower(id).replace(/-(\d{8}|latest)$/, "");

/**
 * The one model among substring matches that `text` means, or the distinct models it could mean.
 * An id whose stem is the text itself (`claude-sonnet-4` for `claude-sonnet-4-20250514`) is that
 * model; matches that are all snapshots of one model are that model; anything else is ambiguous —
 * `gpt-5.4` must not become `gpt-5.4-nano` because that id sorts last. Only a bare family word of
 * Claude Code's (`sonnet`) means the newest of many, as Pi and Claude Code both read it.
 */
export function singleModel(text: string, matches: readonly ModelInfo[]): { one: ModelInfo[] } | { many: ModelInfo[] } {
	const stem = matches.filter((m) => modelOf(m.id) === modelOf(text));
	if (stem.length > 0) return { one: stem };
	const models = new Set(matches.map((m) => modelOf(m.id)));
	if (models.size <= 1 || isFamilyWord(lower(text))) return { one: [...matches] };
	return { many: [...matches] };
}

/** A lone word that names a family of Claude models (`sonnet`, `opus`), not one model. */
export const isFamilyWord = (word: string) => /^[a-z]+$/.test(word);

/** The candidates of an ambiguous reference, newest first per model, for the problem to name. */
export function ambiguousOf(matches: readonly ModelInfo[]): Match {
	const seen = new Map<string, ModelInfo>();
	for (const m of matches) {
		const key = `${m.provider}/${modelOf(m.id)}`;
		const kept = seen.get(key);
		if (!kept || bestOf([kept, m]) === m) seen.set(key, m);
	}
	return { ambiguous: [...seen.values()], noneUsable: false, models: true };
}
