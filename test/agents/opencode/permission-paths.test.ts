/**
 * OpenCode's path maps of read and the editing permissions, held at each call instead of taking the
 * tool away: which tools keep, which paths each refuses (OpenCode's last matching pattern, its
 * wildcards, read on the absolute path and edits from the project's root), and when a map that
 * allows no path still withholds.
 */
import { describe, expect, it } from "vitest";
import type { AgentDefinition } from "../../../src/agents/definition.ts";
import { parseAgentFile } from "../../../src/agents/parse.ts";
import { deniedPath } from "../../../src/agents/permissions/path-policy.ts";

const places = { cwd: "/repo/pkg", root: "/repo", home: "/home/u" };
const source = { file: "/repo/.opencode/agents/a.md", label: ".opencode/agents/a.md", scope: "project" as const };

function agent(frontmatter: string): AgentDefinition {
	const parsed = parseAgentFile(`---\ndescription: d\n${frontmatter}\n---\nrole\n`, source, { places });
	if (parsed.definition === undefined) throw new Error(JSON.stringify(parsed.problems));
	return parsed.definition;
}

/** The pattern that refuses `tool` on `path`, or "allowed". */
const verdict = (a: AgentDefinition, tool: string, path: string) =>
	deniedPath(a.paths ?? [], tool, path)?.from ?? "allowed";

const notes = (a: AgentDefinition) => a.notes.map((n) => n.message);

describe("a read map", () => {
	const reviewer = agent(
		'permission:\n  read:\n    "*": allow\n    "*.env": deny\n    "*.env.*": ask\n    "*.env.example": allow',
	);

	it("keeps read, held to the paths the last matching pattern allows", () => {
		expect(reviewer.tools).toBeUndefined();
		expect(verdict(reviewer, "read", "/repo/.env")).toBe('permission.read "*.env": deny');
		expect(verdict(reviewer, "read", "/repo/pkg/.env.local")).toBe('permission.read "*.env.*": ask');
		expect(verdict(reviewer, "read", "/repo/.env.example")).toBe("allowed");
		expect(verdict(reviewer, "read", "/repo/src/main.ts")).toBe("allowed");
		expect(notes(reviewer)).toContain(
			"read refuses *.env, *.env.*, except *.env.example (permission.read, checked at each call)",
		);
	});

	it("governs read alone, as OpenCode's read permission does", () => {
		for (const tool of ["grep", "find", "ls", "edit", "write"])
			expect(verdict(reviewer, tool, "/repo/.env")).toBe("allowed");
	});

	it("matches the absolute path, with * crossing folders and ? one character", () => {
		const a = agent('permission:\n  read:\n    "/repo/secret/*": deny\n    "*/k?y.pem": deny');
		expect(verdict(a, "read", "/repo/secret/deep/x")).toBe('permission.read "/repo/secret/*": deny');
		expect(verdict(a, "read", "/repo/pkg/key.pem")).toBe('permission.read "*/k?y.pem": deny');
		expect(verdict(a, "read", "/repo/pkg/keey.pem")).toBe("allowed");
		// A regular expression's characters are literal: "." is a dot.
		expect(verdict(agent('permission:\n  read:\n    "*.pem": deny'), "read", "/repo/xpem")).toBe("allowed");
	});

	it("expands a leading ~/ and $HOME/ to the home folder, as OpenCode does", () => {
		const a = agent('permission:\n  read:\n    "~/.ssh/*": deny\n    "$HOME/.aws/*": deny');
		expect(verdict(a, "read", "/home/u/.ssh/id_ed25519")).toBe('permission.read "~/.ssh/*": deny');
		expect(verdict(a, "read", "/home/u/.aws/credentials")).toBe('permission.read "$HOME/.aws/*": deny');
		expect(verdict(a, "read", "/repo/.ssh/x")).toBe("allowed");
	});
});

describe("an edit map", () => {
	const docs = agent('permission:\n  edit:\n    "*": deny\n    "docs/**": allow\n    "docs/private/*": deny');

	it("holds edit and write to the paths it allows, from the project's root", () => {
		expect(docs.tools).toBeUndefined();
		for (const tool of ["edit", "write"]) {
			expect(verdict(docs, tool, "/repo/docs/guide/a.md")).toBe("allowed");
			expect(verdict(docs, tool, "/repo/src/a.ts")).toBe('permission.edit "*": deny');
			expect(verdict(docs, tool, "/repo/docs/private/k.md")).toBe('permission.edit "docs/private/*": deny');
			expect(verdict(docs, tool, "/elsewhere/docs/a.md")).toBe('permission.edit "*": deny');
		}
		expect(verdict(docs, "read", "/repo/src/a.ts")).toBe("allowed");
		expect(notes(docs)).toContain(
			"edit and write limited to docs/**, not docs/private/* (permission.edit, checked at each call)",
		);
	});

	it("refuses what either of OpenCode's readings of a wildcard refuses", () => {
		// Its newer matcher reads **/ as any depth, none included: a key at the root is refused too.
		const keys = agent('permission:\n  edit:\n    "**/*.pem": deny');
		expect(verdict(keys, "edit", "/repo/a.pem")).toBe('permission.edit "**/*.pem": deny');
		expect(verdict(keys, "edit", "/repo/k/a.pem")).toBe('permission.edit "**/*.pem": deny');
		expect(verdict(keys, "edit", "/repo/a.ts")).toBe("allowed");
		// And * within one folder: an allow of src/* does not reach src/deep/ (its documented * would).
		const flat = agent('permission:\n  edit:\n    "*": deny\n    "src/*": allow');
		expect(verdict(flat, "edit", "/repo/src/a.ts")).toBe("allowed");
		expect(verdict(flat, "edit", "/repo/src/deep/a.ts")).toBe('permission.edit "*": deny');
	});

	it("of write governs write alone; multiedit's denial still withholds edit", () => {
		const a = agent('permission:\n  write:\n    "*.lock": deny\n  multiedit: deny');
		expect(a.tools).toEqual(["read", "bash", "write", "grep", "find", "ls"]);
		expect(notes(a)).toContain(
			"edit withheld: permission.multiedit denies it (ask counts as deny: a child has nobody to ask)",
		);
		expect(verdict(a, "write", "/repo/package.lock")).toBe('permission.write "*.lock": deny');
		expect(verdict(a, "write", "/repo/a.ts")).toBe("allowed");
	});
});

describe("a map that allows no path", () => {
	it("withholds its tools, and says when a pattern before the last * never decides", () => {
		const a = agent(
			'permission:\n  read:\n    "src/**": allow\n    "*": deny\n  edit:\n    "*": ask\n    "*.md": deny',
		);
		expect(a.tools).toEqual(["bash", "grep", "find", "ls"]);
		expect(a.paths).toBeUndefined();
		expect(notes(a)).toEqual(
			expect.arrayContaining([
				'permission.read "src/**" never decides: "*" comes after it, and OpenCode\'s last matching rule wins (write "*" first)',
				"read withheld: permission.read allows no path",
				"edit withheld: permission.edit allows no path",
				"write withheld: permission.edit allows no path",
			]),
		);
	});

	it("counts a path no pattern matches as the block's * says", () => {
		const closed = agent('permission:\n  "*": deny\n  read:\n    "*.env": deny');
		expect(closed.tools).toEqual([]);
		const open = agent('permission:\n  "*": deny\n  read:\n    "/repo/src/*": allow');
		expect(open.tools).toEqual(["read"]);
		expect(verdict(open, "read", "/repo/src/a.ts")).toBe("allowed");
		expect(verdict(open, "read", "/repo/.env")).toMatch(/^permission\.read, which names no pattern/);
	});
});

describe("a map that only allows, where what it does not name is denied", () => {
	it("allows only what it names: OpenCode's * decides the rest", () => {
		const a = agent('permission:\n  "*": deny\n  bash:\n    "git status": allow');
		expect(a.tools).toEqual(["bash"]);
		expect(a.commands).toEqual([
			{ otherwise: "deny", rules: [expect.objectContaining({ pattern: "git status", effect: "allow" })] },
		]);
		const grep = agent('permission:\n  "*": deny\n  read: allow\n  grep:\n    "TODO*": allow');
		expect(grep.tools).toEqual(["read"]);
	});
});

describe("the permissions: rules list", () => {
	it("holds read to its resources, a path no rule names asked (so denied)", () => {
		const a = agent(
			"permissions:\n  - { action: read, resource: /repo/src/*, effect: allow }\n  - { action: read, resource: '*.key', effect: deny }",
		);
		expect(a.tools).toBeUndefined();
		expect(verdict(a, "read", "/repo/src/a.ts")).toBe("allowed");
		expect(verdict(a, "read", "/repo/src/b.key")).toBe('permissions.read "*.key": deny');
		expect(verdict(a, "read", "/repo/README.md")).toMatch(/^permissions\.read, which names no pattern/);
	});
});

describe("external_directory", () => {
	it("holds every file tool to the project's folder when the agent has no bash", () => {
		const a = agent("permission:\n  bash: deny\n  external_directory: deny");
		expect(a.tools).toEqual(["read", "edit", "write", "grep", "find", "ls"]);
		for (const tool of ["read", "grep", "find", "ls", "edit", "write"]) {
			expect(verdict(a, tool, "/repo/src/a.ts")).toBe("allowed");
			expect(verdict(a, tool, "/repo")).toBe("allowed");
			expect(verdict(a, tool, "/etc/passwd")).toBe(
				"permission.external_directory, for a path outside the project's folder /repo (ask counts as deny)",
			);
			expect(verdict(a, tool, "/repository/a")).not.toBe("allowed");
		}
		expect(notes(a)).toContain(
			"read, grep, find, ls, edit and write limited to /repo/** (permission.external_directory, checked at each call)",
		);
	});

	it("lets a folder its map allows through, and asks (so refuses) the rest", () => {
		const a = agent('permission:\n  bash: deny\n  external_directory:\n    "~/notes/**": allow');
		expect(verdict(a, "read", "/home/u/notes/today.md")).toBe("allowed");
		expect(verdict(a, "write", "/home/u/notes/today.md")).toBe("allowed");
		expect(verdict(a, "read", "/home/u/.ssh/id_ed25519")).toMatch(/^permission\.external_directory, for a path/);
		expect(agent('permission:\n  external_directory:\n    "*": allow').paths).toBeUndefined();
	});

	it("withholds bash from an agent that would keep it, which no check holds to a folder, and holds the rest", () => {
		const parsed = parseAgentFile("---\ndescription: d\npermission:\n  external_directory: ask\n---\nrole\n", source, {
			places,
		});
		expect(parsed.problems).toEqual([]);
		const a = parsed.definition as AgentDefinition;
		expect(a.tools).toEqual(["read", "edit", "write", "grep", "find", "ls"]);
		expect(notes(a)).toContain(
			"bash withheld: permission.external_directory is ask, and bash cannot be confined to a folder (the file tools are held to the project at each call)",
		);
		expect(verdict(a, "read", "/etc/passwd")).toMatch(/^permission\.external_directory, for a path outside/);
	});
});

describe("a pattern that matches every path", () => {
	it("counts as * in either reading: **/* denying withholds, and earlier patterns never decide", () => {
		const a = agent('permission:\n  edit:\n    "docs/**": allow\n    "**/*": deny');
		expect(a.tools).toEqual(["read", "bash", "grep", "find", "ls"]);
		expect(notes(a)).toContain(
			'permission.edit "docs/**" never decides: "**/*" comes after it, and OpenCode\'s last matching rule wins (write "**/*" first)',
		);
	});
});
