/**
 * Whether the names a patch touches stay inside the directory it is applied to. `git apply
 * --unsafe-paths` (needed to apply under an absolute --directory) lets through what git would
 * otherwise refuse: `..`, an absolute name. And a name inside a `.git` folder would write a
 * repository's config or hooks, which run programs the next time anyone uses git there. A patch
 * read back from a record is data a child may have written, so its names are checked, as git
 * itself reads them, before it is applied. Pure.
 */

/** Why `name` may not be written by a patch, or undefined when it may. */
export function unsafeName(name: string): string | undefined {
	if (name.startsWith("/")) return "is absolute";
	const parts = name.split("/");
	if (parts.some((part) => part === "" || part === "." || part === ".."))
		return "has an empty, `.` or `..` part, so it could lead out of the root";
	// Case folded and trailing dots and spaces dropped, as the file systems that do so would name it.
	if (parts.some((part) => part.toLowerCase().replace(/[. ]+$/, "") === ".git"))
		return "lies inside a .git folder, whose config and hooks run programs";
	return undefined;
}
