/**
 * Where the scripted provider is for a `pi` child to load. From the sources (tests, Node running
 * `src/`) it is the `.ts` file next to this one, which Pi's loader transpiles. From the package's
 * build it is the copy in `dist/ext/` (tsconfig.ext.json), in a folder marked commonjs: Pi's loader
 * then binds its imports of Pi's packages to the Pi that loads it, as for every module Pi loads
 * from this package (see src/run/runners/child-paths.ts); the type-module copy next to this file is the
 * fallback when that build is absent.
 */
import { existsSync } from "node:fs";
import { dirname, extname, join } from "node:path";
import { fileURLToPath } from "node:url";

export function scriptedProviderPath(moduleUrl: string = import.meta.url): string {
	const here = fileURLToPath(moduleUrl);
	const sibling = join(dirname(here), `scripted-provider${extname(here)}`);
	if (extname(here) !== ".js") return sibling;
	const apart = join(dirname(dirname(here)), "ext", "selftest", "scripted-provider.js");
	return existsSync(apart) ? apart : sibling;
}
