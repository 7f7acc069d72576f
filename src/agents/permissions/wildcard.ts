/**
 * OpenCode's wildcards as expressions over whole values, in either reading its versions have had:
 * its documented one (`*` any text, slashes too; `?` one character) or its newer path matcher's (`*`
 * and `?` within one folder, `**` across folders, `**` before a slash any depth of folders, none
 * included). Tool names (`mymcp_*`), path maps and every other OpenCode pattern here use them.
 */

/** A pattern every path matches in both readings: `*`, `**`, and `**` + `/*` or `/**`. */
export const matchesEverything = (pattern: string): boolean => ["*", "**", "**/*", "**/**"].includes(pattern.trim());

/** The expression of `pattern`; `folders` picks the newer reading, in which a lone `*` is still every path. */
export function wildcardExpression(pattern: string, options: { folders?: boolean; ignoreCase?: boolean } = {}): RegExp {
	const { folders = false, ignoreCase = false } = options;
	const flags = ignoreCase ? "is" : "s";
	if (folders && pattern.trim() === "*") return new RegExp("^", flags);
	let out = "";
	for (let i = 0; i < pattern.length; i++) {
		const c = pattern[i]!;
		if (folders && pattern.startsWith("**/", i)) {
			out += "(?:.+/)?";
			i += 2;
		} else if (folders && pattern.startsWith("**", i)) {
			out += ".*";
			i += 1;
		} else if (c === "*") out += folders ? "[^/]*" : ".*";
		else if (c === "?") out += folders ? "[^/]" : ".";
		else out += c.replace(/[.+^${}()|[\]\\]/g, "\\$&");
	}
	return new RegExp(`^${out}$`, flags);
}
