/**
 * A line diff for showing how a child's prompt differs from its parent's. Prompts are a few hundred
 * lines, so a longest-common-subsequence table over the lines between the common head and tail is
 * small and exact; no diff library is needed for it. Pure.
 */

export interface DiffLine {
	/** ` ` in both, `-` only in the first text (the parent's), `+` only in the second (the child's). */
	mark: " " | "-" | "+";
	text: string;
}

/** Every line of both texts, marked, in order (a minimal edit script). */
export function diffLines(before: string, after: string): DiffLine[] {
	const a = before.split("\n");
	const b = after.split("\n");
	let head = 0;
	while (head < a.length && head < b.length && a[head] === b[head]) head++;
	let tail = 0;
	while (tail < a.length - head && tail < b.length - head && a[a.length - 1 - tail] === b[b.length - 1 - tail]) tail++;
	const x = a.slice(head, a.length - tail);
	const y = b.slice(head, b.length - tail);
	const width = y.length + 1;
	// lcs[i * width + j]: length of the longest common subsequence of x[i..] and y[j..].
	const lcs = new Uint32Array((x.length + 1) * width);
	for (let i = x.length - 1; i >= 0; i--) {
		for (let j = y.length - 1; j >= 0; j--) {
			lcs[i * width + j] =
				x[i] === y[j]
					? (lcs[(i + 1) * width + j + 1] ?? 0) + 1
					: Math.max(lcs[(i + 1) * width + j] ?? 0, lcs[i * width + j + 1] ?? 0);
		}
	}
	const middle: DiffLine[] = [];
	let i = 0;
	let j = 0;
	while (i < x.length || j < y.length) {
		if (i < x.length && j < y.length && x[i] === y[j]) {
			middle.push({ mark: " ", text: x[i++] ?? "" });
			j++;
		} else if (i < x.length && (j === y.length || (lcs[(i + 1) * width + j] ?? 0) >= (lcs[i * width + j + 1] ?? 0))) {
			// Removals before additions where either order is minimal, as unified diffs show them.
			middle.push({ mark: "-", text: x[i++] ?? "" });
		} else {
			middle.push({ mark: "+", text: y[j++] ?? "" });
		}
	}
	const same = (text: string): DiffLine => ({ mark: " ", text });
	return [...a.slice(0, head).map(same), ...middle, ...a.slice(a.length - tail).map(same)];
}

/**
 * The changed lines with `context` unchanged lines around each change, in unified-diff hunks
 * (`@@ -start,count +start,count @@`). Empty when the texts are equal.
 */
export function unifiedDiff(before: string, after: string, context = 2): string {
	const lines = diffLines(before, after);
	const changed = lines.map((line) => line.mark !== " ");
	if (!changed.includes(true)) return "";
	const keep = lines.map((_, index) => {
		for (let k = Math.max(0, index - context); k <= Math.min(lines.length - 1, index + context); k++) {
			if (changed[k]) return true;
		}
		return false;
	});
	const out: string[] = [];
	let oldLine = 1;
	let newLine = 1;
	for (let index = 0; index < lines.length; ) {
		if (!keep[index]) {
			const mark = lines[index]?.mark;
			if (mark !== "+") oldLine++;
			if (mark !== "-") newLine++;
			index++;
			continue;
		}
		let end = index;
		while (end < lines.length && keep[end]) end++;
		const hunk = lines.slice(index, end);
		const oldCount = hunk.filter((l) => l.mark !== "+").length;
		const newCount = hunk.filter((l) => l.mark !== "-").length;
		out.push(`@@ -${oldLine},${oldCount} +${newLine},${newCount} @@`);
		for (const line of hunk) out.push(`${line.mark}${line.text}`);
		oldLine += oldCount;
		newLine += newCount;
		index = end;
	}
	return out.join("\n");
}
