/** Every .ts file below `dir`, depth first; folders `skip` names are not entered. */
import { readdirSync, statSync } from "node:fs";
import { join } from "node:path";

export function tsFiles(dir: string, skip: (folder: string) => boolean = () => false): string[] {
	return readdirSync(dir).flatMap((name) => {
		const path = join(dir, name);
		if (statSync(path).isDirectory()) return skip(name) ? [] : tsFiles(path, skip);
		return path.endsWith(".ts") ? [path] : [];
	});
}
