/**
 * Splits a Markdown file into its YAML frontmatter and body, and parses the YAML with the `yaml`
 * package (the one Pi uses). Stricter than Pi's own splitter on purpose: a frontmatter block that
 * is opened but never closed is an error here, where Pi would read the whole file as the body and
 * quietly lose every setting in it.
 */
import { parseDocument, type YAMLError } from "yaml";
import { type Problem, sourceAt } from "../problems.ts";
import { type RecoveredEntry, type RecoveryKeys, recoverFrontmatter } from "./frontmatter-recover.ts";

export interface Frontmatter {
	/** The parsed YAML; undefined when the file has no frontmatter or it failed to parse. */
	data: unknown;
	/** Whether the file opened a frontmatter block at all. */
	present: boolean;
	/** The body after the closing `---`, trimmed. */
	body: string;
	problems: Problem[];
	/**
	 * Entries read as plain text because they were not valid YAML (see frontmatter-recover.ts), with
	 * their lines in the file; empty when the block parsed as it is.
	 */
	recovered: RecoveredEntry[];
	/** The YAML block's lines, when entries were recovered: for the tools' own readings (frontmatter-readers.ts). */
	block?: string[];
}

const FENCE = /^---[ \t]*$/;

/** Whether `text` opens a frontmatter block: what tells an agent file from other Markdown. */
export function hasFrontmatter(text: string): boolean {
	const start = text.charCodeAt(0) === 0xfeff ? 1 : 0;
	return FENCE.test(text.slice(start).split(/\r\n?|\n/, 1)[0] ?? "");
}

/** A frontmatter that cannot be read: no data, the one problem that says why. */
function unreadable(body: string, problems: Problem[]): Frontmatter {
	return { data: undefined, present: true, body, problems, recovered: [] };
}

function syntaxProblem(source: string, message: string, fix: string): Problem {
	return { source, path: [], code: "invalid_syntax", value: undefined, message, fix };
}

/** YAML's errors and warnings as problems at the file's lines (the block starts one line below the opening ---). */
function yamlProblems(issues: readonly YAMLError[], label: string): Problem[] {
	return issues.map((issue) => {
		const line = (issue.linePos?.[0].line ?? 0) + 1;
		const column = issue.linePos?.[0].col ?? 1;
		const what = (issue.message.split("\n")[0] ?? "").replace(/ at line \d+, column \d+:?$/, "");
		return syntaxProblem(
			sourceAt(label, { line, column }),
			`invalid YAML in the frontmatter: ${what}`,
			"correct the YAML (quote a value that holds ': ' or starts with a special character)",
		);
	});
}

/**
 * Reads the frontmatter of `text`; `label` names the file in problems. With `recovery`, a block that
 * is not valid YAML is read a second time, entry by entry, before its errors are reported.
 */
export function readFrontmatter(text: string, label: string, recovery?: RecoveryKeys): Frontmatter {
	const normalized = (text.charCodeAt(0) === 0xfeff ? text.slice(1) : text).replace(/\r\n?/g, "\n");
	if (!hasFrontmatter(text))
		return { data: undefined, present: false, body: normalized.trim(), problems: [], recovered: [] };
	const lines = normalized.split("\n");
	const close = lines.findIndex((line, index) => index > 0 && FENCE.test(line));
	if (close === -1) {
		const message = "the frontmatter opened by --- on line 1 is never closed";
		const fix = "add a line holding only --- after the last frontmatter key";
		return unreadable("", [syntaxProblem(sourceAt(label, { line: 1 }), message, fix)]);
	}
	const yaml = lines.slice(1, close).join("\n");
	const body = lines
		.slice(close + 1)
		.join("\n")
		.trim();
	const doc = parseDocument(yaml, { prettyErrors: true, uniqueKeys: true });
	// Warnings count too: an unresolved tag (`!!js/function`) would otherwise become a plain string.
	const issues = [...doc.errors, ...doc.warnings];
	const second = issues.length > 0 && recovery ? recoverFrontmatter(lines.slice(1, close), recovery) : undefined;
	if (second) {
		// Block lines are one less than the file's (the opening --- line).
		const recovered = second.recovered.map((entry) => ({ ...entry, first: entry.first + 1, last: entry.last + 1 }));
		return { data: second.data, present: true, body, problems: [], recovered, block: lines.slice(1, close) };
	}
	if (issues.length > 0) return unreadable(body, yamlProblems(issues, label));
	try {
		return { data: doc.toJS(), present: true, body, problems: [], recovered: [] };
	} catch (error) {
		// toJS throws on alias expansion beyond yaml's limit (a "billion laughs" file).
		const what = error instanceof Error ? error.message : String(error);
		return unreadable(body, [
			syntaxProblem(label, `unusable YAML in the frontmatter: ${what}`, "remove the YAML aliases"),
		]);
	}
}
