/** Which shell commands change things: what "run `…`" and "run this:" are checked against. */
import { describe, expect, it } from "vitest";
import { changingShell, commandWords } from "../../src/gate/commands.ts";

describe("changingShell", () => {
	it("finds commands that change the repository, files or packages", () => {
		for (const cmd of [
			"git push",
			"git commit -am wip",
			"git stash && git checkout main",
			"git branch new-feature",
			"npm install",
			"sudo apt-get install jq",
			"rm -rf dist",
			"FOO=1 npx prettier --write src",
			"sed -i s/a/b/ f.txt",
			"echo done > status.txt",
			"cat a >> b.log",
			"$ pnpm add zod",
		]) {
			expect(changingShell(cmd), cmd).toBe(true);
		}
	});

	it("lets reading commands through", () => {
		for (const cmd of [
			"git status",
			"git log --oneline",
			"git diff HEAD~1",
			"git branch",
			"git branch -a",
			"git stash list",
			"npm test",
			"ls -la",
			"cat a.txt 2>&1",
			"node -e 'x => x'",
			"grep -r foo src > /dev/null",
			"# rm -rf everything",
		]) {
			expect(changingShell(cmd), cmd).toBe(false);
		}
	});
});

describe("commandWords", () => {
	it("reads a command written as plain words", () => {
		expect(commandWords(["git", "push"])).toBe(true);
		expect(commandWords(["npm", "install", "x"])).toBe(true);
		expect(commandWords(["git", "log"])).toBe(false);
		expect(commandWords(["push"])).toBe(false);
	});
});
