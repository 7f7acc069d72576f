/**
 * Version ranges as npm writes them in package.json (`>=22.19.0`, `>=0.86.1 <2`, `^1.0.0`, `1.x`),
 * enough of them to check the package's own `engines` and `peerDependencies` without a dependency.
 * Pre-release tags are ignored: doctor asks whether a release is in range, not which build it is.
 * Pure.
 */

export type Version = readonly [number, number, number];

/** The first `x.y.z` (or `x.y`, `x`) in a text such as `v22.23.3` or `pi 1.6.0`. */
export function parseVersion(text: string): Version | undefined {
	const m = /(\d+)(?:\.(\d+))?(?:\.(\d+))?/.exec(text);
	if (!m) return undefined;
	return [Number(m[1]), Number(m[2] ?? 0), Number(m[3] ?? 0)];
}

export function compareVersions(a: Version, b: Version): number {
	for (let i = 0; i < 3; i++) {
		const d = (a[i] ?? 0) - (b[i] ?? 0);
		if (d !== 0) return d;
	}
	return 0;
}

/** `1.x`, `1.2.x`, `1`, `1.2`: the lowest and the first excluded version. */
function partial(text: string): { low: Version; high?: Version } | undefined {
	const parts = text.split(".");
	const known = parts.filter((p) => /^\d+$/.test(p)).map(Number);
	if (known.length === 0) return text === "*" || text === "x" ? { low: [0, 0, 0] } : undefined;
	if (known.length === 3) return { low: [known[0]!, known[1]!, known[2]!] };
	const low: Version = [known[0]!, known[1] ?? 0, 0];
	const high: Version = known.length === 1 ? [known[0]! + 1, 0, 0] : [known[0]!, known[1]! + 1, 0];
	return { low, high };
}

/** Whether one comparator (`>=1.2.3`, `<2`, `^1.0.0`, `~1.2`, `1.x`) holds; undefined when unreadable. */
function holds(version: Version, comparator: string): boolean | undefined {
	const m = /^(>=|<=|>|<|=|\^|~)?\s*v?(.+)$/.exec(comparator);
	if (!m) return undefined;
	const op = m[1] ?? "";
	const target = partial(m[2] ?? "");
	if (!target) return undefined;
	const c = compareVersions(version, target.low);
	switch (op) {
		case ">=":
			return c >= 0;
		case ">":
			return target.high ? compareVersions(version, target.high) >= 0 : c > 0;
		case "<":
			return c < 0;
		case "<=":
			return target.high ? compareVersions(version, target.high) < 0 : c <= 0;
		case "^": {
			const [major, minor] = target.low;
			const high: Version = major > 0 ? [major + 1, 0, 0] : minor > 0 ? [0, minor + 1, 0] : [0, 0, target.low[2] + 1];
			return c >= 0 && compareVersions(version, high) < 0;
		}
		case "~":
			return c >= 0 && compareVersions(version, [target.low[0], target.low[1] + 1, 0]) < 0;
		default:
			return c >= 0 && (target.high ? compareVersions(version, target.high) < 0 : c === 0);
	}
}

/**
 * Whether `version` is in `range` (`a b` both, `a || b` either). Undefined when the range or the
 * version cannot be read: the caller says so rather than guessing.
 */
export function satisfies(version: string, range: string): boolean | undefined {
	const v = parseVersion(version);
	if (!v) return undefined;
	let any = false;
	for (const alternative of range.split("||")) {
		const comparators = alternative
			.trim()
			.replace(/(>=|<=|>|<|=|\^|~)\s+/g, "$1")
			.split(/\s+/)
			.filter(Boolean);
		if (comparators.length === 0) return undefined;
		const results = comparators.map((c) => holds(v, c));
		if (results.some((r) => r === undefined)) return undefined;
		if (results.every(Boolean)) any = true;
	}
	return any;
}
