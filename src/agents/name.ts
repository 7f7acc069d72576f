/**
 * An agent's name: its `name:` when it is one a task can call (letters, digits, '.', '_' or '-'),
 * else its file name. Collections write display names (`name: Python Performance Expert`) that no
 * `agent:` field could spell; such a name is called by its slug (`python-performance-expert`), and
 * a note says so, rather than the file being refused over a label.
 */
import { basename, extname } from "node:path";
import { AGENT_NAME, type AgentNote } from "./definition.ts";

/** The file name without `.md`, which stands in for a missing `name`. */
export function nameFromFile(file: string): string {
	return basename(file, extname(file));
}

/** `Python DevOps/CI-CD Expert` → `python-devops-ci-cd-expert`; empty when nothing of it is a letter or digit. */
function slugOf(text: string): string {
	return text
		.normalize("NFKD")
		.replace(/[\u0300-\u036f]/g, "")
		.toLowerCase()
		.replace(/[^a-z0-9._-]+/g, "-")
		.replace(/-{2,}/g, "-")
		.replace(/^[-._]+|[-._]+$/g, "")
		.slice(0, 64)
		.replace(/[-._]+$/, "");
}

/**
 * The `name:` value a file is called by: itself when valid, else its slug with a note. A value that
 * is no string, or whose slug is empty, is left as written for the schema to report.
 */
export function callableName(written: unknown): { name: unknown; note?: AgentNote } {
	if (typeof written !== "string" || AGENT_NAME.test(written)) return { name: written };
	const slug = slugOf(written);
	if (slug === "" || !AGENT_NAME.test(slug)) return { name: written };
	return { name: slug, note: { key: "name", message: `"${written.trim()}" is called as ${slug}` } };
}
