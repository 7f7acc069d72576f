/**
 * A user's machine in small, for tests that read Pi's and pi-delegate's files where Pi keeps them: a
 * home with Pi's agent directory in it (home/.pi/agent) and a project beside the home, under one
 * temporary root. A test adds the files and folders its case needs.
 */
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { tempDir } from "./temp.ts";

/** The root, the home, its agent directory and the project (the working directory), each made. */
export function homeLayout(prefix: string): { root: string; home: string; agentDir: string; cwd: string } {
	const root = tempDir(prefix);
	const home = join(root, "home");
	const agentDir = join(home, ".pi", "agent");
	const cwd = join(root, "project");
	mkdirSync(agentDir, { recursive: true });
	mkdirSync(cwd, { recursive: true });
	return { root, home, agentDir, cwd };
}
