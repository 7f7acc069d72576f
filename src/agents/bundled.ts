/**
 * Where the agents shipped with pi-delegate live: `src/agents/bundled/` of the package, found from
 * this module's own place so that a clone (running src/), a build (dist/, dist/ext/) and an npm
 * tarball (which lists the folder in package.json `files`) all find the same files.
 */
import { existsSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const PACKAGE_NAME = "pi-delegate";
const FOLDER = join("src", "agents", "bundled");

function isOurRoot(dir: string): boolean {
	try {
		const pkg = JSON.parse(readFileSync(join(dir, "package.json"), "utf8")) as { name?: unknown };
		return pkg.name === PACKAGE_NAME;
	} catch {
		return false;
	}
}

/** The bundled agents' folder, or undefined when this copy of the package ships none. */
export function bundledAgentsDir(moduleUrl: string = import.meta.url): string | undefined {
	let dir = dirname(fileURLToPath(moduleUrl));
	const sibling = join(dir, "bundled");
	if (existsSync(sibling)) return sibling;
	for (let i = 0; i < 5; i++) {
		if (isOurRoot(dir)) {
			const folder = join(dir, FOLDER);
			return existsSync(folder) ? folder : undefined;
		}
		dir = dirname(dir);
	}
	return undefined;
}
